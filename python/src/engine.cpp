// Python bindings of the search (include/tradgames/engine/search.hpp): tradgames.Engine and
// Board.search. Results are the dict of `tradgames search --json`; the search runs with the GIL
// released, and Engine.stop() (from another thread) ends it with the best move so far.
#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/egtb_json.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"

namespace {

namespace py = pybind11;
namespace tg = tradgames;
namespace te = tradgames::engine;

/// A Searcher with its variant and a stop flag.
class Engine {
public:
    Engine(tgpy::VariantRef ref, std::size_t tt_mb, const std::optional<std::string>& egtb = std::nullopt)
        : ref_(std::move(ref)),
          prober_(egtb ? te::egtb::open_databases(ref_.v, *egtb) : nullptr),
          searcher_(ref_.v, te::SearcherOptions{check_tt(tt_mb), prober_.get(), nullptr}) {}

    /// Searches the board's current position with its history (a Python Board).
    py::object search(const py::object& board, std::optional<int> depth, std::optional<std::int64_t> movetime,
                      std::optional<std::uint64_t> nodes, int multipv) {
        const tgpy::VariantRef& bref = board.attr("variant").cast<const tgpy::VariantRef&>();
        if (bref.v != ref_.v && (bref.origin != ref_.origin || bref.source != ref_.source || bref.options != ref_.options)) {
            throw tg::OptionError("Engine of " + ref_.v->name() + " given a board of " + bref.v->name() +
                                  " (or other rule options)");
        }
        // The board's game, replayed over the engine's variant object.
        tg::Game game(ref_.v, ref_.v->parse_position(board.attr("start_fen").cast<std::string>()));
        for (const py::handle m : board.attr("move_stack")) game.play(m.attr("notation").cast<std::string>());
        te::SearchLimits l;
        if (depth && (*depth < 1 || *depth > te::max_search_ply - 2)) {
            throw tg::OptionError("depth " + std::to_string(*depth) + " is not in 1.." + std::to_string(te::max_search_ply - 2));
        }
        if (movetime && *movetime < 1) throw tg::OptionError("movetime must be at least 1 (milliseconds)");
        if (nodes && *nodes < 1) throw tg::OptionError("nodes must be at least 1");
        if (multipv < 1 || multipv > 256) throw tg::OptionError("multipv " + std::to_string(multipv) + " is not in 1..256");
        l.depth = depth.value_or(0);
        l.movetime_ms = movetime.value_or(0);
        l.nodes = nodes.value_or(0);
        l.multipv = multipv;
        if (l.depth == 0 && l.movetime_ms == 0 && l.nodes == 0) l.depth = 6;
        l.stop = &stop_;
        stop_.store(false);
        te::SearchResult r;
        {
            py::gil_scoped_release unlocked;
            r = searcher_.search(game, l);
        }
        return tgpy::to_python(te::egtb::search_json(r, prober_.get(), game.position()));
    }

    void stop() { stop_.store(true); }
    void clear() { searcher_.clear(); }
    [[nodiscard]] const tgpy::VariantRef& variant() const { return ref_; }

private:
    static std::size_t check_tt(std::size_t mb) {
        if (mb > 4096) throw tg::OptionError("tt_mb " + std::to_string(mb) + " is not in 0..4096");
        return mb;
    }
    tgpy::VariantRef ref_;
    std::unique_ptr<te::egtb::Prober> prober_;  // before searcher_: it must outlive it
    te::Searcher searcher_;
    std::atomic<bool> stop_{false};
};

void bind_engine(py::module_& m) {
    py::class_<Engine>(m, "Engine",
                       "The alpha-beta search of a variant: Engine(variant, tt_mb=16, egtb=None) (egtb: a directory of "
                       "endgame databases the search probes, as `tradgames search --egtb`). search(board, depth=None, "
                       "movetime=None, nodes=None, multipv=1) returns the dict of `tradgames search --json` "
                       "(best, score, depth, seldepth, nodes, time_ms, nps, lines, and database with egtb); the GIL is released while it "
                       "runs and stop() from another thread ends it with the best move so far.")
        .def(py::init<tgpy::VariantRef, std::size_t, const std::optional<std::string>&>(), py::arg("variant"),
             py::arg("tt_mb") = 16, py::arg("egtb") = py::none())
        .def("search", &Engine::search, py::arg("board"), py::kw_only(), py::arg("depth") = py::none(),
             py::arg("movetime") = py::none(), py::arg("nodes") = py::none(), py::arg("multipv") = 1,
             "Searches the board's position (its history counts for repetition and draw rules). Limits: depth "
             "(plies), movetime (milliseconds), nodes; none given = depth 6.")
        .def("stop", &Engine::stop, "Asks a running search to stop (thread-safe).")
        .def("clear", &Engine::clear, "Empties the transposition table, killers and history.")
        .def_property_readonly("variant", &Engine::variant);
    // Board.search: a one-off Engine (16 MB table) for the board's variant.
    py::object board = m.attr("Board");
    board.attr("search") = py::cpp_function(
        [](const py::object& self, std::optional<int> depth, std::optional<std::int64_t> movetime,
           std::optional<std::uint64_t> nodes, int multipv) {
            Engine e(self.attr("variant").cast<tgpy::VariantRef>(), 16);
            return e.search(self, depth, movetime, nodes, multipv);
        },
        py::is_method(board), py::kw_only(), py::arg("depth") = py::none(),
        py::arg("movetime") = py::none(), py::arg("nodes") = py::none(), py::arg("multipv") = 1,
        "The engine's best move: Engine(self.variant).search(self, ...) (a dict like `tradgames search --json`).");
}

const tgpy::Binder registered(bind_engine);

}  // namespace
