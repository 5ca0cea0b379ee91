// tradgames: lidraughts' forms of positions and moves (lidraughts.org and its bot API).
//
// * Position strings: the PDN FEN piece lists followed by two clocks, `W:W31,...,50:B1,...,20:H0:F1`
//   (H: halfmoves since a draw-relevant material balance arose, F: the fullmove number, as
//   lidraughts' Forsyth writes them); kings as `K12`. Frisian adds the king-move counters as one
//   more field `+B+W` (Black's, then White's): each is the count of non-capturing moves in a row
//   of one king (0..3), written as the digit alone or followed by that king's square
//   (`+0+2K41` is not used; `+0+241` = White's king on 41 has made 2); the library keeps this
//   count as its own field `L<square>=<n>` (variants/frisian/RULES.md 2.4).
// * Bot API moves: the squares run together, two digits each (zero-padded): `3227`; a capture
//   as its origin, every landing and its destination (`28193710`); reading also takes a capture
//   as origin and destination only (`2810`) when that names one result.
// Only boards whose squares are numbered (1..99) have these forms. Source: lidraughts' Forsyth
// (draughts/format/Forsyth.scala: export with H and F, exportKingMoves) and its UCI move keys.
#pragma once

#include <string>
#include <string_view>

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// A position read from lidraughts' form, with its clocks.
struct LidraughtsPosition {
    Position position;
    int halfmove = 0;  ///< the H field (0..9999)
    int fullmove = 1;  ///< the F field (1..9999)
};

/// Reads a lidraughts position string (see the file comment). Throws ParseError naming the field
/// and offset (no H or F field, a bad number, an unknown field, a Frisian counter that names no
/// king of that side or is given for another game), and whatever Variant::parse_position throws
/// for the piece lists (PositionError, ParseError). Bounded: at most 4096 characters.
[[nodiscard]] LidraughtsPosition parse_lidraughts_position(const Variant& variant,
                                                           std::string_view text);

/// The position in lidraughts' form with the clocks given. Throws Error when the variant's
/// squares are not numbered, or for clocks out of range (halfmove 0..9999, fullmove 1..9999).
[[nodiscard]] std::string lidraughts_position(const Variant& variant, const Position& pos,
                                              int halfmove = 0, int fullmove = 1);

/// The move in lidraughts' bot API form (`3227`, captures with every landing). Throws Error
/// when the variant's squares are not numbered 1..99. Precondition: m is legal in pos.
[[nodiscard]] std::string lidraughts_move(const Variant& variant, const Position& pos, const Move& m);

/// The legal move written as `text` in the bot API form. Throws ParseError (not an even number
/// of 4 to 100 digits, a square that is not on the board), IllegalMoveError (no legal move has
/// that origin, landings and destination) or AmbiguousMoveError (moves of different results
/// match: give every landing).
[[nodiscard]] Move parse_lidraughts_move(const Variant& variant, const Position& pos,
                                         std::string_view text);

}  // namespace tradgames
