// Python binding of the match referee (include/tradgames/engine/match.hpp): tradgames.match,
// whose dict has the fields of `tradgames match --json` (match_result_json). The games run with
// the GIL released.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/error.hpp"

namespace {

namespace py = pybind11;
namespace tg = tradgames;
namespace te = tradgames::engine;

/// The match of player1 against player2; returns (result dict, PDN of each game in round order).
py::tuple run(const tgpy::VariantRef& ref, const std::string& player1, const std::string& player2,
              std::uint64_t games, const std::optional<std::string>& openings_text, double movetime_ms,
              std::optional<double> time_s, double increment_s, unsigned concurrency, int max_plies,
              const std::optional<std::string>& sprt_text) {
    te::MatchOptions o;
    if (games < 1) throw tg::OptionError("match: games must be at least 1");
    if (concurrency < 1) throw tg::OptionError("match: concurrency must be at least 1");
    if (max_plies < 0) throw tg::OptionError("match: max_plies must be at least 0");
    o.games = games;
    o.concurrency = concurrency;
    o.max_plies = max_plies;
    if (time_s) {
        if (!(*time_s > 0)) throw tg::OptionError("match: time must be positive (seconds)");
        if (!(increment_s >= 0)) throw tg::OptionError("match: increment must be at least 0 (seconds)");
        o.time.clock = true;
        o.time.base = *time_s;
        o.time.increment = increment_s;
    } else {
        if (!(movetime_ms > 0)) throw tg::OptionError("match: movetime must be positive (milliseconds)");
        o.time.movetime = movetime_ms / 1000.0;
    }
    if (openings_text) o.openings = te::parse_openings(*openings_text, *ref.v);
    std::optional<te::SprtSettings> sprt;
    if (sprt_text) sprt = te::parse_sprt(*sprt_text);
    const auto p1 = te::make_player_factory(player1, ref.v);
    const auto p2 = te::make_player_factory(player2, ref.v);
    te::MatchResult r;
    {
        py::gil_scoped_release unlocked;
        r = te::run_match(ref.v, p1, p2, o);
    }
    std::vector<std::string> pdn;
    for (const auto& g : r.games) pdn.push_back(g.pdn);
    return py::make_tuple(tgpy::to_python(nlohmann::json::parse(te::match_result_json(*ref.v, r, o, player1, player2, sprt))),
                          pdn);
}

void bind_match(py::module_& m) {
    m.def("_match", &run, py::arg("variant"), py::arg("player1"), py::arg("player2"), py::arg("games"),
          py::arg("openings_text"), py::arg("movetime_ms"), py::arg("time_s"), py::arg("increment_s"),
          py::arg("concurrency"), py::arg("max_plies"), py::arg("sprt"),
          "The match referee (tradgames.match wraps it): (dict of `tradgames match --json`, [PDN of each game]).");
}

const tgpy::Binder registered(bind_match);

}  // namespace
