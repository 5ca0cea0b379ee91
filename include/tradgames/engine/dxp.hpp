// tradgames: DXP, the DamExchange protocol (Harm Jetten's DamExchange 1.0, as spoken by Scan,
// Kingsrow, Moby Dam and pydraughts): engine-versus-engine games of International draughts
// (10x10) over TCP. Messages are ASCII text ended by a NUL byte; the first character is the type:
//   R GAMEREQ  version(2) initiator-name(32) follower-colour(W|Z) minutes(3) moves(3)
//              start(A: initial position | B: colour-to-move(W|Z) board(50: e w z W Z))
//   A GAMEACC  follower-name(32) code(0 accepted, 1 not this colour, 2 not this time,
//              3 not this position, 9 other)
//   M MOVE     seconds-used(4) from(2) to(2) captured-count(2) captured-square(2) ...
//   E GAMEEND  reason(0 unknown, 1 I lose, 2 draw, 3 I win) stop(0 next game welcome, 1 no more)
//   C CHAT     text
//   B BACKREQ  move-number(3) colour-to-move(W|Z)
//   K BACKACC  code(0 accepted, 1 not supported, 2 other)
// Numbers are decimal, zero-padded; names are space-padded. The initiator connects (default port
// 27531) and asks for a game; the follower accepts and they exchange MOVEs; either ends the game
// with GAMEEND, answered by a GAMEEND. Moves are identified as in Hub (origin, destination and
// captured set: the library's U identity); DXP squares are International's numbers 1..50.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/engine/match.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/game.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine {

/// DXP's default TCP port.
inline constexpr int dxp_default_port = 27531;

/// Longest DXP message accepted (bytes before the NUL); a longer one is refused as malformed.
/// The longest well-formed message other than CHAT is a GAMEREQ with a position, 94 bytes.
inline constexpr std::size_t dxp_max_message = 1024;

/// One DXP message, its fields decoded (only those of its type are meaningful).
struct DxpMessage {
    char type = 0;             ///< 'R', 'A', 'M', 'E', 'C', 'B' or 'K'
    int version = 1;           ///< R
    std::string name;          ///< R: initiator's, A: follower's (trailing spaces removed)
    char follower_color = 'Z'; ///< R: 'W' or 'Z' (the follower's colour)
    int minutes = 0;           ///< R: thinking time for the game, minutes
    int moves = 0;             ///< R: moves in that time
    /// R: the position as "W" or "Z" (colour to move) followed by 50 board characters; empty
    /// for the initial position.
    std::string position;
    char code = '0';           ///< A, K: acceptance code; E: reason
    char stop = '0';           ///< E: stop code
    int seconds = 0;           ///< M: time used
    int from = 0, to = 0;      ///< M: squares 1..50
    std::vector<int> captured; ///< M: captured squares
    std::string text;          ///< C
    int move_number = 0;       ///< B
    char color_to_move = 'W';  ///< B
};

/// Encodes a message (without the NUL). Throws Error for a field that does not fit its width
/// (a negative or too large number, a name over 32 characters, a position not of 51 characters).
[[nodiscard]] std::string encode_dxp(const DxpMessage& m);

/// Decodes a message (without the NUL). Throws ParseError naming the type and field for an
/// unknown type, a wrong length, a non-digit in a number or a bad code.
[[nodiscard]] DxpMessage parse_dxp(std::string_view text);

/// The position of a GAMEREQ (DxpMessage::position) for International draughts: nullopt stands
/// for the initial position. Throws ParseError / PositionError for a bad one.
[[nodiscard]] Position parse_dxp_position(const Variant& variant, std::string_view text);

/// The DXP form of a position ("W" or "Z" and 50 board characters).
[[nodiscard]] std::string dxp_position(const Variant& variant, const Position& pos);

/// The MOVE message of the legal move m of pos (seconds used: `seconds`).
[[nodiscard]] DxpMessage dxp_move(const Variant& variant, const Position& pos, const Move& m,
                                  int seconds);

/// The legal move of pos a MOVE message describes (origin, destination, captured set). Throws
/// ParseError (square outside 1..50), IllegalMoveError or AmbiguousMoveError.
[[nodiscard]] Move parse_dxp_move(const Variant& variant, const Position& pos,
                                  const DxpMessage& m);

/// A TCP connection carrying DXP messages, with a bounded reader. POSIX sockets; not in the
/// WebAssembly module.
class DxpConnection {
public:
    /// Connects to host:port (a numeric address or a name) within `timeout` seconds. Throws
    /// Error ("dxp: cannot connect to HOST:PORT: <reason>").
    static DxpConnection connect(const std::string& host, int port, double timeout = 10);
    /// Takes an accepted socket.
    explicit DxpConnection(int fd) noexcept : fd_(fd) {}
    DxpConnection(DxpConnection&& o) noexcept;
    DxpConnection& operator=(DxpConnection&& o) noexcept;
    DxpConnection(const DxpConnection&) = delete;
    DxpConnection& operator=(const DxpConnection&) = delete;
    ~DxpConnection();

    /// Sends one message and its NUL. Returns false when the peer is gone.
    bool send(const DxpMessage& m);
    /// Sends bytes as they are, no NUL added (for tests and tools that play a broken peer).
    /// Returns false when the peer is gone.
    bool send_bytes(std::string_view bytes);
    /// The next message within `timeout` seconds. Returns nullopt with `error` set: "timeout"
    /// text ("no message within T s"), "peer closed the connection", or for a message that is
    /// malformed or longer than dxp_max_message ("malformed message ...": the connection is then
    /// unusable and closed).
    std::optional<DxpMessage> receive(double timeout, std::string& error);
    /// Whether the connection is open.
    [[nodiscard]] bool open() const noexcept { return fd_ >= 0; }
    void close() noexcept;

private:
    int fd_ = -1;
    std::string buffer_;
};

/// A listening TCP socket for DXP followers.
class DxpListener {
public:
    /// Binds host:port (host: a numeric IPv4 address; "127.0.0.1" unless asked otherwise;
    /// port 0 picks a free one). Throws Error naming the address.
    DxpListener(const std::string& host, int port);
    ~DxpListener();
    DxpListener(const DxpListener&) = delete;
    DxpListener& operator=(const DxpListener&) = delete;
    /// The port bound.
    [[nodiscard]] int port() const noexcept { return port_; }
    /// The next connection within `timeout` seconds (negative: wait for ever), or nullopt.
    std::optional<DxpConnection> accept(double timeout);

private:
    int fd_ = -1;
    int port_ = 0;
};

/// Settings of our side of a DXP session.
struct DxpSessionOptions {
    std::string name = "tradgames";  ///< our name in GAMEREQ/GAMEACC (at most 32 characters)
    /// Seconds per move for our player; 0: the game's time over its moves (GAMEREQ), less 10%.
    double movetime = 0;
    /// Seconds to wait for a peer's message before giving up ("no message within ...").
    double peer_timeout = 60;
    /// Initiator: the game asked for.
    char follower_color = 'Z';
    int minutes = 5, moves = 75;
    std::string position;  ///< "" = initial position; else DXP's 51 characters
    /// Called for every event, one line of text ("received MOVE 32-28", "game over: ...").
    std::function<void(const std::string&)> log;
};

/// How a DXP game ended, from our side.
struct DxpGameResult {
    Outcome outcome = Outcome::ongoing;  ///< ongoing when it ended without a result
    std::string reason;                 ///< the rule, the peer's GAMEEND, or the failure
    std::size_t plies = 0;
    bool peer_stops = false;            ///< the peer asked for no further game
};

/// Plays DXP games as follower on an accepted connection until the peer stops or leaves:
/// accepts each GAMEREQ for International draughts (version 1, a legal position), plays `player`,
/// checks every incoming MOVE (an illegal or malformed one ends the game: a CHAT stating why,
/// then GAMEEND), answers GAMEEND with GAMEEND, ignores CHAT, refuses BACKREQ (BACKACC 1).
/// Returns the games played. Throws nothing for a failure of the peer (it is in the results).
std::vector<DxpGameResult> dxp_follow(DxpConnection& c, Player& player,
                                      std::shared_ptr<const Variant> variant,
                                      const DxpSessionOptions& o);

/// Plays one DXP game as initiator (GAMEREQ from `o`, then the game) on connection c.
DxpGameResult dxp_initiate(DxpConnection& c, Player& player, std::shared_ptr<const Variant> variant,
                           const DxpSessionOptions& o);

/// A DXP follower reached at host:port as a match player ("dxp:HOST:PORT"): the referee is the
/// initiator, relaying the other player's moves. Each game: GAMEREQ with the game's position
/// (the initial one or 'B' + position), the follower's colour and minutes/moves from the move
/// time (75 moves in the whole minutes that 75 move times make, at least 1); a GAMEEND for the
/// previous game first. A refused game, a dropped connection, no MOVE within the move timeout,
/// a malformed, illegal or ambiguous MOVE, a GAMEEND from the peer: that game is lost with the
/// reason and the next game reconnects.
class DxpPlayer final : public MatchPlayer {
public:
    /// Throws OptionError unless variant is International draughts (10x10, DXP's only game).
    /// `move_timeout` (seconds): how long to wait for each MOVE; 0 = the larger of 4 x the move
    /// time and 5 x the follower's average time per move on the clock it was given, plus 2 s
    /// (a follower times itself by its game clock, not by our move time).
    DxpPlayer(std::string host, int port, std::shared_ptr<const Variant> variant,
              double move_timeout = 0);
    ~DxpPlayer() override;
    [[nodiscard]] std::string name() const override;
    void new_game(const Game& game) override;
    [[nodiscard]] PlayerReply play(const Game& game, double seconds) override;

private:
    PlayerReply fail(std::string why);
    std::string host_;
    int port_;
    double move_timeout_;
    int minutes_ = 1;  // the clock of the current game's GAMEREQ
    std::shared_ptr<const Variant> variant_;
    std::optional<DxpConnection> c_;
    std::string name_;
    bool requested_ = false;     // GAMEREQ sent for the current game
    std::size_t synced_ = 0;     // plies of the game the follower knows
};

}  // namespace tradgames::engine
