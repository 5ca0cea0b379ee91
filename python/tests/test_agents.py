"""The action encoding, masks, observations, and the OpenSpiel / PettingZoo shaped adapters."""
import random

import numpy as np
import pytest

import tradgames
from tradgames.adapters import AECEnv, OpenSpielGame, TERMINAL_PLAYER

VARIANTS = [v["name"] for v in tradgames.variants()]  # every registered game
RETURNS = {"white_wins": [1.0, -1.0], "black_wins": [-1.0, 1.0], "draw": [0.0, 0.0]}


def test_shapes_and_first_actions():
    b = tradgames.Board("russian")
    V = 32
    assert b.num_actions == V * V + tradgames.MAX_CHOICES == b.variant.num_actions
    mask = b.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (b.num_actions,)
    assert sorted(np.flatnonzero(mask).tolist()) == b.legal_actions()
    # Every initial move is one step from..to over the vertex order.
    names = b.variant.vertices
    expected = sorted(names.index(m.from_) * V + names.index(m.to) for m in b.legal_moves)
    assert b.legal_actions() == expected
    obs = b.observation()
    assert obs.dtype == np.float32 and obs.shape == (2 * 2 + 3, V) == b.variant.observation_shape
    assert obs[0].sum() == 12 and obs[2].sum() == 12  # white men, black men
    assert obs[1].sum() == obs[3].sum() == obs[4].sum() == 0  # no kings, White to move


def test_capture_is_one_action_per_jump():
    # variants/russian/RULES.md §5 T3: e3:c5:a7 is one move of two jumps.
    b = tradgames.Board("russian", "W:We3:Bb6,d4,f4")
    names, V = b.variant.vertices, 32
    a = lambda x, y: names.index(x) * V + names.index(y)  # noqa: E731
    assert b.legal_actions() == sorted([a("e3", "c5"), a("e3", "g5")])
    assert b.apply_action(a("e3", "c5")) is None  # the capture goes on
    assert b.turn == "white" and b.pending_actions == [a("e3", "c5")] and b.ply == 0
    obs = b.observation()
    assert obs[5, names.index("c5")] == 1 and obs[5].sum() == 1
    assert b.legal_actions() == [a("c5", "a7")]
    m = b.apply_action(a("c5", "a7"))
    assert m.notation == "e3:c5:a7" and b.ply == 1 and b.pending_actions == []
    with pytest.raises(tradgames.IllegalMoveError):
        b.apply_action(0)


def reachable_by_actions(board):
    """Positions reachable from board by one whole move made of actions (all branches)."""
    out = set()
    stack = [board.copy()]
    while stack:
        b = stack.pop()
        for act in b.legal_actions():
            c = b.copy()
            played = c.apply_action(act)
            if played is None:
                stack.append(c)
            else:
                out.add(c.fen)
    return out


@pytest.mark.parametrize("name", VARIANTS)
def test_actions_reach_exactly_the_legal_moves(name):
    rng = random.Random(11)
    checked = games = 0
    while checked < 200 and games < 30:
        games += 1
        b = tradgames.Board(name)
        while not b.is_game_over() and b.ply < 120:
            after = set()
            for m in b.legal_moves:
                c = b.copy()
                c.push(m)
                after.add(c.fen)
            assert reachable_by_actions(b) == after, b.fen
            checked += 1
            b.push(rng.choice(b.legal_moves))
    assert checked >= 200


def test_move_actions_attribute():
    b = tradgames.Board("russian", "W:We3:Bb6,d4,f4")
    for m in b.generate_moves(paths=True):
        c = b.copy()
        for act in m.actions:
            played = c.apply_action(act)
        assert played.notation == m.notation


@pytest.mark.parametrize("name,seed", [(v, s) for v in VARIANTS for s in (1, 2)])
def test_openspiel_random_game_matches_library_game(name, seed):
    rng = random.Random(seed)
    game = OpenSpielGame(name)
    state = game.new_initial_state()
    library = tradgames.Board(name)  # the library's own Game, fed the same moves
    assert game.num_distinct_actions() == library.num_actions
    assert game.observation_tensor_size() == len(state.observation_tensor())
    while not state.is_terminal():
        player = state.current_player()
        assert player == (0 if library.turn == "white" else 1)
        actions = state.legal_actions()
        assert actions == sorted(actions) and actions
        assert sum(state.legal_actions_mask()) == len(actions)
        assert state.legal_actions(1 - player) == []
        if not state.board.pending_actions:
            firsts = {m.actions[0] for m in library.generate_moves(paths=True)}
            assert set(a for a in actions if a < library.num_actions - tradgames.MAX_CHOICES) == firsts
        before = state.board.ply
        clone = state.clone()
        state.apply_action(rng.choice(actions))
        assert clone.board.ply == before  # a clone does not follow the original
        if state.board.ply > before:
            library.push(state.board.move_stack[-1].notation)
            assert library.fen == state.board.fen
    assert state.current_player() == TERMINAL_PLAYER
    assert library.is_game_over()
    assert state.board.result() == library.result()
    assert state.returns() == RETURNS[library.result().outcome]
    assert state.legal_actions() == []


@pytest.mark.parametrize("name,seed", [(v, s) for v in VARIANTS for s in (3, 4)])
def test_pettingzoo_random_game_matches_library_game(name, seed):
    rng = np.random.default_rng(seed)
    env = AECEnv(name)
    env.reset(seed=seed)
    library = tradgames.Board(name)
    assert env.possible_agents == ["white", "black"]
    shapes = env.observation_space("white")
    final = {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        assert obs["observation"].shape == shapes["observation"].shape
        assert obs["action_mask"].shape == shapes["action_mask"].shape
        if termination or truncation:
            final[agent] = (reward, info)
            env.step(None)
            continue
        assert agent == library.turn
        other = "black" if agent == "white" else "white"
        assert env.action_mask(other).sum() == 0
        legal = np.flatnonzero(env.action_mask(agent))
        before = env.board.ply
        env.step(int(rng.choice(legal)))
        if env.board.ply > before:
            library.push(env.board.move_stack[-1].notation)
    assert env.agents == [] and set(final) == {"white", "black"}
    result = library.result()
    assert library.is_game_over() and env.board.result() == result
    white, black = RETURNS[result.outcome]
    assert final["white"][0] == white and final["black"][0] == black
    assert final["white"][1] == {"outcome": result.outcome, "reason": result.reason}


def test_pettingzoo_truncation():
    env = AECEnv("russian", max_plies=4)
    steps = 0
    for agent in env.agent_iter():
        _, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.action_mask(agent))[0]))
        steps += 1
    assert env.board.ply == 4 and not env.board.is_game_over()


def test_choice_action_ends_a_move_that_may_go_on():
    # Shatra: a capturing biy may stop its sequence after any jump (variants/shatra/RULES.md
    # §3.1, biy privilege 1), so both 35:19 and 35:19:21 are legal here.
    b = tradgames.Board("shatra", "W:WK35,Q61,R55,R58,Y54,Y56,59,60,62,41,46-52:"
                                  "BK10,Q27,R8,R20,Y7,Y9,1,3,4,6,11-17")
    names, V = b.variant.vertices, 62
    assert {"35:19", "35:19:21"} <= {m.notation for m in b.legal_moves}
    assert b.apply_action(names.index("35") * V + names.index("19")) is None
    go_on = names.index("19") * V + names.index("21")
    assert b.legal_actions() == [go_on, V * V]
    assert b.action_to_string(V * V) == "choice 0" and b.action_to_string(go_on) == "19>21"
    assert b.copy().apply_action(V * V).notation == "35:19"
    assert b.copy().apply_action(go_on).notation == "35:19:21"
