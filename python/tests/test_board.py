"""The board object: moves, push/pop, position strings, results, pictures, variants."""
import copy

import pytest

import tradgames

START = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"


def notations(moves):
    return sorted(m.notation for m in moves)


def test_variants_list_and_options():
    names = [v["name"] for v in tradgames.variants()]
    assert names[:4] == ["russian", "tobit", "tobit-4x4", "shatra"]
    russian = next(v for v in tradgames.variants() if v["name"] == "russian")
    assert set(russian) == {"name", "description", "aliases", "pdn_game_type", "options", "descriptor"}
    spec = next(o for o in russian["options"] if o["name"] == "repetition_draw")
    assert spec["type"] == "integer" and spec["default"] == "3"


def test_variant_typed_options():
    v = tradgames.Variant("russian", repetition_draw=0)
    assert v.options["repetition_draw"] == 0 and isinstance(v.options["repetition_draw"], int)
    s = tradgames.Variant("shatra", en_passant="narrow", bare_biys_draw=True)
    assert s.options["bare_biys_draw"] is True and s.options["en_passant"] == "narrow"
    assert v.name == "russian" and v.kinds == ["man", "king"] and len(v.vertices) == 32
    assert v.initial_fen.startswith("W:W")


def test_option_errors():
    with pytest.raises(tradgames.OptionError, match="nope"):
        tradgames.Variant("russian", nope=1)
    with pytest.raises(tradgames.OptionError):
        tradgames.Variant("russian", repetition_draw=1)  # ends every game at once
    with pytest.raises(TypeError):
        tradgames.Variant("russian", repetition_draw=1.5)


def test_initial_moves_and_push_pop():
    b = tradgames.Board("russian")
    assert notations(b.legal_moves) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    assert b.turn == "white" and b.ply == 0
    before = b.fen
    m = b.push("c3-d4")
    assert (m.notation, m.from_, m.to, m.path, m.captured, m.promotion, m.drop) == \
        ("c3-d4", "c3", "d4", ["c3", "d4"], [], None, False)
    assert b.turn == "black" and b.ply == 1
    assert b.pop() == m
    assert b.fen == before
    with pytest.raises(IndexError):
        b.pop()


def test_push_move_object_and_stack():
    b = tradgames.Board("russian")
    first = b.legal_moves[2]
    b.push(first)
    b.push(b.legal_moves[0])
    assert [x.notation for x in b.move_stack] == ["c3-d4", "b6-a5"]


def test_rule_positions_russian():
    # variants/russian/RULES.md §5, rule test positions T2, T3, T7, T11.
    cases = {
        "W:Wd4,h2:Bc3,e5": ["d4:b2", "d4:f6"],             # T2: a man captures backward
        "W:We3:Bb6,d4,f4": ["e3:c5:a7", "e3:g5"],          # T3: a begun sequence is finished
        "W:WKa1:Bc3,f4": ["a1:e5:g3", "a1:e5:h2"],         # T7: the landing that continues
        "W:Wf6:Be7,b6": ["f6:d8:a5"],                      # T11: promotes and goes on as king
    }
    for fen, expected in cases.items():
        assert notations(tradgames.Board("russian", fen).legal_moves) == expected, fen


def test_capture_move_fields_and_paths():
    b = tradgames.Board("russian", "W:Wd6:Be7")
    (m,) = b.legal_moves
    assert (m.notation, m.path, m.captured, m.promotion, m.is_capture) == \
        ("d6:f8", ["d6", "f8"], ["e7"], "king", True)
    # variants/russian/RULES.md §5 T9: W:WKa1:Bc3,f6 has 2 moves in U and P.
    k = tradgames.Board("russian", "W:WKa1:Bc3,f6")
    assert len(k.legal_moves) == len(k.generate_moves(paths=True)) == 2
    # Two paths, one result (the CLI test's position): U 1, P 2.
    p = tradgames.Board("russian", "B:We5,e3,c3,c5:Bd6")
    assert len(p.legal_moves) == 1 and len(p.generate_moves(paths=True)) == 2


def test_fen_in_and_out():
    b = tradgames.Board("russian")
    assert tradgames.Board("russian", START).fen == b.fen == b.variant.initial_fen
    b.fen = "W:WKa1:Bc3"
    assert b.fen == "W:WKa1:Bc3" and b.ply == 0
    with pytest.raises(tradgames.ParseError):
        b.set_fen("W:Wz9:Bc3")
    with pytest.raises(tradgames.PositionError):
        tradgames.Board("russian", "W:Wa1,a1:Bc3")


def test_result_no_legal_move():
    b = tradgames.Board("russian", "W:Wd6:Be7")
    b.push("d6:f8")
    assert b.is_game_over()
    r = b.result()
    assert (r.outcome, r.reason, r.winner, r.over) == ("white_wins", "no legal move", "white", True)
    assert b.legal_moves == []
    with pytest.raises(tradgames.IllegalMoveError):
        b.push("f8-e7")


def test_copy_is_independent():
    b = tradgames.Board("russian")
    b.push("c3-d4")
    c = b.copy()
    c.push("b6-a5")
    assert b.ply == 1 and c.ply == 2 and copy.copy(b).fen == b.fen
    assert [m.notation for m in c.move_stack] == ["c3-d4", "b6-a5"]


def test_text_and_svg():
    b = tradgames.Board("russian")
    assert "white to move" in str(b)
    b.push("c3-d4")
    svg = b._repr_svg_()
    assert svg.startswith("<?xml") or svg.startswith("<svg")
    assert 'class="last-move"' in svg or "last-move" in svg
    assert "last-move" not in tradgames.Board("russian").svg()


def test_errors_are_value_errors_with_the_message():
    assert issubclass(tradgames.Error, ValueError)
    for cls in (tradgames.ParseError, tradgames.PositionError, tradgames.IllegalMoveError,
                tradgames.OptionError, tradgames.BoardError, tradgames.DescriptorError):
        assert issubclass(cls, tradgames.Error)
    assert issubclass(tradgames.AmbiguousMoveError, tradgames.IllegalMoveError)
    assert issubclass(tradgames.PdnError, tradgames.ParseError)
    with pytest.raises(tradgames.ParseError, match="'zz'"):
        tradgames.Board("russian").push("zz-a1")
    with pytest.raises(tradgames.OptionError, match="unknown variant 'nope'"):
        tradgames.Board("nope")


def test_bad_input_never_crashes():
    junk = ["", ":", "W:", "\x00\xff", "B:W" + ",".join(["a1"] * 300), "W:WK:B", "x" * 10000]
    for text in junk:
        with pytest.raises(tradgames.Error):
            tradgames.Board("russian", text)
        with pytest.raises(tradgames.Error):
            tradgames.Board("shatra").push(text)
    with pytest.raises(tradgames.OptionError):
        tradgames.perft("russian", -1)
    with pytest.raises(tradgames.OptionError):
        tradgames.play("russian", games=0)
    with pytest.raises(tradgames.OptionError):
        tradgames.play("russian", policy="smart")
    with pytest.raises(TypeError):
        tradgames.Board("russian").push(42)
    with pytest.raises(TypeError):
        tradgames.Board(None)
    with pytest.raises(TypeError):
        tradgames.perft(3, 2)


def test_variant_from_json_and_file(tmp_path):
    text = '{"base": "russian", "name": "russian-no-repetition", "description": "test"}'
    try:
        v = tradgames.Variant.from_json(text)
    except tradgames.DescriptorError as e:  # the descriptor format may name fields otherwise
        pytest.fail(str(e))
    assert v.name == "russian-no-repetition"
    assert tradgames.perft(v, 4)["nodes"] == 1469
    f = tmp_path / "v.json"
    f.write_text(text)
    assert tradgames.Variant.from_file(str(f)).name == "russian-no-repetition"
    with pytest.raises(tradgames.DescriptorError):
        tradgames.Variant.from_json("{not json")
    with pytest.raises(tradgames.DescriptorError):
        tradgames.Variant.from_file(str(tmp_path / "missing.json"))


def test_pickle_variant_and_board(tmp_path):
    import pickle

    v = tradgames.Variant("russian", repetition_draw=0)
    w = pickle.loads(pickle.dumps(v))
    assert w.name == "russian" and w.options == v.options
    b = tradgames.Board(v, "W:We3:Bb6,d4,f4")
    b.apply_action(b.legal_actions()[0])  # a capture in progress
    c = pickle.loads(pickle.dumps(b))
    assert (c.fen, c.pending_actions, c.variant.options) == (b.fen, b.pending_actions, v.options)
    b2 = tradgames.Board("shatra")
    for _ in range(6):
        b2.push(b2.legal_moves[-1])
    c2 = pickle.loads(pickle.dumps(b2))
    assert [m.notation for m in c2.move_stack] == [m.notation for m in b2.move_stack]
    assert c2.start_fen == b2.start_fen and c2.fen == b2.fen
    d = tradgames.Variant.from_json('{"base": "russian", "name": "r2", "description": "t"}')
    assert pickle.loads(pickle.dumps(d)).name == "r2"
