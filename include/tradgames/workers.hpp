// tradgames: the worker threads of a long run (playouts, studies): items 0..count-1 handed out
// one at a time to a few threads, progress reported on the calling thread, the first error
// stopping the others and rethrown. The results of such runs never depend on the number of
// threads: each item is computed from its index alone and each worker merges its own totals.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>

namespace tradgames {

/// The number of worker threads for `count` items: `threads`, or one per hardware thread when
/// threads is 0, but never more than count and at least 1.
[[nodiscard]] unsigned worker_threads(unsigned threads, std::uint64_t count) noexcept;

/// What every worker of run_workers shares: the next item to take, the items finished, the stop
/// flag and the lock under which workers merge their totals.
class WorkItems {
public:
    explicit WorkItems(std::uint64_t count) noexcept : count_(count) {}

    /// Takes the next item into i; false once every item is taken or a worker has failed.
    [[nodiscard]] bool next(std::uint64_t& i) noexcept {
        if (stop_.load(std::memory_order_relaxed)) return false;
        i = next_.fetch_add(1, std::memory_order_relaxed);
        return i < count_;
    }
    /// Counts one item as finished (what progress reports).
    void finished_one() noexcept { done_.fetch_add(1, std::memory_order_relaxed); }
    /// The lock a worker holds while it adds its own totals to the shared ones.
    [[nodiscard]] std::mutex& merge_lock() noexcept { return mutex_; }

private:
    friend void run_workers(std::uint64_t, unsigned, const std::function<void(WorkItems&)>&,
                            const std::function<void(std::uint64_t, std::uint64_t)>&);
    std::uint64_t count_;
    std::atomic<std::uint64_t> next_{0};
    std::atomic<std::uint64_t> done_{0};
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
};

/// Runs work(items) on worker_threads(threads, count) threads and waits for all of them. Each
/// call of work takes items with items.next(i) until it returns false, calls finished_one() per
/// item and merges its totals under merge_lock() before it returns. progress (may be empty) is
/// called on the calling thread about ten times a second while the workers run and once at the
/// end with (items finished, count). The first exception a worker throws makes next() return
/// false in the others and is rethrown here once all have ended (as is a failure to start a
/// thread).
void run_workers(std::uint64_t count, unsigned threads, const std::function<void(WorkItems&)>& work,
                 const std::function<void(std::uint64_t done, std::uint64_t total)>& progress);

}  // namespace tradgames
