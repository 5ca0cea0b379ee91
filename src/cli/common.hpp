// Shared pieces of the `tradgames` command: subcommand registration, the --variant/--fen/
// --option arguments, and JSON writers. Each subcommand lives in its own cmd_*.cpp file and
// registers itself from main.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "tradgames/registry.hpp"
#include "tradgames/shard.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/json.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tgcli {

/// A registered subcommand: its CLI11 app and what to run when it was chosen. run() returns the
/// exit status; it may throw (main prints one line and exits 2).
struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;
};

/// Adds subcommands to `app`, appending them to `out`.
using Registrar = void (*)(CLI::App& app, std::vector<Command>& out);

/// --variant or --variant-file, --fen, --option.
struct VariantArgs {
    std::string variant;
    /// A JSON draughts descriptor file (README "Variants in a file"), instead of --variant.
    std::string variant_file;
    std::string fen;
    std::vector<std::string> options;
};

/// A check that rejects an empty value given explicitly (`--fen ""`), which would otherwise
/// silently mean "not given": `what` names the value, `instead` says what leaving it out does.
[[nodiscard]] CLI::Validator non_empty(const std::string& what, const std::string& instead);

/// A transform for whole-number options, to run before their range check: decimal digits only,
/// at most 2^64 - 1, leading zeros dropped. (CLI11 alone reads "010" as octal 8 and "0x10" as
/// 16, and turns "-1" or a number too large for the type into the largest value.)
[[nodiscard]] CLI::Validator decimal();

/// Adds --variant/-v or --variant-file (one of them required unless variant_required is false),
/// --fen/-f and --option to cmd (--option has no short form: -o is the output file of render).
void add_variant_args(CLI::App* cmd, VariantArgs& a, bool variant_required = true);

/// The variant with its options and the position (--fen or the initial position).
struct Setup {
    std::shared_ptr<const tradgames::Variant> variant;
    tradgames::Position position;
};

/// The variant of --variant or --variant-file with the --option values. Throws
/// tradgames::Error for bad input (OptionError when neither or both are given).
[[nodiscard]] std::shared_ptr<const tradgames::Variant> make_variant(const VariantArgs& a);

/// Builds the variant and position. Throws tradgames::Error for bad input.
[[nodiscard]] Setup setup(const VariantArgs& a);

/// A bound on what read_file reads: endless input (/dev/zero, a FIFO) is refused once past it.
struct ReadLimit {
    /// Largest whole file, in bytes.
    std::size_t bytes = SIZE_MAX;
    /// Largest line (without its '\n'), in bytes.
    std::size_t line = SIZE_MAX;
    /// What the file should be, for the message ("a perft split file").
    std::string what;
};

/// The whole of file `path` (shard results, perft split files). Throws tradgames::Error naming
/// the file if it is a directory, cannot be read, or passes a bound of `limit` (read no further).
[[nodiscard]] std::string read_file(const std::string& path, const ReadLimit& limit = {});

/// An outcome for people to read: "white wins", "black wins", "draw", "ongoing" (to_string's
/// names, which JSON and CSV keep, have '_').
[[nodiscard]] std::string outcome_words(tradgames::Outcome o);

/// Prints the command's one error line on stderr: "tradgames: error: CLASS: MESSAGE", CLASS a
/// name from the library's error table (tradgames/frontend.hpp error_classes(): OptionError,
/// ParseError, ShardError ...), or "tradgames: error: MESSAGE" when error_class is empty (not a
/// library error: out of memory, standard output unwritable). Line breaks in message become
/// spaces, so the line stays one line.
void print_error(std::string_view error_class, std::string_view message);

/// The subcommands variants, moves, perft and demo.
void register_core_commands(CLI::App& app, std::vector<Command>& out);

/// The subcommand replay (PDN files).
void register_replay_command(CLI::App& app, std::vector<Command>& out);
/// The subcommands play, compare, render and show.
void register_play_commands(CLI::App& app, std::vector<Command>& out);
/// The subcommand match (the referee, engine/match.hpp).
void register_match_command(CLI::App& app, std::vector<Command>& out);
/// The subcommand egtb (build, probe, info, verify endgame databases).
void register_egtb_commands(CLI::App& app, std::vector<Command>& out);
/// The subcommand search (the engine, include/tradgames/engine/search.hpp).
void register_search_command(CLI::App& app, std::vector<Command>& out);
/// tune: Texel tuning of a game's evaluation weights from self-play (cmd_tune.cpp).
void register_tune_command(CLI::App& app, std::vector<Command>& out);
/// hub: the built-in engine as a Hub engine (cmd_hub.cpp).
void register_hub_command(CLI::App& app, std::vector<Command>& out);
/// dxp: a player of ours over DXP, follower or initiator (cmd_dxp.cpp).
void register_dxp_command(CLI::App& app, std::vector<Command>& out);
/// study: variant studies (cmd_study.cpp, engine/study.hpp).
void register_study_command(CLI::App& app, std::vector<Command>& out);
/// `merge` of study results (`study --json` shards): prints the merged study as JSON, CSV or
/// text; returns the exit status. Throws tradgames::Error (engine::StudyError) for bad input.
int print_study_merge(const std::vector<tradgames::NamedText>& files, bool json, bool csv);

}  // namespace tgcli
