// The Hub protocol, engine side (include/tradgames/engine/hub.hpp).
#include "tradgames/engine/hub.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"

namespace tradgames::engine {

// ---------------------------------------------------------------------------------------------
// Lines

std::optional<std::string> HubLine::get(std::string_view name) const {
    for (const auto& [k, v] : args) {
        if (k == name) return v;
    }
    return std::nullopt;
}

bool HubLine::has(std::string_view name) const { return get(name).has_value(); }

namespace {

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/// Reads a word or a quoted value starting at i (i is left after it). Stops at a space, and at
/// '=' when stop_at_equals.
std::string read_token(std::string_view s, std::size_t& i, bool stop_at_equals) {
    std::string out;
    if (i < s.size() && s[i] == '"') {
        const std::size_t open = i++;
        while (true) {
            if (i >= s.size()) {
                throw ParseError("hub: unterminated quote at offset " + std::to_string(open));
            }
            const char c = s[i++];
            if (c == '"') break;
            if (c == '\\' && i < s.size() && (s[i] == '"' || s[i] == '\\')) {
                out += s[i++];
                continue;
            }
            out += c;
        }
        return out;
    }
    while (i < s.size() && !is_space(s[i]) && !(stop_at_equals && s[i] == '=')) out += s[i++];
    return out;
}

}  // namespace

HubLine parse_hub_line(std::string_view s) {
    HubLine line;
    std::size_t i = 0;
    while (i < s.size() && is_space(s[i])) ++i;
    line.command = read_token(s, i, false);
    while (true) {
        while (i < s.size() && is_space(s[i])) ++i;
        if (i >= s.size()) break;
        std::string key = read_token(s, i, true);
        std::string value;
        if (i < s.size() && s[i] == '=') {
            ++i;
            value = read_token(s, i, false);
        }
        line.args.emplace_back(std::move(key), std::move(value));
    }
    return line;
}

std::string hub_quote(std::string_view value) {
    const bool plain = !value.empty() && value.find_first_of(" \t=\"\\") == std::string_view::npos;
    if (plain) return std::string(value);
    std::string out = "\"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + '"';
}

// ---------------------------------------------------------------------------------------------
// Positions and moves

bool hub_positions_supported(const Variant& variant) noexcept { return variant.kinds().size() == 2; }

namespace {

void require_supported(const Variant& variant) {
    if (!hub_positions_supported(variant)) {
        throw Error("hub: positions of '" + variant.name() +
                    "' cannot be written one character a square (it has " +
                    std::to_string(variant.kinds().size()) +
                    " piece kinds): use pos fen=\"...\" with the library's position string");
    }
}

}  // namespace

std::string hub_position(const Variant& variant, const Position& pos) {
    require_supported(variant);
    const Topology& t = variant.topology();
    std::string out;
    out.reserve(t.size() + 1);
    out += pos.side_to_move() == Color::white ? 'W' : 'B';
    for (Vertex v = 0; v < t.size(); ++v) {
        const Piece p = pos.at(v);
        if (p.empty()) {
            out += 'e';
            continue;
        }
        const bool white = p.color() == Color::white;
        out += p.kind() == 0 ? (white ? 'w' : 'b') : (white ? 'W' : 'B');
    }
    return out;
}

Position parse_hub_position(const Variant& variant, std::string_view text) {
    require_supported(variant);
    const Topology& t = variant.topology();
    if (text.size() != t.size() + 1U) {
        throw ParseError("hub position: expected " + std::to_string(t.size() + 1U) +
                         " characters (the side to move and one per square), got " +
                         std::to_string(text.size()));
    }
    if (text[0] != 'W' && text[0] != 'B') {
        throw ParseError("hub position: offset 0: the side to move must be 'W' or 'B', not " +
                         quoted(text.substr(0, 1)));
    }
    // Written as the library's position string, so that the variant checks it as any other.
    const char king = variant.kinds()[1].letter != '\0' ? variant.kinds()[1].letter : 'K';
    std::string white = "W";
    std::string black = "B";
    for (Vertex v = 0; v < t.size(); ++v) {
        const char c = text[v + 1U];
        std::string* list = nullptr;
        bool is_king = false;
        switch (c) {
            case 'e': continue;
            case 'w': list = &white; break;
            case 'b': list = &black; break;
            case 'W': list = &white; is_king = true; break;
            case 'B': list = &black; is_king = true; break;
            default:
                throw ParseError("hub position: offset " + std::to_string(v + 1U) + ": " +
                                 quoted(text.substr(v + 1U, 1)) +
                                 " is not a square (w b W B e)");
        }
        if (list->size() > 1) *list += ',';
        if (is_king) *list += king;
        *list += t.name(v);
    }
    return variant.parse_position(std::string(1, text[0]) + ":" + white + ":" + black);
}

std::string hub_move(const Variant& variant, const Position& pos, const Move& m) {
    (void)pos;
    const Topology& t = variant.topology();
    std::string out(t.name(m.from));
    if (!m.is_capture()) return out + "-" + std::string(t.name(m.to));
    out += 'x';
    out += t.name(m.to);
    std::vector<Vertex> taken(m.captured.data(), m.captured.data() + m.captured.size());
    std::sort(taken.begin(), taken.end());
    for (Vertex v : taken) {
        out += 'x';
        out += t.name(v);
    }
    return out;
}

Move parse_hub_move(const Variant& variant, const Position& pos, std::string_view text) {
    const Topology& t = variant.topology();
    if (text.empty()) throw ParseError("hub move: empty");
    std::vector<Vertex> squares;
    bool capture = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != '-' && text[i] != 'x' && text[i] != 'X' && text[i] != ':') {
            continue;
        }
        if (i < text.size() && text[i] != '-') capture = true;
        const std::string_view name = text.substr(start, i - start);
        if (name.empty()) {
            throw ParseError("hub move " + quoted(text) + ": a square is missing at offset " +
                             std::to_string(start));
        }
        const auto v = t.find(name);
        if (!v) {
            throw ParseError("hub move " + quoted(text) + ": unknown square " + quoted(name) +
                             " at offset " + std::to_string(start));
        }
        squares.push_back(*v);
        start = i + 1;
        if (squares.size() > 2U * max_jumps + 2U) {
            throw ParseError("hub move " + quoted(text) + ": too many squares");
        }
    }
    if (squares.size() < 2) throw ParseError("hub move " + quoted(text) + ": needs two squares");
    Mask taken = 0;
    for (std::size_t i = 2; i < squares.size(); ++i) taken |= bit(squares[i]);
    if (squares.size() > 2 && !capture) {
        throw ParseError("hub move " + quoted(text) + ": captured squares follow 'x'");
    }
    MoveList legal;
    variant.generate(pos, legal, Duplicates::unique);
    std::vector<const Move*> found;
    for (const Move& m : legal) {
        if (m.from != squares[0] || m.to != squares[1]) continue;
        if (m.is_capture() != capture) continue;
        if (squares.size() > 2 && m.captured_mask != taken) continue;
        found.push_back(&m);
    }
    if (found.empty()) {
        throw IllegalMoveError("hub move " + quoted(text) + " is not legal in this position");
    }
    for (const Move* m : found) {
        if (!m->same_result(*found.front())) {
            std::string list;
            for (const Move* c : found) {
                if (!list.empty()) list += " or ";
                list += hub_move(variant, pos, *c);
            }
            throw AmbiguousMoveError("hub move " + quoted(text) + " is ambiguous: " + list);
        }
    }
    return *found.front();
}

// ---------------------------------------------------------------------------------------------
// The engine

struct HubEngine::Impl {
    HubConfig config;
    Sink sink;
    std::mutex out_mutex;

    // Settings (set-param), applied at init and when a position needs them.
    std::string variant_name;
    std::string options_text;
    std::size_t hash_mb = 16;
    std::string egtb_dir;  // endgame databases the search probes ("" = none)

    std::shared_ptr<const Variant> variant;
    std::unique_ptr<egtb::Prober> prober;  // before searcher: it must outlive it
    std::unique_ptr<Searcher> searcher;
    std::unique_ptr<MatchPlayer> player;  // the outside engine (HubConfig::make_player)
    std::unique_ptr<Game> game;
    SearchLimits level;  // from the last `level`

    std::thread worker;
    std::atomic<bool> stop_flag{false};
    std::atomic<bool> searching{false};
    std::atomic<bool> pondering{false};
    std::atomic<bool> silent{false};  // a ponder search replaced after ponder-hit: no output

    void say(const std::string& line) {
        std::lock_guard<std::mutex> lock(out_mutex);
        sink(line);
    }
    void error(const std::string& message) { say("error message=" + hub_quote(message)); }

    std::string resolve(const std::string& name) const {
        for (const auto& [alias, target] : config.aliases) {
            if (alias == name) return target;
        }
        return name;
    }

    std::vector<std::string> option_list() const {
        std::vector<std::string> out;
        std::size_t start = 0;
        while (start <= options_text.size()) {
            std::size_t end = options_text.find(',', start);
            if (end == std::string::npos) end = options_text.size();
            std::string item = options_text.substr(start, end - start);
            item.erase(0, item.find_first_not_of(' '));
            item.erase(item.find_last_not_of(' ') + 1);
            if (!item.empty()) out.push_back(item);
            start = end + 1;
        }
        return out;
    }

    /// Makes the variant and searcher from the settings (throws Error on a bad setting).
    void apply_settings() {
        auto v = config.make_variant(resolve(variant_name), option_list());
        if (config.make_player) {
            auto pl = config.make_player(v);
            variant = std::move(v);
            player = std::move(pl);
            game = std::make_unique<Game>(variant);
            return;
        }
        auto p = egtb_dir.empty() ? nullptr : egtb::open_databases(v, egtb_dir);
        auto s = std::make_unique<Searcher>(v, SearcherOptions{hash_mb, p.get(), nullptr});
        variant = std::move(v);
        searcher.reset();
        prober = std::move(p);
        searcher = std::move(s);
        game = std::make_unique<Game>(variant);
    }

    void hello() {
        say("id name=" + hub_quote(config.name) + " version=" + hub_quote(config.version) +
            " author=" + hub_quote(config.author));
        std::string values;
        for (const auto& v : config.variants) {
            if (!values.empty()) values += ' ';
            values += v;
        }
        say("param name=variant value=" + hub_quote(variant_name) + " type=enum values=" +
            hub_quote(values));
        say("param name=options value=" + hub_quote(options_text) + " type=string");
        if (config.make_player) return say("wait");  // the outside engine has no other settings
        say("param name=hash value=" + std::to_string(hash_mb) + " type=int min=0 max=4096");
        say("param name=threads value=1 type=int min=1 max=1");
        say("param name=egtb value=" + hub_quote(egtb_dir) + " type=string");
        say("wait");
    }

    void set_param(const HubLine& l) {
        const auto name = l.get("name");
        const auto value = l.get("value");
        if (!name || !value) return error("set-param needs name=... value=...");
        if (*name == "variant") {
            const std::string target = resolve(*value);
            if (std::find(config.variants.begin(), config.variants.end(), target) ==
                config.variants.end()) {
                return error("unknown variant " + quoted(*value));
            }
            variant_name = *value;
        } else if (*name == "options") {
            options_text = *value;
        } else if (*name == "hash") {
            char* end = nullptr;
            const unsigned long long mb = std::strtoull(value->c_str(), &end, 10);
            if (value->empty() || *end != '\0' || mb > 4096) {
                return error("hash takes a whole number of MB from 0 to 4096, not " + quoted(*value));
            }
            hash_mb = static_cast<std::size_t>(mb);
        } else if (*name == "egtb") {
            egtb_dir = *value;
        } else if (*name == "threads") {
            if (*value != "1") return error("threads: this engine searches on one thread");
        }
        // Unknown parameters are ignored, as the protocol requires. Settings take effect at init
        // (and at the next position if init is not sent again).
        variant.reset();
    }

    bool ensure_variant() {
        if (variant) return true;
        try {
            apply_settings();
            return true;
        } catch (const Error& e) {
            error(e.what());
            return false;
        }
    }

    void position(const HubLine& l) {
        if (!ensure_variant()) return;
        try {
            Position start;
            if (const auto fen = l.get("fen")) {
                start = variant->parse_position(*fen);
            } else if (const auto pos = l.get("pos")) {
                start = parse_hub_position(*variant, *pos);
            } else {
                start = variant->initial_position();
            }
            auto g = std::make_unique<Game>(variant, start);
            if (const auto moves = l.get("moves")) {
                std::size_t i = 0;
                const std::string& s = *moves;
                while (i < s.size()) {
                    while (i < s.size() && s[i] == ' ') ++i;
                    std::size_t j = i;
                    while (j < s.size() && s[j] != ' ') ++j;
                    if (j > i) {
                        const std::string text = s.substr(i, j - i);
                        if (g->result().over()) {
                            throw IllegalMoveError("move " + quoted(text) + " after the end of the game");
                        }
                        g->play(parse_hub_move(*variant, g->position(), text));
                    }
                    i = j;
                }
            }
            game = std::move(g);
        } catch (const Error& e) {
            error(std::string("pos: ") + e.what());
        }
    }

    static std::int64_t seconds_ms(const std::string& text, bool& ok) {
        char* end = nullptr;
        const double s = std::strtod(text.c_str(), &end);
        ok = !text.empty() && *end == '\0' && std::isfinite(s) && s >= 0 && s < 1e9;
        return ok ? static_cast<std::int64_t>(s * 1000.0) : 0;
    }

    void set_level(const HubLine& l) {
        SearchLimits lim;
        bool ok = true;
        for (const auto& [key, value] : l.args) {
            bool good = true;
            if (key == "depth") {
                char* end = nullptr;
                const long d = std::strtol(value.c_str(), &end, 10);
                good = !value.empty() && *end == '\0' && d >= 1 && d < max_search_ply - 1;
                lim.depth = good ? static_cast<int>(d) : 0;
            } else if (key == "nodes") {
                char* end = nullptr;
                const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
                good = !value.empty() && *end == '\0' && n >= 1;
                lim.nodes = n;
            } else if (key == "move-time") {
                lim.movetime_ms = std::max<std::int64_t>(1, seconds_ms(value, good));
            } else if (key == "time") {
                lim.clock_ms = std::max<std::int64_t>(1, seconds_ms(value, good));
            } else if (key == "inc") {
                lim.increment_ms = seconds_ms(value, good);
            } else if (key == "moves") {
                char* end = nullptr;
                const long n = std::strtol(value.c_str(), &end, 10);
                good = !value.empty() && *end == '\0' && n >= 1;
                if (good) moves_to_go = static_cast<int>(n);
            } else if (key == "infinite") {
                lim.infinite = true;
            }
            if (!good) {
                ok = false;
                error("level: bad value " + quoted(value) + " for " + key);
            }
        }
        if (!ok) return;
        if (!l.has("moves")) moves_to_go = 0;
        level = lim;
    }
    int moves_to_go = 0;

    /// The limits of one search: the level, with x/y time controls turned into a move time.
    SearchLimits limits_for_think() const {
        SearchLimits lim = level;
        if (moves_to_go > 0 && lim.clock_ms > 0) {
            lim.movetime_ms = std::max<std::int64_t>(1, lim.clock_ms * 9 / 10 / moves_to_go +
                                                            lim.increment_ms * 3 / 4);
            lim.clock_ms = 0;
            lim.increment_ms = 0;
        }
        return lim;
    }

    std::string info_line(const SearchResult& r) const {
        char buf[160];
        std::snprintf(buf, sizeof buf, "info depth=%d score=%.2f nodes=%llu time=%.3f nps=%.2f",
                      r.depth, r.score.value / 100.0, static_cast<unsigned long long>(r.nodes),
                      static_cast<double>(r.time_ms) / 1000.0, static_cast<double>(r.nps) / 1e6);
        std::string out = buf;
        if (r.score.proven()) out += " result=" + hub_quote(r.score.to_string());
        if (!r.lines.empty()) {
            SearchLine line = r.lines.front();
            // With databases the line goes on with their best play where it reaches them.
            if (prober) egtb::extend_pv(*prober, game->position(), line.pv, max_search_ply);
            out += " pv=" + hub_quote(pv_text(line));
        }
        return out;
    }

    /// The principal variation in Hub's move form (the search gives it in the variant's notation).
    std::string pv_text(const SearchLine& line) const {
        Position p = game->position();
        std::string out;
        Undo u;
        for (const std::string& text : line.pv) {
            Move m;
            try {
                m = variant->parse_move(p, text);
            } catch (const Error&) {
                break;
            }
            if (!out.empty()) out += ' ';
            out += hub_move(*variant, p, m);
            variant->make_move(p, m, u);
        }
        return out;
    }

    void go(const HubLine& l) {
        if (searching) return error("go: a search is running (send stop first)");
        if (!ensure_variant()) return;
        if (game->result().over() || game->legal_moves().empty()) {
            return error("go: the game is over in this position");
        }
        if (player) return go_player(l);
        SearchLimits lim = limits_for_think();
        pondering = l.has("ponder");
        if (pondering) {  // until ponder-hit (then a think search) or stop
            lim = SearchLimits{};
            lim.infinite = true;
        }
        start(lim);
    }

    void start(SearchLimits lim) {
        if (worker.joinable()) worker.join();
        stop_flag = false;
        silent = false;
        lim.stop = &stop_flag;
        searching = true;
        worker = std::thread([this, lim] {
            SearchResult r;
            try {
                r = searcher->search(*game, lim, [this](const SearchResult& it) {
                    if (!silent) say(info_line(it));
                });
            } catch (const std::exception& e) {
                error(std::string("search failed: ") + e.what());
            }
            // Not searching before `done` is out: a GUI may send its next `pos` the moment it
            // reads `done` (handle() then joins this thread, so `done` still comes first).
            const bool quiet = silent;
            const std::string done = quiet ? std::string() : done_line(r);
            searching = false;
            if (!quiet) say(done);
        });
    }

    /// `go` with an outside engine: one move in the level's time, on the search thread.
    void go_player(const HubLine& l) {
        if (l.has("ponder") || l.has("analyze")) {
            return error("go: " + player->name() +
                         " only thinks on its own move (go think); it cannot ponder or analyze");
        }
        const SearchLimits lim = limits_for_think();
        double seconds = 1.0;
        if (lim.movetime_ms > 0) {
            seconds = static_cast<double>(lim.movetime_ms) / 1000.0;
        } else if (lim.clock_ms > 0) {
            seconds = static_cast<double>(std::min(lim.clock_ms, lim.clock_ms / 30 +
                                                                     lim.increment_ms * 3 / 4)) /
                      1000.0;
        } else if (lim.depth > 0 || lim.nodes > 0 || lim.infinite) {
            return error("go: " + player->name() +
                         " is limited by time only (level move-time=... or time=...)");
        }
        seconds = std::max(seconds, 0.001);
        if (worker.joinable()) worker.join();
        stop_flag = false;
        silent = false;
        searching = true;
        worker = std::thread([this, seconds] {
            PlayerReply r;
            try {
                r = player->play(*game, seconds);
            } catch (const std::exception& e) {
                r.failure = e.what();
            }
            std::string info;
            std::string done = "done";
            if (r.move) {
                info = player_info_line(r.info);
                done += " move=" + hub_move(*variant, game->position(), *r.move);
            } else {
                info = "error message=" + hub_quote(player->name() + ": " + r.failure);
            }
            searching = false;
            if (!info.empty()) say(info);
            say(done);
        });
    }

    /// An `info` line of what an outside engine reported ("" when it reported nothing).
    std::string player_info_line(const PlayerInfo& i) const {
        std::string out;
        char buf[64];
        if (i.depth) out += " depth=" + std::to_string(*i.depth);
        if (i.score) {
            std::snprintf(buf, sizeof buf, " score=%.2f", *i.score);
            out += buf;
        }
        if (i.nodes) out += " nodes=" + std::to_string(*i.nodes);
        if (i.seconds) {
            std::snprintf(buf, sizeof buf, " time=%.3f", *i.seconds);
            out += buf;
        }
        if (!i.pv.empty()) {
            Position p = game->position();
            std::string pv;
            Undo u;
            for (const Move& m : i.pv) {
                if (!pv.empty()) pv += ' ';
                pv += hub_move(*variant, p, m);
                variant->make_move(p, m, u);
            }
            out += " pv=" + hub_quote(pv);
        }
        return out.empty() ? out : "info" + out;
    }

    std::string done_line(const SearchResult& r) const {
        if (!r.has_move) return "done";
        std::string done = "done move=" + hub_move(*variant, game->position(), r.best);
        if (!r.lines.empty()) {
            const std::string pv = pv_text(r.lines.front());
            const auto space = pv.find(' ');
            if (space != std::string::npos) {
                const auto next = pv.find(' ', space + 1);
                done += " ponder=" +
                        pv.substr(space + 1, next == std::string::npos ? std::string::npos
                                                                       : next - space - 1);
            }
        }
        return done;
    }

    /// ponder-hit: the expected move was played; the ponder search ends without a `done` and a
    /// think search with the level's limits starts (its table is warm from pondering).
    void ponder_hit() {
        if (!searching || !pondering) return;
        pondering = false;
        silent = true;
        stop_flag = true;
        if (worker.joinable()) worker.join();
        start(limits_for_think());
    }

    void stop_search() {
        stop_flag = true;
        // An outside engine is told until it answers (a request still on its way would miss a
        // single interrupt).
        while (player && searching) {
            player->interrupt();
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (worker.joinable()) worker.join();
    }
};

HubEngine::HubEngine(HubConfig config, Sink sink) : impl_(std::make_unique<Impl>()) {
    if (config.variants.empty() || !config.make_variant) {
        throw Error("HubEngine: the configuration names no variant or no factory");
    }
    impl_->variant_name = config.variants.front();
    impl_->config = std::move(config);
    impl_->sink = std::move(sink);
}

HubEngine::~HubEngine() { impl_->stop_search(); }

void HubEngine::wait() {
    if (impl_->worker.joinable()) impl_->worker.join();
}

void HubEngine::stop() { impl_->stop_search(); }

bool HubEngine::handle(std::string_view text) {
    Impl& s = *impl_;
    if (text.size() > hub_max_line) {
        s.error("line of " + std::to_string(text.size()) + " bytes ignored (at most " +
                std::to_string(hub_max_line) + ")");
        return true;
    }
    HubLine l;
    try {
        l = parse_hub_line(text);
    } catch (const Error& e) {
        s.error(e.what());
        return true;
    }
    const std::string& c = l.command;
    if (c.empty()) return true;
    // While searching only ping, ponder-hit, stop (and quit) are expected; others wait.
    if (c == "ping") {
        s.say("pong");
        return true;
    }
    if (c == "stop") {
        s.stop_search();
        return true;
    }
    if (c == "ponder-hit") {
        s.ponder_hit();
        return true;
    }
    if (c == "quit") {
        s.stop_search();
        return false;
    }
    if (s.searching) {
        if (c == "hub" || c == "set-param" || c == "init" || c == "pos" || c == "level" ||
            c == "go" || c == "new-game") {
            s.error(c + ": a search is running (send stop first)");
        }
        return true;
    }
    if (s.worker.joinable()) s.worker.join();
    if (c == "hub") {
        s.hello();
    } else if (c == "set-param") {
        s.set_param(l);
    } else if (c == "init") {
        try {
            s.apply_settings();
            s.say("ready");
        } catch (const Error& e) {
            s.error(std::string("init: ") + e.what());
        }
    } else if (c == "new-game") {
        if (s.searcher) s.searcher->clear();
        if (s.player && s.game) s.player->new_game(*s.game);
    } else if (c == "pos") {
        s.position(l);
    } else if (c == "level") {
        s.set_level(l);
    } else if (c == "go") {
        s.go(l);
    }
    // Anything else is ignored, as the protocol requires.
    return true;
}

}  // namespace tradgames::engine
