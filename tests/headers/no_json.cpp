// Build-time guard: the headers a game or a program that plays includes (variant, game, registry,
// the draughts family, perft, playouts, shards, worker threads) must not pull in nlohmann/json.hpp, which only
// the descriptor reader and the --json writers need (tradgames/io/json.hpp,
// tradgames/registry_json.hpp). Compiled without a precompiled header (tests/CMakeLists.txt), so
// the #error below fires if one of them includes it again; the run builds and plays a game.
#include "tradgames/variant.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/shard.hpp"
#include "tradgames/workers.hpp"

#if defined(NLOHMANN_JSON_VERSION_MAJOR) || defined(INCLUDE_NLOHMANN_JSON_HPP_)
#error "a public header pulls in nlohmann/json.hpp: keep it behind the descriptor reader and io/json.hpp"
#endif

#include <cstdio>

int main() {
    const auto v = tradgames::make_variant("russian");
    tradgames::Game game(v);
    game.play("c3-d4");
    std::puts(v->position_to_string(game.position()).c_str());
    return game.moves().size() == 1 ? 0 : 1;
}
