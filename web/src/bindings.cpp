// The embind layer of tradgames.js. Every function returns JSON text, an envelope
// {"ok": value} or {"error": {"type": "ParseError", "message": "..."}}; web/src/api.js parses it
// and throws a JavaScript TradgamesError with the library's message. (Letting C++ exceptions
// cross into JavaScript would hand it a bare pointer, and throwing JavaScript exceptions from
// C++ would skip destructors.) The objects themselves come from io/json.hpp, so legalMoves
// returns exactly the fields of `tradgames moves --json`.
#include <emscripten/bind.h>

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tradgames/engine/search.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/json.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/io/svg.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/vector_env.hpp"

namespace {

namespace tg = tradgames;
using json = nlohmann::json;

/// The class name of a library error (tradgames/frontend.hpp), for TradgamesError.type in
/// JavaScript; "InternalError" for anything else.
std::string error_type(const std::exception& e) {
    const std::string_view name = tg::error_class_name(e);
    return name.empty() ? "InternalError" : std::string(name);
}

/// Runs f (returning json) and wraps its value or its exception in the envelope.
template <class F>
std::string envelope(F&& f) {
    try {
        return json{{"ok", f()}}.dump();
    } catch (const tg::IllegalMoveError& e) {
        // The structured reason of a refused move (explain.hpp), as IllegalMoveError.reason /
        // .rule / .legal in JavaScript (null, null, [] when the error has none).
        json err{{"type", error_type(e)}, {"message", e.what()}};
        err["reason"] = e.reason().empty() ? json(nullptr) : json(e.reason());
        err["rule"] = e.rule().empty() ? json(nullptr) : json(e.rule());
        err["legal"] = e.legal();
        return json{{"error", err}}.dump();
    } catch (const std::exception& e) {
        return json{{"error", {{"type", error_type(e)}, {"message", e.what()}}}}.dump();
    } catch (...) {
        return json{{"error", {{"type", "InternalError"}, {"message", "unknown exception"}}}}.dump();
    }
}

/// Every class of library error as [{name, base}], each after its base (frontend.hpp).
std::string error_classes() {
    return envelope([] {
        json out = json::array();
        for (const tg::ErrorClass& c : tg::error_classes()) {
            out.push_back({{"name", std::string(c.name)}, {"base", std::string(c.base)}});
        }
        return out;
    });
}

/// Rule options from JSON text: an array of "key=value" strings (api.js normalises objects).
std::vector<std::string> read_options(const std::string& options_json) {
    if (options_json.empty()) return {};
    const json j = json::parse(options_json, nullptr, false);
    if (!j.is_array()) throw tg::OptionError("options: expected a list of key=value strings");
    std::vector<std::string> out;
    for (const json& o : j) {
        if (!o.is_string()) throw tg::OptionError("options: expected a list of key=value strings");
        out.push_back(o.get<std::string>());
    }
    return out;
}

/// Variants are immutable; one per (name, options) is built once and shared.
std::shared_ptr<const tg::Variant> variant(const std::string& name, const std::string& options_json) {
    static std::map<std::pair<std::string, std::string>, std::shared_ptr<const tg::Variant>> cache;
    const auto key = std::make_pair(name, options_json);
    if (const auto it = cache.find(key); it != cache.end()) return it->second;
    auto v = tg::make_variant(name, read_options(options_json));
    cache.emplace(key, v);
    return v;
}

/// The position string `text`, or the initial position when it is empty.
tg::Position position(const tg::Variant& v, const std::string& text) {
    return text.empty() ? v.initial_position() : v.parse_position(text);
}

/// {outcome, reason} of a result; reason is null while the game goes on.
json result_json(const tg::GameResult& r) {
    return {{"outcome", std::string(tg::to_string(r.outcome))},
            {"reason", r.over() ? json(r.reason) : json(nullptr)}};
}

tg::Vertex vertex(const tg::Variant& v, const json& name, const char* field) {
    if (!name.is_string()) {
        throw tg::ParseError(std::string("lastMove.") + field + ": expected a vertex name");
    }
    const auto x = v.topology().find(name.get<std::string>());
    if (!x) {
        throw tg::ParseError(std::string("lastMove.") + field + ": unknown vertex " +
                             tg::quoted(name.get<std::string>()));
    }
    return *x;
}

/// The vertices of a move object (from, path, captured: vertex names) as a Move, for drawing.
tg::Move drawn_move(const tg::Variant& v, const json& m) {
    if (!m.is_object()) throw tg::ParseError("lastMove: expected a move object (from, path, captured)");
    tg::Move r;
    r.from = vertex(v, m.value("from", json()), "from");
    const json path = m.value("path", json::array());
    const json captured = m.value("captured", json::array());
    if (!path.is_array() || !captured.is_array()) {
        throw tg::ParseError("lastMove: path and captured must be lists of vertex names");
    }
    // move_json's path starts with the origin; Move::path holds the landings only.
    for (std::size_t i = 1; i < path.size() && r.path.size() < r.path.capacity(); ++i) {
        r.path.push_back(vertex(v, path[i], "path"));
    }
    if (r.path.empty()) r.path.push_back(vertex(v, m.value("to", json()), "to"));
    r.to = r.path.back();
    for (const json& c : captured) {
        if (r.captured.size() == r.captured.capacity()) break;
        r.captured.push_back(vertex(v, c, "captured"));
    }
    return r;
}

std::string variants_json() {
    return envelope([] {
        json out = json::array();
        for (const auto& info : tg::list_variants()) {
            out.push_back(tg::variant_entry_json(info.name, info.description,
                                                 tg::variant_options(info.name)));
        }
        return out;
    });
}

std::string legal_moves(const std::string& name, const std::string& options, const std::string& pos,
                        bool paths) {
    return envelope([&] {
        const auto v = variant(name, options);
        return tg::moves_json(*v, position(*v, pos),
                              paths ? tg::Duplicates::all_paths : tg::Duplicates::unique);
    });
}

std::string initial_position(const std::string& name, const std::string& options) {
    return envelope([&] {
        const auto v = variant(name, options);
        return json(v->position_to_string(v->initial_position()));
    });
}

std::string play(const std::string& name, const std::string& options, const std::string& pos,
                 const std::string& move) {
    return envelope([&] {
        const auto v = variant(name, options);
        tg::Position p = position(*v, pos);
        const tg::Move m = v->parse_move(p, move);
        json out = tg::move_json(*v, p, m);
        return out;
    });
}

std::string explain(const std::string& name, const std::string& options, const std::string& pos,
                    const std::string& move) {
    return envelope([&] {
        const auto v = variant(name, options);
        return tg::explanation_json(move, v->explain_move(position(*v, pos), move));
    });
}

std::string perft(const std::string& name, const std::string& options, const std::string& pos,
                  int depth, bool paths) {
    return envelope([&] {
        tg::check_perft_depth(depth);
        const auto v = variant(name, options);
        tg::PerftOptions opt;
        opt.duplicates = paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
        return json(tg::perft(*v, position(*v, pos), depth, opt));
    });
}

std::string render(const std::string& name, const std::string& options, const std::string& pos,
                   const std::string& last_move_json, bool flipped) {
    return envelope([&] {
        const auto v = variant(name, options);
        tg::Position p = position(*v, pos);
        std::optional<tg::Move> last;
        if (!last_move_json.empty()) {
            const json j = json::parse(last_move_json, nullptr, false);
            if (j.is_string()) {
                // As `tradgames render --last-move`: the move is played in pos, the position
                // after it is drawn.
                last = v->parse_move(p, j.get<std::string>());
                tg::Undo u;
                v->make_move(p, *last, u);
            } else if (!j.is_null()) {
                last = drawn_move(*v, j);
            }
        }
        tg::SvgOptions opts;
        opts.flipped = flipped;
        return json(tg::render_svg(*v, p, last ? &*last : nullptr, opts));
    });
}

std::string result(const std::string& name, const std::string& options, const std::string& pos) {
    return envelope([&] {
        const auto v = variant(name, options);
        const tg::Game g(v, position(*v, pos));
        return result_json(g.result());
    });
}

/// A whole number field of the search limits, 0 when absent; OptionError names the field when it
/// is not a whole number in [0, max].
std::int64_t limit_field(const json& j, const char* field, std::int64_t max) {
    if (!j.contains(field) || j[field].is_null()) return 0;
    const json& x = j[field];
    if (!x.is_number_integer() || x.get<std::int64_t>() < 0 || x.get<std::int64_t>() > max) {
        throw tg::OptionError(std::string("search: ") + field + " must be a whole number from 0 to " +
                              std::to_string(max));
    }
    return x.get<std::int64_t>();
}

/// The engine's choice (engine/search) for the game that starts at `start` and continues with
/// `moves_json` (a JSON list of move texts; the history counts for repetition draws and ply
/// caps). `limits_json`: {depth, movetime_ms, nodes} (at least one, all whole numbers). Returns
/// search_result_json's object plus "move": the best move as a legalMoves object (null when the
/// game is over). One Searcher per variant is kept, so its transposition table carries over
/// between the moves of a game, as a player's does.
std::string search(const std::string& name, const std::string& options, const std::string& start,
                   const std::string& moves_json, const std::string& limits_json) {
    return envelope([&] {
        const auto v = variant(name, options);
        const json moves = json::parse(moves_json.empty() ? "[]" : moves_json, nullptr, false);
        if (!moves.is_array()) throw tg::ParseError("search: moves must be a list of move texts");
        tg::Game g(v, position(*v, start));
        for (const json& m : moves) {
            if (!m.is_string()) throw tg::ParseError("search: moves must be a list of move texts");
            g.play(m.get<std::string>());
        }
        const json lj = json::parse(limits_json.empty() ? "{}" : limits_json, nullptr, false);
        if (!lj.is_object()) throw tg::OptionError("search: limits must be an object {depth, movetime_ms, nodes}");
        tg::engine::SearchLimits limits;
        limits.depth = static_cast<int>(limit_field(lj, "depth", tg::engine::max_search_ply - 1));
        limits.movetime_ms = limit_field(lj, "movetime_ms", 3600000);
        limits.nodes = static_cast<std::uint64_t>(limit_field(lj, "nodes", std::int64_t{1} << 40));
        if (limits.depth == 0 && limits.movetime_ms == 0 && limits.nodes == 0) {
            throw tg::OptionError("search: give depth, movetime_ms or nodes (a search needs a limit)");
        }
        static std::map<const tg::Variant*, std::unique_ptr<tg::engine::Searcher>> searchers;
        auto& searcher = searchers[v.get()];
        if (!searcher) searcher = std::make_unique<tg::engine::Searcher>(v, tg::engine::SearcherOptions{});
        const tg::engine::SearchResult r = searcher->search(g, limits);
        json out = json::parse(tg::engine::search_result_json(r));
        out["move"] = r.has_move ? tg::move_json(*v, g.position(), r.best) : json(nullptr);
        return out;
    });
}

/// A game in progress (tradgames::Game) for JavaScript: api.js wraps it as class Game.
class GameHandle {
public:
    GameHandle() = default;

    std::string start(const std::string& name, const std::string& options, const std::string& pos) {
        return envelope([&] {
            const auto v = variant(name, options);
            game_ = std::make_unique<tg::Game>(v, position(*v, pos));
            return state();
        });
    }

    std::string from_pdn(const std::string& text, const std::string& fallback,
                         const std::string& options) {
        return envelope([&] {
            const auto games = tg::read_pdn(text);
            if (games.empty()) throw tg::ParseError("PDN: no game found");
            game_ = std::make_unique<tg::Game>(
                tg::replay_pdn(games.front(), fallback.empty() ? "russian" : fallback,
                               read_options(options)));
            return state();
        });
    }

    /// Plays a move given as notation text, or as {after: position string} (a legalMoves
    /// object: the legal move leading there).
    std::string play(const std::string& move_json) {
        return envelope([&] {
            tg::Game& g = game();
            const json j = json::parse(move_json, nullptr, false);
            if (j.is_string()) {
                g.play(j.get<std::string>());
            } else if (j.is_object() && j.contains("after") && j["after"].is_string()) {
                const std::string after = j["after"].get<std::string>();
                std::optional<tg::Move> found;
                for (const tg::Move& m : g.legal_moves()) {
                    tg::Position p = g.position();
                    tg::Undo u;
                    g.variant().make_move(p, m, u);
                    if (g.variant().position_to_string(p) == after) {
                        found = m;
                        break;
                    }
                }
                if (!found) {
                    throw tg::IllegalMoveError("no legal move of " +
                                               g.variant().position_to_string(g.position()) +
                                               " leads to " + tg::quoted(after));
                }
                g.play(*found);
            } else {
                throw tg::ParseError("play: expected move text or a move object with 'after'");
            }
            return state();
        });
    }

    std::string undo() {
        return envelope([&] {
            game().undo();
            return state();
        });
    }

    std::string current() {
        return envelope([&] { return state(); });
    }

    std::string legal_moves() {
        return envelope([&] {
            const tg::Game& g = game();
            // A finished game has no legal moves (Game::legal_moves), even if the position has.
            if (g.result().over()) return json::array();
            return tg::moves_json(g.variant(), g.position());
        });
    }

    std::string pdn(const std::string& tags_json) {
        return envelope([&] {
            std::vector<tg::PdnTag> tags;
            const json j = json::parse(tags_json.empty() ? "{}" : tags_json, nullptr, false);
            if (!j.is_object()) throw tg::ParseError("pdn: tags must be an object of strings");
            for (const auto& [k, val] : j.items()) {
                if (!val.is_string()) throw tg::ParseError("pdn: tag " + tg::quoted(k) + " is not a string");
                tags.push_back({k, val.get<std::string>()});
            }
            return json(tg::write_pdn(game(), tags));
        });
    }

    std::string render(bool flipped) {
        return envelope([&] {
            const tg::Game& g = game();
            const tg::Move* last = g.moves().empty() ? nullptr : &g.moves().back();
            tg::SvgOptions opts;
            opts.flipped = flipped;
            return json(tg::render_svg(g.variant(), g.position(), last, opts));
        });
    }

private:
    tg::Game& game() {
        if (!game_) throw tg::Error("game: not started");
        return *game_;
    }

    /// {variant, options, start, position, ply, result, history: [move objects]}.
    json state() {
        const tg::Game& g = game();
        json history = json::array();
        for (std::size_t i = 0; i < g.moves().size(); ++i) {
            history.push_back(tg::move_json(g.variant(), g.positions()[i], g.moves()[i]));
        }
        json opts = json::object();
        for (const auto& spec : g.variant().options().specs()) {
            opts[spec.name] = g.variant().options().value(spec.name);
        }
        return {{"variant", g.variant().name()},
                {"options", opts},
                {"start", g.variant().position_to_string(g.start_position())},
                {"position", g.variant().position_to_string(g.position())},
                {"side_to_move", std::string(tg::to_string(g.position().side_to_move()))},
                {"ply", g.ply()},
                {"result", result_json(g.result())},
                {"history", history}};
    }

    std::unique_ptr<tg::Game> game_;
};

/// A tradgames::VectorEnv with the arrays it writes, for api.js's VectorEnv. WebAssembly has no
/// threads here: one thread steps every environment. The arrays live in the module's memory;
/// JavaScript reads them through typed-array views (no copy) and writes the actions into
/// actions() before step(). The stepping calls return "" or an error envelope (no JSON per step).
class VectorEnvHandle {
public:
    VectorEnvHandle() = default;

    /// {num_envs, num_actions, planes, vertices: [names in vertex order], view}.
    std::string start(const std::string& name, const std::string& options, int num_envs, double seed,
                      const std::string& view, int max_plies, const std::string& pos) {
        return envelope([&] {
            const auto v = variant(name, options);
            tg::VectorEnvOptions o;
            if (num_envs < 1) throw tg::OptionError("num_envs " + std::to_string(num_envs) + " is not in 1..65536");
            o.num_envs = static_cast<std::size_t>(num_envs);
            o.seed = seed_of(seed);
            o.threads = 1;
            o.view = tg::observation_view(view);
            o.max_plies = max_plies;
            if (!pos.empty()) o.start = v->parse_position(pos);
            auto env = std::make_unique<tg::VectorEnv>(v, std::move(o));
            const std::size_t n = env->size();
            obs_.assign(n * static_cast<std::size_t>(env->observation_size()), 0.0F);
            final_obs_.assign(obs_.size(), 0.0F);
            masks_.assign(n * static_cast<std::size_t>(env->action_count()), 0);
            rewards_.assign(n, 0.0F);
            terminated_.assign(n, 0);
            truncated_.assign(n, 0);
            players_.assign(n, 0);
            actions_.assign(n, 0);
            wide_.assign(n, 0);
            env_ = std::move(env);
            json names = json::array();
            for (int x = 0; x < v->topology().size(); ++x) {
                names.push_back(std::string(v->topology().name(static_cast<tg::Vertex>(x))));
            }
            return json{{"num_envs", n},
                        {"num_actions", env_->action_count()},
                        {"planes", tg::observation_planes(*v)},
                        {"vertices", names},
                        {"view", view}};
        });
    }

    /// Every game back to its start; reseeds when `reseed`.
    std::string reset(bool reseed, double seed) {
        return quiet([&] {
            std::optional<std::uint64_t> s;
            if (reseed) s = seed_of(seed);
            env().reset(outputs(), s);
        });
    }
    /// Takes actions()[i] in game i.
    std::string step() {
        return quiet([&] {
            for (std::size_t i = 0; i < wide_.size(); ++i) wide_[i] = actions_[i];
            env().step(wide_.data(), outputs());
        });
    }
    /// A random legal action per game, drawn in C++, taken; the actions go to actions().
    std::string step_random() {
        return quiet([&] {
            env().step_random(outputs(), wide_.data());
            for (std::size_t i = 0; i < wide_.size(); ++i) actions_[i] = static_cast<std::int32_t>(wide_[i]);
        });
    }
    /// A random legal action per game into actions().
    std::string sample() {
        return quiet([&] {
            env().sample_actions(wide_.data());
            for (std::size_t i = 0; i < wide_.size(); ++i) actions_[i] = static_cast<std::int32_t>(wide_[i]);
        });
    }

    emscripten::val observation() { return view(obs_); }
    emscripten::val final_observation() { return view(final_obs_); }
    emscripten::val action_mask() { return view(masks_); }
    emscripten::val reward() { return view(rewards_); }
    emscripten::val terminated() { return view(terminated_); }
    emscripten::val truncated() { return view(truncated_); }
    emscripten::val current_player() { return view(players_); }
    emscripten::val actions() { return view(actions_); }

    /// {position, ply, episodes, pending: [actions of the unfinished move]} of game i.
    std::string game(int i) {
        return envelope([&] {
            const tg::VectorEnv& e = env();
            if (i < 0 || static_cast<std::size_t>(i) >= e.size()) {
                throw tg::OptionError("environment " + std::to_string(i) + " is not in 0.." + std::to_string(e.size() - 1));
            }
            const auto k = static_cast<std::size_t>(i);
            return json{{"position", e.variant().position_to_string(e.game(k).position())},
                        {"ply", e.game(k).ply()},
                        {"episodes", e.episodes(k)},
                        {"pending", e.turn(k).taken()}};
        });
    }

private:
    static std::uint64_t seed_of(double seed) {
        if (!(seed >= 0 && seed <= 9007199254740991.0) || static_cast<double>(static_cast<std::uint64_t>(seed)) != seed) {
            throw tg::OptionError("seed: expected a whole number from 0 to 2^53 - 1");
        }
        return static_cast<std::uint64_t>(seed);
    }
    template <class T>
    static emscripten::val view(std::vector<T>& v) {
        return emscripten::val(emscripten::typed_memory_view(v.size(), v.data()));
    }
    /// Runs f; "" when it returned, else the error envelope.
    template <class F>
    static std::string quiet(F&& f) {
        try {
            f();
            return {};
        } catch (...) {
            return envelope([] () -> json { throw; });
        }
    }
    tg::VectorEnv& env() {
        if (!env_) throw tg::Error("vector env: not started");
        return *env_;
    }
    tg::VectorEnvOutputs outputs() {
        return {obs_.data(), masks_.data(), rewards_.data(), terminated_.data(), truncated_.data(), players_.data(),
                final_obs_.data()};
    }

    std::unique_ptr<tg::VectorEnv> env_;
    std::vector<float> obs_, final_obs_, rewards_;
    std::vector<std::uint8_t> masks_, terminated_, truncated_;
    std::vector<std::int8_t> players_;
    std::vector<std::int32_t> actions_;
    std::vector<std::int64_t> wide_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(tradgames) {
    namespace em = emscripten;
    em::function("raw_variants", &variants_json);
    em::function("raw_errorClasses", &error_classes);
    em::function("raw_legalMoves", &legal_moves);
    em::function("raw_initialPosition", &initial_position);
    em::function("raw_play", &play);
    em::function("raw_explain", &explain);
    em::function("raw_perft", &perft);
    em::function("raw_render", &render);
    em::function("raw_result", &result);
    em::function("raw_search", &search);
    em::class_<GameHandle>("RawGame")
        .constructor<>()
        .function("start", &GameHandle::start)
        .function("fromPdn", &GameHandle::from_pdn)
        .function("play", &GameHandle::play)
        .function("undo", &GameHandle::undo)
        .function("current", &GameHandle::current)
        .function("legalMoves", &GameHandle::legal_moves)
        .function("pdn", &GameHandle::pdn)
        .function("render", &GameHandle::render);
    em::class_<VectorEnvHandle>("RawVectorEnv")
        .constructor<>()
        .function("start", &VectorEnvHandle::start)
        .function("reset", &VectorEnvHandle::reset)
        .function("step", &VectorEnvHandle::step)
        .function("stepRandom", &VectorEnvHandle::step_random)
        .function("sample", &VectorEnvHandle::sample)
        .function("observation", &VectorEnvHandle::observation)
        .function("finalObservation", &VectorEnvHandle::final_observation)
        .function("actionMask", &VectorEnvHandle::action_mask)
        .function("reward", &VectorEnvHandle::reward)
        .function("terminated", &VectorEnvHandle::terminated)
        .function("truncated", &VectorEnvHandle::truncated)
        .function("currentPlayer", &VectorEnvHandle::current_player)
        .function("actions", &VectorEnvHandle::actions)
        .function("game", &VectorEnvHandle::game);
}
