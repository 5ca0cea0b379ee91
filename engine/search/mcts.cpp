// Monte Carlo tree search (UCT) over Game: one simulation game replayed to the root once per
// decision, moves played and taken back with Game::play_legal / Game::undo.
#include "tradgames/engine/mcts.hpp"

#include <chrono>
#include <cmath>
#include <vector>

#include "tradgames/error.hpp"

namespace tradgames::engine {

namespace {

struct Node {
    std::uint32_t parent = 0;
    std::uint32_t first_child = 0;  ///< 0 = not expanded (the root is node 0, never a child)
    std::uint32_t children = 0;
    std::uint32_t move = 0;  ///< index into the parent's legal moves
    std::uint64_t visits = 0;
    /// Sum of rewards for the side that moved into this node (1 win, 0.5 draw, 0 loss).
    double reward = 0;
};

double reward_for(Outcome o, Color c) noexcept {
    if (o == Outcome::draw || o == Outcome::ongoing) return 0.5;
    return o == win_for(c) ? 1.0 : 0.0;
}

}  // namespace

MctsResult mcts_search(const Game& game, const MctsOptions& options) {
    if (options.playouts == 0) throw OptionError("mcts: playouts must be at least 1");
    MctsResult r;
    if (game.result().over()) return r;
    Game sim(game.variant_ptr(), game.start_position());
    for (const Move& m : game.moves()) sim.play(m);
    const std::size_t root_ply = sim.ply();
    Rng rng(options.seed);
    std::vector<Node> tree(1);
    tree.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(options.playouts * 8 + 64, 1 << 22)));
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t it = 0; it < options.playouts; ++it) {
        if (options.stop != nullptr && options.stop->load(std::memory_order_relaxed)) break;
        if (options.movetime_ms > 0 && (it & 15) == 0 && it > 0) {
            const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - start).count();
            if (ms >= options.movetime_ms) break;
        }
        // Selection.
        std::uint32_t n = 0;
        while (tree[n].first_child != 0 && !sim.result().over()) {
            const Node& parent = tree[n];
            const double log_n = std::log(static_cast<double>(parent.visits) + 1.0);
            std::uint32_t best = parent.first_child;
            double best_value = -1;
            for (std::uint32_t c = parent.first_child; c < parent.first_child + parent.children; ++c) {
                const Node& ch = tree[c];
                const double v = ch.visits == 0
                                     ? 1e9 + static_cast<double>(rng.below(1000))
                                     : ch.reward / static_cast<double>(ch.visits) +
                                           options.exploration * std::sqrt(log_n / static_cast<double>(ch.visits));
                if (v > best_value) {
                    best_value = v;
                    best = c;
                }
            }
            sim.play_legal(tree[best].move);
            n = best;
        }
        // Expansion.
        if (!sim.result().over() && tree[n].visits > 0) {
            const auto k = static_cast<std::uint32_t>(sim.legal_moves().size());
            const auto first = static_cast<std::uint32_t>(tree.size());
            for (std::uint32_t i = 0; i < k; ++i) {
                Node ch;
                ch.parent = n;
                ch.move = i;
                tree.push_back(ch);
            }
            tree[n].first_child = first;
            tree[n].children = k;
            const std::uint32_t pick = first + static_cast<std::uint32_t>(rng.below(k));
            sim.play_legal(tree[pick].move);
            n = pick;
        }
        // Playout.
        int plies = 0;
        while (!sim.result().over() && plies < options.playout_ply_cap) {
            sim.play_legal(choose_move(sim.legal_moves(), options.playout, rng));
            ++plies;
        }
        const Outcome o = sim.result().outcome;
        while (sim.ply() > root_ply + static_cast<std::size_t>(0) && plies-- > 0) sim.undo();
        // Back-propagation: each node's reward is for the side that moved into it, the side to
        // move at its parent (the simulation game is back at that node's position).
        for (std::uint32_t x = n; x != 0; x = tree[x].parent) {
            sim.undo();
            ++tree[x].visits;
            tree[x].reward += reward_for(o, sim.position().side_to_move());
        }
        ++tree[0].visits;
        ++r.playouts;
    }
    const Node& root = tree[0];
    if (root.first_child == 0) {
        // Not expanded (a single playout): the first legal move.
        r.best = game.legal_moves()[0];
        r.has_move = true;
        return r;
    }
    std::uint32_t best = root.first_child;
    for (std::uint32_t c = root.first_child; c < root.first_child + root.children; ++c) {
        if (tree[c].visits > tree[best].visits) best = c;
    }
    r.best = game.legal_moves()[tree[best].move];
    r.has_move = true;
    r.visits = tree[best].visits;
    r.mean = tree[best].visits > 0 ? tree[best].reward / static_cast<double>(tree[best].visits) : 0;
    return r;
}

}  // namespace tradgames::engine
