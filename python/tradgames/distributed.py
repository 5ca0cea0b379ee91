"""Long tradgames runs on a Dask cluster (``dask.distributed``), exactly.

:func:`study` runs a variant study (:func:`tradgames.study`) in shards of game ranges the same way.

:func:`play` and :func:`perft` cut a run into exact shards (:mod:`tradgames.shards`), submit
them to a ``distributed.Client``, gather and merge them with the library's merge, and return the
same dict as the single-machine call (:func:`tradgames.play`, :func:`tradgames.perft`). Dask
balances uneven shards between workers and re-runs the shards of a worker that dies; since a
shard's result depends only on its arguments, the result is exact whatever happens to workers.

One machine::

    from distributed import Client, LocalCluster
    import tradgames.distributed as tgd
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \\
            Client(cluster) as client:
        tgd.perft(client, "shatra", 5, split=2)["nodes"]
        tgd.play(client, "russian", games=10**6, seed=1)["length"]

Several machines: start ``dask scheduler`` on one and ``dask worker tcp://HOST:8786`` on each
(README "Shards"), then ``Client("tcp://HOST:8786")``. Every worker needs the same tradgames
module (the results say which variant options they used; a mismatch fails the merge).

Timing in the returned dicts: ``seconds`` is the wall-clock time of the whole call (split,
shards, merge), the rates are the totals divided by it, and ``threads`` (playouts) is the number
of worker threads of the cluster when the shards were submitted.

Rule options are keyword arguments (``repetition_draw=0``) unless one shares its name with a
keyword of the call (Tobit's ``ply_cap`` rule option against the playouts' ``ply_cap``): pass a
``tradgames.Variant("tobit", ply_cap=200)`` as the variant then.
"""

from __future__ import annotations

import math
import os
import sys
import time
import uuid
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import tradgames
from . import shards

Options = Union[bool, int, str]


def _variant_spec(v: Any, options: Dict[str, Options]) -> Tuple[str, Dict[str, Options]]:
    """(name, options) from which every worker rebuilds the variant; checked here first."""
    built = tradgames.variant(v, **options)
    name, opts = built.name, dict(built.options)
    try:
        _build(name, opts)
    except tradgames.OptionError as e:
        raise tradgames.OptionError(
            "tradgames.distributed needs a registered variant that workers can build by name: "
            + str(e)) from None
    return name, opts


def _threads(client: Any) -> int:
    return max(1, sum(client.nthreads().values()))


def _wait(client: Any, futures: List[Any], progress: bool) -> List[Any]:
    """The futures' results in submission order, with a progress bar on stderr if asked for
    (tqdm when installed, else Dask's text bar)."""
    if progress and futures:
        try:
            from tqdm import tqdm  # type: ignore
        except ImportError:
            tqdm = None
        if tqdm is not None:
            from distributed import as_completed

            with tqdm(total=len(futures), unit="shard", file=sys.stderr) as bar:
                for _ in as_completed(futures):
                    bar.update(1)
        else:
            from distributed import progress as dask_progress

            dask_progress(futures, notebook=False)
            print(file=sys.stderr)
    return client.gather(futures)


def _build(name: str, opts: Dict[str, Options]) -> Any:
    # A rule option may share a name with a keyword of the calls (Tobit's ply_cap): build the
    # variant first, then pass it.
    return tradgames.Variant(name, **opts)


def _play_task(name: str, opts: Dict[str, Options], first: int, games: int, seed: int,
               policy: str, ply_cap: int, fen: Optional[str]) -> Dict[str, Any]:
    return shards.play_shard(_build(name, opts), first, games, seed=seed, threads=1,
                             policy=policy, ply_cap=ply_cap, fen=fen)


def play(client: Any, variant: Any, games: int, seed: int = 1, shard_size: Optional[int] = None,
         policy: str = "random", ply_cap: int = 1000, fen: Optional[str] = None,
         progress: bool = False, **options: Options) -> Dict[str, Any]:
    """:func:`tradgames.play` on the cluster of ``client``: games 0 .. games-1 of the run, in
    shards of ``shard_size`` games (default: about 8 shards per worker thread, at least 1,000
    games each), each played on one worker thread. Returns the dict of :func:`tradgames.play`
    with equal statistics (timing: see the module's doc). Raises tradgames.Error subclasses
    for bad settings before anything is submitted."""
    if games < 1:
        raise tradgames.OptionError("games %d is not at least 1" % games)
    name, opts = _variant_spec(variant, options)
    threads = _threads(client)
    if shard_size is None:
        shard_size = max(1000, math.ceil(games / (8 * threads)))
    if shard_size < 1:
        raise tradgames.OptionError("shard_size %d is not at least 1" % shard_size)
    # Settings are checked by a first, small call on the client (a bad policy or fen fails here).
    shards.play_shard(_build(name, opts), 0, 1, seed=seed, threads=1, policy=policy,
                      ply_cap=ply_cap, fen=fen)
    t0 = time.perf_counter()
    run = uuid.uuid4().hex
    firsts = list(range(0, games, shard_size))
    futures = [client.submit(_play_task, name, opts, first, min(shard_size, games - first), seed,
                             policy, ply_cap, fen, key="tradgames-play-%s-%d" % (run, first),
                             pure=False)
               for first in firsts]
    results = _wait(client, futures, progress)
    merged = shards.merge_playouts(results, ["games %d.." % f for f in firsts])
    seconds = time.perf_counter() - t0
    merged["seconds"] = seconds
    merged["games_per_second"] = merged["games"] / seconds if seconds > 0 else 0.0
    merged["plies_per_second"] = merged["plies"] / seconds if seconds > 0 else 0.0
    merged["threads"] = threads
    return merged


def _perft_task(name: str, opts: Dict[str, Options], positions: Sequence[Tuple[str, int]],
                depth: int, paths: bool, bulk: bool) -> int:
    return shards.perft_positions(_build(name, opts), positions, depth, paths=paths, bulk=bulk)


def perft(client: Any, variant: Any, depth: int, split: Optional[int] = None,
          fen: Optional[str] = None, paths: bool = False, bulk: bool = True,
          chunks: Optional[int] = None, progress: bool = False,
          **options: Options) -> Dict[str, Any]:
    """:func:`tradgames.perft` on the cluster of ``client``: the client lists the distinct
    positions ``split`` plies below the root with their path counts (default split:
    min(2, depth)), the workers count perft(depth - split) below them in ``chunks`` groups
    (default: 16 per worker thread) and the client adds count x perft. Returns the dict of
    :func:`tradgames.perft` ({variant, depth, nodes, seconds, counting}) with the same nodes, U
    or P (``paths``)."""
    if not 0 <= depth <= 64:
        raise tradgames.OptionError("perft depth %d is not in 0..64" % depth)
    if split is None:
        split = min(2, depth)
    if not 0 <= split <= depth:
        raise tradgames.OptionError("split %d is not in 0..depth (%d)" % (split, depth))
    name, opts = _variant_spec(variant, options)
    t0 = time.perf_counter()
    positions = shards.perft_split(_build(name, opts), split, fen, paths)
    n = chunks if chunks is not None else 16 * _threads(client)
    if n < 1:
        raise tradgames.OptionError("chunks %d is not at least 1" % n)
    # Round-robin: neighbouring positions (similar subtrees) go to different chunks.
    groups = [positions[i::n] for i in range(min(n, len(positions)))]
    run = uuid.uuid4().hex
    futures = [client.submit(_perft_task, name, opts, g, depth - split, paths, bulk,
                             key="tradgames-perft-%s-%d" % (run, i), pure=False)
               for i, g in enumerate(groups)]
    nodes = sum(_wait(client, futures, progress))
    return {"variant": name, "depth": depth, "nodes": nodes,
            "seconds": time.perf_counter() - t0, "counting": "P" if paths else "U"}


def _egtb_slice_task(name: str, opts: Dict[str, Options], slice_: Tuple[int, int, int, int],
                     dir_: str, *successors: Any) -> Tuple[int, int, int, int]:
    # ``successors``: the results of the tasks of the slices this one needs (their files are
    # in dir_ once they are done); passing them makes Dask run this task after them.
    tradgames._core._egtb_build_slice(_build(name, opts), slice_, dir_, 1)
    return slice_


def egtb_build(client: Any, variant: Any, pieces: int, dir: str, progress: bool = False,
               **options: Options) -> Dict[str, Any]:
    """:func:`tradgames.egtb.build` on the cluster of ``client``: every slice with at most
    ``pieces`` pieces is a task that runs, on one worker thread, once the tasks of the slices
    its moves lead to (captures, promotions) are done, and writes its file into ``dir``, which
    every worker must see (one machine, or a shared file system). Files equal those of the
    single-process build byte for byte; valid files already in ``dir`` are kept (resumable).
    Returns {"variant", "slices", "seconds"}."""
    name, opts = _variant_spec(variant, options)
    v = _build(name, opts)
    slices = [tuple(s) for s in tradgames._core._egtb_slices(v, pieces)]
    dir_ = os.path.abspath(os.fspath(dir))
    os.makedirs(dir_, exist_ok=True)
    t0 = time.perf_counter()
    run = uuid.uuid4().hex
    futures: Dict[Tuple[int, int, int, int], Any] = {}
    for s in slices:  # dependency order: every successor is submitted before
        deps = [futures[tuple(c)] for c in tradgames._core._egtb_successors(v, s)]
        futures[s] = client.submit(_egtb_slice_task, name, opts, s, dir_, *deps,
                                   key="tradgames-egtb-%s-%s" % (run, "-".join(map(str, s))),
                                   pure=False)
    _wait(client, list(futures.values()), progress)
    return {"variant": name, "slices": len(slices), "seconds": time.perf_counter() - t0}


def _study_task(variants: List[str], players: List[str], mixed: bool, first: int, games: int, seed: int,
                opening_plies: int, ply_cap: int, score_depth: int) -> Dict[str, Any]:
    from .study import study as run
    return run(variants, players, games=games, seed=seed, mixed=mixed, first_game=first, threads=1,
               opening_plies=opening_plies, ply_cap=ply_cap, score_depth=score_depth)


def study(client: Any, variants: Sequence[str], players: Sequence[str] = ("random", "greedy"),
          games: int = 100, seed: int = 1, mixed: bool = False, shard_size: Optional[int] = None,
          opening_plies: int = 4, ply_cap: int = 1000, score_depth: int = 1,
          progress: bool = False) -> Dict[str, Any]:
    """:func:`tradgames.study` on the cluster of ``client``: games 0 .. games-1 of every cell, in
    shards of ``shard_size`` games per cell (default: about 4 shards per worker thread), each
    played on one worker thread, merged with :func:`tradgames.merge_studies`. Returns the dict
    of :func:`tradgames.study`, equal to the single run but for the timing: ``seconds`` is the
    wall-clock time of the whole call and ``threads`` the worker threads of the cluster. Raises
    tradgames.Error subclasses for bad settings before anything is submitted."""
    from .study import merge_studies, study as run
    if games < 1:
        raise tradgames.OptionError("games %d is not at least 1" % games)
    variants, players = list(variants), list(players)
    threads = _threads(client)
    if shard_size is None:
        shard_size = max(1, math.ceil(games / (4 * threads)))
    if shard_size < 1:
        raise tradgames.OptionError("shard_size %d is not at least 1" % shard_size)
    # Settings are checked by a first, small call on the client (one game with the random player).
    run(variants, ["random"], games=1, seed=seed, threads=1, opening_plies=opening_plies, ply_cap=ply_cap,
        score_depth=0)
    for p in players:
        run(variants[:1], [p], games=1, seed=seed, threads=1, opening_plies=opening_plies, ply_cap=1, score_depth=0)
    t0 = time.perf_counter()
    key = uuid.uuid4().hex
    firsts = list(range(0, games, shard_size))
    futures = [client.submit(_study_task, variants, players, bool(mixed), first, min(shard_size, games - first), seed,
                             opening_plies, ply_cap, score_depth, key="tradgames-study-%s-%d" % (key, first),
                             pure=False)
               for first in firsts]
    results = _wait(client, futures, progress)
    merged = merge_studies(results, ["games %d.." % f for f in firsts])
    merged["seconds"] = time.perf_counter() - t0
    merged["threads"] = threads
    return merged
