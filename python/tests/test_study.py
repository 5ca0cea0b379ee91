"""tradgames.study (README "Variant studies"): the measures recounted independently from the game
records (replayed move by move with tradgames.Board, intervals computed here from their
textbook formulas), shards merged = one run, thread counts, refusals, and the report."""
import json
import math
import os
import shutil
import subprocess

import pytest

import tradgames

Z = 1.959963984540054
#: Student t quantile t(0.975, 11), from a statistics table (12 games -> 11 degrees of freedom).
T11 = 2.200985

TIMING_CELL = ("seconds", "seconds_sq")


def untimed(r):
    r = {k: v for k, v in r.items() if k not in ("seconds", "threads", "digest", "records")}
    cells = []
    for c in r["cells"]:
        c = {k: v for k, v in c.items() if k not in TIMING_CELL}
        c["measures"] = {k: v for k, v in c["measures"].items() if k != "seconds_per_game"}
        cells.append(c)
    r["cells"] = cells
    return r


def wilson(k, n):
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z / d * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return max(0.0, c - h), min(1.0, c + h)


def material(fen):
    """White's material minus Black's from a Russian FEN: man 100, king 300 (the generic
    weights: Russian ships no weights file)."""
    diff = 0
    for part in fen.split(":")[1:]:
        side = 1 if part[0] == "W" else -1
        for sq in filter(None, part[1:].split(",")):
            diff += side * (300 if sq.startswith("K") else 100)
    return diff


def test_measures_recounted_from_the_records():
    r = tradgames.study(["russian"], ["greedy"], games=12, seed=11, threads=2, records=True)
    cell, games = r["cells"][0], r["records"][0]
    assert len(games) == 12
    plies = legal = capture_positions = capture_moves = pieces = promotions = leads = 0
    outcomes = {"white_wins": 0, "black_wins": 0, "draw": 0}
    lengths, per_game_leads = [], []
    for g in games:
        b = tradgames.Board("russian")
        leader = game_leads = 0
        for text in g["moves"]:
            moves = b.legal_moves
            legal += len(moves)
            capture_positions += any(m.is_capture for m in moves)
            m = next(m for m in moves if m.notation == text)
            capture_moves += m.is_capture
            pieces += len(m.captured)
            promotions += m.promotion is not None
            b.push(text)
            d = material(b.fen)
            now = (d > 0) - (d < 0)
            if now:
                game_leads += leader != 0 and now != leader
                leader = now
        res = b.result()
        assert res.over and res.outcome == g["result"] and res.reason == g["reason"]
        outcomes[res.outcome] += 1
        assert g["lead_changes"] == game_leads
        per_game_leads.append(game_leads)
        lengths.append(len(g["moves"]))
        plies += len(g["moves"])
    k = cell["counts"]
    assert k["length"]["a"] == plies and k["branching"]["a"] == legal
    assert k["capture_positions"]["a"] == capture_positions and k["capture_moves"]["a"] == capture_moves
    assert k["capture_length"]["a"] == pieces and k["promotions"]["a"] == promotions
    assert k["outcomes"] == outcomes
    m = cell["measures"]
    lo, hi = wilson(outcomes["white_wins"], 12)
    assert m["first_player_win_rate"]["low"] == pytest.approx(lo) and m["first_player_win_rate"]["high"] == pytest.approx(hi)
    lo, hi = wilson(outcomes["draw"], 12)
    assert m["draw_rate"]["low"] == pytest.approx(lo) and m["draw_rate"]["high"] == pytest.approx(hi)
    mean = plies / 12
    s = math.sqrt(sum((x - mean) ** 2 for x in lengths) / 11)
    assert m["length"]["value"] == pytest.approx(mean)
    assert m["length"]["high"] == pytest.approx(mean + T11 * s / math.sqrt(12), rel=1e-6)
    mean = sum(per_game_leads) / 12
    s = math.sqrt(sum((x - mean) ** 2 for x in per_game_leads) / 11)
    assert m["lead_changes_per_game"]["high"] == pytest.approx(mean + T11 * s / math.sqrt(12), rel=1e-6)
    # Branching as a ratio with games as clusters (delta method).
    a = [g["legal_moves"] for g in games]
    bb = [g["plies"] for g in games]
    R = sum(a) / sum(bb)
    se = math.sqrt(sum((x - R * y) ** 2 for x, y in zip(a, bb)) / (12 * 11)) / (sum(bb) / 12)
    assert m["branching_factor"]["value"] == pytest.approx(R)
    assert m["branching_factor"]["low"] == pytest.approx(R - T11 * se, rel=1e-6)


def test_shards_merge_into_the_single_run_for_any_thread_count():
    kw = dict(variants=["tobit", "english"], players=["random", "search:depth=1"], mixed=True, seed=3)
    whole = tradgames.study(games=9, threads=1, **kw)
    assert untimed(tradgames.study(games=9, threads=3, **kw)) == untimed(whole)
    a = tradgames.study(games=4, **kw)
    b = tradgames.study(games=5, first_game=4, **kw)
    assert untimed(tradgames.merge_studies([b, a])) == untimed(whole)
    with pytest.raises(tradgames.Error, match="ranges overlap"):
        tradgames.merge_studies([a, a], ["a", "a again"])
    edited = json.loads(json.dumps(a))
    edited["cells"][0]["counts"]["outcomes"]["draw"] += 1
    with pytest.raises(tradgames.Error, match="digest"):
        tradgames.merge_studies([edited, b])


def test_bad_settings_are_refused():
    with pytest.raises(tradgames.OptionError, match="nosuch"):
        tradgames.study(["nosuch"])
    with pytest.raises(tradgames.OptionError, match="unknown option 'dpth'"):
        tradgames.study(["russian"], ["search:dpth=2"])
    with pytest.raises(tradgames.OptionError, match="not a built-in player"):
        tradgames.study(["russian"], ["cb:x.so"])
    with pytest.raises(tradgames.OptionError):
        tradgames.study([], ["random"])


def test_the_cli_prints_the_fields_python_returns():
    cli = os.environ.get("TRADGAMES_CLI") or shutil.which("tradgames")
    if not cli:
        pytest.skip("no tradgames command (TRADGAMES_CLI)")
    out = subprocess.run([cli, "study", "--variants", "russian", "--players", "random,greedy", "-n", "5",
                          "--seed", "4", "--json"], check=True, capture_output=True, text=True).stdout
    assert untimed(json.loads(out)) == untimed(tradgames.study(["russian"], ["random", "greedy"], games=5, seed=4))


def test_report_files_and_tables(tmp_path):
    pytest.importorskip("matplotlib")
    r = tradgames.study(["russian", "turkish:promotion=king"], ["random", "greedy"], games=6, mixed=True,
                        report=tmp_path)
    for name in ("study.json", "study.csv", "report.md", "report.html", "draw_rate.png", "first_player.png",
                 "lengths.png", "measures.png", "pairings.png"):
        assert (tmp_path / name).stat().st_size > 0, name
    md = (tmp_path / "report.md").read_text()
    assert "(pairings.png)" in md and "The ladder of players" in (tmp_path / "report.html").read_text()
    assert "| turkish:promotion=king | greedy | random | 6 |" in md
    assert "Pairings" in md
    assert json.loads((tmp_path / "study.json").read_text())["digest"] == r["digest"]
    assert (tmp_path / "study.csv").read_text() == tradgames.study_csv(r)
    # Without --mixed there are no pairings and no ladder plot.
    tradgames.study(["russian"], ["random"], games=2, report=tmp_path / "self")
    assert not (tmp_path / "self" / "pairings.png").exists()
