// tradgames: a small deterministic random number generator for playouts and tests.
//
// splitmix64 (Steele, Lea, Flood 2014) with Lemire's multiply-shift reduction: the same seed
// gives the same sequence on every platform and standard library (std::uniform_int_distribution
// does not promise that).
#pragma once

#include <cstdint>

#include "tradgames/zobrist.hpp"

namespace tradgames {

/// Deterministic 64-bit generator. Not for cryptography.
class Rng {
public:
    /// Seeds the generator; equal seeds give equal sequences.
    explicit constexpr Rng(std::uint64_t seed) noexcept : state_(seed) {}
    /// Next 64-bit value.
    constexpr std::uint64_t next() noexcept { return zobrist::splitmix64(state_); }
    /// Uniform integer in [0, n) (Lemire's multiply-shift on the high 32 bits).
    /// Precondition: 0 < n < 2^32.
    constexpr std::uint64_t below(std::uint64_t n) noexcept { return ((next() >> 32) * n) >> 32; }

private:
    std::uint64_t state_;
};

}  // namespace tradgames
