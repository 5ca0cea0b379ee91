// Search speed: nodes per second of the engine (include/tradgames/engine/search.hpp) in every
// registered variant, and heap allocations per thousand nodes (the search allocates nothing per
// node: the count stays near the per-search constant divided by the nodes).
//
// Each iteration searches eight positions (the initial one and seven reached by seeded random
// moves, 8..22 plies in) to a fixed depth per variant (what takes tens of milliseconds), with
// the searcher's table cleared first, so every iteration does the same work. Times and the
// nodes/s rate are CPU time of the searching thread (not wall time): the machine is shared.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "tradgames/engine/search.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"

// The counter of tests/support/counting_new.hpp, whose operators playout_bench.cpp defines for
// the whole program (the header may be included once only); this is its same inline variable.
namespace tgtest {
inline std::atomic<std::uint64_t> allocations{0};
}  // namespace tgtest

using tgtest::allocations;

namespace {

namespace te = tradgames::engine;

void search_nodes(benchmark::State& state, const std::string& variant) {
    const auto v = tradgames::make_variant(variant);
    std::vector<tradgames::Position> positions{v->initial_position()};
    for (std::uint64_t i = 1; positions.size() < 8 && i < 100; ++i) {
        tradgames::Game g(v);
        tradgames::Rng rng = tradgames::playout_rng(9, i);
        const std::size_t plies = 8 + 2 * (i % 8);
        while (!g.result().over() && g.ply() < plies) g.play_legal(rng.below(g.legal_moves().size()));
        if (!g.result().over()) positions.push_back(g.position());
    }
    te::Searcher s(v, te::SearcherOptions{16, nullptr, nullptr});
    te::SearchLimits l;
    l.depth = static_cast<int>(state.range(0));
    std::uint64_t nodes = 0;
    std::uint64_t allocs = 0;
    for (auto _ : state) {
        for (const auto& p : positions) {
            s.clear();
            const tradgames::Game g(v, p);
            const std::uint64_t a0 = allocations.load();
            const te::SearchResult r = s.search(g, l);
            allocs += allocations.load() - a0;
            nodes += r.nodes;
        }
    }
    state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
    state.counters["allocs/1k nodes"] = nodes == 0 ? 0.0 : 1000.0 * static_cast<double>(allocs) / static_cast<double>(nodes);
}

}  // namespace

// The depth per variant: what searches the eight positions in tens of milliseconds.
BENCHMARK_CAPTURE(search_nodes, russian, std::string("russian"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, brazilian, std::string("brazilian"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, pool, std::string("pool"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, english, std::string("english"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, italian, std::string("italian"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, spanish, std::string("spanish"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, czech, std::string("czech"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, thai, std::string("thai"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, international, std::string("international"))->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, frisian, std::string("frisian"))->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, turkish, std::string("turkish"))->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, tobit, std::string("tobit"))->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, tobit_4x4, std::string("tobit-4x4"))->Arg(8)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(search_nodes, shatra, std::string("shatra"))->Arg(4)->Unit(benchmark::kMillisecond);
