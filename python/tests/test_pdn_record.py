"""PDN records as trees (tradgames.pdn, python-chess's chess.pgn shape): headers, main line,
variations, comments, NAGs, board() at any node, written back unchanged; malformed input."""

import pytest

import tradgames
import tradgames.pdn as pdn

# Hand-written in the writer's canonical form (tokens joined by one space, lines wrapped at 80).
CANONICAL = (
    '[Event "Club \\"A\\" 2026"]\n'
    '[White "Ivanov"]\n'
    '[Black "Petrov"]\n'
    '[GameType "25"]\n'
    '[Result "2-0"]\n'
    "\n"
    "{The opening} 1. c3-d4 $1 {the centre} f6-g5 (1... f6-e5 $2 {offers a man}\n"
    "2. d4:f6 g7:e5 (2... e7:g5 $6 3. g3-h4 (3. b2-c3 {quiet}) 3... d6-e5?) 3. b2-c3)\n"
    "2. g3-f4! {good} (2. b2-c3 $10) g7-f6 3. b2-c3 2-0\n"
)


def shape(node):
    """The tree as nested tuples, without line numbers (iterative: deep main lines are fine)."""
    out = []
    stack = [(node, out)]
    while stack:
        n, into = stack.pop()
        kids = []
        into.append((n.move, n.suffix, n.number, tuple(n.nags), tuple(n.starting_comments),
                     tuple(n.comments), kids))
        for c in reversed(n.variations):
            stack.append((c, kids))
    return out


def test_headers_mainline_variations_comments_nags():
    game = pdn.read_game(CANONICAL)
    assert game.headers["Event"] == 'Club "A" 2026'
    assert list(game.headers) == ["Event", "White", "Black", "GameType", "Result"]
    assert game.result == "2-0" and game.variant == "russian"
    assert game.comment == "The opening"
    assert game.mainline_moves() == ["c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3"]
    first = game.next()
    assert first.nags == [1] and first.comment == "the centre" and first.number == "1."
    alt = first.variations[1]
    assert (alt.move, alt.number, alt.nags, alt.comment) == ("f6-e5", "1...", [2], "offers a man")
    assert not alt.is_mainline() and first.next().is_mainline()
    inner = alt.next().variations[1]           # (2... e7:g5 $6 ...)
    assert inner.move == "e7:g5" and inner.nags == [6]
    deepest = inner.variations[1]              # (3. b2-c3 {quiet}), two levels down
    assert deepest.move == "b2-c3" and deepest.comment == "quiet"
    assert [n.move for n in inner.next().next().path()] == ["c3-d4", "f6-e5", "d4:f6", "e7:g5", "g3-h4", "d6-e5"]
    assert inner.next().next().suffix == "?"
    assert game.next().next().next().suffix == "!"


def test_written_back_unchanged():
    game = pdn.read_game(CANONICAL)
    assert str(game) == CANONICAL
    assert game.pdn() == CANONICAL


def test_board_at_any_node():
    game = pdn.read_game(CANONICAL)
    assert game.board() == tradgames.Board("russian")
    node = game.next().variations[1].next().variations[1].next().next()   # 3... d6-e5?
    board = node.board()
    assert board.ply == 6
    # Worked out by hand: f6-e5 is taken by d4:f6, which e7:g5 takes.
    expected = tradgames.Board("russian", "W:Wa1,a3,b2,c1,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c7,d8,e5,f8,g5,g7,h6,h8")
    assert board.fen == expected.fen
    end = game.end()
    flat = tradgames.Board("russian")
    for m in tradgames.read_pdn(CANONICAL)[0]["moves"]:
        flat.push(m)
    assert end.board().fen == flat.fen
    bad = game.add_variation("a3-a5")
    with pytest.raises(tradgames.IllegalMoveError):
        bad.board()


def test_any_form_reads_back_as_the_same_tree():
    loose = ('[Event "x"]\r\n\r\n; a line comment {with a brace}\r\n'
             "1.c3-d4 !? {a} f6-g5(?) ( 1. ... f6-e5 {b} ) {after the variation} 2. {mid} g3-f4\n"
             "$14 $15 ; to the end\n h6-h5 ( {starts} 2... g5-h4 ( 2... b6-a5 ) ) 1-1\n")
    game = pdn.read_game(loose)
    assert game.next().nags == [5]
    assert game.next().next().suffix == "(?)"
    again = pdn.read_game(str(game))
    assert shape(again) == shape(game)
    assert str(again) == str(game)


def test_edit_and_write():
    game = pdn.Game({"Event": "made"})
    a = game.add_variation("c3-d4", comment="a } brace")
    a.number = "1."
    b = game.add_variation("c3-b4", nags=(3,))
    b.number = "1."
    a.add_variation("f6-g5")
    game.add_main_variation("a3-b4")
    text = game.pdn()
    back = pdn.read_game(text)
    assert shape(back) == shape(game)
    assert back.mainline_moves() == ["a3-b4"]
    game.promote_to_main(a)
    assert pdn.read_game(game.pdn()).mainline_moves() == ["c3-d4", "f6-g5"]


def test_non_utf8_tag_bytes_round_trip():
    text = '[Event "Turnir \udcc0"]\n\n1. c3-d4 *\n'   # a Windows-1251 byte, surrogate-escaped
    game = pdn.read_game(text)
    assert str(game) == text


def test_long_mainline_and_many_games(tmp_path):
    moves = " ".join(["c3-d4 f6-g5 d4-c3 g5-f6"] * 5000)   # 20,000 plies, no recursion anywhere
    text = "".join(f'[Round "{i}"]\n\n{moves} *\n\n' for i in range(3))
    path = tmp_path / "g.pdn"
    path.write_text(text)
    games = list(pdn.open_games(path))
    assert len(games) == 3 and [g.headers["Round"] for g in games] == ["0", "1", "2"]
    assert len(games[2].mainline_moves()) == 20000
    assert pdn.read_game(games[0].pdn()).mainline_moves() == games[0].mainline_moves()


def test_malformed_input_errors():
    def err(text):
        with pytest.raises(tradgames.PdnError) as e:
            pdn.read_games(text)
        return e.value

    deep = "1. c3-d4" + " (b4" * 100000 + ")" * 100000 + " *\n"
    e = err(deep)
    assert str(e) == "game 1, line 1: variations nested deeper than 64 levels" and e.line == 1
    e = err('[White "A"]\n\n1. c3-d4 {never closed\n2-0\n')
    assert "comment '{' opened on line 3 is not closed" in str(e) and e.line == 3
    e = err("1. c3-d4 (1. c3-b4\n")
    assert str(e) == "game 1, line 2: variation '(' not closed before the end of the input"
    assert str(err("1. c3-d4\n( {nothing} ) 2-0\n")) == "game 1, line 2: empty variation: '(' on line 2 holds no move"
    with pytest.raises(tradgames.PdnError):
        pdn.read_game('[Variant "nonsense"]\n\n1. c3-d4 *\n').board()


def test_open_games_goes_on_after_a_bad_game(tmp_path):
    path = tmp_path / "g.pdn"
    path.write_text("1. c3-d4 ((1. a3-b4)) 2-0\n1. c3-d4 2-0\n")
    it = pdn.open_games(path)
    with pytest.raises(tradgames.PdnError):
        next(it)
    assert next(it).mainline_moves() == ["c3-d4"]
    with pytest.raises(StopIteration):
        next(it)
