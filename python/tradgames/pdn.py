"""PDN records as trees, shaped like python-chess's ``chess.pgn``.

A :class:`Game` holds the tags (``headers``), the comments before the first move and the
moves as a tree of :class:`GameNode`: ``variations[0]`` of a node is its line's continuation,
the others the alternatives written in parentheses. Every node keeps its move text as written,
its move number, strength suffix, NAGs and comments; ``str(game)`` (or :meth:`Game.pdn`)
writes the record back (the C++ writer, ``tradgames::write_pdn_record``: a record read from
text in its canonical form comes back byte for byte). ``node.board()`` is the
``tradgames.Board`` at that node.

Reading::

    import tradgames.pdn
    game = tradgames.pdn.read_game(text)            # the first game, or None
    games = tradgames.pdn.read_games(text)          # every game
    for game in tradgames.pdn.open_games(path): ... # streamed: one game in memory at a time
    [n.move for n in game.mainline()], game.mainline_moves()
    node = game.variations[0].variations[1]         # an alternative to the second move
    node.comment, node.nags, node.board().fen

Errors: malformed text raises ``tradgames.PdnError`` (attributes ``game`` and ``line``) naming
the game and the line: variations nested deeper than 64, an unclosed comment or variation,
a variation or NAG before any move; ``board()`` raises the move errors of ``Board.push``.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from . import _core


class GameNode:
    """A position of a record: the root (a :class:`Game`) or the position after ``move``."""

    def __init__(self, parent: Optional["GameNode"] = None, move: str = "") -> None:
        self.parent = parent
        #: The move text as written ("c3-d4", "e5:g3"); "" at the root.
        self.move = move
        #: The strength suffix written after the move ("!", "?!", "(!?)"), or "".
        self.suffix = ""
        #: The move number written before the move ("12.", "12...", "1. ..."), or "".
        self.number = ""
        #: NAGs in the order written ($14 -> 14; a lone "!" -> 1, "?" -> 2, ... "?!" -> 6).
        self.nags: List[int] = []
        #: Comments before the move (the first move of a variation) and after it.
        self.starting_comments: List[str] = []
        self.comments: List[str] = []
        #: Continuations: variations[0] the line's next move, the rest alternatives to it.
        self.variations: List["GameNode"] = []
        #: 1-based line of the move in its text (0 for nodes added by a program).
        self.line = 0

    # python-chess's single-string comment views
    @property
    def comment(self) -> str:
        """The comments after the move joined by a space; setting replaces them with one."""
        return " ".join(self.comments)

    @comment.setter
    def comment(self, text: str) -> None:
        self.comments = [text] if text else []

    @property
    def starting_comment(self) -> str:
        return " ".join(self.starting_comments)

    @starting_comment.setter
    def starting_comment(self, text: str) -> None:
        self.starting_comments = [text] if text else []

    def game(self) -> "Game":
        """The root of the tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node  # type: ignore[return-value]

    def path(self) -> List["GameNode"]:
        """The nodes from the first move to this one (empty at the root)."""
        nodes = []
        node: Optional[GameNode] = self
        while node is not None and node.parent is not None:
            nodes.append(node)
            node = node.parent
        nodes.reverse()
        return nodes

    def ply(self) -> int:
        """Moves from the root to this node."""
        return len(self.path())

    def board(self):
        """The ``tradgames.Board`` at this node: the record's variant ([Variant] or [GameType]
        tag, else the default given when reading), from its [FEN] tag, with the moves from the
        root played. Raises the errors of Board.push for a move that cannot be played."""
        from . import Board  # late: the package imports this module

        root = self.game()
        if root.variant is None:
            raise _core.PdnError(root.variant_error or "the record names no known variant")
        fen = root.headers.get("FEN", "").strip() or None
        board = Board(root.variant, fen)
        for node in self.path():
            board.push(node.move)
        return board

    def next(self) -> Optional["GameNode"]:
        """The main continuation (variations[0]), or None at the end of a line."""
        return self.variations[0] if self.variations else None

    def end(self) -> "GameNode":
        """The last node of this node's line (following variations[0])."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_main_variation(self) -> bool:
        """True for the root and for a node that is its parent's variations[0]."""
        return self.parent is None or self.parent.variations[0] is self

    def is_mainline(self) -> bool:
        """True when every node from the root to this one is a main variation."""
        node: Optional[GameNode] = self
        while node is not None:
            if not node.is_main_variation():
                return False
            node = node.parent
        return True

    def mainline(self) -> Iterator["GameNode"]:
        """The nodes after this one along variations[0]."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def mainline_moves(self) -> List[str]:
        """The move texts after this node along the main line."""
        return [n.move for n in self.mainline()]

    def add_variation(self, move: str, *, comment: str = "", starting_comment: str = "",
                      nags: Tuple[int, ...] = ()) -> "GameNode":
        """Appends `move` (text) as a new last variation of this node and returns it."""
        node = GameNode(self, move)
        node.comment = comment
        node.starting_comment = starting_comment
        node.nags = list(nags)
        self.variations.append(node)
        return node

    def add_main_variation(self, move: str, *, comment: str = "", nags: Tuple[int, ...] = ()) -> "GameNode":
        """Adds `move` as the new variations[0] (the old main continuation becomes an alternative)."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def promote_to_main(self, node: "GameNode") -> None:
        """Moves the child `node` to variations[0]."""
        self.variations.remove(node)
        self.variations.insert(0, node)

    def remove_variation(self, node: "GameNode") -> None:
        """Removes the child `node` and everything after it."""
        self.variations.remove(node)

    def __repr__(self) -> str:
        return f"<tradgames.pdn.GameNode {self.number + ' ' if self.number else ''}{self.move}{self.suffix}>"


class Game(GameNode):
    """A PDN record: ``headers`` (tags in order), the root's ``comments`` (before the first
    move), the move tree, ``result`` (the termination marker as written), ``variant`` (the name
    its tags give, or None with ``variant_error``), ``index`` and ``line`` in the input."""

    def __init__(self, headers: Optional[Dict[str, str]] = None, result: str = "*",
                 variant: Optional[str] = "russian") -> None:
        super().__init__(None, "")
        self.headers: Dict[str, str] = dict(headers or {})
        self.result = result
        self.variant = variant
        self.variant_error: Optional[str] = None
        self.index = 0

    def pdn(self, width: int = 80) -> str:
        """The PDN text of the record (tradgames::write_pdn_record), lines wrapped at `width`."""
        return _core._write_pdn_record(_to_dict(self), width)

    def __str__(self) -> str:
        return self.pdn()

    def __repr__(self) -> str:
        names = " – ".join(self.headers.get(k, "?") for k in ("White", "Black"))
        return f"<tradgames.pdn.Game {names} {self.result} ({len(list(self.mainline()))} plies)>"


def _from_dict(d: Dict[str, Any]) -> Game:
    game = Game(dict(d["tags"]), d["result"], d["variant"])
    game.variant_error = d["variant_error"]
    game.index = d["index"]
    game.line = d["line"]
    nodes: List[GameNode] = []
    for i, x in enumerate(d["nodes"]):
        node = game if i == 0 else GameNode(nodes[x["parent"]], x["move"])
        node.suffix = x["suffix"]
        node.number = x["number"]
        node.nags = list(x["nags"])
        node.starting_comments = list(x["starting_comments"])
        node.comments = list(x["comments"])
        node.line = x["line"]
        nodes.append(node)
    for i, x in enumerate(d["nodes"]):  # parents come before children: lists filled in order
        nodes[i].variations = [nodes[c] for c in x["variations"]]
    return game


def _to_dict(game: Game) -> Dict[str, Any]:
    """The record as the dict _core._write_pdn_record takes: nodes numbered depth first
    (parents before children), without recursion."""
    index: Dict[int, int] = {}
    order: List[GameNode] = []
    stack: List[GameNode] = [game]
    while stack:
        node = stack.pop()
        if id(node) in index:
            raise _core.PdnError("PDN record: a node appears twice in the tree")
        index[id(node)] = len(order)
        order.append(node)
        stack.extend(reversed(node.variations))
    nodes = []
    for node in order:
        nodes.append({
            "parent": None if node is game else index[id(node.parent)],
            "variations": [index[id(c)] for c in node.variations],
            "move": node.move, "suffix": node.suffix, "number": node.number, "nags": list(node.nags),
            "starting_comments": list(node.starting_comments), "comments": list(node.comments),
            "line": node.line,
        })
    return {"index": game.index, "line": game.line, "tags": list(game.headers.items()),
            "result": game.result, "nodes": nodes}


def read_games(text: str, variant: str = "russian") -> List[Game]:
    """Every record of a PDN text; `variant` is the default for records whose tags name none.
    Raises PdnError (game, line) for the first malformed game."""
    return [_from_dict(d) for d in _core._read_pdn_records(text, variant)]


def read_game(text: str, variant: str = "russian") -> Optional[Game]:
    """The first record of a PDN text, or None if it holds none."""
    games = read_games(text, variant)
    return games[0] if games else None


class open_games:
    """The records of a PDN file, read in chunks (one game's text in memory at a time, at most
    1 MiB a game): an iterator of Game. A malformed game raises PdnError from next(); calling
    next() again goes on with the following game."""

    def __init__(self, path: Union[str, "os.PathLike[str]"], variant: str = "russian") -> None:
        self._reader = _core._PdnRecordFile(os.fspath(path), variant)

    def __iter__(self) -> "open_games":
        return self

    def __next__(self) -> Game:
        d = self._reader.next()
        if d is None:
            raise StopIteration
        return _from_dict(d)


__all__ = ["Game", "GameNode", "open_games", "read_game", "read_games"]
