// Shatra board (variants/shatra/RULES.md §2): numbering and algebraic names, walls, lines through
// the gates and fortresses, regions, and the 180-degree symmetry n <-> 63 - n.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "shatra/shatra.hpp"
#include "tradgames/board_graph.hpp"
#include "tradgames/topology.hpp"

using namespace tradgames;
namespace sh = tradgames::shatra;

namespace {

const Topology& board() {
    static const Topology t(sh::make_board());
    return t;
}

// 2.2, copied from the specification.
const char* const number_to_algebraic =
    "1=c14, 2=d14, 3=e14, 4=c13, 5=d13, 6=e13, 7=c12, 8=d12, 9=e12, 10=d11, "
    "11=a10, 12=b10, 13=c10, 14=d10, 15=e10, 16=f10, 17=g10, "
    "18=a9, 19=b9, 20=c9, 21=d9, 22=e9, 23=f9, 24=g9, "
    "25=a8, 26=b8, 27=c8, 28=d8, 29=e8, 30=f8, 31=g8, "
    "32=a7, 33=b7, 34=c7, 35=d7, 36=e7, 37=f7, 38=g7, "
    "39=a6, 40=b6, 41=c6, 42=d6, 43=e6, 44=f6, 45=g6, "
    "46=a5, 47=b5, 48=c5, 49=d5, 50=e5, 51=f5, 52=g5, "
    "53=d4, 54=c3, 55=d3, 56=e3, 57=c2, 58=d2, 59=e2, 60=c1, 61=d1, 62=e1";

Vertex sq(int n) { return static_cast<Vertex>(n - 1); }

std::vector<int> ray_numbers(int from, Direction d) {
    std::vector<int> r;
    for (Vertex v : board().ray(sq(from), d)) r.push_back(v + 1);
    return r;
}

Mask squares(int lo, int hi) {
    Mask m = 0;
    for (int n = lo; n <= hi; ++n) m |= bit(sq(n));
    return m;
}

}  // namespace

TEST_SUITE("shatra") {
    TEST_CASE("2.1-2.2: 62 squares, numbers and algebraic names") {
        const Topology& t = board();
        CHECK(t.size() == 62);
        std::istringstream in(number_to_algebraic);
        std::string item;
        int seen = 0;
        while (std::getline(in, item, ',')) {
            const auto eq = item.find('=');
            const int n = std::stoi(item.substr(0, eq));
            const std::string alg = item.substr(eq + 1);
            CAPTURE(item);
            CHECK(t.name(sq(n)) == std::to_string(n));
            CHECK(t.find(alg) == sq(n));
            CHECK(t.find(std::to_string(n)) == sq(n));
            ++seen;
        }
        CHECK(seen == 62);
        // Walls (the "##" cells) are no squares.
        for (const char* wall : {"a1", "b2", "a4", "c4", "e4", "g4", "f3", "c11", "e11", "a11",
                                 "b14", "f12", "g14", "h5", "d15", "d0"}) {
            CAPTURE(wall);
            CHECK_FALSE(t.find(wall).has_value());
        }
    }

    TEST_CASE("2.4: lines stop at walls; the d-file and the gate diagonals are lines") {
        CHECK(ray_numbers(61, Direction::n) ==
              std::vector<int>{58, 55, 53, 49, 42, 35, 28, 21, 14, 10, 8, 5, 2});
        CHECK(ray_numbers(54, Direction::ne) == std::vector<int>{53, 50, 44, 38});  // c3-g7
        CHECK(ray_numbers(56, Direction::nw) == std::vector<int>{53, 48, 40, 32});  // e3-a7
        CHECK(ray_numbers(7, Direction::se) == std::vector<int>{10, 15, 23, 31});   // c12-g8
        CHECK(ray_numbers(9, Direction::sw) == std::vector<int>{10, 13, 19, 25});   // e12-a8
        CHECK(ray_numbers(60, Direction::ne) == std::vector<int>{58, 56});          // c1-e3
        CHECK(ray_numbers(1, Direction::e) == std::vector<int>{2, 3});              // rank 14
        CHECK(ray_numbers(46, Direction::n) == std::vector<int>{39, 32, 25, 18, 11});
        CHECK(ray_numbers(48, Direction::s).empty());  // c4 is a wall
        CHECK(ray_numbers(11, Direction::ne).empty());  // b11 is a wall
        // The gate has no horizontal neighbours; its six neighbours.
        const Topology& t = board();
        CHECK(t.neighbour(sq(53), Direction::e) == no_vertex);
        CHECK(t.neighbour(sq(53), Direction::w) == no_vertex);
        CHECK(t.neighbour(sq(10), Direction::e) == no_vertex);
        CHECK(t.directions(sq(53)) == dirs(Direction::n, Direction::ne, Direction::nw,
                                           Direction::s, Direction::se, Direction::sw));
    }

    TEST_CASE("2.2: the board is symmetric under n <-> 63 - n") {
        const Topology& t = board();
        for (int n = 1; n <= 62; ++n) {
            for (int d = 0; d < direction_count; ++d) {
                const auto dir = static_cast<Direction>(d);
                const Vertex a = t.neighbour(sq(n), dir);
                const Vertex b = t.neighbour(sq(63 - n), opposite(dir));
                CAPTURE(n);
                CAPTURE(d);
                CHECK((a == no_vertex) == (b == no_vertex));
                if (a != no_vertex && b != no_vertex) CHECK(a + 1 == 63 - (b + 1));
            }
        }
    }

    TEST_CASE("2.3: regions") {
        const Topology& t = board();
        CHECK(t.zone_mask(sh::white_fortress) == squares(54, 62));
        CHECK(t.zone_mask(sh::black_fortress) == squares(1, 9));
        CHECK(t.zone_mask(sh::white_gate) == bit(sq(53)));
        CHECK(t.zone_mask(sh::black_gate) == bit(sq(10)));
        CHECK(t.zone_mask(sh::white_half) == squares(32, 52));
        CHECK(t.zone_mask(sh::black_half) == squares(11, 31));
        CHECK(t.zone_mask(sh::white_first_row) == squares(46, 52));
        CHECK(t.zone_mask(sh::black_first_row) == squares(11, 17));
        CHECK(t.zone_mask(sh::white_ditch_row) == squares(32, 38));
        CHECK(t.zone_mask(sh::black_ditch_row) == squares(25, 31));
        CHECK(t.zone_mask(sh::white_beyond_ditch) == squares(1, 31));
        CHECK(t.zone_mask(sh::black_beyond_ditch) == squares(32, 62));
        CHECK(t.zone_mask(sh::white_transformation) == squares(1, 3));
        CHECK(t.zone_mask(sh::black_transformation) == squares(60, 62));
        CHECK(t.zone_mask(sh::black_towers) == (bit(sq(11)) | bit(sq(17))));
        CHECK(t.zone_mask(sh::white_towers) == (bit(sq(46)) | bit(sq(52))));
        Mask road = 0;
        for (int n : {2, 5, 8, 10, 14, 21, 28, 35, 42, 49, 53, 55, 58, 61}) road |= bit(sq(n));
        CHECK(t.zone_mask(sh::high_road) == road);
    }
}
