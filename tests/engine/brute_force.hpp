// An exhaustive minimax over Game, for checking the search's tactics independently: no table,
// no evaluation beyond counting pieces, no pruning, every rule applied by Game itself.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include "tradgames/game.hpp"

namespace tgtest {

/// Value of a finished game for the side that was to move at the end: win, loss, draw.
inline constexpr int brute_win = 10000;

/// Pieces of the side to move minus the opponent's (every kind counts 1).
inline int piece_balance(const tradgames::Position& p) {
    const int w = tradgames::count(p.pieces(tradgames::Color::white));
    const int b = tradgames::count(p.pieces(tradgames::Color::black));
    return p.side_to_move() == tradgames::Color::white ? w - b : b - w;
}

/// Minimax value of game's current position for its side to move, `depth` plies deep: a
/// finished game is a win (brute_win - ply) or loss for its winner, 0 for a draw; at depth 0 a
/// position where every legal move captures is played on (captures are forced), one where a
/// capture is optional takes the better of standing and capturing, else the piece balance.
/// The game is restored on return.
inline int brute_value(tradgames::Game& g, int depth, int ply = 0) {
    using namespace tradgames;
    const GameResult& r = g.result();
    if (r.over()) {
        if (r.outcome == Outcome::draw) return 0;
        const bool mover_won = r.outcome == win_for(g.position().side_to_move());
        return mover_won ? brute_win - ply : -(brute_win - ply);
    }
    const MoveList& legal = g.legal_moves();
    const std::size_t n = legal.size();
    bool any_capture = false;
    bool all_capture = true;
    for (const Move& m : legal) {
        any_capture = any_capture || m.is_capture();
        all_capture = all_capture && m.is_capture();
    }
    int best = std::numeric_limits<int>::min();
    if (depth <= 0) {
        if (!any_capture || ply > 60) return piece_balance(g.position());
        if (!all_capture) best = piece_balance(g.position());
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (depth <= 0 && !g.legal_moves()[i].is_capture()) continue;
        g.play_legal(i);
        best = std::max(best, -brute_value(g, depth - 1, ply + 1));
        g.undo();
    }
    return best;
}

/// brute_value after each legal move of the current position (index = legal move index).
inline std::vector<int> brute_root(tradgames::Game& g, int depth) {
    std::vector<int> out;
    for (std::size_t i = 0; i < g.legal_moves().size(); ++i) {
        g.play_legal(i);
        out.push_back(-tgtest::brute_value(g, depth - 1, 1));
        g.undo();
    }
    return out;
}

}  // namespace tgtest
