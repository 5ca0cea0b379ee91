# Writes OUTPUT, a C++ source defining the built-in games of builtin_descriptors.hpp:
# tradgames::builtin_descriptor_texts() from the JSON descriptor files given in FILES (a ;-list)
# and tradgames::builtin_coded_games() from the folders given in GAMES (a ;-list of
# variants/<game>/registry_entry.hpp files). Run at build time (cmake -P) so that editing a
# descriptor rebuilds the library.
set(body "")
foreach(f IN LISTS FILES)
  get_filename_component(name "${f}" NAME)
  string(REGEX REPLACE "\\.json$" "" stem "${name}")
  file(READ "${f}" text)
  string(APPEND body "        {\"${stem}\", R\"tgjson(${text})tgjson\"},\n")
endforeach()
set(includes "")
set(games "")
foreach(h IN LISTS GAMES)
  get_filename_component(dir "${h}" DIRECTORY)
  get_filename_component(game "${dir}" NAME)
  string(APPEND includes "#include \"${game}/registry_entry.hpp\"\n")
  string(APPEND games "        ${game}::registry_entry(),\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from variants/*/*.json and variants/*/registry_entry.hpp by
// cmake/embed_descriptors.cmake: do not edit.
#include \"builtin_descriptors.hpp\"
${includes}
namespace tradgames {

const std::vector<std::pair<std::string, std::string>>& builtin_descriptor_texts() {
    static const std::vector<std::pair<std::string, std::string>> texts = {
${body}    };
    return texts;
}

const std::vector<CodedGame>& builtin_coded_games() {
    static const std::vector<CodedGame> games = {
${games}    };
    return games;
}

}  // namespace tradgames
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
