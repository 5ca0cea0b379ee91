// Shatra perft from the start position (variants/shatra/RULES.md §9.6): no first move of either
// side creates contact, so perft(2) = 154 * 154; with drops banned from the high road (A4)
// perft(1) = 134. Deeper figures are computed by the library and published in the same section,
// not asserted here (no published source gives them).
#include <doctest/doctest.h>

#include "variants/shatra/support.hpp"

using shatratest::variant;
using tradgames::Duplicates;

TEST_SUITE("shatra") {
    TEST_CASE("perft(1) = 154, perft(2) = 23716, U and P (9.6)") {
        const auto v = variant();
        CHECK(tgtest::perft(*v, "", 1) == 154);
        CHECK(tgtest::perft(*v, "", 2) == 23716);
        // No capture is possible within two plies, so every path is its own move.
        CHECK(tgtest::perft(*v, "", 1, Duplicates::all_paths) == 154);
        CHECK(tgtest::perft(*v, "", 2, Duplicates::all_paths) == 23716);
    }

    TEST_CASE("perft(1) = 134 without drops on the high road (A4, 9.5)") {
        CHECK(tgtest::perft(*variant({"drop_on_high_road=false"}), "", 1) == 134);
    }

    TEST_CASE("perft(2) move by move: Black answers every first move with 154 (9.6)") {
        const auto v = variant();
        tradgames::Position p = v->initial_position();
        tradgames::MoveList list;
        v->generate(p, list);
        REQUIRE(list.size() == 154);
        for (const auto& m : list) {
            CAPTURE(v->move_to_string(p, m));
            tradgames::Undo u;
            v->make_move(p, m, u);
            CHECK(v->perft(p, 1, {}) == 154);
            v->unmake_move(p, m, u);
        }
        CHECK(p == v->initial_position());
    }
}
