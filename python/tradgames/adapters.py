"""Thin adapters for learning code, shaped like OpenSpiel's game/state and PettingZoo's AEC
environment. Neither framework is imported (neither is a Debian package): the classes only
have the same method names and meanings, so code written against those interfaces runs on them.

Everything here is bookkeeping over tradgames.Board, whose action encoding is in C++
(README "Python", "Actions and observations"):

* Over a board of V vertices, action ``a < V*V`` is the step from vertex ``a // V`` to vertex
  ``a % V`` (vertices in the variant's order, ``Variant.vertices``). A quiet move is one step,
  a drop one step from its reserve vertex, a capture one step per jump. Actions
  ``V*V + k`` (``k < MAX_CHOICES``) pick the k-th of several moves whose steps are all taken
  (different promotions, or a move that may end here or go on). ``Variant.num_actions`` is
  ``V*V + MAX_CHOICES``.
* A player keeps the turn until its move is complete, so ``current_player()`` /
  ``agent_selection`` stays the same during a capture.
* The observation is a float32 array of shape ``(2K + 3, V)`` for K piece kinds: planes
  ``c*K + k`` pieces of side c (0 White, 1 Black) and kind k, plane ``2K`` all ones when Black is
  to move, plane ``2K+1`` the vertex of the moving piece during a capture in progress, plane
  ``2K+2`` marked vertices (Shatra's urgent men).

Players: 0 is White, 1 is Black. Returns: +1 to the winner, -1 to the loser, 0 each for a draw.
"""

from __future__ import annotations

import random
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

import numpy as np

from ._core import Board, IllegalMoveError, ParseError, Variant

TERMINAL_PLAYER = -4  # OpenSpiel's kTerminalPlayerId
_OUTCOME_RETURNS = {
    "white_wins": [1.0, -1.0],
    "black_wins": [-1.0, 1.0],
    "draw": [0.0, 0.0],
    "ongoing": [0.0, 0.0],
}


def _variant(v: Union[str, Variant], **options: Any) -> Variant:
    return v if isinstance(v, Variant) else Variant(v, **options)


# ---------------------------------------------------------------------------------------------
# OpenSpiel shape


class OpenSpielGame:
    """Shaped like ``pyspiel.Game``: ``new_initial_state()``, ``num_distinct_actions()``,
    ``num_players()``, ``observation_tensor_shape()``, ``observation_tensor_size()``."""

    def __init__(self, variant: Union[str, Variant] = "russian", fen: Optional[str] = None,
                 side_to_move_view: bool = False, **options: Any) -> None:
        """side_to_move_view: observations from the side to move's point of view (its pieces
        in planes 0..K-1, the opponent's in K..2K-1) instead of White's and Black's."""
        self.variant = _variant(variant, **options)
        self.fen = fen
        self.side_to_move_view = side_to_move_view

    def new_initial_state(self) -> "OpenSpielState":
        return OpenSpielState(Board(self.variant, self.fen), self)

    def deserialize_state(self, text: str) -> "OpenSpielState":
        """The state OpenSpielState.serialize() wrote: its start position, then its actions
        replayed. Raises tradgames.Error for text that is not such a state."""
        lines = text.split("\n")
        if len(lines) != 2:
            raise ParseError("deserialize_state: expected two lines (start position, actions)")
        state = OpenSpielState(Board(self.variant, lines[0]), self)
        for word in lines[1].split():
            if not word.isdigit():
                raise ParseError("deserialize_state: action " + repr(word) + " is not a number")
            state.apply_action(int(word))
        return state

    def num_distinct_actions(self) -> int:
        return self.variant.num_actions

    def num_players(self) -> int:
        return 2

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def observation_tensor_shape(self) -> List[int]:
        return list(self.variant.observation_shape)

    def observation_tensor_size(self) -> int:
        rows, cols = self.variant.observation_shape
        return rows * cols

    def __str__(self) -> str:
        return "tradgames(" + self.variant.name + ")"


class OpenSpielState:
    """Shaped like ``pyspiel.State`` for a two-player, zero-sum, perfect-information game."""

    def __init__(self, board: Board, game: Optional[OpenSpielGame] = None) -> None:
        self.board = board
        self._game = game or OpenSpielGame(board.variant)
        self._history: List[int] = []
        self._completed: List[bool] = []  # per action: it completed a move

    def get_game(self) -> OpenSpielGame:
        return self._game

    def current_player(self) -> int:
        if self.board.is_game_over():
            return TERMINAL_PLAYER
        return 0 if self.board.turn == "white" else 1

    def is_terminal(self) -> bool:
        return self.board.is_game_over()

    def is_chance_node(self) -> bool:
        return False

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        if player is not None and player != self.current_player():
            return []
        return self.board.legal_actions()

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        if player is not None and player != self.current_player():
            return [0] * self.board.num_actions
        return self.board.legal_action_mask().astype(np.int64).tolist()

    def apply_action(self, action: int) -> None:
        move = self.board.apply_action(action)
        self._history.append(action)
        self._completed.append(move is not None)

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which must be `action` (OpenSpiel's undo_action)."""
        if not self._history or self._history[-1] != action:
            raise IllegalMoveError("undo_action: " + str(action) + " is not the last action")
        self._history.pop()
        if not self._completed.pop():
            self.board._pop_pending()
            return
        self.board.pop()
        start = len(self._completed)
        while start > 0 and not self._completed[start - 1]:
            start -= 1
        for a in self._history[start:]:  # the steps of the move taken back, but the last
            self.board.apply_action(a)

    def child(self, action: int) -> "OpenSpielState":
        """A copy with action applied (OpenSpiel's child)."""
        s = self.clone()
        s.apply_action(action)
        return s

    def serialize(self) -> str:
        """Start position and actions, two lines; OpenSpielGame.deserialize_state reads it."""
        return self.board.start_fen + "\n" + " ".join(map(str, self._history))

    def observation_string(self, player: Optional[int] = None) -> str:
        """The board as text, the side to move and the squares of a capture in progress."""
        text = str(self.board) + "\n" + self.board.turn + " to move"
        if self.board.pending_actions:
            text += ", capture in progress: " + ", ".join(
                self.board.action_to_string(a) for a in self.board.pending_actions)
        return text

    def history(self) -> List[int]:
        return list(self._history)

    def returns(self) -> List[float]:
        return list(_OUTCOME_RETURNS[self.board.result().outcome])

    def rewards(self) -> List[float]:
        """Reward of the last transition: the returns once the game is over, else zeros."""
        return self.returns()

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation planes flattened (row-major), as OpenSpiel returns them."""
        return self.board.observation(side_to_move=self._game.side_to_move_view).ravel().tolist()

    def action_to_string(self, player: int, action: int) -> str:
        return self.board.action_to_string(action)

    def clone(self) -> "OpenSpielState":
        s = OpenSpielState(self.board.copy(), self._game)
        s._history = list(self._history)
        s._completed = list(self._completed)
        return s

    def __str__(self) -> str:
        return str(self.board)


# ---------------------------------------------------------------------------------------------
# PettingZoo shape


class DiscreteSpace:
    """Stand-in for ``gymnasium.spaces.Discrete``: ``n``, ``shape`` (), ``dtype`` int64,
    ``contains``, ``sample(mask)``, ``seed(s)``."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.shape: Tuple[int, ...] = ()
        self.dtype = np.dtype(np.int64)
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Restarts the sampling from seed (as gymnasium's Space.seed)."""
        self._rng = random.Random(seed)
        return [seed]

    def contains(self, x: int) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        if mask is None:
            return self._rng.randrange(self.n)
        legal = np.flatnonzero(mask)
        return int(legal[self._rng.randrange(len(legal))])


class BoxSpace:
    """Stand-in for ``gymnasium.spaces.Box``: ``shape``, ``dtype``, ``low``, ``high`` (arrays of
    that shape), ``contains``, ``sample()``, ``seed(s)``."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: Any,
                 seed: Optional[int] = None) -> None:
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        self._rng = np.random.default_rng(seed)
        return [seed]

    def contains(self, x: Any) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high))

    def sample(self) -> np.ndarray:
        if np.issubdtype(self.dtype, np.integer):
            return self._rng.integers(self.low, self.high, endpoint=True).astype(self.dtype)
        return self._rng.uniform(self.low, self.high).astype(self.dtype)


class DictSpace:
    """Stand-in for ``gymnasium.spaces.Dict``: ``spaces`` by key, ``space[key]``,
    ``contains``, ``sample()``, ``seed(s)``."""

    def __init__(self, spaces: Dict[str, Any]) -> None:
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def keys(self) -> Any:
        return self.spaces.keys()

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        for i, s in enumerate(self.spaces.values()):
            s.seed(None if seed is None else seed + i)
        return [seed]

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and \
            all(s.contains(x[k]) for k, s in self.spaces.items())

    def sample(self) -> Dict[str, Any]:
        return {k: s.sample() for k, s in self.spaces.items()}


class AECEnv:
    """Shaped like a PettingZoo AEC environment (``pettingzoo.AECEnv``): agents "white" and
    "black"; ``reset``, ``step``, ``observe`` (a dict with "observation" and "action_mask", as
    PettingZoo's classic board games), ``action_mask``, ``last``, ``agent_iter``,
    ``agent_selection``, ``terminations``, ``truncations``, ``rewards``, ``infos``.

    An illegal action raises tradgames.IllegalMoveError. ``max_plies`` (optional) truncates a
    game that is still going after that many plies.
    """

    metadata = {"name": "tradgames", "is_parallelizable": False, "render_modes": ["ansi"]}

    def __init__(self, variant: Union[str, Variant] = "russian", fen: Optional[str] = None,
                 max_plies: Optional[int] = None, **options: Any) -> None:
        self.variant = _variant(variant, **options)
        self.fen = fen
        self.max_plies = max_plies
        self.possible_agents = ["white", "black"]
        self.metadata = dict(self.metadata, name="tradgames_" + self.variant.name)
        self.render_mode = "ansi"
        self._action_spaces = {a: DiscreteSpace(self.variant.num_actions) for a in self.possible_agents}
        self._observation_spaces = {a: DictSpace({
            "observation": BoxSpace(0.0, 1.0, tuple(self.variant.observation_shape), np.float32),
            "action_mask": BoxSpace(0, 1, (self.variant.num_actions,), np.int8),
        }) for a in self.possible_agents}
        self.reset()

    # spaces
    def action_space(self, agent: str) -> DiscreteSpace:
        """The agent's action space (the same object on every call, so that seeding it
        lasts); reset(seed=s) seeds it."""
        return self._action_spaces[agent]

    def observation_space(self, agent: str) -> DictSpace:
        """Gymnasium-shaped (no gymnasium here): a Dict of "observation" (Box of float32 in
        [0, 1], shape Variant.observation_shape) and "action_mask" (Box of int8 in [0, 1])."""
        return self._observation_spaces[agent]

    # life cycle
    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game. seed (if given) seeds every agent's action and observation space, so
        that episodes with sampled actions after reset(seed=s) repeat exactly."""
        if seed is not None:
            for i, a in enumerate(self.possible_agents):
                self._action_spaces[a].seed(seed + i)
                self._observation_spaces[a].seed(seed + 100 * (i + 1))
        self.board = Board(self.variant, self.fen)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.board.turn
        self._finish_if_over()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return {"observation": self.board.observation(), "action_mask": self.action_mask(agent)}

    def action_mask(self, agent: str) -> np.ndarray:
        """int8 mask over the actions; zeros when it is not ``agent``'s turn."""
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            return np.zeros(self.variant.num_actions, dtype=np.int8)
        return self.board.legal_action_mask().astype(np.int8)

    def last(self, observe: bool = True) -> Tuple[Optional[Dict[str, np.ndarray]], float, bool, bool, Dict[str, Any]]:
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                self.terminations[a], self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("step: the game is over for " + agent + "; pass None")
            self._remove(agent)
            return
        if action is None:
            raise ValueError("step: None is only for an agent whose game is over")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.board.apply_action(int(action))
        self.agent_selection = self.board.turn
        self._finish_if_over()
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]

    def render(self) -> str:
        return str(self.board)

    def close(self) -> None:
        pass

    # internals
    def _finish_if_over(self) -> None:
        if self.board.is_game_over():
            r = self.board.result()
            white, black = _OUTCOME_RETURNS[r.outcome]
            self.rewards = {"white": white, "black": black}
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"outcome": r.outcome, "reason": r.reason}
        elif self.max_plies is not None and self.board.ply >= self.max_plies and not self.board.pending_actions:
            for a in self.agents:
                self.truncations[a] = True

    def _remove(self, agent: str) -> None:
        self.agents.remove(agent)
        for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            d.pop(agent, None)
        if self.agents:
            self.agent_selection = self.agents[0]
