// The Hub host (engine/match_hub.hpp): Hub engines as match players. A fake Hub engine
// (fake_hub/fake_hub.cpp: the built-in Hub engine misbehaving on purpose) plays through the
// referee: whole games with every move checked; the built-in engine over Hub plays exactly the
// games of the in-process search at the same depth; and each hostile behaviour (junk lines,
// illegal, malformed or missing moves, `error`, silence, floods, 2 MiB lines, half lines,
// crashes, exits, no `wait`/`ready`, a game the engine does not play) loses that game with a
// clear reason within the stated timeouts, and the match goes on.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "tradgames/engine/match.hpp"
#include "tradgames/engine/match_hub.hpp"
#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

TEST_CASE("hub host: specifications and variants it cannot play are refused at once") {
    const auto v = make_variant("international");
    CHECK_THROWS_AS((void)make_player_factory("hub:", v), OptionError);
    CHECK_THROWS_WITH_AS((void)make_player_factory("hub:scan hub", make_variant("shatra")),
                         doctest::Contains("no Hub position form"), OptionError);
    CHECK_NOTHROW((void)make_player_factory("hub:scan hub", v));  // started only when a game starts
}

#ifdef TRADGAMES_FAKE_HUB

namespace {

const std::string fake = TRADGAMES_FAKE_HUB;

/// The movetext of a PDN game (after its tags).
std::string movetext(const std::string& pdn) {
    const auto at = pdn.rfind("]\n");
    return at == std::string::npos ? pdn : pdn.substr(at + 2);
}

/// `games` games of the fake Hub engine run with `args` against greedy (the fake has White in
/// the first): every one lost by the fake with a reason containing `why`, and in the PDN.
MatchResult hostile(const std::string& args, const std::string& why, int games = 2,
                    const std::string& variant = "international") {
    const auto v = make_variant(variant);
    MatchOptions o;
    o.games = static_cast<std::uint64_t>(games);
    o.time.movetime = 0.05;
    const MatchResult r =
        run_match(v, make_player_factory("hub:" + fake + " " + args, v),
                  make_player_factory("greedy", v), o);
    CAPTURE(args);
    REQUIRE(r.games.size() == static_cast<std::size_t>(games));
    CHECK(r.losses == static_cast<std::uint64_t>(games));
    for (const MatchGame& g : r.games) {
        CAPTURE(g.reason);
        CHECK(g.reason.find(why) != std::string::npos);
        CHECK(g.pdn.find("[Termination \"" + g.reason + "\"]") != std::string::npos);
    }
    return r;
}

}  // namespace

TEST_CASE("hub host: a Hub engine plays whole games through the referee, 10x10 and 8x8") {
    for (const std::string game : {"international", "russian"}) {
        CAPTURE(game);
        const auto v = make_variant(game);
        MatchOptions o;
        o.games = 2;
        o.time.movetime = 0.02;
        o.max_plies = 40;
        const MatchResult r = run_match(v, make_player_factory("hub:" + fake + " ok", v),
                                        make_player_factory("greedy", v), o);
        REQUIRE(r.games.size() == 2);
        CHECK(r.player1 == "fake ok");  // from the engine's id line
        for (const MatchGame& g : r.games) {
            CAPTURE(g.reason);
            CHECK(g.reason.find("fake") == std::string::npos);  // no failure of the engine
            CHECK(g.plies >= 10);
        }
        // The engine said how much it searched (info nodes= time=).
        CHECK(r.player1_stats.moves > 0);
        CHECK(r.player1_stats.nodes > 0);
    }
}

TEST_CASE("hub host: the built-in engine over Hub plays the in-process search's games") {
    // Same depth, same time, same opponent seeds: the same moves, move for move. The host sends
    // each position as the Hub GUI does (after the last irreversible move, with the moves since).
    for (const std::string game : {"international", "russian"}) {
        CAPTURE(game);
        const auto v = make_variant(game);
        MatchOptions o;
        o.games = 2;
        o.time.movetime = 5;  // depth 2 ends long before
        o.max_plies = 60;
        const MatchResult hub = run_match(
            v, make_player_factory("hub:" + fake + " ok 0 depth=2", v),
            make_player_factory("greedy", v), o);
        const MatchResult local = run_match(v, make_player_factory("search:depth=2", v),
                                            make_player_factory("greedy", v), o);
        REQUIRE(hub.games.size() == 2);
        REQUIRE(local.games.size() == 2);
        for (std::size_t i = 0; i < 2; ++i) {
            CHECK(hub.games[i].plies >= 20);
            CHECK(movetext(hub.games[i].pdn) == movetext(local.games[i].pdn));
            CHECK(hub.games[i].reason == local.games[i].reason);
        }
    }
}

TEST_CASE("hub host: junk lines are ignored; the moves after them count") {
    const auto v = make_variant("international");
    MatchOptions o;
    o.games = 1;
    o.time.movetime = 0.02;
    o.max_plies = 20;
    const MatchResult r = run_match(v, make_player_factory("hub:" + fake + " junk", v),
                                    make_player_factory("greedy", v), o);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].reason == "ply cap (20)");
}

TEST_CASE("hub host: bad moves and errors lose the game, named; the engine restarts") {
    // AFTER 2: two legal moves first, then the bad one (mid-game).
    const auto illegal = hostile("illegal 2", "fake illegal: illegal move '1-50'");
    CHECK(illegal.games[0].plies == 4);  // the fake's two moves and greedy's answers
    hostile("malformed", "fake malformed: malformed move 'hello'");
    hostile("nomove", "fake nomove: malformed reply 'done ponder=1-2' (no move=)");
    hostile("error 1", "fake error: engine error: cannot think");
}

TEST_CASE("hub host: crashes, exits, half lines and huge lines lose the game, named") {
    hostile("crash 1", "engine crashed (signal 6");
    // Under the sanitizers the leak check at exit may replace the engine's status.
    const bool sanitized = std::getenv("TRADGAMES_SANITIZED") != nullptr;
    hostile("exit", sanitized ? "fake exit: engine exited (status " : "fake exit: engine exited (status 3)");
    hostile("half", sanitized ? "fake half: engine exited (status " : "fake half: engine exited (status 0)");
    hostile("huge", "fake huge: engine sent a line longer than 1048576 bytes");
    // A command that does not exist: the shell's status 127.
    const auto v = make_variant("international");
    MatchOptions o;
    o.games = 1;
    const MatchResult r = run_match(v, make_player_factory("hub:/no/such/engine hub", v),
                                    make_player_factory("greedy", v), o);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].reason ==
          "hub:/no/such/engine hub: engine exited (status 127) (command not found?)");
}

TEST_CASE("hub host: silence and floods end at the stated timeout (0.05 s: 2 x 0.05 + 1.5 s)") {
    hostile("hang", "fake hang: engine hung: no reply within 1.6 s", 1);
    hostile("flood", "fake flood: engine hung: no reply within 1.6 s", 1);
}

TEST_CASE("hub host: no `wait`, no `ready`, or a game the engine does not play") {
    const auto v = make_variant("international");
    Game g(v);
    HubHost nowait(fake + " nowait", v, HubHostTimeouts{0.3, 0.3});
    PlayerReply r = nowait.play(g, 0.05);
    CHECK_FALSE(r.move);
    CHECK(r.failure == "engine did not answer `hub` with `wait` within 0.3 s");
    HubHost noready(fake + " noready", v, HubHostTimeouts{0.3, 0.3});
    r = noready.play(g, 0.05);
    CHECK(r.failure == "engine did not answer `init` with `ready` within 0.3 s");
    // An engine without a `variant` parameter plays International draughts only.
    HubHost intl(fake + " only-intl", v);
    r = intl.play(g, 0.05);
    CHECK(r.move);
    hostile("only-intl", "engine does not play russian (its variants: International draughts only)",
            2, "russian");
    // Our engine's `variant` enum does not hold Brazilian draughts.
    hostile("ok", "engine does not play brazilian (its variants: international russian english "
                  "frisian)", 2, "brazilian");
}

TEST_CASE("hub host: clock mode sends the clocks (level time= inc=), not a move time") {
    const auto v = make_variant("russian");
    MatchOptions o;
    o.games = 2;
    o.max_plies = 12;
    o.time.clock = true;
    o.time.base = 5;
    o.time.increment = 0.1;
    MatchResult r = run_match(v, make_player_factory("hub:" + fake + " clock", v), make_player_factory("greedy", v), o);
    for (const MatchGame& g : r.games) CHECK(g.reason == "ply cap (12)");
    // The same engine given move times loses with its complaint: the check above can fail.
    hostile("clock", "engine error: expected a clock, got 'level move-time=0.050'", 1, "russian");
}

TEST_CASE("hub host: rule options that differ from the defaults are sent as `options`") {
    const auto v = make_variant("russian", {"repetition_draw=0"});
    MatchOptions o;
    o.games = 1;
    o.max_plies = 6;
    o.time.movetime = 0.02;
    MatchResult r = run_match(v, make_player_factory("hub:" + fake + " needopts", v), make_player_factory("greedy", v), o);
    CHECK(r.games.at(0).reason == "ply cap (6)");
    // Without differing options nothing is sent, and an engine needing them refuses (the fake's
    // check can fail); an engine without the `options` parameter cannot play such a game.
    hostile("needopts", "engine error: no rule options were set", 1, "russian");
    r = run_match(v, make_player_factory("hub:" + fake + " noopts", v), make_player_factory("greedy", v), o);
    CHECK(r.games.at(0).reason.find("engine has no `options` parameter to be told the rule options repetition_draw=0") !=
          std::string::npos);
}

TEST_CASE("hub host: think with a depth reads the engine's info line (depth, score, nodes, pv)") {
    const auto v = make_variant("international");
    HubHost h(fake + " ok", v);
    Game g(v);
    CHECK_THROWS_AS((void)h.think(g, HubThinkLimits{}), OptionError);
    CHECK_THROWS_AS((void)h.think(g, HubThinkLimits{0, 3, 0}), OptionError);  // no time: needs a timeout
    const PlayerReply r = h.think(g, HubThinkLimits{0, 3, 0}, 30);
    REQUIRE(r.move);
    CHECK(r.info.depth == 3);
    CHECK(r.info.score.has_value());
    CHECK(r.info.nodes.value_or(0) > 0);
    REQUIRE(r.info.pv.size() >= 2);
    CHECK(r.info.pv.front().same_result(*r.move));
    // The pv is legal move after move from the position.
    Game line(v);
    for (const Move& m : r.info.pv) CHECK_NOTHROW(line.play(m));
    // A node limit is passed on too (the engine stops about there).
    const PlayerReply n = h.think(g, HubThinkLimits{0, 0, 500}, 30);
    REQUIRE(n.move);
    CHECK(n.info.nodes.value_or(0) < 5000);
}
#endif
