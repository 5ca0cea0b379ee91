// Subcommand dxp: a player of ours over DXP (DamExchange), as follower (--listen) or initiator
// (--connect); International draughts only (include/tradgames/engine/dxp.hpp; README "DXP").
#include <cstdio>
#include <memory>
#include <string>

#include "common.hpp"
#include "tradgames/engine/dxp.hpp"
#include "tradgames/engine/dxp_address.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;

struct DxpArgs {
    std::string listen, connect, player = "search", name = "tradgames", fen, color = "white";
    double movetime_ms = 0, timeout = 60;
    int minutes = 5, moves = 75, games = 1, sessions = 0;
    bool quiet = false;
};

/// te::parse_dxp_address with the option named in its error.
te::DxpAddress address(const char* option, const std::string& text, const char* default_host) {
    try {
        return te::parse_dxp_address(text, default_host);
    } catch (const tg::OptionError& e) {
        throw tg::OptionError(std::string("dxp ") + option + ": " + e.what());
    }
}

void report(int n, const te::DxpGameResult& g) {
    const char* out = g.outcome == tg::Outcome::white_wins   ? "white_wins"
                      : g.outcome == tg::Outcome::black_wins ? "black_wins"
                      : g.outcome == tg::Outcome::draw       ? "draw"
                                                             : "unfinished";
    std::printf("game %d: %s, %zu plies, %s\n", n, out, g.plies, g.reason.c_str());
    std::fflush(stdout);
}

int run_dxp(const DxpArgs& a) {
    const auto variant = tg::make_variant("international");
    const te::PlayerSpec spec = te::parse_player_spec(a.player);
    auto player = te::make_player(spec, variant, 1);
    te::DxpSessionOptions o;
    o.name = a.name;
    o.movetime = a.movetime_ms / 1000;
    o.peer_timeout = a.timeout;
    if (!a.quiet) {
        o.log = [](const std::string& line) { std::fprintf(stderr, "dxp: %s\n", line.c_str()); };
    }
    int n = 0;
    if (!a.listen.empty()) {
        const auto [host, port] = address("--listen", a.listen, "127.0.0.1");
        te::DxpListener l(host, port);
        std::fprintf(stderr, "dxp: listening on %s:%d\n", host.c_str(), l.port());
        for (int s = 0; a.sessions == 0 || s < a.sessions; ++s) {
            auto c = l.accept(-1);
            if (!c) continue;
            if (o.log) o.log("connection accepted");
            for (const auto& g : te::dxp_follow(*c, *player, variant, o)) report(++n, g);
        }
        return 0;
    }
    const auto [host, port] = address("--connect", a.connect, "");
    o.minutes = a.minutes;
    o.moves = a.moves;
    o.follower_color = a.color == "white" ? 'Z' : 'W';
    if (!a.fen.empty()) o.position = te::dxp_position(*variant, variant->parse_position(a.fen));
    auto c = te::DxpConnection::connect(host, port, 10);
    for (int i = 0; i < a.games && c.open(); ++i) {
        const te::DxpGameResult g = te::dxp_initiate(c, *player, variant, o);
        report(++n, g);
        if (g.outcome == tg::Outcome::ongoing && g.plies == 0) return 2;  // no game
    }
    return 0;
}

}  // namespace

void register_dxp_command(CLI::App& app, std::vector<Command>& out) {
    auto a = std::make_shared<DxpArgs>();
    auto* cmd = app.add_subcommand(
        "dxp", "a player of ours over DXP (DamExchange, TCP, International draughts): "
               "--listen as follower or --connect as initiator");
    auto* l = cmd->add_option("--listen", a->listen,
                              "[HOST:]PORT to accept games on (HOST 127.0.0.1 unless given; DXP's "
                              "port is 27531)");
    auto* c = cmd->add_option("--connect", a->connect, "HOST:PORT of a follower to ask for games");
    l->excludes(c);
    cmd->add_option("--player", a->player,
                    "our player: search (default), search:depth=N, mcts:..., greedy, random");
    cmd->add_option("--movetime", a->movetime_ms,
                    "milliseconds per move (default: the game's minutes over its moves, less 10%)")
        ->check(CLI::Range(1.0, 1e8));
    cmd->add_option("--name", a->name, "our name in GAMEREQ/GAMEACC (at most 32 characters)")
        ->check([](const std::string& s) {
            return s.size() <= 32 ? std::string() : std::string("at most 32 characters");
        });
    cmd->add_option("--timeout", a->timeout,
                    "seconds to wait for the peer's next message before giving up (default 60)")
        ->check(CLI::Range(0.1, 1e6));
    cmd->add_option("--sessions", a->sessions,
                    "--listen: connections to serve, one after another (default 0: for ever)")
        ->check(CLI::Range(0, 1000000));
    cmd->add_option("--games", a->games, "--connect: games to ask for (default 1)")
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--color", a->color, "--connect: our colour, white (default) or black")
        ->check(CLI::IsMember({"white", "black"}));
    cmd->add_option("--minutes", a->minutes, "--connect: thinking time asked for (default 5)")
        ->check(CLI::Range(1, 999));
    cmd->add_option("--moves", a->moves, "--connect: moves in that time (default 75)")
        ->check(CLI::Range(1, 999));
    cmd->add_option("--fen", a->fen, "--connect: start from this position (International FEN)")
        ->check(non_empty("--fen", "leave it out for the initial position"));
    cmd->add_flag("--quiet,-q", a->quiet, "no event lines on stderr");
    out.push_back({cmd, [a] {
                       if (a->listen.empty() && a->connect.empty()) {
                           throw tg::OptionError("dxp: give --listen [HOST:]PORT or --connect HOST:PORT");
                       }
                       return run_dxp(*a);
                   }});
}

}  // namespace tgcli
