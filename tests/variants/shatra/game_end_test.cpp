// Shatra game end (variants/shatra/RULES.md §7, A23): capturing the biy wins at once; no legal move
// loses (test 29); threefold repetition draws (option repetition_draw); bare biys and a move limit
// draw only when switched on.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/game.hpp"

using namespace tradgames;

namespace {

Game game(const char* fen, const std::vector<std::string>& options = {}) {
    auto v = make_variant("shatra", options);
    return Game(v, v->parse_position(fen));
}

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("7: capturing the biy wins at once") {
        // White shatra f8 (30) takes the Black biy f9 (23), landing on f10 (16).
        Game g = game("W:WK52,30:BK23");
        g.play("30:16");
        CHECK(g.result().outcome == Outcome::white_wins);
        CHECK(g.result().reason == "biy captured");
        CHECK(g.legal_moves().empty());
    }

    TEST_CASE("7: no legal move loses (test 29)") {
        Game g = game("B:WK52,12,13,18,19,25,27:BK11");
        CHECK(g.result().outcome == Outcome::white_wins);
        CHECK(g.result().reason == "no legal move");
    }

    TEST_CASE("A23: threefold repetition is a draw by default, off with repetition_draw=0") {
        const char* shuffle[] = {"52-51", "11-12", "51-52", "12-11", "52-51", "11-12", "51-52", "12-11"};
        Game on = game("W:WK52:BK11");
        for (int i = 0; i < 7; ++i) on.play(shuffle[i]);
        CHECK_FALSE(on.result().over());
        on.play(shuffle[7]);  // the start position for the third time
        CHECK(on.result().outcome == Outcome::draw);
        CHECK(on.result().reason.find("repetition") != std::string::npos);
        Game off = game("W:WK52:BK11", {"repetition_draw=0"});
        for (const char* m : shuffle) off.play(m);
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("A23: bare biys draw only with bare_biys_draw=true") {
        // The White biy g6 (45) takes the last Black shatra g7 (38), landing on g8 (31).
        Game on = game("W:WK45:BK17,38", {"bare_biys_draw=true"});
        on.play("45:31");
        CHECK(on.result().outcome == Outcome::draw);
        CHECK(on.result().reason == "bare biys (A23)");
        Game off = game("W:WK45:BK17,38");
        off.play("45:31");
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("A23: move limit counts moves of each side without a capture") {
        Game g = game("W:WK52:BK11", {"move_limit=2"});
        for (const char* m : {"52-51", "11-12", "51-52"}) g.play(m);
        CHECK_FALSE(g.result().over());
        g.play("12-11");  // 2 moves each, no capture
        CHECK(g.result().outcome == Outcome::draw);
        CHECK(g.result().reason == "move limit: 2 moves each without a capture (A23)");
        Game off = game("W:WK52:BK11", {"repetition_draw=0"});
        for (int i = 0; i < 40; ++i) off.play(i % 2 == 0 ? (i % 4 == 0 ? "52-51" : "51-52") : (i % 4 == 1 ? "11-12" : "12-11"));
        CHECK_FALSE(off.result().over());
    }
}

TEST_SUITE("shatra") {
    TEST_CASE("A23: a set-up position with bare biys is drawn at once when the option is on") {
        CHECK(game("W:WK52:BK11", {"bare_biys_draw=true"}).result().reason == "bare biys (A23)");
        CHECK_FALSE(game("W:WK52:BK11").result().over());
    }
}
