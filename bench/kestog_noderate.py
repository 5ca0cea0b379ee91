"""Node rate of the search against KestoG 1.1's, Russian, in one sitting (issue 26; README
"Against KestoG 1.1", the node-rate bullet).

KestoG's CheckerBoard `getmove` is called through ctypes and our engine through the Python
module, on the same positions (bench/kestog_noderate_positions.txt: 110 Russian positions from
games of our engine against KestoG, see that file), alternating per position: KestoG first, then
ours. Both are timed by the process's CPU time (time.process_time(), the clock KestoG's stock
build times itself with), so the load of a shared machine changes how long a run takes but not
the rates much. KestoG's nodes are the count its `getmove` prints ("[nodes N]"); ours are the
search result's `nodes`.

What each engine counts as a node (README): KestoG increments its counter on every entry to
negamax() (the root of every iteration, every interior node, every quiescence node, every leaf
it evaluates, a node cut by the hash table, the re-searches of PVS and of its aspiration window,
and its internal iterative deepening searches). Ours counts every position the search enters
below the root (Searcher's node(): interior, quiescence and leaf nodes, table cuts, PVS
re-searches); the root itself is not counted. So both count positions visited, re-visits
included.

Work per position: KestoG searches `--movetime` seconds of CPU time (its clock()). Ours
(`--ours nodes`, the default) searches as many nodes as KestoG reported for that position, so both
build trees of the same size whatever the load; `--ours movetime` gives ours the same per-move
time instead (ours times itself by the wall clock: on a loaded machine its searches get short).
Each engine starts every position with an empty table (KestoG clears its own inside getmove, its
time included; ours is cleared before the timer starts).

Every KestoG reply is checked: the board it returns must be the board after one of our legal
moves (this checks the board mapping). Build KestoG outside this repository:
  gcc -O3 -shared -fPIC -x c KestoG.C -o libkestog.so      (maksimKorzh/KestoG)
Run (KestoG prints its iterations on stdout):
  PYTHONPATH=build/python /usr/bin/python3 bench/kestog_noderate.py ./libkestog.so > /dev/null
The summary goes to stderr (and `--json FILE` writes it as JSON).
"""
import argparse
import ctypes
import json
import os
import re
import sys
import time

import tradgames

HERE = os.path.dirname(os.path.abspath(__file__))
Board8 = (ctypes.c_int * 8) * 8
# CheckerBoard piece codes.
CB_WHITE, CB_BLACK, CB_MAN, CB_KING = 1, 2, 4, 8


def read_positions(path):
    """FENs of the positions file: one per line, '#' starts a comment line, '; ...' a note."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.split(";")[0].strip()
            if line and not line.startswith("#"):
                out.append(line)
    return out


def cb_board(board):
    """The CheckerBoard int[8][8] of a Russian board (board[x][y], x = file a..h from White's
    left, y = rank 1..8, both mirrored as KestoG's Russian orientation expects) and its colour
    code of the side to move."""
    bd = Board8()
    for f in range(8):
        for r in range(8):
            if (f + r) % 2:
                continue
            p = board.piece_at("abcdefgh"[f] + str(r + 1))
            if p is None:
                continue
            bd[7 - f][7 - r] = (CB_WHITE if p.color == "white" else CB_BLACK) | (
                CB_KING if p.kind == "king" else CB_MAN)
    return bd, (CB_WHITE if board.turn == "white" else CB_BLACK)


def flat(bd):
    return tuple(bd[x][y] for x in range(8) for y in range(8))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kestog", help="path of KestoG's shared library (libkestog.so)")
    ap.add_argument("--positions", default=os.path.join(HERE, "kestog_noderate_positions.txt"))
    ap.add_argument("--movetime", type=float, default=0.1, help="KestoG's seconds per move (default 0.1)")
    ap.add_argument("--ours", choices=("nodes", "movetime"), default="nodes",
                    help="our work per position: KestoG's node count (default) or --movetime")
    ap.add_argument("--tt-mb", type=int, default=16, help="our table in MB (default 16)")
    ap.add_argument("--json", help="write the summary as JSON to this file")
    args = ap.parse_args()

    lib = ctypes.CDLL(os.path.abspath(args.kestog))
    lib.getmove.restype = ctypes.c_int
    fens = read_positions(args.positions)
    variant = tradgames.Board("russian").variant
    engine = tradgames.Engine(variant, tt_mb=args.tt_mb)
    load0 = os.getloadavg()
    wall0 = time.monotonic()
    k = {"nodes": 0, "cpu": 0.0, "own_time": 0.0, "depth": 0}
    o = {"nodes": 0, "cpu": 0.0, "depth": 0}
    for fen in fens:
        board = tradgames.Board("russian", fen=fen)
        bd, color = cb_board(board)
        status = ctypes.create_string_buffer(1024)
        playnow = ctypes.c_int(0)
        cbmove = (ctypes.c_int * 128)()  # struct CBmove, larger than needed
        c0 = time.process_time()
        lib.getmove(bd, color, ctypes.c_double(args.movetime), status, ctypes.byref(playnow), 0, 0, cbmove)
        c1 = time.process_time()
        text = status.value.decode(errors="replace")
        m = re.search(r"\[depth (\d+)\].*\[time ([\d.]+)\].*\[nodes (-?\d+)\]", text)
        if not m:
            sys.exit(f"KestoG's reply has no depth/time/nodes at {fen}: {text!r}")
        successors = set()
        for mv in board.legal_moves:
            after = board.copy()
            after.push(mv)
            successors.add(flat(cb_board(after)[0]))
        if flat(bd) not in successors:
            sys.exit(f"KestoG's board after its move is no legal successor of {fen}: board mapping wrong")
        kn = int(m.group(3))
        k["nodes"] += kn
        k["own_time"] += float(m.group(2))
        k["cpu"] += c1 - c0
        k["depth"] += int(m.group(1))

        engine.clear()
        limit = {"nodes": max(1, kn)} if args.ours == "nodes" else {"movetime": int(args.movetime * 1000)}
        c0 = time.process_time()
        r = engine.search(board, **limit)
        c1 = time.process_time()
        o["nodes"] += r["nodes"]
        o["cpu"] += c1 - c0
        o["depth"] += r["depth"]
    n = len(fens)
    k_rate = k["nodes"] / k["cpu"]
    o_rate = o["nodes"] / o["cpu"]
    summary = {
        "positions": n,
        "kestog_movetime_s": args.movetime,
        "ours_work": args.ours,
        "load_before": [round(x, 2) for x in load0],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "wall_s": round(time.monotonic() - wall0, 1),
        "kestog": {"nodes": k["nodes"], "cpu_s": round(k["cpu"], 3), "own_time_s": round(k["own_time"], 3),
                   "nodes_per_cpu_s": round(k_rate), "mean_depth": round(k["depth"] / n, 2)},
        "ours": {"nodes": o["nodes"], "cpu_s": round(o["cpu"], 3),
                 "nodes_per_cpu_s": round(o_rate), "mean_depth": round(o["depth"] / n, 2)},
        "ratio_ours_over_kestog": round(o_rate / k_rate, 3),
    }
    err = sys.stderr
    print(f"positions {n}; KestoG {args.movetime} s per move; ours: {args.ours}; "
          f"load {summary['load_before'][0]} -> {summary['load_after'][0]}; wall {summary['wall_s']} s", file=err)
    print(f"KestoG: {k['nodes']} nodes in {k['cpu']:.2f} CPU s (own clock {k['own_time']:.2f} s): "
          f"{k_rate / 1e6:.2f} M nodes/CPU-s, mean depth {k['depth'] / n:.2f}", file=err)
    print(f"ours:   {o['nodes']} nodes in {o['cpu']:.2f} CPU s: {o_rate / 1e6:.2f} M nodes/CPU-s, "
          f"mean depth {o['depth'] / n:.2f}", file=err)
    print(f"ours / KestoG: {o_rate / k_rate:.3f}", file=err)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)


if __name__ == "__main__":
    main()
