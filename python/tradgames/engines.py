"""Engines reached over the field's protocols, shaped like python-chess's ``chess.engine``.

``Hub(command)`` runs a Hub engine (Scan 3.x as ``"./scan hub"``, ``"tradgames hub"``, a
CheckerBoard engine as ``"tradgames hub --engine cb:./libkestog.so"``, any program speaking the
Hub protocol); ``DXP(host, port)`` asks a DXP follower (Scan's ``dxp`` server, Kingsrow,
``tradgames dxp --listen``) for its moves; ``Engine(spec)`` is any player ``tradgames match``
takes (``hub:COMMAND``, ``dxp:HOST:PORT``, ``cb:PATH.so``, ``search:depth=4``, ``greedy``, ...).
They are the match referee's hosts (README "Matches", "Engine protocols: DXP"): every move is
checked by the library, and an engine's failure (a crash, no answer in time, an illegal move,
junk) raises ``tradgames.Error`` naming it.

    with tradgames.engines.Hub("tradgames hub") as engine:
        board = tradgames.Board("international")
        result = engine.play(board, tradgames.engines.Limit(time=0.1))
        board.push(result.move)
        info = engine.analyse(board, tradgames.engines.Limit(depth=6))
        print(info["score"], info["depth"], info["pv"])
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional

from . import _core

__all__ = ["DXP", "Engine", "Hub", "Limit", "PlayResult"]


@dataclass(frozen=True)
class Limit:
    """How long the engine may think on one move: ``time`` in seconds (> 0), ``depth`` in plies,
    ``nodes``; depth and nodes only for Hub engines (sent as ``level depth= nodes=``; without a
    time the engine has a minute). No limit at all means ``time=1.0``."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None


@dataclass(frozen=True)
class PlayResult:
    """The engine's move in the variant's notation (``board.push(result.move)`` plays it) and what
    it reported about its search (``info``: see ``Engine.analyse``)."""

    move: str
    info: Dict[str, Any] = field(default_factory=dict)


class Engine:
    """A player of ``tradgames match`` (its specification, e.g. ``"hub:./scan hub"``) for games of
    ``variant`` (a name or a ``tradgames.Variant``; default International draughts)."""

    def __init__(self, spec: str, variant: Any = "international") -> None:
        if isinstance(variant, str):
            variant = _core.Variant(variant)
        self._engine: Optional[_core.HostedEngine] = _core.HostedEngine(spec, variant)

    @property
    def name(self) -> str:
        """The engine's name (its Hub ``id`` line or DXP GAMEACC name once it answered)."""
        return self._engine.name if self._engine is not None else "closed"

    def _ask(self, board: Any, limit: Limit) -> PlayResult:
        if self._engine is None:
            raise _core.Error("the engine was closed (quit)")
        move, info = self._engine.play(board, None if limit.time is None else float(limit.time),
                                       limit.depth, limit.nodes)
        return PlayResult(move, info)

    def play(self, board: Any, limit: Limit = Limit()) -> PlayResult:
        """The engine's move for the board's position (its history is sent as well)."""
        return self._ask(board, limit)

    def analyse(self, board: Any, limit: Limit = Limit()) -> Dict[str, Any]:
        """What the engine reports on the board's position within the limit, as python-chess's
        ``InfoDict``: ``depth`` (plies), ``score`` (from the side to move's view in the engine's
        units: men for Hub engines, 1.0 = one man), ``nodes``, ``time`` (seconds), ``pv`` (moves in
        the variant's notation, legal from the position; its first move is the engine's choice).
        A key is missing when the engine did not report it (Hub: its last ``info`` line before
        ``done``; CheckerBoard engines: depth, nodes and time from their status string)."""
        result = self._ask(board, limit)
        info = dict(result.info)
        info.setdefault("pv", [result.move])
        return info

    def quit(self) -> None:
        """Stops the engine process (Hub, CheckerBoard) or closes the connection (DXP)."""
        if self._engine is not None:
            self._engine.quit()
            self._engine = None

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.quit()


class Hub(Engine):
    """A Hub engine run as ``/bin/sh -c command`` for games of ``variant`` (default
    International draughts; any game with Hub positions: two piece kinds)."""

    def __init__(self, command: str, variant: Any = "international") -> None:
        super().__init__("hub:" + command, variant)


class DXP(Engine):
    """A DXP follower at ``host:port`` (International draughts only, DXP's one game)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 27531, variant: Any = "international") -> None:
        super().__init__(f"dxp:{host}:{int(port)}", variant)

    def analyse(self, board: Any, limit: Limit = Limit()) -> Dict[str, Any]:
        """Not offered: DXP carries moves only, and every move asked for is a move of the game
        on the follower's side. Raises ``tradgames.Error``."""
        raise _core.Error("DXP carries no analysis (moves only): use play(), or a Hub engine for analyse()")
