// Subcommands variants, moves, perft and demo.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/game.hpp"
#include "tradgames/move.hpp"
#include "tradgames/io/ascii.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/random.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
using json = nlohmann::json;

int run_variants(bool as_json) {
    json out = json::array();
    for (const auto& info : tg::list_variants()) {
        json opts = json::array();
        for (const auto& s : tg::variant_options(info.name)) {
            const char* type = s.type == tg::OptionType::boolean   ? "boolean"
                               : s.type == tg::OptionType::integer ? "integer"
                                                                   : "choice";
            json o{{"name", s.name}, {"type", type}, {"default", s.default_value}, {"help", s.help}};
            if (s.type == tg::OptionType::choice) o["choices"] = s.choices;
            if (s.type == tg::OptionType::integer) {
                o["min"] = s.min;
                o["max"] = s.max;
            }
            opts.push_back(o);
        }
        if (as_json) {
            json entry{{"name", info.name},
                       {"description", info.description},
                       {"aliases", info.aliases},
                       {"pdn_game_type", info.pdn_game_type > 0 ? json(info.pdn_game_type) : json(nullptr)},
                       {"options", opts}};
            // The draughts descriptor: save it to a file and --variant-file gives this variant.
            entry["descriptor"] =
                info.descriptor_json.empty() ? json(nullptr) : json::parse(info.descriptor_json);
            out.push_back(entry);
        } else {
            fmt::print("{:<13} {}\n", info.name, info.description);
            for (const auto& o : opts) {
                fmt::print("    --option {}={}  ({})\n", o["name"].get<std::string>(),
                           o["default"].get<std::string>(), o["help"].get<std::string>());
            }
        }
    }
    if (as_json) fmt::print("{}\n", out.dump());
    return 0;
}

int run_moves(const VariantArgs& a, bool paths, bool as_json) {
    const Setup s = setup(a);
    tg::MoveList list;
    s.variant->generate(s.position, list, paths ? tg::Duplicates::all_paths : tg::Duplicates::unique);
    if (as_json) {
        json out = json::array();
        for (const auto& m : list) out.push_back(move_json(*s.variant, s.position, m));
        fmt::print("{}\n", out.dump());
    } else {
        for (const auto& m : list) fmt::print("{}\n", s.variant->move_to_string(s.position, m));
    }
    return 0;
}

struct PerftArgs {
    VariantArgs v;
    int depth = 0;
    bool divide = false;
    bool paths = false;
    bool no_bulk = false;
    bool json = false;
};

int run_perft(const PerftArgs& a) {
    Setup s = setup(a.v);
    tg::PerftOptions opt;
    opt.duplicates = a.paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
    opt.bulk = !a.no_bulk;
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    json div = json::array();
    if (a.divide && a.depth > 0) {
        for (const auto& e : tg::divide(*s.variant, s.position, a.depth, opt)) {
            total += e.nodes;
            div.push_back({{"move", e.notation}, {"nodes", e.nodes}});
            if (!a.json) fmt::print("{} {}\n", e.notation, e.nodes);
        }
    } else {
        total = tg::perft(*s.variant, s.position, a.depth, opt);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (a.json) {
        json out{{"variant", s.variant->name()},
                 {"depth", a.depth},
                 {"nodes", total},
                 // Rounded to milliseconds: a plain decimal number, never exponent form.
                 {"seconds", std::round(secs * 1000.0) / 1000.0},
                 {"counting", a.paths ? "P" : "U"}};
        if (a.divide) out["divide"] = div;
        fmt::print("{}\n", out.dump());
    } else {
        fmt::print("perft({}) = {}  ({:.3f} s, {:.1f} Mnodes/s)\n", a.depth, total, secs,
                   secs > 0 ? static_cast<double>(total) / secs / 1e6 : 0.0);
    }
    return 0;
}

/// Joins words with single spaces into lines of at most `width` characters (a longer word
/// stands on its own line), without trailing blanks.
std::string wrap(const std::vector<std::string>& words, std::size_t width) {
    std::string out;
    std::string line;
    for (const std::string& w : words) {
        if (!line.empty() && line.size() + 1 + w.size() > width) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + w;
    }
    return out + line;
}

/// README's main job: every variant's initial position, perft to a small depth, and one
/// seeded random game played to its end with the result.
int run_demo(std::uint64_t seed, int depth) {
    for (const auto& info : tg::list_variants()) {
        const auto v = tg::make_variant(info.name);
        fmt::print("== {}: {}\n\n", info.name, v->description());
        tg::Position start = v->initial_position();
        fmt::print("{}\n{}\n", v->position_to_string(start), tg::render_ascii(*v, start));
        for (int d = 1; d <= depth; ++d) {
            const auto t0 = std::chrono::steady_clock::now();
            const std::uint64_t n = v->perft(start, d, {});
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            fmt::print("perft({}) = {}  ({:.3f} s)\n", d, n, s);
        }
        tg::Game game(v);
        tg::Rng rng(seed);
        std::vector<std::string> words;  // "12. c3-d4" and "f6-g5": a number stays with its move
        while (!game.result().over()) {
            const auto& legal = game.legal_moves();
            const tg::Move m = legal[rng.below(legal.size())];
            const std::string text = v->move_to_string(game.position(), m);
            words.push_back(game.ply() % 2 == 0 ? fmt::format("{}. {}", game.ply() / 2 + 1, text) : text);
            game.play(m);
        }
        fmt::print("\nrandom game (seed {}), {} plies:\n{}\n\nfinal position: {}\n{}", seed,
                   game.ply(), wrap(words, 96), v->position_to_string(game.position()),
                   tg::render_ascii(*v, game.position()));
        fmt::print("result: {} ({})\n\n", outcome_words(game.result().outcome), game.result().reason);
    }
    return 0;
}

/// status: whether the game is over in a position, and how (README "status").
int run_status(const VariantArgs& va, bool as_json) {
    const Setup s = setup(va);
    const tg::Game g(s.variant, s.position);
    auto list = std::make_unique<tg::MoveList>();
    s.variant->generate(s.position, *list);
    const tg::GameResult& r = g.result();
    if (as_json) {
        const json result = r.over() ? json{{"outcome", std::string(tg::to_string(r.outcome))}, {"reason", r.reason}}
                                     : json(nullptr);
        const json out{{"variant", s.variant->name()},
                       {"position", s.variant->position_to_string(s.position)},
                       {"side_to_move", std::string(tg::to_string(s.position.side_to_move()))},
                       {"legal_moves", r.over() ? 0 : list->size()},
                       {"result", result}};
        fmt::print("{}\n", out.dump());
    } else if (r.over()) {
        fmt::print("game over: {} ({})\n", outcome_words(r.outcome), r.reason);
    } else {
        fmt::print("ongoing: {} to move, {} legal move{}\n", tg::to_string(s.position.side_to_move()),
                   list->size(), list->size() == 1 ? "" : "s");
    }
    return 0;
}

}  // namespace

void register_core_commands(CLI::App& app, std::vector<Command>& out) {
    auto variants_json = std::make_shared<bool>(false);
    auto* variants = app.add_subcommand("variants", "list the variants and their rule options");
    variants->add_flag("--json", *variants_json, "JSON output");
    out.push_back({variants, [variants_json] { return run_variants(*variants_json); }});

    struct MovesArgs {
        VariantArgs v;
        bool paths = false;
        bool json = false;
    };
    auto ma = std::make_shared<MovesArgs>();
    auto* moves = app.add_subcommand("moves", "list the legal moves of a position");
    add_variant_args(moves, ma->v);
    moves->add_flag("--paths", ma->paths, "every capture path (P) instead of one per result (U)");
    moves->add_flag("--json", ma->json, "JSON output");
    out.push_back({moves, [ma] { return run_moves(ma->v, ma->paths, ma->json); }});

    struct StatusArgs {
        VariantArgs v;
        bool json = false;
    };
    auto sa = std::make_shared<StatusArgs>();
    auto* status = app.add_subcommand("status", "say whether the game is over in a position, and how");
    add_variant_args(status, sa->v);
    status->add_flag("--json", sa->json, "JSON output");
    out.push_back({status, [sa] { return run_status(sa->v, sa->json); }});

    auto pa = std::make_shared<PerftArgs>();
    auto* perft = app.add_subcommand("perft", "count the leaves of the move tree");
    add_variant_args(perft, pa->v);
    perft->add_option("--depth,-d", pa->depth,
                      "depth in plies; no time limit: each ply multiplies the time by about the "
                      "branching factor (Shatra: perft(4) 2 s, perft(5) 3 min)")
        ->required()
        ->transform(decimal())
        ->check(CLI::Range(0, 64));
    perft->add_flag("--divide", pa->divide, "count per first move");
    perft->add_flag("--paths", pa->paths, "count every capture path (P)");
    perft->add_flag("--no-bulk", pa->no_bulk, "make every leaf move instead of counting the last ply");
    perft->add_flag("--json", pa->json, "JSON output");
    out.push_back({perft, [pa] { return run_perft(*pa); }});

    struct DemoArgs {
        std::uint64_t seed = 1;
        int depth = 4;
    };
    auto da = std::make_shared<DemoArgs>();
    auto* demo = app.add_subcommand(
        "demo", "every variant: initial position, perft, and a seeded random game to its end");
    demo->add_option("--seed,-s", da->seed, "random game seed (default 1)")->transform(decimal());
    demo->add_option("--depth,-d", da->depth, "perft depth (default 4; Shatra's perft(5) takes 3 min)")
        ->transform(decimal())
        ->check(CLI::Range(0, 8));
    out.push_back({demo, [da] { return run_demo(da->seed, da->depth); }});
}

}  // namespace tgcli
