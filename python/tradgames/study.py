"""Variant studies (README "Variant studies"): games between players of given strengths in several
variants, with balance, decisiveness, draws, length, branching, captures, promotions, lead
changes and drama, each with a 95% interval.

:func:`study` returns the dict of ``tradgames study --json`` (field for field); with
``records=True`` it also holds ``"records"``: per cell (in the order of ``"cells"``) the list of
its games, each {index, moves, result, reason, plies, legal_moves, capture_positions,
capture_moves, captured_pieces, promotions, lead_changes, scored_positions, uncertainty_milli,
winner_behind, seconds}. :func:`merge_studies` adds shards (``first_game`` ranges) into the run
of all their games, exactly. :mod:`tradgames.distributed` runs a study on Dask, and
:mod:`tradgames.report` writes the report (Markdown, HTML, PNG plots).
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _core

Result = Dict[str, Any]


def _names(items: Union[str, Iterable[str]], what: str) -> List[str]:
    if isinstance(items, str):
        items = [items]
    names = list(items)
    if not names or any(not isinstance(n, str) or not n for n in names):
        raise _core.OptionError("study: %s must be a non-empty list of non-empty strings" % what)
    return names


def study(variants: Union[str, Iterable[str]], players: Union[str, Iterable[str]] = ("random", "greedy"),
          games: int = 100, seed: int = 1, mixed: bool = False, first_game: int = 0, threads: int = 0,
          opening_plies: int = 4, ply_cap: int = 1000, score_depth: int = 1, records: bool = False,
          report: Optional[Union[str, os.PathLike]] = None) -> Result:
    """A study, as ``tradgames study --json``. ``variants``: names, each ``NAME`` or
    ``NAME:key=value[:key=value]``; ``players``: player specs (``random``, ``greedy``,
    ``search:depth=2``, ``mcts:playouts=200``). Every cell plays games ``first_game`` ..
    ``first_game + games - 1``; the result does not depend on ``threads`` (0: one per core).
    ``report``: a directory to write the report into (:func:`tradgames.report.write_report`).
    Raises tradgames.OptionError for bad settings before any game. Releases the GIL."""
    text, recs = _core._study(_names(variants, "variants"), _names(players, "players"), bool(mixed), games,
                              first_game, seed, threads, opening_plies, ply_cap, score_depth, bool(records))
    result = json.loads(text)
    if report is not None:
        from .report import write_report
        write_report(result, report)
    if records:
        result["records"] = json.loads(recs)
    return result


def merge_studies(results: Sequence[Result], names: Optional[Sequence[str]] = None) -> Result:
    """Merges study results (dicts of :func:`study` or ``tradgames study --json``, any order)
    into the study of all their games. Raises tradgames.StudyError (naming the result) for shards of
    different settings, ranges that overlap or leave a gap, or an edited result."""
    if names is None:
        names = ["result %d" % (i + 1) for i in range(len(results))]
    files = []
    for name, r in zip(names, results):
        r = {k: v for k, v in r.items() if k != "records"}
        files.append((name, json.dumps(r)))
    return json.loads(_core._merge_studies(files))


def study_csv(result: Result) -> str:
    """The study as ``tradgames study --csv`` prints it."""
    return _core._study_csv(json.dumps({k: v for k, v in result.items() if k != "records"}))
