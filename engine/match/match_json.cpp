// The JSON form of a match's result: the interface of `tradgames match --json` and Python's
// tradgames.match (README "Matches: `match`").
#include <nlohmann/json.hpp>

#include "tradgames/engine/match.hpp"

namespace tradgames::engine {

namespace {

using json = nlohmann::json;

json opt_number(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }

json stats_json(const PlayerStats& s) {
    json j = {{"moves", s.moves}, {"nodes", s.nodes}, {"seconds", s.seconds}};
    j["nodes_per_second"] = s.seconds > 0 ? json(static_cast<double>(s.nodes) / s.seconds) : json(nullptr);
    return j;
}

json wall(std::uint64_t moves, double seconds) {
    return json{{"moves", moves},
                {"seconds", seconds},
                {"seconds_per_move", moves > 0 ? json(seconds / static_cast<double>(moves)) : json(nullptr)}};
}

}  // namespace

std::string match_result_json(const Variant& variant, const MatchResult& r, const MatchOptions& o,
                              std::string_view spec1, std::string_view spec2,
                              const std::optional<SprtSettings>& sprt_settings) {
    const EloEstimate e = r.elo();
    json j;
    j["variant"] = variant.name();
    j["player1"] = {{"spec", std::string(spec1)}, {"name", r.player1}, {"stats", stats_json(r.player1_stats)},
                    {"wall", wall(r.player1_moves, r.player1_seconds)}};
    j["player2"] = {{"spec", std::string(spec2)}, {"name", r.player2}, {"stats", stats_json(r.player2_stats)},
                    {"wall", wall(r.player2_moves, r.player2_seconds)}};
    j["games"] = r.games.size();
    j["wins"] = r.wins;
    j["draws"] = r.draws;
    j["losses"] = r.losses;
    j["score"] = e.score;
    j["elo"] = opt_number(e.elo);
    j["elo_low"] = opt_number(e.elo_low);
    j["elo_high"] = opt_number(e.elo_high);
    j["openings"] = o.openings.size();
    j["time"] = o.time.clock ? json{{"base", o.time.base}, {"increment", o.time.increment}}
                             : json{{"movetime", o.time.movetime}};
    j["seconds"] = r.seconds;
    j["reasons"] = r.reasons;
    if (sprt_settings) {
        const SprtSettings& st = *sprt_settings;
        const SprtResult s = sprt(st, r.wins, r.draws, r.losses);
        j["sprt"] = json{{"elo0", st.elo0}, {"elo1", st.elo1}, {"alpha", st.alpha}, {"beta", st.beta},
                         {"llr", s.llr},    {"lower", s.lower}, {"upper", s.upper}, {"decision", s.decision}};
    } else {
        j["sprt"] = nullptr;
    }
    json games = json::array();
    for (const auto& g : r.games) {
        games.push_back({{"round", g.round},
                         {"opening", g.opening},
                         {"white", g.white},
                         {"black", g.black},
                         {"player1_white", g.player1_white},
                         {"result", to_string(g.outcome)},
                         {"reason", g.reason},
                         {"plies", g.plies}});
    }
    j["game_list"] = games;
    return j.dump(2);
}

}  // namespace tradgames::engine
