// Draughts descriptors as data: JSON round trips, derived variants ("base"), options as edits,
// validation of every field with messages naming the source and the field, and the per-side
// capture directions (Black's mirrored).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/helpers.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"

using tradgames::DescriptorError;
using tradgames::Duplicates;
using tradgames::read_descriptor;
using tgtest::moves;
using tgtest::sorted;

TEST_SUITE("draughts") {
    TEST_CASE("every built-in descriptor survives a JSON round trip and gives the same variant") {
        int n = 0;
        for (const auto& info : tradgames::list_variants()) {
            if (info.descriptor_json.empty()) continue;  // shatra
            CAPTURE(info.name);
            ++n;
            const auto d = read_descriptor(info.descriptor_json, info.name);
            CHECK(d.name == info.name);
            CHECK(read_descriptor(tradgames::draughts_descriptor_to_json(d), "again") == d);
            const auto a = tradgames::make_variant(info.name);
            const auto b = tradgames::make_variant_from_json(info.descriptor_json);
            CHECK(tgtest::perft(*a, "", 4) == tgtest::perft(*b, "", 4));
            CHECK(tgtest::perft(*a, "", 4, Duplicates::all_paths) ==
                  tgtest::perft(*b, "", 4, Duplicates::all_paths));
            CHECK(a->position_to_string(a->initial_position()) ==
                  b->position_to_string(b->initial_position()));
        }
        CHECK(n >= 10);
    }

    TEST_CASE("a derived variant edits its base: Russian with promotion at the end of the move is pool") {
        // Pool = Russian men and kings, crowned only when the move ends on the far row
        // (variants/pool/RULES.md); the published pool perft (tests/variants/draughts/perft_test.cpp)
        // must come out of Russian's descriptor with that one field changed.
        const auto v = tradgames::make_variant_from_json(
            R"({"base": "russian", "name": "russian-end-promotion",
                "capture": {"promotion": "end_of_move"}})");
        CHECK(v->name() == "russian-end-promotion");
        CHECK(v->pdn_game_type() == 0);  // not the base's game: no GameType of its own
        CHECK(tgtest::perft(*v, "", 8, Duplicates::all_paths) == 929902);
        CHECK(tgtest::perft(*v, "", 8) == 929896);
    }

    TEST_CASE("rule options are descriptor edits") {
        const auto plain = tradgames::make_variant("tobit");
        const auto now = tradgames::make_variant("tobit", {"removal=immediate", "majority_capture=true"});
        const auto& d = dynamic_cast<const tradgames::DraughtsVariant&>(*now).descriptor();
        CHECK(d.removal == tradgames::Removal::immediate);
        REQUIRE(d.precedence.size() == 1);
        CHECK(d.precedence[0] == tradgames::Precedence::most_pieces);
        CHECK(dynamic_cast<const tradgames::DraughtsVariant&>(*plain).descriptor().precedence.empty());
        // The Thai set-up option: 8 men on rows 2-3 by default, 12 on rows 1-3 with the option.
        const auto thai = tradgames::make_variant("thai");
        const auto full = tradgames::make_variant("thai", {"setup=rows_1_3"});
        CHECK(thai->position_to_string(thai->initial_position()) ==
              "W:Wa3,c3,e3,g3,b2,d2,f2,h2:Ba7,c7,e7,g7,b6,d6,f6,h6");
        CHECK(tradgames::count(thai->initial_position().pieces(tradgames::Color::white)) == 8);
        CHECK(tradgames::count(full->initial_position().pieces(tradgames::Color::white)) == 12);
        CHECK_THROWS_AS((void)tradgames::make_variant("thai", {"setup=rows_9"}), tradgames::OptionError);
    }

    TEST_CASE("forward-only captures are mirrored for Black (the defect of issue 9)") {
        // A 10x10 board (numeric: 22 = d6, 28 = e5, 33 = f4, 17 = c7, 39 = g3) with men that capture
        // forward only. Black's forward is towards rank 1: its man on 28 takes 33 (landing on 39),
        // never 22 behind it. White's forward is towards rank 10.
        const auto fwd = tradgames::make_variant_from_json(
            R"({"base": "international", "name": "forward10", "man": {"captures": ["ne", "nw"]}})");
        CHECK(moves(*fwd, "B:W22,33:B28") == sorted({"28x39"}));
        CHECK(moves(*fwd, "W:W33:B28") == sorted({"33x22"}));
        // White's man on 22 may not take 28 backwards: only its steps to 17 and 18 remain.
        CHECK(moves(*fwd, "W:W22:B28") == sorted({"22-17", "22-18"}));
        // International men capture backwards too: both captures for Black.
        const auto intl = tradgames::make_variant("international");
        CHECK(moves(*intl, "B:W22,33:B28") == sorted({"28x17", "28x39"}));
    }

    TEST_CASE("a malformed descriptor is one clear error naming the source and the field") {
        auto error_of = [](const std::string& json) -> std::string {
            try {
                (void)tradgames::make_variant_from_json(json, {}, "my.json");
            } catch (const DescriptorError& e) {
                return e.what();
            }
            return "no error";
        };
        CHECK(error_of(R"({"base": "russian", "name": "x", "board": {"widht": 8}})") ==
              "my.json: field 'board.widht': unknown field (known here: shape, width, height, squares, "
              "orientation, links)");
        CHECK(error_of(R"({"base": "russian", "name": "x", "board": {"width": "8"}})") ==
              "my.json: field 'board.width': expected a whole number, got a string");
        CHECK(error_of(R"({"base": "russian", "name": "x", "board": {"width": 40}})") ==
              "my.json: field 'board.width': 40 is out of range 1..26");
        CHECK(error_of(R"({"base": "russian", "name": "x", "man": {"captures": ["ne", "up"]}})") ==
              "my.json: field 'man.captures': item 1 (\"up\") is not one of n, ne, e, se, s, sw, w, nw");
        CHECK(error_of(R"({"base": "russian", "name": "x", "man": {"steps": ["ne", "ne"]}})") ==
              "my.json: field 'man.steps': item \"ne\" is given twice");
        CHECK(error_of(R"({"base": "russian", "name": "x", "man": {"steps": ["n"]}})") ==
              "my.json: field 'man': uses a direction the board has no links in (board.links)");
        CHECK(error_of(R"({"base": "nosuch", "name": "x"})") ==
              "my.json: field 'base': 'nosuch' is not a draughts variant of this library");
        CHECK(error_of(R"({"base": "russian"})") ==
              "my.json: field 'name': missing: a variant derived from a base needs its own name");
        CHECK(error_of(R"({"base": "russian", "name": "x", "setup": {"rows": 5}})") ==
              "my.json: field 'setup.rows': 5 rows a side do not fit on 8 rows");
        CHECK(error_of(R"({"base": "russian", "name": "x", "draw": {"repetition": 1}})") ==
              "my.json: field 'draw.repetition': 1 would end every game at once; use 0 (off) or at least 2");
        CHECK(error_of(R"({"base": "russian", "name": "x", "options": [{"name": "a", "field": "board.nope"}]})") ==
              "my.json: field 'options[0].field': 'board.nope' is not a boolean, number or word field");
        CHECK(error_of(R"({"base": "tobit", "name": "x", "man": {"captures": ["ne"]}})") ==
              "my.json: field 'board.shape': a chols board has no diagonal links, but a piece uses a "
              "diagonal direction");
        CHECK(error_of(R"({"base": "russian", "name": "x", "board": {"width": 26, "height": 26}})")
                  .rfind("my.json: field 'board': the board has 338 squares; this build holds at most", 0) == 0);
        CHECK(error_of(R"({"base": "russian", "name": "x",)").rfind("my.json: malformed JSON: ", 0) == 0);
        CHECK(error_of(R"([1, 2])") == "my.json: field '(top)': expected an object, got a list");
        CHECK(error_of(R"({"name": "x", "king": {"letter": "k"}})") ==
              "my.json: field 'king.letter': 'k' is not empty or one capital letter");
        CHECK_THROWS_WITH_AS((void)tradgames::make_variant_from_file("/nonexistent/v.json"),
                             "/nonexistent/v.json: cannot open the descriptor file", DescriptorError);
    }

    TEST_CASE("an option of a descriptor variant rejects unknown keys and bad values") {
        CHECK_THROWS_AS((void)tradgames::make_variant("international", {"nosuch=1"}), tradgames::OptionError);
        CHECK_THROWS_AS((void)tradgames::make_variant("international", {"repetition_draw=1"}),
                        tradgames::OptionError);
        CHECK(tradgames::make_variant("international", {"repetition_draw=0"})->game_rules().repetition_draw == 0);
    }

    TEST_CASE("PDN GameType numbers come from the descriptors (PDN 3.0 table)") {
        const std::vector<std::pair<const char*, int>> expected = {
            {"russian", 25}, {"international", 20}, {"english", 21}, {"italian", 22}, {"pool", 23},
            {"spanish", 24}, {"brazilian", 26}, {"czech", 29}, {"thai", 31}, {"tobit", 0}, {"shatra", 0}};
        for (const auto& [name, type] : expected) {
            CAPTURE(name);
            CHECK(tradgames::make_variant(name)->pdn_game_type() == type);
            CHECK(tradgames::variant_info(name).pdn_game_type == type);
        }
        CHECK(tradgames::variant_info("checkers").name == "english");
    }
}
