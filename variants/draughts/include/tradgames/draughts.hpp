// tradgames: the draughts family as data: one plain descriptor (DraughtsDescriptor) and one
// generic variant class (DraughtsVariant) that consumes it over the shared capture generator.
//
// A descriptor says everything that tells one draughts game from another: the board, the
// set-up, how each kind steps and captures (per side: directions are given as White sees them
// and mirrored for Black), landing and removal rules, promotion, capture precedence, a victim
// filter, draw rules, notation, position-string dialect and PDN GameType. It round-trips
// through JSON (draughts_descriptor_from_json / to_json), so users define variants in a file
// at run time; "base" plus the fields that differ derives one variant from another. Rule
// options are named edits of descriptor fields (DraughtsOptionDecl), so every option a variant
// offers is itself data.
//
// Field names follow DCTL's rule traits and the PDN 3.0 GameType table; each built-in
// descriptor (variants/<game>/<game>.json) cites its rule book in variants/<game>/RULES.md.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/capture.hpp"
#include "tradgames/movegen.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// The board of a draughts game.
struct DraughtsBoard {
    /// `rectangular`: a W x H grid of squares; `chols`: Tobit's board of lines, W longitudinal
    /// and H transverse lines whose crossings and ends are the points
    /// (variants/tobit/RULES.md §2).
    enum class Shape : std::uint8_t { rectangular, chols };
    Shape shape = Shape::rectangular;
    /// Files (rectangular) or longitudinal lines (chols). 1..26 / 1..12.
    int width = 8;
    /// Ranks (rectangular) or transverse lines (chols). 1..26 / 1..12.
    int height = 8;
    /// Every square is played (Turkish draughts) instead of the dark ones only.
    bool all_squares = false;
    /// White's lower-left square (a1) is light: the orientation of Italian and Spanish
    /// draughts, whose long diagonal runs from White's lower right. Default: a1 is dark.
    bool mirrored = false;
    /// Links between squares: diagonal neighbours, orthogonal neighbours (on dark-square
    /// boards the next dark square on the same rank or file, two squares away: Frisian), or
    /// both. Chols boards are always linked along their lines.
    enum class Links : std::uint8_t { diagonal, orthogonal, both };
    Links links = Links::diagonal;
    bool operator==(const DraughtsBoard&) const = default;
};

/// The rules of one piece kind (man or king) of a draughts game.
struct DraughtsPiece {
    /// Name in the field's terms ("man", "king", "hul", "tobit").
    std::string name;
    /// Position-string prefix letter ('\0' for none: the man; 'K' for the king).
    char letter = '\0';
    /// Text-board symbol, White's (Black's is its lower case).
    char symbol = 'M';
    /// Quiet-move directions as White sees them (mirrored for Black).
    DirectionSet steps = 0;
    /// Quiet moves slide any distance over empty squares (a flying king) instead of one step.
    bool flying = false;
    /// Capture directions as White sees them (mirrored for Black); 0 = never captures.
    DirectionSet captures = 0;
    /// Short leap (victim adjacent) or long leap (a flying capture).
    Leap leap = Leap::short_leap;
    /// Which landing squares behind the victim a long leap may choose.
    Landing landing = Landing::continuing;
    /// Victim filter: bit 0 = may capture men, bit 1 = may capture kings.
    std::uint8_t victims = 3;
    bool operator==(const DraughtsPiece&) const = default;
};

/// A capture-precedence criterion, applied in order to the legal captures: each keeps only
/// the captures that are best by it (variants/international/RULES.md §4 and the RULES.md of
/// each game that uses one).
enum class Precedence : std::uint8_t {
    most_pieces,    ///< the most pieces captured (majority rule)
    most_kings,     ///< the most kings among them
    with_king,      ///< a capture made by a king before one made by a man
    earliest_king,  ///< the king(s) captured as early in the sequence as possible
    value,          ///< the most value, a king counting more than a man but less than two (Frisian)
};

/// The FMJD draw articles 7.2.4-7.2.8 counted per position (variants/russian/RULES.md §1.5):
/// each a number of moves per player, 0 = off.
struct Fmjd64Draws {
    int three_kings_vs_one = 15;  ///< 7.2.4 three or more kings against a lone king
    int kings_only = 15;          ///< 7.2.5 only king moves, no man move, no capture
    int material_4_5 = 30;        ///< 7.2.6 4-5 pieces, kings on both sides
    int material_6_7 = 60;        ///< 7.2.6 6-7 pieces, kings on both sides
    int main_road = 5;            ///< 7.2.7 three pieces against a lone king on the main road
    int small_ending = 5;         ///< 7.2.8 one or two pieces against a lone king
    bool operator==(const Fmjd64Draws&) const = default;
};

/// Draw rules of the game layer.
struct DraughtsDraws {
    /// A position occurring this many times is a draw; 0 = off (1 is invalid).
    int repetition = 3;
    /// Draw after this many plies; 0 = off.
    int ply_cap = 0;
    /// Draw after this many moves per player without a capture or a man move; 0 = off.
    int no_progress_moves = 0;
    /// Rule label of the no-progress draw in the reason ("E4").
    std::string no_progress_label = "no progress";
    /// Draw when each side has exactly one piece.
    bool bare = false;
    /// Rule label of the bare draw in the reason ("E5").
    std::string bare_label = "bare pieces";
    /// The FMJD64 counters, or none.
    std::optional<Fmjd64Draws> fmjd64;
    /// Endings against a lone king, each a number of moves per player counted from the ply on
    /// which the material arose (restarted when it changes class), 0 = off. FMJD 6.3: a lone
    /// king against three pieces with a king among them (16); FMJD 6.4: against one or two
    /// pieces with a king among them (5); Frisian: against exactly two kings (7; it takes the
    /// place of the previous rule there).
    int lone_king_vs_3_moves = 0;
    int lone_king_vs_2_moves = 0;
    int lone_king_vs_2_kings_moves = 0;
    /// Rule label of those ending draws in the reason ("FMJD 6.3-6.4").
    std::string endings_label = "ending";
    bool operator==(const DraughtsDraws&) const = default;
};

/// How moves and positions are written.
struct DraughtsNotation {
    /// Squares written as numbers (PDN numbering: dark squares from Black's left corner, row
    /// by row) rather than algebraic names; the other form is accepted as an alias.
    bool numeric = false;
    /// Where numbered squares start: false, the PDN origin (square 1 is the first playable
    /// square of Black's side, counted along each rank from White's left); true, White's bottom
    /// right (counted along each rank from White's right, rank by rank up the board: Spanish
    /// notation, variants/spanish/RULES.md §9.1). Only the names change, not the vertex order.
    bool from_white_right = false;
    /// Separator between the squares of a capture: ':' or 'x'.
    char capture_separator = ':';
    /// Which intermediate landing squares a capture writes: `all`; `turns` (only where the
    /// direction changes); `king_turns` (a king's landings passed straight through are left
    /// out, a man's are written); `ends` (none, unless another legal move has the same ends).
    enum class Landings : std::uint8_t { all, turns, king_turns, ends };
    Landings landings = Landings::all;
    /// Position strings write runs of 3 or more numbered squares as ranges ("1-12").
    bool ranges = false;
    /// Extra position-string fields that are read and ignored (lidraughts' "HF" clocks).
    std::string ignored_fields;
    bool operator==(const DraughtsNotation&) const = default;
};

/// A rule option of a draughts variant: a named edit of the descriptor. Either `field` names
/// one descriptor field (dotted path, e.g. "capture.removal", "draw.repetition"; its type,
/// allowed values and default come from the field), or `choices` maps each allowed word to a
/// JSON merge patch of the descriptor (RFC 7386) and `default_value` names the word the
/// descriptor already says.
struct DraughtsOptionDecl {
    std::string name;
    std::string help;
    std::string field;
    std::vector<std::pair<std::string, std::string>> choices;  ///< word -> JSON patch text
    std::string default_value;
    bool operator==(const DraughtsOptionDecl&) const = default;
};

/// A draughts game as plain data. Defaults describe Russian checkers' geometry on 8x8.
struct DraughtsDescriptor {
    /// Registry name ("international") and one-line description.
    std::string name;
    std::string description;
    /// PDN GameType number (PDN 3.0 table: 20 international, 21 English, 25 Russian ...);
    /// 0 = none (records name the game with a [Variant] tag).
    int pdn_game_type = 0;
    DraughtsBoard board;
    /// Rows (ranks, or lines of points counted from each side's edge) filled at the start.
    int setup_rows = 3;
    /// Rows left empty at each side's edge below its set-up rows (Thai and Turkish set up on
    /// the second and third rows: 1).
    int setup_offset = 0;
    /// The side that moves first.
    Color first_side = Color::white;
    DraughtsPiece man{"man", '\0', 'M', dirs(Direction::ne, Direction::nw), false, diagonal_dirs,
                      Leap::short_leap, Landing::right_behind, 3};
    DraughtsPiece king{"king", 'K', 'K', diagonal_dirs, true, diagonal_dirs,
                       Leap::long_leap, Landing::continuing, 3};
    /// When captured pieces leave the board.
    Removal removal = Removal::end_of_move;
    /// No 180-degree turn between two jumps.
    bool no_180_turn = false;
    /// A man reaching the far row in mid-capture is crowned at once and continues as a king
    /// (Russian); if false, it is crowned only if the move ends there (International).
    bool promote_mid_capture = true;
    /// A king whose move ends off its promotion row becomes a man again (Tobit option A7).
    bool king_reverts = false;
    /// P identity (every capture path): landings passed straight through along a line make
    /// no separate path unless this is set.
    bool every_landing_distinct = false;
    /// Capture precedence, in order; empty = free choice.
    std::vector<Precedence> precedence;
    /// While its side still has men, one king may make at most this many non-capturing moves
    /// in a row; then another piece must move (Frisian: 3). 0 = no limit. The count lives in
    /// the position's state (PositionState flags and marked), so it is part of the position.
    int king_move_limit = 0;
    DraughtsDraws draws;
    DraughtsNotation notation;
    /// Rule options offered (named descriptor edits).
    std::vector<DraughtsOptionDecl> options;
    bool operator==(const DraughtsDescriptor&) const = default;
};

/// Looks up a registered descriptor's JSON text by variant name (for "base"); nullopt if none.
using DescriptorLookup = std::function<std::optional<std::string>(std::string_view name)>;

/// Reads a descriptor from JSON text. `source` names the text in messages (a file name).
/// A "base" field names a descriptor that `lookup` resolves; the text's other fields are then
/// merged over it (objects field by field, everything else replaced). Every field is checked:
/// throws DescriptorError ("FILE: field 'board.width': ...") for malformed JSON, an unknown
/// field, a wrong type, a value out of range, an unknown direction or base, an impossible
/// board (no room for the set-up, more squares than the build's max_vertices).
[[nodiscard]] DraughtsDescriptor draughts_descriptor_from_json(std::string_view text,
                                                               std::string_view source,
                                                               const DescriptorLookup& lookup = {});

/// The descriptor as JSON text, every field written: draughts_descriptor_from_json of it gives
/// an equal descriptor.
[[nodiscard]] std::string draughts_descriptor_to_json(const DraughtsDescriptor& d, int indent = 2);

/// The option declarations of d as OptionSpecs (types, defaults and ranges from the fields).
/// Throws DescriptorError for an option naming an unknown field.
[[nodiscard]] std::vector<OptionSpec> draughts_option_specs(const DraughtsDescriptor& d);

/// d with rule options ("key=value", applied in order) applied as descriptor edits. Throws
/// OptionError for an unknown option or a bad value.
[[nodiscard]] DraughtsDescriptor apply_draughts_options(const DraughtsDescriptor& d,
                                                         const std::vector<std::string>& options);

/// The number of vertices (playable squares or points) of a board.
[[nodiscard]] int draughts_vertex_count(const DraughtsBoard& b) noexcept;

/// The board graph of a descriptor's board (vertices in notation order, zone bits
/// DraughtsVariant::Zone). Throws DescriptorError if it has more vertices than max_vertices.
/// Callers include tradgames/board_graph.hpp (BoardGraph is only declared here).
[[nodiscard]] BoardGraph make_draughts_board(const DraughtsDescriptor& d);

/// Capture hooks of the generic draughts variant (CaptureHooksType): everything is data except
/// the optional reversion of a king that ends its move off the promotion row
/// (DraughtsDescriptor::king_reverts); the other hooks are CaptureHooks' defaults.
struct DraughtsHooks {
    std::array<Mask, 2> promotion_zone{};
    bool reverts = false;
    [[nodiscard]] bool can_land(Vertex f, Kind k, Vertex l) const noexcept { return CaptureHooks{}.can_land(f, k, l); }
    [[nodiscard]] int promotion_choices(const CaptureRules& r, Kind k, Vertex v,
                                        std::array<Kind, max_kinds>& out) const noexcept {
        return CaptureHooks{}.promotion_choices(r, k, v, out);
    }
    [[nodiscard]] bool may_stop(const CaptureRules& r, Vertex o, Kind s, Kind k) const noexcept {
        return CaptureHooks{}.may_stop(r, o, s, k);
    }
    [[nodiscard]] bool ends_sequence(Piece p) const noexcept { return CaptureHooks{}.ends_sequence(p); }
    [[nodiscard]] std::uint8_t result_tag(const Position& p, const Vertex* c, int n) const noexcept {
        return CaptureHooks{}.result_tag(p, c, n);
    }
    /// With `reverts`, a king (kind 1) ending on `to` outside its side's promotion row becomes
    /// a man (kind 0); otherwise k.
    [[nodiscard]] Kind end_kind(Color side, Kind k, Vertex to) const noexcept {
        return reverts && k == 1 && !has(promotion_zone[index(side)], to) ? Kind{0} : k;
    }
};

/// The generic draughts variant: every member of the family is an instance over a descriptor.
/// Kinds: 0 man, 1 king.
class DraughtsVariant final : public VariantBase<DraughtsVariant> {
public:
    /// The two piece kinds of every draughts variant: the man and the king.
    static constexpr Kind man_kind = 0;
    static constexpr Kind king_kind = 1;

    /// Zone bits of a draughts board.
    enum Zone : ZoneSet {
        white_promotion = 1U << 0,  ///< the far row for White (its men are crowned there)
        black_promotion = 1U << 1,  ///< the far row for Black
        main_road = 1U << 2,        ///< the long diagonal from White's left corner (FMJD 7.2.7)
        white_home = 1U << 3,       ///< White's set-up squares
        black_home = 1U << 4,       ///< Black's set-up squares
    };

    /// The variant of descriptor `d` (options already applied, apply_draughts_options) with
    /// `options` holding the option values for display. Throws DescriptorError for a board the
    /// build cannot hold.
    DraughtsVariant(DraughtsDescriptor d, RuleOptions options);

    /// The descriptor this variant was built from (options applied).
    [[nodiscard]] const DraughtsDescriptor& descriptor() const noexcept { return d_; }
    /// The capture rules the descriptor compiles to.
    [[nodiscard]] const CaptureRules& capture_rules() const noexcept { return rules_; }

    /// Men of each side on its set-up rows, the descriptor's first side to move.
    [[nodiscard]] Position initial_position() const override;
    /// Reads a position string ("W:W21,22:BK1", ranges allowed in numeric notation). Throws
    /// ParseError (malformed text, unknown square) or PositionError (a square used twice, a man
    /// on its own promotion row, more pieces than the set-up has).
    [[nodiscard]] Position parse_position(std::string_view text) const override;
    /// Writes the position string in the descriptor's notation.
    [[nodiscard]] std::string position_to_string(const Position& pos) const override;
    /// Squares of a grid (rectangular boards) or points on lines (chols).
    [[nodiscard]] BoardStyle board_style() const override;
    /// Repetition and ply cap of the descriptor's draw rules.
    [[nodiscard]] GameRules game_rules() const override;
    /// True: capture is compulsory, a list holds captures only or none.
    [[nodiscard]] bool captures_first() const noexcept override { return true; }
    /// The no-progress, bare and FMJD64 draw rules; nullptr when all are off.
    [[nodiscard]] std::unique_ptr<Adjudicator> make_adjudicator(const Position& start) const override;
    /// Captures (the number of pieces never rises); promotions, unless kings revert
    /// (king_reverts: the number of men never rises otherwise); and men's moves that gain
    /// ground, when no man's step ever loses ground (checked on the board at construction: the
    /// sum of the men's distances from their own side's edge then never falls). Sideways man
    /// steps (Tobit, Turkish) and king moves are reversible.
    [[nodiscard]] bool irreversible(const Position& before, const Move& m,
                                    const Position& after) const override;
    /// Notation with `ends` landings: adds the intermediate squares only when another legal
    /// move has the same ends.
    [[nodiscard]] std::string move_to_string(const Position& pos, const Move& m) const override;
    /// The descriptor's capture separator (':' or 'x').
    [[nodiscard]] char capture_separator() const noexcept override {
        return d_.notation.capture_separator;
    }
    /// The section of the built-in game's RULES.md that decides r ("variants/czech/RULES.md
    /// §6"); empty for a descriptor without a RULES.md here (variants/draughts/explain.cpp).
    [[nodiscard]] std::string rule_section(MoveReason r) const override;
    /// PDN GameType of the descriptor, 0 if none.
    [[nodiscard]] int pdn_game_type() const noexcept override { return d_.pdn_game_type; }

    /// Legal moves: the capture sequences if any exist (filtered by the precedence rules),
    /// else the quiet moves. Allocation-free. Throws Error if out overflows.
    void generate_moves(const Position& pos, MoveList& out, Duplicates dup) const;
    /// Variant::generate_if_capture: the captures as generate_moves writes them, else whether
    /// a man or a (movable) king has an empty step target, found from the step tables' masks
    /// without writing a move. Throws Error as generate_moves.
    [[nodiscard]] LeafMoves generate_if_capture(const Position& pos, MoveList& out,
                                                Duplicates dup) const override;
    /// The number of legal moves generate_moves would append, using `scratch` for captures and
    /// counting quiet moves without writing them (bulk perft). Throws Error as generate_moves.
    std::size_t count_legal(const Position& pos, Duplicates dup, MoveList& scratch) const;
    /// Variant::generate_or_count (random playouts): the captures, when there is one, appended
    /// as generate_moves appends them; else the non-capturing moves counted as count_legal
    /// counts them and nothing appended (listed false). Throws Error as generate_moves.
    [[nodiscard]] CountedMoves generate_or_count_moves(const Position& pos, MoveList& out,
                                                       Duplicates dup) const;
    /// Variant::nth_move where generate_or_count_moves counted without listing (no capture is
    /// legal): writes move k of generate_moves' list, found by counting each man's empty step
    /// targets (men in vertex order, targets in vertex order), then the movable kings' (rays in
    /// direction order, or steps), and writing that one move only (a king that reverts to a man
    /// on it gets promotion man_kind, as generate_moves gives it). Precondition: k is below the
    /// count. dup does not change quiet moves.
    void nth_unlisted_move(const Position& pos, std::size_t k, Move& m, Duplicates dup) const;
    /// Makes m; with a king-move limit, also updates the count of the mover's king moves.
    TRADGAMES_ALWAYS_INLINE void do_move(Position& pos, const Move& m, Undo& u) const {
        if (d_.king_move_limit == 0) {
            apply_move(pos, m, u);  // inline: the common case in perft's innermost loop
        } else {
            do_move_counting_kings(pos, m, u);
        }
    }

    /// Make and unmake for the moves of one position, as perft makes them (the sibling-make
    /// policy of tradgames/perft.hpp; without a king-move limit a move changes only the board,
    /// the six masks of the two sides' men and kings, and the side to move): the position's
    /// masks are read once, and make and unmake write the child's and the parent's values,
    /// without reading what the previous move wrote. The hash is left as it was (stale after
    /// make, right again after unmake).
    class SiblingMoves {
    public:
        /// Reads the masks of pos. Precondition: the variant has no king-move limit.
        explicit SiblingMoves(const Position& pos) noexcept
            : side_(pos.side_to_move()),
              own_(pos.pieces(side_)),
              men_(pos.pieces(side_, man_kind)),
              kings_(pos.pieces(side_, king_kind)),
              their_(pos.pieces(~side_)),
              their_men_(pos.pieces(~side_, man_kind)),
              their_kings_(pos.pieces(~side_, king_kind)) {}
        /// Makes m, a legal move of the position given to the constructor, on pos, which is
        /// that position: same placement and side to move as do_move gives (not the hash).
        TRADGAMES_ALWAYS_INLINE void make(Position& pos, const Move& m) const noexcept {
            const Mask f = bit(m.from);
            const Mask t = bit(m.to);
            const Mask taken = m.captured_mask;
            const Kind k = has(men_, m.from) ? man_kind : king_kind;
            const Kind after = m.promotion == no_kind ? k : m.promotion;
            // The mover leaves `from` (and may come back to it), the captured pieces go, the
            // mover (promoted, or reverted) stands on `to`.
            Mask men = men_;
            Mask kings = kings_;
            (k == man_kind ? men : kings) ^= f;
            (after == man_kind ? men : kings) ^= t;
            pos.set_board_only(m.from, Piece{});
            for_each_vertex(taken, [&](Vertex v) { pos.set_board_only(v, Piece{}); });
            pos.set_board_only(m.to, Piece(side_, after));
            pos.set_masks(side_, own_ ^ f ^ t, man_kind, men, king_kind, kings);
            if (taken != 0) {
                pos.set_masks(~side_, their_ ^ taken, man_kind, their_men_ & ~taken, king_kind,
                              their_kings_ & ~taken);
            }
            pos.set_side_unhashed(~side_);
        }
        /// Undoes make(pos, m) (pos as make left it, or changed and restored since): pos is the
        /// position given to the constructor again.
        TRADGAMES_ALWAYS_INLINE void unmake(Position& pos, const Move& m) const noexcept {
            const Mask taken = m.captured_mask;
            pos.set_board_only(m.to, Piece{});
            for_each_vertex(taken, [&](Vertex v) {
                pos.set_board_only(v, Piece(~side_, has(their_men_, v) ? man_kind : king_kind));
            });
            pos.set_board_only(m.from, Piece(side_, has(men_, m.from) ? man_kind : king_kind));
            pos.set_masks(side_, own_, man_kind, men_, king_kind, kings_);
            if (taken != 0) pos.set_masks(~side_, their_, man_kind, their_men_, king_kind, their_kings_);
            pos.set_side_unhashed(side_);
        }
        /// perft's sibling loop (tradgames/perft.hpp): for each move m of `list`, all legal
        /// moves of the position given to the constructor, which pos is: make m, add child(pos),
        /// unmake m; returns the sum, pos being that position again. A list holds quiet moves
        /// only or captures only (capture is compulsory); captures are made with make and
        /// unmake, quiet moves by a loop that writes only what a quiet move changes (its two
        /// squares and the mover's masks: the mover's other kind unless it is promoted or
        /// reverts, and the opponent's masks, stay), with the side to move set once for all
        /// the children (each has the other side to move). child must leave pos as it found it.
        template <class Child>
        TRADGAMES_ALWAYS_INLINE std::uint64_t for_each(Position& pos, const MoveList& list,
                                                       Child&& child) const {
            std::uint64_t n = 0;
            if (list.empty()) return 0;
            if (list[0].is_capture()) {
                for (const Move& m : list) {
                    make(pos, m);
                    n += child(pos);
                    unmake(pos, m);
                }
                return n;
            }
            const Piece man(side_, man_kind);
            const Piece king(side_, king_kind);
            pos.set_side_unhashed(~side_);
            for (const Move& m : list) {
                // The fields read once into locals: the board's byte stores could alias them.
                const Vertex from = m.from;
                const Vertex to = m.to;
                const Kind promotion = m.promotion;
                const Mask ft = bit(from) | bit(to);
                const bool is_man = has(men_, from);
                const Piece before = is_man ? man : king;
                pos.set_board_only(from, Piece{});
                if (promotion == no_kind) {
                    pos.set_board_only(to, before);
                    if (is_man) {
                        pos.set_masks(side_, own_ ^ ft, man_kind, men_ ^ ft);
                        n += child(pos);
                        pos.set_masks(side_, own_, man_kind, men_);
                    } else {
                        pos.set_masks(side_, own_ ^ ft, king_kind, kings_ ^ ft);
                        n += child(pos);
                        pos.set_masks(side_, own_, king_kind, kings_);
                    }
                } else {
                    // A man promoted, or a king reverting to a man (Tobit's option).
                    pos.set_board_only(to, promotion == man_kind ? man : king);
                    const Mask f = bit(from);
                    const Mask t = bit(to);
                    pos.set_masks(side_, own_ ^ ft, man_kind, is_man ? men_ ^ f : men_ ^ t, king_kind,
                                  is_man ? kings_ ^ t : kings_ ^ f);
                    n += child(pos);
                    pos.set_masks(side_, own_, man_kind, men_, king_kind, kings_);
                }
                pos.set_board_only(to, Piece{});
                pos.set_board_only(from, before);
            }
            pos.set_side_unhashed(side_);
            return n;
        }

    private:
        Color side_;
        Mask own_, men_, kings_, their_, their_men_, their_kings_;
    };

    /// perft's generating sibling loop (the PerftMakesLegalMoves policy of tradgames/perft.hpp):
    /// makes each legal move of pos (the moves generate_moves(pos, ..., dup) lists, in another
    /// order) on pos, adds child(pos) and unmakes it; returns the sum, pos being as it was (the
    /// hash is not touched). Captures are generated into `scratch` and made by SiblingMoves;
    /// quiet moves are made straight from the step tables and the kings' rays, without writing
    /// a Move: each child is still the whole position do_move gives (board, masks, side to
    /// move; not the hash). child must leave pos as it found it. Precondition:
    /// uses_sibling_moves(). Throws Error as generate_moves.
    template <class Child>
    std::uint64_t for_each_legal(Position& pos, MoveList& scratch, Duplicates dup, Child&& child) const {
        scratch.clear();
        if (make_men_jumps_ && dup == Duplicates::unique) {
            // The men's start test here; single jumps made straight from it (no Move written),
            // anything longer, or a king that may capture, by the listed captures.
            std::uint64_t made = 0;
            GhostStart start;
            const MenJumps jumps = make_single_jumps(pos, child, made, start);
            if (jumps == MenJumps::made) return made;
            if (jumps != MenJumps::none) {
                // Longer sequences of men: written from the start test already run; a king
                // that may capture (or a writer that gives up): the generator.
                std::size_t listed = npos_count;
                if (jumps == MenJumps::longer) {
                    listed = write_men_captures(pos.side_to_move(), scratch, start.men, start.victims, start.empty);
                }
                if (listed == npos_count) listed = generate_captures(pos, scratch, dup);
                if (listed > 0) return SiblingMoves(pos).for_each(pos, scratch, child);
            }
        } else if (generate_captures(pos, scratch, dup) > 0) {
            return SiblingMoves(pos).for_each(pos, scratch, child);
        }
        if (hooks_.reverts) {  // a king may revert to a man on a quiet move: the listed moves
            generate_moves(pos, scratch, dup);
            return SiblingMoves(pos).for_each(pos, scratch, child);
        }
        const Color side = pos.side_to_move();
        const Piece man(side, man_kind);
        const Piece king(side, king_kind);
        const Mask own = pos.pieces(side);
        const Mask men = pos.pieces(side, man_kind);
        const Mask kings = pos.pieces(side, king_kind);
        const Mask empty = ~pos.occupied();
        const Mask zone = rules_.promotion_zone[index(side)];
        const StepTable& steps = man_steps_[index(side)];
        std::uint64_t n = 0;
        // Each child has the other side to move: set once. A child's masks are written whole
        // before it is shown (the next move overwrites them); the parent's come back at the end.
        pos.set_side_unhashed(~side);
        // A man's step from -> to, and one that crowns it (the kings' mask is then the
        // parent's again, as the other men's steps expect).
        auto step = [&](Vertex from, Vertex to) {
            const Mask ft = bit(from) | bit(to);
            pos.set_board_only(from, Piece{});
            pos.set_board_only(to, man);
            pos.set_masks(side, own ^ ft, man_kind, men ^ ft);
            n += child(pos);
            pos.set_board_only(to, Piece{});
            pos.set_board_only(from, man);
        };
        auto crown = [&](Vertex from, Vertex to) {
            const Mask f = bit(from);
            const Mask t = bit(to);
            pos.set_board_only(from, Piece{});
            pos.set_board_only(to, king);
            pos.set_masks(side, own ^ f ^ t, man_kind, men ^ f, king_kind, kings ^ t);
            n += child(pos);
            pos.set_masks(side, own, king_kind, kings);
            pos.set_board_only(to, Piece{});
            pos.set_board_only(from, man);
        };
        const Mask plain = empty & ~zone;
        const Mask crowning = empty & zone;
        // Step by step group (a rotation and two ANDs find the men of a group with an empty
        // target; no per-man table look-up), or man by man for a table that is not grouped.
        const bool grouped = steps.for_each_group([&](Mask group, int rot) {
            const Mask g = men & group;
            auto target = [rot](Vertex from) {
                return static_cast<Vertex>((static_cast<unsigned>(from) + static_cast<unsigned>(rot)) %
                                           static_cast<unsigned>(max_vertices));
            };
            for_each_vertex(g & rotate_down(plain, rot), [&](Vertex from) { step(from, target(from)); });
            const Mask crowners = g & rotate_down(crowning, rot);
            if (crowners != 0) for_each_vertex(crowners, [&](Vertex from) { crown(from, target(from)); });
        });
        if (!grouped) {
            for_each_vertex(steps.movers(men, empty), [&](Vertex from) {
                const Mask targets = steps[from] & empty;
                for_each_vertex(targets & plain, [&](Vertex to) { step(from, to); });
                for_each_vertex(targets & crowning, [&](Vertex to) { crown(from, to); });
            });
        }
        if (kings != 0) {
            // Every king may move (no king-move limit, the precondition).
            pos.set_masks(side, own, man_kind, men, king_kind, kings);
            const Topology& t = topology();
            for_each_vertex(kings, [&](Vertex from) {
                const Mask f = bit(from);
                pos.set_board_only(from, Piece{});
                auto make = [&](Vertex to) {
                    const Mask ft = f | bit(to);
                    pos.set_board_only(to, king);
                    pos.set_masks(side, own ^ ft, king_kind, kings ^ ft);
                    n += child(pos);
                    pos.set_board_only(to, Piece{});
                };
                if (d_.king.flying) {
                    for_each_direction(king_dirs_[index(side)], [&](Direction d) {
                        for (Vertex to : t.ray(from, d)) {
                            if (!has(empty, to)) break;
                            make(to);
                        }
                    });
                } else {
                    for_each_vertex(king_steps_[index(side)][from] & empty, make);
                }
                pos.set_board_only(from, king);
            });
        }
        pos.set_masks(side, own, man_kind, men, king_kind, kings);
        pos.set_side_unhashed(side);
        return n;
    }

    /// Whether perft makes this variant's moves with SiblingMoves: without a king-move limit
    /// (with one, a move also updates the count of king moves: perft uses do_move/undo_move).
    [[nodiscard]] bool uses_sibling_moves() const noexcept { return d_.king_move_limit == 0; }

protected:
    /// The rule that refuses a move text, found by relaxing one rule of the descriptor at a
    /// time: a precedence criterion (majority, quality, king first), a victim filter (Italian),
    /// the king-move limit (Frisian); a man's backward step; else Variant's answer.
    [[nodiscard]] MoveExplanation explain_refusal(const Position& pos, const ParsedMoveText& t,
                                                  const MoveList& legal) const override;
    [[nodiscard]] bool writes_landing(const Position& pos, const Move& m,
                                      std::size_t i) const override;

private:
    /// What make_single_jumps found: no capture, its captures made, or captures it leaves to
    /// the generator.
    enum class MenJumps : std::uint8_t { none, made, longer, general };
    /// The men's start test on the ghost bits (write_men_captures' arguments): the men with a
    /// capture, the enemy pieces, the empty squares.
    struct GhostStart {
        Mask men = 0, victims = 0, empty = 0;
    };
    /// for_each_legal's captures where make_men_jumps_ holds, U: the men's start test on
    /// the ghost bits (CaptureRules::side_candidates' test, by men_jumps_); when the side has no
    /// king and no man's first landing has a second jump open (in a straight ghost layout
    /// the square the man left matters only to the jump back over the piece just taken, which
    /// may not be jumped twice: the open jumps of the parent position tell), every capture is
    /// one jump and one move (the majority rule keeps them all, and no two share a result):
    /// each is made on pos (the man leaves, the victim goes, the man lands, a king on the
    /// promotion zone), child(pos) added to n and unmade, as SiblingMoves::make would. Returns
    /// none (nothing made: no capture), made, longer (nothing made: a man's sequence is longer;
    /// `start` holds the test for write_men_captures; only without mid_capture_) or general
    /// (nothing made: the side has a king, or under mid_capture_ a first landing is on the
    /// promotion zone or a sequence is longer; the generator lists the captures, if any).
    /// Precondition: make_men_jumps_, uses_sibling_moves().
    template <class Child>
    TRADGAMES_ALWAYS_INLINE MenJumps make_single_jumps(Position& pos, Child& child, std::uint64_t& n,
                                                       GhostStart& start) const {
#if TRADGAMES_MAX_VERTICES == 64
        const Color side = pos.side_to_move();
        const Mask their = pos.pieces(~side);
        const Mask kings = pos.pieces(side, king_kind);
        // A side with a king: the generator (its king start test inlined here as well made GCC
        // call CaptureRules::starts out of line in generate_captures, +1% on Russian perft).
        if (kings != 0) return MenJumps::general;
        const auto& g = rules_.ghost;
        const Mask victims = g.to_ghost(their);
        const Mask empty = g.to_ghost(~pos.occupied());
        const Mask men = pos.pieces(side, man_kind);
        const Mask men_g = g.to_ghost(men);
        const CaptureRules::JumpGroup* const jumps = men_jumps_[index(side)].data();
        // open[i]: the ghost bits (a man's or not) from which jump i is open.
        std::array<Mask, direction_count> open;
        Mask starts = 0;
        Mask landings = 0;
        std::size_t k = 0;
        for (const CaptureRules::JumpGroup* j = jumps; j->from != 0; ++j, ++k) {
            open[k] = j->from & rotate_down(victims & rotate_down(empty, j->over_rot), j->over_rot);
            const Mask s = open[k] & men_g;
            starts |= s;
            landings |= std::rotl(s, j->to_rot);
        }
        if (starts == 0) return MenJumps::none;
        // Under mid_capture_ a man crowned on its first landing may go on as a king: such a
        // landing counts as one with a second jump (mid_zone_ghost_ is empty otherwise).
        Mask again = 0;
        for (std::size_t i = 0; i < k; ++i) again |= open[i] & landings;
        if (mid_capture_) again |= landings & mid_zone_ghost_[index(side)];
        if (again != 0) {
            // ManCaptureWriter does not crown in the middle of a sequence: the generator.
            if (mid_capture_) return MenJumps::general;
            start = GhostStart{starts, victims, empty};
            return MenJumps::longer;
        }
        const Piece man(side, man_kind);
        const Piece king(side, king_kind);
        const Piece their_man(~side, man_kind);
        const Piece their_king(~side, king_kind);
        const Mask own = pos.pieces(side);
        const Mask their_men = pos.pieces(~side, man_kind);
        const Mask their_kings = pos.pieces(~side, king_kind);
        const Mask zone = rules_.promotion_zone[index(side)];
        pos.set_side_unhashed(~side);
        k = 0;
        for (const CaptureRules::JumpGroup* j = jumps; j->from != 0; ++j, ++k) {
            for (Mask s = open[k] & men_g; s != 0; s &= s - 1) {
                const auto b = static_cast<unsigned>(std::countr_zero(s));
                const Vertex from = ghost_vertex_[b];
                const Vertex over = ghost_vertex_[(b + j->over_rot) % 64U];
                const Vertex to = ghost_vertex_[(b + j->to_rot) % 64U];
                const Mask f = bit(from);
                const Mask t = bit(to);
                const Mask o = bit(over);
                const Piece victim = has(their_men, over) ? their_man : their_king;
                pos.set_board_only(from, Piece{});
                pos.set_board_only(over, Piece{});
                if (has(zone, to)) {
                    pos.set_board_only(to, king);
                    pos.set_masks(side, own ^ f ^ t, man_kind, men ^ f, king_kind, kings ^ t);
                } else {
                    pos.set_board_only(to, man);
                    pos.set_masks(side, own ^ f ^ t, man_kind, men ^ f ^ t, king_kind, kings);
                }
                pos.set_masks(~side, their ^ o, man_kind, their_men & ~o, king_kind, their_kings & ~o);
                n += child(pos);
                pos.set_board_only(to, Piece{});
                pos.set_board_only(over, victim);
                pos.set_board_only(from, man);
            }
        }
        pos.set_masks(side, own, man_kind, men, king_kind, kings);
        pos.set_masks(~side, their, man_kind, their_men, king_kind, their_kings);
        pos.set_side_unhashed(side);
        return MenJumps::made;
#else
        (void)pos, (void)child, (void)n, (void)start;
        return MenJumps::general;
#endif
    }
    /// The number of non-capturing moves in a row of side's tracked king (king_move_limit).
    [[nodiscard]] static int king_moves_in_a_row(const PositionState& s, Color side) noexcept;
    /// Keeps the moves out[first..] that are best by the precedence criteria, from the
    /// criterion-th on (the earlier ones already hold, e.g. most_pieces applied while searching).
    void apply_precedence(const Position& pos, MoveList& out, std::size_t first,
                          std::size_t criterion) const;
    /// do_move under a king-move limit (DraughtsDescriptor::king_move_limit > 0).
    void do_move_counting_kings(Position& pos, const Move& m, Undo& u) const;
    /// Appends the legal captures (precedence applied) to out; returns their number.
    std::size_t generate_captures(const Position& pos, MoveList& out, Duplicates dup) const;
    /// generate_captures (U) for side's men on `men` (the start test's, no king may capture),
    /// with enemy pieces `victims` and empty squares `empty`, all in ghost bits, by
    /// ManCaptureWriter (write_men_captures_); npos_count, nothing appended, when the
    /// generator must decide. Out of line: most positions have no capture.
    [[gnu::noinline]] std::size_t write_men_captures(Color side, MoveList& out, Mask men, Mask victims,
                                                     Mask empty) const;
    static constexpr std::size_t npos_count = static_cast<std::size_t>(-1);
    /// The non-capturing moves generate_moves writes when no capture is legal, counted: one per
    /// empty step target of a man or a stepping king, one per empty vertex before the first
    /// occupied one on a flying king's rays.
    [[nodiscard]] inline std::size_t count_quiet(const Position& pos) const noexcept;  // variant.cpp only
    /// The kings of the side to move that may make a quiet move (king_move_limit).
    [[nodiscard]] Mask movable_kings(const Position& pos) const noexcept;

    DraughtsDescriptor d_;
    CaptureRules rules_{};
    /// rules_.plain(), read once per generate_captures call.
    bool plain_rules_ = false;
    /// count_legal counts U captures without writing them when only men capture (plain rules,
    /// a ghost numbering, no precedence but the majority rule; under mid_capture_ only where
    /// every capture is one jump that does not crown): set once by the constructor.
    bool count_men_captures_ = false;
    DraughtsHooks hooks_{};
    std::array<StepTable, 2> man_steps_{};
    std::array<StepTable, 2> king_steps_{};
    std::array<DirectionSet, 2> king_dirs_{};
    PositionRules position_rules_{};
    /// [side]: no quiet move of that side's men ever ends farther back than it started.
    std::array<bool, 2> men_never_back_{};
    /// generate_captures writes the men's captures with ManCaptureWriter (variant.cpp) when no
    /// king may capture: make_men_jumps_ without promotion in the middle of a capture. Set
    /// once by the constructor.
    bool write_men_captures_ = false;
    /// for_each_legal makes the men's single jumps itself (make_single_jumps):
    /// count_men_captures_'s rules, no king reversion, and every man jump of a direction one
    /// rotation of the ghost numbering. Set once by the constructor.
    bool make_men_jumps_ = false;
    /// CaptureRules::promote_mid_capture: a man crowned during a capture goes on as a king
    /// (Russian), so count_legal and make_single_jumps give every position where a first
    /// landing is on the promotion zone, or a sequence is longer than one jump, to the generator.
    bool mid_capture_ = false;
    /// [side]: the promotion zone in ghost bits under mid_capture_ (count_men_captures_), else
    /// empty.
    std::array<Mask, 2> mid_zone_ghost_{};
    /// [side]: the men's jumps in the ghost numbering, one entry a capture direction in the
    /// order of the directions (the generator's order), ending with an empty `from`.
    std::array<std::array<CaptureRules::JumpGroup, direction_count + 1>, 2> men_jumps_{};
    /// The vertex of each ghost bit (write_men_captures_).
    std::array<Vertex, 64> ghost_vertex_{};
    /// plain_rules_ && !write_men_captures_: generate_captures runs the start test of both
    /// kinds and the plain search.
    bool plain_search_ = false;
};

/// Creates the variant of descriptor `d` with rule options ("key=value"). Throws OptionError
/// for a bad option, DescriptorError for a descriptor the build cannot hold.
[[nodiscard]] std::shared_ptr<const Variant> make_draughts_variant(
    const DraughtsDescriptor& d, const std::vector<std::string>& options = {});

}  // namespace tradgames
