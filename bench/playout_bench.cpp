// Playout benchmarks (Google Benchmark): whole runs of seeded random or greedy games, on 1 and
// 2 worker threads. The counters give games and plies per second of wall-clock time.
//   build/tradgames_bench --benchmark_filter=playouts --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>

#include "tradgames/registry.hpp"
#include "tradgames/playout.hpp"

namespace {

// arg 0 = worker threads, arg 1 = policy (0 random, 1 greedy); 400 games per iteration.
void playouts(benchmark::State& state, const std::string& variant) {
    const auto v = tradgames::make_variant(variant);
    tradgames::PlayoutOptions o;
    o.games = 400;
    o.threads = static_cast<unsigned>(state.range(0));
    o.policy = state.range(1) != 0 ? tradgames::Policy::greedy : tradgames::Policy::random;
    std::uint64_t games = 0;
    std::uint64_t plies = 0;
    for (auto _ : state) {
        const tradgames::PlayoutReport r = tradgames::run_playouts(v, o);
        games += r.stats.games;
        plies += r.stats.plies;
        ++o.seed;  // other games each iteration, same work on average
    }
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_CAPTURE(playouts, russian, std::string("russian"))
    ->Args({1, 0})->Args({2, 0})->Args({1, 1})->Args({2, 1})
    ->Unit(benchmark::kMillisecond)->UseRealTime();
