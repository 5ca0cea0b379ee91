// Subcommand replay: replays every game of PDN files and reports, per game, "ok" or the first
// move that cannot be played, then a summary. Exit status: 0 when every game replays, 1 when
// some game (or a file without games) fails, 2 for bad arguments or an unreadable file.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/pdn.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
using json = nlohmann::json;

struct ReplayArgs {
    std::vector<std::string> files;
    std::string variant = "russian";
    std::string variant_file;  // a descriptor file: the variant of untagged records and of its name
    std::vector<std::string> options;
    bool json = false;
};

bool same_name(std::string_view a, std::string_view b) {  // ASCII case-insensitive
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

struct Totals {
    std::size_t files = 0;
    std::size_t unreadable = 0;
    std::size_t empty_files = 0;
    std::size_t games = 0;
    std::size_t ok = 0;
    std::size_t plies = 0;
};

std::string tag_or_empty(const tg::PdnGame& g, std::string_view name) {
    const std::string* v = g.tag(name);
    return v != nullptr ? *v : std::string();
}

// What happened to one game.
struct GameReport {
    json entry;
    std::string line;  // the text output line
};

/// A game's JSON object (README: replay --json) with every field; those not known yet null.
json game_entry(const std::string& file, std::size_t index, std::size_t line) {
    return json{{"file", file},
                {"index", index},
                {"line", line},
                {"white", nullptr},
                {"black", nullptr},
                {"event", nullptr},
                {"recorded_result", nullptr},
                {"variant", nullptr},
                {"ok", false},
                {"plies", 0},
                {"result", nullptr},
                {"reason", nullptr},
                {"error", nullptr},
                {"error_kind", nullptr},
                {"failed_ply", nullptr},
                {"failed_move", nullptr}};
}

GameReport replay_one(const std::string& file, const tg::PdnGame& rec, const ReplayArgs& a,
                      std::map<std::string, std::shared_ptr<const tg::Variant>>& variants) {
    json e = game_entry(file, rec.index, rec.line);
    e["white"] = tag_or_empty(rec, "White");
    e["black"] = tag_or_empty(rec, "Black");
    e["event"] = tag_or_empty(rec, "Event");
    e["recorded_result"] = rec.result.text;
    std::optional<tg::Game> game;
    bool playing = false;  // the failure is one of the record's moves
    auto failed = [&](const std::exception& ex, const char* kind) {
        e["error"] = ex.what();
        e["error_kind"] = kind;
        std::string where;
        if (playing && game->ply() < rec.moves.size()) {
            e["plies"] = game->ply();
            e["failed_ply"] = game->ply() + 1;
            e["failed_move"] = {
                {"number", tg::pdn_move_label(rec, game->start_position().side_to_move(), game->ply())},
                {"text", rec.moves[game->ply()].text}};
            where = fmt::format(" at ply {}", game->ply() + 1);
        }
        return GameReport{e, fmt::format("{}: FAIL{}: {}", file, where, ex.what())};
    };
    try {
        // With --variant-file, its variant is the default, and a [Variant] tag naming it selects it.
        const std::string* vt = rec.tag("Variant");
        const bool from_file = !a.variant_file.empty() && rec.tag("GameType") == nullptr &&
                               (vt == nullptr || same_name(*vt, variants.at("")->name()));
        const std::string name = from_file ? std::string() : tg::pdn_variant_name(rec, a.variant);
        e["variant"] = from_file ? variants.at("")->name() : name;
        auto it = variants.find(name);
        if (it == variants.end()) {  // only names that build a variant are kept
            try {
                it = variants.emplace(name, tg::make_variant(name, a.options)).first;
            } catch (const tg::OptionError& ex) {  // --option does not fit this record's variant
                throw tg::PdnError(
                    fmt::format("{}, line {}: {}: {}", rec.label(), rec.line, name, ex.what()),
                    rec.index, rec.line);
            }
        }
        game.emplace(tg::pdn_start(rec, it->second));
        playing = true;
        tg::play_pdn(rec, *game);
    } catch (const tg::AmbiguousMoveError& ex) {
        return failed(ex, "ambiguous");
    } catch (const tg::IllegalMoveError& ex) {
        return failed(ex, "illegal");
    } catch (const tg::Error& ex) {
        return failed(ex, "record");
    }
    const tg::GameResult& r = game->result();
    const std::string result = r.over() ? tg::pdn_result_text(r.outcome, tg::PdnResultStyle::draughts) : "*";
    e["ok"] = true;
    e["plies"] = game->ply();
    e["result"] = result;
    // A record that ends before the game does (result '*' and no rule decided) says so.
    const std::string reason = r.over() ? r.reason : "unfinished record";
    e["reason"] = reason;
    std::string note;
    if (reason != "recorded result" && rec.result.outcome != tg::Outcome::ongoing &&
        rec.result.outcome != r.outcome) {
        note = fmt::format(" (the record says {})", rec.result.text);
    }
    return GameReport{e, fmt::format("{}: {}: ok, {} plies, {}{}{}", file, rec.label(), game->ply(),
                                     result, reason.empty() ? "" : " (" + reason + ")", note)};
}

int run_replay(const ReplayArgs& a) {
    // Bad arguments first: an unknown default variant or option is exit 2 before any output.
    std::map<std::string, std::shared_ptr<const tg::Variant>> variants;
    if (!a.variant_file.empty()) {
        variants[""] = tg::make_variant_from_file(a.variant_file, a.options);
    } else {
        variants[a.variant] = tg::make_variant(a.variant, a.options);
    }

    // Games are read from each file one at a time and written out as they are replayed (the
    // JSON too, entry by entry), so memory does not grow with the number of games.
    Totals t;
    json files = json::array();  // one entry per file argument
    bool first_game = true;
    auto emit = [&](const GameReport& rep) {
        if (a.json) {
            fmt::print("{}{}", first_game ? "" : ",",
                       rep.entry.dump(-1, ' ', false, json::error_handler_t::replace));
            first_game = false;
        } else {
            fmt::print("{}\n", rep.line);
        }
    };
    if (a.json) fmt::print("{{\"games\":[");
    for (const std::string& file : a.files) {
        ++t.files;
        auto unreadable = [&](const std::string& err, std::size_t count) {
            fmt::print(stderr, "tradgames: error: {}\n", err);
            files.push_back({{"file", file}, {"games", count}, {"error", err}});
            ++t.unreadable;
        };
        std::error_code ec;
        const bool directory = std::filesystem::is_directory(file, ec);
        std::ifstream in;
        if (!directory) in.open(file, std::ios::binary);
        if (!in.is_open() || directory) {
            unreadable(fmt::format("cannot read {}: {}", tg::quoted(file),
                                   directory ? "is a directory" : std::strerror(errno)),
                       0);
            continue;
        }
        tg::PdnReader reader(in);
        std::size_t count = 0;
        std::string stopped;  // why the file could not be read to its end
        for (;;) {
            GameReport rep;
            try {
                auto rec = reader.next();
                if (!rec) break;
                rep = replay_one(file, *rec, a, variants);
            } catch (const tg::PdnError& ex) {  // the record itself is malformed
                rep.entry = game_entry(file, ex.game(), ex.line());
                rep.entry["error"] = ex.what();
                rep.entry["error_kind"] = "record";
                rep.line = fmt::format("{}: FAIL: {}", file, ex.what());
            } catch (const tg::PdnInputError& ex) {  // an I/O error or a game over the limit
                stopped = ex.what();
                break;
            }
            ++count;
            ++t.games;
            if (rep.entry["ok"].get<bool>()) ++t.ok;
            t.plies += rep.entry["plies"].get<std::size_t>();
            emit(rep);
        }
        if (!stopped.empty()) {
            unreadable(fmt::format("cannot read {}{}: {}", tg::quoted(file),
                                   count > 0 ? fmt::format(" past game {}", count) : "", stopped),
                       count);
            continue;
        }
        json f{{"file", file}, {"games", count}, {"error", nullptr}};
        if (count == 0) {
            f["error"] = "no games found";
            ++t.empty_files;
            if (!a.json) fmt::print("{}: FAIL: no games found\n", file);
        }
        files.push_back(std::move(f));
    }
    const std::size_t failed = t.games - t.ok;
    if (a.json) {
        const json summary{{"files", t.files},
                           {"unreadable_files", t.unreadable},
                           {"files_without_games", t.empty_files},
                           {"games", t.games},
                           {"ok", t.ok},
                           {"failed", failed},
                           {"plies", t.plies}};
        fmt::print("],\"files\":{},\"summary\":{}}}\n",
                   files.dump(-1, ' ', false, json::error_handler_t::replace),
                   summary.dump(-1, ' ', false, json::error_handler_t::replace));
    } else {
        fmt::print("summary: {} files, {} games, {} replayed, {} failed, {} plies", t.files, t.games,
                   t.ok, failed, t.plies);
        if (t.unreadable > 0) fmt::print(", unreadable files: {}", t.unreadable);
        if (t.empty_files > 0) fmt::print(", files without games: {}", t.empty_files);
        fmt::print("\n");
    }
    if (t.unreadable > 0) return 2;
    return failed > 0 || t.empty_files > 0 ? 1 : 0;
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
