// The draughts family without the registry: a draughts variant built from a descriptor written
// in code runs move generation and perft, and descriptor JSON without a "base" is read without
// one. (tests/core_only proves the core alone builds and runs without variants/.)
#include <doctest/doctest.h>

#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"

namespace tg = tradgames;

TEST_CASE("a descriptor in code needs no registry: Russian geometry, published perft") {
    // The defaults of DraughtsDescriptor are Russian checkers' rules of moving and capturing
    // (variants/draughts/include/tradgames/draughts.hpp); its perft from the start is published
    // (variants/russian/RULES.md §3.2: U 7, 49, 302, 1469, 7482, 37986).
    tg::DraughtsDescriptor d;
    d.name = "core-only";
    const auto v = tg::make_draughts_variant(d);
    const std::uint64_t expected[] = {7, 49, 302, 1469, 7482, 37986};
    for (int depth = 1; depth <= 6; ++depth) {
        tg::Position p = v->initial_position();
        CHECK(v->perft(p, depth, {}) == expected[depth - 1]);
    }
}

TEST_CASE("descriptor JSON without a base needs no registry; a base does") {
    const auto d = tg::draughts_descriptor_from_json(R"({"name": "plain"})", "inline");
    CHECK(d.name == "plain");
    CHECK_THROWS_AS((void)tg::draughts_descriptor_from_json(R"({"base": "russian", "name": "x"})", "inline"),
                    tg::DescriptorError);
}
