// tradgames: seeded playouts (games played to their end by a simple policy) and statistics over
// them: what a researcher comparing variants wants to see first (game length, branching factor,
// how often captures are forced, how long capture sequences are, how games end).
//
// Reproducibility: game i of a run is played with its own generator playout_rng(seed, i), and
// every statistic is built from integer counts that do not depend on the order in which games
// finish, so the statistics of a run depend on (variant, start, policy, ply cap, seed, games)
// only: the same for any number of threads. Only the timing differs between runs.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tradgames/game.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/random.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// How a playout chooses its moves. Either policy draws exactly one number from the game's
/// generator per ply (Rng::below(candidates)), also when there is a single candidate.
enum class Policy : std::uint8_t {
    /// Uniformly among the legal moves (U: one move per resulting position).
    random,
    /// Let k be the largest number of pieces a legal move captures. If k > 0, uniformly among
    /// the legal moves that capture exactly k pieces; else uniformly among all legal moves.
    greedy,
};

/// "random" or "greedy".
[[nodiscard]] std::string_view to_string(Policy p) noexcept;
/// The policy named `text` ("random" or "greedy"). Throws OptionError for any other text.
[[nodiscard]] Policy parse_policy(std::string_view text);

/// The generator of game `game` of a run seeded with `seed`: splitmix64-mixed from both, so
/// that neighbouring seeds and game indices give unrelated sequences.
[[nodiscard]] Rng playout_rng(std::uint64_t seed, std::uint64_t game) noexcept;

/// Index into `legal` of the move `policy` picks, drawing one number from rng.
/// Precondition: legal is not empty.
[[nodiscard]] std::size_t choose_move(const MoveList& legal, Policy policy, Rng& rng);

/// Settings of a run of playouts.
struct PlayoutOptions {
    /// Number of games; at least 1.
    std::uint64_t games = 100;
    /// Index of the first game: the run plays games first_game .. first_game + games - 1, game
    /// i with playout_rng(seed, i), so runs over adjacent ranges are shards of one run
    /// (shard.hpp merges them). first_game + games must not exceed 2^64 - 1.
    std::uint64_t first_game = 0;
    /// Seed of the run (see playout_rng).
    std::uint64_t seed = 1;
    /// Worker threads; 0 = std::thread::hardware_concurrency() (1 if unknown). At most `games`
    /// threads are started. The statistics do not depend on it.
    unsigned threads = 0;
    /// How moves are chosen.
    Policy policy = Policy::random;
    /// Safety cap: a game still going after this many plies ends as a draw with reason
    /// "ply cap (N)". 0 = no cap beyond the variant's own rules. Applies on top of the
    /// variant's GameRules::ply_cap (the smaller one ends the game).
    int ply_cap = 1000;
    /// Keep every game's length in PlayoutStats::lengths (4 bytes a game). Off by default: the
    /// statistics need only the length histogram, whose size does not grow with the games.
    bool record_lengths = false;
    /// Start position of every game; the variant's initial position if empty.
    std::optional<Position> start;
    /// Called on the calling thread about ten times a second while games run, and once at the
    /// end, with (games finished, games). May be empty.
    std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

/// Statistics of a run. Every member is an exact count, so two runs with equal settings compare
/// equal (operator==) whatever their thread counts.
///
/// "Positions" are the positions in which a move was chosen, one per ply played: the final
/// position of a game is not counted. Legal moves are counted as Variant::generate lists them
/// with Duplicates::unique.
struct PlayoutStats {
    /// Games played.
    std::uint64_t games = 0;
    /// Plies played in all games (= positions counted).
    std::uint64_t plies = 0;
    /// length_counts[L] = games that lasted L plies (the last element is non-zero unless the
    /// vector is empty). Median, p90, min and max come from it.
    std::vector<std::uint64_t> length_counts;
    /// Length in plies of game first_game + i, for i in [0, games), with
    /// PlayoutOptions::record_lengths; empty otherwise.
    std::vector<std::uint32_t> lengths;
    /// Sum over positions of the number of legal moves.
    std::uint64_t legal_moves = 0;
    /// Positions in which at least one legal move is a capture.
    std::uint64_t capture_positions = 0;
    /// Positions in which every legal move is a capture (the capture is forced).
    std::uint64_t forced_capture_positions = 0;
    /// captured[k] = moves played that captured k pieces (k = 0: non-capturing moves and
    /// drops). The last element is non-zero unless the vector is empty.
    std::vector<std::uint64_t> captured;
    /// Games by outcome, indexed by static_cast<int>(Outcome) (ongoing stays 0).
    std::array<std::uint64_t, 4> outcomes{};
    /// Games by (outcome, reason), e.g. (white_wins, "no legal move").
    std::map<std::pair<Outcome, std::string>, std::uint64_t> reasons;

    bool operator==(const PlayoutStats&) const = default;

    /// Games won by side c.
    [[nodiscard]] std::uint64_t wins(Color c) const noexcept {
        return outcomes[static_cast<std::size_t>(win_for(c))];
    }
    /// Drawn games.
    [[nodiscard]] std::uint64_t draws() const noexcept {
        return outcomes[static_cast<std::size_t>(Outcome::draw)];
    }
    /// Mean game length in plies; nullopt without games.
    [[nodiscard]] std::optional<double> mean_length() const;
    /// Median game length (the mean of the two middle lengths for an even number of games);
    /// nullopt without games.
    [[nodiscard]] std::optional<double> median_length() const;
    /// 90th percentile of game length by the nearest-rank method: the smallest length L such
    /// that at least 90% of the games last at most L plies; nullopt without games.
    [[nodiscard]] std::optional<std::uint32_t> p90_length() const;
    /// Shortest and longest game; nullopt without games.
    [[nodiscard]] std::optional<std::uint32_t> min_length() const;
    [[nodiscard]] std::optional<std::uint32_t> max_length() const;
    /// Mean number of legal moves per position; nullopt without positions.
    [[nodiscard]] std::optional<double> branching_factor() const;
    /// Share (0..1) of positions in which every legal move captures; nullopt without positions.
    [[nodiscard]] std::optional<double> forced_capture_share() const;
    /// Share (0..1) of positions in which some legal move captures; nullopt without positions.
    [[nodiscard]] std::optional<double> capture_share() const;
    /// Moves played that captured at least one piece.
    [[nodiscard]] std::uint64_t capture_moves() const noexcept;
    /// First player's (White's) score per game: (wins + draws / 2) / games; nullopt without
    /// games.
    [[nodiscard]] std::optional<double> white_score() const;
};

/// A run's statistics with its timing.
struct PlayoutReport {
    PlayoutStats stats;
    /// Wall-clock time of the run, in seconds.
    double seconds = 0;
    /// Worker threads used.
    unsigned threads = 0;
};

/// Plays one game to its end (or to `ply_cap` plies, 0 = no cap) with `policy`, drawing from
/// rng, and adds its counts to `stats` (all members but `lengths`, which it leaves alone).
/// Returns the game's length in plies. Throws what the variant throws. With Policy::random the
/// game lists its moves lazily for the call (MoveListing::lazy, put back after): a variant that
/// counts its moves (Variant::generate_or_count) writes only the move played.
std::uint32_t play_out(Game& game, Policy policy, Rng& rng, int ply_cap, PlayoutStats& stats);

/// Chooses a move for a game: the index into game.legal_moves() of the move to play (a player of
/// the engine layer, include/tradgames/engine/player.hpp). Must return an index below
/// game.legal_moves().size().
using MoveChooser = std::function<std::size_t(const Game& game)>;

/// play_out with the moves chosen by `choose` instead of a policy: the same counts. Throws what
/// choose and the variant throw, and IllegalMoveError for an index out of range.
std::uint32_t play_out(Game& game, const MoveChooser& choose, int ply_cap, PlayoutStats& stats);

/// Adds the counts of `from` to `to`: every member but `lengths`, which it leaves alone.
/// Adding the stats of two sets of games gives the stats of their union. Throws Error if a
/// sum exceeds 2^64 - 1 (`to` is then partly added).
void add_counts(PlayoutStats& to, const PlayoutStats& from);

/// Plays options.games games of `variant` on options.threads threads and gathers their
/// statistics. Throws OptionError if options.games is 0, options.ply_cap is negative or
/// options.first_game + options.games exceeds 2^64 - 1;
/// rethrows the first exception a game throws (after stopping the other workers).
/// Precondition: variant is not null.
[[nodiscard]] PlayoutReport run_playouts(std::shared_ptr<const Variant> variant,
                                         const PlayoutOptions& options);

}  // namespace tradgames
