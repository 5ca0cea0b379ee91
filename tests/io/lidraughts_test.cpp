// lidraughts' forms (include/tradgames/io/lidraughts.hpp): position strings with the H/F clocks
// and Frisian's king-move counters, bot API moves, both directions, and hostile input. The start
// string is lidraughts' Forsyth.initial; the counters follow its exportKingMoves ("+black+white").
#include <doctest/doctest.h>

#include <string>

#include "tradgames/error.hpp"
#include "tradgames/io/lidraughts.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

namespace {
const std::string intl_start =
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:H0:F1";
}

TEST_CASE("lidraughts: positions both ways, with the clocks") {
    const auto v = make_variant("international");
    CHECK(lidraughts_position(*v, v->initial_position()) == intl_start);
    const LidraughtsPosition s = parse_lidraughts_position(*v, intl_start);
    CHECK(s.position == v->initial_position());
    CHECK(s.halfmove == 0);
    CHECK(s.fullmove == 1);
    const LidraughtsPosition k = parse_lidraughts_position(*v, "B:WK3,31:B12,K45:H2:F17");
    CHECK(v->position_to_string(k.position) == "B:WK3,31:B12,K45");
    CHECK(k.halfmove == 2);
    CHECK(k.fullmove == 17);
    CHECK(lidraughts_position(*v, k.position, 2, 17) == "B:WK3,31:B12,K45:H2:F17");
    // 8x8 numbered boards too (English: 1..32).
    const auto e = make_variant("english");
    CHECK(lidraughts_position(*e, e->parse_position("B:W21,K30:B5")) == "B:W21,K30:B5:H0:F1");
}

TEST_CASE("lidraughts: Frisian king-move counters are the library's L field") {
    const auto f = make_variant("frisian");
    const auto p = f->parse_position("W:W36,K41:B8,12,K5:L41=3");
    CHECK(lidraughts_position(*f, p) == "W:W36,K41:BK5,8,12:H0:F1:+0+341");
    CHECK(parse_lidraughts_position(*f, "W:W36,K41:B8,12,K5:H0:F1:+0+341").position == p);
    CHECK(parse_lidraughts_position(*f, "W:W36,K41:B8,12,K5:H0:F1:+0+3").position == p);  // its one king
    CHECK(f->position_to_string(parse_lidraughts_position(*f, "W:W36,K41:B8,12,K5:H0:F1:+15+0").position) ==
          "W:W36,K41:BK5,8,12:L5=1");
    CHECK(lidraughts_position(*f, f->initial_position()).substr(0, 4) == "W:W3");
    CHECK(lidraughts_position(*f, f->initial_position()).find(":H0:F1:+0+0") != std::string::npos);
    // A count alone with two kings of that side, a square without that side's king, junk.
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*f, "W:W36,K41,K42:B8,K5:H0:F1:+0+2"),
                         doctest::Contains("names no single king of White"), ParseError);
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*f, "W:W36,K41:B8,K5:H0:F1:+0+236"),
                         doctest::Contains("names no single king of White"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*f, "W:W36,K41:B8,K5:H0:F1:+0+x"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*f, "W:W36,K41:B8,K5:H0:F1:+0"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*f, "W:W36,K41:B8,K5:H0:F1:+0+1+2"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*f, "W:W36,K41:B8,K5:H0:F1:+0+0:+0+0"), ParseError);
    // Above the limit (3): the library's own check of its L field.
    CHECK_THROWS_AS((void)parse_lidraughts_position(*f, "W:W36,K41:B8,K5:H0:F1:+0+4"), Error);
    const auto v = make_variant("international");
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*v, "W:W36,K41:B8,K5:H0:F1:+0+0"),
                         doctest::Contains("are for Frisian"), ParseError);
}

TEST_CASE("lidraughts: bad position strings get one clear error") {
    const auto v = make_variant("international");
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*v, "W:W31:B1"), doctest::Contains(":H<n>:F<n> are missing"),
                         ParseError);
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*v, "W:W31:B1:H0:H1:F1"), doctest::Contains("given twice"),
                         ParseError);
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*v, "W:W31:B1:H0:F0"),
                         doctest::Contains("field F must be a whole number 1..9999"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, "W:W31:B1:H10000:F1"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, "W:W31:B1:H-1:F1"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, "W:W31:B1:H:F1"), ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, "hello"), Error);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, "W:W31:B1:Q5:H0:F1"), Error);  // the library's unknown field
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, "W:W31:B51:H0:F1"), Error);
    CHECK_THROWS_AS((void)parse_lidraughts_position(*v, ""), Error);
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_position(*v, std::string(1 << 20, '1')),
                         doctest::Contains("at most 4096"), ParseError);
    // Boards with algebraic squares have no lidraughts form here.
    const auto r = make_variant("russian");
    CHECK_THROWS_WITH_AS((void)lidraughts_position(*r, r->initial_position()), doctest::Contains("not numbered"), Error);
    CHECK_THROWS_AS((void)lidraughts_position(*v, v->initial_position(), 0, 0), OptionError);
}

TEST_CASE("lidraughts: bot API moves both ways") {
    const auto v = make_variant("international");
    const Position start = v->initial_position();
    const Move m = parse_lidraughts_move(*v, start, "3228");
    CHECK(v->move_to_string(start, m) == "32-28");
    CHECK(lidraughts_move(*v, start, v->parse_move(start, "32-28")) == "3228");
    // A man on square 5 goes through two digits: "05".
    const Position five = v->parse_position("B:W45:B5");
    CHECK(lidraughts_move(*v, five, v->parse_move(five, "5-10")) == "0510");
    CHECK(v->move_to_string(five, parse_lidraughts_move(*v, five, "0510")) == "5-10");
    // A capture: origin, every landing, destination; read back whole or as origin and destination.
    const Position two = v->parse_position("W:W33:B17,28,1");
    const Move cap = v->parse_move(two, "33x11");
    CHECK(lidraughts_move(*v, two, cap) == "332211");
    CHECK(parse_lidraughts_move(*v, two, "332211").same_result(cap));
    CHECK(parse_lidraughts_move(*v, two, "3311").same_result(cap));
    CHECK_THROWS_AS((void)parse_lidraughts_move(*v, two, "331711"), IllegalMoveError);  // not a landing
    // English: 23x7 over 14 or over 16 takes different men; the landings tell them apart.
    const auto e = make_variant("english");
    const Position amb = e->parse_position("W:W23:B18,10,19,11");
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_move(*e, amb, "2307"), doctest::Contains("give every landing"),
                         AmbiguousMoveError);
    CHECK(e->move_to_string(amb, parse_lidraughts_move(*e, amb, "231407")) == "23x14x7");
    CHECK(lidraughts_move(*e, amb, e->parse_move(amb, "23x16x7")) == "231607");
}

TEST_CASE("lidraughts: bad bot moves get one clear error") {
    const auto v = make_variant("international");
    const Position start = v->initial_position();
    for (const char* bad : {"", "32", "322", "32-28", "3a28", "32 28", "-3228"}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_WITH_AS((void)parse_lidraughts_move(*v, start, bad), doctest::Contains("two digits each"), ParseError);
    }
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_move(*v, start, "3299"), doctest::Contains("'99' is not a square"),
                         ParseError);
    CHECK_THROWS_WITH_AS((void)parse_lidraughts_move(*v, start, "0028"), doctest::Contains("'00' is not a square"),
                         ParseError);
    CHECK_THROWS_AS((void)parse_lidraughts_move(*v, start, "3323"), IllegalMoveError);
    CHECK_THROWS_AS((void)parse_lidraughts_move(*v, start, std::string(1 << 20, '3')), ParseError);
    const auto r = make_variant("russian");
    CHECK_THROWS_AS((void)parse_lidraughts_move(*r, r->initial_position(), "2217"), Error);
}
