// tradgames: a text picture of a position, for terminals and logs.
#pragma once

#include <string>

#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// Draws pos as text: one cell per drawing coordinate of the board graph (VertexProperties x/y,
/// White at the bottom), the piece's symbol (PieceKindInfo::symbol; upper case White, lower
/// case Black) or '.' on an empty vertex, blank where there is no vertex; coordinates or square
/// numbers along the edges as the variant names its vertices. Ends with the side to move.
[[nodiscard]] std::string render_ascii(const Variant& v, const Position& pos);

}  // namespace tradgames
