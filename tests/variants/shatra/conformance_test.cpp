// Shatra under its rule options: the generic conformance checks (position string and notation
// round trips, unique moves, make/unmake, hash) over seeded random games for every non-default
// value of every option of section 12 that changes move generation. (The conformance suite runs
// them under the defaults.) delayed_promotion=owner_chooses is left out: its free promotions
// keep the side to move by design; options_test.cpp makes and unmakes them.
#include <doctest/doctest.h>

#include <string>

#include "support/conformance.hpp"
#include "variants/shatra/support.hpp"

TEST_SUITE("shatra") {
    TEST_CASE("conformance over random games under every non-default option") {
        for (const char* option :
             {"double_step=own_half", "drop_on_high_road=false", "returned_biy_is_reserve=false",
              "biy_steps_onto_own_gate=false", "high_road_move=false", "gate_drops=false",
              "shatra_drop_from_enemy_home=true", "shatra_capture_into_own_home=temdek_off",
              "urgent_lapses_when_blocked=false", "biy_decline_scope=broad",
              "gate_shatra_privilege=false", "slider_landing=nearest_continuing",
              "slider_landing=free", "capture_removal=immediate", "promote_mid_capture=false",
              "en_passant=broad", "en_passant=shatrabase", "tower_teleport=true"}) {
            const std::string name = option;
            CAPTURE(name);
            tgtest::playouts(*shatratest::variant({option}), 6, 150);
        }
    }

    TEST_CASE("a position with more than 1024 capture paths (P): lists, notation and make/unmake") {
        // Sliders in contact: 237 moves U, over a thousand paths P (the move list once held 1024).
        const char* fen = "W:WK50,Q10,R53,R39,Y57,Y24:BK61,8,45,30,43,15,14,9,41,34,26,20";
        for (const char* option : {"slider_landing=continuing", "slider_landing=free"}) {
            CAPTURE(option);
            const auto v = shatratest::variant({option});
            const tradgames::Position p = v->parse_position(fen);
            tradgames::MoveList paths;
            v->generate(p, paths, tradgames::Duplicates::all_paths);
            CHECK(paths.size() > 1024);
            tgtest::check_position(*v, p);
        }
    }
}
