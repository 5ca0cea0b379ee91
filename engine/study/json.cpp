// Variant studies: JSON (written, read back and checked), merging shards, CSV and text.
#include <algorithm>
#include <cstdio>
#include <numeric>

#include <nlohmann/json.hpp>

#include "study_internal.hpp"
#include "tradgames/engine/study.hpp"
#include "tradgames/json_limits.hpp"

namespace tradgames::engine {

namespace {

using json = nlohmann::json;

json opt(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }

json estimate_json(const Estimate& e) {
    return json{{"value", opt(e.value)}, {"low", opt(e.low)}, {"high", opt(e.high)}, {"method", e.method}};
}

json sums_json(const PairSums& s) {
    return json{{"a", s.a}, {"b", s.b}, {"aa", s.aa}, {"bb", s.bb}, {"ab", s.ab}};
}

json histogram_json(const std::vector<std::uint64_t>& h, std::size_t from) {
    json j = json::object();
    for (std::size_t i = from; i < h.size(); ++i) {
        if (h[i] != 0) j[std::to_string(i)] = h[i];
    }
    return j;
}

Outcome outcome_named(const std::string& s, const std::string& where) {
    for (const Outcome o : {Outcome::white_wins, Outcome::black_wins, Outcome::draw}) {
        if (to_string(o) == s) return o;
    }
    throw StudyError(where + ": unknown outcome " + tradgames::quoted(s));
}

std::string digest_text(const json& o) {
    static constexpr char hex[] = "0123456789abcdef";
    const std::uint64_t h = study_detail::fnv1a(o.dump());
    std::string r = "fnv1a64:";
    for (int shift = 60; shift >= 0; shift -= 4) r += hex[(h >> shift) & 15U];
    return r;
}

json counts_json(const StudyCounts& k) {
    json reasons = json::array();
    for (const auto& [key, n] : k.reasons) {
        reasons.push_back({{"outcome", to_string(key.first)}, {"reason", key.second}, {"games", n}});
    }
    return json{
        {"games", k.games},
        {"outcomes", {{"white_wins", k.outcomes[1]}, {"black_wins", k.outcomes[2]}, {"draw", k.outcomes[3]}}},
        {"reasons", reasons},
        {"length", sums_json(k.length)},
        {"branching", sums_json(k.branching)},
        {"capture_positions", sums_json(k.capture_positions)},
        {"capture_moves", sums_json(k.capture_moves)},
        {"capture_length", sums_json(k.capture_length)},
        {"promotions", sums_json(k.promotions)},
        {"lead_changes", sums_json(k.lead_changes)},
        {"uncertainty", sums_json(k.uncertainty)},
        {"drama", sums_json(k.drama)},
        {"length_histogram", histogram_json(k.length_histogram, 0)},
        {"capture_histogram", histogram_json(k.capture_histogram, 1)},
        {"phase_positions", k.phase_positions},
        {"phase_legal_moves", k.phase_legal_moves},
    };
}

json cell_json(const StudyCell& c) {
    json measures = json::object();
    for (const auto& [name, e] : cell_measures(c)) measures[name] = estimate_json(e);
    json reasons = json::array();
    for (const auto& [key, n] : c.counts.reasons) {
        reasons.push_back({{"outcome", to_string(key.first)}, {"reason", key.second}, {"games", n},
                           {"share", estimate_json(wilson(n, c.counts.games))}});
    }
    json phases = json::array();
    for (std::size_t i = 0; i < c.counts.phase_positions.size(); ++i) {
        const std::uint64_t pos = c.counts.phase_positions[i];
        if (pos == 0) continue;
        phases.push_back({{"from_ply", i * 10}, {"to_ply", i + 1 < c.counts.phase_positions.size() ? json(i * 10 + 9) : json(nullptr)},
                          {"positions", pos},
                          {"branching_factor", static_cast<double>(c.counts.phase_legal_moves[i]) / static_cast<double>(pos)}});
    }
    return json{{"variant", c.variant},   {"options", c.options},  {"white", c.white},
                {"black", c.black},       {"first_game", c.first_game}, {"games", c.counts.games},
                {"counts", counts_json(c.counts)}, {"measures", measures}, {"reasons", reasons},
                {"branching_by_phase", phases}, {"seconds", c.seconds}, {"seconds_sq", c.seconds_sq}};
}

json study_object(const StudyResult& r) {
    const StudyOptions& s = r.settings;
    json cells = json::array();
    for (const auto& c : r.cells) cells.push_back(cell_json(c));
    json pairings = json::array();
    for (const auto& p : study_pairings(r)) {
        pairings.push_back({{"variant", p.variant}, {"a", p.a}, {"b", p.b}, {"wins", p.wins}, {"draws", p.draws},
                            {"losses", p.losses}, {"score", p.score}, {"score_stderr", p.score_stderr}, {"elo", opt(p.elo)},
                            {"elo_low", opt(p.elo_low)}, {"elo_high", opt(p.elo_high)}});
    }
    std::uint64_t games = r.cells.empty() ? 0 : r.cells.front().counts.games;
    return json{{"format", "tradgames-study"}, {"version", 1},
                {"variants", s.variants},      {"players", s.players},
                {"mixed", s.mixed},            {"seed", s.seed},
                {"opening_plies", s.opening_plies}, {"ply_cap", s.ply_cap},
                {"score_depth", s.score_depth}, {"first_game", s.first_game},
                {"games", games},              {"threads", r.threads},
                {"seconds", r.seconds},        {"cells", cells},
                {"pairings", pairings}};
}

// ---- reading ----

struct Reader {
    const std::string& source;

    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw StudyError(source + ": " + where + ": " + what);
    }
    const json& field(const json& o, const char* key, const std::string& where) const {
        if (!o.is_object()) fail(where, "not an object");
        const auto it = o.find(key);
        if (it == o.end()) fail(where, std::string("missing field \"") + key + "\"");
        return *it;
    }
    std::uint64_t u64(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        if (!v.is_number_unsigned()) fail(where + "." + key, "not a whole number >= 0");
        return v.get<std::uint64_t>();
    }
    int small(const json& o, const char* key, const std::string& where) const {
        const std::uint64_t v = u64(o, key, where);
        if (v > 1'000'000) fail(where + "." + key, "out of range");
        return static_cast<int>(v);
    }
    double number(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        if (!v.is_number()) fail(where + "." + key, "not a number");
        return v.get<double>();
    }
    std::string text(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        if (!v.is_string()) fail(where + "." + key, "not a string");
        return v.get<std::string>();
    }
    std::vector<std::string> texts(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        if (!v.is_array()) fail(where + "." + key, "not an array");
        std::vector<std::string> r;
        for (const json& x : v) {
            if (!x.is_string()) fail(where + "." + key, "not an array of strings");
            r.push_back(x.get<std::string>());
        }
        return r;
    }
    PairSums sums(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        const std::string w = where + "." + key;
        return PairSums{u64(v, "a", w), u64(v, "b", w), u64(v, "aa", w), u64(v, "bb", w), u64(v, "ab", w)};
    }
    std::vector<std::uint64_t> histogram(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        if (!v.is_object()) fail(where + "." + key, "not an object");
        std::vector<std::uint64_t> h;
        for (const auto& [k, n] : v.items()) {
            std::size_t i = 0;
            std::size_t used = 0;
            try {
                i = std::stoul(k, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != k.size() || k.empty() || i > 100'000) fail(where + "." + key, "bad key " + tradgames::quoted(k));
            if (!n.is_number_unsigned()) fail(where + "." + key + "." + k, "not a whole number >= 0");
            if (h.size() <= i) h.resize(i + 1);
            h[i] = n.get<std::uint64_t>();
        }
        return h;
    }
    std::array<std::uint64_t, 20> phases(const json& o, const char* key, const std::string& where) const {
        const json& v = field(o, key, where);
        if (!v.is_array() || v.size() != 20) fail(where + "." + key, "not an array of 20 counts");
        std::array<std::uint64_t, 20> r{};
        for (std::size_t i = 0; i < 20; ++i) {
            if (!v[i].is_number_unsigned()) fail(where + "." + key, "not an array of 20 counts");
            r[i] = v[i].get<std::uint64_t>();
        }
        return r;
    }
};

StudyCounts read_counts(const Reader& rd, const json& o, const std::string& where) {
    StudyCounts k;
    k.games = rd.u64(o, "games", where);
    const json& oc = rd.field(o, "outcomes", where);
    k.outcomes[1] = rd.u64(oc, "white_wins", where + ".outcomes");
    k.outcomes[2] = rd.u64(oc, "black_wins", where + ".outcomes");
    k.outcomes[3] = rd.u64(oc, "draw", where + ".outcomes");
    const json& rs = rd.field(o, "reasons", where);
    if (!rs.is_array()) rd.fail(where + ".reasons", "not an array");
    for (const json& x : rs) {
        const Outcome out = outcome_named(rd.text(x, "outcome", where + ".reasons"), rd.source + ": " + where);
        k.reasons[{out, rd.text(x, "reason", where + ".reasons")}] = rd.u64(x, "games", where + ".reasons");
    }
    k.length = rd.sums(o, "length", where);
    k.branching = rd.sums(o, "branching", where);
    k.capture_positions = rd.sums(o, "capture_positions", where);
    k.capture_moves = rd.sums(o, "capture_moves", where);
    k.capture_length = rd.sums(o, "capture_length", where);
    k.promotions = rd.sums(o, "promotions", where);
    k.lead_changes = rd.sums(o, "lead_changes", where);
    k.uncertainty = rd.sums(o, "uncertainty", where);
    k.drama = rd.sums(o, "drama", where);
    k.length_histogram = rd.histogram(o, "length_histogram", where);
    k.capture_histogram = rd.histogram(o, "capture_histogram", where);
    if (!k.capture_histogram.empty() && k.capture_histogram[0] != 0) rd.fail(where, "capture_histogram has key 0");
    k.phase_positions = rd.phases(o, "phase_positions", where);
    k.phase_legal_moves = rd.phases(o, "phase_legal_moves", where);
    // Counts that must agree with each other (the re-written text checks the rest).
    std::uint64_t by_outcome = 0, by_reason = 0, by_length = 0;
    for (const auto n : k.outcomes) by_outcome += n;
    for (const auto& [key, n] : k.reasons) by_reason += n;
    for (const auto n : k.length_histogram) by_length += n;
    if (by_outcome != k.games || by_reason != k.games || by_length != k.games || k.length.b != k.games) {
        rd.fail(where, "outcomes, reasons, length histogram and games disagree");
    }
    return k;
}

}  // namespace

std::string study_json(const StudyResult& r) {
    json o = study_object(r);
    o["digest"] = digest_text(o);
    return o.dump();
}

StudyResult parse_study_json(std::string_view text, const std::string& source) {
    if (auto e = json_nesting_error(text)) throw StudyError(source + ": " + *e);
    json o;
    try {
        o = json::parse(text);
    } catch (const json::exception& e) {
        throw StudyError(source + ": not JSON: " + cut_message(e.what()));
    }
    const Reader rd{source};
    const std::string top = "study";
    if (!o.is_object() || !o.contains("format") || o["format"] != "tradgames-study") {
        rd.fail(top, "not a tradgames study result (no \"format\": \"tradgames-study\")");
    }
    if (rd.u64(o, "version", top) != 1) rd.fail(top, "unknown version");
    const std::string digest = rd.text(o, "digest", top);
    {
        json without = o;
        without.erase("digest");
        if (digest_text(without) != digest) rd.fail(top + ".digest", "does not match the contents (the file was changed)");
    }
    StudyResult r;
    StudyOptions& s = r.settings;
    s.variants = rd.texts(o, "variants", top);
    s.players = rd.texts(o, "players", top);
    const json& mixed = rd.field(o, "mixed", top);
    if (!mixed.is_boolean()) rd.fail(top + ".mixed", "not true or false");
    s.mixed = mixed.get<bool>();
    s.seed = rd.u64(o, "seed", top);
    s.opening_plies = rd.small(o, "opening_plies", top);
    s.ply_cap = rd.small(o, "ply_cap", top);
    s.score_depth = rd.small(o, "score_depth", top);
    s.first_game = rd.u64(o, "first_game", top);
    s.games = rd.u64(o, "games", top);
    r.threads = static_cast<unsigned>(rd.small(o, "threads", top));
    r.seconds = rd.number(o, "seconds", top);
    const json& cells = rd.field(o, "cells", top);
    if (!cells.is_array()) rd.fail(top + ".cells", "not an array");
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const json& c = cells[i];
        const std::string where = "cells[" + std::to_string(i) + "]";
        StudyCell cell;
        cell.variant = rd.text(c, "variant", where);
        const json& opts = rd.field(c, "options", where);
        if (!opts.is_object()) rd.fail(where + ".options", "not an object");
        for (const auto& [k, v] : opts.items()) {
            if (!v.is_string()) rd.fail(where + ".options." + k, "not a string");
            cell.options[k] = v.get<std::string>();
        }
        cell.white = rd.text(c, "white", where);
        cell.black = rd.text(c, "black", where);
        cell.first_game = rd.u64(c, "first_game", where);
        cell.counts = read_counts(rd, rd.field(c, "counts", where), where + ".counts");
        cell.seconds = rd.number(c, "seconds", where);
        cell.seconds_sq = rd.number(c, "seconds_sq", where);
        if (cell.first_game != s.first_game || cell.counts.games != s.games) {
            rd.fail(where, "its game range differs from the study's");
        }
        r.cells.push_back(std::move(cell));
    }
    // Every derived field must be what the counts give: the text read equals the text written.
    json again = study_object(r);
    again["digest"] = digest;
    if (again != o) {
        std::string first = "?";
        for (const auto& [k, v] : o.items()) {
            if (!again.contains(k) || again[k] != v) {
                first = k;
                break;
            }
        }
        for (const auto& [k, v] : again.items()) {
            if (first == "?" && !o.contains(k)) first = k;
        }
        rd.fail(top + "." + first, "differs from what the counts give (an edited or foreign file)");
    }
    return r;
}

StudyResult merge_studies(const std::vector<StudyResult>& results, const std::vector<std::string>& sources) {
    if (results.empty()) throw StudyError("merge: no study results");
    const auto name = [&](std::size_t i) { return i < sources.size() ? sources[i] : "result " + std::to_string(i + 1); };
    std::vector<std::size_t> order(results.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return results[a].settings.first_game < results[b].settings.first_game;
    });
    const StudyResult& base = results[order[0]];
    StudyResult m = base;
    for (std::size_t n = 1; n < order.size(); ++n) {
        const std::size_t i = order[n];
        const StudyResult& r = results[i];
        const auto& a = base.settings;
        const auto& b = r.settings;
        const auto differ = [&](const std::string& what) {
            throw StudyError("merge: " + name(order[0]) + " and " + name(i) + " are not shards of one study: " + what + " differs");
        };
        if (a.variants != b.variants) differ("variants");
        if (a.players != b.players) differ("players");
        if (a.mixed != b.mixed) differ("mixed");
        if (a.seed != b.seed) differ("seed");
        if (a.opening_plies != b.opening_plies) differ("opening_plies");
        if (a.ply_cap != b.ply_cap) differ("ply_cap");
        if (a.score_depth != b.score_depth) differ("score_depth");
        if (r.cells.size() != m.cells.size()) differ("the list of cells");
        const std::uint64_t end = m.settings.first_game + m.settings.games;
        if (b.first_game != end) {
            throw StudyError("merge: " + name(i) + " starts at game " + std::to_string(b.first_game) + " but the games before it end at " +
                             std::to_string(end) + (b.first_game < end ? " (ranges overlap)" : " (a gap)"));
        }
        for (std::size_t c = 0; c < m.cells.size(); ++c) {
            StudyCell& to = m.cells[c];
            const StudyCell& from = r.cells[c];
            if (to.variant != from.variant || to.white != from.white || to.black != from.black) differ("cell " + std::to_string(c));
            if (to.options != from.options) differ("the rule options of " + to.variant);
            to.counts.add(from.counts);
            to.seconds += from.seconds;
            to.seconds_sq += from.seconds_sq;
        }
        if (__builtin_add_overflow(m.settings.games, b.games, &m.settings.games)) {
            throw StudyError("merge: more than 2^64 - 1 games");
        }
        m.seconds += r.seconds;
        m.threads = std::max(m.threads, r.threads);
    }
    return m;
}

namespace {

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string r = "\"";
    for (const char c : s) r += c == '"' ? std::string("\"\"") : std::string(1, c);
    return r + "\"";
}

/// printf into a std::string.
template <class... Args>
std::string printf_text(const char* format, Args... args) {
    const int n = std::snprintf(nullptr, 0, format, args...);
    std::string s(static_cast<std::size_t>(std::max(n, 0)) + 1, '\0');
    std::snprintf(s.data(), s.size(), format, args...);
    s.pop_back();
    return s;
}

std::string num(const std::optional<double>& x) { return x ? printf_text("%.6g", *x) : std::string(); }

unsigned long long ull(std::uint64_t x) { return x; }

}  // namespace

std::string study_csv(const StudyResult& r) {
    std::string out = "variant,white,black,games,measure,value,low,high,method\n";
    for (const auto& c : r.cells) {
        const std::string head = csv_field(c.variant) + "," + csv_field(c.white) + "," + csv_field(c.black) + "," +
                                 std::to_string(c.counts.games) + ",";
        for (const auto& [name, e] : cell_measures(c)) {
            out += head + name + "," + num(e.value) + "," + num(e.low) + "," + num(e.high) + "," + e.method + "\n";
        }
        for (const auto& [key, n] : c.counts.reasons) {
            const Estimate e = wilson(n, c.counts.games);
            out += head + csv_field("reason:" + std::string(to_string(key.first)) + ":" + key.second) + "," + num(e.value) +
                   "," + num(e.low) + "," + num(e.high) + "," + e.method + "\n";
        }
    }
    return out;
}

std::string study_records_jsonl(const StudyResult& r) {
    std::string out;
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
        const StudyCell& c = r.cells[i];
        for (const StudyGame& g : c.records) {
            const json line = {{"cell", i},
                               {"variant", c.variant},
                               {"white", c.white},
                               {"black", c.black},
                               {"index", g.index},
                               {"moves", g.moves},
                               {"result", to_string(g.result.outcome)},
                               {"reason", g.result.reason},
                               {"plies", g.plies},
                               {"legal_moves", g.legal_moves},
                               {"capture_positions", g.capture_positions},
                               {"capture_moves", g.capture_moves},
                               {"captured_pieces", g.captured_pieces},
                               {"promotions", g.promotions},
                               {"lead_changes", g.lead_changes},
                               {"scored_positions", g.scored_positions},
                               {"uncertainty_milli", g.uncertainty_milli},
                               {"winner_behind", g.winner_behind},
                               {"seconds", g.seconds}};
            out += line.dump() + "\n";
        }
    }
    return out;
}

std::string study_text(const StudyResult& r) {
    std::string out;
    for (const auto& c : r.cells) {
        out += printf_text("%s: %s (White) vs %s (Black), games %llu..%llu\n", c.variant.c_str(), c.white.c_str(),
                           c.black.c_str(), ull(c.first_game), ull(c.first_game + c.counts.games - 1));
        for (const auto& [name, e] : cell_measures(c)) {
            if (!e.value) {
                out += printf_text("  %-24s -\n", name.c_str());
            } else if (e.low && e.high) {
                out += printf_text("  %-24s %9.4f  [%.4f, %.4f]  %s\n", name.c_str(), *e.value, *e.low, *e.high, e.method.c_str());
            } else {
                out += printf_text("  %-24s %9.4f\n", name.c_str(), *e.value);
            }
        }
        for (const auto& [key, n] : c.counts.reasons) {
            out += printf_text("  %-24s %9llu  %s\n", std::string(to_string(key.first)).c_str(), ull(n), key.second.c_str());
        }
    }
    for (const auto& p : study_pairings(r)) {
        // A missing end lies where the score's interval reaches 0 (-inf) or 1 (+inf).
        const double half = 1.959964 * p.score_stderr;
        const auto elo = [](const std::optional<double>& x, double s) {
            return x ? printf_text("%+.0f", *x) : std::string(s <= 0.5 ? "-inf" : "+inf");
        };
        out += printf_text("%s: %s vs %s: +%llu =%llu -%llu  score %.3f  Elo %s [%s, %s]\n", p.variant.c_str(), p.a.c_str(),
                           p.b.c_str(), ull(p.wins), ull(p.draws), ull(p.losses), p.score, elo(p.elo, p.score).c_str(),
                           elo(p.elo_low, p.score - half).c_str(), elo(p.elo_high, p.score + half).c_str());
    }
    out += printf_text("%.2f s, %u threads\n", r.seconds, r.threads);
    return out;
}

}  // namespace tradgames::engine
