// Shared pieces of the Python module tradgames._core: the Variant wrapper, keyword options,
// nlohmann::json to Python, and a hook through which another binding file adds its functions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

#include "tradgames/playout.hpp"
#include "tradgames/variant.hpp"

namespace tgpy {

namespace py = pybind11;

/// A variant as Python holds it (immutable, shared by boards and moves), with how it was made
/// so that it can be pickled: origin "name" (source = the registry name), "json" (source = the
/// descriptor text) or "file" (source = the path, read again when unpickled), and the rule
/// options as "key=value".
struct VariantRef {
    std::shared_ptr<const tradgames::Variant> v;
    std::string origin = "name";
    std::string source;
    std::vector<std::string> options;
};

/// Builds the variant of origin/source/options (see VariantRef). Throws tradgames::Error.
VariantRef make_variant_ref(const std::string& origin, const std::string& source,
                            const std::vector<std::string>& options);

/// nlohmann::json to the equal Python value (dict, list, str, int, float, bool, None). Strings
/// that are not valid UTF-8 (PDN tag values are bytes) are decoded with replacement characters.
py::object to_python(const nlohmann::json& j);

/// Keyword rule options to "key=value" strings: bool -> true/false, int -> decimal, str as is.
/// Throws TypeError for any other value type.
std::vector<std::string> option_assignments(const py::kwargs& kwargs);

/// Playout options of play/compare/play_shard with the front-end limits checked (games, threads:
/// tradgames/frontend.hpp; ply_cap >= 0, 0 = none) and the policy parsed. Throws OptionError.
tradgames::PlayoutOptions playout_options(std::uint64_t games, std::uint64_t seed, unsigned threads,
                                          const std::string& policy, int ply_cap);

/// Functions of another binding file (e.g. shards.cpp) registered at load time: define a
/// `static tgpy::Binder b(bind_something);` there and module init calls it.
using BindFunction = void (*)(py::module_&);
struct Binder {
    explicit Binder(BindFunction f);
};
/// The registered functions (in registration order).
std::vector<BindFunction>& binders();

}  // namespace tgpy
