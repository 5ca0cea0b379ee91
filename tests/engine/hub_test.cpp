// The Hub protocol, engine side: lines, positions and moves in Hub's form, and scripted sessions
// on 10x10 and 8x8 (success and error paths). Expected texts come from Scan 3.1's protocol.txt
// (the start position and its example position with moves) and from the rules.
#include <doctest/doctest.h>

#include <cstdlib>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tradgames/engine/hub.hpp"
#include "tradgames/engine/match_cb.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

namespace tg = tradgames;
namespace te = tradgames::engine;

namespace {

/// A HubEngine whose answers are collected.
struct Session {
    std::mutex m;
    std::vector<std::string> lines;
    te::HubEngine engine;

    explicit Session(te::HubConfig c = config())
        : engine(std::move(c), [this](const std::string& l) {
              std::lock_guard<std::mutex> lock(m);
              lines.push_back(l);
          }) {}

    static te::HubConfig config() {
        te::HubConfig c;
        c.version = "test";
        c.variants = {"international", "russian", "english", "frisian", "shatra"};
        c.aliases = {{"normal", "international"}};
        c.make_variant = [](const std::string& n, const std::vector<std::string>& o) {
            return tg::make_variant(n, o);
        };
        return c;
    }
    /// Sends a line and returns what was answered to it (after the search ended, for go).
    std::vector<std::string> send(const std::string& l) {
        std::size_t before = 0;
        {
            std::lock_guard<std::mutex> lock(m);
            before = lines.size();
        }
        engine.handle(l);
        if (l.rfind("go", 0) == 0 && l.find("analyze") == std::string::npos &&
            l.find("ponder") == std::string::npos) {
            engine.wait();
        }
        std::lock_guard<std::mutex> lock(m);
        return {lines.begin() + static_cast<std::ptrdiff_t>(before), lines.end()};
    }
    std::vector<std::string> all() {
        std::lock_guard<std::mutex> lock(m);
        return lines;
    }
};

bool starts(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

/// Whether one of `lines` starts with p (while a search runs, its info lines may come first).
bool any_starts(const std::vector<std::string>& lines, const std::string& p) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return starts(l, p); });
}

/// a + b, appended (GCC 12 warns falsely about `"literal" + std::string` under -O2).
std::string cat(std::string a, const std::string& b) { return a.append(b); }

std::string value_of(const std::string& line, const std::string& key) {
    const auto l = te::parse_hub_line(line);
    return l.get(key).value_or("<none>");
}

}  // namespace

TEST_CASE("hub: lines split into command and arguments, quotes kept whole") {
    const auto l = te::parse_hub_line("pos pos=We moves=\"32-28 17-22\" flag name=\"a \\\"b\\\"\"");
    CHECK(l.command == "pos");
    REQUIRE(l.args.size() == 4);
    CHECK(l.get("pos") == "We");
    CHECK(l.get("moves") == "32-28 17-22");
    CHECK(l.has("flag"));
    CHECK(l.get("flag") == "");
    CHECK(l.get("name") == "a \"b\"");
    CHECK_FALSE(l.has("nope"));
    CHECK_THROWS_AS((void)te::parse_hub_line("pos pos=\"open"), tg::ParseError);
    CHECK(te::hub_quote("plain") == "plain");
    CHECK(te::hub_quote("a b") == "\"a b\"");
    CHECK(te::hub_quote("") == "\"\"");
}

TEST_CASE("hub: positions on 10x10 exactly as Scan writes them") {
    const auto v = tg::make_variant("international");
    // protocol.txt: "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww" is the start.
    const std::string start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    CHECK(te::hub_position(*v, v->initial_position()) == start);
    CHECK(te::parse_hub_position(*v, start) == v->initial_position());
    // protocol.txt's example with moves (king moves, for repetition): all three are legal.
    const auto p = te::parse_hub_position(*v, "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee");
    CHECK(p == v->parse_position("B:WK4,K5,25,35,36:BK38,K48"));
    tg::Game g(v, p);
    for (const char* m : {"38-15", "5-41", "48-26"}) g.play(te::parse_hub_move(*v, g.position(), m));
    CHECK(g.position() == v->parse_position("W:WK4,K41,25,35,36:BK15,K26"));
    CHECK_THROWS_AS((void)te::parse_hub_position(*v, "W"), tg::ParseError);
    CHECK_THROWS_AS((void)te::parse_hub_position(*v, cat("X", start.substr(1))), tg::ParseError);
    CHECK_THROWS_AS((void)te::parse_hub_position(*v, cat("Wq", start.substr(2))), tg::ParseError);
    // A white man on Black's back row (its promotion row) is not a position of the game.
    CHECK_THROWS_AS((void)te::parse_hub_position(*v, cat("Ww", std::string(49, 'e'))), tg::PositionError);
}

TEST_CASE("hub: moves as from-to and fromxto followed by the captured squares, sorted") {
    const auto v = tg::make_variant("international");
    const tg::Position start = v->initial_position();
    const tg::Move m = te::parse_hub_move(*v, start, "32-28");
    CHECK(te::hub_move(*v, start, m) == "32-28");
    CHECK_THROWS_AS((void)te::parse_hub_move(*v, start, "32-29"), tg::IllegalMoveError);
    CHECK_THROWS_AS((void)te::parse_hub_move(*v, start, "32-"), tg::ParseError);
    CHECK_THROWS_AS((void)te::parse_hub_move(*v, start, "32-99"), tg::ParseError);
    CHECK_THROWS_AS((void)te::parse_hub_move(*v, start, "32"), tg::ParseError);
    // White man 28 takes 23 and 12: 28x19 (over 23), 19x8 (over 13)... a double capture.
    const tg::Position p = v->parse_position("W:W28:B23,13");
    const tg::Move c = te::parse_hub_move(*v, p, "28x8x23x13");
    CHECK(te::hub_move(*v, p, c) == "28x8x13x23");  // captured squares sorted, as Scan writes
    CHECK(te::parse_hub_move(*v, p, "28x8x13x23").same_result(c));
    CHECK(te::parse_hub_move(*v, p, "28x8").same_result(c));  // captured squares may be left out
    CHECK_THROWS_AS((void)te::parse_hub_move(*v, p, "28x8x23"), tg::IllegalMoveError);
    CHECK_THROWS_AS((void)te::parse_hub_move(*v, p, "28-19"), tg::IllegalMoveError);
}

TEST_CASE("hub: 8x8 positions are 32 characters in the board's square order") {
    for (const char* name : {"russian", "english", "brazilian", "italian", "tobit"}) {
        CAPTURE(name);
        const auto v = tg::make_variant(name);
        const tg::Position p = v->initial_position();
        const std::string h = te::hub_position(*v, p);
        CHECK(h.size() == v->topology().size() + 1);
        CHECK(te::parse_hub_position(*v, h) == p);
        CHECK(std::count(h.begin(), h.end(), 'w') == std::count(h.begin(), h.end(), 'b'));
    }
    CHECK(te::hub_position(*tg::make_variant("russian"), tg::make_variant("russian")->initial_position()).size() == 33);
    const auto shatra = tg::make_variant("shatra");
    CHECK_FALSE(te::hub_positions_supported(*shatra));
    CHECK_THROWS_AS((void)te::hub_position(*shatra, shatra->initial_position()), tg::Error);
}

TEST_CASE("hub: a scripted 10x10 session") {
    Session s;
    auto r = s.send("hub");
    REQUIRE(r.size() >= 5);
    CHECK(starts(r[0], "id name=tradgames"));
    CHECK(r[1] == "param name=variant value=international type=enum values=\"international russian english frisian shatra\"");
    CHECK(r.back() == "wait");
    CHECK(s.send("set-param name=variant value=normal").empty());
    CHECK(starts(s.send("set-param name=variant value=nope").at(0), "error message="));
    CHECK(starts(s.send("set-param name=hash value=lots").at(0), "error message="));
    CHECK(s.send("set-param name=hash value=4").empty());
    CHECK(s.send("init") == std::vector<std::string>{"ready"});
    CHECK(s.send("frobnicate x=1 y").empty());  // unknown commands are ignored
    CHECK(s.send("ping") == std::vector<std::string>{"pong"});
    CHECK(s.send("new-game").empty());
    CHECK(s.send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 17-22\"").empty());
    CHECK(s.send("level depth=3").empty());
    r = s.send("go think");
    REQUIRE(r.size() >= 2);
    CHECK(starts(r[0], "info depth=1 "));
    CHECK(starts(r.back(), "done move="));
    // The move is legal after 32-28 17-22: 28x17 is forced (a capture is compulsory).
    CHECK(value_of(r.back(), "move") == "28x17x22");
    // Errors change nothing and are answered on one line.
    CHECK(starts(s.send("pos pos=Wxyz").at(0), "error message=\"pos: hub position: expected 51"));
    CHECK(starts(s.send("pos moves=\"32-29\"").at(0), "error message=\"pos: hub move '32-29' is not legal"));
    CHECK(starts(s.send("level depth=zero").at(0), "error message=\"level: bad value"));
    CHECK(starts(s.send("level move-time=-1").at(0), "error message=\"level: bad value"));
    // A black man on square 50, its own promotion row: not a position of the game.
    CHECK(starts(s.send("pos pos=Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeb").at(0), "error message="));
    // A position where White has no piece: the GUI never asks to search it, but say so if it does.
    CHECK(s.send(cat("pos pos=Web", std::string(48, 'e'))).empty());
    CHECK(starts(s.send("go think").at(0), "error message=\"go: the game is over"));
    // Infinite analysis answers ping while searching and stops on stop with a done line.
    CHECK(s.send("pos").empty());
    CHECK(s.send("level infinite").empty());
    (void)s.send("go analyze");  // its info lines come from the search thread at any time
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(any_starts(s.send("ping"), "pong"));
    CHECK(any_starts(s.send("pos"), "error message=\"pos: a search is running"));
    s.engine.handle("stop");
    const auto all = s.all();
    CHECK(starts(all.back(), "done move="));
    CHECK_FALSE(s.engine.handle("quit"));
}

TEST_CASE("hub: pondering, ponder-hit and an 8x8 game") {
    Session s;
    s.send("set-param name=variant value=russian");
    CHECK(s.send("init") == std::vector<std::string>{"ready"});
    const auto v = tg::make_variant("russian");
    const std::string start = te::hub_position(*v, v->initial_position());
    CHECK(s.send(cat("pos pos=", start)).empty());
    CHECK(s.send("level move-time=0.05").empty());
    (void)s.send("go ponder");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    s.engine.handle("ponder-hit");
    s.engine.wait();
    const auto all = s.all();
    const auto dones = std::count_if(all.begin(), all.end(), [](const std::string& l) { return starts(l, "done"); });
    CHECK(dones == 1);  // the ponder search gives way to the think search without a done of its own
    const std::string move = value_of(all.back(), "move");
    tg::Game g(v);
    CHECK_NOTHROW(g.play(te::parse_hub_move(*v, g.position(), move)));
    // Shatra cannot be written one character a square: pos= is refused, fen= works.
    s.send("set-param name=variant value=shatra");
    CHECK(s.send("init") == std::vector<std::string>{"ready"});
    CHECK(starts(s.send("pos pos=W").at(0), "error message=\"pos: hub: positions of 'shatra'"));
    const auto shatra = tg::make_variant("shatra");
    CHECK(s.send(cat(cat("pos fen=\"", shatra->position_to_string(shatra->initial_position())), "\"")).empty());
    CHECK(s.send("level depth=1").empty());
    CHECK(starts(s.send("go think").back(), "done move="));
}

#ifdef TRADGAMES_FAKE_CB_DIR
// `tradgames hub --engine cb:PATH.so`: a CheckerBoard engine as a Hub engine (cb_hub_config).
// The fake engines of tests/engine/fake_cb play the legal step g3-h4 first, then misbehave.
namespace {
std::string fake_cb(const std::string& mode) {
    return cat(cat(TRADGAMES_FAKE_CB_DIR, "/fake_cb_"), mode) + ".so";
}
}  // namespace

TEST_CASE("hub --engine cb: the engine's game type picks the variants; bad libraries refused") {
    te::HubConfig c = te::cb_hub_config(fake_cb("steps"), "test");
    CHECK(c.name == "fake engine 6");
    CHECK(c.variants == std::vector<std::string>{"russian"});
    CHECK(c.version == "(CheckerBoard engine through tradgames test)");
    CHECK(te::cb_hub_config(fake_cb("english"), "test").variants == std::vector<std::string>{"english"});
    try {
        (void)te::cb_hub_config(fake_cb("none"), "test");
        FAIL("a library without getmove was taken");
    } catch (const tg::Error& e) {
        CHECK(std::string(e.what()).find("has no getmove") != std::string::npos);
    }
    try {
        (void)te::cb_hub_config(fake_cb("missing"), "test");
        FAIL("a missing library was taken");
    } catch (const tg::Error& e) {
        CHECK(std::string(e.what()).find("cannot load") != std::string::npos);
    }
}

TEST_CASE("hub --engine cb: a scripted session; errors for what the engine cannot do") {
    Session s(te::cb_hub_config(fake_cb("steps"), "test"));
    CHECK(s.send("hub") == std::vector<std::string>{
                               "id name=\"fake engine 6\" version=\"(CheckerBoard engine through tradgames test)\" author=?",
                               "param name=variant value=russian type=enum values=russian",
                               "param name=options value=\"\" type=string", "wait"});
    CHECK(starts(s.send("set-param name=variant value=international").at(0), "error message=\"unknown variant"));
    CHECK(s.send("init") == std::vector<std::string>{"ready"});
    CHECK(s.send("new-game").empty());
    CHECK(s.send("pos").empty());
    CHECK(s.send("level move-time=0.05").empty());
    auto r = s.send("go think");
    REQUIRE(r.size() == 2);
    // The status string "[done] [depth 1] [time 0.01] [nodes 100]" as an info line.
    CHECK(r[0] == "info depth=1 nodes=100 time=0.010 pv=g3-h4");
    CHECK(r[1] == "done move=g3-h4");
    CHECK(starts(s.send("go ponder").at(0), "error message=\"go: fake engine 6 only thinks on its own move"));
    CHECK(starts(s.send("go analyze").at(0), "error message=\"go: fake engine 6 only thinks on its own move"));
    CHECK(s.send("level depth=5").empty());
    CHECK(starts(s.send("go think").at(0), "error message=\"go: fake engine 6 is limited by time only"));
    // x moves in y seconds: the engine is given its share.
    CHECK(s.send("level moves=40 time=20").empty());
    CHECK(s.send("go think").back() == "done move=g3-h4");
    // After g3-h4 it is Black's move: the fake steps Black's first man.
    CHECK(s.send("pos moves=g3-h4").empty());
    CHECK(starts(s.send("go think").back(), "done move="));
    CHECK_FALSE(s.engine.handle("quit"));
}

TEST_CASE("hub --engine cb: stop interrupts the engine (*playnow); failures are error lines") {
    {
        Session s(te::cb_hub_config(fake_cb("playnow"), "test"));
        CHECK(s.send("init") == std::vector<std::string>{"ready"});
        CHECK(s.send("level move-time=30").empty());
        const auto t0 = std::chrono::steady_clock::now();
        s.engine.handle("go think");
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        CHECK(s.all().back() == "ready");  // still thinking: it waits for *playnow
        s.engine.handle("stop");
        CHECK(s.all().back() == "done move=g3-h4");
        // Without the interrupt the host would wait 2 x 30 + 0.5 s before setting *playnow.
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
    }
    struct Case {
        const char* mode;
        const char* error;
    };
    for (const Case& c : {Case{"crash", "engine crashed (signal 11"}, Case{"illegal", "illegal move"},
                          Case{"malformed", "malformed move (jumps 99"}, Case{"exit", "engine exited (status 3)"},
                          Case{"hang", "engine hung: no reply within 1.6 s"}}) {
        const std::string mode = c.mode;
        CAPTURE(mode);
        Session s(te::cb_hub_config(fake_cb(c.mode), "test"));
        CHECK(s.send("init") == std::vector<std::string>{"ready"});
        CHECK(s.send("level move-time=0.05").empty());
        CHECK(s.send("go think").back() == "done move=g3-h4");  // its first move is legal
        CHECK(s.send("pos moves=\"g3-h4 b6-a5\"").empty());
        const auto r = s.send("go think");
        REQUIRE(r.size() == 2);
        CHECK(starts(r[0], "error message="));
        // Under the sanitizers a crashing engine's child may exit through the sanitizer's
        // handler instead of the signal (as in match_test's crash case).
        const bool sanitized_crash =
            mode == "crash" && std::getenv("TRADGAMES_SANITIZED") != nullptr &&
            r[0].find("engine exited") != std::string::npos;
        CHECK((r[0].find(c.error) != std::string::npos || sanitized_crash));
        CHECK(r[1] == "done");
        // The engine is started afresh for the next request.
        CHECK(s.send("pos").empty());
        CHECK(s.send("go think").back() == "done move=g3-h4");
    }
}
#endif
