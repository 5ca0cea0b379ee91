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
        group_steps(t.size());
    }
    /// The neighbours of v in the table's directions. Precondition: v < max_vertices.
    [[nodiscard]] Mask operator[](Vertex v) const noexcept { return targets_[v]; }

    /// The number of steps from a vertex of `pieces` to a vertex of `targets` (bulk counting of
    /// quiet moves). Steps that share their vertex delta form a group, so a board numbered row
    /// by row counts two groups a direction with a rotation, an AND and a popcount each instead
    /// of visiting every piece.
    [[nodiscard]] int count_steps(Mask pieces, Mask targets) const noexcept {
        int n = 0;
        if (group_count_ < 0) {
            for_each_vertex(pieces, [&](Vertex v) { n += count(targets_[v] & targets); });
            return n;
        }
        for (int g = 0; g < group_count_; ++g) {
            const Group& s = groups_[static_cast<std::size_t>(g)];
            n += count(s.from & pieces & rotate_down(targets, s.rot));
        }
        return n;
    }

    /// The vertices of `pieces` with at least one step to a vertex of `targets`, found for all
    /// of them at once from the groups (a rotation and an AND a group), or piece by piece when
    /// the table is not grouped. Always inlined: called out of line it costs its callers
    /// (quiet-move generation per ply) more than its body (callgrind, Russian playouts).
    [[nodiscard]] TRADGAMES_ALWAYS_INLINE Mask movers(Mask pieces, Mask targets) const noexcept {
        Mask m = 0;
        if (group_count_ < 0) {
            for_each_vertex(pieces, [&](Vertex v) { m |= (targets_[v] & targets) != 0 ? bit(v) : 0; });
            return m;
        }
        for (int g = 0; g < group_count_; ++g) {
            const Group& s = groups_[static_cast<std::size_t>(g)];
            m |= s.from & rotate_down(targets, s.rot);
        }
        return m & pieces;
    }

    /// Calls f(from, rot) for each group of steps: the vertices `from` whose step in the table
    /// lands rot vertices further on (modulo max_vertices); every step of the table is in one
    /// group. Returns false, calling nothing, when the table is not grouped (too irregular).
    template <class F>
    bool for_each_group(F&& f) const {
        if (group_count_ < 0) return false;
        for (int g = 0; g < group_count_; ++g) {
            const Group& s = groups_[static_cast<std::size_t>(g)];
            f(s.from, static_cast<int>(s.rot));
        }
        return true;
    }

private:
    static constexpr int max_groups = 16;
    // The vertices `from` whose step lands rot vertices further on (modulo max_vertices).
    struct Group {
        Mask from = 0;
        std::uint8_t rot = 0;
    };
    void group_steps(int size) noexcept {
        group_count_ = 0;
        for (Vertex v = 0; v < size; ++v) {
            for_each_vertex(targets_[v], [&](Vertex w) {
                if (group_count_ < 0) return;
                const auto rot = static_cast<std::uint8_t>((static_cast<int>(w) - static_cast<int>(v) + max_vertices) %
                                                           max_vertices);
                int g = 0;
                while (g < group_count_ && groups_[static_cast<std::size_t>(g)].rot != rot) ++g;
                if (g == group_count_) {
                    if (group_count_ == max_groups) {
                        group_count_ = -1;  // too irregular: count piece by piece
                        return;
                    }
                    groups_[static_cast<std::size_t>(group_count_++)].rot = rot;
                }
                groups_[static_cast<std::size_t>(g)].from |= bit(v);
            });
        }
    }

    std::array<Mask, max_vertices> targets_{};
    std::array<Group, max_groups> groups_{};
    int group_count_ = -1;  // -1: not grouped
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
