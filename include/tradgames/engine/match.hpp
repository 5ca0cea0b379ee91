// tradgames: the library as referee. Two players play a series of games from a set of openings,
// each opening twice with the colours swapped; the library checks every move and ends every game
// by the variant's rules (no player adjudicates its own game). At the end: wins, draws and losses,
// the score, the Elo difference with its 95% interval, an optional SPRT, and a PDN record of every
// game with the players' names and the reason it ended.
//
// Players are reached through MatchPlayer, a small seam: the built-in playout policies (random,
// greedy), CheckerBoard engines in a child process (match_cb.hpp), and whatever the search layer
// offers.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/game.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/result.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// What a player said about its search for a move (engines that report it: a Hub engine's last
/// `info` line, a CheckerBoard engine's status string). Every field is optional.
struct PlayerInfo {
    /// Search depth in plies, as the engine counts it.
    std::optional<int> depth;
    /// Score from the side to move's view in the engine's units (Hub engines: men, 1.0 = one man).
    std::optional<double> score;
    /// Nodes searched and seconds spent on this move, as the engine reports them.
    std::optional<std::uint64_t> nodes;
    std::optional<double> seconds;
    /// The principal variation as legal moves from the position (cut where the engine's line
    /// stops being legal or readable); empty when the engine gave none.
    std::vector<Move> pv;
};

/// What a player answers when asked for a move: a legal move of the game, or why it has none to
/// give (a crash, a hang, an illegal or malformed reply: the player loses the game with it).
struct PlayerReply {
    /// The move, a legal move of the game's current position; nullopt when the player failed.
    std::optional<Move> move;
    /// Why the player failed (empty when move is set), e.g. "engine crashed (signal 11)".
    std::string failure;
    /// What the player reported about its search (empty for players that report nothing).
    PlayerInfo info;
};

/// The clocks at a move in clock mode (TimeControl::clock), in seconds.
struct MoveClock {
    double own = 0;        ///< time left for the player to move
    double opponent = 0;   ///< time left for its opponent
    double increment = 0;  ///< added after each move
};

/// Work a player reports about itself (CheckerBoard engines: parsed from their status string
/// when it carries "[nodes N]" and "[time T]"; 0 when unknown).
struct PlayerStats {
    std::uint64_t moves = 0;    ///< moves answered with a node count
    std::uint64_t nodes = 0;    ///< nodes the player says it searched for those moves
    double seconds = 0;         ///< time the player says it spent on them, in seconds
};

/// A participant in a match. One object plays one game at a time, on one thread.
class MatchPlayer {
public:
    virtual ~MatchPlayer() = default;
    /// The name written in the PDN White/Black tags, e.g. "KestoG variklis v1.1" or "greedy".
    [[nodiscard]] virtual std::string name() const = 0;
    /// Called before each game, with the game at its start (after the opening moves).
    virtual void new_game(const Game& game);
    /// A move for the side to move in `game` (not over), using about `seconds` of time.
    /// Must not throw for a failure of the player itself: it returns a PlayerReply with the
    /// failure. May throw tradgames::Error for a failure of the caller (a game it cannot play).
    [[nodiscard]] virtual PlayerReply play(const Game& game, double seconds) = 0;
    /// Work reported so far (see PlayerStats).
    [[nodiscard]] virtual PlayerStats stats() const;
    /// Called before play() in clock mode with the clocks as they stand; the seconds given to
    /// play() stay the referee's share of them. Players that manage their own time (Hub engines
    /// told `level time= inc=`) use it. Default: ignored.
    virtual void set_clock(const MoveClock& clock);
    /// Asks a play() running on another thread to answer at once (a CheckerBoard engine's
    /// *playnow); may be called from any thread, also when no play() runs (then it may be
    /// lost). Default: nothing (the player answers within its time anyway).
    virtual void interrupt();
};

/// Makes a fresh player, one per game slot (concurrent games never share a player).
using PlayerFactory = std::function<std::unique_ptr<MatchPlayer>()>;

/// A player factory from a specification (player.hpp's grammar):
/// * the built-in players of player.hpp: "random", "greedy", "search:depth=4",
///   "mcts:playouts=400", ...; each game slot's player gets seed 1, 2, ... unless the spec sets
///   seed=N; it is given the referee's time for each move as MoveBudget::movetime_ms;
/// * "cb:PATH": a CheckerBoard engine library (match_cb.hpp), e.g. "cb:/opt/kestog.so";
/// * "hub:COMMAND": a Hub engine run as `/bin/sh -c COMMAND` (match_hub.hpp), e.g.
///   "hub:./scan hub" or "hub:tradgames hub";
/// * "dxp:HOST:PORT": a DXP follower (dxp.hpp; International draughts only), e.g.
///   "dxp:127.0.0.1:27531".
/// Throws OptionError naming the specification when it is none of these or its options are bad
/// (the library file of a cb: player is opened, the command of a hub: player run, only when a
/// game starts: one that fails loses its games).
[[nodiscard]] PlayerFactory make_player_factory(std::string_view spec,
                                                std::shared_ptr<const Variant> variant);

/// One opening: a start position and moves played from it before the players take over.
struct Opening {
    /// The line as written in the openings file (without its comment).
    std::string text;
    /// The position before the opening moves.
    Position start;
    /// The opening moves (legal moves, the first one from `start`).
    std::vector<Move> moves;
};

/// Reads an openings file: one opening per line; '#' starts a comment, blank lines are
/// skipped. A line whose first word starts with "W:" or "B:" is a position (the variant's FEN);
/// any other line is a sequence of moves from the initial position in the variant's notation,
/// separated by spaces, move numbers ("1.", "12...") allowed. Throws ParseError naming the line
/// for text that is neither, IllegalMoveError (through ParseError, naming the line) for a move
/// that is not legal, and ParseError for an opening that ends the game or a file without any.
[[nodiscard]] std::vector<Opening> parse_openings(std::string_view text, const Variant& variant);

/// Every sequence of `plies` legal moves from the variant's initial position (moves with one
/// result listed once), in the order of the variant's move generator, as openings; sequences
/// that end the game are left out. Precondition: 0 <= plies <= 6.
[[nodiscard]] std::vector<Opening> all_openings(const Variant& variant, int plies);

/// Time for each player.
struct TimeControl {
    /// Seconds per move (used when clock is false). > 0.
    double movetime = 0.1;
    /// A clock: `base` seconds for the game, `increment` seconds added after each move; a
    /// player whose clock runs below zero loses ("time forfeit"). Each move is given
    /// remaining / 30 + increment (at most what remains).
    bool clock = false;
    double base = 60;
    double increment = 0;
};

/// Settings of a match.
struct MatchOptions {
    /// Games to play; each opening is played twice (player 1 first with White, then with
    /// Black) until `games` games are scheduled, cycling through the openings. >= 1.
    std::uint64_t games = 2;
    /// Openings; empty = the initial position (each game then starts there).
    std::vector<Opening> openings;
    TimeControl time;
    /// Games played at once (threads), >= 1.
    unsigned concurrency = 1;
    /// Safety cap on the plies the players make in a game (not counting the opening); a game
    /// still going after them is drawn with reason "ply cap (N)". 0 = none: only the variant's
    /// rules end games.
    int max_plies = 1000;
    /// Event tag of the PDN records.
    std::string event = "tradgames match";
    /// Called on the calling thread after each game finishes (in the order they finish), with
    /// the result so far. May be empty.
    std::function<void(const struct MatchResult&)> progress;
};

/// The record of one game of a match.
struct MatchGame {
    /// 1-based round number (the order games were scheduled).
    std::uint64_t round = 0;
    /// Index into MatchOptions::openings (0 without openings).
    std::size_t opening = 0;
    /// Whether player 1 had White.
    bool player1_white = true;
    std::string white, black;
    Outcome outcome = Outcome::ongoing;
    /// Why the game ended: the variant's rule ("no legal move", "threefold repetition",
    /// "FMJD64 7.2.5 ...") or a player's failure ("KestoG: engine crashed (signal 11)").
    std::string reason;
    /// Plies played by the players (opening moves not counted).
    std::size_t plies = 0;
    /// Moves each player was asked for, and the wall-clock seconds its answers took (measured
    /// by the referee: what a player timed by CPU time really used on a busy machine).
    std::size_t player1_moves = 0, player2_moves = 0;
    double player1_seconds = 0, player2_seconds = 0;
    /// The game as PDN (tags Event, Round, White, Black, Result, GameType or Variant, FEN when
    /// set up, Opening, Termination).
    std::string pdn;
    /// Score of player 1: 1, 0.5 or 0.
    [[nodiscard]] double player1_score() const noexcept;
};

/// Elo difference from a score, with its 95% interval.
struct EloEstimate {
    /// Score per game of the first player: (wins + draws/2) / games; 0 without games.
    double score = 0;
    /// Elo difference -400 log10(1/score - 1); nullopt when score is 0 or 1 (or no games).
    std::optional<double> elo;
    /// The 95% interval of the Elo difference: the score's interval score +- 1.959964 * s
    /// (s: standard error of the per-game score, from the observed wins, draws and losses)
    /// turned into Elo; an end is nullopt when it reaches score 0 or 1.
    std::optional<double> elo_low, elo_high;
    /// Standard error of the mean score.
    double score_stderr = 0;
};

/// The Elo estimate of `wins`, `draws`, `losses` (see EloEstimate).
[[nodiscard]] EloEstimate elo_estimate(std::uint64_t wins, std::uint64_t draws,
                                       std::uint64_t losses);

/// A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1 (logistic
/// Elo), with error rates alpha and beta.
struct SprtSettings {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

/// The SPRT's state after some games.
struct SprtResult {
    /// Log-likelihood ratio, by the normal approximation of the generalised SPRT:
    /// LLR = N (s1 - s0) (2 s - s0 - s1) / (2 v), s the mean score, v the variance of the
    /// per-game score, s0 and s1 the scores of elo0 and elo1. 0 while v is 0.
    double llr = 0;
    /// Bounds: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
    double lower = 0, upper = 0;
    /// "H0" (llr <= lower: accept elo0), "H1" (llr >= upper), or "continue".
    std::string decision = "continue";
};

/// The SPRT state of `wins`, `draws`, `losses`. Throws OptionError unless elo0 < elo1 and
/// alpha, beta are in (0, 0.5).
[[nodiscard]] SprtResult sprt(const SprtSettings& s, std::uint64_t wins, std::uint64_t draws,
                              std::uint64_t losses);

/// Parses "elo0,elo1[,alpha,beta]". Throws OptionError naming the text.
[[nodiscard]] SprtSettings parse_sprt(std::string_view text);

/// The outcome of a match, from player 1's view.
struct MatchResult {
    std::string player1, player2;
    std::uint64_t scheduled = 0;
    std::uint64_t wins = 0, draws = 0, losses = 0;
    /// The games finished, in round order once the match is over (in the order they finished
    /// while it runs).
    std::vector<MatchGame> games;
    /// Games by reason (the text of MatchGame::reason).
    std::map<std::string, std::uint64_t> reasons;
    PlayerStats player1_stats, player2_stats;
    /// Moves asked and wall-clock seconds answering them, summed over the games (MatchGame).
    std::uint64_t player1_moves = 0, player2_moves = 0;
    double player1_seconds = 0, player2_seconds = 0;
    /// Wall-clock time of the match, in seconds.
    double seconds = 0;
    [[nodiscard]] EloEstimate elo() const { return elo_estimate(wins, draws, losses); }
};

/// Plays the match. Throws OptionError for bad options (no games, concurrency 0, a
/// non-positive time); rethrows an Error a player's factory throws. A player's failure in a
/// game loses that game and the match goes on.
/// Precondition: variant is not null; the openings were read for it.
[[nodiscard]] MatchResult run_match(std::shared_ptr<const Variant> variant,
                                    const PlayerFactory& player1, const PlayerFactory& player2,
                                    const MatchOptions& options);

/// The result as the JSON object of `tradgames match --json` and Python's tradgames.match
/// (README "Matches: `match`" lists the fields): variant, player1/player2 {spec, name, stats,
/// wall}, games, wins, draws, losses, score, elo, elo_low, elo_high (null at score 0 or 1),
/// openings, time, seconds, reasons, sprt (null without sprt_settings), game_list. Indented
/// with two spaces. Throws OptionError for invalid sprt_settings (see sprt).
[[nodiscard]] std::string match_result_json(const Variant& variant, const MatchResult& r,
                                            const MatchOptions& o, std::string_view spec1,
                                            std::string_view spec2,
                                            const std::optional<SprtSettings>& sprt_settings);

}  // namespace tradgames::engine
