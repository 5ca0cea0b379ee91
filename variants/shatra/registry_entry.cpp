#include "shatra/registry_entry.hpp"

#include "shatra/shatra.hpp"

namespace tradgames::shatra {

CodedGame registry_entry() {
    return {"shatra", "Shatra (Altai chess-draughts), extended version, 62 squares", make, option_specs};
}

}  // namespace tradgames::shatra
