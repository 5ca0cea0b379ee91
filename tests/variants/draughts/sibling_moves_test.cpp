// DraughtsVariant::SiblingMoves, the make and unmake perft uses: over seeded random
// playouts of every draughts variant without a king-move limit (and Tobit under its capture
// options), make (and each child of the sibling loop for_each) gives the placement and side to
// move that make_move gives, unmake gives back the parent, masks included, for_each_legal shows
// the children of the listed moves, and perft without bulk counting leaves the position as it was. At the
// last ply nothing reads the child, so only a test like this one can see that make is right.
#include "tradgames/draughts.hpp"
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tradgames/random.hpp"

using namespace tradgames;

namespace {

/// Same board, side to move and state (Position::operator==), and the same occupancy masks of
/// both sides and every kind (which operator== does not compare).
bool same_placement(const Position& a, const Position& b) {
    if (!(a == b)) return false;
    for (Color c : {Color::white, Color::black}) {
        if (a.pieces(c) != b.pieces(c)) return false;
        for (Kind k = 0; k < max_kinds; ++k) {
            if (a.pieces(c, k) != b.pieces(c, k)) return false;
        }
    }
    return true;
}

struct Seen {
    int moves = 0;
    int captures = 0;
    int promotions = 0;
    int back_to_origin = 0;
};

/// Checks SiblingMoves on every U and P move of p against make_move.
void check_leaves(const DraughtsVariant& v, const Position& p, Seen& seen) {
    const DraughtsVariant::SiblingMoves leaf(p);
    for (Duplicates dup : {Duplicates::unique, Duplicates::all_paths}) {
        MoveList list;
        v.generate(p, list, dup);
        for (const Move& m : list) {
            CAPTURE(v.position_to_string(p));
            CAPTURE(v.move_to_string(p, m));
            Position expected = p;
            Undo u;
            v.make_move(expected, m, u);
            Position q = p;
            leaf.make(q, m);
            CHECK(same_placement(q, expected));
            leaf.unmake(q, m);
            CHECK(same_placement(q, p));
            CHECK(q.hash() == p.hash());
            ++seen.moves;
            seen.captures += m.is_capture() ? 1 : 0;
            seen.promotions += m.promotion != no_kind ? 1 : 0;
            seen.back_to_origin += m.from == m.to ? 1 : 0;
        }
        // perft's sibling loop: each child it shows is the child make_move gives, in list
        // order, and the position is as it was afterwards.
        {
            Position q = p;
            std::size_t i = 0;
            const std::uint64_t n = leaf.for_each(q, list, [&](Position& child) {
                Position expected = p;
                Undo u;
                v.make_move(expected, list[i], u);
                CHECK(same_placement(child, expected));
                ++i;
                return std::uint64_t{2};
            });
            CHECK(n == 2 * list.size());
            CHECK(i == list.size());
            CHECK(same_placement(q, p));
        }
        // perft's generating loop (for_each_legal): its children are the children of the
        // listed moves, each once (in its own order), and the position is as it was afterwards.
        {
            std::vector<Position> expected;
            for (const Move& m : list) {
                Position e = p;
                Undo u;
                v.make_move(e, m, u);
                expected.push_back(e);
            }
            std::vector<bool> shown(expected.size(), false);
            Position q = p;
            MoveList scratch;
            std::size_t calls = 0;
            const std::uint64_t n = v.for_each_legal(q, scratch, dup, [&](Position& child) {
                ++calls;
                std::size_t i = 0;
                while (i < expected.size() && (shown[i] || !same_placement(child, expected[i]))) ++i;
                CHECK(i < expected.size());
                if (i < expected.size()) shown[i] = true;
                return std::uint64_t{3};
            });
            CHECK(calls == list.size());
            CHECK(n == 3 * list.size());
            CHECK(same_placement(q, p));
            CHECK(q.hash() == p.hash());
        }
        // perft runs it at the last ply and above it (where each child's subtree changes the
        // position and restores it before unmake): the counts agree with bulk counting (which
        // makes no move at the last ply) and the position is as it was.
        Position q = p;
        PerftOptions nobulk;
        nobulk.bulk = false;
        nobulk.duplicates = dup;
        PerftOptions bulk;
        bulk.duplicates = dup;
        CHECK(v.perft(q, 1, nobulk) == list.size());
        CHECK(same_placement(q, p));
        CHECK(v.perft(q, 2, nobulk) == v.perft(q, 2, bulk));
        CHECK(same_placement(q, p));
    }
}

void check_playouts(const DraughtsVariant& v, Seen& seen) {
    Rng rng(20261202);
    for (int game = 0; game < 10; ++game) {
        Position p = v.initial_position();
        for (int ply = 0; ply < 200; ++ply) {
            check_leaves(v, p, seen);
            MoveList list;
            v.generate(p, list, Duplicates::unique);
            if (list.empty()) break;
            Undo u;
            v.make_move(p, list[rng.below(list.size())], u);
        }
    }
}

}  // namespace

TEST_CASE("perft's make and unmake agree with make_move, every draughts variant") {
    std::vector<std::shared_ptr<const Variant>> variants;
    for (const auto& info : list_variants()) variants.push_back(make_variant(info.name));
    // Tobit's capture options: immediate removal (a later landing on an earlier victim's point),
    // no 180-degree turn, and a tobit reverting to a hul (a "promotion" to the man).
    variants.push_back(make_variant("tobit", {"removal=immediate", "tobit_reverts_off_back_row=true"}));
    variants.push_back(make_variant("tobit", {"no_180_turn=true", "tobit_capture=flying_adjacent_landing"}));
    int checked = 0;
    Seen seen;
    for (const auto& variant : variants) {
        const auto* v = dynamic_cast<const DraughtsVariant*>(variant.get());
        if (v == nullptr || v->descriptor().king_move_limit > 0) continue;
        CAPTURE(v->name());
        check_playouts(*v, seen);
        ++checked;
    }
    // Russian, Tobit and the draughts family are here; captures and promotions were made.
    CHECK(checked >= 10);
    CHECK(seen.captures > 1000);
    CHECK(seen.promotions > 100);
    MESSAGE("moves checked: " << seen.moves << " (" << seen.captures << " captures, "
                                   << seen.promotions << " promotions)");
}

TEST_CASE("perft's make and unmake: a king capture ending on its own origin") {
    // variants/russian/RULES.md §1.4.5 (the king's long leap): the white king on c1 takes the four
    // men around the rhombus c1-a3-c5-e3 and lands on c1 again, the square it left: one move,
    // two paths (either way round).
    const auto variant = make_variant("russian");
    const auto& v = dynamic_cast<const DraughtsVariant&>(*variant);
    const Position p = v.parse_position("W:WKc1:Bd2,d4,b4,b2");
    Seen seen;
    check_leaves(v, p, seen);
    CHECK(seen.moves == 3);  // 1 in the U list, 2 in the P list
    CHECK(seen.back_to_origin == 3);
}
