// Tactics: positions whose winning move is proven by an exhaustive minimax (brute_force.hpp, no
// search code shared with the engine), found by the engine within a stated depth.
//
// The positions come from seeded greedy-against-random games (the generator is the skipped test
// case "tactics generator", run with --no-skip to reproduce them): a position qualifies when, at
// the stated brute-force depth, one move is better than every other by at least two pieces (or
// is the only move that forces the end of the game), and that move captures nothing itself (a
// shot: a sacrifice or a quiet move that wins material, or a breakthrough).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

struct Tactic {
    const char* variant;
    const char* fen;
    const char* move;  ///< the winning move, in the variant's notation
    int brute_depth;   ///< plies the brute force needs to prove it
    int engine_depth;  ///< depth at which the engine finds it
};

/// Index of the single best move by brute force, or -1 when no move stands out (by at least two
/// pieces, or as the only forced win).
int standout(const std::vector<int>& values) {
    if (values.size() < 2) return -1;
    std::size_t best = 0;
    for (std::size_t i = 1; i < values.size(); ++i) {
        if (values[i] > values[best]) best = i;
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i == best) continue;
        const bool wins = values[best] > tgtest::brute_win / 2;
        if (wins ? values[i] > tgtest::brute_win / 2 : values[i] > values[best] - 2) return -1;
    }
    return static_cast<int>(best);
}

const std::vector<Tactic> tactics = {
#include "tactics_data.inc"
};

}  // namespace

TEST_SUITE("engine") {
    TEST_CASE("tactics: the engine finds every proven winning move within its stated depth") {
        CHECK(tactics.size() >= 30);
        for (const Tactic& t : tactics) {
            CAPTURE(t.variant);
            CAPTURE(t.fen);
            const auto v = make_variant(t.variant);
            Searcher s(v, SearcherOptions{4, nullptr, nullptr});
            SearchLimits l;
            l.depth = t.engine_depth;
            const SearchResult r = s.search(v->parse_position(t.fen), l);
            CHECK(r.best_text == t.move);
        }
    }
}

TEST_SUITE("slow") {
    TEST_CASE("tactics: the brute force proves each expected move the single best") {
        for (const Tactic& t : tactics) {
            CAPTURE(t.variant);
            CAPTURE(t.fen);
            const auto v = make_variant(t.variant);
            Game g(v, v->parse_position(t.fen));
            const std::vector<int> values = tgtest::brute_root(g, t.brute_depth);
            const int best = standout(values);
            REQUIRE(best >= 0);
            CHECK(v->move_to_string(g.position(), g.legal_moves()[static_cast<std::size_t>(best)]) == t.move);
        }
    }
}

TEST_CASE("tactics generator" * doctest::skip()) {
    // Prints candidate positions: { "variant", "fen", "move", brute depth, engine depth }.
    const std::vector<std::pair<std::string, int>> games = {
        {"russian", 5}, {"international", 4}, {"english", 5}, {"brazilian", 4}, {"shatra", 3}, {"tobit", 4}};
    for (const auto& [name, depth] : games) {
        const auto v = make_variant(name);
        int found = 0;
        for (std::uint64_t seed = 1; seed < 400 && found < 7; ++seed) {
            Game g(v);
            Rng rng = playout_rng(seed, 0);
            while (!g.result().over() && g.ply() < 300) {
                const Policy p = g.ply() % 2 == 0 ? Policy::greedy : Policy::random;
                if (g.ply() >= 12 && g.legal_moves().size() > 1) {
                    const std::vector<int> values = tgtest::brute_root(g, depth);
                    const int best = standout(values);
                    if (best >= 0 && !g.legal_moves()[static_cast<std::size_t>(best)].is_capture() &&
                        values[static_cast<std::size_t>(best)] > tgtest::piece_balance(g.position())) {
                        const Move& m = g.legal_moves()[static_cast<std::size_t>(best)];
                        int edepth = 0;
                        Searcher s(v, SearcherOptions{4, nullptr, nullptr});
                        for (int d = 1; d <= depth + 4 && edepth == 0; ++d) {
                            SearchLimits l;
                            l.depth = d;
                            if (s.search(g, l).best.same_result(m)) edepth = d;
                        }
                        std::printf("    {\"%s\", \"%s\", \"%s\", %d, %d},\n", name.c_str(),
                                    v->position_to_string(g.position()).c_str(),
                                    v->move_to_string(g.position(), m).c_str(), depth, edepth);
                        ++found;
                        break;
                    }
                }
                g.play_legal(choose_move(g.legal_moves(), p, rng));
            }
        }
    }
}
