"""tradgames.distributed on a local Dask cluster of two worker processes: the same results as
the single-process calls, also when a worker is killed while the shards run."""
import os
import signal
import threading
import time

import pytest

import tradgames

if os.environ.get("TRADGAMES_REQUIRE_DASK"):
    import distributed  # noqa: F401  (.ci/shards: a missing dask is a failure)
else:
    distributed = pytest.importorskip("distributed")
import tradgames.distributed as tgd  # noqa: E402

VARIANTS = [v["name"] for v in tradgames.variants()]
TIMING = ("seconds", "games_per_second", "plies_per_second", "threads", "digest")  # the digest covers timing


def untimed(result):
    if isinstance(result, list):
        return [untimed(r) for r in result]
    return {k: v for k, v in result.items() if k not in TIMING}


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           dashboard_address=None)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


# ------------------------------------------------------------------------------------------
# On a local cluster of two worker processes

@pytest.mark.parametrize("name", VARIANTS)
def test_distributed_play_equals_one_process(client, name):
    single = tradgames.play(name, games=300, seed=11, threads=1)
    dist = tgd.play(client, name, games=300, seed=11, shard_size=37)
    assert untimed(dist) == untimed(single)
    assert set(dist) == set(single)
    assert dist["threads"] == 2


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("paths", [False, True])
def test_distributed_perft_equals_one_process(client, name, paths):
    depth = 3 if name == "shatra" else 6
    single = tradgames.perft(name, depth, paths=paths)
    dist = tgd.perft(client, name, depth, split=2, paths=paths)
    assert dist["nodes"] == single["nodes"]
    assert set(dist) == set(single)
    assert {k: dist[k] for k in ("variant", "depth", "counting")} == \
        {k: single[k] for k in ("variant", "depth", "counting")}


def test_distributed_rule_options_and_start(client):
    fen = "W:Wc3,e3,g3:Bb6,d6,f6"
    single = tradgames.play("russian", games=200, seed=2, fen=fen, repetition_draw=0, threads=1)
    dist = tgd.play(client, "russian", games=200, seed=2, fen=fen, repetition_draw=0, shard_size=30)
    assert untimed(dist) == untimed(single)
    assert dist["options"]["repetition_draw"] == "0"


def test_distributed_bad_settings_raise_before_submitting(client):
    with pytest.raises(tradgames.OptionError):
        tgd.play(client, "nosuch", games=10)
    with pytest.raises(tradgames.OptionError):
        tgd.play(client, "russian", games=10, policy="best")
    with pytest.raises(tradgames.OptionError):
        tgd.perft(client, "russian", 3, split=4)


def test_killed_worker_result_still_exact(client):
    """A worker process is killed (SIGKILL) while shards run: Dask re-runs its shards on the
    other worker (and the nanny restarts it); the merged statistics are still those of one run."""
    games, seed = 200_000, 5
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed = {}

    def kill_when_running():
        # Wait until shards are being processed, then kill one worker process.
        deadline = time.time() + 60
        while time.time() < deadline:
            if any(client.processing().values()):
                break
            time.sleep(0.05)
        time.sleep(0.2)
        os.kill(victim, signal.SIGKILL)
        killed["at"] = time.time()

    killer = threading.Thread(target=kill_when_running)
    killer.start()
    dist = tgd.play(client, "russian", games=games, seed=seed, shard_size=5_000)
    finished = time.time()
    killer.join()
    assert "at" in killed and killed["at"] < finished, "the worker was not killed during the run"
    assert victim not in client.run(os.getpid).values()
    single = tradgames.play("russian", games=games, seed=seed, threads=2)
    assert untimed(dist) == untimed(single)


def test_study_on_dask_equals_the_single_run(client):
    kw = dict(variants=["russian", "tobit:bare_draw=true"], players=["random", "search:depth=1"], mixed=True, seed=2)
    single = tradgames.study(games=7, **kw)
    on_dask = tgd.study(client, games=7, shard_size=3, **kw)

    def strip(r):
        r = {k: v for k, v in r.items() if k not in ("seconds", "threads", "digest")}
        r["cells"] = [{k: v for k, v in c.items() if k not in ("seconds", "seconds_sq", "measures")} for c in r["cells"]]
        return r

    assert strip(on_dask) == strip(single)
    assert [c["measures"]["draw_rate"] for c in on_dask["cells"]] == [c["measures"]["draw_rate"] for c in single["cells"]]
    with pytest.raises(tradgames.OptionError, match="nosuch"):
        tgd.study(client, ["nosuch"], games=2)
