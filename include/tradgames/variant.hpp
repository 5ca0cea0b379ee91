// tradgames: the variant interface.
//
// A variant is a descriptor (board graph, piece kinds, capture rules as data, rule options)
// plus the few hooks that differ between games (quiet moves, drops, side effects of a move,
// notation details, position strings). Front ends use only this interface; each game lives in
// variants/<name>/, and the games library's registry (tradgames/registry.hpp) names them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/board_style.hpp"
#include "tradgames/explain.hpp"
#include "tradgames/move.hpp"
#include "tradgames/options.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/position.hpp"
#include "tradgames/result.hpp"
#include "tradgames/topology.hpp"
#include "tradgames/types.hpp"

namespace tradgames {

/// Description of one piece kind of a variant.
struct PieceKindInfo {
    /// Name in the field's terms: "man", "king", "hul", "tobit", "biy", "batyr", ...
    std::string name;
    /// Prefix letter in position strings (PDN FEN), '\0' for the default kind (man, hul,
    /// shatra). Russian/Tobit king: 'K'; Shatra: K biy, Q batyr, R tura, Y yalkyn.
    char letter = '\0';
    /// One-character symbol for text boards, White's (Black's is its lower case).
    char symbol = '?';
};

/// A move as it was matched from text, with how the text was written.
struct ParsedMoveText {
    /// Squares in the order written (at least two).
    std::vector<Vertex> squares;
    /// Promotion letter after '=', or '\0'.
    char promotion = '\0';
};

/// What Variant::generate_if_capture found in a position.
enum class LeafMoves : std::uint8_t {
    none,      ///< the side to move has no legal move (nothing appended)
    quiet,     ///< legal moves, none of them a capture (nothing appended)
    captures,  ///< a capture among the legal moves (every legal move appended, as generate)
};

/// What Variant::generate_or_count did.
struct CountedMoves {
    /// The number of legal moves: what generate(pos, out, dup) appends.
    std::size_t count = 0;
    /// Whether they were appended to out. When false, none of them is a capture, and
    /// Variant::nth_move writes any one of them alone.
    bool listed = true;
};

/// Game-level rules of a variant that the Game applies itself.
struct GameRules {
    /// A position occurring this many times is a draw; 0 = no repetition rule.
    int repetition_draw = 3;
    /// The game is drawn after this many plies; 0 = no cap.
    int ply_cap = 0;
};

/// Declaration of the rule option `repetition_draw` that every variant shares: a position
/// occurring this many times is a draw (GameRules::repetition_draw), 0 = off. `clause` is the
/// rule it implements, for the help text ("FMJD64 7.2.3", "E3", "A23").
[[nodiscard]] OptionSpec repetition_draw_option(const std::string& clause);

/// The value of `repetition_draw` in o. Throws OptionError for 1, which would end every game
/// at once (the start position is its own first occurrence).
[[nodiscard]] int repetition_draw_value(const RuleOptions& o);

/// What an adjudicator decided: the outcome and the rule that decided it. `reason` views text
/// the adjudicator owns (built when it was made, so that deciding a game allocates nothing); it
/// stays valid while the adjudicator, or the variant that made it, lives.
struct Verdict {
    Outcome outcome = Outcome::ongoing;
    std::string_view reason;
};

/// Per-variant adjudication (draw rules with counters, variant-specific wins), fed one move at a
/// time by Game. An adjudicator is a value: Game keeps one per position played, for undo, and
/// reuses those objects from game to game (assign, not clone), so that playing a move allocates
/// nothing once a game of that length has been played. It must not outlive its variant.
class Adjudicator {
public:
    virtual ~Adjudicator() = default;
    /// A copy of this adjudicator's state (allocates; Game calls it only to grow its pool).
    [[nodiscard]] virtual std::unique_ptr<Adjudicator> clone() const = 0;
    /// Makes this adjudicator's state equal to other's, without allocating. Precondition: other
    /// has the same dynamic type and was made by the same variant (same rule options: the text
    /// of the reasons, fixed by the options, is not copied).
    virtual void assign(const Adjudicator& other) = 0;
    /// Called after `m` led from `before` to `after`; returns a verdict if a rule ends the game
    /// there, else nullopt. `has_moves` tells whether the side to move in `after` has a legal
    /// move (a rule may want to name the reason of a loss itself, e.g. a captured biy).
    virtual std::optional<Verdict> after_move(const Position& before, const Move& m,
                                              const Position& after, bool has_moves) = 0;
    /// Called once for the start position of a game (a set-up position may already be
    /// decided, e.g. bare biys); returns a verdict if a rule ends the game there. Default: none.
    virtual std::optional<Verdict> at_start(const Position& start, bool has_moves);
};

/// What reading a position string checks beyond its grammar (fen.hpp): used by
/// Variant::read_position.
struct PositionRules {
    /// [side][kind]: vertices where such a piece may not stand (a man on its own promotion
    /// row). Empty by default.
    std::array<std::array<Mask, max_kinds>, 2> forbidden{};
    /// Why a forbidden vertex is forbidden, for the message: "its own promotion rank".
    std::string forbidden_reason;
    /// Most pieces one side may have.
    int max_pieces = max_vertices;
    /// Letters of extra fields that are tolerated and ignored (Russian: "HF", lidraughts'
    /// clock fields); any other extra field is a ParseError.
    std::string ignored_fields;
    /// Word for a vertex in messages: "square", "point".
    std::string vertex_word = "square";
    /// Message for a vertex name the board does not have, without the offset, e.g.
    /// "unknown square '33' (a1..h8 or 1..32)". Empty: "unknown <vertex_word> '<name>'".
    std::function<std::string(const std::string&)> unknown_vertex;
};

/// Abstract variant. Instances are immutable after construction and safe to share between
/// threads; every method is const.
class Variant {
public:
    virtual ~Variant() = default;

    /// Registry name: "russian", "shatra", "tobit", "tobit-4x4".
    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    /// One-line description.
    [[nodiscard]] const std::string& description() const noexcept { return description_; }
    /// The compiled board.
    [[nodiscard]] const Topology& topology() const noexcept { return *topology_; }
    /// Current rule options (fixed at construction).
    [[nodiscard]] const RuleOptions& options() const noexcept { return options_; }
    /// Piece kinds, indexed by Kind.
    [[nodiscard]] const std::vector<PieceKindInfo>& kinds() const noexcept { return kinds_; }

    /// The initial position of the game.
    [[nodiscard]] virtual Position initial_position() const = 0;

    /// Appends the legal moves of the side to move to out (out is not cleared). An empty result
    /// means the side to move has no legal move (it has lost, or the game is already over).
    /// Throws Error if out overflows.
    virtual void generate(const Position& pos, MoveList& out,
                          Duplicates dup = Duplicates::unique) const = 0;
    /// The number of legal moves generate(pos, list, dup) would append, counted without
    /// writing the moves where the variant can (bulk counting at the leaves of perft). Default:
    /// generates them into a local list. Throws as generate.
    [[nodiscard]] virtual std::size_t count_moves(const Position& pos,
                                                  Duplicates dup = Duplicates::unique) const;
    /// The question a search asks at a quiescence leaf, answered without writing quiet moves
    /// where the variant can: if a capture is among the legal moves, appends the legal moves
    /// exactly as generate(pos, out, dup) would and returns LeafMoves::captures; otherwise
    /// appends nothing and returns whether the side to move has a legal move (quiet) or none.
    /// Default: generates the moves and looks. Throws as generate.
    [[nodiscard]] virtual LeafMoves generate_if_capture(const Position& pos, MoveList& out,
                                                        Duplicates dup = Duplicates::unique) const;
    /// For a caller that plays one legal move chosen by its index (random playouts, Game's
    /// MoveListing::lazy): appends the legal moves exactly as generate(pos, out, dup) would and
    /// returns their number; or, where the variant can count them without writing them and none
    /// of them is a capture, appends nothing and returns their number with `listed` false, so
    /// that nth_move writes only the one chosen. Default (VariantBase): generate_moves, listed.
    /// Throws as generate.
    [[nodiscard]] virtual CountedMoves generate_or_count(const Position& pos, MoveList& out,
                                                         Duplicates dup = Duplicates::unique) const;
    /// Writes into m the move k of the list generate(pos, list, dup) writes (the same move, in
    /// the same order), without writing the others where the variant can. Precondition: k is
    /// below the count of generate_or_count(pos, ..., dup), and that call left the moves
    /// unlisted (a variant may rely on what it found then: e.g. that no capture is legal).
    /// Default: generates the list and copies its move k. Throws as generate.
    virtual void nth_move(const Position& pos, std::size_t k, Move& m,
                          Duplicates dup = Duplicates::unique) const;
    /// Whether generate_or_count ever leaves moves unlisted; when false it is generate, and a
    /// caller may call generate instead. Default (VariantBase): whether the variant declares its
    /// own generate_or_count_moves.
    [[nodiscard]] virtual bool counts_moves() const noexcept { return false; }
    /// Makes a legal move, saving what unmake_move needs in u. Precondition: m was generated
    /// for pos.
    virtual void make_move(Position& pos, const Move& m, Undo& u) const = 0;
    /// Undoes make_move(pos, m, u) exactly (placement, state, hash).
    virtual void unmake_move(Position& pos, const Move& m, const Undo& u) const = 0;
    /// Leaf count of the move tree to `depth` plies (depth 0: 1): the one virtual call into
    /// perft_walk (tradgames/perft.hpp) instantiated for the concrete variant (VariantBase
    /// implements it). pos is unchanged after it; its hash may be stale in between. Front ends
    /// call tradgames::perft.
    [[nodiscard]] virtual std::uint64_t perft(Position& pos, int depth,
                                              const PerftOptions& opt) const = 0;

    /// The move in the variant's notation: "c3-d4", "e3:c5:a7", "61-35", "5-2=Q".
    [[nodiscard]] virtual std::string move_to_string(const Position& pos, const Move& m) const;
    /// Finds the legal move written as `text` (separators '-', ':' or 'x'; any subset of the
    /// intermediate landing squares may be written). With Duplicates::unique the canonical move
    /// of its resulting position is returned. Throws ParseError for malformed text or an
    /// unknown square, IllegalMoveError if no legal move matches, AmbiguousMoveError (listing
    /// the candidates) if moves with different results match.
    /// Its IllegalMoveError carries the structured reason of explain_move (reason(), rule(),
    /// legal()), and its message ends with the reason in words and the rule.
    [[nodiscard]] Move parse_move(const Position& pos, std::string_view text,
                                  Duplicates dup = Duplicates::unique) const;
    /// Whether `text` is a legal move in pos and, if not, why (tradgames/explain.hpp): the
    /// reason, the RULES.md section, the legal alternatives. Malformed text is not_a_move (no
    /// ParseError); a legal text gives the move parse_move(pos, text, dup) returns. Throws only
    /// what generate throws (a crafted position overflowing a move list).
    [[nodiscard]] MoveExplanation explain_move(const Position& pos, std::string_view text,
                                               Duplicates dup = Duplicates::unique) const;
    /// The section of the variant's rules that decides reason r, written
    /// "variants/<game>/RULES.md §N", or empty when the variant names none. Default: empty.
    [[nodiscard]] virtual std::string rule_section(MoveReason r) const;

    /// Reads a position string (PDN FEN style). Throws ParseError (malformed text, naming the
    /// place) or PositionError (impossible position, naming the problem).
    [[nodiscard]] virtual Position parse_position(std::string_view text) const = 0;
    /// Writes the position string; parse_position(position_to_string(p)) == p.
    [[nodiscard]] virtual std::string position_to_string(const Position& pos) const = 0;

    /// Repetition and ply-cap rules for Game, from the rule options. Default: threefold
    /// repetition, no cap.
    [[nodiscard]] virtual GameRules game_rules() const;
    /// A fresh adjudicator for a game starting at `start`, or nullptr when the variant has no
    /// rule beyond those Game applies (no legal move, repetition, ply cap).
    [[nodiscard]] virtual std::unique_ptr<Adjudicator> make_adjudicator(const Position& start) const;
    /// Whether no position that occurred before move m (which led from `before` to `after`) can
    /// occur again after it, whatever is played next: Game counts repetitions only from the
    /// position after the last such move. A variant must answer true only for moves that
    /// provably can never be undone (a wrong true would miss a repetition draw); false is always
    /// safe, merely slower. Default: m is a capture (sound when no piece ever enters the board;
    /// a variant where pieces enter the board must override this).
    [[nodiscard]] virtual bool irreversible(const Position& before, const Move& m,
                                            const Position& after) const;

    /// Whether generate() always lists every capture before every other move, so that a list
    /// holds a capture iff its first move is one and only captures iff its last move is one
    /// (play_out's statistics read just those two). A variant must answer true only when its
    /// generator guarantees the order (the conformance test checks it on playout positions);
    /// false is always safe, merely slower. Default: false.
    [[nodiscard]] virtual bool captures_first() const noexcept { return false; }

    /// PDN GameType number of the variant (PDN 3.0: 20 international, 21 English, 25
    /// Russian, ...), or 0 when PDN has none and records carry a [Variant] tag. Default: 0.
    [[nodiscard]] virtual int pdn_game_type() const noexcept { return 0; }

    /// How pictures of the board are drawn (io/svg.hpp, io/ascii.hpp). Default: the graph's
    /// points joined by its links, every point named, no zones: faithful for any board.
    [[nodiscard]] virtual BoardStyle board_style() const;

protected:
    Variant(std::string name, std::string description, std::shared_ptr<const Topology> topology,
            RuleOptions options, std::vector<PieceKindInfo> kinds);

    /// Whether landing i (< path.size()-1) of a capture is written in notation. Default: all.
    [[nodiscard]] virtual bool writes_landing(const Position& pos, const Move& m,
                                              std::size_t i) const;
    /// Separator written between the squares of a capture. Default ':'.
    [[nodiscard]] virtual char capture_separator() const noexcept { return ':'; }
    /// Text appended for a promotion to kind k. Default: none.
    [[nodiscard]] virtual std::string promotion_suffix(Kind k) const;
    /// Reads a position string: side to move and piece lists by split_fen, a piece's kind by
    /// its prefix (the `letter` of kinds(); none for the default kind), vertices by name or
    /// alias. Throws ParseError for malformed text, an unknown prefix, vertex or field (naming
    /// it and its offset); PositionError for a vertex used twice, a piece on a vertex
    /// r.forbidden bars, or more than r.max_pieces pieces of one side.
    [[nodiscard]] Position read_position(std::string_view text, const PositionRules& r) const;
    /// Splits move text into squares and a promotion letter. Default: squares separated by
    /// '-', ':' or 'x', optional "=L" suffix. Throws ParseError.
    [[nodiscard]] virtual ParsedMoveText split_move_text(std::string_view text) const;
    /// Why the move text `t` (which names a piece of the side to move on its first square and
    /// matches none of `legal`, the non-empty U list of pos) is refused: reason, message and
    /// alternatives (explain_move fills rule and the notation of the alternatives). Default:
    /// must_continue (t stops on a landing inside a legal capture of that piece),
    /// capture_compulsory (captures_first() and the list holds captures), blocked (t's last
    /// square, or a square on a straight way to it, is occupied), else no_such_move with the
    /// piece's legal moves. A variant overrides it to name the rules it knows (precedence...).
    /// Whether move text t names m: same first and last square, the promotion letter if
    /// written, and the written intermediate squares in order on m's way (the test parse_move
    /// and explain_move apply to every legal move).
    [[nodiscard]] bool text_matches(const ParsedMoveText& t, const Move& m) const;
    [[nodiscard]] virtual MoveExplanation explain_refusal(const Position& pos,
                                                          const ParsedMoveText& t,
                                                          const MoveList& legal) const;

private:
    std::string name_;
    std::string description_;
    std::shared_ptr<const Topology> topology_;
    RuleOptions options_;
    std::vector<PieceKindInfo> kinds_;
};

/// Base for concrete variants: implements the virtual move interface and perft on top of the
/// derived class's non-virtual generate_moves / do_move / undo_move (and, optionally,
/// count_legal and SiblingMoves: the policies of tradgames/perft.hpp), so that perft runs
/// without virtual calls (CRTP). A derived class may also declare generate_or_count_moves and
/// nth_unlisted_move (the signatures of generate_or_count and nth_move), which those call.
template <class Derived>
class VariantBase : public Variant {
public:
    void generate(const Position& pos, MoveList& out, Duplicates dup) const final {
        self().generate_moves(pos, out, dup);
    }
    CountedMoves generate_or_count(const Position& pos, MoveList& out, Duplicates dup) const final {
        if constexpr (requires { self().generate_or_count_moves(pos, out, dup); }) {
            return self().generate_or_count_moves(pos, out, dup);
        } else {
            // Listed: the list as generate writes it, without a second virtual call.
            const std::size_t first = out.size();
            self().generate_moves(pos, out, dup);
            return {out.size() - first, true};
        }
    }
    bool counts_moves() const noexcept final {
        return requires(const Derived& d, const Position& p, MoveList& l, Duplicates dup) {
            d.generate_or_count_moves(p, l, dup);
        };
    }
    void nth_move(const Position& pos, std::size_t k, Move& m, Duplicates dup) const final {
        if constexpr (requires { self().nth_unlisted_move(pos, k, m, dup); }) {
            self().nth_unlisted_move(pos, k, m, dup);
        } else {
            Variant::nth_move(pos, k, m, dup);
        }
    }
    std::size_t count_moves(const Position& pos, Duplicates dup) const final {
        // One list per thread, kept between calls: a game with more moves than a MoveList holds
        // inline (Shatra's drops) would otherwise allocate on every call (the engine's mobility
        // term calls this at every leaf). perft_count does not call count_moves again.
        thread_local MoveList scratch;
        scratch.clear();
        return perft_count(self(), pos, dup, scratch);
    }
    void make_move(Position& pos, const Move& m, Undo& u) const final { self().do_move(pos, m, u); }
    void unmake_move(Position& pos, const Move& m, const Undo& u) const final {
        self().undo_move(pos, m, u);
    }
    std::uint64_t perft(Position& pos, int depth, const PerftOptions& opt) const final {
        return perft_walk(self(), pos, depth, opt);
    }

    /// Default make: the generic part only (apply_move). A variant with side effects (state,
    /// other pieces) declares its own do_move/undo_move, which hide these.
    void do_move(Position& pos, const Move& m, Undo& u) const { apply_move(pos, m, u); }
    /// Default unmake: revert_move.
    void undo_move(Position& pos, const Move& m, const Undo& u) const { revert_move(pos, m, u); }

protected:
    using Variant::Variant;

private:
    const Derived& self() const noexcept { return static_cast<const Derived&>(*this); }
};

/// Builds a variant's RuleOptions from its declarations and "key=value" assignments (applied in
/// order), checks the shared options (repetition_draw), and constructs V(args..., options).
/// Throws OptionError for an unknown key or a bad value.
template <class V, class... Args>
[[nodiscard]] std::shared_ptr<const Variant> build_variant(std::vector<OptionSpec> specs,
                                                           const std::vector<std::string>& assignments,
                                                           Args&&... args) {
    RuleOptions o(std::move(specs));
    for (const auto& a : assignments) o.set(a);
    if (o.has("repetition_draw")) (void)repetition_draw_value(o);
    return std::make_shared<const V>(std::forward<Args>(args)..., std::move(o));
}

}  // namespace tradgames
