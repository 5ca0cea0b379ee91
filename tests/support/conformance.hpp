// Generic conformance checks, shared by the conformance suite that runs them on every registered
// variant and by variant tests that run them under rule options.
#pragma once

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "support/helpers.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/random.hpp"

namespace tgtest {

using tradgames::Duplicates;
using tradgames::Move;
using tradgames::MoveList;
using tradgames::Position;
using tradgames::Rng;
using tradgames::Undo;
using tradgames::Variant;

/// Variants in which no piece may end a capture sequence early: there every legal capture is
/// maximal (variants/russian/RULES.md §1.4.3, variants/tobit/RULES.md R8) and capture is compulsory
/// without exception. Shatra's biy and gate shatra may stop and decline (variants/shatra/RULES.md
/// §5.4, 5.5).
inline bool all_sequences_maximal(const Variant& v) {
    return v.name() == "russian" || v.name() == "tobit" || v.name() == "tobit-4x4";
}

/// True if a's jumps are a strict prefix of b's (same origin, same first landings and victims).
inline bool strict_prefix(const Move& a, const Move& b) {
    if (a.from != b.from || a.path.size() >= b.path.size()) return false;
    for (std::size_t i = 0; i < a.path.size(); ++i) {
        if (a.path[i] != b.path[i] || a.captured[i] != b.captured[i]) return false;
    }
    return true;
}

/// The conformance checks of one position: position string round trip, hash, unique U results
/// and notation, notation round trip, make/unmake, the U list being the P list with duplicate
/// results merged, and (where no piece may stop early) maximal captures that exclude quiet moves.
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
    // Counting (bulk perft) agrees with generating.
    CHECK(v.count_moves(p, Duplicates::unique) == unique.size());
    CHECK(v.count_moves(p, Duplicates::all_paths) == paths.size());

    // The search's leaf query (Variant::generate_if_capture) agrees with generating: all the
    // moves when a capture is among them, else nothing and whether a move exists.
    for (const MoveList* list : {&unique, &paths}) {
        const Duplicates dup = list == &unique ? Duplicates::unique : Duplicates::all_paths;
        bool capture = false;
        for (const Move& m : *list) capture = capture || m.is_capture();
        MoveList leaf;
        const tradgames::LeafMoves found = v.generate_if_capture(p, leaf, dup);
        CHECK(found == (list->empty() ? tradgames::LeafMoves::none
                        : capture     ? tradgames::LeafMoves::captures
                                      : tradgames::LeafMoves::quiet));
        REQUIRE(leaf.size() == (capture ? list->size() : 0));
        for (std::size_t i = 0; i < leaf.size(); ++i) CHECK(leaf[i] == (*list)[i]);
    }

    // A variant that promises captures first (play_out reads only the ends of the list).
    if (v.captures_first()) {
        for (const MoveList* list : {&unique, &paths}) {
            for (std::size_t i = 1; i < list->size(); ++i) {
                CHECK_FALSE((!(*list)[i - 1].is_capture() && (*list)[i].is_capture()));
            }
        }
    }

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
    if (all_sequences_maximal(v)) {
        // Every capture sequence is maximal: no legal path extends another.
        for (const Move& a : paths) {
            for (const Move& b : paths) CHECK_FALSE(strict_prefix(a, b));
        }
        // Capture is compulsory: captures and quiet moves never share a list.
        bool captures = false;
        bool quiet = false;
        for (const Move& m : unique) (m.is_capture() ? captures : quiet) = true;
        CHECK_FALSE((captures && quiet));
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
