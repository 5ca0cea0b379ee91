// GCC 12 reports a false -Wmaybe-uninitialized inside Boost's edge iterator once
// boost::write_graphviz is inlined in this file (boost/graph/detail/adj_list_edge_iterator.hpp:80).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "tradgames/board_graph.hpp"

#include <ostream>
#include <string>

#include <boost/graph/graphviz.hpp>

#include "tradgames/error.hpp"

namespace tradgames {

Vertex BoardGraph::add_vertex(VertexProperties props) {
    if (vertex_count() >= max_vertices) {
        throw BoardError("board graph: more than " + std::to_string(max_vertices) +
                         " vertices (vertex '" + props.name + "'): this build of tradgames holds " +
                         std::to_string(max_vertices) + " vertices at most" +
                         (max_vertices < 128 ? "; configure it with -DTRADGAMES_MAX_VERTICES=128 "
                                               "for larger boards"
                                             : ""));
    }
    return static_cast<Vertex>(boost::add_vertex(std::move(props), *g_));
}

namespace {
bool has_out_edge(const BoardGraphBase& g, Vertex u, Direction d) {
    for (auto [it, end] = boost::out_edges(u, g); it != end; ++it) {
        if (g[*it].direction == d) return true;
    }
    return false;
}
}  // namespace

void BoardGraph::add_link(Vertex u, Vertex v, Direction d) {
    const int n = vertex_count();
    if (u >= n || v >= n || u == v) {
        throw BoardError("board graph: invalid link " + std::to_string(u) + "-" +
                         std::to_string(v));
    }
    if (has_out_edge(*g_, u, d) || has_out_edge(*g_, v, opposite(d))) {
        throw BoardError("board graph: vertex '" + (*g_)[u].name + "' or '" + (*g_)[v].name +
                         "' already has a link in direction " + std::string(to_string(d)));
    }
    boost::add_edge(u, v, EdgeProperties{d}, *g_);
    boost::add_edge(v, u, EdgeProperties{opposite(d)}, *g_);
}

void BoardGraph::write_graphviz(std::ostream& out) const {
    boost::write_graphviz(
        out, *g_,
        [this](std::ostream& os, BoardGraphBase::vertex_descriptor v) {
            const VertexProperties& p = (*g_)[v];
            os << "[label=\"" << p.name << "\", pos=\"" << p.x << ',' << p.y
               << "!\"]";
        },
        [this](std::ostream& os, BoardGraphBase::edge_descriptor e) {
            os << "[label=\"" << to_string((*g_)[e].direction) << "\"]";
        });
}

}  // namespace tradgames
