// The draw rules each federation plays (README "Draw rules", variants/<game>/RULES.md §8 or
// its draw section), at the boundary: the game goes on one ply before the count is reached,
// is drawn on the ply that reaches it, and with the count raised by one move (the option) it
// goes on at that ply and is drawn two plies later. "N moves" are N moves of each player, 2N
// plies, counted from the ply on which the rule's condition arose (here: the start).
// The shuffles repeat positions, so every case switches repetition off (repetition_draw=0).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;

namespace {

struct DrawCase {
    const char* variant;
    const char* fen;
    std::vector<std::string> cycle;  // quiet moves played in turn
    int moves;                       // the rule's count (moves each)
    const char* option;              // the option that changes it
    const char* reason;              // text of the draw's reason
    const char* enable = nullptr;    // an option switching the rule on, if it is off by default
};

/// Plays `plies` more moves of the cycle (the move of ply k is cycle[k mod size]), each while
/// the game goes on.
void play(Game& g, const DrawCase& c, int plies) {
    for (int i = 0; i < plies; ++i) {
        REQUIRE_MESSAGE(!g.result().over(), "ended early at ply " << g.ply() << ": " << g.result().reason);
        g.play(std::string_view(c.cycle[static_cast<std::size_t>(g.ply()) % c.cycle.size()]));
    }
}

void check_boundary(const DrawCase& c) {
    const std::string variant = c.variant, fen = c.fen;
    CAPTURE(variant);
    CAPTURE(fen);
    const int n = 2 * c.moves;
    {
        std::vector<std::string> options = {"repetition_draw=0"};
        if (c.enable != nullptr) options.emplace_back(c.enable);
        auto v = make_variant(c.variant, options);
        Game g(v, v->parse_position(c.fen));
        play(g, c, n - 1);
        CHECK_FALSE(g.result().over());  // one ply before
        play(g, c, 1);
        CHECK(g.result().outcome == Outcome::draw);  // at
        CHECK(g.result().reason.find(c.reason) != std::string::npos);
    }
    {
        const std::string more = std::string(c.option) + "=" + std::to_string(c.moves + 1);
        auto v = make_variant(c.variant, {"repetition_draw=0", more});
        Game g(v, v->parse_position(c.fen));
        play(g, c, n);
        CHECK_FALSE(g.result().over());  // after: the count is the option's
        play(g, c, 2);
        CHECK(g.result().outcome == Outcome::draw);
    }
    {
        const std::string off = std::string(c.option) + "=0";
        auto v = make_variant(c.variant, {"repetition_draw=0", off});
        Game g(v, v->parse_position(c.fen));
        play(g, c, n + 2);
        CHECK_FALSE(g.result().over());  // switched off
    }
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("draw rules of each federation, at the boundary") {
        // 10x10: White kings a1 (46) and c1 (47) [and e1 (48)], Black king b10 (1): 46-41 1-6
        // 41-46 6-1 shares no line on which a capture exists (no piece on 6's and 1's
        // diagonals, none on 41's and 46's but White's).
        const std::vector<std::string> c10 = {"46-41", "1-6", "41-46", "6-1"};
        // FMJD 6.4 (variants/international/RULES.md §8.2 d): two kings against a lone king, 5.
        check_boundary({"international", "W:WK46,K47:BK1", c10, 5, "small_ending_moves", "FMJD 6.3-6.4"});
        check_boundary({"brazilian", "W:WK29,K30:BK1", {"29-25", "1-5", "25-29", "5-1"}, 5,
                        "small_ending_moves", "FMJD 6.3-6.4"});
        // FMJD 6.3 (§8.2 c): three kings against a lone king, 16.
        check_boundary({"international", "W:WK46,K47,K48:BK1", c10, 16, "three_pieces_vs_king_moves",
                        "three pieces"});
        // FMJD 6.2 (§8.2 b): kings only, no lone king (Black b10 and f10 (3)): 25.
        check_boundary({"international", "W:WK46,K47,K48:BK1,K3", c10, 25, "no_progress_moves", "FMJD 6.2"});
        // 8x8 (English numbering): White kings a1 (29) and c1 (30), Black king b8 (1):
        // 29-25 1-5 25-29 5-1.
        const std::vector<std::string> c8 = {"29-25", "1-5", "25-29", "5-1"};
        // APCA rule 26 (variants/pool/RULES.md §8): 15 moves each (30 reversible plies).
        check_boundary({"pool", "W:WK29,K30:BK1", c8, 15, "no_progress_moves", "APCA rule 26"});
        // Italian (turned board: White kings b1 (29) and h1 (32), Black king a8 (1), short
        // kings): 29-25 1-5 25-29 5-1; FID 10.4, 40 moves each (80 reversible plies).
        check_boundary({"italian", "W:WK29,K32:BK1", c8, 40, "no_progress_moves", "FID 10.4"});
        // Frisian (friesdammen.nl): two kings against a lone king, 7 moves.
        check_boundary({"frisian", "W:WK46,K47:BK1", c10, 7, "two_kings_vs_king_moves", "Frisian rules"});
    }

    TEST_CASE("English 40-move rule: a claim in the laws, an automatic option here") {
        const std::vector<std::string> c8 = {"29-25", "1-5", "25-29", "5-1"};
        // Off by default (a claim, variants/english/RULES.md §8): 80 plies and more go on.
        auto v = make_variant("english", {"repetition_draw=0"});
        Game g(v, v->parse_position("W:WK29,K30:BK1"));
        for (int i = 0; i < 82; ++i) g.play(std::string_view(c8[static_cast<std::size_t>(i) % 4]));
        CHECK_FALSE(g.result().over());
        check_boundary({"english", "W:WK29,K30:BK1", c8, 40, "no_progress_moves", "40-move rule",
                        "no_progress_moves=40"});
    }

    TEST_CASE("a lone-king ending count restarts when the material changes class") {
        // International: White kings a1 (46) and c1 (47) against Black kings b10 (1) and b2
        // (41): no ending rule. 46x41 (landing c3, 37) makes two kings against a lone king:
        // FMJD 6.4's 5 moves each count from that ply.
        auto v = make_variant("international", {"repetition_draw=0"});
        Game g(v, v->parse_position("W:WK46,K47:BK1,K41"));
        // Two kings against two kings: no ending rule; the capture makes two against one.
        g.play("46x37");
        CHECK_FALSE(g.result().over());
        // From here 5 moves each: 10 plies (1-6 37-32 6-1 32-37 ...), the first by Black.
        const std::vector<std::string> c = {"1-6", "37-32", "6-1", "32-37"};
        for (int i = 0; i < 9; ++i) {
            REQUIRE_FALSE(g.result().over());
            g.play(std::string_view(c[static_cast<std::size_t>(i) % 4]));
        }
        CHECK_FALSE(g.result().over());
        g.play(std::string_view(c[9 % 4]));
        CHECK(g.result().outcome == Outcome::draw);
    }
}
