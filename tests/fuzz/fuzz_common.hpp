// Shared pieces of the libFuzzer harnesses (tests/fuzz/README.md): the variants to fuzz and
// a check that aborts with a message, so that libFuzzer saves the input that broke a property.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/variant.hpp"

namespace tgfuzz {

/// Every registered variant with its default options, built once.
inline const std::vector<std::shared_ptr<const tradgames::Variant>>& variants() {
    static const auto all = [] {
        std::vector<std::shared_ptr<const tradgames::Variant>> v;
        for (const auto& info : tradgames::list_variants()) v.push_back(tradgames::make_variant(info.name));
        return v;
    }();
    return all;
}

/// Splits an input into the variant it names and the rest. The input's first line is a variant
/// name ("russian\n..."); when it names none, the first byte picks one (so every input runs).
inline std::pair<const tradgames::Variant*, std::string_view> pick(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto& all = variants();
    if (const auto nl = text.find('\n'); nl != std::string_view::npos && nl <= 32) {
        for (const auto& v : all) {
            if (text.substr(0, nl) == v->name()) return {v.get(), text.substr(nl + 1)};
        }
    }
    if (text.empty()) return {all.front().get(), text};
    return {all[static_cast<unsigned char>(text[0]) % all.size()].get(), text.substr(1)};
}

/// Aborts (a finding) when `ok` is false, printing what broke.
inline void require(bool ok, const std::string& what) {
    if (!ok) {
        std::fprintf(stderr, "property violated: %s\n", what.c_str());
        std::abort();
    }
}

}  // namespace tgfuzz
