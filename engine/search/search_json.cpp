// The JSON form of a search result (CLI `search --json`, Python Engine.search).
#include <nlohmann/json.hpp>

#include "tradgames/engine/search.hpp"

namespace tradgames::engine {

namespace {

nlohmann::json score_json(const Score& s) {
    nlohmann::json j{{"value", s.value}, {"proven", s.proven()}, {"text", s.to_string()}};
    if (s.proven()) j["plies_to_end"] = s.plies_to_end();
    return j;
}

}  // namespace

std::string search_result_json(const SearchResult& r) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : r.lines) lines.push_back({{"score", score_json(l.score)}, {"pv", l.pv}});
    const nlohmann::json j{{"best", r.has_move ? nlohmann::json(r.best_text) : nlohmann::json(nullptr)},
                           {"score", score_json(r.score)},
                           {"depth", r.depth},
                           {"seldepth", r.seldepth},
                           {"nodes", r.nodes},
                           {"time_ms", r.time_ms},
                           {"nps", r.nps},
                           {"lines", lines}};
    return j.dump();
}

}  // namespace tradgames::engine
