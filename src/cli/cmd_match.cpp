// Subcommand match: the library as referee between two players (engine/match.hpp).
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/error.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;

struct MatchArgs {
    VariantArgs variant;
    std::string player1, player2;
    std::string openings;
    int generate_openings = -1;
    std::uint64_t games = 2;
    double movetime_ms = 100;
    double time_s = 0;
    double inc_s = 0;
    unsigned concurrency = 1;
    int max_plies = 1000;
    std::string pdn;
    std::string sprt;
    bool json = false;
};


std::string elo_text(const te::EloEstimate& e) {
    // An end without a value lies at score 0 (-inf) or 1 (+inf).
    const auto f = [](const std::optional<double>& x, double score) {
        return x ? fmt::format("{:+.1f}", *x == 0 ? 0.0 : *x) : std::string(score <= 0.5 ? "-inf" : "+inf");
    };
    const double half = 1.959964 * e.score_stderr;
    return fmt::format("Elo {} [{}, {}]", f(e.elo, e.score), f(e.elo_low, e.score - half),
                       f(e.elo_high, e.score + half));
}

int run_match_command(const MatchArgs& a) {
    const auto variant = make_variant(a.variant);
    if (a.generate_openings >= 0) {
        for (const auto& o : te::all_openings(*variant, a.generate_openings)) {
            std::printf("%s\n", o.text.c_str());
        }
        return 0;
    }
    if (a.player1.empty() || a.player2.empty()) {
        throw tg::OptionError("match: --player1 and --player2 are required");
    }
    te::MatchOptions o;
    o.games = a.games;
    o.concurrency = a.concurrency;
    o.max_plies = a.max_plies;
    if (a.time_s > 0) {
        o.time.clock = true;
        o.time.base = a.time_s;
        o.time.increment = a.inc_s;
    } else {
        o.time.movetime = a.movetime_ms / 1000.0;
    }
    if (!a.openings.empty()) o.openings = te::parse_openings(read_file(a.openings), *variant);
    std::optional<te::SprtSettings> sprt;
    if (!a.sprt.empty()) sprt = te::parse_sprt(a.sprt);
    const auto p1 = te::make_player_factory(a.player1, variant);
    const auto p2 = te::make_player_factory(a.player2, variant);
    std::ofstream pdn;
    if (!a.pdn.empty()) {
        pdn.open(a.pdn, std::ios::binary | std::ios::trunc);
        if (!pdn) throw tg::Error("cannot write '" + a.pdn + "'");
    }
    std::size_t written = 0;
    const bool tty = isatty(2) != 0;
    o.progress = [&](const te::MatchResult& r) {
        // Each finished game goes to the PDN file at once: an interrupted match keeps its games.
        for (; written < r.games.size(); ++written) {
            if (pdn) pdn << r.games[written].pdn << '\n' << std::flush;
        }
        const auto e = r.elo();
        std::string line = fmt::format("games {}/{}  +{} ={} -{}  score {:.1f}%  {}",
                                       r.games.size(), r.scheduled, r.wins, r.draws, r.losses,
                                       e.score * 100, elo_text(e));
        if (sprt) line += fmt::format("  LLR {:.2f}", te::sprt(*sprt, r.wins, r.draws, r.losses).llr);
        std::fprintf(stderr, tty ? "\r\033[K%s" : "%s\n", line.c_str());
        std::fflush(stderr);
    };
    const te::MatchResult r = te::run_match(variant, p1, p2, o);
    if (tty) std::fprintf(stderr, "\n");
    if (pdn) {
        pdn.close();
        if (!pdn) throw tg::Error("cannot write '" + a.pdn + "'");
    }
    const auto e = r.elo();
    std::optional<te::SprtResult> s;
    if (sprt) s = te::sprt(*sprt, r.wins, r.draws, r.losses);
    if (a.json) {
        std::printf("%s\n", te::match_result_json(*variant, r, o, a.player1, a.player2, sprt).c_str());
        return 0;
    }
    std::printf("%s vs %s, %s, %zu games\n", r.player1.c_str(), r.player2.c_str(),
                variant->name().c_str(), r.games.size());
    std::printf("player1 wins %llu, draws %llu, losses %llu\n",
                static_cast<unsigned long long>(r.wins), static_cast<unsigned long long>(r.draws),
                static_cast<unsigned long long>(r.losses));
    std::printf("score %.1f%% (+- %.1f%%), %s (95%%)\n", e.score * 100, 1.959964 * e.score_stderr * 100,
                elo_text(e).c_str());
    if (s) {
        std::printf("SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.3f [%.3f, %.3f] %s\n", sprt->elo0,
                    sprt->elo1, sprt->alpha, sprt->beta, s->llr, s->lower, s->upper,
                    s->decision.c_str());
    }
    for (const auto& [reason, n] : r.reasons) {
        std::printf("  %llu  %s\n", static_cast<unsigned long long>(n), reason.c_str());
    }
    const auto nps = [](const char* who, const std::string& name, const te::PlayerStats& st) {
        if (st.moves > 0 && st.seconds > 0) {
            std::printf("%s %s: %llu nodes in %.2f s over %llu moves, %.0f nodes/s\n", who,
                        name.c_str(), static_cast<unsigned long long>(st.nodes), st.seconds,
                        static_cast<unsigned long long>(st.moves),
                        static_cast<double>(st.nodes) / st.seconds);
        }
    };
    nps("player1", r.player1, r.player1_stats);
    nps("player2", r.player2, r.player2_stats);
    const auto wall = [](const char* who, const std::string& name, std::uint64_t moves,
                         double seconds) {
        if (moves > 0) {
            std::printf("%s %s: %llu moves, %.3f s per move (wall clock)\n", who, name.c_str(),
                        static_cast<unsigned long long>(moves),
                        seconds / static_cast<double>(moves));
        }
    };
    wall("player1", r.player1, r.player1_moves, r.player1_seconds);
    wall("player2", r.player2, r.player2_moves, r.player2_seconds);
    std::printf("%.1f s\n", r.seconds);
    return 0;
}

}  // namespace

void register_match_command(CLI::App& app, std::vector<Command>& out) {
    auto a = std::make_shared<MatchArgs>();
    auto* cmd = app.add_subcommand(
        "match", "referee games between two players (random, greedy, search, mcts, cb:ENGINE.so, "
                 "hub:COMMAND, dxp:HOST:PORT) from "
                 "a set of openings, each played with both colours; score, Elo, SPRT, PDN");
    add_variant_args(cmd, a->variant);
    cmd->add_option("--player1,-1", a->player1,
                    "first player: random, greedy, search:depth=4, search:movetime=100, "
                    "mcts:playouts=400 (see `search`), cb:PATH.so (a CheckerBoard engine) or "
                    "hub:COMMAND (a Hub engine, e.g. hub:\"scan hub\") or dxp:HOST:PORT (a DXP follower)");
    cmd->add_option("--player2,-2", a->player2, "second player (same forms)");
    cmd->add_option("--openings", a->openings,
                    "file of openings, one a line: moves from the initial position or a FEN; "
                    "each is played twice, colours swapped (default: the initial position)")
        ->check(CLI::ExistingFile);
    cmd->add_option("--generate-openings", a->generate_openings,
                    "print every sequence of this many plies from the initial position (an "
                    "openings file) and exit")
        ->check(CLI::Range(0, 6));
    cmd->add_option("--games,-n", a->games, "games to play (default 2)")
        ->transform(decimal())
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
    auto* mt = cmd->add_option("--movetime", a->movetime_ms,
                               "milliseconds per move (default 100)")
                   ->check(CLI::Range(1.0, 3.6e6));
    auto* tm = cmd->add_option("--time", a->time_s, "seconds on each clock (with --inc)")
                   ->check(CLI::Range(0.001, 1e6));
    cmd->add_option("--inc", a->inc_s, "seconds added after each move (with --time)")
        ->check(CLI::Range(0.0, 1e4))
        ->needs(tm);
    mt->excludes(tm);
    cmd->add_option("--concurrency,-c", a->concurrency, "games at once (default 1)")
        ->transform(decimal())
        ->check(CLI::Range(1U, 256U));
    cmd->add_option("--max-plies", a->max_plies,
                    "safety cap: a game still going after this many plies of the players is a "
                    "draw (0 = none; default 1000)")
        ->transform(decimal())
        ->check(CLI::Range(0, 100'000'000));
    cmd->add_option("--pdn", a->pdn, "write every game to this PDN file");
    cmd->add_option("--sprt", a->sprt,
                    "SPRT of elo0 against elo1: elo0,elo1[,alpha,beta] (default alpha = beta = "
                    "0.05)");
    cmd->add_flag("--json", a->json, "JSON output");
    out.push_back({cmd, [a] { return run_match_command(*a); }});
}

}  // namespace tgcli
