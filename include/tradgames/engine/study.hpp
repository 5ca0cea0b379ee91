// tradgames: variant studies. Games between players of given strengths (engine/player.hpp) in
// several variants (or one game under several rule options), with the measures researchers use
// to compare rule sets (balance, decisiveness, drawishness, duration, branching, captures,
// promotions, lead changes, drama), each with a 95% confidence interval.
//
// A study is a list of cells, one per (variant, White's player, Black's player): self-play of
// every player, and with StudyOptions::mixed every ordered pair of different players too. Every
// cell plays games first_game .. first_game + games - 1. Game i of a cell draws everything (its
// random opening plies, the seeds of its players) from a generator derived from (seed, the
// cell's key, i) only, and every measure is built from integer sums over games, so a study is
// exact: the same for any thread count, and shards over adjacent game ranges merge
// (merge_studies) into exactly the single run. Only the timing (seconds per game) differs.
//
// Intervals (95%, z = 1.959963984540054):
//  * proportions of games (first player's wins, decisiveness, draws, each drawing rule): Wilson
//    score interval;
//  * means per game (length, promotions, lead changes, first player's score, seconds): Student t
//    interval, mean +- t(0.975, n - 1) * s / sqrt(n);
//  * means per position or per capture (branching factor, capture shares, capture length,
//    uncertainty, drama): ratio estimator sum(a) / sum(b) over games, the games as clusters, with
//    the delta-method standard error sqrt(sum((a_i - R b_i)^2) / (n (n - 1))) / mean(b) and the
//    same t quantile.
// A t interval reaching past the range of its measure (below 0; above 1 for a share) is clamped
// to it.
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

#include "tradgames/error.hpp"
#include "tradgames/result.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// Study results that cannot be read or merged (malformed JSON, a mistyped field, a digest or a
/// derived field that does not match the counts, settings that differ between shards, game
/// ranges that overlap or leave a gap). what() names the file and the field.
class StudyError : public Error {
public:
    using Error::Error;
};

/// A variant of a study: a registry name with rule options, written "name" or
/// "name:key=value[:key=value...]" (e.g. "turkish:promotion=immediate"), so that one game under
/// two rule options makes two variants of a study.
struct StudyVariant {
    /// The text as written (the label of the variant in outputs).
    std::string label;
    /// Registry name.
    std::string name;
    /// "key=value" rule options in the order given.
    std::vector<std::string> options;
};

/// Parses "name[:key=value...]". Throws OptionError naming the text for an empty name, an
/// option that is not key=value, an unknown variant or a bad option (via make_variant).
[[nodiscard]] StudyVariant parse_study_variant(std::string_view text);

/// Settings of a study.
struct StudyOptions {
    /// Variants (parse_study_variant texts), at least one; no label twice.
    std::vector<std::string> variants;
    /// Player specs (engine/player.hpp: random, greedy, search:depth=2, mcts:playouts=200 ...;
    /// built-in players only), at least one; no spec twice. Each plays itself.
    std::vector<std::string> players;
    /// Also every ordered pair (A as White, B as Black) of different players.
    bool mixed = false;
    /// Games per cell, at least 1.
    std::uint64_t games = 100;
    /// Index of the first game of every cell (a shard: first_game + games <= 2^64 - 1).
    std::uint64_t first_game = 0;
    /// Seed of the study.
    std::uint64_t seed = 1;
    /// Worker threads, 0 = one per core. The results do not depend on it.
    unsigned threads = 0;
    /// The first this many plies of every game are uniformly random (from the game's
    /// generator), then the players play: the search is deterministic and would otherwise play
    /// one game over and over. 0..64.
    int opening_plies = 4;
    /// A game still going after this many plies is drawn, reason "ply cap (N)"; 0 = none.
    /// 0..100000.
    int ply_cap = 1000;
    /// Depth of the search that scores every position for the drama and uncertainty measures
    /// (the engine's score, independent of the players); 0 = not measured. 0..8.
    int score_depth = 1;
    /// Keep every game's record (StudyCell::records): moves, result and per-game counts.
    bool record_games = false;
    /// Called on the calling thread about ten times a second and once at the end with (games
    /// finished, games in all cells). May be empty.
    std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

/// Integer sums over games of two per-game counts a_i and b_i: the data of a mean per game
/// (b_i = 1) or of a ratio sum(a) / sum(b) with its interval. Exact under addition.
struct PairSums {
    std::uint64_t a = 0, b = 0, aa = 0, bb = 0, ab = 0;
    bool operator==(const PairSums&) const = default;
    /// Adds one game's (a_i, b_i). Throws Error if a sum exceeds 2^64 - 1.
    void add(std::uint64_t ai, std::uint64_t bi);
    /// Adds another set of games. Throws Error if a sum exceeds 2^64 - 1.
    void add(const PairSums& o);
};

/// One game of a study, as recorded with StudyOptions::record_games.
struct StudyGame {
    /// Game index in the cell.
    std::uint64_t index = 0;
    GameResult result;
    /// Moves in the variant's notation, the opening plies included.
    std::vector<std::string> moves;
    /// Per-game counts, as added to the cell's sums: plies, legal moves summed over the
    /// positions a move was chosen in, positions where some move captures, moves played that
    /// capture, pieces they captured, promotions, lead changes, positions scored, the sum of
    /// their uncertainties in thousandths, and (decisive games) positions in which the eventual
    /// winner was behind.
    std::uint64_t plies = 0, legal_moves = 0, capture_positions = 0, capture_moves = 0,
                  captured_pieces = 0, promotions = 0, lead_changes = 0, scored_positions = 0,
                  uncertainty_milli = 0, winner_behind = 0;
    /// Seconds the players took choosing moves (wall clock).
    double seconds = 0;
};

/// Counts of one cell: integer sums, exact whatever the thread count or shard order.
struct StudyCounts {
    std::uint64_t games = 0;
    /// Games by outcome, indexed by static_cast<int>(Outcome) (ongoing stays 0).
    std::array<std::uint64_t, 4> outcomes{};
    /// Games by (outcome, reason).
    std::map<std::pair<Outcome, std::string>, std::uint64_t> reasons;
    /// a = plies, b = 1 per game.
    PairSums length;
    /// a = legal moves summed over positions, b = plies.
    PairSums branching;
    /// a = positions with a capture among the legal moves, b = plies.
    PairSums capture_positions;
    /// a = moves played that capture, b = plies.
    PairSums capture_moves;
    /// a = pieces captured, b = capture moves.
    PairSums capture_length;
    /// a = promotions, b = 1 per game.
    PairSums promotions;
    /// a = lead changes, b = 1 per game.
    PairSums lead_changes;
    /// a = sum of the positions' uncertainty in thousandths, b = positions scored.
    PairSums uncertainty;
    /// Decisive games only: a = positions in which the eventual winner was behind, b =
    /// positions scored.
    PairSums drama;
    /// length_histogram[L] = games of L plies (last element non-zero unless empty).
    std::vector<std::uint64_t> length_histogram;
    /// capture_histogram[k] = capture moves that took k pieces (k >= 1; index 0 unused, 0).
    std::vector<std::uint64_t> capture_histogram;
    /// Per phase of 10 plies (plies 0-9, 10-19, ...; the last, index 19, all from ply 190 on):
    /// positions and their legal moves.
    std::array<std::uint64_t, 20> phase_positions{};
    std::array<std::uint64_t, 20> phase_legal_moves{};

    bool operator==(const StudyCounts&) const = default;
    /// Adds another set of games' counts. Throws Error if a sum exceeds 2^64 - 1.
    void add(const StudyCounts& o);
};

/// One cell's results: its games, counts and timing.
struct StudyCell {
    /// StudyVariant::label.
    std::string variant;
    /// Every rule option of the variant with its value (shard.hpp option_values).
    std::map<std::string, std::string> options;
    /// Player specs of White (first player) and Black.
    std::string white, black;
    /// Game range first_game .. first_game + counts.games - 1.
    std::uint64_t first_game = 0;
    StudyCounts counts;
    /// Sum and sum of squares of the seconds per game (players' time; not exact).
    double seconds = 0, seconds_sq = 0;
    /// Records of the games in index order (StudyOptions::record_games), else empty.
    std::vector<StudyGame> records;
};

/// A study's results.
struct StudyResult {
    /// Settings that shards must share (variants, players, mixed, seed, opening_plies, ply_cap,
    /// score_depth); games/first_game/threads are those of this run.
    StudyOptions settings;
    /// Cells: for each variant in order, the self-play cells in player order, then (mixed) the
    /// ordered pairs (i, j), i != j, in lexicographic order.
    std::vector<StudyCell> cells;
    /// Wall-clock seconds of the run (sum over shards when merged), worker threads used (the
    /// largest over shards).
    double seconds = 0;
    unsigned threads = 0;
};

/// Plays the study. Throws OptionError for bad settings (before any game: every variant and
/// player spec is checked), and rethrows what a game throws.
[[nodiscard]] StudyResult run_study(const StudyOptions& options);

/// A value with its 95% interval and how the interval was computed ("wilson", "t", "ratio-t",
/// "from first_player_score").
struct Estimate {
    std::optional<double> value, low, high;
    std::string method;
};

/// Wilson score interval of k successes in n trials (z = 1.959963984540054); nullopt parts when
/// n is 0. Precondition k <= n.
[[nodiscard]] Estimate wilson(std::uint64_t k, std::uint64_t n);
/// Student t interval of the mean per game (s.b = games, every b_i = 1); the interval is
/// nullopt with fewer than 2 games.
[[nodiscard]] Estimate mean_interval(const PairSums& s);
/// Ratio sum(a) / sum(b) with the cluster (delta-method) t interval described above; nullopt
/// when sum(b) is 0, interval nullopt with fewer than 2 games.
[[nodiscard]] Estimate ratio_interval(const PairSums& s, std::uint64_t games);
/// Quantile t(p, df) of Student's t distribution (Boost.Math). Precondition df >= 1.
[[nodiscard]] double student_t_quantile(double p, double df);

/// The named measures of a cell, in output order: first_player_win_rate,
/// second_player_win_rate, first_player_score, balance, decisiveness, draw_rate, length,
/// branching_factor, capture_position_share, capture_move_share, capture_length,
/// promotions_per_game, lead_changes_per_game, uncertainty, drama, seconds_per_game.
[[nodiscard]] std::vector<std::pair<std::string, Estimate>> cell_measures(const StudyCell& c);

/// The study as one JSON object (compact, keys sorted; README "Variant studies" documents the
/// fields), ending in "digest": "fnv1a64:" and 16 hex digits of the FNV-1a hash of the compact
/// JSON without the digest. Records are not included.
[[nodiscard]] std::string study_json(const StudyResult& r);

/// Reads a study_json text back. Throws StudyError naming `source` and the field for malformed
/// JSON, a missing or mistyped field, a wrong digest, or any field other than what the counts
/// give (the text must equal study_json of what was read).
[[nodiscard]] StudyResult parse_study_json(std::string_view text, const std::string& source);

/// Merges shards of one study (any order) into the run of all their games: counts added,
/// seconds added, threads the largest. Throws StudyError naming the sources if settings differ,
/// the game ranges overlap or leave a gap, or `results` is empty. `sources` names the shards
/// (same size as results, or empty).
[[nodiscard]] StudyResult merge_studies(const std::vector<StudyResult>& results,
                                        const std::vector<std::string>& sources = {});

/// The study as CSV (long form): header variant,white,black,games,measure,value,low,high,method,
/// one row per cell and measure (cell_measures), then one per cell and draw reason
/// (measure "draw:<reason>") and per win reason ("white_win:<reason>", "black_win:<reason>").
[[nodiscard]] std::string study_csv(const StudyResult& r);

/// The study as a text table for people: one block per cell.
[[nodiscard]] std::string study_text(const StudyResult& r);

/// The recorded games (StudyOptions::record_games) as JSON lines, one game a line, cells in
/// order and games in index order: {cell (index in r.cells), variant, white, black, index,
/// moves (the variant's notation, opening plies included), result ("white_wins", "black_wins",
/// "draw"), reason, plies, legal_moves, capture_positions, capture_moves, captured_pieces,
/// promotions, lead_changes, scored_positions, uncertainty_milli, winner_behind, seconds}.
/// Empty when nothing was recorded.
[[nodiscard]] std::string study_records_jsonl(const StudyResult& r);

/// Player A's score against B from the cells (A, B) and (B, A) of a mixed study, as the match
/// referee's Elo estimate (match.hpp): wins, draws, losses of A and the Elo difference with
/// its 95% interval.
struct PairingResult {
    std::string variant, a, b;
    std::uint64_t wins = 0, draws = 0, losses = 0;
    /// A's score (wins + draws / 2) / games and its standard error per match.hpp.
    double score = 0, score_stderr = 0;
    /// Elo difference of A over B and its 95% interval; an end is nullopt where the score's
    /// interval reaches 0 (-infinity) or 1 (+infinity).
    std::optional<double> elo, elo_low, elo_high;
};

/// Every unordered pair of players of a mixed study, per variant (nothing for a study without
/// mixed cells).
[[nodiscard]] std::vector<PairingResult> study_pairings(const StudyResult& r);

}  // namespace tradgames::engine
