// tradgames: exact shards of long jobs. A run of playouts or a perft is cut into pieces that run
// anywhere (threads, processes, machines: Dask, MPI, a shell loop) and whose results add up to
// exactly the result of one run.
//
// Playouts: game i of a run is played with playout_rng(seed, i) whatever runs it, so games
// first_game .. first_game + games - 1 (PlayoutOptions::first_game) are a shard, and shards with
// equal settings and adjacent game ranges merge by adding counts (merge_playout_runs); every
// mean, median, p90 and share is then recomputed from the merged counts and histograms.
//
// Perft: perft(root, K + D) = sum over the distinct positions p at depth K of
// multiplicity(p) x perft(p, D), where multiplicity(p) is the number of paths of the move tree
// from the root to p (perft_split), counted the way the perft counts (U or P), so that each
// position's sub-tree is counted once however many paths reach it (perft_positions).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// Partial results that cannot be read or merged: malformed JSON, a missing or mistyped field,
/// counts that contradict each other, settings that differ between shards, game ranges that
/// overlap or leave a gap, a truncated position file. what() names the file(s) (the `source`
/// labels given by the caller) and the field.
class ShardError : public Error {
public:
    using Error::Error;
};

/// Every rule option of `v` with its value (normalised text, RuleOptions::value), by name.
[[nodiscard]] std::map<std::string, std::string> option_values(const Variant& v);

// ---------------------------------------------------------------------------------------------
// Playouts

/// What identifies a run of playouts besides its game range and timing: shards merge only
/// when their settings are equal.
struct PlayoutSettings {
    /// Registry name of the variant ("shatra").
    std::string variant;
    /// Every rule option of the variant with its value (option_values).
    std::map<std::string, std::string> options;
    /// Start position string of every game (Variant::position_to_string).
    std::string start;
    Policy policy = Policy::random;
    std::uint64_t seed = 1;
    /// PlayoutOptions::ply_cap.
    int ply_cap = 1000;

    bool operator==(const PlayoutSettings&) const = default;
};

/// The settings of a run of `variant` with `options` (options.start, or the variant's initial
/// position when it is empty).
[[nodiscard]] PlayoutSettings playout_settings(const Variant& variant, const PlayoutOptions& options);

/// The games first_game .. first_game + report.stats.games - 1 of a run, or several adjacent
/// shards merged.
struct PlayoutRun {
    PlayoutSettings settings;
    /// Index of the first game (PlayoutOptions::first_game).
    std::uint64_t first_game = 0;
    /// Counts and timing. For merged shards, seconds is the sum of the shards' seconds (the
    /// compute time spent; equal to the wall-clock time only if the shards ran one after the
    /// other) and threads the largest of the shards' thread counts.
    PlayoutReport report;
};

/// run_playouts(variant, options) with its settings and game range. Throws as run_playouts.
[[nodiscard]] PlayoutRun run_playout_shard(std::shared_ptr<const Variant> variant,
                                           const PlayoutOptions& options);

/// Merges shards into one run: counts and histograms added, seconds added, threads the
/// largest. The result equals (operator== on stats) one run of all the games, whatever the
/// order of `runs`. PlayoutStats::lengths is kept (in game order) only if every shard has it.
/// `sources` names the shards in messages (same size as runs, or empty: "result 1", ...).
/// Throws ShardError, naming the shards concerned, if runs is empty, if a setting differs
/// (naming the setting and both values), or if the game ranges overlap or leave a gap (the
/// merged games must be one range first_game .. first_game + games - 1), or if a sum of counts
/// exceeds 2^64 - 1.
[[nodiscard]] PlayoutRun merge_playout_runs(const std::vector<PlayoutRun>& runs,
                                            const std::vector<std::string>& sources = {});

/// The JSON object (compact text) that `tradgames play --json` prints for a run: the fields of
/// README "play and compare", including the raw counts legal_moves, capture_positions and
/// forced_capture_positions, the game range first_game and games, options, and "digest":
/// "fnv1a64:" and the 16 hex digits of the 64-bit FNV-1a hash of the object's compact JSON
/// (keys sorted) without its digest.
[[nodiscard]] std::string playout_run_json(const PlayoutRun& run);

/// Reads an object written by playout_run_json. Throws ShardError naming `source` and the
/// field for malformed JSON (or nested deeper than json_limits.hpp allows), a missing, unknown
/// or mistyped field, a "digest" that does not match the rest, counts that contradict each other
/// (histogram totals against games and plies, outcomes against reasons, in checked 64-bit
/// arithmetic), a reason listed twice, a histogram key above the ply cap (2^24 without one) or
/// the square limit, or a derived field (mean, share, rate, ...) other than its counts give.
[[nodiscard]] PlayoutRun parse_playout_run_json(std::string_view text, const std::string& source);

/// A file's name (for messages) and its text.
struct NamedText {
    std::string source;
    std::string text;
};

/// Merges partial `play --json` results (each one object) or `compare --json` results (each an
/// array of objects, merged element by element: element i of every file must be the same
/// variant) into one text of the same shape. Throws ShardError as parse_playout_run_json and
/// merge_playout_runs, or if the files mix objects and arrays or arrays of different lengths.
[[nodiscard]] std::string merge_playout_json(const std::vector<NamedText>& files);

// ---------------------------------------------------------------------------------------------
// Perft (perft_split and perft_positions, which compute a split and the perft below it, are in
// tradgames/perft.hpp; this part writes and reads the split as a file)

/// The first line of a perft split file (JSON lines): what the positions are and how many.
struct PerftSplitHeader {
    /// Registry name of the variant.
    std::string variant;
    /// Every rule option of the variant with its value.
    std::map<std::string, std::string> options;
    /// The root position string.
    std::string root;
    /// U or P.
    Duplicates counting = Duplicates::unique;
    /// Plies from the root to the positions.
    int depth = 0;
    /// Number of position lines that follow.
    std::uint64_t positions = 0;
    /// Sum of their counts (= perft(root, depth)).
    std::uint64_t nodes = 0;
    /// "fnv1a64:" and 16 hex digits: the 64-bit FNV-1a hash of the file's bytes after the
    /// header line (every position line with its '\n').
    std::string digest;
};

/// A perft split file as text: the header line
/// {"format":"tradgames-perft-split","variant","options","root","counting":"U"|"P","depth",
/// "positions","nodes","digest"} then one line {"fen","count"} per entry, each line ending in
/// '\n'. Throws Error if the counts add up to more than 2^64 - 1.
[[nodiscard]] std::string perft_split_jsonl(const Variant& v, const Position& root, int depth,
                                            Duplicates counting,
                                            const std::vector<PerftSplitEntry>& entries);

/// Reads the header (first line) of a perft split file. Throws ShardError naming `source` for
/// malformed JSON, a missing or mistyped field, or a first line that is no such header.
[[nodiscard]] PerftSplitHeader read_perft_split_header(std::string_view text, const std::string& source);

/// A perft split file read back: its header, the variant and its positions.
struct PerftSplitFile {
    PerftSplitHeader header;
    std::shared_ptr<const Variant> variant;
    std::vector<PerftSplitEntry> entries;
};

/// Reads a perft split file with `variant`, which the caller builds from the header (e.g.
/// make_variant(header.variant, options) from registry.hpp: the core names no game). Throws
/// ShardError naming `source` and the line for malformed JSON, a missing or mistyped field, a
/// variant whose name or option values differ from the header's, a root or position string the
/// variant rejects, a count of 0, a position listed twice, a file whose number of lines or
/// sum of counts differs from its header (a truncated or edited file), a digest that does not
/// match the position lines, or positions and counts that differ from perft_split of the root
/// at the header's depth and counting, which it recomputes (the cost of about a perft of that
/// depth with every move made, and the memory of a second copy of the positions).
/// Precondition: variant is not null.
[[nodiscard]] PerftSplitFile read_perft_split(std::string_view text, const std::string& source,
                                              std::shared_ptr<const Variant> variant);

}  // namespace tradgames
