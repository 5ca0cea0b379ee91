// The referee (engine/match.hpp): Elo and SPRT arithmetic against hand-computed values, openings
// and colour swapping, CheckerBoard's board mapping, and hostile engines (fake_cb/fake_cb.c):
// a missing library, one that is no engine, engines that crash, hang, exit, answer illegal or
// malformed moves or play another game: each game is lost with the reason, the match goes on and
// every game is in the PDN.
#include <doctest/doctest.h>

#include <cstdlib>

#include <string>
#include <vector>

#include "tradgames/engine/match.hpp"
#include "tradgames/engine/match_cb.hpp"
#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

TEST_CASE("match: Elo and its 95% interval, computed by hand") {
    // 3 wins, 4 draws, 1 loss: score (3 + 2) / 8 = 0.625; Elo -400 log10(1/0.625 - 1)
    // = -400 log10(0.6) = 88.7395; per-game variance (3 * 0.375^2 + 4 * 0.125^2 + 0.625^2) / 8
    // = 0.109375, standard error sqrt(0.109375 / 8) = 0.1169268; the score interval
    // 0.625 -+ 1.959964 * 0.1169268 = [0.395826, 0.854174] is Elo [-73.4619, +307.0822].
    const EloEstimate e = elo_estimate(3, 4, 1);
    CHECK(e.score == doctest::Approx(0.625));
    CHECK(e.score_stderr == doctest::Approx(0.1169268).epsilon(1e-6));
    REQUIRE(e.elo);
    CHECK(*e.elo == doctest::Approx(88.7395).epsilon(1e-5));
    REQUIRE(e.elo_low);
    REQUIRE(e.elo_high);
    CHECK(*e.elo_low == doctest::Approx(-73.4619).epsilon(1e-5));
    CHECK(*e.elo_high == doctest::Approx(307.0822).epsilon(1e-5));
    // An even score is 0 Elo; a clean sweep has no finite Elo.
    CHECK(*elo_estimate(5, 0, 5).elo == doctest::Approx(0.0));
    const EloEstimate sweep = elo_estimate(4, 0, 0);
    CHECK(sweep.score == 1.0);
    CHECK_FALSE(sweep.elo);
    CHECK_FALSE(elo_estimate(0, 0, 0).elo);
}

TEST_CASE("match: SPRT log-likelihood ratio, computed by hand") {
    // elo0 0, elo1 50: s0 = 0.5, s1 = 1 / (1 + 10^(-50/400)) = 0.571463; 60 wins, 30 draws,
    // 10 losses: s = 0.75, variance (60 * 0.0625 + 30 * 0.0625 + 10 * 0.5625) / 100 = 0.1125,
    // LLR = 100 * 0.071463 * (1.5 - 1.071463) / 0.225 = 13.6109 >= ln(0.95 / 0.05) = 2.9444.
    const SprtResult r = sprt(SprtSettings{0, 50, 0.05, 0.05}, 60, 30, 10);
    CHECK(r.llr == doctest::Approx(13.6109).epsilon(1e-5));
    CHECK(r.upper == doctest::Approx(2.944439).epsilon(1e-6));
    CHECK(r.lower == doctest::Approx(-2.944439).epsilon(1e-6));
    CHECK(r.decision == "H1");
    // 3 wins, 4 draws, 1 loss against elo0 0, elo1 10: LLR 0.12397, undecided.
    const SprtResult c = sprt(SprtSettings{0, 10, 0.05, 0.05}, 3, 4, 1);
    CHECK(c.llr == doctest::Approx(0.12397).epsilon(1e-4));
    CHECK(c.decision == "continue");
    CHECK(sprt(SprtSettings{0, 50, 0.05, 0.05}, 10, 30, 60).decision == "H0");
    const SprtSettings p = parse_sprt("-5,5,0.1,0.2");
    CHECK(p.elo0 == -5);
    CHECK(p.elo1 == 5);
    CHECK(p.alpha == doctest::Approx(0.1));
    CHECK(p.beta == doctest::Approx(0.2));
    CHECK_THROWS_AS((void)parse_sprt("5,0"), OptionError);
    CHECK_THROWS_AS((void)parse_sprt("0,5,0.05"), OptionError);
    CHECK_THROWS_AS((void)parse_sprt("0,x"), OptionError);
}

TEST_CASE("match: openings are read from moves or positions and each is played with both colours") {
    const auto v = make_variant("russian");
    const auto openings = parse_openings(
        "# two openings\n1. c3-d4 f6-g5 2. g3-f4  # the city game\n\nW:Wc3,e1:Bf6,h8\n", *v);
    REQUIRE(openings.size() == 2);
    CHECK(openings[0].text == "1. c3-d4 f6-g5 2. g3-f4");
    CHECK(openings[0].moves.size() == 3);
    CHECK(openings[1].moves.empty());
    CHECK(v->position_to_string(openings[1].start) == v->position_to_string(
                                                         v->parse_position("W:Wc3,e1:Bf6,h8")));
    CHECK_THROWS_WITH_AS((void)parse_openings("c3-d4\nc3-e5\n", *v),
                         doctest::Contains("openings line 2"), ParseError);
    CHECK_THROWS_AS((void)parse_openings("# nothing\n", *v), ParseError);
    // Every 2-ply sequence of Russian: 7 moves for White, 7 replies to each.
    CHECK(all_openings(*v, 2).size() == 49);

    MatchOptions o;
    o.openings = openings;
    o.games = 4;
    o.time.movetime = 0.01;
    o.max_plies = 10;
    const MatchResult r = run_match(v, make_player_factory("random:seed=3", v),
                                    make_player_factory("greedy", v), o);
    REQUIRE(r.games.size() == 4);
    CHECK(r.wins + r.draws + r.losses == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        const MatchGame& g = r.games[i];
        CHECK(g.round == i + 1);
        CHECK(g.opening == i / 2);
        CHECK(g.player1_white == (i % 2 == 0));
        CHECK(g.white == (i % 2 == 0 ? "random:seed=3" : "greedy"));
        CHECK(g.black == (i % 2 == 0 ? "greedy" : "random:seed=3"));
        CHECK(g.pdn.find("[Opening \"" + openings[i / 2].text + "\"]") != std::string::npos);
        CHECK(g.player1_moves + g.player2_moves == g.plies);
        CHECK(g.player1_seconds >= 0);
    }
    CHECK(r.games[0].pdn.find("1. c3-d4 f6-g5 2. g3-f4") != std::string::npos);
    CHECK(r.games[2].pdn.find("[FEN \"W:Wc3,e1:Bh8,f6\"]") != std::string::npos);
}

TEST_CASE("match: CheckerBoard's board is the library's turned half a turn") {
    const auto v = make_variant("russian");
    const CbMapping map(*v);
    CHECK(map.game_type() == 25);
    const auto& t = v->topology();
    const auto a1 = *t.find("a1"), h8 = *t.find("h8"), c3 = *t.find("c3");
    CHECK(map.coor(a1).x == 7);
    CHECK(map.coor(a1).y == 7);
    CHECK(map.coor(h8).x == 0);
    CHECK(map.coor(h8).y == 0);
    CHECK(map.coor(c3).x == 5);
    CHECK(map.coor(c3).y == 5);
    CHECK(*map.vertex({5, 5}) == c3);
    CHECK_FALSE(map.vertex({0, 1}));  // a light square
    CHECK_FALSE(map.vertex({8, 0}));
    const CbBoard b = map.board(v->initial_position());
    CHECK(b[7][7] == (cb_white | cb_man));  // a1
    CHECK(b[0][0] == (cb_black | cb_man));  // h8
    CHECK(b[4][4] == 0);                    // d4
    CHECK_THROWS_AS(CbMapping(*make_variant("international")), OptionError);
    CHECK_THROWS_AS(CbMapping(*make_variant("italian")), OptionError);
    CHECK_THROWS_AS((void)make_player_factory("cb:", v), OptionError);
    CHECK_THROWS_AS((void)make_player_factory("alphabeta", v), OptionError);
}

#ifdef TRADGAMES_FAKE_CB_DIR

namespace {

/// Two games of the fake engine `file` against random (the fake has White in the first):
/// both lost by the fake with a reason containing `why`; both in the PDN.
MatchResult hostile(const std::string& file, const std::string& why, double movetime = 0.05) {
    const auto v = make_variant("russian");
    MatchOptions o;
    o.games = 2;
    o.time.movetime = movetime;
    std::vector<std::string> seen;
    o.progress = [&](const MatchResult& r) { seen.push_back(r.games.back().pdn); };
    const MatchResult r = run_match(v, make_player_factory("cb:" + file, v),
                                    make_player_factory("random", v), o);
    CAPTURE(file);
    REQUIRE(r.games.size() == 2);
    CHECK(r.losses == 2);
    CHECK(seen.size() == 2);
    for (const MatchGame& g : r.games) {
        CAPTURE(g.reason);
        CHECK(g.reason.find(why) != std::string::npos);
        CHECK(g.pdn.find("[Termination \"" + g.reason + "\"]") != std::string::npos);
        CHECK(g.pdn.find(g.player1_white ? "[Result \"0-2\"]" : "[Result \"2-0\"]") !=
              std::string::npos);
    }
    return r;
}

const std::string fakes = TRADGAMES_FAKE_CB_DIR;

}  // namespace

TEST_CASE("match: a missing library or one that is no engine loses every game, named") {
    const auto r = hostile(fakes + "/no_such_engine.so", "cannot load");
    CHECK(r.games[0].white.find("cb:no_such_engine.so") == 0);
    hostile(fakes + "/fake_cb_none.so", "not a CheckerBoard engine");
    hostile(fakes + "/fake_cb_english.so", "engine plays game type 21, the match is 25");
}

TEST_CASE("match: an engine that crashes, exits, hangs or answers badly loses that game only") {
    // The first move of each game is a legal step, checked through the board mapping: as White
    // the fake steps g3-h4 (board[1][5] to board[0][4]).
    const auto crash = hostile(fakes + "/fake_cb_crash.so", "engine ");
    CHECK(crash.games[0].pdn.find("1. g3-h4") != std::string::npos);
    CHECK(crash.games[0].white == "fake engine 1");
    for (const auto& g : crash.games) {
        CHECK((g.reason.find("engine crashed (signal 11") != std::string::npos ||
               g.reason.find("engine exited") != std::string::npos));  // under a sanitizer
    }
    // Under the sanitizers the leak check at exit may replace the engine's status (3), and it
    // scans the whole heap the engine's process inherited from this one before the process ends
    // and its socket closes: seconds on a loaded machine (it outran the 1.6 s a move of 0.05 s
    // allows, 2026-12-04), so the move time there gives it 11.5 s.
    const bool sanitized = std::getenv("TRADGAMES_SANITIZED") != nullptr;
    hostile(fakes + "/fake_cb_exit.so",
            sanitized ? "fake engine 5: engine exited (status "
                      : "fake engine 5: engine exited (status 3)",
            sanitized ? 5.0 : 0.05);
    hostile(fakes + "/fake_cb_hang.so", "fake engine 2: engine hung: no reply within 1.6 s");
    hostile(fakes + "/fake_cb_illegal.so", "fake engine 3: illegal move ");
    hostile(fakes + "/fake_cb_malformed.so", "fake engine 4: malformed move (jumps 99");
}

TEST_CASE("match: engine moves are checked; a legal engine plays on") {
    // The stepping fake plays legal steps until it has none (or a capture is due, which it
    // ignores): then its move is illegal. Every move it made is in the PDN.
    const auto v = make_variant("russian");
    MatchOptions o;
    o.games = 2;
    o.time.movetime = 0.05;
    const MatchResult r = run_match(v, make_player_factory("cb:" + fakes + "/fake_cb_steps.so", v),
                                    make_player_factory("cb:" + fakes + "/fake_cb_steps.so", v), o);
    REQUIRE(r.games.size() == 2);
    for (const MatchGame& g : r.games) {
        CAPTURE(g.reason);
        CHECK(g.plies >= 2);
        CHECK(((g.reason.find("illegal move") != std::string::npos) ||
               g.reason == "no legal move"));
    }
    CHECK(r.games[0].pdn.find("1. g3-h4 h6-g5") != std::string::npos);
}

#endif
