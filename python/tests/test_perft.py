"""perft from Python against published figures (cited where the repository cites them)."""
import pytest

import tradgames

# variants/russian/RULES.md §3.2: U from the start (several independent sources agree).
RUSSIAN_U = [7, 49, 302, 1469, 7482, 37986, 190146, 929899]
# variants/tobit/RULES.md §7.1 (published to depth 4, an independent model beyond).
TOBIT_U = [5, 25, 205, 1645, 12867]
TOBIT_4X4_U = [4, 16, 112, 784, 5112]
# variants/shatra/RULES.md §9 item 6: 154 and 154^2.
SHATRA_U = [154, 23716]


@pytest.mark.parametrize("depth", range(1, 9))
def test_russian_start(depth):
    assert tradgames.perft("russian", depth)["nodes"] == RUSSIAN_U[depth - 1]


def test_russian_p_counting_depth_8():
    # variants/russian/RULES.md §3.2: P at depth 8 is 929905.
    r = tradgames.perft("russian", 8, paths=True)
    assert (r["nodes"], r["counting"]) == (929905, "P")


# variants/russian/RULES.md §3.4: English checkers from the start, P (OEIS A133046, Aart Bik,
# dctl).
ENGLISH_P = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]


@pytest.mark.skipif("english" not in [v["name"] for v in tradgames.variants()],
                    reason="english is not registered in this build")
def test_english_start_published():
    got = [tradgames.perft("english", d, paths=True)["nodes"] for d in range(1, 9)]
    assert got == ENGLISH_P


def test_no_bulk_equals_bulk():
    assert tradgames.perft("russian", 6, bulk=False)["nodes"] == RUSSIAN_U[5]


def test_divide_sums_to_perft():
    r = tradgames.perft("russian", 4, divide=True)
    assert sum(e["nodes"] for e in r["divide"]) == RUSSIAN_U[3] == r["nodes"]
    assert [e["move"] for e in r["divide"]] == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4",
                                               "g3-f4", "g3-h4"]


@pytest.mark.parametrize("name,figures", [("tobit", TOBIT_U), ("tobit-4x4", TOBIT_4X4_U),
                                          ("shatra", SHATRA_U)])
def test_other_games(name, figures):
    assert [tradgames.perft(name, d)["nodes"] for d in range(1, len(figures) + 1)] == figures


def test_board_perft_counts_from_its_position():
    b = tradgames.Board("russian")
    b.push("c3-d4")
    # The 7 first moves give 49 leaves at depth 2; after c3-d4 depth 1 is its divide entry.
    div = tradgames.perft("russian", 2, divide=True)["divide"]
    assert b.perft(1)["nodes"] == dict((e["move"], e["nodes"]) for e in div)["c3-d4"]


def test_depth_zero_is_one():
    assert tradgames.perft("russian", 0)["nodes"] == 1
