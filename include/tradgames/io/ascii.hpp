// tradgames: a text picture of a position, for terminals and logs.
#pragma once

#include <string>

#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// Draws pos as text, White at the bottom, from the board graph and the variant's BoardStyle
/// (board_style.hpp): one cell per grid position of the vertices' drawing coordinates (rounded).
///
/// * A vertex shows its piece's symbol (PieceKindInfo::symbol, upper case White, lower case
///   Black) and, when the style writes vertex names, the name right-aligned after it ("S46",
///   " 32"); without names an empty vertex is '.'.
/// * cells layout: a grid cell without a vertex is blank, or '#'s when it is a wall.
/// * points layout: links between neighbouring grid positions are drawn as '-', '|', '/', '\'.
/// * Column and row labels of the style (a-h, 1-8) frame the board; a horizontal BoardLine
///   between two rows (the ditch) is a row of '=' followed by its name; every named zone is
///   listed with its vertices below the board, then the piece letters ("pieces: M man, K king
///   (white upper case, black lower case)"). The last line names the side to move.
[[nodiscard]] std::string render_ascii(const Variant& v, const Position& pos);

}  // namespace tradgames
