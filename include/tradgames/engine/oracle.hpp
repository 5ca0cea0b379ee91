// tradgames: the interface between the search and an endgame database (the playing layer,
// DESIGN §7). The search asks an oracle about positions it reaches; an endgame-database prober
// (include/tradgames/engine/egtb*.hpp) implements it. Neither side names a game.
#pragma once

#include <cstdint>
#include <optional>

#include "tradgames/position.hpp"

namespace tradgames::engine {

/// Game-theoretic value of a position for the side to move, under optimal play by both sides,
/// ignoring move-count draw rules and repetition counters (an endgame database answers "who
/// wins with best play"; how a prober combines the distance with a game's counters is the
/// database's documentation's business).
enum class Wdl : std::int8_t { loss = -1, draw = 0, win = 1 };

/// What an oracle knows of one position.
struct OracleAnswer {
    /// Win, draw or loss for the side to move.
    Wdl value = Wdl::draw;
    /// Plies to the end of the game under optimal play: the winner's shortest, the loser's
    /// longest; 0 for a draw and for a position already lost (no legal move).
    int plies = 0;
};

/// Something that knows the value of some positions exactly. Implementations are immutable
/// after construction and safe to call from several threads at once; probe must not allocate
/// (the search calls it at its leaves).
class EndgameOracle {
public:
    virtual ~EndgameOracle() = default;
    /// The value of pos, or nullopt when the oracle does not cover it (material it has no data
    /// for). pos must be a position of the variant the oracle was made for.
    [[nodiscard]] virtual std::optional<OracleAnswer> probe(const Position& pos) const = 0;
    /// Most pieces (both sides together) of a position the oracle may cover: a cheap test the
    /// search makes before probing.
    [[nodiscard]] virtual int max_pieces() const noexcept = 0;
};

}  // namespace tradgames::engine
