// PDN game records: the reader's tolerance (tags, comments, NAGs, variations, move numbers,
// results, CRLF, Cyrillic), variant resolution, replay errors naming game, move and text, the
// committed sample of real games (tests/data/russian, see its SOURCES.md), write/read round
// trips, and bad input of every kind giving errors, never crashes.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "tradgames/registry.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/random.hpp"

using namespace tradgames;

namespace {

std::string slurp(const std::string& name) {
    std::ifstream in(std::string(TRADGAMES_TEST_DATA) + "/russian/" + name, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot open " << name);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The message of the PdnError that reading `text` throws ("" if none).
std::string read_error(std::string_view text) {
    try {
        (void)read_pdn(text);
    } catch (const PdnError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

/// Reads and replays everything in `text`; only tradgames::Error may come out (anything else,
/// or a crash, fails the test). Returns the number of games that replayed.
int replay_all(std::string_view text) {
    PdnReader r(text);
    int ok = 0;
    for (;;) {
        try {
            auto g = r.next();
            if (!g) break;
            (void)replay_pdn(*g);
            ++ok;
        } catch (const Error&) {
        }
    }
    return ok;
}

const char* const sample_files[] = {
    "corpus_engine_russian2012_excerpt.pdn", "derived_fen_start_samples.pdn",
    "protcenkoroman_ussr_ch1_1924.pdn", "wiegerw_pdn_abatsiev.pdn", "wiegerw_pdn_ussr1947.pdn"};

}  // namespace

TEST_SUITE("io") {
    TEST_CASE("PDN reader: tags, comments, NAGs, nested variations, move numbers, strength marks") {
        const std::string text =
            "\xEF\xBB\xBF% an escape line\r\n"
            "[Event   \"\xD0\xA2\xD1\x83\xD1\x80\xD0\xBD\xD0\xB8\xD1\x80\"]\r\n"  // "Турнир"
            "[White \"A \\\"B\\\" C\"]\r\n"
            "[Black \"\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD\xD0\xBE\xD0\xB2\"]\r\n"  // "Иванов"
            "\r\n"
            "{ before the first move } 1. c3-d4 {a comment} d6-e5 $3 ; to the end of the line\r\n"
            "2.b2-c3 (2. a3-b4 (2... e5-f4) e7-d6) e7-d6!? 3. e3-f4 b6-a5(?) 4. f2-e3\r\n"
            "c7-b6 ! 5. c1-b2 b6-c5 6. d4xb6 a5:c7\r\n"
            "            1-0\r\n";
        const auto games = read_pdn(text);
        REQUIRE(games.size() == 1);
        const PdnGame& g = games[0];
        CHECK(g.index == 1);
        CHECK(g.line == 2);
        REQUIRE(g.tags.size() == 3);
        CHECK(g.tags[0].name == "Event");
        CHECK(g.tags[0].value == "\xD0\xA2\xD1\x83\xD1\x80\xD0\xBD\xD0\xB8\xD1\x80");
        CHECK(g.tags[1].value == "A \"B\" C");
        CHECK(*g.tag("black") == "\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD\xD0\xBE\xD0\xB2");
        CHECK(g.tag("Site") == nullptr);
        std::vector<std::string> texts;
        std::vector<int> numbers;
        for (const PdnMove& m : g.moves) {
            texts.push_back(m.text);
            numbers.push_back(m.number);
        }
        // The main line is the opening of game 1 of wiegerw_pdn_ussr1947.pdn.
        CHECK(texts == std::vector<std::string>{"c3-d4", "d6-e5", "b2-c3", "e7-d6", "e3-f4", "b6-a5",
                                                "f2-e3", "c7-b6", "c1-b2", "b6-c5", "d4xb6", "a5:c7"});
        CHECK(numbers == std::vector<int>{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0});
        CHECK(g.moves[2].line == 7);
        CHECK(g.result.text == "1-0");
        CHECK(g.result.outcome == Outcome::white_wins);
        const Game game = replay_pdn(g);
        CHECK(game.ply() == 12);
        CHECK(game.result().outcome == Outcome::white_wins);
        CHECK(game.result().reason == "recorded result");
        CHECK(g.label() == "game 1 (A \"B\" C \xE2\x80\x93 \xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD\xD0\xBE\xD0\xB2)");
    }

    TEST_CASE("PDN results: draughts and chess forms, ½-½, * and double forfeit") {
        struct Case {
            const char* text;
            Outcome outcome;
        };
        for (const Case c : {Case{"2-0", Outcome::white_wins}, Case{"1-0", Outcome::white_wins},
                             Case{"0-2", Outcome::black_wins}, Case{"0-1", Outcome::black_wins},
                             Case{"1-1", Outcome::draw}, Case{"1/2-1/2", Outcome::draw},
                             Case{"\xC2\xBD-\xC2\xBD", Outcome::draw}, Case{"*", Outcome::ongoing},
                             Case{"0-0", Outcome::ongoing}}) {
            CAPTURE(c.text);
            const auto r = parse_pdn_result(c.text);
            REQUIRE(r.has_value());
            CHECK(r->outcome == c.outcome);
            const auto games = read_pdn(std::string("1. c3-d4 ") + c.text);
            REQUIRE(games.size() == 1);
            CHECK(games[0].result.outcome == c.outcome);
        }
        CHECK_FALSE(parse_pdn_result("1-2").has_value());
        CHECK_FALSE(parse_pdn_result("c3-d4").has_value());
        // An unfinished record keeps the game open, unless its [Result] tag has a result.
        const Game open = replay_pdn(read_pdn("1. c3-d4 d6-e5 *").at(0));
        CHECK_FALSE(open.result().over());
        const Game tagged = replay_pdn(read_pdn("[Result \"0-2\"]\n1. c3-d4 d6-e5 *").at(0));
        CHECK(tagged.result().outcome == Outcome::black_wins);
        // A rule's result stands: Black has no piece left after d6:f8, whatever the record says.
        const Game won = replay_pdn(read_pdn("[FEN \"W:Wd6:Be7\"]\n1. d6:f8 1-1").at(0));
        CHECK(won.result().outcome == Outcome::white_wins);
        CHECK(won.result().reason == "no legal move");
    }

    TEST_CASE("PDN reader: several games, with and without blank lines, index and line of each") {
        const std::string text =
            "[Event \"one\"]\n1. c3-d4 d6-e5 2-0\n[Event \"two\"]\n\n1. a3-b4 1-1\n\n\n"
            "1. e3-f4 *";
        const auto games = read_pdn(text);
        REQUIRE(games.size() == 3);
        CHECK(games[0].index == 1);
        CHECK(games[1].index == 2);
        CHECK(games[1].line == 3);
        CHECK(games[2].line == 8);
        CHECK(games[2].tags.empty());
        CHECK(games[2].label() == "game 3");
        CHECK(games[0].label() == "game 1 (one)");
        CHECK(games[1].moves.size() == 1);
    }

    TEST_CASE("PDN variant: [Variant] tag, else GameType 25, else the caller's default") {
        auto variant_of = [](const std::string& tags) { return pdn_variant_name(read_pdn(tags + "\n*").at(0)); };
        CHECK(variant_of("") == "russian");
        CHECK(variant_of("[GameType \"25\"]") == "russian");
        CHECK(variant_of("[GameType \"25,W,8,8,A0,0\"]") == "russian");
        CHECK(variant_of("[Variant \"Russian\"]") == "russian");
        CHECK(variant_of("[Variant \"russian\"][GameType \"25\"]") == "russian");
        CHECK(pdn_variant_name(read_pdn("*").at(0), "fallback") == "fallback");
        CHECK(variant_of("[GameType \"20\"]") == "international");  // PDN 3.0 GameType table
        CHECK(variant_of("[GameType \"21\"]") == "english");
        CHECK(variant_of("[GameType \"20,W,10,10,N2,0\"]") == "international");
        CHECK_THROWS_WITH_AS((void)variant_of("[GameType \"99\"]"), doctest::Contains("GameType"), PdnError);
        CHECK_THROWS_WITH_AS((void)variant_of("[GameType \"20,W,8,8,N2,0\"]"),
                             doctest::Contains("unsupported"), PdnError);
        CHECK_THROWS_WITH_AS((void)variant_of("[GameType \"25,W,10,10,N2,0\"]"),
                             doctest::Contains("unsupported"), PdnError);
        CHECK_THROWS_WITH_AS((void)variant_of("[Variant \"nosuch\"]"), doctest::Contains("unknown [Variant"),
                             PdnError);
        CHECK_THROWS_WITH_AS((void)variant_of("[Variant \"nosuch\"]"), doctest::Contains("known: russian"),
                             PdnError);
    }

    TEST_CASE("PDN replay errors name the game, the move number, the line and the text") {
        auto error_of = [](const std::string& text) -> std::string {
            try {
                (void)replay_pdn(read_pdn(text).at(0));
            } catch (const Error& e) {
                return e.what();
            }
            return "";
        };
        // 2... g5-h4 is a quiet move while 2... d6:f4 is compulsory (variants/russian/RULES.md
        // §1.4.1).
        const std::string illegal = "[White \"A\"]\n[Black \"B\"]\n1. c3-d4 f6-g5\n2. d4-e5 g5-h4 2-0";
        CHECK_THROWS_AS((void)replay_pdn(read_pdn(illegal).at(0)), IllegalMoveError);
        const std::string m = error_of(illegal);
        CHECK(contains(m, "game 1 (A \xE2\x80\x93 B)"));
        CHECK(contains(m, "move 2... 'g5-h4'"));
        CHECK(contains(m, "line 4"));
        CHECK(contains(m, "not legal"));

        // Black to move from a FEN: the first move is 29..., the fourth 31.
        const std::string black =
            "[FEN \"B:Wa5,Kd8:BKc3,f4,a7\"]\n29... c3-b2 30. d8-e7 b2-a1 d6-c5 1-1";
        CHECK(contains(error_of(black), "move 31. 'd6-c5'"));

        // Two captures from f8 end on h6 (over e7, c3, g5 or over e7, b2, g5): f8xh6 names both.
        const std::string amb = "[FEN \"W:WKf8:Bb2,e7,g5,c3,h2\"]\n1. f8xh6 *";
        CHECK_THROWS_AS((void)replay_pdn(read_pdn(amb).at(0)), AmbiguousMoveError);
        CHECK(contains(error_of(amb), "ambiguous"));
        CHECK(replay_pdn(read_pdn("[FEN \"W:WKf8:Bb2,e7,g5,c3,h2\"]\n1. f8:a3:h6 *").at(0)).ply() == 1);

        CHECK_THROWS_AS((void)replay_pdn(read_pdn("1. c3-z9 *").at(0)), PdnError);
        CHECK(contains(error_of("1. c3-z9 *"), "unknown square"));
        CHECK(contains(error_of("[FEN \"W:Wz9:B\"]\n1. c3-d4 *"), "[FEN]"));
        CHECK(contains(error_of("[FEN \"W:Wb8:B\"]\n1. c3-d4 *"), "[FEN]"));  // impossible position
        // A move after the game has ended (Black has no piece left after d6:f8).
        CHECK(contains(error_of("[FEN \"W:Wd6:Be7\"]\n1. d6:f8 h8-g7 2-0"), "the game is over"));
    }

    TEST_CASE("PDN replay: empty and placeholder records are errors") {
        CHECK(contains(read_error("1. c3-d4"), "truncated"));
        std::string msg;
        try {
            (void)replay_pdn(read_pdn("[Event \"E\"]\n1. - - 2. - - 1/2-1/2").at(0));
        } catch (const PdnError& e) {
            msg = e.what();
        }
        CHECK(contains(msg, "placeholder record"));
        CHECK(contains(msg, "all 4 moves"));
        CHECK_THROWS_WITH_AS((void)replay_pdn(read_pdn("[Event \"E\"]\n1-0").at(0)),
                             doctest::Contains("empty record"), PdnError);
        // A single placeholder among real moves stops the replay there.
        Game g = pdn_start(read_pdn("1. c3-d4 - 2-0").at(0), make_variant("russian"));
        CHECK_THROWS_WITH_AS(play_pdn(read_pdn("1. c3-d4 - 2-0").at(0), g),
                             doctest::Contains("move 1... '-'"), PdnError);
        CHECK(g.ply() == 1);
    }

    TEST_CASE("PDN reader: malformed games are errors naming game and line; reading goes on") {
        const std::string text =
            "[Event \"ok 1\"]\n1. c3-d4 2-0\n"
            "[Event \"bad tag]\n1. c3-d4 2-0\n"
            "[Event \"ok 3\"]\n1. c3-d4 ) 2-0\n"
            "[Event \"ok 4\"]\n1. c3-d4 2-0\n";
        PdnReader r(text);
        auto g1 = r.next();
        REQUIRE(g1.has_value());
        CHECK(g1->moves.size() == 1);
        // (game, line, message) of the error the next game raises.
        auto next_error = [&r]() -> std::tuple<std::size_t, std::size_t, std::string> {
            try {
                (void)r.next();
            } catch (const PdnError& e) {
                return {e.game(), e.line(), e.what()};
            }
            return {0, 0, "no error"};
        };
        const auto [game2, line2, what2] = next_error();
        CHECK(game2 == 2);
        CHECK(line2 == 3);
        CHECK(contains(what2, "malformed tag"));
        const auto [game3, line3, what3] = next_error();
        CHECK(game3 == 3);
        CHECK(line3 == 6);
        CHECK(contains(what3, "')' without '('"));
        auto g4 = r.next();
        REQUIRE(g4.has_value());
        CHECK(*g4->tag("Event") == "ok 4");
        CHECK_FALSE(r.next().has_value());
        CHECK(r.games_read() == 4);

        CHECK(contains(read_error("[Event \"x\"]\n{ never closed\n1. c3-d4 2-0"), "is not closed"));
        CHECK(contains(read_error("1. c3-d4 (d6-e5 2-0"), "inside a variation"));
        CHECK(contains(read_error("1. c3-d4 ((( d6-e5"), "not closed"));
        CHECK(contains(read_error("[Event \"x\"]\n1. c3-d4\n[Event \"y\"]\n1. c3-d4 2-0"),
                       "no result before the tags of the next game"));
        CHECK(contains(read_error("[Event x]\n*"), "expected '\"'"));
        CHECK(contains(read_error("[ \"x\"]\n*"), "tag name"));
        CHECK(contains(read_error("[Event \"x\" junk\n*"), "expected ']'"));
        CHECK(contains(read_error("1. c3-d4 } 2-0"), "without its opening bracket"));
        CHECK(contains(read_error("1. c3-d4 $ 2-0"), "NAG"));
        CHECK(contains(read_error("1. c3@d4 2-0"), "unexpected text 'c3@d4'"));
        CHECK(contains(read_error("1234567. c3-d4 2-0"), "too large"));
        CHECK(read_error("").empty());
        CHECK(read_pdn(" \n{ only a comment }\n").empty());
    }

    TEST_CASE("PDN bad input never crashes: binary garbage, huge tokens, deep nesting, prefixes") {
        Rng rng(7);
        for (int n = 0; n < 200; ++n) {
            std::string junk;
            const std::size_t len = rng.below(400);
            for (std::size_t i = 0; i < len; ++i) junk += static_cast<char>(rng.below(256));
            CHECK(replay_all(junk) >= 0);
        }
        // Garbage built from PDN's own punctuation.
        const std::string alphabet = "[]{}()\";$.%*-:x12345abcdh \n\r\"\\";
        for (int n = 0; n < 300; ++n) {
            std::string s;
            const std::size_t len = rng.below(120);
            for (std::size_t i = 0; i < len; ++i) s += alphabet[rng.below(alphabet.size())];
            CHECK(replay_all(s) >= 0);
        }
        const std::string huge((1U << 20) - 100000, 'a');  // under PdnReader::max_game_bytes
        std::string msg;
        try {
            (void)replay_pdn(read_pdn("1. " + huge + " 2-0").at(0));
        } catch (const PdnError& e) {
            msg = e.what();
        }
        CHECK(contains(msg, "unknown square"));
        CHECK(msg.size() < 400);  // the text is quoted in short
        CHECK(contains(read_error("[Event \"" + huge + "\"]\n1. " + std::string(20000, '(')), "not closed"));
        CHECK(contains(read_error(std::string(100000, '{')), "not closed"));
        CHECK(contains(read_error(std::string(100000, '[')), "malformed tag"));
        // Every prefix of a real file: truncated anywhere, it reads and replays or reports.
        const std::string file = slurp("corpus_engine_russian2012_excerpt.pdn");
        for (std::size_t n = 0; n <= file.size(); ++n) CHECK(replay_all(std::string_view(file).substr(0, n)) <= 2);
        CHECK(replay_all(file) == 2);
    }

    TEST_CASE("PDN reader from a stream: the same games and errors whatever the chunk size") {
        // What a reader yields: per game the tags, moves (text, number, line), result, or the
        // error's game, line and message; then how the input ended.
        auto summary = [](PdnReader& r) {
            std::ostringstream out;
            for (;;) {
                try {
                    auto g = r.next();
                    if (!g) break;
                    out << "game " << g->index << " line " << g->line << " offset " << g->offset << ":";
                    for (const PdnTag& t : g->tags) out << " [" << t.name << "=" << t.value << "]";
                    for (const PdnMove& m : g->moves) out << " " << m.number << "." << m.text << "@" << m.line;
                    out << " " << g->result.text << "\n";
                } catch (const PdnError& e) {
                    out << "error " << e.game() << " " << e.line() << " " << e.what() << "\n";
                } catch (const PdnInputError& e) {
                    out << "stopped " << e.what() << "\n";
                }
            }
            return out.str();
        };
        std::vector<std::string> texts;
        for (const char* name : sample_files) texts.push_back(slurp(name));
        texts.push_back("\xEF\xBB\xBF% escape line\n[Event \"a\"]\n1. c3-d4 (?) 2... d6-e5(!?) {x\ny} 3. ... 2-0\n"
                        "  %not an escape\n;comment\n[Event \"b\"]\n1. c3-d4 ) 2-0 [Event \"c\"\n1-1 "
                        "{ unclosed");
        texts.push_back("1. c3-d4 29-23(?\?) $12 !? 1/2-1/2 \xC2\xBD-\xC2\xBD 12. c3-d4\n[A \"x\\\"y\"]\n*");
        for (const std::string& text : texts) {
            PdnReader whole(text);
            const std::string expected = summary(whole);
            CHECK(!expected.empty());
            for (std::size_t chunk : {1, 2, 3, 7, 64, 4096}) {
                std::istringstream in(text);
                PdnReader streamed(in, chunk);
                CHECK_MESSAGE(summary(streamed) == expected, "chunk " << chunk);
            }
        }
    }

    TEST_CASE("PDN reader limits: a game over max_game_bytes stops the reader with PdnLimitError") {
        const std::string ok_game = "[Event \"a\"]\n1. c3-d4 2-0\n";
        const std::string long_comment = "{" + std::string(PdnReader::max_game_bytes, 'x') + "}";
        for (const std::string& text : {ok_game + "[Event \"b\"]\n1. c3-d4 " + long_comment + " 2-0\n" + ok_game,
                                        ok_game + long_comment + ok_game,
                                        ok_game + std::string(PdnReader::max_game_bytes + 10, '\0')}) {
            std::istringstream in(text);
            PdnReader streamed(in);
            PdnReader whole(text);
            for (PdnReader* r : {&streamed, &whole}) {
                auto g = r->next();
                REQUIRE(g.has_value());
                CHECK(*g->tag("Event") == "a");
                CHECK_THROWS_WITH_AS((void)r->next(),
                                     doctest::Contains("line 3: more than 1048576 bytes"), PdnLimitError);
                CHECK_FALSE(r->next().has_value());  // stopped: the game after it is not read
            }
        }
        // Blank lines between games do not count: 3 MB of them are skipped with the window
        // kept small.
        const std::string spaced = ok_game + std::string(3U << 20, '\n') + ok_game;
        std::istringstream in(spaced);
        PdnReader r(in);
        CHECK(r.next().has_value());
        auto g2 = r.next();
        REQUIRE(g2.has_value());
        CHECK(g2->line == 3 + (3U << 20));
        CHECK_FALSE(r.next().has_value());
    }

    TEST_CASE("PDN reader: a stream that fails is PdnInputError, not the end of the input") {
        // A stream buffer that yields some bytes and then fails, as a file with an I/O error.
        struct Failing : std::streambuf {
            std::string data = "[Event \"a\"]\n1. c3-d4 2-0\n[Event \"b\"]\n1. c3";
            bool served = false;
            int_type underflow() override {
                if (served) throw std::runtime_error("I/O error");
                served = true;
                setg(data.data(), data.data(), data.data() + data.size());
                return traits_type::to_int_type(data[0]);
            }
        } buf;
        std::istream in(&buf);
        PdnReader r(in, 16);
        auto g = r.next();
        REQUIRE(g.has_value());
        CHECK_THROWS_WITH_AS((void)r.next(), doctest::Contains("the input cannot be read after byte"),
                             PdnInputError);
        CHECK_FALSE(r.next().has_value());
    }

    TEST_CASE("PDN sample of real games (tests/data/russian): every game with moves replays") {
        // Plies per game counted from the records (moves between the move numbers), and the
        // placeholder game named in SOURCES.md.
        struct FileCase {
            const char* name;
            std::vector<std::size_t> plies;  // 0 = must fail (placeholder)
            std::vector<Outcome> results;
        };
        const Outcome w = Outcome::white_wins;
        const Outcome b = Outcome::black_wins;
        const Outcome d = Outcome::draw;
        const std::vector<FileCase> cases = {
            {"corpus_engine_russian2012_excerpt.pdn", {21, 14}, {w, w}},
            {"derived_fen_start_samples.pdn", {41, 2, 48, 5}, {d, d, w, w}},
            {"protcenkoroman_ussr_ch1_1924.pdn", {52, 42, 49}, {b, b, w}},
            {"wiegerw_pdn_abatsiev.pdn", {83, 66, 0}, {w, d, d}},
            {"wiegerw_pdn_ussr1947.pdn", {61, 69, 91}, {w, d, d}},
        };
        for (const FileCase& c : cases) {
            CAPTURE(c.name);
            const auto games = read_pdn(slurp(c.name));
            REQUIRE(games.size() == c.plies.size());
            for (std::size_t i = 0; i < games.size(); ++i) {
                CAPTURE(i);
                if (c.plies[i] == 0) {
                    CHECK_THROWS_WITH_AS((void)replay_pdn(games[i]), doctest::Contains("placeholder record"),
                                         PdnError);
                    continue;
                }
                const Game g = replay_pdn(games[i]);
                CHECK(g.ply() == c.plies[i]);
                CHECK(g.result().outcome == c.results[i]);
            }
        }
    }

    TEST_CASE("PDN sample: shortened multi-captures, promotion in mid-capture, h6xh6") {
        const auto games = read_pdn(slurp("corpus_engine_russian2012_excerpt.pdn"));
        REQUIRE(games.size() == 2);
        const Game g = replay_pdn(games[1]);  // Цирик - Борисов, from a numeric FEN, Black to move
        const Variant& v = g.variant();
        CHECK(g.start_position().side_to_move() == Color::black);
        REQUIRE(g.ply() == 14);
        // SOURCES.md: c5xc1 is c5:a3:c1, e5xg3 is e5:c3:e1:g3 (promotes on e1 and goes on),
        // h6xh6 is h6:f8:b4:d2:h6 (promotes on f8 and comes back to h6 as a king).
        CHECK(v.move_to_string(g.positions()[4], g.moves()[4]) == "c5:a3:c1");
        CHECK(v.move_to_string(g.positions()[6], g.moves()[6]) == "e5:c3:e1:g3");
        const Vertex g3 = *v.topology().find("g3");
        CHECK(g.positions()[7].at(g3) == Piece(Color::black, 1));
        CHECK(v.move_to_string(g.positions()[13], g.moves()[13]) == "h6:f8:b4:d2:h6");
        CHECK(g.moves()[13].captured.size() == 4);
        const Vertex h6 = *v.topology().find("h6");
        CHECK(g.position().at(h6) == Piece(Color::white, 1));
    }

    TEST_CASE("PDN write: exact layout of a record") {
        Game g(make_variant("russian"));
        g.play("c3-d4");
        g.play("d6-e5");
        CHECK(write_pdn(g, {{"White", "A"}, {"Opening", "x\"y"}, {"Result", "2-0"}}) ==
              "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"A\"]\n"
              "[Black \"?\"]\n[Result \"*\"]\n[GameType \"25\"]\n[Opening \"x\\\"y\"]\n\n"
              "1. c3-d4 d6-e5 *\n");
        g.set_result({Outcome::black_wins, "resignation"});
        PdnWriteOptions chess;
        chess.results = PdnResultStyle::chess;
        CHECK(contains(write_pdn(g, {}, chess), "1. c3-d4 d6-e5 0-1\n"));
        CHECK(contains(write_pdn(g), "[Result \"0-2\"]"));

        // A set-up position with Black to move: SetUp and FEN (square-number order), "29...".
        const auto v = make_variant("russian");
        Game s(v, v->parse_position("B:Wa5,Kd8:BKc3,f4,a7"));
        s.play("c3-b2");
        s.play("d8-e7");
        PdnWriteOptions from29;
        from29.first_move_number = 29;
        const std::string text = write_pdn(s, {}, from29);
        CHECK(contains(text, "[SetUp \"1\"]\n[FEN \"B:WKd8,a5:Ba7,f4,Kc3\"]\n"));
        CHECK(contains(text, "\n29... c3-b2 30. d8-e7 *\n"));
    }

    TEST_CASE("PDN round trip: read(write(game)) gives the same start, moves and result") {
        for (const char* name : sample_files) {
            CAPTURE(name);
            for (const PdnGame& rec : read_pdn(slurp(name))) {
                CAPTURE(rec.index);
                Game g = pdn_start(rec, make_variant("russian"));
                try {
                    play_pdn(rec, g);
                } catch (const PdnError&) {
                    continue;  // the placeholder game
                }
                PdnWriteOptions opts;
                opts.width = 60;
                if (!rec.moves.empty() && rec.moves.front().number > 0) {
                    opts.first_move_number = rec.moves.front().number;
                }
                const std::string text = write_pdn(g, rec.tags, opts);
                std::istringstream lines(text);
                for (std::string line; std::getline(lines, line);) {
                    if (line.empty() || line[0] != '[') CHECK(line.size() <= 60);
                }
                const auto back = read_pdn(text);
                REQUIRE(back.size() == 1);
                CHECK(*back[0].tag("White") == *rec.tag("White"));
                CHECK(*back[0].tag("GameType") == "25");
                const Game h = replay_pdn(back[0]);
                CHECK(h.start_position() == g.start_position());
                REQUIRE(h.ply() == g.ply());
                for (std::size_t i = 0; i < g.ply(); ++i) CHECK(h.moves()[i].same_result(g.moves()[i]));
                CHECK(h.result().outcome == g.result().outcome);
                CHECK(back[0].moves.front().number == opts.first_move_number);
            }
        }
    }
}

TEST_SUITE("pdn") {
    TEST_CASE("PDN round trip of seeded random games, every variant (Variant tag for non-Russian)") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const auto v = make_variant(info.name);
            Rng rng(7);
            for (int n = 0; n < 10; ++n) {
                Game g(v);
                while (!g.result().over() && g.ply() < 400) {
                    g.play(g.legal_moves()[rng.below(g.legal_moves().size())]);
                }
                const std::string text = write_pdn(g, {{"Event", "random game"}});
                CAPTURE(text);
                if (info.pdn_game_type > 0) {
                    CHECK(contains(text, "[GameType \"" + std::to_string(info.pdn_game_type) + "\"]"));
                } else {
                    CHECK(contains(text, "[Variant \"" + info.name + "\"]"));
                }
                const auto back = read_pdn(text);
                REQUIRE(back.size() == 1);
                CHECK(pdn_variant_name(back[0]) == info.name);
                const Game h = replay_pdn(back[0]);
                REQUIRE(h.ply() == g.ply());
                for (std::size_t i = 0; i < g.ply(); ++i) CHECK(h.moves()[i].same_result(g.moves()[i]));
                CHECK(h.position() == g.position());
                CHECK(h.result().outcome == g.result().outcome);
            }
        }
    }
}
