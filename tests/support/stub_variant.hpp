// A variant over a hand-made board graph, with no moves, for testing code that is generic over
// variants (pictures, playouts) on boards the registered variants do not have yet.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tradgames/board_graph.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/error.hpp"
#include "tradgames/variant.hpp"

namespace tgtest {

/// A variant with board `g`, piece kinds `kinds` and drawing style `style`. Its positions
/// have no legal move; generate() throws tradgames::Error when `throw_in_generate` is set.
class StubVariant final : public tradgames::Variant {
public:
    StubVariant(tradgames::BoardGraph g, std::vector<tradgames::PieceKindInfo> kinds,
                tradgames::BoardStyle style, bool throw_in_generate = false)
        : Variant("stub", "a board for tests",
                  std::make_shared<const tradgames::Topology>(std::move(g)), tradgames::RuleOptions{},
                  std::move(kinds)),
          style_(std::move(style)),
          throw_(throw_in_generate) {}

    [[nodiscard]] tradgames::Position initial_position() const override { return {}; }
    void generate(const tradgames::Position&, tradgames::MoveList&,
                  tradgames::Duplicates) const override {
        if (throw_) throw tradgames::Error("stub: generate failed");
    }
    void make_move(tradgames::Position&, const tradgames::Move&, tradgames::Undo&) const override {}
    void unmake_move(tradgames::Position&, const tradgames::Move&,
                     const tradgames::Undo&) const override {}
    [[nodiscard]] std::uint64_t perft(tradgames::Position&, int,
                                      const tradgames::PerftOptions&) const override {
        return 1;
    }
    [[nodiscard]] tradgames::Position parse_position(std::string_view) const override {
        throw tradgames::ParseError("stub: no position strings");
    }
    [[nodiscard]] std::string position_to_string(const tradgames::Position&) const override {
        return "stub <&>";
    }
    [[nodiscard]] tradgames::BoardStyle board_style() const override { return style_; }

private:
    tradgames::BoardStyle style_;
    bool throw_;
};

}  // namespace tgtest
