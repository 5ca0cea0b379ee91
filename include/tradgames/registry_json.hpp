// tradgames: a registry entry as JSON, for the front ends' `variants --json` (README
// "`--json` fields"). Apart from registry.hpp so that programs that only look games up do not
// parse nlohmann/json.hpp.
#pragma once

#include <nlohmann/json.hpp>

#include "tradgames/registry.hpp"

namespace tradgames {

/// One entry of `tradgames variants --json` (and Python's variants()): name, description,
/// aliases, pdn_game_type (null if none), options (io/json.hpp option_spec_json) and descriptor
/// (the draughts descriptor as a JSON object, null for a game that is not one).
[[nodiscard]] nlohmann::json variant_info_json(const VariantInfo& info);

}  // namespace tradgames
