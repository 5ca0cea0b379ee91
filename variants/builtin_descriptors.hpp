// The built-in draughts descriptors, variants/<game>/<game>.json, compiled into the games library
// as text by CMake (cmake/embed_descriptors.cmake).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tradgames {

/// (file stem, JSON text) of every variants/*/*.json, in file-name order.
const std::vector<std::pair<std::string, std::string>>& builtin_descriptor_texts();

}  // namespace tradgames
