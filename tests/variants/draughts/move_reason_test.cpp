// Moves explained (issue 27): for every draughts game, each reason a move text can be refused
// for, with the exact legal alternatives and the RULES.md section, from positions built by hand
// from variants/<game>/RULES.md (the derivation is the comment of each case). The same answer
// comes back as the IllegalMoveError of parse_move (reason(), rule(), legal()).
//
// Squares: 8x8 numeric (english, pool, brazilian): b8 = 1 ... a1 = 29, c3 = 22, d4 = 18,
// b2 = 25, b4 = 17, e5 = 15, f6 = 11, g7 = 8. 8x8 turned (italian, spanish; a1 light): a8 = 1,
// b1 = 29, d1 = 30, h1 = 32, c2 = 26, g2 = 28, d3 = 22, f3 = 23, c4 = 18, e4 = 19, b5 = 13, d5 = 14, c6 = 10, d7 = 6.
// 10x10 (international, frisian): a1 = 46, b2 = 41, c3 = 37, d4 = 32, c5 = 27, e5 = 28,
// f6 = 23, g7 = 19, h8 = 14, d6 = 22, e1 = 48, d2 = 42. Algebraic names elsewhere.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/explain.hpp"
#include "tradgames/registry.hpp"
#include "variants/move_reason_check.hpp"

using namespace tradgames;
using tradgames::test::check_reasons;
using tradgames::test::ReasonCase;
using tradgames::test::sorted;

namespace {

using R = MoveReason;

/// Whether this build makes the game (canadian needs a 128-vertex build).
bool builds(const char* game) {
    try {
        (void)make_variant(game);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("moves explained: a legal text") {
        const auto v = make_variant("russian");
        const MoveExplanation e = v->explain_move(v->initial_position(), "c3-d4");
        CHECK(e.legal);
        CHECK(e.reason == R::legal);
        REQUIRE(e.move.has_value());
        CHECK(v->move_to_string(v->initial_position(), *e.move) == "c3-d4");
        CHECK(e.alternative_texts == std::vector<std::string>{"c3-d4"});
        CHECK(e.rule.empty());
    }

    TEST_CASE("moves explained: russian") {
        check_reasons(
            "russian",
            {
                // White man c3, Black man h8: c3 steps to b4 or d4 (§1.3).
                {"W:Wc3:Bh8", "c3-z9", R::not_a_move, {"c3-b4", "c3-d4"}, "§2.1"},
                {"W:Wc3:Bh8", "d4-e5", R::empty_square, {"c3-b4", "c3-d4"}, "§1.3"},
                {"W:Wc3:Bh8", "h8-g7", R::wrong_piece, {"c3-b4", "c3-d4"}, "§1.3"},
                {"W:Wc3:Bh8", "c3-b2", R::man_backward, {"c3-b4", "c3-d4"}, "§1.3"},
                {"W:Wc3:Bh8", "c3-c5", R::no_such_move, {"c3-b4", "c3-d4"}, "§1.3"},
                // d4 is White's own: c3-d4 is blocked, c3-b4 is the man's move (d4's own moves
                // are not the piece's).
                {"W:Wc3,d4:Bh8", "c3-d4", R::blocked, {"c3-b4"}, "§1.3"},
                // Black d4 in front of c3, e5 empty: c3:e5 is compulsory (§1.4).
                {"W:Wc3,g1:Bd4", "g1-h2", R::capture_compulsory, {"c3:e5"}, "§1.4"},
                // After c3:e5 the man jumps f6 to g7: the capture goes on (§1.4; a man's
                // landings are written, §2.1).
                {"W:Wc3:Bd4,f6", "c3:e5", R::must_continue, {"c3:e5:g7"}, "§1.4"},
                // a1 is hemmed in: b2 taken by Black, c3 behind it too (§1.5: no move, lost).
                {"W:Wa1:Bb2,c3", "a1-b2", R::no_legal_move, {}, "§1.5"},
            });
    }

    TEST_CASE("moves explained: czech") {
        check_reasons(
            "czech",
            {
                {"W:Wc3:Bh8", "d4-e5", R::empty_square, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3:Bh8", "h8-g7", R::wrong_piece, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3:Bh8", "c3-b2", R::man_backward, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3,d4:Bh8", "c3-d4", R::blocked, {"c3-b4"}, "§4"},
                {"W:Wc3:Bh8", "c3-c5", R::no_such_move, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3:Bh8", "c3-", R::not_a_move, {"c3-b4", "c3-d4"}, "§9"},
                {"W:Wc3,g1:Bd4", "g1-h2", R::capture_compulsory, {"c3:e5"}, "§5"},
                {"W:Wc3:Bd4,f6", "c3:e5", R::must_continue, {"c3:e5:g7"}, "§5"},
                {"W:Wa1:Bb2,c3", "a1-b2", R::no_legal_move, {}, "§8"},
                // §6.1: the king a1 can take b2 (landing c3); the man d4 could take two (e5,
                // e7, to d8): the king must capture.
                {"W:WKa1,d4:Bb2,e5,e7", "d4:f6:d8", R::king_first, {"a1:c3"}, "§6"},
            });
    }

    TEST_CASE("moves explained: thai") {
        check_reasons(
            "thai",
            {
                {"W:Wc3:Bh8", "d4-e5", R::empty_square, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3:Bh8", "h8-g7", R::wrong_piece, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3:Bh8", "c3-b2", R::man_backward, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3,d4:Bh8", "c3-d4", R::blocked, {"c3-b4"}, "§4"},
                {"W:Wc3:Bh8", "c3-c5", R::no_such_move, {"c3-b4", "c3-d4"}, "§4"},
                {"W:Wc3:Bh8", "c3-x", R::not_a_move, {"c3-b4", "c3-d4"}, "§9"},
                {"W:Wc3,g1:Bd4", "g1-h2", R::capture_compulsory, {"c3:e5"}, "§5"},
                {"W:Wc3:Bd4,f6", "c3:e5", R::must_continue, {"c3:e5:g7"}, "§5"},
                {"W:Wa1:Bb2,c3", "a1-b2", R::no_legal_move, {}, "§8"},
            });
    }

    TEST_CASE("moves explained: english, pool, brazilian (8x8 numbered)") {
        for (const char* game : {"english", "pool", "brazilian"}) {
            check_reasons(
                game,
                {
                    // White man c3 (22), Black man h8 (4): 22-17 and 22-18.
                    {"W:W22:B4", "22-99", R::not_a_move, {"22-17", "22-18"}, "§9"},
                    {"W:W22:B4", "18-14", R::empty_square, {"22-17", "22-18"}, "§4"},
                    {"W:W22:B4", "4-8", R::wrong_piece, {"22-17", "22-18"}, "§4"},
                    {"W:W22:B4", "22-25", R::man_backward, {"22-17", "22-18"}, "§4"},
                    {"W:W22:B4", "22-13", R::no_such_move, {"22-17", "22-18"}, "§4"},
                    {"W:W22,18:B4", "22-18", R::blocked, {"22-17"}, "§4"},
                    // Black d4 (18) before c3, e5 (15) empty: 22x15 is compulsory.
                    {"W:W22,30:B18", "30-26", R::capture_compulsory, {"22x15"}, "§5"},
                    // ... and then f6 (11) to g7 (8): the capture goes on.
                    {"W:W22:B18,11", "22x15", R::must_continue, {"22x8"}, "§5"},
                    // a1 (29) hemmed in by b2 (25) and c3 (22).
                    {"W:W29:B25,22", "29-25", R::no_legal_move, {}, "§8"},
                });
        }
        // english §9.2: 23x7 names two captures with different victims.
        check_reasons("english", {{"W:W23:B18,10,19,11", "23x7", R::ambiguous, {"23x14x7", "23x16x7"}, "§9"}});
        // brazilian §6: the king a1 (29) takes one (b2), the man d4 (18) two: the majority rule.
        check_reasons("brazilian", {{"W:WK29,18:B25,15,16", "29x22", R::majority, {"18x20"}, "§6"}});
    }

    TEST_CASE("moves explained: italian") {
        check_reasons(
            "italian",
            {
                // White man d3 (22), Black man a8 (1): 22-18 (c4) and 22-19 (e4).
                {"W:W22:B1", "22-99", R::not_a_move, {"22-18", "22-19"}, "§9"},
                {"W:W22:B1", "18-14", R::empty_square, {"22-18", "22-19"}, "§4"},
                {"W:W22:B1", "1-5", R::wrong_piece, {"22-18", "22-19"}, "§4"},
                {"W:W22:B1", "22-26", R::man_backward, {"22-18", "22-19"}, "§4"},
                {"W:W22:B1", "22-14", R::no_such_move, {"22-18", "22-19"}, "§4"},
                {"W:W22,18:B1", "22-18", R::blocked, {"22-19"}, "§4"},
                // Black c4 (18) before d3, b5 (13) empty: 22x13 is compulsory.
                {"W:W22,30:B18", "30-26", R::capture_compulsory, {"22x13"}, "§5"},
                // ... then c6 (10) to d7 (6).
                {"W:W22:B18,10", "22x13", R::must_continue, {"22x6"}, "§5"},
                // §5.2: a man never captures a king: c4 (18) may not take the king d5 (14).
                {"W:W18:BK14", "18x11", R::forbidden_victim, {"18-13"}, "§5"},
                // §6.1 most pieces: the man b3 (21) takes two (c4, e6: 21x7), the king h1 (32)
                // one (g2).
                {"W:W21,K32:B18,11,28", "32x23", R::majority, {"21x7"}, "§6"},
                // §6.2 one piece each: the king's capture comes first.
                {"W:W21,K32:B18,28", "21x14", R::king_first, {"32x23"}, "§6"},
                // §6.3 two kings capture one piece each: the one taking a king comes first.
                {"W:WK29,K32:BK26,28", "32x23", R::quality, {"29x22"}, "§6"},
                // The corner h1 (32) hemmed in by g2 (28) and f3 (23).
                {"W:W32:B28,23", "32-28", R::no_legal_move, {}, "§8"},
            });
    }

    TEST_CASE("moves explained: spanish") {
        check_reasons(
            "spanish",
            {
                {"W:W22:B1", "18-14", R::empty_square, {"22-18", "22-19"}, "§4"},
                {"W:W22:B1", "1-5", R::wrong_piece, {"22-18", "22-19"}, "§4"},
                {"W:W22:B1", "22-26", R::man_backward, {"22-18", "22-19"}, "§4"},
                {"W:W22:B1", "22-14", R::no_such_move, {"22-18", "22-19"}, "§4"},
                {"W:W22,18:B1", "22-18", R::blocked, {"22-19"}, "§4"},
                {"W:W22:B1", "22x", R::not_a_move, {"22-18", "22-19"}, "§9"},
                {"W:W22,30:B18", "30-26", R::capture_compulsory, {"22x13"}, "§5"},
                {"W:W22:B18,10", "22x13", R::must_continue, {"22x6"}, "§5"},
                {"W:W32:B28,23", "32-28", R::no_legal_move, {}, "§8"},
                // §6.1: the man b3 (21) takes two, the flying king h1 (32) one.
                {"W:W21,19,K32:B18,11,28", "32x23", R::majority, {"21x7"}, "§6"},
                // §6.2: one piece each; the man's capture of the king c4 (18) comes first.
                {"W:W21,19,K32:BK18,28", "32x23", R::quality, {"21x14"}, "§6"},
            });
    }

    TEST_CASE("moves explained: international, canadian-style majority, frisian") {
        for (const char* game : {"international", "frisian"}) {
            check_reasons(
                game,
                {
                    // White man d4 (32), Black man b10 (1): 32-27 and 32-28.
                    {"W:W32:B1", "32-99", R::not_a_move, {"32-27", "32-28"}, game[0] == 'f' ? "§1" : "§9"},
                    {"W:W32:B1", "33-29", R::empty_square, {"32-27", "32-28"}, game[0] == 'f' ? "§2" : "§4"},
                    {"W:W32:B1", "1-6", R::wrong_piece, {"32-27", "32-28"}, game[0] == 'f' ? "§2" : "§4"},
                    {"W:W32:B1", "32-37", R::man_backward, {"32-27", "32-28"}, game[0] == 'f' ? "§2" : "§4"},
                    {"W:W32:B1", "32-21", R::no_such_move, {"32-27", "32-28"}, game[0] == 'f' ? "§2" : "§4"},
                    {"W:W32,27:B1", "32-27", R::blocked, {"32-28"}, game[0] == 'f' ? "§2" : "§4"},
                    // Black e5 (28) before d4, f6 (23) empty: 32x23 is compulsory.
                    {"W:W32,47:B28", "47-42", R::capture_compulsory, {"32x23"}, game[0] == 'f' ? "§3" : "§5"},
                    // ... then g7 (19) to h8 (14).
                    {"W:W32:B28,19", "32x23", R::must_continue, {"32x14"}, game[0] == 'f' ? "§3" : "§5"},
                    // a1 (46) hemmed in: b2 (41), c3 (37); nothing along the rank or file.
                    {"W:W46:B41,37", "46-41", R::no_legal_move, {}, game[0] == 'f' ? "§5" : "§8"},
                });
        }
        // international §6.1: the man e5 (28) takes two (d6... to 10), the king a1 (46) one.
        check_reasons("international", {{"W:WK46,28:B41,23,14", "46x37", R::majority, {"28x10"}, "§6"}});
        // frisian §4.1: the man e5 may take the king d6 (to c7 = 17) or the man f6 (to g7 = 19):
        // the king is worth more.
        check_reasons("frisian", {{"W:W28:BK22,23", "28x19", R::quality, {"28x17"}, "§4"}});
        // frisian §4.2: one man each; the king a1's capture comes first.
        check_reasons("frisian", {{"W:WK46,28:B23,37", "28x19", R::king_first, {"46x32"}, "§4"}});
        // frisian §2.3: the king b2 (41) has made three moves in a row; the man a3 must move.
        check_reasons("frisian", {{"W:W36,K41:B8,12:L41=3", "41-37", R::king_move_limit, {"36-31"}, "§2.3"}});
    }

    TEST_CASE("moves explained: turkish") {
        check_reasons(
            "turkish",
            {
                // §4: the man d4 steps to c4, d5 or e4, never back.
                {"W:Wd4:BKh8", "d4-d3", R::man_backward, {"d4-c4", "d4-d5", "d4-e4"}, "§4-5"},
                {"W:Wd4:BKh8", "d4-e5", R::no_such_move, {"d4-c4", "d4-d5", "d4-e4"}, "§4-5"},
                {"W:Wd4:BKh8", "e4-e5", R::empty_square, {"d4-c4", "d4-d5", "d4-e4"}, "§4-5"},
                {"W:Wd4:BKh8", "h8-h7", R::wrong_piece, {"d4-c4", "d4-d5", "d4-e4"}, "§4-5"},
                {"W:Wd4:BKh8", "d4-d9", R::not_a_move, {"d4-c4", "d4-d5", "d4-e4"}, "§13"},
                {"W:Wd4,d5:BKh8", "d4-d5", R::blocked, {"d4-c4", "d4-e4"}, "§4-5"},
                // §9: d5 before d4, d6 empty: d4xd6 is compulsory.
                {"W:Wd4,a1:Bd5", "a1-a2", R::capture_compulsory, {"d4xd6"}, "§9"},
                // §9: b2xb4, then b5 to b6: the sequence goes on.
                {"W:Wb2:Bb3,b5", "b2xb4", R::must_continue, {"b2xb4xb6"}, "§9"},
                // §10: d4xb4 takes one (c4); d4xd6xb6 takes two (d5, c6).
                {"W:Wd4:Bd5,c4,c6", "d4xb4", R::majority, {"d4xd6xb6"}, "§10"},
                // a1 boxed in: Black kings on a2 and b1, a3 and c1 behind them.
                {"W:Wa1:BKa2,Kb1,Ka3,Kc1", "a1-a2", R::no_legal_move, {}, "§12"},
            });
    }

    TEST_CASE("moves explained: tobit") {
        // variants/tobit/RULES.md §7: T1 (the initial position: 7-14 ... 11-18), T3 (16:30 is
        // compulsory), T22 (Black's 20 is blocked: no move); R2: a hul never steps backward
        // (7 to White's own line end 1).
        const char* start = "W:W1,2,3,4,5,6,7,8,9,10,11,12:B27,28,29,30,31,32,33,34,35,36,37,38";
        const std::vector<std::string> t1{"7-14", "8-15", "9-16", "10-17", "11-18"};
        check_reasons(
            "tobit",
            {
                {start, "13-20", R::empty_square, t1, "§3"},
                {start, "27-20", R::wrong_piece, t1, "§3"},
                {start, "7-99", R::not_a_move, t1, "§6.4"},
                {start, "7-1", R::man_backward, {"7-14"}, "§3"},
                {"W:W1,2,3,4,5,6,7,8,10,11,12,16:B23,27,28,29,31,32,33,34,35,36,37,38", "16-17",
                 R::capture_compulsory, {"16:30"}, "§4"},
                {"B:W21,22:B20", "20-21", R::no_legal_move, {}, "§6.2"},
            });
    }

    TEST_CASE("moves explained: a capture cut short, inside a legal capture or a refused one") {
        // international §5-6: the man d4 (32) has two captures: over c5 (27) to b6 (21), over
        // c7 (17) to d8 (12), 2 pieces; over e5 (28) to f6 (23), over g7 (19) to h8 (14), over
        // i9 (10) to j10 (5), 3 pieces (crowned there, the end of the move). Nothing else: the
        // squares beyond every other neighbour hold no Black man. The majority rule keeps 32x5.
        check_reasons("international",
                      {
                          // Cut inside the legal capture: it must go on.
                          {"W:W32:B27,17,28,19,10", "32x23", R::must_continue, {"32x5"}, "§5"},
                          {"W:W32:B27,17,28,19,10", "32x14", R::must_continue, {"32x5"}, "§5"},
                          // The 2-piece capture whole, and cut after its first jump: going on
                          // would not help, the majority rule refuses it.
                          {"W:W32:B27,17,28,19,10", "32x12", R::majority, {"32x5"}, "§6"},
                          {"W:W32:B27,17,28,19,10", "32x21", R::majority, {"32x5"}, "§6"},
                      });
        // czech §6.1: the king a1 can take b2 (landing c3); the man d4's capture d4:f6:d8, cut
        // after its first jump, is refused by the king-first rule, not by the continuation.
        check_reasons("czech", {{"W:WKa1,d4:Bb2,e5,e7", "d4:f6", R::king_first, {"a1:c3"}, "§6"}});
    }

    TEST_CASE("moves explained: ambiguous captures in every game") {
        // A capture text that writes only its ends (every game reads that form: russian §2.1,
        // turkish §13, tobit §6.4, the numbered games' §9) is ambiguous when two legal captures
        // share both ends but take different pieces. Each position below is a "diamond": two
        // routes between the same squares, each taking its own pieces. The alternatives are
        // the two routes with every landing written (the form the notation uses when the ends
        // alone cannot tell them apart).
        //
        // Men capturing backward too (russian, pool, brazilian, international, frisian,
        // canadian): a diamond alone would close into a loop (route A, then route B backward,
        // back to the start), so both routes share a tail of two more jumps and end away from
        // the start. White man a3, Black men b4, d4 (route A: a3-c5-e3), b2, d2 (route B:
        // a3-c1-e3), f4, f6 (tail e3-g5-e7). Maximal captures: a3-c5-e3-c1-a3 (4 pieces, the
        // loop), a3-c5-e3-g5-e7 and a3-c1-e3-g5-e7 (4 each); every one takes 4, so the majority
        // games keep all three. "a3:e7" names the last two. No other jump exists: the squares
        // beyond every other neighbour are empty of Black men, no man reaches the far row, and
        // frisian's orthogonal jumps never meet a Black man (they all stand on even ranks
        // of files b, d, f; the capturer lands only on odd ranks of files a, c, e, g).
        const std::vector<std::string> russian_routes{"a3:c5:e3:g5:e7", "a3:c1:e3:g5:e7"};
        check_reasons("russian", {{"W:Wa3:Bb4,d4,b2,d2,f4,f6", "a3:e7", R::ambiguous, russian_routes, "§2.1"}});
        // 8x8 numbered: a3 = 21, b4 = 17, d4 = 18, b2 = 25, d2 = 26, f4 = 19, f6 = 11, c5 = 14,
        // e3 = 23, c1 = 30, g5 = 16, e7 = 7.
        for (const char* game : {"pool", "brazilian"}) {
            check_reasons(game, {{"W:W21:B17,18,25,26,19,11", "21x7", R::ambiguous,
                                  {"21x14x23x16x7", "21x30x23x16x7"}, "§9"}});
        }
        // 10x10: a3 = 36, b4 = 31, d4 = 32, b2 = 41, d2 = 42, f4 = 33, f6 = 23, c5 = 27, e3 = 38,
        // c1 = 47, g5 = 29, e7 = 18.
        check_reasons("international", {{"W:W36:B31,32,41,42,33,23", "36x18", R::ambiguous,
                                         {"36x27x38x29x18", "36x47x38x29x18"}, "§9"}});
        // frisian §4: equal value (4 men each), so the value rule keeps both routes.
        check_reasons("frisian", {{"W:W36:B31,32,41,42,33,23", "36x18", R::ambiguous,
                                   {"36x27x38x29x18", "36x47x38x29x18"}, "§1"}});
        if (builds("canadian")) {
            // 12x12 (128-vertex builds): a3 = 55, b4 = 49, d4 = 50, b2 = 61, d2 = 62, f4 = 51,
            // f6 = 39, c5 = 44, e3 = 57, c1 = 68, g5 = 46, e7 = 33.
            check_reasons("canadian", {{"W:W55:B49,50,61,62,51,39", "55x33", R::ambiguous,
                                        {"55x44x57x46x33", "55x68x57x46x33"}, "§9"}});
        }
        // Men capturing forward only (czech §5.2, thai §5.2, italian §5.2, spanish §5.2; english
        // is above): the plain diamond. White man c1, Black men d2, d4 (route c1-e3-c5) and b2,
        // b4 (route c1-a3-c5): two captures of 2, nothing beyond c5 (b6, d6 empty).
        for (const char* game : {"czech", "thai"}) {
            check_reasons(game, {{"W:Wc1:Bd2,d4,b2,b4", "c1:c5", R::ambiguous, {"c1:e3:c5", "c1:a3:c5"}, "§9"}});
        }
        // Italian and Spanish (a1 light): d1 = 30, e2 = 27, f3 = 23, e4 = 19, d5 = 14, c2 = 26,
        // b3 = 21, c4 = 18. Men only: italian §6 and spanish §6 find the two equal.
        for (const char* game : {"italian", "spanish"}) {
            check_reasons(game, {{"W:W30:B27,19,26,18", "30x14", R::ambiguous, {"30x23x14", "30x21x14"}, "§9"}});
        }
        // turkish §6-7: a man captures forward and sideways (never backward) by short
        // orthogonal jumps; §10: the most pieces. White man d2, Black d3, e4 (route d2-d4-f4),
        // e2, f3 (route d2-f2-f4), f5 (the tail f4-f6). Route B may also turn left at f4 over
        // e4 to d4 (3 pieces); route A cannot take f3 from f4 (backward). So three captures
        // of 3: d2xd4xf4xf6, d2xf2xf4xf6, d2xf2xf4xd4; "d2xf6" names the first two (a man
        // writes every landing, §13).
        check_reasons("turkish", {{"W:Wd2:Bd3,e4,e2,f3,f5", "d2xf6", R::ambiguous, {"d2xd4xf4xf6", "d2xf2xf4xf6"}, "§13"}});
        // tobit R5: a hul jumps forward, backward and sideways; no majority (R9). Points
        // n(x, y) = 6 + 7(y - 1) + x (§2.2): hul 7 = (1,1); route A over 14 to 21 = (1,3), over
        // 22 to 23 = (3,3); route B over 8 to 9 = (3,1), over 16 to 23; tail over 24 to 25 =
        // (5,3). Maximal: A+tail, B+tail (3 each) and the loop 7:9:23:21:7 (4). §6.4 writes the
        // turning points: 7:21:25 (straight through 23) and 7:9:23:25.
        check_reasons("tobit", {{"W:W7:B14,22,8,16,24", "7:25", R::ambiguous, {"7:21:25", "7:9:23:25"}, "§6.4"}});
        // tobit-4x4: n(x, y) = 5 + 6(y - 1) + x; the same figure: hul 6 = (1,1), 12, 18, 19,
        // 20; 7, 8, 14; tail 21 to 22 = (5,3).
        check_reasons("tobit-4x4", {{"W:W6:B12,19,7,14,21", "6:22", R::ambiguous, {"6:18:22", "6:8:20:22"}, "§6.4"}});
        // A text writing one route's turning point names that route alone (no ambiguity).
        const auto v = make_variant("tobit");
        const MoveExplanation e = v->explain_move(v->parse_position("W:W7:B14,22,8,16,24"), "7:9:25");
        CHECK(e.legal);
        CHECK(e.alternative_texts == std::vector<std::string>{"7:9:23:25"});
    }

    TEST_CASE("moves explained: a user's descriptor names no RULES.md") {
        // A descriptor read at run time has no RULES.md in this repository: the reason and the
        // alternatives are given, the rule is empty (and the message names none).
        const auto v = make_variant_from_json(
            R"({"base": "russian", "name": "house-rules", "description": "russian, renamed"})");
        const Position pos = v->parse_position("W:Wc3:Bh8");
        const MoveExplanation e = v->explain_move(pos, "c3-b2");
        CHECK(e.reason == R::man_backward);
        CHECK(e.rule.empty());
        CHECK(sorted(e.alternative_texts) == sorted({"c3-b4", "c3-d4"}));
        try {
            (void)v->parse_move(pos, "c3-b2");
            FAIL("accepted");
        } catch (const IllegalMoveError& err) {
            CHECK(std::string(err.what()) ==
                  "move 'c3-b2' is not legal in W:Wc3:Bh8: a man does not move backward; legal moves "
                  "of the piece on c3: c3-b4, c3-d4");
            CHECK(err.rule().empty());
        }
    }
}
