// Moves explained (issue 27, first part): a move text that matches no legal move is refused
// with a reason and the legal alternatives, in the IllegalMoveError message every front end
// prints (CLI, replay, Python, JS).
#include <doctest/doctest.h>

#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

namespace {

std::string refusal(const char* variant, const char* fen, const char* text) {
    const auto v = make_variant(variant);
    try {
        (void)v->parse_move(v->parse_position(fen), text);
    } catch (const IllegalMoveError& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("an illegal move says why, with the legal moves") {
        // Russian: White man c3 and Black man d4: c3:e5 is compulsory (FMJD64 capture rule).
        CHECK(refusal("russian", "W:Wc3,g1:Bd4", "g1-h2").find(": a capture is compulsory: c3:e5") !=
              std::string::npos);
        // No White piece on d4.
        CHECK(refusal("russian", "W:Wc3:Bh8", "d4-e5").find(": no piece of the side to move on d4; legal: c3-b4, c3-d4") !=
              std::string::npos);
        // A man does not move backward: the legal moves of that man are listed.
        CHECK(refusal("russian", "W:Wc3:Bh8", "c3-b2").find(": a man does not move backward; legal moves of the piece on c3: c3-b4, c3-d4 (variants/russian/RULES.md §1.3)") !=
              std::string::npos);
        // International: a quiet move while 28x19 is compulsory.
        CHECK(refusal("international", "W:W28,31:B23", "31-27").find(": a capture is compulsory: 28x19") !=
              std::string::npos);
    }
}
