"""Moves explained (issue 27): IllegalMoveError.reason / .rule / .legal, Board.explain and
tradgames.explain carry the library's structured reason (README "Moves explained")."""
import pytest

import tradgames


def test_illegal_move_error_has_the_reason_the_rule_and_the_legal_moves():
    b = tradgames.Board("russian", "W:Wc3,g1:Bd4")
    with pytest.raises(tradgames.IllegalMoveError) as info:
        b.push("g1-h2")
    e = info.value
    assert e.reason == "capture-compulsory"
    assert e.rule == "variants/russian/RULES.md §1.4"
    assert list(e.legal) == ["c3:e5"]
    assert "a capture is compulsory: c3:e5 (variants/russian/RULES.md §1.4)" in str(e)


def test_ambiguous_move_error_lists_the_candidates():
    b = tradgames.Board("english", "W:W23:B18,10,19,11")
    with pytest.raises(tradgames.AmbiguousMoveError) as info:
        b.push("23x7")
    assert info.value.reason == "ambiguous"
    assert info.value.rule == "variants/english/RULES.md §9"
    assert sorted(info.value.legal) == ["23x14x7", "23x16x7"]


def test_an_error_without_a_structured_reason_has_none():
    b = tradgames.Board("russian", "W:Wd6:Be7")
    b.push("d6:f8")
    with pytest.raises(tradgames.IllegalMoveError) as info:
        b.push("f8-e7")  # the game is over
    assert info.value.reason is None and info.value.rule is None and list(info.value.legal) == []


def test_explain_returns_the_json_fields():
    fields = {"text", "legal", "reason", "rule", "message", "move", "alternatives"}
    e = tradgames.explain("italian", "18x11", fen="W:W18:BK14")
    assert set(e) == fields
    assert (e["legal"], e["reason"], e["rule"], e["alternatives"], e["move"]) == (
        False, "forbidden-victim", "variants/italian/RULES.md §5", ["18-13"], None)
    ok = tradgames.Board("russian").explain("c3-d4")
    assert set(ok) == fields
    assert (ok["legal"], ok["reason"], ok["move"], ok["rule"]) == (True, "legal", "c3-d4", None)
    bad = tradgames.explain("russian", "c3-z9")
    assert bad["reason"] == "not-a-move" and "unknown square 'z9'" in bad["message"]
