#include "tradgames/actions.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "tradgames/error.hpp"

namespace tradgames {

int action_count(const Variant& v) noexcept {
    const int V = v.topology().size();
    return V * V + max_action_choices;
}

int observation_planes(const Variant& v) noexcept { return 2 * static_cast<int>(v.kinds().size()) + 3; }

void write_observation(const Variant& v, const Position& pos, Vertex moving, ObservationView view,
                       float* out) noexcept {
    const int V = v.topology().size();
    const int K = static_cast<int>(v.kinds().size());
    std::memset(out, 0, sizeof(float) * static_cast<std::size_t>((2 * K + 3) * V));
    const int flip = view == ObservationView::side_to_move && pos.side_to_move() == Color::black ? 1 : 0;
    for_each_vertex(pos.occupied(), [&](Vertex x) {
        const Piece pc = pos.at(x);
        out[((index(pc.color()) ^ flip) * K + pc.kind()) * V + x] = 1.0F;
    });
    if (pos.side_to_move() == Color::black) std::fill(out + 2 * K * V, out + (2 * K + 1) * V, 1.0F);
    if (moving != no_vertex) out[(2 * K + 1) * V + moving] = 1.0F;
    for_each_vertex(pos.state().marked, [&](Vertex x) { out[(2 * K + 2) * V + x] = 1.0F; });
}

void TurnActions::start(const Variant& v, const Position& pos, const MoveList& legal) {
    V_ = v.topology().size();
    const bool any_capture = std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.is_capture(); });
    if (any_capture) {
        paths_.clear();
        v.generate(pos, paths_, Duplicates::all_paths);
        list_ = &paths_;
    } else {
        list_ = &legal;
    }
    alive_.resize(list_->size());
    for (std::size_t i = 0; i < alive_.size(); ++i) alive_[i] = static_cast<std::uint16_t>(i);
    taken_.clear();
    depth_ = 0;
    moving_ = no_vertex;
    n_complete_ = 0;
    has_steps_ = !alive_.empty();  // every move has at least one step
}

void TurnActions::settle() {
    n_complete_ = 0;
    has_steps_ = false;
    const MoveList& list = *list_;
    for (const std::uint16_t i : alive_) {
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
        completed_ = (*list_)[complete_[k]];
        return Result::complete;
    }
    if (action < 0) return Result::illegal;
    const MoveList& list = *list_;
    std::size_t kept = 0;
    for (const std::uint16_t i : alive_) {
        const Move& m = list[i];
        if (m.path.size() > depth_ && step_action(m, depth_, V_) == action) alive_[kept++] = i;
    }
    if (kept == 0) return Result::illegal;
    alive_.resize(kept);
    ++depth_;
    taken_.push_back(action);
    moving_ = static_cast<Vertex>(action % V_);
    settle();
    if (!has_steps_ && n_complete_ == 1) {
        completed_ = list[complete_[0]];
        return Result::complete;
    }
    return Result::pending;
}

bool TurnActions::legal(int action) const noexcept {
    const int steps = V_ * V_;
    if (action >= steps) return static_cast<std::size_t>(action - steps) < n_complete_;
    if (action < 0) return false;
    return std::any_of(alive_.begin(), alive_.end(), [&](std::uint16_t i) {
        const Move& m = (*list_)[i];
        return m.path.size() > depth_ && step_action(m, depth_, V_) == action;
    });
}

void TurnActions::legal_actions(std::vector<int>& out) const {
    out.clear();
    if (has_steps_) {
        for (const std::uint16_t i : alive_) {
            const Move& m = (*list_)[i];
            if (m.path.size() > depth_) out.push_back(step_action(m, depth_, V_));
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    for (std::size_t k = 0; k < n_complete_; ++k) out.push_back(V_ * V_ + static_cast<int>(k));
}

void TurnActions::write_mask(std::uint8_t* mask) const noexcept {
    const int steps = V_ * V_;
    std::memset(mask, 0, static_cast<std::size_t>(steps + max_action_choices));
    if (has_steps_) {
        for (const std::uint16_t i : alive_) {
            const Move& m = (*list_)[i];
            if (m.path.size() > depth_) mask[step_action(m, depth_, V_)] = 1;
        }
    }
    for (std::size_t k = 0; k < n_complete_; ++k) mask[steps + static_cast<int>(k)] = 1;
}

}  // namespace tradgames
