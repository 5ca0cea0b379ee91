// tradgames: Texel-style tuning of the generic evaluation's weights (evaluation.hpp) from the
// results of the engine's own games (`tradgames tune`).
//
// Recipe: the engine plays itself (search at a fixed depth, both sides, the first plies of each
// game random from a seed so that games differ); every position of a game after those plies
// where the side to move has no capture is a sample, labelled with the game's result for the
// side to move (1 won, 0.5 drawn, 0 lost). The evaluation is linear in its weights, so each
// weight's feature is read off the evaluation itself (the position's score under a table with
// only that weight set to 1): the tuner and the search cannot disagree about a term. The fit
// minimises the mean squared error between the label and sigmoid(eval / scale): first the
// scale for the start weights (golden-section search), then every weight but the first kind's
// material (fixed at 100: the unit, centi-men) by full-batch Adam, then rounded to integers.
//
// Regularisation (self-play data has few samples of rare features, such as a Shatra tura on its
// back rank, and an unregularised fit gave it -1251): (1) a weight whose feature is non-zero in
// fewer than TuneOptions::min_support of the training samples keeps its start value; (2) the fit
// minimises MSE + l2 * sum_j ((w_j - start_j) / 100)^2, pulling every weight towards its start
// (the generic weights) by an amount that counts for little against a well supported feature;
// (3) every positional weight (advancement, centre, back rank, mobility, tempo) is clamped to
// [-max_term, max_term] and every material weight to [min_material, max_material].
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tradgames/engine/evaluation.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// One labelled position.
struct TuneSample {
    Position position;
    /// Result of the game for the side to move in `position`: 1, 0.5 or 0.
    double result = 0.5;
    /// Which game it came from (0-based), to hold whole games out for validation.
    std::uint64_t game = 0;
};

/// How the self-play games are played.
struct SelfPlayOptions {
    /// Games to play, >= 1.
    std::uint64_t games = 200;
    /// Search depth of both sides, in [1, 20].
    int depth = 2;
    /// Random plies at the start of each game (seeded), in [0, 40].
    int random_plies = 8;
    /// Seed of the random plies: game i uses seed + i.
    std::uint64_t seed = 1;
    /// A game still going after this many plies is drawn (a safety cap, not a rule), >= 1.
    int max_plies = 400;
    /// Evaluation the engine plays with (null: the variant's built-in one, evaluation_for).
    std::shared_ptr<const Evaluation> evaluation;
};

/// Plays the self-play games and returns their samples (in game order). Deterministic for the
/// options. Throws OptionError for an option out of range.
[[nodiscard]] std::vector<TuneSample> self_play_samples(std::shared_ptr<const Variant> variant,
                                                        const SelfPlayOptions& options);

/// How the fit runs.
struct TuneOptions {
    /// Full-batch Adam steps, >= 1.
    int steps = 3000;
    /// Adam step size, in centi-men per step (> 0).
    double learning_rate = 0.5;
    /// Every n-th game (by TuneSample::game) is held out for validation; 0 = none.
    int validation_every = 5;
    /// Strength of the pull towards the start weights: MSE + l2 * sum ((w - start) / 100)^2
    /// (>= 0; 0 = none).
    double l2 = 0.005;
    /// A weight whose feature is non-zero in fewer than this fraction of the training samples
    /// keeps its start value, in [0, 1].
    double min_support = 0.01;
    /// Bound on the magnitude of every positional weight, in centi-men (>= 0).
    int max_term = 25;
    /// Bounds of every material weight but the fixed unit, in centi-men (0 <= min <= max).
    int min_material = 50, max_material = 1000;
};

/// What the fit found.
struct TuneReport {
    /// The tuned weights (every kind of the variant listed, integers).
    Weights weights;
    /// The sigmoid's scale: P(win) = 1 / (1 + exp(-eval / scale)), fitted on the start weights.
    double scale = 0;
    /// Training samples and held-out samples.
    std::size_t train = 0, validation = 0;
    /// Weights kept at their start value for lack of support (TuneOptions::min_support).
    std::size_t frozen = 0;
    /// Mean squared error (without the l2 term) on the training and validation samples, with the
    /// start weights and with the (rounded) tuned weights.
    double train_before = 0, train_after = 0, validation_before = 0, validation_after = 0;
};

/// Fits the weights of `variant`'s evaluation to `samples`, starting from `start`. Throws
/// OptionError without training samples or for an option out of range.
[[nodiscard]] TuneReport tune_weights(const Variant& variant, const std::vector<TuneSample>& samples,
                                      const Weights& start, const TuneOptions& options);

}  // namespace tradgames::engine
