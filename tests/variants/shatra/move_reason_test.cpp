// Moves explained in Shatra (issue 27): every reason a move text can be refused for in Shatra,
// with the exact legal alternatives and the section of variants/shatra/RULES.md, from positions
// built by hand from that file (the derivation is the comment of each case); parse_move throws
// the same reason, section and alternatives.
//
// Squares (RULES.md §2.2): 18 = a9, 22 = e9, 29 = e8, 32 = a7, 33 = b7, 34 = c7, 36 = e7,
// 39 = a6, 40 = b6, 41 = c6, 43 = e6, 46 = a5, 47 = b5, 48 = c5, 50 = e5; 1 = c14, 2 = d14,
// 4 = c13, 5 = d13 (inside Black's fortress), 15 = e10.
//
// Reasons that cannot occur in Shatra, and the rule that excludes each:
// * majority-capture, quality-precedence, king-first: §5.2, free choice among captures, no rule
//   of the majority and no order between the men (the biy's privilege, §5.4, widens the choice;
//   it never narrows it).
// * forbidden-victim: §3, every man captures every enemy man ("over one enemy man"); the
//   fortress limits of §4 bar landing squares, not victims (such a text is no-such-move, or
//   capture-compulsory when a capture exists).
// * king-move-limit: Shatra counts no quiet moves of a piece (§7: threefold repetition only;
//   the move-limit option A23 draws the game, it refuses no move).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/explain.hpp"
#include "tradgames/registry.hpp"
#include "variants/move_reason_check.hpp"

using namespace tradgames;

namespace {

using tradgames::test::check_reasons;
using tradgames::test::sorted;

// White biy b6 (40), White shatra e6 (43) on its second row, Black biy a9 (18): the biy steps to
// its 8 neighbours a7, b7, c7, a6, c6, a5, b5, c5 (§3.1); the shatra goes one square straight
// forward only, to e7 (§3.5, second row).
const char* const quiet = "W:WK40,43:BK18";
const std::vector<std::string> quiet_moves{"40-32", "40-33", "40-34", "40-39", "40-41",
                                           "40-46", "40-47", "40-48", "43-36"};

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("moves explained: every reason that can occur in Shatra") {
        using R = MoveReason;
        check_reasons("shatra", {
            {quiet, "43-99", R::not_a_move, quiet_moves, "§14"},
            {quiet, "44-37", R::empty_square, quiet_moves, "§3"},
            {quiet, "18-25", R::wrong_piece, quiet_moves, "§3"},
            // §3.5: the shatra never moves backward (e6 to e5), occupied square or not.
            {quiet, "43-50", R::man_backward, {"43-36"}, "§3"},
            {"W:WK40,43,50:BK18", "43-50", R::man_backward, {"43-36"}, "§3"},
            // ... nor two squares from its second row (the double step is a first-row move).
            {quiet, "43-29", R::no_such_move, {"43-36"}, "§3"},
            // The biy is a man too, but steps backward freely (§3.1): b6 to b5 is legal, and b6
            // onto its own shatra c6 is blocked; its other 7 steps remain.
            {"W:WK40,41:BK18", "40-41", R::blocked, {"40-32", "40-33", "40-34", "40-39", "40-46", "40-47", "40-48"}, "§3"},
            // §5.1: the Black shatra e7 stands before e6 with e8 empty: 43:29 is compulsory; the
            // biy b6 has no capture, so its privilege (§5.4) gives no other move.
            {"W:WK40,43:BK18,36", "40-32", R::capture_compulsory, {"43:29"}, "§5"},
            // §5.3: after 43:29 the shatra can jump e9 to e10, so it must go on.
            {"W:WK40,43:BK18,36,22", "43:29", R::must_continue, {"43:29:15"}, "§5"},
            // §7: a side without its biy has no legal move (it has lost).
            {"W:W43:BK18", "43-36", R::no_legal_move, {}, "§7"},
            // §6.2: the shatra c13, beyond the ditch, steps forward to c14 or diagonally to d14
            // (its transformation squares) or sideways to d13; White has no batyr, tura or
            // yalkyn, so each step to the far row is a promotion to any of the three. "4-1"
            // writes no type: three moves with different results (§14: the suffix =Q/=R/=Y).
            {"W:WK40,4:BK18", "4-1", R::ambiguous, {"4-1=Q", "4-1=R", "4-1=Y"}, "§14"},
        });
        const auto v = make_variant("shatra");
        // The legal texts of the same positions: the biy steps back (b6 to b5), the promotion
        // written with its type, a capture written to its end.
        CHECK(v->explain_move(v->parse_position(quiet), "40-47").legal);
        CHECK(v->explain_move(v->parse_position("W:WK40,4:BK18"), "4-1=R").legal);
        CHECK(v->explain_move(v->parse_position("W:WK40,43:BK18,36,22"), "43:15").legal);
        // The biy's privilege (§5.4): the biy b6 alone can capture (Black shatra c7, d8 empty),
        // so its quiet steps stay legal beside the capture; a step of the shatra e6 does not.
        {
            const Position p = v->parse_position("W:WK40,43:BK18,34");
            CHECK(v->explain_move(p, "40-39").legal);
            const MoveExplanation e = v->explain_move(p, "43-36");
            CHECK(e.reason == R::capture_compulsory);
            CHECK(sorted(e.alternative_texts) ==
                  sorted({"40:28", "40-32", "40-33", "40-39", "40-41", "40-46", "40-47", "40-48"}));
        }
    }
}
