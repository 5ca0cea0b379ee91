// tradgames: the generic evaluation of the search (evaluation as data).
//
// Every term comes from the variant's descriptor (its piece kinds and board graph) and a
// weights table per game; no term names a game. A position's score for the side to move is
//
//   sum over own pieces p of psq(kind, vertex) - the same for the opponent's pieces
//   + mobility * (own legal moves) when the mobility weight is non-zero
//   + tempo (a bonus for having the move),
//
// where psq(kind, v) = material[kind] + advancement[kind] * rank(v)
//                      + centre[kind] * centrality(v) + back_rank[kind] * [v on own back rank].
// rank(v) is the vertex's distance from the side's own edge in board rows (from the graph's
// drawing coordinates, Topology::y: 0 on White's first row, growing towards Black; mirrored for
// Black); centrality(v) is how many rows/files v is inside the board's outer edge (0 on the
// edge); the back rank is rank 0.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/position.hpp"
#include "tradgames/types.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// Weights of one piece kind, in centi-men.
struct KindWeights {
    int material = 0;     ///< value of the piece
    int advancement = 0;  ///< per row advanced from its own back rank
    int centre = 0;       ///< per row/file inside the board edge
    int back_rank = 0;    ///< bonus while on its own back rank (guarding promotion)
};

/// A game's weights. Kinds are named as in Variant::kinds() ("man", "king", "biy" ...).
struct Weights {
    /// Per kind name; a kind not listed gets default_kind.
    std::map<std::string, KindWeights> kinds;
    /// Weights of a kind the table does not name.
    KindWeights default_kind{100, 0, 0, 0};
    /// Per legal move of the side to move (counted with Variant::count_moves); 0 = not counted.
    int mobility = 0;
    /// Bonus for the side to move.
    int tempo = 0;
};

/// Reads weights from JSON text:
///   {"kinds": {"man": {"material": 100, "advancement": 4, "centre": 2, "back_rank": 6},
///              "king": {"material": 300}},
///    "default_kind": {"material": 100}, "mobility": 1, "tempo": 5}
/// Every member is optional (missing weights are 0, a missing default_kind is material 100).
/// Throws ParseError (naming `source` and the member) for malformed JSON, an unknown member or a
/// value that is not an integer in [-100000, 100000].
[[nodiscard]] Weights parse_weights(std::string_view json_text, std::string_view source);

/// The weights a game without a weights file plays with: its first kind (men) 100 with
/// advancement 3 and centre 1, every other kind 300 with centre 2, tempo 5.
[[nodiscard]] Weights generic_weights(const Variant& variant);

/// w as JSON text that parse_weights reads back to the same table (every kind listed; a
/// "comment" and a "source" member when those strings are not empty).
[[nodiscard]] std::string weights_to_json(const Weights& w, const std::string& comment = {},
                                          const std::string& source = {});

/// The built-in weights of a variant: variants/<game>/eval/weights.json compiled into the library
/// (<game> is the registry name, or the name before '-' as "tobit" for "tobit-4x4"), or
/// generic_weights(variant) when the game ships none.
[[nodiscard]] Weights builtin_weights(const Variant& variant);

/// The evaluation of one variant: piece-square tables compiled from a Weights table and the
/// board. Immutable and thread-safe.
class Evaluation {
public:
    /// Compiles w for v. v must outlive the evaluation.
    Evaluation(const Variant& v, Weights w);
    /// Score of pos for its side to move, in centi-men; |score| < 20000.
    [[nodiscard]] int evaluate(const Position& pos) const noexcept;
    /// The weights it was compiled from.
    [[nodiscard]] const Weights& weights() const noexcept { return weights_; }
    /// Value of kind k for move ordering (its material weight).
    [[nodiscard]] int material(Kind k) const noexcept { return k < max_kinds ? material_[k] : 0; }

private:
    const Variant* variant_;
    Weights weights_;
    /// psq_[side][kind][vertex]
    std::array<std::array<std::array<std::int16_t, max_vertices>, max_kinds>, 2> psq_{};
    std::array<int, max_kinds> material_{};
    int kinds_ = 0;
};

/// The variant's evaluation with builtin_weights(v).
[[nodiscard]] std::shared_ptr<const Evaluation> evaluation_for(const Variant& v);

}  // namespace tradgames::engine
