// tradgames: the PDN FEN syntax shared by every variant's position strings.
//
// Grammar (PDN 3.0 FEN tag, wiegerw/pdn doc/fen.rst, with its extensions; each variant's
// RULES.md, section "Position strings (grammar)", says which parts it accepts):
//   fen    := blank* side (':' field)* '.'? blank*
//   side   := 'W' | 'B'                 upper case only
//   field  := ('W' | 'B') list?         a side's pieces (the list may be empty), once per side
//           | 'H' number                half-move clock, 0..9999, at most once
//           | 'F' number                move number, 1..9999, at most once
//           | letter value              any other field (Shatra's T, G, E, U), for the variant
//   list   := item (',' item)*          item := prefix? square | prefix? number '-' number
//   prefix := upper-case letters        (K king/biy, Q batyr, R tura, Y yalkyn)
//   number := '0' | [1-9][0-9]{0,3}     decimal, no leading zero, at most 4 digits; a square
//                                       written as a number follows the same rule
// A range a-b lists the squares a..b (a <= b, at most 64). Only printable ASCII (0x21-0x7E)
// between the blanks. This module only splits the text; the variant resolves squares and
// prefixes, accepts or rejects the other fields, and validates the position.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/types.hpp"

namespace tradgames {

/// One piece of a FEN piece list, ranges already expanded.
struct FenPiece {
    Color color = Color::white;
    /// Upper-case prefix letters ("" for the default kind).
    std::string prefix;
    /// Square as written ("c3", "22", "53").
    std::string square;
    /// Character offset of the item in the text (for error messages).
    std::size_t offset = 0;
};

/// A field other than the two piece lists.
struct FenField {
    char letter = '\0';
    std::string value;
    std::size_t offset = 0;
};

/// A FEN split into its parts.
struct FenText {
    Color side = Color::white;
    std::vector<FenPiece> pieces;
    std::vector<FenField> fields;
};

/// Splits a PDN FEN (grammar above). Numeric ranges "a-b" are expanded. Throws ParseError
/// naming the offset and the text at fault (missing or lower-case side letter, empty item, a
/// number with a leading zero or more than 4 digits, a malformed, reversed or too long range,
/// the same side's list given twice, an H or F clock field given twice, not a number or out of
/// range).
[[nodiscard]] FenText split_fen(std::string_view text);

/// Writes a piece list item sequence: each (prefix, number) with runs of 3 or more
/// consecutive numbers sharing a prefix written as "prefix a-b". Input order is kept.
[[nodiscard]] std::string join_numbered(const std::vector<std::pair<std::string, int>>& items);

}  // namespace tradgames
