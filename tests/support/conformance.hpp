// Generic conformance checks (DESIGN.md 5), shared by the conformance suite that runs them on
// every registered variant and by variant tests that run them under rule options.
#pragma once

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "support/helpers.hpp"
#include "tradgames/random.hpp"

namespace tgtest {

using tradgames::Duplicates;
using tradgames::Move;
using tradgames::MoveList;
using tradgames::Position;
using tradgames::Rng;
using tradgames::Undo;
using tradgames::Variant;

/// The conformance checks of one position: position string round trip, hash, unique U results
/// and notation, notation round trip, make/unmake, and the U list being the P list with
/// duplicate results merged.
inline void check_position(const Variant& v, const Position& p) {
    // Position string round trip.
    const std::string s = v.position_to_string(p);
    CAPTURE(s);
    const Position q = v.parse_position(s);
    CHECK(q == p);
    CHECK(q.hash() == p.hash());
    CHECK(p.hash() == p.compute_hash());

    MoveList unique;
    v.generate(p, unique, Duplicates::unique);
    MoveList paths;
    v.generate(p, paths, Duplicates::all_paths);

    std::set<std::string> texts;
    for (std::size_t i = 0; i < unique.size(); ++i) {
        const Move& m = unique[i];
        const std::string text = v.move_to_string(p, m);
        CAPTURE(text);
        // Unique results and unique notation.
        for (std::size_t j = 0; j < i; ++j) CHECK_FALSE(unique[j].same_result(m));
        CHECK(texts.insert(text).second);
        // Notation round trip.
        const Move back = v.parse_move(p, text);
        CHECK(back.same_result(m));
        // make/unmake restores everything.
        Position after = p;
        Undo u;
        v.make_move(after, m, u);
        CHECK(after.hash() == after.compute_hash());
        CHECK(after.side_to_move() != p.side_to_move());
        v.unmake_move(after, m, u);
        CHECK(after == p);
        CHECK(after.hash() == p.hash());
    }
    // Every P path has a U move with the same result and vice versa.
    CHECK(paths.size() >= unique.size());
    for (const Move& m : paths) {
        bool found = false;
        for (const Move& u : unique) found = found || u.same_result(m);
        CHECK(found);
    }
    for (std::size_t i = 0; i < paths.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) CHECK_FALSE(paths[j] == paths[i]);
    }
}

/// check_position on every position of `games` seeded random games of at most max_plies.
inline void playouts(const Variant& v, int games, int max_plies) {
    Rng rng(20261129);
    for (int g = 0; g < games; ++g) {
        Position p = v.initial_position();
        for (int ply = 0; ply < max_plies; ++ply) {
            check_position(v, p);
            MoveList list;
            v.generate(p, list);
            if (list.empty()) break;
            Undo u;
            v.make_move(p, list[rng.below(list.size())], u);
        }
    }
}

}  // namespace tgtest
