"""What python-chess users look for on a Board (issue 32): pieces by square (piece_at,
piece_map, set_piece_at, remove_piece_at), svg() with options, and the piece kind constants.
The rules behind them are in C++ (tradgames._core.Board: _piece_at, _pieces, _edit, _svg)."""

from __future__ import annotations

import re
from typing import Dict, Iterable, Mapping, NamedTuple, Optional, Tuple, Union

from ._core import Board

# Piece kind indices (Variant.kinds, the observation planes c*K + k), the same in every game of
# a family: every draughts descriptor has man 0 and king 1; Tobit hul 0 and tobit 1; Shatra
# shatra 0, biy 1, batyr 2, tura 3, yalkyn 4. Variant.kind(name) gives any variant's index.
MAN = 0
KING = 1
HUL = 0
TOBIT = 1
SHATRA = 0
BIY = 1
BATYR = 2
TURA = 3
YALKYN = 4


class Piece(NamedTuple):
    """A piece: color "white" or "black", kind the variant's kind name ("man", "king", "biy"...)."""

    color: str
    kind: str


def piece_at(self: Board, square: str) -> Optional[Piece]:
    """The Piece on `square` (a vertex name of Variant.vertices), or None. Raises ParseError
    for a name the board does not have."""
    p = self._piece_at(square)
    return None if p is None else Piece(*p)


def piece_map(self: Board) -> Dict[str, Piece]:
    """Every piece by square, in the board's vertex order."""
    return {sq: Piece(c, k) for sq, c, k in self._pieces()}


def set_piece_at(self: Board, square: str, piece: Union[Piece, Tuple[str, str]]) -> None:
    """Puts piece (a Piece or a (color, kind) pair; kind by name, case-insensitive) on square,
    replacing what stands there. The edited position must be one the rules allow (a man on
    its own promotion rank, say, raises PositionError and leaves the board as it was); the game
    then starts from it (history cleared, as set_fen)."""
    if not isinstance(piece, tuple) or len(piece) != 2 or not all(isinstance(x, str) for x in piece):
        raise TypeError("Board.set_piece_at(): argument 'piece' must be a tradgames.Piece or a "
                        "(color, kind) pair of str, not " + type(piece).__name__)
    self._edit(square, (piece[0], piece[1]))


def remove_piece_at(self: Board, square: str) -> Optional[Piece]:
    """Empties square and returns the piece that stood there (or None); the game then starts
    from the edited position (history cleared, as set_fen). Raises PositionError if the rules
    do not allow the result."""
    p = piece_at(self, square)
    self._edit(square, None)
    return p


_VERTEX = re.compile(r'<(rect|circle) class="(?:cell|point)" data-vertex="([^"]+)" '
                     r'(?:x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"|'
                     r'cx="([-\d.]+)" cy="([-\d.]+)")')


def _centres(svg: str) -> Dict[str, Tuple[float, float]]:
    out = {}
    for m in _VERTEX.finditer(svg):
        if m.group(1) == "rect":
            out[m.group(2)] = (float(m.group(3)) + float(m.group(5)) / 2,
                               float(m.group(4)) + float(m.group(6)) / 2)
        else:
            out[m.group(2)] = (float(m.group(7)), float(m.group(8)))
    return out


def svg(self: Board, flipped: bool = False, size: Optional[int] = None, coordinates: bool = True,
        arrows: Iterable[Tuple[str, str]] = (), squares: Union[Iterable[str], Mapping[str, str]] = (),
        lastmove: bool = True) -> str:
    """The position as an SVG document (python-chess's chess.svg.board options).

    flipped: Black's side at the bottom. size: the width in pixels (the height follows the
    board's proportions; default: 60 px per square). coordinates: False leaves out the edge
    coordinates. arrows: (from, to) square pairs, drawn as arrows (class "arrow user-arrow").
    squares: squares to highlight (class "highlight"), a list (one colour) or a dict square ->
    CSS colour. lastmove: False leaves out the marks of the last move. Raises ParseError for
    a square the board does not have."""
    text = self._svg(bool(flipped), bool(lastmove))
    if not coordinates:
        text = re.sub(r'<g class="coordinates"[^>]*>.*?</g>\n?', "", text, flags=re.S)
    centres = _centres(text)
    extra = []

    def at(sq: str) -> Tuple[float, float]:
        if sq not in centres:
            self._piece_at(sq)  # raises ParseError naming the square
        return centres[sq]

    marks = squares.items() if isinstance(squares, Mapping) else ((s, "#15781b") for s in squares)
    for sq, colour in marks:
        x, y = at(sq)
        extra.append(f'<circle class="highlight" data-vertex="{sq}" cx="{x:g}" cy="{y:g}" r="27" '
                     f'fill="none" stroke="{colour}" stroke-width="5" opacity="0.8"/>')
    for a, b in arrows:
        (x1, y1), (x2, y2) = at(a), at(b)
        extra.append(f'<line class="arrow user-arrow" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                     f'stroke="#e8590c" stroke-width="8" opacity="0.8" marker-end="url(#tg-arrowhead)"/>')
    if extra:
        text = text.replace("</svg>", "\n".join(extra) + "\n</svg>")
    if size is not None:
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise TypeError("Board.svg(): argument 'size' must be a positive int")
        m = re.search(r'width="(\d+)" height="(\d+)" viewBox', text)
        if m:
            w, h = int(m.group(1)), int(m.group(2))
            text = text.replace(m.group(0), f'width="{size}" height="{round(size * h / w)}" viewBox', 1)
    return text


def _repr_svg_(self: Board) -> str:
    return svg(self)


for _f in (piece_at, piece_map, set_piece_at, remove_piece_at, svg, _repr_svg_):
    setattr(Board, _f.__name__, _f)
