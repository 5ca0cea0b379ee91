// The worker threads of playouts and studies (tradgames/workers.hpp).
#include "tradgames/workers.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <thread>
#include <utility>
#include <vector>
#include <version>

namespace tradgames {

namespace {

#if defined(__cpp_lib_jthread)
using Worker = std::jthread;
#else
/// A thread joined on destruction, for standard libraries without std::jthread (Emscripten's
/// libc++ of Debian 12). Only move-constructed (the workers' vector is reserved up front).
class Worker {
public:
    template <class F>
    explicit Worker(F&& f) : thread_(std::forward<F>(f)) {}
    Worker(Worker&&) noexcept = default;
    Worker& operator=(Worker&&) = delete;
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;
    ~Worker() {
        if (thread_.joinable()) thread_.join();
    }

private:
    std::thread thread_;
};
#endif

}  // namespace

unsigned worker_threads(unsigned threads, std::uint64_t count) noexcept {
    if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, count)));
}

void run_workers(std::uint64_t count, unsigned threads, const std::function<void(WorkItems&)>& work,
                 const std::function<void(std::uint64_t done, std::uint64_t total)>& progress) {
    threads = worker_threads(threads, count);
    WorkItems items(count);
    std::condition_variable finished;
    unsigned running = threads;
    std::exception_ptr error;
    auto body = [&] {
        try {
            work(items);
        } catch (...) {
            const std::lock_guard lock(items.mutex_);
            if (!error) error = std::current_exception();
            items.stop_ = true;
        }
        const std::lock_guard lock(items.mutex_);
        --running;
        finished.notify_all();
    };
    {
        std::vector<Worker> workers;
        workers.reserve(threads);
        try {
            for (unsigned t = 0; t < threads; ++t) workers.emplace_back(body);
        } catch (...) {  // a thread that cannot start: stop the others, join them, report it
            items.stop_ = true;
            throw;
        }
        if (progress) {
            std::unique_lock lock(items.mutex_);
            while (!finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; })) {
                lock.unlock();
                progress(items.done_.load(), count);
                lock.lock();
            }
        }
    }  // joins the workers
    if (error) std::rethrow_exception(error);
    if (progress) progress(items.done_.load(), count);
}

}  // namespace tradgames
