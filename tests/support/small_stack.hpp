// Running a test's code on a POSIX thread with a small stack (256 KB, the default of many
// Python and macOS threads being 512 KB; 1 MB under the sanitizers, whose redzones make every
// frame larger). Used by tests/core/stack_test.cpp and tests/engine/search_test.cpp.
#pragma once

#include <doctest/doctest.h>
#include <pthread.h>

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <vector>

namespace tgtest {

/// Runs f on a new thread made with attr (destroyed here), waits for it; rethrows what f threw.
inline void run_on_thread(const std::function<void()>& f, pthread_attr_t& attr) {
    struct Job {
        const std::function<void()>* f;
        std::exception_ptr error;
    } job{&f, nullptr};
    pthread_t thread;
    const int rc = pthread_create(
        &thread, &attr,
        [](void* arg) -> void* {
            auto* j = static_cast<Job*>(arg);
            try {
                (*j->f)();
            } catch (...) {
                j->error = std::current_exception();
            }
            return nullptr;
        },
        &job);
    pthread_attr_destroy(&attr);
    REQUIRE(rc == 0);
    REQUIRE(pthread_join(thread, nullptr) == 0);
    if (job.error) std::rethrow_exception(job.error);
}

inline std::size_t small_stack_bytes() {
    return std::getenv("TRADGAMES_SANITIZED") != nullptr ? 1024 * 1024 : 256 * 1024;
}

/// Runs f on a new thread with a small stack; rethrows what it threw.
inline void on_small_stack(const std::function<void()>& f) {
    pthread_attr_t attr;
    REQUIRE(pthread_attr_init(&attr) == 0);
    REQUIRE(pthread_attr_setstacksize(&attr, small_stack_bytes()) == 0);
    run_on_thread(f, attr);
}

/// Runs f on a new thread whose stack is `bytes` of memory this function owns, painted with a
/// pattern beforehand; returns how many bytes of it f's thread wrote (the stack's high-water
/// mark: the stack grows down from the top, so the lowest changed byte marks its deepest use).
/// Rethrows what f threw.
inline std::size_t stack_bytes_used(const std::function<void()>& f, std::size_t bytes) {
    constexpr unsigned char paint = 0xA5;
    std::vector<unsigned char> stack(bytes + 4096, paint);
    // Page-aligned start and size, as pthread_attr_setstack requires on some systems.
    auto* base = stack.data();
    const auto misalign = reinterpret_cast<std::uintptr_t>(base) % 4096;
    if (misalign != 0) base += 4096 - misalign;
    pthread_attr_t attr;
    REQUIRE(pthread_attr_init(&attr) == 0);
    REQUIRE(pthread_attr_setstack(&attr, base, bytes) == 0);
    run_on_thread(f, attr);
    std::size_t untouched = 0;
    while (untouched < bytes && base[untouched] == paint) ++untouched;
    return bytes - untouched;
}

}  // namespace tgtest
