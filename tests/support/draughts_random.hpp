// Random draughts-family positions for the tests that compare two ways of generating or
// counting moves (tests/variants/draughts/count_legal_test.cpp, man_capture_writer_test.cpp).
#pragma once

#include <cstdint>

#include "tradgames/draughts.hpp"
#include "tradgames/random.hpp"

namespace tgtest {

/// A random position of v's board without a man on its own promotion zone: each vertex empty
/// or holding a piece with chance `percent` (0-100), a king with chance 1 in `king_odds`
/// (0: men only); either side to move. Deterministic for a given rng state.
inline tradgames::Position random_draughts_position(const tradgames::DraughtsVariant& v,
                                                    tradgames::Rng& rng, int percent, int king_odds) {
    using namespace tradgames;
    const Topology& t = v.topology();
    const CaptureRules& r = v.capture_rules();
    Position p;
    for (Vertex s = 0; s < t.size(); ++s) {
        if (static_cast<int>(rng.below(100)) >= percent) continue;
        const Color c = rng.below(2) == 0 ? Color::white : Color::black;
        Kind k = king_odds > 0 && rng.below(static_cast<std::uint64_t>(king_odds)) == 0
                     ? DraughtsVariant::king_kind
                     : DraughtsVariant::man_kind;
        if (has(r.promotion_zone[index(c)], s)) k = DraughtsVariant::king_kind;
        p.put(s, Piece(c, k));
    }
    if (rng.below(2) == 0) p.flip_side();
    return p;
}

}  // namespace tgtest
