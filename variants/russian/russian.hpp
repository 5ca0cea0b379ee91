// tradgames: Russian checkers (shashki), variant "russian".
//
// Rule decisions (russian.md; sources KOD = Russian draughts code 2004, FMJD64):
//  * 8x8 board, 32 dark squares, a1 dark at White's lower left; White on a1-h3, Black on
//    b6-h8; White moves first (russian.md 1.2, RU2010 1.1).
//  * man: one step diagonally forward; captures by a short leap in all four diagonal
//    directions, backwards included (KOD 1.5.3).
//  * king: flying, any distance along a diagonal; captures by a long leap, landing on any empty
//    square behind the victim but on one that allows continuing if any does (KOD 1.4.5,
//    russian.md 1.4.5).
//  * capture compulsory; free choice among sequences, no majority, no king precedence; a begun
//    sequence must be continued (russian.md 1.4.1-1.4.3).
//  * Turkish strike: captured pieces stay until the move ends, block, and are not jumped twice
//    (russian.md 1.4.6).
//  * a man reaching the last rank during a capture becomes a king at once and continues as a
//    king (KOD 1.5.15, russian.md 1.4.8).
//  * draws (game layer, FMJD64 7.2.3-7.2.8, russian.md 1.5): rule options with the FMJD64 move
//    numbers and the lidraughts reading "N moves" = 2N plies; one counter per article, see
//    RULES.md "Draw rules" for when each counts, resets, and which one decides.
// Squares are vertices 0..31 in the de-facto PDN numeric order (1 = b8 ... 32 = g1); names are
// algebraic, the numbers are accepted as aliases (russian.md 2.2).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tradgames/board_graph.hpp"
#include "tradgames/capture.hpp"
#include "tradgames/movegen.hpp"
#include "tradgames/options.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::russian {

inline constexpr Kind man = 0;
inline constexpr Kind king = 1;

/// Zone bits of the Russian board.
enum Zone : ZoneSet {
    white_promotion = 1U << 0,  ///< rank 8
    black_promotion = 1U << 1,  ///< rank 1
    main_road = 1U << 2,        ///< the long diagonal a1-h8 (FMJD64 7.2.7)
};

/// The 32-square board graph (vertices in PDN numeric order, diagonal links).
[[nodiscard]] BoardGraph make_board();

/// Rule options of "russian": the draw rules of the game layer, one per FMJD64 article, each an
/// integer where 0 switches the rule off (russian.md 1.5):
///   repetition_draw=3            7.2.3 the same position (same side to move) occurs N times
///   three_kings_vs_one_moves=15  7.2.4 three or more kings against a lone king
///   kings_only_moves=15          7.2.5 only king moves, no man move and no capture
///   material_4_5_moves=30        7.2.6 4-5 pieces, kings on both sides, balance unchanged
///   material_6_7_moves=60        7.2.6 the same with 6-7 pieces
///   main_road_moves=5            7.2.7 three pieces against a lone king holding the main road
///   small_ending_moves=5         7.2.8 one or two pieces (a king among them) against a lone king
/// Counts are moves per player; the adjudicator counts 2N plies.
[[nodiscard]] std::vector<OptionSpec> option_specs();

/// Creates the variant. Throws OptionError for a bad option.
[[nodiscard]] std::shared_ptr<const Variant> make(const std::vector<std::string>& options);

/// Russian checkers.
class Russian final : public VariantBase<Russian> {
public:
    explicit Russian(RuleOptions options);

    [[nodiscard]] Position initial_position() const override;
    [[nodiscard]] Position parse_position(std::string_view text) const override;
    [[nodiscard]] std::string position_to_string(const Position& pos) const override;
    /// Squares of an 8x8 grid, playing squares dark, files a-h and ranks 1-8 on the edges
    /// (russian.md 2.1); a king carries a K.
    [[nodiscard]] BoardStyle board_style() const override;

    /// Threefold repetition (option repetition_draw, FMJD64 7.2.3); no ply cap.
    [[nodiscard]] GameRules game_rules() const override;
    /// The FMJD64 7.2.4-7.2.8 counters with the limits of the rule options (RULES.md "Draw
    /// rules"); nullptr when all of them are 0.
    [[nodiscard]] std::unique_ptr<Adjudicator> make_adjudicator(const Position& start) const override;

    /// Legal moves: every capture sequence if any exists, else every quiet move.
    void generate_moves(const Position& pos, MoveList& out, Duplicates dup) const;

protected:
    /// A king's landing passed straight through is not written ("a1:h8", russian.md 2.1).
    [[nodiscard]] bool writes_landing(const Position& pos, const Move& m,
                                      std::size_t i) const override;

private:
    CaptureRules rules_{};
    CaptureHooks hooks_{};
    std::array<StepTable, 2> man_steps_{};
    PositionRules position_rules_{};
};

}  // namespace tradgames::russian
