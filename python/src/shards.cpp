// Python bindings of the exact shards (include/tradgames/shard.hpp): a playout shard (games
// first_game .. first_game + games - 1 of a run), the merge of playout results, perft split into
// positions with path counts, and perft summed over such positions. tradgames/shards.py wraps
// them; tradgames/distributed.py runs them on Dask.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/shard.hpp"

namespace {

namespace tg = tradgames;
namespace py = pybind11;
using tgpy::VariantRef;

tg::Position start_of(const tg::Variant& v, const std::optional<std::string>& fen) {
    return fen ? v.parse_position(*fen) : v.initial_position();
}

tg::Duplicates counting(bool paths) { return paths ? tg::Duplicates::all_paths : tg::Duplicates::unique; }

/// Games first_game .. first_game + games - 1 of the run (variant, fen, policy, seed, ply_cap),
/// as the JSON text of play --json.
std::string play_shard(const VariantRef& vr, std::uint64_t first_game, std::uint64_t games, std::uint64_t seed,
                       unsigned threads, const std::string& policy, int ply_cap, const std::optional<std::string>& fen) {
    tg::PlayoutOptions o = tgpy::playout_options(games, seed, threads, policy, ply_cap);
    o.first_game = first_game;
    o.start = start_of(*vr.v, fen);
    py::gil_scoped_release nogil;
    return tg::playout_run_json(tg::run_playout_shard(vr.v, o));
}

std::string merge_playouts(const std::vector<std::pair<std::string, std::string>>& files) {
    std::vector<tg::NamedText> named;
    for (const auto& [source, text] : files) named.push_back({source, text});
    py::gil_scoped_release nogil;
    return tg::merge_playout_json(named);
}

std::vector<std::pair<std::string, std::uint64_t>> perft_split(const VariantRef& vr, int depth,
                                                               const std::optional<std::string>& fen, bool paths) {
    tg::check_perft_depth(depth);
    const tg::Position root = start_of(*vr.v, fen);
    std::vector<std::pair<std::string, std::uint64_t>> out;
    py::gil_scoped_release nogil;
    for (const tg::PerftSplitEntry& e : tg::perft_split(*vr.v, root, depth, counting(paths))) {
        out.emplace_back(vr.v->position_to_string(e.position), e.count);
    }
    return out;
}

std::uint64_t perft_positions(const VariantRef& vr, const std::vector<std::pair<std::string, std::uint64_t>>& positions,
                              int depth, bool paths, bool bulk) {
    tg::check_perft_depth(depth);
    std::vector<tg::PerftSplitEntry> entries;
    entries.reserve(positions.size());
    for (const auto& [fen, count] : positions) entries.push_back({vr.v->parse_position(fen), count});
    py::gil_scoped_release nogil;
    return tg::perft_positions(*vr.v, entries, depth, {counting(paths), bulk});
}

void bind_shards(py::module_& m) {
    m.def("_play_shard", &play_shard, py::arg("variant"), py::arg("first_game"), py::arg("games"), py::arg("seed"),
          py::arg("threads"), py::arg("policy"), py::arg("ply_cap"), py::arg("fen"));
    m.def("_merge_playouts", &merge_playouts, py::arg("files"));
    m.def("_perft_split", &perft_split, py::arg("variant"), py::arg("depth"), py::arg("fen"), py::arg("paths"));
    m.def("_perft_positions", &perft_positions, py::arg("variant"), py::arg("positions"), py::arg("depth"),
          py::arg("paths"), py::arg("bulk"));
}

const tgpy::Binder registered(bind_shards);

}  // namespace
