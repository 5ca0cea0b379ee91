#include "board_frame.hpp"

#include <algorithm>
#include <cmath>

namespace tradgames::detail {

BoardFrame make_frame(const Topology& t) {
    BoardFrame f;
    f.min_x = f.max_x = t.x(0);
    f.min_y = f.max_y = t.y(0);
    for (Vertex v = 1; v < t.size(); ++v) {
        f.min_x = std::min(f.min_x, t.x(v));
        f.max_x = std::max(f.max_x, t.x(v));
        f.min_y = std::min(f.min_y, t.y(v));
        f.max_y = std::max(f.max_y, t.y(v));
    }
    f.cols = static_cast<int>(std::lround(f.max_x - f.min_x)) + 1;
    f.rows = static_cast<int>(std::lround(f.max_y - f.min_y)) + 1;
    f.cells.assign(static_cast<std::size_t>(f.cols * f.rows), -1);
    for (Vertex v = 0; v < t.size(); ++v) {
        const int c = static_cast<int>(std::lround(t.x(v) - f.min_x));
        const int r = static_cast<int>(std::lround(t.y(v) - f.min_y));
        f.place.emplace_back(c, r);
        f.cells[static_cast<std::size_t>(r * f.cols + c)] = v;
    }
    return f;
}

std::vector<std::pair<Vertex, Vertex>> links(const Topology& t) {
    std::vector<std::pair<Vertex, Vertex>> r;
    for (Vertex u = 0; u < t.size(); ++u) {
        for_each_direction(t.directions(u), [&](Direction d) {
            const Vertex v = t.neighbour(u, d);
            if (u < v) r.emplace_back(u, v);
        });
    }
    return r;
}

Mask zone_vertices(const Topology& t, const ZoneStyle& z) {
    Mask m = 0;
    for (Vertex v = 0; v < t.size(); ++v) {
        if ((t.zones(v) & z.zones) != 0) m |= bit(v);
    }
    return m;
}

}  // namespace tradgames::detail
