// U identity against the precedence rules (issue 27 §1): a U move is one resulting position
// (origin, destination, captured set, promotion), so U must be exactly the P paths, filtered by
// the precedence rules, then merged. A precedence that reads the capture order (Italian's
// earliest king, variants/italian/RULES.md §6.4) must therefore be applied to every path before
// paths are merged; the criteria that read only the origin and the captured set (most pieces,
// value, most kings, with a king: Czech, Spanish, Frisian, Turkish, international ...) give the
// same answer in either order. Checked here for every draughts variant on seeded random,
// capture-rich positions: the U keys are the distinct P keys, and each U move shows one of its
// legal P paths.
#include "tradgames/draughts.hpp"
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <type_traits>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "support/helpers.hpp"
#include "tradgames/random.hpp"

using namespace tradgames;

namespace {

/// The captured set as two words, so that a Key orders at either vertex-set width (a 128-vertex
/// Mask has no operator<).
template <class M>
std::pair<std::uint64_t, std::uint64_t> words(const M& m) {
    if constexpr (std::is_integral_v<M>) {
        return {static_cast<std::uint64_t>(m), 0};
    } else {
        return {m.low(), m.high()};
    }
}
using Key = std::tuple<Vertex, Vertex, std::pair<std::uint64_t, std::uint64_t>, Kind>;

Key key(const Move& m) { return {m.from, m.to, words(m.captured_mask), m.promotion}; }

/// A random position: 2..16 pieces a side, many kings, no man on its own promotion row.
Position random_position(const DraughtsVariant& v, Rng& rng) {
    const Topology& t = v.topology();
    const Mask promo[2] = {t.zone_mask(DraughtsVariant::white_promotion),
                           t.zone_mask(DraughtsVariant::black_promotion)};
    Position p;
    const int n = 4 + static_cast<int>(rng.below(20));
    for (int i = 0; i < n; ++i) {
        const auto s = static_cast<Vertex>(rng.below(static_cast<std::uint64_t>(t.size())));
        if (!p.at(s).empty()) continue;
        const Color c = i % 2 == 0 ? Color::white : Color::black;
        const bool king = has(promo[c == Color::white ? 0 : 1], s) || rng.below(10) < 4;
        p.put(s, Piece(c, king ? DraughtsVariant::king_kind : DraughtsVariant::man_kind));
    }
    if (rng.below(2) == 1) p.flip_side();
    return p;
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("U is P filtered by precedence, then merged, in every draughts variant") {
        // The Italian position first (variants/italian/RULES.md §6.4): Black king c2
        // (26) takes d3 (22, a king), d5 (14), b5 (13), b3 (21) back to c2: path
        // 26-19-10-17-26, the king met at the first jump. The same four pieces the other way
        // round (26-17-10-19-26) meet the king at the fourth jump; 26-17-10-19-12 takes b3, b5,
        // d5 and the king f5 (15), also at the fourth jump; 26-19-12 takes two. Most pieces
        // keeps the three four-piece paths (one king each), the earliest king only the first.
        const auto it = make_variant("italian");
        const char* fen = "B:W13,14,K15,21,K22:BK26";
        CHECK(tgtest::moves(*it, fen) == std::vector<std::string>{"26x26"});
        CHECK(tgtest::moves(*it, fen, Duplicates::all_paths) == std::vector<std::string>{"26x26"});
        const Position p = it->parse_position(fen);
        MoveList list;
        it->generate(p, list, Duplicates::unique);
        REQUIRE(list.size() == 1);
        std::string path;
        for (Vertex s : list[0].path) {
            path += '-';
            path += it->topology().name(s);
        }
        CHECK(path == "-19-10-17-26");
        // perft U equals perft P here (every move has one path): the issue saw 2/8/32 against
        // 1/4/16.
        for (int d = 1; d <= 3; ++d) {
            CAPTURE(d);
            CHECK(tgtest::perft(*it, fen, d) == tgtest::perft(*it, fen, d, Duplicates::all_paths));
        }

        for (const auto& info : list_variants()) {
            const auto v = make_variant(info.name);
            const auto* dv = dynamic_cast<const DraughtsVariant*>(v.get());
            if (dv == nullptr) continue;
            CAPTURE(info.name);
            Rng rng(27);
            int captures = 0;
            for (int i = 0; i < 400; ++i) {
                const Position pos = random_position(*dv, rng);
                MoveList u, paths;
                dv->generate_moves(pos, u, Duplicates::unique);
                dv->generate_moves(pos, paths, Duplicates::all_paths);
                std::set<Key> uk, pk;
                for (const Move& m : paths) pk.insert(key(m));
                for (const Move& m : u) {
                    uk.insert(key(m));
                    // The path shown is one of the legal paths of that move.
                    const bool shown_is_legal = std::any_of(paths.begin(), paths.end(), [&](const Move& o) {
                        return key(o) == key(m) && o.path == m.path && o.captured == m.captured;
                    });
                    CAPTURE(dv->position_to_string(pos));
                    CHECK(shown_is_legal);
                }
                CAPTURE(dv->position_to_string(pos));
                CHECK(u.size() == uk.size());  // no two U moves with one result
                CHECK(uk == pk);
                captures += !u.empty() && u[0].is_capture() ? 1 : 0;
            }
            CHECK(captures > 50);  // the positions exercise the capture rules
        }
    }
}
