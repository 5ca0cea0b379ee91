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

from ._core import Board, Variant

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
                 **options: Any) -> None:
        self.variant = _variant(variant, **options)
        self.fen = fen

    def new_initial_state(self) -> "OpenSpielState":
        return OpenSpielState(Board(self.variant, self.fen), self)

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
        self.board.apply_action(action)
        self._history.append(action)

    def history(self) -> List[int]:
        return list(self._history)

    def returns(self) -> List[float]:
        return list(_OUTCOME_RETURNS[self.board.result().outcome])

    def rewards(self) -> List[float]:
        """Reward of the last transition: the returns once the game is over, else zeros."""
        return self.returns()

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation planes flattened (row-major), as OpenSpiel returns them."""
        return self.board.observation().ravel().tolist()

    def action_to_string(self, player: int, action: int) -> str:
        return self.board.action_to_string(action)

    def clone(self) -> "OpenSpielState":
        s = OpenSpielState(self.board.copy(), self._game)
        s._history = list(self._history)
        return s

    def __str__(self) -> str:
        return str(self.board)


# ---------------------------------------------------------------------------------------------
# PettingZoo shape


class DiscreteSpace:
    """Stand-in for ``gymnasium.spaces.Discrete``: ``n``, ``contains``, ``sample(mask)``."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self._rng = random.Random(seed)

    def contains(self, x: int) -> bool:
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        if mask is None:
            return self._rng.randrange(self.n)
        legal = np.flatnonzero(mask)
        return int(legal[self._rng.randrange(len(legal))])


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
        self.reset()

    # spaces
    def action_space(self, agent: str) -> DiscreteSpace:
        return DiscreteSpace(self.variant.num_actions)

    def observation_space(self, agent: str) -> Dict[str, Tuple[int, ...]]:
        """Shapes of the observation dict (no gymnasium here)."""
        return {"observation": tuple(self.variant.observation_shape),
                "action_mask": (self.variant.num_actions,)}

    # life cycle
    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
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
