// Pieces shared by the study's source files (not installed).
#pragma once

#include <cstdint>
#include <string_view>

namespace tradgames::engine::study_detail {

/// 64-bit FNV-1a (http://www.isthe.com/chongo/tech/comp/fnv/) of a text: the key of a cell in
/// its games' seeds, and the digest of a study's JSON.
[[nodiscard]] inline std::uint64_t fnv1a(std::string_view s) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

}  // namespace tradgames::engine::study_detail
