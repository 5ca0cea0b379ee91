// tradgames: Zobrist keys (Zobrist 1970, "A new hashing method with application for game
// playing"). One 64-bit key per (vertex, piece code), one for the side to move and one per bit
// of the variant state; a position's hash is the XOR of the keys of its features, updated
// incrementally by Position::put/remove. Keys are generated at compile time by splitmix64 from a
// fixed seed, so hashes are identical across runs, builds and platforms.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "tradgames/types.hpp"

namespace tradgames::zobrist {

/// splitmix64 step (Steele, Lea, Flood 2014): returns the next 64-bit value and advances x.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/// All keys of the library.
struct Keys {
    std::array<std::array<std::uint64_t, 16>, max_vertices> piece{};  // [vertex][Piece::code()]
    std::uint64_t black_to_move = 0;
    std::array<std::uint64_t, 32> flag{};             // PositionState::flags bits
    std::array<std::uint64_t, max_vertices> ep_square{};
    std::array<std::uint64_t, max_vertices> ep_victim{};
    std::array<std::uint64_t, max_vertices> marked{};  // PositionState::marked bits
};

/// The keys, drawn in a fixed order. The keys of vertices 64 and above (a 128-vertex build,
/// types.hpp) are drawn after all the others, so that every key a 64-vertex board uses, and so
/// every hash, is the same at both widths.
[[nodiscard]] constexpr Keys make_keys() noexcept {
    Keys k;
    std::uint64_t s = 0x7472616467616D65ULL;  // "tradgame"
    constexpr std::size_t first = 64;          // vertices keyed before the other features
    auto piece_row = [&](std::size_t v) {
        k.piece[v][0] = 0;  // the empty square contributes nothing
        for (std::size_t c = 1; c < k.piece[v].size(); ++c) k.piece[v][c] = splitmix64(s);
    };
    for (std::size_t v = 0; v < first; ++v) piece_row(v);
    k.black_to_move = splitmix64(s);
    for (auto& x : k.flag) x = splitmix64(s);
    for (std::size_t v = 0; v < first; ++v) k.ep_square[v] = splitmix64(s);
    for (std::size_t v = 0; v < first; ++v) k.ep_victim[v] = splitmix64(s);
    for (std::size_t v = 0; v < first; ++v) k.marked[v] = splitmix64(s);
    for (std::size_t v = first; v < max_vertices; ++v) {
        piece_row(v);
        k.ep_square[v] = splitmix64(s);
        k.ep_victim[v] = splitmix64(s);
        k.marked[v] = splitmix64(s);
    }
    return k;
}

/// The key table.
inline constexpr Keys keys = make_keys();

}  // namespace tradgames::zobrist
