// Heap allocations of playouts (issue 11), counted by replacing the global operator new in this
// executable: after warm-up games, a Game reused with reset() and play_out allocate nothing per
// move and nothing per game. Its own executable (not tradgames_tests), so that the counting
// operator new stays out of every other test. Under the sanitizers (TRADGAMES_SANITIZED set)
// the games are played but the count is not asserted: their runtimes own the allocator.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <utility>

#include "tradgames/engine/search.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/vector_env.hpp"

#include "support/counting_new.hpp"

using tgtest::allocations;

namespace {

using namespace tradgames;

struct Count {
    std::uint64_t games = 0;
    std::uint64_t plies = 0;
    std::uint64_t allocations = 0;
};

/// Plays games [first, first + n) of a seeded run on one reused Game and counts what they
/// allocate (the Game and the statistics are warm: see the callers).
Count play(Game& game, PlayoutStats& stats, Policy policy, std::uint64_t first, std::uint64_t n) {
    const std::uint64_t plies = stats.plies;
    const std::uint64_t before = allocations.load();
    for (std::uint64_t i = first; i < first + n; ++i) {
        Rng rng = playout_rng(7, i);
        game.reset();
        (void)play_out(game, policy, rng, 1000, stats);
    }
    return {n, stats.plies - plies, allocations.load() - before};
}

bool sanitized() { return std::getenv("TRADGAMES_SANITIZED") != nullptr; }

}  // namespace

TEST_CASE("playouts allocate nothing per move and per game after warm-up") {
    for (const char* name : {"russian", "tobit", "shatra", "tobit-4x4"}) {
        for (Policy policy : {Policy::random, Policy::greedy}) {
            const std::string label = name;
            CAPTURE(label);
            CAPTURE(to_string(policy));
            const auto v = make_variant(name);
            Game game(v);
            PlayoutStats stats;
            // Warm-up: the games to be counted, played once, size every buffer for them (the
            // positions, moves and adjudicator states of the longest game, the reason texts and
            // the statistics' histograms); then other games as a second warm-up.
            (void)play(game, stats, policy, 0, 300);
            const Count again = play(game, stats, policy, 0, 300);
            MESSAGE(label << " " << to_string(policy) << ": " << again.games << " games, "
                         << again.plies << " plies, " << again.allocations << " allocations");
            if (!sanitized()) CHECK(again.allocations == 0);
            // Fresh games after the warm-up: only a game longer than every earlier one, or a
            // new way of ending, may still grow a buffer (reported, not asserted).
            const Count fresh = play(game, stats, policy, 300, 300);
            MESSAGE(label << " " << to_string(policy) << ", fresh games: " << fresh.allocations
                         << " allocations in " << fresh.games << " games, " << fresh.plies
                         << " plies");
            CHECK(again.plies > 0);
        }
    }
}

TEST_CASE("a reused Game plays the same games as fresh ones") {
    const auto v = make_variant("tobit");
    Game reused(v);
    for (std::uint64_t i = 0; i < 30; ++i) {
        PlayoutStats a;
        PlayoutStats b;
        Rng r1 = playout_rng(3, i);
        Rng r2 = playout_rng(3, i);
        reused.reset();
        Game fresh(v);
        CHECK(play_out(reused, Policy::random, r1, 1000, a) == play_out(fresh, Policy::random, r2, 1000, b));
        CHECK(a == b);
        CHECK(reused.result() == fresh.result());
    }
}

TEST_CASE("VectorEnv allocates nothing per step after warm-up, with 1 and 2 threads and both views") {
    for (const char* name : {"russian", "tobit", "shatra", "international"}) {
        for (unsigned threads : {1U, 2U}) {
            CAPTURE(name);
            CAPTURE(threads);
            VectorEnvOptions o;
            o.num_envs = 16;
            o.seed = 5;
            o.threads = threads;
            // The rotated view (masks and actions turned when Black moves) on 2 threads.
            o.view = threads == 2 ? ObservationView::rotated : ObservationView::absolute;
            VectorEnv env(make_variant(name), o);
            const std::size_t n = env.size();
            std::vector<float> obs(n * static_cast<std::size_t>(env.observation_size()));
            std::vector<float> final_obs(obs.size());
            std::vector<std::uint8_t> masks(n * static_cast<std::size_t>(env.action_count()));
            std::vector<float> rewards(n);
            std::vector<std::uint8_t> terminated(n), truncated(n);
            std::vector<std::int8_t> players(n);
            std::vector<std::int64_t> actions(n);
            const VectorEnvOutputs out{obs.data(), masks.data(), rewards.data(), terminated.data(),
                                       truncated.data(), players.data(), final_obs.data()};
            // Warm-up: the steps to be counted, played once, size every buffer for them (the
            // longest game's history, the longest move lists, the legal-action scratch).
            std::uint64_t games = 0;
            auto steps = [&](bool random) {
                for (int s = 0; s < 3000; ++s) {
                    if (random) {
                        env.step_random(out, actions.data());
                    } else {
                        env.sample_actions(actions.data());
                        env.step(actions.data(), out);
                    }
                    for (std::size_t i = 0; i < n; ++i) games += terminated[i] + truncated[i];
                }
            };
            env.reset(out, 5);
            steps(true);
            steps(false);
            env.reset(out, 5);
            games = 0;
            const std::uint64_t before = allocations.load();
            steps(true);
            steps(false);
            const std::uint64_t used = allocations.load() - before;
            MESSAGE(std::string(name) << ", " << threads << " thread(s): " << 2 * 3000 * n << " steps, " << games
                         << " games, " << used << " allocations");
            CHECK(games > 0);
            if (!sanitized()) CHECK(used == 0);
        }
    }
}

TEST_CASE("the search allocates per search, not per node (Shatra's long move lists included)") {
    // Issue 26: "No heap allocation per node". The engine's mobility term counts the moves of
    // every leaf through Variant::count_moves; Shatra's lists (drops) outgrow a MoveList's inline
    // slots, and a fresh list per call allocated at every leaf (612 per 1000 nodes in the search
    // benchmark). What is left is per search: the principal variation's text, the replay.
    const std::pair<std::string, int> cases[] = {{"shatra", 3}, {"russian", 8}, {"international", 6}};
    for (const auto& [name, depth] : cases) {
        CAPTURE(name);
        const auto v = make_variant(name);
        namespace te = tradgames::engine;
        te::Searcher s(v, te::SearcherOptions{4, nullptr, nullptr});
        te::SearchLimits l;
        l.depth = depth;
        const Game g(v);
        (void)s.search(g, l);  // warm-up: per-ply lists grow once
        s.clear();
        const std::uint64_t before = allocations.load();
        const te::SearchResult r = s.search(g, l);
        const std::uint64_t allocs = allocations.load() - before;
        MESSAGE(name << ": " << allocs << " allocations in " << r.nodes << " nodes");
        CHECK(r.nodes > 1000);
        if (!sanitized()) CHECK(allocs * 50 < r.nodes);
    }
}
