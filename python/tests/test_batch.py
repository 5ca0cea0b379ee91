"""Batch calls return the command line's --json objects field for field (only timings differ)."""
import json
import pathlib
import subprocess

import pytest

import tradgames

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "russian"
TIMING = {"seconds", "games_per_second", "plies_per_second", "digest"}  # the digest covers timing


def run_cli(cli, *args):
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def untimed(x):
    if isinstance(x, dict):
        return {k: untimed(v) for k, v in x.items() if k not in TIMING}
    if isinstance(x, list):
        return [untimed(v) for v in x]
    return x


def test_variants_equal_cli(cli):
    assert tradgames.variants() == run_cli(cli, "variants")


@pytest.mark.parametrize("fen,paths", [(None, False), ("B:We5,e3,c3,c5:Bd6", True),
                                       ("W:Wd6:Be7", False)])
def test_moves_equal_cli(cli, fen, paths):
    args = ["moves", "-v", "russian"] + (["--fen", fen] if fen else []) + (["--paths"] if paths else [])
    assert tradgames.moves("russian", fen=fen, paths=paths) == run_cli(cli, *args)
    board = tradgames.Board("russian", fen)
    assert [m.to_dict() for m in board.generate_moves(paths=paths)] == run_cli(cli, *args)


def test_perft_equal_cli(cli):
    py = tradgames.perft("russian", 5, divide=True, paths=True)
    assert set(py) == {"variant", "depth", "nodes", "seconds", "counting", "divide"}
    assert untimed(py) == untimed(run_cli(cli, "perft", "-v", "russian", "-d", "5", "--divide", "--paths"))


def test_play_equal_cli(cli):
    py = tradgames.play("tobit", games=40, seed=7, threads=2, policy="greedy", ply_cap=300)
    cl = run_cli(cli, "play", "-v", "tobit", "-n", "40", "-s", "7", "-t", "2", "--policy", "greedy",
                 "--ply-cap", "300")
    assert set(py) == set(cl)
    assert untimed(py) == untimed(cl)
    assert py["games"] == 40 and sum(py["outcomes"].values()) == 40


def test_play_statistics_do_not_depend_on_threads():
    a = untimed(tradgames.play("russian", games=30, seed=3, threads=1))
    b = untimed(tradgames.play("russian", games=30, seed=3, threads=2))
    a.pop("threads"), b.pop("threads")
    assert a == b


def test_compare_equal_cli(cli):
    py = tradgames.compare(["russian", "tobit-4x4"], games=20, seed=2, threads=1)
    cl = run_cli(cli, "compare", "--variants", "russian,tobit-4x4", "-n", "20", "-s", "2", "-t", "1")
    assert [c["variant"] for c in py] == ["russian", "tobit-4x4"]
    assert untimed(py) == untimed(cl)


def test_replay_equal_cli(cli, tmp_path):
    files = sorted(str(p) for p in DATA.glob("*.pdn"))[:4] + [str(tmp_path / "missing.pdn")]
    assert files, "no PDN test data"
    out = subprocess.run([cli, "replay", *files, "--json"], capture_output=True, text=True)
    assert out.returncode == 2  # the missing file
    assert tradgames.replay(files) == json.loads(out.stdout)


def test_replay_text_and_pdn_round_trip():
    b = tradgames.Board("russian")
    for m in ["c3-d4", "b6-a5", "d4-c5", "d6:b4", "a3:c5"]:
        b.push(m)
    text = b.pdn(tags=[("White", "A"), ("Black", "B")])
    assert '[White "A"]' in text and "1. c3-d4 b6-a5" in text
    (rec,) = tradgames.read_pdn(text)
    assert rec["moves"] == ["c3-d4", "b6-a5", "d4-c5", "d6:b4", "a3:c5"]
    assert ["White", "A"] in rec["tags"] and rec["result"] == "*"
    assert tradgames.write_pdn(b, tags=[("White", "A"), ("Black", "B")]) == text
    r = tradgames.replay(text=text, name="game.pdn")
    assert r["summary"]["ok"] == 1 and r["games"][0]["plies"] == 5 and r["games"][0]["white"] == "A"
    assert r["files"] == [{"file": "game.pdn", "games": 1, "error": None}]


def test_pdn_errors():
    with pytest.raises(tradgames.PdnError) as e:
        tradgames.read_pdn('[Event "x"\n1. c3-d4 *')
    assert e.value.game == 1 and e.value.line >= 1
    bad = tradgames.replay(text='[Event "x"]\n1. c3-d4 c3-d4 *')
    g = bad["games"][0]
    assert (g["ok"], g["error_kind"], g["failed_ply"]) == (False, "illegal", 2)
    with pytest.raises(tradgames.OptionError):
        tradgames.replay(text="1. c3-d4 *", variant="nope")
