"""The engine with endgame databases against itself without them, in endgames taken from
self-play games (issue 28; README "Endgame databases: `egtb`", "The engine with databases").

Start positions: for each of the first --positions lines of variants/<variant>/openings.txt,
the engine at depth 2 plays itself from the opening until at most --pieces pieces are left (a game
that ends before gives no position; a position reached twice counts once). From each start position three games are played at
--depth: without databases on both sides (the baseline), the database engine as White, and the
database engine as Black. The score is the database engine's over the last two; a result
"changed" where a game with the databases differs from the baseline.

  PYTHONPATH=build/python /usr/bin/python3 bench/egtb_match.py --variant russian --egtb DIR
"""
import argparse
import math
import os

import tradgames

SCORE = {"white_wins": (1.0, 0.0), "black_wins": (0.0, 1.0), "draw": (0.5, 0.5)}


def pieces(board):
    """Pieces on the board, from the position string (W:W...:B...)."""
    fen = board.fen
    return sum(len([s for s in part[1:].split(",") if s]) for part in fen.split(":")[1:])


def play(board, white, black, depth, ply_cap):
    """Plays board (a copy) to its end; returns (outcome, reason, plies)."""
    b = board.copy()
    for e in (white, black):
        e.clear()
    start = len(b.move_stack)
    while not b.is_game_over():
        if len(b.move_stack) - start >= ply_cap:
            return "draw", f"ply cap ({ply_cap})", ply_cap
        e = white if b.turn == "white" else black
        b.push(e.search(b, depth=depth)["best"])
    r = b.result()
    return r.outcome, r.reason, len(b.move_stack) - start


def start_positions(variant, count, most, root):
    opening_file = os.path.join(root, "variants", variant, "openings.txt")
    lines = [ln.split("#")[0].strip() for ln in open(opening_file)]
    lines = [ln for ln in lines if ln][:count]
    engine = tradgames.Engine(tradgames.Variant(variant))
    out = []
    seen = set()
    for line in lines:
        b = tradgames.Board(variant)
        for m in line.split():
            if not m[0].isdigit() or "-" in m or ":" in m or "x" in m:
                b.push(m)
        engine.clear()
        while not b.is_game_over() and pieces(b) > most and len(b.move_stack) < 400:
            b.push(engine.search(b, depth=2)["best"])
        if not b.is_game_over() and pieces(b) <= most and b.fen not in seen:
            seen.add(b.fen)  # games from different openings may meet in one endgame
            out.append(tradgames.Board(variant, fen=b.fen))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="russian")
    ap.add_argument("--egtb", required=True, help="directory of the variant's databases (egtb build)")
    ap.add_argument("--positions", type=int, default=40, help="openings to take endgames from")
    ap.add_argument("--pieces", type=int, default=6, help="start when at most this many pieces are left")
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--ply-cap", type=int, default=300)
    a = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    v = tradgames.Variant(a.variant)
    plain = [tradgames.Engine(v), tradgames.Engine(v)]
    db = tradgames.Engine(v, egtb=a.egtb)
    positions = start_positions(a.variant, a.positions, a.pieces, root)
    scores = []
    pairs = []  # per position: the database engine's mean score over its two games
    better = worse = 0  # games where the database side scored more / less than in the baseline
    changed = []
    for p in positions:
        base = play(p, plain[0], plain[1], a.depth, a.ply_cap)
        as_white = play(p, db, plain[1], a.depth, a.ply_cap)
        as_black = play(p, plain[0], db, a.depth, a.ply_cap)
        scores += [SCORE[as_white[0]][0], SCORE[as_black[0]][1]]
        pairs.append((scores[-2] + scores[-1]) / 2)
        for got, side in ((as_white, 0), (as_black, 1)):
            d = SCORE[got[0]][side] - SCORE[base[0]][side]
            better += d > 0
            worse += d < 0
        if as_white[0] != base[0] or as_black[0] != base[0]:
            changed.append((p.fen, base, as_white, as_black))
    n = len(scores)
    mean = sum(scores) / n
    # The interval comes from the pairs (the same endgame with colours swapped), whose scores
    # are independent; a game's score alone mostly measures who stood better in the endgame.
    m = len(pairs)
    sd = math.sqrt(sum((s - mean) ** 2 for s in pairs) / (m - 1)) if m > 1 else 0.0
    half = 1.96 * sd / math.sqrt(m)
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    print(f"{a.variant}: {len(positions)} distinct endgames (<= {a.pieces} pieces) from {a.positions} openings, "
          f"depth {a.depth}, databases: {a.egtb}")
    print(f"database engine: {n} games, +{wins} ={draws} -{n - wins - draws}, score {mean:.3f} "
          f"(95% interval over the {m} colour-swapped pairs {mean - half:.3f} .. {mean + half:.3f})")
    print(f"against the baseline: {better} games better for the database engine, {worse} worse")
    print(f"results changed by the databases: {len(changed)} positions")
    for fen, base, w, b in changed:
        print(f"  {fen}: without {base[0]} ({base[1]}, {base[2]} plies); databases as White {w[0]} "
              f"({w[1]}, {w[2]}); as Black {b[0]} ({b[1]}, {b[2]})")


if __name__ == "__main__":
    main()
