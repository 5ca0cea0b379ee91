// tradgames: a position of any variant.
//
// A position is the piece on each vertex, occupancy masks per side and per (side, kind), the
// side to move, a small block of variant-defined state (PositionState) and an incrementally
// updated Zobrist hash. It knows nothing of rules: the variant gives meaning to kinds and state.
#pragma once

#include <array>
#include <cstdint>

#include "tradgames/types.hpp"
#include "tradgames/zobrist.hpp"

namespace tradgames {

/// Variant-defined state beyond piece placement and side to move. Unused fields stay at their
/// defaults. Everything here is part of position identity (equality, hash, repetition).
struct PositionState {
    /// Variant flag bits. Shatra: bit 0/1 = White's/Black's temdek is on.
    std::uint32_t flags = 0;
    /// En-passant: the passed-over vertex, or no_vertex (Shatra).
    Vertex ep_square = no_vertex;
    /// En-passant: the vertex of the man that may be taken, or no_vertex (Shatra).
    Vertex ep_victim = no_vertex;
    /// Marked vertices (Shatra: urgent men, which must be dropped on their side's next
    /// non-capturing move).
    Mask marked = 0;

    bool operator==(const PositionState&) const = default;

    /// The Zobrist contribution of this state.
    [[nodiscard]] std::uint64_t hash() const noexcept {
        std::uint64_t h = 0;
        for (std::uint32_t f = flags; f != 0; f &= f - 1) {
            h ^= zobrist::keys.flag[static_cast<std::size_t>(std::countr_zero(f))];
        }
        if (ep_square != no_vertex) h ^= zobrist::keys.ep_square[ep_square];
        if (ep_victim != no_vertex) h ^= zobrist::keys.ep_victim[ep_victim];
        for_each_vertex(marked, [&](Vertex v) { h ^= zobrist::keys.marked[v]; });
        return h;
    }
};

/// Piece placement, side to move, variant state and hash.
///
/// All mutators keep the masks and the hash consistent; hash() always equals the XOR of the
/// keys of the current features (checked by the conformance tests).
class Position {
public:
    /// The empty board, White to move, default state.
    Position() = default;

    /// Piece on v (empty Piece if none). Precondition: v < max_vertices.
    [[nodiscard]] Piece at(Vertex v) const noexcept { return board_[v]; }
    /// All occupied vertices.
    [[nodiscard]] Mask occupied() const noexcept { return by_color_[0] | by_color_[1]; }
    /// Vertices occupied by side c.
    [[nodiscard]] Mask pieces(Color c) const noexcept { return by_color_[index(c)]; }
    /// Vertices occupied by pieces of side c and kind k. Precondition: k < max_kinds.
    [[nodiscard]] Mask pieces(Color c, Kind k) const noexcept {
        return by_code_[Piece(c, k).code()];
    }
    /// Side to move.
    [[nodiscard]] Color side_to_move() const noexcept { return side_; }
    /// Variant state.
    [[nodiscard]] const PositionState& state() const noexcept { return state_; }
    /// Zobrist hash of placement, side to move and state.
    [[nodiscard]] std::uint64_t hash() const noexcept { return hash_; }

    /// Places p on v. Preconditions: v is empty, p is not empty.
    void put(Vertex v, Piece p) noexcept {
        put_unhashed(v, p);
        hash_ ^= zobrist::keys.piece[v][p.code()];
    }
    /// Removes and returns the piece on v. Precondition: v is occupied.
    Piece remove(Vertex v) noexcept {
        const Piece p = remove_unhashed(v);
        hash_ ^= zobrist::keys.piece[v][p.code()];
        return p;
    }
    /// Moves the piece on `from` to the empty vertex `to` (one update of each mask instead of
    /// a remove and a put). Preconditions: from is occupied, to is empty, from != to.
    void move_piece(Vertex from, Vertex to) noexcept {
        const Piece p = move_piece_unhashed(from, to);
        hash_ ^= zobrist::keys.piece[from][p.code()] ^ zobrist::keys.piece[to][p.code()];
    }
    /// Sets the side to move.
    void set_side_to_move(Color c) noexcept {
        if (c != side_) flip_side();
    }
    /// Passes the turn to the other side.
    void flip_side() noexcept {
        side_ = ~side_;
        hash_ ^= zobrist::keys.black_to_move;
    }

    /// For undo code that ends with restore(): put, remove and flip_side without updating the
    /// hash (restore() sets the saved one). Same preconditions as put, remove and flip_side;
    /// the hash is stale until restore().
    TRADGAMES_ALWAYS_INLINE void put_unhashed(Vertex v, Piece p) noexcept {
        board_[v] = p;
        by_color_[index(p.color())] |= bit(v);
        by_code_[p.code()] |= bit(v);
    }
    /// See put_unhashed.
    TRADGAMES_ALWAYS_INLINE Piece remove_unhashed(Vertex v) noexcept {
        const Piece p = board_[v];
        board_[v] = Piece{};
        by_color_[index(p.color())] &= ~bit(v);
        by_code_[p.code()] &= ~bit(v);
        return p;
    }
    /// See put_unhashed. Returns the piece moved.
    TRADGAMES_ALWAYS_INLINE Piece move_piece_unhashed(Vertex from, Vertex to) noexcept {
        const Piece p = board_[from];
        board_[from] = Piece{};
        board_[to] = p;
        const Mask both = bit(from) | bit(to);
        by_color_[index(p.color())] ^= both;
        by_code_[p.code()] ^= both;
        return p;
    }
    /// See put_unhashed.
    TRADGAMES_ALWAYS_INLINE void flip_side_unhashed() noexcept { side_ = ~side_; }
    /// For a search that makes the moves of one position and computes each child's masks itself
    /// (perft, DraughtsVariant::SiblingMoves): writes p (empty allowed) on v in the board only.
    /// The masks are stale until set_masks.
    TRADGAMES_ALWAYS_INLINE void set_board_only(Vertex v, Piece p) noexcept { board_[v] = p; }
    /// See set_board_only: sets side c's masks, all its pieces (`all`) and its pieces of kinds
    /// k1 and k2 (`of_k1`, `of_k2`), the only kinds c has. Precondition: k1 != k2, both below
    /// max_kinds.
    TRADGAMES_ALWAYS_INLINE void set_masks(Color c, Mask all, Kind k1, Mask of_k1, Kind k2,
                                           Mask of_k2) noexcept {
        by_color_[index(c)] = all;
        by_code_[Piece(c, k1).code()] = of_k1;
        by_code_[Piece(c, k2).code()] = of_k2;
    }
    /// See set_board_only: sets side c's masks of all its pieces (`all`) and of its pieces of
    /// kind k (`of_k`), for a move that leaves c's other kinds where they were. Precondition:
    /// k < max_kinds.
    TRADGAMES_ALWAYS_INLINE void set_masks(Color c, Mask all, Kind k, Mask of_k) noexcept {
        by_color_[index(c)] = all;
        by_code_[Piece(c, k).code()] = of_k;
    }
    /// See set_board_only: sets the side to move without the hash.
    TRADGAMES_ALWAYS_INLINE void set_side_unhashed(Color c) noexcept { side_ = c; }
    /// Replaces the variant state.
    void set_state(const PositionState& s) noexcept {
        hash_ ^= state_.hash() ^ s.hash();
        state_ = s;
    }
    /// Restores the state and hash saved before a sequence of mutations that is being undone
    /// (the hash is not recomputed). Precondition: placement and side are restored already.
    void restore(const PositionState& s, std::uint64_t h) noexcept {
        state_ = s;
        hash_ = h;
    }

    /// Hash recomputed from scratch (for checking the incremental one).
    [[nodiscard]] std::uint64_t compute_hash() const noexcept {
        std::uint64_t h = state_.hash();
        if (side_ == Color::black) h ^= zobrist::keys.black_to_move;
        for_each_vertex(occupied(), [&](Vertex v) { h ^= zobrist::keys.piece[v][board_[v].code()]; });
        return h;
    }

    /// Same placement, side to move and state.
    bool operator==(const Position& o) const noexcept {
        return board_ == o.board_ && side_ == o.side_ && state_ == o.state_;
    }

private:
    std::array<Piece, max_vertices> board_{};
    std::array<Mask, 2> by_color_{};
    /// Occupancy per piece (side and kind), indexed by Piece::code() (entry 0 unused).
    std::array<Mask, 16> by_code_{};
    Color side_ = Color::white;
    PositionState state_{};
    std::uint64_t hash_ = 0;
};

}  // namespace tradgames
