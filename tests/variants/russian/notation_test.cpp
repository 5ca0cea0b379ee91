// Russian notation (variants/russian/RULES.md §2.1) and PDN FEN (variants/russian/RULES.md §2.2).
#include <doctest/doctest.h>

#include "support/helpers.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/error.hpp"

using namespace tradgames;

TEST_SUITE("russian") {
    TEST_CASE("FEN: algebraic and numeric forms of the start position are equal") {
        const auto v = make_variant("russian");
        const Position start = v->initial_position();
        CHECK(v->parse_position(
                  "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8") ==
              start);
        CHECK(v->parse_position("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12") ==
              start);
        CHECK(v->parse_position("W:W21-32:B1-12") == start);
        // lidraughts suffix, trailing dot (wiegerw/pdn ussr1947.pdn), surrounding spaces.
        CHECK(v->parse_position("W:W21-32:B1-12:H0:F1") == start);
        CHECK(v->parse_position(" W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4. ") ==
              start);
        CHECK(v->position_to_string(start) ==
              "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6");
    }

    TEST_CASE("FEN: the H/F suffix adds no piece (KestoG, variants/russian/RULES.md §3.3)") {
        const auto v = make_variant("russian");
        const Position p =
            v->parse_position("W:Wc5,e5,d4,g3,d2,f2,a1,c1,e1,g1:Bf8,h8,a7,c7,e7,g7,b6,h6,a5,g5:H0:F1");
        CHECK(count(p.pieces(Color::black)) == 10);
        CHECK(p.at(*v->topology().find("g1")).color() == Color::white);
    }

    TEST_CASE("FEN: kings, empty lists, black to move") {
        const auto v = make_variant("russian");
        const Position p = v->parse_position("B:WKc3,Ka1:B");
        CHECK(p.side_to_move() == Color::black);
        CHECK(count(p.pieces(Color::white, 1)) == 2);
        CHECK(p.pieces(Color::black) == 0);
        CHECK(v->position_to_string(p) == "B:WKc3,Ka1:B");
    }

    TEST_CASE("FEN: bad input is rejected with a message naming the problem") {
        const auto v = make_variant("russian");
        auto message = [&](const char* fen) {
            try {
                (void)v->parse_position(fen);
            } catch (const Error& e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        };
        CHECK(message("W:Wa2:B") .find("light square 'a2'") != std::string::npos);
        CHECK(message("W:W33:B").find("unknown square '33'") != std::string::npos);
        CHECK(message("W:Wb8:Bc3").find("own promotion rank") != std::string::npos);
        CHECK(message("W:Wc3,c3:B").find("used twice") != std::string::npos);
        CHECK(message("W:Wc3:Bc3").find("used twice") != std::string::npos);
        CHECK(message("W:W13-25:B").find("more than 12 white") != std::string::npos);
        CHECK(message("X:Wc3:B").find("side to move") != std::string::npos);
        CHECK(message("W:Wc3,,d4:B").find("empty item") != std::string::npos);
        CHECK(message("W:W5-2:B").find("malformed range") != std::string::npos);
        CHECK(message("W:WQc3:B").find("unknown piece prefix 'Q'") != std::string::npos);
        CHECK(message("W:Wc3:B:Z9").find("unknown field") != std::string::npos);
        CHECK(message("").find("empty") != std::string::npos);
        CHECK(message("W:Wc3:Bd6:Wf2").find("second piece list") != std::string::npos);
        CHECK_THROWS_AS((void)v->parse_position("W:Wa2:B"), ParseError);
        CHECK_THROWS_AS((void)v->parse_position("W:Wb8:B"), PositionError);
    }

    TEST_CASE("move notation: quiet, capture, separators, short and expanded king captures") {
        const auto v = make_variant("russian");
        const Position start = v->initial_position();
        CHECK(v->move_to_string(start, v->parse_move(start, "c3-d4")) == "c3-d4");
        CHECK(v->move_to_string(start, v->parse_move(start, "22-18")) == "c3-d4");  // numeric

        const Position t3 = v->parse_position("W:We3:Bb6,d4,f4");
        CHECK(v->move_to_string(t3, v->parse_move(t3, "e3:c5:a7")) == "e3:c5:a7");
        CHECK(v->move_to_string(t3, v->parse_move(t3, "e3xa7")) == "e3:c5:a7");
        CHECK(v->move_to_string(t3, v->parse_move(t3, "e3:a7")) == "e3:c5:a7");
        CHECK_THROWS_AS((void)v->parse_move(t3, "e3:c5"), IllegalMoveError);  // must finish

        const Position t9 = v->parse_position("W:WKa1:Bc3,f6");
        CHECK(v->move_to_string(t9, v->parse_move(t9, "a1:h8")) == "a1:h8");
        CHECK(v->move_to_string(t9, v->parse_move(t9, "a1:d4:h8")) == "a1:h8");  // expanded
        CHECK(v->move_to_string(t9, v->parse_move(t9, "a1:e5:h8")) == "a1:h8");
    }

    TEST_CASE("move parsing: illegal, ambiguous and malformed text") {
        const auto v = make_variant("russian");
        const Position start = v->initial_position();
        CHECK_THROWS_AS((void)v->parse_move(start, "c3-c4"), ParseError);  // light square
        CHECK_THROWS_AS((void)v->parse_move(start, "c3-e5"), IllegalMoveError);
        CHECK_THROWS_AS((void)v->parse_move(start, "c3"), ParseError);
        CHECK_THROWS_AS((void)v->parse_move(start, "c3--d4"), ParseError);
        CHECK_THROWS_AS((void)v->parse_move(start, ""), ParseError);
        // Two different captures start on d6 and end on d6 (a ring in either orientation plus
        // a different set): written with start and end only they are ambiguous.
        const Position ring = v->parse_position("B:We5,e3,c3,c5:Bd6");
        try {
            (void)v->parse_move(ring, "d6:d6");
            // Both orientations take the same four men: same result, so not ambiguous in U.
            CHECK(true);
        } catch (const AmbiguousMoveError&) {
            FAIL("a ring capture in either orientation has one result");
        }
        CHECK_THROWS_AS((void)v->parse_move(ring, "d6:d6", Duplicates::all_paths),
                        AmbiguousMoveError);
        const Position amb = v->parse_position("W:Wc3,g3:Bd4,f4");  // c3:e5 and g3:e5
        CHECK(v->move_to_string(amb, v->parse_move(amb, "c3:e5")) == "c3:e5");
        CHECK_THROWS_WITH_AS((void)v->parse_move(amb, "c3:g5"), doctest::Contains("not legal"),
                             IllegalMoveError);
    }

    TEST_CASE("ring capture: one U move, two P paths (variants/russian/RULES.md §3.1)") {
        const auto v = make_variant("russian");
        const char* fen = "B:We5,e3,c3,c5:Bd6";
        CHECK(tgtest::count(*v, fen, Duplicates::unique) == 1);
        CHECK(tgtest::count(*v, fen, Duplicates::all_paths) == 2);
        // The U move is written with the lexicographically smaller landing sequence (vertex
        // numbers): d6 -> b4 (17) before d6 -> f4 (19).
        CHECK(tgtest::moves(*v, fen) == std::vector<std::string>{"d6:b4:d2:f4:d6"});
    }
}
