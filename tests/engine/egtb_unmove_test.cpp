// Endgame databases: the two build methods (forward passes, retrograde unmove generation) give
// the same codes on every game, and build() writes byte-identical files with either (issue 28,
// README "Builder"). The comparison over every 8x8 game to 4 pieces and International to 4 is
// in the note of the session that measured it; here small slices of every game.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/registry.hpp"

namespace {

namespace fs = std::filesystem;
namespace eg = tradgames::engine::egtb;

/// Solves every slice of d up to `pieces` pieces with both methods (the unmove one on `threads`
/// threads) and checks the codes are equal. A slice the forward method refuses (a move into a
/// position with variant state) must be refused by the unmove method too, with the same message.
/// Returns the slices compared.
int compare_methods(const eg::Domain& d, int pieces, int threads) {
    std::map<eg::Material, std::vector<std::uint16_t>> deps;
    int compared = 0;
    for (const auto& m : eg::slices_up_to(d, pieces)) {
        CAPTURE(d.variant().name());
        CAPTURE(m.name());
        std::string forward_error;
        std::vector<std::uint16_t> forward;
        try {
            forward = eg::solve_slice(d, m, deps, 1, {}, eg::BuildMethod::forward);
        } catch (const eg::EgtbError& e) {
            forward_error = e.what();
        }
        if (!forward_error.empty()) {
            CHECK_THROWS_WITH_AS((void)eg::solve_slice(d, m, deps, threads, {}, eg::BuildMethod::unmove),
                                 forward_error.c_str(), eg::EgtbError);
            continue;
        }
        const auto unmove = eg::solve_slice(d, m, deps, threads, {}, eg::BuildMethod::unmove);
        REQUIRE(unmove.size() == forward.size());
        std::size_t differ = 0;
        for (std::size_t i = 0; i < forward.size(); ++i) differ += forward[i] != unmove[i] ? 1 : 0;
        CHECK(differ == 0);
        deps[m] = forward;
        ++compared;
    }
    return compared;
}

std::vector<char> read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_SUITE("egtb") {
    TEST_CASE("build methods: unmove generation and forward passes give equal codes in every game") {
        // Every game of men and kings to 2 pieces (men backwards, short and flying kings, men
        // that capture backwards, captures compulsory); Russian (on 2 threads) and Tobit (lines,
        // not diagonals) to 3 pieces, English to 3 in the file test below. Frisian's slices with
        // men and kings are refused by both methods alike.
        int games = 0;
        for (const auto& info : tradgames::list_variants()) {
            const auto v = tradgames::make_variant(info.name);
            if (v->kinds().size() != 2) continue;
            const eg::Domain d(v);
            CAPTURE(info.name);
            const bool three = info.name == "russian" || info.name == "tobit";
            CHECK(compare_methods(d, three ? 3 : 2, info.name == "russian" ? 2 : 1) > 0);
            ++games;
        }
        CHECK(games >= 13);  // 11 draughts games on 8x8 and 10x10 boards, Tobit, Tobit 4x4
    }

    TEST_CASE("build methods: build() writes byte-identical files with either method") {
        const eg::Domain d(tradgames::make_variant("english"));
        const fs::path base = fs::temp_directory_path() / ("tradgames-egtb-methods-" + std::to_string(::getpid()));
        fs::remove_all(base);
        const auto slices = eg::slices_up_to(d, 3);
        for (const auto method : {eg::BuildMethod::forward, eg::BuildMethod::unmove}) {
            eg::BuildOptions o;
            o.dir = (base / eg::build_method_name(method)).string();
            o.method = method;
            o.threads = 2;
            eg::build(d, slices, o);
        }
        for (const auto& m : slices) {
            CAPTURE(m.name());
            const auto name = eg::slice_file_name("english", m);
            const auto forward = read_all(base / "forward" / name);
            CHECK(forward.size() > 256);
            CHECK(forward == read_all(base / "unmove" / name));
        }
        fs::remove_all(base);
        CHECK(eg::parse_build_method("unmove") == eg::BuildMethod::unmove);
        CHECK(eg::parse_build_method("forward") == eg::BuildMethod::forward);
        CHECK_THROWS_WITH_AS((void)eg::parse_build_method("backward"), doctest::Contains("'backward'"), eg::EgtbError);
    }
}
