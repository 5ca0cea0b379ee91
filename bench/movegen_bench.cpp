// Move generation and perft benchmarks (Google Benchmark). Run:
//   build/tradgames_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// Quote medians; the counters give leaves (or moves) per second.
//
// What the README's speed table quotes (issue 11):
//   perft_start/<variant>/bulk and /no_bulk: perft leaves/s from the start position of every
//     registered variant (list_variants(), so a variant added to the registry is covered
//     without editing this file), at the depth shown in the label (see start_depth());
//   perft/russian_start/9/<bulk>/<P>: Russian perft(9) with bulk counting (9/1/0), every leaf
//     made (9/0/0), every capture path (P) with bulk counting (9/1/1) and without (9/0/1, the
//     counting of the side-by-side "every path" row).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <string>

#include "tradgames/registry.hpp"
#include "tradgames/variant.hpp"

namespace {

using tradgames::Duplicates;

// Legal-move generation at a fixed position, repeated.
void movegen(benchmark::State& state, const std::string& variant, const std::string& fen) {
    const auto v = tradgames::make_variant(variant);
    const tradgames::Position p = fen.empty() ? v->initial_position() : v->parse_position(fen);
    std::size_t moves = 0;
    for (auto _ : state) {
        tradgames::MoveList list;
        v->generate(p, list);
        moves += list.size();
        benchmark::DoNotOptimize(list.size());
    }
    state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

// perft to a fixed depth; arg 0 = depth, arg 1 = bulk counting (1) or not (0), arg 2 = P (1).
void perft(benchmark::State& state, const std::string& variant, const std::string& fen) {
    const auto v = tradgames::make_variant(variant);
    tradgames::Position p = fen.empty() ? v->initial_position() : v->parse_position(fen);
    tradgames::PerftOptions o;
    o.bulk = state.range(1) != 0;
    o.duplicates = state.range(2) != 0 ? Duplicates::all_paths : Duplicates::unique;
    std::uint64_t leaves = 0;
    for (auto _ : state) leaves += v->perft(p, static_cast<int>(state.range(0)), o);
    state.counters["leaves/s"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}

// Depth of the perft_start benchmarks of `variant`: the deepest depth whose U leaf count,
// predicted from the two shallower counts (leaves(d) * leaves(d) / leaves(d - 1)), stays within
// 60 million, so a bulk-counted perft takes about 0.1-1 s at 40-150 M leaves/s (less for a game
// whose next ply multiplies the count by 100, as Shatra's). Leaf counts are fixed by the rules,
// so the depth is the same on every machine (when this was written: russian, tobit-4x4 and most
// draughts 10, tobit, international and frisian 9, turkish 7, shatra 3). Computed on first use,
// by running perft once per depth.
int start_depth(const std::string& variant) {
    static std::map<std::string, int> depths;
    if (const auto it = depths.find(variant); it != depths.end()) return it->second;
    constexpr double budget = 60e6;
    const auto v = tradgames::make_variant(variant);
    tradgames::Position p = v->initial_position();
    double previous = 1.0;
    int depth = 1;
    for (; depth < 64; ++depth) {
        const auto leaves = static_cast<double>(v->perft(p, depth, tradgames::PerftOptions{}));
        if (leaves == 0.0 || leaves * leaves / previous > budget) break;
        previous = leaves;
    }
    depths.emplace(variant, depth);
    return depth;
}

// perft from the start position of `variant` at start_depth(variant), bulk counting or not.
void perft_start(benchmark::State& state, const std::string& variant, bool bulk) {
    const int depth = start_depth(variant);
    const auto v = tradgames::make_variant(variant);
    tradgames::Position p = v->initial_position();
    tradgames::PerftOptions o;
    o.bulk = bulk;
    std::uint64_t leaves = 0;
    for (auto _ : state) leaves += v->perft(p, depth, o);
    state.SetLabel("depth " + std::to_string(depth));
    state.counters["depth"] = static_cast<double>(depth);
    state.counters["leaves/s"] =
        benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}

// Registers perft_start/<variant>/bulk and /no_bulk for every registered variant.
void register_perft_start() {
    for (const auto& info : tradgames::list_variants()) {
        for (const bool bulk : {true, false}) {
            const std::string name = "perft_start/" + info.name + (bulk ? "/bulk" : "/no_bulk");
            benchmark::RegisterBenchmark(name.c_str(), perft_start, info.name, bulk)
                ->Unit(benchmark::kMillisecond);
        }
    }
}

// Row 6 of variants/russian/RULES.md §3.3: men in contact on both wings (a capture-rich perft).
const std::string russian_captures = "W:Wc5,e5,d4,g3,d2,f2,a1,c1,e1,g1:Bf8,h8,a7,c7,e7,g7,b6,h6,a5,g5";
// Two white kings among seven black men: 11 capture sequences, up to 4 pieces long.
const std::string russian_kings = "W:WKa1,Kh2:Bc3,e3,e7,f4,c5,b6,g5";

// Shatra, Black to move among sliders in contact: 56 legal moves, all capture sequences, of
// up to 10 jumps (batyr and yalkyn long leaps, some through the White gate).
const std::string shatra_captures =
    "B:WK50,Q34,R58,Y35,59,33,37,38,41,46,48,49:BK25,Q28,R22,R23,Y24,Y30,1,11,13,15-17,21";
// Tobit, Black tobit among White huls: multi-capture branches with free landings.
const std::string tobit_captures = "B:W2,3,6,9,14,16,22:BK11,27-35,37";

}  // namespace

BENCHMARK_CAPTURE(movegen, shatra_start, std::string("shatra"), std::string(""));
BENCHMARK_CAPTURE(movegen, shatra_captures, std::string("shatra"), shatra_captures);
BENCHMARK_CAPTURE(movegen, tobit_start, std::string("tobit"), std::string(""));
BENCHMARK_CAPTURE(movegen, tobit_captures, std::string("tobit"), tobit_captures);
BENCHMARK_CAPTURE(perft, shatra_start, std::string("shatra"), std::string(""))
    ->Args({3, 1, 0})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft, tobit_start, std::string("tobit"), std::string(""))
    ->Args({8, 1, 0})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(movegen, russian_start, std::string("russian"), std::string(""));
BENCHMARK_CAPTURE(movegen, russian_captures, std::string("russian"), russian_captures);
BENCHMARK_CAPTURE(movegen, russian_kings, std::string("russian"), russian_kings);
BENCHMARK_CAPTURE(perft, russian_start, std::string("russian"), std::string(""))
    ->Args({9, 1, 0})->Args({9, 0, 0})->Args({9, 1, 1})->Args({9, 0, 1})
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft, russian_captures, std::string("russian"), russian_captures)
    ->Args({7, 1, 0})->Unit(benchmark::kMillisecond);

void register_vector_env();  // vector_env_bench.cpp

// BENCHMARK_MAIN, plus the benchmarks registered from the variant registry at run time.
int main(int argc, char** argv) {
    register_perft_start();
    register_vector_env();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
