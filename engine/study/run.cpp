// Variant studies: playing the games of every cell on worker threads and counting them.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <set>

#include "tradgames/engine/evaluation.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/engine/study.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/shard.hpp"
#include "tradgames/workers.hpp"
#include "tradgames/zobrist.hpp"
#include "study_internal.hpp"

namespace tradgames::engine {

namespace {

void checked_add(std::uint64_t& to, std::uint64_t x) {
    if (__builtin_add_overflow(to, x, &to)) throw Error("study counts: a sum exceeds 2^64 - 1");
}

std::uint64_t checked_mul(std::uint64_t x, std::uint64_t y) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(x, y, &r)) throw Error("study counts: a product exceeds 2^64 - 1");
    return r;
}

void add_vector(std::vector<std::uint64_t>& to, const std::vector<std::uint64_t>& from) {
    if (to.size() < from.size()) to.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) checked_add(to[i], from[i]);
}

/// Phase (10-ply bucket) of ply p.
std::size_t phase_of(std::size_t ply) noexcept { return std::min<std::size_t>(ply / 10, 19); }

/// Material of side c: the evaluation's material weight of each kind times its pieces.
long material(const Position& pos, Color c, const Evaluation& eval, int kinds) {
    long m = 0;
    for (int k = 0; k < kinds; ++k) {
        m += static_cast<long>(eval.material(static_cast<Kind>(k))) *
             count(pos.pieces(c, static_cast<Kind>(k)));
    }
    return m;
}

/// A prepared variant of the study.
struct VariantSlot {
    StudyVariant spec;
    std::shared_ptr<const Variant> variant;
    std::shared_ptr<const Evaluation> eval;
};

/// A cell to play: its variant slot and players.
struct CellPlan {
    std::size_t variant = 0;
    PlayerSpec white, black;
    std::uint64_t key = 0;
};

/// What a worker keeps while it plays games of one cell.
struct WorkerCell {
    std::size_t cell = SIZE_MAX;
    std::unique_ptr<Game> game;
    std::unique_ptr<Searcher> scorer;
    /// Search players are deterministic and keep a table: made once per worker and cell, cleared
    /// for each game by new_game(). Other players are made per game, from the game's seeds.
    std::unique_ptr<Player> white_search, black_search;
};

/// The uncertainty of a position from White's score v (centi-men; proven = nullopt-like huge):
/// 4 p (1 - p) with p = 1 / (1 + 10^(-v / 300)), in thousandths, rounded.
std::uint64_t uncertainty_milli(int white_value, bool proven) {
    if (proven) return 0;
    const double p = 1.0 / (1.0 + std::pow(10.0, -white_value / 300.0));
    return static_cast<std::uint64_t>(std::llround(4.0 * p * (1.0 - p) * 1000.0));
}

/// Behind by at least this much (centi-men) counts as behind for drama.
constexpr int behind_margin = 50;

}  // namespace

void PairSums::add(std::uint64_t ai, std::uint64_t bi) {
    checked_add(a, ai);
    checked_add(b, bi);
    checked_add(aa, checked_mul(ai, ai));
    checked_add(bb, checked_mul(bi, bi));
    checked_add(ab, checked_mul(ai, bi));
}

void PairSums::add(const PairSums& o) {
    checked_add(a, o.a);
    checked_add(b, o.b);
    checked_add(aa, o.aa);
    checked_add(bb, o.bb);
    checked_add(ab, o.ab);
}

void StudyCounts::add(const StudyCounts& o) {
    checked_add(games, o.games);
    for (std::size_t i = 0; i < outcomes.size(); ++i) checked_add(outcomes[i], o.outcomes[i]);
    for (const auto& [k, n] : o.reasons) checked_add(reasons[k], n);
    length.add(o.length);
    branching.add(o.branching);
    capture_positions.add(o.capture_positions);
    capture_moves.add(o.capture_moves);
    capture_length.add(o.capture_length);
    promotions.add(o.promotions);
    lead_changes.add(o.lead_changes);
    uncertainty.add(o.uncertainty);
    drama.add(o.drama);
    add_vector(length_histogram, o.length_histogram);
    add_vector(capture_histogram, o.capture_histogram);
    for (std::size_t i = 0; i < phase_positions.size(); ++i) {
        checked_add(phase_positions[i], o.phase_positions[i]);
        checked_add(phase_legal_moves[i], o.phase_legal_moves[i]);
    }
}

StudyVariant parse_study_variant(std::string_view text) {
    StudyVariant s;
    s.label = std::string(text);
    std::size_t at = text.find(':');
    s.name = std::string(text.substr(0, at));
    if (s.name.empty()) throw OptionError("study variant " + quoted(text) + ": empty variant name");
    while (at != std::string_view::npos) {
        const std::size_t next = text.find(':', at + 1);
        const std::string_view item = text.substr(at + 1, next == std::string_view::npos ? next : next - at - 1);
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size()) {
            throw OptionError("study variant " + quoted(text) + ": option " + quoted(item) +
                              " is not key=value (write name:key=value:key=value)");
        }
        s.options.emplace_back(item);
        at = next;
    }
    try {
        (void)make_variant(s.name, s.options);
    } catch (const OptionError& e) {
        throw OptionError("study variant " + quoted(text) + ": " + e.what());
    }
    return s;
}

namespace {

void check_options(const StudyOptions& o) {
    if (o.variants.empty()) throw OptionError("study: no variant given");
    if (o.players.empty()) throw OptionError("study: no player given");
    if (o.games == 0) throw OptionError("study: the number of games must be at least 1");
    if (o.games > std::numeric_limits<std::uint64_t>::max() - o.first_game) {
        throw OptionError("study: the first game plus the number of games exceeds 2^64 - 1");
    }
    if (o.opening_plies < 0 || o.opening_plies > 64) {
        throw OptionError("study: opening plies " + std::to_string(o.opening_plies) + " is not in 0..64");
    }
    if (o.ply_cap < 0 || o.ply_cap > 100000) {
        throw OptionError("study: ply cap " + std::to_string(o.ply_cap) + " is not in 0..100000");
    }
    if (o.score_depth < 0 || o.score_depth > 8) {
        throw OptionError("study: score depth " + std::to_string(o.score_depth) + " is not in 0..8");
    }
    std::set<std::string> seen;
    for (const auto& v : o.variants) {
        if (!seen.insert(v).second) throw OptionError("study: variant " + quoted(v) + " given twice");
    }
    seen.clear();
    for (const auto& p : o.players) {
        if (!seen.insert(p).second) throw OptionError("study: player " + quoted(p) + " given twice");
        const PlayerSpec s = parse_player_spec(p);
        if (!is_builtin_player(s.name)) {
            throw OptionError("study: player " + quoted(p) + " is not a built-in player (random, greedy, search, mcts)");
        }
    }
}

}  // namespace

StudyResult run_study(const StudyOptions& options) {
    check_options(options);
    std::vector<VariantSlot> slots;
    for (const auto& text : options.variants) {
        VariantSlot s;
        s.spec = parse_study_variant(text);
        s.variant = make_variant(s.spec.name, s.spec.options);
        s.eval = evaluation_for(*s.variant);
        slots.push_back(std::move(s));
    }
    std::vector<PlayerSpec> specs;
    for (const auto& p : options.players) specs.push_back(parse_player_spec(p));

    StudyResult result;
    result.settings = options;
    result.settings.progress = nullptr;
    std::vector<CellPlan> plans;
    for (std::size_t v = 0; v < slots.size(); ++v) {
        auto add_cell = [&](std::size_t w, std::size_t b) {
            CellPlan p{v, specs[w], specs[b], 0};
            p.key = study_detail::fnv1a(slots[v].spec.label + "|" + specs[w].text + "|" + specs[b].text);
            plans.push_back(p);
            StudyCell c;
            c.variant = slots[v].spec.label;
            c.options = option_values(*slots[v].variant);
            c.white = specs[w].text;
            c.black = specs[b].text;
            c.first_game = options.first_game;
            if (options.record_games) c.records.resize(options.games);
            result.cells.push_back(std::move(c));
        };
        for (std::size_t i = 0; i < specs.size(); ++i) add_cell(i, i);
        if (options.mixed) {
            for (std::size_t i = 0; i < specs.size(); ++i) {
                for (std::size_t j = 0; j < specs.size(); ++j) {
                    if (i != j) add_cell(i, j);
                }
            }
        }
    }
    // Every player is made once here, so that a bad spec fails before any game.
    for (const auto& p : plans) {
        (void)make_player(p.white, slots[p.variant].variant, 1);
        (void)make_player(p.black, slots[p.variant].variant, 1);
    }
    const std::uint64_t games = options.games;
    if (plans.size() > std::numeric_limits<std::uint64_t>::max() / games) {
        throw OptionError("study: too many games in all (cells x games exceeds 2^64 - 1)");
    }
    const std::uint64_t total = plans.size() * games;
    result.threads = worker_threads(options.threads, total);

    const auto t0 = std::chrono::steady_clock::now();
    std::vector<StudyCounts> counts(plans.size());
    std::vector<double> seconds(plans.size(), 0.0), seconds_sq(plans.size(), 0.0);

    auto play_one = [&](WorkerCell& w, std::size_t ci, std::uint64_t index, StudyCounts& acc,
                        std::vector<std::pair<std::size_t, double>>& times) {
        const CellPlan& plan = plans[ci];
        const VariantSlot& slot = slots[plan.variant];
        const Variant& variant = *slot.variant;
        if (w.cell != ci) {
            w = WorkerCell{};
            w.cell = ci;
            w.game = std::make_unique<Game>(slot.variant);
            if (options.score_depth > 0) {
                w.scorer = std::make_unique<Searcher>(slot.variant, SearcherOptions{1, nullptr, slot.eval});
            }
            if (plan.white.name == "search") w.white_search = make_player(plan.white, slot.variant, 0);
            if (plan.black.name == "search") w.black_search = make_player(plan.black, slot.variant, 0);
        }
        std::uint64_t seed = options.seed;
        Rng rng = playout_rng(zobrist::splitmix64(seed) ^ plan.key, index);
        const std::uint64_t white_seed = rng.next();
        const std::uint64_t black_seed = rng.next();
        std::unique_ptr<Player> white_own, black_own;
        Player* white = w.white_search.get();
        Player* black = w.black_search.get();
        if (!white) {
            white_own = make_player(plan.white, slot.variant, white_seed);
            white = white_own.get();
        }
        if (!black) {
            black_own = make_player(plan.black, slot.variant, black_seed);
            black = black_own.get();
        }
        white->new_game();
        black->new_game();
        if (w.scorer) w.scorer->clear();
        Game& game = *w.game;
        game.reset();
        StudyGame g;
        g.index = index;
        const int kinds = static_cast<int>(variant.kinds().size());
        int leader = 0;
        std::vector<int> scores;  // White's score of each position scored, for drama
        SearchLimits score_limits;
        score_limits.depth = options.score_depth;
        while (!game.result().over()) {
            const MoveList& legal = game.legal_moves();
            const std::size_t ply = game.ply();
            g.legal_moves += legal.size();
            const bool any_capture = std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.is_capture(); });
            g.capture_positions += any_capture ? 1 : 0;
            checked_add(acc.phase_positions[phase_of(ply)], 1);
            checked_add(acc.phase_legal_moves[phase_of(ply)], legal.size());
            if (w.scorer) {
                const SearchResult r = w.scorer->search(game, score_limits);
                const int sign = game.position().side_to_move() == Color::white ? 1 : -1;
                const int value = sign * r.score.value;
                scores.push_back(value);
                g.uncertainty_milli += uncertainty_milli(value, r.score.proven());
                ++g.scored_positions;
            }
            Move m;
            if (ply < static_cast<std::size_t>(options.opening_plies)) {
                m = legal[static_cast<std::size_t>(rng.below(legal.size()))];
            } else {
                Player& p = game.position().side_to_move() == Color::white ? *white : *black;
                const auto c0 = std::chrono::steady_clock::now();
                m = p.choose(game, MoveBudget{});
                g.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
            }
            const Position& before = game.position();
            if (options.record_games) g.moves.push_back(variant.move_to_string(before, m));
            if (m.is_capture()) {
                ++g.capture_moves;
                g.captured_pieces += m.captured.size();
                const std::size_t k = m.captured.size();
                if (acc.capture_histogram.size() <= k) acc.capture_histogram.resize(k + 1);
                checked_add(acc.capture_histogram[k], 1);
            }
            if (m.promotion != no_kind && m.kind != MoveKind::drop && m.from < max_vertices) {
                const Piece moving = before.at(m.from);
                if (!moving.empty() && slot.eval->material(m.promotion) > slot.eval->material(moving.kind())) {
                    ++g.promotions;
                }
            }
            game.play(m);
            const Position& after = game.position();
            const long diff = material(after, Color::white, *slot.eval, kinds) -
                              material(after, Color::black, *slot.eval, kinds);
            const int now = diff > 0 ? 1 : diff < 0 ? -1 : 0;
            if (now != 0) {
                if (leader != 0 && now != leader) ++g.lead_changes;
                leader = now;
            }
            if (!game.result().over() && options.ply_cap > 0 &&
                game.ply() >= static_cast<std::size_t>(options.ply_cap)) {
                game.set_result(Outcome::draw, "ply cap (" + std::to_string(options.ply_cap) + ")");
            }
        }
        g.result = game.result();
        g.plies = game.ply();
        const Outcome o = g.result.outcome;
        if (o == Outcome::white_wins || o == Outcome::black_wins) {
            const int winner = o == Outcome::white_wins ? 1 : -1;
            for (const int s : scores) g.winner_behind += winner * s <= -behind_margin ? 1 : 0;
            acc.drama.add(g.winner_behind, g.scored_positions);
        }
        checked_add(acc.games, 1);
        checked_add(acc.outcomes[static_cast<std::size_t>(o)], 1);
        checked_add(acc.reasons[{o, g.result.reason}], 1);
        acc.length.add(g.plies, 1);
        acc.branching.add(g.legal_moves, g.plies);
        acc.capture_positions.add(g.capture_positions, g.plies);
        acc.capture_moves.add(g.capture_moves, g.plies);
        acc.capture_length.add(g.captured_pieces, g.capture_moves);
        acc.promotions.add(g.promotions, 1);
        acc.lead_changes.add(g.lead_changes, 1);
        if (options.score_depth > 0) acc.uncertainty.add(g.uncertainty_milli, g.scored_positions);
        if (acc.length_histogram.size() <= g.plies) acc.length_histogram.resize(g.plies + 1);
        checked_add(acc.length_histogram[g.plies], 1);
        times.emplace_back(ci, g.seconds);
        if (options.record_games) result.cells[ci].records[index - options.first_game] = std::move(g);
    };

    run_workers(total, result.threads, [&](WorkItems& items) {
        std::vector<StudyCounts> acc(plans.size());
        std::vector<std::pair<std::size_t, double>> times;
        WorkerCell w;
        std::uint64_t j = 0;
        while (items.next(j)) {
            const auto ci = static_cast<std::size_t>(j / games);
            play_one(w, ci, options.first_game + j % games, acc[ci], times);
            items.finished_one();
        }
        const std::lock_guard lock(items.merge_lock());
        for (std::size_t c = 0; c < plans.size(); ++c) counts[c].add(acc[c]);
        for (const auto& [c, s] : times) {
            seconds[c] += s;
            seconds_sq[c] += s * s;
        }
    }, options.progress);
    for (std::size_t c = 0; c < plans.size(); ++c) {
        result.cells[c].counts = std::move(counts[c]);
        result.cells[c].seconds = seconds[c];
        result.cells[c].seconds_sq = seconds_sq[c];
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

}  // namespace tradgames::engine
