// The draughts family's boards, shared by its source files (not installed): the compiled board
// of a descriptor and the square names the variant's messages use.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tradgames/draughts.hpp"

namespace tradgames::draughts_detail {

/// Algebraic name of file f, rank r (0-based): "a1" for (0, 0).
std::string algebraic(int f, int r);

/// The compiled board of d, shared between variants with the same board, notation and set-up.
/// Throws DescriptorError if the board has more squares than this build holds (max_vertices).
std::shared_ptr<const Topology> shared_topology(const DraughtsDescriptor& d);

/// The man's and the king's names, letters and symbols, in kind order (man_kind, king_kind).
std::vector<PieceKindInfo> kind_infos(const DraughtsDescriptor& d);

}  // namespace tradgames::draughts_detail
