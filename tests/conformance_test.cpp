// Generic conformance tests, written once and run on every registered variant: over seeded random
// playouts, make/unmake restores position and hash, the incremental hash equals the recomputed one,
// position strings and move notation round-trip, legal moves are unique, and the U list is the P
// list with duplicate results merged.
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <string>

#include "support/conformance.hpp"

using namespace tradgames;
using tgtest::playouts;

TEST_SUITE("conformance") {
    TEST_CASE("conformance over seeded random playouts, every variant") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            playouts(*make_variant(info.name), 20, 200);
        }
    }

    TEST_CASE("perft with and without bulk counting agree, every variant") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const auto v = make_variant(info.name);
            Position p = v->initial_position();
            PerftOptions bulk;
            PerftOptions nobulk;
            nobulk.bulk = false;
            CHECK(v->perft(p, 3, bulk) == v->perft(p, 3, nobulk));
            CHECK(p == v->initial_position());
        }
    }
}
