// tradgames: the action encoding and observation planes for learning agents (README "Actions and
// observations"), one implementation for the Python Board, the batched VectorEnv and any other
// front end.
//
// Over a board of V vertices (Topology order), action a < V*V is the step "from vertex a / V to
// vertex a % V": a quiet move or a drop (from its reserve vertex) is one step, a capture one step
// per jump (origin to first landing, then landing to landing). Actions V*V + k (k <
// max_action_choices) choose the k-th of the moves whose steps are all taken when several remain
// (different promotions, a drop and a step between the same vertices) or when a move may end
// here or continue (a Shatra biy may stop its capture). A player keeps the turn until the
// actions taken make one whole move.
//
// Observation planes (float32, shape (2K + 3, V) row-major, K piece kinds): [c*K + k] pieces of
// side c and kind k; [2K] all ones when Black is to move; [2K+1] the vertex the moving piece
// stands on after the actions taken this turn (a capture in progress); [2K+2] marked vertices of
// the variant state (Shatra's urgent men). Side c is White = 0, Black = 1 in the absolute view;
// in the side-to-move view c = 0 is the side to move and c = 1 its opponent (the vertices and
// the actions keep their numbering; plane 2K still tells who moves). The rotated view is the
// side-to-move view with the board also turned half a turn when Black moves (vertex x written at
// half_turn(x), drawing coordinates turned about the board's centre), so that the mover always
// plays up the board; plane 2K is then all zeros, and a position and its colour-flipped mirror
// give the same planes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/random.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// Choice actions per variant: V*V .. V*V + max_action_choices - 1.
inline constexpr int max_action_choices = 8;

/// Number of actions of v: V*V + max_action_choices (V = v.topology().size()).
[[nodiscard]] int action_count(const Variant& v) noexcept;

/// Number of observation planes of v: 2K + 3 (K = v.kinds().size()).
[[nodiscard]] int observation_planes(const Variant& v) noexcept;

/// Whose point of view the colour planes take.
enum class ObservationView : std::uint8_t {
    absolute,      ///< planes 0..K-1 White's pieces, K..2K-1 Black's
    side_to_move,  ///< planes 0..K-1 the side to move's pieces, K..2K-1 its opponent's
    /// side_to_move, and when Black moves every vertex x written at half_turn[x] (the board
    /// turned half a turn: the mover plays up); plane 2K all zeros.
    rotated,
};

/// The view named `name`: "absolute", "side_to_move" or "rotated" (the names of the Python and
/// JavaScript VectorEnv). Throws OptionError naming the text otherwise.
[[nodiscard]] ObservationView observation_view(std::string_view name);

/// The half turn of v's board: entry x is the vertex whose drawing coordinates (Topology::x, y)
/// are those of x turned half a turn about the centre of the board's bounding box (an
/// involution: turning twice gives x). Throws OptionError naming a vertex that has no such
/// image (a board without that symmetry).
[[nodiscard]] std::vector<Vertex> half_turn(const Variant& v);

/// Action `action` of a board of V vertices with its vertices renumbered by `turn` (a step from
/// u to w becomes the step from turn[u] to turn[w]; choice actions stay). With an involution such
/// as half_turn() the same call maps back. Precondition: 0 <= action < V*V + max_action_choices.
[[nodiscard]] inline int turned_action(int action, const Vertex* turn, int V) noexcept {
    if (action >= V * V) return action;
    return static_cast<int>(turn[action / V]) * V + static_cast<int>(turn[action % V]);
}

/// Writes the observation planes of pos into out (observation_planes(v) * V floats, every one
/// written). `moving` is the vertex of the piece moving in a capture in progress, or no_vertex.
/// `turn` is half_turn(v).data() for ObservationView::rotated (precondition), else unused.
void write_observation(const Variant& v, const Position& pos, Vertex moving, ObservationView view,
                       float* out, const Vertex* turn = nullptr) noexcept;

/// The step action of jump or step j of m over V vertices: from (m.from for j = 0, else
/// m.path[j - 1]) * V + m.path[j]. Precondition: j < m.path.size().
[[nodiscard]] inline int step_action(const Move& m, std::size_t j, int V) noexcept {
    const Vertex from = j == 0 ? m.from : m.path[j - 1];
    return static_cast<int>(from) * V + static_cast<int>(m.path[j]);
}

/// The actions of one turn: the legal moves of a position (every path, P) narrowed by the
/// actions taken so far. Allocates only while its buffers first grow (a list of more than
/// inline_moves moves, the index list), so a TurnActions reused over many turns allocates nothing
/// per action once warm. Not thread-safe; holds a pointer to the variant (which must outlive it)
/// and, after start(), possibly to the caller's move list (see start()).
class TurnActions {
public:
    /// What an action did.
    enum class Result : std::uint8_t {
        illegal,   ///< not a legal action now; nothing changed
        pending,   ///< a step of a move that is not complete yet: the same side acts again
        complete,  ///< the actions taken make one whole move: completed() is it
    };

    TurnActions() = default;

    /// Starts a turn in pos, whose legal moves (U, as Game::legal_moves lists them) are `legal`
    /// (empty once the game is over: no action is legal). When no move of `legal` is a capture
    /// of more than one jump, its moves are every path already (two paths of one result need
    /// two jumps at least) and the turn reads `legal` itself, which must then stay unchanged
    /// while the turn is used; otherwise the turn generates the P list itself.
    /// Throws Error as Variant::generate.
    void start(const Variant& v, const Position& pos, const MoveList& legal);

    /// Takes one action. Throws Error when more than max_action_choices different moves would
    /// end at this point (no legal position of a registered game has that many).
    Result apply(int action);

    /// The move the last apply() completed. Precondition: it returned Result::complete.
    [[nodiscard]] const Move& completed() const noexcept { return completed_; }

    /// Index into `legal` of the move the last apply() completed, for Game::play_legal, where
    /// `legal` is the list start() was given (and still unchanged). Precondition: apply()
    /// returned Result::complete.
    [[nodiscard]] std::size_t completed_index(const MoveList& legal) const noexcept;

    /// True when action is legal now.
    [[nodiscard]] bool legal(int action) const noexcept;

    /// Replaces out with the legal actions now, sorted ascending (out's storage is reused).
    void legal_actions(std::vector<int>& out) const;

    /// A legal action drawn uniformly from the legal actions with rng (rejection sampling over
    /// the moves still possible and the choices: the number of draws varies, the result is
    /// uniform and depends on rng's state only). Precondition: some action is legal.
    [[nodiscard]] int sample(Rng& rng) const noexcept;

    /// Writes the legal-action mask: action_count(v) entries, 1 for a legal action, 0 else. With
    /// `turn` (a vertex renumbering such as half_turn()) the entry of each legal action a is
    /// turned_action(a, turn, V) instead.
    void write_mask(std::uint8_t* mask, const Vertex* turn = nullptr) const noexcept;

    /// The actions taken so far this turn (steps only; empty at the start of a turn).
    [[nodiscard]] const std::vector<int>& taken() const noexcept { return taken_; }

    /// The vertex the moving piece stands on after the steps taken, or no_vertex.
    [[nodiscard]] Vertex moving() const noexcept { return moving_; }

    /// Asks the processor to fetch what the next sample(), apply() and write_mask() read first
    /// (this object and its first steps), so that a caller stepping many turns in turn can
    /// overlap those memory reads with other work. A hint only: changes nothing.
    void prefetch() const noexcept;

    /// Number of vertices V of the variant the turn was started for.
    [[nodiscard]] int vertices() const noexcept { return V_; }

private:
    /// Recomputes complete_ and has_steps_ from alive_ at depth_. Throws as apply().
    void settle();

    // The small fields first, the 4 KB list last.
    const MoveList* list_ = nullptr;  ///< the moves of the turn: &paths_ or the caller's list
    /// Indices into *list_ of the moves the steps taken allow (depth_ > 0; at depth 0 every move
    /// is, and nothing is stored).
    std::vector<std::uint16_t> alive_;
    /// The first step action of each move of *list_, in list order (set by start(): what
    /// apply(), legal(), sample() and write_mask() read at depth 0 instead of the moves).
    std::vector<std::uint16_t> first_;
    std::size_t n_first_ = 0;  ///< entries of first_ in use (the vector only grows)
    std::vector<int> taken_;
    std::uint16_t complete_[max_action_choices] = {};  ///< distinct moves all of whose steps are taken
    std::size_t n_complete_ = 0;
    bool has_steps_ = false;
    std::size_t depth_ = 0;
    int V_ = 0;
    Vertex moving_ = no_vertex;
    std::size_t completed_index_ = 0;  ///< index into *list_ of completed_
    Move completed_;
    MoveList paths_;  ///< the P list, when the position has a capture
};

}  // namespace tradgames
