// Tobit perft from the initial position, variants/tobit/RULES.md §7.1 (d1-d4, both boards, default
// options). Those rows come from an independent reference generator, and no duplicate capture
// occurs at these depths, so U and P must both give them.
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <cstdint>

#include "support/helpers.hpp"

using tradgames::Duplicates;

TEST_SUITE("tobit") {
    TEST_CASE("perft d1-d4 from the initial position, U and P (variants/tobit/RULES.md §7.1)") {
        struct Row { const char* variant; std::uint64_t nodes[4]; };
        const Row rows[] = {{"tobit", {5, 25, 205, 1645}}, {"tobit-4x4", {4, 16, 112, 784}}};
        for (const Row& r : rows) {
            const auto v = tradgames::make_variant(r.variant);
            for (int d = 1; d <= 4; ++d) {
                CAPTURE(r.variant);
                CAPTURE(d);
                CHECK(tgtest::perft(*v, "", d) == r.nodes[d - 1]);
                CHECK(tgtest::perft(*v, "", d, Duplicates::all_paths) == r.nodes[d - 1]);
            }
        }
    }
}
