// tradgames: Tobit (Khakas draughts), variants "tobit" (5x4 chols, 38 points) and "tobit-4x4"
// (4x4 chols, 32 points).
//
// Rule decisions: tobit.md (the project's Tobit rules research, shared/rules/tobit.md), whose
// primary source S1 is ru-wiki "Tobit (game)" via a machine translation. Every option named
// here defaults to tobit.md section 8. Details and reasons: variants/tobit/RULES.md.
//  * Board (§2): L longitudinal x T transverse chols whose ends run past the crossings. Points are
//    the L*T crossings and the 2L + 2T line ends, numbered row by row from White's side, each row
//    left to right (§2.2, §2.5). Links exist only along chols; a line end has one neighbour (G1).
//  * Set-up (§2.4): each side on its two home rows (12 a side on 5x4, 10 on 4x4); White moves
//    first (R1).
//  * hul: one step forward, left or right along a chol, never backward (R2); captures by a short
//    leap forward, backward, left or right (R6).
//  * tobit: any distance along a chol in 4 directions (R3); captures by a long leap landing on
//    any empty point behind the victim (R7), on one that continues the capture if any does (R9).
//    Option tobit_capture (A1): flying | flying_adjacent_landing | short.
//  * Capture is compulsory (R5) and continues while possible (R8); free choice between captures,
//    no majority rule (R10; option majority_capture, A4).
//  * Captured pieces stay on the board until the move ends, block, and cannot be jumped twice
//    (R11; option removal = end_of_move | immediate, A2; option no_180_turn, A3).
//  * A hul ending a move on the far ends of the longitudinal chols becomes a tobit (R13); under
//    immediate removal it continues a capture as a tobit (R12; option promote_continue, A6).
//  * A tobit is permanent (R4); option tobit_reverts_off_back_row (A7) makes a tobit whose move
//    ends off its promotion points a hul again.
//  * Game end (§6.2): no legal move loses (E1, an empty move list); the draw rules E3-E6 are
//    options recorded in EndRules for the game layer.
//  * Notation (§6.4): quiet "7-14"; capture "7:21:23:36", writing the start, every point where the
//    direction changes, and the end. Position strings "W:W1-12:B27-38", K marks a tobit.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/board_graph.hpp"
#include "tradgames/board_style.hpp"
#include "tradgames/capture.hpp"
#include "tradgames/movegen.hpp"
#include "tradgames/options.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::tobit {

/// The ordinary piece (man).
inline constexpr Kind hul = 0;
/// The promoted piece (king).
inline constexpr Kind tobit = 1;

/// Size of a Tobit board: the number of longitudinal chols (running from White to Black) and
/// of transverse chols crossing them (§2.1).
struct BoardSize {
    int longitudinal = 5;
    int transverse = 4;
    bool operator==(const BoardSize&) const = default;
};
/// The standard board, variant "tobit": 5 x 4 chols, 38 points (§2.1).
inline constexpr BoardSize standard_board{5, 4};
/// The board of variant "tobit-4x4": 4 x 4 chols, 32 points (§2.5).
inline constexpr BoardSize small_board{4, 4};

/// Zone bits of a Tobit board.
enum Zone : ZoneSet {
    white_promotion = 1U << 0,  ///< Black's ends of the longitudinal chols (R13)
    black_promotion = 1U << 1,  ///< White's ends of the longitudinal chols (R13)
    white_home = 1U << 2,       ///< White's set-up points: its line ends and first transverse chol
    black_home = 1U << 3,       ///< Black's set-up points (§2.4)
};

/// The board graph of `size` (§2.2, §2.5): a vertex per point, numbered 1..N row by row from
/// White's side (vertex = number - 1, name = the number, x/y = the point's column and row);
/// links along the chols only (§2.3): north-south links on columns 1..L, east-west links on
/// rows 1..T. Throws BoardError if a dimension is below 1 or the board exceeds 64 points or
/// 15-point rays.
[[nodiscard]] BoardGraph make_board(BoardSize size);

/// Rule options of both Tobit variants, with the defaults of tobit.md section 8.
[[nodiscard]] std::vector<OptionSpec> option_specs();

/// Creates the variant for `size` ("tobit" for standard_board, "tobit-4x4" for small_board)
/// with rule options given as "key=value". Throws OptionError for a bad option.
[[nodiscard]] std::shared_ptr<const Variant> make(BoardSize size,
                                                  const std::vector<std::string>& options);

/// The game-end options (§6.2), read by the game layer; move generation ignores them.
struct EndRules {
    /// E3: draw when a position occurs for the N-th time; 0 = off.
    long repetition_draw = 3;
    /// E4: draw after N moves by each side without a capture or a hul move; 0 = off.
    long no_progress_draw_moves = 15;
    /// E5: draw when each side has exactly one piece.
    bool bare_draw = false;
    /// E6: draw after N plies; 0 = off.
    long ply_cap = 0;
};

/// Capture hooks of Tobit: everything is data except the optional reversion (A7).
struct Hooks : CaptureHooks {
    /// Promotion points per side (R13).
    std::array<Mask, 2> promotion_zone{};
    /// Option tobit_reverts_off_back_row (A7).
    bool reverts = false;
    /// A7: with `reverts`, a tobit whose move ends on `to` outside its side's promotion points
    /// becomes a hul; otherwise k is kept. Serves quiet moves and capture sequences alike.
    [[nodiscard]] Kind end_kind(Color side, Kind k, Vertex to) const noexcept {
        return reverts && k == tobit && !has(promotion_zone[index(side)], to) ? hul : k;
    }
};

/// Tobit on a board of any size; the registry offers the 5x4 and 4x4 boards.
class Tobit final : public VariantBase<Tobit> {
public:
    /// The variant on `size` with the given option values (option_specs()).
    /// Throws OptionError if an option is missing or of the wrong type.
    Tobit(BoardSize size, RuleOptions options);

    /// White huls on White's home points, Black huls on Black's, White to move (§2.4, R1).
    [[nodiscard]] Position initial_position() const override;
    /// Reads "W:W1-12:B27-38" (side to move, then each side's points; K prefix = tobit;
    /// ranges a-b). Throws ParseError for malformed text, an unknown prefix or point, or an
    /// unknown field; PositionError for a point used twice, a hul on its own promotion point
    /// (R13), or more pieces on a side than the set-up has.
    [[nodiscard]] Position parse_position(std::string_view text) const override;
    /// Writes the position string, runs of 3 or more points of one kind as ranges.
    [[nodiscard]] std::string position_to_string(const Position& pos) const override;

    /// Legal moves (R5): every capture sequence if any exists (only those taking the most
    /// pieces under majority_capture, A4), else every quiet move (R2, R3). Allocation-free.
    /// Throws Error if out overflows.
    void generate_moves(const Position& pos, MoveList& out, Duplicates dup) const;

    /// The game-end options (§6.2, E3-E6) for the game layer.
    [[nodiscard]] const EndRules& end_rules() const noexcept { return end_rules_; }
    /// Points joined by the chols (the default drawing), with the promotion points ringed.
    [[nodiscard]] BoardStyle board_style() const override;
    /// E3 repetition and E6 ply cap, applied by Game.
    [[nodiscard]] GameRules game_rules() const override;
    /// E4 (no progress: N moves by each side without a capture or a hul move) and E5 (each
    /// side has exactly one piece); nullptr when both are off. E1 (no legal move) is Game's.
    [[nodiscard]] std::unique_ptr<Adjudicator> make_adjudicator(const Position& start) const override;
    /// The capture rules the options resolved to (A1-A6).
    [[nodiscard]] const CaptureRules& capture_rules() const noexcept { return rules_; }

protected:
    /// §6.4: only the points where the capture changes direction are written, for huls and
    /// tobits alike ("7:21:23:36"; a hul's straight double jump 7 -> 21 -> 34 is "7:34").
    [[nodiscard]] bool writes_landing(const Position& pos, const Move& m,
                                      std::size_t i) const override;

private:
    CaptureRules rules_{};
    Hooks hooks_{};
    bool majority_ = false;
    std::array<StepTable, 2> hul_steps_{};
    PositionRules position_rules_{};
    EndRules end_rules_{};
};

}  // namespace tradgames::tobit
