// Shatra: the legal moves counted without writing them (Variant::generate_or_count) and the k-th
// of them written alone (Variant::nth_move), which random playouts use (MoveListing::lazy), against
// the full list of generate, over the positions of seeded random games under every rule option
// that changes the non-capturing moves (variants/shatra/RULES.md section 12).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "shatra/shatra.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "support/counted_moves.hpp"
#include "variants/shatra/support.hpp"

using countedtest::compare;
using countedtest::CountedReport;

TEST_SUITE("shatra") {
    TEST_CASE("counted quiet moves: the count and every k-th move equal generate's list and order") {
        // Every option that changes non-capturing moves or drops (A3-A9, A11, A19 b, A22), those
        // that change which positions have captures (A10, A12, A14-A17, A21), and two
        // combinations: shatras promoting by a step from their own home (A10 b with A3 b) and
        // teleports with drops from the enemy home.
        const std::vector<std::vector<std::string>> option_sets = {
            {},
            {"double_step=own_half"},
            {"drop_on_high_road=false"},
            {"returned_biy_is_reserve=false"},
            {"biy_steps_onto_own_gate=false"},
            {"high_road_move=false"},
            {"gate_drops=false"},
            {"shatra_drop_from_enemy_home=true"},
            {"shatra_capture_into_own_home=temdek_off"},
            {"urgent_lapses_when_blocked=false"},
            {"biy_decline_scope=broad"},
            {"gate_shatra_privilege=false"},
            {"slider_landing=free"},
            {"capture_removal=immediate"},
            {"promote_mid_capture=false"},
            {"delayed_promotion=owner_chooses"},
            {"en_passant=broad"},
            {"tower_teleport=true"},
            {"shatra_capture_into_own_home=temdek_off", "double_step=own_half", "gate_drops=false"},
            {"tower_teleport=true", "shatra_drop_from_enemy_home=true", "drop_on_high_road=false",
             "returned_biy_is_reserve=false", "biy_steps_onto_own_gate=false"},
        };
        std::uint64_t unlisted = 0;
        for (const auto& options : option_sets) {
            std::string name;
            for (const auto& o : options) name += o + " ";
            CAPTURE(name);
            const auto vp = shatratest::variant(options);
            const CountedReport r = compare(*vp, vp, 100);
            CAPTURE(r.first_failure);
            CHECK(r.positions > 1500);
            CHECK(r.unlisted > r.positions / 3);  // most positions are counted, not written
            CHECK(r.wrong_count == 0);
            CHECK(r.wrong_list == 0);
            CHECK(r.wrong_move == 0);
            CHECK(r.unlisted_capture == 0);
            unlisted += r.unlisted;
        }
        CHECK(unlisted > 20000);
    }

    TEST_CASE("nth_move of a position counted earlier, or by another Shatra, is generate's move k") {
        // nth_move reuses what generate_or_count found when it is asked about the position
        // counted last on the thread by the same object (CountMemo); here it is asked about
        // the position before that one, and about positions last counted by a Shatra with other
        // drop targets (drop_on_high_road=false), which must count again.
        using namespace tradgames;
        const auto a = shatratest::variant();
        const auto b = shatratest::variant({"drop_on_high_road=false"});
        Game game(a);
        MoveList out;
        MoveList all;
        std::uint64_t earlier = 0;
        std::uint64_t other = 0;
        std::uint64_t wrong_earlier = 0;
        std::uint64_t wrong_other = 0;
        // Every nth_move of `v` for pos against v's list (pos left unlisted by v); returns the
        // number of moves that differ.
        const auto check = [&](const Variant& v, const Position& pos, std::uint64_t& checked) {
            all.clear();
            v.generate(pos, all);
            std::uint64_t wrong = 0;
            for (std::size_t k = 0; k < all.size(); ++k) {
                Move m;
                v.nth_move(pos, k, m);
                wrong += m == all[k] ? 0 : 1;
            }
            ++checked;
            return wrong;
        };
        const auto unlisted = [&](const Variant& v, const Position& pos) {
            out.clear();
            return !v.generate_or_count(pos, out).listed;
        };
        for (std::uint64_t g = 0; g < 40; ++g) {
            Rng rng = playout_rng(9, g);
            game.reset();
            Position before = game.position();
            while (!game.result().over()) {
                const Position now = game.position();
                if (unlisted(*a, before) && unlisted(*a, now)) {
                    // `now` counted last, the moves of `before` asked (the first nth_move counts
                    // again, the others reuse that); then the other way round.
                    wrong_earlier += check(*a, before, earlier);
                    wrong_earlier += check(*a, now, earlier);
                }
                if (unlisted(*a, now) && unlisted(*b, now)) {
                    // Counted last by b, asked of a; then by a, asked of b.
                    wrong_other += check(*a, now, other);
                    wrong_other += check(*b, now, other);
                }
                before = now;
                game.play_legal(static_cast<std::size_t>(rng.below(game.legal_count())));
            }
        }
        CHECK(earlier > 500);
        CHECK(other > 200);
        CHECK(wrong_earlier == 0);
        CHECK(wrong_other == 0);
    }

    TEST_CASE("a lazy Game plays the same games as an eager one, and lists the same moves") {
        using namespace tradgames;
        const auto v = shatratest::variant({"tower_teleport=true"});
        const countedtest::LazyReport r = countedtest::play_lazy_and_eager(v, 50, 7);
        CHECK(r.unlisted > 500);
    }
}
