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
