// Russian checkers perft, both counting conventions (variants/russian/RULES.md §3.1-3.3).
//
// Sources of the numbers (variants/russian/RULES.md §3.2): rhalbersma/dctl
// test/src/algo/traversal/initial/board_08x08.cpp, case Russian (U d1-13, P d1-14), crediting the
// shashki.com thread "Standard validation generator moves"; the "Kallisto" (P) and "Avrora" (U)
// columns of a C++ Catch test; Dagaz tests citing damforum t=2822 p80038. The rows of §3.3 are
// KestoG's perft suite with the FENs cleaned, U and P recomputed by independent programs
// (variants/russian/RULES.md §3.3).
#include <doctest/doctest.h>

#include <cstdint>

#include "support/helpers.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/perft.hpp"

using tradgames::Duplicates;

namespace {

// depth 1..10: U (duplicates removed) and P (all paths), variants/russian/RULES.md §3.2.
constexpr std::uint64_t start_u[] = {7,      49,      302,      1469,      7482,
                                     37986,  190146,  929899,   4570586,   22444032};
constexpr std::uint64_t start_p[] = {7,      49,      302,      1469,      7482,
                                     37986,  190146,  929905,   4570667,   22450628};

}  // namespace

TEST_SUITE("russian") {
    TEST_CASE("perft from the start to depth 8, U and P (variants/russian/RULES.md §3.2)") {
        const auto v = tradgames::make_variant("russian");
        for (int d = 1; d <= 8; ++d) {
            CAPTURE(d);
            CHECK(tgtest::perft(*v, "", d) == start_u[d - 1]);
            CHECK(tgtest::perft(*v, "", d, Duplicates::all_paths) == start_p[d - 1]);
        }
    }

    TEST_CASE("perft without bulk counting equals perft with it") {
        const auto v = tradgames::make_variant("russian");
        auto p = v->initial_position();
        tradgames::PerftOptions o;
        o.bulk = false;
        CHECK(v->perft(p, 6, o) == start_u[5]);
        CHECK(p == v->initial_position());
    }
}

TEST_SUITE("slow") {
    TEST_CASE("russian perft from the start, depth 10, U and P (variants/russian/RULES.md §3.2)") {
        const auto v = tradgames::make_variant("russian");
        for (int d = 9; d <= 10; ++d) {
            CAPTURE(d);
            CHECK(tgtest::perft(*v, "", d) == start_u[d - 1]);
            CHECK(tgtest::perft(*v, "", d, Duplicates::all_paths) == start_p[d - 1]);
        }
    }

    TEST_CASE("russian perft(10) divide, U and P (variants/russian/RULES.md §3.2)") {
        const auto v = tradgames::make_variant("russian");
        struct Row { const char* move; std::uint64_t u, p; };
        const Row rows[] = {{"a3-b4", 3668731, 3669374}, {"c3-d4", 2755669, 2757668},
                            {"c3-b4", 4202000, 4202735}, {"e3-f4", 2504945, 2505609},
                            {"e3-d4", 3123970, 3125789}, {"g3-h4", 3696457, 3696684},
                            {"g3-f4", 2492260, 2492769}};
        tradgames::PerftOptions paths;
        paths.duplicates = Duplicates::all_paths;
        const auto u = tradgames::divide(*v, v->initial_position(), 10);
        const auto p = tradgames::divide(*v, v->initial_position(), 10, paths);
        REQUIRE(u.size() == 7);
        REQUIRE(p.size() == 7);
        for (const Row& r : rows) {
            CAPTURE(r.move);
            int found = 0;
            for (std::size_t i = 0; i < 7; ++i) {
                if (u[i].notation != r.move) continue;
                ++found;
                CHECK(u[i].nodes == r.u);
                CHECK(p[i].notation == r.move);
                CHECK(p[i].nodes == r.p);
            }
            CHECK(found == 1);
        }
    }

    TEST_CASE("russian perft(10), U and P, of the positions of variants/russian/RULES.md §3.3") {
        const auto v = tradgames::make_variant("russian");
        struct Row { const char* fen; std::uint64_t u, p; };
        const Row rows[] = {
            {"W:Wa7,a5,b4,c3,f2,h2,g1:Bb8,c7,e7,g7,g5,f4,h4", 644030, 644167},
            {"W:Wd6,a3,g3,f2,h2,c1,g1:Bb8,f8,h8,b6,f6,h6,h4", 12357022, 12357256},
            {"B:Wc5,e5,b4,a3,e3,f2,h2,g1:Bb8,h8,a7,c7,g7,h6,g5,h4", 436149, 436188},
            {"W:Wc5,b4,d4,f4,a3,f2,h2,g1:Bd8,a7,e7,g7,d6,f6,h6,h4", 591936, 592007},
            {"W:Wc5,e5,d4,g3,d2,f2,a1,c1,e1,g1:Bf8,h8,a7,c7,e7,g7,b6,h6,a5,g5", 5523261, 5603861},
            {"B:Wb4,d4,f4,a3,e3,g3,b2,d2,f2,a1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,b6,h6,c5,g5,h4", 1027320,
             1027494},
        };
        for (const Row& r : rows) {
            CAPTURE(r.fen);
            CHECK(tgtest::perft(*v, r.fen, 10) == r.u);
            CHECK(tgtest::perft(*v, r.fen, 10, Duplicates::all_paths) == r.p);
        }
    }
}
