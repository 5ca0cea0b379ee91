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
#include "variants/shatra/support.hpp"

namespace {

using namespace tradgames;

/// What the comparison found over the positions of `games` random games of v.
struct CountedReport {
    std::uint64_t positions = 0;
    std::uint64_t unlisted = 0;       ///< positions generate_or_count only counted
    std::uint64_t moves_checked = 0;  ///< nth_move calls compared with the list
    std::uint64_t wrong_count = 0;
    std::uint64_t wrong_list = 0;     ///< listed, but not as generate lists them
    std::uint64_t wrong_move = 0;     ///< nth_move(k) != generate()[k]
    std::uint64_t unlisted_capture = 0;
    std::string first_failure;        ///< the position string of the first failure
};

CountedReport compare(const Variant& v, const std::shared_ptr<const Variant>& vp, std::uint64_t games) {
    CountedReport r;
    Game game(vp);
    MoveList all;
    MoveList out;
    for (std::uint64_t g = 0; g < games; ++g) {
        Rng rng = playout_rng(42, g);
        game.reset();
        while (!game.result().over() && game.ply() < 300) {
            const Position& pos = game.position();
            all.clear();
            v.generate(pos, all);
            out.clear();
            const CountedMoves c = v.generate_or_count(pos, out);
            ++r.positions;
            bool failed = c.count != all.size();
            r.wrong_count += failed ? 1 : 0;
            if (c.listed) {
                const bool same = out.size() == all.size() && std::equal(out.begin(), out.end(), all.begin());
                r.wrong_list += same ? 0 : 1;
                failed = failed || !same;
            } else {
                ++r.unlisted;
                const bool capture = std::any_of(all.begin(), all.end(), [](const Move& m) { return m.is_capture(); });
                r.unlisted_capture += capture || !out.empty() ? 1 : 0;
                failed = failed || capture || !out.empty();
                for (std::size_t k = 0; k < all.size() && k < c.count; ++k) {
                    Move m;
                    v.nth_move(pos, k, m);
                    ++r.moves_checked;
                    const bool same = m == all[k];
                    r.wrong_move += same ? 0 : 1;
                    failed = failed || !same;
                }
            }
            if (failed && r.first_failure.empty()) r.first_failure = v.position_to_string(pos);
            game.play_legal(static_cast<std::size_t>(rng.below(game.legal_count())));
        }
    }
    return r;
}

}  // namespace

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

    TEST_CASE("a lazy Game plays the same games as an eager one, and lists the same moves") {
        using namespace tradgames;
        const auto v = shatratest::variant({"tower_teleport=true"});
        Game eager(v);
        Game lazy(v);
        lazy.set_listing(MoveListing::lazy);
        std::uint64_t unlisted = 0;
        for (std::uint64_t g = 0; g < 50; ++g) {
            Rng rng = playout_rng(7, g);
            eager.reset();
            lazy.reset();
            while (!eager.result().over()) {
                REQUIRE(!lazy.result().over());
                REQUIRE(lazy.legal_count() == eager.legal_count());
                REQUIRE(eager.legal_count() == eager.legal_moves().size());
                const auto i = static_cast<std::size_t>(rng.below(eager.legal_count()));
                unlisted += lazy.legal_listed() ? 0 : 1;
                // Every third ply the lazy list is read (written on demand), else only counted.
                if (lazy.ply() % 3 == 0) {
                    const MoveList& a = lazy.legal_moves();
                    const MoveList& b = eager.legal_moves();
                    REQUIRE(a.size() == b.size());
                    CHECK(std::equal(a.begin(), a.end(), b.begin()));
                    CHECK(lazy.legal_listed());
                }
                eager.play_legal(i);
                lazy.play_legal(i);
                REQUIRE(lazy.position() == eager.position());
                REQUIRE(lazy.moves().back() == eager.moves().back());
            }
            CHECK(lazy.result().outcome == eager.result().outcome);
            CHECK(lazy.result().reason == eager.result().reason);
            CHECK(lazy.legal_count() == 0);
            CHECK(lazy.legal_moves().empty());
            // Taken back, the position's moves are written again, as the eager game's.
            lazy.undo();
            eager.undo();
            CHECK(lazy.legal_count() == eager.legal_count());
            CHECK(lazy.legal_listed());
            CHECK(std::equal(lazy.legal_moves().begin(), lazy.legal_moves().end(),
                             eager.legal_moves().begin(), eager.legal_moves().end()));
        }
        CHECK(unlisted > 500);
    }
}
