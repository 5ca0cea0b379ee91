"""The match referee from Python: tradgames.match returns the fields of `tradgames match --json`."""
import json
import pathlib
import subprocess

import pytest

import tradgames as tg

OPENINGS = pathlib.Path(__file__).resolve().parents[2] / "variants" / "russian" / "openings.txt"


def test_match_returns_the_fields_of_match_json_and_the_same_games(cli, tmp_path):
    args = dict(games=4, openings=OPENINGS, movetime=10000)
    r = tg.match(tg.Variant("russian"), "search:depth=2", "random", pdn=tmp_path / "m.pdn", **args)
    out = subprocess.run([cli, "match", "-v", "russian", "--player1", "search:depth=2", "--player2", "random",
                          "--games", "4", "--openings", str(OPENINGS), "--movetime", "10000", "--json"],
                         check=True, capture_output=True, text=True).stdout
    c = json.loads(out)
    assert set(r) == set(c)
    # Deterministic players and seeds: the same games, ignoring the times.
    for key in ("variant", "games", "wins", "draws", "losses", "score", "elo", "openings", "reasons", "game_list",
                "time", "sprt"):
        assert r[key] == c[key], key
    assert r["player1"]["spec"] == "search:depth=2" and r["player2"]["name"] == c["player2"]["name"]
    assert r["wins"] + r["draws"] + r["losses"] == 4
    assert (tmp_path / "m.pdn").read_text().count("[Event ") == 4


def test_match_with_a_clock_and_sprt():
    r = tg.match(tg.Variant("russian"), "greedy", "random", games=2, time=5, increment=0.1, sprt="-10,10")
    assert r["time"] == {"base": 5, "increment": 0.1}
    assert r["sprt"]["decision"] in ("H0", "H1", "continue")


def test_match_refuses_bad_options_naming_them():
    v = tg.Variant("russian")
    with pytest.raises(tg.OptionError, match="search:depth=0"):
        tg.match(v, "search:depth=0", "random")
    with pytest.raises(tg.OptionError, match="games"):
        tg.match(v, "random", "random", games=0)
    with pytest.raises(tg.OptionError, match="movetime"):
        tg.match(v, "random", "random", movetime=0)
    with pytest.raises(tg.ParseError):
        tg.match(v, "random", "random", openings=__file__)
