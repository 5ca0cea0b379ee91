// tradgames: building blocks for non-capturing moves, shared by every variant: steps to an
// adjacent empty vertex and slides along a ray of empty vertices, written straight into the
// caller's MoveList.
#pragma once

#include <array>

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/topology.hpp"
#include "tradgames/types.hpp"

namespace tradgames {

/// Writes every field of m as the non-capturing move (or, with kind == MoveKind::drop, the
/// drop) from -> to. promotion: the piece's kind after the move if it changes, else no_kind.
inline void write_quiet(Move& m, Vertex from, Vertex to, Kind promotion = no_kind,
                        MoveKind kind = MoveKind::quiet) noexcept {
    m.captured_mask = 0;
    m.kind = kind;
    m.from = from;
    m.to = to;
    m.promotion = promotion;
    m.result_tag = 0;
    m.path.assign_one(to);
    m.captured.clear();
}

/// Appends a non-capturing move (or, with kind == MoveKind::drop, a drop) from -> to and
/// returns it. promotion: the piece's kind after the move if it changes, else no_kind.
/// Throws Error when out is full.
inline Move& add_quiet(MoveList& out, Vertex from, Vertex to, Kind promotion = no_kind,
                       MoveKind kind = MoveKind::quiet) {
    Move& m = out.push_raw();
    write_quiet(m, from, to, promotion, kind);
    return m;
}

/// The steps of one piece kind as a table: for each vertex, its neighbours in a fixed set of
/// directions, as a mask. Built once per variant from the topology, so that generating steps
/// is a mask operation instead of a walk over directions.
class StepTable {
public:
    /// No steps anywhere.
    StepTable() = default;
    /// The neighbours of every vertex of t in the directions ds.
    StepTable(const Topology& t, DirectionSet ds) noexcept {
        for (Vertex v = 0; v < t.size(); ++v) {
            for_each_direction(ds, [&](Direction d) {
                const Vertex w = t.neighbour(v, d);
                if (w != no_vertex) targets_[v] |= bit(w);
            });
        }
    }
    /// The neighbours of v in the table's directions. Precondition: v < max_vertices.
    [[nodiscard]] Mask operator[](Vertex v) const noexcept { return targets_[v]; }

private:
    std::array<Mask, max_vertices> targets_{};
};

/// Appends a step from `from` to each empty neighbour in `steps` that lies in `allowed`
/// (default: every vertex; Shatra bars a side's own fortress while its temdek is on), in order
/// of destination vertex. A step ending in promotion_zone promotes the piece to promotes_to
/// (when that is not no_kind).
inline void add_steps(const StepTable& steps, const Position& pos, Vertex from, MoveList& out,
                      Mask promotion_zone = 0, Kind promotes_to = no_kind,
                      Mask allowed = ~Mask{0}) {
    const Mask targets = steps[from] & ~pos.occupied() & allowed;
    if (targets == 0) return;
    Move* m = out.push_raw(static_cast<std::size_t>(count(targets)));  // one capacity check
    for_each_vertex(targets, [&](Vertex to) {
        write_quiet(*m++, from, to, has(promotion_zone, to) ? promotes_to : no_kind);
    });
}

/// Appends a slide from `from` to every vertex in `allowed` (default: every vertex) reachable
/// along a ray in the directions ds over empty vertices only. An empty vertex outside `allowed`
/// is passed over but is not a destination.
inline void add_slides(const Topology& t, const Position& pos, Vertex from, DirectionSet ds,
                       MoveList& out, Mask allowed = ~Mask{0}) {
    const Mask occ = pos.occupied();
    for_each_direction(ds, [&](Direction d) {
        for (Vertex to : t.ray(from, d)) {
            if (has(occ, to)) break;
            if (has(allowed, to)) add_quiet(out, from, to);
        }
    });
}

}  // namespace tradgames
