"""Exact shards of long runs (C++ ``include/tradgames/shard.hpp``, README "Shards").

A run of playouts splits into game ranges: :func:`play_shard` plays games ``first_game ..
first_game + games - 1`` of the run (game i always draws from the generator of (seed, i)), and
:func:`merge_playouts` adds such results into exactly the statistics of one run (timing aside).

A perft splits at a depth K: :func:`perft_split` lists the distinct positions K plies below the
root with their path counts (U, or P with ``paths=True``), and :func:`perft_positions` sums
count x perft(D) over such positions, which is perft(K + D) of the root when summed over all of
them.

These are the functions :mod:`tradgames.distributed` runs on Dask workers; they are the same
library functions as ``tradgames play --first-game``, ``tradgames merge``, ``tradgames perft
--split`` and ``tradgames perft --positions``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _core

Result = Union[Dict[str, Any], List[Dict[str, Any]]]


def _variant(v: Any, **options: Union[bool, int, str]) -> Any:
    from . import variant  # the package's helper (imported late: this module is part of it)

    return variant(v, **options)


def play_shard(v: Any, first_game: int, games: int, seed: int = 1, threads: int = 1,
               policy: str = "random", ply_cap: int = 1000, fen: Optional[str] = None,
               **options: Union[bool, int, str]) -> Dict[str, Any]:
    """Games ``first_game .. first_game + games - 1`` of the run (variant, fen, policy, seed,
    ply_cap), as ``tradgames play --first-game A --games N --json`` prints them: the dict of
    :func:`tradgames.play` with ``first_game`` set. Releases the GIL while playing."""
    return json.loads(_core._play_shard(_variant(v, **options), first_game, games, seed, threads,
                                        policy, ply_cap, fen))


def merge_playouts(results: Sequence[Result], names: Optional[Sequence[str]] = None) -> Result:
    """Adds playout results (dicts of :func:`tradgames.play` / :func:`play_shard`, or lists of
    them from :func:`tradgames.compare`, merged element by element) into one result of the same
    shape, as ``tradgames merge``: counts and histograms added, every mean, median, p90 and
    share recomputed; ``seconds`` is the sum of the shards' seconds, ``threads`` the largest.
    ``names`` label the results in error messages (default "result 1", ...).

    Raises tradgames.ShardError naming the results when the settings differ
    (variant, options, start, policy, seed, ply_cap) or the game ranges overlap or leave a gap.
    """
    if names is None:
        names = ["result %d" % (i + 1) for i in range(len(results))]
    if len(names) != len(results):
        raise ValueError("merge_playouts: %d names for %d results" % (len(names), len(results)))
    return json.loads(_core._merge_playouts([(str(n), json.dumps(r)) for n, r in zip(names, results)]))


def perft_split(v: Any, depth: int, fen: Optional[str] = None, paths: bool = False,
                **options: Union[bool, int, str]) -> List[Tuple[str, int]]:
    """The distinct positions ``depth`` plies below ``fen`` (default: the initial position) as
    (position string, number of paths reaching it), counted as perft counts (U, or P with
    ``paths``): the counts add up to perft(depth). In the order a level-by-level expansion first
    reaches them."""
    return _core._perft_split(_variant(v, **options), depth, fen, paths)


def perft_positions(v: Any, positions: Sequence[Tuple[str, int]], depth: int, paths: bool = False,
                    bulk: bool = True, **options: Union[bool, int, str]) -> int:
    """Sum over (position string, count) of count x perft(depth): with all of
    ``perft_split(v, K, fen, paths)``, perft(K + depth) of ``fen``. ``paths`` must be the
    counting the positions were split with. Releases the GIL while counting."""
    return _core._perft_positions(_variant(v, **options), list(positions), depth, paths, bulk)
