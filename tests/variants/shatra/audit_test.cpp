// Shatra: positions from the rules audit (clause-by-clause re-derivation of shatra.md), each
// with its legal move list derived by hand from the specification. They exercise interactions
// that section 11 does not cover.
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
        // Black's shatra on 61 waits with every type available: under owner_chooses Black's
        // only actions are the free promotions, which do not pass the turn (RULES.md decision
        // 10). move_limit=1 draws after one move of each side without a capture (2 plies):
        // Black 11-12 and White 52-51, not before.
        const auto v = variant({"delayed_promotion=owner_chooses", "move_limit=1"});
        tradgames::Game g(v, v->parse_position("B:WK52:BK11,61"));
        g.play("61=Q");
        g.play("11-12");
        CHECK_FALSE(g.result().over());
        g.play("52-51");
        CHECK(g.result().outcome == tradgames::Outcome::draw);
    }
}
