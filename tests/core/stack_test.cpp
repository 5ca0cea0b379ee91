// Every library call is safe on a thread with a small stack (issue 11): parsing a move,
// generating U and P lists (Shatra's run past the move list's inline slots onto its heap block),
// perft with and without bulk counting, and a whole playout run on a POSIX thread whose stack is
// 256 KB (the default of many Python and macOS threads is 512 KB). Each result is compared with
// the same call on the main thread. Under the sanitizers, whose redzones make every frame
// larger, the thread gets 1 MB.
#include <doctest/doctest.h>

#include <cstdlib>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"
#include "support/small_stack.hpp"

using namespace tradgames;

namespace {

/// What the calls under test return for one variant, to compare across threads.
struct Results {
    std::vector<std::size_t> unique_sizes;  // U list sizes along a playout
    std::vector<std::size_t> path_sizes;    // P list sizes along it
    std::vector<std::size_t> counts;        // count_moves (P) along it
    std::size_t most_paths = 0;
    std::string parsed;                     // the first legal move, parsed back and written
    std::uint64_t perft_bulk = 0;
    std::uint64_t perft_every = 0;
    std::uint32_t playout_length = 0;
    bool operator==(const Results&) const = default;
};

Results exercise(const std::string& name) {
    Results r;
    // Shatra's drops make its tree wide (perft(4) = 344,944,535 from the start): one ply less
    // keeps every call on the stack at a thousandth of the time (49 s under the sanitizers).
    const int depth = name == "shatra" ? 3 : 4;
    const auto v = make_variant(name);
    Position start = v->initial_position();
    MoveList list;
    v->generate(start, list, Duplicates::unique);
    const std::string text = v->move_to_string(start, list[0]);
    r.parsed = v->move_to_string(start, v->parse_move(start, text));
    PerftOptions bulk;
    PerftOptions every;
    every.bulk = false;
    r.perft_bulk = v->perft(start, depth, bulk);
    r.perft_every = v->perft(start, depth - 1, every);

    Game game(v);
    Rng rng = playout_rng(11, 0);
    PlayoutStats stats;
    r.playout_length = play_out(game, Policy::random, rng, 300, stats);
    for (const Position& p : game.positions()) {
        MoveList u;
        v->generate(p, u, Duplicates::unique);
        MoveList paths;
        v->generate(p, paths, Duplicates::all_paths);
        r.unique_sizes.push_back(u.size());
        r.path_sizes.push_back(paths.size());
        r.counts.push_back(v->count_moves(p, Duplicates::all_paths));
        r.most_paths = std::max(r.most_paths, paths.size());
    }
    return r;
}

}  // namespace

TEST_SUITE("core") {
    TEST_CASE("parse_move, generate, perft and a playout run on a 256 KB thread stack") {
        for (const std::string name : {"russian", "tobit", "shatra", "international"}) {
            CAPTURE(name);
            const Results here = exercise(name);
            Results there;
            tgtest::on_small_stack([&] { there = exercise(name); });
            CHECK(there == here);
            CHECK(there.playout_length > 0);
            CHECK(there.counts == there.path_sizes);
            // Published perft from the start (variants/russian/RULES.md §3.2, README "Perft and
            // speed"; variants/tobit/RULES.md §7.1): the small-stack thread counts them exactly.
            if (name == "russian") {
                CHECK(there.perft_bulk == 1469);
                CHECK(there.perft_every == 302);
            }
            if (name == "tobit") {
                CHECK(there.perft_bulk == 1645);
                CHECK(there.perft_every == 205);
            }
            if (name == "shatra") {
                // Shatra's sliders give lists longer than the inline slots: the heap block path
                // is exercised too.
                CHECK(there.most_paths > inline_moves);
            }
        }
    }
}
