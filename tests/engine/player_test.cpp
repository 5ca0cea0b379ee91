// Player specs (include/tradgames/engine/player.hpp): what parses, what is refused and why, and
// that every built-in player plays legal moves in every registered variant.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tradgames/engine/evaluation.hpp"
#include "tradgames/engine/mcts.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

std::string refusal(const std::string& spec) {
    try {
        (void)parse_player_spec(spec);
    } catch (const OptionError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_SUITE("engine") {
    TEST_CASE("player specs parse into a name and checked options") {
        const PlayerSpec s = parse_player_spec("search:depth=4,tt=8");
        CHECK(s.name == "search");
        CHECK(s.options.at("depth") == "4");
        CHECK(s.options.at("tt") == "8");
        CHECK(s.rest == "depth=4,tt=8");
        CHECK(parse_player_spec("random").options.empty());
        CHECK(parse_player_spec("mcts:playouts=400,playout=greedy").options.at("playout") == "greedy");
        // Another module's player: accepted untouched.
        const PlayerSpec cb = parse_player_spec("cb:/tmp/libkestog.so");
        CHECK(cb.name == "cb");
        CHECK(cb.rest == "/tmp/libkestog.so");
        CHECK_FALSE(is_builtin_player("cb"));
    }

    TEST_CASE("bad player specs are refused naming the spec, the key and what is allowed") {
        CHECK(refusal("") == "player '': empty name (e.g. search:depth=4)");
        CHECK(refusal("search:depth=0") == "player 'search:depth=0': depth='0' is not an integer in [1, 126]");
        CHECK(refusal("search:depth=x") == "player 'search:depth=x': depth='x' is not an integer in [1, 126]");
        CHECK(refusal("search:width=3") ==
              "player 'search:width=3': unknown option 'width' for search (known: depth, nodes, movetime, tt, seed, egtb, weights)");
        CHECK(refusal("search:weights=tuned") ==
              "player 'search:weights=tuned': weights='tuned' (known: builtin, generic, or a weights file FILE.json)");
        CHECK(parse_player_spec("search:depth=2,weights=generic").options.at("weights") == "generic");
        CHECK(refusal("search:depth") == "player 'search:depth': option 'depth' is not key=value");
        CHECK(refusal("search:") == "player 'search:': nothing after ':' (options are key=value)");
        CHECK(refusal("search:depth=2,depth=3") == "player 'search:depth=2,depth=3': option 'depth' given twice");
        CHECK(refusal("mcts:playout=smart") == "player 'mcts:playout=smart': playout='smart' (known: random, greedy)");
        CHECK(refusal("se arch") == "player 'se arch': bad character in the name 'se arch'");
        CHECK_THROWS_WITH_AS((void)make_player(parse_player_spec("cb:x.so"), make_variant("russian"), 1),
                             "player 'cb:x.so': unknown player 'cb' (built in: random, greedy, search, mcts)",
                             OptionError);
    }

    TEST_CASE("every built-in player plays legal moves in every registered variant") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const auto v = make_variant(info.name);
            for (const char* spec : {"random", "greedy", "search:depth=2", "mcts:playouts=30"}) {
                CAPTURE(spec);
                auto p = make_player(parse_player_spec(spec), v, 7);
                Game g(v);
                for (int ply = 0; ply < 6 && !g.result().over(); ++ply) {
                    const Move m = p->choose(g, MoveBudget{});
                    CHECK_NOTHROW(g.play(m));
                }
            }
        }
    }

    TEST_CASE("search:weights=FILE.json plays with the weights in that file") {
        const auto v = make_variant("russian");
        // The moves of a game between two search:depth=3 players with the given weights.
        const auto moves = [&](const std::string& weights) {
            const std::string spec = "search:depth=3,weights=" + weights;
            auto white = make_player(parse_player_spec(spec), v, 1);
            auto black = make_player(parse_player_spec(spec), v, 2);
            Game g(v);
            (void)play_game(g, *white, *black, MoveBudget{}, 40);
            return g.moves();
        };
        const std::string path = "player_test_generic_weights.json";
        {
            std::ofstream out(path);
            out << weights_to_json(generic_weights(*v));
        }
        // The file holds the generic weights: the same game as weights=generic, not the builtin one.
        CHECK(moves(path) == moves("generic"));
        CHECK(moves("builtin") != moves("generic"));
        CHECK(std::remove(path.c_str()) == 0);
        CHECK_THROWS_WITH_AS((void)make_player(parse_player_spec("search:weights=missing.json"), v, 1),
                             "player 'search:weights=missing.json': cannot read weights file 'missing.json'", OptionError);
        {
            std::ofstream out(path);
            out << "{\"tempo\": \"x\"}";
        }
        CHECK_THROWS_AS((void)make_player(parse_player_spec("search:weights=" + path), v, 1), ParseError);
        CHECK(std::remove(path.c_str()) == 0);
    }

    TEST_CASE("MCTS is deterministic for a seed") {
        const auto v = make_variant("russian");
        Game g(v);
        MctsOptions o;
        o.playouts = 200;
        o.seed = 42;
        const MctsResult a = mcts_search(g, o);
        const MctsResult b = mcts_search(g, o);
        CHECK(a.has_move);
        CHECK(a.best == b.best);
        CHECK(a.visits == b.visits);
        CHECK(a.playouts == 200);
        o.playouts = 0;
        CHECK_THROWS_AS((void)mcts_search(g, o), OptionError);
    }
}
