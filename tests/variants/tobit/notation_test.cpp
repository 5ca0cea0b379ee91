// Tobit notation (variants/tobit/RULES.md §6.4), position strings, rule options (§8, §9) and bad
// input.
#include <doctest/doctest.h>

#include <string>

#include "support/conformance.hpp"
#include "support/helpers.hpp"
#include "variants/tobit/support.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/error.hpp"

using namespace tradgames;

namespace {

std::string normalised(const Variant& v, const char* fen, const char* text,
                       Duplicates dup = Duplicates::unique) {
    const Position p = v.parse_position(fen);
    return v.move_to_string(p, v.parse_move(p, text, dup));
}

}  // namespace

TEST_SUITE("tobit") {
    TEST_CASE("6.4 notation: turning points only, expanded paths and 'x' accepted") {
        const auto v = make_variant("tobit");
        const Position start = v->initial_position();
        CHECK(v->move_to_string(start, v->parse_move(start, "7-14")) == "7-14");
        // T7: the seed's examples.
        CHECK(normalised(*v, "W:W8:B15", "8:22") == "8:22");
        CHECK(normalised(*v, "W:W8:B15", "8x22") == "8:22");
        CHECK(normalised(*v, "W:W7:B14,22,30", "7:21:23:36") == "7:21:23:36");
        CHECK(normalised(*v, "W:W7:B14,22,30", "7x21x23x36") == "7:21:23:36");
        CHECK(normalised(*v, "W:W7:B14,22,30", "7:36") == "7:21:23:36");
        // T8: a hul's straight double jump is written with its ends; the expanded path is read.
        CHECK(normalised(*v, "W:W8:B15,21,23,29", "8:35") == "8:35");
        CHECK(normalised(*v, "W:W8:B15,21,23,29", "8:22:35") == "8:35");
        CHECK(normalised(*v, "W:W8:B15,21,23,29", "8X22X35") == "8:35");
        CHECK(normalised(*v, "W:W8:B15,21,23,29", "8:22:24") == "8:22:24");
        // A tobit's long leaps (T11) and a loop through the start point.
        CHECK(normalised(*v, "W:WK7:B21", "7:34") == "7:34");
        const char* ring = "W:W15:B14,16,22,24,30";
        CHECK(normalised(*v, ring, "15:17:31:29:15:13") == "15:17:31:29:15:13");
        // The other orientation has the same result: U answers with the canonical path, P
        // with the path written (its expanded form lists the straight-through 15).
        CHECK(normalised(*v, ring, "15:29:31:17:15:13") == "15:17:31:29:15:13");
        CHECK(normalised(*v, ring, "15:29:31:17:15:13", Duplicates::all_paths) ==
              "15:29:31:17:13");
        CHECK(normalised(*v, ring, "15:29:31:17:13", Duplicates::all_paths) == "15:29:31:17:13");
    }

    TEST_CASE("removal=immediate: a path landing where it captured earlier reads back") {
        // The tobit on 14 takes 29 on its second leap (28:32) and lands on 29 with its last
        // (15:29, taking 22): the written landing 29 is a captured point.
        const auto v = make_variant("tobit", {"removal=immediate"});
        const char* fen = "W:WK3,K10,K14:BK2,K11,K17,21,22,K24,K25,K29,K33,34,37,38";
        CHECK(normalised(*v, fen, "14:28:32:18:15:29") == "14:28:32:18:15:29");
        CHECK(normalised(*v, fen, "14:28:32:18:15:35") == "14:28:32:18:15:35");
        tgtest::check_position(*v, v->parse_position(fen));
    }

    TEST_CASE("move parsing: illegal and malformed text") {
        const auto v = make_variant("tobit");
        const Position start = v->initial_position();
        CHECK_THROWS_AS((void)v->parse_move(start, "7-15"), IllegalMoveError);   // not a line
        CHECK_THROWS_AS((void)v->parse_move(start, "1-7"), IllegalMoveError);    // occupied
        CHECK_THROWS_AS((void)v->parse_move(start, "12-13"), IllegalMoveError);  // G1: no link
        CHECK_THROWS_WITH_AS((void)v->parse_move(start, "7-39"),
                             doctest::Contains("unknown square '39'"), ParseError);
        CHECK_THROWS_AS((void)v->parse_move(start, "7"), ParseError);
        CHECK_THROWS_AS((void)v->parse_move(start, "7--14"), ParseError);
        // T3: the capture is compulsory, the quiet move illegal; T8: a capture must finish.
        const Position t3 = v->parse_position("W:W1-8,10-12,16:B23,27-29,31-38");
        CHECK_THROWS_WITH_AS((void)v->parse_move(t3, "16-17"), doctest::Contains("not legal"),
                             IllegalMoveError);
        const Position t8 = v->parse_position("W:W8:B15,21,23,29");
        CHECK_THROWS_AS((void)v->parse_move(t8, "8:22"), IllegalMoveError);
    }

    TEST_CASE("position strings: ranges, K for a tobit, round trip") {
        const auto v = make_variant("tobit");
        const Position start = v->initial_position();
        CHECK(v->position_to_string(start) == "W:W1-12:B27-38");
        CHECK(v->parse_position("W:W1-12:B27-38") == start);
        CHECK(v->parse_position(
                  "W:W1,2,3,4,5,6,7,8,9,10,11,12:B38,37,36,35,34,33,32,31,30,29,28,27") == start);
        CHECK(v->parse_position(" W:W1-12:B27-38. ") == start);
        const Position p = v->parse_position("B:W1,2,3,K4,5,6,7,K36:BK13,20");
        CHECK(p.side_to_move() == Color::black);
        CHECK(count(p.pieces(Color::white, tobit::tobit)) == 2);
        CHECK(count(p.pieces(Color::white, tobit::hul)) == 6);
        CHECK(p.at(12) == Piece(Color::black, tobit::tobit));
        CHECK(v->position_to_string(p) == "B:W1-3,K4,5-7,K36:BK13,20");
        CHECK(v->position_to_string(v->parse_position("W:W:B")) == "W:W:B");

        const auto small = make_variant("tobit-4x4");
        CHECK(small->position_to_string(small->initial_position()) == "W:W1-10:B23-32");
    }

    TEST_CASE("position strings: bad input names the problem") {
        const auto v = make_variant("tobit");
        const auto small = make_variant("tobit-4x4");
        auto message = [](const Variant& var, const char* fen) {
            try {
                (void)var.parse_position(fen);
            } catch (const Error& e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        };
        CHECK(message(*v, "W:W39:B") == "position 'W:W39:B': unknown point '39' (tobit has "
                                        "points 1..38) at offset 3");
        CHECK(message(*v, "W:W0:B").find("unknown point '0'") != std::string::npos);
        CHECK(message(*small, "W:W33:B").find("(tobit-4x4 has points 1..32)") != std::string::npos);
        CHECK(message(*v, "W:W7,7:B").find("point 7 used twice") != std::string::npos);
        CHECK(message(*v, "W:W7:BK7").find("point 7 used twice") != std::string::npos);
        CHECK(message(*v, "W:W36:B").find("white hul on 36, its own promotion point") !=
              std::string::npos);
        CHECK(message(*v, "B:W:B3").find("black hul on 3, its own promotion point") !=
              std::string::npos);
        CHECK(message(*small, "W:W29:B").find("white hul on 29") != std::string::npos);
        CHECK(message(*small, "W:W33:B").find("unknown point '33'") != std::string::npos);
        CHECK(message(*v, "W:W1-13:B").find("more than 12 white pieces") != std::string::npos);
        CHECK(message(*small, "W:W:B20-30").find("more than 10 black pieces") != std::string::npos);
        CHECK(message(*v, "W:WQ7:B") == "position 'W:WQ7:B': unknown piece prefix 'Q' at offset 3 "
                                        "(only K for a tobit)");
        CHECK(message(*v, "W:W7:B:H0").find("unknown field 'H0'") != std::string::npos);
        CHECK(message(*v, "X:W7:B").find("side to move") != std::string::npos);
        CHECK(message(*v, "W:W7-:B").find("malformed range") != std::string::npos);
        CHECK(message(*v, "").find("empty") != std::string::npos);
        CHECK_THROWS_AS((void)v->parse_position("W:W39:B"), ParseError);
        CHECK_THROWS_AS((void)v->parse_position("W:W36:B"), PositionError);
        // Legal although unusual: a tobit anywhere, a hul on the opponent's promotion points
        // (its own side's line ends), a side without pieces.
        CHECK(message(*v, "W:WK36,1:B38") == "accepted");
        CHECK(message(*v, "W:W1-12:B") == "accepted");
    }

    TEST_CASE("rule options: declared with the defaults of variants/tobit/RULES.md §8") {
        const auto specs = variant_options("tobit");
        const std::vector<std::pair<std::string, std::string>> expected = {
            {"tobit_capture", "flying"},         {"removal", "end_of_move"},
            {"no_180_turn", "false"},            {"promote_continue", "true"},
            {"majority_capture", "false"},       {"tobit_reverts_off_back_row", "false"},
            {"repetition_draw", "3"},            {"no_progress_draw_moves", "15"},
            {"bare_draw", "false"},              {"ply_cap", "0"},
        };
        REQUIRE(specs.size() == expected.size());
        for (std::size_t i = 0; i < specs.size(); ++i) {
            CAPTURE(specs[i].name);
            CHECK(specs[i].name == expected[i].first);
            CHECK(specs[i].default_value == expected[i].second);
            CHECK_FALSE(specs[i].help.empty());
        }
        CHECK(variant_options("tobit-4x4").size() == specs.size());
        CHECK(specs[0].choices ==
              std::vector<std::string>{"flying", "flying_adjacent_landing", "short"});
    }

    TEST_CASE("rule options: the capture rules and the game-end rules they give") {
        const auto dflt = make_variant("tobit");
        const auto& t = dynamic_cast<const tobit::Tobit&>(*dflt);
        CHECK(t.capture_rules().kinds[tobit::tobit].leap == Leap::long_leap);
        CHECK(t.capture_rules().kinds[tobit::tobit].landing == Landing::continuing);
        CHECK(t.capture_rules().removal == Removal::end_of_move);
        CHECK(t.descriptor().draws.repetition == 3);
        CHECK(t.descriptor().draws.no_progress_moves == 15);
        CHECK_FALSE(t.descriptor().draws.bare);
        CHECK(t.descriptor().draws.ply_cap == 0);

        const auto set =
            make_variant("tobit-4x4", {"repetition_draw=0", "no_progress_draw_moves=25",
                                       "bare_draw=true", "ply_cap=400", "removal=immediate"});
        const auto& s = dynamic_cast<const tobit::Tobit&>(*set);
        CHECK(s.descriptor().draws.repetition == 0);
        CHECK(s.descriptor().draws.no_progress_moves == 25);
        CHECK(s.descriptor().draws.bare);
        CHECK(s.descriptor().draws.ply_cap == 400);
        CHECK(s.capture_rules().removal == Removal::immediate);
    }

    TEST_CASE("rule options: bad values are rejected naming the option") {
        auto message = [](std::vector<std::string> opts) {
            try {
                (void)make_variant("tobit", opts);
            } catch (const OptionError& e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        };
        CHECK(message({"tobit_capture=long"}).find(
                  "'long' is not one of: flying, flying_adjacent_landing, short") !=
              std::string::npos);
        CHECK(message({"removal=later"}).find("option 'removal'") != std::string::npos);
        CHECK(message({"majority_capture=maybe"}).find("not a boolean") != std::string::npos);
        CHECK(message({"repetition_draw=-1"}).find("outside 0..100") != std::string::npos);
        CHECK(message({"repetition_draw=1"}).find("would end every game at once") !=
              std::string::npos);
        CHECK(message({"board=4x4"}).find("unknown rule option 'board'") != std::string::npos);
        CHECK(message({"no_180_turn=true", "promote_continue=false"}) == "accepted");
    }
}
