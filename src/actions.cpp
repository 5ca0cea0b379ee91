#include "tradgames/actions.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "tradgames/error.hpp"

namespace tradgames {

int action_count(const Variant& v) noexcept {
    const int V = v.topology().size();
    return V * V + max_action_choices;
}

int observation_planes(const Variant& v) noexcept { return 2 * static_cast<int>(v.kinds().size()) + 3; }

ObservationView observation_view(std::string_view name) {
    if (name == "absolute") return ObservationView::absolute;
    if (name == "side_to_move") return ObservationView::side_to_move;
    if (name == "rotated") return ObservationView::rotated;
    throw OptionError("view " + quoted(name) + ": expected 'absolute', 'side_to_move' or 'rotated'");
}

std::vector<Vertex> half_turn(const Variant& v) {
    const Topology& t = v.topology();
    const int V = t.size();
    double x0 = t.x(0), x1 = x0, y0 = t.y(0), y1 = y0;
    for (int i = 1; i < V; ++i) {
        const auto x = static_cast<Vertex>(i);
        x0 = std::min(x0, t.x(x));
        x1 = std::max(x1, t.x(x));
        y0 = std::min(y0, t.y(x));
        y1 = std::max(y1, t.y(x));
    }
    std::vector<Vertex> turn(static_cast<std::size_t>(V), no_vertex);
    for (int i = 0; i < V; ++i) {
        const auto x = static_cast<Vertex>(i);
        const double tx = x0 + x1 - t.x(x);
        const double ty = y0 + y1 - t.y(x);
        for (int j = 0; j < V; ++j) {
            const auto y = static_cast<Vertex>(j);
            if (std::abs(t.x(y) - tx) < 1e-6 && std::abs(t.y(y) - ty) < 1e-6) {
                turn[static_cast<std::size_t>(i)] = y;
                break;
            }
        }
        if (turn[static_cast<std::size_t>(i)] == no_vertex) {
            throw OptionError("the board of " + v.name() + " has no half-turn symmetry: no vertex lies opposite " +
                              std::string(t.name(x)));
        }
    }
    return turn;
}

namespace {

#if defined(__GNUC__)
using Lanes8 = std::uint32_t __attribute__((vector_size(32)));  // eight 32-bit lanes

/// Writes floats [8c, 8c + 8) for c < chunks (chunks <= 8) as 1.0 where bit i of `word` is set
/// and 0.0 elsewhere: the word's halves broadcast once, then per eight floats an AND with each
/// lane's bit, a compare and an AND with the bits of 1.0F (one AVX or two SSE stores).
inline void write_chunks(std::uint64_t word, int chunks, float* out) noexcept {
    static_assert(sizeof(Lanes8) == 8 * sizeof(float));
    static constexpr std::array<Lanes8, 4> lane_bit = {
        Lanes8{1U << 0, 1U << 1, 1U << 2, 1U << 3, 1U << 4, 1U << 5, 1U << 6, 1U << 7},
        Lanes8{1U << 8, 1U << 9, 1U << 10, 1U << 11, 1U << 12, 1U << 13, 1U << 14, 1U << 15},
        Lanes8{1U << 16, 1U << 17, 1U << 18, 1U << 19, 1U << 20, 1U << 21, 1U << 22, 1U << 23},
        Lanes8{1U << 24, 1U << 25, 1U << 26, 1U << 27, 1U << 28, 1U << 29, 1U << 30, 1U << 31},
    };
    constexpr std::uint32_t one = 0x3F800000U;  // the bits of 1.0F
    // (No lambda taking a vector by value: without AVX its ABI draws a -Wpsabi note.)
    const Lanes8 low = Lanes8{} + static_cast<std::uint32_t>(word);
    const int n_low = std::min(chunks, 4);
    for (int c = 0; c < n_low; ++c) {
        const Lanes8 b = lane_bit[static_cast<std::size_t>(c)];
        const Lanes8 f = reinterpret_cast<Lanes8>((low & b) == b) & one;
        std::memcpy(out + 8 * c, &f, sizeof f);
    }
    if (chunks > 4) {
        const Lanes8 high = Lanes8{} + static_cast<std::uint32_t>(word >> 32);
        for (int c = 4; c < chunks; ++c) {
            const Lanes8 b = lane_bit[static_cast<std::size_t>(c - 4)];
            const Lanes8 f = reinterpret_cast<Lanes8>((high & b) == b) & one;
            std::memcpy(out + 8 * c, &f, sizeof f);
        }
    }
}
#endif

/// Writes the V floats of one plane from the vertex set m (1.0 on its vertices, 0.0 elsewhere),
/// every float once (no clearing pass before). Unless `last`, up to 7 floats past the plane are
/// written too (garbage that the next plane, written after, overwrites): whole chunks of eight.
inline void write_plane(Mask m, int V, float* out, bool last) noexcept {
    for (int w = 0; 64 * w < V; ++w) {
#if TRADGAMES_MAX_VERTICES == 64
        const std::uint64_t word = m;
#else
        const std::uint64_t word = w == 0 ? m.low() : m.high();
#endif
        const int n = std::min(64, V - 64 * w);
        float* o = out + 64 * w;
        int i = 0;
#if defined(__GNUC__)
        const int chunks = last && 64 * w + 64 >= V ? n / 8 : (n + 7) / 8;
        write_chunks(word, chunks, o);
        i = 8 * chunks;
#endif
        for (; i < n; ++i) o[i] = ((word >> i) & 1U) != 0 ? 1.0F : 0.0F;
    }
}

}  // namespace

void write_observation(const Variant& v, const Position& pos, Vertex moving, ObservationView view,
                       float* out, const Vertex* turn) noexcept {
    const int V = v.topology().size();
    const int K = static_cast<int>(v.kinds().size());
    const bool black = pos.side_to_move() == Color::black;
    const int flip = view != ObservationView::absolute && black ? 1 : 0;
    // Plane by plane from the position's occupancy masks (one mask per side and kind), each
    // plane written whole from its set of vertices; turned half a turn vertex by vertex.
    const bool rotate = view == ObservationView::rotated && black;
    const auto at = [&](Mask m) {
        if (!rotate) return m;
        Mask r = 0;
        for_each_vertex(m, [&](Vertex x) { r |= bit(turn[x]); });
        return r;
    };
    const auto plane = [&](int p) { return out + static_cast<std::ptrdiff_t>(p) * V; };
    // In increasing plane order: a plane may spill into the next one's first floats.
    for (int side = 0; side < 2; ++side) {
        const auto c = static_cast<Color>(side ^ flip);
        for (int k = 0; k < K; ++k) {
            write_plane(at(pos.pieces(c, static_cast<Kind>(k))), V, plane(side * K + k), false);
        }
    }
    write_plane(black && view != ObservationView::rotated ? ~Mask{0} : Mask{0}, V, plane(2 * K), false);
    write_plane(moving != no_vertex ? at(bit(moving)) : Mask{0}, V, plane(2 * K + 1), false);
    write_plane(at(pos.state().marked), V, plane(2 * K + 2), true);
}

// First step actions are stored in 16 bits.
static_assert(max_vertices * max_vertices <= 0xFFFF, "a step action must fit in 16 bits");

void TurnActions::start(const Variant& v, const Position& pos, const MoveList& legal) {
    V_ = v.topology().size();
    // One pass over `legal`: its first steps, and whether a move takes more than one jump.
    const auto firsts = [&](const MoveList& list) {
        if (first_.size() < list.size()) first_.resize(list.size());  // grows only: no zero fill per turn
        n_first_ = list.size();
        std::uint16_t* f = first_.data();
        bool multi_jump = false;
        for (const Move& m : list) {
            *f++ = static_cast<std::uint16_t>(step_action(m, 0, V_));
            multi_jump |= m.path.size() > 1;
        }
        return multi_jump;
    };
    if (firsts(legal)) {
        paths_.clear();
        v.generate(pos, paths_, Duplicates::all_paths);
        list_ = &paths_;
        (void)firsts(paths_);
    } else {
        list_ = &legal;
    }
    alive_.clear();  // at depth 0 every move is alive: alive(i) == i, nothing stored
    taken_.clear();
    depth_ = 0;
    moving_ = no_vertex;
    n_complete_ = 0;
    has_steps_ = !list_->empty();  // every move has at least one step
}

void TurnActions::settle() {
    n_complete_ = 0;
    has_steps_ = false;
    const MoveList& list = *list_;
    for (const std::uint16_t i : alive_) {  // depth_ > 0 here: alive_ is stored
        const Move& m = list[i];
        if (m.path.size() > depth_) {
            has_steps_ = true;
            continue;
        }
        const bool known = std::any_of(complete_, complete_ + n_complete_,
                                       [&](std::uint16_t c) { return list[c].same_result(m); });
        if (known) continue;
        if (n_complete_ == max_action_choices) {
            throw Error("action encoding: more than " + std::to_string(max_action_choices) +
                        " moves end here");
        }
        complete_[n_complete_++] = i;
    }
}

TurnActions::Result TurnActions::apply(int action) {
    const int steps = V_ * V_;
    if (action >= steps) {
        const auto k = static_cast<std::size_t>(action - steps);
        if (k >= n_complete_) return Result::illegal;
        completed_index_ = complete_[k];
        completed_ = (*list_)[completed_index_];
        return Result::complete;
    }
    if (action < 0) return Result::illegal;
    const MoveList& list = *list_;
    std::size_t kept = 0;
    if (depth_ == 0) {
        for (std::size_t i = 0; i < n_first_; ++i) {
            if (first_[i] == action) {
                if (kept == alive_.size()) alive_.push_back(0);
                alive_[kept++] = static_cast<std::uint16_t>(i);
            }
        }
        if (kept == 1 && list[alive_[0]].path.size() == 1) {
            // One move of one step (most moves): what settle() would find, without its loop.
            const std::uint16_t i = alive_[0];
            alive_.resize(1);
            depth_ = 1;
            taken_.push_back(action);
            moving_ = list[i].path[0];  // action % V_, without the division
            n_complete_ = 1;
            complete_[0] = i;
            has_steps_ = false;
            completed_index_ = i;
            completed_ = list[i];
            return Result::complete;
        }
    } else {
        for (const std::uint16_t i : alive_) {
            const Move& m = list[i];
            if (m.path.size() > depth_ && step_action(m, depth_, V_) == action) alive_[kept++] = i;
        }
    }
    if (kept == 0) return Result::illegal;
    alive_.resize(kept);
    ++depth_;
    taken_.push_back(action);
    moving_ = static_cast<Vertex>(action % V_);
    settle();
    if (!has_steps_ && n_complete_ == 1) {
        completed_index_ = complete_[0];
        completed_ = list[completed_index_];
        return Result::complete;
    }
    return Result::pending;
}

bool TurnActions::legal(int action) const noexcept {
    const int steps = V_ * V_;
    if (action >= steps) return static_cast<std::size_t>(action - steps) < n_complete_;
    if (action < 0) return false;
    if (depth_ == 0) {
        const std::uint16_t* f = first_.data();
        return std::find(f, f + n_first_, action) != f + n_first_;
    }
    return std::any_of(alive_.begin(), alive_.end(), [&](std::uint16_t i) {
        const Move& m = (*list_)[i];
        return m.path.size() > depth_ && step_action(m, depth_, V_) == action;
    });
}

std::size_t TurnActions::completed_index(const MoveList& legal) const noexcept {
    if (list_ == &legal) return completed_index_;
    std::size_t j = 0;
    while (j + 1 < legal.size() && !legal[j].same_result(completed_)) ++j;
    return j;
}

void TurnActions::legal_actions(std::vector<int>& out) const {
    out.clear();
    if (depth_ == 0) {
        out.assign(first_.data(), first_.data() + n_first_);
    } else if (has_steps_) {
        for (const std::uint16_t i : alive_) {
            const Move& m = (*list_)[i];
            if (m.path.size() > depth_) out.push_back(step_action(m, depth_, V_));
        }
    }
    if (!out.empty()) {
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    for (std::size_t k = 0; k < n_complete_; ++k) out.push_back(V_ * V_ + static_cast<int>(k));
}

int TurnActions::sample(Rng& rng) const noexcept {
    // Each legal action has exactly one accepted draw: a step is accepted at the first alive
    // move that takes it, a choice at its own slot after the moves.
    const MoveList& list = *list_;
    const bool all = depth_ == 0;
    const std::size_t moves = all ? list.size() : alive_.size();
    const std::size_t n = moves + n_complete_;
    if (all) {  // every move has a first step; no choice is open
        const std::uint16_t* f = first_.data();
        for (;;) {
            const auto r = static_cast<std::size_t>(rng.below(n));
            const std::uint16_t a = f[r];
            if (std::find(f, f + r, a) == f + r) return a;
        }
    }
    for (;;) {
        const auto r = static_cast<std::size_t>(rng.below(n));
        if (r >= moves) return V_ * V_ + static_cast<int>(r - moves);
        const Move& m = list[all ? r : alive_[r]];
        if (m.path.size() <= depth_) continue;
        const int a = step_action(m, depth_, V_);
        bool first = true;
        for (std::size_t j = 0; j < r && first; ++j) {
            const Move& o = list[all ? j : alive_[j]];
            first = o.path.size() <= depth_ || step_action(o, depth_, V_) != a;
        }
        if (first) return a;
    }
}

void TurnActions::prefetch() const noexcept {
    const auto* self = reinterpret_cast<const char*>(this);
    const auto* end = reinterpret_cast<const char*>(&paths_);  // the small fields come before the list
    for (const char* p = self; p < end; p += 64) __builtin_prefetch(p);
    __builtin_prefetch(first_.data());
}

void TurnActions::write_mask(std::uint8_t* mask, const Vertex* turn) const noexcept {
    const int steps = V_ * V_;
    std::memset(mask, 0, static_cast<std::size_t>(steps + max_action_choices));
    const auto entry = [&](int a) { return turn == nullptr ? a : turned_action(a, turn, V_); };
    if (depth_ == 0) {
        if (turn == nullptr) {
            for (std::size_t i = 0; i < n_first_; ++i) mask[first_[i]] = 1;
        } else {
            for (std::size_t i = 0; i < n_first_; ++i) mask[turned_action(first_[i], turn, V_)] = 1;
        }
    } else if (has_steps_) {
        for (const std::uint16_t i : alive_) {
            const Move& m = (*list_)[i];
            if (m.path.size() > depth_) mask[entry(step_action(m, depth_, V_))] = 1;
        }
    }
    for (std::size_t k = 0; k < n_complete_; ++k) mask[steps + static_cast<int>(k)] = 1;
}

}  // namespace tradgames
