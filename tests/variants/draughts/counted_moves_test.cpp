// The draughts variant's legal moves counted without writing them (DraughtsVariant::
// generate_or_count_moves) and the k-th of them written alone (nth_unlisted_move), which random
// playouts use (MoveListing::lazy), against the full list of generate: every registered game on
// the draughts variant (Russian, Tobit and the draughts family), Tobit with a tobit reverting to a
// hul (a quiet king move that "promotes" to the man) and Frisian's king-move limit (kings that
// may not move). A lazy Game then plays the same games as an eager one.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "support/counted_moves.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

TEST_CASE("draughts: counted quiet moves, the count and every k-th move equal generate's list and order") {
    std::vector<std::shared_ptr<const Variant>> variants;
    for (const auto& info : list_variants()) {
        auto v = make_variant(info.name);
        if (dynamic_cast<const DraughtsVariant*>(v.get()) != nullptr) variants.push_back(std::move(v));
    }
    variants.push_back(make_variant("tobit", {"tobit_reverts_off_back_row=true"}));
    variants.push_back(make_variant("tobit", {"tobit_reverts_off_back_row=true", "removal=immediate"}));
    std::uint64_t unlisted = 0;
    std::uint64_t moves = 0;
    for (const auto& v : variants) {
        CAPTURE(v->name());
        REQUIRE(v->counts_moves());
        const countedtest::CountedReport r = countedtest::compare(*v, v, 40);
        CAPTURE(r.first_failure);
        CHECK(r.positions > 1000);
        CHECK(r.unlisted > r.positions / 4);  // most positions have no capture: counted, not written
        CHECK(r.wrong_count == 0);
        CHECK(r.wrong_list == 0);
        CHECK(r.wrong_move == 0);
        CHECK(r.unlisted_capture == 0);
        unlisted += r.unlisted;
        moves += r.moves_checked;
    }
    CHECK(variants.size() >= 15);
    MESSAGE("positions counted: " << unlisted << ", k-th moves compared: " << moves);
}

TEST_CASE("draughts: a lazy Game plays the same games as an eager one, kings and reverting kings included") {
    for (const auto& [name, options] :
         std::vector<std::pair<std::string, std::vector<std::string>>>{{"russian", {}},
                                                                       {"frisian", {}},
                                                                       {"tobit", {"tobit_reverts_off_back_row=true"}}}) {
        CAPTURE(name);
        const auto v = make_variant(name, options);
        const countedtest::LazyReport r = countedtest::play_lazy_and_eager(v, 100, 11);
        CHECK(r.unlisted > 1000);
        CHECK(r.moved[DraughtsVariant::king_kind] > 100);
    }
}
