// The search's limits and seams (include/tradgames/engine/search.hpp): the time allotment of a
// clock with increment and that the search keeps to it (on an injected counting clock, so
// nothing here is timed), the node limit, the endgame-oracle probe at the leaves, a quiet leaf
// without a legal move scored as a loss, the leaf query (Variant::generate_if_capture) giving
// the same searches as full generation, and a search on a 256 KB thread stack giving the same
// result as on the main thread.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "support/small_stack.hpp"
#include "tradgames/engine/evaluation.hpp"
#include "tradgames/engine/oracle.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/game.hpp"
#include "tradgames/random.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

/// An oracle that knows one position (by hash) and counts its probes.
class OnePositionOracle final : public EndgameOracle {
public:
    OnePositionOracle(std::uint64_t hash, OracleAnswer answer, int max_pieces)
        : hash_(hash), answer_(answer), max_pieces_(max_pieces) {}
    std::optional<OracleAnswer> probe(const Position& pos) const override {
        probes.fetch_add(1, std::memory_order_relaxed);
        const int n = count(pos.occupied());
        if (n > most_pieces.load()) most_pieces.store(n);
        if (pos.hash() == hash_) return answer_;
        return std::nullopt;
    }
    int max_pieces() const noexcept override { return max_pieces_; }
    mutable std::atomic<int> probes{0};
    /// Most pieces of a position probed.
    mutable std::atomic<int> most_pieces{0};

private:
    std::uint64_t hash_;
    OracleAnswer answer_;
    int max_pieces_;
};

/// A variant that answers everything as `inner` does, except that its leaf query is Variant's
/// default (generate the moves, then look): a search over it walks the tree with the full
/// generation at every quiescence leaf.
class FullGeneration final : public Variant {
public:
    explicit FullGeneration(std::shared_ptr<const Variant> inner)
        : Variant(inner->name(), inner->description(),
                  std::shared_ptr<const Topology>(inner, &inner->topology()), inner->options(),
                  inner->kinds()),
          inner_(std::move(inner)) {}
    Position initial_position() const override { return inner_->initial_position(); }
    void generate(const Position& pos, MoveList& out, Duplicates dup) const override {
        inner_->generate(pos, out, dup);
    }
    void make_move(Position& pos, const Move& m, Undo& u) const override { inner_->make_move(pos, m, u); }
    void unmake_move(Position& pos, const Move& m, const Undo& u) const override {
        inner_->unmake_move(pos, m, u);
    }
    std::uint64_t perft(Position& pos, int depth, const PerftOptions& opt) const override {
        return inner_->perft(pos, depth, opt);
    }
    std::string move_to_string(const Position& pos, const Move& m) const override {
        return inner_->move_to_string(pos, m);
    }
    Position parse_position(std::string_view text) const override { return inner_->parse_position(text); }
    std::string position_to_string(const Position& pos) const override {
        return inner_->position_to_string(pos);
    }
    GameRules game_rules() const override { return inner_->game_rules(); }
    std::unique_ptr<Adjudicator> make_adjudicator(const Position& start) const override {
        return inner_->make_adjudicator(start);
    }
    bool irreversible(const Position& before, const Move& m, const Position& after) const override {
        return inner_->irreversible(before, m, after);
    }
    bool captures_first() const noexcept override { return inner_->captures_first(); }

private:
    std::shared_ptr<const Variant> inner_;
};

/// A search of `fen` in `variant` whose clock is a counter advancing 1 ms per reading.
SearchResult counted(const std::string& variant, SearchLimits l, std::int64_t& readings) {
    const auto v = make_variant(variant);
    Searcher s(v, SearcherOptions{1, nullptr, nullptr});
    readings = 0;
    l.clock = [&readings] { return readings++; };
    return s.search(v->initial_position(), l);
}

}  // namespace

TEST_SUITE("engine") {
    TEST_CASE("clock + increment: the time a search allots itself") {
        SearchLimits l;
        CHECK(time_allotment_ms(l) == 0);  // no time limit
        l.movetime_ms = 250;
        CHECK(time_allotment_ms(l) == 250);
        l.movetime_ms = 0;
        l.clock_ms = 60000;  // a minute left, no increment: 1/30 of it
        CHECK(time_allotment_ms(l) == 2000);
        l.increment_ms = 1000;  // plus 3/4 of the increment
        CHECK(time_allotment_ms(l) == 2750);
        l.movetime_ms = 500;  // both: the smaller
        CHECK(time_allotment_ms(l) == 500);
        l.movetime_ms = 0;
        l.clock_ms = 1000;  // never more than half the clock
        l.increment_ms = 4000;
        CHECK(time_allotment_ms(l) == 500);
        l.clock_ms = 10;  // never less than 1 ms
        l.increment_ms = 0;
        CHECK(time_allotment_ms(l) == 1);
    }

    TEST_CASE("clock + increment: the search stops within its allotment (counting clock)") {
        // Each clock reading is 1 ms later; the search reads the clock once per 1024 nodes, so
        // an allotment of A ms is A readings: about A * 1024 nodes.
        SearchLimits l;
        l.clock_ms = 3000;  // 3000 / 30 = 100 ms
        std::int64_t readings = 0;
        const SearchResult r = counted("russian", l, readings);
        REQUIRE(r.has_move);
        CHECK(time_allotment_ms(l) == 100);
        // It stops either when the allotment is spent or, between iterations, once half of it is:
        // never before half, never beyond the allotment (+1 for the reading of the result itself).
        CHECK(r.time_ms >= 50);
        CHECK(r.time_ms <= 101);
        CHECK(r.nodes <= 101 * 1024 + max_search_ply);
        CHECK(r.depth >= 1);
        CHECK(r.depth < max_search_ply - 2);
        // The same limits with an increment: more time, more nodes, still within it.
        l.increment_ms = 200;  // 100 + 150 = 250 ms
        std::int64_t readings2 = 0;
        const SearchResult r2 = counted("russian", l, readings2);
        CHECK(r2.time_ms >= 125);
        CHECK(r2.time_ms <= 251);
        CHECK(r2.nodes > r.nodes);
        // Deterministic: the same clock, the same search.
        std::int64_t readings3 = 0;
        const SearchResult r3 = counted("russian", l, readings3);
        CHECK(r3.nodes == r2.nodes);
        CHECK(r3.best == r2.best);
        CHECK(readings3 == readings2);
    }

    TEST_CASE("node limit: the search stops at the first check past it") {
        SearchLimits l;
        l.nodes = 20000;
        std::int64_t readings = 0;
        const SearchResult r = counted("international", l, readings);
        REQUIRE(r.has_move);
        CHECK(r.nodes >= 20000);
        CHECK(r.nodes <= 20000 + 1024 + max_search_ply);
    }

    TEST_CASE("endgame oracle: a leaf it knows is scored as it says, above the evaluation") {
        // A middlegame position (tactics_data.inc, Russian): without the oracle the engine plays
        // its move; the oracle then declares the position after another move lost for the side
        // to move in 6 plies, and the engine must play into it, scoring "won in 7".
        const auto v = make_variant("russian");
        const Position pos = v->parse_position("W:Wa3,g3,f2,h2,a1,c1:Bb8,d8,f8,h8,g7,h6,c5,g5,Ke1");
        SearchLimits l;
        l.depth = 2;
        Searcher plain(v, SearcherOptions{1, nullptr, nullptr});
        const SearchResult base = plain.search(pos, l);
        REQUIRE(base.has_move);
        CHECK_FALSE(base.score.proven());
        const Game g(v, pos);
        Move target;
        for (const Move& m : g.legal_moves()) {
            if (!m.same_result(base.best)) target = m;
        }
        REQUIRE_FALSE(target.same_result(base.best));
        Position after = pos;
        Undo u;
        v->make_move(after, target, u);
        const int pieces = count(pos.occupied());

        OnePositionOracle oracle(after.hash(), OracleAnswer{Wdl::loss, 6}, pieces);
        Searcher with(v, SearcherOptions{1, &oracle, nullptr});
        const SearchResult r = with.search(pos, l);
        CHECK(r.best == target);
        CHECK(r.score.value == mate_score - 7);
        CHECK(r.score.to_string() == "won in 7");
        CHECK(oracle.probes.load() > 0);

        CHECK(oracle.most_pieces.load() == pieces);
        // An oracle covering fewer pieces than the position's is asked only after captures: it
        // never sees the target, and the search plays as without it.
        OnePositionOracle small(after.hash(), OracleAnswer{Wdl::loss, 6}, pieces - 1);
        Searcher without(v, SearcherOptions{1, &small, nullptr});
        const SearchResult r2 = without.search(pos, l);
        CHECK(small.most_pieces.load() <= pieces - 1);
        CHECK(r2.best == base.best);
        CHECK(r2.score.value == base.score.value);
    }

    TEST_CASE("a quiet leaf where the side to move has no legal move scores as a loss") {
        // Black's man a5 (b4 and c3 White's) and king h8 (g7 and f6 White's) are blocked. Of
        // White's moves only h2-g3 keeps both blocked: Black is then left without a legal move
        // at a depth-0 leaf, which must score as Black's loss ("won in 1"), not as a stand-pat
        // evaluation (White is a piece up either way, so the evaluation alone would not find it).
        const auto v = make_variant("russian");
        const Position pos = v->parse_position("W:Wb4,c3,g7,f6,h2:Ba5,Kh8");
        for (int depth : {1, 2}) {
            CAPTURE(depth);
            Searcher s(v, SearcherOptions{1, nullptr, nullptr});
            SearchLimits l;
            l.depth = depth;
            const SearchResult r = s.search(pos, l);
            REQUIRE(r.has_move);
            CHECK(r.best_text == "h2-g3");
            CHECK(r.score.to_string() == "won in 1");
        }
    }

    TEST_CASE("the leaf query gives the search the same results as generating every move") {
        // Searches of positions along seeded random games, with the variant's leaf query and
        // with the full generation at every leaf (FullGeneration): the same nodes, score and move.
        for (const char* name : {"russian", "international", "frisian", "brazilian", "turkish", "tobit"}) {
            CAPTURE(name);
            const auto v = make_variant(name);
            const auto full = std::make_shared<const FullGeneration>(v);
            Rng rng(26);
            int searched = 0;
            for (int game = 0; game < 4; ++game) {
                Position pos = v->initial_position();
                for (int ply = 0; ply < 80; ++ply) {
                    MoveList moves;
                    v->generate(pos, moves);
                    if (moves.empty()) break;
                    if (ply % 8 == 3) {
                        CAPTURE(v->position_to_string(pos));
                        SearchLimits l;
                        l.depth = 4;
                        Searcher fast(v, SearcherOptions{1, nullptr, nullptr});
                        Searcher slow(full, SearcherOptions{1, nullptr, evaluation_for(*v)});
                        const SearchResult a = fast.search(pos, l);
                        const SearchResult b = slow.search(pos, l);
                        CHECK(a.nodes == b.nodes);
                        CHECK(a.score.value == b.score.value);
                        CHECK(a.best == b.best);
                        ++searched;
                    }
                    Undo u;
                    v->make_move(pos, moves[rng.below(moves.size())], u);
                }
            }
            CHECK(searched >= 10);
        }
    }

    TEST_CASE("a search runs on a 256 KB thread stack with the same result as on the main thread") {
        // Every registered variant from its start, and a king endgame searched deep enough that
        // the recursion goes far past the nominal depths of the other searches.
        struct Case {
            std::string variant, fen;
            int depth;
            std::uint64_t nodes;
        };
        std::vector<Case> cases;
        for (const auto& info : list_variants()) cases.push_back({info.name, "", 5, 0});
        cases.push_back({"tobit", "", 60, 300000});
        for (const Case& c : cases) {
            CAPTURE(c.variant);
            const auto v = make_variant(c.variant);
            const Position pos = c.fen.empty() ? v->initial_position() : v->parse_position(c.fen);
            SearchLimits l;
            l.depth = c.depth;
            l.nodes = c.nodes;
            const auto run = [&] {
                Searcher s(v, SearcherOptions{1, nullptr, nullptr});
                return s.search(pos, l);
            };
            const SearchResult here = run();
            SearchResult there;
            tgtest::on_small_stack([&] { there = run(); });
            REQUIRE(there.has_move);
            CHECK(there.best == here.best);
            CHECK(there.nodes == here.nodes);
            CHECK(there.score.value == here.score.value);
            CHECK(there.seldepth == here.seldepth);
            if (c.nodes > 0) CHECK(there.seldepth >= 20);
        }
    }

    TEST_CASE("the search's stack use, scaled to its deepest ply, fits in 256 KB") {
        // The high-water mark of a search reaching seldepth S, scaled by max_search_ply / S
        // (as if every byte were per ply: an overestimate), must stay under 256 KB: no line the
        // search can reach overflows such a stack. Under the sanitizers frames are larger and
        // partly elsewhere: not measured there.
        if (std::getenv("TRADGAMES_SANITIZED") != nullptr) return;
        const auto v = make_variant("tobit");
        SearchLimits l;
        l.depth = 60;
        l.nodes = 300000;
        SearchResult r;
        const std::size_t used = tgtest::stack_bytes_used(
            [&] {
                Searcher s(v, SearcherOptions{1, nullptr, nullptr});
                r = s.search(v->initial_position(), l);
            },
            1024 * 1024);
        REQUIRE(r.seldepth >= 20);
        MESSAGE("stack used " << used << " bytes at seldepth " << r.seldepth);
        CHECK(used > 0);
        CHECK(used * max_search_ply / static_cast<std::size_t>(r.seldepth) < 256 * 1024);
    }
}
