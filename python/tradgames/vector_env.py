"""Batched environments: N games stepped at once in C++ (README "Batched environments").

``VectorEnv`` has the return values of Gymnasium's vector API (``gymnasium.vector.VectorEnv``,
same-step autoreset) without importing Gymnasium (not a Debian package). Actions and
observations are those of ``Board`` (README "Actions and observations"). The stepping loop runs
in C++ with the GIL released, split over ``threads``; results depend on the seed only, never on
the number of threads.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import numpy as np

from ._core import Variant, _VectorEnv

Buffers = Dict[str, np.ndarray]


class VectorEnv:
    """``num_envs`` games of ``variant`` played by actions.

    * ``reset(seed=None, out=None)`` -> ``(observation, info)``
    * ``step(actions, out=None)`` -> ``(observation, reward, terminated, truncated, info)``

    ``observation``: float32 ``(num_envs, 2K + 3, V)`` planes (``view="side_to_move"``: planes
    ``0..K-1`` hold the side to move's pieces, ``K..2K-1`` its opponent's; ``view="rotated"``:
    the same, and when Black moves the board turned half a turn so that the mover plays up, plane
    2K zero, and the masks, the actions taken and the actions sampled in that turned numbering
    too). ``reward``: float32,
    to the side that took the action: +1 it won, -1 it lost, 0 otherwise. ``terminated``: the
    game ended by its rules; ``truncated``: it reached ``max_plies`` (0 = never). ``info`` holds
    ``action_mask`` (bool ``(num_envs, num_actions)``), ``current_player`` (int8, 0 White,
    1 Black: who acts next), and after a step ``final_observation`` (rows valid where
    ``_final_observation`` is True) . A finished game is reset in the same step: the other outputs
    describe the new game.

    ``actions``: int64 ``(num_envs,)``; every action is checked before any is taken
    (IllegalMoveError names the first environment with an illegal one; then nothing changed).
    ``out``: a dict from ``buffers()``, written in place and returned (no array allocated per
    step). ``seed`` seeds the generators of ``sample_actions`` and ``step_random``.
    """

    def __init__(self, variant: Union[str, Variant] = "russian", num_envs: int = 1, seed: int = 0,
                 threads: int = 1, view: str = "absolute", max_plies: int = 0,
                 fen: Optional[str] = None, **options: Any) -> None:
        self.variant = variant if isinstance(variant, Variant) else Variant(variant, **options)
        if isinstance(variant, Variant) and options:
            raise TypeError("rule options given for an already built variant")
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self._env = _VectorEnv(self.variant, num_envs, seed, threads, view, max_plies, fen)
        self.num_envs = num_envs
        self.view = view
        self.max_plies = max_plies
        self.num_actions = self.variant.num_actions
        self.single_observation_shape: Tuple[int, int] = tuple(self.variant.observation_shape)
        self.observation_shape = (num_envs,) + self.single_observation_shape

    @property
    def threads(self) -> int:
        """Threads that step the environments (the calling one included)."""
        return self._env.threads

    def buffers(self) -> Buffers:
        """Fresh output arrays for ``out=``: observation, action_mask, reward, terminated,
        truncated, current_player, final_observation, and _final_observation (bool, terminated
        or truncated: info's array, written in place too)."""
        n = self.num_envs
        return {
            "observation": np.zeros(self.observation_shape, dtype=np.float32),
            "action_mask": np.zeros((n, self.num_actions), dtype=np.bool_),
            "reward": np.zeros(n, dtype=np.float32),
            "terminated": np.zeros(n, dtype=np.bool_),
            "truncated": np.zeros(n, dtype=np.bool_),
            "current_player": np.zeros(n, dtype=np.int8),
            "final_observation": np.zeros(self.observation_shape, dtype=np.float32),
            "_final_observation": np.zeros(n, dtype=np.bool_),
        }

    def reset(self, seed: Optional[int] = None, out: Optional[Buffers] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Every game back to its start; reseeds the generators when seed is given."""
        b = self.buffers() if out is None else out
        self._env.reset(b, seed)
        return b["observation"], {"action_mask": b["action_mask"], "current_player": b["current_player"]}

    def step(self, actions: Any, out: Optional[Buffers] = None):
        """Takes actions[i] in game i, for every i (see the class)."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise TypeError("actions: expected integers, got dtype " + str(a.dtype))
        a = np.ascontiguousarray(a, dtype=np.int64)
        b = self.buffers() if out is None else out
        return self._result(b, self._env.step(a, b))

    def sample_actions(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """A uniformly drawn legal action per game (int64), from each game's own generator."""
        a = np.empty(self.num_envs, dtype=np.int64) if out is None else out
        self._env.sample(a)
        return a

    def step_random(self, out: Optional[Buffers] = None, actions: Optional[np.ndarray] = None):
        """sample_actions() and step() in one C++ call; the actions taken go to ``actions``
        (int64, optional) and info["actions"]."""
        b = self.buffers() if out is None else out
        obs, reward, terminated, truncated, info = self._result(b, self._env.step_random(b, actions))
        if actions is not None:
            info["actions"] = actions
        return obs, reward, terminated, truncated, info

    # inspection
    def fen(self, i: int) -> str:
        """The position string of game i now."""
        return self._env.fen(i)

    def ply(self, i: int) -> int:
        """Moves played in game i since its start."""
        return self._env.ply(i)

    def pending_actions(self, i: int):
        """The steps taken in game i's current, unfinished move."""
        return self._env.pending_actions(i)

    def episodes(self, i: int) -> int:
        """Games environment i has finished since the last reset."""
        return self._env.episodes(i)

    def close(self) -> None:
        pass

    def __repr__(self) -> str:
        return "<tradgames.VectorEnv {} x{} threads={}>".format(self.variant.name, self.num_envs, self.threads)

    @staticmethod
    def _result(b: Buffers, done_written: bool):
        # In place when out= has the array (buffers() makes one): no allocation per step. The
        # module wrote it already when it could (done_written): no NumPy call per step.
        done = b.get("_final_observation")
        if not done_written:
            if done is None or done.shape != b["terminated"].shape or done.dtype != np.bool_:
                done = b["terminated"] | b["truncated"]
            else:
                np.logical_or(b["terminated"], b["truncated"], out=done)
        info = {"action_mask": b["action_mask"], "current_player": b["current_player"],
                "final_observation": b["final_observation"], "_final_observation": done}
        return b["observation"], b["reward"], b["terminated"], b["truncated"], info
