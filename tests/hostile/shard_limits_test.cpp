// Edited shard files (issue 32 §2): a changed play --json result or perft split file is refused,
// with or without its digest fixed up, and sums that would wrap at 2^64 are refused.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tradgames/error.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/shard.hpp"

using namespace tradgames;
using json = nlohmann::json;

namespace {

/// FNV-1a 64 written from its definition (http://www.isthe.com/chongo/tech/comp/fnv/), to
/// re-sign edited files as a careful forger would.
std::string fnv1a64(std::string_view bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return std::string("fnv1a64:") + buf;
}

/// `o` with its digest recomputed over the rest.
std::string signed_run(json o) {
    o.erase("digest");
    o["digest"] = fnv1a64(o.dump());
    return o.dump();
}

/// A split file with lines[i] replaced and the header's totals and digest fixed up.
std::string forged_split(std::vector<std::string> lines, const std::function<void(json& header)>& edit_header = {}) {
    json h = json::parse(lines[0]);
    std::string body;
    std::uint64_t nodes = 0;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        body += lines[i] + "\n";
        nodes += json::parse(lines[i])["count"].get<std::uint64_t>();
    }
    h["positions"] = lines.size() - 1;
    h["nodes"] = nodes;
    h["digest"] = fnv1a64(body);
    if (edit_header) edit_header(h);
    return h.dump() + "\n" + body;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> r;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t end = text.find('\n', pos);
        r.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return r;
}

template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const ShardError& e) {
        return e.what();
    }
    return "no error";
}

PlayoutRun shard(std::uint64_t first, std::uint64_t games) {
    PlayoutOptions o;
    o.first_game = first;
    o.games = games;
    o.seed = 5;
    o.threads = 1;
    return run_playout_shard(make_variant("russian"), o);
}

}  // namespace

TEST_SUITE("hostile shards") {
    TEST_CASE("the digest is FNV-1a 64 (published test vectors) and written by play --json") {
        CHECK(fnv1a64("") == "fnv1a64:cbf29ce484222325");
        CHECK(fnv1a64("a") == "fnv1a64:af63dc4c8601ec8c");
        const json o = json::parse(playout_run_json(shard(0, 5)));
        CHECK(signed_run(o) == o.dump());
    }

    TEST_CASE("an edited play result is refused, and re-signing it does not help") {
        const json a = json::parse(playout_run_json(shard(0, 30)));
        const std::string b = playout_run_json(shard(30, 30));
        auto merge = [&](const std::string& edited) {
            return error_of([&] { (void)merge_playout_json({{"a.json", edited}, {"b.json", b}}); });
        };
        CHECK(merge(a.dump()) == "no error");
        json e = a;
        e["legal_moves"] = e["legal_moves"].get<std::uint64_t>() + 1;
        CHECK(merge(e.dump()).starts_with("'a.json': field 'branching_factor' is "));
        CHECK(merge(signed_run(e)).starts_with("'a.json': field 'branching_factor' is "));
        e = a;
        e["capture_positions"] = e["capture_positions"].get<std::uint64_t>() + 1;
        CHECK(merge(signed_run(e)).starts_with("'a.json': field 'capture_share' is "));
        e = a;
        e["reasons"][0]["reason"] = "agreed";
        CHECK(merge(e.dump()) == "'a.json': field 'digest' does not match the content (an edited file)");
        e = a;
        e["extra"] = 1;
        CHECK(merge(signed_run(e)) == "'a.json': unknown field 'extra'");
        e = a;
        e.erase("digest");
        CHECK(merge(e.dump()) == "'a.json': no field 'digest'");
        e = a;
        e["length_histogram"] = {{"4000000000", 1}};
        CHECK(merge(signed_run(e)) == "'a.json': field 'length_histogram': key 4000000000 is larger than 1000");
    }

    TEST_CASE("counts that would wrap at 2^64 are refused: in one file and in the merge") {
        const json a = json::parse(playout_run_json(shard(0, 30)));
        const json b = json::parse(playout_run_json(shard(30, 30)));
        // legal_moves alone derives only branching_factor = legal_moves / plies: set both so
        // that the file agrees with itself, and the merge must still refuse the sum.
        json big = a;
        big["legal_moves"] = UINT64_MAX;
        big["branching_factor"] = static_cast<double>(UINT64_MAX) / big["plies"].get<double>();
        CHECK(error_of([&] { (void)merge_playout_json({{"a.json", signed_run(big)}}); }) == "no error");
        CHECK(error_of([&] { (void)merge_playout_json({{"a.json", signed_run(big)}, {"b.json", b.dump()}}); }) ==
              "cannot merge: the counts of 'b.json' and the results before it add up to more than 2^64 - 1");
        // A length histogram whose plies wrap to the right total.
        json wrap = a;
        const std::uint64_t games = a["games"].get<std::uint64_t>();
        wrap["length_histogram"] = {{"2", (UINT64_MAX / 2) + 1}};
        wrap["games"] = games;
        CHECK(error_of([&] { (void)merge_playout_json({{"a.json", signed_run(wrap)}}); }) ==
              "'a.json': 'length_histogram' counts more than 2^64 - 1 plies");
    }

    TEST_CASE("an edited perft split file is refused, and re-signing it does not help") {
        const auto v = make_variant("russian");
        const Position root = v->initial_position();
        const std::string text = perft_split_jsonl(*v, root, 4, Duplicates::all_paths,
                                                   perft_split(*v, root, 4, Duplicates::all_paths));
        const std::vector<std::string> lines = lines_of(text);
        REQUIRE(lines.size() == 806);  // 805 positions (README "Shards")
        auto read = [&](const std::string& t) { return error_of([&] { (void)read_perft_split(t, "s.jsonl", v); }); };
        CHECK(read(text) == "no error");
        CHECK(read(forged_split(lines)) == "no error");  // the forger's digest is the right one

        std::vector<std::string> e = lines;
        e[1] = json{{"fen", "W:Wa1:Bh8"}, {"count", 2}}.dump();
        std::string edited = text;
        edited.replace(edited.find(lines[1]), lines[1].size(), e[1]);
        CHECK(read(edited).starts_with("'s.jsonl': counts add up to "));
        CHECK(read(forged_split(e)).starts_with("'s.jsonl': lacks position '"));

        e = lines;
        json l = json::parse(e[5]);
        l["count"] = l["count"].get<std::uint64_t>() + 1;
        e[5] = l.dump();
        CHECK(read(forged_split(e)) == "'s.jsonl line 6': count " + std::to_string(l["count"].get<std::uint64_t>()) +
                                           ", but " + std::to_string(l["count"].get<std::uint64_t>() - 1) +
                                           " paths reach the position at depth 4 below its root (an edited file)");
        e = lines;
        e.pop_back();
        CHECK(read(forged_split(e)).starts_with("'s.jsonl': lacks position '"));
        CHECK(read(forged_split(lines, [](json& h) { h["depth"] = 3; })).starts_with("'s.jsonl': lacks position '"));
        // A position that is not at that depth at all (one ply further), in place of another.
        e = lines;
        const Position p = v->parse_position(json::parse(lines[1])["fen"].get<std::string>());
        MoveList list;
        v->generate(p, list);
        Position next = p;
        Undo u;
        v->make_move(next, list[0], u);
        e[1] = json{{"fen", v->position_to_string(next)}, {"count", 1}}.dump();
        CHECK(read(forged_split(e)).starts_with("'s.jsonl': lacks position '"));
        e.push_back(lines[1]);
        CHECK(read(forged_split(e)) == "'s.jsonl line 2': the position is not at depth 4 below its root (an edited file)");
    }

    TEST_CASE("changing the counting is refused where U and P differ") {
        const auto v = make_variant("russian");
        const Position root = v->parse_position("W:WKf8:Bd6,c3,f4,g7");  // U 2 moves, P 3 paths
        REQUIRE(perft(*v, root, 1, {Duplicates::unique, true}) != perft(*v, root, 1, {Duplicates::all_paths, true}));
        const std::string text = perft_split_jsonl(*v, root, 1, Duplicates::all_paths,
                                                   perft_split(*v, root, 1, Duplicates::all_paths));
        const std::string forged = forged_split(lines_of(text), [](json& h) { h["counting"] = "U"; });
        CHECK(error_of([&] { (void)read_perft_split(forged, "s.jsonl", v); }).find("paths reach the position at depth 1") !=
              std::string::npos);
    }
}
