"""Engines reached over the field's protocols, shaped like python-chess's ``chess.engine``.

``Hub(command)`` runs a Hub engine (Scan 3.x as ``"./scan hub"``, ``"tradgames hub"``, any
program speaking the Hub protocol); ``DXP(host, port)`` asks a DXP follower (Scan's ``dxp``
server, Kingsrow, ``tradgames dxp --listen``) for its moves. Both are the match referee's hosts
(README "Matches", "Engine protocols: DXP"): every move is checked by the library, and an engine's
failure (a crash, no answer in time, an illegal move, junk) raises ``tradgames.Error`` naming it.

    with tradgames.engines.Hub("tradgames hub") as engine:
        board = tradgames.Board("international")
        result = engine.play(board, tradgames.engines.Limit(time=0.1))
        board.push(result.move)

Not offered: ``analyse`` (the hosts read only the engine's move and its node count).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from . import _core

__all__ = ["DXP", "Hub", "Limit", "PlayResult"]


@dataclass(frozen=True)
class Limit:
    """How long the engine may think on one move: ``time`` in seconds (> 0)."""

    time: float = 1.0


@dataclass(frozen=True)
class PlayResult:
    """The engine's move in the variant's notation (``board.push(result.move)`` plays it)."""

    move: str


class _Hosted:
    def __init__(self, protocol: str, target: str, variant: Any) -> None:
        if isinstance(variant, str):
            variant = _core.Variant(variant)
        self._engine: Optional[_core.HostedEngine] = _core.HostedEngine(protocol, target, variant)

    @property
    def name(self) -> str:
        """The engine's name (its Hub ``id`` line or DXP GAMEACC name once it answered)."""
        return self._engine.name if self._engine is not None else "closed"

    def play(self, board: Any, limit: Limit = Limit()) -> PlayResult:
        """The engine's move for the board's position (its history is sent as well)."""
        if self._engine is None:
            raise _core.Error("the engine was closed (quit)")
        return PlayResult(self._engine.play(board, float(limit.time)))

    def quit(self) -> None:
        """Stops the engine process (Hub) or closes the connection (DXP)."""
        if self._engine is not None:
            self._engine.quit()
            self._engine = None

    def __enter__(self) -> "_Hosted":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.quit()


class Hub(_Hosted):
    """A Hub engine run as ``/bin/sh -c command`` for games of ``variant`` (default
    International draughts; any game with Hub positions: two piece kinds)."""

    def __init__(self, command: str, variant: Any = "international") -> None:
        super().__init__("hub", command, variant)


class DXP(_Hosted):
    """A DXP follower at ``host:port`` (International draughts only, DXP's one game)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 27531, variant: Any = "international") -> None:
        super().__init__("dxp", f"{host}:{int(port)}", variant)
