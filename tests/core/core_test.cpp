// Core: board graph, topology, options, FEN splitting, random generator.
#include <doctest/doctest.h>

#include <sstream>

#include "tradgames/registry.hpp"
#include "tradgames/board_graph.hpp"
#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"
#include "tradgames/game.hpp"
#include "tradgames/options.hpp"
#include "tradgames/random.hpp"
#include "tradgames/topology.hpp"

using namespace tradgames;

namespace {
// A 3x1 line a-b-c with a branch d above b.
BoardGraph tee() {
    BoardGraph g;
    for (const char* n : {"a", "b", "c", "d"}) g.add_vertex({n, {}, 0, 0, 0});
    g.add_link(0, 1, Direction::e);
    g.add_link(1, 2, Direction::e);
    g.add_link(1, 3, Direction::n);
    return g;
}
}  // namespace

TEST_SUITE("core") {
    TEST_CASE("board graph: links are symmetric, duplicates rejected") {
        BoardGraph g = tee();
        CHECK(g.vertex_count() == 4);
        CHECK_THROWS_AS(g.add_link(0, 1, Direction::e), BoardError);
        CHECK_THROWS_AS(g.add_link(2, 1, Direction::w), BoardError);  // b already has a w link
        CHECK_THROWS_AS(g.add_link(0, 0, Direction::n), BoardError);
        CHECK_THROWS_AS(g.add_link(0, 9, Direction::n), BoardError);
        std::ostringstream dot;
        g.write_graphviz(dot);
        CHECK(dot.str().find("label=\"ne\"") == std::string::npos);
        CHECK(dot.str().find("label=\"e\"") != std::string::npos);
    }

    TEST_CASE("topology: neighbours, rays, names") {
        const Topology t(tee());
        CHECK(t.size() == 4);
        CHECK(t.all() == 0xF);
        CHECK(t.neighbour(0, Direction::e) == 1);
        CHECK(t.neighbour(1, Direction::w) == 0);
        CHECK(t.neighbour(3, Direction::s) == 1);
        CHECK(t.neighbour(0, Direction::n) == no_vertex);
        const auto r = t.ray(0, Direction::e);
        REQUIRE(r.size() == 2);
        CHECK(r[0] == 1);
        CHECK(r[1] == 2);
        CHECK(t.ray(3, Direction::s).size() == 1);  // d-b, the line stops at b
        CHECK(t.find("C") == Vertex{2});
        CHECK_FALSE(t.find("e").has_value());
        CHECK(t.line_direction(0, 2) == Direction::e);
        CHECK_FALSE(t.line_direction(0, 3).has_value());
        CHECK(t.directions(1) == dirs(Direction::e, Direction::w, Direction::n));
    }

    TEST_CASE("topology: too many vertices, duplicate names") {
        BoardGraph g;
        for (int i = 0; i < max_vertices; ++i) g.add_vertex({std::to_string(i), {}, 0, 0, 0});
        CHECK_THROWS_AS(g.add_vertex({"last", {}, 0, 0, 0}), BoardError);
        BoardGraph h;
        h.add_vertex({"a", {}, 0, 0, 0});
        h.add_vertex({"b", {"A"}, 0, 0, 0});
        CHECK_THROWS_AS(Topology(std::move(h)), BoardError);
    }

    TEST_CASE("rule options: types, defaults and errors") {
        RuleOptions o({{"flag", OptionType::boolean, "false", {}, 0, 0, "a flag"},
                       {"n", OptionType::integer, "15", {}, 0, 100, "a number"},
                       {"mode", OptionType::choice, "a", {"a", "b"}, 0, 0, "a choice"}});
        CHECK(o.all_default());
        CHECK_FALSE(o.flag("flag"));
        o.set("flag=on");
        CHECK(o.flag("flag"));
        o.set("n", "30");
        CHECK(o.integer("n") == 30);
        o.set("mode=b");
        CHECK(o.choice("mode") == "b");
        CHECK_FALSE(o.all_default());
        CHECK_THROWS_WITH_AS(o.set("nope=1"), doctest::Contains("unknown rule option 'nope'"),
                             OptionError);
        CHECK_THROWS_WITH_AS(o.set("n=101"), doctest::Contains("outside 0..100"), OptionError);
        CHECK_THROWS_WITH_AS(o.set("n=1x"), doctest::Contains("not a whole number"), OptionError);
        CHECK_THROWS_WITH_AS(o.set("mode=c"), doctest::Contains("not one of: a, b"), OptionError);
        CHECK_THROWS_WITH_AS(o.set("flag=maybe"), doctest::Contains("not a boolean"), OptionError);
        CHECK_THROWS_WITH_AS(o.set("flag"), doctest::Contains("expected key=value"), OptionError);
    }

    TEST_CASE("FEN splitting: ranges, prefixes, fields") {
        const FenText f = split_fen("B:WK3,1-2:B:TWB:E22");
        CHECK(f.side == Color::black);
        REQUIRE(f.pieces.size() == 3);
        CHECK(f.pieces[0].prefix == "K");
        CHECK(f.pieces[0].square == "3");
        CHECK(f.pieces[2].square == "2");
        REQUIRE(f.fields.size() == 2);
        CHECK(f.fields[0].letter == 'T');
        CHECK(f.fields[0].value == "WB");
        CHECK(join_numbered({{"K", 53}, {"", 46}, {"", 47}, {"", 48}, {"", 50}, {"", 51}}) ==
              "K53,46-48,50,51");
        CHECK_THROWS_AS((void)split_fen("W:W1-"), ParseError);
        CHECK_THROWS_AS((void)split_fen("W:W\x01"), ParseError);
        // Clock fields (lidraughts' H0:F1) are whole numbers.
        CHECK(split_fen("W:W1:B2:H0:F12").fields.size() == 2);
        CHECK_THROWS_WITH_AS((void)split_fen("W:W1:B2:Hx"),
                             doctest::Contains("field H: expected a whole number, not 'x'"), ParseError);
        CHECK_THROWS_AS((void)split_fen("W:W1:B2:F"), ParseError);
        CHECK_THROWS_AS((void)split_fen("W:W1:B2:F-3"), ParseError);
    }

    TEST_CASE("FEN grammar (fen.hpp): upper-case side, numbers without leading zeros, clocks once and in range") {
        auto error = [](std::string_view text) {
            try {
                (void)split_fen(text);
            } catch (const ParseError& e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        };
        CHECK(error("w:W1:B2") == "position 'w:W1:B2': side to move must be W or B (upper case), not 'w' at offset 0");
        CHECK(error("b:W1:B2").find("not 'b'") != std::string::npos);
        // One rule for numbers, in single squares and in ranges alike.
        CHECK(error("W:W021:B") == "position 'W:W021:B': square number '021' has a leading zero at offset 3");
        CHECK(error("W:W21-0032:B") == "position 'W:W21-0032:B': malformed range '21-0032': number '0032' has a leading zero at offset 3");
        CHECK(error("W:W01-3:B").find("number '01' has a leading zero") != std::string::npos);
        CHECK(error("W:W12345-12346:B").find("number '12345' has more than 4 digits") != std::string::npos);
        CHECK(error("W:W5-3:B").find("malformed range '5-3': it runs backwards") != std::string::npos);
        CHECK(error("W:W1-65:B").find("malformed range '1-65': more than 64 squares") != std::string::npos);
        CHECK(split_fen("W:W21-32:B1-12").pieces.size() == 24);
        CHECK(split_fen("W:W0:B").pieces.at(0).square == "0");  // "0" is a number (the variant rejects the square)
        // Clocks: at most once each, H 0..9999, F 1..9999, no leading zero.
        CHECK(error("W:W1:B2:H0:F1") == "accepted");
        CHECK(error("W:W1:B2:H9999:F9999") == "accepted");
        CHECK(error("W:W1:B2:H1:H2") == "position 'W:W1:B2:H1:H2': field H given twice at offset 11");
        CHECK(error("W:W1:B2:F1:F1").find("field F given twice") != std::string::npos);
        CHECK(error("W:W1:B2:F0").find("field F: 0 is out of range 1..9999") != std::string::npos);
        CHECK(error("W:W1:B2:H10000").find("field H: number '10000' has more than 4 digits") != std::string::npos);
        CHECK(error("W:W1:B2:H007").find("field H: number '007' has a leading zero") != std::string::npos);
        CHECK(error("W:W1:B2:H99999999999999999999").find("more than 4 digits") != std::string::npos);
        // Found by tests/fuzz/fuzz_position: an algebraic square with a huge rank number threw
        // std::out_of_range ("stoi") instead of a ParseError.
        const auto russian = make_variant("russian");
        CHECK_THROWS_WITH_AS((void)russian->parse_position("W:WKa1:Bc3,f4999999999999999999999"),
                             doctest::Contains("unknown square 'f4999999999999999999999'"), ParseError);
    }

    TEST_CASE("Fuzz findings (tests/fuzz): each input that broke a property, now a test") {
        // fuzz_position: a batyr's capture through 9 landings passes more squares than a move
        // has jumps; its own notation did not read back ("not legal").
        const auto shatra = make_variant("shatra");
        const Position p = shatra->parse_position("W:WK50,Q7,Y25:BK61,8,48,30,43,15,14,4,41,34,26,20");
        const Move m = shatra->parse_move(p, "7:23:47:19:51:16:40:53:10:5");
        CHECK(shatra->move_to_string(p, m) == "7:23:47:19:51:16:40:53:10:5");
        CHECK(m.captured.size() == 9);
        // fuzz_descriptor: a number too large for JSON's integers escaped as nlohmann's
        // out_of_range instead of a DescriptorError.
        CHECK_THROWS_WITH_AS((void)make_variant_from_json("{\"base\": 7000000000102e46341592710461666}", {}, "fuzz"),
                             doctest::Contains("fuzz: malformed JSON"), DescriptorError);
    }

    TEST_CASE("random generator: deterministic and in range") {
        Rng a(7);
        Rng b(7);
        for (int i = 0; i < 100; ++i) {
            const auto x = a.below(10);
            CHECK(x == b.below(10));
            CHECK(x < 10);
        }
    }
}

TEST_SUITE("core") {
    TEST_CASE("Game::set_result takes only a finished result") {
        Game g(make_variant("russian"));
        CHECK_THROWS_AS(g.set_result({Outcome::ongoing, ""}), Error);
        g.set_result({Outcome::black_wins, "resignation"});
        CHECK(g.result().reason == "resignation");
        CHECK(g.legal_moves().empty());
    }
}
