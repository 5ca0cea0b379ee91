"""Speed of the Python module against the command line (README "Python": speed).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--cli build/tradgames]

1. Per-call cost of a Python loop over a board: legal_moves, push(Move), push(text), pop, and
   the agent calls (legal_actions, legal_action_mask, observation, apply_action), timed over
   seeded random games (best of 5 rounds, microseconds per call).
2. perft and play from Python against the same runs of the CLI: each side's own timing (the
   "seconds" field both report), median of 5 runs, and the ratio.
Prints a Markdown table.
"""

import argparse
import json
import pathlib
import random
import statistics
import subprocess
import time

import tradgames


def loop_costs(variant, games, seed):
    """Microseconds per call of the board calls over `games` seeded random games."""
    rng = random.Random(seed)
    totals = {k: 0.0 for k in ("legal_moves", "push(Move)", "push(text)", "pop")}
    counts = {k: 0 for k in totals}
    clock = time.perf_counter
    for _ in range(games):
        b = tradgames.Board(variant)
        texts = []
        while not b.is_game_over():
            t0 = clock()
            moves = b.legal_moves
            t1 = clock()
            m = moves[rng.randrange(len(moves))]
            t2 = clock()
            b.push(m)
            t3 = clock()
            totals["legal_moves"] += t1 - t0
            totals["push(Move)"] += t3 - t2
            counts["legal_moves"] += 1
            counts["push(Move)"] += 1
            texts.append(m.notation)
        while b.ply:
            t0 = clock()
            b.pop()
            totals["pop"] += clock() - t0
            counts["pop"] += 1
        for text in texts:
            t0 = clock()
            b.push(text)
            totals["push(text)"] += clock() - t0
            counts["push(text)"] += 1
    return {k: totals[k] / counts[k] * 1e6 for k in totals}, counts["legal_moves"]


def agent_costs(variant, games, seed):
    rng = random.Random(seed)
    names = ("legal_actions", "legal_action_mask", "observation", "apply_action")
    totals = {k: 0.0 for k in names}
    n = 0
    clock = time.perf_counter
    for _ in range(games):
        b = tradgames.Board(variant)
        while not b.is_game_over():
            t0 = clock()
            actions = b.legal_actions()
            t1 = clock()
            b.legal_action_mask()
            t2 = clock()
            b.observation()
            t3 = clock()
            b.apply_action(actions[rng.randrange(len(actions))])
            t4 = clock()
            for k, dt in zip(names, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                totals[k] += dt
            n += 1
    return {k: totals[k] / n * 1e6 for k in names}


def best_of(rounds, f):
    results = [f() for _ in range(rounds)]
    keys = results[0][0].keys() if isinstance(results[0], tuple) else results[0].keys()
    pick = (lambda r: r[0]) if isinstance(results[0], tuple) else (lambda r: r)
    return {k: min(pick(r)[k] for r in results) for k in keys}


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def side_by_side(cli, runs, label, py_call, cli_args):
    py = [py_call()["seconds"] for _ in range(runs)]
    cl = [cli_json(cli, *cli_args)["seconds"] for _ in range(runs)]
    p, c = statistics.median(py), statistics.median(cl)
    print(f"| {label} | {p:.3f} s | {c:.3f} s | {p / c:.2f} |")


def main():
    ap = argparse.ArgumentParser()
    default_cli = pathlib.Path(tradgames.__file__).resolve().parents[2] / "tradgames"
    ap.add_argument("--cli", default=str(default_cli))
    ap.add_argument("--games", type=int, default=40, help="random games per loop round")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()

    print("| variant | call | µs per call |")
    print("|---|---|---|")
    for v in ("russian", "shatra"):
        costs = best_of(a.runs, lambda: loop_costs(v, a.games, 1))
        costs.update(best_of(a.runs, lambda: agent_costs(v, a.games, 1)))
        for k, us in costs.items():
            print(f"| {v} | {k} | {us:.2f} |")
    print()
    print("| run | Python | CLI | ratio |")
    print("|---|---|---|---|")
    side_by_side(a.cli, a.runs, "perft russian depth 10", lambda: tradgames.perft("russian", 10),
                 ["perft", "-v", "russian", "-d", "10"])
    side_by_side(a.cli, a.runs, "perft shatra depth 3", lambda: tradgames.perft("shatra", 3),
                 ["perft", "-v", "shatra", "-d", "3"])
    side_by_side(a.cli, a.runs, "play russian 20000 games, 1 thread",
                 lambda: tradgames.play("russian", games=20000, threads=1),
                 ["play", "-v", "russian", "-n", "20000", "-t", "1"])
    side_by_side(a.cli, a.runs, "play shatra 2000 games, 1 thread",
                 lambda: tradgames.play("shatra", games=2000, threads=1),
                 ["play", "-v", "shatra", "-n", "2000", "-t", "1"])


if __name__ == "__main__":
    main()
