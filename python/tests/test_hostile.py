"""Hostile input: seeded random text into every entry point raises tradgames.Error (or a
TypeError), never crashes the interpreter."""
import random

import pytest

import tradgames

ALPHABET = "WBK:,-x.0123456789abcdefghQRY\" []{}()*;%\n\x00\xff"


def junk(rng, n):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(n)))


@pytest.mark.parametrize("name", ["russian", "tobit", "shatra"])
def test_random_text_raises_errors_only(name):
    rng = random.Random(name)
    board = tradgames.Board(name)
    for _ in range(400):
        text = junk(rng, 40)
        try:
            tradgames.Board(name, text)
        except tradgames.Error:
            pass
        try:
            board.push(text)
            board.pop()
        except tradgames.Error:
            pass
        try:
            tradgames.read_pdn(text)
        except tradgames.PdnError:
            pass
        report = tradgames.replay(text=text, variant=name)
        assert report["summary"]["games"] == len(report["games"])
        with pytest.raises(tradgames.Error):
            tradgames.Variant.from_json("{" + text)


def test_bad_actions():
    b = tradgames.Board("russian")
    for a in (-1, 10**6, b.num_actions, b.num_actions - 1):
        with pytest.raises(tradgames.IllegalMoveError):
            b.apply_action(a)
    assert b.action_to_string(-1).startswith("invalid")


@pytest.mark.parametrize("where", ['"man":{"steps":%s}', '"capture":{"precedence":%s}',
                                   '"king":{"victims":%s}',
                                   '"options":[{"name":"a","default":"x","choices":{"x":%s}}]'])
def test_deeply_nested_descriptor_raises(where):
    # issue 32: 100,000 levels used to overflow the stack and kill the interpreter.
    deep = "[" * 100000 + "]" * 100000
    text = '{"base":"russian","name":"x",' + (where % deep) + "}"
    with pytest.raises(tradgames.DescriptorError, match=r"nested more than 64 levels deep"):
        tradgames.Variant.from_json(text)
