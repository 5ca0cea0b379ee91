// The legal moves counted without writing them (Variant::generate_or_count) and the k-th of
// them written alone (Variant::nth_move), compared with generate's list over the positions of
// seeded random games: shared by the Shatra and draughts tests.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/variant.hpp"

namespace countedtest {

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

/// Plays `games` random games of vp (seeds playout_rng(42, g), at most 300 plies each) and
/// compares generate_or_count and every nth_move with generate in each position.
inline CountedReport compare(const Variant& v, const std::shared_ptr<const Variant>& vp, std::uint64_t games) {
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

/// What play_lazy_and_eager saw.
struct LazyReport {
    std::uint64_t unlisted = 0;                     ///< plies the lazy game only counted
    std::array<std::uint64_t, max_kinds> moved{};  ///< moves by the mover's kind
};

/// Plays `games` random games (seeds playout_rng(seed, g)) in an eager and a lazy Game of vp side
/// by side (the same index each ply), checking that they count the same moves, reach the same
/// positions and results, that the lazy list read every third ply (written on demand) is the
/// eager one, and that a move taken back writes the moves again.
inline LazyReport play_lazy_and_eager(const std::shared_ptr<const Variant>& vp, std::uint64_t games,
                                      std::uint64_t seed) {
    LazyReport r;
    Game eager(vp);
    Game lazy(vp);
    lazy.set_listing(MoveListing::lazy);
    for (std::uint64_t g = 0; g < games; ++g) {
        Rng rng = playout_rng(seed, g);
        eager.reset();
        lazy.reset();
        while (!eager.result().over()) {
            REQUIRE(!lazy.result().over());
            REQUIRE(lazy.legal_count() == eager.legal_count());
            REQUIRE(eager.legal_count() == eager.legal_moves().size());
            const auto i = static_cast<std::size_t>(rng.below(eager.legal_count()));
            r.unlisted += lazy.legal_listed() ? 0 : 1;
            ++r.moved[eager.position().at(eager.legal_moves()[i].from).kind()];
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
        CHECK(std::equal(lazy.legal_moves().begin(), lazy.legal_moves().end(), eager.legal_moves().begin(),
                         eager.legal_moves().end()));
    }
    return r;
}

}  // namespace countedtest
