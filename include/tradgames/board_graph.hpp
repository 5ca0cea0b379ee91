// tradgames: a board as a graph (Boost.Graph).
//
// Every board of the library is a boost::adjacency_list whose vertices are the playable squares
// or line points and whose directed edges carry a compass label. Walls (Shatra), line ends
// (Tobit) and light squares (Russian) are simply absent vertices or absent edges, so the move
// generator never needs a grid special case. The graph is built once by a variant and compiled
// into a Topology (topology.hpp) of flat tables for move generation.
//
// Only code that builds a board includes this header: topology.hpp, variant.hpp and the rest
// of the public headers name BoardGraph by a forward declaration, so that a file using a
// variant does not parse Boost.Graph (tests/headers/no_boost_graph.cpp checks it).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "tradgames/types.hpp"

namespace tradgames {

/// Data attached to each vertex of a BoardGraph.
struct VertexProperties {
    /// The name players write: "c3" (Russian), "7" (Tobit), "53" (Shatra).
    std::string name;
    /// Other accepted spellings, e.g. the PDN number "22" for Russian c3, "d4" for Shatra 53.
    std::vector<std::string> aliases;
    /// Drawing coordinates in board units: x grows to White's right, y towards Black.
    double x = 0;
    double y = 0;
    /// Zones this vertex belongs to (variant-defined bits).
    ZoneSet zones = 0;
};

/// Data attached to each directed edge: the compass direction from source to target.
struct EdgeProperties {
    Direction direction = Direction::n;
};

/// The Boost.Graph type underneath a BoardGraph.
using BoardGraphBase = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS,
                                             VertexProperties, EdgeProperties>;

/// A board: vertices with properties and direction-labelled links.
///
/// Invariant kept by add_link: for every edge u->v labelled d there is an edge v->u labelled
/// opposite(d). Not thread-safe for writing; immutable use is.
class BoardGraph {
public:
    BoardGraph() : g_(std::make_unique<BoardGraphBase>()) {}
    BoardGraph(BoardGraph&&) noexcept = default;
    BoardGraph& operator=(BoardGraph&&) noexcept = default;

    /// Adds a vertex and returns its index (0, 1, 2, ... in order of addition).
    /// Throws BoardError when the board already has max_vertices vertices.
    Vertex add_vertex(VertexProperties props);

    /// Links u and v: u->v labelled d and v->u labelled opposite(d).
    /// Throws BoardError if u or v does not exist, u == v, or u already has a d-link
    /// or v an opposite(d)-link.
    void add_link(Vertex u, Vertex v, Direction d);

    /// Number of vertices.
    [[nodiscard]] int vertex_count() const noexcept {
        return static_cast<int>(boost::num_vertices(*g_));
    }

    /// Properties of vertex v. Precondition: v < vertex_count().
    [[nodiscard]] const VertexProperties& operator[](Vertex v) const { return (*g_)[v]; }

    /// The underlying Boost graph, for Boost.Graph algorithms.
    [[nodiscard]] const BoardGraphBase& graph() const noexcept { return *g_; }

    /// Writes the graph in Graphviz dot format (vertex labels = names, edge labels =
    /// directions), via boost::write_graphviz.
    void write_graphviz(std::ostream& out) const;

private:
    std::unique_ptr<BoardGraphBase> g_;  // held by pointer: moves never copy the graph
};

}  // namespace tradgames
