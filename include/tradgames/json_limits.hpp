// tradgames: bounds on the JSON text the library reads (descriptors, shard files). nlohmann-json
// parses without recursion but copies, compares and dumps values recursively, so a value nested
// 100,000 levels deep overflows the stack after parsing: the text is scanned first.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tradgames {

/// The deepest nesting of arrays and objects the library accepts in JSON it reads. A draughts
/// descriptor needs 6 levels (options[].choices.word.man.steps); shard files need 3.
inline constexpr std::size_t max_json_depth = 64;

/// Scans `text` (any bytes; strings and their escapes are skipped) for arrays and objects
/// nested more than `max_depth` levels. Returns nullopt if there are none, else a one-line
/// description: "nested more than 64 levels deep (line 1, byte 201)". Unbalanced or otherwise
/// malformed JSON is left to the parser. Linear time, no allocation besides the result.
[[nodiscard]] std::optional<std::string> json_nesting_error(std::string_view text,
                                                            std::size_t max_depth = max_json_depth);

/// `message` cut to at most `limit` bytes, with "..." when cut: for messages that quote input
/// (a parser's message quoting a 5,000-digit number), so that an error stays one short line.
[[nodiscard]] std::string cut_message(std::string_view message, std::size_t limit = 200);

}  // namespace tradgames
