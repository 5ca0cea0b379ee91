// tradgames: the PDN FEN syntax shared by every variant's position strings.
//
// Grammar (PDN 3.0 FEN tag, wiegerw/pdn doc/fen.rst, with its extensions):
//   fen    := side (':' field)*        side := 'W' | 'B'
//   field  := ('W' | 'B') list         a side's pieces (list may be empty)
//           | letter value             any other field: H<halfmove>, F<move> (whole numbers),
//                                      T.., E.., U..
//   list   := item (',' item)*         item := prefix? square | prefix? number '-' number
//   prefix := upper-case letters       (K king/biy, Q batyr, R tura, Y yalkyn)
// Whitespace around the text and a final '.' are tolerated. This module only splits the text;
// the variant resolves squares and prefixes and validates the position.
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

/// Splits a PDN FEN. Numeric ranges "a-b" (a <= b, at most 64 squares) are expanded. Throws
/// ParseError naming the offset and the text at fault (missing side, unknown side letter,
/// empty item, malformed or reversed range, the same side's list given twice, an H or F clock
/// field that is no whole number).
[[nodiscard]] FenText split_fen(std::string_view text);

/// Writes a piece list item sequence: each (prefix, number) with runs of 3 or more
/// consecutive numbers sharing a prefix written as "prefix a-b". Input order is kept.
[[nodiscard]] std::string join_numbered(const std::vector<std::pair<std::string, int>>& items);

}  // namespace tradgames
