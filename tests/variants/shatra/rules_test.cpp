// Shatra: every test position of variants/shatra/RULES.md §11 with its exact legal move list (U),
// under the default rules and under every option variant the section names. Expected lists are
// written from the specification; where section 11 gives only a count or a partial list, the rest
// is derived by hand in the comment.
#include <doctest/doctest.h>

#include "variants/shatra/support.hpp"

using shatratest::join;
using shatratest::range_moves;
using shatratest::variant;
using shatratest::with_choices;
using tgtest::moves;
using tgtest::sorted;

namespace {

// Section 9: the 14 shatra moves of the first row, one or two squares forward.
std::vector<std::string> first_row_moves(bool white) {
    std::vector<std::string> r;
    for (int n = 0; n < 7; ++n) {
        const int from = white ? 46 + n : 11 + n;
        const int step = white ? -7 : 7;
        r.push_back(std::to_string(from) + "-" + std::to_string(from + step));
        r.push_back(std::to_string(from) + "-" + std::to_string(from + 2 * step));
    }
    return r;
}

// Section 9: drops X-t of the reserve men X in [x_lo, x_hi] onto the empty squares t in
// [t_lo, t_hi], except the listed ones.
std::vector<std::string> drops(int x_lo, int x_hi, int t_lo, int t_hi, std::vector<int> except = {}) {
    std::vector<std::string> r;
    for (int x = x_lo; x <= x_hi; ++x) {
        for (auto& m : range_moves(x, t_lo, t_hi, except)) r.push_back(m);
    }
    return r;
}

const char* const start_black =
    "B:WK53,Q61,R55,R58,Y54,Y56,57,59,60,62,46-52:BK10,Q2,R5,R8,Y7,Y9,1,3,4,6,11-17";

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("test 1: initial position, 154 moves (section 9), 134 without high-road drops") {
        const auto v = variant();
        const auto expected = join({first_row_moves(true), drops(53, 62, 32, 45)});
        REQUIRE(expected.size() == 154);
        CHECK(moves(*v, "") == sorted(expected));
        // A4 = exclude the high road: 35 and 42 are no drop squares (9.5).
        const auto no_road = variant({"drop_on_high_road=false"});
        const auto expected_134 = join({first_row_moves(true), drops(53, 62, 32, 45, {35, 42})});
        REQUIRE(expected_134.size() == 134);
        CHECK(moves(*no_road, "") == sorted(expected_134));
        // Black in the initial position, by symmetry (9.4): 11-18, 11-25, ... and drops from
        // 1..10 onto 18..31.
        CHECK(moves(*v, start_black) == sorted(join({first_row_moves(false), drops(1, 10, 18, 31)})));
    }

    TEST_CASE("test 2: shatra movement zones (3.5)") {
        CHECK(moves(*variant(), "W:WK45,46,41,36,27:BK16") ==
              sorted({"46-39", "46-32", "41-34", "36-29", "36-28", "36-30", "27-20", "27-19",
                      "27-21", "27-26", "27-28", "45-38", "45-37", "45-44", "45-51", "45-52"}));
    }

    TEST_CASE("test 3: double step only from the first row (A3)") {
        const char* fen = "W:W41,K52:BK11";
        CHECK(moves(*variant(), fen) == sorted({"41-34", "52-44", "52-45", "52-51"}));
        CHECK(moves(*variant({"double_step=own_half"}), fen) ==
              sorted({"41-34", "41-27", "52-44", "52-45", "52-51"}));
    }

    TEST_CASE("test 4: high-road move of a reserve batyr (3.2, A7)") {
        const char* fen = "W:WQ61,K45:B21,14,K17";  // temdek W on: Q61 is the last reserve man
        const auto biy = std::vector<std::string>{"45-38", "45-37", "45-44", "45-51", "45-52"};
        // 20 drops (61-49, 61-42, 61-35 coincide with high-road moves) plus 61-28; the road
        // stops at 28 because 21 is occupied; Q61 cannot take 21 (landing 14 occupied).
        CHECK(moves(*variant(), fen) == sorted(join({range_moves(61, 32, 52, {45}), {"61-28"}, biy})));
        CHECK(moves(*variant({"high_road_move=false"}), fen) ==
              sorted(join({range_moves(61, 32, 52, {45}), biy})));
    }

    TEST_CASE("test 5: the full high road into the enemy gate and fortress (3.3)") {
        CHECK(moves(*variant(), "W:WR55,K45:BK11") ==
              sorted(join({range_moves(55, 32, 52, {45}),
                           {"55-28", "55-21", "55-14", "55-10", "55-8", "55-5", "55-2"},
                           {"45-38", "45-37", "45-44", "45-51", "45-52"}})));
    }

    TEST_CASE("test 6: temdek on: no entry into the own home, reserves only drop (4.2, 4.3)") {
        CHECK(moves(*variant(), "W:WY54,R49,K52:BK11") ==
              sorted(join({range_moves(54, 32, 52, {49, 52}),
                           {"49-42", "49-35", "49-28", "49-21", "49-14", "49-10", "49-8", "49-5",
                            "49-2", "49-46", "49-47", "49-48", "49-50", "49-51"},
                           {"52-51", "52-44", "52-45"}})));
    }

    TEST_CASE("test 7: the biy on its gate is a reserve man (3.1, 4.1)") {
        CHECK(moves(*variant(), "W:WK53,60:BK11") ==
              sorted(join({range_moves(53, 32, 52), range_moves(60, 32, 52)})));
    }

    TEST_CASE("test 8: compulsory backward capture by a shatra (3.5, 5.1)") {
        CHECK(moves(*variant(), "W:WK46,30:B37,K17") == std::vector<std::string>{"30:44"});
    }

    TEST_CASE("test 9: choice of continuation, no majority rule (5.2, 5.3)") {
        CHECK(moves(*variant(), "W:WK52,34:B27,21,29,19,K17") ==
              sorted({"34:20:22:36", "34:20:18"}));
    }

    TEST_CASE("test 13: the biy is the only capturer (3.1, 5.4)") {
        CHECK(moves(*variant(), "W:WK42,47:B35,21,K17") ==
              sorted({"42:28", "42:28:14", "42-34", "42-36", "42-41", "42-43", "42-48", "42-49",
                      "42-50"}));
    }

    TEST_CASE("test 14: the biy and another man can capture (5.4, A12)") {
        const char* fen = "W:WK42,47:B35,21,40,K17";
        CHECK(moves(*variant(), fen) == sorted({"42:28", "42:28:14", "47:33"}));
        CHECK(moves(*variant({"biy_decline_scope=broad"}), fen) ==
              sorted({"42:28", "42:28:14", "47:33", "42-34", "42-36", "42-41", "42-43",
                      "42-48", "42-49", "42-50"}));
    }

    TEST_CASE("test 15: the biy captures into its own gate with the temdek on (3.1)") {
        CHECK(moves(*variant(), "W:WK42,60:B49,K11") ==
              sorted({"42:53", "42-48", "42-50", "42-41", "42-43", "42-34", "42-35", "42-36"}));
    }

    TEST_CASE("test 17: a shatra never captures into its own home (3.5, A10)") {
        const char* fen = "W:W42,K46:B49,K11";
        CHECK(moves(*variant(), fen) == sorted({"42-35", "46-39", "46-40", "46-47"}));
        CHECK(moves(*variant({"shatra_capture_into_own_home=temdek_off"}), fen) ==
              std::vector<std::string>{"42:53"});
    }

    TEST_CASE("test 18: reserve men capture inside their fortress; urgent drop (4.6, A11)") {
        const auto v = variant();
        const char* fen = "W:W62,60,K47:BY58,K11";
        CHECK(moves(*v, fen) == sorted({"62:54", "60:56"}));
        // After 62:54 the shatra on 54 is urgent.
        tradgames::Position p = v->parse_position(fen);
        tradgames::Undo u;
        v->make_move(p, v->parse_move(p, "62:54"), u);
        CHECK(p.state().marked == tradgames::bit(53));
        CHECK(v->position_to_string(p) == "B:WK47,54,60:BK11:U54");
        // Follow-up: exactly the 20 drops of S54; no drop of S60, no biy move.
        CHECK(moves(*v, "W:W54,60,K47:BK11:U54") == sorted(range_moves(54, 32, 52, {47})));
    }

    TEST_CASE("test 20: en passant (3.5, A21)") {
        // Black's last move was the double step 15-29, passing 22.
        const char* fen = "W:W28,K52:B29,K11:E22";
        CHECK(moves(*variant(), fen) == sorted({"28:16", "28:30"}));
        CHECK(moves(*variant({"en_passant=shatrabase"}), fen) == std::vector<std::string>{"28:16"});
    }

    TEST_CASE("test 21: en-passant scope (A21)") {
        const char* fen = "W:W28,23,K52:B29,K11:E22";
        CHECK(moves(*variant(), fen) == sorted({"28:16", "28:30", "23:35"}));
        CHECK(moves(*variant({"en_passant=broad"}), fen) ==
              sorted({"28:16", "28:30", "23:35", "23:21"}));
        // Derived from A21 c: 28 takes en passant, 23 (rank 9) takes by the horizontal jump over
        // the passed square, and each of them loses its ordinary capture of 29.
        CHECK(moves(*variant({"en_passant=shatrabase"}), fen) == sorted({"28:16", "23:21"}));
    }

    TEST_CASE("test 22: en passant blocked, ordinary capture (3.5)") {
        // White's last move was 50-36, passing 43; the en-passant landing 49 is occupied.
        CHECK(moves(*variant(), "B:W36,49,K46:B37,K11:E43") == std::vector<std::string>{"37:35"});
    }

    TEST_CASE("test 23: promotion with a choice (6.1, 6.2)") {
        CHECK(moves(*variant(), "W:WK52,5:BK11") ==
              sorted(join({with_choices({"5-1", "5-2", "5-3"}),
                           {"5-4", "5-6", "52-44", "52-45", "52-51"}})));
    }

    TEST_CASE("test 24: nothing available, the shatra waits (6.3, 3.5)") {
        // Hand derivation of the other men (temdeks off, no captures: every line towards k11
        // ends at a wall): Q46 n 39-18 and ne 40-16; R47 and R48 up their files to rank 10;
        // Y49 ne 43-31 and nw 41-25; Y50 nw 42-18, ne 44-38 and sw into the own home 53, 54
        // (temdek off); K52 44, 45, 51.
        const std::vector<std::string> others = {
            "46-39", "46-32", "46-25", "46-18", "46-40", "46-34", "46-28", "46-22", "46-16",
            "47-40", "47-33", "47-26", "47-19", "47-12", "48-41", "48-34", "48-27", "48-20",
            "48-13", "49-43", "49-37", "49-31", "49-41", "49-33", "49-25", "50-42", "50-34",
            "50-26", "50-18", "50-44", "50-38", "50-53", "50-54", "52-44", "52-45", "52-51"};
        CHECK(moves(*variant(), "W:WK52,Q46,R47,R48,Y49,Y50,5:BK11") ==
              sorted(join({{"5-1", "5-2", "5-3", "5-4", "5-6"}, others})));
        CHECK(moves(*variant(), "W:WK52,Q46,R47,R48,Y49,Y50,2:BK11") ==
              sorted(join({{"2-1", "2-3"}, others})));
    }

    TEST_CASE("test 27: drops from the enemy fortress (4.4, A9)") {
        const char* fen = "W:WR4,8,K52:BK17";
        const auto base = join({{"4-1", "4-5", "4-6", "4-7"}, range_moves(4, 11, 31, {17}),
                                {"8-5", "8-6", "8-7", "8-9"}, {"52-44", "52-45", "52-51"}});
        REQUIRE(base.size() == 31);
        CHECK(moves(*variant(), fen) == sorted(base));
        CHECK(moves(*variant({"shatra_drop_from_enemy_home=true"}), fen) ==
              sorted(join({base, range_moves(8, 11, 31, {17})})));
    }

    TEST_CASE("test 29: no legal move is a loss (7)") {
        CHECK(moves(*variant(), "B:W12,13,18,19,25,27,K52:BK11").empty());
    }

    TEST_CASE("move identity: one move per position (U), every landing sequence (P) (8, 11)") {
        // R49 takes 35 and may land on 28 or 21, both in front of 14, which it must take next,
        // landing on 10, 8, 5 or 2: four positions, each by two landing sequences.
        const char* fen = "W:WR49,K52:B35,14,K17";
        const auto v = variant();
        CHECK(moves(*v, fen) == sorted({"49:21:10", "49:21:8", "49:21:5", "49:21:2"}));
        CHECK(moves(*v, fen, tradgames::Duplicates::all_paths) ==
              sorted({"49:21:10", "49:21:8", "49:21:5", "49:21:2", "49:28:10", "49:28:8",
                      "49:28:5", "49:28:2"}));
    }

    TEST_CASE("test 31: tower teleport option (A22)") {
        const char* fen = "W:W11,K52:BK17";
        const auto base = std::vector<std::string>{"11-12", "52-44", "52-45", "52-51"};
        CHECK(moves(*variant(), fen) == sorted(base));
        CHECK(moves(*variant({"tower_teleport=true"}), fen) ==
              sorted(join({base, with_choices({"11-1", "11-2", "11-3"}),
                           range_moves(11, 4, 9)})));
    }
}
