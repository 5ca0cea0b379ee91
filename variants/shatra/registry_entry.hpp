// Shatra's entry in the registry of built-in games (variants/builtin_descriptors.hpp): the build
// registers every folder of variants/ that has a registry_entry.hpp.
#pragma once

#include "builtin_descriptors.hpp"

namespace tradgames::shatra {

/// Name, description, make and option_specs of Shatra (shatra.hpp).
[[nodiscard]] CodedGame registry_entry();

}  // namespace tradgames::shatra
