// Russian checkers: the draw rules FMJD64 7.2.3-7.2.8 (variants/russian/RULES.md §1.5), each
// triggered by a position and a move sequence at the ply the rule gives ("N moves" = 2N plies,
// counted from the ply on which the article's condition arose), and not triggered when a reset
// happens.
//
// The shuffles repeat positions, so every test of 7.2.4-7.2.8 switches the repetition rule off
// (repetition_draw=0): otherwise 7.2.3 would end the game first.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"

using namespace tradgames;

namespace {

Game game_at(const char* fen, std::vector<std::string> options = {}) {
    auto v = make_variant("russian", options);
    const Position start = v->parse_position(fen);
    return Game(v, start);
}

/// Plays `plies` moves taken in turn from `cycle`. The game must go on before each of them, so a
/// result checked afterwards came on exactly the last ply.
void play_cycle(Game& g, const std::vector<std::string>& cycle, int plies) {
    for (int i = 0; i < plies; ++i) {
        REQUIRE_MESSAGE(!g.result().over(), "ended early at ply " << g.ply() << ": " << g.result().reason);
        g.play(std::string_view(cycle[static_cast<std::size_t>(i) % cycle.size()]));
    }
}

bool drawn_by(const Game& g, const char* article) {
    return g.result().outcome == Outcome::draw &&
           g.result().reason.find(article) != std::string::npos;
}

const std::vector<std::string> no_repetition = {"repetition_draw=0"};

// Ten pieces, a king each; the kings shuttle a1-b2 and h8-g7 (no capture is possible).
constexpr const char* ten_pieces = "W:WKa1,a3,c3,e3,g3:BKh8,b6,d6,f6,h6";
const std::vector<std::string> ten_shuffle = {"a1-b2", "h8-g7", "b2-a1", "g7-h8"};

}  // namespace

TEST_SUITE("russian") {
    TEST_CASE("7.2.3: the third occurrence of a position is a draw; repetition_draw=0 turns it off") {
        Game g = game_at(ten_pieces);
        play_cycle(g, ten_shuffle, 7);
        CHECK(g.repetitions() == 2);  // after ply 7: the position after ply 3 again
        play_cycle(g, {"g7-h8"}, 1);  // ply 8: the start position for the third time
        CHECK(g.repetitions() == 3);
        CHECK(g.result().outcome == Outcome::draw);
        CHECK(g.result().reason.find("repetition") != std::string::npos);

        Game off = game_at(ten_pieces, no_repetition);
        play_cycle(off, ten_shuffle, 9);
        CHECK_FALSE(off.result().over());

        Game two = game_at(ten_pieces, {"repetition_draw=2"});
        play_cycle(two, ten_shuffle, 4);
        CHECK(two.result().outcome == Outcome::draw);
        CHECK_THROWS_AS((void)make_variant("russian", {"repetition_draw=1"}), OptionError);
    }

    TEST_CASE("7.2.5: 15 moves (30 plies) of king moves only; a man move restarts the count") {
        Game g = game_at(ten_pieces, no_repetition);
        play_cycle(g, ten_shuffle, 30);
        CHECK(drawn_by(g, "7.2.5"));

        // A man move on ply 21 restarts the count: the draw comes 30 plies later, on ply 51.
        Game r = game_at(ten_pieces, no_repetition);
        play_cycle(r, ten_shuffle, 20);
        play_cycle(r, {"a3-b4"}, 1);
        play_cycle(r, {"h8-g7", "a1-b2", "g7-h8", "b2-a1"}, 30);
        CHECK(r.ply() == 51);
        CHECK(drawn_by(r, "7.2.5"));

        Game off = game_at(ten_pieces, {"repetition_draw=0", "kings_only_moves=0"});
        play_cycle(off, ten_shuffle, 40);
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("7.2.4: three kings against a lone king, 15 moves; a capture restarts the count") {
        // Kings a1 b2 c1 against g1; c1 and g1 shuttle, nothing can be taken.
        const std::vector<std::string> shuffle = {"c1-d2", "g1-h2", "d2-c1", "h2-g1"};
        Game g = game_at("W:WKa1,Kb2,Kc1:BKg1", no_repetition);
        play_cycle(g, shuffle, 30);
        CHECK(drawn_by(g, "7.2.4"));

        // Four kings: on ply 21 White offers e1-f2, Black takes it on ply 22 (new force ratio,
        // three kings against one): no draw on ply 30, the draw comes on ply 22 + 30 = 52.
        Game r = game_at("W:WKa1,Kb2,Kc1,Ke1:BKg1", no_repetition);
        play_cycle(r, shuffle, 20);
        play_cycle(r, {"e1-f2", "g1:c5"}, 2);
        play_cycle(r, {"c1-d2", "c5-d6", "d2-c1", "d6-c5"}, 30);
        CHECK(r.ply() == 52);
        CHECK(drawn_by(r, "7.2.4"));
    }

    TEST_CASE("7.2.4: a win on the last counted move beats the draw") {
        // Black to move; 7.2.4 limited to 1 move (2 plies). 1... g7-h8 2. h6-g7 blocks the
        // lone king (g7 is covered by f6): Black has no move and loses, on the very ply at
        // which the draw count is reached.
        Game g = game_at("B:WKe5,Kf6,Kh6:BKg7", {"three_kings_vs_one_moves=1"});
        play_cycle(g, {"g7-h8", "h6-g7"}, 2);
        CHECK(g.result().outcome == Outcome::white_wins);
        CHECK(g.result().reason == "no legal move");
    }

    TEST_CASE("7.2.6: 4-5 pieces with kings on both sides, 30 moves; man moves do not reset, a "
              "promotion does") {
        // 5 pieces; the kings shuttle e1-f2 and h8-g7. 7.2.5 does not apply in this ending.
        const char* fen = "W:WKe1,h4:BKh8,a7,b2";
        const std::vector<std::string> shuffle = {"e1-f2", "h8-g7", "f2-e1", "g7-h8"};
        Game g = game_at(fen, no_repetition);
        play_cycle(g, shuffle, 40);
        play_cycle(g, {"h4-g5"}, 1);  // ply 41: a man move, no reset
        play_cycle(g, {"h8-g7", "e1-f2", "g7-h8", "f2-e1"}, 19);
        CHECK(g.ply() == 60);
        CHECK(drawn_by(g, "7.2.6"));
        CHECK(g.result().reason.find("5-piece") != std::string::npos);

        // Black promotes b2-a1 on ply 42: the count restarts, the draw comes on ply 102.
        Game r = game_at(fen, no_repetition);
        play_cycle(r, shuffle, 41);
        play_cycle(r, {"b2-a1"}, 1);
        play_cycle(r, {"f2-e1", "h8-g7", "e1-f2", "g7-h8"}, 60);
        CHECK(r.ply() == 102);
        CHECK(drawn_by(r, "7.2.6"));
    }

    TEST_CASE("7.2.6: 6-7 pieces with kings on both sides, 60 moves (120 plies)") {
        const char* fen = "W:WKe1,h4:BKh8,a7,b2,d8";
        const std::vector<std::string> shuffle = {"e1-f2", "h8-g7", "f2-e1", "g7-h8"};
        Game g = game_at(fen, no_repetition);
        play_cycle(g, shuffle, 120);
        CHECK(drawn_by(g, "7.2.6"));
        CHECK(g.result().reason.find("6-piece") != std::string::npos);

        // With 7.2.6 switched off, the general rule 7.2.5 governs the ending: draw on ply 30.
        Game off = game_at(fen, {"repetition_draw=0", "material_6_7_moves=0"});
        play_cycle(off, shuffle, 30);
        CHECK(drawn_by(off, "7.2.5"));
    }

    TEST_CASE("7.2.6: a capture that leaves 7 pieces with kings on both sides starts the count") {
        // 8 pieces: no ending article can hold. a3:c5 leaves 7 with a king each (ply 1, count
        // 0); the kings then shuttle, and the draw comes 120 plies later. 7.2.5, counted from
        // the capture as well, is held back by the ending.
        Game g = game_at("W:WKe1,a3,h4:BKh8,a7,b2,b4,d8", no_repetition);
        play_cycle(g, {"a3:c5"}, 1);
        play_cycle(g, {"h8-g7", "e1-f2", "g7-h8", "f2-e1"}, 120);
        CHECK(g.ply() == 121);
        CHECK(drawn_by(g, "7.2.6"));
        CHECK(g.result().reason.find("7-piece") != std::string::npos);
    }

    TEST_CASE("7.2.7: a lone king holding the main road against three pieces, 5 moves; leaving the "
              "road restarts the count") {
        const char* fen = "W:WKe1,Kh2,Kh4:BKa1";
        Game g = game_at(fen, no_repetition);
        play_cycle(g, {"e1-f2", "a1-b2", "f2-e1", "b2-a1"}, 10);
        CHECK(drawn_by(g, "7.2.7"));

        // 2... b2-a3 leaves the main road, 3... a3-b2 comes back on ply 6: draw on ply 16.
        Game r = game_at(fen, no_repetition);
        play_cycle(r, {"e1-f2", "a1-b2", "f2-e1", "b2-a3", "e1-f2", "a3-b2"}, 6);
        play_cycle(r, {"f2-e1", "b2-a1", "e1-f2", "a1-b2"}, 10);
        CHECK(r.ply() == 16);
        CHECK(drawn_by(r, "7.2.7"));
    }

    TEST_CASE("7.2.8: one or two pieces with a king against a lone king, 5 moves; a promotion "
              "does not reset") {
        // King and man against king; the man promotes on ply 5, the draw still comes on ply 10.
        Game g = game_at("W:WKe1,c7:BKh8", no_repetition);
        play_cycle(g, {"e1-f2", "h8-g7", "f2-e1", "g7-h8", "c7-d8", "h8-g7", "e1-f2", "g7-h8",
                       "f2-e1", "h8-g7"}, 10);
        CHECK(drawn_by(g, "7.2.8"));

        Game off = game_at("W:WKe1,c7:BKh8", {"repetition_draw=0", "small_ending_moves=0"});
        play_cycle(off, {"e1-f2", "h8-g7", "f2-e1", "g7-h8"}, 12);
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("undo restores the draw counters") {
        Game g = game_at(ten_pieces, no_repetition);
        play_cycle(g, ten_shuffle, 30);
        REQUIRE(drawn_by(g, "7.2.5"));
        g.undo();
        CHECK_FALSE(g.result().over());
        g.undo();
        play_cycle(g, {"a1-b2", "h8-g7"}, 2);  // plies 29 and 30 again
        CHECK(drawn_by(g, "7.2.5"));
    }

    TEST_CASE("the draw options are declared with their FMJD64 defaults") {
        const auto specs = variant_options("russian");
        auto def = [&](const char* name) {
            for (const auto& s : specs) {
                if (s.name == name) return s.default_value;
            }
            return std::string("missing");
        };
        CHECK(def("repetition_draw") == "3");
        CHECK(def("three_kings_vs_one_moves") == "15");
        CHECK(def("kings_only_moves") == "15");
        CHECK(def("material_4_5_moves") == "30");
        CHECK(def("material_6_7_moves") == "60");
        CHECK(def("main_road_moves") == "5");
        CHECK(def("small_ending_moves") == "5");
    }
}
