// tradgames: Monte Carlo tree search (UCT) over the Variant interface, for games whose branching
// makes alpha-beta shallow. Deterministic for a seed: the same game, settings and seed give the
// same move (playout counts, not time, bound it unless movetime_ms is set).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "tradgames/game.hpp"
#include "tradgames/move.hpp"
#include "tradgames/playout.hpp"

namespace tradgames::engine {

/// Settings of one MCTS decision.
struct MctsOptions {
    /// Playouts (iterations: select, expand, play out, back up); at least 1.
    std::uint64_t playouts = 400;
    /// Stop after this many milliseconds too, 0 = no time limit (then the result is
    /// deterministic).
    std::int64_t movetime_ms = 0;
    /// How playouts choose moves (playout.hpp).
    Policy playout = Policy::random;
    /// UCT exploration constant c in mean + c*sqrt(ln N / n).
    double exploration = 1.41;
    /// A playout still going after this many plies counts as a draw.
    int playout_ply_cap = 400;
    /// Seed of the generator.
    std::uint64_t seed = 1;
    /// Optional stop flag.
    const std::atomic<bool>* stop = nullptr;
};

/// What a decision found.
struct MctsResult {
    /// The most visited root move. Only meaningful when has_move.
    Move best;
    bool has_move = false;
    /// Playouts run, and visits and mean score (0..1 for the side to move) of the best move.
    std::uint64_t playouts = 0;
    std::uint64_t visits = 0;
    double mean = 0;
};

/// Chooses a move for game's current position by UCT. Returns has_move = false when the game is
/// over. Throws OptionError if options.playouts is 0. Allocates its tree per call (not per
/// playout node of the game).
[[nodiscard]] MctsResult mcts_search(const Game& game, const MctsOptions& options);

}  // namespace tradgames::engine
