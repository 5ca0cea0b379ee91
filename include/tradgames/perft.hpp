// tradgames: perft (performance test: the number of leaves of the legal move tree), divide
// (perft per first move), the split of a perft into shards (the distinct positions at a depth
// with their path counts, and the perft below them) and timed runs, for any variant. This header
// is perft's one home: the walk, bulk counting, the U/P counting, the make policies, divide and
// the split are here; a variant contributes
// only its generation, make and unmake (and, if it has one, a faster make for the moves of one
// position). Counting conventions: U (one move per resulting position) or P (every capture
// path), see variants/russian/RULES.md §3.1. Bulk counting (count the moves of the last ply
// without making them) is on by default.
//
// Path of a count: tradgames::perft(v, pos, depth) -> Variant::perft (the one virtual call) ->
// VariantBase<V>::perft -> perft_walk(V, ...) below, which calls V's functions directly.
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/types.hpp"

namespace tradgames {

class Variant;

/// How perft counts.
struct PerftOptions {
    /// U (one move per resulting position) or P (every capture path).
    Duplicates duplicates = Duplicates::unique;
    /// Count the moves at the last ply without making them (bulk counting).
    bool bulk = true;
};

/// What perft_walk needs of a variant type V (non-virtual members, so that the walk inlines
/// them): generate_moves(pos, list, dup) appends the legal moves with U or P counting;
/// do_move(pos, m, u) makes m saving what undo_move(pos, m, u) needs to restore pos exactly.
template <class V>
concept PerftVariant = requires(const V& v, const Position& cp, Position& p, MoveList& list, const Move& m,
                                Undo& u, Duplicates dup) {
    v.generate_moves(cp, list, dup);
    v.do_move(p, m, u);
    v.undo_move(p, m, u);
};

/// Optional bulk-counting policy: count_legal(pos, dup, scratch) returns the number of moves
/// generate_moves would append, using scratch as it likes, without necessarily writing them.
template <class V>
concept PerftCountsMoves = requires(const V& v, const Position& cp, MoveList& list, Duplicates dup) {
    { v.count_legal(cp, dup, list) } -> std::same_as<std::size_t>;
};

/// Optional sibling-make policy: V::SiblingMoves(pos) reads pos once; its for_each(pos, list,
/// child) makes each legal move of that position in `list` on pos, adds child(pos) (pos then
/// being the child: same placement and side to move as do_move gives), unmakes it, and returns
/// the sum, pos being the position again at the end (the hash may be stale in between: perft
/// does not read it). uses_sibling_moves() says whether the policy holds for this variant
/// instance (false: perft uses do_move / undo_move).
template <class V>
concept PerftSiblingMoves =
    requires(const V& v) {
        { v.uses_sibling_moves() } -> std::same_as<bool>;
    } && std::constructible_from<typename V::SiblingMoves, const Position&> &&
    requires(const typename V::SiblingMoves& s, Position& p, const MoveList& list,
             std::uint64_t (*child)(Position&)) {
        { s.for_each(p, list, child) } -> std::same_as<std::uint64_t>;
    };

/// Optional generating sibling policy: v.for_each_legal(pos, scratch, dup, child) makes each
/// legal move of pos with counting dup (the moves generate_moves lists, in any order) on pos,
/// adds child(pos) (pos then being the child: same placement and side to move as do_move
/// gives), unmakes it and returns the sum, pos being the position again at the end; scratch is
/// its own to use. Used, like SiblingMoves, when uses_sibling_moves() holds; it need not write
/// the moves as Move records, but every child is made.
template <class V>
concept PerftMakesLegalMoves =
    requires(const V& v) {
        { v.uses_sibling_moves() } -> std::same_as<bool>;
    } && requires(const V& v, Position& p, MoveList& list, Duplicates dup, std::uint64_t (*child)(Position&)) {
        { v.for_each_legal(p, list, dup, child) } -> std::same_as<std::uint64_t>;
    };

/// The number of legal moves of pos with counting `dup`: V's count_legal when it has one, else
/// the size of the generated list (scratch holds it). The bulk count at perft's last ply, and
/// Variant::count_moves. Throws what generate_moves throws.
template <PerftVariant V>
[[nodiscard]] std::size_t perft_count(const V& v, const Position& pos, Duplicates dup, MoveList& scratch) {
    if constexpr (PerftCountsMoves<V>) {
        return v.count_legal(pos, dup, scratch);
    } else {
        scratch.clear();
        v.generate_moves(pos, scratch, dup);
        return scratch.size();
    }
}

namespace perft_detail {

/// One ply's move list and undo record, allocated once per walk and reused by every node of
/// that ply.
struct Ply {
    MoveList list;
    Undo undo;
};

/// For every move of `list` (the legal moves of pos): make it, add child(pos), unmake it; pos is
/// unchanged after it. The make policy: V's SiblingMoves when it uses them, else do_move and
/// undo_move. Inlined into node (as the loop was when it lived in the variant: a call here costs
/// ~3% of perft's instructions).
template <class V, class Child>
TRADGAMES_ALWAYS_INLINE inline std::uint64_t for_each_child(const V& v, Position& pos, const MoveList& list, Undo& u, Child&& child) {
    std::uint64_t n = 0;
    if constexpr (PerftSiblingMoves<V>) {
        if (v.uses_sibling_moves()) {
            const typename V::SiblingMoves moves(pos);
            return moves.for_each(pos, list, child);
        }
    }
    for (const Move& m : list) {
        v.do_move(pos, m, u);
        n += child(pos);
        v.undo_move(pos, m, u);
    }
    return n;
}

/// The leaf of a perft without bulk counting: nothing reads the child position, so the compiler
/// could drop the stores of its make as dead (unmake overwrites them). The barrier tells it that
/// the child is read (an empty asm statement with the position as a memory input: no
/// instruction, and no other memory assumed changed), so that every leaf move is made on the
/// position for real, as a search that looks at its leaves makes it; returns 1.
TRADGAMES_ALWAYS_INLINE inline std::uint64_t made_leaf(Position& child) noexcept {
#if defined(__GNUC__)
    asm volatile("" : : "m"(child));
#else
    std::atomic_signal_fence(std::memory_order_seq_cst);
#endif
    return 1;
}

template <class V>
std::uint64_t node(const V& v, Position& pos, int depth, const PerftOptions& opt, Ply* plies) {
    MoveList& list = plies[depth - 1].list;
    if (depth == 1 && opt.bulk) return perft_count(v, pos, opt.duplicates, list);
    if constexpr (PerftMakesLegalMoves<V>) {
        if (v.uses_sibling_moves()) {
            const Duplicates dup = opt.duplicates;
            // The last ply without bulk counting: every leaf is made and unmade.
            auto leaves = [&v, dup](Position& p, MoveList& scratch) {
                return v.for_each_legal(p, scratch, dup, [](Position& child) { return made_leaf(child); });
            };
            if (depth == 1) return leaves(pos, list);
            if (depth == 2) {
                // The children are the last ply: counted or made right here, without a call of
                // node per child (its frame and tests cost ~35 instructions per child).
                MoveList& last = plies[0].list;
                if (opt.bulk) {
                    return v.for_each_legal(pos, list, dup,
                                            [&](Position& child) { return perft_count(v, child, dup, last); });
                }
                return v.for_each_legal(pos, list, dup, [&](Position& child) { return leaves(child, last); });
            }
            return v.for_each_legal(pos, list, dup,
                                    [&](Position& child) { return node(v, child, depth - 1, opt, plies); });
        }
    }
    list.clear();
    v.generate_moves(pos, list, opt.duplicates);
    Undo& u = plies[depth - 1].undo;
    if (depth == 1) {  // without bulk counting: every leaf is made and unmade
        return for_each_child(v, pos, list, u, made_leaf);
    }
    return for_each_child(v, pos, list, u,
                          [&](Position& child) { return node(v, child, depth - 1, opt, plies); });
}

}  // namespace perft_detail

/// The perft walk: leaves of the move tree of pos to `depth` plies (depth <= 0 gives 1), with
/// V's functions called directly. pos is unchanged after it (its hash may be stale in between).
/// VariantBase<V>::perft is this; call tradgames::perft with a Variant. Throws Error if a move
/// list overflows.
template <PerftVariant V>
[[nodiscard]] std::uint64_t perft_walk(const V& v, Position& pos, int depth, const PerftOptions& opt) {
    if (depth <= 0) return 1;
    // One move list and one undo record per ply, allocated once and reused by every node of that
    // ply (a list that outgrows its inline slots keeps its heap block): no allocation or
    // initialisation per node, and deep recursion keeps only a pointer per frame.
    const auto plies = std::make_unique<perft_detail::Ply[]>(static_cast<std::size_t>(depth));
    return perft_detail::node(v, pos, depth, opt, plies.get());
}

/// Leaves of the move tree of pos to `depth` plies (depth 0 gives 1). pos is not changed.
/// Throws Error if a move list overflows.
[[nodiscard]] std::uint64_t perft(const Variant& v, const Position& pos, int depth,
                                  const PerftOptions& opt = {});

/// One first move and the leaves below it.
struct DivideEntry {
    Move move;
    /// The move in the variant's notation.
    std::string notation;
    std::uint64_t nodes = 0;
};

/// perft(depth - 1) below each legal move of pos, in generation order; the sum of `nodes` is
/// perft(depth). Precondition: depth >= 1. Throws Error if a move list overflows.
[[nodiscard]] std::vector<DivideEntry> divide(const Variant& v, const Position& pos, int depth,
                                              const PerftOptions& opt = {});

/// Hash of a Position for unordered containers: its Zobrist key (Position::hash(), kept by
/// Variant::make_move and parse_position).
struct PositionHash {
    std::size_t operator()(const Position& p) const noexcept { return static_cast<std::size_t>(p.hash()); }
};

/// A position and the number of paths of the move tree that reach it (an entry of perft_split;
/// tradgames/shard.hpp writes and reads a split as a file).
struct PerftSplitEntry {
    Position position;
    std::uint64_t count = 0;
};

/// The distinct positions at exactly `depth` plies below `root`, each with its multiplicity:
/// the number of move sequences from root to it, a move counted as perft counts it (U: one
/// move per resulting position; P: every capture path). The sum of the counts is
/// perft(root, depth) with the same counting; a position with no legal move before `depth`
/// contributes nothing, as in perft. Positions are distinct as Position values (placement,
/// side to move, variant state) and listed in the order depth-first generation first reaches
/// them. depth 0 gives root with count 1. Throws OptionError if depth is negative, Error if
/// a move list overflows.
[[nodiscard]] std::vector<PerftSplitEntry> perft_split(const Variant& v, const Position& root, int depth,
                                                       Duplicates counting);

/// Sum over entries of count x perft(position, depth, opt): with entries = perft_split(v, root,
/// K, opt.duplicates), perft(root, K + depth, opt). Throws Error if the sum does not fit in
/// 64 bits, OptionError if depth is negative.
[[nodiscard]] std::uint64_t perft_positions(const Variant& v,
                                            const std::vector<PerftSplitEntry>& entries, int depth,
                                            const PerftOptions& opt = {});

/// A perft run: what was counted and how long it took.
struct PerftRun {
    int depth = 0;
    /// Leaves of the move tree.
    std::uint64_t nodes = 0;
    /// Wall-clock seconds.
    double seconds = 0;
    /// U or P counting.
    Duplicates duplicates = Duplicates::unique;
    /// With divide: (move notation, nodes below it) per legal move in generation order.
    std::optional<std::vector<std::pair<std::string, std::uint64_t>>> divide;
};

/// Counts perft(depth) of pos (with `divide`: per first move; depth 0 divides into nothing),
/// timing it: what `tradgames perft`, Python's tradgames.perft and io/json's perft_json
/// report. Precondition: 0 <= depth. Throws what the variant throws.
[[nodiscard]] PerftRun run_perft(const Variant& v, const Position& pos, int depth, const PerftOptions& opt,
                                 bool divide);

}  // namespace tradgames
