// Subcommand search: the engine's best move in a position, one info line per iteration.
#include <atomic>
#include <csignal>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/egtb_json.hpp"
#include "tradgames/engine/search.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;
namespace eg = tradgames::engine::egtb;
using json = nlohmann::json;

/// Set by SIGINT while a search runs: the search stops and reports its best move so far.
std::atomic<bool> interrupted{false};

extern "C" void on_interrupt(int) { interrupted.store(true); }

struct SearchArgs {
    VariantArgs v;
    int depth = 0;
    std::int64_t movetime = 0;
    std::uint64_t nodes = 0;
    int multipv = 1;
    std::size_t tt = 16;
    std::string egtb;
    bool json = false;
};

std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
}

int run_search(const SearchArgs& a) {
    const Setup s = setup(a.v);
    te::SearchLimits l;
    l.depth = a.depth;
    l.movetime_ms = a.movetime;
    l.nodes = a.nodes;
    l.multipv = a.multipv;
    if (l.depth == 0 && l.movetime_ms == 0 && l.nodes == 0) l.depth = 8;
    l.stop = &interrupted;
    const std::unique_ptr<eg::Prober> prober = a.egtb.empty() ? nullptr : eg::open_databases(s.variant, a.egtb);
    te::Searcher searcher(s.variant, te::SearcherOptions{a.tt, prober.get(), nullptr});
    // With databases, every line that reaches a covered position goes on with the database's
    // best play (README "search").
    const auto extend = [&](te::SearchResult& r) {
        if (!prober) return;
        for (auto& line : r.lines) eg::extend_pv(*prober, s.position, line.pv, te::max_search_ply);
    };
    const std::optional<te::OracleAnswer> verdict =
        prober ? prober->probe(s.position) : std::optional<te::OracleAnswer>{};
    interrupted.store(false);
    const auto old = std::signal(SIGINT, on_interrupt);
    te::InfoCallback info;
    if (!a.json) {
        info = [&extend](const te::SearchResult& found) {
            te::SearchResult r = found;
            extend(r);
            for (std::size_t k = 0; k < r.lines.size(); ++k) {
                const auto& line = r.lines[k];
                fmt::print("info depth {} seldepth {}{} score {} nodes {} nps {} time {} pv {}\n", r.depth,
                           r.seldepth, r.lines.size() > 1 ? fmt::format(" multipv {}", k + 1) : "",
                           line.score.to_string(), r.nodes, r.nps, r.time_ms, join(line.pv));
            }
            std::fflush(stdout);
        };
    }
    te::SearchResult r = searcher.search(s.position, l, info);
    std::signal(SIGINT, old);
    if (a.json) {
        json j = eg::search_json(r, prober.get(), s.position);
        j["variant"] = s.variant->name();
        j["position"] = s.variant->position_to_string(s.position);
        j["stopped"] = interrupted.load();
        fmt::print("{}\n", j.dump());
        return 0;
    }
    if (verdict) fmt::print("database: {}\n", eg::verdict_text(*verdict));
    if (r.has_move) {
        fmt::print("bestmove {}\n", r.best_text);
    } else {
        fmt::print("bestmove (none): the game is over\n");
    }
    return 0;
}

}  // namespace

void register_search_command(CLI::App& app, std::vector<Command>& out) {
    auto a = std::make_shared<SearchArgs>();
    auto* cmd = app.add_subcommand("search", "the engine's best move in a position (alpha-beta search)");
    add_variant_args(cmd, a->v);
    auto* d = cmd->add_option("--depth,-d", a->depth, "search to this depth in plies (default 8 when no limit is given)")
                  ->check(CLI::Range(1, te::max_search_ply - 2));
    auto* t = cmd->add_option("--movetime", a->movetime, "search for this many milliseconds")
                  ->transform(decimal())
                  ->check(CLI::Range(std::int64_t{1}, std::int64_t{100'000'000}));
    auto* n = cmd->add_option("--nodes", a->nodes, "search about this many nodes")
                  ->transform(decimal())
                  ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
    d->excludes(t)->excludes(n);
    t->excludes(n);
    cmd->add_option("--multipv", a->multipv, "report the K best lines (default 1)")->check(CLI::Range(1, 256));
    cmd->add_option("--tt", a->tt, "transposition table size in MB (default 16)")->check(CLI::Range(std::size_t{0}, std::size_t{4096}));
    cmd->add_option("--egtb", a->egtb, "directory of endgame databases (egtb build) to probe in the search")
        ->check(non_empty("--egtb", "leave it out to search without databases"));
    cmd->add_flag("--json", a->json, "one JSON object with the result instead of info lines");
    out.push_back({cmd, [a] { return run_search(*a); }});
}

}  // namespace tgcli
