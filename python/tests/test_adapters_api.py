"""OpenSpiel- and PettingZoo-shaped adapters as their users expect them (issue 32): undo_action,
child, serialize/deserialize, observation_string, observations from the side to move's view;
seedable action spaces and Gymnasium-shaped observation spaces."""
import random

import numpy as np
import pytest

import tradgames
from tradgames.adapters import AECEnv, OpenSpielGame

VARIANTS = ["russian", "shatra", "tobit", "international", "turkish"]


def random_actions(state, rng, n):
    for _ in range(n):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", VARIANTS)
def test_undo_action_restores_every_state(name):
    game = OpenSpielGame(name)
    state = game.new_initial_state()
    rng = random.Random(name)
    seen = []
    for _ in range(60):
        if state.is_terminal():
            break
        seen.append((state.serialize(), state.board.fen, list(state.board.pending_actions),
                     state.legal_actions()))
        state.apply_action(rng.choice(state.legal_actions()))
    while state.history():
        state.undo_action(state.current_player(), state.history()[-1])
        text, fen, pending, legal = seen.pop()
        assert (state.serialize(), state.board.fen, state.board.pending_actions, state.legal_actions()) == \
            (text, fen, pending, legal)
    assert seen == []
    with pytest.raises(tradgames.IllegalMoveError):
        state.undo_action(0, 5)


def test_undo_inside_a_capture():
    # c3:e5:c7 takes two actions; undoing the second leaves the first pending.
    state = OpenSpielGame("russian", fen="W:Wc3:Bd4,d6").new_initial_state()
    first = state.legal_actions()[0]
    state.apply_action(first)
    second = state.legal_actions()[0]
    state.apply_action(second)
    assert state.board.ply == 1 and not state.board.pending_actions
    state.undo_action(0, second)
    assert state.board.ply == 0 and state.board.pending_actions == [first]
    state.undo_action(0, first)
    assert state.board.pending_actions == [] and state.history() == []


@pytest.mark.parametrize("name", VARIANTS)
def test_child_and_serialize_round_trip(name):
    game = OpenSpielGame(name)
    state = game.new_initial_state()
    random_actions(state, random.Random(1), 40)
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.board == state.board
    if not state.is_terminal():
        a = state.legal_actions()[0]
        c = state.child(a)
        assert c.history() == state.history() + [a]
        assert len(state.history()) + 1 == len(c.history())  # the parent is unchanged
    with pytest.raises(tradgames.ParseError):
        game.deserialize_state("nonsense")
    with pytest.raises(tradgames.ParseError):
        game.deserialize_state(game.new_initial_state().serialize() + "x")


def test_returns_and_rewards_at_every_step():
    state = OpenSpielGame("russian").new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0] and state.rewards() == [0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert sum(state.returns()) == 0.0


def test_side_to_move_view_and_observation_string():
    fen = "B:Wc3,Ka1:Bd6"
    absolute = OpenSpielGame("russian", fen=fen).new_initial_state()
    relative = OpenSpielGame("russian", fen=fen, side_to_move_view=True).new_initial_state()
    obs_a = np.array(absolute.observation_tensor()).reshape(7, 32)
    obs_r = np.array(relative.observation_tensor()).reshape(7, 32)
    # Black to move: its man (plane 2 in White/Black order) is plane 0 from its point of view.
    assert np.array_equal(obs_r[0], obs_a[2]) and np.array_equal(obs_r[2], obs_a[0])
    assert np.array_equal(obs_r[1], obs_a[3]) and np.array_equal(obs_r[3], obs_a[1])
    assert obs_r[0].sum() == 1 and obs_r[2].sum() == 1 and obs_r[3].sum() == 1
    text = absolute.observation_string(1)
    assert str(absolute.board) in text and text.endswith("black to move")


def episode(env, seed):
    env.reset(seed=seed)
    actions = []
    for agent in env.agent_iter(max_iter=400):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        a = env.action_space(agent).sample(obs["action_mask"])
        actions.append(a)
        env.step(a)
    return actions, env.board.fen


def test_seeded_pettingzoo_episodes_repeat():
    env = AECEnv("russian", max_plies=120)
    first = episode(env, 1)
    second = episode(env, 1)
    assert first == second and len(first[0]) > 20
    assert episode(env, 2) != first
    # Seeding the space itself works too, and lasts (the same object on every call).
    space = env.action_space("white")
    assert space is env.action_space("white")
    space.seed(5)
    mask = np.ones(space.n, dtype=np.int8)
    draws = [space.sample(mask) for _ in range(5)]
    space.seed(5)
    assert draws == [space.sample(mask) for _ in range(5)]


def test_observation_space_is_gymnasium_shaped():
    env = AECEnv("shatra")
    space = env.observation_space("black")
    box = space["observation"]
    assert box.shape == tuple(env.variant.observation_shape) and box.dtype == np.float32
    assert box.low.shape == box.shape and (box.low == 0).all() and (box.high == 1).all()
    mask = space["action_mask"]
    assert mask.shape == (env.variant.num_actions,) and mask.dtype == np.int8
    obs = env.observe("white")
    assert space.contains(obs)
    assert obs["observation"].dtype == box.dtype
    assert not space.contains({"observation": obs["observation"] * 3, "action_mask": obs["action_mask"]})
    assert space.contains(space.sample())
    assert env.action_space("white").shape == () and env.action_space("white").dtype == np.int64
