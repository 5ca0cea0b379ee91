// The referee: players, openings and the match loop (include/tradgames/engine/match.hpp).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "tradgames/engine/dxp.hpp"
#include "tradgames/engine/dxp_address.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/engine/match_cb.hpp"
#include "tradgames/engine/match_hub.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/error.hpp"
#include "tradgames/io/pdn.hpp"

namespace tradgames::engine {

void MatchPlayer::new_game(const Game& game) { (void)game; }

PlayerStats MatchPlayer::stats() const { return {}; }

void MatchPlayer::set_clock(const MoveClock& clock) { (void)clock; }

void MatchPlayer::interrupt() {}

double MatchGame::player1_score() const noexcept {
    if (outcome == Outcome::draw) return 0.5;
    const bool white_won = outcome == Outcome::white_wins;
    return white_won == player1_white ? 1.0 : 0.0;
}

// ---------------------------------------------------------------------------------------------
// Players

namespace {

/// A player of the playing layer (player.hpp: random, greedy, search, mcts) as a match player.
class BuiltinPlayer final : public MatchPlayer {
public:
    explicit BuiltinPlayer(std::unique_ptr<Player> p) : p_(std::move(p)) {}
    [[nodiscard]] std::string name() const override { return p_->name(); }
    void new_game(const Game& game) override {
        (void)game;
        p_->new_game();
    }
    [[nodiscard]] PlayerReply play(const Game& game, double seconds) override {
        PlayerReply r;
        MoveBudget b;
        b.movetime_ms = std::max<std::int64_t>(1, std::llround(seconds * 1000));
        try {
            r.move = p_->choose(game, b);
        } catch (const Error& e) {
            r.failure = e.what();
        }
        return r;
    }

private:
    std::unique_ptr<Player> p_;
};

}  // namespace

PlayerFactory make_player_factory(std::string_view text, std::shared_ptr<const Variant> variant) {
    const PlayerSpec spec = parse_player_spec(text);
    if (spec.name == "cb") {
        const std::string path = spec.rest;
        if (path.empty()) throw OptionError("player '" + spec.text + "': cb: needs the engine's file");
        (void)CbMapping(*variant);  // the variant must be one CheckerBoard engines play
        return [path, variant] { return std::make_unique<CbEngine>(path, variant); };
    }
    if (spec.name == "hub") {
        const std::string command = spec.rest;
        if (command.empty()) throw OptionError("player '" + spec.text + "': hub: needs a command");
        (void)HubHost(command, variant);  // the variant must have Hub positions
        return [command, variant] { return std::make_unique<HubHost>(command, variant); };
    }
    if (spec.name == "dxp") {
        DxpAddress a;
        try {
            a = parse_dxp_address(spec.rest);
        } catch (const OptionError& e) {
            throw OptionError("player '" + spec.text + "': dxp:HOST:PORT: " + e.what());
        }
        const std::string host = a.host;
        const int p = a.port;
        (void)DxpPlayer(host, p, variant);  // International only, a port 1..65535
        return [host, p, variant] { return std::make_unique<DxpPlayer>(host, p, variant); };
    }
    if (!is_builtin_player(spec.name)) {
        throw OptionError("player '" + spec.text +
                          "': expected random, greedy, search:..., mcts:..., cb:PATH.so, hub:COMMAND or dxp:HOST:PORT");
    }
    (void)make_player(spec, variant, 1);  // checks the options for this variant now
    // Each game slot gets its own seed (1, 2, ...) unless the spec sets one.
    auto slots = std::make_shared<std::atomic<std::uint64_t>>(1);
    return [spec, variant, slots] {
        return std::make_unique<BuiltinPlayer>(make_player(spec, variant, slots->fetch_add(1)));
    };
}

// ---------------------------------------------------------------------------------------------
// Openings

namespace {

std::string trim(std::string_view t) {
    const auto b = t.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return {};
    const auto e = t.find_last_not_of(" \t\r");
    return std::string(t.substr(b, e - b + 1));
}

bool is_move_number(std::string_view w) {
    const auto digits = w.find_first_not_of("0123456789");
    return digits != 0 && digits != std::string_view::npos &&
           w.find_first_not_of('.', digits) == std::string_view::npos;
}

}  // namespace

std::vector<Opening> parse_openings(std::string_view text, const Variant& variant) {
    std::vector<Opening> out;
    std::size_t line_no = 0, at = 0;
    while (at <= text.size()) {
        const auto nl = text.find('\n', at);
        std::string_view raw = text.substr(at, nl == std::string_view::npos ? text.size() - at
                                                                           : nl - at);
        at = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        ++line_no;
        const auto hash = raw.find('#');
        const std::string line = trim(raw.substr(0, hash));
        if (line.empty()) continue;
        const std::string where = "openings line " + std::to_string(line_no) + ": ";
        Opening o;
        o.text = line;
        try {
            if (line.size() >= 2 && (line[0] == 'W' || line[0] == 'B' || line[0] == 'w' ||
                                     line[0] == 'b') && line[1] == ':') {
                o.start = variant.parse_position(line);
            } else {
                o.start = variant.initial_position();
                Game g(std::shared_ptr<const Variant>(std::shared_ptr<const Variant>{}, &variant),
                       o.start);
                std::size_t w = 0;
                while (w < line.size()) {
                    const auto sp = line.find_first_of(" \t", w);
                    const std::string word =
                        line.substr(w, sp == std::string::npos ? std::string::npos : sp - w);
                    w = sp == std::string::npos ? line.size() : line.find_first_not_of(" \t", sp);
                    if (w == std::string::npos) w = line.size();
                    if (word.empty() || is_move_number(word)) continue;
                    if (g.result().over()) {
                        throw ParseError("the game is over before '" + word + "'");
                    }
                    o.moves.push_back(g.play(word));
                }
            }
            Game check(std::shared_ptr<const Variant>(std::shared_ptr<const Variant>{}, &variant),
                       o.start);
            for (const Move& m : o.moves) check.play(m);
            if (check.result().over()) throw ParseError("the opening ends the game");
        } catch (const Error& e) {
            throw ParseError(where + e.what());
        }
        out.push_back(std::move(o));
    }
    if (out.empty()) throw ParseError("openings: no opening in the file");
    return out;
}

std::vector<Opening> all_openings(const Variant& variant, int plies) {
    if (plies < 0 || plies > 6) throw OptionError("openings: plies must be 0..6");
    std::vector<Opening> out;
    const std::shared_ptr<const Variant> v(std::shared_ptr<const Variant>{}, &variant);
    Game g(v);
    std::vector<std::string> words;
    const auto walk = [&](auto& self, int left) -> void {
        if (g.result().over()) return;
        if (left == 0) {
            Opening o;
            o.start = g.start_position();
            o.moves = g.moves();
            for (const auto& w : words) o.text += (o.text.empty() ? "" : " ") + w;
            out.push_back(std::move(o));
            return;
        }
        const MoveList legal = g.legal_moves();
        for (const Move& m : legal) {
            words.push_back(variant.move_to_string(g.position(), m));
            g.play(m);
            self(self, left - 1);
            g.undo();
            words.pop_back();
        }
    };
    walk(walk, plies);
    return out;
}

// ---------------------------------------------------------------------------------------------
// The match

namespace {

struct Slot {
    std::unique_ptr<MatchPlayer> p1, p2;
};

MatchGame play_game(const std::shared_ptr<const Variant>& variant, Slot& slot,
                    const MatchOptions& o, std::uint64_t round) {
    MatchGame rec;
    rec.round = round;
    const std::uint64_t pair = (round - 1) / 2;
    rec.player1_white = (round - 1) % 2 == 0;
    std::optional<Position> start;
    const Opening* opening = nullptr;
    if (!o.openings.empty()) {
        rec.opening = static_cast<std::size_t>(pair % o.openings.size());
        opening = &o.openings[rec.opening];
        start = opening->start;
    }
    Game game(variant, start);
    if (opening != nullptr) {
        for (const Move& m : opening->moves) game.play(m);
    }
    MatchPlayer& white = rec.player1_white ? *slot.p1 : *slot.p2;
    MatchPlayer& black = rec.player1_white ? *slot.p2 : *slot.p1;
    white.new_game(game);
    black.new_game(game);
    rec.white = white.name();
    rec.black = black.name();
    double clock[2] = {o.time.base, o.time.base};
    const std::size_t first_ply = game.ply();
    while (!game.result().over()) {
        if (o.max_plies > 0 && game.ply() - first_ply >= static_cast<std::size_t>(o.max_plies)) {
            game.set_result(Outcome::draw, "ply cap (" + std::to_string(o.max_plies) + ")");
            break;
        }
        const Color side = game.position().side_to_move();
        const int si = side == Color::white ? 0 : 1;
        MatchPlayer& p = side == Color::white ? white : black;
        const std::string& pname = side == Color::white ? rec.white : rec.black;
        double budget = o.time.movetime;
        if (o.time.clock) {
            budget = std::min(clock[si], clock[si] / 30 + o.time.increment);
            p.set_clock(MoveClock{clock[si], clock[1 - si], o.time.increment});
        }
        const auto t0 = std::chrono::steady_clock::now();
        PlayerReply r = p.play(game, budget);
        const double used =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const bool p1 = (side == Color::white) == rec.player1_white;
        (p1 ? rec.player1_moves : rec.player2_moves) += 1;
        (p1 ? rec.player1_seconds : rec.player2_seconds) += used;
        const Outcome other = win_for(side == Color::white ? Color::black : Color::white);
        if (!r.move) {
            game.set_result(other, pname + ": " + r.failure);
            break;
        }
        if (o.time.clock) {
            clock[si] -= used;
            if (clock[si] < 0) {
                game.set_result(other, pname + ": time forfeit");
                break;
            }
            clock[si] += o.time.increment;
        }
        try {
            game.play(*r.move);
        } catch (const IllegalMoveError& e) {
            game.set_result(other, pname + ": illegal move (" + e.what() + ")");
            break;
        }
    }
    rec.outcome = game.result().outcome;
    rec.reason = game.result().reason;
    rec.plies = game.ply() - first_ply;
    std::vector<PdnTag> tags = {{"Event", o.event},
                                {"Round", std::to_string(round)},
                                {"White", rec.white},
                                {"Black", rec.black}};
    if (opening != nullptr) tags.push_back({"Opening", opening->text});
    tags.push_back({"Termination", rec.reason});
    rec.pdn = write_pdn(game, tags);
    return rec;
}

}  // namespace

MatchResult run_match(std::shared_ptr<const Variant> variant, const PlayerFactory& player1,
                      const PlayerFactory& player2, const MatchOptions& options) {
    if (options.games == 0) throw OptionError("match: at least one game");
    if (options.concurrency == 0) throw OptionError("match: concurrency must be at least 1");
    if (options.time.clock ? !(options.time.base > 0) || !(options.time.increment >= 0)
                           : !(options.time.movetime > 0)) {
        throw OptionError("match: the time per move or on the clock must be positive");
    }
    if (options.max_plies < 0) throw OptionError("match: max plies must not be negative");
    const auto t0 = std::chrono::steady_clock::now();
    const unsigned workers = static_cast<unsigned>(
        std::min<std::uint64_t>(options.concurrency, options.games));
    std::vector<Slot> slots(workers);
    for (auto& s : slots) {
        s.p1 = player1();
        s.p2 = player2();
    }
    MatchResult result;
    result.player1 = slots[0].p1->name();
    result.player2 = slots[0].p2->name();
    result.scheduled = options.games;

    std::mutex m;
    std::condition_variable cv;
    std::vector<MatchGame> finished;  // handed to the calling thread
    std::atomic<std::uint64_t> next{1};
    std::exception_ptr error;
    std::atomic<bool> stop{false};
    unsigned running = workers;
    const auto work = [&](Slot& slot) {
        for (;;) {
            if (stop.load()) break;
            const std::uint64_t round = next.fetch_add(1);
            if (round > options.games) break;
            try {
                MatchGame g = play_game(variant, slot, options, round);
                std::lock_guard<std::mutex> lock(m);
                finished.push_back(std::move(g));
            } catch (...) {
                std::lock_guard<std::mutex> lock(m);
                if (!error) error = std::current_exception();
                stop = true;
            }
            cv.notify_one();
        }
        std::lock_guard<std::mutex> lock(m);
        --running;
        cv.notify_one();
    };
    std::vector<std::thread> threads;
    for (unsigned i = 1; i < workers; ++i) threads.emplace_back(work, std::ref(slots[i]));
    std::thread first(work, std::ref(slots[0]));
    // The calling thread gathers results and reports progress.
    {
        std::unique_lock<std::mutex> lock(m);
        for (;;) {
            cv.wait(lock, [&] { return !finished.empty() || running == 0; });
            std::vector<MatchGame> batch;
            batch.swap(finished);
            lock.unlock();
            for (MatchGame& g : batch) {
                const double s = g.player1_score();
                if (s == 1.0) ++result.wins;
                else if (s == 0.0) ++result.losses;
                else ++result.draws;
                ++result.reasons[g.reason];
                result.player1_moves += g.player1_moves;
                result.player2_moves += g.player2_moves;
                result.player1_seconds += g.player1_seconds;
                result.player2_seconds += g.player2_seconds;
                result.games.push_back(std::move(g));
                result.seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                if (options.progress) options.progress(result);
            }
            lock.lock();
            if (running == 0 && finished.empty()) break;
        }
    }
    first.join();
    for (auto& t : threads) t.join();
    if (error) std::rethrow_exception(error);
    std::sort(result.games.begin(), result.games.end(),
              [](const MatchGame& a, const MatchGame& b) { return a.round < b.round; });
    for (const auto& s : slots) {
        const PlayerStats a = s.p1->stats(), b = s.p2->stats();
        result.player1_stats.moves += a.moves;
        result.player1_stats.nodes += a.nodes;
        result.player1_stats.seconds += a.seconds;
        result.player2_stats.moves += b.moves;
        result.player2_stats.nodes += b.nodes;
        result.player2_stats.seconds += b.seconds;
    }
    result.player1 = slots[0].p1->name();
    result.player2 = slots[0].p2->name();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

}  // namespace tradgames::engine
