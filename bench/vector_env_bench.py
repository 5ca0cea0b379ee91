"""Speed of tradgames.VectorEnv from Python (README "Batched environments": speed).

    PYTHONPATH=build/python /usr/bin/python3 bench/vector_env_bench.py [--envs 256] [--rounds 5]

Environment steps (one action in one game, observations and masks written) per second of wall
time and per second of this process's CPU time (time.process_time: all threads; per
core-second, the figure a shared machine distorts least), median of the rounds:

1. every registered game: step_random (legal actions drawn in C++), 1 thread;
2. russian: step_random on 1 and 2 threads; actions from NumPy (sample_actions into an int64
   array, then step(actions), every action checked); actions chosen by NumPy from the masks
   (argmax of random keys over the legal actions);
3. russian: a Python loop over one Board taking a random legal action per step with
   apply_action, with and without legal_action_mask() and observation() per step, and the
   VectorEnv/loop ratio.
Prints Markdown tables.
"""

import argparse
import random
import statistics
import time

import numpy as np

import tradgames


def timed(fn, seconds):
    """Runs fn() (returning the steps it took) for about `seconds`; (steps/s, steps/cpu_s).
    The CPU clock is read at the start and the end only: time.process_time() is a system call
    (about 2 us here, as much as 7 of VectorEnv's steps), perf_counter() is not."""
    steps = 0
    w0, c0 = time.perf_counter(), time.process_time()
    while True:
        steps += fn()
        w = time.perf_counter() - w0
        if w >= seconds:
            c = time.process_time() - c0
            return steps / w, steps / max(c, 1e-9)


def env_rate(variant, envs, threads, mode, seconds):
    env = tradgames.VectorEnv(variant, envs, seed=1, threads=threads)
    out = env.buffers()
    env.reset(out=out)
    actions = np.empty(envs, dtype=np.int64)
    for _ in range(100):  # warm-up: games of all ages
        env.step_random(out=out, actions=actions)
    rng = np.random.default_rng(1)

    def random_step():
        env.step_random(out=out, actions=actions)
        return envs

    def numpy_actions():
        env.sample_actions(out=actions)
        env.step(actions, out=out)
        return envs

    def numpy_choice():
        keys = rng.random(out["action_mask"].shape, dtype=np.float32)
        keys[~out["action_mask"]] = -1.0
        env.step(keys.argmax(axis=1), out=out)
        return envs

    return timed({"random": random_step, "numpy": numpy_actions, "choice": numpy_choice}[mode], seconds)


def board_loop_rate(variant, with_outputs, seconds):
    rng = random.Random(1)
    state = {"b": tradgames.Board(variant)}

    def steps():
        b = state["b"]
        n = 0
        for _ in range(200):
            if b.is_game_over():
                b = state["b"] = tradgames.Board(variant)
            if with_outputs:
                legal = np.flatnonzero(b.legal_action_mask())
                b.apply_action(int(legal[rng.randrange(len(legal))]))
                b.observation()
            else:
                legal = b.legal_actions()
                b.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return timed(steps, seconds)


def fmt(x):
    return "{:.2f} M".format(x / 1e6) if x >= 1e6 else "{:.0f} k".format(x / 1e3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0)
    a = ap.parse_args()

    def median(fn):
        runs = [fn() for _ in range(a.rounds)]
        return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)

    print("| game | steps/s | steps/cpu_s |")
    print("|---|---:|---:|")
    for v in [x["name"] for x in tradgames.variants()]:
        w, c = median(lambda: env_rate(v, a.envs, 1, "random", a.seconds))
        print("| {} | {} | {} |".format(v, fmt(w), fmt(c)))

    rows = [
        ("VectorEnv.step_random, 1 thread", lambda: env_rate("russian", a.envs, 1, "random", a.seconds)),
        ("VectorEnv.step_random, 2 threads", lambda: env_rate("russian", a.envs, 2, "random", a.seconds)),
        ("sample_actions + step(actions), 1 thread", lambda: env_rate("russian", a.envs, 1, "numpy", a.seconds)),
        ("sample_actions + step(actions), 2 threads", lambda: env_rate("russian", a.envs, 2, "numpy", a.seconds)),
        ("NumPy choice from masks + step, 1 thread", lambda: env_rate("russian", a.envs, 1, "choice", a.seconds)),
        ("Board loop: apply_action", lambda: board_loop_rate("russian", False, a.seconds)),
        ("Board loop: apply_action + mask + observation", lambda: board_loop_rate("russian", True, a.seconds)),
    ]
    results = {}
    # The rounds alternate between the rows, so that a change of load hits them alike.
    runs = {name: [] for name, _ in rows}
    for _ in range(a.rounds):
        for name, fn in rows:
            runs[name].append(fn())
    for name, _ in rows:
        results[name] = (statistics.median(r[0] for r in runs[name]), statistics.median(r[1] for r in runs[name]))
    print()
    print("| russian, {} envs | steps/s | steps/cpu_s |".format(a.envs))
    print("|---|---:|---:|")
    for name, _ in rows:
        w, c = results[name]
        print("| {} | {} | {} |".format(name, fmt(w), fmt(c)))
    base = results["Board loop: apply_action + mask + observation"]
    bare = results["Board loop: apply_action"]
    for name in ("VectorEnv.step_random, 1 thread", "sample_actions + step(actions), 1 thread"):
        w, c = results[name]
        print("{}: {:.0f}x / {:.0f}x the loop with mask and observation, {:.0f}x / {:.0f}x the bare "
              "apply_action loop (wall / cpu)".format(name, w / base[0], c / base[1], w / bare[0], c / bare[1]))


if __name__ == "__main__":
    main()
