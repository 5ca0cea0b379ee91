// tradgames: a move is one whole turn; MoveList is a fixed-capacity buffer of moves.
//
// A move records its origin, every landing vertex in order, the captured vertices in the order
// they were jumped (and as a set), whether it is a drop, and the kind the moving piece has at
// the end of the move when that changed (promotion). Storage is fixed-capacity
// (boost::container::static_vector), so building and copying moves never allocates.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include <boost/container/static_vector.hpp>

#include "tradgames/error.hpp"
#include "tradgames/position.hpp"
#include "tradgames/types.hpp"

namespace tradgames {

/// Most jumps one capture sequence can make: 24 in a 64-vertex build (12 pieces can be taken in
/// Russian and Tobit, 17 in Shatra, 20 on a 10x10 board), 32 in a 128-vertex build (30 on a 12x12
/// board). A longer sequence (only a crafted position has one) is reported as an Error by the
/// capture generator.
inline constexpr std::size_t max_jumps = max_vertices > 64 ? 32 : 24;
/// Most moves a MoveList can hold. Ample for U lists; P lists (every capture path) of Shatra
/// sliders can pass 1000 in legal positions (1099 seen), and crafted positions can exceed any
/// fixed bound, which is then reported as an Error.
inline constexpr std::size_t max_moves = 4096;

/// What a move does.
enum class MoveKind : std::uint8_t {
    quiet,    ///< a non-capturing move of a piece on the board
    capture,  ///< a capture sequence (one or more jumps)
    drop,     ///< a reserve man placed on the board (Shatra); `from` is its reserve square
};

/// Fixed-capacity vertex list.
using VertexList = boost::container::static_vector<Vertex, max_jumps>;

/// One whole turn.
struct Move {
    /// An empty quiet move. (User-provided so that MoveList::emplace_back does not zero the
    /// unused capacity of the vertex lists.)
    Move() noexcept {}  // NOLINT(modernize-use-equals-default)

    MoveKind kind = MoveKind::quiet;
    /// Starting vertex (for a drop: the vertex the man is taken from).
    Vertex from = no_vertex;
    /// Final vertex.
    Vertex to = no_vertex;
    /// Kind of the moving piece after the move when it differs from its kind before
    /// (promotion; Tobit's optional reversion), else no_kind.
    Kind promotion = no_kind;
    /// Tells apart captures with the same origin, destination, captured set and promotion that
    /// still leave different positions; set by the variant's capture hooks (CaptureHooks::
    /// result_tag), 0 for every other move. Shatra: the order in which the opponent's batyr, tura
    /// and yalkyn are taken decides what its waiting shatras become (variants/shatra/RULES.md
    /// §6.3).
    std::uint8_t result_tag = 0;
    /// Landing vertices in order; path.back() == to. A quiet move or drop has path {to}.
    /// (En passant, Shatra: the first landing is off the line of the victim.)
    VertexList path;
    /// Captured vertices in the order they were jumped. Empty unless kind == capture.
    VertexList captured;
    /// The captured vertices as a set.
    Mask captured_mask = 0;

    [[nodiscard]] bool is_capture() const noexcept { return kind == MoveKind::capture; }
    [[nodiscard]] bool is_drop() const noexcept { return kind == MoveKind::drop; }

    /// True when both moves give the same resulting position (the "U" identity: same kind,
    /// origin, destination, captured set, final piece kind and result tag; the path may
    /// differ).
    [[nodiscard]] bool same_result(const Move& o) const noexcept {
        return from == o.from && to == o.to && captured_mask == o.captured_mask &&
               promotion == o.promotion && kind == o.kind && result_tag == o.result_tag;
    }
    /// Exact identity, path and capture order included.
    bool operator==(const Move& o) const noexcept {
        return same_result(o) && path == o.path && captured == o.captured;
    }
};

/// How capture sequences that lead to the same position are listed.
enum class Duplicates : std::uint8_t {
    unique,     ///< "U": one move per distinct resulting position (the default)
    all_paths,  ///< "P": every distinct jump path
};

/// A fixed-capacity list of moves, filled by move generators without heap allocation.
class MoveList {
public:
    using Storage = boost::container::static_vector<Move, max_moves>;
    using iterator = Storage::iterator;
    using const_iterator = Storage::const_iterator;

    /// Appends a default move and returns it for in-place filling.
    /// Throws Error when the list already holds max_moves moves.
    Move& emplace_back() {
        if (moves_.size() == moves_.capacity()) overflow();
        return moves_.emplace_back();
    }
    /// Appends a copy of m. Throws Error when full.
    void push_back(const Move& m) {
        if (moves_.size() == moves_.capacity()) overflow();
        moves_.push_back(m);
    }
    /// Removes the last move. Precondition: !empty().
    void pop_back() noexcept { moves_.pop_back(); }
    /// Removes every move for which pred(move) is true, keeping order.
    template <class Pred>
    void erase_if(Pred pred) {
        moves_.erase(std::remove_if(moves_.begin(), moves_.end(), pred), moves_.end());
    }
    void clear() noexcept { moves_.clear(); }
    [[nodiscard]] std::size_t size() const noexcept { return moves_.size(); }
    [[nodiscard]] bool empty() const noexcept { return moves_.empty(); }
    [[nodiscard]] Move& operator[](std::size_t i) noexcept { return moves_[i]; }
    [[nodiscard]] const Move& operator[](std::size_t i) const noexcept { return moves_[i]; }
    [[nodiscard]] Move& back() noexcept { return moves_.back(); }
    iterator begin() noexcept { return moves_.begin(); }
    iterator end() noexcept { return moves_.end(); }
    const_iterator begin() const noexcept { return moves_.begin(); }
    const_iterator end() const noexcept { return moves_.end(); }

private:
    [[noreturn]] static void overflow() {
        throw Error("move list: more than " + std::to_string(max_moves) + " legal moves");
    }
    Storage moves_;
};

/// What make_move saves so that unmake_move restores the position exactly.
struct Undo {
    std::uint64_t hash = 0;
    PositionState state{};
    Piece moved{};
    /// Pieces taken, in the order of Move::captured.
    boost::container::static_vector<Piece, max_jumps> captured;
    /// Variant side effects on other vertices: (vertex, piece before), in order of change.
    boost::container::static_vector<std::pair<Vertex, Piece>, 16> changed;
};

/// The generic part of making a move: lifts the piece from `from`, removes the captured pieces,
/// puts the piece (promoted if move.promotion is set) on `to`, and passes the turn. Saves what
/// undo needs in u (hash, state, pieces). The variant state is left untouched: variants update
/// it afterwards. Precondition: m is legal in p.
inline void apply_move(Position& p, const Move& m, Undo& u) {
    u.hash = p.hash();
    u.state = p.state();
    u.captured.clear();
    u.changed.clear();
    const Piece moved = p.at(m.from);
    u.moved = moved;
    // Captured pieces go first: under immediate removal a later jump may land on the vertex of
    // an earlier victim.
    for (Vertex c : m.captured) u.captured.push_back(p.remove(c));
    if (m.promotion == no_kind && m.from != m.to) {
        p.move_piece(m.from, m.to);
    } else {
        p.remove(m.from);
        p.put(m.to, m.promotion == no_kind ? moved : Piece(moved.color(), m.promotion));
    }
    p.flip_side();
}

/// Changes the piece on v to `now` (empty allowed) as a side effect of the move being made,
/// recording the old piece in u so that revert_move restores it.
inline void change_piece(Position& p, Undo& u, Vertex v, Piece now) {
    u.changed.emplace_back(v, p.at(v));
    if (!p.at(v).empty()) p.remove(v);
    if (!now.empty()) p.put(v, now);
}

/// Undoes apply_move and every change_piece made since, restoring placement, side, state and
/// hash exactly. Precondition: p is the position right after the move and its side effects.
inline void revert_move(Position& p, const Move& m, const Undo& u) {
    // The saved hash is restored at the end, so the steps in between leave it alone.
    for (auto it = u.changed.rbegin(); it != u.changed.rend(); ++it) {
        if (!p.at(it->first).empty()) p.remove_unhashed(it->first);
        if (!it->second.empty()) p.put_unhashed(it->first, it->second);
    }
    p.flip_side_unhashed();
    if (m.promotion == no_kind && m.from != m.to) {
        p.move_piece_unhashed(m.to, m.from);
    } else {
        p.remove_unhashed(m.to);
        p.put_unhashed(m.from, u.moved);
    }
    for (std::size_t i = m.captured.size(); i-- > 0;) p.put_unhashed(m.captured[i], u.captured[i]);
    p.restore(u.state, u.hash);
}

}  // namespace tradgames
