// Shatra: what making a move does besides moving the man (8.6): drops and their kind, the
// temdek going off (4.2), urgent flags (4.6), the en-passant right (3.5), delayed promotion
// (6.3) and the end of the game when the biy is taken (5.10, 7).
#include <doctest/doctest.h>

#include <algorithm>

#include "shatra/shatra.hpp"
#include "variants/shatra/support.hpp"

using shatratest::variant;
using tgtest::moves;
using tgtest::sorted;
using tradgames::Color;
using tradgames::MoveKind;
using tradgames::Position;
using tradgames::Undo;
namespace sh = tradgames::shatra;

namespace {

/// pos after the move written `text`, with make/unmake checked to restore pos exactly.
Position after(const tradgames::Variant& v, const Position& pos, const char* text) {
    Position p = pos;
    Undo u;
    const auto m = v.parse_move(p, text);
    v.make_move(p, m, u);
    Position back = p;
    v.unmake_move(back, m, u);
    CHECK(back == pos);
    CHECK(back.hash() == pos.hash());
    return p;
}

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("a drop is a drop move, a shatra step a quiet move (4.1)") {
        const auto v = variant();
        const Position start = v->initial_position();
        CHECK(v->parse_move(start, "61-35").kind == MoveKind::drop);
        CHECK(v->parse_move(start, "46-32").kind == MoveKind::quiet);
    }

    TEST_CASE("the temdek stays on while reserve men remain and goes off for good (4.2)") {
        const auto v = variant();
        const Position start = v->initial_position();
        const Position p = after(*v, start, "53-32");  // the biy is dropped; nine reserves left
        CHECK(p.state().flags == (sh::temdek_flag(Color::white) | sh::temdek_flag(Color::black)));
        CHECK(v->position_to_string(p) ==
              "B:WK32,Q61,R55,R58,Y54,Y56,57,59,60,62,46-52:BK10,Q2,R5,R8,Y7,Y9,1,3,4,6,11-17");
        // The last reserve man dropped: off at the end of that move.
        const Position q = after(*v, v->parse_position("W:WK45,60:BK11"), "60-32");
        CHECK((q.state().flags & sh::temdek_flag(Color::white)) == 0);
        CHECK(v->position_to_string(q) == "B:WK45,32:BK11");
        // Off, the own home is open again (4.2 After it is off): Q49 runs down to 61.
        const auto list = moves(*v, "W:WQ49,K45:BK11");
        for (const char* m : {"49-53", "49-55", "49-58", "49-61"}) {
            CAPTURE(m);
            CHECK(std::find(list.begin(), list.end(), m) != list.end());
        }
        // The last reserve man captured by the enemy switches it off too (4.2 State): Black's
        // shatra takes White's S53 (a reserve on its gate), landing on 55.
        const Position r = after(*v, v->parse_position("B:WK45,53:B49,K11"), "49:55");
        CHECK(r.state().flags == 0);
        CHECK(v->position_to_string(r) == "W:WK45:BK11,55");
    }

    TEST_CASE("urgent men: marked by a capture inside the home, cleared when dropped (4.6)") {
        const auto v = variant();
        Position p = after(*v, v->parse_position("W:W62,60,K47:BY58,K11"), "60:56");
        CHECK(v->position_to_string(p) == "B:WK47,56,62:BK11:U56");
        p = after(*v, p, "11-12");
        CHECK(moves(*v, v->position_to_string(p)) == sorted(shatratest::range_moves(56, 32, 52, {47})));
        p = after(*v, p, "56-40");
        CHECK(p.state().marked == 0);
        CHECK(v->position_to_string(p) == "B:WK47,62,40:BK12");
    }

    TEST_CASE("the double step gives an en-passant right for one move only (3.5)") {
        const auto v = variant();
        Position p = after(*v, v->initial_position(), "46-32");
        CHECK(p.state().ep_square == 38);  // passed square 39
        CHECK(p.state().ep_victim == 31);  // the shatra on 32
        CHECK(v->position_to_string(p).ends_with(":E39"));
        p = after(*v, p, "17-31");
        CHECK(p.state().ep_square == 23);  // Black's double step passed 24
        p = after(*v, p, "61-35");
        CHECK(p.state().ep_square == tradgames::no_vertex);
        CHECK(p.state().ep_victim == tradgames::no_vertex);
    }

    TEST_CASE("taking the biy ends the sequence and the game (5.10, 7)") {
        const auto v = variant();
        // S30 takes k23 landing on 16; from there it could take 15, but the move ends.
        const char* fen = "W:WK52,30:B15,K23";
        CHECK(moves(*v, fen) == std::vector<std::string>{"30:16"});
        const Position p = after(*v, v->parse_position(fen), "30:16");
        CHECK(v->position_to_string(p) == "B:WK52,16:B15");
        CHECK(moves(*v, "B:WK52,16:B15").empty());  // Black has lost: no legal move
    }

    TEST_CASE("a promotion is recorded on the move; a quiet step onto 60-62 promotes Black") {
        const auto v = variant();
        const Position p = v->parse_position("B:WK52:BK11,58");
        tradgames::MoveList list;
        v->generate(p, list);
        int promotions = 0;
        for (const auto& m : list) {
            if (m.from == 57) {  // the shatra on 58 (d2): forward 61, diagonals 60, 62, sides 57, 59
                if (m.to == 59 || m.to == 60 || m.to == 61) {
                    CHECK(m.promotion != tradgames::no_kind);
                    ++promotions;
                } else {
                    CHECK(m.promotion == tradgames::no_kind);
                }
            }
        }
        CHECK(promotions == 9);
        CHECK(moves(*v, "B:WK52:BK11,58") ==
              sorted({"58-60=Q", "58-60=R", "58-60=Y", "58-61=Q", "58-61=R", "58-61=Y", "58-62=Q",
                      "58-62=R", "58-62=Y", "58-57", "58-59", "11-12", "11-18", "11-19"}));
    }
}
