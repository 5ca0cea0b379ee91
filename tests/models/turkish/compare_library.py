# Compares the library's `turkish` variant with the independent model (turkish_model.cc) on
# random positions: the U move sets as (origin, destination, captured set, promotion), the
# number of P paths, and perft to a small depth. Notation is not compared (the model writes
# RULES.md §13; differences there are reported separately, they do not count as failures).
#
# Usage: /usr/bin/python3 compare_library.py TRADGAMES_CLI MODEL_BINARY N SEED [DEPTH] [--option k=v ...]
#   DEPTH (default 3): perft depth compared per position (U; and P with --paths).
# Model options follow the library options: promotion=end|king|stop -> --promotion=...
# Exit status 0 when every position agrees, 1 otherwise.
import json
import random
import subprocess
import sys


def name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


def random_fen(rng):
    n = rng.randint(2, 18)
    sqs = rng.sample(range(64), n)
    k = rng.randint(1, n - 1)
    white, black = sqs[:k][:16], sqs[k:][:16]
    parts = []
    for colour, ss, promo_rank in (("W", white, 7), ("B", black, 0)):
        items = []
        for s in sorted(ss):
            king = s // 8 == promo_rank or rng.random() < 0.3  # no man on its promotion rank
            items.append(("K" if king else "") + name(s))
        parts.append(colour + ",".join(items))
    return rng.choice("WB") + ":" + ":".join(parts)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(" ".join(cmd) + ": " + r.stderr.strip())
    return r.stdout


def main():
    lib, model, n, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rest = sys.argv[5:]
    depth = 3
    if rest and not rest[0].startswith("--"):
        depth = int(rest[0])
        rest = rest[1:]
    lib_opts, model_opts = [], []
    i = 0
    while i < len(rest):
        if rest[i] == "--option" and i + 1 < len(rest):
            lib_opts += ["--option", rest[i + 1]]
            k, _, v = rest[i + 1].partition("=")
            if k == "promotion":
                model_opts.append("--promotion=" + v)
            i += 2
        else:
            sys.exit("unknown argument " + rest[i])
    rng = random.Random(seed)
    bad = notation_diffs = 0
    for _ in range(n):
        fen = random_fen(rng)
        lib_moves = json.loads(run([lib, "moves", "--variant", "turkish", "--fen", fen, "--json"] + lib_opts))
        lib_keys = sorted((m["from"], m["to"], ",".join(sorted(m["captured"])), "0" if m["promotion"] is None else "1")
                          for m in lib_moves)
        mod_keys = sorted((a, b, ",".join(sorted([] if c == "-" else c.split(","))), p)
                          for a, b, c, p in (l.split() for l in run([model, "keys", fen] + model_opts).splitlines()))
        lib_paths = len(json.loads(run([lib, "moves", "--variant", "turkish", "--fen", fen, "--json", "--paths"] + lib_opts)))
        counts = run([model, "perft", str(depth), fen] + model_opts).splitlines()[1:]
        mod_p1 = int(counts[0].split()[2])
        mod_u, mod_p = (int(x) for x in counts[-1].split()[1:3])
        lib_u = json.loads(run([lib, "perft", "--variant", "turkish", "--fen", fen, "--depth", str(depth), "--json"] + lib_opts))["nodes"]
        lib_p = json.loads(run([lib, "perft", "--variant", "turkish", "--fen", fen, "--depth", str(depth), "--json", "--paths"] + lib_opts))["nodes"]
        ok = lib_keys == mod_keys and lib_paths == mod_p1 and lib_u == mod_u and lib_p == mod_p
        if not ok:
            bad += 1
            if bad <= 5:
                print("DIFF", fen)
                print("  library U", lib_keys, "P", lib_paths, "perft", lib_u, lib_p)
                print("  model   U", mod_keys, "P", mod_p1, "perft", mod_u, mod_p)
        lib_text = sorted(m["notation"] for m in lib_moves)
        mod_text = sorted(run([model, "moves", fen] + model_opts).split())
        if lib_text != mod_text:
            notation_diffs += 1
            if notation_diffs <= 3:
                print("notation", fen, "library", lib_text, "model", mod_text)
    print(f"positions {n}, differences {bad}, notation differences {notation_diffs}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
