// Variant studies: confidence intervals, the measures of a cell, and pairings as Elo.
#include <algorithm>
#include <cmath>

#include <boost/math/distributions/students_t.hpp>

#include "tradgames/engine/match.hpp"
#include "tradgames/engine/study.hpp"

namespace tradgames::engine {

namespace {

constexpr double z95 = 1.959963984540054;

Estimate none(std::string method) { return Estimate{std::nullopt, std::nullopt, std::nullopt, std::move(method)}; }

Estimate scaled(Estimate e, double f) {
    if (e.value) *e.value *= f;
    if (e.low) *e.low *= f;
    if (e.high) *e.high *= f;
    return e;
}

double d(std::uint64_t x) { return static_cast<double>(x); }

/// e with its interval clamped to [lo, hi], the range of the measure (a t interval may reach
/// past it).
Estimate clamped(Estimate e, double lo, double hi) {
    if (e.low) e.low = std::clamp(*e.low, lo, hi);
    if (e.high) e.high = std::clamp(*e.high, lo, hi);
    return e;
}

constexpr double unbounded = 1e300;

}  // namespace

double student_t_quantile(double p, double df) {
    return boost::math::quantile(boost::math::students_t_distribution<double>(df), p);
}

Estimate wilson(std::uint64_t k, std::uint64_t n) {
    if (n == 0) return none("wilson");
    const double nn = d(n);
    const double p = d(k) / nn;
    const double z2 = z95 * z95;
    const double denom = 1 + z2 / nn;
    const double centre = (p + z2 / (2 * nn)) / denom;
    const double half = z95 / denom * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    // The interval holds p (rounding could leave 1 just above the upper end for k = n).
    return Estimate{p, std::clamp(centre - half, 0.0, p), std::clamp(centre + half, p, 1.0), "wilson"};
}

Estimate mean_interval(const PairSums& s) {
    if (s.b == 0) return none("t");
    const long double n = s.b;
    const long double mean = static_cast<long double>(s.a) / n;
    Estimate e{static_cast<double>(mean), std::nullopt, std::nullopt, "t"};
    if (s.b < 2) return e;
    const long double ss = static_cast<long double>(s.aa) - static_cast<long double>(s.a) * mean;
    const long double var = std::max<long double>(0, ss / (n - 1));
    const double half = student_t_quantile(0.975, d(s.b - 1)) * static_cast<double>(std::sqrt(var / n));
    e.low = static_cast<double>(mean) - half;
    e.high = static_cast<double>(mean) + half;
    return e;
}

Estimate ratio_interval(const PairSums& s, std::uint64_t games) {
    if (s.b == 0) return none("ratio-t");
    const long double r = static_cast<long double>(s.a) / static_cast<long double>(s.b);
    Estimate e{static_cast<double>(r), std::nullopt, std::nullopt, "ratio-t"};
    if (games < 2) return e;
    const long double n = games;
    const long double num = static_cast<long double>(s.aa) - 2 * r * static_cast<long double>(s.ab) +
                            r * r * static_cast<long double>(s.bb);
    const long double bbar = static_cast<long double>(s.b) / n;
    const long double se = std::sqrt(std::max<long double>(0, num) / (n * (n - 1))) / bbar;
    const double half = student_t_quantile(0.975, d(games - 1)) * static_cast<double>(se);
    e.low = static_cast<double>(r) - half;
    e.high = static_cast<double>(r) + half;
    return e;
}

std::vector<std::pair<std::string, Estimate>> cell_measures(const StudyCell& c) {
    const StudyCounts& k = c.counts;
    const std::uint64_t n = k.games;
    const std::uint64_t w = k.outcomes[static_cast<std::size_t>(Outcome::white_wins)];
    const std::uint64_t b = k.outcomes[static_cast<std::size_t>(Outcome::black_wins)];
    const std::uint64_t dr = k.outcomes[static_cast<std::size_t>(Outcome::draw)];
    std::vector<std::pair<std::string, Estimate>> m;
    m.emplace_back("first_player_win_rate", wilson(w, n));
    m.emplace_back("second_player_win_rate", wilson(b, n));
    // The first player's score per game, x in {1, 1/2, 0}, as a mean with its t interval.
    Estimate score = none("t");
    if (n > 0) {
        const double mean = (d(w) + d(dr) / 2) / d(n);
        score.value = mean;
        if (n >= 2) {
            const double sumsq = d(w) + d(dr) / 4;
            const double var = std::max(0.0, (sumsq - d(n) * mean * mean) / d(n - 1));
            const double half = student_t_quantile(0.975, d(n - 1)) * std::sqrt(var / d(n));
            score.low = mean - half;
            score.high = mean + half;
        }
    }
    m.emplace_back("first_player_score", clamped(score, 0, 1));
    // Balance 1 - |2 s - 1|: 1 when both sides score alike, 0 when one side always wins. Its
    // interval is the image of the score's interval.
    Estimate balance = none("from first_player_score");
    if (score.value) {
        const auto bal = [](double s) { return 1 - std::abs(2 * s - 1); };
        balance.value = bal(*score.value);
        if (score.low && score.high) {
            const double lo = std::clamp(*score.low, 0.0, 1.0);
            const double hi = std::clamp(*score.high, 0.0, 1.0);
            balance.low = std::min(bal(lo), bal(hi));
            balance.high = lo <= 0.5 && hi >= 0.5 ? 1.0 : std::max(bal(lo), bal(hi));
        }
    }
    m.emplace_back("balance", balance);
    m.emplace_back("decisiveness", wilson(w + b, n));
    m.emplace_back("draw_rate", wilson(dr, n));
    m.emplace_back("length", clamped(mean_interval(k.length), 0, unbounded));
    m.emplace_back("branching_factor", clamped(ratio_interval(k.branching, n), 0, unbounded));
    m.emplace_back("capture_position_share", clamped(ratio_interval(k.capture_positions, n), 0, 1));
    m.emplace_back("capture_move_share", clamped(ratio_interval(k.capture_moves, n), 0, 1));
    m.emplace_back("capture_length", clamped(ratio_interval(k.capture_length, n), 0, unbounded));
    m.emplace_back("promotions_per_game", clamped(mean_interval(k.promotions), 0, unbounded));
    m.emplace_back("lead_changes_per_game", clamped(mean_interval(k.lead_changes), 0, unbounded));
    m.emplace_back("uncertainty", clamped(scaled(ratio_interval(k.uncertainty, n), 0.001), 0, 1));
    m.emplace_back("drama", clamped(ratio_interval(k.drama, w + b), 0, 1));
    // Seconds per game: the t interval of the players' time (not exact).
    Estimate sec = none("t");
    if (n > 0) {
        const double mean = c.seconds / d(n);
        sec.value = mean;
        if (n >= 2) {
            const double var = std::max(0.0, (c.seconds_sq - d(n) * mean * mean) / d(n - 1));
            const double half = student_t_quantile(0.975, d(n - 1)) * std::sqrt(var / d(n));
            sec.low = mean - half;
            sec.high = mean + half;
        }
    }
    m.emplace_back("seconds_per_game", clamped(sec, 0, unbounded));
    return m;
}

std::vector<PairingResult> study_pairings(const StudyResult& r) {
    std::vector<PairingResult> out;
    const auto find = [&](const std::string& v, const std::string& w, const std::string& b) -> const StudyCell* {
        for (const auto& c : r.cells) {
            if (c.variant == v && c.white == w && c.black == b) return &c;
        }
        return nullptr;
    };
    const auto& players = r.settings.players;
    for (const auto& v : r.settings.variants) {
        for (std::size_t i = 0; i < players.size(); ++i) {
            for (std::size_t j = i + 1; j < players.size(); ++j) {
                const StudyCell* ab = find(v, players[i], players[j]);
                const StudyCell* ba = find(v, players[j], players[i]);
                if (!ab || !ba) continue;
                const auto o = [](const StudyCell* c, Outcome x) { return c->counts.outcomes[static_cast<std::size_t>(x)]; };
                PairingResult p;
                p.variant = v;
                p.a = players[i];
                p.b = players[j];
                p.wins = o(ab, Outcome::white_wins) + o(ba, Outcome::black_wins);
                p.losses = o(ab, Outcome::black_wins) + o(ba, Outcome::white_wins);
                p.draws = o(ab, Outcome::draw) + o(ba, Outcome::draw);
                const EloEstimate e = elo_estimate(p.wins, p.draws, p.losses);
                p.score = e.score;
                p.score_stderr = e.score_stderr;
                p.elo = e.elo;
                p.elo_low = e.elo_low;
                p.elo_high = e.elo_high;
                out.push_back(std::move(p));
            }
        }
    }
    return out;
}

}  // namespace tradgames::engine
