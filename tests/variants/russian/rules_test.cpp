// Russian checkers: every rule test position T1-T12 of variants/russian/RULES.md §5, with its exact
// legal move list and the U / P counts given there.
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include "support/helpers.hpp"

using tgtest::moves;
using tgtest::sorted;
using tradgames::Duplicates;

namespace {

using tgtest::RuleCase;

const std::vector<RuleCase> cases = {
    {"T1 start: men move forward only",
     "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
     {"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}, 7},
    {"T2 man captures backward; capture compulsory", "W:Wd4,h2:Bc3,e5", {"d4:b2", "d4:f6"}, 2},
    {"T3 free choice; a begun sequence is finished", "W:We3:Bb6,d4,f4",
     {"e3:c5:a7", "e3:g5"}, 2},
    {"T4 no king precedence, no majority", "W:WKa1,g3:Bc3,f4",
     {"a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8", "g3:e5"}, 6},
    {"T5 king cannot jump two adjacent pieces", "W:WKa1:Bc3,d4", {"a1-b2"}, 1},
    {"T6 king's free choice of landing", "W:WKa1:Bc3",
     {"a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"}, 5},
    {"T7 landing forced to the continuing square", "W:WKa1:Bc3,f4", {"a1:e5:g3", "a1:e5:h2"}, 2},
    {"T8 landing decides the continuation", "W:WKa1:Bc3,e3,e7",
     {"a1:d4:f2", "a1:d4:g1", "a1:f6:d8"}, 3},
    {"T9 two pieces on one diagonal: one path", "W:WKa1:Bc3,f6", {"a1:g7", "a1:h8"}, 2},
    {"T10 promotion by capture", "W:Wd6:Be7", {"d6:f8"}, 1},
    {"T11 promotion in mid-capture, continues as king", "W:Wf6:Be7,b6", {"f6:d8:a5"}, 1},
    {"T12 black promotes on e1 and continues as king", "B:Wc3,f2:Bg3", {"g3:e1:a5", "g3:e1:b4"},
     2},
};

}  // namespace

TEST_SUITE("russian") {
    TEST_CASE("variants/russian/RULES.md §5: rule positions T1-T12") {
        const auto v = tradgames::make_variant("russian");
        for (const RuleCase& c : cases) {
            CAPTURE(c.id);
            CHECK(moves(*v, c.fen) == sorted(c.expected));
            CHECK(tgtest::count(*v, c.fen, Duplicates::all_paths) == c.paths);
        }
    }

    TEST_CASE("T1-T12: perft's bulk count and its sibling loop give the U count") {
        // perft(1) with bulk counting is count_legal, without it the sibling loop
        // (for_each_legal), both of which count or make a man's single jumps without the
        // generator where they can: T10-T12 are the crowning captures that must go to it.
        const auto v = tradgames::make_variant("russian");
        for (const RuleCase& c : cases) {
            CAPTURE(c.id);
            const auto p = v->parse_position(c.fen);
            CHECK(v->count_moves(p, Duplicates::unique) == c.expected.size());
            tradgames::PerftOptions o;
            for (bool bulk : {true, false}) {
                o.bulk = bulk;
                tradgames::Position q = p;
                CHECK(v->perft(q, 1, o) == c.expected.size());
            }
        }
    }

    TEST_CASE("promotion is recorded on the move (T10-T12 end as kings)") {
        const auto v = tradgames::make_variant("russian");
        for (const char* fen : {"W:Wd6:Be7", "W:Wf6:Be7,b6", "B:Wc3,f2:Bg3"}) {
            CAPTURE(fen);
            const auto p = v->parse_position(fen);
            tradgames::MoveList list;
            v->generate(p, list);
            REQUIRE(!list.empty());
            for (const auto& m : list) CHECK(m.promotion == 1);  // king
        }
    }

    TEST_CASE("Turkish strike: a captured piece blocks landing and passage") {
        const auto v = tradgames::make_variant("russian");
        // Hand derivation (variants/russian/RULES.md §1.4.6). King e1 must take d2 and land on c3
        // (b4 blocks). From c3: over b4 to a5, then over c7 to d8, then over f6 to g5 or h4. From
        // g5 the man e3 could be taken only by landing on d2, where the captured d2 still stands:
        // the move ends. From c3 the other branch: over f6 to g7 or h8, after which f6 blocks the
        // way back. e1-c3-a5 is one diagonal, so c3 is not written in the first two.
        CHECK(moves(*v, "W:WKe1:Bd2,b4,c7,f6,e3") ==
              sorted({"e1:a5:d8:g5", "e1:a5:d8:h4", "e1:c3:g7", "e1:c3:h8"}));
    }

    TEST_CASE("a quiet step onto the last rank promotes") {
        const auto v = tradgames::make_variant("russian");
        const auto p = v->parse_position("W:Wb6,c7:Bh2");
        tradgames::MoveList list;
        v->generate(p, list);
        CHECK(moves(*v, "W:Wb6,c7:Bh2") == sorted({"b6-a7", "c7-b8", "c7-d8"}));
        for (const auto& m : list) {
            CAPTURE(v->move_to_string(p, m));
            CHECK(m.promotion == (m.from == *v->topology().find("c7") ? 1 : tradgames::no_kind));
        }
    }
}
