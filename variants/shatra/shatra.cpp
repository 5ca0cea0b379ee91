// Shatra: board, options, move generation and making moves (variants/shatra/RULES.md §2-8).
#include "shatra.hpp"

#include <atomic>
#include <bit>
#if defined(__BMI2__)
#include <immintrin.h>
#endif
#include <cstddef>
#include <cstring>
#include <string>
#include <utility>

#include "tradgames/board_graph.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/movegen.hpp"

namespace tradgames::shatra {

namespace {

/// File (a = 0 .. g = 6) and rank (1..14) of square n = 1..62 (2.2, formulas).
struct FileRank {
    int file;
    int rank;
};

constexpr FileRank file_rank(int n) {
    if (n <= 9) return {2 + (n - 1) % 3, 14 - (n - 1) / 3};
    if (n == 10) return {3, 11};
    if (n <= 52) return {(n - 11) % 7, 10 - (n - 11) / 7};
    if (n == 53) return {3, 4};
    return {2 + (n - 54) % 3, 3 - (n - 54) / 3};
}

/// Square number at (file, rank), or 0 for a wall or off the board.
int square_at(int file, int rank) {
    for (int n = 1; n <= 62; ++n) {
        const FileRank fr = file_rank(n);
        if (fr.file == file && fr.rank == rank) return n;
    }
    return 0;
}

/// Zones of square n (2.3).
ZoneSet zones_of(int n) {
    const FileRank fr = file_rank(n);
    ZoneSet z = 0;
    if (n >= 54) z |= white_fortress;
    if (n <= 9) z |= black_fortress;
    if (n == 53) z |= white_gate;
    if (n == 10) z |= black_gate;
    if (n >= 32 && n <= 52) z |= white_half;
    if (n >= 11 && n <= 31) z |= black_half;
    if (n >= 46 && n <= 52) z |= white_first_row;
    if (n >= 11 && n <= 17) z |= black_first_row;
    if (n >= 32 && n <= 38) z |= white_ditch_row;
    if (n >= 25 && n <= 31) z |= black_ditch_row;
    if (fr.rank >= 8) z |= white_beyond_ditch;
    if (fr.rank <= 7) z |= black_beyond_ditch;
    if (n <= 3) z |= white_transformation;
    if (n >= 60) z |= black_transformation;
    if (n == 46 || n == 52) z |= white_towers;
    if (n == 11 || n == 17) z |= black_towers;
    if (fr.file == 3) z |= high_road;
    return z;
}

std::shared_ptr<const Topology> shared_topology() {
    static const auto t = std::make_shared<const Topology>(make_board());
    return t;
}

bool is_diagonal(Direction d) { return ((diagonal_dirs >> index(d)) & 1U) != 0; }

/// Capture hooks (5): the fortress landing bans (4.2 While on 2, 4.6, A10), the promotion
/// choices (6.2-6.3), the privileged stops (5.4, 5.5) and the end of the sequence when the biy
/// is taken (5.10). Built for the side to move by Shatra::generate_moves.
struct ShatraHooks {
    /// The own fortress: a jump made from inside it may land anywhere, own fortress and gate
    /// included (4.6).
    Mask own_fortress = 0;
    /// Per kind: landing squares barred to a jump made from outside the own fortress (the
    /// large field, the enemy home or the own gate: 4.2 While on 2, "every jump of a
    /// sequence"; 3.1, 3.5, A10). Left uninitialised here and written whole by
    /// generate_moves: zeroing the struct at once cost a `rep stos` per position (1.2% of a
    /// playout's cycles).
    std::array<Mask, max_kinds> banned;
    /// Promotion types available (6.2), the first nchoices of them (written by
    /// available_promotions); none: the shatra waits (6.3).
    std::array<Kind, 3> choices;
    int nchoices = 0;
    /// The enemy gate when the gate-shatra privilege is on (5.5, A14), else no_vertex.
    Vertex privileged_origin = no_vertex;
    /// The opponent's waiting shatras when they promote automatically (6.3, A19 a).
    Mask enemy_waiting = 0;

    bool can_land(Vertex from, Kind k, Vertex landing) const noexcept {
        return has(own_fortress, from) || !has(banned[k], landing);
    }
    int promotion_choices(const CaptureRules& /*r*/, Kind /*k*/, Vertex /*v*/,
                          std::array<Kind, max_kinds>& out) const noexcept {
        for (int i = 0; i < nchoices; ++i) {
            out[static_cast<std::size_t>(i)] = choices[static_cast<std::size_t>(i)];
        }
        return nchoices;
    }
    bool may_stop(const CaptureRules& r, Vertex origin, Kind start_kind, Kind k) const noexcept {
        return r.kinds[k].may_stop || (start_kind == shatra && origin == privileged_origin);
    }
    bool ends_sequence(Piece victim) const noexcept { return victim.kind() == biy; }
    Kind end_kind(Color side, Kind k, Vertex to) const noexcept { return CaptureHooks{}.end_kind(side, k, to); }
    /// 6.3, 8: the opponent's waiting shatras left on the board become the batyr, tura and
    /// yalkyn types in the order they are taken, so two paths taking the same men leave
    /// different positions when those types come in a different order: the tag is that order
    /// (2 bits a type, at most 3 waiting shatras).
    std::uint8_t result_tag(const Position& pos, const Vertex* caps, int n) const noexcept {
        if (enemy_waiting == 0) return 0;
        Mask captured = 0;
        for (int i = 0; i < n; ++i) captured |= bit(caps[i]);
        int waiting = count(enemy_waiting & ~captured);
        unsigned tag = 0;
        for (int i = 0; i < n && waiting > 0; ++i) {
            const Kind k = pos.at(caps[i]).kind();
            if (k != batyr && k != tura && k != yalkyn) continue;
            tag = (tag << 2U) | static_cast<unsigned>(k - batyr + 1);
            --waiting;
        }
        return static_cast<std::uint8_t>(tag);
    }
};

/// An en-passant first jump (3.5): the capturer's square and its landing square.
struct EpJump {
    Vertex capturer = no_vertex;
    Vertex landing = no_vertex;
};

}  // namespace

BoardGraph make_board() {
    BoardGraph g;
    for (int n = 1; n <= 62; ++n) {
        const FileRank fr = file_rank(n);
        VertexProperties p;
        p.name = std::to_string(n);
        std::string algebraic(1, static_cast<char>('a' + fr.file));
        algebraic += std::to_string(fr.rank);
        p.aliases = {std::move(algebraic)};
        p.x = fr.file;
        p.y = fr.rank - 1;
        p.zones = zones_of(n);
        g.add_vertex(std::move(p));
    }
    struct Step {
        Direction d;
        int df;
        int dr;
    };
    constexpr Step half_compass[] = {{Direction::n, 0, 1},
                                     {Direction::ne, 1, 1},
                                     {Direction::e, 1, 0},
                                     {Direction::nw, -1, 1}};
    for (int n = 1; n <= 62; ++n) {
        const FileRank fr = file_rank(n);
        for (const Step& s : half_compass) {
            if (const int m = square_at(fr.file + s.df, fr.rank + s.dr); m != 0) {
                g.add_link(static_cast<Vertex>(n - 1), static_cast<Vertex>(m - 1), s.d);
            }
        }
    }
    return g;
}

std::vector<OptionSpec> option_specs() {
    using T = OptionType;
    return {
        {"double_step", T::choice, "first_row", {"first_row", "own_half"}, 0, 0,
         "shatra double step from its first row only, or from any own-half square before the "
         "ditch row (A3)"},
        {"drop_on_high_road", T::boolean, "true", {}, 0, 0,
         "drops may land on the high road (d-file) squares of a half (A4)"},
        {"returned_biy_is_reserve", T::boolean, "true", {}, 0, 0,
         "a biy back on its gate while the temdek is on is droppable and keeps it on (A5)"},
        {"biy_steps_onto_own_gate", T::boolean, "true", {}, 0, 0,
         "the biy may step onto its own gate while its temdek is on; false: by capture only "
         "(A6)"},
        {"high_road_move", T::boolean, "true", {}, 0, 0,
         "a reserve batyr or tura on the d-file may run up the high road (A7)"},
        {"gate_drops", T::boolean, "true", {}, 0, 0,
         "drops from the own gate with the temdek off and from the enemy gate (A8)"},
        {"shatra_drop_from_enemy_home", T::boolean, "false", {}, 0, 0,
         "a shatra in the enemy fortress or gate may be dropped onto the enemy half (A9)"},
        {"shatra_capture_into_own_home", T::choice, "never", {"never", "temdek_off"}, 0, 0,
         "a shatra from outside may capture into its own fortress or gate: never, or once the "
         "temdek is off (A10)"},
        {"urgent_lapses_when_blocked", T::boolean, "true", {}, 0, 0,
         "an urgent drop with no free square lapses for that turn; false: no legal move (A11)"},
        {"biy_decline_scope", T::choice, "sole_capturer", {"sole_capturer", "broad"}, 0, 0,
         "the biy may decline to capture only as the sole capturer, or whenever it can capture "
         "(A12)"},
        {"gate_shatra_privilege", T::boolean, "true", {}, 0, 0,
         "a shatra on the enemy gate has the biy's capture privileges (A14)"},
        {"slider_landing", T::choice, "continuing", {"continuing", "nearest_continuing", "free"},
         0, 0,
         "batyr/tura/yalkyn landing: any square that continues, the nearest such, or free "
         "(A15)"},
        {"capture_removal", T::choice, "end_of_move", {"end_of_move", "immediate"}, 0, 0,
         "captured men leave the board at the end of the move or at once (A16)"},
        {"promote_mid_capture", T::boolean, "true", {}, 0, 0,
         "a shatra promotes in mid-capture and continues as the new piece (A17)"},
        {"delayed_promotion", T::choice, "automatic", {"automatic", "owner_chooses"}, 0, 0,
         "a waiting shatra becomes the captured type at once, or its owner chooses at the start "
         "of his turn (A19)"},
        {"en_passant", T::choice, "narrow", {"narrow", "broad", "shatrabase"}, 0, 0,
         "en-passant scope: narrow (with the ordinary capture), broad, or Shatrabase's (A21)"},
        {"tower_teleport", T::boolean, "false", {}, 0, 0,
         "a shatra on an enemy corner square may jump into the enemy fortress (A22)"},
        repetition_draw_option("A23 (game layer)"),
        {"bare_biys_draw", T::boolean, "false", {}, 0, 0,
         "a game with only the two biys left is a draw; for the game layer (A23)"},
        {"move_limit", T::integer, "0", {}, 0, 1000,
         "moves without capture after which the game is drawn, 0 = none; for the game layer "
         "(A23)"},
    };
}

Rules Rules::from(const RuleOptions& o) {
    Rules r;
    r.double_step = o.choice("double_step") == "own_half" ? DoubleStep::own_half
                                                          : DoubleStep::first_row;
    r.drop_on_high_road = o.flag("drop_on_high_road");
    r.returned_biy_is_reserve = o.flag("returned_biy_is_reserve");
    r.biy_steps_onto_own_gate = o.flag("biy_steps_onto_own_gate");
    r.high_road_move = o.flag("high_road_move");
    r.gate_drops = o.flag("gate_drops");
    r.shatra_drop_from_enemy_home = o.flag("shatra_drop_from_enemy_home");
    r.shatra_capture_into_own_home = o.choice("shatra_capture_into_own_home") == "temdek_off"
                                         ? ShatraIntoHome::temdek_off
                                         : ShatraIntoHome::never;
    r.urgent_lapses_when_blocked = o.flag("urgent_lapses_when_blocked");
    r.biy_decline_scope = o.choice("biy_decline_scope") == "broad" ? DeclineScope::broad
                                                                   : DeclineScope::sole_capturer;
    r.gate_shatra_privilege = o.flag("gate_shatra_privilege");
    const std::string& landing = o.choice("slider_landing");
    r.slider_landing = landing == "free"                 ? Landing::any
                       : landing == "nearest_continuing" ? Landing::nearest_continuing
                                                         : Landing::continuing;
    r.capture_removal = o.choice("capture_removal") == "immediate" ? Removal::immediate
                                                                   : Removal::end_of_move;
    r.promote_mid_capture = o.flag("promote_mid_capture");
    r.delayed_promotion = o.choice("delayed_promotion") == "owner_chooses"
                              ? DelayedPromotion::owner_chooses
                              : DelayedPromotion::automatic;
    const std::string& ep = o.choice("en_passant");
    r.en_passant = ep == "broad"        ? EnPassant::broad
                   : ep == "shatrabase" ? EnPassant::shatrabase
                                        : EnPassant::narrow;
    r.tower_teleport = o.flag("tower_teleport");
    return r;
}

std::shared_ptr<const Variant> make(const std::vector<std::string>& options) {
    return build_variant<Shatra>(option_specs(), options);
}

Shatra::Shatra(RuleOptions options)
    : VariantBase<Shatra>("shatra",
                          "Shatra (Altai chess-draughts), extended version: 62 squares, reserve "
                          "drops, temdek, biy/batyr/tura/yalkyn/shatra",
                          shared_topology(), std::move(options),
                          {{"shatra", '\0', 'S'},
                           {"biy", 'K', 'K'},
                           {"batyr", 'Q', 'Q'},
                           {"tura", 'R', 'R'},
                           {"yalkyn", 'Y', 'Y'}}),
      rules_(Rules::from(this->options())) {
    static std::atomic<std::uint64_t> objects{0};
    id_ = ++objects;
    const Topology& t = this->topology();
    const Landing slide = rules_.slider_landing;
    // Shatra: short leap in all 8 directions, backwards included (3.5); it promotes (6.1) to a
    // type the hooks choose (promotes_to only marks it as promotable).
    capture_rules_.kinds[shatra] = {all_dirs, Leap::short_leap, Landing::right_behind, false,
                                    batyr};
    // Biy: short leap in 8 directions (3.1); may stop after any jump (5.4).
    capture_rules_.kinds[biy] = {all_dirs, Leap::short_leap, Landing::right_behind, true,
                                 no_kind};
    capture_rules_.kinds[batyr] = {all_dirs, Leap::long_leap, slide, false, no_kind};  // 3.2
    capture_rules_.kinds[tura] = {orthogonal_dirs, Leap::long_leap, slide, false, no_kind};  // 3.3
    capture_rules_.kinds[yalkyn] = {diagonal_dirs, Leap::long_leap, slide, false, no_kind};  // 3.4
    capture_rules_.promotion_zone = {t.zone_mask(white_transformation),
                                     t.zone_mask(black_transformation)};     // 6.1
    capture_rules_.promote_mid_capture = rules_.promote_mid_capture;       // 6.4, A17
    capture_rules_.removal = rules_.capture_removal;                       // 5.6, A16
    capture_rules_.every_landing_distinct = true;  // P: a move is its landing sequence (8, 11)
    capture_rules_.compile(t);
    biy_steps_ = StepTable(t, all_dirs);
    // The sliders' lines are the same for both sides (all, orthogonal, diagonal directions).
    for (Kind k : {batyr, tura, yalkyn}) line_steps_[k] = StepTable(t, capture_rules_.kinds[k].directions);
    // The short jumps with the field's steps (square 42, d6, has both steps in every direction,
    // 2.1): their origins, for the whole-side start test of add_captures.
    {
        const Vertex centre = 41;
        for (int d = 0; d < direction_count; ++d) {
            const auto dir = static_cast<Direction>(d);
            const int step = static_cast<int>(t.neighbour(centre, dir)) - static_cast<int>(centre);
            short_jump_rot_[static_cast<std::size_t>(d)] = (step + max_vertices) % max_vertices;
            for (Vertex v = 0; v < t.size(); ++v) {
                const Vertex over = t.neighbour(v, dir);
                const Vertex to = over == no_vertex ? no_vertex : t.neighbour(over, dir);
                if (to == no_vertex) continue;
                if (over - v == step && to - over == step) {
                    short_jump_from_[static_cast<std::size_t>(d)] |= bit(v);
                } else {
                    irregular_jumpers_ |= bit(v);
                }
            }
        }
    }
    // The squares are numbered row by row from Black's end (2.1), so every ray towards White
    // (s, se, sw) or to the east runs through increasing vertices and every other ray through
    // decreasing ones: the first man on a ray is its lowest or highest occupied vertex
    // (slider_may_capture). Checked here; were it not so, every slider would be searched.
    for (Vertex v = 0; v < t.size(); ++v) {
        for (int d = 0; d < direction_count; ++d) {
            const auto dir = static_cast<Direction>(d);
            const bool up = dir == Direction::e || dir == Direction::se || dir == Direction::s ||
                            dir == Direction::sw;
            Vertex prev = v;
            for (const Vertex w : t.ray(v, dir)) {
                if (up ? w <= prev : w >= prev) rays_ordered_ = false;
                prev = w;
            }
        }
    }
    high_road_ = t.zone_mask(high_road);
    for (Color c : {Color::white, Color::black}) {
        SideSquares& s = side_[index(c)];
        s.fortress = t.zone_mask(side_zone(white_fortress, c));
        s.gate = t.zone_mask(side_zone(white_gate, c));
        s.home = s.fortress | s.gate;
        s.half = t.zone_mask(side_zone(white_half, c));
        s.first_row = t.zone_mask(side_zone(white_first_row, c));
        s.ditch_row = t.zone_mask(side_zone(white_ditch_row, c));
        s.beyond_ditch = t.zone_mask(side_zone(white_beyond_ditch, c));
        s.transformation = t.zone_mask(side_zone(white_transformation, c));
        s.towers = t.zone_mask(side_zone(white_towers, c));
        s.road = s.home & high_road_;
        s.forward = static_cast<Direction>(std::countr_zero(side_view(c, dirs(Direction::n))));
    }
    // 3.5, A3: a shatra's steps by zone, never backwards: straight forward in the own home
    // (reachable only under A10 b); forward, diagonally forward and sideways beyond the ditch;
    // forward and diagonally forward on the row at the ditch; elsewhere on the own half straight
    // forward, and two squares forward from the first row (or, A3 b, from any of these squares).
    for (Color c : {Color::white, Color::black}) {
        const SideSquares& s = own(c);
        const Direction fwd = s.forward;
        const DirectionSet forward = dirs(fwd);
        const DirectionSet diagonal = side_view(c, dirs(Direction::ne, Direction::nw));
        const DirectionSet sideways = dirs(Direction::e, Direction::w);
        for (Vertex v = 0; v < t.size(); ++v) {
            DirectionSet ds = forward;
            bool double_step = false;
            if (has(s.home, v)) {
                ds = forward;
            } else if (has(s.beyond_ditch, v)) {
                ds = forward | diagonal | sideways;
            } else if (has(s.ditch_row, v)) {
                ds = forward | diagonal;
            } else {
                double_step = has(s.first_row, v) || rules_.double_step == DoubleStep::own_half;
            }
            ShatraStepSet& steps = shatra_steps_[index(c)][v];
            // A step "keeps the field's vertex step" when it goes to v + short_jump_rot_[d]
            // (modulo max_vertices): then count_quiet counts it with the other shatras' at once.
            const auto regular = [&](Vertex from, Vertex to, int d) {
                return (static_cast<int>(to) - static_cast<int>(from) + max_vertices) % max_vertices ==
                       short_jump_rot_[static_cast<std::size_t>(d)];
            };
            bool irregular = false;
            for (int d = 0; d < direction_count; ++d) {
                if (((ds >> d) & 1U) == 0) continue;
                const Vertex to = t.neighbour(v, static_cast<Direction>(d));
                if (to != no_vertex) {
                    steps.single[steps.nsingle++] = to;
                    steps.single_mask |= bit(to);
                    if (regular(v, to, d)) {
                        shatra_step_from_[index(c)][static_cast<std::size_t>(d)] |= bit(v);
                    } else {
                        irregular = true;
                    }
                }
            }
            if (double_step) {
                const Vertex mid = t.neighbour(v, fwd);
                const Vertex to = mid == no_vertex ? no_vertex : t.neighbour(mid, fwd);
                if (to != no_vertex) {
                    steps.double_mid = mid;
                    steps.double_to = to;
                    steps.double_mid_mask = bit(mid);
                    steps.double_to_mask = bit(to);
                }
            }
            for (std::size_t i = 0; i < steps.nsingle; ++i) {
                if (has(s.transformation, steps.single[i])) steps.promotes = true;
            }
            if (steps.double_to != no_vertex && has(s.transformation, steps.double_to)) {
                steps.promotes = true;
            }
            if (steps.double_to != no_vertex) {
                const int f = index(fwd);
                if (regular(v, steps.double_mid, f) && regular(steps.double_mid, steps.double_to, f)) {
                    shatra_double_from_[index(c)] |= bit(v);
                } else {
                    irregular = true;
                }
            }
            if (irregular || steps.promotes || (rules_.tower_teleport && has(own(~c).towers, v))) {
                special_steppers_[index(c)] |= bit(v);
            }
        }
    }
}

Position Shatra::initial_position() const {
    // 2.5: each side's biy on its gate, batyr on the d-file's back square, turas and yalkyns
    // around them, shatras in the fortress corners and on the first row.
    Position p;
    struct Man {
        int square;  // White's square; Black's is 63 - square
        Kind kind;
    };
    constexpr Man setup[] = {{53, biy},    {61, batyr},  {55, tura},   {58, tura},
                             {54, yalkyn}, {56, yalkyn}, {57, shatra}, {59, shatra},
                             {60, shatra}, {62, shatra}, {46, shatra}, {47, shatra},
                             {48, shatra}, {49, shatra}, {50, shatra}, {51, shatra},
                             {52, shatra}};
    for (const Man& m : setup) {
        p.put(static_cast<Vertex>(m.square - 1), Piece(Color::white, m.kind));
        p.put(static_cast<Vertex>(62 - m.square), Piece(Color::black, m.kind));
    }
    PositionState st;
    st.flags = temdek_flag(Color::white) | temdek_flag(Color::black);
    p.set_state(st);
    return p;
}

bool Shatra::is_reserve(const Position& pos, Vertex v) const noexcept {
    // 4.1-4.2: a man in its own fortress or gate while its temdek is on; with A5 b not a biy
    // that has come back to its gate.
    const Piece p = pos.at(v);
    const Color c = p.color();
    // As ints: bitwise on bool operands is a warning (error) in Clang.
    return (int{has(own(c).home, v)} & int{temdek_on(pos, c)} &
            (int{p.kind() != biy} | int{(pos.state().flags & returned_biy_flag(c)) == 0})) != 0;
}

Mask Shatra::drop_targets(const Position& pos, Mask half) const noexcept {
    // 4.1: any empty square of the half; A4 may exclude its high-road squares.
    Mask m = half & ~pos.occupied();
    if (!rules_.drop_on_high_road) m &= ~high_road_;
    return m;
}

TRADGAMES_ALWAYS_INLINE inline Shatra::QuietContext Shatra::quiet_context(const Position& pos, Color c,
                                            const std::array<Kind, 3>& promotions,
                                            int npromotions) const noexcept {
    const SideSquares& s = own(c);
    QuietContext q;
    q.occupied = pos.occupied();
    q.temdek = temdek_on(pos, c);
    if (q.temdek) {
        // 4.1-4.2: the men in the own fortress or gate are the reserve, except (A5 b) a biy
        // that has come back to its gate; no man may end a move there, except the biy on its
        // gate (4.2, A6).
        q.reserve = pos.pieces(c) & s.home;
        if ((pos.state().flags & returned_biy_flag(c)) != 0) q.reserve &= ~pos.pieces(c, biy);
        q.allowed = ~s.home;
        q.biy_allowed = rules_.biy_steps_onto_own_gate ? q.allowed | s.gate : q.allowed;
    }
    q.own_drops = drop_targets(pos, s.half);
    q.promotions = promotions;
    q.npromotions = npromotions;
    return q;
}

namespace {

/// Non-capturing moves and drops without promotion written by three stores instead of
/// write_quiet's nine (a position has about 70 of them, most of them drops): the empty captured
/// set, the captured list's length, and one 8-byte word from the kind through the first
/// landing, which is a fixed word plus `from` and `to` times unit words (each field that holds
/// them is a byte). The words are taken from moves write_quiet wrote, and write_quiet's moves
/// are compared with stamped ones when the program starts; `exact` is false, and write_quiet is
/// used, should a layout of Move ever not allow it.
struct QuietStamp {
    std::uint64_t quiet = 0;      ///< the word of write_quiet(m, 0, 0)
    std::uint64_t drop = 0;       ///< the word of write_quiet(m, 0, 0, no_kind, MoveKind::drop)
    std::uint64_t from_unit = 0;  ///< what 1 more in `from` adds to the word
    std::uint64_t to_unit = 0;    ///< what 1 more in `to` adds to the word
    bool exact = false;

    static constexpr std::size_t offset = offsetof(Move, kind);

    /// The word write_quiet writes for (from, to, kind) at `offset`.
    static std::uint64_t word(Vertex from, Vertex to, MoveKind kind) noexcept {
        Move m;
        std::memset(static_cast<void*>(&m), 0, sizeof m);
        write_quiet(m, from, to, no_kind, kind);
        std::uint64_t w = 0;
        std::memcpy(&w, reinterpret_cast<const unsigned char*>(&m) + offset, sizeof w);
        return w;
    }
    /// The move of word w (from base(from, kind) + to * to_unit). Precondition: exact.
    static void write(Move& m, std::uint64_t w) noexcept {
        m.captured_mask = 0;
        std::memcpy(reinterpret_cast<unsigned char*>(&m) + offset, &w, sizeof w);
        m.captured.clear();
    }
    /// The word of a move from `from` to vertex 0.
    [[nodiscard]] std::uint64_t base(Vertex from, MoveKind kind) const noexcept {
        return (kind == MoveKind::drop ? drop : quiet) + from * from_unit;
    }

    static QuietStamp make() noexcept {
        static_assert(offset + sizeof(std::uint64_t) <= sizeof(Move));
        QuietStamp s;
        s.quiet = word(0, 0, MoveKind::quiet);
        s.drop = word(0, 0, MoveKind::drop);
        s.from_unit = word(1, 0, MoveKind::quiet) - s.quiet;
        s.to_unit = word(0, 1, MoveKind::quiet) - s.quiet;
        s.exact = offset >= sizeof(Mask);
        // Compared as Move::operator== compares moves (other bytes are left as they were, by
        // both ways): every origin with target 0 and with another target, every target from 0.
        for (unsigned i = 0; i < 64 && s.exact; ++i) {
            for (const auto& [from, to] : {std::pair{i, 0U}, std::pair{i, 63 - i}, std::pair{0U, i}}) {
                for (const MoveKind kind : {MoveKind::quiet, MoveKind::drop}) {
                    Move a;
                    Move b;
                    std::memset(static_cast<void*>(&a), 0x5A, sizeof a);
                    std::memset(static_cast<void*>(&b), 0xA5, sizeof b);
                    write_quiet(a, static_cast<Vertex>(from), static_cast<Vertex>(to), no_kind, kind);
                    write(b, s.base(static_cast<Vertex>(from), kind) + to * s.to_unit);
                    s.exact = s.exact && a == b;
                }
            }
        }
        return s;
    }
};

const QuietStamp stamp = QuietStamp::make();

/// Appends the drops of the man on `from` onto every vertex of `targets`, in vertex order,
/// written into slots reserved at once (one capacity check). n: count(targets).
TRADGAMES_ALWAYS_INLINE inline void add_drops(MoveList& out, Vertex from, Mask targets, std::size_t n) {
    if (n == 0) return;
    Move* m = out.push_raw(n);
    if (stamp.exact) {
        const std::uint64_t base = stamp.base(from, MoveKind::drop);
        const std::uint64_t unit = stamp.to_unit;
        for_each_vertex(targets, [&](Vertex to) { QuietStamp::write(*m++, base + to * unit); });
        return;
    }
    for_each_vertex(targets, [&](Vertex to) { write_quiet(*m++, from, to, no_kind, MoveKind::drop); });
}

/// add_drops with the count taken here.
void add_drops(MoveList& out, Vertex from, Mask targets) {
    add_drops(out, from, targets, static_cast<std::size_t>(count(targets)));
}

}  // namespace

TRADGAMES_ALWAYS_INLINE inline void Shatra::add_shatra_steps(const QuietContext& q, Color c, Vertex v, MoveList& out) const {
    // 3.5: the shatra's non-capturing moves by zone, never backwards (the table, built from the
    // zones by the constructor).
    const SideSquares& s = own(c);
    // On a transformation square the shatra promotes to a type of the player's choice (6.1-6.2),
    // or waits when none is available (6.3).
    auto add = [&](Vertex to) {
        if (!has(s.transformation, to) || q.npromotions == 0) {
            add_quiet(out, v, to);
            return;
        }
        for (int i = 0; i < q.npromotions; ++i) {
            add_quiet(out, v, to, q.promotions[static_cast<std::size_t>(i)]);
        }
    };
    const Mask occ = q.occupied;
    const Mask open = ~occ & q.allowed;
    const ShatraStepSet& steps = shatra_steps_[index(c)][v];
    if (!steps.promotes || q.npromotions == 0) {
        // No step promotes: each open step is one move, written straight into slots reserved
        // at once for the most there can be (one capacity check), the unused ones given back.
        const std::size_t most = steps.nsingle + 1U;
        Move* m = out.push_raw(most);
        std::size_t n = 0;
        if (stamp.exact) {
            // Each step written, kept only when open: no branch on the squares.
            const std::uint64_t base = stamp.base(v, MoveKind::quiet);
            const std::uint64_t unit = stamp.to_unit;
            for (std::size_t i = 0; i < steps.nsingle; ++i) {
                const Vertex to = steps.single[i];
                QuietStamp::write(m[n], base + to * unit);
                n += has(open, to) ? 1 : 0;
            }
        } else {
            for (std::size_t i = 0; i < steps.nsingle; ++i) {
                const Vertex to = steps.single[i];
                if (has(open, to)) write_quiet(m[n++], v, to);
            }
        }
        if (steps.double_to != no_vertex && !has(occ, steps.double_mid) && has(open, steps.double_to)) {
            write_quiet(m[n++], v, steps.double_to);
        }
        out.truncate(out.size() - (most - n));
        if (rules_.tower_teleport && has(own(~c).towers, v)) {
            // A22: from an enemy corner square to any empty square of the enemy fortress.
            for_each_vertex(own(~c).fortress & ~occ, add);
        }
        return;
    }
    // The destinations first, in the order of the moves, then every move written into slots
    // reserved at once (one capacity check).
    std::array<Vertex, direction_count + 1> tos;
    std::size_t ntos = 0;
    for (std::size_t i = 0; i < steps.nsingle; ++i) {
        if (has(open, steps.single[i])) tos[ntos++] = steps.single[i];
    }
    if (steps.double_to != no_vertex && !has(occ, steps.double_mid) && has(open, steps.double_to)) {
        tos[ntos++] = steps.double_to;
    }
    if (ntos != 0) {
        const std::size_t choices = q.npromotions == 0 ? 1 : static_cast<std::size_t>(q.npromotions);
        std::size_t n = 0;
        for (std::size_t i = 0; i < ntos; ++i) n += has(s.transformation, tos[i]) ? choices : 1;
        Move* m = out.push_raw(n);
        for (std::size_t i = 0; i < ntos; ++i) {
            const Vertex to = tos[i];
            if (!has(s.transformation, to) || q.npromotions == 0) {
                write_quiet(*m++, v, to);
                continue;
            }
            for (int k = 0; k < q.npromotions; ++k) {
                write_quiet(*m++, v, to, q.promotions[static_cast<std::size_t>(k)]);
            }
        }
    }
    if (rules_.tower_teleport && has(own(~c).towers, v)) {
        // A22: from an enemy corner square to any empty square of the enemy fortress.
        for_each_vertex(own(~c).fortress & ~occ, add);
    }
}

TRADGAMES_ALWAYS_INLINE inline void Shatra::add_ordinary_moves(const Position& pos, const QuietContext& q, Vertex v,
                                MoveList& out) const {
    // Steps and slides of a man that is not a reserve man (3.1-3.5). While the own temdek is on
    // no man may end a move in its own fortress or gate, except the biy on its gate (4.2, A6):
    // q.allowed and q.biy_allowed.
    const Piece p = pos.at(v);
    switch (p.kind()) {
        case shatra:
            add_shatra_steps(q, p.color(), v, out);
            break;
        case biy:
            add_steps(biy_steps_, pos, v, out, 0, no_kind, q.biy_allowed);
            break;
        default:  // batyr, tura, yalkyn move along their capture lines (3.2-3.4)
            add_slides(topology(), pos, v, capture_rules_.kinds[p.kind()].directions, out, q.allowed);
            break;
    }
}

TRADGAMES_ALWAYS_INLINE inline Mask Shatra::home_drop_targets(const Position& pos, const QuietContext& q,
                                                        Piece p, Vertex v) const noexcept {
    const SideSquares& s = own(p.color());
    const SideSquares& enemy = own(~p.color());
    if (has(s.home, v)) {
        // 4.5, A8: own fortress (and gate) men regain the drop once the temdek is off.
        if (!q.temdek && (!has(s.gate, v) || rules_.gate_drops)) return q.own_drops;
    } else if (has(enemy.home, v)) {
        // 4.4, A8, A9: from the enemy fortress (and gate) onto the enemy half.
        if ((p.kind() != shatra || rules_.shatra_drop_from_enemy_home) &&
            (!has(enemy.gate, v) || rules_.gate_drops)) {
            return drop_targets(pos, enemy.half);
        }
    }
    return 0;
}

TRADGAMES_ALWAYS_INLINE inline void Shatra::add_non_captures(const Position& pos, const QuietContext& q, Vertex v,
                              MoveList& out) const {
    const Piece p = pos.at(v);
    const Color c = p.color();
    const SideSquares& s = own(c);
    const std::size_t first = out.size();
    Mask targets = 0;  // the squares this man may be dropped onto
    if (has(q.reserve, v)) {
        // 4.1: a reserve man is dropped onto the own half; a batyr or tura on the own d-file
        // may also run up the high road over empty squares, out of its home (3.2, 3.3, A7).
        targets = q.own_drops;
        if ((p.kind() == batyr || p.kind() == tura) && has(s.road, v) && rules_.high_road_move) {
            for (Vertex to : topology().ray(v, s.forward)) {
                if (has(q.occupied, to)) break;
                if (!has(s.home, to)) add_quiet(out, v, to);
            }
        }
        if (targets == 0) return;
        if (out.size() == first) {
            // Nothing to merge with: the drops in square order.
            add_drops(out, v, targets);
            return;
        }
    } else {
        add_ordinary_moves(pos, q, v, out);
        targets = home_drop_targets(pos, q, p, v);
        if (targets == 0) return;
    }
    // A drop onto a square the man also reaches by moving gives the same position: one move
    // (8, move identity), listed as the drop.
    Mask reached = 0;
    for (std::size_t i = first; i < out.size(); ++i) {
        if (has(targets, out[i].to)) out[i].kind = MoveKind::drop;
        reached |= bit(out[i].to);
    }
    add_drops(out, v, targets & ~reached);
}

Vertex Shatra::ep_victim_of(Vertex passed, Color mover) const noexcept {
    return topology().neighbour(passed, own(mover).forward);
}

namespace {

/// Vertices 0..63 of m as a word (Shatra's 62 squares all lie there, at either mask width).
std::uint64_t low_word(Mask m) noexcept {
#if TRADGAMES_MAX_VERTICES == 64
    return m;
#else
    return m.low();
#endif
}

/// On the line `ray` (a ray as a set of squares; Up: it runs through increasing vertices, so
/// its nearest square is its lowest), is the first man an enemy with an empty square right
/// behind it (1) or not (0)? Without branches: the nearest man is isolated as a one-bit set,
/// then the next square beyond it; the answer is a number so that callers combine lines with
/// bitwise operators, without branching on each.
template <bool Up>
unsigned line_capture(std::uint64_t ray, std::uint64_t occupied, std::uint64_t enemy) noexcept {
    const std::uint64_t men = ray & occupied;
    std::uint64_t first = 0;
    std::uint64_t next = 0;
    if constexpr (Up) {
        first = men & (0 - men);
        const std::uint64_t beyond = ray & ~(first | (first - 1));  // 0 when there is no man
        next = beyond & (0 - beyond);
    } else {
        constexpr std::uint64_t top = std::uint64_t{1} << 63;
        first = (top >> std::countl_zero(men | 1U)) & men;  // the highest man, or 0
        const std::uint64_t beyond = ray & (first - 1);
        next = (top >> std::countl_zero(beyond | 1U)) & beyond;
    }
    return static_cast<unsigned>((first & enemy) != 0) & static_cast<unsigned>((next & ~occupied) != 0);
}

/// On the line `ray` (Up as for line_capture), the squares before its first man.
template <bool Up>
std::uint64_t line_reach(std::uint64_t ray, std::uint64_t occupied) noexcept {
    const std::uint64_t men = ray & occupied;
    if constexpr (Up) {
        return ray & ((men & (0 - men)) - 1);  // all of it when there is no man
    } else {
        constexpr std::uint64_t top = std::uint64_t{1} << 63;
        const std::uint64_t first = (top >> std::countl_zero(men | 1U)) & men;  // the highest man, or 0
        return ray & ~(first | (first - (first != 0 ? 1U : 0U)));
    }
}

}  // namespace

Mask Shatra::slide_targets(Kind k, Vertex v, Mask occupied) const noexcept {
    const Topology& t = topology();
    if (!rays_ordered_) {
        Mask r = 0;
        for_each_direction(capture_rules_.kinds[k].directions, [&](Direction d) {
            for (Vertex to : t.ray(v, d)) {
                if (has(occupied, to)) break;
                r |= bit(to);
            }
        });
        return r;
    }
    const std::uint64_t o = low_word(occupied);
    auto up = [&](Direction d) { return line_reach<true>(low_word(t.ray_mask(v, d)), o); };
    auto down = [&](Direction d) { return line_reach<false>(low_word(t.ray_mask(v, d)), o); };
    std::uint64_t r = 0;
    if (k != yalkyn) r |= down(Direction::n) | up(Direction::e) | up(Direction::s) | down(Direction::w);
    if (k != tura) r |= down(Direction::ne) | up(Direction::se) | up(Direction::sw) | down(Direction::nw);
    return Mask{r};
}

bool Shatra::slider_may_capture(Kind k, Vertex v, Mask enemy, Mask occupied) const noexcept {
    if (!rays_ordered_) return true;
    const Topology& t = topology();
    const std::uint64_t e = low_word(enemy);
    const std::uint64_t o = low_word(occupied);
    auto up = [&](Direction d) { return line_capture<true>(low_word(t.ray_mask(v, d)), o, e); };
    auto down = [&](Direction d) { return line_capture<false>(low_word(t.ray_mask(v, d)), o, e); };
    unsigned hit = 0;
    if (k != yalkyn) {  // batyr, tura: the orthogonal lines (3.2, 3.3)
        hit = hit | down(Direction::n) | up(Direction::e) | up(Direction::s) | down(Direction::w);
    }
    if (k != tura) {  // batyr, yalkyn: the diagonals (3.2, 3.4)
        hit = hit | down(Direction::ne) | up(Direction::se) | up(Direction::sw) |
              down(Direction::nw);
    }
    return hit != 0;
}

template <class Hooks>
Mask Shatra::add_captures(const Position& pos, const Hooks& hooks, MoveList& out,
                          Duplicates dup) const {
    const Topology& t = topology();
    const Color c = pos.side_to_move();

    // En passant (3.5, A21): a shatra next to the passed square M jumps over it onto the square
    // behind, taking the double-stepped shatra on Y.
    std::array<EpJump, direction_count> ep{};
    int nep = 0;
    const Vertex m = pos.state().ep_square;
    const Vertex y = pos.state().ep_victim;
    if (m != no_vertex && pos.at(y) == Piece(~c, shatra)) {
        for (int d = 0; d < direction_count; ++d) {
            const auto dir = static_cast<Direction>(d);
            const Vertex from = t.neighbour(m, opposite(dir));
            const Vertex land = t.neighbour(m, dir);
            if (from == no_vertex || land == no_vertex || pos.at(from) != Piece(c, shatra) ||
                has(pos.occupied(), land) || !hooks.can_land(from, shatra, land)) {
                continue;
            }
            const bool beside_victim =
                t.neighbour(from, Direction::e) == y || t.neighbour(from, Direction::w) == y;
            const bool narrow = is_diagonal(dir) && beside_victim;
            const bool horizontal = dir == Direction::e || dir == Direction::w;
            const bool ok = rules_.en_passant == EnPassant::broad        ? true
                            : rules_.en_passant == EnPassant::shatrabase ? narrow || horizontal
                                                                         : narrow;
            if (ok) ep[static_cast<std::size_t>(nep++)] = {from, land};
        }
    }

    Mask ep_capturers = 0;
    for (int i = 0; i < nep; ++i) ep_capturers |= bit(ep[static_cast<std::size_t>(i)].capturer);

    // First the men that may start a capture, from masks and tables, without the search: most
    // positions have none (5). A shatra or biy needs an enemy next to it with an empty square
    // behind (the short-jump table); a batyr, tura or yalkyn an enemy as the first man on one
    // of its lines with an empty square behind (slider_may_capture; a man whose neighbours on
    // its lines are all its own men is dropped at once, e.g. in a full fortress).
    const Mask own_men = pos.pieces(c);
    const Mask enemy = pos.pieces(~c);
    const Mask occupied = pos.occupied();
    Mask candidates = ep_capturers;
    // Shatras and biy (both jump in all 8 directions, 3.1, 3.5): off the irregular squares all
    // at once (the enemies with an empty square behind, moved back onto the jumpers), on them
    // man by man.
    const Mask short_leapers = (pos.pieces(c, shatra) | pos.pieces(c, biy)) & ~ep_capturers;
    Mask jumpers = 0;
    for (std::size_t d = 0; d < direction_count; ++d) {
        const int r = short_jump_rot_[d];
        jumpers |= short_jump_from_[d] & rotate_down(enemy & rotate_down(~occupied, r), r);
    }
    candidates |= short_leapers & ~irregular_jumpers_ & jumpers;
    for_each_vertex(short_leapers & irregular_jumpers_, [&](Vertex v) {
        if (capture_rules_.may_start(c, pos.at(v).kind(), v, enemy, occupied)) candidates |= bit(v);
    });
    // The batyr, turas and yalkyns in one loop, without branching on each: first those with
    // an enemy in reach and a line not closed by their own men next to them, then the lines.
    const Mask sliders = (pos.pieces(c, batyr) | pos.pieces(c, tura) | pos.pieces(c, yalkyn)) & ~ep_capturers;
    Mask open_sliders = 0;
    for_each_vertex(sliders, [&](Vertex v) {
        const Kind k = pos.at(v).kind();
        const bool open = (int{(line_steps_[k][v] & ~own_men) != 0} &
                           int{(capture_rules_.reach[index(c)][k][v] & enemy) != 0}) != 0;
        open_sliders |= Mask{open} << v;
    });
    for_each_vertex(open_sliders, [&](Vertex v) {
        candidates |= Mask{slider_may_capture(pos.at(v).kind(), v, enemy, occupied)} << v;
    });
    if (candidates == 0) return 0;

    // Then the search, man by man in square order (the order of the moves).
    CaptureSequenceGenerator<Hooks> gen(t, capture_rules_, hooks);
    Mask capturers = 0;
    for_each_vertex(candidates, [&](Vertex v) {
        const std::size_t before = out.size();
        if (!has(ep_capturers, v)) {
            gen.generate_from(pos, v, out, dup);
        } else {
            if (rules_.en_passant == EnPassant::shatrabase) {
                // A21 c: a capturer that can take Y en passant may not take it by an ordinary
                // jump: Y is searched as an obstacle that cannot be taken.
                Position shielded = pos;
                shielded.remove(y);
                shielded.put(y, Piece(c, shatra));
                gen.generate_from(shielded, v, out, dup);
            } else {
                gen.generate_from(pos, v, out, dup);
            }
            for (int i = 0; i < nep; ++i) {
                const EpJump& j = ep[static_cast<std::size_t>(i)];
                if (j.capturer == v) gen.generate_after_first_jump(pos, v, y, j.landing, out, dup, before);
            }
        }
        if (out.size() > before) capturers |= bit(v);
    });
    return capturers;
}

TRADGAMES_ALWAYS_INLINE inline bool Shatra::add_special_moves(const Position& pos, MoveList& out,
                                                        Duplicates dup, QuietContext& q) const {
    const Color c = pos.side_to_move();
    if (pos.pieces(c, biy) == 0) return true;  // 7: the biy has been taken, the game is over
    const SideSquares& s = own(c);

    ShatraHooks hooks;
    hooks.nchoices = available_promotions(pos, c, hooks.choices);
    if (rules_.delayed_promotion == DelayedPromotion::owner_chooses && hooks.nchoices > 0) {
        // A19 b: before anything else the owner promotes each waiting shatra, a free action
        // that does not pass the turn.
        const Mask waiting = pos.pieces(c, shatra) & s.transformation;
        if (waiting != 0) {
            for_each_vertex(waiting, [&](Vertex v) {
                for (int i = 0; i < hooks.nchoices; ++i) {
                    add_quiet(out, v, v, hooks.choices[static_cast<std::size_t>(i)]);
                }
            });
            return true;
        }
    }
    hooks.own_fortress = s.fortress;
    if (temdek_on(pos, c)) {
        hooks.banned.fill(s.home);  // 4.2 While on 2: no capture into the own home ...
        hooks.banned[biy] = s.fortress;  // ... except the biy onto its gate (3.1)
    } else {
        hooks.banned.fill(0);
    }
    if (rules_.shatra_capture_into_own_home == ShatraIntoHome::never) {
        hooks.banned[shatra] = s.home;  // 3.5, A10 a
    }
    if (rules_.gate_shatra_privilege) hooks.privileged_origin = lowest(own(~c).gate);
    if (rules_.delayed_promotion == DelayedPromotion::automatic) {
        hooks.enemy_waiting = pos.pieces(~c, shatra) & own(~c).transformation;  // 6.3
    }

    const Mask capturers = add_captures(pos, hooks, out, dup);
    if (capturers != 0) {
        // 5.4-5.5, A12, A14: privileged capturers may decline, then they must move themselves.
        Mask privileged = pos.pieces(c, biy);
        if (rules_.gate_shatra_privilege) privileged |= pos.pieces(c, shatra) & own(~c).gate;
        Mask decline = capturers & privileged;
        if (rules_.biy_decline_scope == DeclineScope::sole_capturer && (capturers & ~privileged) != 0) {
            decline = 0;
        }
        if (decline != 0) {
            q = quiet_context(pos, c, hooks.choices, hooks.nchoices);
            for_each_vertex(decline, [&](Vertex v) { add_non_captures(pos, q, v, out); });
        }
        return true;
    }
    const Mask urgent = pos.state().marked & pos.pieces(c);
    if (urgent != 0) {
        // 4.6, A11: the next non-capturing move drops an urgent man.
        const Mask targets = drop_targets(pos, s.half);
        if (targets != 0) {
            for_each_vertex(urgent, [&](Vertex v) { add_drops(out, v, targets); });
            return true;
        }
        if (!rules_.urgent_lapses_when_blocked) return true;
    }
    q = quiet_context(pos, c, hooks.choices, hooks.nchoices);
    return false;
}

TRADGAMES_ALWAYS_INLINE inline Shatra::QuietMen Shatra::quiet_men(const Position& pos, const QuietContext& q,
                                                         Color c) const noexcept {
    // The two common cases: a reserve man whose only non-capturing moves are drops (all but a
    // batyr or tura on the own d-file, A7), and a shatra on the large field, which only steps
    // (4.4, 4.5 concern homes).
    const SideSquares& s = own(c);
    QuietMen men;
    men.drops_only = q.reserve;
    if (rules_.high_road_move) men.drops_only &= ~((pos.pieces(c, batyr) | pos.pieces(c, tura)) & s.road);
    men.field_shatras = pos.pieces(c, shatra) & ~(s.home | own(~c).home);
    men.plain_shatras = men.field_shatras & ~special_steppers_[index(c)];
    men.ndrops = static_cast<std::size_t>(count(q.own_drops));
    men.open = ~q.occupied & q.allowed;
    return men;
}

void Shatra::generate_moves(const Position& pos, MoveList& out, Duplicates dup) const {
    QuietContext q;
    if (add_special_moves(pos, out, dup, q)) return;
    const Color c = pos.side_to_move();
    const QuietMen men = quiet_men(pos, q, c);
    // The men in square order (the order of the moves), the two common cases first.
    for_each_vertex(pos.pieces(c), [&](Vertex v) {
        if (has(men.drops_only, v)) {
            add_drops(out, v, q.own_drops, men.ndrops);
        } else if (has(men.field_shatras, v)) {
            add_shatra_steps(q, c, v, out);
        } else {
            add_non_captures(pos, q, v, out);
        }
    });
}

Shatra::QuietCount Shatra::count_shatra_steps(const QuietContext& q, Color c, Vertex v) const noexcept {
    // add_shatra_steps' moves: each open step (the double step over an empty square), and on a
    // transformation square one move per promotion choice (6.1-6.3); A22's teleports.
    const SideSquares& s = own(c);
    const ShatraStepSet& steps = shatra_steps_[index(c)][v];
    const Mask occ = q.occupied;
    const Mask open = ~occ & q.allowed;
    Mask to = steps.single_mask & open;
    if (steps.double_to != no_vertex && !has(occ, steps.double_mid) && has(open, steps.double_to)) {
        to |= bit(steps.double_to);
    }
    if (rules_.tower_teleport && has(own(~c).towers, v)) to |= own(~c).fortress & ~occ;
    QuietCount r{static_cast<std::size_t>(count(to)), to};
    if (q.npromotions > 1) {
        r.n += static_cast<std::size_t>(q.npromotions - 1) * static_cast<std::size_t>(count(to & s.transformation));
    }
    return r;
}

std::size_t Shatra::count_non_captures(const Position& pos, const QuietContext& q, Vertex v) const noexcept {
    // add_non_captures' moves: the drops onto targets, and the man's other moves, a drop onto a
    // square a move reaches being that one move (8).
    const Piece p = pos.at(v);
    const Color c = p.color();
    const SideSquares& s = own(c);
    Mask targets = 0;
    QuietCount moves;
    if (has(q.reserve, v)) {
        targets = q.own_drops;
        if ((p.kind() == batyr || p.kind() == tura) && has(s.road, v) && rules_.high_road_move) {
            for (Vertex to : topology().ray(v, s.forward)) {
                if (has(q.occupied, to)) break;
                if (!has(s.home, to)) moves.reached |= bit(to);
            }
            moves.n = static_cast<std::size_t>(count(moves.reached));
        }
    } else {
        switch (p.kind()) {
            case shatra:
                moves = count_shatra_steps(q, c, v);
                break;
            case biy:
                moves.reached = biy_steps_[v] & ~q.occupied & q.biy_allowed;
                moves.n = static_cast<std::size_t>(count(moves.reached));
                break;
            default:  // batyr, tura, yalkyn: add_slides
                moves.reached = slide_targets(p.kind(), v, q.occupied) & q.allowed;
                moves.n = static_cast<std::size_t>(count(moves.reached));
                break;
        }
        targets = home_drop_targets(pos, q, p, v);
    }
    return moves.n + static_cast<std::size_t>(count(targets & ~moves.reached));
}

template <class F>
TRADGAMES_ALWAYS_INLINE inline void Shatra::count_men(const Position& pos, const QuietContext& q, const QuietMen& men,
                                             F&& f) const {
    // By kind of man, a loop each (no branch on the kind): the biy and the sliders on the
    // large field, which only step or slide (4.4, 4.5 concern homes); then the rest (men at
    // home but the drops-only ones, and the field shatras that may promote or teleport) as
    // add_non_captures writes them.
    const Color c = pos.side_to_move();
    const Mask others = pos.pieces(c) & ~(men.drops_only | men.plain_shatras);
    const Mask field = others & ~(own(c).home | own(~c).home);
    for_each_vertex(field & pos.pieces(c, biy), [&](Vertex v) {
        f(v, static_cast<std::size_t>(count(biy_steps_[v] & ~q.occupied & q.biy_allowed)));
    });
    for (const Kind k : {batyr, tura, yalkyn}) {
        for_each_vertex(field & pos.pieces(c, k), [&](Vertex v) {
            f(v, static_cast<std::size_t>(count(slide_targets(k, v, q.occupied) & q.allowed)));
        });
    }
    for_each_vertex(others & ~(field & ~pos.pieces(c, shatra)), [&](Vertex v) {
        f(v, has(men.field_shatras, v) ? count_shatra_steps(q, c, v).n : count_non_captures(pos, q, v));
    });
}

namespace {

/// a == b (Position::operator==) by the men's masks, which place every man, instead of the board's
/// 64 squares one by one.
bool same_position(const Position& a, const Position& b) noexcept {
    Mask diff = 0;
    for (const Color c : {Color::white, Color::black}) {
        for (Kind k = 0; k < max_kinds; ++k) diff |= a.pieces(c, k) ^ b.pieces(c, k);
    }
    return diff == 0 && a.side_to_move() == b.side_to_move() && a.state() == b.state();
}

}  // namespace

Shatra::CountMemo& Shatra::count_memo() noexcept {
    thread_local CountMemo memo;
    return memo;
}

TRADGAMES_ALWAYS_INLINE inline std::size_t Shatra::count_quiet(const Position& pos, const QuietContext& q,
                                                        CountMemo& memo) const {
    const Color c = pos.side_to_move();
    memo.owner = id_;
    memo.pos = pos;
    memo.q = q;
    memo.men = quiet_men(pos, q, c);
    const QuietMen& men = memo.men;
    std::size_t n = static_cast<std::size_t>(count(men.drops_only)) * men.ndrops;
    // The plain field shatras all at once: per direction, those whose step there is open (the
    // open squares moved back by the step), and the double steps over an empty square.
    const Mask plain = men.plain_shatras;
    const auto& from = shatra_step_from_[static_cast<std::size_t>(index(c))];
    for (std::size_t d = 0; d < direction_count; ++d) {
        n += static_cast<std::size_t>(count(plain & from[d] & rotate_down(men.open, short_jump_rot_[d])));
    }
    const int f = short_jump_rot_[static_cast<std::size_t>(index(own(c).forward))];
    n += static_cast<std::size_t>(count(plain & shatra_double_from_[static_cast<std::size_t>(index(c))] &
                                        rotate_down(~q.occupied, f) &
                                        rotate_down(men.open, (2 * f) % max_vertices)));
    count_men(pos, q, men, [&](Vertex v, std::size_t k) {
        n += k;
        memo.moves[v] = static_cast<std::uint16_t>(k);
    });
    return n;
}

CountedMoves Shatra::generate_or_count_moves(const Position& pos, MoveList& out, Duplicates dup) const {
    const std::size_t first = out.size();
    QuietContext q;
    if (add_special_moves(pos, out, dup, q)) return {out.size() - first, true};
    return {count_quiet(pos, q, count_memo()), false};
}

void Shatra::nth_of_man(const Position& pos, const QuietContext& q, const QuietMen& men, Vertex v,
                        std::size_t k, Move& m) const {
    MoveList one;  // this man's moves only
    if (has(men.field_shatras, v)) {
        add_shatra_steps(q, pos.side_to_move(), v, one);
    } else {
        add_non_captures(pos, q, v, one);
    }
    m = one[k];
}

void Shatra::nth_unlisted_move(const Position& pos, std::size_t k, Move& m, Duplicates) const {
    const Color c = pos.side_to_move();
    CountMemo& memo = count_memo();
    if (memo.owner != id_ || !same_position(memo.pos, pos)) {
        // Not the position counted last on this thread: counted again, with the context
        // add_special_moves builds when it leaves the non-capturing moves to the caller (which
        // the precondition says it did).
        std::array<Kind, 3> promotions{};
        const int npromotions = available_promotions(pos, c, promotions);
        (void)count_quiet(pos, quiet_context(pos, c, promotions, npromotions), memo);
    }
    const QuietContext& q = memo.q;
    const QuietMen& men = memo.men;
    // The men in square order (the order of the moves) up to the one that makes move k, each
    // man's number of moves as count_quiet counted them. The drops-only men, men.ndrops moves
    // each, are passed by blocks: those before the next other man at once.
    Mask rest = pos.pieces(c) & ~men.drops_only;  // the others, one by one
    Mask drops = men.drops_only;                  // the drops-only men not passed yet
    Vertex v = no_vertex;
    while (true) {
        const Mask block = rest == 0 ? drops : drops & ((rest & (0 - rest)) - 1);
        const std::size_t in_block = static_cast<std::size_t>(count(block)) * men.ndrops;
        if (k < in_block) {
            // Man i of the block, its drop k % ndrops, in square order.
            const std::size_t i = k / men.ndrops;
            v = nth_vertex(block, i);
            write_quiet(m, v, nth_vertex(q.own_drops, k - i * men.ndrops), no_kind, MoveKind::drop);
            return;
        }
        k -= in_block;
        drops &= ~block;
        if (rest == 0) throw Error("nth_move: no legal move " + std::to_string(k));  // k past the count
        v = lowest(rest);
        // Without a branch on the kind of man: both counts taken, one kept by a mask (memo.moves,
        // of static storage, always holds numbers).
        const std::size_t plain = 0 - static_cast<std::size_t>(has(men.plain_shatras, v));
        const std::size_t n = (plain_steps(men, q, c, v) & plain) | (memo.moves[v] & ~plain);
        if (k < n) break;
        k -= n;
        rest &= rest - 1;
    }
    if (has(men.plain_shatras, v)) {
        // add_shatra_steps' order: the open single steps in direction order, then the double step.
        const ShatraStepSet& steps = shatra_steps_[index(c)][v];
        for (std::size_t i = 0; i < steps.nsingle; ++i) {
            const Vertex to = steps.single[i];
            if (!has(men.open, to)) continue;
            if (k == 0) {
                write_quiet(m, v, to);
                return;
            }
            --k;
        }
        write_quiet(m, v, steps.double_to);
        return;
    }
    nth_of_man(pos, q, men, v, k, m);
}

void Shatra::promote_waiting(Position& pos, const Move& m, Undo& u, Color owner) const {
    // 6.3, A19 a: each batyr, tura or yalkyn of the owner taken in this move turns the owner's
    // next waiting shatra (increasing square order) into the captured type.
    Mask waiting = pos.pieces(owner, shatra) & own(owner).transformation;
    for (std::size_t i = 0; i < m.captured.size() && waiting != 0; ++i) {
        const Kind k = u.captured[i].kind();
        if (k != batyr && k != tura && k != yalkyn) continue;
        change_piece(pos, u, lowest(waiting), Piece(owner, k));
        waiting &= waiting - 1;
    }
}

PositionState Shatra::next_state(const Position& after, const Move& m, Color mover,
                                 Kind moved_kind, bool reserve_move) const {
    PositionState st = after.state();
    const SideSquares& s = own(mover);
    // 4.6: urgent men stay urgent while they stay at home; a reserve man that captured from
    // its home and ends the move there becomes urgent.
    st.marked &= ~(m.captured_mask | bit(m.from));
    if (reserve_move && m.is_capture() && has(s.home, m.to)) st.marked |= bit(m.to);
    // A5 b: a biy that comes to its gate while the temdek is on is a returned biy (a capture
    // that leaves the gate and ends there again changes nothing).
    if (!rules_.returned_biy_is_reserve && moved_kind == biy && m.from != m.to) {
        st.flags &= ~returned_biy_flag(mover);
        if ((st.flags & temdek_flag(mover)) != 0 && has(s.gate, m.to)) {
            st.flags |= returned_biy_flag(mover);
        }
    }
    // 4.2, A24: at the end of the move a temdek goes off for good when no reserve man of its
    // side is left at home (a returned biy, A5 b, does not count).
    for (Color c : {Color::white, Color::black}) {
        const SideSquares& cs = own(c);
        if ((st.flags & returned_biy_flag(c)) != 0 && (after.pieces(c, biy) & cs.gate) == 0) {
            st.flags &= ~returned_biy_flag(c);
        }
        Mask reserve = after.pieces(c) & cs.home;
        if ((st.flags & returned_biy_flag(c)) != 0) reserve &= ~cs.gate;
        if ((st.flags & temdek_flag(c)) != 0 && reserve == 0) {
            st.flags &= ~(temdek_flag(c) | returned_biy_flag(c));
        }
    }
    // 3.5: a double step gives the opponent the en-passant right for one move.
    st.ep_square = no_vertex;
    st.ep_victim = no_vertex;
    if (m.kind == MoveKind::quiet && moved_kind == shatra) {
        const Vertex mid = topology().neighbour(m.from, s.forward);
        if (mid != no_vertex && topology().neighbour(mid, s.forward) == m.to) {
            st.ep_square = mid;
            st.ep_victim = m.to;
        }
    }
    return st;
}

void Shatra::do_move(Position& pos, const Move& m, Undo& u) const {
    const Color c = pos.side_to_move();
    const Kind moved_kind = pos.at(m.from).kind();
    const bool reserve_move = is_reserve(pos, m.from);
    apply_move(pos, m, u);
    if (m.kind == MoveKind::quiet && m.from == m.to) {
        pos.flip_side();  // A19 b: a free promotion does not pass the turn
        return;
    }
    if (m.is_capture() && rules_.delayed_promotion == DelayedPromotion::automatic) {
        promote_waiting(pos, m, u, ~c);
    }
    pos.set_state(next_state(pos, m, c, moved_kind, reserve_move));
}

void Shatra::undo_move(Position& pos, const Move& m, const Undo& u) const {
    if (m.kind == MoveKind::quiet && m.from == m.to) pos.flip_side();
    revert_move(pos, m, u);
}

std::string Shatra::promotion_suffix(Kind k) const {
    return std::string("=") + kinds()[k].letter;
}

std::string Shatra::move_to_string(const Position& pos, const Move& m) const {
    if (m.kind == MoveKind::quiet && m.from == m.to) {
        return std::string(topology().name(m.from)) + promotion_suffix(m.promotion);
    }
    return Variant::move_to_string(pos, m);
}

ParsedMoveText Shatra::split_move_text(std::string_view text) const {
    const auto eq = text.find('=');
    const std::string_view body = text.substr(0, eq);
    if (eq != std::string_view::npos && !body.empty() &&
        body.find_first_of("-:xX") == std::string_view::npos) {
        // "2=Q": a free promotion (A19 b), read as the move 2-2=Q.
        return Variant::split_move_text(std::string(body) + "-" + std::string(text));
    }
    return Variant::split_move_text(text);
}

namespace {

/// Shatra's game end (7, A23) beyond "no legal move", which Game applies itself.
class ShatraAdjudicator final : public Adjudicator {
public:
    ShatraAdjudicator(bool bare_biys, long move_limit)
        : bare_biys_(bare_biys),
          limit_(move_limit),
          limit_reason_(std::make_shared<const std::string>(
              "move limit: " + std::to_string(move_limit) + " moves each without a capture (A23)")) {}
    [[nodiscard]] std::unique_ptr<Adjudicator> clone() const override {
        return std::make_unique<ShatraAdjudicator>(*this);
    }
    void assign(const Adjudicator& other) override {
        plies_without_capture_ = static_cast<const ShatraAdjudicator&>(other).plies_without_capture_;
    }
    std::optional<Verdict> after_move(const Position& before, const Move& m,
                                      const Position& after, bool) override {
        const Color mover = before.side_to_move();
        if (after.pieces(~mover, biy) == 0 && before.pieces(~mover, biy) != 0) {
            return Verdict{win_for(mover), "biy captured"};  // 7
        }
        if (auto r = bare(after)) return r;
        // A free promotion (A19 b: a quiet "move" from a square to itself) is not a move of a
        // side: it neither counts nor resets.
        const bool free_promotion = m.kind == MoveKind::quiet && m.from == m.to;
        if (!free_promotion) plies_without_capture_ = m.is_capture() ? 0 : plies_without_capture_ + 1;
        if (limit_ > 0 && plies_without_capture_ >= 2 * limit_) {
            return Verdict{Outcome::draw, *limit_reason_};
        }
        return std::nullopt;
    }

    std::optional<Verdict> at_start(const Position& start, bool) override { return bare(start); }

private:
    /// A23: only the two biys are left.
    std::optional<Verdict> bare(const Position& p) const {
        if (bare_biys_ && p.pieces(Color::white) == p.pieces(Color::white, biy) &&
            p.pieces(Color::black) == p.pieces(Color::black, biy)) {
            return Verdict{Outcome::draw, "bare biys (A23)"};
        }
        return std::nullopt;
    }

    bool bare_biys_;
    long limit_;
    std::shared_ptr<const std::string> limit_reason_;  // fixed by the options, shared by copies
    long plies_without_capture_ = 0;
};

}  // namespace

bool Shatra::irreversible(const Position& before, const Move& m, const Position& after) const {
    // Every man is on the board from the start (reserve men in their homes), so a capture
    // lowers the number of men for good.
    if (m.is_capture()) return true;
    // A temdek never comes back on (4.2), and both are part of the position.
    const std::uint32_t temdeks = temdek_flag(Color::white) | temdek_flag(Color::black);
    if ((before.state().flags & temdeks) != (after.state().flags & temdeks)) return true;
    const Color mover = before.side_to_move();
    const Kind k = before.at(m.from).kind();
    if (k == shatra) {
        // Nothing ever becomes a shatra, so a promotion (free ones of A19 b included) lowers
        // the number of shatras for good.
        if (m.promotion != no_kind) return true;
        // Without a capture no shatra ever loses ground: it never steps back (3.5), and drops
        // take it from its home to its half, which lies ahead; A9's drops from the enemy home
        // go back, so then only the cases above count.
        const Topology& t = topology();
        const double gain = mover == Color::white ? t.y(m.to) - t.y(m.from) : t.y(m.from) - t.y(m.to);
        if (!rules_.shatra_drop_from_enemy_home && gain > 0) return true;
    }
    // A man other than the biy leaving its own fortress or gate while its temdek is on (a drop
    // or a high-road move) cannot come back while the temdek stays on: no own man but the biy
    // may end a non-capturing move there (4.2, 4.3), and a capture is irreversible anyway.
    const Mask home = own(mover).home;
    return k != biy && temdek_on(before, mover) && has(home, m.from) && !has(home, m.to);
}

GameRules Shatra::game_rules() const {
    return {repetition_draw_value(options()), 0};
}

std::unique_ptr<Adjudicator> Shatra::make_adjudicator(const Position&) const {
    return std::make_unique<ShatraAdjudicator>(options().flag("bare_biys_draw"),
                                               options().integer("move_limit"));
}

BoardStyle Shatra::board_style() const {
    BoardStyle s;
    s.layout = BoardStyle::Layout::cells;
    s.void_is_wall = true;  // 2.1: the 36 cells without a square are fortress walls
    s.vertex_names = true;
    s.column_labels = file_letters(7);
    s.row_labels = rank_numbers(14);
    s.zones = {{white_fortress | black_fortress, "fortress", ZoneStyle::Mark::fill, "#b03a2e"},
               {white_gate | black_gate, "gate", ZoneStyle::Mark::fill, "#d68910"},
               {white_fortress | black_fortress | white_gate | black_gate, "",
                ZoneStyle::Mark::outline, "#7b241c"},
               {high_road, "high road", ZoneStyle::Mark::road, "#1e8449"}};
    s.lines = {{-0.5, 6.5, 6.5, 6.5, "ditch", "#1f5fa8"}};  // between ranks 7 and 8 (2.3)
    return s;
}

}  // namespace tradgames::shatra
