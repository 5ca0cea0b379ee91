// Helpers shared by the Shatra tests.
#pragma once

#include "tradgames/registry.hpp"
#include <memory>
#include <string>
#include <vector>

#include "support/helpers.hpp"

namespace shatratest {

/// The shatra variant with the given "key=value" options.
inline std::shared_ptr<const tradgames::Variant> variant(std::vector<std::string> options = {}) {
    return tradgames::make_variant("shatra", options);
}

/// The moves "from-t" for every t in [lo, hi] except the listed squares.
inline std::vector<std::string> range_moves(int from, int lo, int hi,
                                            std::vector<int> except = {}) {
    std::vector<std::string> r;
    for (int t = lo; t <= hi; ++t) {
        bool skip = false;
        for (int e : except) skip = skip || e == t;
        if (!skip) r.push_back(std::to_string(from) + "-" + std::to_string(t));
    }
    return r;
}

/// Concatenation of move lists.
inline std::vector<std::string> join(std::vector<std::vector<std::string>> parts) {
    std::vector<std::string> r;
    for (auto& p : parts) r.insert(r.end(), p.begin(), p.end());
    return r;
}

/// Each move text with each promotion suffix "=Q", "=R", "=Y".
inline std::vector<std::string> with_choices(std::vector<std::string> moves,
                                             const std::string& letters = "QRY") {
    std::vector<std::string> r;
    for (const auto& m : moves) {
        for (char l : letters) r.push_back(m + "=" + l);
    }
    return r;
}

}  // namespace shatratest
