// CheckerBoard engines in child processes (include/tradgames/engine/match_cb.hpp).
#include "tradgames/engine/match_cb.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <utility>

#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"
#include "child_process.hpp"

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#define TRADGAMES_CB_HOST 1
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#endif

namespace tradgames::engine {

namespace {

std::string coor_text(CbCoor c) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "(%d,%d)", c.x, c.y);
    return buf;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The board mapping

CbMapping::CbMapping(const Variant& variant) : variant_(&variant) {
    const int gt = variant.pdn_game_type();
    const std::string who = "variant '" + variant.name() + "'";
    if (gt != 21 && gt != 25 && gt != 26) {
        throw OptionError(who + " is not played by CheckerBoard engines here (PDN GameType " +
                          std::to_string(gt) + "; supported: 21 English, 25 Russian, 26 Brazilian)");
    }
    game_type_ = gt;
    const auto& kinds = variant.kinds();
    if (kinds.size() != 2) throw OptionError(who + ": CheckerBoard engines need men and kings");
    man_ = kinds[0].letter == 'K' ? 1 : 0;
    king_ = static_cast<Kind>(1 - man_);
    const Topology& t = variant.topology();
    if (t.size() != 32) throw OptionError(who + ": CheckerBoard engines need 32 playing squares");
    double min_x = t.x(0), min_y = t.y(0), max_x = t.x(0), max_y = t.y(0);
    for (int v = 1; v < t.size(); ++v) {
        const auto u = static_cast<Vertex>(v);
        min_x = std::min(min_x, t.x(u));
        min_y = std::min(min_y, t.y(u));
        max_x = std::max(max_x, t.x(u));
        max_y = std::max(max_y, t.y(u));
    }
    const double unit_x = (max_x - min_x) / 7, unit_y = (max_y - min_y) / 7;
    if (unit_x <= 0 || unit_y <= 0) throw OptionError(who + ": not an 8x8 board");
    for (auto& col : vertex_) col.fill(-1);
    for (int v = 0; v < t.size(); ++v) {
        const auto u = static_cast<Vertex>(v);
        const double fx = (t.x(u) - min_x) / unit_x, fy = (t.y(u) - min_y) / unit_y;
        const int file = static_cast<int>(std::lround(fx)), rank = static_cast<int>(std::lround(fy));
        if (std::abs(fx - file) > 1e-6 || std::abs(fy - rank) > 1e-6 || (file + rank) % 2 != 0) {
            throw OptionError(who + ": its board is not CheckerBoard's 8x8 with a dark a1");
        }
        const CbCoor c{7 - file, 7 - rank};
        coor_[u] = c;
        vertex_[static_cast<std::size_t>(c.x)][static_cast<std::size_t>(c.y)] = v;
    }
}

CbBoard CbMapping::board(const Position& pos) const {
    CbBoard b{};
    const Topology& t = variant_->topology();
    for (int v = 0; v < t.size(); ++v) {
        const auto u = static_cast<Vertex>(v);
        const Piece p = pos.at(u);
        if (p.empty()) continue;
        const int code = (p.color() == Color::white ? cb_white : cb_black) |
                         (p.kind() == king_ ? cb_king : cb_man);
        b[static_cast<std::size_t>(coor_[u].x)][static_cast<std::size_t>(coor_[u].y)] = code;
    }
    return b;
}

std::optional<Vertex> CbMapping::vertex(CbCoor c) const noexcept {
    if (c.x < 0 || c.x > 7 || c.y < 0 || c.y > 7) return std::nullopt;
    const int v = vertex_[static_cast<std::size_t>(c.x)][static_cast<std::size_t>(c.y)];
    if (v < 0) return std::nullopt;
    return static_cast<Vertex>(v);
}

PlayerReply CbMapping::match(const CbMove& m, const Position& pos, const MoveList& legal) const {
    PlayerReply r;
    if (m.jumps < 0 || m.jumps > 12) {
        r.failure = "malformed move (jumps " + std::to_string(m.jumps) + ", not 0..12)";
        return r;
    }
    const auto from = vertex(m.from), to = vertex(m.to);
    if (!from || !to) {
        r.failure = "malformed move (from " + coor_text(m.from) + " to " + coor_text(m.to) +
                    ": not a playing square)";
        return r;
    }
    Mask captured = 0;
    std::string del_text;
    for (int i = 0; i < m.jumps; ++i) {
        const auto d = vertex(m.del[i]);
        if (!d) {
            r.failure = "malformed move (captured square " + coor_text(m.del[i]) +
                        " is not a playing square)";
            return r;
        }
        captured |= Mask{1} << *d;
        if (!del_text.empty()) del_text += ',';
        del_text += variant_->topology().name(*d);
    }
    const Topology& t = variant_->topology();
    std::string said(t.name(*from));
    said += m.jumps > 0 ? ':' : '-';
    said += t.name(*to);
    if (m.jumps > 0) {
        said += " capturing ";
        said += del_text;
    }
    const Move* found = nullptr;
    int distinct = 0;
    for (const Move& mv : legal) {
        if (mv.from != *from || mv.to != *to) continue;
        if (m.jumps == 0 ? mv.is_capture() : (!mv.is_capture() || mv.captured_mask != captured))
            continue;
        if (found == nullptr) {
            found = &mv;
            distinct = 1;
        } else if (mv.promotion != found->promotion || mv.result_tag != found->result_tag) {
            ++distinct;
        }
    }
    if (found == nullptr) {
        r.failure = "illegal move " + said;
        return r;
    }
    if (distinct > 1) {
        r.failure = "ambiguous move " + said;
        return r;
    }
    (void)pos;
    r.move = *found;
    return r;
}

// ---------------------------------------------------------------------------------------------
// The child process

#if TRADGAMES_CB_HOST

namespace {

enum Op : int { op_command = 1, op_getmove = 2, op_quit = 3 };

struct Request {
    int op = 0;
    int color = 0;
    double maxtime = 0;
    int board[8][8] = {};
    char text[256] = {};
};

struct Reply {
    int status = 0;  // 0 ok; 1: could not load (text says why)
    int value = 0;   // the engine function's return value
    CbMove move{};
    char text[1024] = {};
};

using GetMove = int (*)(int[8][8], int, double, char*, int*, int, int, CbMove*);
using EngineCommand = int (*)(char*, char*);

bool read_all_blocking(int fd, void* data, std::size_t n) {
    char* p = static_cast<char*>(data);
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return true;
}

[[noreturn]] void child_main(int fd, const std::string& path, volatile int* playnow) {
    const int null = ::open("/dev/null", O_RDWR);
    if (null >= 0) {
        ::dup2(null, 0);
        ::dup2(null, 1);
        ::dup2(null, 2);
    }
    Reply hello;
    void* lib = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    GetMove getmove = nullptr;
    EngineCommand enginecommand = nullptr;
    if (lib == nullptr) {
        hello.status = 1;
        const char* e = ::dlerror();
        std::snprintf(hello.text, sizeof hello.text, "cannot load %s: %s", path.c_str(),
                      e != nullptr ? e : "unknown error");
    } else {
        getmove = reinterpret_cast<GetMove>(::dlsym(lib, "getmove"));
        enginecommand = reinterpret_cast<EngineCommand>(::dlsym(lib, "enginecommand"));
        if (getmove == nullptr) {
            hello.status = 1;
            std::snprintf(hello.text, sizeof hello.text,
                          "not a CheckerBoard engine: %s has no getmove", path.c_str());
        }
    }
    if (!detail::send_all(fd, &hello, sizeof hello) || hello.status != 0) ::_exit(0);
    for (;;) {
        Request q;
        if (!read_all_blocking(fd, &q, sizeof q) || q.op == op_quit) ::_exit(0);
        Reply r;
        if (q.op == op_command) {
            if (enginecommand == nullptr) {
                r.value = 0;
                std::snprintf(r.text, sizeof r.text, "?");
            } else {
                char cmd[256] = {};
                std::memcpy(cmd, q.text, sizeof cmd - 1);
                r.value = enginecommand(cmd, r.text);
            }
        } else if (q.op == op_getmove) {
            // *playnow was cleared by the host before it sent the request (an interrupt that
            // comes while the request travels is kept).
            int board[8][8];
            std::memcpy(board, q.board, sizeof board);
            r.value = getmove(board, q.color, q.maxtime, r.text, const_cast<int*>(playnow), 0, 0,
                              &r.move);
        }
        r.text[sizeof r.text - 1] = '\0';
        if (!detail::send_all(fd, &r, sizeof r)) ::_exit(0);
    }
}

}  // namespace

bool detail::send_all(int fd, const void* data, std::size_t n) {
    const char* p = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return true;
}

std::mutex& detail::child_fork_mutex() {
    static std::mutex m;
    return m;
}

std::string detail::describe_exit(int st) {
    if (WIFSIGNALED(st)) {
        const int s = WTERMSIG(st);
        const char* name = ::strsignal(s);
        return "engine crashed (signal " + std::to_string(s) +
               (name != nullptr ? std::string(", ") + name : std::string()) + ")";
    }
    if (WIFEXITED(st)) return "engine exited (status " + std::to_string(WEXITSTATUS(st)) + ")";
    return {};
}

struct CbEngine::Child {
    pid_t pid = -1;
    int fd = -1;
    int* playnow = nullptr;  // shared with the child (MAP_SHARED; owned by the CbEngine)

    ~Child() { kill(); }

    void kill() {
        if (fd >= 0) ::close(fd);
        fd = -1;
        if (pid > 0) {
            ::kill(pid, SIGKILL);
            int st = 0;
            while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
            }
        }
        pid = -1;
    }

    /// Why the child is gone (after a read hit end of file): its exit status or signal.
    std::string death() {
        if (pid <= 0) return "engine process is gone";
        int st = 0;
        pid_t w = -1;
        // The child closed its socket: it is exiting; give it a moment to finish.
        for (int i = 0; i < 200; ++i) {
            w = ::waitpid(pid, &st, WNOHANG);
            if (w != 0) break;
            ::usleep(5000);
        }
        std::string why;
        if (w == pid) {
            pid = -1;
            why = detail::describe_exit(st);
        }
        if (why.empty()) why = "engine closed its connection";
        kill();
        return why;
    }

    /// Reads one reply within `soft` seconds, then sets *playnow and waits `hard - soft` more.
    /// Returns "" or why not ("no reply within ...", a crash).
    std::string receive(Reply& r, double soft, double hard) {
        using clock = std::chrono::steady_clock;
        const auto t0 = clock::now();
        char* p = reinterpret_cast<char*>(&r);
        std::size_t got = 0;
        bool told = false;
        while (got < sizeof r) {
            const double elapsed = std::chrono::duration<double>(clock::now() - t0).count();
            if (!told && elapsed >= soft) {
                if (playnow != nullptr) __atomic_store_n(playnow, 1, __ATOMIC_RELAXED);
                told = true;
            }
            const double until = told ? hard : soft;
            if (elapsed >= hard) {
                kill();
                char buf[64];
                std::snprintf(buf, sizeof buf, "%.3g", hard);
                return std::string("engine hung: no reply within ") + buf + " s";
            }
            pollfd pfd{fd, POLLIN, 0};
            const int ms = std::max(1, static_cast<int>((until - elapsed) * 1000) + 1);
            const int n = ::poll(&pfd, 1, ms);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) continue;
            const ssize_t k = ::read(fd, p + got, sizeof r - got);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) return death();
            got += static_cast<std::size_t>(k);
        }
        return {};
    }
};

std::string CbEngine::start() {
    if (!unusable_.empty()) return unusable_;
    if (child_ && child_->pid > 0) return {};
    if (playnow_.load() == nullptr) {
        void* shared = ::mmap(nullptr, sizeof(int), PROT_READ | PROT_WRITE,
                              MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (shared == MAP_FAILED) return "cannot start engine: mmap failed";
        *static_cast<int*>(shared) = 0;
        playnow_.store(static_cast<int*>(shared));
    }
    child_ = std::make_unique<Child>();
    child_->playnow = playnow_.load();
    int sv[2];
    pid_t pid = -1;
    {
        std::lock_guard<std::mutex> lock(detail::child_fork_mutex());
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
            return std::string("cannot start engine: socketpair: ") + std::strerror(errno);
        }
        pid = ::fork();
        if (pid == 0) {
#if defined(__linux__)
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
            ::close(sv[0]);
            child_main(sv[1], path_, child_->playnow);
        }
        ::close(sv[1]);
    }
    if (pid < 0) {
        ::close(sv[0]);
        return std::string("cannot start engine: fork: ") + std::strerror(errno);
    }
    child_->pid = pid;
    child_->fd = sv[0];
    Reply hello;
    std::string err = child_->receive(hello, 20, 30);
    if (!err.empty()) return "engine failed while loading: " + err;
    if (hello.status != 0) {
        unusable_ = hello.text;
        child_->kill();
        return unusable_;
    }
    std::string e;
    if (name_.empty()) {
        if (auto n = command("name", e); n && n->first != 0 && !n->second.empty()) {
            name_ = n->second;
        } else if (!e.empty()) {
            return e;
        }
    }
    if (auto g = command("get gametype", e)) {
        int gt = 21;  // CheckerBoard's default: English
        if (g->first != 0) {
            try {
                gt = std::stoi(g->second);
            } catch (const std::exception&) {
                gt = 21;
            }
        }
        if (gt != mapping_.game_type()) {
            unusable_ = "engine plays game type " + std::to_string(gt) + ", the match is " +
                        std::to_string(mapping_.game_type());
            return unusable_;
        }
    } else {
        return e;
    }
    return {};
}

void CbEngine::stop() {
    if (child_ && child_->pid > 0 && child_->fd >= 0) {
        Request q;
        q.op = op_quit;
        detail::send_all(child_->fd, &q, sizeof q);
    }
    child_.reset();
}

std::optional<std::pair<int, std::string>> CbEngine::command(const std::string& text,
                                                             std::string& error) {
    if (!child_ || child_->pid <= 0) {
        error = start();
        if (!error.empty()) return std::nullopt;
    }
    Request q;
    q.op = op_command;
    std::snprintf(q.text, sizeof q.text, "%s", text.c_str());
    if (!detail::send_all(child_->fd, &q, sizeof q)) {
        error = child_->death();
        return std::nullopt;
    }
    Reply r;
    error = child_->receive(r, 5, 10);
    if (!error.empty()) return std::nullopt;
    return std::make_pair(r.value, std::string(r.text));
}

PlayerReply CbEngine::play(const Game& game, double seconds) {
    PlayerReply out;
    if (std::string e = start(); !e.empty()) {
        out.failure = e;
        return out;
    }
    Request q;
    q.op = op_getmove;
    q.color = game.position().side_to_move() == Color::white ? cb_white : cb_black;
    q.maxtime = seconds;
    __atomic_store_n(child_->playnow, 0, __ATOMIC_RELAXED);
    const CbBoard b = mapping_.board(game.position());
    for (std::size_t x = 0; x < 8; ++x)
        for (std::size_t y = 0; y < 8; ++y) q.board[x][y] = b[x][y];
    if (!detail::send_all(child_->fd, &q, sizeof q)) {
        out.failure = child_->death();
        return out;
    }
    Reply r;
    const double soft = 2 * seconds + 0.5;
    if (std::string e = child_->receive(r, soft, soft + 1); !e.empty()) {
        out.failure = e;
        return out;
    }
    status_ = r.text;
    // "[nodes N]" and "[time T]" in the status string (KestoG, and CheckerBoard engines like it).
    const auto number_after = [&](const char* key) -> std::optional<double> {
        const auto at = status_.rfind(key);
        if (at == std::string::npos) return std::nullopt;
        char* end = nullptr;
        const double v = std::strtod(status_.c_str() + at + std::strlen(key), &end);
        if (end == status_.c_str() + at + std::strlen(key)) return std::nullopt;
        return v;
    };
    const auto nodes = number_after("[nodes "), time = number_after("[time ");
    if (nodes && time) {
        ++stats_.moves;
        stats_.nodes += static_cast<std::uint64_t>(std::max(0.0, *nodes));
        stats_.seconds += std::max(0.0, *time);
    }
    PlayerReply reply = mapping_.match(r.move, game.position(), game.legal_moves());
    if (reply.move) {
        // What the status string says (its [eval] has no stated scale or side: left out).
        if (const auto d = number_after("[depth "); d && *d >= 0 && *d < 1000) {
            reply.info.depth = static_cast<int>(*d);
        }
        if (nodes && *nodes >= 0 && *nodes < 1e18) reply.info.nodes = static_cast<std::uint64_t>(*nodes);
        if (time && *time >= 0 && *time < 1e9) reply.info.seconds = *time;
        reply.info.pv.push_back(*reply.move);
    }
    return reply;
}

void CbEngine::interrupt() {
    if (int* p = playnow_.load(); p != nullptr) __atomic_store_n(p, 1, __ATOMIC_RELAXED);
}

#else  // no child processes on this platform

struct CbEngine::Child {};

void CbEngine::interrupt() {}

std::string CbEngine::start() {
    return "CheckerBoard engines need a POSIX system (fork, dlopen)";
}
void CbEngine::stop() {}
std::optional<std::pair<int, std::string>> CbEngine::command(const std::string&,
                                                             std::string& error) {
    error = start();
    return std::nullopt;
}
PlayerReply CbEngine::play(const Game&, double) {
    PlayerReply out;
    out.failure = start();
    return out;
}

#endif

CbEngine::CbEngine(std::string path, std::shared_ptr<const Variant> variant)
    : path_(std::move(path)), variant_(std::move(variant)), mapping_(*variant_) {}

CbEngine::~CbEngine() {
    stop();
#if TRADGAMES_CB_HOST
    if (int* p = playnow_.load(); p != nullptr) ::munmap(p, sizeof(int));
#endif
}

std::string CbEngine::name() const {
    if (!name_.empty()) return name_;
    const auto slash = path_.find_last_of('/');
    return "cb:" + (slash == std::string::npos ? path_ : path_.substr(slash + 1));
}

void CbEngine::new_game(const Game& game) {
    (void)game;
    (void)start();  // a failure shows in play(), which loses the game with it
}

HubConfig cb_hub_config(const std::string& path, const std::string& version) {
    const std::string who = "CheckerBoard engine " + path;
    // Games CheckerBoard engines can play here, with their game types.
    std::vector<std::pair<std::string, int>> games;
    for (const auto& info : list_variants()) {
        try {
            const auto v = make_variant(info.name);
            games.emplace_back(info.name, CbMapping(*v).game_type());
        } catch (const Error&) {
            continue;  // not a CheckerBoard game (or one this build cannot make)
        }
    }
    if (games.empty()) throw Error(who + ": no game of this build is a CheckerBoard game");
    // The engine's game type: a probe per game type until the engine's start check passes.
    int game_type = 0;
    std::string name;
    for (const auto& [game, type_of] : games) {
        CbEngine probe(path, make_variant(game));
        std::string err;
        if (probe.command("get gametype", err)) {
            game_type = type_of;
            name = probe.name();
            break;
        }
        if (err.rfind("engine plays game type ", 0) != 0) throw Error(who + ": " + err);
        name = probe.name();
        game_type = std::atoi(err.c_str() + std::strlen("engine plays game type "));
    }
    HubConfig c;
    c.name = name;
    c.version = "(CheckerBoard engine through tradgames " + version + ")";
    // Not `= "?"`: GCC 12 wrongly warns (-Wrestrict) on that assignment inlined here.
    c.author = std::string(1, '?');
    for (const auto& [game, type_of] : games) {
        if (type_of == game_type) c.variants.push_back(game);
    }
    if (c.variants.empty()) {
        throw Error(who + ": it plays PDN GameType " + std::to_string(game_type) +
                    ", which no game here has (21 English, 25 Russian, 26 Brazilian)");
    }
    c.make_variant = [](const std::string& game, const std::vector<std::string>& options) {
        return make_variant(game, options);
    };
    c.make_player = [path](std::shared_ptr<const Variant> v) -> std::unique_ptr<MatchPlayer> {
        auto engine = std::make_unique<CbEngine>(path, std::move(v));
        // Loads the engine now (init is where a Hub engine loads) and checks its game type.
        std::string e;
        if (!engine->command("get gametype", e)) throw Error(e);
        return engine;
    };
    return c;
}

}  // namespace tradgames::engine
