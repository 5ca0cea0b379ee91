// Player specs and the built-in players: random, greedy, search, mcts.
#include "tradgames/engine/player.hpp"

#include <charconv>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <utility>

#include "tradgames/engine/evaluation.hpp"
#if !defined(__EMSCRIPTEN__)
#include "tradgames/engine/egtb.hpp"
#endif
#include "tradgames/engine/mcts.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/error.hpp"
#include "tradgames/playout.hpp"

namespace tradgames::engine {

namespace {

struct KeySpec {
    const char* key;
    std::int64_t min;
    std::int64_t max;
};

constexpr std::int64_t huge = std::numeric_limits<std::int64_t>::max();

/// The keys each built-in player takes (integers), besides "playout" (a word) for mcts and
/// "weights" (a word) for search.
const std::vector<KeySpec>& keys_of(std::string_view name) {
    static const std::vector<KeySpec> plain = {{"seed", 0, huge}};
    static const std::vector<KeySpec> search = {
        {"depth", 1, max_search_ply - 2}, {"nodes", 1, huge}, {"movetime", 1, 100'000'000},
        {"tt", 0, 4096}, {"seed", 0, huge}};
    static const std::vector<KeySpec> mcts = {
        {"playouts", 1, 1'000'000'000}, {"movetime", 1, 100'000'000}, {"c", 0, 10000}, {"seed", 0, huge}};
    if (name == "search") return search;
    if (name == "mcts") return mcts;
    return plain;
}

std::string known_keys(std::string_view name) {
    std::string s;
    for (const KeySpec& k : keys_of(name)) s += (s.empty() ? "" : ", ") + std::string(k.key);
    if (name == "mcts") s += ", playout";
    if (name == "search") s += ", egtb, weights";
    return s;
}

std::int64_t integer(const PlayerSpec& s, const std::string& key, std::int64_t fallback) {
    const auto it = s.options.find(key);
    if (it == s.options.end()) return fallback;
    std::int64_t v = 0;
    std::from_chars(it->second.data(), it->second.data() + it->second.size(), v);
    return v;
}

class PolicyPlayer final : public Player {
public:
    PolicyPlayer(std::string name, Policy p, std::uint64_t seed) : name_(std::move(name)), policy_(p), rng_(seed) {}
    std::string name() const override { return name_; }
    Move choose(const Game& game, const MoveBudget&) override {
        if (game.legal_moves().empty()) throw IllegalMoveError(name_ + ": the game is over");
        return game.legal_moves()[choose_move(game.legal_moves(), policy_, rng_)];
    }

private:
    std::string name_;
    Policy policy_;
    Rng rng_;
};

/// The evaluation a search spec asks for: weights=generic, weights=FILE.json (a weights file as
/// `tune` writes it; OptionError when unreadable, ParseError when malformed), or the game's built-in
/// weights.
std::shared_ptr<const Evaluation> evaluation(const PlayerSpec& s, const Variant& v) {
    const auto it = s.options.find("weights");
    if (it == s.options.end() || it->second == "builtin") return evaluation_for(v);
    if (it->second == "generic") return std::make_shared<const Evaluation>(v, generic_weights(v));
    std::ifstream in(it->second, std::ios::binary);
    std::ostringstream text;
    if (in.is_open()) text << in.rdbuf();
    if (!in.is_open() || in.bad()) throw OptionError("player " + tradgames::quoted(s.text) + ": cannot read weights file " + tradgames::quoted(it->second));
    return std::make_shared<const Evaluation>(v, parse_weights(text.str(), it->second));
}

/// The endgame databases of the spec's egtb=DIR (null without the key). Throws EgtbError for a
/// directory without files of the game, OptionError where the build has no databases (web).
std::unique_ptr<const EndgameOracle> databases_of(const PlayerSpec& s, const std::shared_ptr<const Variant>& v) {
    const auto it = s.options.find("egtb");
    if (it == s.options.end()) return nullptr;
#if defined(__EMSCRIPTEN__)
    (void)v;
    throw OptionError("player " + tradgames::quoted(s.text) + ": egtb= is not available in this build");
#else
    return egtb::open_databases(v, it->second);
#endif
}

class SearchPlayer final : public Player {
public:
    SearchPlayer(const PlayerSpec& s, std::shared_ptr<const Variant> v)
        : name_(s.text), oracle_(databases_of(s, v)),
          searcher_(v, SearcherOptions{static_cast<std::size_t>(integer(s, "tt", 16)), oracle_.get(), evaluation(s, *v)}) {
        limits_.depth = static_cast<int>(integer(s, "depth", 0));
        limits_.nodes = static_cast<std::uint64_t>(integer(s, "nodes", 0));
        limits_.movetime_ms = integer(s, "movetime", 0);
    }
    std::string name() const override { return name_; }
    void new_game() override { searcher_.clear(); }
    Move choose(const Game& game, const MoveBudget& b) override {
        SearchLimits l = limits_;
        if (b.movetime_ms > 0) l.movetime_ms = l.movetime_ms > 0 ? std::min(l.movetime_ms, b.movetime_ms) : b.movetime_ms;
        l.clock_ms = b.clock_ms;
        l.increment_ms = b.increment_ms;
        if (l.depth == 0 && l.nodes == 0 && l.movetime_ms == 0 && l.clock_ms == 0) l.depth = 4;
        const SearchResult r = searcher_.search(game, l);
        if (!r.has_move) throw IllegalMoveError(name_ + ": the game is over");
        return r.best;
    }

private:
    std::string name_;
    std::unique_ptr<const EndgameOracle> oracle_;  // before searcher_: it must outlive it
    Searcher searcher_;
    SearchLimits limits_;
};

class MctsPlayer final : public Player {
public:
    MctsPlayer(const PlayerSpec& s, std::uint64_t seed) : name_(s.text) {
        o_.playouts = static_cast<std::uint64_t>(integer(s, "playouts", 400));
        o_.movetime_ms = integer(s, "movetime", 0);
        o_.exploration = static_cast<double>(integer(s, "c", 141)) / 100.0;
        const auto p = s.options.find("playout");
        o_.playout = p != s.options.end() ? parse_policy(p->second) : Policy::random;
        o_.seed = static_cast<std::uint64_t>(integer(s, "seed", static_cast<std::int64_t>(seed & 0x7FFFFFFFFFFFFFFFULL)));
    }
    std::string name() const override { return name_; }
    Move choose(const Game& game, const MoveBudget& b) override {
        MctsOptions o = o_;
        if (b.movetime_ms > 0) o.movetime_ms = o.movetime_ms > 0 ? std::min(o.movetime_ms, b.movetime_ms) : b.movetime_ms;
        if (b.clock_ms > 0) {
            const std::int64_t a = std::max<std::int64_t>(1, b.clock_ms / 30 + b.increment_ms * 3 / 4);
            o.movetime_ms = o.movetime_ms > 0 ? std::min(o.movetime_ms, a) : a;
        }
        // A different but reproducible sequence for every move of the game.
        o.seed = o_.seed * 0x9E3779B97F4A7C15ULL + game.ply();
        const MctsResult r = mcts_search(game, o);
        if (!r.has_move) throw IllegalMoveError(name_ + ": the game is over");
        return r.best;
    }

private:
    std::string name_;
    MctsOptions o_;
};

}  // namespace

bool is_builtin_player(std::string_view name) noexcept {
    return name == "random" || name == "greedy" || name == "search" || name == "mcts";
}

PlayerSpec parse_player_spec(std::string_view text) {
    PlayerSpec s;
    s.text = std::string(text);
    const std::size_t colon = text.find(':');
    s.name = std::string(text.substr(0, colon));
    if (s.name.empty()) throw OptionError("player " + tradgames::quoted(text) + ": empty name (e.g. search:depth=4)");
    for (const char c : s.name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (!ok) throw OptionError("player " + tradgames::quoted(text) + ": bad character in the name " + tradgames::quoted(s.name));
    }
    if (colon != std::string_view::npos) s.rest = std::string(text.substr(colon + 1));
    if (!is_builtin_player(s.name)) return s;
    if (colon != std::string_view::npos && s.rest.empty()) {
        throw OptionError("player " + tradgames::quoted(text) + ": nothing after ':' (options are key=value)");
    }
    std::string_view rest = s.rest;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size()) {
            throw OptionError("player " + tradgames::quoted(text) + ": option " + tradgames::quoted(item) + " is not key=value");
        }
        const std::string key(item.substr(0, eq));
        const std::string value(item.substr(eq + 1));
        if (s.options.count(key) != 0) throw OptionError("player " + tradgames::quoted(text) + ": option " + tradgames::quoted(key) + " given twice");
        if (s.name == "search" && key == "egtb") {  // a directory of endgame databases
            s.options[key] = value;
            continue;
        }
        if (s.name == "mcts" && key == "playout") {
            if (value != "random" && value != "greedy") {
                throw OptionError("player " + tradgames::quoted(text) + ": playout=" + tradgames::quoted(value) + " (known: random, greedy)");
            }
            s.options[key] = value;
            continue;
        }
        if (s.name == "search" && key == "weights") {
            if (value != "builtin" && value != "generic" && !(value.size() > 5 && value.ends_with(".json"))) {
                throw OptionError("player " + tradgames::quoted(text) + ": weights=" + tradgames::quoted(value) +
                                  " (known: builtin, generic, or a weights file FILE.json)");
            }
            s.options[key] = value;
            continue;
        }
        const auto& keys = keys_of(s.name);
        const auto k = std::find_if(keys.begin(), keys.end(), [&](const KeySpec& x) { return key == x.key; });
        if (k == keys.end()) {
            throw OptionError("player " + tradgames::quoted(text) + ": unknown option " + tradgames::quoted(key) + " for " + s.name +
                              " (known: " + known_keys(s.name) + ")");
        }
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || end != value.data() + value.size() || v < k->min || v > k->max) {
            throw OptionError("player " + tradgames::quoted(text) + ": " + key + "=" + tradgames::quoted(value) + " is not an integer in [" +
                              std::to_string(k->min) + ", " + std::to_string(k->max) + "]");
        }
        s.options[key] = value;
    }
    return s;
}

std::unique_ptr<Player> make_player(const PlayerSpec& spec, std::shared_ptr<const Variant> variant,
                                    std::uint64_t seed) {
    const std::uint64_t own = static_cast<std::uint64_t>(integer(spec, "seed", static_cast<std::int64_t>(seed & 0x7FFFFFFFFFFFFFFFULL)));
    if (spec.name == "random") return std::make_unique<PolicyPlayer>(spec.text, Policy::random, own);
    if (spec.name == "greedy") return std::make_unique<PolicyPlayer>(spec.text, Policy::greedy, own);
    if (spec.name == "search") return std::make_unique<SearchPlayer>(spec, std::move(variant));
    if (spec.name == "mcts") return std::make_unique<MctsPlayer>(spec, seed);
    throw OptionError("player " + tradgames::quoted(spec.text) + ": unknown player " + tradgames::quoted(spec.name) +
                      " (built in: random, greedy, search, mcts)");
}

GameResult play_game(Game& game, Player& white, Player& black, const MoveBudget& budget, int ply_cap) {
    white.new_game();
    black.new_game();
    while (!game.result().over()) {
        Player& p = game.position().side_to_move() == Color::white ? white : black;
        game.play(p.choose(game, budget));
        if (!game.result().over() && ply_cap > 0 && game.ply() >= static_cast<std::size_t>(ply_cap)) {
            game.set_result(Outcome::draw, "ply cap (" + std::to_string(ply_cap) + ")");
        }
    }
    return game.result();
}

}  // namespace tradgames::engine
