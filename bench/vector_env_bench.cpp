// Batched environments (include/tradgames/vector_env.hpp), Google Benchmark:
//   build/tradgames_bench --benchmark_filter=vector_env --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
// `vector_env_random/<variant>/threads:T/envs:N`: one VectorEnv::step_random over 256 or 1024 environments
// per iteration (a uniformly drawn legal action per environment, chosen in C++), every output
// written (observations, masks, rewards, flags, players, final observations); counter steps/s
// (environment steps, i.e. actions, per second of wall time) and steps/cpu_s (per second of the
// process's CPU time, all threads: per core-second, the figure that a loaded machine distorts
// least).
// `vector_env_step/<variant>/threads:T/envs:N`: sample_actions into an array, then step() with that
// array (every action checked first, as for actions from NumPy); the two calls are timed.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/vector_env.hpp"

namespace {

struct Buffers {
    explicit Buffers(const tradgames::VectorEnv& e)
        : obs(e.size() * static_cast<std::size_t>(e.observation_size())), final_obs(obs.size()),
          masks(e.size() * static_cast<std::size_t>(e.action_count())), rewards(e.size()),
          terminated(e.size()), truncated(e.size()), players(e.size()), actions(e.size()) {}
    [[nodiscard]] tradgames::VectorEnvOutputs out() {
        return {obs.data(), masks.data(), rewards.data(), terminated.data(), truncated.data(),
                players.data(), final_obs.data()};
    }
    std::vector<float> obs, final_obs;
    std::vector<std::uint8_t> masks;
    std::vector<float> rewards;
    std::vector<std::uint8_t> terminated, truncated;
    std::vector<std::int8_t> players;
    std::vector<std::int64_t> actions;
};

void vector_env(benchmark::State& state, const std::string& variant, bool random, bool planes,
                tradgames::ObservationView view) {
    tradgames::VectorEnvOptions o;
    o.view = view;
    const auto envs = static_cast<std::size_t>(state.range(1));
    o.num_envs = envs;
    o.seed = 1;
    o.threads = static_cast<unsigned>(state.range(0));
    tradgames::VectorEnv env(tradgames::make_variant(variant), o);
    Buffers b(env);
    tradgames::VectorEnvOutputs out = b.out();
    if (!planes) out.observations = out.final_observations = nullptr, out.masks = nullptr;
    env.reset(out);
    for (int i = 0; i < 200; ++i) env.step_random(out, b.actions.data());  // warm-up: games of all ages
    std::uint64_t steps = 0;
    const std::clock_t cpu0 = std::clock();
    for (auto _ : state) {
        if (random) {
            env.step_random(out, b.actions.data());
        } else {
            env.sample_actions(b.actions.data());
            env.step(b.actions.data(), out);
        }
        steps += envs;
    }
    const double cpu = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    benchmark::DoNotOptimize(b.obs.data());
    state.counters["steps/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
    // Steps per second of CPU time of the whole process (all its threads): steps per core-second,
    // what one core gives on a machine shared with other work.
    state.counters["steps/cpu_s"] = cpu > 0 ? static_cast<double>(steps) / cpu : 0.0;
}

}  // namespace

// Registers vector_env_bare/russian: step_random writing rewards, flags and players only (no
// observations, no masks), to show what the planes cost; vector_env_rotated/russian: step_random
// with the rotated view (board, masks and actions turned when Black moves).
// Registers vector_env_random/<variant> and vector_env_step/<variant> for every registered
// variant, on 1 and 2 threads (called from main in movegen_bench.cpp).
void register_vector_env() {
    for (const auto& info : tradgames::list_variants()) {
        for (const bool random : {true, false}) {
            const std::string name = std::string(random ? "vector_env_random/" : "vector_env_step/") + info.name;
            benchmark::RegisterBenchmark(name.c_str(), vector_env, info.name, random, true,
                                         tradgames::ObservationView::absolute)
                ->ArgNames({"threads", "envs"})->ArgsProduct({{1, 2}, {16, 256, 1024}})->UseRealTime()->Unit(benchmark::kMicrosecond);
        }
    }
    benchmark::RegisterBenchmark("vector_env_bare/russian", vector_env, std::string("russian"), true, false,
                                 tradgames::ObservationView::absolute)
        ->ArgNames({"threads", "envs"})->ArgsProduct({{1}, {16, 256, 1024}})->UseRealTime()->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("vector_env_rotated/russian", vector_env, std::string("russian"), true, true,
                                 tradgames::ObservationView::rotated)
        ->ArgNames({"threads", "envs"})->ArgsProduct({{1}, {16, 256, 1024}})->UseRealTime()->Unit(benchmark::kMicrosecond);
}
