// Tobit: every test position of variants/tobit/RULES.md §7 (T1-T8, T10, T11, T14, T16-T20, T22,
// T24) with its exact legal move list, under default options and under the option values the
// section names. Expected lists are copied from variants/tobit/RULES.md §7; where the original
// research's U list differed, the case says why (T14).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/helpers.hpp"
#include "variants/tobit/support.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/random.hpp"

using tgtest::moves;
using tgtest::sorted;
using tradgames::Duplicates;
using tradgames::make_variant;

namespace {

struct RuleCase {
    const char* id;
    const char* variant;
    std::vector<std::string> options;
    const char* fen;  // "" = initial position
    std::vector<std::string> expected;
};

// Position strings: W = White huls, KW = White tobits (K prefix), B / KB likewise.
const std::vector<RuleCase> cases = {
    {"T1 initial position", "tobit", {}, "",
     {"7-14", "8-15", "9-16", "10-17", "11-18"}},
    {"T1 mirror: Black to move in the initial position", "tobit", {}, "B:W1-12:B27-38",
     {"28-21", "29-22", "30-23", "31-24", "32-25"}},
    {"T2 after 1. 9-16, no contact", "tobit", {}, "B:W1-8,10-12,16:B27-38",
     {"28-21", "29-22", "30-23", "31-24", "32-25"}},
    {"T3 compulsory capture onto the vacated 30", "tobit", {}, "W:W1-8,10-12,16:B23,27-29,31-38",
     {"16:30"}},
    {"T4 Black recaptures 36:23", "tobit", {}, "B:W1-8,10-12,30:B27-29,31-38", {"36:23"}},
    {"T5 hul captures in all four directions, onto line ends", "tobit", {}, "W:W15:B8,14,16,22",
     {"15:2", "15:13", "15:17", "15:29"}},
    {"T6 free choice of target, no majority", "tobit", {}, "W:W16:B23,31,K17",
     {"16:18", "16:30:32"}},
    {"T6 majority_capture=true", "tobit", {"majority_capture=true"}, "W:W16:B23,31,K17",
     {"16:30:32"}},
    {"T7a seed example 8:22", "tobit", {}, "W:W8:B15", {"8:22"}},
    {"T7b seed example 7:21:23:36", "tobit", {}, "W:W7:B14,22,30", {"7:21:23:36"}},
    {"T8 branching and a straight double jump", "tobit", {}, "W:W8:B15,21,23,29",
     {"8:22:20", "8:22:24", "8:35"}},
    {"T10 tobit quiet moves", "tobit", {}, "W:WK22,24:B38",
     {"22-29", "22-35", "22-15", "22-8", "22-2", "22-21", "22-20", "22-23", "24-31", "24-23",
      "24-25"}},
    {"T11 flying capture, choice of landing", "tobit", {}, "W:WK7:B21", {"7:28", "7:34"}},
    {"T11 tobit_capture=flying_adjacent_landing", "tobit",
     {"tobit_capture=flying_adjacent_landing"}, "W:WK7:B21", {"7:28"}},
    {"T11 tobit_capture=short: no capture, the tobit still moves far", "tobit",
     {"tobit_capture=short"}, "W:WK7:B21",
     {"7-1", "7-6", "7-8", "7-9", "7-10", "7-11", "7-12", "7-14"}},
    {"T14 end-of-move removal: captured pieces block", "tobit", {}, "W:WK15:B14,17",
     {"15:13", "15:18", "15:19"}},
    {"T14 removal=immediate, no_180_turn", "tobit", {"removal=immediate", "no_180_turn=true"},
     "W:WK15:B14,17", {"15:13", "15:18", "15:19"}},
    {"T16 a tobit cannot jump its own hul; compulsory capture", "tobit", {}, "W:WK7,14:B21",
     {"14:28"}},
    {"T17 a tobit cannot jump two pieces in a row", "tobit", {}, "W:WK7,12:B21,28",
     {"7-1", "7-6", "7-8", "7-9", "7-10", "7-11", "7-14", "12-11"}},
    {"T18 long-range compulsory capture", "tobit", {}, "W:WK2,11:B29", {"2:35"}},
    {"T19 White promotes by a quiet move", "tobit", {}, "W:W31:B9",
     {"31-30", "31-32", "31-37"}},
    {"T19 Black promotes by a quiet move", "tobit", {}, "B:W31:B9", {"9-3", "9-8", "9-10"}},
    {"T20a line-end mobility", "tobit", {}, "W:W1,13:B38", {"1-7", "13-14"}},
    {"T20b a piece on a line end cannot be captured", "tobit", {}, "W:W21:B20",
     {"21-22", "21-28"}},
    {"T20b a piece on a line end captures outward", "tobit", {}, "B:W21:B20", {"20:22"}},
    {"T20c a tobit cannot capture pieces on line ends", "tobit", {}, "W:WK22:B20,35",
     {"22-2", "22-8", "22-15", "22-21", "22-23", "22-24", "22-25", "22-26", "22-29"}},
    {"T22 blocked side has no move (E1: it loses)", "tobit", {}, "B:W21,22:B20", {}},
    {"T24 4x4 initial position", "tobit-4x4", {}, "", {"6-12", "7-13", "8-14", "9-15"}},
    {"T24 4x4 mirror for Black", "tobit-4x4", {}, "B:W1-10:B23-32",
     {"24-18", "25-19", "26-20", "27-21"}},
};

}  // namespace

TEST_SUITE("tobit") {
    TEST_CASE("variants/tobit/RULES.md §7: rule positions with their exact move lists") {
        for (const RuleCase& c : cases) {
            CAPTURE(c.id);
            const auto v = make_variant(c.variant, c.options);
            CHECK(moves(*v, c.fen) == sorted(c.expected));
            // No duplicate capture occurs in these positions: P lists the same moves.
            CHECK(moves(*v, c.fen, Duplicates::all_paths) == sorted(c.expected));
        }
    }

    TEST_CASE("T14 removal=immediate: U merges the two paths that end alike") {
        // variants/tobit/RULES.md T14 and §10.1: the original rules research listed 4 moves for
        // removal=immediate and called the list U. 15:18:13 and 15:19:13 start on 15, end on 13
        // and take {14, 17}: one resulting position, so by the U identity of §6.4 they are one
        // move, written with the lexicographically smaller landing sequence (18 before 19). The
        // research's 4 moves are the P list (every path); its note "de-duplicate by compressed
        // notation" counts the same way, which suggests its reference generator used that rule.
        const auto v = make_variant("tobit", {"removal=immediate"});
        CHECK(moves(*v, "W:WK15:B14,17", Duplicates::all_paths) ==
              sorted({"15:13:18", "15:13:19", "15:18:13", "15:19:13"}));
        CHECK(moves(*v, "W:WK15:B14,17") == sorted({"15:13:18", "15:13:19", "15:18:13"}));
    }

    TEST_CASE("promotion is recorded on the move (T7b, T8, T19)") {
        const auto v = make_variant("tobit");
        struct Row { const char* fen; const char* move; bool promotes; };
        const Row rows[] = {
            {"W:W7:B14,22,30", "7:21:23:36", true}, {"W:W8:B15,21,23,29", "8:35", true},
            {"W:W8:B15,21,23,29", "8:22:24", false}, {"W:W31:B9", "31-37", true},
            {"W:W31:B9", "31-32", false},           {"B:W31:B9", "9-3", true},
            {"B:W31:B9", "9-8", false},
        };
        for (const Row& r : rows) {
            CAPTURE(r.move);
            tradgames::Position p = v->parse_position(r.fen);
            const tradgames::Move m = v->parse_move(p, r.move);
            CHECK(m.promotion == (r.promotes ? tradgames::tobit::tobit : tradgames::no_kind));
            tradgames::Undo u;
            v->make_move(p, m, u);
            CHECK(p.at(m.to).kind() == (r.promotes ? tradgames::tobit::tobit
                                                   : tradgames::tobit::hul));
        }
    }

    TEST_CASE("R12 promote_continue: a hul crowned in mid-capture under immediate removal") {
        // Hand derivation (R6, R11, R12). White hul 23, Black huls 30 and 16.
        // Default: 23 jumps 30 onto 36 (promotion point); 30 stays until the move ends, so the
        // new tobit cannot go back down L3: "23:36". Or 23 jumps 16 backwards onto 9, where
        // nothing more is adjacent: "23:9".
        const char* fen = "W:W23:B30,16";
        CHECK(moves(*make_variant("tobit"), fen) == sorted({"23:36", "23:9"}));
        // Immediate removal: 30 vanishes, the tobit on 36 flies down L3 through 30 and the
        // empty start 23, jumps 16 and lands on 9 or 3; from neither can it capture again.
        CHECK(moves(*make_variant("tobit", {"removal=immediate"}), fen) ==
              sorted({"23:36:9", "23:36:3", "23:9"}));
        // promote_continue=false: the hul stops on 36 (as a hul it has nothing to jump) and is
        // crowned at the end of the move.
        CHECK(moves(*make_variant("tobit", {"removal=immediate", "promote_continue=false"}),
                    fen) == sorted({"23:36", "23:9"}));
        // no_180_turn: going back down L3 after jumping up it is a reversal.
        CHECK(moves(*make_variant("tobit", {"removal=immediate", "no_180_turn=true"}), fen) ==
              sorted({"23:36", "23:9"}));
    }

    TEST_CASE("A7 tobit_reverts_off_back_row") {
        using tradgames::tobit::hul;
        const auto plain = make_variant("tobit");
        const auto reverting = make_variant("tobit", {"tobit_reverts_off_back_row=true"});
        auto kind_after = [](const tradgames::Variant& v, const char* fen, const char* move) {
            tradgames::Position p = v.parse_position(fen);
            const tradgames::Move m = v.parse_move(p, move);
            tradgames::Undo u;
            v.make_move(p, m, u);
            return p.at(m.to).kind();
        };
        // The option changes kinds, not the move list.
        for (const char* fen : {"W:WK22:B30", "W:WK22:B29", "W:WK28:B29"}) {
            CAPTURE(fen);
            CHECK(moves(*plain, fen) == moves(*reverting, fen));
        }
        // Quiet: 22-35 ends on a promotion point and stays a tobit; 22-29 ends off the row.
        CHECK(kind_after(*reverting, "W:WK22:B30", "22-35") == tradgames::tobit::tobit);
        CHECK(kind_after(*reverting, "W:WK22:B30", "22-29") == hul);
        CHECK(kind_after(*plain, "W:WK22:B30", "22-29") == tradgames::tobit::tobit);
        // Capture: 22:35 ends on a promotion point; 28:31 (over 29, along H4) does not.
        CHECK(kind_after(*reverting, "W:WK22:B29", "22:35") == tradgames::tobit::tobit);
        CHECK(kind_after(*reverting, "W:WK28:B29", "28:31") == hul);
        // Black's promotion points are 1-5.
        CHECK(kind_after(*reverting, "B:W20:BK9", "9-3") == tradgames::tobit::tobit);
        CHECK(kind_after(*reverting, "B:W20:BK9", "9-16") == hul);
        // Crowned in mid-capture (removal=immediate, see R12 above) and ending off the row:
        // the move ends with a hul (variants/tobit/RULES.md §9.2 D1).
        const auto both = make_variant(
            "tobit", {"removal=immediate", "tobit_reverts_off_back_row=true"});
        CHECK(moves(*both, "W:W23:B30,16") == sorted({"23:36:9", "23:36:3", "23:9"}));
        CHECK(kind_after(*both, "W:W23:B30,16", "23:36:9") == hul);
    }

    TEST_CASE("R9: a tobit must land where the capture continues") {
        // Hand derivation (R7, R9). White tobit 7, Black huls 21 and 30. Up L1 the tobit jumps
        // 21 and could land on 28 or 34. From 28 it can jump 30 along H4; from 34 nothing (its
        // only line leads back over the captured 21), so it must land on 28. Over 30 it lands
        // on 31, 32 or 33, and from none of them is there anything left to take.
        const char* fen = "W:WK7:B21,30";
        CHECK(moves(*make_variant("tobit"), fen) == sorted({"7:28:31", "7:28:32", "7:28:33"}));
        // flying_adjacent_landing (A1 b): the landing is always right behind the victim.
        CHECK(moves(*make_variant("tobit", {"tobit_capture=flying_adjacent_landing"}), fen) ==
              sorted({"7:28:31"}));
        // short (A1 c): 21 is not adjacent to 7, so there is no capture at all; the tobit's
        // quiet moves: 1, 6, 8-12, 14 (21 blocks the way up).
        CHECK(moves(*make_variant("tobit", {"tobit_capture=short"}), fen) ==
              sorted({"7-1", "7-6", "7-8", "7-9", "7-10", "7-11", "7-12", "7-14"}));
    }

    TEST_CASE("R5/R8: a loop through the start point (variants/tobit/RULES.md §6.4 example)") {
        // Hand derivation. White hul 15, Black huls 14, 16, 22, 24, 30. Going right first:
        // 15 over 16 to 17, over 24 to 31, over 30 to 29, over 22 back to the empty 15, over
        // 14 to 13: "15:17:31:29:15:13". Going up first: 15 over 22 to 29, over 30 to 31, over
        // 24 to 17, over 16 to 15 and straight on over 14 to 13: "15:29:31:17:13" (15 is not a
        // turning point). Both take all five and end on 13: one U move, written with the
        // smaller landing sequence (17 < 29). Going left: 15:13 and the sequence is over.
        const auto v = make_variant("tobit");
        const char* fen = "W:W15:B14,16,22,24,30";
        CHECK(moves(*v, fen) == sorted({"15:13", "15:17:31:29:15:13"}));
        CHECK(moves(*v, fen, Duplicates::all_paths) ==
              sorted({"15:13", "15:17:31:29:15:13", "15:29:31:17:13"}));
    }

    TEST_CASE("R11 lemma: for huls the removal timing does not matter") {
        // variants/tobit/RULES.md R11: with huls only, end-of-move and immediate removal
        // (promote_continue off) give identical move sets, because a hul never lands on a captured
        // point. Checked here on random hul-only positions of both boards.
        for (const char* name : {"tobit", "tobit-4x4"}) {
            CAPTURE(name);
            const auto end_of_move = make_variant(name);
            const auto immediate =
                make_variant(name, {"removal=immediate", "promote_continue=false"});
            const tradgames::Topology& t = end_of_move->topology();
            const tradgames::Mask promo[2] = {t.zone_mask(tradgames::tobit::white_promotion),
                                              t.zone_mask(tradgames::tobit::black_promotion)};
            tradgames::Rng rng(11);
            int captures = 0;
            for (int i = 0; i < 3000; ++i) {
                tradgames::Position p;
                int placed[2] = {0, 0};
                for (tradgames::Vertex v = 0; v < t.size(); ++v) {
                    const auto roll = rng.below(8);  // about 3/8 of the points occupied
                    if (roll >= 3) continue;
                    const auto c = roll == 0 ? tradgames::Color::white : tradgames::Color::black;
                    if (tradgames::has(promo[index(c)], v) || placed[index(c)] == 10) continue;
                    ++placed[index(c)];
                    p.put(v, tradgames::Piece(c, tradgames::tobit::hul));
                }
                if (rng.below(2) == 1) p.flip_side();
                const std::string fen = end_of_move->position_to_string(p);
                CAPTURE(fen);
                const auto list = moves(*end_of_move, fen, Duplicates::all_paths);
                CHECK(moves(*immediate, fen, Duplicates::all_paths) == list);
                if (!list.empty() && list.front().find(':') != std::string::npos) ++captures;
            }
            CHECK(captures > 1000);  // the sample is rich in captures
        }
    }

    TEST_CASE("E1: a side without pieces has no move") {
        const auto v = make_variant("tobit");
        CHECK(moves(*v, "B:W7:B").empty());
        CHECK(moves(*v, "W:W:B30").empty());
    }
}
