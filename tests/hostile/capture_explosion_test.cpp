// A user variant whose captures explode (issue 32 §1.5): 8x8 on every square, men and kings
// flying in eight directions and landing anywhere. Its positions must be refused as soon as a
// limit is passed (the move list's 65536 moves, or the generator's 2^22 sequences), and the
// hash index that merges duplicates in long lists must give exactly what the definition gives.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/move.hpp"
#include "tradgames/registry.hpp"

namespace {

using tradgames::Duplicates;
using tradgames::Move;
using tradgames::MoveList;

// Flying men and kings capturing in 8 directions, landing on any vertex behind the victim.
const std::string exploding = R"({"base":"russian","name":"explode",
 "board":{"shape":"rectangular","width":8,"height":8,"squares":"all","orientation":"standard","links":"both"},
 "man":{"name":"man","letter":"","symbol":"M","steps":["n","ne","nw"],"flying":true,
        "captures":["n","ne","e","se","s","sw","w","nw"],"leap":"long","landing":"any","victims":["man","king"]},
 "king":{"name":"king","letter":"K","symbol":"K","steps":["n","ne","e","se","s","sw","w","nw"],"flying":true,
         "captures":["n","ne","e","se","s","sw","w","nw"],"leap":"long","landing":"any","victims":["man","king"]}})";

// Men taking short leaps in 8 directions: on a lattice of victims (every square but those with
// both coordinates even) the man's sequences are the trails of a king-move grid, millions of
// them, while the positions they lead to are few.
const std::string lattice = R"({"base":"russian","name":"lattice",
 "board":{"shape":"rectangular","width":8,"height":8,"squares":"all","orientation":"standard","links":"both"},
 "man":{"name":"man","letter":"","symbol":"M","steps":["n","ne","nw"],"flying":false,
        "captures":["n","ne","e","se","s","sw","w","nw"],"leap":"short","landing":"right_behind","victims":["man","king"]}})";

std::string error_of(const std::string& json, const std::string& fen, Duplicates dup) {
    const auto v = tradgames::make_variant_from_json(json, {}, "d.json");
    MoveList l;
    try {
        v->generate(v->parse_position(fen), l, dup);
    } catch (const tradgames::Error& e) {
        return e.what();
    }
    return "no error, " + std::to_string(l.size()) + " moves";
}

auto result_key(const Move& m) {
    std::vector<int> captured;  // the mask as its vertices: a 128-vertex mask has no order
    tradgames::for_each_vertex(m.captured_mask, [&](tradgames::Vertex v) { captured.push_back(v); });
    return std::make_tuple(m.from, m.to, captured, m.promotion, m.kind, m.result_tag);
}

}  // namespace

TEST_SUITE("hostile captures") {
    TEST_CASE("more than 65536 results is refused at once (71 s of duplicate merging before)") {
        const std::string fen = "W:WKc3,Kh2:Ba6,c6,a2,c2,f3,f4,g3,c4,b4,d4,d7,f7,h3,d5,b6,e6,h5,a4,g7,f6,b2,e2,d6";
        CHECK(error_of(exploding, fen, Duplicates::unique) == "move list: more than 65536 legal moves");
        CHECK(error_of(exploding, fen, Duplicates::all_paths) == "move list: more than 65536 legal moves");
    }

    TEST_CASE("millions of sequences to few positions are refused after 2^22 sequences") {
        // Victims on a1..g6 except a2, c2, e2, g2, a4, ...: the man on a2 walks a 4x3 grid.
        const std::string fen =
            "W:Wa2:Ba3,a5,b2,b3,b4,b5,b6,c3,c5,d2,d3,d4,d5,d6,e3,e5,f2,f3,f4,f5,f6,g3,g5";
        CHECK(error_of(lattice, fen, Duplicates::unique) ==
              "capture generator: more than 4194304 capture sequences in one position "
              "(a variant whose captures explode)");
        // The 3x3 grid is within both limits: 1120 positions.
        CHECK(error_of(lattice, "W:Wa2:Ba3,a5,b2,b3,b4,b5,b6,c3,c5,d2,d3,d4,d5,d6,e3,e5",
                       Duplicates::unique) == "no error, 1120 moves");
    }

    TEST_CASE("long lists merged through the hash index are what the definition gives") {
        // U from P by the definition: one move per resulting position, at the place of its first
        // path, keeping the lexicographically smallest landing sequence of all its paths.
        const auto v = tradgames::make_variant_from_json(exploding, {}, "d.json");
        for (const std::string fen : {"W:WKf4:Bf7,c6,d3,h2,e2,g5,c3,h4,b5,f6,f5,c7,f3",
                                      "W:WKa6:Ba5,a4,c2,c5,g4,a3,e7,d4,e6,g3,h4,f5,c4"}) {
            CAPTURE(fen);
            const auto pos = v->parse_position(fen);
            MoveList u;
            MoveList p;
            v->generate(pos, u, Duplicates::unique);
            v->generate(pos, p, Duplicates::all_paths);
            REQUIRE(u.size() > 1000);  // far past the 256 moves scanned before the index is used
            REQUIRE(p.size() > u.size());
            std::vector<Move> want;
            for (const Move& m : p) {
                const auto same = std::find_if(want.begin(), want.end(),
                                               [&](const Move& o) { return o.same_result(m); });
                if (same == want.end()) {
                    want.push_back(m);
                } else if (std::lexicographical_compare(m.path.begin(), m.path.end(),
                                                        same->path.begin(), same->path.end())) {
                    same->path = m.path;
                    same->captured = m.captured;
                }
            }
            REQUIRE(want.size() == u.size());
            for (std::size_t i = 0; i < u.size(); ++i) CHECK(want[i] == u[i]);
            // P: no two paths alike (same jumps in the same order, same landings).
            std::set<std::tuple<decltype(result_key(p[0])), std::vector<int>, std::vector<int>>> paths;
            for (const Move& m : p) {
                paths.emplace(result_key(m), std::vector<int>(m.path.begin(), m.path.end()),
                              std::vector<int>(m.captured.begin(), m.captured.end()));
            }
            CHECK(paths.size() == p.size());
        }
    }
}
