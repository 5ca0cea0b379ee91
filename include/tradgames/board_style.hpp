// tradgames: how a variant's board is drawn (SVG pictures, io/svg.hpp; text boards,
// io/ascii.hpp).
//
// The drawing code is generic over the board graph: it places vertex v at its drawing
// coordinates (VertexProperties x, y: board units, x to White's right, y towards Black, one unit
// between neighbouring squares or points) and draws the links of the graph. A BoardStyle, given
// by the variant (Variant::board_style), says what the graph alone cannot: whether the vertices
// are squares of a grid or points on lines, what fills the grid cells that have no vertex
// (light squares, walls), the edge coordinates, which zones to mark and how, extra lines such
// as a ditch, and the text on each kind of piece.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tradgames/types.hpp"

namespace tradgames {

/// A region of the board drawn specially: every vertex carrying at least one bit of `zones`.
struct ZoneStyle {
    /// How the region is marked.
    enum class Mark : std::uint8_t {
        /// Tint its squares (cells) or put a disc behind its points (points).
        fill,
        /// Draw the border of the region (cells) or a ring round each point (points).
        outline,
        /// Draw a broad stroke along every link of the graph joining two of its vertices
        /// (a road such as Shatra's high road).
        road,
    };
    /// Zone bits (Topology::zones); a vertex with any of them belongs to the region. Not 0.
    ZoneSet zones = 0;
    /// Name for the legend ("fortress", "gate", "high road"); empty = not in the legend.
    std::string name;
    /// How the region is marked.
    Mark mark = Mark::fill;
    /// SVG colour ("#c0392b", "steelblue").
    std::string colour = "#c0392b";
};

/// A straight line drawn on the board, e.g. Shatra's ditch between two rows.
struct BoardLine {
    /// End points in board units (the frame of VertexProperties x/y, where a square's centre is
    /// at its vertex's coordinates and a square is 1 unit wide): the ditch between rows y=6
    /// and y=7 of a 7-file board runs from (-0.5, 6.5) to (6.5, 6.5).
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    /// Name for the legend and for text boards ("ditch"); may be empty.
    std::string name;
    /// SVG colour.
    std::string colour = "#1f5fa8";
};

/// How a board is drawn. The default describes a graph of points joined by lines, which draws
/// any board faithfully; grid boards say `cells`.
struct BoardStyle {
    enum class Layout : std::uint8_t {
        /// Every vertex is a square of a rectangular grid with integer coordinates; the grid
        /// spans the bounding box of the vertices, and its cells without a vertex are drawn as
        /// `void_fill` (Russian light squares) or walls (Shatra). Links are not drawn.
        cells,
        /// Every vertex is a point; every link of the graph is drawn as a line (Tobit's chols).
        points,
    };
    /// Squares or points.
    Layout layout = Layout::points;
    /// cells: colour of a square with a vertex. points: colour of the background.
    std::string vertex_fill = "#f2e3c6";
    /// cells: colour of a grid cell without a vertex.
    std::string void_fill = "#ffffff";
    /// cells: a grid cell without a vertex is a wall (hatched in SVG, '#' in text) rather than
    /// an unused square.
    bool void_is_wall = false;
    /// Write every vertex's name on the board (square or point numbers).
    bool vertex_names = true;
    /// Labels along the edges: column_labels[i] names the column at x = i and row_labels[j]
    /// the row at y = j (e.g. a-h and 1-8). Empty = no edge labels. Coordinates without a
    /// label get none.
    std::vector<std::string> column_labels;
    std::vector<std::string> row_labels;
    /// Marked regions, drawn in this order (later ones on top).
    std::vector<ZoneStyle> zones;
    /// Extra lines (ditch).
    std::vector<BoardLine> lines;
    /// Text written on a piece of each kind, indexed by Kind. A kind beyond the vector's end
    /// gets the default: nothing on kind 0 (man, hul, shatra), the kind's PieceKindInfo::symbol
    /// on the others (K, Q, R, Y, T). A piece with text also gets an inner ring.
    std::vector<std::string> glyphs;
};

/// Column labels "a", "b", ... for n columns. Precondition: n <= 26.
[[nodiscard]] std::vector<std::string> file_letters(int n);
/// Row labels "1", "2", ..., "n".
[[nodiscard]] std::vector<std::string> rank_numbers(int n);

}  // namespace tradgames
