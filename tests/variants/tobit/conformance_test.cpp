// Tobit under its rule options: the generic conformance checks (position string and notation round
// trips, unique moves, make/unmake restoring position and hash, U = P merged) over seeded random
// games, on both boards, for every non-default value of every option that changes move generation
// (variants/tobit/RULES.md §8). The conformance suite runs the defaults. Immediate removal matters
// most here: a sequence may land on the point of a piece it took earlier in the same move.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/conformance.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/variant.hpp"

TEST_SUITE("tobit") {
    TEST_CASE("conformance over random games under every non-default option") {
        const std::vector<std::vector<std::string>> option_sets = {
            {"tobit_capture=flying_adjacent_landing"},
            {"tobit_capture=short"},
            {"removal=immediate"},
            {"removal=immediate", "no_180_turn=true"},
            {"removal=immediate", "promote_continue=false"},
            {"removal=immediate", "tobit_reverts_off_back_row=true"},
            {"majority_capture=true"},
            {"tobit_reverts_off_back_row=true"},
            {"removal=immediate", "majority_capture=true", "tobit_capture=short"},
        };
        for (const char* board : {"tobit", "tobit-4x4"}) {
            for (const auto& options : option_sets) {
                std::string label = board;
                for (const auto& o : options) label += " " + o;
                CAPTURE(label);
                tgtest::playouts(*tradgames::make_variant(board, options), 10, 200);
            }
        }
    }
}
