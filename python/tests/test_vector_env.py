"""tradgames.VectorEnv: the same games as single Boards fed the same actions, same-step
autoreset with the final observation kept, results independent of the thread count."""
import numpy as np
import pytest

import tradgames

VARIANTS = [v["name"] for v in tradgames.variants()]  # every registered game
RETURNS = {"white_wins": {"white": 1.0, "black": -1.0}, "black_wins": {"white": -1.0, "black": 1.0},
           "draw": {"white": 0.0, "black": 0.0}}


def play_along(name, seed, num_envs=3, steps=400, max_plies=0, threads=1, view="absolute"):
    """Steps a VectorEnv with actions drawn by NumPy from its masks and the same actions on one
    Board per environment; checks every output against the Boards. Returns the games finished."""
    rng = np.random.default_rng(seed)
    env = tradgames.VectorEnv(name, num_envs, seed=seed, threads=threads, view=view, max_plies=max_plies)
    boards = [tradgames.Board(name) for _ in range(num_envs)]
    obs, info = env.reset()
    finished = 0

    def check(i, obs_row, mask_row, player):
        b = boards[i]
        assert mask_row.tolist() == b.legal_action_mask().tolist()
        expected = b.observation()
        if view == "side_to_move" and b.turn == "black":
            k = len(b.variant.kinds)
            expected = np.concatenate([expected[k:2 * k], expected[:k], expected[2 * k:]])
        assert np.array_equal(obs_row, expected)
        assert player == (0 if b.turn == "white" else 1)
        assert env.fen(i) == b.fen and env.ply(i) == b.ply
        assert env.pending_actions(i) == b.pending_actions

    for i in range(num_envs):
        check(i, obs[i], info["action_mask"][i], info["current_player"][i])
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]], dtype=np.int64)
        movers = [b.turn for b in boards]
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, b in enumerate(boards):
            b.apply_action(int(actions[i]))
            over = b.is_game_over()
            cut = not over and max_plies > 0 and b.ply >= max_plies and not b.pending_actions
            assert terminated[i] == over and truncated[i] == cut
            assert info["_final_observation"][i] == (over or cut)
            if over:
                assert reward[i] == RETURNS[b.result().outcome][movers[i]]
            else:
                assert reward[i] == 0.0
            if over or cut:
                final = b.observation()
                if view == "side_to_move" and b.turn == "black":
                    k = len(b.variant.kinds)
                    final = np.concatenate([final[k:2 * k], final[:k], final[2 * k:]])
                assert np.array_equal(info["final_observation"][i], final)
                finished += 1
                boards[i] = tradgames.Board(name)  # the environment starts again at once
                assert env.ply(i) == 0
            check(i, obs[i], info["action_mask"][i], info["current_player"][i])
    assert sum(env.episodes(i) for i in range(num_envs)) == finished
    return finished


@pytest.mark.parametrize("name,seed", [(v, s) for v in VARIANTS for s in (1, 2, 3)])
def test_vector_env_equals_boards(name, seed):
    finished = play_along(name, seed, steps=300, max_plies=60 if seed == 3 else 0)
    if seed == 3:
        assert finished > 0  # truncations at least


@pytest.mark.parametrize("name", ["russian", "shatra", "tobit"])
def test_vector_env_games_reach_their_end_and_restart(name):
    assert play_along(name, 5, num_envs=2, steps=700) >= 1


@pytest.mark.parametrize("name", ["russian", "shatra"])
def test_side_to_move_view(name):
    play_along(name, 7, num_envs=2, steps=150, view="side_to_move")


@pytest.mark.parametrize("name", ["russian", "shatra", "international"])
def test_rotated_view(name):
    """view="rotated": the games of the absolute view for the same seed; White's rows as in the
    absolute view; Black's board turned half a turn (the mover plays up), plane 2K zero, and the
    actions sampled turned with it (a start square on the mover's side)."""
    plain = tradgames.VectorEnv(name, 4, seed=5, max_plies=50)
    turned = tradgames.VectorEnv(name, 4, seed=5, max_plies=50, view="rotated")
    k = len(plain.variant.kinds)
    po, pi = plain.reset()
    ro, ri = turned.reset()
    a_plain = np.empty(4, dtype=np.int64)
    a_turned = np.empty(4, dtype=np.int64)
    black_rows = 0
    for _ in range(200):
        for i in range(4):
            assert plain.fen(i) == turned.fen(i)
            assert ri["current_player"][i] == pi["current_player"][i]
            if pi["current_player"][i] == 0:
                assert np.array_equal(ro[i], po[i])
                assert np.array_equal(ri["action_mask"][i], pi["action_mask"][i])
            else:
                black_rows += 1
                assert not ro[i][2 * k].any() and po[i][2 * k].all()
                if name == "russian":  # vertices a1, c1, ..., h8 in rows: the half turn of x is 31 - x
                    assert np.array_equal(ro[i][:2 * k], np.concatenate([po[i][k:2 * k], po[i][:k]])[:, ::-1])
                assert ri["action_mask"][i].sum() == pi["action_mask"][i].sum()
        po, _, pt, _, pi = plain.step_random(actions=a_plain)
        ro, _, rt, _, ri = turned.step_random(actions=a_turned)
        assert np.array_equal(pt, rt)
    assert black_rows > 100


def run_random(name, threads, steps=120):
    env = tradgames.VectorEnv(name, 7, seed=11, threads=threads)
    out = env.buffers()
    env.reset(out=out)
    trace = []
    actions = np.empty(7, dtype=np.int64)
    for _ in range(steps):
        env.step_random(out=out, actions=actions)
        trace.append({k: v.copy() for k, v in out.items() if k != "final_observation"})
        trace[-1]["actions"] = actions.copy()
    return trace, [env.episodes(i) for i in range(7)]


@pytest.mark.parametrize("name", VARIANTS)
def test_same_results_for_one_and_two_threads(name):
    one, ep1 = run_random(name, 1)
    two, ep2 = run_random(name, 2)
    assert ep1 == ep2
    for a, b in zip(one, two):
        for k in a:
            assert np.array_equal(a[k], b[k]), k


def test_reset_seed_repeats_the_games():
    env = tradgames.VectorEnv("russian", 4, seed=3)
    env.reset()
    first = [env.step_random()[0].copy() for _ in range(50)]
    env.reset(seed=3)
    again = [env.step_random()[0].copy() for _ in range(50)]
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    env.reset(seed=4)
    other = [env.step_random()[0].copy() for _ in range(50)]
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))


def test_out_buffers_are_written_in_place():
    env = tradgames.VectorEnv("russian", 5, threads=2)
    out = env.buffers()
    obs, info = env.reset(out=out)
    assert obs is out["observation"] and info["action_mask"] is out["action_mask"]
    actions = env.sample_actions()
    assert all(out["action_mask"][i, a] for i, a in enumerate(actions))
    obs, reward, terminated, truncated, info = env.step(actions, out=out)
    assert obs is out["observation"] and reward is out["reward"] and terminated is out["terminated"]
    assert (out["current_player"] == 1).all()  # Black to move after White's first move


def test_bad_input():
    env = tradgames.VectorEnv("russian", 2)
    env.reset()
    before = [env.fen(i) for i in range(2)]
    with pytest.raises(tradgames.IllegalMoveError, match="environment 1"):
        env.step(np.array([env.sample_actions()[0], 0]))
    assert [env.fen(i) for i in range(2)] == before  # nothing taken
    with pytest.raises(TypeError):
        env.step(np.array([0.5, 1.5]))
    with pytest.raises(TypeError):
        env.step(np.array([1, 2, 3]))
    out = env.buffers()
    out["reward"] = np.zeros(3, dtype=np.float32)
    with pytest.raises(ValueError, match="reward"):
        env.reset(out=out)
    out = env.buffers()
    out["observation"] = np.zeros((2, 7, 32), dtype=np.float64)
    with pytest.raises(TypeError, match="observation"):
        env.reset(out=out)
    with pytest.raises(tradgames.OptionError):
        tradgames.VectorEnv("russian", 2, view="mine")
    with pytest.raises(tradgames.OptionError):
        tradgames.VectorEnv("russian", 2, max_plies=-1)
    with pytest.raises(tradgames.OptionError, match="decided"):
        tradgames.VectorEnv("russian", 2, fen="W:W:Bc3")
    with pytest.raises(tradgames.OptionError):
        tradgames.VectorEnv("nope", 2)
    with pytest.raises(tradgames.OptionError, match="65536"):
        tradgames.VectorEnv("russian", 65537)


def test_final_observation_flags_written_in_place():
    # info["_final_observation"] is out's array, rewritten each step (no allocation per step);
    # without out= (or without that key) a fresh array, same values.
    env = tradgames.VectorEnv("russian", 16, seed=3, max_plies=6)
    out = env.buffers()
    env.reset(out=out)
    done_seen = 0
    for _ in range(40):
        _, _, terminated, truncated, info = env.step_random(out=out)
        assert info["_final_observation"] is out["_final_observation"]
        assert info["_final_observation"].tolist() == (terminated | truncated).tolist()
        done_seen += int(info["_final_observation"].sum())
    assert done_seen > 0
    del out["_final_observation"]
    _, _, terminated, truncated, info = env.step_random(out=out)
    assert info["_final_observation"].tolist() == (terminated | truncated).tolist()
    assert "_final_observation" not in out


def test_module_writes_final_observation_flags():
    # The module writes out["_final_observation"] (terminated | truncated) itself when it is a
    # writeable contiguous bool array of the right shape, and says so (the wrapper then skips
    # its NumPy call); any other array is left to the wrapper, which computes the flags as before.
    env = tradgames.VectorEnv("russian", 16, seed=5, max_plies=6)
    out = env.buffers()
    env.reset(out=out)
    raw = env._env
    actions = np.empty(16, dtype=np.int64)
    done_seen = 0
    for k in range(40):
        out["_final_observation"][:] = True  # stale values: all must be rewritten
        if k % 2:
            assert raw.step_random(out, None) is True
        else:
            env.sample_actions(out=actions)
            assert raw.step(actions, out) is True
        assert out["_final_observation"].tolist() == (out["terminated"] | out["truncated"]).tolist()
        done_seen += int(out["_final_observation"].sum())
    assert 0 < done_seen < 40 * 16
    for odd in (np.zeros(15, dtype=np.bool_), np.zeros(16, dtype=np.uint8), np.zeros(32, dtype=np.bool_)[::2], None):
        out["_final_observation"] = odd
        assert raw.step_random(out, None) is False
        _, _, terminated, truncated, info = env.step_random(out=out)
        assert info["_final_observation"].tolist() == (terminated | truncated).tolist()
