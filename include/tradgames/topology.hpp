// tradgames: a BoardGraph compiled into flat tables for move generation.
//
// For each vertex and direction the topology holds the neighbour and the ray (the run of
// vertices met by walking from the vertex in that direction until the line ends), as fixed
// arrays indexed [vertex][direction]: no pointer chasing, no allocation after construction.
// Names, aliases, drawing coordinates and zones are copied out of the graph, so this header
// needs only a forward declaration of BoardGraph: files that use a variant do not parse
// Boost.Graph. Code that builds a board, or reads graph(), includes tradgames/board_graph.hpp.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tradgames/types.hpp"

namespace tradgames {

/// Longest ray a topology can hold (vertices beyond the origin; 11 on a 12x12 board).
inline constexpr int max_ray_length = 15;

class BoardGraph;  // tradgames/board_graph.hpp

/// Immutable compiled form of a BoardGraph. Copies share the graph (graph()).
class Topology {
public:
    /// Compiles g. Throws BoardError if g has no vertex, more than max_vertices vertices, or a ray
    /// longer than max_ray_length; a vertex name or alias used twice. Callers include
    /// tradgames/board_graph.hpp (they built g).
    explicit Topology(BoardGraph g);

    /// Number of vertices.
    [[nodiscard]] int size() const noexcept { return size_; }
    /// The set of all vertices.
    [[nodiscard]] Mask all() const noexcept { return all_; }

    /// Neighbour of v in direction d, or no_vertex.
    [[nodiscard]] Vertex neighbour(Vertex v, Direction d) const noexcept {
        return neighbour_[v][index(d)];
    }
    /// The ray from v in direction d, nearest vertex first, v itself excluded.
    [[nodiscard]] std::span<const Vertex> ray(Vertex v, Direction d) const noexcept {
        const auto& r = ray_[v][index(d)];
        return {r.data(), r.data() + ray_length_[v][index(d)]};
    }
    /// The vertices of ray(v, d) as a set.
    [[nodiscard]] Mask ray_mask(Vertex v, Direction d) const noexcept {
        return ray_mask_[v][index(d)];
    }
    /// Directions in which v has a neighbour.
    [[nodiscard]] DirectionSet directions(Vertex v) const noexcept { return dirs_[v]; }

    /// Zone bits of v.
    [[nodiscard]] ZoneSet zones(Vertex v) const noexcept { return zones_[v]; }
    /// All vertices carrying every bit of `zone`. Precondition: zone != 0.
    [[nodiscard]] Mask zone_mask(ZoneSet zone) const noexcept;

    /// The name players write for v (VertexProperties::name). Precondition: v < size().
    [[nodiscard]] std::string_view name(Vertex v) const noexcept { return names_[v]; }
    /// Other accepted spellings of v (VertexProperties::aliases), possibly none.
    /// Precondition: v < size().
    [[nodiscard]] std::span<const std::string> aliases(Vertex v) const noexcept {
        return aliases_[v];
    }
    /// Looks a vertex up by name or alias, ASCII case-insensitively. nullopt if unknown.
    [[nodiscard]] std::optional<Vertex> find(std::string_view name) const;
    /// Drawing coordinates of v in board units (VertexProperties::x, y: x grows to White's
    /// right, y towards Black). Precondition: v < size().
    [[nodiscard]] double x(Vertex v) const noexcept { return x_[v]; }
    [[nodiscard]] double y(Vertex v) const noexcept { return y_[v]; }

    /// The direction from u to its neighbour v, if u and v are linked.
    [[nodiscard]] std::optional<Direction> direction_between(Vertex u, Vertex v) const noexcept;
    /// The direction d with v on ray(u, d), if any.
    [[nodiscard]] std::optional<Direction> line_direction(Vertex u, Vertex v) const noexcept;

    /// The graph this topology was compiled from, for Boost.Graph algorithms and Graphviz
    /// output. Using the result needs the complete type: include tradgames/board_graph.hpp.
    [[nodiscard]] const BoardGraph& graph() const noexcept;

private:
    std::shared_ptr<const BoardGraph> graph_;  // never null; shared by copies
    int size_ = 0;
    Mask all_ = 0;
    std::array<std::array<Vertex, direction_count>, max_vertices> neighbour_{};
    std::array<std::array<std::array<Vertex, max_ray_length>, direction_count>, max_vertices>
        ray_{};
    std::array<std::array<std::uint8_t, direction_count>, max_vertices> ray_length_{};
    std::array<std::array<Mask, direction_count>, max_vertices> ray_mask_{};
    std::array<DirectionSet, max_vertices> dirs_{};
    std::array<ZoneSet, max_vertices> zones_{};
    std::array<Mask, 32> zone_bit_mask_{};
    std::vector<std::string> names_;                     // [vertex]
    std::vector<std::vector<std::string>> aliases_;      // [vertex]
    std::array<double, max_vertices> x_{};
    std::array<double, max_vertices> y_{};
    std::vector<std::pair<std::string, Vertex>> lookup_;  // names and aliases, lower-cased, sorted
};

}  // namespace tradgames
