# Writes OUTPUT, a C++ source defining tradgames::engine::builtin_weight_texts() from the
# evaluation weights files variants/<game>/eval/weights.json given in FILES (a ;-list): the
# search's evaluation as data (include/tradgames/engine/evaluation.hpp). Run at build time.
set(body "")
foreach(f IN LISTS FILES)
  get_filename_component(dir "${f}" DIRECTORY)
  get_filename_component(dir "${dir}" DIRECTORY)
  get_filename_component(game "${dir}" NAME)
  file(READ "${f}" text)
  string(APPEND body "        {\"${game}\", R\"tgjson(${text})tgjson\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from variants/*/eval/weights.json by cmake/embed_eval_weights.cmake: do not edit.
#include <string>
#include <utility>
#include <vector>

namespace tradgames::engine {

const std::vector<std::pair<std::string, std::string>>& builtin_weight_texts();

const std::vector<std::pair<std::string, std::string>>& builtin_weight_texts() {
    static const std::vector<std::pair<std::string, std::string>> texts = {
${body}    };
    return texts;
}

}  // namespace tradgames::engine
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
