// Names the Tobit tests use for the generic draughts variant over variants/tobit/tobit.json:
// kind numbers, zone bits and the two board sizes (board_test.cpp builds their graphs).
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

using Tobit = DraughtsVariant;

}  // namespace tradgames::tobit
