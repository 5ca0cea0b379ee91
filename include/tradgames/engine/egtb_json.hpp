// tradgames: the JSON objects of the endgame databases, shared by `tradgames egtb ... --json` and
// Python's tradgames.egtb (README "Endgame databases" documents the fields).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/search.hpp"

namespace tradgames::engine::egtb {

/// {"value": "win" | "draw" | "loss", "plies"} of an answer; both null for nullopt (not covered).
[[nodiscard]] nlohmann::json answer_json(const std::optional<OracleAnswer>& a);

/// The object of `tradgames search --json` (search_result_json) for a search of root made with
/// prober p as its oracle: each line's pv extended with the databases' best play (extend_pv)
/// and "database": answer_json of root (null when not covered). p null: the plain object.
[[nodiscard]] nlohmann::json search_json(SearchResult r, const Prober* p, const Position& root);

/// {"variant", "slices": [{"material": {"white_men", "white_kings", "black_men", "black_kings"},
/// "positions", "white_to_move": {"win", "draw", "loss", "longest_win"}, "black_to_move"}]} of
/// the slice files of d's game in dir. Throws EgtbError as info().
[[nodiscard]] nlohmann::json info_json(const Domain& d, const std::string& dir);

/// {"fen", "value", "plies", "moves": [{"move", "value", "plies"}]}: pos's value for the side to
/// move and each legal move's from the mover's point of view (null where not covered). Throws
/// EgtbError when no file covers pos.
[[nodiscard]] nlohmann::json probe_json(const Prober& p, const Position& pos);

/// {"checked", "ok", "problems": [{"material", "position", "problem"}]} of verify().
[[nodiscard]] nlohmann::json verify_json(const Domain& d, const std::string& dir, int threads);

}  // namespace tradgames::engine::egtb
