#include "tradgames/io/json.hpp"

#include <cmath>
#include <istream>

#include <exception>
#include <optional>
#include <utility>

#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/shard.hpp"

namespace tradgames {

using json = nlohmann::json;

json move_json(const Variant& v, const Position& pos, const Move& m) {
    const Topology& t = v.topology();
    json path = json::array({std::string(t.name(m.from))});
    for (Vertex x : m.path) path.push_back(std::string(t.name(x)));
    json captured = json::array();
    for (Vertex x : m.captured) captured.push_back(std::string(t.name(x)));
    Position after = pos;
    Undo u;
    v.make_move(after, m, u);
    return json{{"notation", v.move_to_string(pos, m)},
                {"from", std::string(t.name(m.from))},
                {"to", std::string(t.name(m.to))},
                {"path", path},
                {"captured", captured},
                {"promotion", m.promotion == no_kind ? json(nullptr) : json(v.kinds().at(m.promotion).name)},
                {"drop", m.is_drop()},
                {"after", v.position_to_string(after)}};
}

json moves_json(const Variant& v, const Position& pos, Duplicates dup) {
    MoveList list;
    v.generate(pos, list, dup);
    json out = json::array();
    for (const Move& m : list) out.push_back(move_json(v, pos, m));
    return out;
}

json explanation_json(std::string_view text, const MoveExplanation& e) {
    return json{{"text", std::string(text)},
                {"legal", e.legal},
                {"reason", std::string(to_string(e.reason))},
                {"rule", e.rule.empty() ? json(nullptr) : json(e.rule)},
                {"message", e.message},
                {"move", e.legal && !e.alternative_texts.empty() ? json(e.alternative_texts.front()) : json(nullptr)},
                {"alternatives", e.alternative_texts}};
}

json option_spec_json(const OptionSpec& s) {
    const char* type = s.type == OptionType::boolean   ? "boolean"
                       : s.type == OptionType::integer ? "integer"
                                                       : "choice";
    json o{{"name", s.name}, {"type", type}, {"default", s.default_value}, {"help", s.help}};
    if (s.type == OptionType::choice) o["choices"] = s.choices;
    if (s.type == OptionType::integer) {
        o["min"] = s.min;
        o["max"] = s.max;
    }
    return o;
}

json variant_entry_json(const std::string& name, const std::string& description,
                        const std::vector<OptionSpec>& specs) {
    json opts = json::array();
    for (const OptionSpec& s : specs) opts.push_back(option_spec_json(s));
    return json{{"name", name}, {"description", description}, {"options", opts}};
}

json perft_json(const Variant& v, const PerftRun& run) {
    json out{{"variant", v.name()},
             {"depth", run.depth},
             {"nodes", run.nodes},
             {"seconds", std::round(run.seconds * 1000.0) / 1000.0},  // ms: a plain decimal, no exponent
             {"counting", run.duplicates == Duplicates::all_paths ? "P" : "U"}};
    if (run.divide) {
        json div = json::array();
        for (const auto& [move, nodes] : *run.divide) div.push_back({{"move", move}, {"nodes", nodes}});
        out["divide"] = div;
    }
    return out;
}

json playout_json(const Variant& v, const Position& start, const PlayoutOptions& options,
                  const PlayoutReport& report) {
    // One writer for play, compare, merge and every front end: shard.hpp's, whose objects
    // carry the raw counts and the game range that merging shards needs.
    PlayoutOptions settings;
    settings.start = start;
    settings.policy = options.policy;
    settings.seed = options.seed;
    settings.ply_cap = options.ply_cap;
    return json::parse(playout_run_json(PlayoutRun{playout_settings(v, settings), options.first_game, report}));
}

// ---------------------------------------------------------------------------------------------
// replay

namespace {

std::string tag_or_empty(const PdnGame& g, std::string_view name) {
    const std::string* v = g.tag(name);
    return v != nullptr ? *v : std::string();
}

/// A game's object with every field; those not known yet null.
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

ReplayedGame replay_one(const std::string& file, const PdnGame& rec, const PdnVariantLookup& lookup) {
    json e = game_entry(file, rec.index, rec.line);
    e["white"] = tag_or_empty(rec, "White");
    e["black"] = tag_or_empty(rec, "Black");
    e["event"] = tag_or_empty(rec, "Event");
    e["recorded_result"] = rec.result.text;
    std::optional<Game> game;
    bool playing = false;  // the failure is one of the record's moves
    auto failed = [&](const std::exception& ex, const char* kind) {
        e["error"] = ex.what();
        e["error_kind"] = kind;
        std::string where;
        if (playing && game->ply() < rec.moves.size()) {
            e["plies"] = game->ply();
            e["failed_ply"] = game->ply() + 1;
            e["failed_move"] = {
                {"number", pdn_move_label(rec, game->start_position().side_to_move(), game->ply())},
                {"text", rec.moves[game->ply()].text}};
            where = " at ply " + std::to_string(game->ply() + 1);
        }
        return ReplayedGame{e, file + ": FAIL" + where + ": " + ex.what()};
    };
    try {
        std::string name;
        std::shared_ptr<const Variant> v;
        try {
            v = lookup(rec, name);
        } catch (const OptionError& ex) {  // an option does not fit this record's variant
            if (name.empty()) throw;
            e["variant"] = name;
            throw PdnError(rec.label() + ", line " + std::to_string(rec.line) + ": " + name + ": " +
                               ex.what(),
                           rec.index, rec.line);
        }
        e["variant"] = name;
        game.emplace(pdn_start(rec, v));
        playing = true;
        play_pdn(rec, *game);
    } catch (const AmbiguousMoveError& ex) {
        return failed(ex, "ambiguous");
    } catch (const IllegalMoveError& ex) {
        return failed(ex, "illegal");
    } catch (const Error& ex) {
        return failed(ex, "record");
    }
    const GameResult& r = game->result();
    const std::string result = r.over() ? pdn_result_text(r.outcome, PdnResultStyle::draughts) : "*";
    e["ok"] = true;
    e["plies"] = game->ply();
    e["result"] = result;
    // A record that ends before the game does (result '*' and no rule decided) says so.
    const std::string reason = r.over() ? r.reason : "unfinished record";
    e["reason"] = reason;
    std::string note;
    if (reason != "recorded result" && rec.result.outcome != Outcome::ongoing &&
        rec.result.outcome != r.outcome) {
        note = " (the record says " + rec.result.text + ")";
    }
    return ReplayedGame{e, file + ": " + rec.label() + ": ok, " + std::to_string(game->ply()) +
                               " plies, " + result + (reason.empty() ? "" : " (" + reason + ")") + note};
}

}  // namespace

namespace {

// Replays the games `reader` yields. A reader that stops (an I/O error, a game over the limit)
// makes the file unreadable: its object says why and after how many games.
json replay_reader(PdnReader& reader, const std::string& file, const PdnVariantLookup& lookup,
                   const std::function<void(ReplayedGame&&)>& on_game, ReplayTotals& totals) {
    ++totals.files;
    std::size_t count = 0;
    for (;;) {
        ReplayedGame rep;
        try {
            auto rec = reader.next();
            if (!rec) break;
            rep = replay_one(file, *rec, lookup);
        } catch (const PdnError& ex) {  // the record itself is malformed
            rep.entry = game_entry(file, ex.game(), ex.line());
            rep.entry["error"] = ex.what();
            rep.entry["error_kind"] = "record";
            rep.line = file + ": FAIL: " + ex.what();
        } catch (const PdnInputError& ex) {  // the rest of the file cannot be read
            ++totals.unreadable;
            return json{{"file", file},
                        {"games", count},
                        {"error", "cannot read " + tradgames::quoted(file) +
                                      (count > 0 ? " past game " + std::to_string(count) : "") + ": " +
                                      ex.what()}};
        }
        ++count;
        ++totals.games;
        if (rep.entry["ok"].get<bool>()) ++totals.ok;
        totals.plies += rep.entry["plies"].get<std::size_t>();
        on_game(std::move(rep));
    }
    json f{{"file", file}, {"games", count}, {"error", nullptr}};
    if (count == 0) {
        f["error"] = "no games found";
        ++totals.empty_files;
    }
    return f;
}

}  // namespace

json replay_pdn_text(std::string_view text, const std::string& file, const PdnVariantLookup& lookup,
                     const std::function<void(ReplayedGame&&)>& on_game, ReplayTotals& totals) {
    PdnReader reader(text);
    return replay_reader(reader, file, lookup, on_game, totals);
}

json replay_pdn_stream(std::istream& in, const std::string& file, const PdnVariantLookup& lookup,
                       const std::function<void(ReplayedGame&&)>& on_game, ReplayTotals& totals) {
    PdnReader reader(in);
    return replay_reader(reader, file, lookup, on_game, totals);
}

json replay_unreadable_file(const std::string& file, const std::string& error, ReplayTotals& totals) {
    ++totals.files;
    ++totals.unreadable;
    return json{{"file", file}, {"games", 0}, {"error", error}};
}

json replay_json(json games, json files, const ReplayTotals& t) {
    return json{{"games", std::move(games)},
                {"files", std::move(files)},
                {"summary",
                 {{"files", t.files},
                  {"unreadable_files", t.unreadable},
                  {"files_without_games", t.empty_files},
                  {"games", t.games},
                  {"ok", t.ok},
                  {"failed", t.games - t.ok},
                  {"plies", t.plies}}}};
}

int replay_status(const ReplayTotals& t) noexcept {
    if (t.unreadable > 0) return 2;
    return t.games - t.ok > 0 || t.empty_files > 0 ? 1 : 0;
}

}  // namespace tradgames
