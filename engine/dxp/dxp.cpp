// DXP, the DamExchange protocol (include/tradgames/engine/dxp.hpp): messages, positions and
// moves, TCP connections, the follower and initiator sessions, and the match player.
#include "tradgames/engine/dxp.hpp"
#include "tradgames/engine/dxp_address.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "tradgames/engine/hub.hpp"
#include "tradgames/error.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tradgames::engine {

DxpAddress parse_dxp_address(std::string_view text, std::string_view default_host) {
    const auto colon = text.rfind(':');
    const bool bare = colon == std::string_view::npos;
    const std::string_view host = bare ? default_host : text.substr(0, colon);
    const std::string_view port = bare ? text : text.substr(colon + 1);
    if (host.empty() || port.empty() || port.size() > 5 ||
        port.find_first_not_of("0123456789") != std::string_view::npos ||
        std::stoi(std::string(port)) > 65535) {
        throw OptionError(std::string(default_host.empty() ? "expected HOST:PORT" : "expected [HOST:]PORT") +
                          " with a port 0..65535, got " + quoted(text));
    }
    return {std::string(host), std::stoi(std::string(port))};
}

// ---------------------------------------------------------------------------------------------
// Messages

namespace {

std::string digits(long n, int width, const char* what) {
    long most = 1;
    for (int i = 0; i < width; ++i) most *= 10;
    if (n < 0 || n >= most) {
        throw Error("dxp: " + std::string(what) + " " + std::to_string(n) + " does not fit " +
                    std::to_string(width) + " digits");
    }
    std::string text = std::to_string(n);
    return std::string(static_cast<std::size_t>(width) - text.size(), '0') + text;
}

/// Reads DXP fields left to right, naming the message type in errors.
struct Reader {
    std::string_view text;
    std::size_t at = 1;
    const char* type;

    [[noreturn]] void fail(const std::string& why) const {
        throw ParseError("dxp " + std::string(type) + " message: " + why + " at offset " +
                         std::to_string(at));
    }
    std::string_view take(std::size_t n, const char* field) {
        if (text.size() - at < n) fail(std::string("too short for ") + field);
        const auto s = text.substr(at, n);
        at += n;
        return s;
    }
    int number(std::size_t n, const char* field) {
        const auto s = take(n, field);
        int v = 0;
        for (const char c : s) {
            if (c < '0' || c > '9') {
                at -= n;
                fail(std::string(field) + " is not " + std::to_string(n) + " digits");
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
    char one_of(const char* allowed, const char* field) {
        const char c = take(1, field)[0];
        if (c == '\0' || std::strchr(allowed, c) == nullptr) {
            --at;
            fail(std::string(field) + " must be one of " + allowed);
        }
        return c;
    }
    void end() const {
        if (at != text.size()) fail("unexpected text after the message");
    }
};

const char* type_name(char t) {
    switch (t) {
        case 'R': return "GAMEREQ";
        case 'A': return "GAMEACC";
        case 'M': return "MOVE";
        case 'E': return "GAMEEND";
        case 'C': return "CHAT";
        case 'B': return "BACKREQ";
        case 'K': return "BACKACC";
        default: return "unknown";
    }
}

}  // namespace

std::string encode_dxp(const DxpMessage& m) {
    std::string s(1, m.type);
    switch (m.type) {
        case 'R':
            s += digits(m.version, 2, "version");
            if (m.name.size() > 32) throw Error("dxp: name longer than 32 characters");
            s += m.name + std::string(32 - m.name.size(), ' ');
            s += m.follower_color;
            s += digits(m.minutes, 3, "minutes");
            s += digits(m.moves, 3, "moves");
            if (m.position.empty()) {
                s += 'A';
            } else {
                if (m.position.size() != 51) throw Error("dxp: a position is 51 characters");
                s += 'B';
                s += m.position;
            }
            break;
        case 'A':
            if (m.name.size() > 32) throw Error("dxp: name longer than 32 characters");
            s += m.name + std::string(32 - m.name.size(), ' ');
            s += m.code;
            break;
        case 'M':
            s += digits(m.seconds, 4, "seconds");
            s += digits(m.from, 2, "from");
            s += digits(m.to, 2, "to");
            s += digits(static_cast<long>(m.captured.size()), 2, "captured count");
            for (const int c : m.captured) s += digits(c, 2, "captured square");
            break;
        case 'E':
            s += m.code;
            s += m.stop;
            break;
        case 'C':
            s += m.text;
            if (s.find('\0') != std::string::npos) throw Error("dxp: chat text holds a NUL");
            break;
        case 'B':
            s += digits(m.move_number, 3, "move number");
            s += m.color_to_move;
            break;
        case 'K':
            s += m.code;
            break;
        default:
            throw Error("dxp: unknown message type");
    }
    if (s.size() > dxp_max_message) throw Error("dxp: message longer than the limit");
    return s;
}

DxpMessage parse_dxp(std::string_view text) {
    if (text.empty()) throw ParseError("dxp: empty message");
    DxpMessage m;
    m.type = text[0];
    Reader r{text, 1, type_name(m.type)};
    const auto name = [&r] {
        std::string n(r.take(32, "name"));
        n.erase(n.find_last_not_of(' ') + 1);
        return n;
    };
    switch (m.type) {
        case 'R': {
            m.version = r.number(2, "version");
            m.name = name();
            m.follower_color = r.one_of("WZ", "follower colour");
            m.minutes = r.number(3, "minutes");
            m.moves = r.number(3, "moves");
            if (r.one_of("AB", "starting position") == 'B') {
                m.position = std::string(r.take(51, "position"));
            }
            r.end();
            break;
        }
        case 'A':
            m.name = name();
            m.code = r.one_of("01239", "acceptance code");
            r.end();
            break;
        case 'M': {
            m.seconds = r.number(4, "time");
            m.from = r.number(2, "from");
            m.to = r.number(2, "to");
            const int n = r.number(2, "captured count");
            for (int i = 0; i < n; ++i) m.captured.push_back(r.number(2, "captured square"));
            r.end();
            break;
        }
        case 'E':
            m.code = r.one_of("0123", "reason");
            m.stop = r.one_of("01", "stop code");
            r.end();
            break;
        case 'C':
            m.text = std::string(text.substr(1));
            break;
        case 'B':
            m.move_number = r.number(3, "move number");
            m.color_to_move = r.one_of("WZ", "colour to move");
            r.end();
            break;
        case 'K':
            m.code = r.one_of("012", "acceptance code");
            r.end();
            break;
        default: {
            char buf[8];
            std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(m.type));
            throw ParseError(std::string("dxp: unknown message type ") + buf);
        }
    }
    return m;
}

// ---------------------------------------------------------------------------------------------
// Positions and moves (through Hub's forms: the same squares, other letters)

namespace {

void require_international(const Variant& v) {
    if (v.topology().size() != 50 || !hub_positions_supported(v)) {
        throw OptionError("dxp: variant '" + v.name() +
                          "' is not played over DXP (10x10 International draughts only)");
    }
}

}  // namespace

Position parse_dxp_position(const Variant& variant, std::string_view text) {
    require_international(variant);
    if (text.size() != 51) throw ParseError("dxp position: expected 51 characters");
    std::string hub(text);
    for (std::size_t i = 0; i < hub.size(); ++i) {
        char& c = hub[i];
        if (i == 0) {
            if (c != 'W' && c != 'Z') throw ParseError("dxp position: colour must be W or Z");
            c = c == 'W' ? 'W' : 'B';
        } else if (c == 'z' || c == 'Z') {
            c = c == 'z' ? 'b' : 'B';
        } else if (c != 'e' && c != 'w' && c != 'W') {
            throw ParseError("dxp position: unknown character at offset " + std::to_string(i));
        }
    }
    return parse_hub_position(variant, hub);
}

std::string dxp_position(const Variant& variant, const Position& pos) {
    require_international(variant);
    std::string s = hub_position(variant, pos);
    for (char& c : s) {
        if (c == 'b') c = 'z';
        else if (c == 'B') c = 'Z';
    }
    return s;
}

DxpMessage dxp_move(const Variant& variant, const Position& pos, const Move& m, int seconds) {
    DxpMessage d;
    d.type = 'M';
    d.seconds = std::clamp(seconds, 0, 9999);
    const Topology& t = variant.topology();
    d.from = std::stoi(std::string(t.name(m.from)));
    d.to = std::stoi(std::string(t.name(m.to)));
    for (int v = 0; v < t.size(); ++v) {
        if (has(m.captured_mask, static_cast<Vertex>(v))) {
            d.captured.push_back(std::stoi(std::string(t.name(static_cast<Vertex>(v)))));
        }
    }
    (void)pos;
    return d;
}

Move parse_dxp_move(const Variant& variant, const Position& pos, const DxpMessage& m) {
    require_international(variant);
    const auto square = [](int s) {
        if (s < 1 || s > 50) throw ParseError("dxp move: square " + std::to_string(s) + " is not 1..50");
        return std::to_string(s);
    };
    std::string text = square(m.from);
    text.append(m.captured.empty() ? "-" : "x");
    text.append(square(m.to));
    for (const int c : m.captured) {
        text.push_back('x');
        text.append(square(c));
    }
    return parse_hub_move(variant, pos, text);
}

// ---------------------------------------------------------------------------------------------
// Connections

DxpConnection::DxpConnection(DxpConnection&& o) noexcept
    : fd_(std::exchange(o.fd_, -1)), buffer_(std::move(o.buffer_)) {}

DxpConnection& DxpConnection::operator=(DxpConnection&& o) noexcept {
    if (this != &o) {
        close();
        fd_ = std::exchange(o.fd_, -1);
        buffer_ = std::move(o.buffer_);
    }
    return *this;
}

DxpConnection::~DxpConnection() { close(); }

void DxpConnection::close() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    buffer_.clear();
}

DxpConnection DxpConnection::connect(const std::string& host, int port, double timeout) {
    const std::string where = "dxp: cannot connect to " + host + ":" + std::to_string(port) + ": ";
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const int gai = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
    if (gai != 0) throw Error(where + ::gai_strerror(gai));
    std::string why = "no address";
    for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
                                a->ai_protocol);
        if (fd < 0) {
            why = std::strerror(errno);
            continue;
        }
        int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (rc != 0 && errno == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            rc = ::poll(&p, 1, static_cast<int>(timeout * 1000));
            if (rc == 1) {
                int err = 0;
                socklen_t len = sizeof err;
                ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
                rc = err == 0 ? 0 : -1;
                errno = err;
            } else {
                rc = -1;
                errno = rc == 0 ? ETIMEDOUT : errno;
                if (errno == 0) errno = ETIMEDOUT;
            }
        }
        if (rc == 0) {
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            ::freeaddrinfo(found);
            return DxpConnection(fd);
        }
        why = std::strerror(errno);
        ::close(fd);
    }
    ::freeaddrinfo(found);
    throw Error(where + why);
}

bool DxpConnection::send(const DxpMessage& m) {
    std::string data = encode_dxp(m);
    data += '\0';
    return send_bytes(data);
}

bool DxpConnection::send_bytes(std::string_view data) {
    if (fd_ < 0) return false;
    const char* p = data.data();
    std::size_t n = data.size();
    while (n > 0) {
        const ssize_t w = ::send(fd_, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            close();
            return false;
        }
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return true;
}

std::optional<DxpMessage> DxpConnection::receive(double timeout, std::string& error) {
    error.clear();
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::microseconds(static_cast<long long>(timeout * 1e6));
    for (;;) {
        const auto nul = buffer_.find('\0');
        if (nul != std::string::npos) {
            const std::string text = buffer_.substr(0, nul);
            buffer_.erase(0, nul + 1);
            try {
                return parse_dxp(text);
            } catch (const ParseError& e) {
                std::string shown;
                for (const char c : text.substr(0, 40)) shown += (c >= 0x20 && c < 0x7f) ? c : '?';
                error = std::string("malformed message '") + shown +
                        (text.size() > 40 ? "...'" : "'") + " (" + e.what() + ")";
                close();
                return std::nullopt;
            }
        }
        if (buffer_.size() > dxp_max_message) {
            error = "malformed message: longer than " + std::to_string(dxp_max_message) +
                    " bytes without its NUL";
            close();
            return std::nullopt;
        }
        if (fd_ < 0) {
            error = "connection closed";
            return std::nullopt;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) {
            char buf[64];
            std::snprintf(buf, sizeof buf, "no message within %.3g s", timeout);
            error = buf;
            return std::nullopt;
        }
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
        pollfd p{fd_, POLLIN, 0};
        const int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(ms, 1 << 30)));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) continue;
        char chunk[4096];
        const ssize_t k = ::recv(fd_, chunk, sizeof chunk, 0);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            error = "peer closed the connection";
            close();
            return std::nullopt;
        }
        buffer_.append(chunk, static_cast<std::size_t>(k));
    }
}

DxpListener::DxpListener(const std::string& host, int port) {
    const std::string where = "dxp: cannot listen on " + host + ":" + std::to_string(port) + ": ";
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    if (port < 0 || port > 65535 || ::inet_pton(AF_INET, host.c_str(), &a.sin_addr) != 1) {
        throw Error(where + "expected a numeric IPv4 address and a port 0..65535");
    }
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw Error(where + std::strerror(errno));
    const int one = 1;
    ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 4) != 0) {
        const std::string why = std::strerror(errno);
        ::close(fd_);
        throw Error(where + why);
    }
    socklen_t len = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
}

DxpListener::~DxpListener() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<DxpConnection> DxpListener::accept(double timeout) {
    pollfd p{fd_, POLLIN, 0};
    const int n = ::poll(&p, 1, timeout < 0 ? -1 : static_cast<int>(timeout * 1000));
    if (n <= 0) return std::nullopt;
    const int fd = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) return std::nullopt;
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return DxpConnection(fd);
}

// ---------------------------------------------------------------------------------------------
// Sessions

namespace {

void note(const DxpSessionOptions& o, const std::string& text) {
    if (o.log) o.log(text);
}

DxpMessage game_end(char reason, char stop) {
    DxpMessage e;
    e.type = 'E';
    e.code = reason;
    e.stop = stop;
    return e;
}

/// GAMEEND's reason for `outcome` seen by `us`.
char end_reason(Outcome outcome, Color us) {
    if (outcome == Outcome::draw) return '2';
    if (outcome == Outcome::ongoing) return '0';
    return outcome == win_for(us) ? '3' : '1';
}

std::string move_text(const Variant& v, const Position& pos, const Move& m) {
    return hub_move(v, pos, m);
}

/// Plays one game from `game` (set up), we have colour `us`, until it ends.
DxpGameResult play_dxp_game(DxpConnection& c, Player& player, Game& game, Color us,
                            double movetime, const DxpSessionOptions& o) {
    DxpGameResult res;
    const Variant& v = game.variant();
    const std::size_t first = game.ply();
    const auto finish = [&](Outcome out, std::string why, bool tell) {
        res.outcome = out;
        res.reason = std::move(why);
        res.plies = game.ply() - first;
        note(o, "game over: " + res.reason);
        if (tell) {
            DxpMessage chat;
            chat.type = 'C';
            chat.text = res.reason.substr(0, 120);
            c.send(chat);
            c.send(game_end(end_reason(out, us), '0'));
            // The peer answers with its own GAMEEND; wait for it briefly.
            std::string err;
            for (int i = 0; i < 8 && c.open(); ++i) {
                auto m = c.receive(std::min(o.peer_timeout, 5.0), err);
                if (!m || m->type == 'E') break;
            }
        }
        return res;
    };
    player.new_game();
    for (;;) {
        if (game.result().over()) {
            return finish(game.result().outcome, game.result().reason, true);
        }
        if (game.position().side_to_move() == us) {
            MoveBudget b;
            b.movetime_ms = std::max<std::int64_t>(1, std::llround(movetime * 1000));
            const auto t0 = std::chrono::steady_clock::now();
            Move m;
            try {
                m = player.choose(game, b);
            } catch (const Error& e) {
                return finish(Outcome::ongoing, std::string("our player failed: ") + e.what(), true);
            }
            const double used =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            note(o, "sent MOVE " + move_text(v, game.position(), m));
            if (!c.send(dxp_move(v, game.position(), m, static_cast<int>(std::lround(used))))) {
                return finish(Outcome::ongoing, "peer closed the connection", false);
            }
            game.play(m);
            continue;
        }
        std::string err;
        auto msg = c.receive(o.peer_timeout, err);
        if (!msg) {
            return finish(Outcome::ongoing, "peer failed: " + err, c.open());
        }
        switch (msg->type) {
            case 'M': {
                Move m;
                try {
                    m = parse_dxp_move(v, game.position(), *msg);
                } catch (const Error& e) {
                    return finish(win_for(us), std::string("peer sent an illegal move: ") + e.what(),
                                  true);
                }
                note(o, "received MOVE " + move_text(v, game.position(), m));
                game.play(m);
                break;
            }
            case 'E': {
                c.send(game_end(end_reason(game.result().outcome, us), msg->stop));
                res.peer_stops = msg->stop == '1';
                res.outcome = game.result().outcome;
                res.reason = std::string("peer ended the game (GAMEEND reason ") + msg->code + ")";
                res.plies = game.ply() - first;
                note(o, "game over: " + res.reason);
                return res;
            }
            case 'C':
                note(o, "chat: " + msg->text.substr(0, 200));
                break;
            case 'B': {
                DxpMessage k;
                k.type = 'K';
                k.code = '1';  // not supported
                c.send(k);
                note(o, "refused BACKREQ");
                break;
            }
            default:
                return finish(win_for(us), std::string("peer sent an unexpected ") +
                                               type_name(msg->type) + " during the game", true);
        }
    }
}

double budget(const DxpSessionOptions& o, int minutes, int moves) {
    if (o.movetime > 0) return o.movetime;
    if (minutes <= 0 || moves <= 0) return 1;
    return 0.9 * minutes * 60.0 / moves;
}

}  // namespace

std::vector<DxpGameResult> dxp_follow(DxpConnection& c, Player& player,
                                      std::shared_ptr<const Variant> variant,
                                      const DxpSessionOptions& o) {
    require_international(*variant);
    std::vector<DxpGameResult> games;
    while (c.open()) {
        std::string err;
        auto msg = c.receive(o.peer_timeout, err);
        if (!msg) {  // silence (peer_timeout) or a dropped or broken connection ends it
            note(o, "session over: " + err);
            break;
        }
        if (msg->type == 'C') {
            note(o, "chat: " + msg->text.substr(0, 200));
            continue;
        }
        if (msg->type == 'E') {  // a GAMEEND outside a game: answer it
            c.send(game_end('0', msg->stop));
            if (msg->stop == '1') break;
            continue;
        }
        if (msg->type == 'B') {
            DxpMessage k;
            k.type = 'K';
            k.code = '1';
            c.send(k);
            continue;
        }
        if (msg->type != 'R') {
            note(o, std::string("ignored an unexpected ") + type_name(msg->type) + " outside a game");
            continue;
        }
        DxpMessage acc;
        acc.type = 'A';
        acc.name = o.name.substr(0, 32);
        std::optional<Position> start;
        if (msg->version != 1) {
            acc.code = '9';
        } else if (!msg->position.empty()) {
            try {
                start = parse_dxp_position(*variant, msg->position);
            } catch (const Error& e) {
                note(o, std::string("refused the game: ") + e.what());
                acc.code = '3';
            }
        }
        c.send(acc);
        if (acc.code != '0') continue;
        note(o, "game accepted from " + msg->name);
        Game game(variant, start);
        const Color us = msg->follower_color == 'W' ? Color::white : Color::black;
        games.push_back(play_dxp_game(c, player, game, us, budget(o, msg->minutes, msg->moves), o));
        if (games.back().peer_stops) break;
    }
    return games;
}

DxpGameResult dxp_initiate(DxpConnection& c, Player& player, std::shared_ptr<const Variant> variant,
                           const DxpSessionOptions& o) {
    require_international(*variant);
    DxpMessage req;
    req.type = 'R';
    req.name = o.name.substr(0, 32);
    req.follower_color = o.follower_color;
    req.minutes = o.minutes;
    req.moves = o.moves;
    req.position = o.position;
    std::optional<Position> start;
    if (!o.position.empty()) start = parse_dxp_position(*variant, o.position);
    DxpGameResult res;
    if (!c.send(req)) {
        res.reason = "peer closed the connection";
        return res;
    }
    std::string err;
    for (;;) {
        auto m = c.receive(o.peer_timeout, err);
        if (!m) {
            res.reason = "no game: " + err;
            return res;
        }
        if (m->type == 'C') continue;
        if (m->type != 'A') {
            res.reason = std::string("no game: the peer answered GAMEREQ with ") + type_name(m->type);
            return res;
        }
        if (m->code != '0') {
            res.reason = std::string("no game: the peer refused it (GAMEACC code ") + m->code + ")";
            return res;
        }
        note(o, "game accepted by " + m->name);
        break;
    }
    Game game(variant, start);
    const Color us = o.follower_color == 'W' ? Color::black : Color::white;
    return play_dxp_game(c, player, game, us, budget(o, o.minutes, o.moves), o);
}

// ---------------------------------------------------------------------------------------------
// The match player

DxpPlayer::DxpPlayer(std::string host, int port, std::shared_ptr<const Variant> variant,
                     double move_timeout)
    : host_(std::move(host)), port_(port), move_timeout_(move_timeout), variant_(std::move(variant)) {
    require_international(*variant_);
    if (port_ < 1 || port_ > 65535) throw OptionError("dxp: port must be 1..65535");
}

DxpPlayer::~DxpPlayer() {
    if (c_ && c_->open()) {
        if (requested_) c_->send(game_end('0', '1'));
        c_->close();
    }
}

std::string DxpPlayer::name() const {
    if (!name_.empty()) return name_;
    return "dxp:" + host_ + ":" + std::to_string(port_);
}

PlayerReply DxpPlayer::fail(std::string why) {
    if (c_) c_->close();
    c_.reset();
    requested_ = false;
    PlayerReply r;
    r.failure = std::move(why);
    return r;
}

void DxpPlayer::new_game(const Game& game) {
    (void)game;
    if (requested_ && c_ && c_->open()) {
        c_->send(game_end('0', '0'));
        std::string err;
        for (int i = 0; i < 8; ++i) {  // its GAMEEND in answer (or anything else: drop it)
            auto m = c_->receive(5, err);
            if (!m || m->type == 'E') break;
        }
    }
    requested_ = false;
}

PlayerReply DxpPlayer::play(const Game& game, double seconds) {
    const Variant& v = *variant_;
    const double timeout = move_timeout_ > 0
                               ? move_timeout_
                               : std::max(4 * seconds, 5 * minutes_ * 60.0 / 75) + 2;
    if (!requested_) {
        if (!c_ || !c_->open()) {
            try {
                c_ = DxpConnection::connect(host_, port_, 10);
            } catch (const Error& e) {
                return fail(e.what());
            }
        }
        DxpMessage req;
        req.type = 'R';
        req.name = "tradgames match";
        const Color side = game.position().side_to_move();
        req.follower_color = side == Color::white ? 'W' : 'Z';
        req.moves = 75;
        req.minutes = std::clamp(static_cast<int>(std::ceil(seconds * 75 / 60)), 1, 999);
        minutes_ = req.minutes;
        if (game.ply() > 0 || game.position() != v.initial_position()) {
            req.position = dxp_position(v, game.position());
        }
        if (!c_->send(req)) return fail("peer closed the connection");
        std::string err;
        for (;;) {
            auto m = c_->receive(10, err);
            if (!m) return fail("no game: " + err);
            if (m->type == 'C') continue;
            if (m->type != 'A') {
                return fail(std::string("no game: GAMEREQ answered with ") + type_name(m->type));
            }
            if (m->code != '0') {
                return fail(std::string("the follower refused the game (GAMEACC code ") + m->code +
                            ")");
            }
            if (!m->name.empty()) name_ = m->name;
            break;
        }
        requested_ = true;
        synced_ = game.ply();
    }
    // Relay the moves played since the follower's last one.
    for (std::size_t i = synced_; i < game.ply(); ++i) {
        if (!c_->send(dxp_move(v, game.positions()[i], game.moves()[i], 0))) {
            return fail("peer closed the connection");
        }
    }
    std::string err;
    for (;;) {
        auto m = c_->receive(timeout, err);
        if (!m) return fail(err);
        if (m->type == 'C') continue;
        if (m->type == 'B') {
            DxpMessage k;
            k.type = 'K';
            k.code = '1';
            c_->send(k);
            continue;
        }
        if (m->type == 'E') {
            c_->send(game_end('0', m->stop));
            return fail(std::string("the follower ended the game (GAMEEND reason ") + m->code + ")");
        }
        if (m->type != 'M') return fail(std::string("unexpected ") + type_name(m->type));
        PlayerReply r;
        try {
            r.move = parse_dxp_move(v, game.position(), *m);
        } catch (const AmbiguousMoveError& e) {
            return fail(std::string("ambiguous move (") + e.what() + ")");
        } catch (const IllegalMoveError& e) {
            return fail(std::string("illegal move (") + e.what() + ")");
        } catch (const Error& e) {
            return fail(std::string("malformed move (") + e.what() + ")");
        }
        synced_ = game.ply() + 1;
        return r;
    }
}

}  // namespace tradgames::engine
