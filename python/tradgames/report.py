"""The report of a variant study (README "Variant studies"): ``write_report(result, directory)``
writes study.json and study.csv (what the tables come from), report.md (tables, plots linked),
report.html (self-contained: the same tables, the plots embedded) and the plots as PNG files,
drawn with matplotlib (Debian's python3-matplotlib):

* draw_rate.png: draw rate with its 95% interval against the (self-play) player, per variant;
* first_player.png: the first player's score per variant and player, with intervals;
* lengths.png: the distribution of game length per variant, one panel per player;
* measures.png: decisiveness, length, branching, capture share, promotions, lead changes,
  uncertainty and drama per variant and player, with intervals;
* pairings.png (with ``--mixed``): the ladder, one panel per variant: the score of the row's
  player against the column's over both colours, with the Elo difference and its interval.

``python3 -m tradgames.report DIR`` does the same from DIR/study.json (``tradgames study
--report DIR`` runs it).
"""

from __future__ import annotations

import base64
import html
import json
import os
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

Result = Dict[str, Any]

#: The measures of the main table: (key, heading, format).
TABLE = [
    ("first_player_score", "first player score", "{:.3f}"),
    ("balance", "balance", "{:.3f}"),
    ("decisiveness", "decisive", "{:.3f}"),
    ("draw_rate", "draws", "{:.3f}"),
    ("length", "plies", "{:.1f}"),
    ("branching_factor", "branching", "{:.2f}"),
    ("capture_move_share", "capture moves", "{:.3f}"),
    ("capture_length", "pieces/capture", "{:.2f}"),
    ("promotions_per_game", "promotions", "{:.2f}"),
    ("lead_changes_per_game", "lead changes", "{:.2f}"),
    ("uncertainty", "uncertainty", "{:.3f}"),
    ("drama", "drama", "{:.3f}"),
    ("seconds_per_game", "s/game", "{:.3f}"),
]


def _cell(e: Dict[str, Any], fmt: str) -> str:
    if e["value"] is None:
        return "-"
    s = fmt.format(e["value"])
    if e["low"] is not None and e["high"] is not None:
        s += " [" + fmt.format(e["low"]) + ", " + fmt.format(e["high"]) + "]"
    return s


def _self_play(result: Result) -> List[Dict[str, Any]]:
    return [c for c in result["cells"] if c["white"] == c["black"]]


def _tables(result: Result) -> List[Tuple[str, List[str], List[List[str]]]]:
    """(title, header, rows) of every table of the report."""
    tables = []
    header = ["variant", "White", "Black", "games"] + [h for _, h, _ in TABLE]
    rows = [[c["variant"], c["white"], c["black"], str(c["games"])] +
            [_cell(c["measures"][k], f) for k, _, f in TABLE] for c in result["cells"]]
    tables.append(("Measures (value [95% interval])", header, rows))
    rows = []
    for c in result["cells"]:
        for r in c["reasons"]:
            rows.append([c["variant"], c["white"], c["black"], r["outcome"], r["reason"], str(r["games"]),
                         _cell(r["share"], "{:.3f}")])
    tables.append(("Games by outcome and the rule that decided them",
                   ["variant", "White", "Black", "outcome", "reason", "games", "share [95%]"], rows))
    if result.get("pairings"):
        rows = []
        for p in result["pairings"]:
            rows.append([p["variant"], p["a"], p["b"], "+%d =%d -%d" % (p["wins"], p["draws"], p["losses"]),
                         "%.3f" % p["score"], "%s [%s, %s]" % _elo_texts(p)])
        tables.append(("Pairings: A against B, both colours", ["variant", "A", "B", "A: +wins =draws -losses",
                                                               "A's score", "Elo of A over B [95%]"], rows))
    return tables


def _elo_texts(p: Dict[str, Any]) -> Tuple[str, str, str]:
    """A's Elo over B in a pairing and its interval's ends, as text; a null end is the infinity
    on the side of 0.5 its score (or score bound) lies."""
    def elo(x: Optional[float], inf: str) -> str:
        return inf if x is None else "%+.0f" % x
    half = 1.959964 * p["score_stderr"]
    return (elo(p["elo"], "-inf" if p["score"] <= 0.5 else "+inf"),
            elo(p["elo_low"], "-inf" if p["score"] - half <= 0.5 else "+inf"),
            elo(p["elo_high"], "-inf" if p["score"] + half <= 0.5 else "+inf"))


def _errorbars(ax: Any, xs: Sequence[float], estimates: Sequence[Dict[str, Any]], **kw: Any) -> None:
    ys, lo, hi, xx = [], [], [], []
    for x, e in zip(xs, estimates):
        if e["value"] is None:
            continue
        xx.append(x)
        ys.append(e["value"])
        lo.append(max(0.0, e["value"] - (e["low"] if e["low"] is not None else e["value"])))
        hi.append(max(0.0, (e["high"] if e["high"] is not None else e["value"]) - e["value"]))
    ax.errorbar(xx, ys, yerr=[lo, hi], capsize=3, **kw)


def _plots(result: Result, directory: str) -> List[Tuple[str, str]]:
    """Draws the plots into directory; returns (file name, caption) of each."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Twenty distinct colours (tab20, its strong shades first): fourteen games stay apart.
    tab20 = plt.get_cmap("tab20").colors
    plt.rcParams["axes.prop_cycle"] = plt.cycler(color=list(tab20[0::2]) + list(tab20[1::2]))
    variants = result["variants"]
    players = result["players"]
    cells = {(c["variant"], c["white"], c["black"]): c for c in result["cells"]}
    out = []

    fig, ax = plt.subplots(figsize=(8, 4.5))
    xs = list(range(len(players)))
    for i, v in enumerate(variants):
        est = [cells[(v, p, p)]["measures"]["draw_rate"] for p in players]
        _errorbars(ax, [x + (i - len(variants) / 2) * 0.03 for x in xs], est, marker="o", label=v)
    ax.set_xticks(xs, players, rotation=15)
    ax.set_ylabel("draw rate (self-play, 95% Wilson)")
    ax.set_ylim(-0.02, 1.02)
    ax.legend(fontsize="small", ncol=2)
    ax.set_title("Draw rate against player strength")
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "draw_rate.png"), dpi=100)
    plt.close(fig)
    out.append(("draw_rate.png", "Draw rate of self-play against the player, per variant (95% Wilson intervals)."))

    fig, ax = plt.subplots(figsize=(max(8, len(variants) * 0.9), 4.5))
    width = 0.8 / max(1, len(players))
    for j, p in enumerate(players):
        est = [cells[(v, p, p)]["measures"]["first_player_score"] for v in variants]
        _errorbars(ax, [i + (j - (len(players) - 1) / 2) * width for i in range(len(variants))], est,
                   marker="s", linestyle="none", label=p)
    ax.axhline(0.5, color="grey", linewidth=0.8)
    ax.set_xticks(range(len(variants)), variants, rotation=30, ha="right")
    ax.set_ylabel("first player's score (95% t)")
    ax.legend(fontsize="small")
    ax.set_title("The first player's advantage (self-play)")
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "first_player.png"), dpi=100)
    plt.close(fig)
    out.append(("first_player.png", "The first player's score per game (win 1, draw 1/2) in self-play, "
                "per variant and player; 0.5 is balance."))

    fig, axes = plt.subplots(1, len(players), figsize=(4 * len(players), 3.6), squeeze=False, sharey=True)
    for j, p in enumerate(players):
        ax = axes[0][j]
        for v in variants:
            h = cells[(v, p, p)]["counts"]["length_histogram"]
            n = sum(h.values())
            lengths = sorted(int(k) for k in h)
            # Games per 10-ply bin, as a share of the cell's games.
            bins: Dict[int, int] = {}
            for L in lengths:
                bins[L // 10 * 10] = bins.get(L // 10 * 10, 0) + h[str(L)]
            if not bins:
                continue
            xs2 = list(range(0, max(bins) + 20, 10))  # a last empty bin closes the steps
            ax.step(xs2, [bins.get(x, 0) / n for x in xs2], where="post", label=v)
        ax.set_title(p, fontsize="small")
        ax.set_xlabel("plies")
    axes[0][0].set_ylabel("share of games per 10 plies")
    axes[0][-1].legend(fontsize="x-small", ncol=2)
    fig.suptitle("Game length (self-play)")
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "lengths.png"), dpi=100)
    plt.close(fig)
    out.append(("lengths.png", "Distribution of game length in self-play, one panel per player."))

    keys = ["decisiveness", "length", "branching_factor", "capture_move_share", "promotions_per_game",
            "lead_changes_per_game", "uncertainty", "drama"]
    fig, axes = plt.subplots(2, 4, figsize=(16, 7), squeeze=False)
    for k, key in enumerate(keys):
        ax = axes[k // 4][k % 4]
        for j, p in enumerate(players):
            est = [cells[(v, p, p)]["measures"][key] for v in variants]
            _errorbars(ax, [i + (j - (len(players) - 1) / 2) * width for i in range(len(variants))], est,
                       marker="o", linestyle="none", markersize=3, label=p)
        ax.set_title(key, fontsize="small")
        ax.set_xticks(range(len(variants)), variants, rotation=60, ha="right", fontsize="x-small")
    axes[0][0].legend(fontsize="x-small")
    fig.suptitle("Measures per variant and player (self-play, 95% intervals)")
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "measures.png"), dpi=100)
    plt.close(fig)
    out.append(("measures.png", "Measures per variant and player in self-play, with their 95% intervals."))

    if result.get("pairings"):
        out.append(_pairings_plot(result, directory, plt))
    return out


def _pairings_plot(result: Result, directory: str, plt: Any) -> Tuple[str, str]:
    """The ladder: per variant a matrix of the row player's score against the column player."""
    variants = result["variants"]
    players = result["players"]
    n = len(players)
    fig, axes = plt.subplots(1, len(variants), figsize=(1.6 * n * len(variants) + 1.5, 1.3 * n + 1.8),
                             squeeze=False)
    image = None
    for k, v in enumerate(variants):
        ax = axes[0][k]
        score = [[float("nan")] * n for _ in range(n)]
        label = [[""] * n for _ in range(n)]
        for p in result["pairings"]:
            if p["variant"] != v:
                continue
            a, b = players.index(p["a"]), players.index(p["b"])
            e, lo, hi = _elo_texts(p)

            def neg(t: str) -> str:  # B's Elo over A: the sign turned
                return t if t.lstrip("+-") == "0" else ("-" if t[0] == "+" else "+") + t[1:]
            score[a][b] = p["score"]
            score[b][a] = 1 - p["score"]
            label[a][b] = "%.2f\n%s\n[%s, %s]" % (p["score"], e, lo, hi)
            label[b][a] = "%.2f\n%s\n[%s, %s]" % (1 - p["score"], neg(e), neg(hi), neg(lo))
        image = ax.imshow(score, cmap="RdBu", vmin=0, vmax=1)
        for i in range(n):
            for j in range(n):
                if label[i][j]:
                    dark = abs(score[i][j] - 0.5) > 0.35
                    ax.text(j, i, label[i][j], ha="center", va="center", fontsize=7,
                            color="white" if dark else "black")
        ax.set_xticks(range(n), players, rotation=30, ha="right", fontsize="small")
        ax.set_yticks(range(n), players if k == 0 else [""] * n, fontsize="small")
        ax.set_title(v)
    fig.colorbar(image, ax=axes[0].tolist(), shrink=0.8, label="score of the row's player")
    fig.suptitle("Pairings: the row's player against the column's, both colours (score, Elo [95%])")
    fig.savefig(os.path.join(directory, "pairings.png"), dpi=100, bbox_inches="tight")
    plt.close(fig)
    return ("pairings.png", "The ladder of players: per variant, the score of the row's player against the "
            "column's over both colours, with the Elo difference and its 95% interval (the pairings table).")


def _settings_line(result: Result) -> str:
    return ("variants %s; players %s%s; %d games per cell (games %d..%d); seed %d; %d random opening plies; "
            "ply cap %d; score depth %d; %.1f s on %d threads" % (
                ", ".join(result["variants"]), ", ".join(result["players"]),
                " (and every mixed pairing)" if result["mixed"] else "", result["games"], result["first_game"],
                result["first_game"] + result["games"] - 1, result["seed"], result["opening_plies"],
                result["ply_cap"], result["score_depth"], result["seconds"], result["threads"]))


def write_report(result: Result, directory: Union[str, os.PathLike], data: bool = True) -> None:
    """Writes study.json and study.csv (unless ``data`` is false: they are there already), the
    plots, report.md and report.html into ``directory`` (made if missing)."""
    from .study import study_csv

    directory = os.fspath(directory)
    os.makedirs(directory, exist_ok=True)
    clean = {k: v for k, v in result.items() if k != "records"}
    if data:
        with open(os.path.join(directory, "study.json"), "w") as f:
            f.write(json.dumps(clean, sort_keys=True, separators=(",", ":")) + "\n")
        with open(os.path.join(directory, "study.csv"), "w") as f:
            f.write(study_csv(clean))
    plots = _plots(clean, directory)
    tables = _tables(clean)

    md = ["# Variant study", "", _settings_line(clean), "",
          "Intervals: Wilson for shares of games, Student t for means per game, ratio-t (games as "
          "clusters) for means per position; README \"Variant studies\" defines every measure.", ""]
    for title, header, rows in tables:
        md += ["## " + title, "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        md += ["| " + " | ".join(r) + " |" for r in rows]
        md.append("")
    md += ["## Plots", ""]
    for name, caption in plots:
        md += ["![%s](%s)" % (caption, name), "", caption, ""]
    with open(os.path.join(directory, "report.md"), "w") as f:
        f.write("\n".join(md))

    h = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Variant study</title><style>"
         "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:80%}"
         "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}img{max-width:100%}"
         "</style></head><body><h1>Variant study</h1>",
         "<p>" + html.escape(_settings_line(clean)) + "</p>"]
    for title, header, rows in tables:
        h.append("<h2>" + html.escape(title) + "</h2><table><tr>" +
                 "".join("<th>" + html.escape(x) + "</th>" for x in header) + "</tr>")
        for r in rows:
            h.append("<tr>" + "".join("<td>" + html.escape(x) + "</td>" for x in r) + "</tr>")
        h.append("</table>")
    h.append("<h2>Plots</h2>")
    for name, caption in plots:
        with open(os.path.join(directory, name), "rb") as f:
            data = base64.b64encode(f.read()).decode("ascii")
        h.append("<figure><img src=\"data:image/png;base64,%s\" alt=\"%s\"><figcaption>%s</figcaption></figure>"
                 % (data, html.escape(caption), html.escape(caption)))
    h.append("</body></html>")
    with open(os.path.join(directory, "report.html"), "w") as f:
        f.write("\n".join(h))


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python3 -m tradgames.report DIR   (reads DIR/study.json)", file=sys.stderr)
        return 2
    path = os.path.join(argv[0], "study.json")
    try:
        with open(path) as f:
            result = json.load(f)
    except (OSError, ValueError) as e:
        print("tradgames.report: cannot read %s: %s" % (path, e), file=sys.stderr)
        return 2
    write_report(result, argv[0], data=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
