// Test helpers shared by every test file.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/variant.hpp"

namespace tgtest {

/// A rule test position: its id in the variant's RULES.md, the position string, the exact U move
/// list (derived by hand) and the number of P paths.
struct RuleCase {
    const char* id;
    const char* fen;
    std::vector<std::string> expected;  // U move list
    std::size_t paths;                  // P count
};

/// The legal moves of `fen` (initial position if empty) in notation, sorted.
inline std::vector<std::string> moves(const tradgames::Variant& v, std::string_view fen,
                                      tradgames::Duplicates dup = tradgames::Duplicates::unique) {
    const tradgames::Position p = fen.empty() ? v.initial_position() : v.parse_position(fen);
    tradgames::MoveList list;
    v.generate(p, list, dup);
    std::vector<std::string> r;
    for (const auto& m : list) r.push_back(v.move_to_string(p, m));
    std::sort(r.begin(), r.end());
    return r;
}

/// Sorted copy of an expected move list.
inline std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

/// Number of legal moves (U or P) of `fen`.
inline std::size_t count(const tradgames::Variant& v, std::string_view fen,
                         tradgames::Duplicates dup) {
    return moves(v, fen, dup).size();
}

/// perft of `fen` (initial position if empty).
inline std::uint64_t perft(const tradgames::Variant& v, std::string_view fen, int depth,
                           tradgames::Duplicates dup = tradgames::Duplicates::unique) {
    tradgames::Position p = fen.empty() ? v.initial_position() : v.parse_position(fen);
    tradgames::PerftOptions o;
    o.duplicates = dup;
    return v.perft(p, depth, o);
}

}  // namespace tgtest
