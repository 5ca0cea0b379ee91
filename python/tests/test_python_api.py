"""The Python API as python-chess and OpenSpiel users expect it (issue 32): argument errors that
name the public function and the argument, text that is not Unicode, Board/Variant equality and
hashing, pieces by square, parse_move, copy(stack=...), svg options, kind constants."""
import pickle
import re

import pytest

import tradgames
from tradgames import Piece


# --- argument errors ------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: tradgames.perft("russian", "3"), "perft(): argument 'depth' must be int, not str"),
    (lambda: tradgames.perft("russian", 2, fen=7), "perft(): argument 'fen' must be str or None, not int"),
    (lambda: tradgames.moves("russian", paths="yes"), "moves(): argument 'paths' must be bool, not str"),
    (lambda: tradgames.play("russian", games="10"), "play(): argument 'games' must be int, not str"),
    (lambda: tradgames.Board("russian", 5), "Board(): argument 'fen' must be str or None, not int"),
    (lambda: tradgames.Board(3), "argument 'variant' must be a variant name (str) or a tradgames.Variant, not int"),
    (lambda: tradgames.Board().push(3), "Board.push(): argument 'move' must be a tradgames.Move or str, not int"),
    (lambda: tradgames.Board().apply_action("a"), "Board.apply_action(): argument 'action' must be int, not str"),
    (lambda: tradgames.Board().set_fen(None), "Board.set_fen(): argument 'fen' must be str, not NoneType"),
    (lambda: tradgames.Variant(1), "Variant(): argument 'name' must be str, not int"),
    (lambda: tradgames.Variant.from_json(5), "Variant.from_json(): argument 'text' must be str, not int"),
    (lambda: tradgames.read_pdn(None), "read_pdn(): argument 'text' must be str, not NoneType"),
    (lambda: tradgames.Board().copy(stack="all"), "Board.copy(): argument 'stack' must be bool or int, not str"),
])
def test_type_errors_name_the_function_and_the_argument(call, message):
    with pytest.raises(TypeError) as e:
        call()
    assert str(e.value) == message
    assert "incompatible" not in str(e.value) and "_perft" not in str(e.value)


def test_wrong_type_property_setter():
    b = tradgames.Board()
    with pytest.raises(TypeError, match=r"^Board.fen\(\): argument 'fen' must be str, not int$"):
        b.fen = 3


@pytest.mark.parametrize("call, where, arg", [
    (lambda: tradgames.Board().push("\udc80"), "Board.push", "move"),
    (lambda: tradgames.Board("russian", "W:W\ud800"), "Board", "fen"),
    (lambda: tradgames.Variant("\ud800"), "Variant", "name"),
    (lambda: tradgames.Variant.from_json('{"name": "\udfff"}'), "Variant.from_json", "text"),
    (lambda: tradgames.perft("russian", 1, fen="\udc80"), "perft", "fen"),
    (lambda: tradgames.read_pdn("1. c3-d4 \udc80"), "read_pdn", "text"),
    (lambda: tradgames.Board().parse_move("c3\udc80d4"), "Board.parse_move", "text"),
    (lambda: setattr(tradgames.Board(), "fen", "\udc80"), "Board.fen", "fen"),
])
def test_lone_surrogate_is_a_parse_error_naming_the_argument(call, where, arg):
    # Before: RuntimeError "Unable to cast Python instance to C++ type" (or a TypeError).
    with pytest.raises(tradgames.ParseError) as e:
        call()
    assert re.fullmatch(re.escape(f"{where}(): argument '{arg}' is not valid text: a lone UTF-16 surrogate ")
                        + r"U\+D[89A-F][0-9A-F]{2} at index \d+", str(e.value)), str(e.value)
    assert isinstance(e.value, tradgames.Error)


def test_valid_calls_are_untouched():
    b = tradgames.Board("russian")
    assert b.push("c3-d4").notation == "c3-d4"
    assert tradgames.perft("russian", 3)["nodes"] == 302  # variants/russian/RULES.md perft(3)
    assert tradgames.Variant.from_json('{"base": "russian", "name": "r2"}').name == "r2"


# --- equality and hashing -------------------------------------------------------------------

def test_board_equality_is_the_position_not_the_history():
    a = tradgames.Board("russian")
    b = tradgames.Board("russian")
    assert a == b and hash(a) == hash(b)
    for m in ["a3-b4", "h6-g5", "g3-h4", "b6-a5"]:
        a.push(m)
    for m in ["g3-h4", "b6-a5", "a3-b4", "h6-g5"]:
        b.push(m)
    assert a.move_stack != b.move_stack
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    b.pop()
    assert a != b
    assert tradgames.Board("russian") != tradgames.Board("international")
    assert tradgames.Board("russian") != "russian"
    # Same placement, other rule options: different boards.
    assert tradgames.Board("russian") != tradgames.Board(tradgames.Variant("russian", repetition_draw=0))


def test_board_equality_counts_pending_actions():
    a = tradgames.Board("russian", "W:Wc3:Bd4,d6")
    b = a.copy()
    step = a.legal_actions()[0]
    a.apply_action(step)  # the first jump of c3:e5:c7, the turn goes on
    assert a.pending_actions and a != b
    b.apply_action(step)
    assert a == b and hash(a) == hash(b)


def test_variant_equality_and_hash_by_value():
    assert tradgames.Variant("russian") == tradgames.Variant("Russian")
    assert hash(tradgames.Variant("russian")) == hash(tradgames.Variant("russian"))
    assert tradgames.Variant("russian") != tradgames.Variant("russian", repetition_draw=0)
    assert tradgames.Variant("russian", repetition_draw=0) == tradgames.Variant("russian", repetition_draw=0)
    assert tradgames.Variant("russian") != tradgames.Variant("pool")
    assert len({tradgames.Variant("tobit"), tradgames.Variant("tobit"), tradgames.Variant("shatra")}) == 2
    v = tradgames.Variant("turkish", promotion="king")
    assert pickle.loads(pickle.dumps(v)) == v


# --- pieces by square -----------------------------------------------------------------------

def test_piece_at_and_piece_map():
    b = tradgames.Board("russian", "W:WKa1,c3:Bd4,Kh8")
    assert b.piece_at("a1") == Piece("white", "king")
    assert b.piece_at("c3") == Piece("white", "man")
    assert b.piece_at("d4") == Piece("black", "man")
    assert b.piece_at("e5") is None
    assert b.piece_map() == {"a1": Piece("white", "king"), "c3": Piece("white", "man"),
                             "d4": Piece("black", "man"), "h8": Piece("black", "king")}
    with pytest.raises(tradgames.ParseError, match="unknown square 'z9'"):
        b.piece_at("z9")
    # Shatra's kinds by name.
    s = tradgames.Board("shatra")
    assert {p.kind for p in s.piece_map().values()} == {"shatra", "biy", "batyr", "tura", "yalkyn"}


def test_set_and_remove_piece_validate_the_position():
    b = tradgames.Board("russian", "W:Wc3:Bd6")
    b.push("c3-d4")
    b.set_piece_at("e5", Piece("black", "king"))
    assert b.fen == "B:Wd4:Bd6,Ke5" and b.ply == 0  # a new game from the edited position
    b.set_piece_at("e5", ("black", "MAN"))
    assert b.piece_at("e5") == Piece("black", "man")
    assert b.remove_piece_at("d6") == Piece("black", "man")
    assert b.remove_piece_at("d6") is None
    assert b.fen == "B:Wd4:Be5"
    # A white man on its promotion rank is not a position of Russian checkers: refused, unchanged.
    with pytest.raises(tradgames.PositionError, match="white man on b8"):
        b.set_piece_at("b8", Piece("white", "man"))
    assert b.fen == "B:Wd4:Be5"
    with pytest.raises(tradgames.OptionError, match=r"no piece kind 'queen' in russian \(kinds: man, king\)"):
        b.set_piece_at("b8", Piece("white", "queen"))
    with pytest.raises(tradgames.ParseError, match="piece color 'red'"):
        b.set_piece_at("b8", ("red", "man"))
    with pytest.raises(tradgames.ParseError, match="unknown square 'b9'"):
        b.set_piece_at("b9", Piece("white", "king"))
    with pytest.raises(TypeError, match="argument 'piece' must be"):
        b.set_piece_at("b8", "K")


# --- parse_move, copy -----------------------------------------------------------------------

def test_parse_move_does_not_play():
    b = tradgames.Board("russian", "W:Wc3:Bd4,d6")
    m = b.parse_move("c3:c7")  # landings may be left out
    assert m.notation == "c3:e5:c7" and m.captured == ["d4", "d6"]
    assert b.ply == 0 and m in b.legal_moves
    assert b.push(m) == m
    with pytest.raises(tradgames.IllegalMoveError):
        tradgames.Board().parse_move("c3-c5")
    with pytest.raises(tradgames.ParseError):
        tradgames.Board().parse_move("c3--")


def test_copy_stack():
    b = tradgames.Board("russian")
    for m in ["c3-d4", "f6-g5", "b2-c3"]:
        b.push(m)
    full, none, last = b.copy(), b.copy(stack=False), b.copy(stack=1)
    assert full == none == last == b
    assert [m.notation for m in full.move_stack] == ["c3-d4", "f6-g5", "b2-c3"]
    assert none.move_stack == [] and none.start_fen == b.fen
    assert [m.notation for m in last.move_stack] == ["b2-c3"]
    two = tradgames.Board("russian")
    two.push("c3-d4")
    two.push("f6-g5")
    assert last.pop().notation == "b2-c3" and last == two and last.move_stack == []
    assert b.copy(stack=99).move_stack == b.move_stack
    with pytest.raises(tradgames.OptionError):
        b.copy(stack=-1)


# --- svg --------------------------------------------------------------------------------------

def test_svg_options():
    b = tradgames.Board("russian")
    b.push("c3-d4")
    plain = b.svg()
    assert plain == b._repr_svg_()
    assert 'class="last-move"' in plain and 'class="coordinate"' in plain
    assert 'width="540" height="570"' in plain
    assert 'width="270" height="285"' in b.svg(size=270)
    assert 'class="coordinate"' not in b.svg(coordinates=False)
    assert 'class="last-move"' not in b.svg(lastmove=False)
    # Flipped: a1's cell is at the top right instead of the bottom left.
    a1 = re.compile(r'data-vertex="a1" x="(\d+)" y="(\d+)"')
    x, y = map(int, a1.search(plain).groups())
    fx, fy = map(int, a1.search(b.svg(flipped=True)).groups())
    assert fx > x and fy < y
    marked = b.svg(squares=["d4", "e5"], arrows=[("g3", "h4")])
    assert len(re.findall(r'class="highlight" data-vertex="(d4|e5)"', marked)) == 2
    assert re.search(r'class="arrow user-arrow" x1="\d+" y1="\d+" x2="\d+" y2="\d+"', marked)
    assert 'stroke="red"' in b.svg(squares={"d4": "red"})
    with pytest.raises(tradgames.ParseError, match="unknown square 'z1'"):
        b.svg(arrows=[("a1", "z1")])
    # Points boards (Tobit) too.
    assert 'class="highlight" data-vertex="1"' in tradgames.Board("tobit").svg(squares=["1"])


# --- kinds ------------------------------------------------------------------------------------

def test_kind_constants_and_variant_kind():
    for info in tradgames.variants():
        v = tradgames.Variant(info["name"])
        for k, name in enumerate(v.kinds):
            assert v.kind(name) == k
            assert v.kind(name.upper()) == k
            assert getattr(tradgames, name.upper()) == k, (v.name, name)
    with pytest.raises(tradgames.OptionError, match="no piece kind 'queen' in russian"):
        tradgames.Variant("russian").kind("queen")


def test_legal_moves_in_generation_order():
    # The order of `tradgames moves` (its --json list is tradgames.moves), not sorted.
    for name, fen in [("russian", None), ("russian", "W:WKa1,c3:Bd4,f6,b6"), ("shatra", None),
                      ("tobit", None)]:
        b = tradgames.Board(name, fen)
        assert [m.notation for m in b.legal_moves] == [d["notation"] for d in tradgames.moves(name, fen)]
