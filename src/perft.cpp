// perft, divide and timed perft runs over the Variant interface (tradgames/perft.hpp); the walk
// itself is perft_walk, instantiated for each variant by VariantBase.
#include "tradgames/perft.hpp"

#include <chrono>

#include "tradgames/variant.hpp"

namespace tradgames {

std::uint64_t perft(const Variant& v, const Position& pos, int depth, const PerftOptions& opt) {
    Position p = pos;
    return v.perft(p, depth, opt);
}

std::vector<DivideEntry> divide(const Variant& v, const Position& pos, int depth, const PerftOptions& opt) {
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
