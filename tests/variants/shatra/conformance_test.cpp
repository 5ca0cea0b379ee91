// Shatra under its rule options: the generic conformance checks (position string and notation
// round trips, unique moves, make/unmake, hash) over seeded random games for every non-default
// value of every option of section 12 that changes move generation. (The conformance suite runs
// them under the defaults.) delayed_promotion=owner_chooses is left out: its free promotions
// keep the side to move by design; options_test.cpp makes and unmakes them.
#include <doctest/doctest.h>

#include <string>

#include "shatra/shatra.hpp"
#include "support/conformance.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "variants/shatra/support.hpp"

TEST_SUITE("shatra") {
    TEST_CASE("every shatra or biy with a short jump onto the large field has a capture listed") {
        // add_captures finds the shatras and the biy that may start a capture all at once, by
        // shifted masks, except on the squares by the homes (Shatra::short_jump_from_); a man it
        // missed would have no capture in the list. Here the jumps are found by walking the board
        // instead: a man of the side to move with an enemy next to it and an empty square of the
        // large field (11-52, where no landing is barred: 4.2, A10) right behind it can capture
        // (3.1, 3.5, 5), over the positions of seeded random games.
        using namespace tradgames;
        const auto v = shatratest::variant();
        const Topology& t = v->topology();
        std::uint64_t jumps = 0;
        std::uint64_t missed = 0;
        Game game(v);
        for (std::uint64_t g = 0; g < 300; ++g) {
            Rng rng = playout_rng(15, g);
            game.reset();
            while (!game.result().over() && game.ply() < 400) {
                const Position& pos = game.position();
                const Color c = pos.side_to_move();
                const MoveList& legal = game.legal_moves();
                const Mask men = pos.pieces(c, shatra::shatra) | pos.pieces(c, shatra::biy);
                for_each_vertex(men, [&](Vertex from) {
                    bool can = false;
                    for (int d = 0; d < direction_count; ++d) {
                        const Vertex over = t.neighbour(from, static_cast<Direction>(d));
                        const Vertex to = over == no_vertex ? no_vertex : t.neighbour(over, static_cast<Direction>(d));
                        if (to == no_vertex || to < 10 || to > 51) continue;
                        can = can || (has(pos.pieces(~c), over) && !has(pos.occupied(), to));
                    }
                    if (!can) return;
                    ++jumps;
                    bool listed = false;
                    for (const Move& m : legal) listed = listed || (m.from == from && m.is_capture());
                    missed += listed ? 0 : 1;
                });
                game.play_legal(static_cast<std::size_t>(rng.below(legal.size())));
            }
        }
        CHECK(jumps > 1000);
        CHECK(missed == 0);
    }

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
