// Shards (shard.hpp): perft split + sum equals perft for every variant, U and P; playout shards
// merged equal one run of all the games, directly and through their JSON; every refusal to
// merge (settings, game ranges, edited files) is a ShardError naming the files.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/helpers.hpp"
#include "tradgames/error.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/shard.hpp"

using namespace tradgames;

namespace {

/// perft(root, k + d) computed through perft_split at k, checking the sum of the counts too.
std::uint64_t split_sum(const Variant& v, const Position& root, int k, int d, Duplicates dup) {
    const auto entries = perft_split(v, root, k, dup);
    std::uint64_t paths = 0;
    for (const auto& e : entries) paths += e.count;
    CHECK(paths == perft(v, root, k, {dup, true}));
    return perft_positions(v, entries, d, {dup, true});
}

/// The first position of seeded random games of `v` whose perft(2) differs between U and P
/// (a capture with two paths to one result within two plies), or nullopt within 3000 games.
std::optional<Position> position_where_paths_count(const std::shared_ptr<const Variant>& v) {
    for (std::uint64_t g = 0; g < 3000; ++g) {
        Game game(v);
        Rng rng = playout_rng(17, g);
        while (!game.result().over()) {
            const Position& p = game.position();
            if (perft(*v, p, 2, {Duplicates::unique, true}) != perft(*v, p, 2, {Duplicates::all_paths, true})) {
                return p;
            }
            const MoveList& legal = game.legal_moves();
            game.play(legal[choose_move(legal, Policy::random, rng)]);
        }
    }
    return std::nullopt;
}

PlayoutOptions shard_options(std::uint64_t first, std::uint64_t games) {
    PlayoutOptions o;
    o.first_game = first;
    o.games = games;
    o.seed = 11;
    o.threads = 2;
    o.record_lengths = true;
    return o;
}

/// The JSON text of a run without its timing fields, which shards cannot reproduce.
std::string without_timing(const std::string& text) {
    PlayoutRun r = parse_playout_run_json(text, "test");
    r.report.seconds = 0;
    r.report.threads = 0;
    return playout_run_json(r);
}

template <class F>
std::string shard_error(F&& f) {
    try {
        f();
    } catch (const ShardError& e) {
        return e.what();
    }
    return "(no ShardError)";
}

}  // namespace

TEST_SUITE("shard") {
    TEST_CASE("perft split + sum = perft from the start, every variant, U and P") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const auto v = make_variant(info.name);
            const Position root = v->initial_position();
            // Shatra's tree is ~150 wide: perft(3), split at up to 2 plies (23,716 positions),
            // is what a unit test affords.
            const bool wide = info.name == "shatra";
            const int total = wide ? 3 : 6;
            for (Duplicates dup : {Duplicates::unique, Duplicates::all_paths}) {
                const std::uint64_t expected = perft(*v, root, total, {dup, true});
                for (int k = 0; k <= (wide ? 2 : total); ++k) {
                    CAPTURE(k);
                    CHECK(split_sum(*v, root, k, total - k, dup) == expected);
                }
            }
        }
    }

    TEST_CASE("Russian split at 4 + perft(4) and (5) give the published perft(8) and (9), U and P (russian.md 3.2)") {
        // U and P differ from depth 8 on: 929899 / 929905 and 4570586 / 4570667.
        const auto v = make_variant("russian");
        const Position root = v->initial_position();
        CHECK(split_sum(*v, root, 4, 4, Duplicates::unique) == 929899);
        CHECK(split_sum(*v, root, 4, 4, Duplicates::all_paths) == 929905);
        CHECK(split_sum(*v, root, 4, 5, Duplicates::unique) == 4570586);
        CHECK(split_sum(*v, root, 4, 5, Duplicates::all_paths) == 4570667);
        // Transpositions: 4 plies reach fewer distinct positions than there are paths.
        const auto entries = perft_split(*v, root, 4, Duplicates::unique);
        CHECK(entries.size() < 1469);
        CHECK(std::any_of(entries.begin(), entries.end(), [](const PerftSplitEntry& e) { return e.count > 1; }));
    }

    TEST_CASE("split + sum = perft where U and P differ, every variant") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const auto v = make_variant(info.name);
            const std::optional<Position> p = position_where_paths_count(v);
            REQUIRE(p.has_value());
            CAPTURE(v->position_to_string(*p));
            for (Duplicates dup : {Duplicates::unique, Duplicates::all_paths}) {
                for (int k = 0; k <= 3; ++k) {
                    CAPTURE(k);
                    CHECK(split_sum(*v, *p, k, 3 - k, dup) == perft(*v, *p, 3, {dup, true}));
                }
            }
            // With P a position's count includes every capture path that reaches it.
            const auto u = perft_split(*v, *p, 2, Duplicates::unique);
            const auto all = perft_split(*v, *p, 2, Duplicates::all_paths);
            std::uint64_t nu = 0;
            std::uint64_t np = 0;
            for (const auto& e : u) nu += e.count;
            for (const auto& e : all) np += e.count;
            CHECK(np > nu);
        }
    }

    TEST_CASE("a split file round-trips and refuses cut or edited files") {
        const auto v = make_variant("russian");
        const Position root = v->initial_position();
        const auto entries = perft_split(*v, root, 3, Duplicates::all_paths);
        const std::string text = perft_split_jsonl(*v, root, 3, Duplicates::all_paths, entries);
        const PerftSplitFile f = read_perft_split(text, "s.jsonl", v);
        CHECK(f.header.variant == "russian");
        CHECK(f.header.counting == Duplicates::all_paths);
        CHECK(f.header.depth == 3);
        CHECK(f.header.nodes == 302);
        CHECK(f.header.positions == entries.size());
        REQUIRE(f.entries.size() == entries.size());
        for (std::size_t i = 0; i < entries.size(); ++i) {
            CHECK(f.entries[i].position == entries[i].position);
            CHECK(f.entries[i].count == entries[i].count);
        }
        CHECK(perft_positions(*f.variant, f.entries, 3, {Duplicates::all_paths, true}) == 37986);

        const std::size_t last_line = text.rfind('\n', text.size() - 2);
        CHECK(shard_error([&] { (void)read_perft_split(text.substr(0, last_line + 1), "s.jsonl", v); }) ==
              "'s.jsonl': has " + std::to_string(entries.size() - 1) + " positions, its header says " +
                  std::to_string(entries.size()) + " (a cut or edited file)");
        const std::size_t header_end = text.find('\n');
        std::string doubled = text;
        doubled += text.substr(header_end + 1, text.find('\n', header_end + 1) - header_end);
        CHECK(shard_error([&] { (void)read_perft_split(doubled, "s.jsonl", v); }) ==
              "'s.jsonl line " + std::to_string(entries.size() + 2) + "': position listed twice");
        CHECK(shard_error([&] { (void)read_perft_split("{\"fen\":\"W:W:B\",\"count\":1}\n", "x", v); })
                  .starts_with("'x line 1': not a perft split file"));
        std::string bad_fen = text;
        bad_fen.replace(bad_fen.find("\"fen\":\"") + 7, 1, "Z");
        CHECK(shard_error([&] { (void)read_perft_split(bad_fen, "s.jsonl", v); }).starts_with("'s.jsonl line 2': "));
        CHECK(shard_error([&] { (void)read_perft_split(text, "s.jsonl", make_variant("tobit")); }) ==
              "'s.jsonl line 1': the file is of variant 'russian', not 'tobit'");
        CHECK(shard_error([&] { (void)read_perft_split(text, "s.jsonl", make_variant("russian", {"repetition_draw=0"})); })
                  .starts_with("'s.jsonl line 1': the file's rule options ("));
    }

    TEST_CASE("playout shards merged equal one run, every variant, in any order and through JSON") {
        for (const auto& info : list_variants()) {
            CAPTURE(info.name);
            const auto v = make_variant(info.name);
            const PlayoutRun whole = run_playout_shard(v, shard_options(0, 30));
            const std::vector<PlayoutRun> parts = {run_playout_shard(v, shard_options(17, 13)),
                                                   run_playout_shard(v, shard_options(0, 10)),
                                                   run_playout_shard(v, shard_options(10, 7))};
            const PlayoutRun merged = merge_playout_runs(parts);
            CHECK(merged.first_game == 0);
            CHECK(merged.settings == whole.settings);
            CHECK(merged.report.stats == whole.report.stats);  // lengths too, in game order
            CHECK(merged.report.seconds == doctest::Approx(parts[0].report.seconds + parts[1].report.seconds +
                                                           parts[2].report.seconds));
            // The statistics follow from the counts.
            CHECK(merged.report.stats.median_length() == whole.report.stats.median_length());
            CHECK(merged.report.stats.p90_length() == whole.report.stats.p90_length());

            // JSON: a run reads back to the same counts; merged JSON = the whole run's JSON.
            const PlayoutRun back = parse_playout_run_json(playout_run_json(whole), "w");
            PlayoutStats no_lengths = whole.report.stats;
            no_lengths.lengths.clear();
            CHECK(back.report.stats == no_lengths);
            CHECK(back.settings == whole.settings);
            std::vector<NamedText> files;
            for (std::size_t i = 0; i < parts.size(); ++i) {
                files.push_back({"part" + std::to_string(i), playout_run_json(parts[i])});
            }
            CHECK(without_timing(merge_playout_json(files)) == without_timing(playout_run_json(whole)));
        }
    }

    TEST_CASE("compare results (arrays) merge element by element") {
        std::vector<NamedText> files;
        std::string whole = "[";
        for (const char* name : {"russian", "tobit"}) {
            if (whole.size() > 1) whole += ",";
            whole += playout_run_json(run_playout_shard(make_variant(name), shard_options(0, 20)));
        }
        whole += "]";
        for (std::uint64_t first : {0, 8}) {
            std::string part = "[";
            for (const char* name : {"russian", "tobit"}) {
                if (part.size() > 1) part += ",";
                part += playout_run_json(run_playout_shard(make_variant(name), shard_options(first, first == 0 ? 8 : 12)));
            }
            part += "]";
            files.push_back({first == 0 ? "c0" : "c8", part});
        }
        const std::string merged = merge_playout_json(files);
        auto strip = [](const std::string& array) {
            // Element-wise without timing: re-read each object through the library.
            std::vector<std::string> r;
            std::size_t depth = 0;
            std::size_t start = 0;
            for (std::size_t i = 0; i < array.size(); ++i) {
                if (array[i] == '{' && depth++ == 0) start = i;
                if (array[i] == '}' && --depth == 0) r.push_back(without_timing(array.substr(start, i - start + 1)));
            }
            return r;
        };
        CHECK(strip(merged) == strip(whole));
        CHECK(strip(merged).size() == 2);
    }

    TEST_CASE("mismatched settings and game ranges are refused, naming the files") {
        const auto v = make_variant("russian");
        const PlayoutRun a = run_playout_shard(v, shard_options(0, 5));
        const PlayoutRun b = run_playout_shard(v, shard_options(5, 5));
        const std::vector<std::string> names = {"a.json", "b.json"};
        auto refused = [&](PlayoutRun other) { return shard_error([&] { (void)merge_playout_runs({a, other}, names); }); };

        CHECK(merge_playout_runs({a, b}, names).report.stats.games == 10);
        PlayoutOptions o = shard_options(5, 5);
        o.seed = 12;
        CHECK(refused(run_playout_shard(v, o)) == "cannot merge: 'b.json' has seed 12 but 'a.json' has seed 11");
        o = shard_options(5, 5);
        o.policy = Policy::greedy;
        CHECK(refused(run_playout_shard(v, o)) == "cannot merge: 'b.json' has policy greedy but 'a.json' has policy random");
        o = shard_options(5, 5);
        o.ply_cap = 50;
        CHECK(refused(run_playout_shard(v, o)) == "cannot merge: 'b.json' has ply_cap 50 but 'a.json' has ply_cap 1000");
        o = shard_options(5, 5);
        o.start = v->parse_position("W:Wc3,e3:Bf6");
        CHECK(refused(run_playout_shard(v, o)).starts_with("cannot merge: 'b.json' has start 'W:W"));
        CHECK(refused(run_playout_shard(make_variant("russian", {"repetition_draw=0"}), shard_options(5, 5))) ==
              "cannot merge: 'b.json' has option repetition_draw=0 but 'a.json' has option repetition_draw=3");
        CHECK(refused(run_playout_shard(make_variant("tobit"), shard_options(5, 5))) ==
              "cannot merge: 'b.json' has variant 'tobit' but 'a.json' has variant 'russian'");
        CHECK(refused(run_playout_shard(v, shard_options(3, 5))) ==
              "cannot merge: games 3..7 of 'b.json' overlap games 0..4 of 'a.json'");
        CHECK(refused(a) == "cannot merge: games 0..4 of 'b.json' overlap games 0..4 of 'a.json'");
        CHECK(refused(run_playout_shard(v, shard_options(7, 5))) ==
              "cannot merge: games 5..6 are in none of the results ('a.json' ends before, 'b.json' starts after)");
        CHECK(shard_error([] { (void)merge_playout_runs({}); }) == "merge: no results to merge");
    }

    TEST_CASE("edited or foreign JSON is refused, naming the file and the field") {
        const auto v = make_variant("tobit");
        const std::string text = playout_run_json(run_playout_shard(v, shard_options(0, 6)));
        auto edited = [&](const std::string& from, const std::string& to) {
            std::string t = text;
            const auto at = t.find(from);
            REQUIRE(at != std::string::npos);
            t.replace(at, from.size(), to);
            return shard_error([&] { (void)parse_playout_run_json(t, "x.json"); });
        };
        CHECK(edited("\"games\":6", "\"games\":7") == "'x.json': 'length_histogram' counts 6 games, 'games' is 7");
        CHECK(edited("\"seed\":11", "\"seed\":-1") == "'x.json': field 'seed' is not a whole number");
        CHECK(edited("\"first_game\":0,", "") == "'x.json': no field 'first_game'");
        CHECK(edited("\"policy\":\"random\"", "\"policy\":\"best\"").starts_with("'x.json': field 'policy': unknown policy"));
        CHECK(shard_error([] { (void)parse_playout_run_json("{\"games\":", "y.json"); }).starts_with("'y.json': not valid JSON"));
        std::string array = "[";
        array += text;
        array += "]";
        CHECK(shard_error([&] { (void)merge_playout_json({{"p.json", text}, {"c.json", array}}); }) ==
              "cannot merge: 'p.json' is an object (play) but 'c.json' is an array (compare)");
    }

    TEST_CASE("first_game: games are numbered from it, and the range must fit in 64 bits") {
        const auto v = make_variant("russian");
        PlayoutOptions o = shard_options(5, 3);
        const PlayoutRun r = run_playout_shard(v, o);
        for (std::uint64_t i = 0; i < 3; ++i) {
            Game game(v);
            Rng rng = playout_rng(11, 5 + i);
            PlayoutStats s;
            CHECK(play_out(game, Policy::random, rng, 1000, s) == r.report.stats.lengths[i]);
        }
        o.first_game = ~std::uint64_t{0} - 1;
        CHECK_THROWS_AS((void)run_playouts(v, o), OptionError);
    }
}
