"""The exact shards on MPI (mpi4py) instead of Dask, for HPC clusters (README "Shards"):
rank 0 splits the perft, every rank counts its share of the positions and plays its share of
the playouts, and rank 0 adds the counts and merges the playout results with the library's
merge. The results equal the single-process calls, which rank 0 checks when --check is given.

    mpirun -n 4 python3 examples/python/mpi_shards.py --variant russian --depth 8 --games 100000

(as root in a container: OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun ...)
"""
import argparse

from mpi4py import MPI

import tradgames

TIMING = ("seconds", "games_per_second", "plies_per_second", "threads", "digest")  # the digest covers timing


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="russian")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--split", type=int, default=3)
    ap.add_argument("--paths", action="store_true", help="count every capture path (P)")
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="compare with the single-process calls")
    args = ap.parse_args()
    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()

    # Perft: rank 0 lists the positions at the split depth; rank r counts every size-th one.
    positions = tradgames.perft_split(args.variant, args.split, paths=args.paths) if rank == 0 else None
    positions = comm.bcast(positions, root=0)
    mine = positions[rank::size]
    nodes = comm.reduce(tradgames.perft_positions(args.variant, mine, args.depth - args.split,
                                                  paths=args.paths), op=MPI.SUM, root=0)

    # Playouts: rank r plays an equal block of the game indices; rank 0 merges the blocks.
    per = -(-args.games // size)
    first = min(rank * per, args.games)
    count = min(per, args.games - first)
    part = tradgames.play_shard(args.variant, first, count, seed=args.seed) if count > 0 else None
    parts = comm.gather(part, root=0)

    if rank == 0:
        parts = [p for p in parts if p is not None]
        merged = tradgames.merge_playouts(parts, ["rank %d" % i for i in range(len(parts))])
        print("perft(%d) %s %s = %d over %d ranks" % (args.depth, args.variant,
                                                     "P" if args.paths else "U", nodes, size))
        print("%d playouts: mean length %.2f, white score %.4f" % (
            merged["games"], merged["length"]["mean"], merged["white_score"]))
        if args.check:
            single = tradgames.perft(args.variant, args.depth, paths=args.paths)["nodes"]
            assert nodes == single, (nodes, single)
            one = tradgames.play(args.variant, games=args.games, seed=args.seed)
            assert {k: v for k, v in merged.items() if k not in TIMING} == \
                {k: v for k, v in one.items() if k not in TIMING}
            print("check: equal to the single-process perft and play")


if __name__ == "__main__":
    main()
