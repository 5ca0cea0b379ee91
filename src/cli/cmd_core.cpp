// Subcommands variants, moves, perft and demo.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <fmt/format.h>

#include "common.hpp"
#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/egtb_json.hpp"
#include "tradgames/game.hpp"
#include "tradgames/frontend.hpp"
#include "tradgames/move.hpp"
#include "tradgames/io/ascii.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/random.hpp"
#include "tradgames/registry_json.hpp"
#include "tradgames/shard.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;
namespace eg = tradgames::engine::egtb;
using json = nlohmann::json;

int run_variants(bool as_json) {
    json out = json::array();
    for (const auto& info : tg::list_variants()) {
        const json entry = tg::variant_info_json(info);
        const json& opts = entry["options"];
        if (as_json) {
            out.push_back(entry);
        } else {
            fmt::print("{:<13} {}\n", info.name, info.description);
            for (const auto& o : opts) {
                fmt::print("    --option {}={}  ({})\n", o["name"].get<std::string>(),
                           o["default"].get<std::string>(), o["help"].get<std::string>());
            }
        }
    }
    if (as_json) {
        fmt::print("{}\n", out.dump());
    } else {
        for (const auto& u : tg::unavailable_variants()) {
            fmt::print("{:<13} {}\n    {}\n", u.name, u.description, u.reason);
        }
    }
    return 0;
}

int run_moves(const VariantArgs& a, bool paths, bool as_json, const std::string& explain) {
    const Setup s = setup(a);
    const tg::Duplicates dup = paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
    if (!explain.empty()) {
        // --explain MOVE: "legal: <notation>" (exit 0) or "illegal: <reason>: <why> (<rule>)"
        // (exit 1); with --json the explanation object (README), same exit status.
        const tg::MoveExplanation e = s.variant->explain_move(s.position, explain, dup);
        if (as_json) {
            fmt::print("{}\n", tg::explanation_json(explain, e).dump());
        } else if (e.legal) {
            fmt::print("{}\n", e.message);
        } else {
            fmt::print("illegal: {}: {}{}\n", tg::to_string(e.reason), e.message,
                       e.rule.empty() ? std::string() : " (" + e.rule + ")");
        }
        return e.legal ? 0 : 1;
    }
    if (as_json) {
        fmt::print("{}\n", tg::moves_json(*s.variant, s.position, dup).dump());
    } else {
        tg::MoveList list;
        s.variant->generate(s.position, list, dup);
        for (const auto& m : list) fmt::print("{}\n", s.variant->move_to_string(s.position, m));
    }
    return 0;
}

struct PerftArgs {
    VariantArgs v;
    int depth = -1;  // -1: not given
    int split = -1;  // -1: not given
    std::string positions;
    bool divide = false;
    bool paths = false;
    bool no_bulk = false;
    bool json = false;
};

/// perft --split K: the distinct positions at depth K with their path counts, as JSON lines.
int run_perft_split(const PerftArgs& a) {
    const Setup s = setup(a.v);
    const tg::Duplicates counting = a.paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
    const auto entries = tg::perft_split(*s.variant, s.position, a.split, counting);
    fmt::print("{}", tg::perft_split_jsonl(*s.variant, s.position, a.split, counting, entries));
    return 0;
}

/// perft --positions FILE --depth D: sum of count x perft(D) over a perft --split file.
int run_perft_positions(const PerftArgs& a) {
    // Any length, but a line of a split file is a few hundred bytes: 1 MiB bounds endless input.
    const std::string text = read_file(a.positions, {SIZE_MAX, std::size_t{1} << 20, "a perft split file"});
    const tg::PerftSplitHeader h = tg::read_perft_split_header(text, a.positions);
    std::vector<std::string> assignments;
    for (const auto& [key, value] : h.options) assignments.push_back(key + "=" + value);
    const tg::PerftSplitFile f = tg::read_perft_split(text, a.positions, tg::make_variant(h.variant, assignments));
    const char* counting = f.header.counting == tg::Duplicates::all_paths ? "P" : "U";
    if (a.paths && f.header.counting != tg::Duplicates::all_paths) {
        throw tg::OptionError("--paths: " + tg::quoted(a.positions) +
                              " lists positions counted with U (split it again with --paths)");
    }
    if (f.header.depth + a.depth > tg::max_perft_depth) {
        throw tg::OptionError("--depth: the file's depth " + std::to_string(f.header.depth) + " plus " +
                              std::to_string(a.depth) + " exceeds " + std::to_string(tg::max_perft_depth));
    }
    tg::PerftOptions opt;
    opt.duplicates = f.header.counting;
    opt.bulk = !a.no_bulk;
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t total = tg::perft_positions(*f.variant, f.entries, a.depth, opt);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const int depth = f.header.depth + a.depth;
    if (a.json) {
        fmt::print("{}\n", json{{"variant", f.variant->name()},
                                {"depth", depth},
                                {"nodes", total},
                                {"seconds", secs},
                                {"counting", counting},
                                {"split_depth", f.header.depth},
                                {"positions", f.entries.size()}}
                               .dump());
    } else {
        fmt::print("perft({}) = {}  ({:.3f} s, {:.1f} Mnodes/s; {} positions at depth {})\n", depth, total,
                   secs, secs > 0 ? static_cast<double>(total) / secs / 1e6 : 0.0, f.entries.size(),
                   f.header.depth);
    }
    return 0;
}

int run_perft(const PerftArgs& a) {
    if (!a.positions.empty()) {
        if (a.depth < 0) throw tg::OptionError("perft --positions: --depth is required");
        return run_perft_positions(a);
    }
    if (a.v.variant.empty() && a.v.variant_file.empty()) {
        throw tg::OptionError("perft: --variant or --variant-file is required (or --positions FILE)");
    }
    if (a.split >= 0) return run_perft_split(a);
    if (a.depth < 0) throw tg::OptionError("perft: --depth is required (or --split K)");
    Setup s = setup(a.v);
    tg::PerftOptions opt;
    opt.duplicates = a.paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
    opt.bulk = !a.no_bulk;
    const tg::PerftRun run = tg::run_perft(*s.variant, s.position, a.depth, opt, a.divide);
    if (a.json) {
        fmt::print("{}\n", tg::perft_json(*s.variant, run).dump());
    } else {
        if (run.divide) {
            for (const auto& [move, nodes] : *run.divide) fmt::print("{} {}\n", move, nodes);
        }
        const double secs = run.seconds;
        fmt::print("perft({}) = {}  ({:.3f} s, {:.1f} Mnodes/s)\n", a.depth, run.nodes, secs,
                   secs > 0 ? static_cast<double>(run.nodes) / secs / 1e6 : 0.0);
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
/// seeded random game played to its end with the result; five lines a variant and a summary
/// line (`full`: the boards and the game's moves too).
int run_demo(std::uint64_t seed, int depth, bool full) {
    int variants = 0, wins[2] = {0, 0}, draws = 0;
    long plies = 0;
    double perft_seconds = 0;
    for (const auto& info : tg::list_variants()) {
        const auto v = tg::make_variant(info.name);
        ++variants;
        fmt::print("== {}: {}\n", info.name, v->description());
        tg::Position start = v->initial_position();
        fmt::print("start: {}\n", v->position_to_string(start));
        if (full) fmt::print("{}", tg::render_ascii(*v, start));
        std::vector<std::string> counts;
        const auto t0 = std::chrono::steady_clock::now();
        for (int d = 1; d <= depth; ++d) counts.push_back(std::to_string(tg::perft(*v, start, d)));
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        perft_seconds += s;
        if (depth > 0) fmt::print("perft(1..{}): {} ({:.3f} s)\n", depth, fmt::join(counts, " "), s);
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
        const tg::GameResult& r = game.result();
        plies += game.ply();
        if (r.outcome == tg::Outcome::white_wins) ++wins[0];
        else if (r.outcome == tg::Outcome::black_wins) ++wins[1];
        else ++draws;
        fmt::print("result: {} ({}) after {} plies of a random game (seed {})\n", outcome_words(r.outcome),
                   r.reason, game.ply(), seed);
        if (full) fmt::print("{}\n", wrap(words, 96));
        fmt::print("final: {}\n", v->position_to_string(game.position()));
        if (full) fmt::print("{}", tg::render_ascii(*v, game.position()));
        fmt::print("\n");
    }
    fmt::print("summary: {} variants, perft(1..{}) in {:.3f} s, {} random games to their end: {} white wins, "
               "{} black wins, {} draws, {} plies\n",
               variants, depth, perft_seconds, variants, wins[0], wins[1], draws, plies);
    return 0;
}

/// status: whether the game is over in a position, and how (README "status").
int run_status(const VariantArgs& va, const std::string& egtb, bool as_json) {
    const Setup s = setup(va);
    const std::unique_ptr<eg::Prober> prober = egtb.empty() ? nullptr : eg::open_databases(s.variant, egtb);
    const std::optional<te::OracleAnswer> verdict =
        prober ? prober->probe(s.position) : std::optional<te::OracleAnswer>{};
    const tg::Game g(s.variant, s.position);
    auto list = std::make_unique<tg::MoveList>();
    s.variant->generate(s.position, *list);
    const tg::GameResult& r = g.result();
    if (as_json) {
        const json result = r.over() ? json{{"outcome", std::string(tg::to_string(r.outcome))}, {"reason", r.reason}}
                                     : json(nullptr);
        json out{{"variant", s.variant->name()},
                 {"position", s.variant->position_to_string(s.position)},
                 {"side_to_move", std::string(tg::to_string(s.position.side_to_move()))},
                 {"legal_moves", r.over() ? 0 : list->size()},
                 {"result", result}};
        if (prober) out["database"] = verdict ? eg::answer_json(verdict) : json(nullptr);
        fmt::print("{}\n", out.dump());
        return 0;
    } else if (r.over()) {
        fmt::print("game over: {} ({})\n", outcome_words(r.outcome), r.reason);
    } else {
        fmt::print("ongoing: {} to move, {} legal move{}\n", tg::to_string(s.position.side_to_move()),
                   list->size(), list->size() == 1 ? "" : "s");
    }
    if (verdict) fmt::print("database: {}\n", eg::verdict_text(*verdict));
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
        std::string explain;
    };
    auto ma = std::make_shared<MovesArgs>();
    auto* moves = app.add_subcommand("moves", "list the legal moves of a position");
    add_variant_args(moves, ma->v);
    moves->add_flag("--paths", ma->paths, "every capture path (P) instead of one per result (U)");
    moves->add_flag("--json", ma->json, "JSON output");
    moves->add_option("--explain", ma->explain,
                      "say whether MOVE is legal here: 'legal: <notation>' (exit 0), or "
                      "'illegal: <reason>: <why, with the legal moves> (<rule>)' (exit 1); "
                      "with --json the explanation as an object");
    out.push_back({moves, [ma] { return run_moves(ma->v, ma->paths, ma->json, ma->explain); }});

    struct StatusArgs {
        VariantArgs v;
        std::string egtb;
        bool json = false;
    };
    auto sa = std::make_shared<StatusArgs>();
    auto* status = app.add_subcommand("status", "say whether the game is over in a position, and how");
    add_variant_args(status, sa->v);
    status->add_option("--egtb", sa->egtb, "directory of endgame databases: also say the database's verdict")
        ->check(non_empty("--egtb", "leave it out for the rules' verdict alone"));
    status->add_flag("--json", sa->json, "JSON output");
    out.push_back({status, [sa] { return run_status(sa->v, sa->egtb, sa->json); }});

    auto pa = std::make_shared<PerftArgs>();
    auto* perft = app.add_subcommand("perft", "count the leaves of the move tree");
    add_variant_args(perft, pa->v, false);
    auto* depth = perft->add_option("--depth,-d", pa->depth,
                      "depth in plies; no time limit: each ply multiplies the time by about the "
                      "branching factor (Shatra: perft(4) 2 s, perft(5) 3 min)")
        ->transform(decimal())
        ->check(CLI::Range(0, tg::max_perft_depth));
    auto* divide = perft->add_flag("--divide", pa->divide, "count per first move");
    perft->add_flag("--paths", pa->paths, "count every capture path (P)");
    auto* no_bulk = perft->add_flag("--no-bulk", pa->no_bulk, "make every leaf move instead of counting the last ply");
    auto* as_json = perft->add_flag("--json", pa->json, "JSON output");
    auto* split = perft->add_option("--split", pa->split,
                      "instead of counting: write the distinct positions at depth K with their "
                      "path counts as JSON lines, for --positions (shards of a deep perft)")
        ->transform(decimal())
        ->check(CLI::Range(0, tg::max_perft_depth));
    split->excludes(depth)->excludes(divide)->excludes(no_bulk)->excludes(as_json);
    auto* positions = perft->add_option("--positions", pa->positions,
                      "a --split file: count perft(--depth) below each of its positions, times its "
                      "count; the variant, options and counting come from the file")
        ->check(non_empty("file name", "leave out --positions to count from --fen"));
    positions->excludes(split)->excludes(divide);
    for (const char* name : {"--variant", "--fen", "--option"}) positions->excludes(perft->get_option(name));
    out.push_back({perft, [pa] { return run_perft(*pa); }});

    struct DemoArgs {
        std::uint64_t seed = 1;
        int depth = 4;
        bool full = false;
    };
    auto da = std::make_shared<DemoArgs>();
    auto* demo = app.add_subcommand(
        "demo", "every variant: initial position, perft, and a seeded random game to its end");
    demo->add_option("--seed,-s", da->seed, "random game seed (default 1)")->transform(decimal());
    demo->add_option("--depth,-d", da->depth, "perft depth (default 4; Shatra's perft(5) takes 3 min)")
        ->transform(decimal())
        ->check(CLI::Range(0, 8));
    demo->add_flag("--full", da->full, "also draw the boards and list the random game's moves");
    out.push_back({demo, [da] { return run_demo(da->seed, da->depth, da->full); }});
}

}  // namespace tgcli
