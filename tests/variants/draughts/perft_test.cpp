// The draughts family: perft from the initial position, both counting conventions (P every
// capture path, U one move per resulting position), against the published tables.
//
// Sources (each variant's RULES.md cites them too): the tables collected in rhalbersma/dctl
// test/src/algo/traversal/initial/board_08x08.cpp and board_10x10.cpp, crediting
//  * the shashki.com thread "Standard validation generator moves" (brazilian, pool, checkers =
//    english, international);
//  * the damforum.nl thread "Perft for all recognized draughts variants" (t=2822: czech,
//    spanish, italian, thai, frisian);
// and, for canadian, the U figures of the same damforum thread (issue 9's table).
// Thai: the published table uses 12 men each (dctl's initial(2): two empty rows between the
// sides), our option setup=rows_1_3; the rule's 8-man set-up has no published table.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "support/helpers.hpp"
#include "tradgames/registry.hpp"

using tradgames::Duplicates;

namespace {

struct Table {
    const char* variant;
    std::vector<std::string> options;
    std::vector<std::uint64_t> p;  // depth 1.. (P)
    std::vector<std::uint64_t> u;  // depth 1.. (U)
};

const std::vector<Table>& tables() {
    static const std::vector<Table> t = {
        {"international", {},
         {9, 81, 658, 4265, 27117, 167140, 1049442, 6483971},
         {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}},
        {"brazilian", {},
         {7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847},
         {7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766}},
        {"english", {},
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680},
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680}},
        {"pool", {},
         {7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615},
         {7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534}},
        {"czech", {},
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671},
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671}},
        {"thai", {"setup=rows_1_3"},
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648},
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648}},
        {"italian", {},
         {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875},
         {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875}},
        {"spanish", {},
         {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866},
         {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866}},
        {"frisian", {},
         {9, 81, 658, 3880, 21345, 103584, 550314, 2907905},
         {9, 81, 658, 3874, 21265, 102431, 540126, 2825779}},
        {"canadian", {},
         {},
         {11, 121, 1222, 10053, 79049, 584100}},
    };
    return t;
}

bool registered(const char* name) {
    for (const auto& i : tradgames::list_variants()) {
        if (i.name == name) return true;
    }
    return false;
}

void check(const Table& t, int from, int to) {
    if (!registered(t.variant)) {
        const std::string note = std::string(t.variant) + " is not in this build (it needs TRADGAMES_MAX_VERTICES=128)";
        MESSAGE(note);
        return;
    }
    const auto v = tradgames::make_variant(t.variant, t.options);
    for (int d = from; d <= to; ++d) {
        CAPTURE(t.variant);
        CAPTURE(d);
        if (d <= static_cast<int>(t.u.size())) CHECK(tgtest::perft(*v, "", d) == t.u[d - 1]);
        if (d <= static_cast<int>(t.p.size())) {
            CHECK(tgtest::perft(*v, "", d, Duplicates::all_paths) == t.p[d - 1]);
        }
    }
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("family perft from the start to depth 6, U and P, as published") {
        for (const Table& t : tables()) check(t, 1, 6);
    }
}

TEST_SUITE("slow") {
    TEST_CASE("family perft from the start, depths 7 and beyond, U and P, as published") {
        for (const Table& t : tables()) check(t, 7, 9);
    }
}
