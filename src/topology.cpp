#include "tradgames/topology.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "tradgames/board_graph.hpp"
#include "tradgames/error.hpp"

namespace tradgames {

namespace {
std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return r;
}
}  // namespace

Topology::Topology(BoardGraph g) : graph_(std::make_shared<const BoardGraph>(std::move(g))) {
    const BoardGraph& graph = *graph_;
    size_ = graph.vertex_count();
    if (size_ == 0) throw BoardError("board graph: no vertex");
    all_ = size_ == max_vertices ? ~Mask{0} : (Mask{1} << size_) - 1;
    for (auto& row : neighbour_) row.fill(no_vertex);

    const auto& bg = graph.graph();
    names_.reserve(static_cast<std::size_t>(size_));
    aliases_.reserve(static_cast<std::size_t>(size_));
    for (Vertex v = 0; v < size_; ++v) {
        for (auto [it, end] = boost::out_edges(v, bg); it != end; ++it) {
            const Direction d = bg[*it].direction;
            neighbour_[v][index(d)] = static_cast<Vertex>(boost::target(*it, bg));
            dirs_[v] = static_cast<DirectionSet>(dirs_[v] | dirs(d));
        }
        const VertexProperties& p = graph[v];
        zones_[v] = p.zones;
        for (int b = 0; b < 32; ++b) {
            if ((zones_[v] >> b) & 1U) zone_bit_mask_[b] |= bit(v);
        }
        names_.push_back(p.name);
        aliases_.push_back(p.aliases);
        x_[v] = p.x;
        y_[v] = p.y;
    }
    for (Vertex v = 0; v < size_; ++v) {
        for (int d = 0; d < direction_count; ++d) {
            int len = 0;
            Mask seen = bit(v);
            for (Vertex w = neighbour_[v][d]; w != no_vertex; w = neighbour_[w][d]) {
                if (has(seen, w)) break;  // a cyclic line: stop before repeating
                if (len == max_ray_length) {
                    throw BoardError("board graph: ray from '" + names_[v] + "' longer than " +
                                     std::to_string(max_ray_length));
                }
                seen |= bit(w);
                ray_[v][d][len++] = w;
                ray_mask_[v][d] |= bit(w);
            }
            ray_length_[v][d] = static_cast<std::uint8_t>(len);
        }
        lookup_.emplace_back(lower(names_[v]), v);
        for (const auto& a : aliases_[v]) lookup_.emplace_back(lower(a), v);
    }
    std::sort(lookup_.begin(), lookup_.end());
    for (std::size_t i = 1; i < lookup_.size(); ++i) {
        const auto& [key, v] = lookup_[i];
        if (key == lookup_[i - 1].first && v != lookup_[i - 1].second) {
            throw BoardError("board graph: square name '" + key + "' used twice");
        }
    }
}

const BoardGraph& Topology::graph() const noexcept { return *graph_; }

Mask Topology::zone_mask(ZoneSet zone) const noexcept {
    Mask m = all_;
    for (int b = 0; b < 32; ++b) {
        if ((zone >> b) & 1U) m &= zone_bit_mask_[b];
    }
    return m;
}

std::optional<Vertex> Topology::find(std::string_view name) const {
    const std::string key = lower(name);
    auto it = std::lower_bound(lookup_.begin(), lookup_.end(), key,
                               [](const auto& p, const std::string& k) { return p.first < k; });
    if (it == lookup_.end() || it->first != key) return std::nullopt;
    return it->second;
}

std::optional<Direction> Topology::direction_between(Vertex u, Vertex v) const noexcept {
    for (int d = 0; d < direction_count; ++d) {
        if (neighbour_[u][d] == v) return static_cast<Direction>(d);
    }
    return std::nullopt;
}

std::optional<Direction> Topology::line_direction(Vertex u, Vertex v) const noexcept {
    for (int d = 0; d < direction_count; ++d) {
        if (has(ray_mask_[u][d], v)) return static_cast<Direction>(d);
    }
    return std::nullopt;
}

}  // namespace tradgames
