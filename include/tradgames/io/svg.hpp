// tradgames: an SVG picture of a position, drawn from the board graph and the variant's
// BoardStyle (board_style.hpp): squares or points on lines, walls, marked zones, extra lines,
// edge coordinates and vertex names, the pieces with a letter per kind, and the last move.
#pragma once

#include <string>
#include <string_view>

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// How render_svg draws.
struct SvgOptions {
    /// Turn the board half a turn: Black's side at the bottom (coordinates and names follow).
    bool flipped = false;
};

/// Draws pos as a standalone SVG 1.1 document (UTF-8, well-formed XML), White at the bottom
/// (Black's side with opts.flipped).
///
/// One board unit (the distance between neighbouring squares or points) is 60 px. Elements
/// carry classes a reader or test can select: `cell`, `wall`, `link`, `point` (the board; a
/// vertex's `cell` or `point` has data-vertex = its name, for mapping clicks to vertices);
/// `zone` (marked regions, with data-zone naming the zone); `board-line`; `name` (vertex
/// names); `coordinate`; `piece` (data-vertex, data-color, data-kind = the kind's name);
/// `glyph` (text on a piece); `last-move` (highlighted origin and landings), `captured` (a
/// cross on each square the last move captured from), `arrow`; `legend`; `to-move`.
///
/// `last_move`, if given, is the move that led to pos (so its origin and captured squares are
/// empty in pos). Throws Error if it names a vertex outside the board.
[[nodiscard]] std::string render_svg(const Variant& v, const Position& pos,
                                     const Move* last_move = nullptr, const SvgOptions& opts = {});

/// text with &, <, >, " and ' replaced by XML entities, and the bytes XML 1.0 forbids
/// (control characters other than tab, newline and carriage return) replaced by '?'.
[[nodiscard]] std::string xml_escape(std::string_view text);

}  // namespace tradgames
