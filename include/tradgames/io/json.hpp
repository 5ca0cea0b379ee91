// tradgames: the JSON objects of the `--json` interface (README "Command line"), built once in
// the library so that every front end (the CLI, the Python module, the WebAssembly module)
// returns the same fields. nlohmann::json is part of this interface (a public dependency).
//
// Field names are documented in README; changing one is an interface change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tradgames/io/pdn.hpp"
#include "tradgames/move.hpp"
#include "tradgames/options.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// A legal move `m` of `pos` as the object of `tradgames moves --json`: notation, from, to,
/// path (vertex names, origin first), captured (vertex names in jump order), promotion (kind
/// name or null), drop (bool), after (position string after the move).
/// Precondition: m was generated for pos by v.
[[nodiscard]] nlohmann::json move_json(const Variant& v, const Position& pos, const Move& m);

/// Every legal move of pos (U, or P with Duplicates::all_paths) as an array of move_json.
[[nodiscard]] nlohmann::json moves_json(const Variant& v, const Position& pos,
                                        Duplicates dup = Duplicates::unique);

/// Variant::explain_move's answer for `text` in pos as the object of `tradgames moves --explain
/// MOVE --json`: text (as given), legal (bool), reason (MoveReason name, "legal" when legal),
/// rule (RULES.md section or null), message (one line), move (notation of the legal move, or
/// null), alternatives (notations of the legal moves the reason points to).
[[nodiscard]] nlohmann::json explanation_json(std::string_view text, const MoveExplanation& e);

/// A rule option declaration as in `tradgames variants --json`: name, type ("boolean",
/// "integer", "choice"), default (text), help; choices for a choice option; min and max for an
/// integer option.
[[nodiscard]] nlohmann::json option_spec_json(const OptionSpec& spec);

/// One entry of `tradgames variants --json`: name, description, options (option_spec_json).
[[nodiscard]] nlohmann::json variant_entry_json(const std::string& name,
                                                const std::string& description,
                                                const std::vector<OptionSpec>& specs);

/// The object of `tradgames perft --json` for a run_perft result (tradgames/perft.hpp): variant, depth, nodes, seconds, counting ("U" or
/// "P"), and divide ([{move, nodes}]) when the run divided.
[[nodiscard]] nlohmann::json perft_json(const Variant& v, const PerftRun& run);

/// The object of `tradgames play --json` (one element of `compare --json`) for a run of
/// playouts of `v` from `start` with `options` (policy, seed, ply_cap are reported from it):
/// variant, options, start, policy, seed, first_game, games, threads, ply_cap, seconds,
/// games_per_second, plies_per_second, plies, length {mean, median, p90, min, max},
/// length_histogram, legal_moves, branching_factor, capture_positions,
/// forced_capture_positions, capture_share, forced_capture_share, capture_moves,
/// capture_length_histogram, outcomes {white_wins, black_wins, draw}, reasons
/// [{outcome, reason, games}], white_score. Statistics without games are null. The same
/// object as shard.hpp's playout_run_json, which writes it.
[[nodiscard]] nlohmann::json playout_json(const Variant& v, const Position& start,
                                          const PlayoutOptions& options,
                                          const PlayoutReport& report);

/// Finds the variant of a PDN record for replay: sets `name` to its name first (so that a
/// failure to build it still names it), then returns it. Throws tradgames::Error; an
/// OptionError is reported naming the record. A front end implements it with
/// pdn_variant_name and make_variant (registry.hpp), usually caching the variants.
using PdnVariantLookup =
    std::function<std::shared_ptr<const Variant>(const PdnGame& record, std::string& name)>;

/// One game of a replay: its object of `tradgames replay --json` and its line of text output.
struct ReplayedGame {
    /// file, index, line, white, black, event, recorded_result, variant, ok, plies, result,
    /// reason, error, error_kind ("record", "illegal", "ambiguous"), failed_ply, failed_move
    /// {number, text}; fields not known are null.
    nlohmann::json entry;
    /// "FILE: game 1 (White – Black): ok, 42 plies, 2-0 (no legal move)" or "FILE: FAIL ...".
    std::string line;
};

/// Counts over a replay (the "summary" object).
struct ReplayTotals {
    std::size_t files = 0;
    std::size_t unreadable = 0;
    std::size_t empty_files = 0;
    std::size_t games = 0;
    std::size_t ok = 0;
    std::size_t plies = 0;
};

/// Replays every game of the PDN text `text` (named `file` in the report), calling `on_game`
/// for each in order, and adds them to `totals` (files, empty_files, games, ok, plies).
/// Returns the file's object of the "files" array: {file, games, error} (error "no games
/// found" when the text has none, else null). Never throws for bad records: they are
/// reported as failed games. Throws only what `lookup` or `on_game` throw outside
/// tradgames::Error.
nlohmann::json replay_pdn_text(std::string_view text, const std::string& file,
                               const PdnVariantLookup& lookup,
                               const std::function<void(ReplayedGame&&)>& on_game,
                               ReplayTotals& totals);

/// As replay_pdn_text, streaming the PDN text from `in` (PdnReader: memory bounded by one
/// game, whatever the number of games). When the stream fails or a game runs over
/// PdnReader::max_game_bytes, the file counts as unreadable: its object's error is "cannot read
/// 'FILE' [past game N]: reason" and the games before stay reported.
nlohmann::json replay_pdn_stream(std::istream& in, const std::string& file,
                                 const PdnVariantLookup& lookup,
                                 const std::function<void(ReplayedGame&&)>& on_game,
                                 ReplayTotals& totals);

/// The file object of an unreadable file ({file, games: 0, error}), counted in totals.
nlohmann::json replay_unreadable_file(const std::string& file, const std::string& error,
                                      ReplayTotals& totals);

/// The object of `tradgames replay --json`: {games, files, summary {files, unreadable_files,
/// files_without_games, games, ok, failed, plies}}.
[[nodiscard]] nlohmann::json replay_json(nlohmann::json games, nlohmann::json files,
                                         const ReplayTotals& totals);

/// Replay's exit status: 2 when a file was unreadable, else 1 when a game failed or a file
/// had no games, else 0.
[[nodiscard]] int replay_status(const ReplayTotals& totals) noexcept;

}  // namespace tradgames
