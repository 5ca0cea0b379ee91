// tradgames: the Hub protocol (version 2, as spoken by Scan 3.1 and the Hub GUI), the engine
// side. Hub is line-based over standard I/O, like UCI: `hub` → `id ...`, `param ...`, `wait`;
// `set-param`, `init` → `ready`; `pos`, `level`, `go think|ponder|analyze` → `info ...` lines and
// `done move=... [ponder=...]`; `stop`, `ponder-hit`, `ping` → `pong`, `new-game`, `quit`.
// Unknown commands and arguments are ignored, as the protocol requires.
//
// Positions and moves in Hub's form (README "Hub"):
// * a position is the side to move ('W' or 'B') followed by one character per vertex in the
//   board's vertex order, which on the numbered draughts boards is the standard square order
//   1..N (51 characters on 10x10, 33 on 8x8, 73 on 12x12): 'w' white man, 'b' black man, 'W'
//   white king, 'B' black king, 'e' empty. This covers every game with two piece kinds (the
//   draughts family; Tobit's hul and tobit, written as man and king). A game with more kinds or
//   with state a square cannot show (Shatra) takes the library's own position string instead, as
//   the extension argument `pos fen="..."`; `pos=` is then refused with an `error` line.
// * a quiet move is `from-to`; a capture `fromxto` followed by `x` and each captured square, the
//   captured squares sorted by vertex order (as Scan writes them). Squares are written as the
//   variant names them (numbers on numbered boards). Reading accepts the captured squares in any
//   order; a move is identified by origin, destination and captured set, the library's U
//   identity: text that matches several moves of different result is refused as ambiguous.
// Source: Scan 3.1's protocol.txt ("Hub protocol for draughts, version 2"), F. Letouzey, 2019.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tradgames/engine/match.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// Longest Hub line read (bytes, end of line excluded); a longer one is refused with an `error`.
inline constexpr std::size_t hub_max_line = 1U << 20;

/// One Hub line: `command arg=value arg="quoted value" flag ...`.
struct HubLine {
    std::string command;
    /// Arguments in order; a flag without '=' has an empty value.
    std::vector<std::pair<std::string, std::string>> args;
    /// The value of argument `name`, or nullopt when absent.
    [[nodiscard]] std::optional<std::string> get(std::string_view name) const;
    /// Whether argument `name` is present (with or without a value).
    [[nodiscard]] bool has(std::string_view name) const;
};

/// Splits a Hub line into its command and arguments. Values may be double-quoted (a quoted value
/// may hold spaces and '='; `\"` and `\\` escape inside quotes). Throws ParseError for an
/// unterminated quote, naming the offset.
[[nodiscard]] HubLine parse_hub_line(std::string_view line);

/// Quotes a value for a Hub line when it needs it (empty, or holding a space, '=' or '"').
[[nodiscard]] std::string hub_quote(std::string_view value);

/// Whether positions of `variant` can be written in Hub's character form (it has exactly two
/// piece kinds: kind 0 is written w/b, kind 1 W/B).
[[nodiscard]] bool hub_positions_supported(const Variant& variant) noexcept;

/// The position in Hub's form. Throws Error if !hub_positions_supported(variant).
[[nodiscard]] std::string hub_position(const Variant& variant, const Position& pos);

/// Reads a position in Hub's form. Throws ParseError (wrong length, unknown character, side letter
/// not W/B, naming the offset), PositionError (a piece where the rules forbid it, as
/// Variant::parse_position), or Error if !hub_positions_supported(variant).
[[nodiscard]] Position parse_hub_position(const Variant& variant, std::string_view text);

/// The move in Hub's form (`32-28`, `28x19x23`). Precondition: m is legal in pos.
[[nodiscard]] std::string hub_move(const Variant& variant, const Position& pos, const Move& m);

/// The legal move (U identity) of pos written as `text` in Hub's form. Throws ParseError
/// (malformed text, unknown square), IllegalMoveError (no legal move matches) or
/// AmbiguousMoveError (moves of different results match).
[[nodiscard]] Move parse_hub_move(const Variant& variant, const Position& pos,
                                  std::string_view text);

/// How a HubEngine makes variants: name (after aliases) and "key=value" rule options → variant.
/// Throws Error (OptionError for an unknown name or option) which the engine reports as `error`.
using HubVariantFactory = std::function<std::shared_ptr<const Variant>(
    const std::string& name, const std::vector<std::string>& options)>;

/// What a HubEngine announces and how it finds games. Hub's variant names that differ from the
/// library's (Scan calls International draughts "normal") are aliases given here, so that the
/// playing layer names no game.
struct HubConfig {
    std::string name = "tradgames";
    std::string version;
    std::string author = "tradgames developers";
    /// Values of the `variant` enum parameter, the default first.
    std::vector<std::string> variants;
    /// Other accepted names → a name of `variants` ({"normal", "international"}).
    std::vector<std::pair<std::string, std::string>> aliases;
    HubVariantFactory make_variant;
    /// An outside engine to play with instead of the built-in search (`tradgames hub --engine
    /// cb:PATH.so`): called at `init` with the variant; may throw Error (answered with `error`,
    /// e.g. a game the engine does not play). The engine then declares only the `variant` and
    /// `options` parameters, answers `go think` with the player's move (its time: `move-time`,
    /// or a share of `time`/`inc`/`moves`; 1 s when the level sets no time) and its report as
    /// one `info` line, refuses `go ponder`/`go analyze` and depth/node-only levels with
    /// `error`, and passes `stop` on as MatchPlayer::interrupt. Empty = the built-in search.
    std::function<std::unique_ptr<MatchPlayer>(std::shared_ptr<const Variant>)> make_player;
};

/// The built-in engine as a Hub engine: feed it the GUI's lines one at a time; it answers through
/// the sink (one line per call, without the end of line), from the calling thread or, while it
/// searches, from its search thread (the sink must accept calls from both, not at once: the
/// engine serialises them). Searches run on a thread of their own so that `stop`, `ping` and
/// `ponder-hit` are answered while searching.
///
/// Parameters (`param` lines): `variant` (enum of HubConfig::variants), `options` (the game's rule
/// options as "key=value,key=value"), `hash` (transposition table, MB, 0..4096), `threads` (1:
/// the search is single-threaded), `egtb` (a directory of endgame databases the search probes,
/// egtb.hpp; "" = none, a directory without files of the game is an error at init). Errors (a bad parameter value, a malformed position or move, a
/// command in the wrong state) are answered with `error message="..."` and change nothing.
class HubEngine {
public:
    using Sink = std::function<void(const std::string& line)>;
    /// Precondition: config.variants is not empty and config.make_variant is set.
    HubEngine(HubConfig config, Sink sink);
    /// Stops and joins a running search.
    ~HubEngine();
    HubEngine(const HubEngine&) = delete;
    HubEngine& operator=(const HubEngine&) = delete;

    /// Handles one line of the GUI (without its end of line). Returns false after `quit`.
    bool handle(std::string_view line);
    /// Waits until no search runs (for scripted sessions and for end of input).
    void wait();
    /// Stops a running search (as `stop`) and waits for its `done`.
    void stop();

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace tradgames::engine
