// tradgames: a move is one whole turn; MoveList is the list move generators fill.
//
// A move records its origin, every landing vertex in order, the captured vertices in the order
// they were jumped (and as a set), whether it is a drop, and the kind the moving piece has at
// the end of the move when that changed (promotion). It is a 64-byte trivially copyable record
// (at the default 64-vertex width): the path and captured lists are inline arrays with a one-byte
// length, so building and copying moves never allocates. A MoveList keeps its first 64 moves
// inline (4 KB) and moves to one heap block, which it keeps on clear(), only for longer lists.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "tradgames/error.hpp"
#include "tradgames/position.hpp"
#include "tradgames/types.hpp"

namespace tradgames {

/// Most jumps one capture sequence can make: 24 in a 64-vertex build (12 pieces can be taken in
/// Russian and Tobit, 17 in Shatra, 20 on a 10x10 board), 32 in a 128-vertex build (30 on a 12x12
/// board). A longer sequence (only a crafted position has one) is reported as an Error by the
/// capture generator.
inline constexpr std::size_t max_jumps = max_vertices > 64 ? 32 : 24;
/// Most moves a MoveList can hold: far above any legal position's U or P list (Shatra's P lists
/// pass 1000 in legal positions, 1099 seen), so that only a crafted position can overflow it,
/// which is then reported as an Error rather than exhausting memory.
inline constexpr std::size_t max_moves = 65536;
/// Moves a MoveList holds without a heap block: enough for the common case of every variant
/// (the most seen in a U list of a legal Russian or Tobit position is far below it).
inline constexpr std::size_t inline_moves = 64;

/// What a move does.
enum class MoveKind : std::uint8_t {
    quiet,    ///< a non-capturing move of a piece on the board
    capture,  ///< a capture sequence (one or more jumps)
    drop,     ///< a reserve man placed on the board (Shatra); `from` is its reserve square
};

/// A list of at most max_jumps vertices stored inline (a one-byte length and an array), as a
/// small sequence container: begin/end, size, operator[], push_back, ==. Trivially copyable.
class VertexList {
public:
    using value_type = Vertex;
    using iterator = Vertex*;
    using const_iterator = const Vertex*;

    /// The empty list.
    constexpr VertexList() noexcept = default;

    /// Appends v. Throws Error when the list already holds max_jumps vertices.
    void push_back(Vertex v) {
        if (size_ == max_jumps) full();
        v_[size_++] = v;
    }
    /// Replaces the contents with the first n vertices of a (the whole array is copied: a
    /// fixed-size copy is a few register moves). Precondition: n <= max_jumps.
    void assign(const std::array<Vertex, max_jumps>& a, std::size_t n) noexcept {
        v_ = a;
        size_ = static_cast<std::uint8_t>(n);
    }
    /// Replaces the contents with the one vertex v.
    void assign_one(Vertex v) noexcept {
        v_[0] = v;
        size_ = 1;
    }
    /// Removes the last vertex. Precondition: !empty().
    void pop_back() noexcept { --size_; }
    /// Removes every vertex.
    void clear() noexcept { size_ = 0; }

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] static constexpr std::size_t capacity() noexcept { return max_jumps; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    /// Element i. Precondition: i < size().
    [[nodiscard]] Vertex operator[](std::size_t i) const noexcept { return v_[i]; }
    [[nodiscard]] Vertex& operator[](std::size_t i) noexcept { return v_[i]; }
    /// First and last element. Precondition: !empty().
    [[nodiscard]] Vertex front() const noexcept { return v_[0]; }
    [[nodiscard]] Vertex back() const noexcept { return v_[size_ - 1U]; }
    [[nodiscard]] Vertex& front() noexcept { return v_[0]; }
    [[nodiscard]] Vertex& back() noexcept { return v_[size_ - 1U]; }
    [[nodiscard]] const Vertex* data() const noexcept { return v_.data(); }
    iterator begin() noexcept { return v_.data(); }
    iterator end() noexcept { return v_.data() + size_; }
    const_iterator begin() const noexcept { return v_.data(); }
    const_iterator end() const noexcept { return v_.data() + size_; }

    /// Same length and elements.
    friend bool operator==(const VertexList& a, const VertexList& b) noexcept {
        return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    [[noreturn]] static void full() {
        throw Error("move: more than " + std::to_string(max_jumps) + " landings or captures");
    }
    std::uint8_t size_ = 0;
    std::array<Vertex, max_jumps> v_;
};

/// One whole turn. 64 bytes and trivially copyable at the default 64-vertex width.
struct Move {
    /// The captured vertices as a set.
    Mask captured_mask = 0;
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
static_assert(std::is_trivially_copyable_v<Move>);
static_assert(max_vertices > 64 || sizeof(Move) == 64, "a Move is one 64-byte cache line");

/// How capture sequences that lead to the same position are listed.
enum class Duplicates : std::uint8_t {
    unique,     ///< "U": one move per distinct resulting position (the default)
    all_paths,  ///< "P": every distinct jump path
};

/// The list move generators fill: the first inline_moves moves inline (no allocation), then one
/// heap block that doubles as needed (up to max_moves) and is kept on clear(), so a list reused
/// across positions allocates only while it first grows. Moves are trivially copyable; the list
/// copies them with memcpy.
class MoveList {
public:
    using iterator = Move*;
    using const_iterator = const Move*;

    /// An empty list using its inline storage.
    MoveList() noexcept : data_(inline_data()) {}
    MoveList(const MoveList& o) : MoveList() { append(o.begin(), o.size()); }
    MoveList(MoveList&& o) noexcept : MoveList() { take(o); }
    MoveList& operator=(const MoveList& o) {
        if (this != &o) {
            size_ = 0;
            append(o.begin(), o.size());
        }
        return *this;
    }
    MoveList& operator=(MoveList&& o) noexcept {
        if (this != &o) {
            heap_.reset();
            data_ = inline_data();
            capacity_ = inline_moves;
            take(o);
        }
        return *this;
    }
    ~MoveList() = default;

    /// Appends a default move and returns it for in-place filling.
    /// Throws Error when the list already holds max_moves moves.
    Move& emplace_back() {
        if (size_ == capacity_) grow();
        Move* m = data_ + size_++;
        new (m) Move();
        return *m;
    }
    /// Appends an uninitialised slot and returns it: the caller sets every field it reads later
    /// (kind, from, to, promotion, result_tag, captured_mask, path, captured). For generators.
    /// Throws Error when full.
    Move& push_raw() {
        if (size_ == capacity_) grow();
        return data_[size_++];
    }
    /// Appends n uninitialised slots and returns the first, for generators that know how many
    /// moves they write (the caller sets every field of each, as for push_raw()). Throws Error
    /// when the list would pass max_moves moves.
    Move* push_raw(std::size_t n) {
        if (capacity_ - size_ < n) grow(n);
        Move* first = data_ + size_;
        size_ += n;
        return first;
    }
    /// Appends a copy of m. Throws Error when full.
    void push_back(const Move& m) {
        if (size_ == capacity_) grow();
        data_[size_++] = m;
    }
    /// Removes the last move. Precondition: !empty().
    void pop_back() noexcept { --size_; }
    /// Keeps the first n moves. Precondition: n <= size().
    void truncate(std::size_t n) noexcept { size_ = n; }
    /// Removes every move for which pred(move) is true, keeping order.
    template <class Pred>
    void erase_if(Pred pred) {
        size_ = static_cast<std::size_t>(std::remove_if(begin(), end(), pred) - begin());
    }
    /// Removes every move; keeps the heap block, if any.
    void clear() noexcept { size_ = 0; }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    /// Moves the list can hold before it next allocates.
    [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
    /// Move i. Precondition: i < size().
    [[nodiscard]] Move& operator[](std::size_t i) noexcept { return data_[i]; }
    [[nodiscard]] const Move& operator[](std::size_t i) const noexcept { return data_[i]; }
    /// The last move. Precondition: !empty().
    [[nodiscard]] Move& back() noexcept { return data_[size_ - 1]; }
    [[nodiscard]] const Move& back() const noexcept { return data_[size_ - 1]; }
    iterator begin() noexcept { return data_; }
    iterator end() noexcept { return data_ + size_; }
    const_iterator begin() const noexcept { return data_; }
    const_iterator end() const noexcept { return data_ + size_; }

private:
    void append(const Move* p, std::size_t n) {
        if (capacity_ < size_ + n) grow(n);
        std::memcpy(static_cast<void*>(data_ + size_), p, n * sizeof(Move));
        size_ += n;
    }
    void take(MoveList& o) noexcept {
        if (o.heap_) {
            heap_ = std::move(o.heap_);
            data_ = heap_.get();
            capacity_ = o.capacity_;
            size_ = o.size_;
        } else {
            std::memcpy(static_cast<void*>(data_), o.data_, o.size_ * sizeof(Move));
            size_ = o.size_;
        }
        o.data_ = o.inline_data();
        o.capacity_ = inline_moves;
        o.size_ = 0;
    }
    // Room for at least `more` moves beyond size() (default 1), or Error past max_moves.
    [[gnu::noinline]] void grow(std::size_t more = 1) {
        if (size_ + more > max_moves) {
            throw Error("move list: more than " + std::to_string(max_moves) + " legal moves");
        }
        std::size_t cap = capacity_;
        while (cap < size_ + more) cap = std::min(cap * 4, max_moves);
        std::unique_ptr<Move[]> block(new Move[cap]);
        std::memcpy(static_cast<void*>(block.get()), data_, size_ * sizeof(Move));
        heap_ = std::move(block);
        data_ = heap_.get();
        capacity_ = cap;
    }

    // The inline slots: raw storage, so that constructing a list does not write 4 KB.
    Move* inline_data() noexcept { return reinterpret_cast<Move*>(inline_); }

    Move* data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = inline_moves;
    std::unique_ptr<Move[]> heap_;
    alignas(Move) std::byte inline_[inline_moves * sizeof(Move)];
};

/// Most side effects on other vertices (change_piece) one move may record in an Undo.
inline constexpr std::size_t max_changes = 16;

/// What make_move saves so that unmake_move restores the position exactly. Plain arrays with
/// counts: filling one costs only what the move touches.
struct Undo {
    std::uint64_t hash = 0;
    PositionState state{};
    Piece moved{};
    /// Number of entries of `changed` in use.
    std::uint8_t changes = 0;
    /// Pieces taken, in the order of Move::captured (the first m.captured.size() entries).
    std::array<Piece, max_jumps> captured;
    /// Variant side effects on other vertices: (vertex, piece before), in order of change (the
    /// first `changes` entries).
    std::array<std::pair<Vertex, Piece>, max_changes> changed;
};

/// The placement part of making a move, without the Zobrist hash: lifts the piece from `from`,
/// removes the captured pieces, puts the piece (promoted if move.promotion is set) on `to`, and
/// passes the turn. Saves in u only the pieces undo needs (u.moved, u.captured); the hash, the
/// variant state and u.hash, u.state, u.changes are left untouched. For searches that never read
/// the hash (perft), paired with revert_move_unhashed, in variants whose make changes nothing
/// else; apply_move is this plus the hash. Precondition: m is legal in p.
TRADGAMES_ALWAYS_INLINE inline void apply_move_unhashed(Position& p, const Move& m, Undo& u) noexcept {
    // The fields read once into locals: the position's byte stores could alias the move's.
    const Vertex from = m.from;
    const Vertex to = m.to;
    const Kind promotion = m.promotion;
    const std::size_t n = m.captured.size();
    const Piece moved = p.at(from);
    u.moved = moved;
    // Captured pieces go first: under immediate removal a later jump may land on the vertex of
    // an earlier victim.
    for (std::size_t i = 0; i < n; ++i) u.captured[i] = p.remove_unhashed(m.captured[i]);
    if (promotion == no_kind && from != to) {
        p.move_piece_unhashed(from, to);
    } else {
        p.remove_unhashed(from);
        p.put_unhashed(to, promotion == no_kind ? moved : Piece(moved.color(), promotion));
    }
    p.flip_side_unhashed();
}

/// The generic part of making a move: apply_move_unhashed plus the Zobrist hash, saving in u
/// what undo needs (hash, state, pieces). The variant state is left untouched: variants update
/// it afterwards. Precondition: m is legal in p.
TRADGAMES_ALWAYS_INLINE inline void apply_move(Position& p, const Move& m, Undo& u) {
    u.hash = p.hash();
    u.state = p.state();
    u.changes = 0;
    apply_move_unhashed(p, m, u);
    const auto& keys = zobrist::keys.piece;
    const Piece after = p.at(m.to);
    std::uint64_t h = keys[m.from][u.moved.code()] ^ keys[m.to][after.code()] ^ zobrist::keys.black_to_move;
    for (std::size_t i = 0; i < m.captured.size(); ++i) h ^= keys[m.captured[i]][u.captured[i].code()];
    p.restore(p.state(), u.hash ^ h);
}

/// Changes the piece on v to `now` (empty allowed) as a side effect of the move being made,
/// recording the old piece in u so that revert_move restores it. Throws Error past max_changes
/// changes in one move (no rule of a built-in game comes near it).
inline void change_piece(Position& p, Undo& u, Vertex v, Piece now) {
    if (u.changes == max_changes) {
        throw Error("make move: more than " + std::to_string(max_changes) + " side effects");
    }
    u.changed[u.changes++] = {v, p.at(v)};
    if (!p.at(v).empty()) p.remove(v);
    if (!now.empty()) p.put(v, now);
}

/// Undoes apply_move_unhashed: placement and side. Precondition: p is the position right after
/// the move.
TRADGAMES_ALWAYS_INLINE inline void revert_move_unhashed(Position& p, const Move& m,
                                                         const Undo& u) noexcept {
    const Vertex from = m.from;
    const Vertex to = m.to;
    const std::size_t n = m.captured.size();
    p.flip_side_unhashed();
    if (m.promotion == no_kind && from != to) {
        p.move_piece_unhashed(to, from);
    } else {
        p.remove_unhashed(to);
        p.put_unhashed(from, u.moved);
    }
    for (std::size_t i = n; i-- > 0;) p.put_unhashed(m.captured[i], u.captured[i]);
}

/// Undoes apply_move and every change_piece made since, restoring placement, side, state and
/// hash exactly. Precondition: p is the position right after the move and its side effects.
TRADGAMES_ALWAYS_INLINE inline void revert_move(Position& p, const Move& m, const Undo& u) {
    // The saved hash is restored at the end, so the steps in between leave it alone.
    for (std::size_t i = u.changes; i-- > 0;) {
        const auto [v, before] = u.changed[i];
        if (!p.at(v).empty()) p.remove_unhashed(v);
        if (!before.empty()) p.put_unhashed(v, before);
    }
    revert_move_unhashed(p, m, u);
    p.restore(u.state, u.hash);
}

}  // namespace tradgames
