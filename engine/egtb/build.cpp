// Endgame databases: the forward-pass builder and the independent verifier.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

#include "tradgames/engine/egtb.hpp"

namespace tradgames::engine::egtb {

namespace {

/// Runs body(begin, end) over [0, n) in chunks on `threads` threads; rethrows the first
/// exception a worker threw.
template <class Body>
void parallel_chunks(std::uint64_t n, int threads, Body&& body) {
    constexpr std::uint64_t chunk = 2048;
    std::atomic<std::uint64_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto worker = [&]() {
        try {
            for (;;) {
                const std::uint64_t b = next.fetch_add(chunk);
                if (b >= n) return;
                body(b, std::min(n, b + chunk));
            }
        } catch (...) {
            const std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
            next.store(n);
        }
    };
    const int t = std::max(1, threads);
    std::vector<std::thread> pool;
    for (int i = 1; i < t; ++i) pool.emplace_back(worker);
    worker();
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
}

/// The codes of the positions a slice's moves lead to: the slice's own table or a dependency.
class Successors {
public:
    Successors(const Domain& d, const Material& m, std::uint16_t* own,
               const std::map<Material, std::vector<std::uint16_t>>& deps)
        : d_(d), m_(m), own_ix_(d, m), own_(own) {
        for (const auto& [mat, codes] : deps) {
            dep_.emplace(mat, Dep{Indexer(d, mat), codes.data()});
        }
    }
    const Indexer& own_indexer() const noexcept { return own_ix_; }

    /// The node (side * size + index) of child when it is in the slice itself, else nullopt.
    std::optional<std::uint32_t> own_node(const Position& child) const noexcept {
        if (Material::of_position(child) != m_ || !own_ix_.covers(child)) return std::nullopt;
        return static_cast<std::uint32_t>(index(child.side_to_move()) * own_ix_.size() + own_ix_.index(child));
    }

    /// The code of child (a successor of a position of the slice); a child whose side to move
    /// has no piece is a loss in 0.
    std::uint16_t code(const Position& child) const {
        const Material cm = Material::of_position(child);
        const Color c = child.side_to_move();
        if (cm.of(c) == 0) return 1;
        const auto it = dep_.find(cm);
        const Indexer& cix = cm == m_ || it == dep_.end() ? own_ix_ : it->second.ix;
        if ((cm == m_ || it != dep_.end()) && !cix.covers(child)) {
            throw EgtbError("endgame databases: a move of slice " + m_.name() + " in '" +
                            d_.variant().name() + "' leads to " +
                            d_.variant().position_to_string(child) +
                            ", a position with variant state the index does not hold: not covered");
        }
        if (cm == m_) {
            const std::uint64_t e = index(c) * own_ix_.size() + own_ix_.index(child);
            return std::atomic_ref<std::uint16_t>(own_[e]).load(std::memory_order_relaxed);
        }
        if (it == dep_.end()) {
            throw EgtbError("endgame databases: a move of slice " + m_.name() + " leads to slice " +
                            cm.name() + ", which is not built yet (" +
                            d_.variant().position_to_string(child) + ")");
        }
        return it->second.codes[index(c) * it->second.ix.size() + it->second.ix.index(child)];
    }

private:
    struct Dep {
        Indexer ix;
        const std::uint16_t* codes;
    };
    const Domain& d_;
    Material m_;
    Indexer own_ix_;
    std::uint16_t* own_;
    std::map<Material, Dep> dep_;
};

/// What a node's moves into other slices (captures, promotions) lead to, summed up.
struct OutSummary {
    std::uint16_t shortest_loss = code_invalid;  // distance, or code_invalid: none
    std::uint16_t longest_win = 0;               // distance + 1, 0: none
    bool draw = false;

    void add(std::uint16_t c) noexcept {
        if (c == code_draw) {
            draw = true;
        } else if ((c - 1) % 2 == 0) {
            shortest_loss = std::min<std::uint16_t>(shortest_loss, static_cast<std::uint16_t>(c - 1));
        } else {
            longest_win = std::max(longest_win, c);
        }
    }
};

/// A pass's verdict on an unresolved node (pass n: the moves to distances up to n - 1 count),
/// from its moves into other slices (OutSummary) and the codes of its moves within the slice.
struct PassVerdict {
    int limit;
    bool win;
    bool can_lose;
    PassVerdict(const OutSummary& o, int limit_) noexcept
        : limit(limit_),
          win(o.shortest_loss <= limit_),
          can_lose(!o.draw && o.shortest_loss == code_invalid && o.longest_win - 1 <= limit_) {}
    /// Takes the code of a move within the slice.
    void child(std::uint16_t c) noexcept {
        if (c == code_draw) {
            can_lose = false;
            return;
        }
        const int dist = c - 1;
        if (dist % 2 == 0) {
            if (dist <= limit) win = true;
            can_lose = false;
        } else if (dist > limit) {
            can_lose = false;
        }
    }
};

/// solve_slice for a slice whose index holds the king-move counts (Indexer::states() > 1). A
/// node is (side to move, placement, White's state, Black's state). The moves are generated per
/// placement and state of the mover, by the variant with that state set (Indexer::set_state):
/// a move within the slice is kept once per placement (the child's placement) with, per state
/// of the mover, the mover's state in the child (as the variant's make_move leaves it) or
/// `blocked` when the move is not legal in that state. A move within the slice is neither a
/// capture nor a promotion, so the other side's count goes on unchanged (checked for the
/// states the build makes; `egtb verify` checks every node with make_move alone). Moves into
/// other slices are summed per node with the other side's state set too.
std::vector<std::uint16_t> solve_state_slice(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps, int threads,
    const std::function<void(int, std::uint64_t, std::uint64_t)>& progress, int dep_longest) {
    const Indexer ix(d, m);
    const std::uint64_t n = ix.size();
    const std::uint64_t places = ix.placements();
    const std::uint32_t states = ix.states();
    const std::array<std::uint32_t, 2> ss{ix.side_states(Color::white), ix.side_states(Color::black)};
    if (2 * places >= (std::uint64_t{1} << 32) || 2 * n >= (std::uint64_t{1} << 40)) {
        throw EgtbError("endgame databases: slice " + m.name() + " is too large to solve");
    }
    std::vector<std::uint16_t> codes(2 * n, code_draw);
    const Successors succ(d, m, codes.data(), deps);
    const Variant& v = d.variant();
    constexpr std::uint8_t blocked = 0xFF;
    if (ss[0] >= blocked || ss[1] >= blocked) {
        throw EgtbError("endgame databases: slice " + m.name() + " has too many king-move states");
    }
    const auto side_of = [&](std::uint64_t p) { return p < places ? Color::white : Color::black; };
    // node of placement p (side * places + placement) with the mover's state sm, the other's so
    const auto node_of = [&](std::uint64_t p, std::uint32_t sm, std::uint32_t so) {
        const Color c = side_of(p);
        const std::uint32_t w = c == Color::white ? sm : so;
        const std::uint32_t b = c == Color::white ? so : sm;
        return p / places * n + (p % places) * states + w * ss[1] + b;
    };
    const auto set_states = [&](Position& pos, Color mover, std::uint32_t sm, std::uint32_t so) {
        if (mover == Color::white) {
            ix.set_state(pos, sm, so);
        } else {
            ix.set_state(pos, so, sm);
        }
    };
    // Pass 0, first half: the moves within the slice of every placement (no count set, which
    // allows every king its moves), counted.
    std::vector<std::uint64_t> first(2 * places + 1, 0);
    std::vector<std::uint64_t> tag_first(2 * places + 1, 0);
    std::vector<std::uint8_t> valid_place(2 * places, 0);
    parallel_chunks(2 * places, threads, [&](std::uint64_t b, std::uint64_t e) {
        MoveList list;
        Undo u;
        for (std::uint64_t p = b; p < e; ++p) {
            Position pos;
            if (!ix.unindex((p % places) * states, side_of(p), pos)) continue;
            valid_place[p] = 1;
            list.clear();
            v.generate(pos, list);
            std::uint64_t deg = 0;
            for (const Move& mv : list) {
                v.make_move(pos, mv, u);
                if (Material::of_position(pos) == m) ++deg;
                v.unmake_move(pos, mv, u);
            }
            first[p + 1] = deg;
            tag_first[p + 1] = deg * ss[index(side_of(p))];
        }
    });
    for (std::uint64_t p = 0; p < 2 * places; ++p) {
        first[p + 1] += first[p];
        tag_first[p + 1] += tag_first[p];
    }
    std::vector<std::uint32_t> edges(first[2 * places]);
    std::vector<std::uint8_t> tags(tag_first[2 * places], blocked);
    std::vector<OutSummary> out(2 * n);
    std::atomic<std::uint64_t> valid{0};
    std::atomic<std::uint64_t> lost{0};
    // Pass 0, second half: per state of the mover, the legal moves and the states they lead to;
    // the nodes without a legal move (loss in 0); the moves into other slices, per node.
    parallel_chunks(2 * places, threads, [&](std::uint64_t b, std::uint64_t e) {
        MoveList list;
        std::vector<Move> own;
        std::vector<Move> other;
        Undo u;
        std::uint64_t ok = 0;
        std::uint64_t no_move = 0;
        for (std::uint64_t p = b; p < e; ++p) {
            const Color c = side_of(p);
            const std::uint32_t sm_n = ss[index(c)];
            const std::uint32_t so_n = ss[index(~c)];
            if (valid_place[p] == 0) {
                for (std::uint32_t x = 0; x < states; ++x) codes[p / places * n + (p % places) * states + x] = code_invalid;
                continue;
            }
            ok += states;
            Position pos;
            (void)ix.unindex((p % places) * states, c, pos);
            list.clear();
            v.generate(pos, list);
            own.clear();
            for (const Move& mv : list) {
                v.make_move(pos, mv, u);
                if (Material::of_position(pos) == m) {
                    edges[first[p] + own.size()] =
                        static_cast<std::uint32_t>(index(~c) * places + ix.placement(pos));
                    own.push_back(mv);
                }
                v.unmake_move(pos, mv, u);
            }
            const std::size_t deg = own.size();
            for (std::uint32_t sm = 0; sm < sm_n; ++sm) {
                set_states(pos, c, sm, 0);
                list.clear();
                v.generate(pos, list);
                if (list.empty()) {
                    for (std::uint32_t so = 0; so < so_n; ++so) codes[node_of(p, sm, so)] = 1;  // lost in 0
                    no_move += so_n;
                    continue;
                }
                std::uint8_t* row = tags.data() + tag_first[p] + sm * deg;
                other.clear();
                for (const Move& mv : list) {
                    v.make_move(pos, mv, u);
                    if (Material::of_position(pos) == m) {
                        const auto k = static_cast<std::size_t>(std::find(own.begin(), own.end(), mv) - own.begin());
                        const int child_mover = ix.side_state(pos, c);
                        if (k == deg || child_mover < 0 || ix.side_state(pos, ~c) != 0 || !ix.covers(pos)) {
                            throw EgtbError("endgame databases: a move of slice " + m.name() + " in '" + v.name() +
                                            "' leads to " + v.position_to_string(pos) +
                                            ", a state the index does not hold or a move the position without counts lacks");
                        }
                        row[k] = static_cast<std::uint8_t>(child_mover);
                    } else {
                        other.push_back(mv);
                    }
                    v.unmake_move(pos, mv, u);
                }
                for (std::uint32_t so = 0; so < so_n; ++so) {
                    set_states(pos, c, sm, so);
                    OutSummary o;
                    for (const Move& mv : other) {
                        v.make_move(pos, mv, u);
                        o.add(succ.code(pos));
                        v.unmake_move(pos, mv, u);
                    }
                    out[node_of(p, sm, so)] = o;
                }
            }
        }
        valid += ok;
        lost += no_move;
    });
    std::uint64_t resolved = lost.load();
    if (progress) progress(0, resolved, valid.load());
    for (int pass = 1;; ++pass) {
        std::atomic<std::uint64_t> changed{0};
        std::atomic<std::uint64_t> open{0};
        const int limit = pass - 1;  // successors' distances that count in this pass
        parallel_chunks(2 * places, threads, [&](std::uint64_t b, std::uint64_t e) {
            std::uint64_t local = 0;
            std::uint64_t still = 0;
            for (std::uint64_t p = b; p < e; ++p) {
                if (valid_place[p] == 0) continue;
                const Color c = side_of(p);
                const std::uint32_t sm_n = ss[index(c)];
                const std::uint32_t so_n = ss[index(~c)];
                const std::uint64_t deg = first[p + 1] - first[p];
                for (std::uint32_t sm = 0; sm < sm_n; ++sm) {
                    const std::uint8_t* row = tags.data() + tag_first[p] + sm * deg;
                    for (std::uint32_t so = 0; so < so_n; ++so) {
                        const std::uint64_t node = node_of(p, sm, so);
                        if (std::atomic_ref<std::uint16_t>(codes[node]).load(std::memory_order_relaxed) != code_draw) {
                            continue;
                        }
                        PassVerdict pv(out[node], limit);
                        for (std::uint64_t k = 0; !pv.win && k < deg; ++k) {
                            if (row[k] == blocked) continue;
                            // the child: the other side to move, the mover's state row[k], the other's so
                            const std::uint64_t child = node_of(edges[first[p] + k], so, row[k]);
                            pv.child(std::atomic_ref<std::uint16_t>(codes[child]).load(std::memory_order_relaxed));
                        }
                        if (pv.win || pv.can_lose) {
                            std::atomic_ref<std::uint16_t>(codes[node]).store(static_cast<std::uint16_t>(pass + 1),
                                                                              std::memory_order_relaxed);
                            ++local;
                        } else {
                            ++still;
                        }
                    }
                }
            }
            changed += local;
            open += still;
        });
        if (pass + 1 >= code_invalid - 1) {
            throw EgtbError("endgame databases: slice " + m.name() + " has distances beyond 65533 plies");
        }
        resolved += changed.load();
        if (progress) progress(pass, resolved, valid.load());
        if (changed.load() == 0 && pass > dep_longest + 1) break;
        if (open.load() == 0) break;
    }
    return codes;
}

}  // namespace

std::vector<std::uint16_t> solve_slice(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps,
    int threads, const std::function<void(int, std::uint64_t, std::uint64_t)>& progress) {
    const Indexer ix(d, m);
    const std::uint64_t n = ix.size();
    // The longest distance of a dependency: passes go on at least until it can no longer matter.
    int dep_longest = 0;
    for (const auto& [mat, c] : deps) {
        for (auto x : c) {
            if (x != code_invalid) dep_longest = std::max(dep_longest, static_cast<int>(x) - 1);
        }
    }
    if (ix.states() > 1) return solve_state_slice(d, m, deps, threads, progress, dep_longest);
    if (2 * n >= (std::uint64_t{1} << 32)) {
        throw EgtbError("endgame databases: slice " + m.name() + " has more than 2^31 indices");
    }
    std::vector<std::uint16_t> codes(2 * n, code_draw);
    const Successors succ(d, m, codes.data(), deps);
    const Variant& v = d.variant();
    // Pass 0: indices that are not positions, positions without a legal move; the rest is the
    // list of unresolved positions.
    std::vector<std::uint32_t> open;
    std::mutex open_mutex;
    std::atomic<std::uint64_t> valid{0};
    parallel_chunks(2 * n, threads, [&](std::uint64_t b, std::uint64_t e) {
        std::vector<std::uint32_t> local;
        MoveList list;
        std::uint64_t ok = 0;
        for (std::uint64_t node = b; node < e; ++node) {
            Position p;
            if (!ix.unindex(node % n, node < n ? Color::white : Color::black, p)) {
                codes[node] = code_invalid;
                continue;
            }
            ++ok;
            list.clear();
            v.generate(p, list);
            if (list.empty()) {
                codes[node] = 1;  // no legal move: lost, in 0 plies
            } else {
                local.push_back(static_cast<std::uint32_t>(node));
            }
        }
        valid += ok;
        const std::lock_guard<std::mutex> lock(open_mutex);
        open.insert(open.end(), local.begin(), local.end());
    });
    std::sort(open.begin(), open.end());
    std::uint64_t resolved = valid.load() - open.size();
    if (progress) progress(0, resolved, valid.load());
    // Successors of the unresolved positions, generated once: the moves into the slice itself
    // as node numbers (CSR), the moves into other slices summed up as the shortest loss, the
    // longest win and whether one is a draw. Later passes read tables only.
    const std::size_t open_n = open.size();
    std::vector<OutSummary> out(open_n);
    std::vector<std::uint64_t> first(open_n + 1, 0);
    auto scan = [&](std::uint64_t k, MoveList& list, Undo& u, std::uint32_t* edges) {
        const std::uint32_t node = open[k];
        Position p;
        (void)ix.unindex(node % n, node < n ? Color::white : Color::black, p);
        list.clear();
        v.generate(p, list);
        std::uint64_t deg = 0;
        OutSummary o;
        for (const Move& mv : list) {
            v.make_move(p, mv, u);
            if (const auto own = succ.own_node(p)) {
                if (edges != nullptr) edges[deg] = *own;
                ++deg;
            } else {
                o.add(succ.code(p));
            }
            v.unmake_move(p, mv, u);
        }
        if (edges == nullptr) {
            out[k] = o;
            first[k + 1] = deg;
        }
    };
    parallel_chunks(open_n, threads, [&](std::uint64_t b, std::uint64_t e) {
        MoveList list;
        Undo u;
        for (std::uint64_t k = b; k < e; ++k) scan(k, list, u, nullptr);
    });
    for (std::size_t k = 0; k < open_n; ++k) first[k + 1] += first[k];
    std::vector<std::uint32_t> edges(first[open_n]);
    parallel_chunks(open_n, threads, [&](std::uint64_t b, std::uint64_t e) {
        MoveList list;
        Undo u;
        for (std::uint64_t k = b; k < e; ++k) scan(k, list, u, edges.data() + first[k]);
    });
    std::vector<std::uint32_t> live(open_n);  // positions of `open` still unresolved
    for (std::size_t k = 0; k < open_n; ++k) live[k] = static_cast<std::uint32_t>(k);
    for (int pass = 1;; ++pass) {
        std::atomic<std::uint64_t> changed{0};
        const int limit = pass - 1;  // successors' distances that count in this pass
        parallel_chunks(live.size(), threads, [&](std::uint64_t b, std::uint64_t e) {
            std::uint64_t local = 0;
            for (std::uint64_t j = b; j < e; ++j) {
                const std::uint32_t k = live[j];
                PassVerdict pv(out[k], limit);
                for (std::uint64_t x = first[k]; !pv.win && x < first[k + 1]; ++x) {
                    pv.child(std::atomic_ref<std::uint16_t>(codes[edges[x]]).load(std::memory_order_relaxed));
                }
                if (pv.win || pv.can_lose) {
                    std::atomic_ref<std::uint16_t>(codes[open[k]])
                        .store(static_cast<std::uint16_t>(pass + 1), std::memory_order_relaxed);
                    ++local;
                }
            }
            changed += local;
        });
        if (pass + 1 >= code_invalid - 1) {
            throw EgtbError("endgame databases: slice " + m.name() + " has distances beyond 65533 plies");
        }
        resolved += changed.load();
        std::erase_if(live, [&](std::uint32_t k) { return codes[open[k]] != code_draw; });
        if (progress) progress(pass, resolved, valid.load());
        if (changed.load() == 0 && pass > dep_longest + 1) break;
        if (live.empty()) break;
    }
    return codes;
}

void build(const Domain& d, const std::vector<Material>& slices, const BuildOptions& o) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(o.dir, ec);
    if (ec || !fs::is_directory(o.dir)) {
        throw EgtbError("endgame databases: cannot create directory '" + o.dir + "': " + ec.message());
    }
    std::map<Material, std::vector<std::uint16_t>> done;
    int i = 0;
    for (const Material& m : slices) {
        ++i;
        const auto start = std::chrono::steady_clock::now();
        const std::string path = (fs::path(o.dir) / slice_file_name(d.variant().name(), m)).string();
        Progress pr;
        pr.slice = i;
        pr.slices = static_cast<int>(slices.size());
        pr.material = m;
        if (fs::exists(path)) {
            try {
                const SliceFile f(path, d, m);
                done[m] = f.all_codes();
                pr.done = true;
                pr.reused = true;
                pr.positions = f.header().positions * 2;
                pr.resolved = pr.positions;
                if (o.progress) o.progress(pr);
                continue;
            } catch (const EgtbError&) {
                // not a usable file of this slice: built again and replaced below
            }
        }
        auto codes = solve_slice(d, m, done, o.threads, [&](int pass, std::uint64_t r, std::uint64_t n) {
            pr.pass = pass;
            pr.resolved = r;
            pr.positions = n;
            pr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (o.progress) o.progress(pr);
        });
        write_slice(path, d, m, codes);
        done[m] = std::move(codes);
        pr.done = true;
        pr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (o.progress) o.progress(pr);
    }
}

std::vector<Material> successors(const Domain& d, const Material& m) {
    const auto all = slices_up_to(d, m.total());
    std::vector<Material> out;
    const auto add = [&](const Material& c) {
        if (c == m || c.white_men + c.white_kings == 0 || c.black_men + c.black_kings == 0) return;
        if (std::find(all.begin(), all.end(), c) == all.end()) return;
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    };
    for (const Color mover : {Color::white, Color::black}) {
        // Work in the mover's frame (mover = White), then turn back.
        const Material f = mover == Color::white ? m : m.flipped();
        for (int promoted = 0; promoted <= std::min(1, f.white_men); ++promoted) {
            for (int a = 0; a <= f.black_men; ++a) {
                for (int b = 0; b <= f.black_kings; ++b) {
                    const Material c{f.white_men - promoted, f.white_kings + promoted, f.black_men - a, f.black_kings - b};
                    add(mover == Color::white ? c : c.flipped());
                }
            }
        }
    }
    std::sort(out.begin(), out.end(), [&](const Material& x, const Material& y) {
        return std::find(all.begin(), all.end(), x) < std::find(all.begin(), all.end(), y);
    });
    return out;
}

void build_slice(const Domain& d, const Material& m, const std::string& dir, int threads) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(dir, ec);
    const std::string path = (fs::path(dir) / slice_file_name(d.variant().name(), m)).string();
    if (fs::exists(path)) {
        try {
            const SliceFile f(path, d, m);
            return;
        } catch (const EgtbError&) {
            // not a usable file of this slice: built again and replaced below
        }
    }
    std::map<Material, std::vector<std::uint16_t>> deps;
    for (const Material& c : successors(d, m)) {
        deps[c] = SliceFile((fs::path(dir) / slice_file_name(d.variant().name(), c)).string(), d, c).all_codes();
    }
    write_slice(path, d, m, solve_slice(d, m, deps, threads));
}

std::vector<VerifyProblem> verify(const Domain& d, const std::string& dir, std::uint64_t& checked,
                                  int threads, std::size_t max_problems) {
    const auto headers = info(d, dir);
    std::map<Material, std::vector<std::uint16_t>> tables;
    for (const auto& h : headers) {
        const SliceFile f((std::filesystem::path(dir) / slice_file_name(d.variant().name(), h.material)).string(),
                          d, h.material);
        tables[h.material] = f.all_codes();
    }
    std::vector<VerifyProblem> problems;
    std::mutex problems_mutex;
    std::atomic<std::uint64_t> total{0};
    const Variant& v = d.variant();
    std::map<Material, Indexer> indexers;
    for (const auto& h : headers) indexers.emplace(h.material, Indexer(d, h.material));
    for (const auto& h : headers) {
        const Material m = h.material;
        const Indexer& ix = indexers.at(m);
        const std::uint64_t n = ix.size();
        const std::vector<std::uint16_t>& codes = tables.at(m);
        auto child_code = [&](const Position& c) -> std::uint16_t {
            const Material cm = Material::of_position(c);
            if (cm.of(c.side_to_move()) == 0) return 1;
            const auto it = indexers.find(cm);
            if (it == indexers.end()) {
                throw EgtbError("egtb verify: slice " + m.name() + " leads to slice " + cm.name() +
                                ", which has no file in '" + dir + "'");
            }
            if (!it->second.covers(c)) {
                throw EgtbError("egtb verify: slice " + m.name() + " leads to " + v.position_to_string(c) +
                                ", whose variant state slice " + cm.name() + "'s index does not hold");
            }
            return tables.at(cm)[index(c.side_to_move()) * it->second.size() + it->second.index(c)];
        };
        parallel_chunks(2 * n, threads, [&](std::uint64_t b, std::uint64_t e) {
            MoveList list;
            Undo u;
            std::uint64_t local = 0;
            for (std::uint64_t node = b; node < e; ++node) {
                Position p;
                const Color side = node < n ? Color::white : Color::black;
                const bool is_position = ix.unindex(node % n, side, p);
                const std::uint16_t code = codes[node];
                std::string why;
                if (!is_position) {
                    if (code != code_invalid) why = "an index that is not a position has a value";
                } else {
                    ++local;
                    list.clear();
                    v.generate(p, list);
                    int shortest_loss = -1;
                    int longest_win = -1;
                    bool draw_child = false;
                    bool all_wins = true;
                    for (const Move& mv : list) {
                        v.make_move(p, mv, u);
                        const std::uint16_t c = child_code(p);
                        v.unmake_move(p, mv, u);
                        if (c == code_draw) {
                            draw_child = true;
                            all_wins = false;
                            continue;
                        }
                        const int dist = c - 1;
                        if (dist % 2 == 0) {
                            all_wins = false;
                            if (shortest_loss < 0 || dist < shortest_loss) shortest_loss = dist;
                        } else {
                            longest_win = std::max(longest_win, dist);
                        }
                    }
                    if (code == code_invalid) {
                        why = "a position is marked as none";
                    } else if (list.empty()) {
                        if (code != 1) why = "no legal move but not a loss in 0";
                    } else if (code == code_draw) {
                        if (shortest_loss >= 0) why = "draw, but a move leads to a loss";
                        else if (!draw_child) why = "draw, but no move leads to a draw";
                    } else if ((code - 1) % 2 == 1) {
                        if (shortest_loss != code - 2) {
                            why = "win in " + std::to_string(code - 1) + ", but the shortest move to a loss takes " +
                                  std::to_string(shortest_loss);
                        }
                    } else if (!all_wins || longest_win != code - 2) {
                        why = "loss in " + std::to_string(code - 1) +
                              ", but not every move leads to a win or the longest is " + std::to_string(longest_win);
                    }
                }
                if (!why.empty()) {
                    const std::lock_guard<std::mutex> lock(problems_mutex);
                    if (problems.size() < max_problems) {
                        problems.push_back({m, is_position ? v.position_to_string(p) : "index " + std::to_string(node), why});
                    }
                }
            }
            total += local;
        });
    }
    checked = total.load();
    return problems;
}

}  // namespace tradgames::engine::egtb
