// The built-in games as the build found them (cmake/embed_descriptors.cmake): the draughts
// descriptors, variants/<game>/*.json, compiled into the games library as text, and the games
// written in C++, one per folder with a registry_entry.hpp. The registry (registry.cpp)
// registers every one of them; no list of games is kept by hand.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tradgames/options.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// (file stem, JSON text) of every variants/*/*.json, in file-name order.
const std::vector<std::pair<std::string, std::string>>& builtin_descriptor_texts();

/// A game written in C++: variants/<game>/registry_entry.hpp declares
/// `CodedGame tradgames::<game>::registry_entry();` and the build lists every such folder.
struct CodedGame {
    /// Registry name and one-line description.
    std::string name;
    std::string description;
    /// Creates the variant with rule options ("key=value"); throws OptionError for a bad one.
    std::function<std::shared_ptr<const Variant>(const std::vector<std::string>&)> make;
    /// The rule options the game declares.
    std::function<std::vector<OptionSpec>()> specs;
};

/// Every game written in C++, in folder-name order.
const std::vector<CodedGame>& builtin_coded_games();

}  // namespace tradgames
