// Subcommand replay: replays every game of PDN files and reports, per game, "ok" or the first
// move that cannot be played, then a summary. Exit status: 0 when every game replays, 1 when
// some game (or a file without games) fails, 2 for bad arguments or an unreadable file.
#include <csignal>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include <fmt/core.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include "common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/json.hpp"
#include "tradgames/io/pdn.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
using json = nlohmann::json;

// --json cut by SIGINT or SIGTERM: the games already printed (each flushed whole, with the
// signals blocked) are closed into a valid object by the handler, which then exits 130.
volatile std::sig_atomic_t inside_games = 0;  // 1 while the "games" array is open

extern "C" void close_games_and_exit(int sig) {
    if (inside_games != 0) {
        static const char closing[] = "],\"files\":null,\"summary\":null,\"interrupted\":true}\n";
        (void)!::write(STDOUT_FILENO, closing, sizeof closing - 1);
    }
    ::_exit(128 + sig);
}

/// Runs `print` (which writes and flushes) with SIGINT and SIGTERM blocked, so that the handler
/// never writes its closing in the middle of an entry.
template <class F>
void print_whole(F&& print) {
    sigset_t block;
    sigset_t old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    print();
    std::fflush(stdout);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

bool same_name(std::string_view a, std::string_view b) {  // ASCII case-insensitive
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

struct ReplayArgs {
    std::vector<std::string> files;
    std::string variant = "russian";
    std::string variant_file;  // a descriptor file: the variant of untagged records and of its name
    std::vector<std::string> options;
    bool json = false;
};

int run_replay(const ReplayArgs& a) {
    // Bad arguments first: an unknown default variant or option is exit 2 before any output.
    std::map<std::string, std::shared_ptr<const tg::Variant>> variants;
    std::shared_ptr<const tg::Variant> from_file;
    if (!a.variant_file.empty()) {
        from_file = tg::make_variant_from_file(a.variant_file, a.options);
    } else {
        variants[a.variant] = tg::make_variant(a.variant, a.options);
    }

    // A record's variant: its tags, else --variant (or --variant-file, which a [Variant] tag may
    // also name); built once with --option.
    const tg::PdnVariantLookup lookup = [&](const tg::PdnGame& rec, std::string& name) {
        if (from_file) {
            const std::string* vt = rec.tag("Variant");
            if (rec.tag("GameType") == nullptr &&
                (vt == nullptr || same_name(*vt, from_file->name()))) {
                name = from_file->name();
                return from_file;
            }
        }
        name = tg::pdn_variant_name(rec, a.variant);
        auto it = variants.find(name);
        if (it == variants.end()) {  // only names that build a variant are kept
            it = variants.emplace(name, tg::make_variant(name, a.options)).first;
        }
        return it->second;
    };
    // Each file is streamed (PdnReader on the file) and each game printed as it is replayed,
    // the JSON too, entry by entry: memory does not grow with the number of games.
    tg::ReplayTotals t;
    json files = json::array();  // one small object per file argument
    bool first_game = true;
    if (a.json) {
        struct sigaction act {};
        act.sa_handler = close_games_and_exit;
        sigemptyset(&act.sa_mask);
        for (const int sig : {SIGINT, SIGTERM}) {
            struct sigaction before {};
            sigaction(sig, &act, &before);
            if (before.sa_handler == SIG_IGN) sigaction(sig, &before, nullptr);  // nohup, `cmd &`: keep ignoring
        }
        print_whole([] {
            fmt::print("{{\"games\":[");
            inside_games = 1;
        });
    }
    for (const std::string& file : a.files) {
        std::error_code ec;
        const bool directory = std::filesystem::is_directory(file, ec);
        std::ifstream in;
        if (!directory) in.open(file, std::ios::binary);
        if (!in.is_open() || directory) {
            const std::string err = fmt::format("cannot read {}: {}", tg::quoted(file),
                                                directory ? "is a directory" : std::strerror(errno));
            print_error("PdnInputError", err);
            files.push_back(tg::replay_unreadable_file(file, err, t));
            continue;
        }
        const std::size_t unreadable_before = t.unreadable;
        json f = tg::replay_pdn_stream(in, file, lookup, [&](tg::ReplayedGame&& rep) {
            // Each game is flushed as soon as it is replayed (a pipe or a FIFO sees it at once).
            if (a.json) {
                const std::string entry = rep.entry.dump(-1, ' ', false, json::error_handler_t::replace);
                print_whole([&] { fmt::print("{}{}", first_game ? "" : ",", entry); });
                first_game = false;
            } else {
                print_whole([&] { fmt::print("{}\n", rep.line); });
            }
        }, t);
        if (t.unreadable > unreadable_before) {  // an I/O error or a game over the limit
            print_error("PdnInputError", f["error"].get<std::string>());
        } else if (!a.json && !f["error"].is_null()) {
            print_whole([&] { fmt::print("{}: FAIL: {}\n", file, f["error"].get<std::string>()); });
        }
        files.push_back(std::move(f));
    }
    if (a.json) {
        const json tail = tg::replay_json(json::array(), std::move(files), t);
        print_whole([&] {
            fmt::print("],\"files\":{},\"summary\":{}}}\n",
                       tail["files"].dump(-1, ' ', false, json::error_handler_t::replace),
                       tail["summary"].dump(-1, ' ', false, json::error_handler_t::replace));
            inside_games = 0;
        });
    } else {
        fmt::print("summary: {} files, {} games, {} replayed, {} failed, {} plies", t.files, t.games,
                   t.ok, t.games - t.ok, t.plies);
        if (t.unreadable > 0) fmt::print(", unreadable files: {}", t.unreadable);
        if (t.empty_files > 0) fmt::print(", files without games: {}", t.empty_files);
        fmt::print("\n");
    }
    return tg::replay_status(t);
}

}  // namespace

void register_replay_command(CLI::App& app, std::vector<Command>& out) {
    auto ra = std::make_shared<ReplayArgs>();
    auto* cmd = app.add_subcommand(
        "replay", "replay every game of PDN files: per game ok or the first failing move, then a summary");
    cmd->add_option("files", ra->files, "PDN files")->required();
    cmd->add_option("--variant,-v", ra->variant,
                    "variant of records without a [Variant] or [GameType] tag (default russian)");
    auto* file = cmd->add_option("--variant-file", ra->variant_file,
                                 "JSON draughts descriptor file: the variant of records without a "
                                 "[Variant] or [GameType] tag, and of records whose [Variant] names it");
    cmd->get_option("--variant")->excludes(file);
    cmd->add_option("--option", ra->options, "rule option key=value (repeatable)")
        ->allow_extra_args(false);
    cmd->add_flag("--json", ra->json, "JSON output");
    out.push_back({cmd, [ra] { return run_replay(*ra); }});
}

}  // namespace tgcli
