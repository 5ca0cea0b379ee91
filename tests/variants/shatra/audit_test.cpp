// Shatra: positions from the rules audit (clause-by-clause re-derivation of
// variants/shatra/RULES.md), each with its legal move list derived by hand from the specification.
// They exercise interactions that section 11 does not cover.
#include <doctest/doctest.h>

#include "shatra/shatra.hpp"
#include "tradgames/game.hpp"
#include "variants/shatra/support.hpp"

using shatratest::join;
using shatratest::range_moves;
using shatratest::variant;
using tgtest::moves;
using tgtest::sorted;
using tradgames::Duplicates;
using tradgames::Position;
using tradgames::Undo;

namespace {

/// The position after the move written `text` (parsed in U mode).
std::string after(const tradgames::Variant& v, const char* fen, const char* text) {
    Position p = v.parse_position(fen);
    Undo u;
    v.make_move(p, v.parse_move(p, text), u);
    return v.position_to_string(p);
}

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("6.3 + 8 move identity: the capture order decides what a waiting shatra becomes") {
        // Black's shatra on 60 waits: Black has its batyr, both turas and both yalkyns. White's
        // biy 48 (c5) takes around the ring c6 (R41), d6 (R42), d5 (Y49) either way. 6.3: the
        // waiting shatra becomes the type of the first batyr/tura/yalkyn taken, so
        // 48:34:50:48 (R41 first) and 48:50:34:48 (Y49 first) take the same men but leave
        // different positions: two moves (8: one move per distinct resulting position).
        const auto v = variant();
        const char* fen = "W:WK48:BK21,Q46,R41,R42,Y20,Y49,60";
        // The biy may stop after any jump (5.4): 48:34 (x41), 48:34:50 (x41, 42),
        // 48:34:50:48 (x41, 42, 49), 48:36 (x42; from e7 nothing), 48:50 (x49), 48:50:34
        // (x49, 42), 48:50:34:48 (x49, 42, 41). It is the only capturer, so it may decline and
        // step to b6, b5 or its gate d4 (White's temdek is off).
        CHECK(moves(*v, fen) == sorted({"48:34", "48:34:50", "48:34:50:48", "48:36", "48:50",
                                        "48:50:34", "48:50:34:48", "48-40", "48-47", "48-53"}));
        CHECK(after(*v, fen, "48:34:50:48") == "B:WK48:BK21,Q46,R60,Y20");
        CHECK(after(*v, fen, "48:50:34:48") == "B:WK48:BK21,Q46,Y20,Y60");
        // Game::play keeps the path it was given.
        tradgames::Game g(v, v->parse_position(fen));
        g.play("48:50:34:48");
        CHECK(v->position_to_string(g.position()) == "B:WK48:BK21,Q46,Y20,Y60");
        // U and P agree here: no two paths give the same position.
        CHECK(moves(*v, fen, Duplicates::all_paths) == moves(*v, fen));
    }

    TEST_CASE("3.1 + 4.2: a reserve biy on its gate never captures into its own fortress") {
        // K53 is a reserve man (temdek on, S60 at home). It could jump s55 onto d2 (58), but
        // the biy "may land on its own gate ... never in its own fortress while the temdek is
        // on" (3.1), and the gate is outside the fortress (4.2 While on 2). No capture exists,
        // so both reserve men drop onto the 21 squares 32-52.
        const auto v = variant();
        CHECK(moves(*v, "W:WK53,60:BK17,55") ==
              sorted(join({range_moves(53, 32, 52), range_moves(60, 32, 52)})));
    }

    TEST_CASE("4.2 While on 2: the landing ban applies to every jump, also of a reserve man") {
        // The reserve batyr Q56 takes c5 (48) and must land on b6 (40): from a7 (32) nothing
        // follows. From 40 it takes c6 (41) and may land on 42-45. From 42 and 43 nothing
        // follows; from f6 (44) the jump over e5 (50) would land on White's gate or c3 (53,
        // 54), but the batyr now stands on the large field and White's temdek is on: barred
        // ("this applies to every jump of a sequence"; 4.6 allows landings at home only to a
        // man capturing from inside its fortress). From g6 (45) it takes the biy on g8 (31),
        // which ends the move on g9 or g10 (5.10).
        const auto v = variant();
        CHECK(moves(*v, "W:WQ56,K18:BK31,48,41,50") == sorted({"56:40:45:24", "56:40:45:17"}));
    }

    TEST_CASE("Appendix A: SPN writes no en-passant square after an a- or g-file double step") {
        // After 46-32 (a5-a7, passing a6 = 39) Black could never take en passant (3.5), and
        // Shatrabase sets no en-passant square for a double step onto file a or g. K52 = SB 11,
        // S32 = SB 31, k11 = SB 52.
        const auto v = variant();
        const Position a_file = v->parse_position("B:WK52,32:BK11:E39");
        CHECK(tradgames::shatra::to_spn(a_file) == "9/1/K6/7/6S/7/7/6k/1/9 b - - - - 1");
        // On files b-f the passed square is written (48-34 passes c6 = 41 = SB 22).
        const Position c_file = v->parse_position("B:WK52,34:BK11:E41");
        CHECK(tradgames::shatra::to_spn(c_file) == "9/1/K6/7/4S2/7/7/6k/1/9 b - - 22 - 1");
    }

    TEST_CASE("A23 move_limit with A19 b: a free promotion is not a move of a side") {
        // Black's shatra on 61 waits with every type available: under owner_chooses Black's only
        // actions are the free promotions, which do not pass the turn (variants/shatra/RULES.md §13
        // decision 10). move_limit=1 draws after one move of each side without a capture (2 plies):
        // Black 11-12 and White 52-51, not before.
        const auto v = variant({"delayed_promotion=owner_chooses", "move_limit=1"});
        tradgames::Game g(v, v->parse_position("B:WK52:BK11,61"));
        g.play("61=Q");
        g.play("11-12");
        CHECK_FALSE(g.result().over());
        g.play("52-51");
        CHECK(g.result().outcome == tradgames::Outcome::draw);
    }

    TEST_CASE("6.4: in mid-capture the type chosen decides whether the capture continues") {
        // S7 (c12) takes c13 (4) onto c14 (1) or d13 (5) onto e14 (3); White has no batyr, tura
        // or yalkyn, so it promotes there at once (6.4) and continues with the new piece:
        //   on 1: Q takes 2 (-> 3, then 5 -> 7, the empty origin) or 5 (-> 9); R takes 2 (-> 3);
        //         Y takes 5 (-> 9);
        //   on 3: Q and R take 2 (-> 1, then 4 -> 7); Y cannot continue (5 is taken).
        // 7:1:3:7=Q and 7:3:1:7=Q take the same men and leave one position: one move (U).
        const auto v = variant();
        const char* fen = "W:WK52,7:BK17,4,2,5";
        CHECK(moves(*v, fen) == sorted({"7:1:3:7=Q", "7:1:3=R", "7:1:9=Q", "7:1:9=Y",
                                        "7:3:1:7=R", "7:3=Y"}));
        CHECK(moves(*v, fen, Duplicates::all_paths) ==
              sorted({"7:1:3:7=Q", "7:3:1:7=Q", "7:1:3=R", "7:1:9=Q", "7:1:9=Y", "7:3:1:7=R",
                      "7:3=Y"}));
    }

    TEST_CASE("3.5: en passant followed by further captures; the right lasts one move") {
        // Black's 15-29 passed 22. S28 takes 29 en passant onto f10 (16), then f9 (23) back onto
        // f8 (30); or takes 29 normally onto 30, then 23 onto 16. Without the right only the
        // ordinary capture remains.
        const auto v = variant();
        CHECK(moves(*v, "W:WK52,28:BK11,29,23:E22") == sorted({"28:16:30", "28:30:16"}));
        CHECK(moves(*v, "W:WK52,28:BK11,29,23") == std::vector<std::string>{"28:30:16"});
    }

    TEST_CASE("6.3: several waiting shatras take the captured types in capture order") {
        // White's shatras on 1 and 3 wait (Q, R, R, Y, Y all on the board). Black's only
        // capture 33:47:49 takes Y40, then R48: the lower waiting square, 1, becomes the
        // yalkyn, 3 the tura.
        const auto v = variant();
        const char* fen = "B:WK52,Q44,R48,R45,Y40,Y31,1,3:BK17,33";
        CHECK(moves(*v, fen) == std::vector<std::string>{"33:47:49"});
        CHECK(after(*v, fen, "33:47:49") == "W:WK52,Q44,R3,R45,Y1,Y31:BK17,49");
    }

    TEST_CASE("4.6: an urgent man taken by the opponent is no longer urgent") {
        // White's urgent R55 is taken by q42 down the d-file, landing on 58 or 61 (nothing
        // follows); White's temdek stays on (S60).
        const auto v = variant();
        const char* fen = "B:WR55,60,K47:BK11,Q42:U55";
        CHECK(moves(*v, fen) == sorted({"42:58", "42:61"}));
        CHECK(after(*v, fen, "42:58") == "W:WK47,60:BK11,Q58");
    }

    TEST_CASE("4.2: taking the opponent's last reserve man switches its temdek off") {
        // Q21 takes R8 (Black's only man at home) onto 5 or 2, or first c9 (20) onto b9 (19,
        // the only landing that continues), c10 (13) onto 10 or 9, then R8: onto 5 or 2 from 10,
        // onto 7 from 9.
        const auto v = variant();
        const char* fen = "W:WK52,Q21:BK24,R8,Y13,20";
        CHECK(moves(*v, fen) ==
              sorted({"21:2", "21:5", "21:19:10:2", "21:19:10:5", "21:19:9:7"}));
        // After the long capture Black has no man at home: no :TB in the position string.
        CHECK(after(*v, fen, "21:19:10:5") == "B:WK52,Q5:BK24");
    }

    TEST_CASE("5.4-5.5: the biy and a gate shatra are the only capturers: either may decline") {
        // S10 (on Black's gate) can take 14, K43 can take 36; both are privileged, so besides
        // the two captures each may make its non-capturing moves: 10-7, 10-8, 10-9 and the
        // biy's seven steps.
        const auto v = variant();
        CHECK(moves(*v, "W:WK43,10:BK17,14,36") ==
              sorted({"10:21", "43:29", "10-7", "10-8", "10-9", "43-35", "43-37", "43-42",
                      "43-44", "43-49", "43-50", "43-51"}));
    }

    TEST_CASE("5.10: a slider that takes the biy stops there, on any landing") {
        // Q46 takes s34 and must land where it continues: d8 (28) or f10 (16). From 28 it takes
        // the biy on 14 and may land on 10 or 8 (5 is occupied), from 16 on 13, 12 or 11,
        // although a further capture (s5 from 8) would exist.
        const auto v = variant();
        CHECK(moves(*v, "W:WK52,Q46:BK14,34,5") ==
              sorted({"46:16:11", "46:16:12", "46:16:13", "46:28:10", "46:28:8"}));
    }

    TEST_CASE("4.6 + 5.4: a reserve biy's loop back to its gate; it becomes urgent") {
        // K53 (reserve, temdek on) takes around c5 (48), c6 (41), d5 (49) and may stop after
        // any jump; back on 53 it has captured from its home and ended there: urgent. As the
        // only capturer it may instead drop (its non-capturing moves as a reserve man).
        const auto v = variant();
        const char* fen = "W:WK53,60:BK17,48,41,49";
        CHECK(moves(*v, fen) == sorted(join({{"53:40", "53:40:42", "53:40:42:53", "53:42",
                                               "53:42:40"},
                                              range_moves(53, 32, 52, {41, 48, 49})})));
        CHECK(after(*v, fen, "53:40:42:53") == "B:WK53,60:BK17:U53");
    }

    TEST_CASE("4.2: a slider on the field never captures into its home while the temdek is on") {
        // Q42 could take s53 (White's gate) only by landing on 55, 58 or 61: barred while
        // White's temdek is on (S60), so no capture exists. Moves: Q42 up the d-file to 2
        // (entering Black's home is allowed), 49, across rank 6 and along both diagonals
        // (23); K46 to 39, 40, 47; S60 drops onto the 19 empty squares of 32-52.
        const auto v = variant();
        const std::vector<std::string> queen = {
            "42-35", "42-28", "42-21", "42-14", "42-10", "42-8", "42-5", "42-2",
            "42-49", "42-43", "42-44", "42-45", "42-41", "42-40", "42-39", "42-36",
            "42-30", "42-24", "42-34", "42-26", "42-18", "42-50", "42-48"};
        CHECK(moves(*v, "W:WQ42,K46,60:BK17,53") ==
              sorted(join({queen, {"46-39", "46-40", "46-47"}, range_moves(60, 32, 52, {42, 46})})));
        // With the temdek off the same capture lands anywhere behind 53.
        CHECK(moves(*v, "W:WQ42,K46:BK17,53") == sorted({"42:55", "42:58", "42:61"}));
    }

    TEST_CASE("3.2: the high road is blocked by the own tura, and a drop square is one move") {
        // Q61 is blocked by R58 (no capture: 14 behind 21 is occupied); R58 runs 55, 53 and up
        // to 28 (21 is Black's); 49, 42 and 35 coincide with its drops. Both drop onto the 20
        // empty squares of 32-52; K45 steps to 37, 38, 44, 51, 52.
        const auto v = variant();
        CHECK(moves(*v, "W:WK45,Q61,R58:BK17,21,14") ==
              sorted(join({range_moves(61, 32, 52, {45}), range_moves(58, 32, 52, {45}),
                           {"58-28", "45-37", "45-38", "45-44", "45-51", "45-52"}})));
    }
}
