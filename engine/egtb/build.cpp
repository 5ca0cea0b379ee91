// Endgame databases: the forward-pass builder and the independent verifier.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

#include "solve.hpp"
#include "tradgames/engine/egtb.hpp"

namespace tradgames::engine::egtb {

using detail::parallel_chunks;

namespace detail {

std::vector<std::uint16_t> solve_slice_forward(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps,
    int threads, const std::function<void(int, std::uint64_t, std::uint64_t)>& progress) {
    const Indexer ix(d, m);
    const std::uint64_t n = ix.size();
    std::vector<std::uint16_t> codes = draw_codes(ix);
    const Successors succ(d, m, codes.data(), deps);
    const Variant& v = d.variant();
    // The longest distance of a dependency: passes go on at least until it can no longer matter.
    int dep_longest = 0;
    for (const auto& [mat, c] : deps) {
        for (auto x : c) {
            if (x != code_invalid) dep_longest = std::max(dep_longest, static_cast<int>(x) - 1);
        }
    }
    // Pass 0: indices that are not positions, positions without a legal move; the rest is the
    // list of unresolved positions.
    std::vector<std::uint32_t> open;
    std::mutex open_mutex;
    std::atomic<std::uint64_t> valid{0};
    parallel_chunks(2 * n, threads, [&](std::uint64_t b, std::uint64_t e) {
        std::vector<std::uint32_t> local;
        MoveList list;
        const std::uint64_t ok = for_each_position(ix, v, codes.data(), b, e, list, [&](std::uint64_t node, const Position&, const MoveList& moves) {
            if (moves.empty()) {
                codes[node] = 1;  // no legal move: lost, in 0 plies
            } else {
                local.push_back(static_cast<std::uint32_t>(node));
            }
        });
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
                const OutSummary& o = out[k];
                bool win = o.shortest_loss <= limit;
                bool can_lose = !o.draw && o.shortest_loss == code_invalid && o.longest_win - 1 <= limit;
                for (std::uint64_t x = first[k]; !win && x < first[k + 1]; ++x) {
                    const std::uint16_t c =
                        std::atomic_ref<std::uint16_t>(codes[edges[x]]).load(std::memory_order_relaxed);
                    if (c == code_draw) {
                        can_lose = false;
                        continue;
                    }
                    const int dist = c - 1;
                    if (dist % 2 == 0) {
                        if (dist <= limit) win = true;
                        can_lose = false;
                    } else if (dist > limit) {
                        can_lose = false;
                    }
                }
                if (win || can_lose) {
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

}  // namespace detail

std::vector<std::uint16_t> solve_slice(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps,
    int threads, const std::function<void(int, std::uint64_t, std::uint64_t)>& progress, BuildMethod method) {
    return method == BuildMethod::unmove ? detail::solve_slice_unmove(d, m, deps, threads, progress)
                                         : detail::solve_slice_forward(d, m, deps, threads, progress);
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
        auto codes = solve_slice(
            d, m, done, o.threads,
            [&](int pass, std::uint64_t r, std::uint64_t n) {
                pr.pass = pass;
                pr.resolved = r;
                pr.positions = n;
                pr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                if (o.progress) o.progress(pr);
            },
            o.method);
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

void build_slice(const Domain& d, const Material& m, const std::string& dir, int threads, BuildMethod method) {
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
    write_slice(path, d, m, solve_slice(d, m, deps, threads, {}, method));
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
            if (it == indexers.end() || c.state() != PositionState{}) {
                throw EgtbError("egtb verify: slice " + m.name() + " leads to slice " + cm.name() +
                                ", which has no file in '" + dir + "'");
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
