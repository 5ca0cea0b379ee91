"""Endgame databases built by the library (README "Endgame databases").

build(v, pieces, dir, threads, method) writes one file per slice (resumable: valid files are
kept; method "forward" or "unmove", None: the library's default, the files do not depend on it);
probe(v, fen, dir), info(v, dir) and verify(v, dir, threads) return the same objects as
`tradgames egtb probe|info|verify --json`. Bad files raise tradgames.EgtbError naming the file.
"""
from __future__ import annotations

import os
from typing import Any, Dict, Optional, Union

from . import _core

__all__ = ["build", "probe", "info", "verify"]

PathLike = Union[str, "os.PathLike[str]"]


def _variant(v: Any, **options: Any) -> Any:
    from . import variant  # the package's helper (imported late: this module is part of it)

    return variant(v, **options)


def build(
    v: Any, pieces: int, dir: PathLike = "egtb", threads: int = 1, method: Optional[str] = None, **options: Any
) -> None:
    """Builds every slice with at most `pieces` pieces (both sides) of variant v into dir.

    method: "forward" or "unmove" (README "Builder"); None uses the library's default.
    """
    if method is None:
        _core._egtb_build(_variant(v, **options), pieces, os.fspath(dir), threads)
    else:
        _core._egtb_build(_variant(v, **options), pieces, os.fspath(dir), threads, method)


def probe(v: Any, fen: str, dir: PathLike = "egtb", **options: Any) -> Dict[str, Any]:
    """{"fen", "value", "plies", "moves": [{"move", "value", "plies"}]} of the position fen."""
    return _core._egtb_probe(_variant(v, **options), fen, os.fspath(dir))


def info(v: Any, dir: PathLike = "egtb", **options: Any) -> Dict[str, Any]:
    """{"variant", "slices": [{"material", "positions", "white_to_move", "black_to_move"}]}."""
    return _core._egtb_info(_variant(v, **options), os.fspath(dir))


def verify(v: Any, dir: PathLike = "egtb", threads: int = 1, **options: Any) -> Dict[str, Any]:
    """{"checked", "ok", "problems"}: every position of every slice against its successors."""
    return _core._egtb_verify(_variant(v, **options), os.fspath(dir), threads)
