"""Speed-up of tradgames.distributed with two local worker processes against one (README
"Shards"): a perft and a run of playouts on a LocalCluster of 1, then 2 workers (one thread
each), checking that both give the same result.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/distributed_speedup.py \\
        --perft-variant shatra --perft-depth 5 --play-variant shatra --games 1000000
"""
import argparse
import os
import time

from distributed import Client, LocalCluster

import tradgames.distributed as tgd

TIMING = ("seconds", "games_per_second", "plies_per_second", "threads", "digest")  # the digest covers timing


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--perft-variant", default="shatra")
    ap.add_argument("--perft-depth", type=int, default=5)
    ap.add_argument("--split", type=int, default=2)
    ap.add_argument("--play-variant", default="shatra")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rows = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            load = os.getloadavg()[0]
            t = time.perf_counter()
            p = tgd.perft(client, args.perft_variant, args.perft_depth, split=args.split)
            perft_s = time.perf_counter() - t
            t = time.perf_counter()
            g = tgd.play(client, args.play_variant, games=args.games, seed=args.seed)
            play_s = time.perf_counter() - t
            rows[workers] = (p, perft_s, g, play_s, load)
            print("%d worker(s): perft(%d) %s = %d in %.1f s; %d playouts of %s in %.1f s "
                  "(load average %.1f at start)" % (workers, args.perft_depth, args.perft_variant,
                                                    p["nodes"], perft_s, args.games,
                                                    args.play_variant, play_s, load), flush=True)
    (p1, ps1, g1, gs1, _), (p2, ps2, g2, gs2, _) = rows[1], rows[2]
    assert p1["nodes"] == p2["nodes"], "perft differs between 1 and 2 workers"
    assert {k: v for k, v in g1.items() if k not in TIMING} == \
        {k: v for k, v in g2.items() if k not in TIMING}, "playouts differ between 1 and 2 workers"
    print("speed-up with 2 workers: perft %.2fx, playouts %.2fx (results identical)"
          % (ps1 / ps2, gs1 / gs2))


if __name__ == "__main__":
    main()
