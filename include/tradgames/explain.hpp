// tradgames: moves explained (issue 27). Whether a move text is legal in a position and, if
// not, why, from the rules: a reason of a fixed list, the RULES.md section that decides it and
// the legal alternatives. Variant::explain_move returns it; Variant::parse_move throws it as an
// IllegalMoveError (reason(), rule(), legal()); the CLI (`moves --explain`), Python
// (IllegalMoveError.reason / .rule / .legal, Board.explain) and the WebAssembly module (explain)
// show the same fields.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/move.hpp"

namespace tradgames {

/// Why a move text is, or is not, a legal move. The names (to_string) are interfaces: the CLI's
/// JSON, Python and JavaScript use them.
enum class MoveReason : std::uint8_t {
    legal,               ///< "legal": the text is a legal move
    not_a_move,          ///< "not-a-move": malformed text, an unknown square
    no_legal_move,       ///< "no-legal-move": the side to move has no legal move (it has lost)
    empty_square,        ///< "empty-square": no piece on the move's first square
    wrong_piece,         ///< "wrong-piece": the piece on the first square is the opponent's
    capture_compulsory,  ///< "capture-compulsory": a capture exists and the text is none of them
    must_continue,       ///< "must-continue-capture": a capture stopped while it can go on
    majority,            ///< "majority-capture": a capture taking fewer pieces than the most possible
    quality,             ///< "quality-precedence": equal in number, but one taking more or
                         ///< earlier kings, or more value, comes first (Italian, Spanish, Frisian)
    king_first,          ///< "king-first": a man's capture where a king can capture (Czech, Italian, Frisian)
    forbidden_victim,    ///< "forbidden-victim": a piece the mover may not capture (Italian: a man takes no king)
    king_move_limit,     ///< "king-move-limit": a king that may not make another quiet move (Frisian)
    man_backward,        ///< "man-cannot-move-backward": a man's quiet step backward
    blocked,             ///< "blocked": the destination, or a square on the way, is occupied
    no_such_move,        ///< "no-such-move": the piece cannot move so under the rules
    ambiguous,           ///< "ambiguous": the text matches moves with different results
};

/// The reason's name: "capture-compulsory", "man-cannot-move-backward", ... (see MoveReason).
[[nodiscard]] std::string_view to_string(MoveReason r) noexcept;

/// The answer of Variant::explain_move.
struct MoveExplanation {
    /// True iff the text is a legal move; then reason == MoveReason::legal and move is set.
    bool legal = false;
    MoveReason reason = MoveReason::not_a_move;
    /// The section of the game's rules that decides it: "variants/czech/RULES.md §6", or
    /// empty when the variant names none (a user-defined descriptor).
    std::string rule;
    /// One line in words, without the move and position: "a capture is compulsory: c3:e5".
    /// For not_a_move, the ParseError's text.
    std::string message;
    /// The legal move the text names (legal only), as parse_move returns it.
    std::optional<Move> move;
    /// The legal moves the reason points to (all legal moves, the captures, the moves of the
    /// piece, the candidates of an ambiguous text; the move itself when legal), in generation
    /// order, and the same moves in the variant's notation.
    std::vector<Move> alternatives;
    std::vector<std::string> alternative_texts;
};

}  // namespace tradgames
