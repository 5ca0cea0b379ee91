// Hub engines in child processes (include/tradgames/engine/match_hub.hpp).
#include "tradgames/engine/match_hub.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "child_process.hpp"
#include "tradgames/engine/hub.hpp"
#include "tradgames/error.hpp"

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#define TRADGAMES_HUB_HOST 1
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#endif

namespace tradgames::engine {

namespace {

std::string seconds_text(double s) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3g", s);
    return buf;
}

/// What the engine said, shortened for a game's Termination tag.
std::string excerpt(std::string_view text) {
    constexpr std::size_t most = 80;
    std::string out;
    for (const char c : text.substr(0, most)) {
        out += (c >= 0x20 && c < 0x7f) ? c : '?';
    }
    if (text.size() > most) out += "...";
    return out;
}

}  // namespace

#if TRADGAMES_HUB_HOST

struct HubHost::Child {
    pid_t pid = -1;
    int fd = -1;
    std::string buffer;  // bytes read after the last complete line (< hub_max_line)

    ~Child() { kill(); }

    void kill() {
        if (fd >= 0) ::close(fd);
        fd = -1;
        if (pid > 0) {
            ::kill(-pid, SIGKILL);  // the engine's whole process group (sh and what it runs)
            ::kill(pid, SIGKILL);
            int st = 0;
            while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
            }
        }
        pid = -1;
    }

    /// Asks the engine to quit, gives it a moment, then ends its process group.
    void quit() {
        if (fd >= 0 && pid > 0) {
            (void)send("quit");
            for (int i = 0; i < 50; ++i) {
                int st = 0;
                if (::waitpid(pid, &st, WNOHANG) != 0) {
                    ::kill(-pid, SIGKILL);  // anything it left behind
                    pid = -1;
                    break;
                }
                ::usleep(10000);
            }
        }
        kill();
    }

    /// Why the engine is gone (after end of file): its exit status, or that it closed its output.
    std::string death() {
        std::string why;
        if (pid > 0) {
            int st = 0;
            pid_t w = 0;
            for (int i = 0; i < 200 && w == 0; ++i) {
                w = ::waitpid(pid, &st, WNOHANG);
                if (w == 0) ::usleep(5000);
            }
            if (w == pid) {
                ::kill(-pid, SIGKILL);
                pid = -1;
                why = detail::describe_exit(st);
                if (WIFEXITED(st) && WEXITSTATUS(st) == 127) why += " (command not found?)";
                // The shell reports a command killed by signal N as status 128 + N.
                if (WIFEXITED(st) && WEXITSTATUS(st) > 128 && WEXITSTATUS(st) < 128 + 65) {
                    const int sig = WEXITSTATUS(st) - 128;
                    const char* name = ::strsignal(sig);
                    why = "engine crashed (signal " + std::to_string(sig) +
                          (name != nullptr ? std::string(", ") + name : std::string()) +
                          "; the shell's status " + std::to_string(WEXITSTATUS(st)) + ")";
                }
            }
        }
        if (why.empty()) why = "engine closed its output";
        kill();
        return why;
    }

    /// Sends one line; false if the engine is gone.
    bool send(const std::string& line) {
        const std::string data = line + '\n';
        return detail::send_all(fd, data.data(), data.size());
    }

    /// Reads the next line before `deadline`. Returns the line, or nullopt with `error` set:
    /// "" when the deadline passed, else why the engine failed (it is then killed).
    std::optional<std::string> read_line(std::chrono::steady_clock::time_point deadline,
                                         std::string& error) {
        error.clear();
        for (;;) {
            const auto nl = buffer.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer.substr(0, nl);
                buffer.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return line;
            }
            if (buffer.size() > hub_max_line) {
                kill();
                error = "engine sent a line longer than " + std::to_string(hub_max_line) + " bytes";
                return std::nullopt;
            }
            const auto now = std::chrono::steady_clock::now();
            if (now >= deadline) return std::nullopt;
            const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
            pollfd pfd{fd, POLLIN, 0};
            const int n = ::poll(&pfd, 1, static_cast<int>(std::max<long long>(1, ms.count() + 1)));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) continue;
            char chunk[65536];
            const ssize_t k = ::read(fd, chunk, sizeof chunk);
            if (k < 0 && errno == EINTR) continue;
            if (k <= 0) {
                error = death();
                return std::nullopt;
            }
            buffer.append(chunk, static_cast<std::size_t>(k));
        }
    }
};

namespace {

using Clock = std::chrono::steady_clock;

Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::microseconds(static_cast<long long>(seconds * 1e6));
}

/// The value list of an enum parameter line (`values="a b c"`).
std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

std::string HubHost::exchange(const char* command, const char* awaited, double seconds,
                              const std::function<bool(const HubLine&)>& seen) {
    if (!child_->send(command)) return child_->death();
    const auto by = after(seconds);
    std::string err;
    for (;;) {
        auto line = child_->read_line(by, err);
        if (!line) {
            if (err.empty()) {
                child_->kill();
                err = std::string("engine did not answer `") + command + "` with `" + awaited +
                      "` within " + seconds_text(seconds) + " s";
            }
            return err;
        }
        HubLine l;
        try {
            l = parse_hub_line(*line);
        } catch (const Error&) {
            continue;  // a line we cannot read is ignored, as anything we do not understand
        }
        if (l.command == awaited || !seen(l)) return {};
    }
}

std::string HubHost::start() {
    if (!unusable_.empty()) return unusable_;
    if (child_ && child_->pid > 0) return {};
    child_ = std::make_unique<Child>();
    int sv[2];
    pid_t pid = -1;
    const std::string shell = "/bin/sh";
    {
        std::lock_guard<std::mutex> lock(detail::child_fork_mutex());
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
            return std::string("cannot start engine: socketpair: ") + std::strerror(errno);
        }
        pid = ::fork();
        if (pid == 0) {
            // Only async-signal-safe calls until exec.
            ::setpgid(0, 0);
#if defined(__linux__)
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
            ::dup2(sv[1], 0);
            ::dup2(sv[1], 1);
            const int null = ::open("/dev/null", O_WRONLY);
            if (null >= 0) ::dup2(null, 2);
            ::execl(shell.c_str(), "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(sv[1]);
    }
    if (pid < 0) {
        ::close(sv[0]);
        return std::string("cannot start engine: fork: ") + std::strerror(errno);
    }
    ::setpgid(pid, pid);  // also from here, so that kill(-pid) works at once
    child_->pid = pid;
    child_->fd = sv[0];

    // hub -> id, param..., wait
    std::optional<std::vector<std::string>> variants;  // the `variant` enum, if declared
    bool options_param = false;                        // whether it declares `options`
    if (std::string e = exchange("hub", "wait", timeouts_.hello, [&](const HubLine& l) {
            if (l.command == "id") {
                const std::string n = l.get("name").value_or("");
                const std::string v = l.get("version").value_or("");
                if (!n.empty()) name_ = excerpt(v.empty() ? n : n + " " + v);
            } else if (l.command == "param" && l.get("name") == "variant") {
                variants = words(l.get("values").value_or(l.get("value").value_or("")));
            } else if (l.command == "param" && l.get("name") == "options") {
                options_param = true;
            }
            return true;
        });
        !e.empty()) {
        return e;
    }
    // The variant: its own name, or Scan's name for International draughts.
    const std::string game = variant_->name();
    std::string chosen;
    if (variants) {
        for (const std::string& w : *variants) {
            if (w == game) chosen = w;
        }
        if (chosen.empty() && game == "international" &&
            std::find(variants->begin(), variants->end(), "normal") != variants->end()) {
            chosen = "normal";
        }
    }
    if (chosen.empty() && (variants || game != "international")) {
        std::string offered;
        if (variants) {
            for (const std::string& w : *variants) offered += (offered.empty() ? "" : " ") + w;
        }
        unusable_ = "engine does not play " + game + " (its variants: " +
                    (offered.empty() ? "International draughts only" : excerpt(offered)) + ")";
        child_->quit();
        return unusable_;
    }
    if (!chosen.empty() && !child_->send("set-param name=variant value=" + hub_quote(chosen))) {
        return child_->death();
    }
    // The rule options that differ from the game's defaults, as `options` ("k=v,k=v": the
    // parameter `tradgames hub` declares); an engine without it cannot be told them.
    std::string options;
    const RuleOptions& ro = variant_->options();
    const RuleOptions defaults(ro.specs());
    for (const OptionSpec& o : ro.specs()) {
        if (ro.value(o.name) == defaults.value(o.name)) continue;
        if (!options.empty()) options += ',';
        options += o.name + "=" + ro.value(o.name);
    }
    if (!options.empty()) {
        if (!options_param) {
            unusable_ = "engine has no `options` parameter to be told the rule options " + options;
            child_->quit();
            return unusable_;
        }
        if (!child_->send("set-param name=options value=" + hub_quote(options))) return child_->death();
    }
    // init -> ready; an `error` (a parameter refused) makes the engine unusable for now.
    std::string refused;
    if (std::string e = exchange("init", "ready", timeouts_.init, [&](const HubLine& l) {
            if (l.command == "error") refused = "engine error: " + excerpt(l.get("message").value_or("?"));
            return refused.empty();
        });
        !e.empty()) {
        return e;
    }
    if (!refused.empty()) {
        child_->quit();
        return refused;
    }
    return {};
}

void HubHost::new_game(const Game& game) {
    (void)game;
    if (start().empty() && !child_->send("new-game")) (void)child_->death();
    // a failure shows in play(), which loses the game with it
}

PlayerReply HubHost::play(const Game& game, double seconds) {
    if (clock_) {
        const MoveClock c = *clock_;
        clock_.reset();
        return think(game, HubThinkLimits{}, c.own + 0.5, &c);
    }
    return think(game, HubThinkLimits{seconds, 0, 0}, 0, nullptr);
}

PlayerReply HubHost::think(const Game& game, const HubThinkLimits& limits, double timeout) {
    return think(game, limits, timeout, nullptr);
}

namespace {

/// The engine's report from an `info` line, merged into `info` (later lines override).
void read_info(const HubLine& l, const Variant& v, const Position& root, PlayerInfo& info) {
    const auto number = [&](const char* key) -> std::optional<double> {
        const auto t = l.get(key);
        if (!t || t->empty()) return std::nullopt;
        char* end = nullptr;
        const double x = std::strtod(t->c_str(), &end);
        if (*end != '\0' || !std::isfinite(x) || std::fabs(x) > 1e15) return std::nullopt;
        return x;
    };
    if (const auto d = number("depth"); d && *d >= 0 && *d < 1e4) info.depth = static_cast<int>(*d);
    if (const auto x = number("score")) info.score = *x;
    if (const auto n = number("nodes"); n && *n >= 0) info.nodes = static_cast<std::uint64_t>(*n);
    if (const auto t = number("time"); t && *t >= 0) info.seconds = *t;
    if (const auto pv = l.get("pv")) {
        info.pv.clear();
        Position p = root;
        Undo u;
        std::size_t i = 0;
        while (i < pv->size() && info.pv.size() < 256) {
            while (i < pv->size() && (*pv)[i] == ' ') ++i;
            std::size_t j = i;
            while (j < pv->size() && (*pv)[j] != ' ') ++j;
            if (j == i) break;
            try {
                const Move m = parse_hub_move(v, p, std::string_view(*pv).substr(i, j - i));
                info.pv.push_back(m);
                v.make_move(p, m, u);
            } catch (const Error&) {
                break;  // the line stops where it stops being legal or readable
            }
            i = j;
        }
    }
}

}  // namespace

PlayerReply HubHost::think(const Game& game, const HubThinkLimits& limits, double timeout,
                           const MoveClock* clock) {
    if (clock == nullptr && limits.seconds <= 0 && limits.depth <= 0 && limits.nodes == 0) {
        throw OptionError("hub: a search needs a time, depth or node limit");
    }
    if (timeout <= 0 && limits.seconds <= 0) throw OptionError("hub: a search without a time needs a timeout");
    PlayerReply out;
    if (std::string e = start(); !e.empty()) {
        out.failure = e;
        return out;
    }
    const Variant& v = *variant_;
    // The position after the last irreversible move and the moves since (for repetitions).
    const std::size_t from = game.repetition_start();
    std::string moves;
    for (std::size_t i = from; i < game.moves().size(); ++i) {
        if (!moves.empty()) moves += ' ';
        moves += hub_move(v, game.positions()[i], game.moves()[i]);
    }
    std::string pos = "pos pos=" + hub_position(v, game.positions()[from]);
    if (!moves.empty()) pos += " moves=" + hub_quote(moves);
    std::string level = "level";
    char buf[96];
    if (clock != nullptr) {
        std::snprintf(buf, sizeof buf, " time=%.3f inc=%.3f", std::max(0.0, clock->own),
                      std::max(0.0, clock->increment));
        level += buf;
    }
    if (limits.seconds > 0) {
        std::snprintf(buf, sizeof buf, " move-time=%.3f", limits.seconds);
        level += buf;
    }
    if (limits.depth > 0) level += " depth=" + std::to_string(limits.depth);
    if (limits.nodes > 0) level += " nodes=" + std::to_string(limits.nodes);
    if (!child_->send(pos) || !child_->send(level) || !child_->send("go think")) {
        out.failure = child_->death();
        return out;
    }
    const double soft = timeout > 0 ? timeout : 2 * limits.seconds + 0.5, hard = soft + 1;
    const auto soft_by = after(soft), hard_by = after(hard);
    bool stopped = false;
    std::optional<std::pair<std::uint64_t, double>> work;  // the last info's nodes and time
    std::string err;
    for (;;) {
        auto line = child_->read_line(stopped ? hard_by : soft_by, err);
        if (!line) {
            if (!err.empty()) {
                out.failure = err;
                return out;
            }
            if (!stopped) {
                stopped = true;
                if (!child_->send("stop")) {
                    out.failure = child_->death();
                    return out;
                }
                continue;
            }
            child_->kill();
            out.failure = "engine hung: no reply within " + seconds_text(hard) + " s";
            return out;
        }
        HubLine l;
        try {
            l = parse_hub_line(*line);
        } catch (const Error&) {
            continue;
        }
        if (l.command == "info") {
            read_info(l, v, game.position(), out.info);
            const auto n = l.get("nodes"), t = l.get("time");
            if (n && t) {
                char* e1 = nullptr;
                char* e2 = nullptr;
                const unsigned long long nodes = std::strtoull(n->c_str(), &e1, 10);
                const double time = std::strtod(t->c_str(), &e2);
                if (*e1 == '\0' && *e2 == '\0' && time >= 0 && time < 1e9) {
                    work = std::make_pair(static_cast<std::uint64_t>(nodes), time);
                }
            }
        } else if (l.command == "error") {
            child_->kill();
            out.failure = "engine error: " + excerpt(l.get("message").value_or(*line));
            return out;
        } else if (l.command == "done") {
            const auto m = l.get("move");
            if (!m || m->empty()) {
                child_->kill();
                out.failure = "malformed reply '" + excerpt(*line) + "' (no move=)";
                return out;
            }
            try {
                out.move = parse_hub_move(v, game.position(), *m);
            } catch (const IllegalMoveError& e) {
                out.failure = std::string(dynamic_cast<const AmbiguousMoveError*>(&e) != nullptr
                                              ? "ambiguous move '"
                                              : "illegal move '") +
                              excerpt(*m) + "' (" + e.what() + ")";
            } catch (const Error& e) {
                out.failure = "malformed move '" + excerpt(*m) + "' (" + e.what() + ")";
            }
            if (!out.move) {
                child_->kill();  // a fresh engine for the next game
                out.info = PlayerInfo{};
                return out;
            }
            if (work) {
                ++stats_.moves;
                stats_.nodes += work->first;
                stats_.seconds += work->second;
            }
            return out;
        }
    }
}

#else  // no child processes on this platform

struct HubHost::Child {
    void quit() {}
};

std::string HubHost::start() { return "Hub engines need a POSIX system (fork, exec)"; }

void HubHost::new_game(const Game&) {}

PlayerReply HubHost::play(const Game&, double) {
    PlayerReply out;
    out.failure = start();
    return out;
}

PlayerReply HubHost::think(const Game&, const HubThinkLimits&, double) {
    PlayerReply out;
    out.failure = start();
    return out;
}

#endif

HubHost::HubHost(std::string command, std::shared_ptr<const Variant> variant,
                 HubHostTimeouts timeouts)
    : command_(std::move(command)), variant_(std::move(variant)), timeouts_(timeouts) {
    if (!hub_positions_supported(*variant_)) {
        throw OptionError("variant '" + variant_->name() +
                          "' has no Hub position form (Hub engines need two piece kinds)");
    }
    if (command_.empty()) throw OptionError("hub: needs the engine's command");
}

HubHost::~HubHost() {
    if (child_) child_->quit();
}

std::string HubHost::name() const {
    if (!name_.empty()) return name_;
    return "hub:" + excerpt(command_);
}

}  // namespace tradgames::engine
