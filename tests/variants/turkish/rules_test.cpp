// Turkish draughts: the hand-derived test positions of variants/turkish/RULES.md §16 with their
// exact move lists, the rule options of §11-§12, and perft from the start (§15: the table of the
// independent model tests/models/turkish/turkish_model.cc, written from RULES.md alone).
//
// Positions T10-T12 and T18 of §16 put a black man on rank 1, its own promotion rank, which a
// game cannot reach (the man is crowned there) and the position reader refuses; here they are
// moved up one rank with the same derivation (a2 for a1, c2 for c1, ...).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "support/helpers.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using tradgames::Duplicates;
using tgtest::moves;
using tgtest::sorted;

namespace {

const tradgames::Variant& turkish() {
    static const auto v = tradgames::make_variant("turkish");
    return *v;
}

}  // namespace

TEST_SUITE("turkish") {
    TEST_CASE("§4-§6 men: forward and sideways, never backward; Black's forward is down") {
        CHECK(moves(turkish(), "W:Wd4:BKh8") == sorted({"d4-c4", "d4-d5", "d4-e4"}));          // T1
        CHECK(moves(turkish(), "W:Wd4:Bd3,Kh8") == sorted({"d4-c4", "d4-d5", "d4-e4"}));       // T2
        CHECK(moves(turkish(), "B:WKa1,d6:Bd5") == sorted({"d5-c5", "d5-d4", "d5-e5"}));       // T3
        CHECK(moves(turkish(), "W:Wc4:Bd4,e5,Kh8") == sorted({"c4xe4xe6"}));                   // T4
        CHECK(moves(turkish(), "B:Wd4,c5:Bd5") == sorted({"d5xb5", "d5xd3"}));                 // T16
        CHECK(moves(turkish(), "W:Wc7:Bh2") == sorted({"c7-b7", "c7-c8", "c7-d7"}));           // T17
        CHECK(moves(turkish(), "W:Wd4:Bd5,d6,Kh8") == sorted({"d4-c4", "d4-e4"}));             // T19
        CHECK(moves(turkish(), "W:Wd4:BKd5,Kh8") == sorted({"d4xd6"}));                        // T20
        CHECK(moves(turkish(), "W:Wa2,d4:Bd5,Kh8") == sorted({"d4xd6"}));                      // T14
    }

    TEST_CASE("§5, §7-§8 kings: flying, any landing, no 180-degree turn, pieces leave at once") {
        CHECK(moves(turkish(), "W:WKd4:BKh8") ==
              sorted({"d4-a4", "d4-b4", "d4-c4", "d4-d1", "d4-d2", "d4-d3", "d4-d5", "d4-d6",
                      "d4-d7", "d4-d8", "d4-e4", "d4-f4", "d4-g4", "d4-h4"}));                 // T15
        CHECK(moves(turkish(), "W:WKd4:Bd6,d2") == sorted({"d4xd1", "d4xd7", "d4xd8"}));       // T8
        CHECK(moves(turkish(), "W:WKa3:Bc3,e5,d6,c2") == sorted({"a3xe3xe6xc6xc1"}));          // T9
        CHECK(moves(turkish(), "W:WKc2:Bc4,e5,f3,b2") == sorted({"c2xc5xf5xf2xa2"}));          // T21
        CHECK(moves(turkish(), "W:WKa2:Bc2") ==
              sorted({"a2xd2", "a2xe2", "a2xf2", "a2xg2", "a2xh2"}));                          // T10
        CHECK(moves(turkish(), "W:WKa2:Bc2,e4") ==
              sorted({"a2xe2xe5", "a2xe2xe6", "a2xe2xe7", "a2xe2xe8"}));                       // T11
        // T12: two pieces on one line: one move; the landing between them is not written (§13).
        CHECK(moves(turkish(), "W:WKa2:Bc2,g2") == sorted({"a2xh2"}));
        CHECK(tgtest::count(turkish(), "W:WKa2:Bc2,g2", Duplicates::all_paths) == 1);
        // T18: two pieces in a row cannot be jumped: no capture, the king's quiet moves.
        CHECK(moves(turkish(), "W:WKa2:Bc2,d2") ==
              sorted({"a2-a1", "a2-a3", "a2-a4", "a2-a5", "a2-a6", "a2-a7", "a2-a8", "a2-b2"}));
    }

    TEST_CASE("§14 one move per resulting position: two orders of the same five captures (T13)") {
        // P: the two orders, each with two final landings. U: one move per final landing, written
        // with the canonical path (the smallest landing sequence in square order, which numbers
        // the squares from Black's side, so e5 before e3).
        const char* fen = "W:WKe8:Bf3,g4,f5,b6,e6,a8";
        CHECK(moves(turkish(), fen, Duplicates::all_paths) ==
              sorted({"e8xe3xg3xg5xb5xb7", "e8xe3xg3xg5xb5xb8", "e8xe5xg5xg3xb3xb7",
                      "e8xe5xg5xg3xb3xb8"}));
        CHECK(moves(turkish(), fen) == sorted({"e8xe5xg5xg3xb3xb7", "e8xe5xg5xg3xb3xb8"}));
    }

    TEST_CASE("§10-§11 majority before kings; a man crowned in mid-capture finishes as a man") {
        CHECK(moves(turkish(), "W:We4:BKd4,e5,e7") == sorted({"e4xe6xe8"}));                   // T5
        CHECK(moves(turkish(), "W:Wc6:Bc7,d8,Ka1") == sorted({"c6xc8xe8"}));                   // T6
        CHECK(moves(turkish(), "W:Wc6:Bc7,e8,Ka1") == sorted({"c6xc8"}));                      // T7
        const auto king = tradgames::make_variant("turkish", {"promotion=king"});
        CHECK(moves(*king, "W:Wc6:Bc7,d8,Ka1") ==
              sorted({"c6xc8xe8", "c6xc8xf8", "c6xc8xg8", "c6xc8xh8"}));
        CHECK(moves(*king, "W:Wc6:Bc7,e8,Ka1") == sorted({"c6xc8xf8", "c6xc8xg8", "c6xc8xh8"}));
    }

    TEST_CASE("§12 one piece each is a draw (option one_piece_each_draw)") {
        tradgames::Game on(tradgames::make_variant("turkish"),
                           turkish().parse_position("W:WKa1:BKh8"));
        CHECK(on.result().outcome == tradgames::Outcome::draw);
        tradgames::Game off(tradgames::make_variant("turkish", {"one_piece_each_draw=false"}),
                            turkish().parse_position("W:WKa1:BKh8"));
        CHECK_FALSE(off.result().over());
    }

    TEST_CASE("§15 perft from the start, depths 1-6, U = P (independent model)") {
        const std::uint64_t expected[] = {8, 64, 708, 7538, 85090, 931312};
        for (int d = 1; d <= 6; ++d) {
            CAPTURE(d);
            CHECK(tgtest::perft(turkish(), "", d) == expected[d - 1]);
            CHECK(tgtest::perft(turkish(), "", d, Duplicates::all_paths) == expected[d - 1]);
        }
    }
}

TEST_SUITE("slow") {
    TEST_CASE("turkish perft from the start, depths 7-8, U = P (variants/turkish/RULES.md §15)") {
        const std::uint64_t expected[] = {10782308, 123285642};
        for (int d = 7; d <= 8; ++d) {
            CAPTURE(d);
            CHECK(tgtest::perft(turkish(), "", d) == expected[d - 7]);
            CHECK(tgtest::perft(turkish(), "", d, Duplicates::all_paths) == expected[d - 7]);
        }
    }
}
