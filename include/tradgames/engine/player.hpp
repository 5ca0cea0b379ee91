// tradgames: players: something that chooses a move for a game, named by a short spec.
//
// Spec grammar (what `--policy`, `--white-policy`, `--black-policy` and `match` accept):
//
//   spec   := name [":" option ("," option)*]
//   option := key "=" value
//
//   random                      uniform among the legal moves
//   greedy                      uniform among the moves capturing the most pieces
//   search:depth=4              the alpha-beta search (search.hpp); keys: depth, nodes,
//                               movetime (ms), tt (MB, default 16), egtb (a directory of
//                               endgame databases the search probes, egtb.hpp; not in the
//                               WebAssembly build), weights=builtin|generic (the game's
//                               weights file, default, or generic_weights)
//   mcts:playouts=400           Monte Carlo tree search (mcts.hpp); keys: playouts, movetime
//                               (ms), playout=random|greedy, c (exploration x100, default 141)
//
// Every player also takes seed=N (default: the seed the caller gives). Names other than these
// (e.g. `cb:PATH.so`, CheckerBoard engines) are for other modules (the match referee) to handle;
// parse_player_spec accepts any name made of letters, digits and '_' and leaves the rest of the
// text after the first ':' in PlayerSpec::rest for them.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "tradgames/game.hpp"
#include "tradgames/move.hpp"

namespace tradgames::engine {

/// A parsed player spec.
struct PlayerSpec {
    /// "random", "greedy", "search", "mcts", or another module's name ("cb").
    std::string name;
    /// key=value options (for the built-in players).
    std::map<std::string, std::string> options;
    /// The text after the first ':' as written (for players with their own syntax); "" if none.
    std::string rest;
    /// The spec as written.
    std::string text;
};

/// Parses a spec (grammar above). For the built-in names checks every key and value (integers
/// in range, known words). Throws OptionError naming the spec, the key and what is allowed, for
/// an empty name, a malformed option, an unknown key or a bad value. Other names are accepted
/// with their text after ':' in `rest` and options left empty.
[[nodiscard]] PlayerSpec parse_player_spec(std::string_view text);

/// Whether `name` is one of the built-in players (make_player can build it).
[[nodiscard]] bool is_builtin_player(std::string_view name) noexcept;

/// Time a player may use for one move (the referee's clock). Every limit set applies.
struct MoveBudget {
    /// Time for this move in milliseconds, 0 = none given.
    std::int64_t movetime_ms = 0;
    /// The mover's clock and increment in milliseconds, clock_ms 0 = no clock.
    std::int64_t clock_ms = 0;
    std::int64_t increment_ms = 0;
};

/// Something that plays. Not thread-safe: one player per game thread.
class Player {
public:
    virtual ~Player() = default;
    /// The spec it was made from, or another descriptive name ("search:depth=4").
    [[nodiscard]] virtual std::string name() const = 0;
    /// Called before each new game (players may clear their state). Default: nothing.
    virtual void new_game() {}
    /// A legal move of game's current position within `budget` (the player's own limits from its
    /// spec apply as well). Precondition: the game is not over. Throws Error if the player
    /// fails (an external engine's crash; the match referee scores that as a loss).
    [[nodiscard]] virtual Move choose(const Game& game, const MoveBudget& budget) = 0;
};

/// Builds a built-in player from its spec for games of `variant`; `seed` is used unless the
/// spec gives seed=N. Throws OptionError for a name that is not built in.
[[nodiscard]] std::unique_ptr<Player> make_player(const PlayerSpec& spec,
                                                  std::shared_ptr<const Variant> variant,
                                                  std::uint64_t seed);

/// Plays `game` to its end with `white` and `black` choosing the moves (each gets `budget` per
/// move); a game still going after `ply_cap` plies (0 = no cap beyond the variant's) is drawn
/// with reason "ply cap (N)". Calls new_game() on both first. Returns the result. Throws what a
/// player throws, and IllegalMoveError if a player returns an illegal move.
GameResult play_game(Game& game, Player& white, Player& black, const MoveBudget& budget = {},
                     int ply_cap = 1000);

}  // namespace tradgames::engine
