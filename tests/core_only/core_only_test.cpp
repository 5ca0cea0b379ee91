// The core library alone (tradgames::core, no variants/ folder, no registry, no game family): a
// small game built in code over the core's board graph, position and variant interface runs
// move generation, perft, position strings and a whole game. Linked against tradgames_core only,
// so a dependency of the core on a game would fail to link here.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "tradgames/board_graph.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/variant.hpp"

namespace tg = tradgames;

namespace {

// "Files": a 3x3 board, files a-c, rows 1-3 (vertex = 3 * (row - 1) + file). Each side has a man
// on every point of its back row (White row 1, Black row 3); a man steps straight forward
// (White north, Black south) onto an empty point; nothing captures; a side without a move has
// lost (Game's rule).
class Files final : public tg::VariantBase<Files> {
public:
    Files()
        : VariantBase("files", "three files, men step forward", std::make_shared<const tg::Topology>(board()),
                      tg::RuleOptions{}, {{"man", '\0', 'M'}}) {}

    [[nodiscard]] tg::Position initial_position() const override {
        tg::Position p;
        for (tg::Vertex f = 0; f < 3; ++f) {
            p.put(f, tg::Piece(tg::Color::white, 0));
            p.put(static_cast<tg::Vertex>(6 + f), tg::Piece(tg::Color::black, 0));
        }
        return p;
    }

    void generate_moves(const tg::Position& pos, tg::MoveList& out, tg::Duplicates) const {
        const tg::Color side = pos.side_to_move();
        const tg::Direction ahead = side == tg::Color::white ? tg::Direction::n : tg::Direction::s;
        tg::for_each_vertex(pos.pieces(side), [&](tg::Vertex v) {
            const tg::Vertex to = topology().neighbour(v, ahead);
            if (to == tg::no_vertex || (pos.occupied() & tg::bit(to)) != 0) return;
            tg::Move& m = out.emplace_back();
            m.from = v;
            m.to = to;
            m.path.assign_one(to);
        });
    }

    [[nodiscard]] tg::Position parse_position(std::string_view text) const override {
        return read_position(text, tg::PositionRules{});
    }
    [[nodiscard]] std::string position_to_string(const tg::Position& pos) const override {
        std::string s = pos.side_to_move() == tg::Color::white ? "W" : "B";
        for (const tg::Color c : {tg::Color::white, tg::Color::black}) {
            s += c == tg::Color::white ? ":W" : ":B";
            bool first = true;
            tg::for_each_vertex(pos.pieces(c), [&](tg::Vertex v) {
                if (!first) s += ',';
                s += topology().name(v);
                first = false;
            });
        }
        return s;
    }

private:
    static tg::BoardGraph board() {
        tg::BoardGraph g;
        for (int v = 0; v < 9; ++v) {
            const std::string name{static_cast<char>('a' + v % 3), static_cast<char>('1' + v / 3)};
            g.add_vertex({name, {}, static_cast<double>(v % 3), static_cast<double>(v / 3), 0});
        }
        for (tg::Vertex v = 0; v < 6; ++v) g.add_link(v, static_cast<tg::Vertex>(v + 3), tg::Direction::n);
        return g;
    }
};

}  // namespace

TEST_CASE("a game built in code on the core alone: perft counted by hand") {
    // Ply 1: White's three men can each step (3). Ply 2: Black's man facing the moved White man
    // is blocked, the other two can step (3 * 2 = 6). Ply 3: White's advanced man faces an
    // unmoved Black man and the man facing Black's advanced man is blocked: only the man of the
    // third file steps (6 * 1). Ply 4: every Black man is blocked (0).
    const Files v;
    const std::uint64_t expected[] = {3, 6, 6, 0};
    for (int depth = 1; depth <= 4; ++depth) {
        for (const bool bulk : {true, false}) {
            tg::Position p = v.initial_position();
            CHECK(v.perft(p, depth, {tg::Duplicates::unique, bulk}) == expected[depth - 1]);
            CHECK(p == v.initial_position());
        }
    }
}

TEST_CASE("a game built in code on the core alone: notation, position strings, the end of a game") {
    auto v = std::make_shared<const Files>();
    const tg::Position start = v->initial_position();
    CHECK(v->position_to_string(start) == "W:Wa1,b1,c1:Ba3,b3,c3");
    CHECK(v->parse_position("W:Wa1,b1,c1:Ba3,b3,c3") == start);
    CHECK_THROWS_AS((void)v->parse_position("W:Wa1,d1:Ba3"), tg::ParseError);

    tg::Game game(v);
    for (const char* m : {"a1-a2", "b3-b2", "c1-c2"}) game.play(v->parse_move(game.position(), m));
    // Black to move with every man blocked: Black has lost.
    CHECK(game.result().outcome == tg::Outcome::white_wins);
    CHECK_THROWS_AS((void)v->parse_move(v->parse_position("W:Wa1:Ba2"), "a1-a2"), tg::IllegalMoveError);
}
