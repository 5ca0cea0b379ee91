// Tobit boards: the point graph of variants/tobit/RULES.md §2.2-2.3 (5x4) and §2.5 (4x4), the zones
// of R13 and §2.4, and the White/Black rotation n <-> N+1-n of §2.2 applied to move generation.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <tuple>
#include <vector>

#include "support/helpers.hpp"
#include "variants/tobit/support.hpp"
#include "tradgames/board_graph.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/random.hpp"

using namespace tradgames;

namespace tradgames::tobit {
namespace {
/// The board graph of the tobit descriptor with `size` lines. Throws DescriptorError for an
/// impossible size.
BoardGraph make_board(BoardSize size) {
    const std::string json = "{\"base\": \"tobit\", \"name\": \"tobit-test\", \"board\": {\"width\": " +
                             std::to_string(size.longitudinal) + ", \"height\": " +
                             std::to_string(size.transverse) + "}}";
    return make_draughts_board(read_descriptor(json, "test board"));
}
}  // namespace
}  // namespace tradgames::tobit

namespace {

// variants/tobit/RULES.md §2.3, one row per point 1..38: neighbours N, S, W, E (0 = none).
constexpr std::array<std::array<int, 4>, 38> table_5x4 = {{
    {7, 0, 0, 0},    {8, 0, 0, 0},    {9, 0, 0, 0},    {10, 0, 0, 0},   {11, 0, 0, 0},
    {0, 0, 0, 7},    {14, 1, 6, 8},   {15, 2, 7, 9},   {16, 3, 8, 10},  {17, 4, 9, 11},
    {18, 5, 10, 12}, {0, 0, 11, 0},   {0, 0, 0, 14},   {21, 7, 13, 15}, {22, 8, 14, 16},
    {23, 9, 15, 17}, {24, 10, 16, 18}, {25, 11, 17, 19}, {0, 0, 18, 0},  {0, 0, 0, 21},
    {28, 14, 20, 22}, {29, 15, 21, 23}, {30, 16, 22, 24}, {31, 17, 23, 25}, {32, 18, 24, 26},
    {0, 0, 25, 0},   {0, 0, 0, 28},   {34, 21, 27, 29}, {35, 22, 28, 30}, {36, 23, 29, 31},
    {37, 24, 30, 32}, {38, 25, 31, 33}, {0, 0, 32, 0},  {0, 28, 0, 0},   {0, 29, 0, 0},
    {0, 30, 0, 0},   {0, 31, 0, 0},   {0, 32, 0, 0},
}};

constexpr std::array<Direction, 4> nswe = {Direction::n, Direction::s, Direction::w,
                                           Direction::e};

int number_of(Vertex v) { return v == no_vertex ? 0 : v + 1; }

// The position rotated by 180 degrees (variants/tobit/RULES.md §2.2: n <-> N+1-n, colours swapped).
Position rotated(const Position& p, int n_points) {
    Position q;
    for (Vertex v = 0; v < n_points; ++v) {
        if (p.at(v).empty()) continue;
        q.put(static_cast<Vertex>(n_points - 1 - v), Piece(~p.at(v).color(), p.at(v).kind()));
    }
    q.set_side_to_move(~p.side_to_move());
    return q;
}

// A move text with every point number n replaced by N+1-n.
std::string rotated(const std::string& move, int n_points) {
    std::string r;
    std::string num;
    auto flush = [&] {
        if (!num.empty()) r += std::to_string(n_points + 1 - std::stoi(num));
        num.clear();
    };
    for (char c : move) {
        if (c >= '0' && c <= '9') {
            num += c;
        } else {
            flush();
            r += c;
        }
    }
    flush();
    return r;
}

}  // namespace

TEST_SUITE("tobit") {
    TEST_CASE("5x4 board: 38 points with exactly the adjacency of variants/tobit/RULES.md §2.3") {
        const Topology t(tobit::make_board(tobit::standard_board));
        REQUIRE(t.size() == 38);
        int links = 0;
        for (Vertex v = 0; v < 38; ++v) {
            CAPTURE(v + 1);
            CHECK(t.name(v) == std::to_string(v + 1));
            for (std::size_t i = 0; i < 4; ++i) {
                CAPTURE(to_string(nswe[i]));
                CHECK(number_of(t.neighbour(v, nswe[i])) == table_5x4[v][i]);
                links += table_5x4[v][i] != 0 ? 1 : 0;
            }
            CHECK((t.directions(v) & diagonal_dirs) == 0);  // links only along chols
        }
        CHECK(links == 2 * (5 * 5 + 4 * 6));  // 5 chols of 6 points, 4 of 7, both ways
    }

    TEST_CASE("G1: the 18 line ends of the 5x4 board have exactly one neighbour") {
        const Topology t(tobit::make_board(tobit::standard_board));
        int ends = 0;
        for (Vertex v = 0; v < 38; ++v) {
            if (count(static_cast<Mask>(t.directions(v))) == 1) ++ends;
        }
        CHECK(ends == 18);
        for (int n : {1, 2, 3, 4, 5, 6, 12, 13, 19, 20, 26, 27, 33, 34, 35, 36, 37, 38}) {
            CAPTURE(n);
            CHECK(count(static_cast<Mask>(t.directions(static_cast<Vertex>(n - 1)))) == 1);
        }
        // G3: a tobit's ray follows one chol to its end: 1 -> 7, 14, 21, 28, 34.
        const auto r = t.ray(0, Direction::n);
        CHECK(std::vector<int>(r.begin(), r.end()) == std::vector<int>{6, 13, 20, 27, 33});
        CHECK(t.ray(5, Direction::e).size() == 6);  // 6 -> 7..12
    }

    TEST_CASE("4x4 board: 32 points, chols as listed in variants/tobit/RULES.md §2.5") {
        const Topology t(tobit::make_board(tobit::small_board));
        REQUIRE(t.size() == 32);
        int links = 0;
        // Longitudinal chols k, 5+k, 11+k, 17+k, 23+k, 28+k; transverse 5-10 ... 23-28.
        for (int k = 1; k <= 4; ++k) {
            const int chol[] = {k, 5 + k, 11 + k, 17 + k, 23 + k, 28 + k};
            for (int i = 0; i + 1 < 6; ++i) {
                CAPTURE(chol[i]);
                CHECK(number_of(t.neighbour(static_cast<Vertex>(chol[i] - 1), Direction::n)) ==
                      chol[i + 1]);
            }
        }
        for (int first : {5, 11, 17, 23}) {
            for (int n = first; n < first + 5; ++n) {
                CAPTURE(n);
                CHECK(number_of(t.neighbour(static_cast<Vertex>(n - 1), Direction::e)) == n + 1);
            }
        }
        for (Vertex v = 0; v < 32; ++v) links += count(static_cast<Mask>(t.directions(v)));
        CHECK(links == 2 * (4 * 5 + 4 * 5));  // nothing beyond the listed chols
    }

    TEST_CASE("zones: promotion points (R13) and set-up points (2.4, 2.5)") {
        for (const auto& [size, points, wp, bh] :
             {std::tuple{tobit::standard_board, 38, 34, 27},
              std::tuple{tobit::small_board, 32, 29, 23}}) {
            CAPTURE(points);
            const Topology t(tobit::make_board(size));
            Mask white_promo = 0;
            for (int n = wp; n <= points; ++n) white_promo |= bit(static_cast<Vertex>(n - 1));
            Mask black_promo = 0;
            for (int n = 1; n <= size.longitudinal; ++n) {
                black_promo |= bit(static_cast<Vertex>(n - 1));
            }
            Mask black_home = 0;
            for (int n = bh; n <= points; ++n) black_home |= bit(static_cast<Vertex>(n - 1));
            const Mask white_home = (Mask{1} << (points + 1 - bh)) - 1;  // 1-12 or 1-10
            CHECK(t.zone_mask(tobit::white_promotion) == white_promo);
            CHECK(t.zone_mask(tobit::black_promotion) == black_promo);
            CHECK(t.zone_mask(tobit::white_home) == white_home);
            CHECK(t.zone_mask(tobit::black_home) == black_home);
        }
    }

    TEST_CASE("make_board rejects impossible sizes") {
        CHECK_THROWS_AS((void)tobit::make_board({0, 4}), DescriptorError);
        CHECK_THROWS_AS((void)tobit::make_board({5, 0}), DescriptorError);
        // 96 points: more than a 64-vertex build holds (types.hpp); 13 lines: more than any build.
        if (max_vertices < 96) CHECK_THROWS_AS((void)tobit::make_board({8, 8}), DescriptorError);
        CHECK_THROWS_AS((void)tobit::make_board({13, 4}), DescriptorError);  // at most 12 lines
    }

    TEST_CASE("2.2 rotation: Black's moves are White's moves in the rotated position") {
        for (const char* name : {"tobit", "tobit-4x4"}) {
            CAPTURE(name);
            const auto v = make_variant(name);
            const int n_points = v->topology().size();
            Rng rng(7);
            int compared = 0;
            for (int game = 0; game < 10; ++game) {
                Position p = v->initial_position();
                for (int ply = 0; ply < 120; ++ply) {
                    // P lists: with duplicate results the U list's canonical path (smallest
                    // landing numbers) need not be the rotation of the other side's.
                    MoveList list;
                    v->generate(p, list, Duplicates::all_paths);
                    const Position q = rotated(p, n_points);
                    std::vector<std::string> expected;
                    for (const Move& m : list) {
                        expected.push_back(rotated(v->move_to_string(p, m), n_points));
                    }
                    CAPTURE(v->position_to_string(p));
                    CHECK(tgtest::moves(*v, v->position_to_string(q), Duplicates::all_paths) ==
                          tgtest::sorted(expected));
                    ++compared;
                    if (list.empty()) break;
                    Undo u;
                    v->make_move(p, list[rng.below(list.size())], u);
                }
            }
            CHECK(compared > 100);
        }
    }
}
