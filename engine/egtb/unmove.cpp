// Endgame databases: retrograde analysis with unmove generation (BuildMethod::unmove), the
// alternative to the forward passes of build.cpp. Same values, same codes, same files.
//
// Within a slice only quiet moves that keep the moving piece's kind stay in the slice (a capture
// takes material off, a promotion turns a man into a king). So the predecessors of a position x
// within its slice are the positions where one piece of the side that just moved stands on a
// square from which it could have reached its square in x by such a move, with the other side to
// move. Where a piece may come from is read off the variant's own generator once per slice: the
// quiet moves of a lone piece of each side and kind on each square (a man's forward steps, a
// king's lines, short or flying, whatever the rules say), reversed. A lone piece's quiet moves
// are all the quiet moves it can ever have (other pieces only block), so the candidates are a
// superset; each candidate is kept only when its own legal moves, generated forward, contain a
// move to x (no capture was compulsory there, the path was free, any restriction on quiet moves
// held).
#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "solve.hpp"

namespace tradgames::engine::egtb::detail {

namespace {

/// Counter state of a position (besides the number of its moves within the slice not yet known
/// to lead to a win, 1..254): nothing to count (no move within the slice, or its value is
/// settled) or cannot lose (a move out of the slice reaches a draw or a loss).
constexpr std::uint8_t count_none = 0;
constexpr std::uint8_t count_cannot_lose = 255;

/// Where a piece of each side and kind may have come from by a quiet move that keeps its kind:
/// from[side][kind][w] lists the squares v from which a lone such piece has a quiet move to w.
class UnmoveTable {
public:
    explicit UnmoveTable(const Domain& d) {
        const Variant& var = d.variant();
        const int n = d.squares();
        MoveList list;
        for (const Color c : {Color::white, Color::black}) {
            for (Kind k = 0; k < 2; ++k) {
                auto& to = from_[index(c)][k];
                to.assign(static_cast<std::size_t>(n), {});
                for (int v = 0; v < n; ++v) {
                    const auto sq = static_cast<Vertex>(v);
                    if (k == 0 && !has(d.men_squares(c), sq)) continue;
                    Position p;
                    p.put(sq, Piece(c, k));
                    p.set_side_to_move(c);
                    list.clear();
                    var.generate(p, list);
                    for (const Move& mv : list) {
                        if (mv.is_capture() || mv.is_drop() || mv.promotion != no_kind || mv.from != sq) continue;
                        auto& sources = to[mv.to];
                        if (std::find(sources.begin(), sources.end(), sq) == sources.end()) sources.push_back(sq);
                    }
                }
            }
        }
    }
    /// The squares a piece of side c and kind k on w may have come from.
    [[nodiscard]] const std::vector<Vertex>& sources(Color c, Kind k, Vertex w) const noexcept {
        return from_[index(c)][k][w];
    }

private:
    std::array<std::array<std::vector<std::vector<Vertex>>, 2>, 2> from_;
};

/// How many of pred's legal moves from `from` to `to` lead to x (0: the unmove is not a move).
int moves_leading_to(const Variant& v, Position& pred, Vertex from, Vertex to, const Position& x, MoveList& list,
                     Undo& u) {
    list.clear();
    v.generate(pred, list);
    int k = 0;
    for (const Move& mv : list) {
        if (mv.from != from || mv.to != to) continue;
        v.make_move(pred, mv, u);
        if (pred == x) ++k;
        v.unmake_move(pred, mv, u);
    }
    return k;
}

}  // namespace

std::vector<std::uint16_t> solve_slice_unmove(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps,
    int threads, const std::function<void(int, std::uint64_t, std::uint64_t)>& progress) {
    const Variant& v = d.variant();
    const UnmoveTable table(d);
    const Indexer ix(d, m);
    const std::uint64_t n = ix.size();
    std::vector<std::uint16_t> codes = draw_codes(ix);
    const Successors succ(d, m, codes.data(), deps);
    // Per position: the counter (see count_none), and the longest win among the moves out of the
    // slice (distance + 1, 0: none), which bounds a loss from below.
    std::vector<std::uint8_t> count(2 * n, count_none);
    std::vector<std::uint16_t> longest_out_win(2 * n, 0);
    // Positions whose value is known at a larger distance than the one being processed: the
    // shortest win through a move out of the slice, a loss whose longest move is out of it.
    std::vector<std::vector<std::uint32_t>> later;
    std::mutex later_mutex;
    const auto add_later = [&](const std::vector<std::pair<std::uint16_t, std::uint32_t>>& items) {
        const std::lock_guard<std::mutex> lock(later_mutex);
        for (const auto& [dist, node] : items) {
            if (later.size() <= dist) later.resize(static_cast<std::size_t>(dist) + 1);
            later[dist].push_back(node);
        }
    };
    // Pass 0: every position's moves once. Moves within the slice are only counted; moves out of
    // it are summed up from the dependencies' tables.
    std::atomic<std::uint64_t> valid{0};
    parallel_chunks(2 * n, threads, [&](std::uint64_t b, std::uint64_t e) {
        std::vector<std::pair<std::uint16_t, std::uint32_t>> local;
        MoveList list;
        Undo u;
        const std::uint64_t ok = for_each_position(ix, v, codes.data(), b, e, list, [&](std::uint64_t node, Position& p, const MoveList& moves) {
            const auto nd = static_cast<std::uint32_t>(node);
            if (moves.empty()) {
                local.emplace_back(0, nd);  // no legal move: lost in 0
                return;
            }
            int within = 0;
            OutSummary out;
            for (const Move& mv : moves) {
                v.make_move(p, mv, u);
                if (succ.in_slice(p)) {
                    ++within;
                } else {
                    out.add(succ.code(p));
                }
                v.unmake_move(p, mv, u);
            }
            if (within >= count_cannot_lose) {
                throw EgtbError("endgame databases: a position of slice " + m.name() + " has " + std::to_string(within) +
                                " moves within the slice, more than the unmove method counts (254); build with the "
                                "forward method (" + v.position_to_string(p) + ")");
            }
            const bool wins_out = out.shortest_loss != code_invalid;
            if (wins_out) local.emplace_back(static_cast<std::uint16_t>(out.shortest_loss + 1), nd);
            if (out.draw || wins_out) {
                count[node] = within > 0 ? count_cannot_lose : count_none;
            } else if (within == 0) {
                local.emplace_back(out.longest_win, nd);  // every move wins for the other side
            } else {
                count[node] = static_cast<std::uint8_t>(within);
                longest_out_win[node] = out.longest_win;
            }
        });
        valid += ok;
        add_later(local);
    });
    std::uint64_t resolved = 0;
    std::vector<std::uint32_t> frontier;  // the positions resolved at distance `dist`
    std::mutex frontier_mutex;
    for (int dist = 0;; ++dist) {
        std::vector<std::uint32_t> next;
        if (static_cast<std::size_t>(dist) < later.size()) {
            for (const std::uint32_t node : later[static_cast<std::size_t>(dist)]) {
                if (codes[node] == code_draw) {
                    codes[node] = static_cast<std::uint16_t>(dist + 1);
                    frontier.push_back(node);
                }
            }
            std::vector<std::uint32_t>().swap(later[static_cast<std::size_t>(dist)]);
        }
        resolved += frontier.size();
        if (progress) progress(dist, resolved, valid.load());
        if (frontier.empty()) {
            if (static_cast<std::size_t>(dist) + 1 >= later.size()) break;
            continue;
        }
        if (dist + 2 >= code_invalid - 1) {
            throw EgtbError("endgame databases: slice " + m.name() + " has distances beyond 65533 plies");
        }
        const bool losses = dist % 2 == 0;  // the frontier's side to move lost (else won)
        const auto code_next = static_cast<std::uint16_t>(dist + 2);
        parallel_chunks(frontier.size(), threads, [&](std::uint64_t b, std::uint64_t e) {
            std::vector<std::uint32_t> local_next;
            std::vector<std::pair<std::uint16_t, std::uint32_t>> local_later;
            MoveList list;
            Undo u;
            for (std::uint64_t j = b; j < e; ++j) {
                const std::uint32_t node = frontier[j];
                const Color side = node < n ? Color::white : Color::black;
                Position x;
                (void)ix.unindex(node % n, side, x);
                const Color mover = ~side;
                const Mask occupied = x.occupied();
                for (Kind k = 0; k < 2; ++k) {
                    for_each_vertex(x.pieces(mover, k), [&](Vertex w) {
                        for (const Vertex from : table.sources(mover, k, w)) {
                            if (has(occupied, from)) continue;
                            Position pred = x;
                            pred.move_piece(w, from);
                            pred.set_side_to_move(mover);
                            const auto pn = static_cast<std::uint32_t>(index(mover) * n + ix.index(pred));
                            if (std::atomic_ref<std::uint16_t>(codes[pn]).load(std::memory_order_relaxed) != code_draw) {
                                continue;
                            }
                            std::atomic_ref<std::uint8_t> cnt(count[pn]);
                            const std::uint8_t c = cnt.load(std::memory_order_relaxed);
                            if (c == count_none || (!losses && c == count_cannot_lose)) continue;
                            const int k_moves = moves_leading_to(v, pred, from, w, x, list, u);
                            if (k_moves == 0) continue;
                            if (losses) {
                                // A move to a loss in dist: a win in dist + 1 (the first found is the shortest).
                                std::uint16_t expected = code_draw;
                                if (std::atomic_ref<std::uint16_t>(codes[pn]).compare_exchange_strong(
                                        expected, code_next, std::memory_order_relaxed)) {
                                    local_next.push_back(pn);
                                }
                            } else if (cnt.fetch_sub(static_cast<std::uint8_t>(k_moves), std::memory_order_relaxed) ==
                                       k_moves) {
                                // Its last move within the slice leads to a win: it has lost, in one ply more
                                // than its longest move (within the slice: this one; out of it: stored).
                                const int out = longest_out_win[pn];  // distance + 1
                                if (out <= dist + 1) {
                                    std::atomic_ref<std::uint16_t>(codes[pn]).store(code_next, std::memory_order_relaxed);
                                    local_next.push_back(pn);
                                } else {
                                    local_later.emplace_back(static_cast<std::uint16_t>(out), pn);
                                }
                            }
                        }
                    });
                }
            }
            add_later(local_later);
            const std::lock_guard<std::mutex> lock(frontier_mutex);
            next.insert(next.end(), local_next.begin(), local_next.end());
        });
        frontier.swap(next);
    }
    return codes;
}

}  // namespace tradgames::engine::egtb::detail

namespace tradgames::engine::egtb {

const char* build_method_name(BuildMethod m) noexcept { return m == BuildMethod::unmove ? "unmove" : "forward"; }

BuildMethod parse_build_method(std::string_view name) {
    if (name == "forward") return BuildMethod::forward;
    if (name == "unmove") return BuildMethod::unmove;
    throw EgtbError("endgame databases: unknown build method '" + std::string(name) + "' (forward or unmove)");
}

}  // namespace tradgames::engine::egtb
