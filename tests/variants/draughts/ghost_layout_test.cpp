// The ghost numbering of the whole-side capture start test (CaptureRules::GhostLayout, issue 29):
// a policy chosen from the board's topology, which must find exactly the pieces the plain
// numbering and the piece-by-piece test (may_start) find. The search starts from those pieces
// only, so equal start sets mean equal move lists. Random positions of every registered
// draughts-family game (International, Frisian, Brazilian, Canadian, Russian, ...), from sparse
// to crowded (capture-rich), both sides, both kinds, both conversions (BMI2's and the shifts).
#include "tradgames/draughts.hpp"
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "tradgames/random.hpp"

using namespace tradgames;

namespace {

/// A random position on t: each vertex empty or holding a man or king of either side, with
/// `percent` the chance of a piece.
Position random_position(const Topology& t, Rng& rng, int percent) {
    Position p;
    for (Vertex v = 0; v < t.size(); ++v) {
        if (static_cast<int>(rng.below(100)) >= percent) continue;
        const Color c = rng.below(2) == 0 ? Color::white : Color::black;
        const Kind k = rng.below(4) == 0 ? DraughtsVariant::king_kind : DraughtsVariant::man_kind;
        p.put(v, Piece(c, k));
    }
    return p;
}

/// The pieces of side c and kind k that pass may_start, one by one (the generic path).
Mask each_piece(const CaptureRules& r, const Position& p, Color c, Kind k) {
    Mask m = 0;
    for_each_vertex(p.pieces(c, k), [&](Vertex v) {
        if (r.may_start(c, k, v, p.pieces(~c), p.occupied())) m |= bit(v);
    });
    return m;
}

}  // namespace

TEST_CASE("the ghost numbering finds the same capture starts as the plain one") {
    int games = 0;
    int with_layout = 0;
    long long nonempty = 0;
    for (const auto& info : list_variants()) {
        const auto variant = make_variant(info.name);
        const auto* v = dynamic_cast<const DraughtsVariant*>(variant.get());
        if (v == nullptr) continue;
        const CaptureRules& rules = v->capture_rules();
        CAPTURE(info.name);
        ++games;
        if (rules.ghost.period == 0) continue;
        ++with_layout;
        // Each vertex has its own bit, every bit of a set survives the round trip.
        Mask all = 0;
        for (Vertex u = 0; u < v->topology().size(); ++u) all |= bit(u);
        CHECK(rules.ghost.from_ghost(rules.ghost.to_ghost(all)) == all);
        CHECK(count(rules.ghost.deposit) == v->topology().size());
        auto plain = std::make_unique<CaptureRules>(rules);
        plain->use_ghost = false;
        auto shifts = std::make_unique<CaptureRules>(rules);
        shifts->use_ghost = true;  // the same layout, whichever conversion this build has
        // The two-rotation group test, which layouts whose landing is not twice the victim's
        // delta use (ghost_straight false).
        auto two_rotations = std::make_unique<CaptureRules>(*shifts);
        two_rotations->ghost_straight = false;
        Rng rng(20261203);
        for (int i = 0; i < 4000; ++i) {
            const Position p = random_position(v->topology(), rng, 15 + (i % 8) * 10);
            for (Color c : {Color::white, Color::black}) {
                for (Kind k : {DraughtsVariant::man_kind, DraughtsVariant::king_kind}) {
                    if (!rules.whole_side[k]) continue;
                    const Mask expected = each_piece(rules, p, c, k);
                    const Mask enemy = p.pieces(~c);
                    const Mask a = rules.starts(p, c, k, enemy);
                    const Mask b = plain->starts(p, c, k, enemy);
                    const Mask g = shifts->starts(p, c, k, enemy);
                    const Mask r = two_rotations->starts(p, c, k, enemy);
                    if (a != expected || b != expected || g != expected || r != expected) {
                        CAPTURE(v->position_to_string(p));
                        CHECK(a == expected);
                        CHECK(b == expected);
                        CHECK(g == expected);
                        CHECK(r == expected);
                    }
                    nonempty += expected != 0 ? 1 : 0;
                }
            }
        }
    }
    // The family is here, and International's 10x10 board has a ghost numbering (every
    // direction one group: 8 jump groups for the men of both sides, against 16 plain).
    CHECK(games >= 10);
    CHECK(with_layout >= 5);
    const auto international = make_variant("international");
    const auto& rules = dynamic_cast<const DraughtsVariant&>(*international).capture_rules();
    CHECK(rules.ghost.period == 10);
    int groups = 0;
    for (const auto& side : rules.ghost_groups) {
        for (const auto* j = side[DraughtsVariant::man_kind].data(); j->from != 0; ++j) ++groups;
    }
    CHECK(groups == 8);
    // Each direction one delta: the landing twice as far as the victim (the one-rotation test).
    CHECK(rules.ghost_straight);
    CHECK(nonempty > 10000);  // many positions with a capture to find
    MESSAGE("games: " << games << ", with a ghost numbering: " << with_layout
                      << ", start sets with a capture: " << nonempty);
}
