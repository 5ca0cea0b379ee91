// Tobit game end (variants/tobit/RULES.md §6.2): E1 no legal move loses, E3 repetition, E4 no
// progress, E5 bare draw, E6 ply cap, each as its option says.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/game.hpp"

using namespace tradgames;

namespace {

// White tobit on the line end 1 and Black tobit on 38: neither can ever be captured (G2) and
// 1-7 / 38-32 / 7-1 / 32-38 shuffle without contact.
Game shuffle_game(const std::vector<std::string>& options, const char* fen = "W:WK1:BK38") {
    auto v = make_variant("tobit", options);
    return Game(v, v->parse_position(fen));
}

void play(Game& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) g.play(m);
}

}  // namespace

TEST_SUITE("tobit") {
    TEST_CASE("E1: the side to move without a legal move loses (T22)") {
        auto v = make_variant("tobit");
        Game g(v, v->parse_position("B:W21,22:B20"));
        CHECK(g.result().outcome == Outcome::white_wins);
        CHECK(g.result().reason == "no legal move");
    }

    TEST_CASE("E4: 15 moves each (30 plies) of tobit moves only draw; N is an option") {
        Game g = shuffle_game({"no_progress_draw_moves=2"});
        play(g, {"1-7", "38-32", "7-1"});
        CHECK_FALSE(g.result().over());
        g.play("32-38");  // the 4th ply without capture or hul move: 2 moves each
        CHECK(g.result().outcome == Outcome::draw);
        CHECK(g.result().reason.rfind("E4:", 0) == 0);
    }

    TEST_CASE("E4: a hul move resets the count") {
        Game g = shuffle_game({"no_progress_draw_moves=2"}, "W:WK1,13:BK38");
        play(g, {"1-7", "38-32", "13-14", "32-38", "7-1"});
        CHECK_FALSE(g.result().over());  // 2 quiet plies since the hul move
        g.play("38-32");
        CHECK_FALSE(g.result().over());  // 3
        g.play("1-7");
        CHECK(g.result().outcome == Outcome::draw);  // 4 plies since 13-14
        g.undo();
        CHECK_FALSE(g.result().over());
    }

    TEST_CASE("E4 default is 15 moves; off with 0") {
        Game g = shuffle_game({"repetition_draw=0"});
        for (int i = 0; i < 29; ++i) {
            const auto& legal = g.legal_moves();
            REQUIRE_FALSE(legal.empty());
            // alternate between the two squares of each tobit
            g.play(g.ply() % 4 == 0 ? "1-7" : g.ply() % 4 == 1 ? "38-32" : g.ply() % 4 == 2 ? "7-1" : "32-38");
        }
        CHECK_FALSE(g.result().over());
        g.play(g.ply() % 4 == 1 ? "38-32" : "32-38");
        CHECK(g.result().outcome == Outcome::draw);
        Game off = shuffle_game({"repetition_draw=0", "no_progress_draw_moves=0"});
        for (int i = 0; i < 40; ++i) off.play(i % 4 == 0 ? "1-7" : i % 4 == 1 ? "38-32" : i % 4 == 2 ? "7-1" : "32-38");
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("E3: the third occurrence of a position is a draw") {
        Game g = shuffle_game({"no_progress_draw_moves=0"});
        play(g, {"1-7", "38-32", "7-1", "32-38", "1-7", "38-32", "7-1"});
        CHECK_FALSE(g.result().over());
        g.play("32-38");  // the start position for the third time
        CHECK(g.result().outcome == Outcome::draw);
        CHECK(g.result().reason.find("repetition") != std::string::npos);
    }

    TEST_CASE("E5: bare draw only when switched on") {
        // The tobit 22 takes the hul 29 (landing 35): one piece each remains.
        Game on = shuffle_game({"bare_draw=true"}, "W:WK22:B29,K38");
        CHECK_FALSE(on.result().over());
        on.play("22:35");
        CHECK(on.result().outcome == Outcome::draw);
        CHECK(on.result().reason == "E5: one piece each");
        Game off = shuffle_game({}, "W:WK22:B29,K38");
        off.play("22:35");
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("E6: ply cap") {
        Game g = shuffle_game({"ply_cap=3"});
        play(g, {"1-7", "38-32"});
        CHECK_FALSE(g.result().over());
        g.play("7-1");
        CHECK(g.result().outcome == Outcome::draw);
        CHECK(g.result().reason == "ply cap (3)");
        CHECK_THROWS_AS(g.play("32-38"), IllegalMoveError);
    }
}

TEST_SUITE("tobit") {
    TEST_CASE("E5: a set-up position with one piece each is drawn at once with bare_draw") {
        CHECK(shuffle_game({"bare_draw=true"}).result().reason == "E5: one piece each");
        CHECK_FALSE(shuffle_game({}).result().over());
    }
}
