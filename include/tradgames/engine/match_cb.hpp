// tradgames: CheckerBoard engines as match players.
//
// A CheckerBoard engine (Martin Fierz's CheckerBoard GUI) is a shared library exporting
//   int getmove(int board[8][8], int color, double maxtime, char str[1024], int *playnow,
//               int info, int moreinfo, struct CBmove *move);
//   int enginecommand(char command[256], char reply[1024]);
// (and islegal, which the referee does not need: the library checks moves itself). The board is
// board[x][y], x and y 0..7, (0,0) a playing square; pieces are WHITE 1, BLACK 2 or'ed with
// MAN 4 or KING 8, empty 0. Black's men start on rows y = 0..2, White's on y = 5..7: the
// library's square (file f, rank r, both 0-based from White's lower left corner) is
// board[7 - f][7 - r] (checked against KestoG 1.1, Russian). Game types (PDN GameType, asked
// with "get gametype"): 21 English, 25 Russian, 26 Brazilian; 22 Italian (whose board is turned)
// is not offered. An engine that does not answer "get gametype" is taken to play English.
//
// Each engine runs in a child process of its own (fork; the library is loaded there with
// dlopen), talking over a socket pair: engines keep global state, may crash or hang, and print
// to stdout (the child's stdout and stderr go to /dev/null). Linux and other POSIX systems only.
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "tradgames/engine/hub.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/move.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// CheckerBoard's coordinate pair (struct coor).
struct CbCoor {
    int x = 0;
    int y = 0;
};

/// CheckerBoard's move record (struct CBmove), laid out as engines expect.
struct CbMove {
    int jumps = 0;     ///< captures made (0 for a quiet move)
    int newpiece = 0;  ///< piece code on `to` after the move
    int oldpiece = 0;  ///< piece code that left `from`
    CbCoor from, to;
    CbCoor path[12];   ///< landings path[1..jumps] of a capture (engines fill them loosely)
    CbCoor del[12];    ///< captured squares del[0..jumps-1]
    int delpiece[12];  ///< piece codes of the captured pieces
};

/// CheckerBoard piece codes.
inline constexpr int cb_white = 1, cb_black = 2, cb_man = 4, cb_king = 8;

/// A CheckerBoard board, board[x][y].
using CbBoard = std::array<std::array<int, 8>, 8>;

/// How a variant's squares map to CheckerBoard's board.
class CbMapping {
public:
    /// The mapping for `variant`. Throws OptionError when the variant is not one CheckerBoard
    /// engines play (an 8x8 board of 32 playing squares with a (0,0)-dark orientation, men and
    /// kings, PDN GameType 21, 25 or 26).
    explicit CbMapping(const Variant& variant);
    /// The PDN GameType (21, 25 or 26).
    [[nodiscard]] int game_type() const noexcept { return game_type_; }
    /// The board of `pos` in CheckerBoard's codes.
    [[nodiscard]] CbBoard board(const Position& pos) const;
    /// The vertex at CheckerBoard's (x, y), or nullopt off the board or on a non-playing square.
    [[nodiscard]] std::optional<Vertex> vertex(CbCoor c) const noexcept;
    /// CheckerBoard's coordinates of vertex v.
    [[nodiscard]] CbCoor coor(Vertex v) const noexcept { return coor_[v]; }
    /// The legal move of `legal` that `m` describes: the same origin, destination and set of
    /// captured squares (the landings are not compared: engines fill them loosely). Returns the
    /// move, or a failure text: "malformed move (...)", "illegal move ...", "ambiguous move ...".
    /// `pos` is the position the moves were generated for (for the notation in messages).
    [[nodiscard]] PlayerReply match(const CbMove& m, const Position& pos,
                                    const MoveList& legal) const;

private:
    const Variant* variant_;
    int game_type_ = 0;
    Kind man_ = 0, king_ = 1;
    std::array<CbCoor, max_vertices> coor_{};
    std::array<std::array<int, 8>, 8> vertex_{};  // [x][y] -> vertex or -1
};

/// A CheckerBoard engine in a child process. Starts the child on the first request and again
/// after a failure (crash, hang), so that a failure loses one game, not the match.
class CbEngine final : public MatchPlayer {
public:
    /// An engine from the library at `path`, playing `variant` (see CbMapping). Throws as
    /// CbMapping. Nothing is loaded yet: a library that is missing or no engine makes every
    /// request fail with the reason ("cannot load ...: <dlerror>", "not a CheckerBoard engine:
    /// no getmove").
    CbEngine(std::string path, std::shared_ptr<const Variant> variant);
    ~CbEngine() override;
    CbEngine(const CbEngine&) = delete;
    CbEngine& operator=(const CbEngine&) = delete;

    /// The engine's "name" answer, or "cb:<file name>" until it answered (or if it cannot).
    [[nodiscard]] std::string name() const override;
    /// Starts the engine's process if it is not running, checks its game type.
    void new_game(const Game& game) override;
    /// Asks getmove with maxtime `seconds`; after 2 * seconds + 0.5 s sets *playnow, after one
    /// more second kills the process ("no reply within T s"). Checks the reply with
    /// CbMapping::match.
    [[nodiscard]] PlayerReply play(const Game& game, double seconds) override;
    [[nodiscard]] PlayerStats stats() const override { return stats_; }
    /// Sets the engine's *playnow (it should answer at once); from any thread.
    void interrupt() override;
    /// Sends `command` to enginecommand; returns (the engine's return value, its reply), or
    /// nullopt with `error` set when the engine could not be reached.
    [[nodiscard]] std::optional<std::pair<int, std::string>> command(const std::string& command,
                                                                     std::string& error);
    /// The status string of the last getmove.
    [[nodiscard]] const std::string& last_status() const noexcept { return status_; }

private:
    struct Child;
    /// Starts the child if needed; empty string on success, else why not.
    std::string start();
    void stop();

    std::string path_;
    std::shared_ptr<const Variant> variant_;
    CbMapping mapping_;
    std::unique_ptr<Child> child_;
    /// The engine's *playnow, shared with every child process (MAP_SHARED), kept for the
    /// object's life so that interrupt() may write it from another thread.
    std::atomic<int*> playnow_{nullptr};
    std::string name_;
    std::string status_;
    /// Why the engine cannot play (wrong game type, not loadable), sticky once known.
    std::string unusable_;
    PlayerStats stats_;
};

/// The Hub configuration that makes the CheckerBoard engine at `path` a Hub engine (HubEngine;
/// `tradgames hub --engine cb:PATH.so`). Loads the engine once (in a child process) to ask its
/// name and "get gametype" (21 English when it does not answer): the `variant` enum holds the
/// registered games of that PDN GameType (CbMapping). Each `init` starts the engine afresh,
/// loading it and checking its game type (an `error` line when it fails). `version` is written
/// as "(CheckerBoard engine through tradgames VERSION)". Throws Error naming the path when the
/// library cannot be loaded, is no engine, or plays a game type no game here has.
[[nodiscard]] HubConfig cb_hub_config(const std::string& path, const std::string& version);

}  // namespace tradgames::engine
