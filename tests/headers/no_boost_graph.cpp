// Build-time guard: the public headers a program uses to play (variant, game, registry, perft,
// playouts, pictures, JSON) must not pull in Boost.Graph, which only code that builds a board
// needs (tradgames/board_graph.hpp). Boost.Graph is about 165k preprocessed lines per file.
// Compiled without a precompiled header (tests/CMakeLists.txt), so the #error below fires if any
// of these headers includes <boost/graph/...> again; the run checks that the data Topology
// copies out of the graph (names, aliases, coordinates) is usable without the graph's type.
#include "tradgames/variant.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/shard.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/topology.hpp"
#include "tradgames/board_style.hpp"
#include "tradgames/io/ascii.hpp"
#include "tradgames/io/json.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/io/svg.hpp"

#if defined(BOOST_GRAPH_ADJACENCY_LIST_HPP) || defined(BOOST_GRAPH_TRAITS_HPP) || \
    defined(BOOST_GRAPH_PROPERTIES_HPP)
#error "a public header pulls in Boost.Graph: include tradgames/board_graph.hpp only where a board is built"
#endif

#include <cstdio>
#include <string_view>

int main() {
    const auto v = tradgames::make_variant("russian");
    const tradgames::Topology& t = v->topology();
    // Russian square 0 is PDN 1 = b8 (variants/russian/RULES.md): name "b8", alias "1".
    const bool ok = t.size() == 32 && t.name(0) == "b8" && t.aliases(0).size() == 1 &&
                    t.aliases(0)[0] == "1" && t.find("1") == tradgames::Vertex{0} &&
                    t.x(0) == 1 && t.y(0) == 7;
    if (!ok) std::fputs("topology data copied out of the board graph is wrong\n", stderr);
    return ok ? 0 : 1;
}
