// Shatra notation: move texts (a-b, a:b:c, =Q/R/Y, algebraic input), the position string and
// its state fields, Shatrabase's SPN (Appendix A), and the rejection of bad input with a
// message that names the problem.
#include <doctest/doctest.h>

#include <functional>
#include <string>

#include "shatra/shatra.hpp"
#include "support/conformance.hpp"
#include "tradgames/error.hpp"
#include "variants/shatra/support.hpp"

using namespace tradgames;
using shatratest::variant;
namespace sh = tradgames::shatra;

namespace {

const char* const start_string =
    "W:WK53,Q61,R55,R58,Y54,Y56,57,59,60,62,46-52:BK10,Q2,R5,R8,Y7,Y9,1,3,4,6,11-17";
const char* const start_spn = "SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqs w Tt - - - 1";

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("position string: the start position, numeric and algebraic") {
        const auto v = variant();
        const Position start = v->initial_position();
        CHECK(v->position_to_string(start) == start_string);
        CHECK(v->parse_position(start_string) == start);
        CHECK(v->parse_position(
                  "W:WKd4,Qd1,Rd3,Rd2,Yc3,Ye3,c2,e2,c1,e1,a5,b5,c5,d5,e5,f5,g5:"
                  "BKd11,Qd14,Rd13,Rd12,Yc12,Ye12,c14,e14,c13,e13,a10,b10,c10,d10,e10,f10,g10") ==
              start);
        CHECK(v->parse_position(std::string(start_string) + ":TWB") == start);
        CHECK(start.state().flags == (sh::temdek_flag(Color::white) | sh::temdek_flag(Color::black)));
    }

    TEST_CASE("position string: the state fields T, E and U round-trip") {
        const auto v = variant();
        for (const char* fen : {"W:WK45,Q55:BK11:T",        // temdek off with a man at home
                                "W:WK45,Q55:BK10,5:TB",     // White's off, Black's on
                                "W:WK52,28:BK11,29:E22",    // en-passant right (test 20)
                                "B:WK47,54,60:BK11:U54",    // urgent man (test 18)
                                "B:WK46,36,49:BK11,37:E43"}) {  // test 22
            CAPTURE(fen);
            const Position p = v->parse_position(fen);
            CHECK(v->position_to_string(p) == fen);
            CHECK(v->parse_position(v->position_to_string(p)) == p);
        }
        const Position p = v->parse_position("W:WQ55,K45:BK11:T");
        CHECK(p.state().flags == 0);
        const Position e = v->parse_position("W:W28,K52:B29,K11:E22");
        CHECK(e.state().ep_square == 21);
        CHECK(e.state().ep_victim == 28);
        CHECK(v->parse_position("W:W28,K52:B29,K11:Ee9") == e);  // algebraic square
        CHECK(v->parse_position("W:W54,60,K47:BK11:U54").state().marked == bit(53));
    }

    TEST_CASE("SPN: Shatrabase's start position and its numbering 63 - n (Appendix A)") {
        const auto v = variant();
        CHECK(sh::to_spn(v->initial_position()) == start_spn);
        CHECK(sh::from_spn(start_spn) == v->initial_position());
        // Test 20 by hand: White S28 = SB 35, K52 = SB 11; Black s29 = SB 34, k11 = SB 52; the
        // passed square 22 = SB 41; no temdek.
        const Position t20 = v->parse_position("W:W28,K52:B29,K11:E22");
        CHECK(sh::to_spn(t20) == "9/1/K6/7/7/2sS3/7/6k/1/9 w - - 41 - 1");
        CHECK(sh::from_spn("9/1/K6/7/7/2sS3/7/6k/1/9 w - - 41 - 1") == t20);
        // Test 18 follow-up: the urgent S54 = SB 9 carries '!'; White's temdek is on.
        const Position t18 = v->parse_position("W:W54,60,K47:BK11:U54");
        CHECK(sh::to_spn(t18, 12) == "2S5!S/1/5K1/7/7/7/7/6k/1/9 w T - - - 12");
        CHECK(sh::from_spn("2S5!S/1/5K1/7/7/7/7/6k/1/9 w T - - 3 12") == t18);
        // The half-move clock and the move number are optional on input.
        CHECK(sh::from_spn("2S5!S/1/5K1/7/7/7/7/6k/1/9 w T - -") == t18);
    }

    TEST_CASE("SPN: bad input") {
        auto bad = [](const char* spn) { return error_of([&] { (void)sh::from_spn(spn); }); };
        CHECK(bad("SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssq w Tt - - - 1")
                  .find("62 squares") != std::string::npos);
        CHECK(bad("SQSSRSBRB/K/SSSSSSSS/7/7/7/7/sssssss/k/brbsrssqs w Tt - - - 1")
                  .find("too many squares") != std::string::npos);
        CHECK(bad("SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqX w Tt - - - 1")
                  .find("unknown piece letter 'X'") != std::string::npos);
        CHECK(bad("SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqs x Tt - - - 1")
                  .find("side to move") != std::string::npos);
        CHECK(bad("SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqs w Tt 12 - - 1")
                  .find("capture sequence") != std::string::npos);
        CHECK(bad("SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/1/brbsrssqs w Tt - - - 1")
                  .find("no black biy") != std::string::npos);
        CHECK(bad("SQSSRSBRB/K/SSSSSSS/7/7/7/7/sssssss/k/brbsrssqs w").find("temdeks") !=
              std::string::npos);
        CHECK_THROWS_AS((void)sh::from_spn("9/1/K6/7/7/2sS3/7/6k/1/9 w - - 40 - 1"),
                        PositionError);  // no double step passed SB 40 (our 23)
    }

    TEST_CASE("moves: drops, captures, promotions, algebraic input") {
        const auto v = variant();
        const Position start = v->initial_position();
        CHECK(v->move_to_string(start, v->parse_move(start, "61-35")) == "61-35");
        CHECK(v->parse_move(start, "d1-d7").same_result(v->parse_move(start, "61-35")));
        CHECK(v->parse_move(start, "a5-a7").same_result(v->parse_move(start, "46-32")));
        CHECK_THROWS_AS((void)v->parse_move(start, "61-30"), IllegalMoveError);  // Black's half
        CHECK_THROWS_AS((void)v->parse_move(start, "61-a1"), ParseError);       // a wall

        const Position t9 = v->parse_position("W:WK52,34:B27,21,29,19,K17");
        CHECK(v->move_to_string(t9, v->parse_move(t9, "34:36")) == "34:20:22:36");
        CHECK(v->move_to_string(t9, v->parse_move(t9, "c7:c9:a9")) == "34:20:18");
        CHECK_THROWS_AS((void)v->parse_move(t9, "34:20"), IllegalMoveError);  // must go on

        const Position t23 = v->parse_position("W:WK52,5:BK11");
        const Move q = v->parse_move(t23, "5-2=Q");
        CHECK(q.promotion == sh::batyr);
        CHECK(v->move_to_string(t23, q) == "5-2=Q");
        CHECK(v->parse_move(t23, "d13-d14=y").promotion == sh::yalkyn);
        CHECK_THROWS_AS((void)v->parse_move(t23, "5-2"), AmbiguousMoveError);
        CHECK(v->move_to_string(t23, v->parse_move(t23, "5-4")) == "5-4");
    }

    TEST_CASE("capture_removal=immediate: a path landing where it captured earlier reads back") {
        // The batyr on 20 takes the tura on 27 first (20:34) and lands on 27 at the end.
        const auto v = variant({"capture_removal=immediate"});
        const char* fen = "W:WK11,Q20,51,31:BK4,R26,36,Y43,Q33,R27:T";
        const Position p = v->parse_position(fen);
        CHECK(v->move_to_string(p, v->parse_move(p, "20:34:37:49:25:27")) == "20:34:37:49:25:27");
        tgtest::check_position(*v, p);
    }

    TEST_CASE("moves: a capture and a drop with the same squares are told apart by ':' and '-'") {
        // Black's reserve biy on its gate is the sole capturer (of R14, landing on 21): it may
        // decline with a drop (5.4), 10-21 among them.
        const auto v = variant();
        const char* fen = "B:WK52,R14:BK10";
        CHECK(tgtest::moves(*v, fen) ==
              tgtest::sorted(shatratest::join({{"10:21"}, shatratest::range_moves(10, 11, 31, {14})})));
        const Position p = v->parse_position(fen);
        CHECK(v->parse_move(p, "10:21").is_capture());
        CHECK(v->parse_move(p, "10x21").is_capture());
        CHECK(v->parse_move(p, "10-21").is_drop());
        CHECK(v->parse_move(p, "d11-d9").is_drop());
    }

    TEST_CASE("position string: bad input names the problem") {
        const auto v = variant();
        auto bad = [&](const std::string& fen) {
            return error_of([&] { (void)v->parse_position(fen); });
        };
        CHECK(bad("W:WK53:B").find("no black biy") != std::string::npos);
        CHECK(bad("W:WK53,K52:BK10").find("2 white biys (on 52 and 53)") != std::string::npos);
        CHECK(bad("B:WK53:BK10,K11,K12").find("3 black biys (on 10 and 11 and 12)") != std::string::npos);
        CHECK(bad("W:WK53,Q61,Q60:BK10").find("more than 1 white batyrs") != std::string::npos);
        CHECK(bad("W:WK53:BK10,R1,R2,R3").find("more than 2 black turas") != std::string::npos);
        CHECK(bad("W:WK53,Y54,Y55,Y56:BK10").find("more than 2 white yalkyns") != std::string::npos);
        CHECK(bad("W:WK53,32-43:BK10").find("more than 11 white shatras") != std::string::npos);
        CHECK(bad("W:WK63:BK10").find("unknown square '63'") != std::string::npos);
        CHECK(bad("W:WKa1:BK10").find("square 'a1' is a fortress wall") != std::string::npos);
        CHECK(bad("W:WX53:BK10").find("unknown piece prefix 'X'") != std::string::npos);
        CHECK(bad("W:WK53,53:BK10").find("square 53 used twice") != std::string::npos);
        CHECK(bad("W:WK45:BK10:TW").find("white temdek on, but no white reserve man") !=
              std::string::npos);
        CHECK(bad("W:WK45:BK10:TX").find("field T") != std::string::npos);
        CHECK(bad("W:WK45:BK10:T:T").find("given twice") != std::string::npos);
        CHECK(bad("W:WK45:BK10:E22").find("en-passant square 22") != std::string::npos);
        CHECK(bad("W:W29,K45:BK10:E22").find("no black shatra") != std::string::npos);
        CHECK(bad("W:WK45:B29,15,K11:E22").find("no black double step") != std::string::npos);
        CHECK(bad("W:WK45:BK10:U45").find("urgent square 45") != std::string::npos);
        CHECK(bad("W:WK52,2:BK11").find("white shatra on 2 is unpromoted although a batyr") !=
              std::string::npos);
        CHECK(bad("W:WK45,55:BK11:T").find("white shatra on 55 in its own fortress") !=
              std::string::npos);
        CHECK(bad("W:WK45:BK10:Z1").find("unknown field 'Z1'") != std::string::npos);
        CHECK(bad("W:WK45:BK10:GW").find("returned_biy_is_reserve=false") != std::string::npos);
        CHECK(bad("W:WK52:BK11:U52,52").find("square 52 listed twice in field U") != std::string::npos);
        CHECK_THROWS_AS((void)v->parse_position("W:WK63:BK10"), ParseError);
        CHECK_THROWS_AS((void)v->parse_position("W:WK53,K52:BK10"), PositionError);
        // The side to move may have lost its biy: the game is over (7).
        CHECK(tgtest::moves(*v, "B:WK52,16:B15").empty());
    }

    TEST_CASE("options: repetition_draw is a count as in the other variants; 1 is refused") {
        CHECK(variant({"repetition_draw=0"})->game_rules().repetition_draw == 0);
        CHECK(variant({"repetition_draw=4"})->game_rules().repetition_draw == 4);
        CHECK(error_of([] { (void)variant({"repetition_draw=1"}); }).find("would end every game") !=
              std::string::npos);
        CHECK(error_of([] { (void)variant({"repetition_draw=true"}); }).find("not a whole number") !=
              std::string::npos);
    }

    TEST_CASE("options: unknown names and bad values are rejected") {
        CHECK(error_of([] { (void)variant({"no_such_rule=true"}); }).find("unknown rule option") !=
              std::string::npos);
        CHECK(error_of([] { (void)variant({"en_passant=wide"}); }).find("narrow, broad, shatrabase") !=
              std::string::npos);
        CHECK(error_of([] { (void)variant({"move_limit=-1"}); }).find("outside") != std::string::npos);
        // Every option of section 12 exists with its documented default.
        const auto v = variant();
        const RuleOptions& o = v->options();
        CHECK(o.choice("double_step") == "first_row");
        CHECK(o.flag("drop_on_high_road"));
        CHECK(o.flag("returned_biy_is_reserve"));
        CHECK(o.flag("biy_steps_onto_own_gate"));
        CHECK(o.flag("high_road_move"));
        CHECK(o.flag("gate_drops"));
        CHECK_FALSE(o.flag("shatra_drop_from_enemy_home"));
        CHECK(o.choice("shatra_capture_into_own_home") == "never");
        CHECK(o.flag("urgent_lapses_when_blocked"));
        CHECK(o.choice("biy_decline_scope") == "sole_capturer");
        CHECK(o.flag("gate_shatra_privilege"));
        CHECK(o.choice("slider_landing") == "continuing");
        CHECK(o.choice("capture_removal") == "end_of_move");
        CHECK(o.flag("promote_mid_capture"));
        CHECK(o.choice("delayed_promotion") == "automatic");
        CHECK(o.choice("en_passant") == "narrow");
        CHECK_FALSE(o.flag("tower_teleport"));
        CHECK(o.integer("repetition_draw") == 3);
        CHECK_FALSE(o.flag("bare_biys_draw"));
        CHECK(o.integer("move_limit") == 0);
        CHECK(o.specs().size() == 20);
    }
}
