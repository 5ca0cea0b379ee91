// The bulk count (DraughtsVariant::count_legal, perft's last ply and Variant::count_moves)
// against the generated move list, on random positions of every registered draughts-family
// game, from sparse to crowded (capture-rich, many sequences of one man, circuits that take the
// same men in two orders), both sides, men only (the count-only capture search on the ghost
// numbering, ManCaptureCounter, runs there for International and Brazilian) and with kings,
// U and P. count_legal counts the captures without writing them where it can, so only a
// comparison like this one sees a miscount of a position that the perft tables do not reach.
#include "tradgames/draughts.hpp"
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "tradgames/random.hpp"
#include "support/draughts_random.hpp"

using namespace tradgames;

TEST_CASE("count_legal equals the generated list, random positions of every draughts game") {
    int games = 0;
    long captures = 0;        // positions whose legal moves are captures
    long many = 0;            // ... with more than three of them
    for (const auto& info : list_variants()) {
        const auto variant = make_variant(info.name);
        const auto* v = dynamic_cast<const DraughtsVariant*>(variant.get());
        if (v == nullptr) continue;
        CAPTURE(v->name());
        Rng rng(20261203);
        for (int i = 0; i < 3000; ++i) {
            const Position p = tgtest::random_draughts_position(*v, rng, 20 + (i % 8) * 10, i % 3 == 0 ? 0 : 6);
            CAPTURE(v->position_to_string(p));
            for (Duplicates dup : {Duplicates::unique, Duplicates::all_paths}) {
                CAPTURE(static_cast<int>(dup));
                MoveList list;
                v->generate(p, list, dup);
                CHECK(v->count_moves(p, dup) == list.size());
                if (dup == Duplicates::unique && !list.empty() && list[0].is_capture()) {
                    ++captures;
                    many += list.size() > 3 ? 1 : 0;
                }
            }
        }
        ++games;
    }
    CHECK(games >= 10);
    CHECK(captures > 10000);
    CHECK(many > 1000);
    MESSAGE("games " << games << ", capture positions " << captures << " (" << many << " with > 3 moves)");
}

TEST_CASE("count_legal: two orders of one circuit are one U move, two P moves") {
    // variants/international/RULES.md (a capture is one move per origin, destination and set
    // of captured pieces): the white man on 47 takes 41, 31, 32 and 42 round the square
    // 47-36-27-38-47 either way round and stands on 47 again: one U move, two P moves.
    const auto variant = make_variant("international");
    const auto* v = dynamic_cast<const DraughtsVariant*>(variant.get());
    REQUIRE(v != nullptr);
    const Position p = v->parse_position("W:W47:B41,31,32,42");
    MoveList u;
    v->generate(p, u, Duplicates::unique);
    MoveList all;
    v->generate(p, all, Duplicates::all_paths);
    REQUIRE(u.size() == 1);
    CHECK(u[0].from == u[0].to);
    CHECK(u[0].captured.size() == 4);
    CHECK(all.size() == 2);
    CHECK(v->count_moves(p, Duplicates::unique) == 1);
    CHECK(v->count_moves(p, Duplicates::all_paths) == 2);
}
