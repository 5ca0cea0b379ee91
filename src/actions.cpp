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

void write_observation(const Variant& v, const Position& pos, Vertex moving, ObservationView view,
                       float* out, const Vertex* turn) noexcept {
    const int V = v.topology().size();
    const int K = static_cast<int>(v.kinds().size());
    std::memset(out, 0, sizeof(float) * static_cast<std::size_t>((2 * K + 3) * V));
    const bool black = pos.side_to_move() == Color::black;
    const int flip = view != ObservationView::absolute && black ? 1 : 0;
    // Plane by plane from the position's occupancy masks (one mask per side and kind): a store
    // per piece, no look-up of the piece on each occupied vertex.
    const bool rotate = view == ObservationView::rotated && black;
    for (int c = 0; c < 2; ++c) {
        for (int k = 0; k < K; ++k) {
            float* plane = out + static_cast<std::ptrdiff_t>(((c ^ flip) * K + k) * V);
            const Mask m = pos.pieces(static_cast<Color>(c), static_cast<Kind>(k));
            if (rotate) {
                for_each_vertex(m, [&](Vertex x) { plane[turn[x]] = 1.0F; });
            } else {
                for_each_vertex(m, [&](Vertex x) { plane[x] = 1.0F; });
            }
        }
    }
    const auto at = [&](Vertex x) { return rotate ? turn[x] : x; };
    if (black && view != ObservationView::rotated) {
        static constexpr auto ones = [] {
            std::array<float, max_vertices> a{};
            a.fill(1.0F);
            return a;
        }();
        std::memcpy(out + 2 * K * V, ones.data(), sizeof(float) * static_cast<std::size_t>(V));
    }
    if (moving != no_vertex) out[(2 * K + 1) * V + at(moving)] = 1.0F;
    for_each_vertex(pos.state().marked, [&](Vertex x) { out[(2 * K + 2) * V + at(x)] = 1.0F; });
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
