#include "tradgames/vector_env.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <thread>

#include "tradgames/error.hpp"
#include "tradgames/playout.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tradgames {

namespace detail {

#if defined(__linux__) && defined(MADV_HUGEPAGE)
namespace {

constexpr std::size_t huge_page = std::size_t{2} << 20;
constexpr std::size_t huge_from = std::size_t{1} << 20;

}  // namespace
#endif

void* allocate_environments(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= huge_from) {
        const std::size_t size = (bytes + huge_page - 1) / huge_page * huge_page;
        // Map one page more than needed and unmap the ends, so that the block starts on a 2 MB
        // boundary.
        void* m = mmap(nullptr, size + huge_page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) throw std::bad_alloc();
        const auto a = reinterpret_cast<std::uintptr_t>(m);
        const std::uintptr_t start = (a + huge_page - 1) / huge_page * huge_page;
        if (start > a) munmap(m, start - a);
        if (start + size < a + size + huge_page) {
            munmap(reinterpret_cast<void*>(start + size), a + size + huge_page - (start + size));
        }
        void* p = reinterpret_cast<void*>(start);
        (void)madvise(p, size, MADV_HUGEPAGE);  // a hint: without transparent huge pages, 4 KB pages
        return p;
    }
#endif
    return ::operator new(bytes);
}

void free_environments(void* p, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= huge_from) {
        munmap(p, (bytes + huge_page - 1) / huge_page * huge_page);
        return;
    }
#else
    static_cast<void>(bytes);  // one allocation path: operator new (WebAssembly, other systems)
#endif
    ::operator delete(p);
}

}  // namespace detail

namespace {

/// One pause of a spin-wait (a hint to the CPU; nothing on other processors).
inline void spin_pause() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

/// How long an idle worker spins for the next call before it blocks, and how long the calling
/// thread spins for a worker's last chunk before it yields its core.
constexpr std::chrono::microseconds worker_spin{100};
constexpr std::chrono::microseconds caller_spin{50};

}  // namespace

/// Worker threads that step the environments with the calling thread. Thread t (0 = the
/// caller) owns a fixed contiguous range of environments and takes it in small chunks from the
/// front of an atomic counter; a thread that has finished its own range takes the chunks still
/// left at the back of the others' ranges. So a call never waits for a worker to wake up: the caller starts at once and,
/// if no worker turns up (blocked, descheduled, or the batch too small to wait for), does every
/// chunk itself, and in the steady state every environment stays with one thread (its cache).
/// A worker spins for worker_spin after a call before it blocks (C++20 atomic wait, a futex on
/// Linux), so calls in a loop wake nobody through the kernel; the caller notifies only a
/// blocked worker. Which thread steps an environment never changes its results (each has its
/// own state and generator). No allocation per call.
class VectorEnv::Pool {
public:
    Pool(VectorEnv& env, unsigned threads) : env_(env), threads_(threads), ranges_(threads), errors_(threads) {
        const std::size_t n = env.envs_.size();
        for (unsigned t = 0; t < threads; ++t) {
            ranges_[t].begin = n * t / threads;
            ranges_[t].end = n * (t + 1) / threads;
        }
        // Chunks of about an eighth of a range, 1 to 16 environments (a step is 0.2-2 us).
        chunk_ = std::clamp<std::size_t>(n / (8 * std::size_t{threads}), 1, 16);
        workers_.reserve(threads - 1);
        for (unsigned t = 1; t < threads; ++t) workers_.emplace_back([this, t] { loop(t); });
    }
    ~Pool() {
        stop_.store(true, std::memory_order_seq_cst);
        generation_.fetch_add(1, std::memory_order_seq_cst);
        generation_.notify_all();
        for (std::thread& w : workers_) w.join();
    }
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;

    /// Runs job over every environment and returns when all are done; rethrows the error of the
    /// lowest environment whose chunk threw (the rest of that chunk is not stepped).
    void run(Job job) {
        const std::uint32_t g = generation_.load(std::memory_order_relaxed) + 1;
        job_ = job;
        for (Range& r : ranges_) r.left.store(pack(g, r.begin, r.end), std::memory_order_relaxed);
        done_.store(0, std::memory_order_relaxed);
        generation_.store(g, std::memory_order_seq_cst);  // publishes the above
        if (sleepers_.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
        const std::size_t mine = work(0, g);
        const std::size_t others = env_.envs_.size() - mine;
        const auto t0 = std::chrono::steady_clock::now();
        while (done_.load(std::memory_order_acquire) != others) {
            for (int k = 0; k < 32; ++k) spin_pause();
            if (std::chrono::steady_clock::now() - t0 > caller_spin) std::this_thread::yield();
        }
        const Failure* first = nullptr;
        for (const Failure& f : errors_) {
            if (f.error && (first == nullptr || f.env < first->env)) first = &f;
        }
        if (first != nullptr) {
            const std::exception_ptr e = first->error;
            for (Failure& f : errors_) f = Failure{};
            std::rethrow_exception(e);
        }
    }

private:
    /// What is left of a range in the current call, packed in one word: the environments
    /// [front, back) (20 bits each) and the call (generation) they belong to (the high 24 bits,
    /// so that a worker late for one call cannot take chunks of the next). The owner takes
    /// chunks from the front, a thread that has finished its own range from the back.
    struct alignas(64) Range {
        std::atomic<std::uint64_t> left{0};
        std::size_t begin = 0;
        std::size_t end = 0;
    };
    struct Failure {
        std::exception_ptr error;
        std::size_t env = 0;
    };
    static constexpr std::uint64_t field = (std::uint64_t{1} << 20) - 1;
    static std::uint64_t pack(std::uint32_t g, std::size_t front, std::size_t back) noexcept {
        return std::uint64_t{g & 0xFFFFFFU} << 40 | std::uint64_t{front} << 20 | back;
    }

    /// Takes the next chunk [b, e) of range r in call g, from its front (own) or its back
    /// (another's); false when none is left.
    bool claim(Range& r, std::uint32_t g, bool own, std::size_t& b, std::size_t& e) {
        std::uint64_t v = r.left.load(std::memory_order_relaxed);
        for (;;) {
            const std::size_t front = v >> 20 & field;
            const std::size_t back = v & field;
            if (v >> 40 != (g & 0xFFFFFFU) || front >= back) return false;
            const std::size_t take = std::min(chunk_, back - front);
            b = own ? front : back - take;
            e = b + take;
            const std::uint64_t next = own ? pack(g, front + take, back) : pack(g, front, back - take);
            if (r.left.compare_exchange_weak(v, next, std::memory_order_acquire, std::memory_order_relaxed)) {
                return true;
            }
        }
    }

    /// Thread t's share of call g: its own range, then what is left of the others'. Returns the
    /// number of environments it stepped.
    std::size_t work(unsigned t, std::uint32_t g) {
        std::size_t stepped = 0;
        for (unsigned k = 0; k < threads_; ++k) {
            Range& r = ranges_[(t + k) % threads_];
            std::size_t b = 0;
            std::size_t e = 0;
            while (claim(r, g, k == 0, b, e)) {
                // A chunk taken means call g is not finished: job_ and the call's arguments
                // are those of g.
                try {
                    env_.run_range(job_, b, e);
                } catch (...) {
                    if (!errors_[t].error || b < errors_[t].env) errors_[t] = Failure{std::current_exception(), b};
                }
                stepped += e - b;
            }
        }
        return stepped;
    }

    void loop(unsigned t) {
        std::uint32_t seen = 0;
        for (;;) {
            std::uint32_t g = generation_.load(std::memory_order_acquire);
            if (g == seen) {
                const auto t0 = std::chrono::steady_clock::now();
                while ((g = generation_.load(std::memory_order_acquire)) == seen &&
                       std::chrono::steady_clock::now() - t0 < worker_spin) {
                    for (int k = 0; k < 32; ++k) spin_pause();
                }
                if (g == seen) {
                    sleepers_.fetch_add(1, std::memory_order_seq_cst);
                    while ((g = generation_.load(std::memory_order_seq_cst)) == seen) generation_.wait(seen);
                    sleepers_.fetch_sub(1, std::memory_order_seq_cst);
                }
            }
            if (stop_.load(std::memory_order_acquire)) return;
            seen = g;
            const std::size_t stepped = work(t, g);
            if (stepped > 0) done_.fetch_add(stepped, std::memory_order_release);
        }
    }

    VectorEnv& env_;
    unsigned threads_;
    std::vector<Range> ranges_;
    std::vector<Failure> errors_;  ///< per thread, written by it; all empty between calls
    std::size_t chunk_ = 1;
    std::vector<std::thread> workers_;
    alignas(64) std::atomic<std::uint32_t> generation_{0};
    std::atomic<std::uint32_t> sleepers_{0};
    std::atomic<bool> stop_{false};
    Job job_ = Job::reset;
    alignas(64) std::atomic<std::size_t> done_{0};
};

namespace {

constexpr std::size_t max_envs = 65536;  // bounded memory: about 13 KB each before any game
constexpr unsigned max_threads = 256;

}  // namespace

VectorEnv::VectorEnv(std::shared_ptr<const Variant> variant, VectorEnvOptions options)
    : variant_(std::move(variant)), options_(std::move(options)) {
    if (options_.num_envs < 1 || options_.num_envs > max_envs) {
        throw OptionError("num_envs " + std::to_string(options_.num_envs) + " is not in 1.." +
                          std::to_string(max_envs));
    }
    if (options_.threads > max_threads) {
        throw OptionError("threads " + std::to_string(options_.threads) + " is not in 0.." +
                          std::to_string(max_threads));
    }
    if (options_.max_plies < 0) {
        throw OptionError("max_plies " + std::to_string(options_.max_plies) + " is negative");
    }
    if (options_.view == ObservationView::rotated) turn_ = half_turn(*variant_);
    start_ = options_.start ? *options_.start : variant_->initial_position();
    actions_ = tradgames::action_count(*variant_);
    obs_size_ = observation_planes(*variant_) * variant_->topology().size();
    unsigned t = options_.threads;
    if (t == 0) t = std::max(1U, std::thread::hardware_concurrency());
    threads_ = static_cast<unsigned>(std::min<std::size_t>({t, max_threads, options_.num_envs}));
    envs_.reserve(options_.num_envs);  // never reallocated: turns point into their games
    for (std::size_t i = 0; i < options_.num_envs; ++i) envs_.emplace_back(variant_, start_);
    if (envs_.front().game.result().over()) {
        throw OptionError("the start position is already decided (" + envs_.front().game.result().reason +
                          "): no game to play");
    }
    for (std::size_t i = 0; i < envs_.size(); ++i) {
        Env& e = envs_[i];
        e.rng = playout_rng(options_.seed, i);
        e.turn.start(*variant_, e.game.position(), e.game.legal_moves());
    }
    if (threads_ > 1) pool_ = std::make_unique<Pool>(*this, threads_);
}

VectorEnv::~VectorEnv() = default;

void VectorEnv::run(Job job) {
    if (pool_) {
        pool_->run(job);
    } else {
        run_range(job, 0, envs_.size());
    }
}

void VectorEnv::restart(Env& e) {
    e.game.reset(start_);
    e.turn.start(*variant_, e.game.position(), e.game.legal_moves());
}

std::int64_t VectorEnv::sample(Env& e) {
    // Never empty: a game whose side to move has no action is over and was reset.
    return e.turn.sample(e.rng);
}

void VectorEnv::act(std::size_t i, std::int64_t action) {
    Env& e = envs_[i];
    const Color mover = e.game.position().side_to_move();
    float reward = 0.0F;
    bool terminated = false;
    bool truncated = false;
    if (e.turn.apply(static_cast<int>(action)) == TurnActions::Result::complete) {
        e.game.play_legal(e.turn.completed_index(e.game.legal_moves()));
        const GameResult& r = e.game.result();
        if (r.over()) {
            terminated = true;
            if (r.outcome != Outcome::draw) reward = r.outcome == win_for(mover) ? 1.0F : -1.0F;
        } else if (options_.max_plies > 0 && e.game.ply() >= static_cast<std::size_t>(options_.max_plies)) {
            truncated = true;
        } else {
            e.turn.start(*variant_, e.game.position(), e.game.legal_moves());
        }
    }
    if (terminated || truncated) {
        if (out_.final_observations != nullptr) {
            write_observation(*variant_, e.game.position(), no_vertex, options_.view,
                              out_.final_observations + i * static_cast<std::size_t>(obs_size_), turn_.data());
        }
        ++e.episodes;
        restart(e);
    }
    if (out_.rewards != nullptr) out_.rewards[i] = reward;
    if (out_.terminated != nullptr) out_.terminated[i] = terminated ? 1 : 0;
    if (out_.truncated != nullptr) out_.truncated[i] = truncated ? 1 : 0;
    write(i);
}

void VectorEnv::write(std::size_t i) {
    const Env& e = envs_[i];
    if (out_.observations != nullptr) {
        write_observation(*variant_, e.game.position(), e.turn.moving(), options_.view,
                          out_.observations + i * static_cast<std::size_t>(obs_size_), turn_.data());
    }
    if (out_.masks != nullptr) e.turn.write_mask(out_.masks + i * static_cast<std::size_t>(actions_), turn_of(e));
    if (out_.players != nullptr) out_.players[i] = static_cast<std::int8_t>(index(e.game.position().side_to_move()));
}

void VectorEnv::prefetch(std::size_t i) const noexcept {
    const Env& e = envs_[i];
    __builtin_prefetch(&e.rng);
    e.turn.prefetch();
    e.game.prefetch();
}

void VectorEnv::run_range(Job job, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
        // The next game's state arrives while this one steps; the one after's headers first
        // (the next step finds the state through them). Sampling reads the turn only.
        if (job == Job::sample) {
            if (i + 1 < end) {
                __builtin_prefetch(&envs_[i + 1].rng);
                envs_[i + 1].turn.prefetch();
            }
        } else {
            if (i + 2 < end) {
                const Env& e = envs_[i + 2];
                __builtin_prefetch(&e.rng);
                e.game.prefetch(false);
            }
            if (i + 1 < end) prefetch(i + 1);
        }
        switch (job) {
            case Job::reset:
                envs_[i].episodes = 0;
                restart(envs_[i]);
                if (out_.rewards != nullptr) out_.rewards[i] = 0.0F;
                if (out_.terminated != nullptr) out_.terminated[i] = 0;
                if (out_.truncated != nullptr) out_.truncated[i] = 0;
                write(i);
                break;
            case Job::step: act(i, turned(envs_[i], in_[i])); break;
            case Job::sample: actions_out_[i] = turned(envs_[i], sample(envs_[i])); break;
            case Job::step_random: {
                const std::int64_t a = sample(envs_[i]);
                if (actions_out_ != nullptr) actions_out_[i] = turned(envs_[i], a);
                act(i, a);
                break;
            }
        }
    }
}

void VectorEnv::reset(const VectorEnvOutputs& out, std::optional<std::uint64_t> seed) {
    if (seed) {
        options_.seed = *seed;
        for (std::size_t i = 0; i < envs_.size(); ++i) envs_[i].rng = playout_rng(*seed, i);
    }
    out_ = out;
    run(Job::reset);
}

void VectorEnv::step(const std::int64_t* actions, const VectorEnvOutputs& out) {
    for (std::size_t i = 0; i < envs_.size(); ++i) {
        const std::int64_t a = actions[i];
        if (a < 0 || a >= actions_ || !envs_[i].turn.legal(static_cast<int>(turned(envs_[i], a)))) {
            throw IllegalMoveError("environment " + std::to_string(i) + ": action " + std::to_string(a) +
                                   " is not legal here");
        }
    }
    in_ = actions;
    out_ = out;
    run(Job::step);
}

void VectorEnv::sample_actions(std::int64_t* actions) {
    actions_out_ = actions;
    run(Job::sample);
}

void VectorEnv::step_random(const VectorEnvOutputs& out, std::int64_t* actions) {
    actions_out_ = actions;
    out_ = out;
    run(Job::step_random);
}

}  // namespace tradgames
