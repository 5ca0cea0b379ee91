// Endgame databases (issue 28): the published English 1 king v 1 king anchor, files that must be
// refused, the verifier catching a wrong value, the prober, and known theory (slow suite).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/registry.hpp"

namespace {

namespace fs = std::filesystem;
namespace eg = tradgames::engine::egtb;
using tradgames::Color;
using tradgames::Position;

/// A fresh directory under the system's temporary directory, removed at the end of its scope.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name) : path(fs::temp_directory_path() / ("tradgames-egtb-" + name)) {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

std::string file_of(const TempDir& t, const std::string& game, const eg::Material& m) {
    return (t.path / eg::slice_file_name(game, m)).string();
}

std::vector<char> read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void write_all(const std::string& path, const std::vector<char>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// The message of the EgtbError that opening path as slice m of d throws ("" if none).
std::string refusal(const std::string& path, const eg::Domain& d, const eg::Material& m) {
    try {
        const eg::SliceFile f(path, d, m);
    } catch (const eg::EgtbError& e) {
        return e.what();
    }
    return "";
}

constexpr eg::Material k_v_k{0, 1, 0, 1};

}  // namespace

TEST_SUITE("egtb") {
    TEST_CASE("English 1 king v 1 king: 992 positions, 230 wins, 654 draws, 108 losses, longest win 11 plies") {
        // Published figures (issue 28; a published builder's report) for White to move. Conventions
        // that make them so: both kings anywhere on the 32 squares (32 x 31 = 992), a side with no
        // legal move or no piece has lost, distance = plies to the capture of the last king.
        const eg::Domain d(tradgames::make_variant("english"));
        TempDir t("anchor");
        eg::BuildOptions o;
        o.dir = t.path.string();
        o.threads = 2;
        eg::build(d, {k_v_k}, o);
        const auto h = eg::info(d, o.dir);
        REQUIRE(h.size() == 1);
        CHECK(h[0].positions == 992);
        CHECK(h[0].counts[0].win == 230);
        CHECK(h[0].counts[0].draw == 654);
        CHECK(h[0].counts[0].loss == 108);
        CHECK(h[0].counts[0].longest_win == 11);
        // Black to move is the mirror image.
        CHECK(h[0].counts[1].win == 230);
        CHECK(h[0].counts[1].loss == 108);
        std::uint64_t checked = 0;
        CHECK(eg::verify(d, o.dir, checked).empty());
        CHECK(checked == 2 * 992);
    }

    TEST_CASE("the prober: a capture at once is a win in 1, a side without pieces has lost") {
        const auto v = tradgames::make_variant("english");
        const eg::Domain d(v);
        TempDir t("probe");
        eg::BuildOptions o;
        o.dir = t.path.string();
        eg::build(d, eg::slices_up_to(d, 2), o);
        const eg::Prober p(v, o.dir);
        CHECK(p.max_pieces() == 2);
        // White to move takes 14x23: a win in 1 for the side to move.
        const auto a = p.probe(v->parse_position("W:WK14:BK18"));
        REQUIRE(a.has_value());
        CHECK(a->value == tradgames::engine::Wdl::win);
        CHECK(a->plies == 1);
        // The same placement with Black to move: Black takes 18x9, a win in 1 for Black.
        const auto b = p.probe(v->parse_position("B:WK14:BK18"));
        REQUIRE(b.has_value());
        CHECK(b->value == tradgames::engine::Wdl::win);
        CHECK(b->plies == 1);
        // Kings far apart (1 and 32): a draw.
        CHECK(p.probe(v->parse_position("W:WK1:BK32"))->value == tradgames::engine::Wdl::draw);
        // A side to move without pieces has lost (no file needed); three pieces: not covered.
        CHECK(p.probe(v->parse_position("W:W:BK18"))->value == tradgames::engine::Wdl::loss);
        CHECK_FALSE(p.probe(v->parse_position("W:WK14,K1:BK18")).has_value());
    }

    TEST_CASE("wrong, truncated, corrupt and foreign files are refused with a clear error") {
        const eg::Domain english(tradgames::make_variant("english"));
        const eg::Domain russian(tradgames::make_variant("russian"));
        TempDir t("refuse");
        eg::BuildOptions o;
        o.dir = t.path.string();
        eg::build(english, {k_v_k}, o);
        const std::string good = file_of(t, "english", k_v_k);
        CHECK(refusal(good, english, k_v_k).empty());
        const std::vector<char> bytes = read_all(good);
        const std::string bad = (t.path / "bad.egtb").string();

        CHECK(refusal((t.path / "missing.egtb").string(), english, k_v_k).find("cannot open") != std::string::npos);
        // Another game, and the same game under other rule options.
        CHECK(refusal(good, russian, k_v_k).find("built for game 'english', not 'russian'") != std::string::npos);
        const eg::Domain english_other(tradgames::make_variant("english", {"repetition_draw=0"}));
        CHECK(refusal(good, english_other, k_v_k).find("another rule set") != std::string::npos);
        // Another slice.
        CHECK(refusal(good, english, eg::Material{0, 1, 1, 0}).find("holds slice w0m1k-b0m1k") != std::string::npos);
        // Truncated: header cut, data cut.
        write_all(bad, std::vector<char>(bytes.begin(), bytes.begin() + 100));
        CHECK(refusal(bad, english, k_v_k).find("truncated") != std::string::npos);
        write_all(bad, std::vector<char>(bytes.begin(), bytes.end() - 1));
        CHECK(refusal(bad, english, k_v_k).find("truncated") != std::string::npos);
        // Not a database; a flipped byte in the data; a flipped byte in the header.
        write_all(bad, std::vector<char>(300, 'x'));
        CHECK(refusal(bad, english, k_v_k).find("not a tradgames endgame database") != std::string::npos);
        auto flipped = bytes;
        flipped[flipped.size() - 3] ^= 0x40;
        write_all(bad, flipped);
        CHECK(refusal(bad, english, k_v_k).find("checksum") != std::string::npos);
        flipped = bytes;
        flipped[75] ^= 0x01;  // the positions count
        write_all(bad, flipped);
        CHECK(refusal(bad, english, k_v_k).find("header's checksum") != std::string::npos);
        // Another format version (bytes 8..11).
        flipped = bytes;
        flipped[8] = 9;
        write_all(bad, flipped);
        CHECK(refusal(bad, english, k_v_k).find("format version 9") != std::string::npos);
        // A file of another game in this game's name is refused by the prober too.
        fs::copy_file(good, file_of(t, "russian", k_v_k));
        CHECK_THROWS_AS(eg::Prober(tradgames::make_variant("russian"), o.dir), eg::EgtbError);
    }

    TEST_CASE("an interrupted build resumes: valid files are kept, a damaged one is rebuilt") {
        const eg::Domain d(tradgames::make_variant("russian"));
        TempDir t("resume");
        eg::BuildOptions o;
        o.dir = t.path.string();
        const auto slices = eg::slices_up_to(d, 2);
        eg::build(d, slices, o);
        const std::string f = file_of(t, "russian", k_v_k);
        const auto before = read_all(f);
        write_all(f, std::vector<char>(before.begin(), before.begin() + 200));
        int reused = 0;
        int built = 0;
        o.progress = [&](const eg::Progress& p) {
            if (p.done) (p.reused ? reused : built) += 1;
        };
        eg::build(d, slices, o);
        CHECK(built == 1);
        CHECK(reused == static_cast<int>(slices.size()) - 1);
        CHECK(read_all(f) == before);  // the same bytes as the first build
    }

    TEST_CASE("verify finds a wrong value") {
        const eg::Domain d(tradgames::make_variant("english"));
        TempDir t("verify");
        eg::BuildOptions o;
        o.dir = t.path.string();
        eg::build(d, {k_v_k}, o);
        const std::string f = file_of(t, "english", k_v_k);
        auto codes = eg::SliceFile(f, d, k_v_k).all_codes();
        // Turn the first draw into a win in 3.
        for (auto& c : codes) {
            if (c == eg::code_draw) {
                c = 4;
                break;
            }
        }
        eg::write_slice(f, d, k_v_k, codes);
        std::uint64_t checked = 0;
        const auto problems = eg::verify(d, o.dir, checked);
        REQUIRE(problems.size() >= 1);
        CHECK(problems[0].message.find("win in 3") != std::string::npos);
    }

    TEST_CASE("the index ranks every position of a slice once, men off their promotion row") {
        const auto v = tradgames::make_variant("russian");
        const eg::Domain d(v);
        // A man may not stand on its own promotion row: 28 squares each.
        CHECK(tradgames::count(d.men_squares(Color::white)) == 28);
        CHECK(tradgames::count(d.men_squares(Color::black)) == 28);
        const eg::Indexer ix(d, eg::Material{1, 1, 1, 0});
        std::uint64_t valid = 0;
        for (std::uint64_t i = 0; i < ix.size(); ++i) {
            Position p;
            if (!ix.unindex(i, Color::white, p)) continue;
            ++valid;
            REQUIRE(ix.index(p) == i);
        }
        // White man: 28 squares; Black man: 28 minus the one taken when they share the 24
        // middle squares; White king: the 30 squares left.
        CHECK(valid == (28 * 28 - 24) * 30);
    }
}
