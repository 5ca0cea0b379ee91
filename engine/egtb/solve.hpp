// Endgame databases, inside the library: what both slice solvers share (the forward passes of
// build.cpp and the retrograde unmove generation of unmove.cpp). Not a public header.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "tradgames/engine/egtb.hpp"

namespace tradgames::engine::egtb::detail {

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

    /// Whether child is a position of the slice itself that its index holds.
    bool in_slice(const Position& child) const noexcept {
        return Material::of_position(child) == m_ && own_ix_.covers(child);
    }

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

/// The codes of a slice being solved, all draws (2 * ix.size(): White to move, then Black).
/// Throws EgtbError when the nodes do not fit 32 bits.
inline std::vector<std::uint16_t> draw_codes(const Indexer& ix) {
    if (2 * ix.size() >= (std::uint64_t{1} << 32)) {
        throw EgtbError("endgame databases: slice " + ix.material().name() + " has more than 2^31 indices");
    }
    return std::vector<std::uint16_t>(2 * ix.size(), code_draw);
}

/// Calls f(node, position, moves) for every position among nodes [b, e) of the slice of ix
/// (node = side * size + index) with its legal moves generated into list; marks the indices
/// that are not positions code_invalid in codes. Returns the number of positions.
template <class F>
std::uint64_t for_each_position(const Indexer& ix, const Variant& v, std::uint16_t* codes, std::uint64_t b,
                                std::uint64_t e, MoveList& list, F&& f) {
    const std::uint64_t n = ix.size();
    std::uint64_t positions = 0;
    for (std::uint64_t node = b; node < e; ++node) {
        Position p;
        if (!ix.unindex(node % n, node < n ? Color::white : Color::black, p)) {
            codes[node] = code_invalid;
            continue;
        }
        ++positions;
        list.clear();
        v.generate(p, list);
        f(node, p, list);
    }
    return positions;
}

/// The moves of a position that leave its slice, summed up from their codes.
struct OutSummary {
    std::uint16_t shortest_loss = code_invalid;  // distance, or code_invalid: none
    std::uint16_t longest_win = 0;               // distance + 1, 0: none
    bool draw = false;
    /// Adds a move whose successor has code c (for the side to move there).
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

/// The codes of slice m by forward passes (build.cpp); solve_slice's BuildMethod::forward.
std::vector<std::uint16_t> solve_slice_forward(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps,
    int threads, const std::function<void(int, std::uint64_t, std::uint64_t)>& progress);

/// The codes of slice m by retrograde analysis with unmove generation (unmove.cpp);
/// solve_slice's BuildMethod::unmove.
std::vector<std::uint16_t> solve_slice_unmove(
    const Domain& d, const Material& m, const std::map<Material, std::vector<std::uint16_t>>& deps,
    int threads, const std::function<void(int, std::uint64_t, std::uint64_t)>& progress);

}  // namespace tradgames::engine::egtb::detail
