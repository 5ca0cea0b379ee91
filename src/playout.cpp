#include "tradgames/playout.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <limits>
#include <mutex>
#include <utility>

#include "tradgames/error.hpp"
#include "tradgames/workers.hpp"
#include "tradgames/zobrist.hpp"

namespace tradgames {

std::string_view to_string(Policy p) noexcept {
    return p == Policy::greedy ? "greedy" : "random";
}

Policy parse_policy(std::string_view text) {
    if (text == "random") return Policy::random;
    if (text == "greedy") return Policy::greedy;
    throw OptionError("unknown policy " + quoted(text) + " (known: random, greedy)");
}

Rng playout_rng(std::uint64_t seed, std::uint64_t game) noexcept {
    std::uint64_t s = seed;
    std::uint64_t g = game;
    return Rng(zobrist::splitmix64(s) ^ zobrist::splitmix64(g) * 0xD6E8FEB86659FD93ULL);
}

std::size_t choose_move(const MoveList& legal, Policy policy, Rng& rng) {
    if (policy == Policy::random) return static_cast<std::size_t>(rng.below(legal.size()));
    std::size_t most = 0;
    std::size_t ties = 0;
    for (const Move& m : legal) {
        if (m.captured.size() > most) {
            most = m.captured.size();
            ties = 0;
        }
        ties += m.captured.size() == most ? 1 : 0;
    }
    // The k-th (0-based) of the moves capturing `most` pieces, in list order.
    std::size_t k = static_cast<std::size_t>(rng.below(ties));
    for (std::size_t i = 0; i < legal.size(); ++i) {
        if (legal[i].captured.size() == most && k-- == 0) return i;
    }
    return 0;  // unreachable: ties >= 1 moves capture `most` pieces
}

namespace {

/// play_out's loop; pick(n) returns the index of the move to play among the n legal moves.
template <class Pick>
std::uint32_t play_out_with(Game& game, Pick&& pick, int ply_cap, PlayoutStats& stats) {
    // "ply cap (N)", written on the stack: ending a game allocates nothing.
    std::array<char, 32> cap_text{};
    std::size_t cap_size = 0;
    if (ply_cap > 0) {
        constexpr std::string_view head = "ply cap (";
        head.copy(cap_text.data(), head.size());
        const auto [end, ec] =
            std::to_chars(cap_text.data() + head.size(), cap_text.data() + cap_text.size() - 1, ply_cap);
        cap_size = ec == std::errc() ? static_cast<std::size_t>(end - cap_text.data()) : head.size();
        cap_text[cap_size++] = ')';
    }
    const bool captures_first = game.variant().captures_first();
    while (!game.result().over()) {
        const std::size_t n = game.legal_count();
        stats.legal_moves += n;
        bool any_capture = false;
        bool only_captures = n == 0;
        if (!game.legal_listed()) {
            // Counted, not written (MoveListing::lazy): none of the moves is a capture.
        } else if (captures_first) {  // the first and the last move tell
            const MoveList& legal = game.legal_moves();
            any_capture = !legal.empty() && legal[0].is_capture();
            only_captures = legal.empty() || legal[legal.size() - 1].is_capture();
        } else {
            const MoveList& legal = game.legal_moves();
            const auto captures = static_cast<std::size_t>(
                std::count_if(legal.begin(), legal.end(), [](const Move& m) { return m.is_capture(); }));
            any_capture = captures > 0;
            only_captures = captures == legal.size();
        }
        stats.capture_positions += any_capture ? 1 : 0;
        stats.forced_capture_positions += only_captures ? 1 : 0;
        game.play_legal(pick(n));
        const std::size_t k = game.moves().back().captured.size();
        if (stats.captured.size() <= k) stats.captured.resize(k + 1);
        ++stats.captured[k];
        ++stats.plies;
        if (!game.result().over() && ply_cap > 0 && game.ply() >= static_cast<std::size_t>(ply_cap)) {
            game.set_result(Outcome::draw, std::string_view(cap_text.data(), cap_size));
        }
    }
    const GameResult& r = game.result();
    const std::size_t length = game.ply();
    if (stats.length_counts.size() <= length) stats.length_counts.resize(length + 1);
    ++stats.length_counts[length];
    ++stats.games;
    ++stats.outcomes[static_cast<std::size_t>(r.outcome)];
    // A linear search (a run sees a handful of reasons) compares the reason in place, where
    // operator[] would build a key string, allocating for a reason of more than 15 characters.
    const auto known = std::find_if(stats.reasons.begin(), stats.reasons.end(), [&](const auto& e) {
        return e.first.first == r.outcome && e.first.second == r.reason;
    });
    if (known != stats.reasons.end()) {
        ++known->second;
    } else {
        ++stats.reasons[{r.outcome, r.reason}];
    }
    return static_cast<std::uint32_t>(game.ply());
}

}  // namespace

std::uint32_t play_out(Game& game, Policy policy, Rng& rng, int ply_cap, PlayoutStats& stats) {
    if (policy != Policy::random) {
        return play_out_with(
            game, [&](std::size_t) { return choose_move(game.legal_moves(), policy, rng); }, ply_cap, stats);
    }
    // The random choice inline (what choose_move does for it), without a call per ply, and by
    // index alone: the game need not write the moves it does not play (MoveListing::lazy, set
    // for this game and put back after it, also if it throws).
    struct Listing {
        Game& game;
        MoveListing before;
        ~Listing() { game.set_listing(before); }
    } const listing{game, game.listing()};
    game.set_listing(MoveListing::lazy);
    return play_out_with(
        game, [&](std::size_t n) { return static_cast<std::size_t>(rng.below(n)); }, ply_cap, stats);
}

std::uint32_t play_out(Game& game, const MoveChooser& choose, int ply_cap, PlayoutStats& stats) {
    return play_out_with(
        game,
        [&](std::size_t n) {
            const std::size_t i = choose(game);
            if (i >= n) throw IllegalMoveError("play_out: the chooser picked no legal move");
            return i;
        },
        ply_cap, stats);
}

namespace {


}  // namespace

void add_counts(PlayoutStats& to, const PlayoutStats& from) {
    auto add = [](std::uint64_t& a, std::uint64_t b) {
        if (__builtin_add_overflow(a, b, &a)) throw Error("playout counts: a sum exceeds 2^64 - 1");
    };
    add(to.games, from.games);
    add(to.plies, from.plies);
    add(to.legal_moves, from.legal_moves);
    add(to.capture_positions, from.capture_positions);
    add(to.forced_capture_positions, from.forced_capture_positions);
    if (to.captured.size() < from.captured.size()) to.captured.resize(from.captured.size());
    for (std::size_t k = 0; k < from.captured.size(); ++k) add(to.captured[k], from.captured[k]);
    if (to.length_counts.size() < from.length_counts.size()) {
        to.length_counts.resize(from.length_counts.size());
    }
    for (std::size_t k = 0; k < from.length_counts.size(); ++k) add(to.length_counts[k], from.length_counts[k]);
    for (std::size_t o = 0; o < to.outcomes.size(); ++o) add(to.outcomes[o], from.outcomes[o]);
    for (const auto& [key, n] : from.reasons) add(to.reasons[key], n);
}

namespace {

std::optional<double> ratio(std::uint64_t num, std::uint64_t den) {
    if (den == 0) return std::nullopt;
    return static_cast<double>(num) / static_cast<double>(den);
}

/// The length of the game of 0-based rank r in increasing order of length.
/// Precondition: r < total of counts.
std::uint32_t length_at_rank(const std::vector<std::uint64_t>& counts, std::uint64_t r) {
    for (std::size_t L = 0; L < counts.size(); ++L) {
        if (r < counts[L]) return static_cast<std::uint32_t>(L);
        r -= counts[L];
    }
    return static_cast<std::uint32_t>(counts.size());  // unreachable under the precondition
}

std::uint64_t total(const std::vector<std::uint64_t>& counts) {
    std::uint64_t n = 0;
    for (std::uint64_t c : counts) n += c;
    return n;
}

}  // namespace

std::optional<double> PlayoutStats::mean_length() const { return ratio(plies, games); }

std::optional<double> PlayoutStats::median_length() const {
    const std::uint64_t n = total(length_counts);
    if (n == 0) return std::nullopt;
    if (n % 2 == 1) return length_at_rank(length_counts, n / 2);
    return (static_cast<double>(length_at_rank(length_counts, n / 2 - 1)) +
            length_at_rank(length_counts, n / 2)) / 2;
}

std::optional<std::uint32_t> PlayoutStats::p90_length() const {
    const std::uint64_t n = total(length_counts);
    if (n == 0) return std::nullopt;
    return length_at_rank(length_counts, (9 * n + 9) / 10 - 1);  // rank ceil(0.9 n), 1-based
}

std::optional<std::uint32_t> PlayoutStats::min_length() const {
    if (total(length_counts) == 0) return std::nullopt;
    return length_at_rank(length_counts, 0);
}

std::optional<std::uint32_t> PlayoutStats::max_length() const {
    if (length_counts.empty()) return std::nullopt;
    return static_cast<std::uint32_t>(length_counts.size() - 1);
}

std::optional<double> PlayoutStats::branching_factor() const { return ratio(legal_moves, plies); }

std::optional<double> PlayoutStats::forced_capture_share() const {
    return ratio(forced_capture_positions, plies);
}

std::optional<double> PlayoutStats::capture_share() const { return ratio(capture_positions, plies); }

std::uint64_t PlayoutStats::capture_moves() const noexcept {
    std::uint64_t n = 0;
    for (std::size_t k = 1; k < captured.size(); ++k) n += captured[k];
    return n;
}

std::optional<double> PlayoutStats::white_score() const {
    if (games == 0) return std::nullopt;
    return (static_cast<double>(wins(Color::white)) + static_cast<double>(draws()) / 2) /
           static_cast<double>(games);
}

PlayoutReport run_playouts(std::shared_ptr<const Variant> variant, const PlayoutOptions& options) {
    if (options.games == 0) throw OptionError("playouts: the number of games must be at least 1");
    if (options.ply_cap < 0) throw OptionError("playouts: the ply cap must not be negative");
    if (options.games > std::numeric_limits<std::uint64_t>::max() - options.first_game) {
        throw OptionError("playouts: the first game plus the number of games exceeds 2^64 - 1");
    }
    const auto t0 = std::chrono::steady_clock::now();
    PlayoutReport report;
    report.threads = worker_threads(options.threads, options.games);
    if (options.record_lengths) report.stats.lengths.resize(options.games);
    PlayoutStats counts;  // every worker's counts, added when it finishes

    // Each worker counts on its own stack (no cache line shared with another worker while
    // games run) and adds its counts under the lock at the end; only lengths[i] (when
    // recorded) is written in place, once per game.
    run_workers(options.games, report.threads, [&](WorkItems& items) {
        PlayoutStats acc;
        // One game per worker, reset for each game: its storage is reused (no allocation
        // per game once the longest game so far has been played).
        // (On the heap: a Game holds a full move list.)
        std::unique_ptr<Game> game;  // lazy for random playouts: reset() then only counts
        std::uint64_t i = 0;
        while (items.next(i)) {
            Rng rng = playout_rng(options.seed, options.first_game + i);
            if (game) {
                game->reset(options.start);
            } else {
                game = std::make_unique<Game>(variant, options.start);
                if (options.policy == Policy::random) {
                    game->set_listing(MoveListing::lazy);
                    game->reset(options.start);
                }
            }
            const std::uint32_t length = play_out(*game, options.policy, rng, options.ply_cap, acc);
            if (options.record_lengths) report.stats.lengths[i] = length;
            items.finished_one();
        }
        const std::lock_guard lock(items.merge_lock());
        add_counts(counts, acc);
    }, options.progress);
    add_counts(report.stats, counts);
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return report;
}

}  // namespace tradgames
