"""The search engine from Python: Board.search and Engine (README "search")."""
import threading

import pytest

import tradgames as tg


def test_board_search_returns_the_fields_of_search_json():
    b = tg.Board("russian")
    r = b.search(depth=4)
    assert set(r) == {"best", "score", "depth", "seldepth", "nodes", "time_ms", "nps", "lines"}
    assert r["depth"] == 4
    assert r["best"] in [m.notation for m in b.legal_moves]
    assert r["lines"][0]["pv"][0] == r["best"]


def test_engine_multipv_and_history():
    e = tg.Engine(tg.Variant("russian"), tt_mb=1)
    b = tg.Board("russian")
    b.push(b.legal_moves[0])
    r = e.search(b, depth=3, multipv=3)
    firsts = [line["pv"][0] for line in r["lines"]]
    assert len(firsts) == 3 and len(set(firsts)) == 3
    assert all(f in [m.notation for m in b.legal_moves] for f in firsts)


def test_a_proven_win_is_reported_as_won_in_n():
    # White's king on d8 against a man on b4: the brute-force tactics table's d8-a5 wins at once.
    b = tg.Board("russian", "W:WKd8,f6:Bb4")
    r = b.search(depth=6)
    assert r["score"]["proven"] is True
    assert r["score"]["text"].startswith("won in ")


def test_game_over_has_no_best_move():
    b = tg.Board("russian", "B:WKd8:B")
    assert b.search(depth=2)["best"] is None


def test_bad_limits_raise_option_error():
    with pytest.raises(tg.OptionError, match="depth 0 is not in 1..126"):
        tg.Board("russian").search(depth=0)
    with pytest.raises(tg.OptionError, match="multipv 0"):
        tg.Board("russian").search(multipv=0)


def test_stop_from_another_thread_ends_an_infinite_search():
    e = tg.Engine(tg.Variant("international"))
    b = tg.Board("international")
    out = {}
    t = threading.Thread(target=lambda: out.update(e.search(b, movetime=60000)))
    t.start()
    threading.Timer(0.3, e.stop).start()
    t.join(timeout=20)
    assert not t.is_alive()
    assert out["best"] in [m.notation for m in b.legal_moves]
