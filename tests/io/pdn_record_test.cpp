// PDN records as trees (python-chess's chess.pgn shape): comments, NAGs and variations kept,
// written back byte for byte from the canonical form and equal as trees from any form, the
// position at any node, and malformed input (nesting, unclosed comment or variation) giving
// errors that name the game and the line.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

namespace {

// Hand-written: nested variations (two levels), comments before the first move, after moves, at
// the start of a variation, NAGs, a strength suffix, a tag with an escaped quote.
const std::string canonical =
    "[Event \"Club \\\"A\\\" 2026\"]\n"
    "[White \"Ivanov\"]\n"
    "[Black \"Petrov\"]\n"
    "[GameType \"25\"]\n"
    "[Result \"2-0\"]\n"
    "\n"
    "{The opening} 1. c3-d4 $1 {the centre} f6-g5 (1... f6-e5 $2 {offers a man}\n"
    "2. d4:f6 g7:e5 (2... e7:g5 $6 3. g3-h4 (3. b2-c3 {quiet}) 3... d6-e5?) 3. b2-c3)\n"
    "2. g3-f4! {good} (2. b2-c3 $10) g7-f6 3. b2-c3 2-0\n";

/// A record with every line number zeroed, for comparing trees read from different texts.
PdnRecord unlined(PdnRecord r) {
    r.line = 0;
    r.index = 0;
    for (auto& n : r.nodes) n.line = 0;
    return r;
}

bool same_tree(const PdnRecord& a, const PdnRecord& b) {
    const PdnRecord x = unlined(a);
    const PdnRecord y = unlined(b);
    if (x.tags.size() != y.tags.size() || x.nodes.size() != y.nodes.size() || x.result.text != y.result.text) return false;
    for (std::size_t i = 0; i < x.tags.size(); ++i) {
        if (x.tags[i].name != y.tags[i].name || x.tags[i].value != y.tags[i].value) return false;
    }
    for (std::size_t i = 0; i < x.nodes.size(); ++i) {
        const PdnNode& p = x.nodes[i];
        const PdnNode& q = y.nodes[i];
        if (p.parent != q.parent || p.variations != q.variations || p.move != q.move || p.suffix != q.suffix ||
            p.number != q.number || p.nags != q.nags || p.starting_comments != q.starting_comments ||
            p.comments != q.comments) {
            return false;
        }
    }
    return true;
}

std::string record_error(const std::string& text) {
    try {
        (void)read_pdn_records(text);
    } catch (const PdnError& e) {
        return e.what();
    }
    return "";
}

/// The moves from the root to `node`, as written.
std::vector<std::string> moves_to(const PdnRecord& r, std::size_t node) {
    std::vector<std::string> m;
    for (const std::size_t n : r.path(node)) m.push_back(r.nodes[n].move);
    return m;
}

}  // namespace

TEST_SUITE("io") {
    TEST_CASE("PDN record tree: a hand-written record is read as a tree and written back byte for byte") {
        const auto records = read_pdn_records(canonical);
        REQUIRE(records.size() == 1);
        const PdnRecord& r = records[0];
        CHECK(*r.tag("event") == "Club \"A\" 2026");
        CHECK(r.result.text == "2-0");
        CHECK(r.nodes[0].comments == std::vector<std::string>{"The opening"});
        // The main line.
        std::vector<std::string> main;
        for (const std::size_t n : r.mainline()) main.push_back(r.nodes[n].move);
        CHECK(main == std::vector<std::string>{"c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3"});
        const std::vector<std::size_t> ml = r.mainline();
        const PdnNode& first = r.nodes[ml[0]];
        CHECK(first.number == "1.");
        CHECK(first.nags == std::vector<int>{1});
        CHECK(first.comments == std::vector<std::string>{"the centre"});
        CHECK(r.nodes[ml[2]].suffix == "!");
        CHECK(r.nodes[ml[2]].comments == std::vector<std::string>{"good"});
        // 1... f6-g5 has one alternative, 1... f6-e5, with a variation inside it at 2... and one
        // inside that at 3.
        const PdnNode& after1 = r.nodes[ml[0]];
        REQUIRE(after1.variations.size() == 2);
        const std::size_t alt = after1.variations[1];
        CHECK(r.nodes[alt].move == "f6-e5");
        CHECK(r.nodes[alt].number == "1...");
        CHECK(r.nodes[alt].nags == std::vector<int>{2});
        CHECK(r.nodes[alt].comments == std::vector<std::string>{"offers a man"});
        const std::size_t d4f6 = r.nodes[alt].variations.at(0);
        const std::size_t g7e5 = r.nodes[d4f6].variations.at(0);
        REQUIRE(r.nodes[d4f6].variations.size() == 2);
        const std::size_t e7g5 = r.nodes[d4f6].variations[1];
        CHECK(r.nodes[e7g5].nags == std::vector<int>{6});
        const std::size_t g3h4 = r.nodes[e7g5].variations.at(0);
        REQUIRE(r.nodes[e7g5].variations.size() == 2);  // 3. g3-h4 and its alternative (3. b2-c3)
        REQUIRE(r.nodes[g3h4].variations.size() == 1);
        const std::size_t d6e5 = r.nodes[g3h4].variations[0];
        CHECK(r.nodes[d6e5].suffix == "?");
        CHECK(r.nodes[d6e5].number == "3...");
        // The depth-2 variation (3. b2-c3 {quiet}) is an alternative to 3. g3-h4.
        const PdnNode& quiet = r.nodes[r.nodes[e7g5].variations[1]];
        CHECK(quiet.move == "b2-c3");
        CHECK(quiet.comments == std::vector<std::string>{"quiet"});
        CHECK(quiet.variations.empty());
        CHECK(r.nodes[g3h4].parent == e7g5);
        CHECK(r.nodes[ml[3]].move == "g7-f6");
        REQUIRE(r.nodes[ml[2]].variations.size() == 1);
        CHECK(r.nodes[r.nodes[ml[1]].variations[1]].move == "b2-c3");
        CHECK(r.nodes[r.nodes[ml[1]].variations[1]].nags == std::vector<int>{10});
        CHECK(r.nodes[g7e5].move == "g7:e5");
        CHECK(moves_to(r, d6e5) == std::vector<std::string>{"c3-d4", "f6-e5", "d4:f6", "e7:g5", "g3-h4", "d6-e5"});

        // Written back unchanged.
        CHECK(write_pdn_record(r) == canonical);

        // The main line as read_pdn gives it.
        const PdnGame g = r.game();
        const auto flat = read_pdn(canonical);
        REQUIRE(flat.size() == 1);
        REQUIRE(g.moves.size() == flat[0].moves.size());
        for (std::size_t i = 0; i < g.moves.size(); ++i) {
            CHECK(g.moves[i].text == flat[0].moves[i].text);
            CHECK(g.moves[i].number == flat[0].moves[i].number);
            CHECK(g.moves[i].line == flat[0].moves[i].line);
        }
    }

    TEST_CASE("PDN record tree: the board at any node") {
        const PdnRecord r = read_pdn_records(canonical).at(0);
        auto v = make_variant("russian");
        // Root: the initial position.
        CHECK(pdn_record_game(r, 0, v).position() == v->initial_position());
        // 1. c3-d4 f6-e5 2. d4:f6 e7:g5 3. g3-h4 d6-e5?: worked out by hand (f6-e5 taken by
        // d4:f6, which e7:g5 takes).
        std::size_t n = r.mainline()[0];
        n = r.nodes[n].variations[1];                          // 1... f6-e5
        n = r.nodes[n].variations[0];                          // 2. d4:f6
        n = r.nodes[n].variations[1];                          // 2... e7:g5
        n = r.nodes[n].variations[0];                          // 3. g3-h4
        const std::size_t last = r.nodes[n].variations[0];     // 3... d6-e5
        const Game g = pdn_record_game(r, last, v);
        CHECK(g.ply() == 6);
        CHECK(g.position() == v->parse_position("W:Wa1,a3,b2,c1,d2,e1,e3,f2,g1,h2,h4:"
                                                "Ba7,b6,b8,c7,d8,e5,f8,g5,g7,h6,h8"));
        // The main line's end equals replaying the flat record.
        const std::size_t end = r.mainline().back();
        Game flat = pdn_start(r.game(), v);
        play_pdn(r.game(), flat);
        CHECK(pdn_record_game(r, end, v).position() == flat.position());
        // A node whose move is illegal names the move and its line.
        PdnRecord bad = r;
        const std::size_t x = bad.add_variation(0, "a3-a5");
        try {
            (void)pdn_record_game(bad, x, v);
            FAIL("an illegal move was played");
        } catch (const IllegalMoveError& e) {
            CHECK(std::string(e.what()).find("move 1. 'a3-a5'") != std::string::npos);
        }
        CHECK_THROWS_AS((void)pdn_record_game(r, r.nodes.size(), v), std::out_of_range);
    }

    TEST_CASE("PDN record tree: any form is read, written and read back as the same tree") {
        // ';' comments, strength marks standing apart and in parentheses, comments after a
        // variation and between a number and its move, CRLF, "1. ..." numbering, no tags.
        const std::string loose =
            "[Event \"x\"]\r\n\r\n; a line comment {with a brace}\r\n"
            "1.c3-d4 !? {a} f6-g5(?) ( 1. ... f6-e5 {b} ) {after the variation} 2. {mid} g3-f4\n"
            "$14 $15 ; to the end\n h6-h5 ( {starts} 2... g5-h4 ( 2... b6-a5 ) ) 1-1\n"
            "1. a3-b4 0-2\n";
        const auto first = read_pdn_records(loose);
        REQUIRE(first.size() == 2);
        const PdnRecord& r = first[0];
        CHECK(r.nodes[0].comments == std::vector<std::string>{" a line comment {with a brace}"});
        const auto ml = r.mainline();
        CHECK(r.nodes[ml[0]].nags == std::vector<int>{5});
        CHECK(r.nodes[ml[1]].suffix == "(?)");
        CHECK(r.nodes[r.nodes[ml[0]].variations[1]].number == "1. ...");
        CHECK(r.nodes[ml[1]].comments == std::vector<std::string>{"after the variation", "mid"});
        CHECK(r.nodes[ml[2]].nags == std::vector<int>{14, 15});
        CHECK(r.nodes[ml[2]].comments == std::vector<std::string>{" to the end"});
        const std::size_t alt = r.nodes[ml[2]].variations.at(1);
        CHECK(r.nodes[alt].starting_comments == std::vector<std::string>{"starts"});
        CHECK(r.nodes[ml[2]].variations.size() == 3);  // h6-h5, g5-h4, b6-a5 (nested: an alternative to g5-h4)
        std::string text;
        for (const auto& rec : first) text += write_pdn_record(rec) + "\n";
        const auto second = read_pdn_records(text);
        REQUIRE(second.size() == 2);
        CHECK(same_tree(first[0], second[0]));
        CHECK(same_tree(first[1], second[1]));
        CHECK(write_pdn_record(second[0]) == write_pdn_record(first[0]));  // canonical: a fixed point
        // A record made by a program is written and read back the same.
        PdnRecord made;
        made.tags = {{"Event", "made"}};
        made.result = *parse_pdn_result("*");
        const std::size_t a = made.add_variation(0, "c3-d4");
        made.nodes[a].number = "1.";
        made.nodes[a].comments = {"a } brace"};
        const std::size_t b = made.add_variation(0, "c3-b4");
        made.nodes[b].number = "1.";
        made.nodes[b].nags = {3};
        const auto back = read_pdn_records(write_pdn_record(made));
        REQUIRE(back.size() == 1);
        CHECK(same_tree(back[0], made));
    }

    TEST_CASE("PDN record tree: streamed in small chunks equals the string") {
        std::string text;
        for (int i = 0; i < 5; ++i) text += canonical + "\n";
        const auto whole = read_pdn_records(text);
        std::istringstream in(text);
        PdnRecordReader reader(in, 7);
        std::size_t k = 0;
        while (auto r = reader.next()) {
            REQUIRE(k < whole.size());
            CHECK(same_tree(*r, whole[k]));
            CHECK(r->nodes[3].line == whole[k].nodes[3].line);
            ++k;
        }
        CHECK(k == 5);
    }

    TEST_CASE("PDN record tree: malformed input gives one error naming game and line") {
        // Nesting: 65 levels refused, 64 accepted; 100,000 levels refused without recursion.
        // (Moves are not checked when a tree is read: "b4" stands for any move, to stay far
        // below the reader's 1 MiB a game with 100,000 levels.)
        auto nested = [](int levels) {
            std::string t = "1. c3-d4";
            for (int i = 0; i < levels; ++i) t += " (b4";
            for (int i = 0; i < levels; ++i) t += ")";
            return t + " *\n";
        };
        CHECK(record_error(nested(64)).empty());
        CHECK(record_error(nested(65)) == "game 1, line 1: variations nested deeper than 64 levels");
        CHECK(record_error(nested(100000)) == "game 1, line 1: variations nested deeper than 64 levels");
        CHECK(record_error("[White \"A\"]\n\n1. c3-d4 {never closed\n2-0\n") ==
              "game 1 (A – ?), line 3: comment '{' opened on line 3 is not closed before the end of the input");
        CHECK(record_error("1. c3-d4\n(1. c3-b4\n2-0\n") ==
              "game 1, line 3: result '2-0' inside a variation ('(' not closed)");
        CHECK(record_error("1. c3-d4 (1. c3-b4\n") ==
              "game 1, line 2: variation '(' not closed before the end of the input");
        CHECK(record_error("1. c3-d4\n( {nothing} ) 2-0\n") ==
              "game 1, line 2: empty variation: '(' on line 2 holds no move");
        CHECK(record_error("(1. c3-d4) 2-0\n") == "game 1, line 1: variation '(' before any move of its line");
        CHECK(record_error("$3 1. c3-d4 2-0\n") == "game 1, line 1: NAG '$3' before any move of its line");
        CHECK(record_error("1. c3-d4 !!! 2-0\n") == "game 1, line 1: annotation '!!!' is not a NAG");
        // After a bad game the reader goes on with the next.
        PdnRecordReader r("1. c3-d4 ((1. a3-b4)) 2-0\n1. c3-d4 2-0\n");
        CHECK_THROWS_AS(r.next(), PdnError);
        auto next = r.next();
        REQUIRE(next.has_value());
        CHECK(next->index == 2);
        // Records made by a program are checked before writing.
        PdnRecord bad;
        const std::size_t n = bad.add_variation(0, "c3-d4");
        bad.nodes[n].move = "c3 d4";
        CHECK_THROWS_WITH_AS((void)write_pdn_record(bad), "PDN record, node 1: move 'c3 d4' is not one word", PdnError);
        bad.nodes[n].move = "c3-d4";
        bad.nodes[n].comments = {"a}\nb"};
        CHECK_THROWS_AS((void)write_pdn_record(bad), PdnError);
        bad.nodes[n].comments.clear();
        bad.nodes[0].variations.push_back(n);
        CHECK_THROWS_WITH_AS((void)write_pdn_record(bad), "PDN record, node 0: variation 1 listed twice", PdnError);
    }
}
