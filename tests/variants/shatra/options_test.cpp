// Shatra: the rule options of section 12 that section 11 gives no position for (A5, A6, A8, A11,
// A14, A15, A16, A17, A19), each with a position built to isolate it and a move list derived
// by hand from sections 3-6 and 10, under the default and under the switched value.
#include <doctest/doctest.h>

#include "tradgames/error.hpp"
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

/// Makes the moves written in `line` (space separated) from `fen`.
Position play(const tradgames::Variant& v, const char* fen, std::vector<std::string> line) {
    Position p = v.parse_position(fen);
    for (const auto& text : line) {
        Undo u;
        v.make_move(p, v.parse_move(p, text), u);
    }
    return p;
}

std::vector<std::string> moves_at(const tradgames::Variant& v, const Position& p) {
    return moves(v, v.position_to_string(p));
}

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("A5 returned_biy_is_reserve: a biy back on its gate") {
        // K49 steps onto its gate while the temdek is on (S60 is a reserve man), Black waits.
        const char* fen = "W:WK49,60:BK11";
        const std::vector<std::string> line = {"49-53", "11-12"};
        // (a) default: the biy is a reserve man again: 21 drops, as S60 (3.1, test 7).
        const auto a = variant();
        const Position pa = play(*a, fen, line);
        CHECK(a->position_to_string(pa) == "W:WK53,60:BK12");
        CHECK(moves_at(*a, pa) == sorted(join({range_moves(53, 32, 52), range_moves(60, 32, 52)})));
        // (b): it is just a man on the gate: biy steps out (not into the fortress, 4.2), no drop.
        const auto b = variant({"returned_biy_is_reserve=false"});
        const Position pb = play(*b, fen, line);
        CHECK(b->position_to_string(pb) == "W:WK53,60:BK12:GW");
        CHECK(moves_at(*b, pb) == sorted(join({{"53-48", "53-49", "53-50"}, range_moves(60, 32, 52)})));
        // Dropping S60 ends the temdek under (b) only: a returned biy does not keep it on.
        Position qa = pa;
        Position qb = pb;
        Undo u;
        a->make_move(qa, a->parse_move(qa, "60-32"), u);
        b->make_move(qb, b->parse_move(qb, "60-32"), u);
        CHECK(a->position_to_string(qa) == "B:WK53,32:BK12");
        CHECK(b->position_to_string(qb) == "B:WK53,32:BK12:T");
        // The G field exists only under (b).
        CHECK_THROWS_AS((void)a->parse_position("W:WK53,60:BK12:GW"), tradgames::PositionError);
    }

    TEST_CASE("A6 biy_steps_onto_own_gate") {
        // K49: 41, 42, 43, 48, 50 and its gate 53; S60 drops onto 32-52 except 49.
        const char* fen = "W:WK49,60:BK11";
        const auto biy = std::vector<std::string>{"49-41", "49-42", "49-43", "49-48", "49-50"};
        CHECK(moves(*variant(), fen) == sorted(join({biy, {"49-53"}, range_moves(60, 32, 52, {49})})));
        CHECK(moves(*variant({"biy_steps_onto_own_gate=false"}), fen) ==
              sorted(join({biy, range_moves(60, 32, 52, {49})})));
    }

    TEST_CASE("A8 gate_drops: from the enemy gate") {
        // R10 on Black's gate: up the d-file to 8, 5, 2; down it to 61 (White's temdek is off,
        // so it may enter its own home); drops onto Black's half 11-31 except 17 (14, 21, 28
        // coincide with moves).
        const char* fen = "W:WR10,K52:BK17";
        const auto slides = std::vector<std::string>{"10-8",  "10-5",  "10-2",  "10-14", "10-21",
                                                     "10-28", "10-35", "10-42", "10-49", "10-53",
                                                     "10-55", "10-58", "10-61"};
        const auto biy = std::vector<std::string>{"52-44", "52-45", "52-51"};
        CHECK(moves(*variant(), fen) ==
              sorted(join({slides, range_moves(10, 11, 31, {14, 17, 21, 28}), biy})));
        CHECK(moves(*variant({"gate_drops=false"}), fen) == sorted(join({slides, biy})));
    }

    TEST_CASE("A8 gate_drops: from the own gate with the temdek off; 4.5 drops from home") {
        // Q53, temdek off: 21 queen moves (d-file 49..2 and 55..61, diagonals 50-38, 48-32,
        // 56, 54) and drops onto 32-52 except 52; the 9 drop squares it also reaches by moving
        // are one move each.
        const char* fen = "W:WQ53,K52:BK17:T";
        const auto slides = std::vector<std::string>{
            "53-49", "53-42", "53-35", "53-28", "53-21", "53-14", "53-10", "53-8", "53-5", "53-2",
            "53-50", "53-44", "53-38", "53-48", "53-40", "53-32", "53-55", "53-58", "53-61",
            "53-56", "53-54"};
        const auto drops = range_moves(53, 32, 52, {32, 35, 38, 40, 42, 44, 48, 49, 50, 52});
        const auto biy = std::vector<std::string>{"52-44", "52-45", "52-51"};
        CHECK(moves(*variant(), fen) == sorted(join({slides, drops, biy})));
        CHECK(moves(*variant({"gate_drops=false"}), fen) == sorted(join({slides, biy})));
        // 4.5 (A26): a man in its own fortress with the temdek off moves and drops. Q55: d-file
        // 53..2 and 58, 61; 54, 56, 57, 59; drops onto 32-52 except 45 (49, 42, 35 reached).
        CHECK(moves(*variant(), "W:WQ55,K45:BK11:T") ==
              sorted(join({{"55-53", "55-49", "55-42", "55-35", "55-28", "55-21", "55-14",
                            "55-10", "55-8", "55-5", "55-2", "55-58", "55-61", "55-54", "55-56",
                            "55-57", "55-59"},
                           range_moves(55, 32, 52, {35, 42, 45, 49}),
                           {"45-38", "45-37", "45-44", "45-51", "45-52"}})));
    }

    TEST_CASE("A11 urgent_lapses_when_blocked: an urgent man with its half full") {
        // White's half 32-52 is full; the Black men on 46-50 cannot be taken (every landing is a
        // wall or White's gate, barred while the temdek is on). S54 is urgent but cannot drop.
        const char* fen = "W:WK38,Q32,R33,R34,Y35,Y36,54,37,39-45,51,52:BK1,46-50:U54";
        // Default: the obligation lapses for the turn, every non-capturing move is legal: 37 to
        // 29, 30, 31; K38 to 30, 31; Q32 up the a-file and the a7-d10 diagonal; R33, R34 up
        // their files; Y35 and Y36 up their diagonals. Shatras on 39-45, 51, 52 are blocked.
        CHECK(moves(*variant(), fen) ==
              sorted({"37-29", "37-30", "37-31", "38-30", "38-31", "32-25", "32-18", "32-11",
                      "32-26", "32-20", "32-14", "33-26", "33-19", "33-12", "34-27", "34-20",
                      "34-13", "35-29", "35-23", "35-17", "35-27", "35-19", "35-11", "36-30",
                      "36-24", "36-28", "36-20", "36-12"}));
        CHECK(moves(*variant({"urgent_lapses_when_blocked=false"}), fen).empty());
    }

    TEST_CASE("A14 gate_shatra_privilege: a shatra on the enemy gate") {
        // S10 on Black's gate must take 14 and then 28 ...
        const char* fen = "W:W10,K52:B14,28,K17";
        // ... unless privileged: it may stop after 14, or decline and step to 7, 8, 9.
        CHECK(moves(*variant(), fen) == sorted({"10:21", "10:21:35", "10-7", "10-8", "10-9"}));
        CHECK(moves(*variant({"gate_shatra_privilege=false"}), fen) ==
              std::vector<std::string>{"10:21:35"});
    }

    TEST_CASE("A15 slider_landing") {
        // R46 takes 32 and may land on 25, 18 or 11; from 25 it can take 27, from 18 it can take
        // 20, from 11 nothing (the line to k17 ends at the board edge).
        const char* fen = "W:WR46,K52:B32,27,20,K17";
        const auto via25 = std::vector<std::string>{"46:25:28", "46:25:29", "46:25:30", "46:25:31"};
        const auto via18 = std::vector<std::string>{"46:18:21", "46:18:22", "46:18:23", "46:18:24"};
        CHECK(moves(*variant(), fen) == sorted(join({via25, via18})));
        CHECK(moves(*variant({"slider_landing=nearest_continuing"}), fen) == sorted(via25));
        CHECK(moves(*variant({"slider_landing=free"}), fen) == sorted(join({via25, via18, {"46:11"}})));
    }

    TEST_CASE("A16 capture_removal") {
        // R32 takes 34 and must land on 36 (the only square that continues). From 36 it takes
        // 29 (landing 22 or 15) or 43 (landing 50); at the end of the move the captured men
        // still stand and block the way back.
        const char* fen = "W:WR32,K52:B34,43,29,K17";
        CHECK(moves(*variant(), fen) == sorted({"32:36:22", "32:36:15", "32:36:50"}));
        // Removed at once, 29 and 43 no longer block the e-file: after 29 it goes on through 36
        // to take 43 (two paths to one position, written with the smaller landing 15), after 43
        // it comes back up to take 29.
        const auto immediate = variant({"capture_removal=immediate"});
        CHECK(moves(*immediate, fen) == sorted({"32:36:15:50", "32:36:50:22", "32:36:50:15"}));
        CHECK(tgtest::count(*immediate, fen, Duplicates::all_paths) == 4);
    }

    TEST_CASE("A17 promote_mid_capture") {
        // S7 takes 4 and reaches 1. Promoted at once (6.4), a batyr or tura must go on to take 2
        // (landing 3), a yalkyn cannot and the move ends.
        const char* fen = "W:W7,K52:B4,2,K17";
        CHECK(moves(*variant(), fen) == sorted({"7:1:3=Q", "7:1:3=R", "7:1=Y"}));
        // Unpromoted, the shatra takes 2 itself and promotes where the move ends.
        CHECK(moves(*variant({"promote_mid_capture=false"}), fen) ==
              sorted({"7:1:3=Q", "7:1:3=R", "7:1:3=Y"}));
    }

    TEST_CASE("A19 delayed_promotion") {
        // White's shatras on 1 and 2 wait (all of Q, R, R, Y, Y are on the board). Black's only
        // move 34:48:50 takes the tura on 41, then the yalkyn on 49.
        const char* fen = "B:WK52,Q46,R41,R47,Y49,Y45,1,2:B34,K11";
        CHECK(moves(*variant(), fen) == std::vector<std::string>{"34:48:50"});
        // (a) default: at the end of that move the waiting shatras become the captured types,
        // paired in capture order with the shatras in increasing square order (6.3).
        const auto a = variant();
        const Position pa = play(*a, fen, {"34:48:50"});
        CHECK(a->position_to_string(pa) == "W:WK52,Q46,R1,R47,Y2,Y45:BK11,50");
        // (b): White promotes at the start of its turn, choosing among the available types, as
        // free actions that do not pass the turn.
        const auto b = variant({"delayed_promotion=owner_chooses"});
        Position pb = play(*b, fen, {"34:48:50"});
        CHECK(b->position_to_string(pb) == "W:WK52,Q46,R47,Y45,1,2:BK11,50");
        CHECK(moves_at(*b, pb) == sorted({"1=R", "1=Y", "2=R", "2=Y"}));
        const Position before = pb;
        Undo u;
        const auto m = b->parse_move(pb, "1=Y");
        b->make_move(pb, m, u);
        CHECK(pb.side_to_move() == tradgames::Color::white);
        CHECK(moves_at(*b, pb) == std::vector<std::string>{"2=R"});
        b->unmake_move(pb, m, u);
        CHECK(pb == before);
        CHECK(pb.hash() == before.hash());
        // Under (a) such a position (a shatra waiting although a type is free) is impossible.
        CHECK_THROWS_AS((void)a->parse_position(b->position_to_string(before)), tradgames::PositionError);
    }
}
