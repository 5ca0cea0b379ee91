// tradgames: a game in progress: the history of moves and positions, undo, and the result.
//
// The result is decided after every move, in this order: the variant's adjudicator (a win such as
// Shatra's captured biy, or a draw rule such as FMJD64 7.2.4-7.2.8, Tobit E4/E5); no legal move for
// the side to move (it loses: variants/russian/RULES.md §1.5, variants/tobit/RULES.md E1,
// variants/shatra/RULES.md §7); repetition of the same position (placement, side to move, variant
// state: the Zobrist hash) the variant's number of times; the variant's ply cap.
//
// Repetitions are counted only back to the last irreversible move (Variant::irreversible): no
// earlier position can occur again. Storage (positions, moves, adjudicator states, the result's
// text) is kept between games by reset(), so that a Game reused for many games allocates nothing
// per move or per game once it has played a game as long as the current one; so are the start
// position's legal moves, which reset() copies instead of generating them again.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/result.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// How much of its past a Game keeps (Game::set_history).
enum class GameHistory : std::uint8_t {
    /// Every position and move since the start: undo() back to the start position.
    full,
    /// Only what the rules still read: the positions, hashes and adjudicator states since the
    /// last irreversible move (Variant::irreversible) and the position and move just before it.
    /// Results are the same as with `full` (repetitions are counted only back to that move; the
    /// adjudicator's counters are carried in its state), but a long game's memory stays small and
    /// hot: what batched environments (VectorEnv), which never take moves back, use.
    recent,
};

/// When a Game writes the legal moves of the positions it reaches (Game::set_listing).
enum class MoveListing : std::uint8_t {
    /// After every move: legal_moves() only reads them.
    eager,
    /// After every move the variant counts them (Variant::generate_or_count), writing them only
    /// where it must (captures); an unwritten list is written by the first legal_moves() call
    /// in the position, and play_legal(i) then has the variant write move i alone
    /// (Variant::nth_move). The same moves and results; for callers that choose a move by its
    /// index without reading the list (random playouts: play_out sets it).
    lazy,
};

/// A game: start position, moves, the positions they lead to, and the result.
///
/// Not thread-safe; one Game per thread. The variant must outlive nothing: the Game shares it.
class Game {
public:
    /// A new game from `start` (default: the variant's initial position).
    /// Precondition: variant is not null.
    explicit Game(std::shared_ptr<const Variant> variant,
                  std::optional<Position> start = std::nullopt);

    /// Starts a new game of the same variant from `start` (default: the variant's initial
    /// position), keeping the storage of the old one. Allocates nothing when the start position
    /// is the previous game's (the start adjudicator is copied from a kept one) and no longer a
    /// game than before is played.
    void reset(const std::optional<Position>& start = std::nullopt);

    [[nodiscard]] const Variant& variant() const noexcept { return *variant_; }
    [[nodiscard]] const std::shared_ptr<const Variant>& variant_ptr() const noexcept {
        return variant_;
    }
    /// The position before the first move.
    [[nodiscard]] const Position& start_position() const noexcept { return fresh_start_; }
    /// The current position.
    [[nodiscard]] const Position& position() const noexcept { return positions_.back(); }
    /// Positions reached, start first; positions()[i] is the position before moves()[i]. With
    /// GameHistory::recent, those kept only: positions()[0] is then the position before ply
    /// dropped_plies() (the first kept move), not necessarily the start.
    [[nodiscard]] const std::vector<Position>& positions() const noexcept { return positions_; }
    /// Moves played (with GameHistory::recent, from ply dropped_plies() on).
    [[nodiscard]] const std::vector<Move>& moves() const noexcept { return moves_; }
    /// Number of moves played (plies), dropped ones included.
    [[nodiscard]] std::size_t ply() const noexcept { return dropped_ + moves_.size(); }
    /// Moves of this game no longer in moves() (0 with GameHistory::full).
    [[nodiscard]] std::size_t dropped_plies() const noexcept { return dropped_; }
    /// How much of its past the game keeps (GameHistory::full unless set_history changed it).
    [[nodiscard]] GameHistory history() const noexcept { return history_; }
    /// Keeps h from now on, for this game and the next ones (reset() does not change it). With
    /// GameHistory::recent the history before an irreversible move is dropped when that move
    /// is played; going back to full keeps everything from then on (what was dropped stays
    /// dropped).
    void set_history(GameHistory h) noexcept { history_ = h; }
    /// Legal moves in the current position (U); empty once the game is over. With
    /// MoveListing::lazy the first call in a position may write them (the Game is not
    /// thread-safe, even for const calls); throws then as Variant::generate.
    [[nodiscard]] const MoveList& legal_moves() const {
        if (!listed_) list_legal();
        return legal_;
    }
    /// The number of legal moves in the current position (legal_moves().size()), without
    /// writing them; 0 once the game is over.
    [[nodiscard]] std::size_t legal_count() const noexcept { return legal_count_; }
    /// Whether the current position's legal moves are written (always with MoveListing::eager),
    /// so that legal_moves() only reads them. When false, none of them is a capture.
    [[nodiscard]] bool legal_listed() const noexcept { return listed_; }
    /// How this game writes legal moves (MoveListing::eager unless set_listing changed it).
    [[nodiscard]] MoveListing listing() const noexcept { return listing_; }
    /// Uses l from the next position on, for this game and the next ones (reset() does not
    /// change it); the current position's list stays as it is (legal_moves() writes it when
    /// it is needed).
    void set_listing(MoveListing l) noexcept { listing_ = l; }
    /// The result so far. (Every earlier position was ongoing: a move was played from it.)
    [[nodiscard]] const GameResult& result() const noexcept { return result_; }

    /// Plays m. Throws IllegalMoveError if the game is over or m is not a legal move (compared
    /// by its result, so any path of a legal capture is accepted).
    void play(const Move& m);
    /// Plays legal_moves()[i] (what a playout picks by index, without searching the list; an
    /// unwritten list stays unwritten: the variant writes move i alone). Throws
    /// IllegalMoveError if i >= legal_count() (no move once the game is over).
    void play_legal(std::size_t i);
    /// Parses `text` with Variant::parse_move and plays it; returns the move played.
    /// Throws as parse_move, and IllegalMoveError if the game is over.
    Move play(std::string_view text);
    /// Takes back the last move (the game is open again). Throws Error if no move has been
    /// played, or if the position before it is no longer kept (GameHistory::recent dropped
    /// the history that position's repetition count needs).
    void undo();
    /// Ends the game by an outside decision (resignation, agreement, time); undo() reopens it.
    /// Throws Error if r is not a finished result (r.over() is false).
    void set_result(GameResult r);
    /// The same, copying `reason` into the result's kept text (no allocation once the text has
    /// had that length). Throws Error if o is Outcome::ongoing.
    void set_result(Outcome o, std::string_view reason);

    /// Times the current position has occurred so far (1 for a new position), counted from
    /// positions()[repetition_start()].
    [[nodiscard]] int repetitions() const noexcept;
    /// Index into positions() of the position after the last irreversible move (0 if none):
    /// no position before it can occur again (Variant::irreversible).
    [[nodiscard]] std::size_t repetition_start() const noexcept { return horizon_.back(); }

    /// Asks the processor to fetch what the next play_legal() reads and writes first (the
    /// current position and the slot of the next, the tails of the move, hash and horizon
    /// histories, the legal moves, the adjudicator states of this ply and the next), so that a
    /// caller stepping many games in turn (VectorEnv) can overlap those memory reads with other
    /// work. With deep = false, fetches only the Game's own fields (the histories' and the
    /// list's headers), which the deep call reads to find the rest: call it a step earlier.
    /// A hint only: changes nothing.
    void prefetch(bool deep = true) const noexcept;

private:
    /// Generates legal_ (MoveListing::lazy: counts the moves, written or not) for the current
    /// position and judges it.
    void evaluate();
    /// Writes the legal moves of the current position into legal_ (listed_ was false).
    void list_legal() const;
    /// Fills legal_, legal_count_ and listed_ for the current position, as listing_ says.
    void generate_legal();
    /// No legal move (the game is over).
    void clear_legal() noexcept {
        legal_.clear();
        legal_count_ = 0;
        listed_ = true;
    }
    /// play_legal(i) of an unwritten list: the variant writes move i alone.
    [[gnu::noinline]] void play_unlisted(std::size_t i);
    /// Decides the result in the current position, whose legal moves legal_ holds; clears
    /// legal_ if the game is over.
    void judge();
    /// Plays the legal move m (a copy: legal_ is regenerated).
    void play_checked(const Move& m);
    /// GameHistory::recent: drops everything before positions_[n - 1], n being the index of the
    /// position an irreversible move has just reached.
    void drop_before(std::size_t n);
    /// Occurrences of the current position's hash from repetition_start() on (an upper bound of
    /// repetitions()).
    [[nodiscard]] int hash_repetitions() const noexcept;
    void decide(Outcome o, std::string_view reason);

    std::shared_ptr<const Variant> variant_;
    /// The variant's initial position, the start of a game by default.
    Position initial_;
    std::vector<Position> positions_;
    std::vector<Move> moves_;
    /// Moves dropped from the front of the histories (GameHistory::recent); indices into
    /// positions_, hashes_, horizon_ and adjudicators_ count from there.
    std::size_t dropped_ = 0;
    GameHistory history_ = GameHistory::full;
    /// horizon_[i]: repetition_start() when positions_[i] was the current position.
    std::vector<std::uint32_t> horizon_;
    /// hashes_[i] = positions_[i].hash(), packed for the repetition scan.
    std::vector<std::uint64_t> hashes_;
    /// The variant's game rules (fixed: a variant is immutable).
    GameRules rules_;
    GameResult result_;
    /// adjudicators_[i] holds the adjudicator state at positions_[i] for i < positions_.size();
    /// the objects beyond are kept for reuse. Empty when the variant has no adjudicator.
    std::vector<std::unique_ptr<Adjudicator>> adjudicators_;
    /// The adjudicator as made for start_, copied into adjudicators_[0] by reset().
    std::unique_ptr<Adjudicator> fresh_;
    Position fresh_start_;
    bool made_ = false;  ///< fresh_ and fresh_start_ are set (fresh_ may be null)
    /// The legal moves of fresh_start_, once start_generated_ (reset copies them while the
    /// listing is start_listing_, the one they were made with): their number, and the moves
    /// themselves when start_listed_.
    MoveList start_legal_;
    std::size_t start_count_ = 0;
    bool start_listed_ = true;
    MoveListing start_listing_ = MoveListing::eager;
    bool start_generated_ = false;
    /// The current position's legal moves; written only when listed_ (MoveListing::lazy).
    mutable MoveList legal_;
    /// Their number, written or not.
    std::size_t legal_count_ = 0;
    mutable bool listed_ = true;
    MoveListing listing_ = MoveListing::eager;
    /// variant_->counts_moves(): lazy listing asks generate_or_count (else generate).
    bool counts_ = false;
    /// What make_move saves, written once per move and never read (positions_ keeps every
    /// position); a member so that a move does not initialise a fresh one.
    Undo undo_;
};

}  // namespace tradgames
