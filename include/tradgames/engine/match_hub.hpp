// tradgames: Hub engines as match players (the host side of the Hub protocol, hub.hpp).
//
// A Hub engine is a program speaking Hub on its standard input and output (Scan 3.1 as
// `scan hub`, Kingsrow's hub build, `tradgames hub`). The host starts it with `/bin/sh -c
// COMMAND` in a process group of its own (its standard error goes to /dev/null), and speaks:
//   hub                          -> id ..., param ..., wait      (within 10 s)
//   set-param name=variant value=V   (when the engine declares a `variant` parameter)
//   init                         -> ready                        (within 60 s: engines load data)
//   new-game                         (before each game)
//   pos pos=P moves="..."            (P: the position after the last irreversible move; moves:
//                                     the moves since, so the engine can see repetitions, as
//                                     the Hub GUI does)
//   level move-time=S                (the referee's time for this move, in seconds)
//   go think                     -> info ..., done move=M [ponder=...]
// If no `done` comes within 2 S + 0.5 s the host sends `stop`; after one more second it kills
// the engine ("engine hung: no reply within ..."). The variant: the engine's `variant` enum must
// hold the variant's name, or Scan's `normal` for International draughts; an engine without a
// `variant` parameter is taken to play International draughts only (Hub's default game).
//
// Every move is checked by the library (parse_hub_move: origin, destination and captured set).
// A failure loses the game with its reason, and the engine is restarted for the next game:
// a crash or exit ("engine crashed (signal 11)", "engine exited (status 3)"), no answer in time,
// a line longer than hub_max_line ("engine sent a line longer than 1048576 bytes"), an `error`
// line ("engine error: ..."), a malformed, illegal or ambiguous move. Other lines the host does
// not understand are ignored, as the protocol requires; memory stays bounded (one line at most).
// Linux and other POSIX systems only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "tradgames/engine/hub.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// Time limits of a Hub host (seconds).
struct HubHostTimeouts {
    double hello = 10;  ///< `hub` until `wait`
    double init = 60;   ///< `init` until `ready`
};

/// Limits of one HubHost::think, sent as `level move-time=S depth=N nodes=N` (0 = not sent).
struct HubThinkLimits {
    double seconds = 0;       ///< move-time in seconds
    int depth = 0;            ///< depth in plies
    std::uint64_t nodes = 0;  ///< nodes
};

/// A Hub engine in a child process, as a match player. Starts the engine on the first request
/// and again after a failure, so that a failure loses one game, not the match.
class HubHost final : public MatchPlayer {
public:
    /// An engine run as `/bin/sh -c command`, playing `variant` (which must have Hub positions:
    /// hub_positions_supported; else throws OptionError). Nothing is started yet: an engine that
    /// cannot start loses its games with the reason.
    HubHost(std::string command, std::shared_ptr<const Variant> variant,
            HubHostTimeouts timeouts = {});
    ~HubHost() override;
    HubHost(const HubHost&) = delete;
    HubHost& operator=(const HubHost&) = delete;

    /// "NAME VERSION" from the engine's `id` line, or "hub:COMMAND" until it answered.
    [[nodiscard]] std::string name() const override;
    /// Starts the engine if it is not running and sends `new-game`.
    void new_game(const Game& game) override;
    /// One `pos`/`level`/`go think` exchange (see the file comment); the reply is checked. After
    /// set_clock, the level is the clock (`level time=OWN inc=INC`) and the engine has until
    /// its own time + 0.5 s to answer before `stop`, one more second before it is killed.
    [[nodiscard]] PlayerReply play(const Game& game, double seconds) override;
    /// Remembers the clocks for the next play() (clock mode).
    void set_clock(const MoveClock& clock) override { clock_ = clock; }
    /// One `pos`/`level`/`go think` exchange with these limits (at least one set; else throws
    /// OptionError). `timeout`: seconds until `stop` is sent (one more until the engine is
    /// killed); 0 = 2 x seconds + 0.5 s (needs seconds). The reply's `info` is the engine's last
    /// `info` line before `done` (depth, score, nodes, time, pv read move by move from the
    /// position: the pv stops at the first move that is not legal or readable).
    [[nodiscard]] PlayerReply think(const Game& game, const HubThinkLimits& limits,
                                    double timeout = 0);
    /// Moves answered with an `info` line carrying nodes= and time= (the last one before
    /// `done`), with those nodes and seconds summed.
    [[nodiscard]] PlayerStats stats() const override { return stats_; }

    struct Child;

private:
    /// think() with the clocks of clock mode when `clock` is set (`level time= inc=`).
    PlayerReply think(const Game& game, const HubThinkLimits& limits, double timeout,
                      const MoveClock* clock);
    /// Starts the engine and speaks the initialisation; "" on success, else why not.
    std::string start();
    /// Sends `command` and reads lines until one is `awaited`, within `seconds`; every other
    /// readable line goes to `seen`, which returns false to stop early. "" or why it failed.
    std::string exchange(const char* command, const char* awaited, double seconds,
                         const std::function<bool(const HubLine&)>& seen);

    std::string command_;
    std::shared_ptr<const Variant> variant_;
    HubHostTimeouts timeouts_;
    std::optional<MoveClock> clock_;  // set_clock's clocks, for the next play()
    std::unique_ptr<Child> child_;
    std::string name_;
    /// Why the engine cannot play this variant, sticky once known.
    std::string unusable_;
    PlayerStats stats_;
};

}  // namespace tradgames::engine
