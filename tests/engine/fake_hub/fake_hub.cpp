// A fake Hub engine for the Hub host's tests (tests/engine/match_hub_test.cpp): the built-in
// engine (HubEngine) on standard input and output, which misbehaves on purpose.
//
//   fake_hub MODE [AFTER] [depth=N]
//
// The first AFTER `go` commands (default 0) are answered by the engine; from then on each `go`
// is answered per MODE:
//   ok         the engine's answer (no misbehaviour)
//   junk       unreadable lines first (binary bytes, an unterminated quote, unknown commands,
//              an info line with bad numbers), then the engine's answer
//   illegal    done move=<a well-formed move that is not legal>
//   malformed  done move=hello
//   nomove     done (without move=)
//   error      error message="cannot think"
//   hang       nothing, ever (stop is ignored)
//   flood      info lines without end, stop ignored
//   huge       2 MiB without an end of line, then nothing
//   half       "done mo" without an end of line, then exit(0)
//   crash      abort()
//   exit       exit(3)
// and, at the start rather than on `go`:
//   nowait     `hub` is never answered
//   noready    `init` is never answered
//   only-intl  `hub` is answered with id and wait only: no `variant` parameter
//   noopts     `hub` declares the `variant` parameter but no `options`
//   needopts   `init` is answered with an error unless `set-param name=options` came before
//   clock      every `go` is answered with an error unless the last `level` was a clock
//              (time= and inc=, no move-time=)
// depth=N makes every `level` line also limit the search to depth N (for comparing with the
// in-process search at the same depth).
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "tradgames/engine/hub.hpp"
#include "tradgames/registry.hpp"

namespace te = tradgames::engine;

namespace {

[[noreturn]] void forever() {
    for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

void say(const std::string& line) {
    std::fputs(line.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "ok";
    const long after = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 0;
    const std::string depth = argc > 3 ? std::string(argv[3]) : std::string();
    te::HubConfig config;
    config.name = "fake";
    config.version = mode;
    config.variants = {"international", "russian", "english", "frisian"};
    config.aliases = {{"normal", "international"}};
    config.make_variant = [](const std::string& name, const std::vector<std::string>& options) {
        return tradgames::make_variant(name, options);
    };
    te::HubEngine engine(config, say);
    long gos = 0;
    std::string line, level;
    bool options_set = false;
    while (std::getline(std::cin, line)) {
        if (line == "hub" && mode == "nowait") continue;
        if (line == "hub" && mode == "noopts") {  // declares `variant` but no `options`
            say("id name=fake version=noopts");
            say("param name=variant value=international type=enum values=\"international russian\"");
            say("wait");
            continue;
        }
        if (line.rfind("set-param name=options ", 0) == 0) options_set = true;
        if (line == "init" && mode == "needopts" && !options_set) {
            say("error message=\"no rule options were set\"");
            continue;
        }
        if (line.rfind("level", 0) == 0) level = line;
        if (line.rfind("go", 0) == 0 && mode == "clock" &&
            (level.find(" time=") == std::string::npos || level.find(" inc=") == std::string::npos ||
             level.find("move-time") != std::string::npos)) {
            say("error message=\"expected a clock, got '" + level + "'\"");
            continue;
        }
        if (line == "init" && mode == "noready") continue;
        if (line == "hub" && mode == "only-intl") {
            say("id name=fake version=only-intl");
            say("wait");
            continue;
        }
        if (line.rfind("level", 0) == 0 && !depth.empty()) line += " " + depth;
        if (line.rfind("go", 0) == 0 && gos++ >= after && mode != "ok") {
            if (mode == "junk") {
                say("\x01\x02\xff garbage");
                say("info depth=\"unterminated");
                say("bestmove e2e4");
                say("");
                say("info nodes=many time=never");
            } else if (mode == "illegal") {
                say("done move=1-50");
                continue;
            } else if (mode == "malformed") {
                say("done move=hello");
                continue;
            } else if (mode == "nomove") {
                say("done ponder=1-2");
                continue;
            } else if (mode == "error") {
                say("error message=\"cannot think\"");
                continue;
            } else if (mode == "hang") {
                forever();
            } else if (mode == "flood") {
                for (;;) say("info depth=1 score=0 pv=\"\"");
            } else if (mode == "huge") {
                const std::string chunk(1 << 16, 'x');
                for (int i = 0; i < 32; ++i) std::fputs(chunk.c_str(), stdout);
                std::fflush(stdout);
                forever();
            } else if (mode == "half") {
                std::fputs("done mo", stdout);
                std::fflush(stdout);
                std::exit(0);
            } else if (mode == "crash") {
                std::abort();
            } else if (mode == "exit") {
                std::exit(3);
            }
        }
        if (!engine.handle(line)) return 0;
    }
    engine.stop();
    return 0;
}
