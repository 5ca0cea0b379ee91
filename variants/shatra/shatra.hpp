// tradgames: Shatra (Altai chess-draughts), extended version with biy, batyr, tura, yalkyn and
// shatra; variant "shatra". Specification: variants/shatra/RULES.md (section numbers below refer
// to it; A-numbers are its ambiguities, section 10; the options are section 12, the decisions
// with their sources and options section 12.2).
//
//  * Board (2): 7x14 with 62 squares numbered 1-62 from Black's end; vertex = number - 1.
//    Walls are absent vertices, so every line stops at a wall (2.4); algebraic names (2.2) are
//    aliases. Zones (fortress, gate, own half, first row, row at the ditch, beyond the ditch,
//    high road, transformation squares, tower squares) are vertex zone bits.
//  * Men (3): biy and shatra capture by a short leap in 8 directions; batyr, tura and yalkyn by a
//    long leap in their directions, through the shared CaptureSequenceGenerator. Shatra moves
//    depend on the zone (3.5); double step and en passant (3.5, A3, A21).
//  * Reserve (4): men in their own fortress or gate while the temdek is on are the reserve: they
//    are dropped onto the own half, capture, or (batyr, tura on the d-file) take the high road;
//    the temdek (4.2) bars entry into the own home; urgent drops (4.6); drops from the enemy home
//    (4.4) and from the own home when the temdek is off (4.5).
//  * Capture (5): compulsory, free choice, continuation, captured men removed at the end (A16),
//    slider landing (A15), fortress landing bans (4.2, A10), the biy's and the gate shatra's
//    privileges (5.4, 5.5), taking the biy ends the move and the game (5.10).
//  * Promotion (6): a choice among the types below their initial count; waiting shatras;
//    automatic delayed promotion (A19); promotion in mid-capture with continuation (A17).
//  * Game end (7): a side without its biy, or without a legal move, has lost: no moves are
//    generated for it.
// Position strings: PDN FEN with K biy, Q batyr, R tura, Y yalkyn, no prefix for a shatra, and
// the state fields :T (temdeks on), :E (en-passant square), :U (urgent men) and, only with
// returned_biy_is_reserve=false, :G (returned biy). Shatrabase's SPN: to_spn / from_spn.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/board_style.hpp"
#include "tradgames/capture.hpp"
#include "tradgames/movegen.hpp"
#include "tradgames/options.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::shatra {

/// Piece kinds (3); position-string prefixes in brackets.
inline constexpr Kind shatra = 0;  ///< the "pawn" (none), 3.5
inline constexpr Kind biy = 1;     ///< the "king" (K), 3.1
inline constexpr Kind batyr = 2;   ///< the "queen" (Q), 3.2
inline constexpr Kind tura = 3;    ///< the "rook" (R), 3.3
inline constexpr Kind yalkyn = 4;  ///< the "bishop" (Y; Shatrabase B), 3.4
/// Number of kinds.
inline constexpr int kind_count = 5;

/// Men of each kind a side has at the start (2.5): also the most it can ever have, since a
/// shatra promotes only to a type below this count (6.2).
inline constexpr std::array<int, kind_count> initial_count = {11, 1, 1, 2, 2};

/// Zone bits of the board (2.3). Each per-side zone is a pair of adjacent bits, White's first,
/// so that `side_zone(z, c)` selects a side's copy.
enum Zone : ZoneSet {
    white_fortress = 1U << 0,        ///< 54-62
    black_fortress = 1U << 1,        ///< 1-9
    white_gate = 1U << 2,            ///< 53
    black_gate = 1U << 3,            ///< 10
    white_half = 1U << 4,            ///< 32-52, White's half of the large field
    black_half = 1U << 5,            ///< 11-31
    white_first_row = 1U << 6,       ///< 46-52, the double-step row (A3)
    black_first_row = 1U << 7,       ///< 11-17
    white_ditch_row = 1U << 8,       ///< 32-38, White's row at the ditch
    black_ditch_row = 1U << 9,       ///< 25-31
    white_beyond_ditch = 1U << 10,   ///< 1-31: where a White shatra also moves sideways (3.5)
    black_beyond_ditch = 1U << 11,   ///< 32-62
    white_transformation = 1U << 12, ///< 1-3, where a White shatra promotes (6.1)
    black_transformation = 1U << 13, ///< 60-62
    white_towers = 1U << 14,         ///< 46, 52: Black shatras teleport from here (A22)
    black_towers = 1U << 15,         ///< 11, 17: White shatras teleport from here (A22)
    high_road = 1U << 16,            ///< the d-file 2-5-8-10-...-61 (2.3)
};

/// Side c's copy of a per-side zone given by its White bit.
[[nodiscard]] constexpr ZoneSet side_zone(Zone white_bit, Color c) noexcept {
    return static_cast<ZoneSet>(white_bit) << index(c);
}

/// PositionState::flags bit: side c's temdek is on (4.2).
[[nodiscard]] constexpr std::uint32_t temdek_flag(Color c) noexcept { return 1U << index(c); }
/// PositionState::flags bit, used only with returned_biy_is_reserve=false (A5 b): side c's biy
/// stands on its gate having come back while the temdek is on, so it is not a reserve man.
[[nodiscard]] constexpr std::uint32_t returned_biy_flag(Color c) noexcept {
    return 4U << index(c);
}

/// Option `double_step` (A3).
enum class DoubleStep : std::uint8_t { first_row, own_half };
/// Option `shatra_capture_into_own_home` (A10).
enum class ShatraIntoHome : std::uint8_t { never, temdek_off };
/// Option `biy_decline_scope` (A12).
enum class DeclineScope : std::uint8_t { sole_capturer, broad };
/// Option `delayed_promotion` (A19).
enum class DelayedPromotion : std::uint8_t { automatic, owner_chooses };
/// Option `en_passant` (A21).
enum class EnPassant : std::uint8_t { narrow, broad, shatrabase };

/// The rule options of "shatra" decoded once (section 12; defaults = recommended readings).
struct Rules {
    DoubleStep double_step = DoubleStep::first_row;                         // A3
    bool drop_on_high_road = true;                                          // A4
    bool returned_biy_is_reserve = true;                                    // A5
    bool biy_steps_onto_own_gate = true;                                    // A6
    bool high_road_move = true;                                             // A7
    bool gate_drops = true;                                                 // A8
    bool shatra_drop_from_enemy_home = false;                               // A9
    ShatraIntoHome shatra_capture_into_own_home = ShatraIntoHome::never;    // A10
    bool urgent_lapses_when_blocked = true;                                 // A11
    DeclineScope biy_decline_scope = DeclineScope::sole_capturer;           // A12
    bool gate_shatra_privilege = true;                                      // A14
    Landing slider_landing = Landing::continuing;                           // A15
    Removal capture_removal = Removal::end_of_move;                         // A16
    bool promote_mid_capture = true;                                        // A17
    DelayedPromotion delayed_promotion = DelayedPromotion::automatic;       // A19
    EnPassant en_passant = EnPassant::narrow;                               // A21
    bool tower_teleport = false;                                            // A22

    /// Decodes validated options. Precondition: o was built from option_specs().
    [[nodiscard]] static Rules from(const RuleOptions& o);
};

/// The 62-square board graph (2.1-2.4): vertices in square order, names "1".."62" with the
/// algebraic names as aliases, links to every existing adjacent square in 8 directions.
/// Callers include tradgames/board_graph.hpp (BoardGraph is only declared here).
[[nodiscard]] BoardGraph make_board();

/// Rule options of "shatra": every [switch] of section 12 with its default, plus the draw rules
/// for the game layer (A23).
[[nodiscard]] std::vector<OptionSpec> option_specs();

/// Creates the variant. Throws OptionError for a bad option.
[[nodiscard]] std::shared_ptr<const Variant> make(const std::vector<std::string>& options);

/// Shatrabase's SPN of pos (Appendix A; its square n is our 63-n), with the given move number
/// (precondition: 1..9999) and no half-move clock ('-'). Shatrabase's position has no
/// returned-biy flag (A5 b), so that flag is not written.
[[nodiscard]] std::string to_spn(const Position& pos, int move_number = 1);

/// Reads a Shatrabase SPN under the default rules. Throws ParseError (malformed text, a
/// mid-capture position) or PositionError (an impossible position), naming the place.
[[nodiscard]] Position from_spn(std::string_view spn);

/// Shatra.
class Shatra final : public VariantBase<Shatra> {
public:
    /// Precondition: options were built from option_specs().
    explicit Shatra(RuleOptions options);

    /// The start position (2.5): both temdeks on, White to move.
    [[nodiscard]] Position initial_position() const override;
    /// Reads a position string (see the file comment). Throws ParseError for malformed text
    /// and PositionError for an impossible position (no biy or two biys of a side, more men of a
    /// type than 2.5 allows, a temdek on without men at home, a shatra waiting although it could
    /// promote, a bad en-passant square or urgent man ...).
    [[nodiscard]] Position parse_position(std::string_view text) const override;
    /// Writes the position string: per side K, Q, R, Y, then shatras, each kind's men in the own
    /// fortress and gate first; :T only when the temdeks differ from what the men imply.
    [[nodiscard]] std::string position_to_string(const Position& pos) const override;

    /// Reads Shatrabase's SPN (Appendix A) and validates it as parse_position does.
    [[nodiscard]] Position parse_spn(std::string_view spn) const;

    /// Legal moves (8): the free promotions of A19 b if due, else captures (with the declining
    /// moves of privileged capturers, 5.4-5.5), else urgent drops (4.6), else every
    /// non-capturing move. Nothing once the side's biy has been taken (7).
    void generate_moves(const Position& pos, MoveList& out, Duplicates dup) const;
    /// Variant::generate_or_count: generate_moves, except where the legal moves are the
    /// ordinary non-capturing moves and drops (no capture, urgent drop or free promotion of
    /// A19 b is legal): those it counts, man by man, and appends nothing, keeping what it
    /// counted for nth_unlisted_move (this thread's CountMemo).
    [[nodiscard]] CountedMoves generate_or_count_moves(const Position& pos, MoveList& out,
                                                       Duplicates dup) const;
    /// Variant::nth_move where generate_or_count_moves counted without listing: move k of
    /// generate_moves, found by counting the men's moves in square order and writing only
    /// those of the man that makes it; the counts of generate_or_count_moves when pos is the
    /// position it counted last on this thread (else counted again).
    void nth_unlisted_move(const Position& pos, std::size_t k, Move& m, Duplicates dup) const;
    /// Makes a generated move and its side effects (8.6): delayed promotions, urgent flags,
    /// temdeks, en-passant right.
    void do_move(Position& pos, const Move& m, Undo& u) const;
    /// Undoes do_move exactly.
    void undo_move(Position& pos, const Move& m, const Undo& u) const;

    /// The move in notation; a free promotion (A19 b) is written "2=Q".
    [[nodiscard]] std::string move_to_string(const Position& pos, const Move& m) const override;

    /// The decoded rule options.
    [[nodiscard]] const Rules& rules() const noexcept { return rules_; }

    /// Threefold repetition (A23, option repetition_draw), applied by Game.
    [[nodiscard]] GameRules game_rules() const override;
    /// Game end beyond "no legal move" (7): the capture of a biy wins at once; the options
    /// bare_biys_draw (only the two biys left) and move_limit (N moves each without a capture)
    /// draw (A23).
    [[nodiscard]] std::unique_ptr<Adjudicator> make_adjudicator(const Position& start) const override;
    /// Moves after which no earlier position can occur again (variants/shatra/RULES.md §7):
    /// captures; a temdek going off; a shatra's promotion; a shatra's move or drop that gains
    /// ground (unless A9 lets shatras drop back); a man other than the biy leaving its own
    /// fortress or gate while its temdek is on (a drop or a high-road move).
    [[nodiscard]] bool irreversible(const Position& before, const Move& m,
                                    const Position& after) const override;
    /// The section of variants/shatra/RULES.md that decides r: §3 moves, §5 captures, §7 game
    /// end, §14 notation.
    [[nodiscard]] std::string rule_section(MoveReason r) const override;
    /// True: generate_moves writes the captures (en passant included) before the moves of the
    /// privileged capturers that decline (5.4-5.5); otherwise no capture at all.
    [[nodiscard]] bool captures_first() const noexcept override { return true; }
    /// Squares on the 7x14 grid with walls, fortresses, gates, the high road and the ditch
    /// (2.1, 2.3), square numbers written, a-g / 1-14 on the edges.
    [[nodiscard]] BoardStyle board_style() const override;

protected:
    /// "=Q", "=R" or "=Y" (6.2).
    [[nodiscard]] std::string promotion_suffix(Kind k) const override;
    /// Also accepts a lone square with a promotion suffix ("2=Q", a free promotion, A19 b).
    [[nodiscard]] ParsedMoveText split_move_text(std::string_view text) const override;
    /// The general reasons (Variant::explain_refusal), and "man-cannot-move-backward" for a
    /// shatra's step toward its own side (3.5: a shatra never moves backward).
    [[nodiscard]] MoveExplanation explain_refusal(const Position& pos, const ParsedMoveText& t,
                                                  const MoveList& legal) const override;

private:
    /// Squares of one side, as masks (2.3), and its forward direction.
    struct SideSquares {
        Mask fortress = 0, gate = 0, home = 0, half = 0, first_row = 0, ditch_row = 0;
        Mask beyond_ditch = 0, transformation = 0, towers = 0, road = 0;
        Direction forward = Direction::n;
    };

    /// A shatra's non-capturing steps from one square (3.5, A3), fixed by its side and square:
    /// the single steps in direction order (n, ne, ..., nw), then the double step, so that the
    /// moves come out in the order of a walk over the directions.
    struct ShatraStepSet {
        std::array<Vertex, direction_count> single{};
        std::uint8_t nsingle = 0;
        Mask single_mask = 0;  ///< the squares of single[]
        /// bit(double_mid) and bit(double_to), or 0 without a double step.
        Mask double_mid_mask = 0;
        Mask double_to_mask = 0;
        Vertex double_mid = no_vertex;  ///< no_vertex: no double step from here
        Vertex double_to = no_vertex;
        /// Some step ends on the side's transformation squares (6.1).
        bool promotes = false;
    };
    /// What the non-capturing moves of every man of the side to move share, computed once per
    /// position by generate_moves.
    struct QuietContext {
        Mask occupied = 0;
        /// The side's reserve men (4.1, A5 b).
        Mask reserve = 0;
        /// Drop targets on the own half (4.1, A4).
        Mask own_drops = 0;
        /// Where a man other than the biy may end an ordinary move (4.2).
        Mask allowed = ~Mask{0};
        /// The same for the biy (4.2, A6).
        Mask biy_allowed = ~Mask{0};
        bool temdek = false;
        std::array<Kind, 3> promotions{};
        int npromotions = 0;
    };

    /// The men of the side to move by how their non-capturing moves are written (generate_moves'
    /// loop), computed once per position.
    struct QuietMen {
        /// Reserve men whose only non-capturing moves are drops onto q.own_drops (all but a
        /// batyr or tura on the own d-file, A7).
        Mask drops_only = 0;
        /// Shatras on the large field, which only step (4.4, 4.5 concern homes).
        Mask field_shatras = 0;
        /// Those of them that neither may promote by a step nor teleport (A22): their moves
        /// are their open steps, counted by plain_steps.
        Mask plain_shatras = 0;
        /// Where a man other than the biy may step: empty and q.allowed.
        Mask open = 0;
        /// count(q.own_drops).
        std::size_t ndrops = 0;
    };
    /// What generate_or_count_moves found in the last position whose moves it counted without
    /// listing them, kept per thread (count_memo) for nth_unlisted_move: random playouts ask
    /// for move k of the same position right after counting, and then the men need not be
    /// counted again. Used only when `owner` and `pos` are this object and the position asked.
    struct CountMemo {
        /// id_ of the Shatra object that counted; 0: nothing counted yet on this thread.
        std::uint64_t owner = 0;
        /// The position counted (compared whole, Position::operator==).
        Position pos;
        QuietContext q;
        QuietMen men;
        /// [v]: the number of moves of the man on v, for the men but men.drops_only and
        /// men.plain_shatras (counted by count_men; the others are counted when read).
        std::array<std::uint16_t, max_vertices> moves;
    };
    /// The number of moves a man's non-capturing moves are, and the squares they end on.
    struct QuietCount {
        std::size_t n = 0;
        Mask reached = 0;
    };

    /// Side c's squares.
    [[nodiscard]] const SideSquares& own(Color c) const noexcept { return side_[index(c)]; }
    /// The shared facts of the non-capturing moves of side c in pos, given the types it may
    /// promote to (available_promotions).
    [[nodiscard]] QuietContext quiet_context(const Position& pos, Color c,
                                             const std::array<Kind, 3>& promotions,
                                             int npromotions) const noexcept;
    /// Is side c's temdek on (4.2)?
    [[nodiscard]] static bool temdek_on(const Position& pos, Color c) noexcept {
        return (pos.state().flags & temdek_flag(c)) != 0;
    }
    /// Is the man on v a reserve man: in its own fortress or gate with its temdek on, and not a
    /// returned biy (4.1, A5 b)? Precondition: v is occupied.
    [[nodiscard]] bool is_reserve(const Position& pos, Vertex v) const noexcept;
    /// Writes the types side c may promote to (6.2) and returns their number.
    [[nodiscard]] static int available_promotions(const Position& pos, Color c,
                                                  std::array<Kind, 3>& out) noexcept {
        // 6.2: the types of which the side has fewer on the board than at the start.
        // Each type written, kept only when available: no branch on the counts.
        int n = 0;
        for (Kind k : {batyr, tura, yalkyn}) {
            out[static_cast<std::size_t>(n)] = k;
            n += count(pos.pieces(c, k)) < initial_count[k] ? 1 : 0;
        }
        return n;
    }
    /// Empty squares of `half` a man may be dropped onto (4.1, A4).
    [[nodiscard]] Mask drop_targets(const Position& pos, Mask half) const noexcept;
    /// The moves generate_moves writes before, or instead of, the ordinary non-capturing
    /// moves: A19 b's free promotions, the captures and the moves of the privileged capturers
    /// that decline, the urgent drops (4.6), or nothing once the biy is taken (7). Returns true
    /// when they are the whole list; false when the legal moves are the ordinary non-capturing
    /// moves (out untouched), whose context it writes into q.
    bool add_special_moves(const Position& pos, MoveList& out, Duplicates dup,
                           QuietContext& q) const;
    /// Sorts the men of side c (to move in pos) for the non-capturing moves.
    [[nodiscard]] QuietMen quiet_men(const Position& pos, const QuietContext& q,
                                     Color c) const noexcept;
    /// The number of moves add_non_captures appends for the man on v, without writing them.
    [[nodiscard]] std::size_t count_non_captures(const Position& pos, const QuietContext& q,
                                                 Vertex v) const noexcept;
    /// The moves add_shatra_steps appends for the shatra of side c on v, counted.
    [[nodiscard]] QuietCount count_shatra_steps(const QuietContext& q, Color c,
                                                Vertex v) const noexcept;
    /// The number of moves of the shatra of side c on v, one of men.plain_shatras.
    [[nodiscard]] std::size_t plain_steps(const QuietMen& men, const QuietContext& q, Color c,
                                          Vertex v) const noexcept {
        const ShatraStepSet& steps = shatra_steps_[index(c)][v];
        const bool double_step = (int{(steps.double_to_mask & men.open) != 0} &  // ints: Clang warns on bools
                                  int{(steps.double_mid_mask & q.occupied) == 0}) != 0;
        return static_cast<std::size_t>(count(steps.single_mask & men.open)) + (double_step ? 1U : 0U);
    }
    /// The squares a batyr, tura or yalkyn (kind k) on v reaches by sliding over empty squares
    /// (3.2-3.4; add_slides' destinations before `allowed`).
    [[nodiscard]] Mask slide_targets(Kind k, Vertex v, Mask occupied) const noexcept;
    /// Calls f(v, n) for every man v of the side to move but men.drops_only and
    /// men.plain_shatras, n being the number of moves generate_moves' loop writes for it.
    template <class F>
    void count_men(const Position& pos, const QuietContext& q, const QuietMen& men, F&& f) const;
    /// This thread's CountMemo (one for every Shatra object; `owner` tells whose it is).
    [[nodiscard]] static CountMemo& count_memo() noexcept;
    /// Fills memo for pos, whose moves are the ordinary non-capturing ones (q: its context from
    /// add_special_moves), and returns their number.
    std::size_t count_quiet(const Position& pos, const QuietContext& q, CountMemo& memo) const;
    /// Writes into m the k-th move generate_moves' loop writes for the man on v, by writing
    /// that man's moves (out of line: its list is a large stack frame).
    [[gnu::noinline]] void nth_of_man(const Position& pos, const QuietContext& q, const QuietMen& men,
                                      Vertex v, std::size_t k, Move& m) const;
    /// Appends every non-capturing move of the man on v: drops and high-road moves of a reserve
    /// man, else ordinary moves plus drops from a home (4.4, 4.5, A8, A9). A drop and a move to
    /// the same square are one move (8), listed as the drop.
    /// q: quiet_context(pos, colour of the man on v).
    void add_non_captures(const Position& pos, const QuietContext& q, Vertex v,
                          MoveList& out) const;
    /// The squares the man p on v, not a reserve man, may be dropped onto: the own half from
    /// the own home once the temdek is off (4.5, A8), the enemy half from the enemy home (4.4,
    /// A8, A9); else none.
    [[nodiscard]] Mask home_drop_targets(const Position& pos, const QuietContext& q, Piece p,
                                         Vertex v) const noexcept;
    /// Appends the steps or slides of the man on v, who is not a reserve man (3.1-3.5, 4.2).
    void add_ordinary_moves(const Position& pos, const QuietContext& q, Vertex v,
                            MoveList& out) const;
    /// Appends the shatra moves from v (3.5, A3, A22) that end in q.allowed, with a promotion
    /// choice on the transformation squares (6.1-6.3).
    void add_shatra_steps(const QuietContext& q, Color c, Vertex v, MoveList& out) const;
    /// A necessary condition for the batyr, tura or yalkyn (kind k) on v to capture (3.2-3.4,
    /// 5.8): on one of its lines the first man is an enemy with an empty square right behind
    /// it, tested without walking or branching; the capture search decides the rest.
    [[nodiscard]] bool slider_may_capture(Kind k, Vertex v, Mask enemy,
                                          Mask occupied) const noexcept;
    /// Appends every capture of the side to move, en passant included (3.5, 5, A21); returns
    /// the squares of the men that can capture.
    template <class Hooks>
    [[nodiscard]] Mask add_captures(const Position& pos, const Hooks& hooks, MoveList& out,
                                    Duplicates dup) const;
    /// Delayed promotion (6.3, A19 a): after m, which took men of `owner`, turns owner's
    /// waiting shatras into the captured types, recording the changes in u.
    void promote_waiting(Position& pos, const Move& m, Undo& u, Color owner) const;
    /// The state after move m by `mover` (8.6): urgent flags (4.6), returned biy (A5 b),
    /// temdeks (4.2, A24) and the en-passant right (3.5). `after` is the position with the men
    /// already moved; reserve_move tells whether the mover was a reserve man.
    [[nodiscard]] PositionState next_state(const Position& after, const Move& m, Color mover,
                                           Kind moved_kind, bool reserve_move) const;
    /// The square of the shatra that passed `passed` by a double step of `mover`, or
    /// no_vertex.
    [[nodiscard]] Vertex ep_victim_of(Vertex passed, Color mover) const noexcept;
    /// Temdek flags a position string implies when it has no T field: on iff the side has men
    /// in its own fortress or gate.
    [[nodiscard]] std::uint32_t implied_temdeks(const Position& pos) const noexcept;
    /// Throws PositionError, prefixed by context, if pos could not arise under rules_.
    void validate(const Position& pos, const std::string& context) const;

    Rules rules_{};
    /// This object's number, unique in the process (never reused, unlike an address): the
    /// owner of a CountMemo it wrote.
    std::uint64_t id_ = 0;
    CaptureRules capture_rules_{};
    /// The biy's steps: one square in any of the 8 directions (3.1).
    StepTable biy_steps_{};
    /// line_steps_[k][v]: the neighbours of v along the capture lines of kind k (batyr, tura,
    /// yalkyn only; 3.2-3.4), for a quick test that every line is blocked at once.
    std::array<StepTable, kind_count> line_steps_{};
    /// Every ray to the s, se, sw or e runs through increasing vertices, every other one through
    /// decreasing vertices (true of the square numbering, 2.1; checked by the constructor), so
    /// that slider_may_capture finds the first man on a line by one bit scan.
    bool rays_ordered_ = true;
    /// [c]: the squares where a shatra of side c may promote by a step, teleport (A22), or
    /// make a step not in shatra_step_from_ / shatra_double_from_: not counted by plain_steps.
    std::array<Mask, 2> special_steppers_{};
    /// [c][d]: the squares from which a shatra of side c steps in direction d to the square
    /// short_jump_rot_[d] further on (3.5, A3); [c]: those with such a double step forward.
    std::array<std::array<Mask, direction_count>, 2> shatra_step_from_{};
    std::array<Mask, 2> shatra_double_from_{};
    std::array<SideSquares, 2> side_{};
    /// shatra_steps_[c][v]: a shatra's steps from v for side c (3.5, A3).
    std::array<std::array<ShatraStepSet, max_vertices>, 2> shatra_steps_{};
    Mask high_road_ = 0;
    /// The short jumps (shatra and biy, 8 directions, 3.1, 3.5) that keep the large field's
    /// vertex steps: short_jump_from_[d] holds the squares whose jump in direction d goes over
    /// v + short_jump_rot_[d] to v + 2 * short_jump_rot_[d] (as rotations modulo max_vertices),
    /// so that add_captures tests every man off irregular_jumpers_ at once with shifted masks;
    /// irregular_jumpers_ holds the squares with some other jump (by the homes and gates),
    /// tested man by man.
    std::array<Mask, direction_count> short_jump_from_{};
    std::array<int, direction_count> short_jump_rot_{};
    Mask irregular_jumpers_ = 0;
};

}  // namespace tradgames::shatra
