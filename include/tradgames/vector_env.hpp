// tradgames: N games stepped at once for learning agents (README "Batched environments").
//
// Each environment is one game played by actions (actions.hpp): step() takes one action per
// environment and writes observations, legal-action masks, rewards, terminated and truncated
// flags and the current player straight into arrays the caller owns. A game that ends is reset
// at once to the start position, in the same step (Gymnasium's vector API, "same-step"
// autoreset): the outputs then describe the new game, and its final observation goes to
// final_observations. The environments are split over threads in fixed contiguous ranges; each
// has its own state and its own generator, so results depend on the seed only, never on the
// number of threads. After warm-up (buffers sized by the longest game so far) a step allocates
// nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "tradgames/actions.hpp"
#include "tradgames/game.hpp"
#include "tradgames/position.hpp"
#include "tradgames/random.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

namespace detail {

/// Storage of at least `bytes` bytes for VectorEnv's environments: from operator new below
/// 1 MB; else whole 2 MB pages on 2 MB boundaries, marked for transparent huge pages where the
/// system has them (Linux madvise: a step touches a few pages of each of hundreds of
/// environments, which 4 KB pages' address translation makes slow). Throws std::bad_alloc.
[[nodiscard]] void* allocate_environments(std::size_t bytes);
/// Frees what allocate_environments(bytes) returned, given the same bytes.
void free_environments(void* p, std::size_t bytes) noexcept;

/// The allocator of VectorEnv's environment vector (allocate_environments).
template <class T>
struct EnvironmentAllocator {
    using value_type = T;
    EnvironmentAllocator() = default;
    template <class U>
    explicit EnvironmentAllocator(const EnvironmentAllocator<U>&) noexcept {}
    [[nodiscard]] T* allocate(std::size_t n) { return static_cast<T*>(allocate_environments(n * sizeof(T))); }
    void deallocate(T* p, std::size_t n) noexcept { free_environments(p, n * sizeof(T)); }
    template <class U>
    bool operator==(const EnvironmentAllocator<U>&) const noexcept { return true; }
};

}  // namespace detail

/// Settings of a VectorEnv.
struct VectorEnvOptions {
    /// Number of environments; 1 .. 65536 (each holds a Game and its turn, about 13 KB plus the
    /// history since its last irreversible move: the games keep GameHistory::recent).
    std::size_t num_envs = 1;
    /// Seed of the environments' generators (sample_actions): environment i draws from
    /// playout_rng(seed, i).
    std::uint64_t seed = 0;
    /// Threads stepping the environments; 0 = std::thread::hardware_concurrency(), at most 256
    /// and at most num_envs are used. The results do not depend on it.
    unsigned threads = 1;
    /// Colour planes of the observations: absolute or from the side to move's point of view.
    /// ObservationView::rotated also turns the board half a turn when Black moves (actions.hpp):
    /// then the masks, the actions step() takes and the actions sampled are in the turned
    /// numbering too (turned_action with half_turn()), so the mover always plays up the board.
    ObservationView view = ObservationView::absolute;
    /// A game still going after this many plies is truncated (truncated = 1, reward 0) and reset;
    /// 0 = never (the variant's own rules end the game: terminated).
    int max_plies = 0;
    /// Start position of every game; the variant's initial position if empty.
    std::optional<Position> start;
};

/// Arrays the caller provides for the outputs, row-major, one row per environment. A null
/// pointer leaves that output out.
struct VectorEnvOutputs {
    /// num_envs x planes x V observation planes (actions.hpp) after the step.
    float* observations = nullptr;
    /// num_envs x action_count(): 1 for each legal action after the step, else 0.
    std::uint8_t* masks = nullptr;
    /// num_envs: reward of the step to the side that took the action: +1 it won the game,
    /// -1 it lost, 0 a draw, a truncation or a game still going.
    float* rewards = nullptr;
    /// num_envs: 1 when the step ended the game by its rules (and the environment was reset).
    std::uint8_t* terminated = nullptr;
    /// num_envs: 1 when the step reached max_plies (and the environment was reset).
    std::uint8_t* truncated = nullptr;
    /// num_envs: the side to act after the step, 0 White, 1 Black.
    std::int8_t* players = nullptr;
    /// num_envs x planes x V: the final observation of the game for environments whose game
    /// ended at this step (terminated or truncated); the other rows are not written.
    float* final_observations = nullptr;
};

/// num_envs games of one variant played by actions, stepped together.
///
/// Not thread-safe itself (one caller at a time); it runs its own worker threads, started in
/// the constructor and joined by the destructor.
class VectorEnv {
public:
    /// Builds the environments at the start position (call reset() for the first outputs).
    /// Throws OptionError for num_envs outside 1..65536, threads above 256, a negative
    /// max_plies, a start position whose game is already decided, or the rotated view on a board
    /// without half-turn symmetry (half_turn()).
    VectorEnv(std::shared_ptr<const Variant> variant, VectorEnvOptions options);
    ~VectorEnv();
    VectorEnv(const VectorEnv&) = delete;
    VectorEnv& operator=(const VectorEnv&) = delete;

    [[nodiscard]] const Variant& variant() const noexcept { return *variant_; }
    /// Number of environments.
    [[nodiscard]] std::size_t size() const noexcept { return envs_.size(); }
    /// Threads that step the environments (the calling thread included).
    [[nodiscard]] unsigned threads() const noexcept { return threads_; }
    /// Number of actions, the length of a mask row: V*V + max_action_choices.
    [[nodiscard]] int action_count() const noexcept { return actions_; }
    /// Floats per observation row: planes * V.
    [[nodiscard]] int observation_size() const noexcept { return obs_size_; }
    [[nodiscard]] const VectorEnvOptions& options() const noexcept { return options_; }

    /// Starts every game again from the start position and writes the outputs (rewards and
    /// flags 0; final_observations untouched). With a seed, reseeds the generators as the
    /// constructor does with options().seed.
    void reset(const VectorEnvOutputs& out, std::optional<std::uint64_t> seed = std::nullopt);

    /// Takes actions[i] in environment i, for every i, and writes the outputs. Every action is
    /// checked before any is taken: throws IllegalMoveError naming the first environment whose
    /// action is not legal, and then nothing changed.
    void step(const std::int64_t* actions, const VectorEnvOutputs& out);

    /// Writes into actions[i] a legal action of environment i drawn uniformly from its legal
    /// actions with its own generator.
    void sample_actions(std::int64_t* actions);

    /// sample_actions() then step() in one pass (no check needed: the actions are legal). If
    /// actions is not null the actions taken are written there.
    void step_random(const VectorEnvOutputs& out, std::int64_t* actions = nullptr);

    /// The game of environment i (for tests and inspection; it keeps GameHistory::recent, so
    /// positions() and moves() start at its last irreversible move). Precondition: i < size().
    [[nodiscard]] const Game& game(std::size_t i) const noexcept { return envs_[i].game; }
    /// The actions of the current turn of environment i. Precondition: i < size().
    [[nodiscard]] const TurnActions& turn(std::size_t i) const noexcept { return envs_[i].turn; }
    /// Games environment i has finished since the last reset. Precondition: i < size().
    [[nodiscard]] std::uint64_t episodes(std::size_t i) const noexcept { return envs_[i].episodes; }

private:
    struct Env {
        explicit Env(std::shared_ptr<const Variant> v, const Position& start) : game(std::move(v), start) {
            game.set_history(GameHistory::recent);  // never undone: a small, cache-hot history
        }
        // What a step reads first (generator, turn) at the start, next to each other.
        Rng rng{0};
        std::uint64_t episodes = 0;
        TurnActions turn;
        Game game;
    };
    class Pool;
    enum class Job : std::uint8_t { reset, step, sample, step_random };

    /// Runs job over environments [begin, end) (one thread's range).
    void run_range(Job job, std::size_t begin, std::size_t end);
    /// Runs job over every environment, split over the threads.
    void run(Job job);
    void restart(Env& e);
    std::int64_t sample(Env& e);
    void act(std::size_t i, std::int64_t action);
    void write(std::size_t i);
    /// Fetches what stepping environment i reads first (a hint; see TurnActions::prefetch).
    void prefetch(std::size_t i) const noexcept;
    /// The vertex renumbering of e's actions and masks: half_turn when the view is rotated and
    /// Black moves, else null (none).
    [[nodiscard]] const Vertex* turn_of(const Env& e) const noexcept {
        return turn_.empty() || e.game.position().side_to_move() != Color::black ? nullptr : turn_.data();
    }
    /// Action a of e between the caller's numbering and the game's (an involution).
    [[nodiscard]] std::int64_t turned(const Env& e, std::int64_t a) const noexcept {
        const Vertex* t = turn_of(e);
        return t == nullptr ? a : turned_action(static_cast<int>(a), t, variant_->topology().size());
    }

    std::shared_ptr<const Variant> variant_;
    VectorEnvOptions options_;
    Position start_;
    int actions_ = 0;
    int obs_size_ = 0;
    unsigned threads_ = 1;
    std::vector<Vertex> turn_;  ///< half_turn() for the rotated view, else empty
    std::vector<Env, detail::EnvironmentAllocator<Env>> envs_;
    // The current call's arguments, read by the workers.
    const std::int64_t* in_ = nullptr;
    std::int64_t* actions_out_ = nullptr;
    VectorEnvOutputs out_;
    std::unique_ptr<Pool> pool_;
};

}  // namespace tradgames
