// Playout benchmarks (Google Benchmark).
//   build/tradgames_bench --benchmark_filter=playout --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
// `playout_games/<variant>`: seeded random games on one core, one Game reused (Game::reset) as
// run_playouts' workers do; counters games/s, plies/s and allocs/game (heap allocations per
// game after a warm-up, counted by the operator new below: issue 11 asks for 0).
// `playouts/<variant>`: whole run_playouts calls (400 games each, thread start-up included) on
// 1 and 2 worker threads, random or greedy.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>

#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"

// Counting allocator for the allocs/game counter: every operator new of the benchmark binary
// goes through here (one relaxed atomic increment each; perft and playouts allocate nothing
// once warm, so the timings do not see it).
#include "support/counting_new.hpp"

using tgtest::allocations;

namespace {

// Random games on one core with one reused Game; 1000 warm-up games first (seed 0), then game i
// of seed 1 per iteration.
void playout_games(benchmark::State& state, const std::string& variant) {
    const auto v = tradgames::make_variant(variant);
    auto game = std::make_unique<tradgames::Game>(v);
    tradgames::PlayoutStats stats;
    for (std::uint64_t i = 0; i < 1000; ++i) {
        tradgames::Rng rng = tradgames::playout_rng(0, i);
        game->reset();
        (void)tradgames::play_out(*game, tradgames::Policy::random, rng, 1000, stats);
    }
    const std::uint64_t plies0 = stats.plies;
    const std::uint64_t allocs0 = allocations.load();
    std::uint64_t games = 0;
    for (auto _ : state) {
        tradgames::Rng rng = tradgames::playout_rng(1, games++);
        game->reset();
        benchmark::DoNotOptimize(tradgames::play_out(*game, tradgames::Policy::random, rng, 1000, stats));
    }
    const auto allocs = static_cast<double>(allocations.load() - allocs0);
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
    state.counters["plies/s"] =
        benchmark::Counter(static_cast<double>(stats.plies - plies0), benchmark::Counter::kIsRate);
    state.counters["allocs/game"] = games == 0 ? 0.0 : allocs / static_cast<double>(games);
}

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

BENCHMARK_CAPTURE(playout_games, russian, std::string("russian"))->UseRealTime();
BENCHMARK_CAPTURE(playout_games, tobit, std::string("tobit"))->UseRealTime();
BENCHMARK_CAPTURE(playout_games, tobit_4x4, std::string("tobit-4x4"))->UseRealTime();
BENCHMARK_CAPTURE(playout_games, shatra, std::string("shatra"))->UseRealTime();

BENCHMARK_CAPTURE(playouts, russian, std::string("russian"))
    ->Args({1, 0})->Args({2, 0})->Args({1, 1})->Args({2, 1})
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(playouts, tobit, std::string("tobit"))
    ->Args({1, 0})->Args({2, 0})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(playouts, shatra, std::string("shatra"))
    ->Args({1, 0})->Args({2, 0})->Unit(benchmark::kMillisecond)->UseRealTime();
