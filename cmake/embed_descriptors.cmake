# Writes OUTPUT, a C++ source defining tradgames::builtin_descriptor_texts() from the JSON
# descriptor files given in FILES (a ;-list). Run at build time (cmake -P) so that editing a
# descriptor rebuilds the library.
set(body "")
foreach(f IN LISTS FILES)
  get_filename_component(stem "${f}" NAME_WE)
  get_filename_component(name "${f}" NAME)
  string(REGEX REPLACE "\\.json$" "" stem "${name}")
  file(READ "${f}" text)
  string(APPEND body "        {\"${stem}\", R\"tgjson(${text})tgjson\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from variants/*/*.json by cmake/embed_descriptors.cmake: do not edit.
#include \"builtin_descriptors.hpp\"

namespace tradgames {

const std::vector<std::pair<std::string, std::string>>& builtin_descriptor_texts() {
    static const std::vector<std::pair<std::string, std::string>> texts = {
${body}    };
    return texts;
}

}  // namespace tradgames
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
