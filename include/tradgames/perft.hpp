// tradgames: perft (performance test: the number of leaves of the legal move tree) and divide
// (perft per first move), for any variant. Counting conventions: U (one move per resulting
// position) or P (every capture path), see variants/russian/RULES.md §3.1. Bulk counting (count the
// moves of the last ply without making them) is on by default.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// Leaves of the move tree of pos to `depth` plies (depth 0 gives 1). pos is not changed.
/// Throws Error if a move list overflows.
[[nodiscard]] inline std::uint64_t perft(const Variant& v, const Position& pos, int depth,
                                         const PerftOptions& opt = {}) {
    Position p = pos;
    return v.perft(p, depth, opt);
}

/// One first move and the leaves below it.
struct DivideEntry {
    Move move;
    /// The move in the variant's notation.
    std::string notation;
    std::uint64_t nodes = 0;
};

/// perft(depth - 1) below each legal move of pos, in generation order; the sum of `nodes` is
/// perft(depth). Precondition: depth >= 1.
[[nodiscard]] inline std::vector<DivideEntry> divide(const Variant& v, const Position& pos,
                                                     int depth, const PerftOptions& opt = {}) {
    MoveList list;
    v.generate(pos, list, opt.duplicates);
    std::vector<DivideEntry> out;
    Position p = pos;
    for (const Move& m : list) {
        Undo u;
        DivideEntry e{m, v.move_to_string(pos, m), 0};
        v.make_move(p, m, u);
        e.nodes = v.perft(p, depth - 1, opt);
        v.unmake_move(p, m, u);
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace tradgames
