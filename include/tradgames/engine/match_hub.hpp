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

#include <functional>
#include <memory>
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
    /// One `pos`/`level`/`go think` exchange (see the file comment); the reply is checked.
    [[nodiscard]] PlayerReply play(const Game& game, double seconds) override;
    /// Moves answered with an `info` line carrying nodes= and time= (the last one before
    /// `done`), with those nodes and seconds summed.
    [[nodiscard]] PlayerStats stats() const override { return stats_; }

    struct Child;

private:
    /// Starts the engine and speaks the initialisation; "" on success, else why not.
    std::string start();
    /// Sends `command` and reads lines until one is `awaited`, within `seconds`; every other
    /// readable line goes to `seen`, which returns false to stop early. "" or why it failed.
    std::string exchange(const char* command, const char* awaited, double seconds,
                         const std::function<bool(const HubLine&)>& seen);

    std::string command_;
    std::shared_ptr<const Variant> variant_;
    HubHostTimeouts timeouts_;
    std::unique_ptr<Child> child_;
    std::string name_;
    /// Why the engine cannot play this variant, sticky once known.
    std::string unusable_;
    PlayerStats stats_;
};

}  // namespace tradgames::engine
