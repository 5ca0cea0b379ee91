// Variant studies (include/tradgames/engine/study.hpp): the intervals against textbook values,
// exactness (thread counts, shards merged), the per-game records against the sums, and refusals.
#include <doctest/doctest.h>

#include <string>

#include "tradgames/engine/study.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

StudyOptions small_study() {
    StudyOptions o;
    o.variants = {"russian", "tobit:bare_draw=true"};
    o.players = {"random", "greedy", "search:depth=1"};
    o.mixed = true;
    o.games = 12;
    o.seed = 7;
    o.threads = 1;
    return o;
}

std::string refusal(const StudyOptions& o) {
    try {
        (void)run_study(o);
    } catch (const OptionError& e) {
        return e.what();
    }
    return "";
}

std::string merge_refusal(const std::vector<StudyResult>& parts) {
    try {
        (void)merge_studies(parts, {"a.json", "b.json"});
    } catch (const StudyError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_SUITE("engine") {
    TEST_CASE("Wilson intervals match Newcombe (1998), Table I, method 3") {
        // Newcombe, "Two-sided confidence intervals for the single proportion", Statistics in
        // Medicine 17 (1998) 857-872: the score interval without continuity correction.
        const auto check = [](std::uint64_t k, std::uint64_t n, double lo, double hi) {
            const Estimate e = wilson(k, n);
            CHECK(*e.low == doctest::Approx(lo).epsilon(0.0001 / lo + 1e-9));
            CHECK(*e.high == doctest::Approx(hi).epsilon(0.0001 / hi));
        };
        check(81, 263, 0.2553, 0.3662);
        check(15, 148, 0.0624, 0.1605);
        check(0, 20, 0.0, 0.1611);
        check(1, 29, 0.0061, 0.1718);
        CHECK(*wilson(0, 20).low == 0.0);
        CHECK_FALSE(wilson(0, 0).value.has_value());
    }

    TEST_CASE("Student t quantiles and the t interval of a mean match tables and a hand count") {
        // Two-sided 95% quantiles of Student's t (any statistics table).
        CHECK(student_t_quantile(0.975, 1) == doctest::Approx(12.7062).epsilon(1e-5));
        CHECK(student_t_quantile(0.975, 9) == doctest::Approx(2.2622).epsilon(1e-4));
        CHECK(student_t_quantile(0.975, 29) == doctest::Approx(2.0452).epsilon(1e-4));
        CHECK(student_t_quantile(0.975, 1e7) == doctest::Approx(1.96).epsilon(1e-3));
        // {2, 4, 4, 4, 5, 5, 7, 9}: mean 5, s^2 = (232 - 200) / 7, t(7) = 2.36462,
        // half-width 2.36462 * sqrt(32 / 7 / 8) = 1.78749.
        PairSums s;
        for (const std::uint64_t x : {2, 4, 4, 4, 5, 5, 7, 9}) s.add(x, 1);
        const Estimate e = mean_interval(s);
        CHECK(*e.value == doctest::Approx(5.0));
        CHECK(*e.low == doctest::Approx(5 - 1.78749).epsilon(1e-5));
        CHECK(*e.high == doctest::Approx(5 + 1.78749).epsilon(1e-5));
        // Ratio (1,2), (3,4), (2,2): R = 6/8; residuals -0.5, 0, 0.5; se = sqrt(0.5 / 6) / (8/3)
        // = 0.108253; t(2) = 4.302653: half-width 0.465771.
        PairSums r;
        r.add(1, 2);
        r.add(3, 4);
        r.add(2, 2);
        const Estimate q = ratio_interval(r, 3);
        CHECK(*q.value == doctest::Approx(0.75));
        CHECK(*q.low == doctest::Approx(0.75 - 0.465771).epsilon(1e-5));
        CHECK(*q.high == doctest::Approx(0.75 + 0.465771).epsilon(1e-5));
        PairSums one;
        one.add(3, 1);
        CHECK_FALSE(mean_interval(one).low.has_value());
    }

    TEST_CASE("a study is the same for any thread count and its shards merge into it exactly") {
        StudyOptions o = small_study();
        const StudyResult one = run_study(o);
        o.threads = 3;
        const StudyResult three = run_study(o);
        REQUIRE(one.cells.size() == 2 * 9);
        for (std::size_t c = 0; c < one.cells.size(); ++c) CHECK(one.cells[c].counts == three.cells[c].counts);
        // Shards: games 0..4 and 5..11, merged in either order.
        StudyOptions a = small_study();
        a.games = 5;
        StudyOptions b = small_study();
        b.first_game = 5;
        b.games = 7;
        b.threads = 2;
        const StudyResult ra = run_study(a);
        const StudyResult rb = run_study(b);
        const StudyResult m = merge_studies({rb, ra});
        REQUIRE(m.cells.size() == one.cells.size());
        for (std::size_t c = 0; c < one.cells.size(); ++c) CHECK(m.cells[c].counts == one.cells[c].counts);
        CHECK(m.settings.games == 12);
        CHECK(m.settings.first_game == 0);
        // Through JSON: read back, merged, equal to the single run's counts.
        const StudyResult back = parse_study_json(study_json(ra), "a.json");
        CHECK(study_json(back) == study_json(ra));
        const StudyResult m2 = merge_studies({parse_study_json(study_json(rb), "b"), back});
        for (std::size_t c = 0; c < one.cells.size(); ++c) CHECK(m2.cells[c].counts == one.cells[c].counts);
        // Refused: overlap, gap, other settings.
        CHECK(merge_refusal({ra, ra}).find("ranges overlap") != std::string::npos);
        StudyOptions g = b;
        g.first_game = 6;
        g.games = 3;
        CHECK(merge_refusal({ra, run_study(g)}).find("a gap") != std::string::npos);
        StudyOptions s = b;
        s.seed = 8;
        CHECK(merge_refusal({ra, run_study(s)}).find("seed differs") != std::string::npos);
    }

    TEST_CASE("an edited study result is refused, naming the file and the field") {
        StudyOptions o = small_study();
        o.variants = {"russian"};
        o.players = {"random"};
        o.games = 4;
        const std::string text = study_json(run_study(o));
        const auto refused = [](const std::string& t) {
            try {
                (void)parse_study_json(t, "x.json");
            } catch (const StudyError& e) {
                return std::string(e.what());
            }
            return std::string();
        };
        std::string edited = text;
        const std::size_t at = edited.find("\"seed\":7");
        REQUIRE(at != std::string::npos);
        edited.replace(at, 8, "\"seed\":8");
        CHECK(refused(edited).find("x.json: study.digest: does not match") != std::string::npos);
        CHECK(refused("{").find("x.json: not JSON") != std::string::npos);
        CHECK(refused("{\"format\":\"other\"}").find("not a tradgames study") != std::string::npos);
        CHECK(refused(text).empty());
    }

    TEST_CASE("the sums of a cell are the sums of its game records, replayed") {
        StudyOptions o = small_study();
        o.variants = {"russian"};
        o.players = {"greedy"};
        o.record_games = true;
        const StudyResult r = run_study(o);
        REQUIRE(r.cells.size() == 1);
        const StudyCell& c = r.cells[0];
        REQUIRE(c.records.size() == 12);
        std::uint64_t plies = 0, legal = 0, captures = 0, pieces = 0, white = 0;
        for (const StudyGame& g : c.records) {
            // Replayed from its moves in a fresh game: legal moves and captures counted again.
            Game game(make_variant("russian"));
            for (const std::string& m : g.moves) {
                legal += game.legal_moves().size();
                const Move played = game.play(m);
                captures += played.is_capture() ? 1 : 0;
                pieces += played.captured.size();
            }
            CHECK(game.result().outcome == g.result.outcome);
            CHECK(game.result().reason == g.result.reason);
            CHECK(g.moves.size() == g.plies);
            plies += g.plies;
            white += g.result.outcome == Outcome::white_wins ? 1 : 0;
        }
        CHECK(c.counts.length.a == plies);
        CHECK(c.counts.branching.a == legal);
        CHECK(c.counts.capture_moves.a == captures);
        CHECK(c.counts.capture_length.a == pieces);
        CHECK(c.counts.outcomes[1] == white);
        // The same seed gives the same games; another seed other games.
        CHECK(run_study(o).cells[0].counts == c.counts);
        o.seed = 8;
        CHECK_FALSE(run_study(o).cells[0].counts == c.counts);
    }

    TEST_CASE("a stronger player beats a weaker one in a mixed study") {
        StudyOptions o;
        o.variants = {"russian"};
        o.players = {"random", "search:depth=2"};
        o.mixed = true;
        o.games = 10;
        o.threads = 2;
        const auto pairs = study_pairings(run_study(o));
        REQUIRE(pairs.size() == 1);
        CHECK(pairs[0].a == "random");
        CHECK(pairs[0].wins + pairs[0].draws + pairs[0].losses == 20);
        CHECK(pairs[0].score < 0.2);
    }

    TEST_CASE("bad study settings are refused before any game, naming what") {
        StudyOptions o = small_study();
        o.variants = {"nosuch"};
        CHECK(refusal(o).find("nosuch") != std::string::npos);
        o = small_study();
        o.variants = {"turkish:promotion=maybe"};
        CHECK(refusal(o).find("turkish:promotion=maybe") != std::string::npos);
        o.variants = {"turkish:promotion"};
        CHECK(refusal(o).find("not key=value") != std::string::npos);
        o = small_study();
        o.players = {"cb:/tmp/x.so"};
        CHECK(refusal(o).find("not a built-in player") != std::string::npos);
        o.players = {"search:width=2"};
        CHECK(refusal(o).find("unknown option 'width'") != std::string::npos);
        o.players = {"random", "random"};
        CHECK(refusal(o).find("given twice") != std::string::npos);
        o = small_study();
        o.games = 0;
        CHECK(refusal(o).find("at least 1") != std::string::npos);
        o = small_study();
        o.opening_plies = 65;
        CHECK(refusal(o).find("opening plies") != std::string::npos);
    }
}

namespace {

/// Plays `games` games of random self-play and of `stronger` self-play in `variant` and checks
/// that the 95% Wilson intervals of their draw rates are apart, the stronger one above.
void check_stronger_draws_more(const std::string& variant, const std::string& stronger, std::uint64_t games) {
    StudyOptions o;
    o.variants = {variant};
    o.players = {"random", stronger};
    o.games = games;
    o.score_depth = 0;
    o.threads = 2;
    const StudyResult r = run_study(o);
    REQUIRE(r.cells.size() == 2);
    const auto draws = [](const StudyCell& c) {
        return wilson(c.counts.outcomes[static_cast<std::size_t>(Outcome::draw)], c.counts.games);
    };
    CHECK(r.cells[0].white == "random");
    CHECK(r.cells[1].white == stronger);
    CHECK(*draws(r.cells[0]).high < *draws(r.cells[1]).low);
}

}  // namespace

TEST_SUITE("slow") {
    TEST_CASE("study: stronger play draws more in International draughts than random play") {
        // A known fact of the game (random play almost never draws; engines draw often), with
        // the 95% Wilson intervals of the two draw rates apart.
        // Measured with the generic weights (the study's worked table); the shipped International
        // weights play a sharper game at depth 4.
        check_stronger_draws_more("international", "search:depth=4,weights=generic", 20);
    }

    TEST_CASE("study: stronger play draws more in English checkers than random play (from depth 8)") {
        // The depth-2 and depth-4 searches draw no more than random play in English (they lose
        // material, and a man up wins against them with kings moving one square; README
        // "Variant studies"); depth 8 draws by repetition once games stay level. Measured with
        // the same settings by `tradgames study --variants english --players
        // random,search:depth=8 --games 60 --seed 1 --threads 2 --score-depth 0`: random 1/60
        // [0.003, 0.089], depth 8 29/60 [0.362, 0.607] with English's shipped weights (12/60
        // [0.118, 0.318] with the generic weights before them); 34 s of CPU.
        check_stronger_draws_more("english", "search:depth=8", 60);
    }
}
