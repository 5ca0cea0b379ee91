// tradgames: basic vocabulary types shared by every module.
//
// A board is a graph of at most max_vertices vertices, so that a set of vertices is one
// fixed-width bit set (`Mask`). The width is a compile-time parameter of the library:
// TRADGAMES_MAX_VERTICES is 64 (the default: one 64-bit word, every 8x8 and 10x10 board) or 128
// (two words: 12x12 boards such as Canadian draughts' 72 squares). CMake sets it from the cache
// option of the same name as a PUBLIC compile definition of the library target, so every
// consumer of an installed package compiles with the library's width. Vertices are numbered
// 0..n-1 in the variant's own square order (Russian: PDN numeric order 1-32 minus one; Tobit:
// point number minus one; Shatra: square number minus one).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#ifndef TRADGAMES_MAX_VERTICES
#define TRADGAMES_MAX_VERTICES 64
#endif

/// Forces inlining of a few tiny functions on perft's innermost path (make and unmake), which
/// GCC otherwise keeps out of line in large callers.
#if defined(__GNUC__) || defined(__clang__)
#define TRADGAMES_ALWAYS_INLINE [[gnu::always_inline]]
#else
#define TRADGAMES_ALWAYS_INLINE
#endif

namespace tradgames {

static_assert(TRADGAMES_MAX_VERTICES == 64 || TRADGAMES_MAX_VERTICES == 128,
              "TRADGAMES_MAX_VERTICES must be 64 or 128");

/// Index of a vertex (playable square or point) of a board graph, 0..vertex_count-1.
using Vertex = std::uint8_t;
/// Marker for "no vertex" (off the board, beyond a wall or line end).
inline constexpr Vertex no_vertex = 0xFF;
/// Largest number of vertices a board may have (one bit each in a Mask): 64 or 128, fixed when
/// the library is compiled (TRADGAMES_MAX_VERTICES).
inline constexpr int max_vertices = TRADGAMES_MAX_VERTICES;

#if TRADGAMES_MAX_VERTICES == 64

/// A set of vertices: bit v is set when vertex v is in the set.
using Mask = std::uint64_t;

/// The one-vertex set {v}. Precondition: v < max_vertices.
[[nodiscard]] constexpr Mask bit(Vertex v) noexcept { return Mask{1} << v; }
/// True when v is in m. Precondition: v < max_vertices.
[[nodiscard]] constexpr bool has(Mask m, Vertex v) noexcept { return ((m >> v) & 1U) != 0; }
/// Number of vertices in m.
[[nodiscard]] constexpr int count(Mask m) noexcept { return std::popcount(m); }
/// Lowest vertex of a non-empty set. Precondition: m != 0.
[[nodiscard]] constexpr Vertex lowest(Mask m) noexcept {
    return static_cast<Vertex>(std::countr_zero(m));
}

/// Calls f(v) for each vertex v of m in increasing order.
template <class F>
constexpr void for_each_vertex(Mask m, F&& f) {
    while (m != 0) {
        f(lowest(m));
        m &= m - 1;
    }
}

#else

/// A set of up to 128 vertices as two 64-bit words (bit v of the set is bit v % 64 of word
/// v / 64). A plain value type with the integer operators the library uses on masks (& | ^ ~,
/// shifts, subtraction, comparison); it converts implicitly from a 64-bit word (the low half),
/// so that `Mask m = 0` and `m != 0` read as they do at width 64, but never implicitly to an
/// integer: a mask cannot be truncated to 64 bits by accident.
class WideMask {
public:
    constexpr WideMask() noexcept = default;
    /// The set whose low word is `low` (vertices 0..63), high word empty.
    constexpr WideMask(std::uint64_t low) noexcept : lo_(low) {}  // NOLINT(google-explicit-constructor)
    /// The set with the given words.
    constexpr WideMask(std::uint64_t low, std::uint64_t high) noexcept : lo_(low), hi_(high) {}

    /// Vertices 0..63 as a word.
    [[nodiscard]] constexpr std::uint64_t low() const noexcept { return lo_; }
    /// Vertices 64..127 as a word (bit 0 = vertex 64).
    [[nodiscard]] constexpr std::uint64_t high() const noexcept { return hi_; }
    /// True when the set is not empty.
    constexpr explicit operator bool() const noexcept { return (lo_ | hi_) != 0; }

    friend constexpr bool operator==(WideMask a, WideMask b) noexcept {
        return a.lo_ == b.lo_ && a.hi_ == b.hi_;
    }
    friend constexpr WideMask operator&(WideMask a, WideMask b) noexcept {
        return {a.lo_ & b.lo_, a.hi_ & b.hi_};
    }
    friend constexpr WideMask operator|(WideMask a, WideMask b) noexcept {
        return {a.lo_ | b.lo_, a.hi_ | b.hi_};
    }
    friend constexpr WideMask operator^(WideMask a, WideMask b) noexcept {
        return {a.lo_ ^ b.lo_, a.hi_ ^ b.hi_};
    }
    friend constexpr WideMask operator~(WideMask a) noexcept { return {~a.lo_, ~a.hi_}; }
    /// Two's-complement subtraction over 128 bits (m - 1 clears the lowest bit's run).
    friend constexpr WideMask operator-(WideMask a, WideMask b) noexcept {
        return {a.lo_ - b.lo_, a.hi_ - b.hi_ - (a.lo_ < b.lo_ ? 1U : 0U)};
    }
    /// Shift towards higher vertices. Precondition: 0 <= n < 128.
    friend constexpr WideMask operator<<(WideMask a, int n) noexcept {
        if (n == 0) return a;
        if (n >= 64) return {0, a.lo_ << (n - 64)};
        return {a.lo_ << n, (a.hi_ << n) | (a.lo_ >> (64 - n))};
    }
    /// Shift towards lower vertices. Precondition: 0 <= n < 128.
    friend constexpr WideMask operator>>(WideMask a, int n) noexcept {
        if (n == 0) return a;
        if (n >= 64) return {a.hi_ >> (n - 64), 0};
        return {(a.lo_ >> n) | (a.hi_ << (64 - n)), a.hi_ >> n};
    }
    constexpr WideMask& operator&=(WideMask b) noexcept { return *this = *this & b; }
    constexpr WideMask& operator|=(WideMask b) noexcept { return *this = *this | b; }
    constexpr WideMask& operator^=(WideMask b) noexcept { return *this = *this ^ b; }
    constexpr WideMask& operator<<=(int n) noexcept { return *this = *this << n; }
    constexpr WideMask& operator>>=(int n) noexcept { return *this = *this >> n; }

private:
    std::uint64_t lo_ = 0;
    std::uint64_t hi_ = 0;
};

/// A set of vertices: bit v is set when vertex v is in the set.
using Mask = WideMask;

/// The one-vertex set {v}. Precondition: v < max_vertices.
[[nodiscard]] constexpr Mask bit(Vertex v) noexcept {
    return v < 64 ? Mask{std::uint64_t{1} << v, 0} : Mask{0, std::uint64_t{1} << (v - 64)};
}
/// True when v is in m. Precondition: v < max_vertices.
[[nodiscard]] constexpr bool has(Mask m, Vertex v) noexcept {
    return v < 64 ? ((m.low() >> v) & 1U) != 0 : ((m.high() >> (v - 64)) & 1U) != 0;
}
/// Number of vertices in m.
[[nodiscard]] constexpr int count(Mask m) noexcept {
    return std::popcount(m.low()) + std::popcount(m.high());
}
/// Lowest vertex of a non-empty set. Precondition: m != 0.
[[nodiscard]] constexpr Vertex lowest(Mask m) noexcept {
    return static_cast<Vertex>(m.low() != 0 ? std::countr_zero(m.low())
                                            : 64 + std::countr_zero(m.high()));
}

/// Calls f(v) for each vertex v of m in increasing order.
template <class F>
constexpr void for_each_vertex(Mask m, F&& f) {
    for (std::uint64_t w = m.low(); w != 0; w &= w - 1) {
        f(static_cast<Vertex>(std::countr_zero(w)));
    }
    for (std::uint64_t w = m.high(); w != 0; w &= w - 1) {
        f(static_cast<Vertex>(64 + std::countr_zero(w)));
    }
}

#endif

/// m rotated towards lower vertices: bit v of the result is bit (v + n) mod max_vertices of m,
/// so a vertex set moved by a fixed delta is one rotation (the bits that wrap around are those
/// of vertices a caller masks out). Precondition: 0 <= n < max_vertices.
[[nodiscard]] constexpr Mask rotate_down(Mask m, int n) noexcept {
#if TRADGAMES_MAX_VERTICES == 64
    return std::rotr(m, n);
#else
    return n == 0 ? m : (m >> n) | (m << (max_vertices - n));
#endif
}

/// The k-th vertex (0-based, in increasing order) of m: the move k of a list written vertex by
/// vertex, found without writing the others (Variant::nth_move). Precondition: k < count(m).
[[nodiscard]] inline Vertex nth_vertex(Mask m, std::size_t k) noexcept {
#if defined(__BMI2__) && TRADGAMES_MAX_VERTICES == 64
    return lowest(_pdep_u64(std::uint64_t{1} << k, m));
#else
    for (; k > 0; --k) m &= m - 1;
    return lowest(m);
#endif
}

/// The two sides. White moves first in all three games.
enum class Color : std::uint8_t { white = 0, black = 1 };

/// The other side.
[[nodiscard]] constexpr Color operator~(Color c) noexcept {
    return static_cast<Color>(static_cast<std::uint8_t>(c) ^ 1U);
}
/// 0 for White, 1 for Black: an array index.
[[nodiscard]] constexpr int index(Color c) noexcept { return static_cast<int>(c); }
/// "white" or "black".
[[nodiscard]] constexpr std::string_view to_string(Color c) noexcept {
    return c == Color::white ? "white" : "black";
}

/// A piece kind, numbered by the variant (Russian: man 0, king 1; Tobit: hul 0, tobit 1;
/// Shatra: shatra 0, biy 1, batyr 2, tura 3, yalkyn 4).
using Kind = std::uint8_t;
/// Largest number of piece kinds a variant may declare.
inline constexpr int max_kinds = 7;
/// Marker for "no kind" (e.g. a move without promotion).
inline constexpr Kind no_kind = 0xFF;

/// A piece on a vertex, packed in one byte: 0 = empty, else (color << 3) | (kind + 1).
class Piece {
public:
    constexpr Piece() noexcept = default;
    /// A piece of the given side and kind. Precondition: kind < max_kinds.
    constexpr Piece(Color c, Kind k) noexcept
        : code_(static_cast<std::uint8_t>((index(c) << 3) | (k + 1))) {}
    /// The packed code, 0..15; usable as an array index (Zobrist keys).
    [[nodiscard]] constexpr std::uint8_t code() const noexcept { return code_; }
    [[nodiscard]] constexpr bool empty() const noexcept { return code_ == 0; }
    /// Side of the piece. Precondition: !empty().
    [[nodiscard]] constexpr Color color() const noexcept { return static_cast<Color>(code_ >> 3); }
    /// Kind of the piece. Precondition: !empty().
    [[nodiscard]] constexpr Kind kind() const noexcept {
        return static_cast<Kind>((code_ & 7U) - 1);
    }
    constexpr bool operator==(const Piece&) const noexcept = default;

private:
    std::uint8_t code_ = 0;
};

/// The eight compass directions as seen from White's side of the board. North is White's
/// forward. opposite(d) == d ^ 4.
enum class Direction : std::uint8_t { n = 0, ne, e, se, s, sw, w, nw };
inline constexpr int direction_count = 8;

/// The direction pointing the other way.
[[nodiscard]] constexpr Direction opposite(Direction d) noexcept {
    return static_cast<Direction>(static_cast<std::uint8_t>(d) ^ 4U);
}
/// Direction as an index 0..7.
[[nodiscard]] constexpr int index(Direction d) noexcept { return static_cast<int>(d); }
/// Short name: "n", "ne", ..., "nw".
[[nodiscard]] constexpr std::string_view to_string(Direction d) noexcept {
    constexpr std::string_view names[] = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
    return names[index(d)];
}

/// A set of directions: bit index(d) is set for d in the set.
using DirectionSet = std::uint8_t;
/// The set {d}.
[[nodiscard]] constexpr DirectionSet dirs(Direction d) noexcept {
    return static_cast<DirectionSet>(1U << index(d));
}
/// The union of several directions.
template <class... D>
[[nodiscard]] constexpr DirectionSet dirs(Direction d, D... rest) noexcept {
    return static_cast<DirectionSet>(dirs(d) | dirs(rest...));
}
inline constexpr DirectionSet orthogonal_dirs =
    dirs(Direction::n, Direction::e, Direction::s, Direction::w);
inline constexpr DirectionSet diagonal_dirs =
    dirs(Direction::ne, Direction::se, Direction::sw, Direction::nw);
inline constexpr DirectionSet all_dirs = orthogonal_dirs | diagonal_dirs;

/// Zone bits: a variant gives each bit a meaning (promotion row, fortress, gate, ditch side,
/// high road ...); a vertex carries the OR of its zones (VertexProperties::zones,
/// Topology::zones).
using ZoneSet = std::uint32_t;

/// Calls f(d) for each direction d of the set s, in index order.
template <class F>
constexpr void for_each_direction(DirectionSet s, F&& f) {
    unsigned m = s;
    while (m != 0) {
        f(static_cast<Direction>(std::countr_zero(m)));
        m &= m - 1;
    }
}

/// Mirrors a direction set north<->south (White's directions to Black's).
[[nodiscard]] constexpr DirectionSet flip_vertical(DirectionSet s) noexcept {
    // n<->s, ne<->se, nw<->sw, e and w fixed.
    constexpr int map[] = {4, 3, 2, 1, 0, 7, 6, 5};
    DirectionSet r = 0;
    for (int d = 0; d < direction_count; ++d) {
        if ((s >> d) & 1U) r = static_cast<DirectionSet>(r | (1U << map[d]));
    }
    return r;
}

}  // namespace tradgames
