// Hostile descriptors (issue 32): deep nesting, huge numbers, option names and patches that
// could never work. Each is one short error naming the file and the field, never a crash.
#include <doctest/doctest.h>

#include <string>

#include "tradgames/error.hpp"
#include "tradgames/json_limits.hpp"
#include "tradgames/registry.hpp"

namespace {

std::string error_of(const std::string& json, const std::vector<std::string>& options = {}) {
    try {
        (void)tradgames::make_variant_from_json(json, options, "d.json");
    } catch (const tradgames::Error& e) {
        return e.what();
    }
    return "no error";
}

std::string nested(std::size_t n) { return std::string(n, '[') + std::string(n, ']'); }

}  // namespace

TEST_SUITE("hostile descriptors") {
    TEST_CASE("nesting 100,000 deep is refused before parsing, in every field that takes a list or object") {
        const std::string deep = nested(100000);
        for (const std::string& json :
             {R"({"base":"russian","name":"x","man":{"steps":)" + deep + "}}",
              R"({"base":"russian","name":"x","capture":{"precedence":)" + deep + "}}",
              R"({"base":"russian","name":"x","king":{"victims":)" + deep + "}}",
              R"({"base":"russian","name":"x","options":[{"name":"a","default":"x","choices":{"x":)" + deep + "}}]}"}) {
            const std::string e = error_of(json);
            CHECK(e.rfind("d.json: nested more than 64 levels deep (line 1, byte ", 0) == 0);
            CHECK(e.size() < 100);
        }
        // 64 levels pass the scan and meet the field check; brackets inside strings do not count.
        CHECK(error_of(R"({"base":"russian","name":"x","man":{"steps":)" + nested(62) + "}}") ==
              "d.json: field 'man.steps': item 0 ([[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...) "
              "is not one of n, ne, e, se, s, sw, w, nw");
        CHECK(error_of(R"({"base":"russian","name":"x","description":")" + std::string(1000, '[') + "\"}") ==
              "no error");
    }

    TEST_CASE("the nesting scan: depth, strings and escapes") {
        CHECK_FALSE(tradgames::json_nesting_error("[[]]", 2));
        CHECK(tradgames::json_nesting_error("[[[]]]", 2) == "nested more than 2 levels deep (line 1, byte 3)");
        CHECK(tradgames::json_nesting_error("{\"a\":\n{\"b\":[1]}}", 2) ==
              "nested more than 2 levels deep (line 2, byte 12)");
        CHECK_FALSE(tradgames::json_nesting_error(R"(["[[[\"[[["])", 1));
        CHECK(tradgames::json_nesting_error(R"(["\\", [[]]])", 2) == "nested more than 2 levels deep (line 1, byte 9)");
    }

    TEST_CASE("numbers out of range are written as given, and long ones are cut") {
        CHECK(error_of(R"({"base":"russian","name":"x","board":{"width":18446744073709551615}})") ==
              "d.json: field 'board.width': 18446744073709551615 is out of range 1..26");
        CHECK(error_of(R"({"base":"russian","name":"x","board":{"width":-9223372036854775808}})") ==
              "d.json: field 'board.width': -9223372036854775808 is out of range 1..26");
        const std::string e = error_of(R"({"base":"russian","name":"x","board":{"width":)" + std::string(5000, '9') + "}}");
        CHECK(e.rfind("d.json: malformed JSON: number overflow parsing '999", 0) == 0);
        CHECK(e.size() < 300);
    }

    TEST_CASE("option names and choices must be settable, and each choice valid at load") {
        CHECK(error_of(R"({"base":"russian","name":"x","options":[{"name":"a=b","field":"draw.bare"}]})") ==
              "d.json: field 'options[0].name': 'a=b' is not 1-40 letters, digits, '-' or '_' (--option name=value)");
        CHECK(error_of(R"({"base":"russian","name":"x","options":[{"name":"a","default":"x","choices":{"x":{},"y z":{}}}]})") ==
              "d.json: field 'options[0].choices': 'y z' is not 1-40 letters, digits, '-' or '_'");
        CHECK(error_of(R"({"base":"russian","name":"x","options":[{"name":"a","default":"x","choices":{"x":{},"y":{"man":{"flying":3}}}}]})") ==
              "d.json: option 'a' choice 'y': field 'man.flying': expected true or false, got a number");
        CHECK(error_of(R"({"base":"russian","name":"x","options":[{"name":"a","field":"draw.fmjd64.main_road"}],"draw":{"fmjd64":null}})") ==
              "d.json: variant 'x': option 'a' names field 'draw.fmjd64.main_road', which it does not have");
        // Option errors name the file.
        const std::string ok = R"({"base":"russian","name":"x","options":[{"name":"a","default":"x","choices":{"x":{},"y":{}}}]})";
        CHECK(error_of(ok) == "no error");
        CHECK(error_of(ok, {"a=z"}) == "d.json: option 'a': 'z' is not one of: x, y");
        CHECK(error_of(ok, {"b=1"}) == "d.json: unknown rule option 'b' (known: a)");
    }
}
