// Texel-style tuning of the evaluation weights from self-play games (tune.hpp).
#include "tradgames/engine/tune.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "tradgames/engine/search.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"

namespace tradgames::engine {

namespace {

/// The tunable weights of a variant, in a fixed order: per kind (Variant::kinds() order)
/// material, advancement, centre, back_rank; then mobility, tempo.
struct Layout {
    std::vector<std::string> kinds;
    [[nodiscard]] std::size_t size() const { return kinds.size() * 4 + 2; }

    /// Weights with every listed value taken from x (a kind not listed is worth nothing).
    [[nodiscard]] Weights weights(const std::vector<double>& x) const {
        Weights w;
        w.default_kind = KindWeights{0, 0, 0, 0};
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            const auto at = [&](std::size_t i) { return static_cast<int>(std::lround(x[k * 4 + i])); };
            w.kinds[kinds[k]] = KindWeights{at(0), at(1), at(2), at(3)};
        }
        w.mobility = static_cast<int>(std::lround(x[kinds.size() * 4]));
        w.tempo = static_cast<int>(std::lround(x[kinds.size() * 4 + 1]));
        return w;
    }

    [[nodiscard]] std::vector<double> values(const Weights& w) const {
        std::vector<double> x;
        for (const std::string& k : kinds) {
            const auto it = w.kinds.find(k);
            const KindWeights kw = it != w.kinds.end() ? it->second : w.default_kind;
            for (const int v : {kw.material, kw.advancement, kw.centre, kw.back_rank}) x.push_back(v);
        }
        x.push_back(w.mobility);
        x.push_back(w.tempo);
        return x;
    }
};

double sigmoid(double s, double scale) { return 1.0 / (1.0 + std::exp(-s / scale)); }

/// Mean squared error of the samples `rows` (features) against their labels for weights x.
double loss(const std::vector<std::vector<double>>& features, const std::vector<double>& labels,
            const std::vector<std::size_t>& rows, const std::vector<double>& x, double scale) {
    if (rows.empty()) return 0;
    double sum = 0;
    for (const std::size_t r : rows) {
        double s = 0;
        for (std::size_t j = 0; j < x.size(); ++j) s += features[r][j] * x[j];
        const double e = labels[r] - sigmoid(s, scale);
        sum += e * e;
    }
    return sum / static_cast<double>(rows.size());
}

std::vector<double> rounded(std::vector<double> x) {
    for (double& v : x) v = std::round(v);
    return x;
}

}  // namespace

std::vector<TuneSample> self_play_samples(std::shared_ptr<const Variant> variant, const SelfPlayOptions& o) {
    if (o.games < 1) throw OptionError("self-play: games must be at least 1");
    if (o.depth < 1 || o.depth > 20) throw OptionError("self-play: depth " + std::to_string(o.depth) + " is outside [1, 20]");
    if (o.random_plies < 0 || o.random_plies > 40) {
        throw OptionError("self-play: random plies " + std::to_string(o.random_plies) + " is outside [0, 40]");
    }
    if (o.max_plies < 1) throw OptionError("self-play: max plies must be at least 1");
    SearcherOptions so;
    so.tt_mb = 4;
    so.evaluation = o.evaluation;
    Searcher searcher(variant, so);
    SearchLimits limits;
    limits.depth = o.depth;
    std::vector<TuneSample> out;
    for (std::uint64_t i = 0; i < o.games; ++i) {
        Game game(variant);
        Rng rng = playout_rng(o.seed, i);
        searcher.clear();
        std::vector<Position> quiet;
        while (!game.result().over() && game.ply() < static_cast<std::size_t>(o.max_plies)) {
            const MoveList& legal = game.legal_moves();
            if (game.ply() < static_cast<std::size_t>(o.random_plies)) {
                game.play_legal(choose_move(legal, Policy::random, rng));
                continue;
            }
            if (std::none_of(legal.begin(), legal.end(), [](const Move& m) { return m.is_capture(); })) {
                quiet.push_back(game.position());
            }
            game.play(searcher.search(game, limits).best);
        }
        const Outcome result = game.result().over() ? game.result().outcome : Outcome::draw;
        for (const Position& p : quiet) {
            double r = 0.5;
            if (result != Outcome::draw) r = result == win_for(p.side_to_move()) ? 1.0 : 0.0;
            out.push_back(TuneSample{p, r, i});
        }
    }
    return out;
}

TuneReport tune_weights(const Variant& variant, const std::vector<TuneSample>& samples, const Weights& start,
                        const TuneOptions& o) {
    if (o.steps < 1) throw OptionError("tune: steps must be at least 1");
    if (!(o.learning_rate > 0)) throw OptionError("tune: the learning rate must be positive");
    if (o.validation_every < 0) throw OptionError("tune: validation_every must be at least 0");
    if (!(o.l2 >= 0)) throw OptionError("tune: l2 must be at least 0");
    if (!(o.min_support >= 0 && o.min_support <= 1)) throw OptionError("tune: min_support must be in [0, 1]");
    if (o.max_term < 0) throw OptionError("tune: max_term must be at least 0");
    if (o.min_material < 0 || o.min_material > o.max_material) {
        throw OptionError("tune: material bounds must satisfy 0 <= min <= max");
    }
    Layout layout;
    for (const auto& k : variant.kinds()) layout.kinds.push_back(k.name);
    const std::size_t n = layout.size();

    // Features: the score of each sample under the table with only weight j set to 1.
    std::vector<std::vector<double>> features(samples.size(), std::vector<double>(n, 0.0));
    for (std::size_t j = 0; j < n; ++j) {
        std::vector<double> unit(n, 0.0);
        unit[j] = 1;
        const Evaluation basis(variant, layout.weights(unit));
        for (std::size_t s = 0; s < samples.size(); ++s) features[s][j] = basis.evaluate(samples[s].position);
    }
    std::vector<double> labels;
    std::vector<std::size_t> train;
    std::vector<std::size_t> validation;
    for (std::size_t s = 0; s < samples.size(); ++s) {
        labels.push_back(samples[s].result);
        const bool held = o.validation_every > 0 && samples[s].game % static_cast<std::uint64_t>(o.validation_every) == 0;
        (held ? validation : train).push_back(s);
    }
    if (train.empty()) throw OptionError("tune: no training samples (play more games)");

    TuneReport r;
    r.train = train.size();
    r.validation = validation.size();
    std::vector<double> x = layout.values(start);
    // The scale for the start weights: golden-section search over log(scale) in [log 10, log 10000].
    {
        double lo = std::log(10.0);
        double hi = std::log(10000.0);
        const double g = (std::sqrt(5.0) - 1) / 2;
        for (int it = 0; it < 60; ++it) {
            const double a = hi - g * (hi - lo);
            const double b = lo + g * (hi - lo);
            if (loss(features, labels, train, x, std::exp(a)) < loss(features, labels, train, x, std::exp(b))) {
                hi = b;
            } else {
                lo = a;
            }
        }
        r.scale = std::exp((lo + hi) / 2);
    }
    r.train_before = loss(features, labels, train, x, r.scale);
    r.validation_before = loss(features, labels, validation, x, r.scale);

    // Which weights move: not the first kind's material (the unit), not a weight whose feature is
    // too rarely non-zero to be estimated; and the bounds of each.
    const std::vector<double> x0 = x;
    std::vector<bool> tuned(n, true);
    tuned[0] = false;
    std::vector<double> lo(n), hi(n);
    for (std::size_t j = 0; j < n; ++j) {
        const bool material = j < layout.kinds.size() * 4 && j % 4 == 0;
        lo[j] = material ? o.min_material : -o.max_term;
        hi[j] = material ? o.max_material : o.max_term;
        std::size_t support = 0;
        for (const std::size_t s : train) support += features[s][j] != 0 ? 1 : 0;
        if (static_cast<double>(support) < o.min_support * static_cast<double>(train.size()) && j != 0) {
            tuned[j] = false;
            ++r.frozen;
        }
    }

    // Adam on the tuned weights.
    std::vector<double> m(n, 0.0);
    std::vector<double> v(n, 0.0);
    std::vector<double> grad(n, 0.0);
    const double b1 = 0.9;
    const double b2 = 0.999;
    for (int step = 1; step <= o.steps; ++step) {
        std::fill(grad.begin(), grad.end(), 0.0);
        for (const std::size_t s : train) {
            double e = 0;
            for (std::size_t j = 0; j < n; ++j) e += features[s][j] * x[j];
            const double p = sigmoid(e, r.scale);
            const double d = -2 * (labels[s] - p) * p * (1 - p) / r.scale;
            for (std::size_t j = 0; j < n; ++j) grad[j] += d * features[s][j];
        }
        for (std::size_t j = 0; j < n; ++j) {
            if (!tuned[j]) continue;
            const double gj = grad[j] / static_cast<double>(train.size()) + 2 * o.l2 * (x[j] - x0[j]) / 1e4;
            m[j] = b1 * m[j] + (1 - b1) * gj;
            v[j] = b2 * v[j] + (1 - b2) * gj * gj;
            const double mh = m[j] / (1 - std::pow(b1, step));
            const double vh = v[j] / (1 - std::pow(b2, step));
            x[j] -= o.learning_rate * mh / (std::sqrt(vh) + 1e-12);
            x[j] = std::clamp(x[j], lo[j], hi[j]);
        }
    }
    x = rounded(x);
    r.weights = layout.weights(x);
    r.train_after = loss(features, labels, train, x, r.scale);
    r.validation_after = loss(features, labels, validation, x, r.scale);
    return r;
}

}  // namespace tradgames::engine
