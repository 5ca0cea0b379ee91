// tradgames: how a game stands: the outcome and the rule that decided it.
//
// Below variant.hpp (adjudicators return results) and game.hpp (Game keeps them), so that a
// variant can name a result without including the game layer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "tradgames/types.hpp"

namespace tradgames {

/// How a game stands.
enum class Outcome : std::uint8_t { ongoing, white_wins, black_wins, draw };

/// "ongoing", "white_wins", "black_wins", "draw".
[[nodiscard]] std::string_view to_string(Outcome o) noexcept;

/// Outcome plus the rule that decided it ("no legal move", "threefold repetition",
/// "FMJD64 7.2.5: 15 moves with kings only" ...). `reason` is empty while ongoing.
struct GameResult {
    Outcome outcome = Outcome::ongoing;
    std::string reason;
    [[nodiscard]] bool over() const noexcept { return outcome != Outcome::ongoing; }
    bool operator==(const GameResult&) const = default;
};

/// The win for side c.
[[nodiscard]] constexpr Outcome win_for(Color c) noexcept {
    return c == Color::white ? Outcome::white_wins : Outcome::black_wins;
}

}  // namespace tradgames
