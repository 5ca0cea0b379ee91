// Elo difference, its interval and the SPRT of a match (include/tradgames/engine/match.hpp).
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/engine/match.hpp"
#include "tradgames/error.hpp"

namespace tradgames::engine {

namespace {

/// Elo difference of a score strictly between 0 and 1 (logistic model).
double elo_of(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

/// Score expected at an Elo difference (logistic model).
double score_of(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

struct Moments {
    double n = 0, mean = 0, variance = 0;  // of the per-game score
};

Moments moments(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses) {
    Moments m;
    m.n = static_cast<double>(wins + draws + losses);
    if (m.n == 0) return m;
    const double w = static_cast<double>(wins) / m.n, d = static_cast<double>(draws) / m.n,
                 l = static_cast<double>(losses) / m.n;
    m.mean = w + d / 2;
    m.variance = w * (1 - m.mean) * (1 - m.mean) + d * (0.5 - m.mean) * (0.5 - m.mean) +
                 l * m.mean * m.mean;
    return m;
}

}  // namespace

EloEstimate elo_estimate(std::uint64_t wins, std::uint64_t draws, std::uint64_t losses) {
    EloEstimate e;
    const Moments m = moments(wins, draws, losses);
    if (m.n == 0) return e;
    e.score = m.mean;
    e.score_stderr = std::sqrt(m.variance / m.n);
    const auto elo_or_none = [](double s) -> std::optional<double> {
        if (s <= 0 || s >= 1) return std::nullopt;
        return elo_of(s);
    };
    e.elo = elo_or_none(e.score);
    constexpr double z = 1.959963984540054;  // the normal distribution's 97.5% quantile
    e.elo_low = elo_or_none(e.score - z * e.score_stderr);
    e.elo_high = elo_or_none(e.score + z * e.score_stderr);
    return e;
}

SprtResult sprt(const SprtSettings& s, std::uint64_t wins, std::uint64_t draws,
                std::uint64_t losses) {
    if (!(s.elo0 < s.elo1)) throw OptionError("SPRT: elo0 must be below elo1");
    if (!(s.alpha > 0 && s.alpha < 0.5) || !(s.beta > 0 && s.beta < 0.5)) {
        throw OptionError("SPRT: alpha and beta must be between 0 and 0.5");
    }
    SprtResult r;
    r.lower = std::log(s.beta / (1 - s.alpha));
    r.upper = std::log((1 - s.beta) / s.alpha);
    const Moments m = moments(wins, draws, losses);
    if (m.n > 0 && m.variance > 0) {
        const double s0 = score_of(s.elo0), s1 = score_of(s.elo1);
        r.llr = m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
    }
    if (r.llr >= r.upper) r.decision = "H1";
    else if (r.llr <= r.lower) r.decision = "H0";
    return r;
}

SprtSettings parse_sprt(std::string_view text) {
    const std::string t(text);
    std::vector<double> v;
    std::size_t at = 0;
    while (at <= t.size()) {
        const auto comma = t.find(',', at);
        const std::string part = t.substr(at, comma == std::string::npos ? std::string::npos
                                                                          : comma - at);
        char* end = nullptr;
        const double x = std::strtod(part.c_str(), &end);
        if (part.empty() || end != part.c_str() + part.size() || !std::isfinite(x)) {
            throw OptionError("--sprt '" + t + "': expected elo0,elo1[,alpha,beta] (numbers)");
        }
        v.push_back(x);
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    if (v.size() != 2 && v.size() != 4) {
        throw OptionError("--sprt '" + t + "': expected elo0,elo1 or elo0,elo1,alpha,beta");
    }
    SprtSettings s;
    s.elo0 = v[0];
    s.elo1 = v[1];
    if (v.size() == 4) {
        s.alpha = v[2];
        s.beta = v[3];
    }
    (void)sprt(s, 0, 0, 0);  // checks the settings
    return s;
}

}  // namespace tradgames::engine
