// Subcommand study: variant studies with players of given strengths (engine/study.hpp).
#include <sys/stat.h>
#include <sys/wait.h>
#include <spawn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "common.hpp"
#include "tradgames/engine/study.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"

extern char** environ;

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace te = tradgames::engine;

struct StudyArgs {
    std::string variants;
    std::string players = "random,greedy";
    /// The study's settings, with the library's defaults; variants and players are set from the
    /// lists above, record_games from --records.
    te::StudyOptions o;
    bool json = false;
    bool csv = false;
    std::string report;
    std::string records;
};

/// Splits a comma-separated list; an item with '=' but no ':' continues the item before it
/// (a player's further option: "search:depth=2,tt=4").
std::vector<std::string> split_list(const std::string& list, const std::string& what) {
    std::vector<std::string> r;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= list.size(); ++i) {
        if (i < list.size() && list[i] != ',') continue;
        const std::string item = list.substr(start, i - start);
        start = i + 1;
        if (item.empty()) throw tg::OptionError(what + " " + tg::quoted(list) + ": an empty item");
        if (!r.empty() && item.find(':') == std::string::npos && item.find('=') != std::string::npos &&
            r.back().find(':') != std::string::npos) {
            r.back() += "," + item;
        } else {
            r.push_back(item);
        }
    }
    return r;
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw tg::Error("cannot write " + tg::quoted(path) + ": " + std::strerror(errno));
    out << text;
    out.close();
    if (!out) throw tg::Error("cannot write " + tg::quoted(path) + ": " + std::strerror(errno));
}

/// The report's plots and HTML page come from the Python module (matplotlib): runs
/// `python3 -m tradgames.report DIR` (TRADGAMES_PYTHON names another interpreter). Returns
/// false (after a note on stderr) when that fails: the JSON, CSV and Markdown are written anyway.
bool run_python_report(const std::string& dir) {
    const char* py = std::getenv("TRADGAMES_PYTHON");
    std::string python = py != nullptr && *py != '\0' ? py : "python3";
    std::vector<std::string> args = {python, "-m", "tradgames.report", dir};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawnp(&pid, python.c_str(), nullptr, nullptr, argv.data(), environ) != 0) {
        std::fprintf(stderr, "tradgames: note: cannot run %s: no plots in the report\n", python.c_str());
        return false;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "tradgames: note: `%s -m tradgames.report %s` failed: the report has no plots "
                     "(is the Python module on PYTHONPATH, with python3-matplotlib?)\n", python.c_str(), dir.c_str());
        return false;
    }
    return true;
}

int run_study_command(const StudyArgs& a) {
    if (a.variants.empty()) throw tg::OptionError("study needs --variants NAME,... (e.g. russian,international)");
    te::StudyOptions o = a.o;
    o.variants = split_list(a.variants, "--variants");
    o.players = split_list(a.players, "--players");
    o.record_games = !a.records.empty();
    std::ofstream records;
    if (!a.records.empty()) {  // opened before the games are played: a bad path fails at once
        records.open(a.records, std::ios::binary | std::ios::trunc);
        if (!records) throw tg::Error("--records " + tg::quoted(a.records) + ": cannot write: " + std::strerror(errno));
    }
    if (!a.report.empty()) {
        struct stat st {};
        if (::stat(a.report.c_str(), &st) == 0 ? !S_ISDIR(st.st_mode) : ::mkdir(a.report.c_str(), 0777) != 0) {
            throw tg::Error("--report " + tg::quoted(a.report) + ": not a directory that can be made or written");
        }
    }
    const bool tty = isatty(2) != 0;
    if (tty) {
        o.progress = [](std::uint64_t done, std::uint64_t total) {
            std::fprintf(stderr, "\rstudy: %llu/%llu games", static_cast<unsigned long long>(done),
                         static_cast<unsigned long long>(total));
            std::fflush(stderr);
        };
    }
    const te::StudyResult r = te::run_study(o);
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (!a.records.empty()) {
        records << te::study_records_jsonl(r);
        records.close();
        if (!records) throw tg::Error("--records " + tg::quoted(a.records) + ": cannot write: " + std::strerror(errno));
    }
    if (!a.report.empty()) {
        write_text(a.report + "/study.json", te::study_json(r) + "\n");
        write_text(a.report + "/study.csv", te::study_csv(r));
        run_python_report(a.report);
    }
    if (a.json) {
        std::printf("%s\n", te::study_json(r).c_str());
    } else if (a.csv) {
        std::printf("%s", te::study_csv(r).c_str());
    } else {
        std::printf("%s", te::study_text(r).c_str());
    }
    return 0;
}

}  // namespace

int print_study_merge(const std::vector<tg::NamedText>& files, bool json, bool csv) {
    std::vector<te::StudyResult> results;
    std::vector<std::string> names;
    for (const auto& f : files) {
        results.push_back(te::parse_study_json(f.text, f.source));
        names.push_back(f.source);
    }
    const te::StudyResult m = te::merge_studies(results, names);
    if (json) {
        std::printf("%s\n", te::study_json(m).c_str());
    } else if (csv) {
        std::printf("%s", te::study_csv(m).c_str());
    } else {
        std::printf("%s", te::study_text(m).c_str());
    }
    return 0;
}

void register_study_command(CLI::App& app, std::vector<Command>& out) {
    auto a = std::make_shared<StudyArgs>();
    auto* cmd = app.add_subcommand(
        "study", "a variant study: games between players of given strengths in several variants, with "
                 "balance, decisiveness, draws, length, branching, captures, promotions, lead changes and "
                 "drama, each with a 95% interval (README \"Variant studies\")");
    cmd->add_option("--variants", a->variants,
                    "comma-separated variants, each NAME or NAME:key=value[:key=value] (rule options: "
                    "turkish:promotion=immediate)")
        ->required();
    cmd->add_option("--players", a->players,
                    "comma-separated player specs (default random,greedy): random, greedy, search:depth=2, "
                    "mcts:playouts=200 (README \"Players\"); each plays itself");
    cmd->add_flag("--mixed", a->o.mixed, "also every ordered pair of different players (A White, B Black)");
    cmd->add_option("--games,-n", a->o.games, "games per cell (default 100)")
        ->transform(decimal())
        ->check(CLI::Range(std::uint64_t{1}, tg::max_games));
    cmd->add_option("--first-game", a->o.first_game,
                    "index of the first game of every cell: a shard that `tradgames merge` adds to the others")
        ->transform(decimal());
    cmd->add_option("--seed,-s", a->o.seed, "seed (default 1)")->transform(decimal());
    cmd->add_option("--threads,-t", a->o.threads, "worker threads, 0 = one per core; results do not depend on it")
        ->transform(decimal())
        ->check(CLI::Range(0U, tg::max_threads));
    cmd->add_option("--opening-plies", a->o.opening_plies, "random plies opening every game (default 4)")
        ->transform(decimal())
        ->check(CLI::Range(0, 64));
    cmd->add_option("--ply-cap", a->o.ply_cap, "a game still going after this many plies is drawn (0 = none; default 1000)")
        ->transform(decimal())
        ->check(CLI::Range(0, 100000));
    cmd->add_option("--score-depth", a->o.score_depth,
                    "depth of the search scoring positions for drama and uncertainty (0 = off; default 1)")
        ->transform(decimal())
        ->check(CLI::Range(0, 8));
    auto* j = cmd->add_flag("--json", a->json, "JSON output");
    auto* c = cmd->add_flag("--csv", a->csv, "CSV output: one row per cell and measure");
    j->excludes(c);
    cmd->add_option("--report", a->report,
                    "directory for a report: study.json, study.csv, and (through python3 -m tradgames.report) "
                    "report.md, report.html and PNG plots");
    cmd->add_option("--records", a->records,
                    "write every game to this file as JSON lines: variant, players, index, moves, result, "
                    "reason and the per-game counts (README \"Variant studies\")");
    out.push_back({cmd, [a] { return run_study_command(*a); }});
}

}  // namespace tgcli
