// A counting global operator new for one executable: every allocation (plain and aligned, single
// and array) adds one to tgtest::allocations with a relaxed atomic increment and is served by
// malloc / aligned_alloc. Include it in exactly one source file of an executable (it defines the
// replaceable global allocation functions); used by the `alloc` test and the playout benchmark
// to count heap allocations per move and per game (issue 11).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace tgtest {

/// Allocations made through operator new since the program started.
inline std::atomic<std::uint64_t> allocations{0};

namespace detail {
inline void* counted(std::size_t n) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
inline void* counted_aligned(std::size_t n, std::align_val_t a) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    const auto al = static_cast<std::size_t>(a);
    const std::size_t size = (n + al - 1) / al * al;
    if (void* p = std::aligned_alloc(al, size == 0 ? al : size)) return p;
    throw std::bad_alloc();
}
}  // namespace detail

}  // namespace tgtest

void* operator new(std::size_t n) { return tgtest::detail::counted(n); }
void* operator new[](std::size_t n) { return tgtest::detail::counted(n); }
void* operator new(std::size_t n, std::align_val_t a) { return tgtest::detail::counted_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return tgtest::detail::counted_aligned(n, a); }
// The nothrow forms too (std::stable_sort's temporary buffer uses them): left to the library,
// they would allocate with its own operator new and be freed here with free().
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return tgtest::detail::counted(n);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return tgtest::detail::counted(n);
    } catch (...) {
        return nullptr;
    }
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    try {
        return tgtest::detail::counted_aligned(n, a);
    } catch (...) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    try {
        return tgtest::detail::counted_aligned(n, a);
    } catch (...) {
        return nullptr;
    }
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
