// tradgames: the search engine of the playing layer (DESIGN §7): iterative deepening
// principal-variation search over the Variant interface, for every game the library knows.
//
// The search names no game. It reads the rules through Variant (moves, make/unmake), Game
// (history for repetition) and the variant's Adjudicator (draw rules and wins such as Shatra's
// captured biy), and scores positions with an Evaluation built from the variant's descriptor and
// a weights table (evaluation.hpp). Draw rules hold inside the tree: a position repeated along
// the game's history or the search path scores as a draw, a verdict of the adjudicator or the
// ply cap ends the line as the rules end the game, and a side without a legal move has lost.
//
// Memory: everything a search needs (per-ply move lists, positions, adjudicator copies, the
// transposition table) is allocated when the Searcher is made or resized, never per node; the
// recursion keeps a few words per frame, so a search runs on a 256 KB thread stack.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tradgames/engine/oracle.hpp"
#include "tradgames/game.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

class Evaluation;

/// Score of a proven win for the side to move at the root in 0 plies; a win in n plies scores
/// mate_score - n, a loss in n plies -(mate_score - n).
inline constexpr int mate_score = 30000;
/// Scores of magnitude above this are proven results (won or lost in at most
/// mate_score - mate_bound plies).
inline constexpr int mate_bound = mate_score - 1000;
/// Deepest ply the search reaches (nominal depth plus capture quiescence); a line reaching it
/// is scored statically.
inline constexpr int max_search_ply = 128;

/// When a search stops. Every limit set applies; the first reached stops the search. With no
/// limit at all the search runs to max depth (use `infinite` plus `stop` for "until told").
struct SearchLimits {
    /// Deepest iteration (plies of nominal depth), 0 = no depth limit (then max_search_ply-1).
    int depth = 0;
    /// Stop after about this many nodes, 0 = no limit.
    std::uint64_t nodes = 0;
    /// Time for this move in milliseconds, 0 = no limit.
    std::int64_t movetime_ms = 0;
    /// Clock of the side to move: time left and increment per move in milliseconds; used when
    /// clock_ms > 0 (the search then allots itself about clock/30 + increment*3/4).
    std::int64_t clock_ms = 0;
    std::int64_t increment_ms = 0;
    /// Ignore depth exhaustion and keep searching until `stop` is set (or a node/time limit).
    bool infinite = false;
    /// Lines to report (multi-PV), at least 1: line k is the best line whose first move is none
    /// of lines 0..k-1.
    int multipv = 1;
    /// Optional flag any thread may set to stop the search; the best move of the last completed
    /// iteration (or the first move searched) is returned. May be null.
    const std::atomic<bool>* stop = nullptr;
    /// The clock the time limits are measured with: milliseconds since any fixed epoch, never
    /// decreasing. Empty = std::chrono::steady_clock. Tests inject a counting clock to check the
    /// time logic without timing anything.
    std::function<std::int64_t()> clock;
};

/// A score for the side to move at the root, in centi-men (100 = a man) unless proven.
struct Score {
    /// Raw value: |value| <= mate_bound heuristic, above it proven (see mate_score).
    int value = 0;
    /// True when the value is a proven result (won or lost in plies_to_end plies).
    [[nodiscard]] bool proven() const noexcept { return value > mate_bound || value < -mate_bound; }
    /// Plies to the end of the game when proven (the winner's count), else 0.
    [[nodiscard]] int plies_to_end() const noexcept {
        return proven() ? mate_score - (value < 0 ? -value : value) : 0;
    }
    /// "+1.25", "-0.40", "won in 7", "lost in 4".
    [[nodiscard]] std::string to_string() const;
};

/// One line of a multi-PV result.
struct SearchLine {
    Move move;
    Score score;
    /// Principal variation in the variant's notation, the move first.
    std::vector<std::string> pv;
};

/// What one iteration (or the whole search) found.
struct SearchResult {
    /// Best move (lines[0].move). Only meaningful when has_move.
    Move best;
    /// False when the root has no legal move or the game is already over.
    bool has_move = false;
    /// The best move in the variant's notation ("" without a move).
    std::string best_text;
    /// Score of the best move for the side to move.
    Score score;
    /// Nominal depth of the last completed iteration.
    int depth = 0;
    /// Deepest ply reached (quiescence included).
    int seldepth = 0;
    /// Nodes visited (positions made), all iterations.
    std::uint64_t nodes = 0;
    /// Wall time in milliseconds.
    std::int64_t time_ms = 0;
    /// Nodes per second (0 when time_ms is 0).
    std::uint64_t nps = 0;
    /// Lines, best first (SearchLimits::multipv of them, fewer if the root has fewer moves).
    std::vector<SearchLine> lines;
};

/// The result as a compact JSON object, the interface of `tradgames search --json` and Python's
/// Engine.search (README "search"): {"best": notation or null, "score": {"value", "proven",
/// "text", "plies_to_end" (proven only)}, "depth", "seldepth", "nodes", "time_ms", "nps",
/// "lines": [{"score", "pv": [notation, ...]}, ...]}.
[[nodiscard]] std::string search_result_json(const SearchResult& r);

/// Settings fixed for a Searcher's lifetime.
struct SearcherOptions {
    /// Transposition table size in megabytes (rounded down to a power-of-two entry count;
    /// at least one entry). 0 = no table.
    std::size_t tt_mb = 16;
    /// Endgame oracle probed at leaves of at most oracle->max_pieces() pieces; may be null.
    /// Must outlive the Searcher.
    const EndgameOracle* oracle = nullptr;
    /// Evaluation; null = the variant's default (evaluation_for(variant)).
    std::shared_ptr<const Evaluation> evaluation;
};

/// Milliseconds a search with `limits` allots itself: movetime_ms, and with a clock
/// (clock_ms > 0) clock_ms / 30 + increment_ms * 3 / 4, at most clock_ms / 2 and at least 1;
/// the smaller of the two when both are set; 0 = no time limit. The search stops once its clock
/// reaches the allotment (checked every 1024 nodes), and in clock mode it starts no new
/// iteration once half of it is spent.
[[nodiscard]] std::int64_t time_allotment_ms(const SearchLimits& limits) noexcept;

/// Called after every completed iteration (and for every multi-PV line set) with the result
/// so far; the CLI prints it as one info line.
using InfoCallback = std::function<void(const SearchResult&)>;

/// The search. One Searcher per thread (it owns its table and stacks); reuse it for many
/// searches of one variant (the table carries over; clear() empties it).
class Searcher {
public:
    /// A searcher for `variant`. Throws OptionError if options.tt_mb exceeds 65536.
    explicit Searcher(std::shared_ptr<const Variant> variant, SearcherOptions options = {});
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    /// Searches the current position of `game` (its history counts for repetition, its ply for
    /// the ply cap, its adjudicator state for the draw rules). Returns has_move = false when the
    /// game is over. Precondition: game's variant is this searcher's (same object).
    /// Throws Error if the game's variant differs.
    SearchResult search(const Game& game, const SearchLimits& limits,
                        const InfoCallback& info = {});
    /// Searches `pos` as the start of a fresh game (no history).
    SearchResult search(const Position& pos, const SearchLimits& limits,
                        const InfoCallback& info = {});
    /// Empties the transposition table, killers and history.
    void clear();

    [[nodiscard]] const Variant& variant() const noexcept;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace tradgames::engine
