// Python bindings of the engine hosts of the match referee: a Hub engine (a command speaking the
// Hub protocol) or a DXP follower as one object that answers moves, for tradgames.engines.Hub and
// tradgames.engines.DXP (python/tradgames/engines.py). Every move is checked by the library.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "bindings.hpp"
#include "tradgames/engine/dxp.hpp"
#include "tradgames/engine/match_hub.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"

namespace {

namespace py = pybind11;
namespace tg = tradgames;
namespace te = tradgames::engine;

/// A MatchPlayer of the referee (HubHost or DxpPlayer) behind a Python object.
class HostedEngine {
public:
    HostedEngine(const std::string& protocol, const std::string& target, tgpy::VariantRef ref)
        : ref_(std::move(ref)) {
        if (protocol == "hub") {
            player_ = std::make_unique<te::HubHost>(target, ref_.v);
        } else if (protocol == "dxp") {
            const auto colon = target.rfind(':');
            if (colon == std::string::npos) throw tg::OptionError("dxp: expected HOST:PORT");
            const std::string port = target.substr(colon + 1);
            if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) {
                throw tg::OptionError("dxp: expected HOST:PORT, got '" + target + "'");
            }
            player_ = std::make_unique<te::DxpPlayer>(target.substr(0, colon), std::stoi(port), ref_.v);
        } else {
            throw tg::OptionError("protocol must be hub or dxp");
        }
    }

    /// The engine's move (in the variant's notation) for the board's position, given `seconds`.
    /// Throws tradgames::Error naming the engine's failure.
    std::string play(const py::object& board, double seconds) {
        if (!player_) throw tg::Error("the engine was closed (quit)");
        if (!(seconds > 0)) throw tg::OptionError("time must be positive (seconds)");
        tg::Game game(ref_.v, ref_.v->parse_position(board.attr("start_fen").cast<std::string>()));
        for (const py::handle m : board.attr("move_stack")) game.play(m.attr("notation").cast<std::string>());
        if (game.result().over()) throw tg::Error("the game is over: " + game.result().reason);
        te::PlayerReply r;
        {
            py::gil_scoped_release unlocked;
            if (started_ != game.start_position() || game.ply() < plies_) player_->new_game(game);
            started_ = game.start_position();
            plies_ = game.ply();
            r = player_->play(game, seconds);
        }
        if (!r.move) throw tg::Error(player_->name() + ": " + r.failure);
        return ref_.v->move_to_string(game.position(), *r.move);
    }

    [[nodiscard]] std::string name() const { return player_ ? player_->name() : "closed"; }
    void quit() { player_.reset(); }

private:
    tgpy::VariantRef ref_;
    std::unique_ptr<te::MatchPlayer> player_;
    tg::Position started_{};
    std::size_t plies_ = 0;
};

void bind_protocols(py::module_& m) {
    py::class_<HostedEngine>(m, "HostedEngine",
                             "An engine reached over a protocol, as the match referee hosts it: "
                             "HostedEngine('hub', COMMAND, variant) or HostedEngine('dxp', 'HOST:PORT', variant). "
                             "Used by tradgames.engines.Hub and tradgames.engines.DXP.")
        .def(py::init<const std::string&, const std::string&, tgpy::VariantRef>(), py::arg("protocol"),
             py::arg("target"), py::arg("variant"))
        .def("play", &HostedEngine::play, py::arg("board"), py::arg("seconds"),
             "The engine's move for the board (its notation), checked by the library; raises tradgames.Error "
             "naming the engine's failure (crash, timeout, illegal move, ...).")
        .def_property_readonly("name", &HostedEngine::name)
        .def("quit", &HostedEngine::quit, "Stops the engine (or closes the connection).");
}

const tgpy::Binder registered(bind_protocols);

}  // namespace
