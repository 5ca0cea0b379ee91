"""tradgames: rules, move generation, perft, playouts and PDN for traditional board games.

The rules live in the C++ library; this package is a thin front over its extension module
``tradgames._core``. The batch calls return the same dicts as the command line's ``--json``
output (README "Command line"), field for field.

Quick start::

    import tradgames
    board = tradgames.Board("russian")
    board.push("c3-d4")
    print(board.legal_moves, board.fen, board.result())
    tradgames.perft("russian", 6)["nodes"]            # 37986

See README "Python" for the action encoding and the OpenSpiel / PettingZoo shaped adapters
(tradgames.adapters).
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Union

from ._core import (  # noqa: F401  (re-exported)
    ERROR_CLASSES,
    MAX_CHOICES,
    AmbiguousMoveError,
    Board,
    BoardError,
    DescriptorError,
    EgtbError,
    Error,
    IllegalMoveError,
    Move,
    OptionError,
    ParseError,
    PdnError,
    PdnInputError,
    PdnLimitError,
    PositionError,
    Result,
    ShardError,
    StudyError,
    Variant,
    read_pdn,
    variants,
    write_pdn,
)
from . import _core
from . import _args
from .board_extras import (  # noqa: F401  (re-exported)
    BATYR, BIY, HUL, KING, MAN, SHATRA, TOBIT, TURA, YALKYN, Piece,
)
from .vector_env import VectorEnv  # noqa: E402,F401  (re-exported)

__all__ = [
    "AmbiguousMoveError", "Board", "BoardError", "DescriptorError", "ERROR_CLASSES", "EgtbError", "Error",
    "IllegalMoveError", "MAX_CHOICES", "Move", "OptionError", "ParseError", "PdnError", "PdnInputError",
    "PdnLimitError", "PositionError", "Result", "ShardError", "StudyError",
    "Variant", "VectorEnv", "compare", "explain", "moves", "perft", "play", "read_pdn", "replay", "variant", "variants",
    "write_pdn", "Piece", "MAN", "KING", "HUL", "TOBIT", "SHATRA", "BIY", "BATYR", "TURA", "YALKYN",
]

# A wrong argument type raises TypeError naming the public function, the argument and the
# expected type; text with a lone UTF-16 surrogate raises ParseError naming the argument
# (tradgames/_args.py). Calls that succeed are untouched.
_args.wrap_methods(Board, ["__init__", "push", "set_fen", "generate_moves", "apply_action",
                           "action_to_string", "perft", "pdn", "parse_move", "explain", "_piece_at", "_edit",
                           "_svg"])
_args.wrap_methods(Variant, ["__init__", "kind"])
Variant.from_json = staticmethod(_args.wrap_core("Variant.from_json", _core.Variant.from_json))
Variant.from_file = staticmethod(_args.wrap_core("Variant.from_file", _core.Variant.from_file))
read_pdn = _args.wrap_core("read_pdn", _core.read_pdn)
write_pdn = _args.wrap_core("write_pdn", _core.write_pdn)

VariantLike = Union[str, Variant]


def variant(v: VariantLike, **options: Union[bool, int, str]) -> Variant:
    """A Variant from a name (with rule options) or a Variant (returned as is; options then
    raise OptionError, since a built variant's options are fixed)."""
    if isinstance(v, Variant):
        if options:
            raise OptionError("rule options given for an already built variant " + v.name)
        return v
    if isinstance(v, str):
        return Variant(v, **options)
    raise TypeError("argument 'variant' must be a variant name (str) or a tradgames.Variant, not "
                    + type(v).__name__)


@_args.checked
def moves(v: VariantLike, fen: Optional[str] = None, paths: bool = False,
          **options: Union[bool, int, str]) -> List[Dict[str, Any]]:
    """The legal moves as ``tradgames moves --json`` lists them: dicts with notation, from, to,
    path, captured, promotion, drop, after."""
    return _core._moves(variant(v, **options), fen, paths)


@_args.checked
def explain(v: VariantLike, move: str, fen: Optional[str] = None, paths: bool = False,
            **options: Union[bool, int, str]) -> Dict[str, Any]:
    """Whether a move text is legal in the position and, if not, why, as ``tradgames moves
    --explain MOVE --json``: {text, legal, reason, rule, message, move, alternatives}. The same
    reason, rule and alternatives as IllegalMoveError.reason / .rule / .legal."""
    return _core._explain(variant(v, **options), fen, move, paths)


@_args.checked
def perft(v: VariantLike, depth: int, fen: Optional[str] = None, paths: bool = False,
          divide: bool = False, bulk: bool = True,
          **options: Union[bool, int, str]) -> Dict[str, Any]:
    """Leaves of the move tree, as ``tradgames perft --json``: {variant, depth, nodes, seconds,
    counting ("U"/"P"), divide?}. Releases the GIL while counting."""
    return _core._perft(variant(v, **options), depth, fen, paths, divide, bulk)


@_args.checked
def play(v: VariantLike, games: int = 100, seed: int = 1, threads: int = 0,
         policy: str = "random", ply_cap: int = 1000, fen: Optional[str] = None,
         **options: Union[bool, int, str]) -> Dict[str, Any]:
    """Seeded playouts with statistics, as ``tradgames play --json`` (README "play and
    compare"). threads=0: one per core; the statistics do not depend on it. Releases the GIL."""
    return _core._play(variant(v, **options), games, seed, threads, policy, ply_cap, fen)


@_args.checked
def compare(variants: Iterable[VariantLike], games: int = 100, seed: int = 1, threads: int = 0,
            policy: str = "random", ply_cap: int = 1000) -> List[Dict[str, Any]]:
    """play() for several variants with the same settings, as ``tradgames compare --json``
    (a list, one dict per variant). Every variant is checked before any game is played."""
    built = [variant(v) for v in variants]
    if not built:
        raise OptionError("compare: no variants given")
    return _core._compare(built, games, seed, threads, policy, ply_cap)


@_args.checked
def replay(files: Union[str, os.PathLike, Iterable[Union[str, os.PathLike]]] = (),
           text: Optional[str] = None, variant: str = "russian", name: str = "<text>",
           **options: Union[bool, int, str]) -> Dict[str, Any]:
    """Replays every game of PDN files (and/or of ``text``, reported as file ``name``), as
    ``tradgames replay --json``: {games, files, summary}. ``variant`` is the variant of records
    without a [Variant] or [GameType] tag. Bad records are reported, not raised; an unknown
    variant or option raises OptionError."""
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    paths = [os.fspath(f) for f in files]
    texts = [(name, text)] if text is not None else []
    return _core._replay(paths, texts, variant, _core._option_assignments(**options))


# Exact shards of long runs (README "Shards"); tradgames.distributed runs them on Dask.
from .shards import merge_playouts, perft_positions, perft_split, play_shard  # noqa: E402

__all__ += ["merge_playouts", "perft_positions", "perft_split", "play_shard"]

# The search engine (README "search"): Engine(variant, tt_mb=16).search(board, ...) and
# Board.search(...), both returning the dict of `tradgames search --json`.
from ._core import Engine  # noqa: E402,F401  (re-exported)

__all__ += ["Engine"]

# Engines over the field's protocols (README "Python"): engines.Hub(command), engines.DXP(host, port).
from . import engines  # noqa: E402,F401

__all__ += ["engines"]

# Variant studies (README "Variant studies"): players of given strengths, measures with intervals.
from .study import merge_studies, study, study_csv  # noqa: E402

__all__ += ["merge_studies", "study", "study_csv"]


def match(variant: Variant, player1: str, player2: str, *, games: int = 2,
          openings: Optional[Union[str, "os.PathLike[str]"]] = None, movetime: float = 100,
          time: Optional[float] = None, increment: float = 0, concurrency: int = 1,
          max_plies: int = 1000, sprt: Optional[str] = None,
          pdn: Optional[Union[str, "os.PathLike[str]"]] = None) -> Dict[str, Any]:
    """Plays a match, as `tradgames match` does, and returns the dict of `tradgames match --json`.

    player1/player2: player specs ("search:depth=4", "mcts:playouts=400", "random", "greedy",
    "cb:PATH.so"). games: games to play (each opening twice, colours swapped). openings: path of
    an openings file (README "Matches"). movetime: milliseconds per move, or time/increment in
    seconds for a clock. concurrency: games at once. max_plies: safety cap (0 = rules only).
    sprt: "elo0,elo1[,alpha,beta]". pdn: path of a PDN file to write every game to.
    Raises tradgames.Error subclasses for bad options (OptionError) or openings (ParseError).
    The games run with the GIL released.
    """
    text = None
    if openings is not None:
        with open(os.fspath(openings), encoding="utf-8") as f:
            text = f.read()
    result, games_pdn = _core._match(variant, player1, player2, games, text, movetime, time,
                                     increment, concurrency, max_plies, sprt)
    if pdn is not None:
        with open(os.fspath(pdn), "w", encoding="utf-8") as f:
            for g in games_pdn:
                f.write(g + "\n")
    return result


__all__ += ["match"]

_fen_property = Board.__dict__["fen"]
Board.fen = property(_fen_property.fget,
                     _args.wrap_core("Board.fen", _fen_property.fset, params=[("fen", str)], skip_self=True),
                     doc="The position string; setting it starts a new game from it (as set_fen).")
