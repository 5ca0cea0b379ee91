// Internal: the geometry shared by the SVG and text pictures of a board (io/svg.cpp,
// io/ascii.cpp): the bounding box of the vertices' drawing coordinates, the grid of cells they
// fall on, the links of the graph, and the vertices of a styled zone.
#pragma once

#include <utility>
#include <vector>

#include "tradgames/board_style.hpp"
#include "tradgames/topology.hpp"

namespace tradgames::detail {

/// Vertices placed on a grid: cell (c, r) holds the vertex whose coordinates round to
/// (min_x + c, min_y + r), if any.
struct BoardFrame {
    /// Bounding box of the vertices' coordinates.
    double min_x = 0, max_x = 0, min_y = 0, max_y = 0;
    /// Grid size: the box rounded to whole units, plus one.
    int cols = 0, rows = 0;
    /// Vertex at each cell, row-major (index r * cols + c), -1 where none.
    std::vector<int> cells;
    /// Grid column and row of each vertex.
    std::vector<std::pair<int, int>> place;

    /// The vertex at cell (c, r), -1 if none or outside the grid.
    [[nodiscard]] int at(int c, int r) const noexcept {
        if (c < 0 || r < 0 || c >= cols || r >= rows) return -1;
        return cells[static_cast<std::size_t>(r * cols + c)];
    }
};

/// The frame of t's vertices. When two vertices round to one cell, the later one is kept in
/// `cells` (only grid boards are drawn by cells, and they never do that).
[[nodiscard]] BoardFrame make_frame(const Topology& t);

/// Every link of t once, as (u, v) with u < v, in order of u then direction.
[[nodiscard]] std::vector<std::pair<Vertex, Vertex>> links(const Topology& t);

/// The vertices of t carrying any bit of z.zones.
[[nodiscard]] Mask zone_vertices(const Topology& t, const ZoneStyle& z);

}  // namespace tradgames::detail
