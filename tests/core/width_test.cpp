// Core: the vertex-set width (types.hpp, TRADGAMES_MAX_VERTICES). Every build checks the mask
// operations and the limit on board size; a 128-vertex build also runs captures on a board of
// 100 vertices, most of them beyond the first 64-bit word.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tradgames/board_graph.hpp"
#include "tradgames/capture.hpp"
#include "tradgames/error.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/topology.hpp"
#include "tradgames/types.hpp"

using namespace tradgames;

namespace {

/// A W x H board using every square, diagonal links only; vertex = row * W + column (row 0 is
/// White's side), names "c<column>r<row>".
BoardGraph every_square_board(int w, int h) {
    BoardGraph g;
    for (int r = 0; r < h; ++r) {
        for (int c = 0; c < w; ++c) {
            char name[16];
            std::snprintf(name, sizeof name, "c%dr%d", c, r);
            g.add_vertex({name, {}, double(c), double(r), 0});
        }
    }
    for (int r = 0; r + 1 < h; ++r) {
        for (int c = 0; c < w; ++c) {
            const auto v = static_cast<Vertex>(r * w + c);
            if (c + 1 < w) g.add_link(v, static_cast<Vertex>(v + w + 1), Direction::ne);
            if (c > 0) g.add_link(v, static_cast<Vertex>(v + w - 1), Direction::nw);
        }
    }
    return g;
}

std::vector<Vertex> vertices(Mask m) {
    std::vector<Vertex> r;
    for_each_vertex(m, [&](Vertex v) { r.push_back(v); });
    return r;
}

}  // namespace

TEST_SUITE("core") {
    TEST_CASE("vertex sets: bit, has, count, lowest, for_each_vertex up to max_vertices") {
        const auto top = static_cast<Vertex>(max_vertices - 1);
        const Mask m = bit(0) | bit(5) | bit(63) | bit(top);
        CHECK(has(m, 0));
        CHECK(has(m, 63));
        CHECK(has(m, top));
        CHECK_FALSE(has(m, 1));
        CHECK_FALSE(has(m, 62));
        CHECK(count(m) == (top == 63 ? 3 : 4));
        CHECK(lowest(m) == 0);
        CHECK(lowest(m & ~bit(0) & ~bit(5)) == 63);
        CHECK(vertices(m) == (top == 63 ? std::vector<Vertex>{0, 5, 63}
                                        : std::vector<Vertex>{0, 5, 63, top}));
        CHECK(count(~Mask{0}) == max_vertices);
        CHECK(((m >> 5) & 1U) != 0);
        CHECK((Mask{1} << top) == bit(top));
        CHECK(((Mask{1} << 10) - 1) == Mask{0x3FF});
        // The lowest bit of a set removed by m & (m - 1), across the word boundary.
        const Mask high = bit(top) | bit(63);
        CHECK((high & (high - 1)) == (top == 63 ? Mask{0} : bit(top)));
    }

    TEST_CASE("Zobrist keys of the first 64 vertices do not depend on the width") {
        // Spot values drawn by the 64-vertex key order (zobrist.hpp): a 128-vertex build keeps
        // them, so hashes agree between builds.
        std::uint64_t s = 0x7472616467616D65ULL;
        const std::uint64_t first = zobrist::splitmix64(s);
        CHECK(zobrist::keys.piece[0][1] == first);
        std::uint64_t t = 0x7472616467616D65ULL;
        for (int i = 0; i < 64 * 15; ++i) (void)zobrist::splitmix64(t);
        CHECK(zobrist::keys.black_to_move == zobrist::splitmix64(t));
    }

#if TRADGAMES_MAX_VERTICES >= 128
    TEST_CASE("a 100-vertex board: topology, masks and captures beyond the first word") {
        const Topology t(every_square_board(10, 10));
        CHECK(t.size() == 100);
        CHECK(count(t.all()) == 100);
        CHECK(has(t.all(), 99));
        CHECK_FALSE(has(t.all(), 100));
        // The long diagonal from the top right corner (99) to the bottom left (0).
        const auto ray = t.ray(99, Direction::sw);
        CHECK(std::vector<Vertex>(ray.begin(), ray.end()) ==
              std::vector<Vertex>{88, 77, 66, 55, 44, 33, 22, 11, 0});
        CHECK(t.ray_mask(99, Direction::sw) ==
              (bit(88) | bit(77) | bit(66) | bit(55) | bit(44) | bit(33) | bit(22) | bit(11) |
               bit(0)));

        constexpr Kind man = 0;
        constexpr Kind king = 1;
        CaptureRules rules;
        rules.kinds[man] = {diagonal_dirs, Leap::short_leap, Landing::right_behind, false, king};
        rules.kinds[king] = {diagonal_dirs, Leap::long_leap, Landing::any, false, no_kind};
        for (Vertex v = 90; v < 100; ++v) rules.promotion_zone[0] |= bit(v);  // White: row 9
        rules.compile(t);
        const CaptureHooks hooks;
        CaptureSequenceGenerator<CaptureHooks> gen(t, rules, hooks);

        SUBCASE("a man's three jumps, all on vertices above 63") {
            Position p;
            p.put(62, Piece(Color::white, man));  // c2r6
            p.put(73, Piece(Color::black, man));  // c3r7
            p.put(75, Piece(Color::black, man));  // c5r7
            p.put(57, Piece(Color::black, man));  // c7r5
            p.put(11, Piece(Color::white, man));  // no victim in reach
            MoveList list;
            gen.generate(p, list, Duplicates::unique);
            REQUIRE(list.size() == 1);
            const Move& m = list[0];
            CHECK(m.from == 62);
            CHECK(m.to == 48);
            CHECK(std::vector<Vertex>(m.path.begin(), m.path.end()) ==
                  std::vector<Vertex>{84, 66, 48});
            CHECK(std::vector<Vertex>(m.captured.begin(), m.captured.end()) ==
                  std::vector<Vertex>{73, 75, 57});
            CHECK(m.captured_mask == (bit(73) | bit(75) | bit(57)));
            CHECK(m.promotion == no_kind);
            Undo u;
            const Position before = p;
            apply_move(p, m, u);
            CHECK(p.pieces(Color::black) == 0);
            CHECK(p.pieces(Color::white) == (bit(48) | bit(11)));
            CHECK(p.hash() == p.compute_hash());
            revert_move(p, m, u);
            CHECK(p == before);
            CHECK(p.hash() == before.hash());
        }

        SUBCASE("a king's long leap from vertex 99 lands anywhere behind its victim") {
            Position p;
            p.put(99, Piece(Color::white, king));
            p.put(77, Piece(Color::black, man));
            MoveList list;
            gen.generate(p, list, Duplicates::unique);
            std::vector<Vertex> landings;
            for (const Move& m : list) {
                CHECK(m.captured_mask == bit(77));
                landings.push_back(m.to);
            }
            CHECK(landings == std::vector<Vertex>{66, 55, 44, 33, 22, 11, 0});
        }

        SUBCASE("a man promotes on reaching row 9 in mid-capture and continues as a king") {
            Position p;
            p.put(71, Piece(Color::white, man));  // c1r7
            p.put(82, Piece(Color::black, man));  // c2r8: jumped to 93 (c3r9), promotion row
            p.put(84, Piece(Color::black, man));  // c4r8: the new king takes it going se
            MoveList list;
            gen.generate(p, list, Duplicates::unique);
            REQUIRE_FALSE(list.empty());
            for (const Move& m : list) {
                CHECK(m.captured_mask == (bit(82) | bit(84)));
                CHECK(m.promotion == king);
                CHECK(m.path.front() == 93);
            }
            // Behind c4r8 on the se diagonal: 75, 66, 57, 48, 39.
            std::vector<Vertex> ends;
            for (const Move& m : list) ends.push_back(m.to);
            CHECK(ends == std::vector<Vertex>{75, 66, 57, 48, 39});
        }
    }
#else
    TEST_CASE("a 64-vertex build refuses a 72-square board with a message naming the option") {
        BoardGraph g;
        for (int i = 0; i < 64; ++i) g.add_vertex({std::to_string(i + 1), {}, 0, 0, 0});
        try {
            g.add_vertex({"65", {}, 0, 0, 0});
            FAIL("no BoardError for vertex 65");
        } catch (const BoardError& e) {
            const std::string what = e.what();
            CHECK(what.find("more than 64 vertices (vertex '65')") != std::string::npos);
            CHECK(what.find("TRADGAMES_MAX_VERTICES=128") != std::string::npos);
        }
        CHECK_THROWS_AS(every_square_board(10, 10), BoardError);
    }
#endif
}
