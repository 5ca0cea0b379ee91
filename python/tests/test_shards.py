"""The shard functions of the module (tradgames.shards, no Dask): split + sum = perft, U and P,
for every variant; playout shards merged = one run; refused merges name the results."""
import json
import pytest

import tradgames

VARIANTS = [v["name"] for v in tradgames.variants()]
# The digest covers the timing too.
TIMING = ("seconds", "games_per_second", "plies_per_second", "threads", "digest")


def untimed(result):
    if isinstance(result, list):
        return [untimed(r) for r in result]
    return {k: v for k, v in result.items() if k not in TIMING}


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("paths", [False, True])
def test_split_and_sum_equal_perft(name, paths):
    total = 3
    expected = tradgames.perft(name, total, paths=paths)["nodes"]
    # Shatra at 3 plies has millions of distinct positions: split it at up to 2.
    for k in range(0, (2 if name == "shatra" else total) + 1):
        positions = tradgames.perft_split(name, k, paths=paths)
        assert sum(c for _, c in positions) == tradgames.perft(name, k, paths=paths)["nodes"]
        assert tradgames.perft_positions(name, positions, total - k, paths=paths) == expected


def test_split_counts_paths_russian_published():
    # variants/russian/RULES.md §3.2: perft(8) is 929899 with U and 929905 with P.
    for paths, nodes in ((False, 929899), (True, 929905)):
        positions = tradgames.perft_split("russian", 4, paths=paths)
        assert len(positions) < 1469  # transpositions: fewer positions than paths
        assert tradgames.perft_positions("russian", positions, 4, paths=paths) == nodes


@pytest.mark.parametrize("name", VARIANTS)
def test_play_shards_merge_to_one_run(name):
    whole = tradgames.play(name, games=40, seed=3, threads=1)
    parts = [tradgames.play_shard(name, 25, 15, seed=3),
             tradgames.play_shard(name, 0, 25, seed=3, threads=2)]
    merged = tradgames.merge_playouts(parts, ["b", "a"])
    assert untimed(merged) == untimed(whole)
    assert merged["first_game"] == 0 and merged["games"] == 40


def test_merge_refusals_name_the_results():
    a = tradgames.play_shard("russian", 0, 5, seed=1)
    with pytest.raises(tradgames.Error, match="cannot merge: games 0..4 of 'y' overlap games 0..4 of 'x'"):
        tradgames.merge_playouts([a, a], ["x", "y"])
    b = tradgames.play_shard("russian", 5, 5, seed=2)
    with pytest.raises(tradgames.Error, match="'y' has seed 2 but 'x' has seed 1"):
        tradgames.merge_playouts([a, b], ["x", "y"])
    c = tradgames.play_shard("russian", 6, 5, seed=1)
    with pytest.raises(tradgames.Error, match="games 5..5 are in none of the results"):
        tradgames.merge_playouts([a, c], ["x", "y"])




def test_edited_results_are_refused_and_sums_do_not_wrap():
    # issue 32: an edited count was merged silently, and 2^64 - 1 wrapped around.
    a = tradgames.play_shard("russian", 0, 5, seed=1)
    b = tradgames.play_shard("russian", 5, 5, seed=1)
    edited = dict(a, legal_moves=a["legal_moves"] + 1)
    with pytest.raises(tradgames.Error, match="'x': field 'branching_factor' is "):
        tradgames.merge_playouts([edited, b], ["x", "y"])
    edited = dict(a, reasons=[dict(r, reason="agreed") for r in a["reasons"]])
    with pytest.raises(tradgames.Error, match="'x': field 'digest' does not match the content"):
        tradgames.merge_playouts([edited, b], ["x", "y"])
    big = dict(a, legal_moves=2**64 - 1, branching_factor=(2**64 - 1) / a["plies"])
    del big["digest"]
    big["digest"] = _fnv1a64(json.dumps(big, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    assert tradgames.merge_playouts([big])["legal_moves"] == 2**64 - 1  # consistent on its own
    with pytest.raises(tradgames.Error, match="add up to more than 2\\^64 - 1"):
        tradgames.merge_playouts([big, b], ["x", "y"])


def _fnv1a64(text):
    h = 0xcbf29ce484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001b3) % 2**64
    return "fnv1a64:%016x" % h
