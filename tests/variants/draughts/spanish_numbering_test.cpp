// Spanish numbering (issue 27; variants/spanish/RULES.md §9.1): with the descriptor field
// notation.origin = white_right (option numbering=white_right) square 1 is White's bottom
// right (h1), counted from White's right along each rank, up the board; a Spanish square s is
// the generic square 33 - s. Only the names change: the moves and counts are the same.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tradgames/perft.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

namespace {

std::vector<std::string> notations(const Variant& v, const Position& p) {
    MoveList list;
    v.generate(p, list);
    std::vector<std::string> r;
    for (const Move& m : list) r.push_back(v.move_to_string(p, m));
    std::sort(r.begin(), r.end());
    return r;
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("spanish: numbering from White's bottom right (numbering=white_right)") {
        const auto pdn = make_variant("spanish");
        const auto es = make_variant("spanish", {"numbering=white_right"});
        // The generic start: White on 21-32; in Spanish numbering White's men stand on 1-12.
        CHECK(pdn->position_to_string(pdn->initial_position()) == "W:W21-32:B1-12");
        CHECK(es->position_to_string(es->initial_position()) == "W:W1-12:B21-32");
        // White's first moves, generic 21-17 21-18 22-18 22-19 23-19 23-20 24-20, are 33 - s.
        CHECK(notations(*es, es->initial_position()) ==
              std::vector<std::string>{"10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"});
        // RULES.md §11 "a man captures a king": generic W:W18:BK14 -> 18x11; Spanish 15x22.
        CHECK(notations(*es, es->parse_position("W:W15:BK19")) == std::vector<std::string>{"15x22"});
        // Algebraic names are read in either numbering: b3-a4 is generic 21-17, Spanish 12-16.
        const Position start = es->initial_position();
        CHECK(es->move_to_string(start, es->parse_move(start, "b3-a4")) == "12-16");
        CHECK(es->move_to_string(start, es->parse_move(start, "12-16")) == "12-16");
        // Same game: the same placement under both names, and the same counts.
        CHECK(es->parse_position("W:W1-12:B21-32") == pdn->initial_position());
        Position a = pdn->initial_position();
        Position b = es->initial_position();
        CHECK(pdn->perft(a, 4, {}) == es->perft(b, 4, {}));
        // Positions are written in ascending numbers, with ranges.
        CHECK(es->position_to_string(es->parse_position("B:W3,1,K2:B32,30")) == "B:W1,K2,3:B30,32");
    }
}
