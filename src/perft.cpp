// perft, divide, the perft split and timed perft runs over the Variant interface
// (tradgames/perft.hpp); the walk itself is perft_walk, instantiated for each variant by
// VariantBase. Divide and the split expand positions one ply at a time through for_each_move.
#include "tradgames/perft.hpp"

#include <chrono>
#include <unordered_map>

#include "tradgames/error.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

namespace {

/// For every legal move m of pos (counting dup, generated into list): make it, call f(m, pos)
/// with pos the child, unmake it. pos is unchanged after it.
template <class F>
void for_each_move(const Variant& v, Position& pos, MoveList& list, Duplicates dup, F&& f) {
    list.clear();
    v.generate(pos, list, dup);
    for (const Move& m : list) {
        Undo u;
        v.make_move(pos, m, u);
        f(m, pos);
        v.unmake_move(pos, m, u);
    }
}

std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, const char* what) {
    if (__builtin_add_overflow(a, b, &a)) throw Error(std::string(what) + " exceeds 2^64 - 1");
    return a;
}

}  // namespace

std::uint64_t perft(const Variant& v, const Position& pos, int depth, const PerftOptions& opt) {
    Position p = pos;
    return v.perft(p, depth, opt);
}

std::vector<DivideEntry> divide(const Variant& v, const Position& pos, int depth, const PerftOptions& opt) {
    const auto list = std::make_unique<MoveList>();
    std::vector<DivideEntry> out;
    Position p = pos;
    for_each_move(v, p, *list, opt.duplicates, [&](const Move& m, Position& child) {
        out.push_back({m, v.move_to_string(pos, m), v.perft(child, depth - 1, opt)});
    });
    return out;
}

std::vector<PerftSplitEntry> perft_split(const Variant& v, const Position& root, int depth, Duplicates counting) {
    if (depth < 0) throw OptionError("perft split: the depth must not be negative");
    // Level by level: the distinct positions at ply d with their path counts give those at
    // ply d + 1, so each position is expanded once however many paths reach it (a depth-first
    // walk would expand it once per path).
    std::vector<PerftSplitEntry> level{{root, 1}};
    const auto list = std::make_unique<MoveList>();
    for (int d = 0; d < depth; ++d) {
        std::vector<PerftSplitEntry> next;
        std::unordered_map<Position, std::size_t, PositionHash> index;
        for (PerftSplitEntry& e : level) {
            for_each_move(v, e.position, *list, counting, [&](const Move&, const Position& child) {
                const auto [it, added] = index.try_emplace(child, next.size());
                if (added) next.push_back({child, 0});
                next[it->second].count = checked_add(next[it->second].count, e.count, "perft split: a path count");
            });
        }
        level = std::move(next);
    }
    return level;
}

std::uint64_t perft_positions(const Variant& v, const std::vector<PerftSplitEntry>& entries, int depth,
                              const PerftOptions& opt) {
    if (depth < 0) throw OptionError("perft positions: the depth must not be negative");
    std::uint64_t total = 0;
    for (const PerftSplitEntry& e : entries) {
        std::uint64_t n = 0;
        if (__builtin_mul_overflow(e.count, perft(v, e.position, depth, opt), &n)) {
            throw Error("perft positions: a count exceeds 2^64 - 1");
        }
        total = checked_add(total, n, "perft positions: the sum");
    }
    return total;
}

PerftRun run_perft(const Variant& v, const Position& pos, int depth, const PerftOptions& opt, bool divide_first) {
    PerftRun r;
    r.depth = depth;
    r.duplicates = opt.duplicates;
    const auto t0 = std::chrono::steady_clock::now();
    if (divide_first) {
        r.divide.emplace();
        if (depth > 0) {
            for (const DivideEntry& e : divide(v, pos, depth, opt)) {
                r.nodes += e.nodes;
                r.divide->emplace_back(e.notation, e.nodes);
            }
        }
    } else {
        r.nodes = perft(v, pos, depth, opt);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace tradgames
