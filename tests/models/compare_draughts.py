# Compares the library with an independent model (tests/models/<game>/<game>_model.cc, written
# from variants/<game>/RULES.md) on seeded random positions, half of them capture-rich (kept only
# when the side to move must capture): the U move sets as (origin, destination, captured set,
# promotion), the number of P paths, and perft U and P at depths 1..DEPTH.
#
# Usage: PYTHONPATH=BUILD/python /usr/bin/python3 tests/models/compare_draughts.py \
#            GAME MODEL_BINARY N SEED [DEPTH]
#   GAME: italian or frisian (numeric squares); DEPTH defaults to 3.
# The model reads positions on stdin (`MODEL batch DEPTH`) and writes one line each:
#   keys (from-to-captured-promotion, ';'-separated, sorted) TAB P paths TAB u/p,u/p,... by depth
# Exit status 0 when every position agrees, 1 otherwise.
import random
import subprocess
import sys

import tradgames

# Squares, promotion rows, king-move limit and pieces a side of each game (its RULES.md).
GAMES = {
    # variants/italian/RULES.md §2, §9.1: 32 squares, White crowned on 1-4, Black on 29-32.
    "italian": {"squares": 32, "white_far": range(1, 5), "black_far": range(29, 33), "limit": 0,
                "max": 12},
    # variants/frisian/RULES.md §1.1, §2.3-2.4: 50 squares, far rows 1-5 and 46-50, limit 3.
    "frisian": {"squares": 50, "white_far": range(1, 6), "black_far": range(46, 51), "limit": 3,
                "max": 20},
}


def random_fen(rng, g, dense):
    n = rng.randint(6, 22) if dense else rng.randint(2, 18)
    squares = rng.sample(range(1, g["squares"] + 1), n)
    k = rng.randint(1, n - 1)
    sides = {"W": sorted(squares[:k][:g["max"]]), "B": sorted(squares[k:][:g["max"]])}
    kings_share = rng.choice([0.0, 0.2, 0.5])
    fields, men, kings = [], {}, {}
    for colour, sqs in sides.items():
        far = g["white_far"] if colour == "W" else g["black_far"]
        items, men[colour], kings[colour] = [], 0, []
        for s in sqs:
            king = s in far or rng.random() < kings_share  # no man on its promotion row
            items.append(("K" if king else "") + str(s))
            if king:
                kings[colour].append(s)
            else:
                men[colour] += 1
        fields.append(colour + ",".join(items))
    fen = rng.choice("WB") + ":" + ":".join(fields)
    # The king-move count (variants/frisian/RULES.md §2.4): a king of a side with men may have
    # made 1..limit moves in a row.
    if g["limit"]:
        counts = []
        for colour in "WB":
            if men[colour] and kings[colour] and rng.random() < 0.6:
                counts.append(f"{rng.choice(kings[colour])}={rng.randint(1, g['limit'])}")
        if counts:
            fen += ":L" + ",".join(counts)
    return fen


def library_line(game, fen, depth):
    keys = []
    for m in tradgames.moves(game, fen, False):
        caps = ",".join(str(c) for c in sorted(int(c) for c in m["captured"]))
        keys.append(f"{m['from']}-{m['to']}-{caps}-{0 if m['promotion'] is None else 1}")
    paths = len(tradgames.moves(game, fen, True))
    counts = []
    for d in range(1, depth + 1):
        u = tradgames.perft(game, d, fen=fen)["nodes"]
        p = tradgames.perft(game, d, fen=fen, paths=True)["nodes"]
        counts.append(f"{u}/{p}")
    return ";".join(sorted(keys)) + "\t" + str(paths) + "\t" + ",".join(counts)


def main():
    if len(sys.argv) not in (5, 6) or sys.argv[1] not in GAMES:
        sys.exit(__doc__ or "usage: compare_draughts.py GAME MODEL N SEED [DEPTH]")
    game, model, n, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    depth = int(sys.argv[5]) if len(sys.argv) == 6 else 3
    g = GAMES[game]
    rng = random.Random(seed)
    fens, lines, skipped = [], [], []
    while len(fens) < n:
        dense = len(fens) % 2 == 1
        fen = random_fen(rng, g, dense)
        moves = tradgames.moves(game, fen, False)
        if not moves:
            continue  # a lost position: nothing to compare beyond "no move", kept rare
        if dense and not moves[0]["captured"]:
            continue  # capture-rich half: the side to move must capture
        try:
            lines.append(library_line(game, fen, depth))
        except tradgames.Error as e:  # the library's bounds (e.g. 65536 moves in a list)
            skipped.append((fen, str(e)))
            continue
        fens.append(fen)
    out = subprocess.run([model, "batch", str(depth)], input="\n".join(fens) + "\n",
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("model failed: " + out.stderr.strip())
    model_lines = out.stdout.splitlines()
    if len(model_lines) != len(fens):
        sys.exit(f"model answered {len(model_lines)} of {len(fens)} positions")
    bad = captures = 0
    for fen, lline, mline in zip(fens, lines, model_lines):
        first_key = lline.split("\t")[0].split(";")[0]
        captures += "--" not in first_key  # a quiet move's captured set is empty: "from-to--0"
        if lline != mline:
            bad += 1
            if bad <= 5:
                print("DIFF", fen)
                print("  library", lline)
                print("  model  ", mline)
    for fen, why in skipped[:3]:
        print("skipped (library bound)", fen, why)
    print(f"{game}: positions {len(fens)} (with a capture to make: {captures}), "
          f"depth 1-{depth} U and P, differences {bad}; skipped at the library's bounds: {len(skipped)}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
