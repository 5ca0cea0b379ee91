#include "tradgames/vector_env.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

#include "tradgames/error.hpp"
#include "tradgames/playout.hpp"

namespace tradgames {

/// Worker threads that run one job over their fixed ranges of environments per call. The
/// calling thread runs range 0; worker t (1-based) runs range t. Started once, joined by the
/// destructor: a call wakes them through a generation counter, without allocating.
class VectorEnv::Pool {
public:
    Pool(VectorEnv& env, unsigned threads) : env_(env), threads_(threads) {
        workers_.reserve(threads - 1);
        for (unsigned t = 1; t < threads; ++t) workers_.emplace_back([this, t] { loop(t); });
    }
    ~Pool() {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
            ++generation_;
        }
        wake_.notify_all();
        for (std::thread& w : workers_) w.join();
    }
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;

    /// Runs job over every range and returns when all are done; rethrows the first error of a
    /// range (lowest range first).
    void run(Job job) {
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            job_ = job;
            pending_ = threads_ - 1;
            ++generation_;
        }
        wake_.notify_all();
        std::exception_ptr mine;
        try {
            run_range(job, 0);
        } catch (...) {
            mine = std::current_exception();
        }
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [this] { return pending_ == 0; });
        if (mine) std::rethrow_exception(mine);
        for (std::exception_ptr& e : errors_) {
            if (e) {
                std::exception_ptr first = e;
                for (std::exception_ptr& x : errors_) x = nullptr;
                std::rethrow_exception(first);
            }
        }
    }

private:
    void run_range(Job job, unsigned t) {
        const std::size_t n = env_.envs_.size();
        env_.run_range(job, n * t / threads_, n * (t + 1) / threads_);
    }
    void loop(unsigned t) {
        std::uint64_t seen = 0;
        for (;;) {
            Job job{};
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return generation_ != seen; });
                seen = generation_;
                if (stop_) return;
                job = job_;
            }
            std::exception_ptr error;
            try {
                run_range(job, t);
            } catch (...) {
                error = std::current_exception();
            }
            {
                const std::lock_guard<std::mutex> lock(mutex_);
                errors_[t] = error;
                --pending_;
            }
            done_.notify_one();
        }
    }

    VectorEnv& env_;
    unsigned threads_;
    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    std::uint64_t generation_ = 0;
    unsigned pending_ = 0;
    bool stop_ = false;
    Job job_ = Job::reset;
    std::exception_ptr errors_[256];
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

void VectorEnv::run_range(Job job, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
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
