// Python bindings of the match referee's players: a Hub engine (a command speaking the Hub
// protocol), a DXP follower, a CheckerBoard engine or a built-in player as one object that
// answers moves and reports its search, for tradgames.engines (python/tradgames/engines.py).
// Every move is checked by the library.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/engine/match_hub.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"

namespace {

namespace py = pybind11;
namespace tg = tradgames;
namespace te = tradgames::engine;

/// A player of the match referee (any specification of make_player_factory: hub:COMMAND,
/// dxp:HOST:PORT, cb:PATH.so, search:..., greedy, ...) behind a Python object.
class HostedEngine {
public:
    HostedEngine(const std::string& spec, tgpy::VariantRef ref)
        : ref_(std::move(ref)), player_(te::make_player_factory(spec, ref_.v)()) {
        hub_ = dynamic_cast<te::HubHost*>(player_.get());
    }

    /// (the engine's move in the variant's notation, what it reported: a dict of depth, score,
    /// nodes, time, pv) for the board's position, with the limits (seconds > 0 or a depth or node
    /// limit, which only Hub engines take). Throws tradgames.Error naming the engine's failure.
    py::tuple play(const py::object& board, std::optional<double> seconds, std::optional<int> depth,
                   std::optional<std::uint64_t> nodes) {
        if (!player_) throw tg::Error("the engine was closed (quit)");
        if (seconds && !(*seconds > 0)) throw tg::OptionError("time must be positive (seconds)");
        if (depth && *depth < 1) throw tg::OptionError("depth must be at least 1");
        if (nodes && *nodes < 1) throw tg::OptionError("nodes must be at least 1");
        if ((depth || nodes) && hub_ == nullptr) {
            throw tg::OptionError("depth and node limits are for Hub engines only; " + player_->name() +
                                  " takes a time");
        }
        if (!seconds && !depth && !nodes) seconds = 1.0;
        tg::Game game(ref_.v, ref_.v->parse_position(board.attr("start_fen").cast<std::string>()));
        for (const py::handle m : board.attr("move_stack")) game.play(m.attr("notation").cast<std::string>());
        if (game.result().over()) throw tg::Error("the game is over: " + game.result().reason);
        te::PlayerReply r;
        {
            py::gil_scoped_release unlocked;
            if (started_ != game.start_position() || game.ply() < plies_) player_->new_game(game);
            started_ = game.start_position();
            plies_ = game.ply();
            if (hub_ != nullptr) {
                // Without a time the engine has a minute to reach its depth or node count.
                r = hub_->think(game, te::HubThinkLimits{seconds.value_or(0), depth.value_or(0), nodes.value_or(0)},
                                seconds ? 0 : 60);
            } else {
                r = player_->play(game, *seconds);
            }
        }
        if (!r.move) throw tg::Error(player_->name() + ": " + r.failure);
        py::dict info;
        if (r.info.depth) info["depth"] = *r.info.depth;
        if (r.info.score) info["score"] = *r.info.score;
        if (r.info.nodes) info["nodes"] = *r.info.nodes;
        if (r.info.seconds) info["time"] = *r.info.seconds;
        py::list pv;
        tg::Position p = game.position();
        tg::Undo u;
        for (const tg::Move& m : r.info.pv) {
            pv.append(ref_.v->move_to_string(p, m));
            ref_.v->make_move(p, m, u);
        }
        if (!r.info.pv.empty()) info["pv"] = pv;
        return py::make_tuple(ref_.v->move_to_string(game.position(), *r.move), info);
    }

    [[nodiscard]] std::string name() const { return player_ ? player_->name() : "closed"; }
    void quit() {
        hub_ = nullptr;
        player_.reset();
    }

private:
    tgpy::VariantRef ref_;
    std::unique_ptr<te::MatchPlayer> player_;
    te::HubHost* hub_ = nullptr;  // player_ when it is a Hub engine (limits beyond time)
    tg::Position started_{};
    std::size_t plies_ = 0;
};

void bind_protocols(py::module_& m) {
    py::class_<HostedEngine>(m, "HostedEngine",
                             "A player of the match referee as one object that answers moves: HostedEngine(spec, variant), "
                             "spec as `tradgames match` takes it (hub:COMMAND, dxp:HOST:PORT, cb:PATH.so, search:..., ...). "
                             "Used by tradgames.engines.")
        .def(py::init<const std::string&, tgpy::VariantRef>(), py::arg("spec"), py::arg("variant"))
        .def("play", &HostedEngine::play, py::arg("board"), py::arg("seconds") = py::none(),
             py::arg("depth") = py::none(), py::arg("nodes") = py::none(),
             "(move in the variant's notation, info dict: depth, score, nodes, time, pv) for the board, checked "
             "by the library; raises tradgames.Error naming the engine's failure (crash, timeout, illegal move, ...).")
        .def_property_readonly("name", &HostedEngine::name)
        .def("quit", &HostedEngine::quit, "Stops the engine (or closes the connection).");
}

const tgpy::Binder registered(bind_protocols);

}  // namespace
