// tradgames: a game in progress: the history of moves and positions, undo, and the result.
//
// The result is decided after every move, in this order: the variant's adjudicator (a win such as
// Shatra's captured biy, or a draw rule such as FMJD64 7.2.4-7.2.8, Tobit E4/E5); no legal move for
// the side to move (it loses: variants/russian/RULES.md §1.5, variants/tobit/RULES.md E1,
// variants/shatra/RULES.md §7); repetition of the same position (placement, side to move, variant
// state: the Zobrist hash) the variant's number of times; the variant's ply cap.
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

/// A game: start position, moves, the positions they lead to, and the result.
///
/// Not thread-safe; one Game per thread. The variant must outlive nothing: the Game shares it.
class Game {
public:
    /// A new game from `start` (default: the variant's initial position).
    /// Precondition: variant is not null.
    explicit Game(std::shared_ptr<const Variant> variant,
                  std::optional<Position> start = std::nullopt);

    [[nodiscard]] const Variant& variant() const noexcept { return *variant_; }
    [[nodiscard]] const std::shared_ptr<const Variant>& variant_ptr() const noexcept {
        return variant_;
    }
    /// The position before the first move.
    [[nodiscard]] const Position& start_position() const noexcept { return positions_.front(); }
    /// The current position.
    [[nodiscard]] const Position& position() const noexcept { return positions_.back(); }
    /// Positions reached, start first; positions()[i] is the position before moves()[i].
    [[nodiscard]] const std::vector<Position>& positions() const noexcept { return positions_; }
    /// Moves played.
    [[nodiscard]] const std::vector<Move>& moves() const noexcept { return moves_; }
    /// Number of moves played (plies).
    [[nodiscard]] std::size_t ply() const noexcept { return moves_.size(); }
    /// Legal moves in the current position (U); empty once the game is over.
    [[nodiscard]] const MoveList& legal_moves() const noexcept { return legal_; }
    /// The result so far.
    [[nodiscard]] const GameResult& result() const noexcept { return results_.back(); }

    /// Plays m. Throws IllegalMoveError if the game is over or m is not a legal move (compared
    /// by its result, so any path of a legal capture is accepted).
    void play(const Move& m);
    /// Parses `text` with Variant::parse_move and plays it; returns the move played.
    /// Throws as parse_move, and IllegalMoveError if the game is over.
    Move play(std::string_view text);
    /// Takes back the last move. Throws Error if no move has been played.
    void undo();
    /// Ends the game by an outside decision (resignation, agreement, time); undo() reopens it.
    /// Throws Error if r is not a finished result (r.over() is false).
    void set_result(GameResult r);

    /// Times the current position has occurred so far (1 for a new position).
    [[nodiscard]] int repetitions() const noexcept;

private:
    void evaluate();

    std::shared_ptr<const Variant> variant_;
    std::vector<Position> positions_;
    std::vector<Move> moves_;
    std::vector<GameResult> results_;
    std::vector<std::unique_ptr<Adjudicator>> adjudicators_;  // state before each ply
    MoveList legal_;
};

}  // namespace tradgames
