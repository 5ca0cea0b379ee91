// Playing strength of the search over whole games, every registered variant: against random
// play, against greedy play, and deeper against shallower. The long runs (200 games a variant)
// are in the doctest suite "slow"; the fast suite plays a few games of each.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tradgames/engine/match.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

struct Tally {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    [[nodiscard]] double score() const { return (wins + draws / 2.0) / (wins + draws + losses); }
};

/// `games` games of `a` against `b` in variant `name`, colours alternating (a is White in even
/// games), the seed of game i being i+1. Counts from a's side.
Tally duel(const std::string& name, const std::string& a, const std::string& b, int games) {
    const auto v = make_variant(name);
    Tally t;
    Game g(v);
    for (int i = 0; i < games; ++i) {
        auto pa = make_player(parse_player_spec(a), v, static_cast<std::uint64_t>(2 * i + 1));
        auto pb = make_player(parse_player_spec(b), v, static_cast<std::uint64_t>(2 * i + 2));
        g.reset();
        const bool a_white = i % 2 == 0;
        const GameResult r = a_white ? play_game(g, *pa, *pb) : play_game(g, *pb, *pa);
        if (r.outcome == Outcome::draw) {
            ++t.draws;
        } else if ((r.outcome == Outcome::white_wins) == a_white) {
            ++t.wins;
        } else {
            ++t.losses;
            MESSAGE(name << ": " << a << " lost game " << i << " against " << b << ": " << r.reason);
        }
    }
    std::printf("%-14s %-16s vs %-16s +%d =%d -%d\n", name.c_str(), a.c_str(), b.c_str(), t.wins, t.draws, t.losses);
    return t;
}

/// A match of search:depth=d+1 against search:depth=d in `name`: 30 of the 2-ply openings
/// (evenly spaced through the generator's list, so the first moves vary), each played with both
/// colours (the players are deterministic, so the result is too), time per move large enough
/// that only the depths limit them. Returns the Elo estimate of the deeper side.
EloEstimate deeper(const std::string& name, int d) {
    const auto v = make_variant(name);
    MatchOptions o;
    const std::vector<Opening> all = all_openings(*v, 2);
    const std::size_t want = 30;
    for (std::size_t i = 0; i < want && i < all.size(); ++i) o.openings.push_back(all[i * all.size() / want]);
    o.games = 2 * o.openings.size();
    o.time.movetime = 1000;
    const std::string a = "search:depth=" + std::to_string(d + 1);
    const std::string b = "search:depth=" + std::to_string(d);
    const MatchResult r = run_match(v, make_player_factory(a, v), make_player_factory(b, v), o);
    const EloEstimate e = r.elo();
    std::printf("%-14s %s vs %s: +%llu =%llu -%llu score %.3f Elo %+.0f [%+.0f, %+.0f]\n", name.c_str(), a.c_str(),
                b.c_str(), static_cast<unsigned long long>(r.wins), static_cast<unsigned long long>(r.draws),
                static_cast<unsigned long long>(r.losses), e.score, e.elo.value_or(0), e.elo_low.value_or(-9999),
                e.elo_high.value_or(9999));
    return e;
}

}  // namespace

TEST_SUITE("engine") {
    TEST_CASE("depth 2 beats random play in every variant (4 games each)") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            CHECK(duel(info.name, "search:depth=2", "random", 4).wins == 4);
        }
    }
}

TEST_SUITE("slow") {
    // The goal, asserted as stated. With the generic weights it failed in Russian (199)
    // and Shatra (198), horizon effects at depth 2; with the tuned weights shipped in
    // variants/<game>/eval/weights.json depth 2 wins all 200 in every variant (README "What it
    // measures").
    TEST_CASE("depth 2 wins every one of 200 games against random play, every variant") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            CHECK(duel(info.name, "search:depth=2", "random", 200).wins == 200);
        }
    }
    TEST_CASE("depth 2 scores at least 95% wins against greedy play, every variant") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            CHECK(duel(info.name, "search:depth=2", "greedy", 200).wins >= 190);
        }
    }
    // Depth 3 against depth 2: the deeper side scores more than 50% (the issue's "depth d+1
    // scores more than 50% against depth d") in every registered variant; in the five games with
    // tuned weights shipped before the others, also with the whole 95% interval of the Elo
    // difference above 0 (not just a lucky score). The games are deterministic (fixed openings,
    // deterministic players), so this either always passes or always fails for a given engine.
    TEST_CASE("depth 3 beats depth 2 in every variant: score above 50%, 60 games each") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const EloEstimate e = deeper(info.name, 2);
            CHECK(e.score > 0.5);
            for (const char* name : {"russian", "international", "english", "shatra", "tobit"}) {
                if (info.name == name) CHECK(e.elo_low.value_or(-1) > 0);
            }
        }
    }
}
