#include "tradgames/io/ascii.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <vector>

namespace tradgames {

std::string render_ascii(const Variant& v, const Position& pos) {
    const Topology& t = v.topology();
    // Grid cell of each vertex from its drawing coordinates.
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (Vertex x = 0; x < t.size(); ++x) {
        minx = std::min(minx, t.x(x));
        maxx = std::max(maxx, t.x(x));
        miny = std::min(miny, t.y(x));
        maxy = std::max(maxy, t.y(x));
    }
    const int w = static_cast<int>(std::lround(maxx - minx)) + 1;
    const int h = static_cast<int>(std::lround(maxy - miny)) + 1;
    std::vector<std::vector<int>> grid(static_cast<std::size_t>(h),
                                       std::vector<int>(static_cast<std::size_t>(w), -1));
    std::size_t name_width = 1;
    for (Vertex x = 0; x < t.size(); ++x) {
        const auto cx = static_cast<std::size_t>(std::lround(t.x(x) - minx));
        const auto cy = static_cast<std::size_t>(std::lround(t.y(x) - miny));
        grid[cy][cx] = x;
        name_width = std::max(name_width, t.name(x).size());
    }
    std::string out;
    for (int row = h - 1; row >= 0; --row) {
        std::string pieces;
        std::string names;
        for (int col = 0; col < w; ++col) {
            const int x = grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
            std::string cell(name_width + 1, ' ');
            std::string label(name_width + 1, ' ');
            if (x >= 0) {
                const Piece p = pos.at(static_cast<Vertex>(x));
                char c = '.';
                if (!p.empty()) {
                    c = v.kinds()[p.kind()].symbol;
                    if (p.color() == Color::black) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                }
                cell[name_width] = c;
                const std::string_view n = t.name(static_cast<Vertex>(x));
                label.replace(name_width + 1 - n.size(), n.size(), n);
            }
            pieces += cell;
            names += label;
        }
        out += pieces + "    " + names + '\n';
    }
    out += std::string(to_string(pos.side_to_move())) + " to move\n";
    return out;
}

}  // namespace tradgames
