// Subcommand tune: Texel-style tuning of a game's evaluation weights from self-play games
// (include/tradgames/engine/tune.hpp); writes a weights file for variants/<game>/eval/.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/engine/tune.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;

struct TuneArgs {
    VariantArgs v;
    std::uint64_t games = 200;
    int depth = 2;
    int random_plies = 8;
    std::uint64_t seed = 1;
    int steps = 3000;
    double l2 = 0.005;
    double min_support = 0.01;
    int max_term = 25;
    std::string out;
};

int run_tune(const TuneArgs& a) {
    const auto variant = make_variant(a.v);
    te::SelfPlayOptions sp;
    sp.games = a.games;
    sp.depth = a.depth;
    sp.random_plies = a.random_plies;
    sp.seed = a.seed;
    // Self-play and the start from the generic weights, not the game's shipped file: the command
    // in a weights file's "source" then reproduces that file.
    sp.evaluation = std::make_shared<const te::Evaluation>(*variant, te::generic_weights(*variant));
    const auto samples = te::self_play_samples(variant, sp);
    te::TuneOptions to;
    to.steps = a.steps;
    to.l2 = a.l2;
    to.min_support = a.min_support;
    to.max_term = a.max_term;
    const te::TuneReport r = te::tune_weights(*variant, samples, te::generic_weights(*variant), to);
    const std::string summary = fmt::format(
        "{}: {} games, {} samples ({} training, {} validation), scale {:.1f}, {} weights frozen "
        "(rare features), mean squared error training {:.5f} -> {:.5f}, validation {:.5f} -> {:.5f}",
        variant->name(), a.games, samples.size(), r.train, r.validation, r.scale, r.frozen, r.train_before, r.train_after,
        r.validation_before, r.validation_after);
    const std::string source = fmt::format(
        "tradgames tune --variant {} --games {} --depth {} --random-plies {} --seed {} --steps {} --l2 {} "
        "--min-support {} --max-term {}",
        variant->name(), a.games, a.depth, a.random_plies, a.seed, a.steps, a.l2, a.min_support, a.max_term);
    const std::string text = te::weights_to_json(r.weights, "Texel-tuned from self-play (README \"Evaluation weights\"): " + summary, source);
    if (a.out.empty()) {
        fmt::print("{}", text);
        std::fprintf(stderr, "%s\n", summary.c_str());
        return 0;
    }
    std::ofstream f(a.out, std::ios::binary);
    f << text;
    f.close();
    if (!f) throw tg::Error("tune: cannot write " + tg::quoted(a.out));
    fmt::print("{}\n", summary);
    return 0;
}

}  // namespace

void register_tune_command(CLI::App& app, std::vector<Command>& out) {
    auto a = std::make_shared<TuneArgs>();
    auto* cmd = app.add_subcommand("tune", "fit a game's evaluation weights to the results of self-play games (Texel tuning)");
    add_variant_args(cmd, a->v);
    cmd->add_option("--games,-n", a->games, "self-play games (default 200)")
        ->transform(decimal())
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10'000'000}));
    cmd->add_option("--depth,-d", a->depth, "search depth of both sides in plies (default 2)")->check(CLI::Range(1, 20));
    cmd->add_option("--random-plies", a->random_plies, "random plies at the start of each game (default 8)")
        ->check(CLI::Range(0, 40));
    cmd->add_option("--seed", a->seed, "seed of the random plies (default 1)")->transform(decimal());
    cmd->add_option("--steps", a->steps, "optimiser steps (default 3000)")->check(CLI::Range(1, 1'000'000));
    cmd->add_option("--l2", a->l2, "pull towards the generic weights: MSE + L2 * sum((w - generic)/100)^2 (default 0.005)")
        ->check(CLI::Range(0.0, 1000.0));
    cmd->add_option("--min-support", a->min_support,
                    "keep a weight generic when its feature is non-zero in fewer than this fraction of samples (default 0.01)")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--max-term", a->max_term, "bound on every positional weight, centi-men (default 25)")
        ->check(CLI::Range(0, 100000));
    cmd->add_option("--out,-o", a->out, "write the weights JSON to this file (default: standard output)");
    out.push_back({cmd, [a] { return run_tune(*a); }});
}

}  // namespace tgcli
