// The draughts family: hand-derived rule positions for what distinguishes each descriptor
// variant (variants/<game>/RULES.md). Every expected list was derived from the rules before the
// program was run; the derivation is the comment above each case.
//
// Square numbers follow the generic PDN numbering of the descriptors (variants/<game>/RULES.md,
// notation section): dark squares counted from Black's side (the top rank), each rank from
// White's left. 10x10: a1 = 46, c3 = 37, d4 = 32, e5 = 28 ... b10 = 1. 8x8 standard: a1 = 29,
// c3 = 22, d4 = 18, e5 = 15, b8 = 1. 8x8 mirrored (Italian, Spanish; a1 light): b1 = 29,
// h1 = 32, b3 = 21, c4 = 18, e4 = 19, d5 = 14, e6 = 11, f7 = 7, a8 = 1.
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <algorithm>

#include "support/helpers.hpp"

using tgtest::moves;
using tgtest::sorted;
using tradgames::Duplicates;

namespace {

using tgtest::RuleCase;

void check_cases(const char* variant, const std::vector<RuleCase>& cases) {
    const auto v = tradgames::make_variant(variant);
    for (const RuleCase& c : cases) {
        CAPTURE(variant);
        CAPTURE(c.id);
        CHECK(moves(*v, c.fen) == sorted(c.expected));
        CHECK(tgtest::count(*v, c.fen, Duplicates::all_paths) == c.paths);
    }
}

/// The promotion field of every legal move of `fen`.
std::vector<tradgames::Kind> promotions(const char* variant, const char* fen) {
    const auto v = tradgames::make_variant(variant);
    const auto p = v->parse_position(fen);
    tradgames::MoveList list;
    v->generate(p, list);
    std::vector<tradgames::Kind> r;
    for (const auto& m : list) r.push_back(m.promotion);
    return r;
}

bool has_variant(const std::string& name) {
    const auto all = tradgames::list_variants();
    return std::any_of(all.begin(), all.end(), [&](const auto& i) { return i.name == name; });
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("international: backward man captures, majority, no promotion in passing") {
        check_cases(
            "international",
            {
                // White man e5 (28), Black man d4 (32) behind it: men capture backward, c3 (37)
                // is empty, capture is compulsory.
                {"white man captures backward", "W:W28:B32", {"28x37"}, 1},
                // Black man d6 (22), White man e7 (18) behind it (Black's forward is down):
                // Black captures backward up to f8 (13).
                {"black man captures backward", "B:W18:B22", {"22x13"}, 1},
                // King a1 (46) takes b2 (41) and may land on c3 (37) or d4 (32) only (own man
                // e5 blocks); from neither can it take again: 1 piece. Man e5 (28) takes f6
                // (23) to g7 (19), then h8 (14) to i9 (10): 2 pieces. Majority: the man only.
                {"majority: a man's 2 beat a king's 1", "W:WK46,28:B41,23,14", {"28x10"}, 1},
                // As above without h8, with Black c5 (27): the king lands on d4 and takes c5
                // to b6 (21) or a7 (16): 2 pieces; the man takes f6 only: 1 piece.
                {"majority: a king's 2 beat a man's 1", "W:WK46,28:B41,27,23", {"46x16", "46x21"},
                 2},
                // Man b8 (11) takes c9 (7) to d10 (2), on the promotion row, and must go on
                // (men capture backward) over e9 (8) to f8 (13): it ends as a man.
                {"passing the back row", "W:W11:B7,8", {"11x13"}, 1},
            });
        for (const auto k : promotions("international", "W:W11:B7,8")) {
            CHECK(k == tradgames::no_kind);
        }
    }

    TEST_CASE("brazilian: the international rules on 8x8") {
        check_cases(
            "brazilian",
            {
                // White man e5 (15) takes d4 (18) backward to c3 (22).
                {"white man captures backward", "W:W15:B18", {"15x22"}, 1},
                // Black man d6 (10) takes e7 (7) backward (upward) to f8 (3).
                {"black man captures backward", "B:W7:B10", {"10x3"}, 1},
                // King a1 (29) takes b2 (25), lands only on c3 (22) (own man d4 blocks), no
                // further capture: 1. Man d4 (18) takes e5 (15) to f6 (11), then g5 (16)
                // backward to h4 (20): 2. Majority: the man.
                {"majority: a man's 2 beat a king's 1", "W:WK29,18:B25,15,16", {"18x20"}, 1},
                // Without g5 and with Black b4 (17): the king lands on c3 and takes b4 to a5
                // (13): 2; the man takes e5 only: 1.
                {"majority: a king's 2 beat a man's 1", "W:WK29,18:B25,15,17", {"29x13"}, 1},
                // Man b6 (9) takes c7 (6) to d8 (2) and goes on over e7 (7) to f6 (11) as a man.
                {"passing the back row", "W:W9:B6,7", {"9x11"}, 1},
            });
        for (const auto k : promotions("brazilian", "W:W9:B6,7")) {
            CHECK(k == tradgames::no_kind);
        }
    }

    TEST_CASE("english: forward-only men, short kings, free choice") {
        check_cases(
            "english",
            {
                // White man d4 (18) with Black c3 (22) behind: no backward capture; quiet
                // steps to c5 (14) and e5 (15).
                {"white man does not capture backward", "W:W18:B22", {"18-14", "18-15"}, 2},
                // Black man e5 (15) with White d6 (10) behind (above): Black steps down to d4
                // (18) or f4 (19).
                {"black man does not capture backward", "B:W10:B15", {"15-18", "15-19"}, 2},
                // White d4 between Black c3 (behind) and e5 (ahead): only d4xf6 (11).
                {"white man captures forward", "W:W18:B15,22", {"18x11"}, 1},
                // Black e5 between White d6 (behind) and d4 (ahead, down): only e5xc3 (22).
                {"black man captures forward (down)", "B:W10,18:B15", {"15x22"}, 1},
                // King d4 (18): one step each way, c5 14, e5 15, c3 22, e3 23; Black f6 (11)
                // two squares away cannot be taken.
                {"short king moves one square", "W:WK18:B11", {"18-14", "18-15", "18-22", "18-23"},
                 4},
                // King d4 takes e5 (15) landing right behind on f6 (11) only, not g7.
                {"short king leaps short", "W:WK18:B15", {"18x11"}, 1},
                // Man c3 (22): over b4 (17) to a5 (13), 1 piece; or over d4 (18) to e5 and
                // over d6 (10) to c7 (6), 2 pieces. Free choice: both.
                {"free choice of capture", "W:W22:B17,18,10", {"22x13", "22x6"}, 2},
                // Man e3 (23) reaches e7 (7) by d4 (18)/c5 (14)/d6 (10) or by f4 (19)/g5 (16)/
                // f6 (11): two moves with the same ends, so their landings are written
                // (variants/english/RULES.md §9.2).
                {"ambiguous ends write the landings", "W:W23:B18,10,19,11", {"23x14x7", "23x16x7"},
                 2},
            });
    }

    TEST_CASE("pool: backward man captures, flying kings, free choice, promotion at the end") {
        check_cases(
            "pool",
            {
                {"white man captures backward", "W:W15:B18", {"15x22"}, 1},
                {"black man captures backward", "B:W7:B10", {"10x3"}, 1},
                // As in English: c3xa5 (1 piece) and c3xe5xc7 (2 pieces) are both legal; the
                // backward options on the way (from e5 over f4, from c7 over b6) are empty.
                {"free choice of capture", "W:W22:B17,18,10", {"22x13", "22x6"}, 2},
                // King a1 (29) takes b2 (25) and lands anywhere behind: c3 22, d4 18, e5 15,
                // f6 11, g7 8, h8 4.
                {"flying king, free landing", "W:WK29:B25",
                 {"29x22", "29x18", "29x15", "29x11", "29x8", "29x4"}, 6},
                // Man b6 (9) over c7 (6) to d8 (2), then as a man over e7 (7) to f6 (11): no
                // crowning in passing, so no king's long landings g5, h4.
                {"passing the back row", "W:W9:B6,7", {"9x11"}, 1},
            });
        for (const auto k : promotions("pool", "W:W9:B6,7")) CHECK(k == tradgames::no_kind);
    }

    TEST_CASE("russian contrast: crowned in passing, continues as a king") {
        // The pool position above: at d8 the man is crowned and takes e7 as a king, landing
        // anywhere behind it: f6, g5, h4.
        check_cases("russian", {{"crowned mid-capture", "W:Wb6:Bc7,e7",
                                 {"b6:d8:f6", "b6:d8:g5", "b6:d8:h4"}, 3}});
    }

    TEST_CASE("czech: forward-only men, a king's capture first") {
        check_cases(
            "czech",
            {
                {"white man does not capture backward", "W:Wd4:Bc3", {"d4-c5", "d4-e5"}, 2},
                {"black man does not capture backward", "B:Wd6:Be5", {"e5-d4", "e5-f4"}, 2},
                {"white man captures forward", "W:Wd4:Bc3,e5", {"d4:f6"}, 1},
                {"black man captures forward (down)", "B:Wd4,d6:Be5", {"e5:c3"}, 1},
                // King a1 takes b2 and lands on c3 only (own man d4), 1 piece; man d4 takes e5
                // to f6 and e7 to d8, 2 pieces. The king's capture comes first anyway.
                {"king's capture before a man's larger one", "W:WKa1,d4:Bb2,e5,e7", {"a1:c3"}, 1},
                // Among men's captures: free choice (c3:a5 takes 1, c3:e5:c7 takes 2).
                {"free choice among men", "W:Wc3:Bb4,d4,d6", {"c3:a5", "c3:e5:c7"}, 2},
            });
    }

    TEST_CASE("thai: forward-only men, king lands right behind, pieces leave at once") {
        check_cases(
            "thai",
            {
                {"white man does not capture backward", "W:Wd4:Bc3", {"d4-c5", "d4-e5"}, 2},
                {"white man captures forward", "W:Wd4:Bc3,e5", {"d4:f6"}, 1},
                {"black man captures forward (down)", "B:Wd4,d6:Be5", {"e5:c3"}, 1},
                // King a1 flies over b2, takes c3 and must land on d4, right behind it.
                {"king lands right behind", "W:WKa1:Bc3", {"a1:d4"}, 1},
                // King b2 takes c3 to d4 (forced). From d4: (A) c5 to b6, then back along
                // b6-c5-d4-e3: c5 has left the board, so it takes e3 to f2; (B) e3 to f2, then
                // back along f2-e3-d4-c5, crossing e3's empty square, takes c5 to b6. d4 is
                // crossed twice in both. 3 pieces each; free choice.
                {"captured squares may be crossed again", "W:WKb2:Bc3,e3,c5",
                 {"b2:d4:b6:f2", "b2:d4:f2:b6"}, 2},
            });
    }

    TEST_CASE("italian: men never take kings; precedence pieces, king, kings, earliest") {
        check_cases(
            "italian",
            {
                // White man c4 (18): Black b3 (21) behind, d5 (14) ahead: only c4xe6 (11).
                {"white man captures forward only", "W:W18:B14,21", {"18x11"}, 1},
                // Black man d5 (14): White e6 (11) behind (above), c4 (18) ahead: d5xb3 (21).
                {"black man captures forward (down) only", "B:W11,18:B14", {"14x21"}, 1},
                // White man c4 and Black king d5: no capture; the man steps to b5 (13).
                {"a man never captures a king", "W:W18:BK14", {"18-13"}, 1},
                // Black man d5 and White king c4 below it: the man steps to e4 (19) only.
                {"a black man never captures a king", "B:WK18:B14", {"14-19"}, 1},
                // A king takes a king: c4 (18) over d5 to e6 (11), short leap.
                {"a king captures a king", "W:WK18:BK14", {"18x11"}, 1},
                // Man b3 (21) takes c4 (18) to d5 and e6 (11) to f7 (7): 2 pieces. King h1 (32)
                // takes g2 (28) to f3 (23): 1 piece. Most pieces first.
                {"precedence 1: most pieces", "W:W21,K32:B18,11,28", {"21x7"}, 1},
                // Without e6: man b3xd5 (14) and king h1xf3 (23) take 1 each: the king's.
                {"precedence 2: capturing with a king", "W:W21,K32:B18,28", {"32x23"}, 1},
                // Kings b1 (29) and h1 (32): b1 takes the king c2 (26) to d3 (22), h1 the man
                // g2 (28) to f3 (23). 1 piece each, both with a king: the one taking a king.
                {"precedence 3: most kings", "W:WK29,K32:BK26,28", {"29x22"}, 1},
                // King e4 (19): (A) king f5 (15) to g6 (12), man f7 (7) to e8 (3); (B) man d5
                // (14) to c6 (10), king b7 (5) to a8 (1). 2 pieces, 1 king each: the king taken
                // first wins (A).
                {"precedence 4: earliest king", "W:WK19:BK15,7,14,K5", {"19x3"}, 1},
            });
    }

    TEST_CASE("spanish: flying kings, men take kings, precedence pieces then kings") {
        check_cases(
            "spanish",
            {
                {"white man captures forward only", "W:W18:B14,21", {"18x11"}, 1},
                {"black man captures forward (down) only", "B:W11,18:B14", {"14x21"}, 1},
                // Unlike Italian a man may take a king.
                {"a man captures a king", "W:W18:BK14", {"18x11"}, 1},
                // King h1 (32) takes g2 (28) and lands anywhere behind on the long diagonal:
                // f3 23, e4 19, d5 14, c6 10, b7 5, a8 1.
                {"flying king, free landing", "W:WK32:B28",
                 {"32x23", "32x19", "32x14", "32x10", "32x5", "32x1"}, 6},
                // Man b3 (21) takes c4 and e6 to f7 (7): 2. King h1 takes g2, lands f3 only (own
                // man e4 (19) blocks), nothing more: 1. Most pieces.
                {"precedence 1: most pieces", "W:W21,19,K32:B18,11,28", {"21x7"}, 1},
                // Man b3 takes the king c4 to d5 (14): 1 piece, 1 king; king h1 takes the man
                // g2: 1 piece, 0 kings. Most kings: the man's (no king-first step in Spanish).
                {"precedence 2: most kings", "W:W21,19,K32:BK18,28", {"21x14"}, 1},
            });
    }

    TEST_CASE("canadian: majority on 12x12 (128-vertex builds)") {
        if (!has_variant("canadian")) {
            MESSAGE("canadian is not built (64-vertex build): nothing to check");
            return;
        }
        // 12x12: 6 dark squares a row; a1 = 67, b2 = 61, c3 = 56, d4 = 50, e5 = 45, f6 = 39,
        // g7 = 34, h8 = 28, i9 = 23 (counted as for 10x10).
        // King a1 takes b2, lands c3 or d4 (own man e5 blocks), 1; man e5 takes f6 to g7 and
        // h8 to i9: 2. Majority: the man.
        check_cases("canadian", {{"majority: man's 2 beat king's 1", "W:WK67,45:B61,39,28",
                                  {"45x23"}, 1}});
    }
}
