// tradgames: the capture-sequence generator shared by every variant.
//
// One depth-first search over jumps, driven by data (CaptureRules: per piece kind the capture
// directions, short or long leap, landing policy, early stop, promotion) and by a few hooks
// for what data cannot say (Shatra's fortress landing bans, its promotion choices, the game
// ending when a biy is taken). The rules it covers:
//
//  * short leap: the victim is adjacent, the landing is the vertex right behind it (Russian man,
//    KOD 1.5.3; Tobit hul, variants/tobit/RULES.md R6; Shatra biy and shatra,
//    variants/shatra/RULES.md §3);
//  * long leap: pass empty vertices, jump one enemy piece, land on the empty vertices behind it,
//    choosing by the landing policy (Russian king, KOD 1.4.5 and variants/russian/RULES.md §1.4.5;
//    Tobit tobit, variants/tobit/RULES.md R7/R9; Shatra batyr, tura, yalkyn,
//    variants/shatra/RULES.md §5.8);
//  * continuation is compulsory: a sequence ends only when the piece cannot jump again, unless its
//    kind may stop early (Shatra's biy, variants/shatra/RULES.md §5.4);
//  * removal timing: captured pieces stay as obstacles until the move ends and cannot be jumped
//    twice ("Turkish strike", variants/russian/RULES.md §1.4.6), or vanish at once (Tobit option
//    `removal`);
//  * promotion in mid-capture with continuation under the new kind's geometry
//    (variants/russian/RULES.md §1.4.8; variants/shatra/RULES.md §6.4), or promotion only at the
//    end of the move;
//  * a kind change when the sequence ends (Tobit's optional reversion of a tobit,
//    variants/tobit/RULES.md A7);
//  * duplicates: one move per resulting position ("U", canonical path = lexicographically
//    smallest landing sequence) or every path ("P").
//
// The generator writes into the caller's MoveList and allocates nothing, except for the hash
// index that merges duplicates once one piece has more than 256 moves (kept per thread, at most
// 1 MiB). One call gives up with an Error after 2^22 sequences (a crafted variant's explosion).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#if defined(__BMI2__) && TRADGAMES_MAX_VERTICES == 64
#include <immintrin.h>
#endif

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/topology.hpp"
#include "tradgames/types.hpp"

namespace tradgames {

/// Side c's view of directions given as White sees them (towards Black is north): White's
/// unchanged, Black's mirrored north<->south (flip_vertical). The one owner of the mirroring:
/// CaptureRules::compile, the draughts family's steps and Shatra's steps all ask it.
[[nodiscard]] constexpr DirectionSet side_view(Color c, DirectionSet white) noexcept {
    return c == Color::white ? white : flip_vertical(white);
}

/// How far a piece jumps.
enum class Leap : std::uint8_t {
    short_leap,  ///< victim adjacent, landing right behind it
    long_leap,   ///< any number of empty vertices before the victim, landings behind it
};

/// Which landing vertices behind a victim a long-leaping piece may choose.
enum class Landing : std::uint8_t {
    right_behind,        ///< only the vertex right behind the victim
    any,                 ///< any empty vertex behind the victim
    continuing,          ///< any; but if some allow a further jump, one of those (Russian)
    nearest_continuing,  ///< the nearest one allowing a further jump, else any (Shatrabase)
};

/// When captured pieces leave the board.
enum class Removal : std::uint8_t {
    end_of_move,  ///< they stay as obstacles until the move ends ("Turkish strike")
    immediate,    ///< they vanish at once (Turkish draughts)
};

/// Capture geometry of one piece kind.
struct PieceCaptureRule {
    /// Directions in which the piece captures, as White sees them (north = White's forward);
    /// compile() mirrors them north<->south for Black (types.hpp flip_vertical), so a man
    /// capturing "forward only" captures towards the opponent for both sides. 0 = never captures.
    DirectionSet directions = 0;
    Leap leap = Leap::short_leap;
    /// Landing policy for long leaps (ignored for short leaps).
    Landing landing = Landing::continuing;
    /// The piece may end its sequence after any jump.
    bool may_stop = false;
    /// The kind this piece becomes on a promotion vertex, or no_kind.
    Kind promotes_to = no_kind;
    /// Victim filter: bit j set when the piece may jump an enemy piece of kind j (Italian: a
    /// man never captures a king). A piece it may not jump blocks its line like a friend.
    std::uint8_t victims = 0xFF;
};

/// Capture rules of a variant: plain data.
struct CaptureRules {
    /// Per kind. Index = Kind.
    std::array<PieceCaptureRule, max_kinds> kinds{};
    /// Promotion vertices per side (index(Color)).
    std::array<Mask, 2> promotion_zone{};
    /// A piece that lands on its promotion zone in mid-capture is promoted at once and
    /// continues with the new kind's geometry; if false, promotion happens only when the
    /// sequence ends on the zone.
    bool promote_mid_capture = true;
    Removal removal = Removal::end_of_move;
    /// Forbid reversing direction between two consecutive jumps (Turkish draughts).
    bool no_180_turn = false;
    /// P identity: when false (Russian, whose notation omits them), two paths that differ only
    /// in landings passed straight through along a line are one path; when true (Shatra, whose
    /// notation writes every landing), every landing sequence is its own path.
    bool every_landing_distinct = false;

    /// Derived: the capture directions of kind k for side c ([c][k]), Black's mirrored.
    std::array<std::array<DirectionSet, max_kinds>, 2> side_directions{};
    /// Derived: some kind has a victim filter (PieceCaptureRule::victims).
    bool filters_victims = false;

    /// Derived table: the vertices on which an enemy piece could be the first victim of a
    /// piece of side c and kind k standing on v ([c][k][v]). All-ones (no filtering) until
    /// compile().
    std::array<std::array<std::array<Mask, max_vertices>, max_kinds>, 2> reach = [] {
        std::array<std::array<std::array<Mask, max_vertices>, max_kinds>, 2> r{};
        for (auto& side : r) {
            for (auto& row : side) row.fill(~Mask{0});
        }
        return r;
    }();

    /// Derived: 1 + the highest kind that captures (kinds above it are skipped).
    int kind_count = max_kinds;

    /// One short leap available on the empty board: over the neighbour `over` to `to`.
    struct ShortJump {
        Vertex over = no_vertex;
        Vertex to = no_vertex;
        /// The direction of the jump (index(Direction)).
        std::uint8_t dir = 0;
    };
    /// Derived table for short-leaping kinds: the first jumps a piece of side c and kind k on
    /// v could make ([c][k][v][0..short_jump_count[c][k][v])), so that a piece without an
    /// enemy next to an empty vertex is skipped without starting a search. Empty until
    /// compile().
    std::array<std::array<std::array<std::array<ShortJump, direction_count>, max_vertices>,
                          max_kinds>, 2>
        short_jumps{};
    std::array<std::array<std::array<std::uint8_t, max_vertices>, max_kinds>, 2>
        short_jump_count{};
    /// Derived ([c][k][v]): the vertices jumped over by the short leaps of short_jumps[c][k][v]
    /// (no victim among them: no short leap from v).
    std::array<std::array<std::array<Mask, max_vertices>, max_kinds>, 2> short_over{};
    /// Set by compile(): the derived tables are filled.
    bool compiled = false;
    /// The first jumps of a short leaper, grouped by their shape for a whole-side test: every
    /// vertex v of `from` jumps over v + over_delta and lands on v + to_delta, so "which pieces
    /// have a victim next to them and an empty vertex behind it" is two shifts and three ANDs
    /// a group.
    struct JumpGroup {
        Mask from = 0;
        // The deltas modulo max_vertices: rotate_down(x, over_rot) moves bit v + over delta to
        // bit v (vertices of `from` never wrap around).
        std::uint8_t over_rot = 0, to_rot = 0;
    };
    /// Two jump groups with the same landing delta, tested with one shift of the empty
    /// vertices: a draughts board numbered row by row has two groups a direction (the
    /// neighbour's delta alternates with the row, the delta two steps away does not).
    struct JumpPair {
        Mask from_a = 0, from_b = 0;
        std::uint8_t over_a = 0, over_b = 0, to_rot = 0;
    };
    /// Most jump groups one (side, kind) may have before the whole-side test is switched off.
    static constexpr int max_jump_groups = 16;
    /// Derived ([c][k]): the jump groups of side c and kind k, paired where two share their
    /// landing delta (jump_pairs) and the others alone (jump_groups). Each list ends with an
    /// entry whose first `from` is empty (a sentinel rather than a count: the compiler does not
    /// turn a loop whose end depends on the data into a vector loop, whose set-up costs more
    /// than a handful of groups).
    std::array<std::array<std::array<JumpPair, max_jump_groups / 2 + 1>, max_kinds>, 2> jump_pairs{};
    std::array<std::array<std::array<JumpGroup, max_jump_groups + 1>, max_kinds>, 2> jump_groups{};
    /// Derived ([k]): kind k is a short leaper whose first jumps are found for the whole side at
    /// once (side_candidates): its jumps fit in max_jump_groups groups for both sides and none
    /// lands back on its origin.
    std::array<bool, max_kinds> whole_side{};

    /// A numbering of the vertices with ghost bits, under which a square-diagonal grid
    /// numbered row by row has one jump group a direction instead of two (Scan's 10x10
    /// layout: a ghost bit after every two rows, so that each direction is one shift of the
    /// whole side). Vertex v sits at bit v + (v + offset) / period; the other bits are ghosts,
    /// never set. compile() chooses it from the topology, as the layout with the fewest jump
    /// groups (none when no layout has fewer than the plain numbering, or it does not fit in a
    /// Mask); it is a policy of the whole-side start test only: the search never sees it.
    struct GhostLayout {
        int period = 0;  ///< 0: no layout
        int offset = 0;
        int size = 0;    ///< the board's vertices
        Mask deposit = 0;  ///< the vertices' bits
        /// The bit of vertex v. Precondition: period > 0.
        [[nodiscard]] int bit_of(int v) const noexcept { return v + (v + offset) / period; }
        /// The vertex set m (bits at or above `size` ignored) in the ghost numbering.
        [[nodiscard]] Mask to_ghost(Mask m) const noexcept {
#if defined(__BMI2__) && TRADGAMES_MAX_VERTICES == 64
            return _pdep_u64(m, deposit);
#else
            // From the highest boundary down, every vertex from the boundary on moves one bit up.
            m &= bit(static_cast<Vertex>(size - 1)) | (bit(static_cast<Vertex>(size - 1)) - bit(0));
            int b = period - offset;
            while (b + period < size) b += period;
            for (; b > 0 && b < size; b -= period) {
                const Mask low = bit(static_cast<Vertex>(b)) - bit(0);
                m = (m & low) | ((m & ~low) << 1);
            }
            return m;
#endif
        }
        /// The inverse of to_ghost on sets of vertices' bits.
        [[nodiscard]] Mask from_ghost(Mask g) const noexcept {
#if defined(__BMI2__) && TRADGAMES_MAX_VERTICES == 64
            return _pext_u64(g, deposit);
#else
            for (int b = period - offset; b < size; b += period) {
                const Mask low = bit(static_cast<Vertex>(b)) - bit(0);
                g = (g & low) | ((g >> 1) & ~low);
            }
            return g;
#endif
        }
    };
    /// Derived: the ghost numbering of the board (period 0: none).
    GhostLayout ghost{};
    /// Derived: side_candidates works in the ghost numbering (a layout exists and this build
    /// converts a set in one instruction, BMI2's pdep and pext; a test may set it to compare
    /// both paths).
    bool use_ghost = false;
    /// Derived ([c][k]): the jump groups of side c and kind k in the ghost numbering (rotations
    /// and `from` sets in ghost bits), ending with an empty `from`. Filled when ghost.period > 0.
    std::array<std::array<std::array<JumpGroup, max_jump_groups + 1>, max_kinds>, 2> ghost_groups{};
    /// Derived: in every ghost group the landing is as far beyond the victim as the victim is
    /// from the piece (to_rot == 2 * over_rot modulo max_vertices: a straight line in a
    /// numbering where each direction is one delta), so side_candidates rotates by one count.
    bool ghost_straight = false;

    /// The pieces of side c and kind k (in `pieces`) with an enemy piece in `victims` next to
    /// them and an empty vertex (in `empty`) right behind it, found for all of them at once:
    /// exactly the vertices from which a short leaper has a first jump (before the variant's
    /// landing hooks). Precondition: compiled && whole_side[k].
    [[nodiscard]] Mask side_candidates(Color c, Kind k, Mask pieces, Mask victims,
                                       Mask empty) const noexcept {
        if (use_ghost) {
            const Mask v = ghost.to_ghost(victims);
            const Mask e = ghost.to_ghost(empty);
            Mask from = 0;
            const JumpGroup* j = ghost_groups[index(c)][k].data();
            if (ghost_straight) {
                // Landing delta = twice the victim's: the victims with an empty vertex behind
                // them, moved back onto the pieces (one rotation count a group, not two).
                for (; j->from != 0; ++j) {
                    from |= j->from & rotate_down(v & rotate_down(e, j->over_rot), j->over_rot);
                }
            } else {
                for (; j->from != 0; ++j) {
                    from |= j->from & rotate_down(v, j->over_rot) & rotate_down(e, j->to_rot);
                }
            }
            return ghost.from_ghost(from) & pieces;
        }
        Mask from = 0;
        for (const JumpPair* j = jump_pairs[index(c)][k].data(); j->from_a != 0; ++j) {
            from |= ((j->from_a & rotate_down(victims, j->over_a)) |
                     (j->from_b & rotate_down(victims, j->over_b))) &
                    rotate_down(empty, j->to_rot);
        }
        for (const JumpGroup* j = jump_groups[index(c)][k].data(); j->from != 0; ++j) {
            from |= j->from & rotate_down(victims, j->over_rot) & rotate_down(empty, j->to_rot);
        }
        return from & pieces;
    }

    /// The pieces of side c and kind k in pos that may start a capture of a piece in `victims`
    /// (the enemy pieces the kind may jump): side_candidates for a whole-side kind, may_start
    /// piece by piece for the others; none when the side has no such piece or the kind never
    /// captures. A necessary condition: the search decides.
    [[nodiscard]] Mask starts(const Position& pos, Color c, Kind k, Mask victims) const noexcept {
        const Mask pieces = pos.pieces(c, k);
        if (pieces == 0) return 0;
        // whole_side[k] implies compiled() and capture directions.
        if (whole_side[k]) return side_candidates(c, k, pieces, victims, ~pos.occupied());
        return may_start_each(pos, c, k, pieces);
    }

    /// Compiled, with end-of-move removal, 180-degree turns allowed and no victim filter: the
    /// rules a CaptureSequenceGenerator<Hooks, true> may search.
    [[nodiscard]] bool plain() const noexcept {
        return compiled && removal == Removal::end_of_move && !no_180_turn && !filters_victims;
    }

    /// Cheap necessary condition for a piece of side c and kind k on v to capture: an enemy
    /// piece within reach and, for a short leaper, one next to an empty vertex (`reach`,
    /// may_jump). Always true before compile().
    [[nodiscard]] bool may_start(Color c, Kind k, Vertex v, Mask enemy,
                                 Mask occupied) const noexcept {
        return (reach[index(c)][k][v] & enemy) != 0 && may_jump(c, k, v, enemy, occupied);
    }

    /// Whether a short-leaping piece of side c and kind k on v has an enemy (in `enemy`) with
    /// an empty vertex (not in `occupied`, or v itself) behind it: necessary for it to capture.
    /// Always true before compile() and for long-leaping kinds.
    [[nodiscard]] bool may_jump(Color c, Kind k, Vertex v, Mask enemy,
                                Mask occupied) const noexcept {
        if (!compiled || kinds[k].leap != Leap::short_leap) return true;
        const auto& jumps = short_jumps[index(c)][k][v];
        const int n = short_jump_count[index(c)][k][v];
        for (int i = 0; i < n; ++i) {
            const ShortJump j = jumps[static_cast<std::size_t>(i)];
            if (has(enemy, j.over) && (j.to == v || !has(occupied, j.to))) return true;
        }
        return false;
    }

    /// Fills the derived tables (`side_directions`, `reach`, `short_jumps`, `kind_count`,
    /// `filters_victims`) from the board and `kinds`; call after setting `kinds`. Black's
    /// directions are White's mirrored north<->south (side_view; the generator reads only the
    /// per-side tables).
    void compile(const Topology& t) noexcept {
        kind_count = 0;
        filters_victims = false;
        for (int k = 0; k < max_kinds; ++k) {
            const PieceCaptureRule& r = kinds[static_cast<std::size_t>(k)];
            if (r.directions != 0) kind_count = k + 1;
            if (r.directions != 0 && r.victims != 0xFF) filters_victims = true;
            side_directions[0][static_cast<std::size_t>(k)] = side_view(Color::white, r.directions);
            side_directions[1][static_cast<std::size_t>(k)] = side_view(Color::black, r.directions);
        }
        for (std::size_t c = 0; c < 2; ++c) {
          for (std::size_t k = 0; k < max_kinds; ++k) {
            const PieceCaptureRule& r = kinds[k];
            for (Vertex v = 0; v < t.size(); ++v) {
                Mask m = 0;
                std::uint8_t jumps = 0;
                short_over[c][k][v] = 0;
                for_each_direction(side_directions[c][k], [&](Direction d) {
                    // The short leap as find_jump takes it: over the neighbour to its neighbour.
                    const Vertex over = t.neighbour(v, d);
                    if (over == no_vertex) return;
                    const Vertex to = t.neighbour(over, d);
                    if (to != no_vertex) {
                        short_jumps[c][k][v][jumps++] =
                            ShortJump{over, to, static_cast<std::uint8_t>(index(d))};
                        short_over[c][k][v] |= bit(over);
                    }
                    const auto ray = t.ray(v, d);
                    if (ray.size() < 2) return;  // no vertex behind a victim
                    const std::size_t n = r.leap == Leap::short_leap ? 1 : ray.size() - 1;
                    for (std::size_t i = 0; i < n; ++i) m |= bit(ray[i]);
                });
                reach[c][k][v] = m;
                short_jump_count[c][k][v] = jumps;
            }
          }
        }
        for (std::size_t k = 0; k < max_kinds; ++k) {
            bool ok = kinds[k].leap == Leap::short_leap && kinds[k].directions != 0;
            for (std::size_t c = 0; c < 2 && ok; ++c) ok = group_jumps(t, c, k);
            whole_side[k] = ok;
        }
        choose_ghost(t);
        compiled = true;
    }

private:
    /// The pieces of `pieces` (side c, kind k) for which may_start holds; none if kind k has no
    /// capture directions. Out of line: the kinds the whole-side test does not cover.
    [[gnu::noinline]] Mask may_start_each(const Position& pos, Color c, Kind k,
                                          Mask pieces) const noexcept {
        if (kinds[k].directions == 0) return 0;
        const Mask enemy = pos.pieces(~c);
        const Mask occupied = pos.occupied();
        Mask keep = 0;
        for_each_vertex(pieces, [&](Vertex v) {
            if (may_start(c, k, v, enemy, occupied)) keep |= bit(v);
        });
        return keep;
    }

    // Groups the short jumps of side c and kind k by their deltas in the numbering `place`
    // (vertex -> bit) into `groups`, ending with an empty `from`; returns their number, or -1
    // when they need more than `limit` groups or a jump lands on its origin.
    template <class Place>
    int group_in(const Topology& t, std::size_t c, std::size_t k, Place place, int limit,
                 std::array<JumpGroup, max_jump_groups + 1>& groups) const noexcept {
        int n = 0;
        groups = {};  // every group has a vertex in `from`: the first empty one ends the list
        auto rot = [&](Vertex from, Vertex to) {
            return static_cast<std::uint8_t>((place(to) - place(from) + max_vertices) % max_vertices);
        };
        for (Vertex v = 0; v < t.size(); ++v) {
            for (int i = 0; i < short_jump_count[c][k][v]; ++i) {
                const ShortJump j = short_jumps[c][k][v][static_cast<std::size_t>(i)];
                if (j.to == v) return -1;
                JumpGroup key;
                key.over_rot = rot(v, j.over);
                key.to_rot = rot(v, j.to);
                int g = 0;
                while (g < n && !(groups[static_cast<std::size_t>(g)].over_rot == key.over_rot &&
                                  groups[static_cast<std::size_t>(g)].to_rot == key.to_rot)) {
                    ++g;
                }
                if (g == n) {
                    if (n == limit) return -1;
                    groups[static_cast<std::size_t>(n++)] = key;
                }
                groups[static_cast<std::size_t>(g)].from |= bit(static_cast<Vertex>(place(v)));
            }
        }
        return n;
    }

    // Chooses `ghost` (the ghost numbering with the fewest jump groups over the whole-side
    // kinds, if it has fewer than the plain numbering and fits in a Mask) and fills
    // ghost_groups; `use_ghost` when this build converts sets in one instruction.
    void choose_ghost(const Topology& t) noexcept {
        ghost = GhostLayout{};
        use_ghost = false;
        ghost_straight = false;
        const int size = t.size();
        int plain = 0;  // the plain numbering's groups
        for (std::size_t k = 0; k < max_kinds; ++k) {
            if (!whole_side[k]) continue;
            for (std::size_t c = 0; c < 2; ++c) {
                for (const JumpPair* j = jump_pairs[c][k].data(); j->from_a != 0; ++j) plain += 2;
                for (const JumpGroup* j = jump_groups[c][k].data(); j->from != 0; ++j) ++plain;
            }
        }
        if (plain == 0 || size < 2) return;
        int best = plain;
        GhostLayout found;
        std::array<JumpGroup, max_jump_groups + 1> groups;
        for (int period = 2; period < size; ++period) {
            for (int offset = 0; offset < period; ++offset) {
                GhostLayout g{period, offset, size, 0};
                if (g.bit_of(size - 1) >= max_vertices) continue;
                int total = 0;
                for (std::size_t k = 0; k < max_kinds && total < best; ++k) {
                    if (!whole_side[k]) continue;
                    for (std::size_t c = 0; c < 2 && total < best; ++c) {
                        const int n = group_in(t, c, k, [&](Vertex v) { return g.bit_of(v); },
                                               std::min(best - total - 1, max_jump_groups), groups);
                        total = n < 0 ? best : total + n;
                    }
                }
                if (total < best) {
                    best = total;
                    found = g;
                }
            }
        }
        if (found.period == 0) return;
        ghost = found;
        for (Vertex v = 0; v < size; ++v) ghost.deposit |= bit(static_cast<Vertex>(ghost.bit_of(v)));
        for (std::size_t k = 0; k < max_kinds; ++k) {
            if (!whole_side[k]) continue;
            for (std::size_t c = 0; c < 2; ++c) {
                group_in(t, c, k, [&](Vertex v) { return ghost.bit_of(v); }, max_jump_groups,
                         ghost_groups[c][k]);
            }
        }
        ghost_straight = true;
        for (std::size_t k = 0; k < max_kinds; ++k) {
            if (!whole_side[k]) continue;
            for (std::size_t c = 0; c < 2; ++c) {
                for (const JumpGroup* j = ghost_groups[c][k].data(); j->from != 0; ++j) {
                    if ((2 * j->over_rot) % max_vertices != j->to_rot) ghost_straight = false;
                }
            }
        }
#if defined(__BMI2__) && TRADGAMES_MAX_VERTICES == 64
        use_ghost = true;
#endif
    }

    // Fills jump_groups[c][k] from short_jumps; false when they need more than max_jump_groups
    // groups or a jump lands on its origin.
    bool group_jumps(const Topology& t, std::size_t c, std::size_t k) noexcept {
        auto& groups = jump_groups[c][k];
        const int count = group_in(t, c, k, [](Vertex v) { return static_cast<int>(v); },
                                   max_jump_groups, groups);
        if (count < 0) return false;
        const auto n = static_cast<std::size_t>(count);
        // Pair the groups with equal landing deltas (in their order); the rest stay alone.
        auto& pairs = jump_pairs[c][k];
        pairs = {};
        std::array<JumpGroup, max_jump_groups + 1> alone{};
        std::array<bool, max_jump_groups> used{};
        std::size_t np = 0;
        std::size_t na = 0;
        for (std::size_t g = 0; g < n; ++g) {
            if (used[g]) continue;
            used[g] = true;
            std::size_t h = g + 1;
            while (h < n && (used[h] || groups[h].to_rot != groups[g].to_rot)) ++h;
            if (h == n) {
                alone[na++] = groups[g];
                continue;
            }
            used[h] = true;
            pairs[np++] = JumpPair{groups[g].from, groups[h].from, groups[g].over_rot,
                                   groups[h].over_rot, groups[g].to_rot};
        }
        groups = alone;
        return true;
    }
};

/// True if landing i of capture m is passed straight through: the jumps before and after it go in
/// the same direction along one line (a long-leaping piece could have landed elsewhere on that
/// line). Notation leaves such landings out (variants/russian/RULES.md §2.1,
/// variants/tobit/RULES.md §6.4) and the P identity ignores them. False for the last landing.
/// Precondition: i < m.path.size().
[[nodiscard]] inline bool straight_through(const Topology& t, const Move& m,
                                           std::size_t i) noexcept {
    if (i + 1 >= m.path.size()) return false;
    const Vertex before = i == 0 ? m.from : m.path[i - 1];
    const auto d1 = t.line_direction(before, m.path[i]);
    const auto d2 = t.line_direction(m.path[i], m.path[i + 1]);
    return d1 && d2 && *d1 == *d2;
}

/// Default hooks: everything is decided by CaptureRules. A variant writes its own hooks type with
/// all six members (CaptureHooksType: each declared in that type itself, with these exact
/// signatures); the generator calls them statically (no virtual call).
struct CaptureHooks {
    /// May a piece of kind k, jumping from `from` (its origin or a landing of the sequence so
    /// far), land on `landing`?
    bool can_land(Vertex /*from*/, Kind /*k*/, Vertex /*landing*/) const noexcept {
        return true;
    }
    /// Kinds a piece of kind k may become on reaching its promotion zone at v: writes them to
    /// out and returns their number (0 = it stays as it is). Called only when v is in the
    /// side's zone and rules.kinds[k].promotes_to != no_kind. Default: {promotes_to}.
    int promotion_choices(const CaptureRules& r, Kind k, Vertex /*v*/,
                          std::array<Kind, max_kinds>& out) const noexcept {
        out[0] = r.kinds[k].promotes_to;
        return 1;
    }
    /// May the piece (now of kind k, of kind start_kind when it left origin) end the sequence
    /// after any jump? Default: rules.kinds[k].may_stop.
    bool may_stop(const CaptureRules& r, Vertex /*origin*/, Kind /*start_kind*/,
                  Kind k) const noexcept {
        return r.kinds[k].may_stop;
    }
    /// Does jumping `victim` end the sequence at once (Shatra: taking the biy ends the game)?
    bool ends_sequence(Piece /*victim*/) const noexcept { return false; }
    /// The kind a piece of side `side` has once its sequence is complete on `to`, given its
    /// kind k there (after any promotion). Called for every finished sequence, before
    /// duplicates are merged. Default: k. (Tobit option tobit_reverts_off_back_row, A7.)
    Kind end_kind(Color /*side*/, Kind k, Vertex /*to*/) const noexcept { return k; }
    /// Move::result_tag of a finished sequence that took the n pieces caps[0..n) of pos in
    /// that order: what beyond its origin, destination, captured set and promotion decides the
    /// resulting position (Shatra: the capture order, for the opponent's waiting shatras).
    /// Moves with different tags are never merged. Default: 0.
    std::uint8_t result_tag(const Position& /*pos*/, const Vertex* /*caps*/,
                            int /*n*/) const noexcept {
        return 0;
    }
};

/// What the capture search asks of a hooks type H: the six members of CaptureHooks, each
/// declared in H itself (not inherited) with exactly CaptureHooks' signature. A misspelt or
/// mistyped hook therefore fails to compile instead of silently falling back to a default.
template <class H>
concept CaptureHooksType =
    std::same_as<decltype(&H::can_land), bool (H::*)(Vertex, Kind, Vertex) const noexcept> &&
    std::same_as<decltype(&H::promotion_choices),
                 int (H::*)(const CaptureRules&, Kind, Vertex, std::array<Kind, max_kinds>&) const noexcept> &&
    std::same_as<decltype(&H::may_stop), bool (H::*)(const CaptureRules&, Vertex, Kind, Kind) const noexcept> &&
    std::same_as<decltype(&H::ends_sequence), bool (H::*)(Piece) const noexcept> &&
    std::same_as<decltype(&H::end_kind), Kind (H::*)(Color, Kind, Vertex) const noexcept> &&
    std::same_as<decltype(&H::result_tag),
                 std::uint8_t (H::*)(const Position&, const Vertex*, int) const noexcept>;
static_assert(CaptureHooksType<CaptureHooks>);

/// The capture-sequence search over the hooks of a CaptureHooksType.
///
/// Plain = true is the same search compiled for rules whose plain() is true (compiled tables,
/// end-of-move removal, 180-degree turns allowed, no victim filter: most of the draughts
/// family), so that those switches cost nothing; callers choose it at run time
/// (DraughtsVariant::generate_captures). Precondition for Plain: rules.plain().
///
/// Thread safety: one generator object per thread (it keeps the search state).
template <CaptureHooksType Hooks = CaptureHooks, bool Plain = false>
class CaptureSequenceGenerator {
public:
    /// Binds the board, the rules and the hooks; all must outlive the generator.
    CaptureSequenceGenerator(const Topology& topo, const CaptureRules& rules,
                             const Hooks& hooks) noexcept
        : topo_(topo), rules_(rules), hooks_(hooks) {}

    /// Appends every capture sequence of every piece of the side to move in pos to out, in
    /// order of origin vertex. Returns the number appended.
    /// Throws Error if out overflows or a sequence passes max_jumps jumps.
    std::size_t generate(const Position& pos, MoveList& out, Duplicates dup) {
        // First the pieces that may start a capture, for every kind, without touching the
        // search state: most positions have none, and then nothing else is done.
        std::array<Mask, max_kinds> starts;
        if (!find_starts(pos, starts)) return 0;
        return search(pos, starts, out, dup);
    }

    /// From now on search() keeps only the sequences that take the most pieces among all it
    /// finds in one call (the majority rule, "most_pieces" precedence, applied while searching
    /// instead of after: a shorter sequence is never written, a longer one drops those written
    /// before it). Off by default; generate_from and generate_after_first_jump never apply it.
    void keep_most_captures(bool on = true) noexcept { most_only_ = on; }

    /// Appends the capture sequences of the piece on `from` (of the side to move).
    /// Duplicates (U) are merged with moves appended since index `dedup_from` (default: moves
    /// of this call only). Returns the number appended.
    std::size_t generate_from(const Position& pos, Vertex from, MoveList& out, Duplicates dup,
                              std::size_t dedup_from = npos) {
        const std::size_t before = out.size();
        const Piece p = pos.at(from);
        if (rules_.kinds[p.kind()].directions == 0 ||
            !rules_.may_start(p.color(), p.kind(), from, pos.pieces(~p.color()), pos.occupied())) {
            return 0;
        }
        start(pos, from, p, &out, dup, dedup_from == npos ? before : dedup_from);
        extend(from, p.kind(), -1);
        return out.size() - before;
    }

    /// Continues a sequence whose first jump was made by a special rule (Shatra's en passant):
    /// the piece that left `from` has jumped `victim` and stands on `landing` with kind k.
    /// Appends every completion (or the one-jump move if it cannot continue).
    std::size_t generate_after_first_jump(const Position& pos, Vertex from, Vertex victim,
                                          Vertex landing, MoveList& out, Duplicates dup,
                                          std::size_t dedup_from = npos) {
        const std::size_t before = out.size();
        const Piece p = pos.at(from);
        start(pos, from, p, &out, dup, dedup_from == npos ? before : dedup_from);
        push_victim(victim);
        land_and_continue(landing, p.kind(), -1, hooks_.ends_sequence(pos.at(victim)));
        return out.size() - before;
    }

private:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    /// starts[k]: the pieces of kind k of the side to move that may start a capture
    /// (CaptureRules::starts). False if none may.
    bool find_starts(const Position& pos, std::array<Mask, max_kinds>& starts) const noexcept {
        const Color side = pos.side_to_move();
        Mask any = 0;
        for (Kind k = 0; k < rules_.kind_count; ++k) {
            starts[k] = rules_.starts(pos, side, k, victims_of(pos, side, k));
            any |= starts[k];
        }
        return any != 0;
    }

public:
    /// Appends the capture sequences of the pieces starts[k] (of kind k, for k below
    /// rules.kind_count) of the side to move, in order of kind and then origin vertex, as
    /// generate() does once it has found them; for callers that run the start test themselves
    /// (CaptureRules::starts). Out of line, so that the common case of no capture does not pay
    /// for setting up the search. Throws Error as generate().
    [[gnu::noinline]] std::size_t search(const Position& pos, const std::array<Mask, max_kinds>& starts,
                                         MoveList& out, Duplicates dup) {
        const std::size_t before = out.size();
        begin(pos, pos.side_to_move(), &out, dup);
        pruning_ = most_only_;
        first_ = before;
        most_ = 0;
        for (Kind k = 0; k < rules_.kind_count; ++k) {
            for_each_vertex(starts[k], [&](Vertex v) {
                start_piece(v, k, out.size());
                extend(v, k, -1);
            });
        }
        return out.size() - before;
    }

private:
    // The rule switches, constant for a Plain generator.
    [[nodiscard]] bool compiled() const noexcept { return Plain || rules_.compiled; }
    [[nodiscard]] bool filters_victims() const noexcept { return !Plain && rules_.filters_victims; }
    [[nodiscard]] bool immediate_removal() const noexcept {
        return !Plain && rules_.removal == Removal::immediate;
    }
    [[nodiscard]] bool no_180_turn() const noexcept { return !Plain && rules_.no_180_turn; }

    /// The pieces of the side opposing `side` that kind k may jump (the victim filter).
    [[nodiscard]] Mask victims_of(const Position& pos, Color side, Kind k) const noexcept {
        if (!filters_victims()) return pos.pieces(~side);
        Mask m = 0;
        for (int j = 0; j < max_kinds; ++j) {
            if ((rules_.kinds[k].victims >> j) & 1U) m |= pos.pieces(~side, static_cast<Kind>(j));
        }
        return m;
    }

    /// The search state shared by every piece of one call: position, side, output.
    void begin(const Position& pos, Color side, MoveList* out, Duplicates dup) noexcept {
        pos_ = &pos;
        out_ = out;
        dup_ = dup;
        side_ = side;
        zone_ = rules_.promotion_zone[index(side)];
        enemy_ = pos.pieces(~side);
        directions_ = &rules_.side_directions[index(side)];
        short_jumps_ = &rules_.short_jumps[index(side)];
        short_jump_count_ = &rules_.short_jump_count[index(side)];
        short_over_ = &rules_.short_over[index(side)];
        sequences_ = 0;
        if (filters_victims()) {
            for (Kind k = 0; k < max_kinds; ++k) allowed_[k] = victims_of(pos, side, k);
        }
    }
    /// The search state of the piece of kind k on `from` (after begin()).
    void start_piece(Vertex from, Kind k, std::size_t dedup_from) noexcept {
        dedup_from_ = dedup_from;
        index_valid_ = false;
        origin_ = from;
        start_kind_ = k;
        occupied_ = pos_->occupied() & ~bit(from);  // the origin is empty during the move
        captured_ = 0;
        block_ = occupied_;
        victims_ = enemy_;
        depth_ = 0;
        ncaps_ = 0;
    }
    void start(const Position& pos, Vertex from, Piece p, MoveList* out, Duplicates dup,
               std::size_t dedup_from) noexcept {
        begin(pos, p.color(), out, dup);
        pruning_ = false;
        start_piece(from, p.kind(), dedup_from);
    }

    // Captured pieces cannot be jumped again; under end-of-move removal they still block.
    // Throws Error when the sequence would pass max_jumps jumps (only a crafted position on a
    // board with more pieces than any game sets up gets there).
    void push_victim(Vertex v) {
        if (ncaps_ == static_cast<int>(max_jumps)) too_many_jumps();
        caps_[ncaps_++] = v;
        captured_ |= bit(v);
        victims_ &= ~bit(v);
        if (immediate_removal()) block_ &= ~bit(v);
    }
    [[noreturn]] static void too_many_sequences() {
        throw Error("capture generator: more than " + std::to_string(max_sequences) +
                    " capture sequences in one position (a variant whose captures explode)");
    }
    [[noreturn]] static void too_many_jumps() {
        throw Error("capture generator: a capture sequence of more than " +
                    std::to_string(max_jumps) + " jumps");
    }
    void pop_victim() noexcept {
        const Vertex v = caps_[--ncaps_];
        captured_ &= ~bit(v);
        victims_ |= bit(v);
        if (immediate_removal()) block_ |= bit(v);
    }

    /// Victim and landing vertices (after the landing filter) of a jump from `at` in direction
    /// d by a piece of kind k; returns the number of landings (0: no jump).
    int find_jump(Vertex at, int d, Kind k, Vertex& victim,
                  std::array<Vertex, max_ray_length>& land) const noexcept {
        const PieceCaptureRule& r = rules_.kinds[k];
        if (r.leap == Leap::short_leap) {  // the common case, without scanning
            const Vertex over = topo_.neighbour(at, static_cast<Direction>(d));
            if (over == no_vertex || !has(victims_, over)) return 0;
            if (filters_victims() && !has(allowed_[k], over)) return 0;
            const Vertex to = topo_.neighbour(over, static_cast<Direction>(d));
            if (to == no_vertex || has(block_, to) || !hooks_.can_land(at, k, to)) return 0;
            victim = over;
            land[0] = to;
            return 1;
        }
        // No piece it may take anywhere on the line: no jump, without walking it (most lines
        // of a long leaper in mid-sequence).
        if ((topo_.ray_mask(at, static_cast<Direction>(d)) & victims_) == 0) return 0;
        const auto ray = topo_.ray(at, static_cast<Direction>(d));
        const Mask block = block_;
        std::size_t i = 0;
        while (i < ray.size() && !has(block, ray[i])) ++i;
        if (i + 1 >= ray.size() || !has(victims_, ray[i])) return 0;
        if (filters_victims() && !has(allowed_[k], ray[i])) return 0;
        victim = ray[i++];
        int n = 0;
        const bool one = r.landing == Landing::right_behind;
        for (; i < ray.size() && !has(block, ray[i]); ++i) {
            if (hooks_.can_land(at, k, ray[i])) land[static_cast<std::size_t>(n++)] = ray[i];
            if (one) break;
        }
        return n;
    }

    [[nodiscard]] DirectionSet jump_dirs(Kind k, int last_dir) const noexcept {
        DirectionSet ds = (*directions_)[k];
        if (no_180_turn() && last_dir >= 0) {
            ds = static_cast<DirectionSet>(ds & ~dirs(opposite(static_cast<Direction>(last_dir))));
        }
        return ds;
    }

    /// True if a piece of kind k on `at` has a jump (captured set as it is now).
    [[nodiscard]] bool has_jump(Vertex at, Kind k, int last_dir) const noexcept {
        if (short_table(k)) {
            if (((*short_over_)[k][at] & victims_) == 0) return false;
            const int banned = banned_dir(last_dir);
            const auto& jumps = (*short_jumps_)[k][at];
            for (int i = 0; i < (*short_jump_count_)[k][at]; ++i) {
                if (short_jump_open(at, k, jumps[static_cast<std::size_t>(i)], banned)) return true;
            }
            return false;
        }
        unsigned ds = jump_dirs(k, last_dir);
        Vertex victim = no_vertex;
        std::array<Vertex, max_ray_length> land;
        for (; ds != 0; ds &= ds - 1) {
            if (find_jump(at, std::countr_zero(ds), k, victim, land) > 0) return true;
        }
        return false;
    }

    /// Kinds the piece may have after landing on v (mid-capture promotion).
    int kinds_on_landing(Kind k, Vertex v, std::array<Kind, max_kinds>& out) const noexcept {
        if (rules_.promote_mid_capture && has(zone_, v) &&
            rules_.kinds[k].promotes_to != no_kind) {
            const int n = hooks_.promotion_choices(rules_, k, v, out);
            if (n > 0) return n;
        }
        out[0] = k;
        return 1;
    }

    /// Short leaps are read from the compiled table of jumps (CaptureRules::short_jumps), in
    /// the order of their directions, as the direction loop would find them.
    [[nodiscard]] bool short_table(Kind k) const noexcept {
        return compiled() && rules_.kinds[k].leap == Leap::short_leap;
    }
    /// The direction a jump may not take after one in last_dir (no 180-degree turn), or -1.
    [[nodiscard]] int banned_dir(int last_dir) const noexcept {
        return no_180_turn() && last_dir >= 0
                   ? index(opposite(static_cast<Direction>(last_dir)))
                   : -1;
    }
    /// Whether the short leap j of a piece of kind k on `at` is open now: a victim it may take
    /// on j.over, the landing free, the direction allowed, the variant's landing hook agreeing.
    [[nodiscard]] bool short_jump_open(Vertex at, Kind k, CaptureRules::ShortJump j,
                                       int banned) const noexcept {
        return has(victims_, j.over) && !has(block_, j.to) && j.dir != banned &&
               (!filters_victims() || has(allowed_[k], j.over)) &&
               hooks_.can_land(at, k, j.to);
    }

    /// All jumps of a piece of kind k standing on `at`. Returns false if it has none.
    bool extend(Vertex at, Kind k, int last_dir) {
        if (!short_table(k)) return extend_long(at, k, last_dir);
        if (((*short_over_)[k][at] & victims_) == 0) return false;
        const int banned = banned_dir(last_dir);
        const auto& jumps = (*short_jumps_)[k][at];
        const int n = (*short_jump_count_)[k][at];
        bool found = false;
        for (int i = 0; i < n; ++i) {
            const CaptureRules::ShortJump j = jumps[static_cast<std::size_t>(i)];
            if (!short_jump_open(at, k, j, banned)) continue;
            found = true;
            push_victim(j.over);
            land_and_continue(j.to, k, j.dir, hooks_.ends_sequence(pos_->at(j.over)));
            pop_victim();
        }
        return found;
    }

    /// extend for kinds whose jumps are not in the short-leap table (long leaps, or before
    /// compile()): a walk over the directions. Kept out of line so that the short-leap path
    /// stays small.
    [[gnu::noinline]] bool extend_long(Vertex at, Kind k, int last_dir) {
        // No piece it may take on any of its lines (reach: all vertices before compile()).
        if ((rules_.reach[index(side_)][k][at] & victims_) == 0) return false;
        std::array<Vertex, max_ray_length> land;
        bool found = false;
        for (unsigned ds = jump_dirs(k, last_dir); ds != 0; ds &= ds - 1) {
            const int d = std::countr_zero(ds);
            Vertex victim = no_vertex;
            const int n = find_jump(at, d, k, victim, land);
            if (n == 0) continue;
            found = true;
            push_victim(victim);
            const bool ends = hooks_.ends_sequence(pos_->at(victim));
            if (n == 1) {
                land_and_continue(land[0], k, d, ends);
            } else {
                choose_landings(land, n, k, d, ends);
            }
            pop_victim();
        }
        return found;
    }

    /// Applies the landing policy of a long leap with n > 1 candidate landings.
    void choose_landings(const std::array<Vertex, max_ray_length>& land, int n, Kind k, int d,
                         bool ends) {
        const Landing policy = rules_.kinds[k].landing;
        if (ends || policy == Landing::any || policy == Landing::right_behind) {
            for (int i = 0; i < n; ++i) land_and_continue(land[static_cast<std::size_t>(i)], k, d, ends);
            return;
        }
        // continuing / nearest_continuing: find the landings from which a further jump exists.
        std::array<bool, max_ray_length> cont{};
        bool any = false;
        for (int i = 0; i < n; ++i) {
            std::array<Kind, max_kinds> kinds;
            const int nk = kinds_on_landing(k, land[static_cast<std::size_t>(i)], kinds);
            for (int j = 0; j < nk && !cont[static_cast<std::size_t>(i)]; ++j) {
                cont[static_cast<std::size_t>(i)] =
                    has_jump(land[static_cast<std::size_t>(i)], kinds[static_cast<std::size_t>(j)], d);
            }
            any = any || cont[static_cast<std::size_t>(i)];
        }
        for (int i = 0; i < n; ++i) {
            if (any && !cont[static_cast<std::size_t>(i)]) continue;
            land_and_continue(land[static_cast<std::size_t>(i)], k, d, false);
            if (any && policy == Landing::nearest_continuing) break;
        }
    }

    /// The piece (kind k before landing) lands on L after the jump in direction d: promote if
    /// due, then continue or end the sequence.
    void land_and_continue(Vertex L, Kind k, int d, bool ends) {
        path_[depth_++] = L;
        std::array<Kind, max_kinds> kinds;
        const int nk = kinds_on_landing(k, L, kinds);
        for (int j = 0; j < nk; ++j) {
            const Kind nkind = kinds[static_cast<std::size_t>(j)];
            if (ends || !extend(L, nkind, d) ||
                hooks_.may_stop(rules_, origin_, start_kind_, nkind)) {
                emit(nkind);
            }
        }
        --depth_;
    }

    /// Records the current sequence as a move (with end-of-move promotion when mid-capture
    /// promotion is off).
    void emit(Kind k) {
        if (pruning_) {
            if (ncaps_ < most_) return;  // another sequence of this call takes more
            if (ncaps_ > most_) {        // this one takes more than all written so far
                most_ = ncaps_;
                out_->truncate(first_);
                dedup_from_ = first_;
                index_valid_ = false;  // the hash index (merge_duplicate) named dropped moves
            }
        }
        const Vertex to = path_[depth_ - 1];
        if (!rules_.promote_mid_capture && has(zone_, to) &&
            rules_.kinds[k].promotes_to != no_kind) {
            std::array<Kind, max_kinds> kinds;
            const int nk = hooks_.promotion_choices(rules_, k, to, kinds);
            for (int j = 0; j < nk; ++j) emit_one(kinds[static_cast<std::size_t>(j)]);
            if (nk > 0) return;
        }
        emit_one(k);
    }

    void emit_one(Kind k) {
        Move& m = out_->push_raw();
        m.kind = MoveKind::capture;
        m.from = origin_;
        m.to = path_[depth_ - 1];
        k = hooks_.end_kind(side_, k, m.to);
        m.promotion = k == start_kind_ ? no_kind : k;
        m.result_tag = hooks_.result_tag(*pos_, caps_.data(), ncaps_);
        m.path.assign(path_, static_cast<std::size_t>(depth_));
        m.captured.assign(caps_, static_cast<std::size_t>(ncaps_));
        m.captured_mask = captured_;
        if (++sequences_ > max_sequences) [[unlikely]] too_many_sequences();
        merge_duplicate();
    }

    /// P identity: the same jumps in the same order; paths may differ only in landings that
    /// are passed straight through (a king taking two pieces on one line is one path,
    /// variants/russian/RULES.md §3.1), unless every_landing_distinct.
    [[nodiscard]] bool same_path(const Move& a, const Move& b) const noexcept {
        if (!a.same_result(b) || a.captured != b.captured) return false;
        for (std::size_t i = 0; i < a.path.size(); ++i) {
            if (a.path[i] != b.path[i] &&
                (rules_.every_landing_distinct ||
                 !(straight_through(topo_, a, i) && straight_through(topo_, b, i)))) {
                return false;
            }
        }
        return true;
    }

    /// If an earlier move is the same move (U: same resulting position; P: same path), keep
    /// the lexicographically smaller landing sequence in it and drop the new one. Short lists
    /// (every legal position's) are scanned; past linear_dedup moves since dedup_from_ a hash
    /// index takes over, so that a crafted variant whose captures explode reaches max_moves in
    /// linear time instead of quadratic (issue 32: 71 s before, see tests/hostile).
    void merge_duplicate() {
        MoveList& out = *out_;
        const std::size_t last = out.size() - 1;
        if (last - dedup_from_ >= linear_dedup) [[unlikely]] {
            merge_duplicate_hashed();
            return;
        }
        Move& m = out[last];
        for (std::size_t i = dedup_from_; i < last; ++i) {
            Move& o = out[i];
            if (!o.same_result(m)) continue;
            if (dup_ == Duplicates::all_paths && !same_path(o, m)) continue;
            keep_smaller_path(o, m);
            out.pop_back();
            return;
        }
    }

    /// Merges the duplicate m into the earlier move o: o keeps the smaller landing sequence.
    static void keep_smaller_path(Move& o, const Move& m) noexcept {
        if (std::lexicographical_compare(m.path.begin(), m.path.end(), o.path.begin(),
                                         o.path.end())) {
            o.path = m.path;
            o.captured = m.captured;
        }
    }

    /// Moves since dedup_from_ that merge_duplicate scans before it switches to the hash index.
    static constexpr std::size_t linear_dedup = 256;
    /// Capture sequences (duplicates included) one call may find before it gives up: every
    /// node of the search has a sequence below it, so this bounds the time of a crafted
    /// variant whose sequences explode (at most max_jumps + 1 nodes per sequence). Far above
    /// any game's position: 2^22.
    static constexpr std::size_t max_sequences = std::size_t{1} << 22;

    /// The hash index of merge_duplicate: open addressing over the moves since dedup_from_
    /// (slot = index + 1, 0 = empty), per thread, kept between calls (at most 4 * max_moves
    /// slots, 1 MiB). Rebuilt when a new piece or call starts using it (index_valid_ false).
    static std::vector<std::uint32_t>& dedup_slots() {
        thread_local std::vector<std::uint32_t> slots;
        return slots;
    }
    /// The hash of what decides identity: the result (U), and the capture order too (P).
    [[nodiscard]] std::uint64_t dedup_hash(const Move& m) const noexcept {
        std::uint64_t h = mask_word(m.captured_mask);
        h ^= (std::uint64_t{m.from} << 8 | std::uint64_t{m.to} << 16 |
              std::uint64_t{m.promotion} << 24 | std::uint64_t{m.result_tag} << 32 |
              std::uint64_t{static_cast<std::uint8_t>(m.kind)} << 40) * 0x9E3779B97F4A7C15ULL;
        if (dup_ == Duplicates::all_paths) {
            for (const Vertex v : m.captured) h = (h ^ v) * 0x100000001B3ULL;
        }
        h ^= h >> 29;
        h *= 0xBF58476D1CE4E5B9ULL;
        return h ^ (h >> 32);
    }
    /// A set folded into one word (either width).
    template <class M>
    [[nodiscard]] static std::uint64_t mask_word(const M& m) noexcept {
        if constexpr (std::is_same_v<M, std::uint64_t>) {
            return m;
        } else {
            return m.low() ^ std::rotl(m.high(), 29);
        }
    }
    /// Puts move i of the list into the index (the slot table has room: load <= 1/2).
    void dedup_insert(std::vector<std::uint32_t>& slots, std::size_t i) const noexcept {
        const std::size_t mask = slots.size() - 1;
        std::size_t s = dedup_hash((*out_)[i]) & mask;
        while (slots[s] != 0) s = (s + 1) & mask;
        slots[s] = static_cast<std::uint32_t>(i + 1);
    }
    /// Rebuilds the index over moves dedup_from_ .. end - 1 with room for twice as many.
    void dedup_rebuild(std::vector<std::uint32_t>& slots, std::size_t end) {
        std::size_t cap = 1024;
        while (cap < 4 * (end - dedup_from_ + 1)) cap *= 2;
        slots.assign(cap, 0);
        for (std::size_t i = dedup_from_; i < end; ++i) dedup_insert(slots, i);
        index_valid_ = true;
    }
    /// merge_duplicate through the hash index; the same result as the scan (U and P identity
    /// are equivalence relations, and the moves since dedup_from_ are pairwise distinct).
    [[gnu::noinline]] void merge_duplicate_hashed() {
        MoveList& out = *out_;
        const std::size_t last = out.size() - 1;
        auto& slots = dedup_slots();
        if (!index_valid_ || 2 * (last - dedup_from_ + 1) > slots.size()) {
            dedup_rebuild(slots, last);
        }
        const Move& m = out[last];
        const std::size_t mask = slots.size() - 1;
        for (std::size_t s = dedup_hash(m) & mask; slots[s] != 0; s = (s + 1) & mask) {
            Move& o = out[slots[s] - 1];
            if (!o.same_result(m)) continue;
            if (dup_ == Duplicates::all_paths && !same_path(o, m)) continue;
            keep_smaller_path(o, m);
            out.pop_back();
            return;
        }
        dedup_insert(slots, last);
    }

    const Topology& topo_;
    const CaptureRules& rules_;
    const Hooks& hooks_;

    // The search state: set by begin() and start_piece() before any search reads it, so that
    // constructing a generator (once per generate call) writes nothing else.
    const Position* pos_;
    MoveList* out_;
    Duplicates dup_;
    std::size_t dedup_from_;
    bool index_valid_;        // dedup_slots() indexes the moves since dedup_from_
    std::size_t sequences_;   // sequences found since begin(), duplicates included
    Vertex origin_;
    Kind start_kind_;
    Color side_;
    Mask zone_;
    Mask occupied_;
    Mask enemy_;
    const std::array<DirectionSet, max_kinds>* directions_;  // the side's, by kind
    // The side's short-leap tables (CaptureRules::short_jumps, short_jump_count, short_over),
    // by kind and vertex: looked up once per call rather than at every landing.
    const decltype(CaptureRules::short_jumps)::value_type* short_jumps_;
    const decltype(CaptureRules::short_jump_count)::value_type* short_jump_count_;
    const decltype(CaptureRules::short_over)::value_type* short_over_;
    std::array<Mask, max_kinds> allowed_;  // victims each kind may take; set in begin() when filtering
    Mask captured_;
    Mask block_;    // vertices a jump cannot pass or land on
    Mask victims_;  // enemy pieces not yet captured
    int depth_;
    int ncaps_;
    bool most_only_ = false;  // keep_most_captures
    bool pruning_ = false;    // most_only_ in search(), false in generate_from
    std::size_t first_;       // search(): the first move of this call
    int most_;                // search(): the most pieces a written sequence takes
    // Written before read (depth_ and ncaps_ count the entries in use): not cleared per call.
    std::array<Vertex, max_jumps> path_;
    std::array<Vertex, max_jumps> caps_;
};

}  // namespace tradgames
