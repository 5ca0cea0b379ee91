// Repetition look-back (issue 11): Game counts a position's occurrences only back to the last
// irreversible move (Variant::irreversible); undo restores the look-back point; the variants'
// irreversible moves are those their RULES.md names.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

namespace {

/// Russian with a deliberately wrong irreversible(): every move of the king from a1 counts as
/// irreversible, so that a position repeated across such a move can be seen not to be counted.
class CutAtA1 final : public Variant {
public:
    explicit CutAtA1(std::shared_ptr<const Variant> inner)
        : Variant("cut-at-a1", "russian, a king leaving a1 is irreversible",
                  std::shared_ptr<const Topology>(inner, &inner->topology()), inner->options(),
                  inner->kinds()),
          inner_(std::move(inner)) {}
    [[nodiscard]] Position initial_position() const override { return inner_->initial_position(); }
    void generate(const Position& p, MoveList& out, Duplicates d) const override {
        inner_->generate(p, out, d);
    }
    void make_move(Position& p, const Move& m, Undo& u) const override { inner_->make_move(p, m, u); }
    void unmake_move(Position& p, const Move& m, const Undo& u) const override {
        inner_->unmake_move(p, m, u);
    }
    [[nodiscard]] std::uint64_t perft(Position& p, int depth, const PerftOptions& o) const override {
        return inner_->perft(p, depth, o);
    }
    [[nodiscard]] Position parse_position(std::string_view t) const override {
        return inner_->parse_position(t);
    }
    [[nodiscard]] std::string position_to_string(const Position& p) const override {
        return inner_->position_to_string(p);
    }
    [[nodiscard]] GameRules game_rules() const override { return inner_->game_rules(); }
    [[nodiscard]] bool irreversible(const Position& before, const Move& m,
                                    const Position&) const override {
        return topology().name(m.from) == "a1" && before.at(m.from).kind() == 1;
    }

private:
    std::shared_ptr<const Variant> inner_;
};

// Ten pieces, a king each; the kings shuttle a1-b2 and h8-g7 (no capture is possible).
constexpr const char* ten_pieces = "W:WKa1,a3,c3,e3,g3:BKh8,b6,d6,f6,h6";

void play(Game& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) g.play(std::string_view(m));
}

}  // namespace

TEST_SUITE("core") {
    TEST_CASE("a position repeated across an irreversible move is not counted") {
        const auto v = std::make_shared<const CutAtA1>(make_variant("russian"));
        Game g(v, v->parse_position(ten_pieces));
        CHECK(g.repetition_start() == 0);
        play(g, {"a1-b2"});  // "irreversible": the look-back starts at position 1
        CHECK(g.repetition_start() == 1);
        play(g, {"h8-g7", "b2-a1", "g7-h8"});  // the start position again, but behind the cut
        CHECK(g.position() == g.start_position());
        CHECK(g.repetitions() == 1);
        play(g, {"a1-b2"});  // cut again at position 5
        CHECK(g.repetition_start() == 5);
        play(g, {"h8-g7"});
        CHECK(g.repetitions() == 1);
        // Undo restores the look-back point of each position.
        g.undo();
        CHECK(g.repetition_start() == 5);
        g.undo();
        CHECK(g.repetition_start() == 1);
        CHECK(g.repetitions() == 1);
        g.undo();
        g.undo();
        g.undo();
        CHECK(g.repetition_start() == 1);
        g.undo();
        CHECK(g.repetition_start() == 0);
        CHECK(g.ply() == 0);
    }

    TEST_CASE("russian: a man move and a capture are irreversible, king moves are not") {
        const auto v = make_variant("russian");
        Game g(v, v->parse_position(ten_pieces));
        play(g, {"a1-b2", "h8-g7"});
        CHECK(g.repetition_start() == 0);
        play(g, {"a3-b4"});  // a man move: no earlier position comes back
        CHECK(g.repetition_start() == 3);
        play(g, {"g7-h8", "b2-a1", "h8-g7", "a1-b2", "g7-h8", "b2-a1"});
        CHECK(g.repetitions() == 2);  // positions 5 and 9: kings a1 and h8, Black to move
        g.undo();
        CHECK(g.repetition_start() == 3);
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        g.undo();
        CHECK(g.repetition_start() == 0);
        // Threefold repetition after the man move: the draw still comes.
        play(g, {"a3-b4", "g7-h8", "b2-a1", "h8-g7", "a1-b2", "g7-h8", "b2-a1", "h8-g7", "a1-b2"});
        CHECK(g.result().outcome == Outcome::draw);
        CHECK(g.result().reason == "repetition (3 times)");
        g.undo();
        CHECK_FALSE(g.result().over());
        CHECK(g.result().reason.empty());
    }

    TEST_CASE("tobit: a hul's forward step is irreversible, a sideways step is not (RULES.md E3)") {
        const auto v = make_variant("tobit");
        const Topology& t = v->topology();
        Game g(v);
        const Move* forward = nullptr;
        const Move* sideways = nullptr;
        for (const Move& m : g.legal_moves()) {
            if (t.y(m.to) > t.y(m.from)) forward = &m;
            if (t.y(m.to) == t.y(m.from)) sideways = &m;
        }
        REQUIRE(forward != nullptr);
        const Position start = g.position();
        Undo u;
        if (sideways != nullptr) {
            Position p = start;
            v->make_move(p, *sideways, u);
            CHECK_FALSE(v->irreversible(start, *sideways, p));
        }
        Position p = start;
        v->make_move(p, *forward, u);
        CHECK(v->irreversible(start, *forward, p));
        // Tobit (king) moves are reversible.
        const Position kings = v->parse_position("W:WK1:BK38");
        Game k(v, kings);
        for (const Move& m : k.legal_moves()) {
            Position q = kings;
            v->make_move(q, m, u);
            CHECK_FALSE(v->irreversible(kings, m, q));
        }
        // With tobit_reverts_off_back_row only captures are irreversible.
        const auto reverts = make_variant("tobit", {"tobit_reverts_off_back_row=true"});
        Position r = start;
        reverts->make_move(r, *forward, u);
        CHECK_FALSE(reverts->irreversible(start, *forward, r));
    }

    TEST_CASE("shatra: drops of reserve men other than the biy and shatra steps are irreversible") {
        const auto v = make_variant("shatra");
        Game g(v);
        auto one = [&](const char* text) {
            const Position before = g.position();
            const Move m = v->parse_move(before, text);
            Position after = before;
            Undo u;
            v->make_move(after, m, u);
            return v->irreversible(before, m, after);
        };
        CHECK(one("49-42"));   // a shatra step forward
        CHECK(one("61-42"));   // the batyr dropped from the fortress, temdek on
        CHECK_FALSE(one("53-32"));  // the biy dropped from its gate: it may step back (A6)
        play(g, {"53-32", "10-31"});
        CHECK(g.repetition_start() == 0);
        CHECK_FALSE(one("32-33"));  // a biy step
        play(g, {"49-42"});
        CHECK(g.repetition_start() == 3);
    }
}

TEST_SUITE("core") {
    TEST_CASE("reset() starts a new game on the same storage, also from another position") {
        const auto v = make_variant("russian");
        const Position kings = v->parse_position(ten_pieces);
        Game g(v);
        play(g, {"c3-d4", "f6-e5", "d4:f6"});
        g.reset(kings);
        Game fresh(v, kings);
        CHECK(g.ply() == 0);
        CHECK(g.position() == fresh.position());
        CHECK(g.positions().size() == 1);
        CHECK(g.repetition_start() == 0);
        CHECK(g.result() == fresh.result());
        // The adjudicator starts afresh too: 7.2.5 (15 moves of kings) draws on the same ply.
        const std::vector<const char*> cycle = {"a1-b2", "h8-g7", "b2-a1", "g7-h8"};
        const auto no_rep = make_variant("russian", {"repetition_draw=0"});
        Game a(no_rep);
        play(a, {"c3-d4"});
        a.reset(kings);
        Game b(no_rep, kings);
        for (int i = 0; i < 30; ++i) {
            a.play(std::string_view(cycle[static_cast<std::size_t>(i) % 4]));
            b.play(std::string_view(cycle[static_cast<std::size_t>(i) % 4]));
            REQUIRE(a.result() == b.result());
        }
        CHECK(a.result().reason.find("7.2.5") != std::string::npos);
        g.reset();
        CHECK(g.position() == v->initial_position());
    }

    TEST_CASE("GameHistory::recent: the same games as full history, king endgames included") {
        // Random games from the start and from king endings (repetition and the move-count
        // draws of FMJD64 7.2.4-7.2.8 / the FMJD rules): a Game keeping recent history only
        // must reach the same positions, legal moves, repetition counts and results, on the same
        // ply, as one keeping all, and keep the same tail of positions and moves.
        struct Start {
            const char* variant;
            const char* fen;  // nullptr: the initial position
        };
        const std::vector<Start> starts = {
            {"russian", nullptr}, {"russian", ten_pieces}, {"russian", "W:WK29,K30:BK1"},
            {"russian", "W:WK29,K30,K31:BK1,K2"}, {"international", nullptr},
            {"international", "W:WK46,K47:BK1,K41"}, {"international", "W:WK46,K47,K48:BK1,K5"},
            {"tobit", nullptr}, {"shatra", nullptr}, {"english", nullptr}, {"turkish", nullptr},
            {"frisian", nullptr}};
        std::size_t dropped = 0;
        std::size_t longest = 0;
        int draws = 0;
        for (const Start& st : starts) {
            CAPTURE(st.variant);
            CAPTURE(st.fen != nullptr ? st.fen : "initial");
            const auto v = make_variant(st.variant);
            const std::optional<Position> start =
                st.fen != nullptr ? std::optional<Position>(v->parse_position(st.fen)) : std::nullopt;
            Game full(v, start);
            Game recent(v, start);
            recent.set_history(GameHistory::recent);
            for (std::uint32_t seed = 1; seed <= 12; ++seed) {
                std::mt19937 rng(seed);
                full.reset(start);
                recent.reset(start);
                while (!full.result().over()) {
                    REQUIRE(recent.legal_moves().size() == full.legal_moves().size());
                    const std::size_t i = rng() % full.legal_moves().size();
                    full.play_legal(i);
                    recent.play_legal(i);
                    REQUIRE(recent.ply() == full.ply());
                    REQUIRE(recent.position() == full.position());
                    REQUIRE(recent.result() == full.result());
                    REQUIRE(recent.repetitions() == full.repetitions());
                    REQUIRE(recent.repetition_start() + recent.dropped_plies() == full.repetition_start());
                    REQUIRE(recent.dropped_plies() + recent.positions().size() == full.positions().size());
                    REQUIRE(std::equal(recent.positions().begin(), recent.positions().end(),
                                       full.positions().end() - static_cast<std::ptrdiff_t>(recent.positions().size())));
                    REQUIRE(std::equal(recent.moves().begin(), recent.moves().end(),
                                       full.moves().end() - static_cast<std::ptrdiff_t>(recent.moves().size())));
                    for (std::size_t k = 0; k < full.legal_moves().size(); ++k) {
                        REQUIRE(recent.legal_moves()[k] == full.legal_moves()[k]);
                    }
                }
                CHECK(recent.start_position() == full.start_position());
                dropped += recent.dropped_plies();
                longest = std::max(longest, recent.positions().size());
                draws += full.result().outcome == Outcome::draw ? 1 : 0;
            }
        }
        CHECK(dropped > 1000);  // the option did drop history
        CHECK(draws > 10);      // draw rules were reached
        MESSAGE("dropped ", dropped, " plies; longest kept history ", longest, "; ", draws, " draws");
    }

    TEST_CASE("GameHistory::recent: undo within what is kept; not back past a drop") {
        const auto v = make_variant("russian");
        Game g(v);
        g.set_history(GameHistory::recent);
        CHECK(g.history() == GameHistory::recent);
        // The first listed move each ply until the history is first dropped (at an irreversible
        // move more than 16 positions into the game).
        while (g.dropped_plies() == 0 && !g.result().over()) g.play_legal(0);
        REQUIRE_FALSE(g.result().over());
        CHECK(g.ply() > 16);
        CHECK(g.dropped_plies() == g.ply() - 1);
        CHECK(g.positions().size() == 2);
        CHECK(g.start_position() == v->initial_position());
        const std::size_t ply = g.ply();
        g.play_legal(0);
        g.undo();
        CHECK(g.ply() == ply);
        CHECK_THROWS_AS(g.undo(), Error);
        CHECK(g.ply() == ply);
        g.reset();
        CHECK(g.dropped_plies() == 0);
        CHECK(g.history() == GameHistory::recent);
    }

    TEST_CASE("play_legal plays the listed move; out of range or after the end it throws") {
        const auto v = make_variant("tobit");
        Game g(v);
        const Move m = g.legal_moves()[1];
        g.play_legal(1);
        CHECK(g.moves().back() == m);
        CHECK_THROWS_AS(g.play_legal(g.legal_moves().size()), IllegalMoveError);
        g.set_result(Outcome::draw, "agreement");
        CHECK(g.result().reason == "agreement");
        CHECK_THROWS_AS(g.play_legal(0), IllegalMoveError);
        CHECK_THROWS_AS(g.set_result(Outcome::ongoing, "x"), Error);
        g.undo();
        CHECK_FALSE(g.result().over());
        CHECK(g.legal_moves().size() > 1);
    }
}
