#include "tradgames/shard.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "tradgames/json_limits.hpp"
#include "tradgames/perft.hpp"

namespace tradgames {

namespace {

using json = nlohmann::json;

[[noreturn]] void fail(const std::string& source, const std::string& what) {
    throw ShardError(tradgames::quoted(source) + ": " + what);
}

/// The longest game a playout file may record when it has no ply cap (its length histogram is
/// held in a vector indexed by length).
constexpr std::uint32_t max_uncapped_length = std::uint32_t{1} << 24;

/// "fnv1a64:" and the 16 hex digits of the 64-bit FNV-1a hash of `bytes`
/// (http://www.isthe.com/chongo/tech/comp/fnv/): each step is a bijection of the state, so
/// changing any one byte always changes the digest; other edits change it but for a 2^-64 chance.
std::string digest_of(std::string_view bytes) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    static constexpr char hex[] = "0123456789abcdef";
    std::string r = "fnv1a64:";
    for (int shift = 60; shift >= 0; shift -= 4) r += hex[(h >> shift) & 15U];
    return r;
}

/// `o` with "digest": the digest of its compact JSON without the digest (keys sorted, so the
/// text is canonical and survives re-indenting).
json with_digest(json o) {
    o.erase("digest");
    o["digest"] = digest_of(o.dump());
    return o;
}

std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, const char* what) {
    std::uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) throw Error(std::string(what) + " exceeds 2^64 - 1");
    return r;
}

const json& field(const json& o, const char* name, const std::string& src) {
    const auto it = o.find(name);
    if (it == o.end()) fail(src, std::string("no field '") + name + "'");
    return *it;
}

std::uint64_t whole_value(const json& v, const std::string& name, const std::string& src) {
    if (!v.is_number_unsigned()) fail(src, "field '" + name + "' is not a whole number");
    return v.get<std::uint64_t>();
}

std::uint64_t whole(const json& o, const char* name, const std::string& src) {
    return whole_value(field(o, name, src), name, src);
}

std::string text(const json& o, const char* name, const std::string& src) {
    const json& v = field(o, name, src);
    if (!v.is_string()) fail(src, std::string("field '") + name + "' is not a string");
    return v.get<std::string>();
}

std::map<std::string, std::string> option_map(const json& o, const std::string& src) {
    const json& v = field(o, "options", src);
    if (!v.is_object()) fail(src, "field 'options' is not an object");
    std::map<std::string, std::string> r;
    for (const auto& [key, value] : v.items()) {
        if (!value.is_string()) fail(src, "option '" + key + "' is not a string");
        r[key] = value.get<std::string>();
    }
    return r;
}

/// A histogram object {"k": n} as a vector indexed by k (trailing zeros dropped).
std::vector<std::uint64_t> histogram(const json& o, const char* name, const std::string& src, std::uint32_t max_key) {
    const json& h = field(o, name, src);
    if (!h.is_object()) fail(src, std::string("field '") + name + "' is not an object");
    std::vector<std::uint64_t> r;
    for (const auto& [key, value] : h.items()) {
        std::uint32_t k = 0;
        const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), k);
        if (ec != std::errc() || end != key.data() + key.size() || key.empty() ||
            (key.size() > 1 && key[0] == '0')) {
            fail(src, std::string("field '") + name + "': key " + tradgames::quoted(key) + " is not a whole number");
        }
        if (k > max_key) {  // the counts are held in a vector indexed by the key
            fail(src, std::string("field '") + name + "': key " + key + " is larger than " + std::to_string(max_key));
        }
        const std::uint64_t n = whole_value(value, std::string(name) + "." + key, src);
        if (n == 0) continue;
        if (r.size() <= k) r.resize(std::size_t{k} + 1);
        r[k] = n;
    }
    return r;
}

Outcome parse_outcome(const std::string& s, const std::string& src) {
    for (Outcome o : {Outcome::white_wins, Outcome::black_wins, Outcome::draw}) {
        if (to_string(o) == s) return o;
    }
    fail(src, "unknown outcome " + tradgames::quoted(s) + " (white_wins, black_wins, draw)");
}

json optional_json(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }
json optional_json(const std::optional<std::uint32_t>& x) { return x ? json(*x) : json(nullptr); }

double per_second(std::uint64_t n, double seconds) {
    return seconds > 0 ? static_cast<double>(n) / seconds : 0.0;
}

json run_json(const PlayoutRun& run) {
    const PlayoutStats& s = run.report.stats;
    json hist = json::object();
    for (std::size_t k = 1; k < s.captured.size(); ++k) hist[std::to_string(k)] = s.captured[k];
    json lengths = json::object();
    for (std::size_t L = 0; L < s.length_counts.size(); ++L) {
        if (s.length_counts[L] != 0) lengths[std::to_string(L)] = s.length_counts[L];
    }
    json reasons = json::array();
    for (const auto& [key, n] : s.reasons) {
        reasons.push_back({{"outcome", to_string(key.first)}, {"reason", key.second}, {"games", n}});
    }
    return json{{"variant", run.settings.variant},
                {"options", run.settings.options},
                {"start", run.settings.start},
                {"policy", to_string(run.settings.policy)},
                {"seed", run.settings.seed},
                {"first_game", run.first_game},
                {"games", s.games},
                {"threads", run.report.threads},
                {"ply_cap", run.settings.ply_cap},
                {"seconds", run.report.seconds},
                {"games_per_second", per_second(s.games, run.report.seconds)},
                {"plies_per_second", per_second(s.plies, run.report.seconds)},
                {"plies", s.plies},
                {"length",
                 {{"mean", optional_json(s.mean_length())},
                  {"median", optional_json(s.median_length())},
                  {"p90", optional_json(s.p90_length())},
                  {"min", optional_json(s.min_length())},
                  {"max", optional_json(s.max_length())}}},
                {"length_histogram", lengths},
                {"legal_moves", s.legal_moves},
                {"branching_factor", optional_json(s.branching_factor())},
                {"capture_positions", s.capture_positions},
                {"forced_capture_positions", s.forced_capture_positions},
                {"capture_share", optional_json(s.capture_share())},
                {"forced_capture_share", optional_json(s.forced_capture_share())},
                {"capture_moves", s.capture_moves()},
                {"capture_length_histogram", hist},
                {"outcomes",
                 {{"white_wins", s.wins(Color::white)},
                  {"black_wins", s.wins(Color::black)},
                  {"draw", s.draws()}}},
                {"reasons", reasons},
                {"white_score", optional_json(s.white_score())}};
}

PlayoutRun run_from_json(const json& o, const std::string& src) {
    if (!o.is_object()) fail(src, "not a JSON object (the output of play --json)");
    PlayoutRun run;
    PlayoutSettings& st = run.settings;
    st.variant = text(o, "variant", src);
    st.options = option_map(o, src);
    st.start = text(o, "start", src);
    try {
        st.policy = parse_policy(text(o, "policy", src));
    } catch (const OptionError& e) {
        fail(src, std::string("field 'policy': ") + e.what());
    }
    st.seed = whole(o, "seed", src);
    const std::uint64_t cap = whole(o, "ply_cap", src);
    if (cap > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) fail(src, "field 'ply_cap' is too large");
    st.ply_cap = static_cast<int>(cap);
    run.first_game = whole(o, "first_game", src);
    const json& secs = field(o, "seconds", src);
    if (!secs.is_number() || secs.get<double>() < 0) fail(src, "field 'seconds' is not a number >= 0");
    run.report.seconds = secs.get<double>();
    const std::uint64_t threads = whole(o, "threads", src);
    if (threads > std::numeric_limits<unsigned>::max()) fail(src, "field 'threads' is too large");
    run.report.threads = static_cast<unsigned>(threads);

    PlayoutStats& s = run.report.stats;
    s.games = whole(o, "games", src);
    if (s.games > std::numeric_limits<std::uint64_t>::max() - run.first_game) {
        fail(src, "first_game + games exceeds 2^64 - 1");
    }
    s.plies = whole(o, "plies", src);
    s.legal_moves = whole(o, "legal_moves", src);
    s.capture_positions = whole(o, "capture_positions", src);
    s.forced_capture_positions = whole(o, "forced_capture_positions", src);
    // Game lengths are at most the ply cap (at most 2^24 without one), capture lengths at most
    // the number of squares.
    s.length_counts = histogram(o, "length_histogram", src,
                                st.ply_cap > 0 ? static_cast<std::uint32_t>(st.ply_cap) : max_uncapped_length);
    s.captured = histogram(o, "capture_length_histogram", src, static_cast<std::uint32_t>(max_vertices));
    const json& outcomes = field(o, "outcomes", src);
    if (!outcomes.is_object()) fail(src, "field 'outcomes' is not an object");
    for (Outcome out : {Outcome::white_wins, Outcome::black_wins, Outcome::draw}) {
        const std::string name(to_string(out));
        s.outcomes[static_cast<std::size_t>(out)] = whole(outcomes, name.c_str(), src);
    }
    const json& reasons = field(o, "reasons", src);
    if (!reasons.is_array()) fail(src, "field 'reasons' is not an array");
    for (const json& r : reasons) {
        if (!r.is_object()) fail(src, "an element of 'reasons' is not an object");
        const Outcome out = parse_outcome(text(r, "outcome", src), src);
        const std::uint64_t n = whole(r, "games", src);
        if (!s.reasons.emplace(std::pair{out, text(r, "reason", src)}, n).second) {
            fail(src, "field 'reasons': " + tradgames::quoted(text(r, "reason", src)) + " is listed twice");
        }
    }

    // The counts must agree with each other, in checked arithmetic (a sum that wraps at 2^64
    // could otherwise agree): a hand-edited or cut file is refused here rather than merged into
    // wrong statistics.
    auto sum = [&](std::uint64_t a, std::uint64_t b) {
        std::uint64_t r = 0;
        if (__builtin_add_overflow(a, b, &r)) fail(src, "counts that add up to more than 2^64 - 1");
        return r;
    };
    std::uint64_t games = 0;
    std::uint64_t plies = 0;
    for (std::size_t L = 0; L < s.length_counts.size(); ++L) {
        std::uint64_t p = 0;
        if (__builtin_mul_overflow(s.length_counts[L], std::uint64_t{L}, &p)) {
            fail(src, "'length_histogram' counts more than 2^64 - 1 plies");
        }
        games = sum(games, s.length_counts[L]);
        plies = sum(plies, p);
    }
    if (games != s.games) fail(src, "'length_histogram' counts " + std::to_string(games) + " games, 'games' is " + std::to_string(s.games));
    if (plies != s.plies) fail(src, "'length_histogram' counts " + std::to_string(plies) + " plies, 'plies' is " + std::to_string(s.plies));
    std::uint64_t capture_moves = 0;
    for (std::uint64_t n : s.captured) capture_moves = sum(capture_moves, n);
    if (capture_moves != whole(o, "capture_moves", src)) fail(src, "'capture_length_histogram' disagrees with 'capture_moves'");
    if (capture_moves > s.plies) fail(src, "more capture moves than plies");
    if (s.forced_capture_positions > s.capture_positions || s.capture_positions > s.plies) {
        fail(src, "'forced_capture_positions' <= 'capture_positions' <= 'plies' does not hold");
    }
    // captured[0]: the moves that captured nothing (play_out sizes the vector on every move).
    if (s.plies > 0) {
        if (s.captured.empty()) s.captured.resize(1);
        s.captured[0] = s.plies - capture_moves;
    }
    std::array<std::uint64_t, 4> by_reason{};
    for (const auto& [key, n] : s.reasons) {
        std::uint64_t& slot = by_reason[static_cast<std::size_t>(key.first)];
        slot = sum(slot, n);
    }
    if (by_reason != s.outcomes) fail(src, "'reasons' disagree with 'outcomes'");
    if (sum(sum(s.wins(Color::white), s.wins(Color::black)), s.draws()) != s.games) {
        fail(src, "'outcomes' do not add up to 'games'");
    }
    // Every derived field (means, shares, rates, ...) must be what the counts give, and no
    // field may be added: the object must be exactly what playout_run_json writes for them.
    const json expected = run_json(run);
    for (const auto& [key, value] : o.items()) {
        if (key == "digest") continue;
        const auto it = expected.find(key);
        if (it == expected.end()) fail(src, "unknown field '" + key + "'");
        if (*it != value) {
            fail(src, "field '" + key + "' is " + cut_message(value.dump(), 60) + " but its counts give " +
                          cut_message(it->dump(), 60));
        }
    }
    for (const auto& [key, value] : expected.items()) {
        if (!o.contains(key)) fail(src, "no field '" + key + "'");
    }
    // Last, the edits that leave the counts consistent (a renamed reason, a count changed with
    // what derives from it).
    if (with_digest(o).at("digest") != field(o, "digest", src)) {
        fail(src, "field 'digest' does not match the content (an edited file)");
    }
    return run;
}

std::string describe(const std::map<std::string, std::string>& options) {
    std::string r;
    for (const auto& [k, v] : options) r += (r.empty() ? "" : ",") + k + "=" + v;
    return r.empty() ? "(none)" : r;
}

/// The first setting in which a and b differ, as "name A" / "name B"; empty if equal.
std::pair<std::string, std::string> difference(const PlayoutSettings& a, const PlayoutSettings& b) {
    if (a.variant != b.variant) return {"variant " + tradgames::quoted(a.variant), "variant " + tradgames::quoted(b.variant)};
    if (a.options != b.options) {
        for (const auto& [k, v] : a.options) {
            const auto it = b.options.find(k);
            if (it == b.options.end()) return {"option " + k + "=" + v, "no option " + k};
            if (it->second != v) return {"option " + k + "=" + v, "option " + k + "=" + it->second};
        }
        return {"options " + describe(a.options), "options " + describe(b.options)};
    }
    if (a.start != b.start) return {"start " + tradgames::quoted(a.start), "start " + tradgames::quoted(b.start)};
    if (a.policy != b.policy) {
        return {"policy " + std::string(to_string(a.policy)), "policy " + std::string(to_string(b.policy))};
    }
    if (a.seed != b.seed) return {"seed " + std::to_string(a.seed), "seed " + std::to_string(b.seed)};
    if (a.ply_cap != b.ply_cap) {
        return {"ply_cap " + std::to_string(a.ply_cap), "ply_cap " + std::to_string(b.ply_cap)};
    }
    return {};
}

std::string range(std::uint64_t first, std::uint64_t games) {
    return games == 0 ? "no games" : "games " + std::to_string(first) + ".." + std::to_string(first + games - 1);
}

json parse_json(const std::string& text, const std::string& src) {
    // Copying and dumping a value recurse: refuse deep nesting before parsing.
    if (const auto deep = json_nesting_error(text)) fail(src, *deep);
    try {
        return json::parse(text);
    } catch (const json::exception& e) {  // parse_error; out_of_range for a number too large
        fail(src, "not valid JSON: " + cut_message(e.what()));
    }
}

}  // namespace

std::map<std::string, std::string> option_values(const Variant& v) {
    std::map<std::string, std::string> r;
    for (const OptionSpec& s : v.options().specs()) r[s.name] = v.options().value(s.name);
    return r;
}

PlayoutSettings playout_settings(const Variant& variant, const PlayoutOptions& options) {
    PlayoutSettings s;
    s.variant = variant.name();
    s.options = option_values(variant);
    s.start = variant.position_to_string(options.start ? *options.start : variant.initial_position());
    s.policy = options.policy;
    s.seed = options.seed;
    s.ply_cap = options.ply_cap;
    return s;
}

PlayoutRun run_playout_shard(std::shared_ptr<const Variant> variant, const PlayoutOptions& options) {
    PlayoutRun run;
    run.settings = playout_settings(*variant, options);
    run.first_game = options.first_game;
    run.report = run_playouts(std::move(variant), options);
    return run;
}

PlayoutRun merge_playout_runs(const std::vector<PlayoutRun>& runs, const std::vector<std::string>& sources) {
    if (runs.empty()) throw ShardError("merge: no results to merge");
    if (!sources.empty() && sources.size() != runs.size()) {
        throw Error("merge_playout_runs: " + std::to_string(sources.size()) + " names for " +
                    std::to_string(runs.size()) + " results");
    }
    auto name = [&](std::size_t i) {
        return tradgames::quoted(sources.empty() ? "result " + std::to_string(i + 1) : sources[i]);
    };
    for (std::size_t i = 1; i < runs.size(); ++i) {
        const auto [mine, theirs] = difference(runs[i].settings, runs[0].settings);
        if (!mine.empty()) {
            throw ShardError("cannot merge: " + name(i) + " has " + mine + " but " + name(0) + " has " + theirs);
        }
    }
    std::vector<std::size_t> order(runs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return runs[a].first_game < runs[b].first_game; });
    for (std::size_t j = 1; j < order.size(); ++j) {
        const PlayoutRun& a = runs[order[j - 1]];
        const PlayoutRun& b = runs[order[j]];
        const std::uint64_t end = a.first_game + a.report.stats.games;
        if (b.first_game < end) {
            throw ShardError("cannot merge: " + range(b.first_game, b.report.stats.games) + " of " + name(order[j]) +
                             " overlap " + range(a.first_game, a.report.stats.games) + " of " + name(order[j - 1]));
        }
        if (b.first_game > end) {
            throw ShardError("cannot merge: " + range(end, b.first_game - end) + " are in none of the results (" +
                             name(order[j - 1]) + " ends before, " + name(order[j]) + " starts after)");
        }
    }
    PlayoutRun out;
    out.settings = runs[0].settings;
    out.first_game = runs[order[0]].first_game;
    bool lengths = true;
    for (const PlayoutRun& r : runs) lengths = lengths && r.report.stats.lengths.size() == r.report.stats.games;
    for (std::size_t i : order) {
        const PlayoutRun& r = runs[i];
        try {
            add_counts(out.report.stats, r.report.stats);
        } catch (const Error&) {
            throw ShardError("cannot merge: the counts of " + name(i) + " and the results before it add up to more "
                             "than 2^64 - 1");
        }
        if (lengths) {
            out.report.stats.lengths.insert(out.report.stats.lengths.end(), r.report.stats.lengths.begin(),
                                            r.report.stats.lengths.end());
        }
        out.report.seconds += r.report.seconds;
        out.report.threads = std::max(out.report.threads, r.report.threads);
    }
    return out;
}

std::string playout_run_json(const PlayoutRun& run) { return with_digest(run_json(run)).dump(); }

PlayoutRun parse_playout_run_json(std::string_view json_text, const std::string& source) {
    return run_from_json(parse_json(std::string(json_text), source), source);
}

std::string merge_playout_json(const std::vector<NamedText>& files) {
    if (files.empty()) throw ShardError("merge: no results to merge");
    std::vector<json> docs;
    for (const NamedText& f : files) {
        docs.push_back(parse_json(f.text, f.source));
        if (!docs.back().is_object() && !docs.back().is_array()) {
            fail(f.source, "neither a JSON object (play --json) nor an array (compare --json)");
        }
        if (docs.back().is_array() != docs.front().is_array()) {
            throw ShardError("cannot merge: " + tradgames::quoted(files.front().source) + " is " +
                             (docs.front().is_array() ? "an array (compare)" : "an object (play)") + " but " +
                             tradgames::quoted(f.source) + " is " +
                             (docs.back().is_array() ? "an array (compare)" : "an object (play)"));
        }
        if (docs.back().is_array() && docs.back().size() != docs.front().size()) {
            throw ShardError("cannot merge: " + tradgames::quoted(files.front().source) + " has " +
                             std::to_string(docs.front().size()) + " results but " + tradgames::quoted(f.source) +
                             " has " + std::to_string(docs.back().size()));
        }
    }
    auto merge_column = [&](const std::function<const json&(std::size_t)>& element,
                            const std::function<std::string(std::size_t)>& label) {
        std::vector<PlayoutRun> runs;
        std::vector<std::string> names;
        for (std::size_t f = 0; f < files.size(); ++f) {
            names.push_back(label(f));
            runs.push_back(run_from_json(element(f), names.back()));
        }
        return with_digest(run_json(merge_playout_runs(runs, names)));
    };
    if (!docs.front().is_array()) {
        return merge_column([&](std::size_t f) -> const json& { return docs[f]; },
                            [&](std::size_t f) { return files[f].source; })
            .dump();
    }
    json out = json::array();
    for (std::size_t i = 0; i < docs.front().size(); ++i) {
        out.push_back(merge_column([&](std::size_t f) -> const json& { return docs[f][i]; },
                                   [&](std::size_t f) { return files[f].source + " [" + std::to_string(i) + "]"; }));
    }
    return out.dump();
}

// ---------------------------------------------------------------------------------------------
// Perft

std::string perft_split_jsonl(const Variant& v, const Position& root, int depth, Duplicates counting,
                              const std::vector<PerftSplitEntry>& entries) {
    std::uint64_t nodes = 0;
    for (const PerftSplitEntry& e : entries) nodes = checked_add(nodes, e.count, "perft split: the sum of counts");
    std::string body;
    for (const PerftSplitEntry& e : entries) {
        body += json{{"fen", v.position_to_string(e.position)}, {"count", e.count}}.dump();
        body += '\n';
    }
    std::string out = json{{"format", "tradgames-perft-split"},
                           {"variant", v.name()},
                           {"options", option_values(v)},
                           {"root", v.position_to_string(root)},
                           {"counting", counting == Duplicates::all_paths ? "P" : "U"},
                           {"depth", depth},
                           {"positions", entries.size()},
                           {"nodes", nodes},
                           {"digest", digest_of(body)}}
                          .dump();
    out += '\n';
    return out + body;
}

namespace {

PerftSplitHeader header_from_json(const json& o, const std::string& src) {
    if (!o.is_object() || !o.contains("format") || o["format"] != "tradgames-perft-split") {
        fail(src, "not a perft split file (the first line must have \"format\": \"tradgames-perft-split\")");
    }
    PerftSplitHeader h;
    h.variant = text(o, "variant", src);
    h.options = option_map(o, src);
    h.root = text(o, "root", src);
    const std::string counting = text(o, "counting", src);
    if (counting != "U" && counting != "P") fail(src, "field 'counting' must be \"U\" or \"P\"");
    h.counting = counting == "P" ? Duplicates::all_paths : Duplicates::unique;
    const std::uint64_t depth = whole(o, "depth", src);
    if (depth > 64) fail(src, "field 'depth' is larger than 64");
    h.depth = static_cast<int>(depth);
    h.positions = whole(o, "positions", src);
    h.nodes = whole(o, "nodes", src);
    h.digest = text(o, "digest", src);
    return h;
}

}  // namespace

PerftSplitHeader read_perft_split_header(std::string_view contents, const std::string& source) {
    const std::size_t end = contents.find('\n');
    const std::string line(contents.substr(0, end));
    const std::string src = source + " line 1";
    if (line.empty()) fail(src, "empty line");
    return header_from_json(parse_json(line, src), src);
}

PerftSplitFile read_perft_split(std::string_view contents, const std::string& source,
                                std::shared_ptr<const Variant> variant) {
    PerftSplitFile f;
    f.header = read_perft_split_header(contents, source);
    f.variant = std::move(variant);
    {
        const std::string src = source + " line 1";
        if (f.variant->name() != f.header.variant) {
            fail(src, "the file is of variant " + tradgames::quoted(f.header.variant) + ", not " +
                          tradgames::quoted(f.variant->name()));
        }
        if (option_values(*f.variant) != f.header.options) {
            fail(src, "the file's rule options (" + describe(f.header.options) + ") differ from the variant's (" +
                          describe(option_values(*f.variant)) + ")");
        }
        try {
            (void)f.variant->parse_position(f.header.root);
        } catch (const Error& e) {
            fail(src, std::string("field 'root': ") + e.what());
        }
    }
    std::size_t line_no = 1;
    std::size_t pos = contents.find('\n');
    pos = pos == std::string_view::npos ? contents.size() : pos + 1;
    std::uint64_t sum = 0;
    std::unordered_map<Position, std::size_t, PositionHash> seen;  // position -> its line
    while (pos < contents.size()) {
        std::size_t end = contents.find('\n', pos);
        if (end == std::string_view::npos) end = contents.size();
        const std::string line(contents.substr(pos, end - pos));
        pos = end + 1;
        ++line_no;
        const std::string src = source + " line " + std::to_string(line_no);
        if (line.empty() || line == "\r") fail(src, "empty line");
        const json o = parse_json(line, src);
        if (!o.is_object()) fail(src, "not a JSON object");
        PerftSplitEntry e;
        const std::string fen = text(o, "fen", src);
        try {
            e.position = f.variant->parse_position(fen);
        } catch (const Error& err) {
            fail(src, err.what());
        }
        e.count = whole(o, "count", src);
        if (e.count == 0) fail(src, "field 'count' is 0");
        if (!seen.try_emplace(e.position, line_no).second) fail(src, "position listed twice");
        if (__builtin_add_overflow(sum, e.count, &sum)) fail(src, "the counts add up to more than 2^64 - 1");
        f.entries.push_back(std::move(e));
    }
    if (f.entries.size() != f.header.positions) {
        fail(source, "has " + std::to_string(f.entries.size()) + " positions, its header says " +
                         std::to_string(f.header.positions) + " (a cut or edited file)");
    }
    if (sum != f.header.nodes) {
        fail(source, "counts add up to " + std::to_string(sum) + ", its header says " +
                         std::to_string(f.header.nodes) + " (a cut or edited file)");
    }
    const std::size_t nl = contents.find('\n');
    if (digest_of(nl == std::string_view::npos ? std::string_view{} : contents.substr(nl + 1)) != f.header.digest) {
        fail(source + " line 1", "field 'digest' does not match the lines that follow (an edited file)");
    }
    // The file claims to be the whole split of its root at its depth: split again and compare,
    // position by position (this costs about a perft of that depth with every move made).
    const std::string at_depth = "at depth " + std::to_string(f.header.depth) + " below its root";
    const std::vector<PerftSplitEntry> fresh = perft_split(
        *f.variant, f.variant->parse_position(f.header.root), f.header.depth, f.header.counting);
    for (const PerftSplitEntry& e : fresh) {
        const auto it = seen.find(e.position);
        if (it == seen.end()) {
            fail(source, "lacks position " + tradgames::quoted(f.variant->position_to_string(e.position)) + ", which is " +
                             at_depth + " (an edited file)");
        }
        const std::uint64_t count = f.entries[it->second - 2].count;
        if (count != e.count) {
            fail(source + " line " + std::to_string(it->second),
                 "count " + std::to_string(count) + ", but " + std::to_string(e.count) + " paths reach the position " +
                     at_depth + " (an edited file)");
        }
    }
    if (fresh.size() != f.entries.size()) {  // then some listed position is not in the split
        for (const auto& entry : seen) {
            const auto& listed = entry.first;  // not a structured binding: clang 14 cannot capture one
            if (std::none_of(fresh.begin(), fresh.end(),
                             [&](const PerftSplitEntry& e) { return e.position == listed; })) {
                fail(source + " line " + std::to_string(entry.second),
                     "the position is not " + at_depth + " (an edited file)");
            }
        }
    }
    return f;
}

}  // namespace tradgames
