// DXP (engine/dxp.hpp): messages byte for byte as the DamExchange description lays them out,
// positions and moves, games over loopback TCP (our engine against itself: follower and
// initiator, and a follower as a match player), and hostile peers: malformed, oversized and
// unexpected messages, illegal moves, silence and dropped connections end the game or session
// with a clear reason, within the stated timeouts, without a crash.
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tradgames/engine/dxp.hpp"
#include "tradgames/engine/dxp_address.hpp"
#include "tradgames/engine/match.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

DxpMessage msg(char type) {
    DxpMessage m;
    m.type = type;
    return m;
}

/// The search at `depth` for games of v (a player plays the variant it was made for).
std::unique_ptr<Player> searcher(const std::shared_ptr<const Variant>& v, int depth) {
    return make_player(parse_player_spec("search:depth=" + std::to_string(depth)), v, 1);
}

/// Serves one connection on l as a follower (our search at `depth`, 0.01 s a move, silence
/// allowed `timeout` s) on a thread of its own; its games go to `out`, its events to `log`.
std::thread follow(DxpListener& l, const std::shared_ptr<const Variant>& v, int depth,
                   double timeout, std::vector<DxpGameResult>& out,
                   std::vector<std::string>* log = nullptr) {
    return std::thread([&l, v, depth, timeout, &out, log] {
        auto c = l.accept(10);
        if (!c) return;
        auto p = searcher(v, depth);
        DxpSessionOptions o;
        o.movetime = 0.01;
        o.peer_timeout = timeout;
        if (log != nullptr) o.log = [log](const std::string& line) { log->push_back(line); };
        out = dxp_follow(*c, *p, v, o);
    });
}

}  // namespace

TEST_CASE("dxp: HOST:PORT addresses, one reader for the CLI, the match player and Python") {
    const DxpAddress a = parse_dxp_address("127.0.0.1:27531");
    CHECK(a.host == "127.0.0.1");
    CHECK(a.port == 27531);
    CHECK(parse_dxp_address("::1:80").host == "::1");  // the last ':' splits
    CHECK(parse_dxp_address("0", "127.0.0.1").port == 0);
    CHECK(parse_dxp_address("4000", "127.0.0.1").host == "127.0.0.1");
    CHECK(parse_dxp_address("example.org:65535", "127.0.0.1").host == "example.org");
    for (const char* bad : {"27531", ":27531", "host:", "host:65536", "host:123456", "host:12a", "host:-1",
                            "host: 1", ""}) {
        CAPTURE(std::string(bad));
        CHECK_THROWS_WITH_AS((void)parse_dxp_address(bad), doctest::Contains("expected HOST:PORT"), OptionError);
    }
    CHECK_THROWS_WITH_AS((void)parse_dxp_address("x", "127.0.0.1"),
                         "expected [HOST:]PORT with a port 0..65535, got 'x'", OptionError);
}

TEST_CASE("dxp: messages encoded and decoded field by field") {
    DxpMessage r = msg('R');
    r.name = "Scan";
    r.follower_color = 'Z';
    r.minutes = 5;
    r.moves = 75;
    const std::string req = "R01Scan" + std::string(28, ' ') + "Z005075A";
    CHECK(encode_dxp(r) == req);
    const DxpMessage back = parse_dxp(req);
    CHECK(back.type == 'R');
    CHECK(back.version == 1);
    CHECK(back.name == "Scan");
    CHECK(back.follower_color == 'Z');
    CHECK(back.minutes == 5);
    CHECK(back.moves == 75);
    CHECK(back.position.empty());
    DxpMessage a = msg('A');
    a.name = "tradgames";
    CHECK(encode_dxp(a) == "Atradgames" + std::string(23, ' ') + "0");
    DxpMessage m = msg('M');
    m.seconds = 3;
    m.from = 28;
    m.to = 19;
    m.captured = {23};
    CHECK(encode_dxp(m) == "M000328190123");
    const DxpMessage mb = parse_dxp("M000328190123");
    CHECK(mb.from == 28);
    CHECK(mb.to == 19);
    CHECK(mb.captured == std::vector<int>{23});
    DxpMessage e = msg('E');
    e.code = '2';
    e.stop = '1';
    CHECK(encode_dxp(e) == "E21");
    CHECK(parse_dxp("B012W").move_number == 12);
    CHECK(parse_dxp("K1").code == '1');
    CHECK(parse_dxp("Chello there").text == "hello there");
    // Malformed: unknown type, short, a letter in a number, text after the end, a bad code.
    CHECK_THROWS_WITH_AS((void)parse_dxp("X12"), "dxp: unknown message type 0x58", ParseError);
    CHECK_THROWS_WITH_AS((void)parse_dxp("M0003"), doctest::Contains("too short for from"),
                         ParseError);
    CHECK_THROWS_WITH_AS((void)parse_dxp("M00a3322800"), doctest::Contains("time is not 4 digits"),
                         ParseError);
    CHECK_THROWS_AS((void)parse_dxp("E211"), ParseError);
    CHECK_THROWS_WITH_AS((void)parse_dxp("E71"), doctest::Contains("reason must be one of 0123"),
                         ParseError);
    CHECK_THROWS_AS((void)parse_dxp(""), ParseError);
    m.from = 100;
    CHECK_THROWS_AS((void)encode_dxp(m), Error);
}

TEST_CASE("dxp: positions and moves of International draughts") {
    const auto v = make_variant("international");
    const Position start = v->initial_position();
    const std::string dxp = "W" + std::string(20, 'z') + std::string(10, 'e') + std::string(20, 'w');
    CHECK(dxp_position(*v, start) == dxp);
    CHECK(parse_dxp_position(*v, dxp) == start);
    CHECK_THROWS_AS((void)parse_dxp_position(*v, "W" + std::string(50, 'b')), ParseError);
    CHECK_THROWS_AS((void)dxp_position(*make_variant("russian"), make_variant("russian")->initial_position()),
                    OptionError);
    // 32-28 17-22, then White's capture 28x17 over 22, as DXP writes it.
    Game g(v);
    g.play("32-28");
    g.play("17-22");
    const Move x = g.legal_moves()[0];
    const DxpMessage m = dxp_move(*v, g.position(), x, 1);
    CHECK(encode_dxp(m) == "M000128170122");
    CHECK(parse_dxp_move(*v, g.position(), m) == x);
    DxpMessage bad = m;
    bad.captured = {};  // a capture sent as a step
    CHECK_THROWS_AS((void)parse_dxp_move(*v, g.position(), bad), IllegalMoveError);
    bad.from = 0;
    CHECK_THROWS_AS((void)parse_dxp_move(*v, g.position(), bad), ParseError);
}

TEST_CASE("dxp: our engine against itself over loopback TCP, initiator and follower") {
    const auto v = make_variant("international");
    DxpListener l("127.0.0.1", 0);
    REQUIRE(l.port() > 0);
    std::vector<DxpGameResult> followed;
    std::thread follower = follow(l, v, 1, 10, followed);
    auto c = DxpConnection::connect("127.0.0.1", l.port());
    auto p = searcher(v, 2);
    DxpSessionOptions o;
    o.movetime = 0.01;
    o.peer_timeout = 10;
    const DxpGameResult ours = dxp_initiate(c, *p, v, o);
    c.close();
    follower.join();
    CAPTURE(ours.reason);
    CHECK(ours.outcome != Outcome::ongoing);
    CHECK(ours.plies >= 20);
    REQUIRE(followed.size() == 1);
    CHECK(followed[0].outcome == ours.outcome);  // both judged the same game by the rules
    CHECK(followed[0].plies == ours.plies);
    CHECK(followed[0].reason == ours.reason);
}

TEST_CASE("dxp: a DXP follower as a match player (dxp:HOST:PORT)") {
    const auto v = make_variant("international");
    DxpListener l("127.0.0.1", 0);
    std::vector<DxpGameResult> followed;
    std::thread follower = follow(l, v, 2, 10, followed);
    MatchOptions o;
    o.games = 2;
    o.time.movetime = 0.02;
    o.max_plies = 30;
    MatchResult r;
    {
        r = run_match(v, make_player_factory("dxp:127.0.0.1:" + std::to_string(l.port()), v),
                      make_player_factory("search:depth=1", v), o);
    }  // the player is gone: GAMEEND with "no further game", the follower's session ends
    follower.join();
    REQUIRE(r.games.size() == 2);
    CHECK(r.player1 == "tradgames");  // the follower's GAMEACC name
    for (const MatchGame& g : r.games) {
        CAPTURE(g.reason);
        CHECK(g.reason.find("tradgames:") == std::string::npos);  // no failure of the follower
        CHECK(g.plies >= 10);
    }
    CHECK(followed.size() == 2);
    CHECK_THROWS_AS((void)make_player_factory("dxp:localhost", v), OptionError);
    CHECK_THROWS_AS((void)make_player_factory("dxp:127.0.0.1:1", make_variant("russian")),
                    OptionError);
}

namespace {

/// A follower of ours on an ephemeral port, fed by `peer` (the raw other side): returns the
/// follower's games; `log` gets its event lines. The follower waits 0.5 s for any message.
std::vector<DxpGameResult> follow_against(const std::function<void(DxpConnection&)>& peer,
                                          std::vector<std::string>* log = nullptr) {
    const auto v = make_variant("international");
    DxpListener l("127.0.0.1", 0);
    std::vector<DxpGameResult> games;
    std::thread follower = follow(l, v, 1, 0.5, games, log);
    auto c = DxpConnection::connect("127.0.0.1", l.port());
    peer(c);
    c.close();
    follower.join();
    return games;
}

DxpMessage request(char follower_color, const std::string& position = "") {
    DxpMessage r = msg('R');
    r.name = "hostile";
    r.follower_color = follower_color;
    r.minutes = 1;
    r.moves = 75;
    r.position = position;
    return r;
}

}  // namespace

TEST_CASE("dxp follower: illegal moves, unexpected messages, back requests") {
    std::string err;
    // An illegal move: a CHAT saying why, then GAMEEND "I win" (the follower's view).
    auto games = follow_against([&](DxpConnection& c) {
        REQUIRE(c.send(request('Z')));
        auto a = c.receive(5, err);
        REQUIRE(a);
        CHECK(a->type == 'A');
        CHECK(a->code == '0');
        DxpMessage m = msg('M');
        m.from = 32;
        m.to = 23;  // not a step of 32
        REQUIRE(c.send(m));
        auto chat = c.receive(5, err);
        REQUIRE(chat);
        CHECK(chat->type == 'C');
        CHECK(chat->text.find("peer sent an illegal move") == 0);
        auto end = c.receive(5, err);
        REQUIRE(end);
        CHECK(end->type == 'E');
        CHECK(end->code == '3');
        DxpMessage e = msg('E');
        e.stop = '1';
        c.send(e);
    });
    REQUIRE(games.size() == 1);
    CHECK(games[0].outcome == Outcome::black_wins);
    CHECK(games[0].reason.find("peer sent an illegal move: ") == 0);
    // BACKREQ is refused (BACKACC 1); an unexpected GAMEACC ends the game.
    games = follow_against([&](DxpConnection& c) {
        REQUIRE(c.send(request('Z')));
        REQUIRE(c.receive(5, err));
        DxpMessage b = msg('B');
        b.move_number = 1;
        c.send(b);
        auto k = c.receive(5, err);
        REQUIRE(k);
        CHECK(k->type == 'K');
        CHECK(k->code == '1');
        c.send(msg('A'));
        auto chat = c.receive(5, err);
        REQUIRE(chat);
        CHECK(chat->text == "peer sent an unexpected GAMEACC during the game");
    });
    REQUIRE(games.size() == 1);
    CHECK(games[0].reason == "peer sent an unexpected GAMEACC during the game");
    // A GAMEREQ with a bad position is refused (GAMEACC 3); version 2 too (9).
    games = follow_against([&](DxpConnection& c) {
        c.send(request('Z', "W" + std::string(50, 'w')));  // 50 white men: not a position
        auto a = c.receive(5, err);
        REQUIRE(a);
        CHECK(a->code == '3');
        DxpMessage r2 = request('Z');
        r2.version = 2;
        c.send(r2);
        a = c.receive(5, err);
        REQUIRE(a);
        CHECK(a->code == '9');
    });
    CHECK(games.empty());
}

TEST_CASE("dxp follower: malformed, oversized, silence, a dropped connection") {
    std::string err;
    // The follower moves first (it has White), then the peer goes silent: 0.5 s, then over.
    auto games = follow_against([&](DxpConnection& c) {
        REQUIRE(c.send(request('W')));
        REQUIRE(c.receive(5, err));  // GAMEACC
        auto m = c.receive(5, err);
        REQUIRE(m);
        CHECK(m->type == 'M');
        auto chat = c.receive(5, err);  // after 0.5 s of silence
        REQUIRE(chat);
        CHECK(chat->text == "peer failed: no message within 0.5 s");
    });
    REQUIRE(games.size() == 1);
    CHECK(games[0].outcome == Outcome::ongoing);
    // Dropped mid-game.
    games = follow_against([&](DxpConnection& c) {
        REQUIRE(c.send(request('W')));
        REQUIRE(c.receive(5, err));
        REQUIRE(c.receive(5, err));
    });
    REQUIRE(games.size() == 1);
    CHECK(games[0].reason == "peer failed: peer closed the connection");
    // A malformed message, an oversized one, a MOVE outside a game: named, no crash.
    std::vector<std::string> log;
    games = follow_against([&](DxpConnection& c) { c.send_bytes(std::string("X123\0", 5)); }, &log);
    CHECK(games.empty());
    REQUIRE_FALSE(log.empty());
    CHECK(log.back() ==
          "session over: malformed message 'X123' (dxp: unknown message type 0x58)");
    log.clear();
    games = follow_against([&](DxpConnection& c) { c.send_bytes(std::string(1 << 20, 'x')); }, &log);
    REQUIRE_FALSE(log.empty());
    CHECK(log.back() ==
          "session over: malformed message: longer than 1024 bytes without its NUL");
    log.clear();
    games = follow_against([&](DxpConnection& c) {
        c.send(msg('M'));
        std::this_thread::sleep_for(std::chrono::seconds(1));  // then silence
    }, &log);
    REQUIRE(log.size() == 2);
    CHECK(log[0] == "ignored an unexpected MOVE outside a game");
    CHECK(log[1] == "session over: no message within 0.5 s");
    DxpMessage junk = msg('C');
    junk.text = std::string(2000, 'x');  // over the limit: refused before it is sent
    DxpConnection unconnected(-1);
    CHECK_THROWS_AS(unconnected.send(junk), Error);
}

TEST_CASE("dxp:HOST:PORT player: a hostile follower loses the game, named, within the timeout") {
    const auto v = make_variant("international");
    // Each fake follower accepts one connection, reads the GAMEREQ and answers per `script`.
    const auto lose = [&](const std::function<void(DxpConnection&)>& script, const std::string& why) {
        DxpListener l("127.0.0.1", 0);
        std::thread fake([&] {
            auto c = l.accept(10);
            if (!c) return;
            std::string err;
            if (!c->receive(5, err)) return;  // GAMEREQ
            script(*c);
            // Wait until the referee hangs up (at most 10 s).
            for (int i = 0; i < 50 && c->open(); ++i) (void)c->receive(0.2, err);
        });
        DxpPlayer p("127.0.0.1", l.port(), v, 1.5);
        Game g(v);
        p.new_game(g);
        const PlayerReply r = p.play(g, 0.05);  // the player has White: the follower moves
        fake.join();
        CAPTURE(r.failure);
        CHECK_FALSE(r.move);
        CHECK(r.failure.find(why) != std::string::npos);
    };
    const auto accept = [](DxpConnection& c) {
        DxpMessage a = msg('A');
        a.name = "fake";
        c.send(a);
    };
    lose([&](DxpConnection& c) {
        accept(c);
        DxpMessage m = msg('M');
        m.from = 32;
        m.to = 23;
        c.send(m);
    }, "illegal move (");
    lose([&](DxpConnection& c) {
        accept(c);
        c.send_bytes(std::string("M12\0", 4));
    }, "malformed message 'M12' (dxp MOVE message: too short for time");
    lose([&](DxpConnection& c) {
        accept(c);
        c.send_bytes(std::string(4096, 'M'));
    }, "malformed message: longer than 1024 bytes");
    lose(accept, "no message within 1.5 s");  // the move timeout given
    lose([&](DxpConnection& c) {
        DxpMessage a = msg('A');
        a.code = '2';
        c.send(a);
    }, "the follower refused the game (GAMEACC code 2)");
    lose([&](DxpConnection& c) { c.close(); }, "no game: peer closed the connection");
    lose([&](DxpConnection& c) {
        accept(c);
        c.close();
    }, "peer closed the connection");
    // Nobody listening.
    int port = 0;
    {
        const DxpListener gone("127.0.0.1", 0);
        port = gone.port();
    }  // closed: a port nobody listens on (for a moment)
    DxpPlayer p("127.0.0.1", port, v);
    Game g(v);
    const PlayerReply r = p.play(g, 0.05);
    CHECK(r.failure.find("dxp: cannot connect to 127.0.0.1:" + std::to_string(port)) == 0);
}
