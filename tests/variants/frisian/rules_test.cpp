// Frisian draughts: value precedence, capturing with a king first, orthogonal captures, and the
// limit on consecutive moves of one king (variants/frisian/frisian.json; rules in
// variants/frisian/RULES.md). Squares are numbered 1-50 from Black's side: 46 = a1, 41 = b2,
// 36 = a3, 37 = c3, 32 = d4, 28 = e5, 22 = d6, 23 = f6, 17 = c7, 19 = g7.
#include <doctest/doctest.h>

#include "support/helpers.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using tgtest::moves;
using tgtest::sorted;

TEST_SUITE("frisian") {
    TEST_CASE("value: a king counts more than a man, two men more than a king") {
        const auto v = tradgames::make_variant("frisian");
        // The man on e5 may take the king on d6 (landing c7) or the man on f6 (landing g7): one
        // piece each, but the king is worth more.
        CHECK(moves(*v, "W:W28:BK22,23") == sorted({"28x17"}));
        // Two men (f6, then h8 from g7, landing i9 = 10) outweigh the king on d6.
        CHECK(moves(*v, "W:W28:BK22,23,14") == sorted({"28x10"}));
        // International rules (majority only) keep both one-piece captures of the first case.
        CHECK(moves(*tradgames::make_variant("international"), "W:W28:BK22,23") ==
              sorted({"28x17", "28x19"}));
    }

    TEST_CASE("equal value: the capture with a king comes first") {
        const auto v = tradgames::make_variant("frisian");
        // The man on e5 could take f6 (to g7); the king on a1 takes c3 and lands on d4 (e5 is
        // its own man). One man each: only the king's capture is legal.
        CHECK(moves(*v, "W:WK46,28:B23,37") == sorted({"46x32"}));
    }

    TEST_CASE("men capture along files and ranks: the victim two squares away, landing two beyond") {
        const auto v = tradgames::make_variant("frisian");
        // Man on e5 (28), black man on e7 (18), e9 (8) empty: 28x8; and backwards along the file:
        // black man on e3 (38), e1 (48) empty: 28x48. Both take one man.
        CHECK(moves(*v, "W:W28:B18,38") == sorted({"28x48", "28x8"}));
    }

    TEST_CASE("a king makes at most three non-capturing moves in a row while its side has men") {
        const auto v = tradgames::make_variant("frisian");
        tradgames::Game g(v, v->parse_position("W:WK46,36:B1,2"));
        for (const char* m : {"46-41", "1-7", "41-46", "7-12", "46-41", "2-8"}) g.play(m);
        // Three king moves in a row: White must move its man (a3 -> b4).
        // The count is part of the position and of its string (field L: the king on b2 = 41
        // has made 3 moves in a row).
        CHECK(v->position_to_string(g.position()) == "W:W36,K41:B8,12:L41=3");
        CHECK(moves(*v, "W:W36,K41:B8,12:L41=3") == sorted({"36-31"}));
        CHECK(v->parse_position("W:W36,K41:B8,12:L41=3") == g.position());
        CHECK_THROWS_AS((void)v->parse_position("W:WK41,36:B8:L36=1"), tradgames::ParseError);
        CHECK_THROWS_AS((void)v->parse_position("W:WK41,36:B8:L41=4"), tradgames::ParseError);
        std::vector<std::string> legal;
        for (const auto& m : g.legal_moves()) legal.push_back(v->move_to_string(g.position(), m));
        CHECK(sorted(legal) == sorted({"36-31"}));
        g.play("36-31");
        g.play("8-13");
        // After another piece moved, the king moves again.
        CHECK(g.legal_moves().size() > 1);
        // Without men the king is free: no limit.
        tradgames::Game alone(v, v->parse_position("W:WK46:B1"));
        for (const char* m : {"46-41", "1-7", "41-46", "7-12", "46-41", "12-17"}) alone.play(m);
        CHECK(alone.legal_moves().size() > 1);
        // The option switches the limit off.
        const auto free = tradgames::make_variant("frisian", {"king_move_limit=0"});
        tradgames::Game f(free, free->parse_position("W:WK46,36:B1,2"));
        for (const char* m : {"46-41", "1-7", "41-46", "7-12", "46-41", "2-8"}) f.play(m);
        CHECK(f.legal_moves().size() > 1);
    }

    TEST_CASE("no king-move count on a side without men (RULES.md §2.3-2.4)") {
        const auto v = tradgames::make_variant("frisian");
        auto after = [&](const char* fen, const char* move) {
            tradgames::Game g(v, v->parse_position(fen));
            g.play(move);
            return v->position_to_string(g.position());
        };
        // Black has kings only: its king moves are not counted, nothing is written, and what
        // is written reads back (the issue: L43=4 was written and refused).
        CHECK(after("B:WK6:BK48", "48-43") == "W:WK6:BK43");
        // A count on a men-less side (as older versions wrote it) is read and dropped.
        CHECK(v->parse_position("B:WK6:BK48:L48=3") == v->parse_position("B:WK6:BK48"));
        CHECK(after("B:WK6:BK48:L48=3", "48-43") == "W:WK6:BK43");
        CHECK(v->parse_position(after("B:WK6:BK48:L48=3", "48-43")) == v->parse_position("W:WK6:BK43"));
        // Black man f6 (23) takes White's last man e5 (28), landing d4 (32): White's count of
        // its king a1 (46) lapses with the rule.
        CHECK(after("B:W28,K46:B23:L46=2", "23x32") == "W:WK46:B32");
        // A side with men keeps counting: White's king b2 (41) moves once.
        CHECK(after("W:W36,K46:B1", "46-41") == "B:W36,K41:B1:L41=1");
    }

    TEST_CASE("threefold repetition between kings alone (RULES.md §5)") {
        // White king i1 (50), Black king b10 (1): 50-45 1-6 45-50 6-1 brings the start back
        // after 4 plies; its third occurrence is after ply 8, a draw then and not before.
        for (const char* limit : {"king_move_limit=3", "king_move_limit=0"}) {
            CAPTURE(limit);
            const auto v = tradgames::make_variant("frisian", {limit});
            tradgames::Game g(v, v->parse_position("W:WK50:BK1"));
            const char* cycle[] = {"50-45", "1-6", "45-50", "6-1"};
            for (int i = 0; i < 8; ++i) {
                REQUIRE_MESSAGE(!g.result().over(), "over at ply " << i);
                g.play(cycle[i % 4]);
            }
            CHECK(g.result().outcome == tradgames::Outcome::draw);
        }
    }
}
