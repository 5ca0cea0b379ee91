// Python bindings of variant studies (include/tradgames/engine/study.hpp): a study (or a shard of
// one) as the JSON text of `tradgames study --json`, with the game records when asked for, and
// the merge of study results. tradgames/__init__.py (study, merge_studies) and
// tradgames/distributed.py (study on Dask) wrap them.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/engine/study.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;
namespace py = pybind11;
using json = nlohmann::json;

/// The records of every cell: per cell a list of games {index, moves, result, reason, plies,
/// legal_moves, capture_positions, capture_moves, captured_pieces, promotions, lead_changes,
/// scored_positions, uncertainty_milli, winner_behind, seconds}: the library's JSON lines
/// (study_records_jsonl) grouped by cell.
json records_json(const te::StudyResult& r) {
    json cells = json::array();
    for (std::size_t i = 0; i < r.cells.size(); ++i) cells.push_back(json::array());
    const std::string lines = te::study_records_jsonl(r);
    for (std::size_t at = 0; at < lines.size();) {
        const std::size_t end = lines.find('\n', at);
        json g = json::parse(lines.substr(at, end - at));
        const std::size_t cell = g["cell"].get<std::size_t>();
        for (const char* k : {"cell", "variant", "white", "black"}) g.erase(k);
        cells[cell].push_back(std::move(g));
        at = end + 1;
    }
    return cells;
}

/// (study JSON text, records JSON text or "").
std::pair<std::string, std::string> study(const std::vector<std::string>& variants, const std::vector<std::string>& players,
                                          bool mixed, std::uint64_t games, std::uint64_t first_game, std::uint64_t seed,
                                          unsigned threads, int opening_plies, int ply_cap, int score_depth, bool records) {
    tg::check_games(games);
    tg::check_threads(threads);
    te::StudyOptions o;
    o.variants = variants;
    o.players = players;
    o.mixed = mixed;
    o.games = games;
    o.first_game = first_game;
    o.seed = seed;
    o.threads = threads;
    o.opening_plies = opening_plies;
    o.ply_cap = ply_cap;
    o.score_depth = score_depth;
    o.record_games = records;
    py::gil_scoped_release nogil;
    const te::StudyResult r = te::run_study(o);
    return {te::study_json(r), records ? records_json(r).dump() : std::string()};
}

std::string merge_studies(const std::vector<std::pair<std::string, std::string>>& files) {
    std::vector<te::StudyResult> results;
    std::vector<std::string> sources;
    py::gil_scoped_release nogil;
    for (const auto& [source, text] : files) {
        results.push_back(te::parse_study_json(text, source));
        sources.push_back(source);
    }
    return te::study_json(te::merge_studies(results, sources));
}

std::string study_csv(const std::string& text) {
    return te::study_csv(te::parse_study_json(text, "study"));
}

void bind_study(py::module_& m) {
    m.def("_study", &study, py::arg("variants"), py::arg("players"), py::arg("mixed"), py::arg("games"),
          py::arg("first_game"), py::arg("seed"), py::arg("threads"), py::arg("opening_plies"), py::arg("ply_cap"),
          py::arg("score_depth"), py::arg("records"));
    m.def("_merge_studies", &merge_studies, py::arg("files"));
    m.def("_study_csv", &study_csv, py::arg("text"));
}

const tgpy::Binder registered(bind_study);

}  // namespace
