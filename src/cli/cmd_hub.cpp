// Subcommand hub: the built-in engine as a Hub engine (Scan 3.1's protocol, version 2) over
// standard input and output (include/tradgames/engine/hub.hpp; README "Hub").
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "common.hpp"
#include "tradgames/engine/hub.hpp"
#include "tradgames/engine/match_cb.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/lidraughts.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;

/// The Hub configuration of the `tradgames` command: every registered game the build can make,
/// International draughts first (the default, as in Scan), and Scan's name `normal` for it.
te::HubConfig hub_config() {
    te::HubConfig c;
    c.version = "0.1.0";
    const std::string first = "international";
    c.variants.push_back(first);
    for (const auto& info : tg::list_variants()) {
        if (info.name == first) continue;
        try {
            (void)tg::make_variant(info.name);
        } catch (const tg::Error&) {
            continue;  // a game this build cannot make (Canadian needs 128-vertex sets)
        }
        c.variants.push_back(info.name);
    }
    c.aliases = {{"normal", first}};
    c.make_variant = [](const std::string& name, const std::vector<std::string>& options) {
        return tg::make_variant(name, options);
    };
    return c;
}

/// Reads one line of at most te::hub_max_line bytes into `line`; a longer line is consumed to
/// its end and `too_long` set. Returns false at the end of input with nothing read.
bool read_line(std::FILE* in, std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    int c = 0;
    bool any = false;
    while ((c = std::getc(in)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (line.size() < te::hub_max_line) {
            line += static_cast<char>(c);
        } else {
            too_long = true;
        }
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return any;
}

int run_hub(const std::string& engine_spec) {
    te::HubConfig config;
    if (engine_spec.empty()) {
        config = hub_config();
    } else if (engine_spec.rfind("cb:", 0) == 0) {
        const std::string path = engine_spec.substr(3);
        if (path.empty()) throw tg::OptionError("hub --engine: expected cb:PATH.so, got '" + engine_spec + "'");
        config = te::cb_hub_config(path, "0.1.0");
    } else {
        throw tg::OptionError("hub --engine: expected cb:PATH.so (a CheckerBoard engine), got '" +
                              engine_spec + "'");
    }
    te::HubEngine engine(std::move(config), [](const std::string& l) {
        std::fputs(l.c_str(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    });
    std::string line;
    bool too_long = false;
    while (read_line(stdin, line, too_long)) {
        if (too_long) {
            std::fprintf(stdout, "error message=\"line longer than %zu bytes ignored\"\n",
                         te::hub_max_line);
            std::fflush(stdout);
            continue;
        }
        if (!engine.handle(line)) return 0;
    }
    // The GUI closed our input: it is gone, stop at once (the protocol's advice).
    engine.stop();
    return 0;
}

struct LidraughtsArgs {
    VariantArgs v;
    std::string position;
    std::vector<std::string> moves;
};

/// `lidraughts`: the position in lidraughts' form (of --fen, or read from --position and printed
/// as the library's string), then each move converted and played: bot API form (digits only) to
/// the variant's notation, anything else to the bot API form.
int run_lidraughts(const LidraughtsArgs& a) {
    const auto variant = make_variant(a.v);
    tg::Position start;
    if (!a.position.empty()) {
        if (!a.v.fen.empty()) throw tg::OptionError("lidraughts: give --fen or --position, not both");
        start = tg::parse_lidraughts_position(*variant, a.position).position;
        std::printf("%s\n", variant->position_to_string(start).c_str());
    } else {
        start = a.v.fen.empty() ? variant->initial_position() : variant->parse_position(a.v.fen);
        std::printf("%s\n", tg::lidraughts_position(*variant, start).c_str());
    }
    tg::Game game(variant, start);
    for (const std::string& text : a.moves) {
        const bool bot = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        const tg::Move m = bot ? tg::parse_lidraughts_move(*variant, game.position(), text)
                               : variant->parse_move(game.position(), text);
        const std::string out = bot ? variant->move_to_string(game.position(), m)
                                    : tg::lidraughts_move(*variant, game.position(), m);
        std::printf("%s\n", out.c_str());
        game.play(m);
    }
    return 0;
}

}  // namespace

void register_hub_command(CLI::App& app, std::vector<Command>& out) {
    auto* cmd = app.add_subcommand(
        "hub", "the built-in engine as a Hub engine on standard input and output (Scan's protocol)");
    auto engine = std::make_shared<std::string>();
    cmd->add_option("--engine", *engine,
                    "play with cb:PATH.so, a CheckerBoard engine library, instead of the built-in "
                    "search (it becomes a Hub engine)");
    out.push_back({cmd, [engine] { return run_hub(*engine); }});

    auto* lid = app.add_subcommand(
        "lidraughts", "positions and moves in lidraughts' forms (W:W31,...:B1,...:H0:F1; bot moves 3227)");
    auto la = std::make_shared<LidraughtsArgs>();
    add_variant_args(lid, la->v);
    lid->add_option("--position", la->position,
                    "a lidraughts position string to print as the library's (instead of --fen)");
    lid->add_option("moves", la->moves,
                    "moves played in turn: bot API form (3227) printed in the game's notation, the "
                    "game's notation printed in bot API form");
    out.push_back({lid, [la] { return run_lidraughts(*la); }});
}

}  // namespace tgcli
