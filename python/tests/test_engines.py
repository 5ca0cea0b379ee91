"""tradgames.engines: Hub and DXP engines through the referee's hosts (README "Python")."""
import subprocess

import pytest

import tradgames
from tradgames import engines


def test_hub_engine_plays_checked_moves(cli):
    board = tradgames.Board("international")
    with engines.Hub(f"{cli} hub") as engine:
        for _ in range(6):
            result = engine.play(board, engines.Limit(time=0.02))
            assert result.move in [m.notation for m in board.legal_moves]
            board.push(result.move)
        assert engine.name.startswith("tradgames ")
    assert engine.name == "closed"
    with pytest.raises(tradgames.Error, match="closed"):
        engine.play(board)


def test_hub_engine_on_8x8(cli):
    board = tradgames.Board("russian")
    with engines.Hub(f"{cli} hub", "russian") as engine:
        move = engine.play(board, engines.Limit(time=0.02)).move
        assert move in [m.notation for m in board.legal_moves]


def test_hub_failures_raise_named_errors():
    board = tradgames.Board("international")
    with engines.Hub("/no/such/engine hub") as engine:
        with pytest.raises(tradgames.Error, match=r"engine exited \(status 127\) \(command not found\?\)"):
            engine.play(board, engines.Limit(time=0.02))
    with pytest.raises(tradgames.OptionError, match="no Hub position form"):
        engines.Hub("x", "shatra")


def test_dxp_follower_plays_over_loopback(cli):
    follower = subprocess.Popen([cli, "dxp", "--listen", "0", "--sessions", "1", "--player", "search:depth=1",
                                 "--movetime", "10", "--timeout", "20"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        first = follower.stderr.readline()  # "dxp: listening on 127.0.0.1:PORT"
        port = int(first.rsplit(":", 1)[1])
        board = tradgames.Board("international")
        board.push("32-28")  # the follower answers as Black
        with engines.DXP("127.0.0.1", port) as engine:
            move = engine.play(board, engines.Limit(time=0.05)).move
            assert move in [m.notation for m in board.legal_moves]
            assert engine.name == "tradgames"
        follower.wait(timeout=30)
        assert "game over: peer ended the game" in follower.stderr.read()
    finally:
        follower.kill()
        follower.wait()
    with pytest.raises(tradgames.OptionError):
        engines.DXP("127.0.0.1", 1, "russian")


def test_hub_analyse_reports_depth_score_nodes_and_a_legal_pv(cli):
    board = tradgames.Board("international")
    board.push("32-28")
    with engines.Hub(f"{cli} hub") as engine:
        info = engine.analyse(board, engines.Limit(depth=4))
        assert info["depth"] == 4
        assert isinstance(info["score"], float)
        assert info["nodes"] > 0 and info["time"] >= 0
        assert len(info["pv"]) >= 2
        line = board.copy()
        for move in info["pv"]:  # legal move after move
            assert move in [m.notation for m in line.legal_moves]
            line.push(move)
        result = engine.play(board, engines.Limit(nodes=300))
        assert result.move in [m.notation for m in board.legal_moves]
        assert result.info["pv"][0] == result.move
        with pytest.raises(tradgames.OptionError, match="depth must be at least 1"):
            engine.analyse(board, engines.Limit(depth=0))


def test_engine_takes_every_match_player_spec(cli):
    board = tradgames.Board("russian")
    with engines.Engine(f"hub:{cli} hub", "russian") as engine:
        assert engine.analyse(board, engines.Limit(time=0.02))["pv"][0] in [m.notation for m in board.legal_moves]
    with engines.Engine("greedy", "russian") as engine:
        assert engine.play(board, engines.Limit(time=0.02)).move in [m.notation for m in board.legal_moves]
        with pytest.raises(tradgames.OptionError, match="for Hub engines only"):
            engine.play(board, engines.Limit(depth=3))
    with pytest.raises(tradgames.OptionError, match="alphabeta"):
        engines.Engine("alphabeta", "russian")
    with pytest.raises(tradgames.OptionError, match="HOST:PORT"):
        engines.Engine("dxp:nowhere", "international")


def test_dxp_has_no_analyse():
    with engines.DXP("127.0.0.1", 1) as engine:
        with pytest.raises(tradgames.Error, match="DXP carries no analysis"):
            engine.analyse(tradgames.Board("international"))
