// Names the Tobit tests use for the generic draughts variant over variants/tobit/tobit.json:
// kind numbers, zone bits and the two boards.
#pragma once

#include "tradgames/draughts.hpp"
#include "tradgames/registry.hpp"

namespace tradgames::tobit {

/// The ordinary piece (man) and the promoted piece (king): kinds 0 and 1 of DraughtsVariant.
inline constexpr Kind hul = 0;
inline constexpr Kind tobit = 1;

inline constexpr ZoneSet white_promotion = DraughtsVariant::white_promotion;
inline constexpr ZoneSet black_promotion = DraughtsVariant::black_promotion;
inline constexpr ZoneSet white_home = DraughtsVariant::white_home;
inline constexpr ZoneSet black_home = DraughtsVariant::black_home;

/// Longitudinal x transverse lines.
struct BoardSize {
    int longitudinal = 5;
    int transverse = 4;
};
inline constexpr BoardSize standard_board{5, 4};
inline constexpr BoardSize small_board{4, 4};

/// The board graph of the tobit descriptor with `size` lines. Throws DescriptorError for an
/// impossible size.
inline BoardGraph make_board(BoardSize size) {
    const std::string json = "{\"base\": \"tobit\", \"name\": \"tobit-test\", \"board\": {\"width\": " +
                             std::to_string(size.longitudinal) + ", \"height\": " +
                             std::to_string(size.transverse) + "}}";
    return make_draughts_board(read_descriptor(json, "test board"));
}

using Tobit = DraughtsVariant;

}  // namespace tradgames::tobit
