// Endgame database builder speed (issue 28): one slice solved in memory from its dependencies,
// on one thread; the counter `positions_per_s` is positions (both sides to move) per second of
// one core. Dependencies are solved once, outside the timing.
#include <map>
#include <vector>

#include <benchmark/benchmark.h>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/registry.hpp"

namespace {

namespace eg = tradgames::engine::egtb;

/// Solves every slice of `pieces - 1` pieces and fewer that `target` can lead to (all of them),
/// then times `target`.
void solve_slice(benchmark::State& state, const char* game, eg::Material target, eg::BuildMethod method) {
    const eg::Domain d(tradgames::make_variant(game));
    std::map<eg::Material, std::vector<std::uint16_t>> deps;
    for (const auto& m : eg::slices_up_to(d, target.total())) {
        if (m == target) break;
        deps[m] = eg::solve_slice(d, m, deps, 1);
    }
    std::uint64_t positions = 0;
    for (auto _ : state) {
        const auto codes = eg::solve_slice(d, target, deps, 1, {}, method);
        (void)eg::count_codes(codes, positions);
        benchmark::DoNotOptimize(codes.data());
    }
    state.counters["positions_per_s"] = benchmark::Counter(
        static_cast<double>(2 * positions) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

/// One benchmark per slice and build method (README "Builder": the two give the same codes).
#define TRADGAMES_EGTB_BENCH(name, game, ...)                                                                      \
    void name##_forward(benchmark::State& s) { solve_slice(s, game, __VA_ARGS__, eg::BuildMethod::forward); } \
    void name##_unmove(benchmark::State& s) { solve_slice(s, game, __VA_ARGS__, eg::BuildMethod::unmove); }   \
    BENCHMARK(name##_forward)->Unit(benchmark::kMillisecond)->UseRealTime();                                   \
    BENCHMARK(name##_unmove)->Unit(benchmark::kMillisecond)->UseRealTime();

TRADGAMES_EGTB_BENCH(russian_2k_v_2k, "russian", eg::Material{0, 2, 0, 2})
TRADGAMES_EGTB_BENCH(russian_2m_v_2m, "russian", eg::Material{2, 0, 2, 0})
TRADGAMES_EGTB_BENCH(english_2k_v_2k, "english", eg::Material{0, 2, 0, 2})
TRADGAMES_EGTB_BENCH(english_1m1k_v_1m1k, "english", eg::Material{1, 1, 1, 1})

}  // namespace
