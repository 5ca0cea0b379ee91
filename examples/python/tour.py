# A tour of the Python module, in notebook cells (`# %%`: VS Code, Jupyter's jupytext, or
# plain `python3 tour.py`). Run from the repository root after building:
#
#   PYTHONPATH=build/python /usr/bin/python3 examples/python/tour.py
#
# It plays a game, draws the final position as SVG (tour.svg; in Jupyter the board draws
# itself), runs perft, and compares two variants over seeded random playouts.
# TRADGAMES_EXAMPLE_QUICK=1 makes the numbers small (CI).

# %% Set up
import os
import random
import tempfile

import tradgames

quick = os.environ.get("TRADGAMES_EXAMPLE_QUICK") == "1"
print("variants:", ", ".join(v["name"] for v in tradgames.variants()))

# %% Play a game: the first legal capture when there is one, else a random move
rng = random.Random(2026)
board = tradgames.Board("russian")
while not board.is_game_over():
    moves = board.legal_moves
    captures = [m for m in moves if m.is_capture]
    board.push(captures[0] if captures else rng.choice(moves))
result = board.result()
print(f"{board.ply} plies, {result.outcome} ({result.reason})")
print("moves:", " ".join(m.notation for m in board.move_stack[:12]), "...")
print(board)  # the text board

# %% Draw it: in Jupyter `board` alone shows the SVG with the last move marked
svg_path = os.path.join(tempfile.gettempdir() if quick else ".", "tour.svg")
with open(svg_path, "w", encoding="utf-8") as f:
    f.write(board._repr_svg_())
print("SVG written to", svg_path, f"({os.path.getsize(svg_path)} bytes)")

# %% The game as PDN
print(board.pdn(tags=[("Event", "tour.py"), ("White", "captures first"), ("Black", "random")]))

# %% Perft: the published Russian figures (variants/russian/RULES.md §3.2)
for depth in range(1, 6 if quick else 9):
    r = tradgames.perft("russian", depth)
    print(f"perft({depth}) = {r['nodes']:>9}  ({r['seconds']:.3f} s)")

# %% Compare two variants over seeded random playouts (same fields as `tradgames compare --json`)
games = 20 if quick else 500
a, b = tradgames.compare(["russian", "tobit"], games=games, seed=1)
print(f"{'':24}{a['variant']:>10}{b['variant']:>10}")
for label, key in [("mean length (plies)", ("length", "mean")),
                   ("branching factor", ("branching_factor",)),
                   ("forced capture share", ("forced_capture_share",)),
                   ("white score", ("white_score",))]:
    va, vb = a, b
    for k in key:
        va, vb = va[k], vb[k]
    print(f"{label:24}{va:>10.3f}{vb:>10.3f}")
print(f"{'games per second':24}{a['games_per_second']:>10.0f}{b['games_per_second']:>10.0f}")
