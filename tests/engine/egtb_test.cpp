// Endgame databases (issue 28): the published English 1 king v 1 king anchor, files that must be
// refused, the verifier catching a wrong value, the prober, and known theory (slow suite).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unordered_map>

#include <unistd.h>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/search.hpp"
#include "tradgames/registry.hpp"

namespace {

namespace fs = std::filesystem;
namespace eg = tradgames::engine::egtb;
using tradgames::Color;
using tradgames::Position;

/// A fresh directory under the system's temporary directory, removed at the end of its scope;
/// the process id in its name keeps concurrent test runs out of each other's files.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& name)
        : path(fs::temp_directory_path() / ("tradgames-egtb-" + name + "-" + std::to_string(::getpid()))) {
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

/// Frisian's rules on a 6x6 board (18 squares, Frisian's king-move limit of 3): small enough to
/// solve by brute force in the test.
std::shared_ptr<const tradgames::Variant> frisian_6x6(const std::vector<std::string>& options = {}) {
    return tradgames::make_variant_from_json(
        R"({"base": "frisian", "name": "frisian-6x6", "description": "Frisian rules on 6x6",
            "board": {"width": 6, "height": 6, "links": "both"}, "setup": {"rows": 2}})",
        options, "frisian-6x6");
}

/// Sets the header checksum (bytes 248-255: FNV-1a 64 of bytes 0-247) of a slice file's bytes.
void reseal_header(std::vector<char>& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < 248; ++i) {
        h ^= static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
        h *= 0x100000001b3ULL;
    }
    for (int i = 0; i < 8; ++i) bytes[static_cast<std::size_t>(248 + i)] = static_cast<char>(h >> (8 * i));
}

/// Game values by brute force, independent of the databases' index, files and builder: every
/// position reachable from `starts` through the variant's own generate/make_move (its
/// king-move counts included, as the game carries them), identified by its position string,
/// solved by minimax to increasing depth: at depth t a position is won in t plies if a move
/// leads to a position lost in t - 1, lost in t if every move leads to a position won within
/// t - 1 and the longest in t - 1; no legal move is lost in 0; what never resolves is a draw.
/// Returns string -> code (0 draw, else distance + 1, as the files store it).
std::unordered_map<std::string, std::uint16_t> brute_force(const tradgames::Variant& v,
                                                           const std::vector<Position>& starts) {
    std::unordered_map<std::string, std::size_t> id;
    std::vector<Position> pos;
    std::vector<std::vector<std::size_t>> children;
    auto add = [&](const Position& p) {
        const auto [it, fresh] = id.emplace(v.position_to_string(p), pos.size());
        if (fresh) pos.push_back(p);
        return it->second;
    };
    for (const auto& p : starts) add(p);
    tradgames::MoveList list;
    tradgames::Undo u;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        Position p = pos[i];
        list.clear();
        v.generate(p, list);
        std::vector<std::size_t> kids;
        for (const auto& m : list) {
            v.make_move(p, m, u);
            kids.push_back(add(p));
            v.unmake_move(p, m, u);
        }
        children.push_back(std::move(kids));
    }
    std::vector<int> code(pos.size(), 0);  // 0 unresolved (draw), else distance + 1
    for (std::size_t i = 0; i < pos.size(); ++i) {
        if (children[i].empty()) code[i] = 1;
    }
    for (int t = 1;; ++t) {
        std::vector<std::pair<std::size_t, int>> now;
        for (std::size_t i = 0; i < pos.size(); ++i) {
            if (code[i] != 0) continue;
            bool win = false;
            bool all_won = true;
            int longest = -1;
            for (std::size_t k : children[i]) {
                const int c = code[k];
                if (c != 0 && c - 1 < t && (c - 1) % 2 == 0) win = true;
                if (c == 0 || c - 1 >= t || (c - 1) % 2 == 0) {
                    all_won = false;
                } else {
                    longest = std::max(longest, c - 1);
                }
            }
            if (win) now.emplace_back(i, t + 1);
            else if (all_won && longest == t - 1) now.emplace_back(i, t + 1);
        }
        if (now.empty() && t > 200) break;
        for (const auto& [i, c] : now) code[i] = c;
    }
    std::unordered_map<std::string, std::uint16_t> out;
    for (std::size_t i = 0; i < pos.size(); ++i) out[v.position_to_string(pos[i])] = static_cast<std::uint16_t>(code[i]);
    return out;
}

/// "Checkers Is Solved" (Schaeffer et al., Science 317, 2007), table of n-piece positions, also
/// OEIS A055213: 120, 6972, 261224, 7092774, 148688232 for 1..5 pieces. Those count placements
/// (no side to move), including placements where one side has every piece.
constexpr std::uint64_t published_english_positions[] = {0, 120, 6972, 261224, 7092774, 148688232};

/// The indices of English slice m that are positions (White to move), counted by unindexing each.
std::uint64_t english_valid_indices(const eg::Material& m) {
    const eg::Domain d(tradgames::make_variant("english"));
    const eg::Indexer ix(d, m);
    std::uint64_t n = 0;
    for (std::uint64_t i = 0; i < ix.size(); ++i) {
        Position q;
        n += ix.unindex(i, Color::white, q) ? 1 : 0;
    }
    return n;
}

/// English placements of n pieces as the published table counts them: the databases' positions
/// of every n-piece slice (both sides have pieces), plus the placements where one side has
/// every piece, from the rules' counting alone (a man on 28 squares, not its promotion row; a
/// king on any of 32).
std::uint64_t english_placements(int n) {
    const eg::Domain d(tradgames::make_variant("english"));
    const auto choose = [](std::uint64_t a, std::uint64_t k) {
        std::uint64_t r = 1;
        for (std::uint64_t i = 1; i <= k; ++i) r = r * (a - k + i) / i;
        return r;
    };
    std::uint64_t both = 0;
    for (const eg::Material& m : eg::slices_up_to(d, n))
        if (m.total() == n) both += english_valid_indices(m);
    std::uint64_t one_side = 0;
    for (int men = 0; men <= n; ++men)
        one_side += choose(28, static_cast<std::uint64_t>(men)) *
                    choose(32 - static_cast<std::uint64_t>(men), static_cast<std::uint64_t>(n - men));
    return both + 2 * one_side;
}

}  // namespace

TEST_SUITE("egtb") {
    TEST_CASE("English 1 king v 1 king: 992 positions, 230 wins, 654 draws, 108 losses, longest win 11 plies") {
        // Published figures (issue 28; E. Trice's builder report, damforum.nl, "2-piece database,
        // 1 white king 0 white checkers vs. 1 red king 0 red checkers") for White to move. Conventions
        // that make them so: both kings anywhere on the 32 squares (32 x 31 = 992), a side with no
        // legal move or no piece has lost, distance = plies to the capture of the last king.
        const auto v = tradgames::make_variant("english");
        const eg::Domain d(v);
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

        // The same report splits White to move further: wins resolved as jumps 72 (a capture at once: a win in
        // 1 ply here), wins with no jump for either side 140, draws with none 650 (the other 4
        // draws: Black could jump were it to move), losses with none 108 (all). "Jump for either
        // side" is read as: the side to move has a capture, or the other side would have one if
        // it were to move. Not reproduced: the report's "32 wins of the same length" (11
        // plies); this database has 34 (README "Endgame databases" gives them and the reading).
        const eg::Indexer ix(d, k_v_k);
        const auto codes = eg::SliceFile(file_of(t, "english", k_v_k), d, k_v_k).all_codes();
        std::uint64_t win_jump = 0, win_quiet = 0, draw_quiet = 0, loss_quiet = 0, draw_jump = 0, loss_jump = 0;
        std::uint64_t wins = 0;
        tradgames::MoveList mine, theirs;
        for (std::uint64_t i = 0; i < ix.size(); ++i) {
            Position p;
            if (!ix.unindex(i, Color::white, p)) continue;
            mine.clear();
            theirs.clear();
            v->generate(p, mine);
            Position q = p;
            q.flip_side();
            v->generate(q, theirs);
            const bool jump = !mine.empty() && mine[0].is_capture();
            const bool quiet = !jump && !(!theirs.empty() && theirs[0].is_capture());
            const auto a = eg::answer_of(codes[i]);
            using tradgames::engine::Wdl;
            if (a.value == Wdl::win) {
                ++wins;
                win_jump += jump ? 1 : 0;
                win_quiet += quiet ? 1 : 0;
                if (jump) CHECK(a.plies == 1);
            } else if (a.value == Wdl::draw) {
                draw_jump += jump ? 1 : 0;
                draw_quiet += quiet ? 1 : 0;
            } else {
                loss_jump += jump ? 1 : 0;
                loss_quiet += quiet ? 1 : 0;
            }
        }
        CHECK(wins == 230);
        CHECK(win_jump == 72);
        CHECK(wins - win_jump == 158);  // "wins resolved from moving"
        CHECK(draw_jump == 0);
        CHECK(loss_jump == 0);
        CHECK(win_quiet == 140);
        CHECK(draw_quiet == 650);
        CHECK(loss_quiet == 108);
    }

    TEST_CASE("Turkish: king v king counts from the rules (an independent check of a new table)") {
        // variants/turkish/RULES.md: every square is used (64 x 63 = 4032 placements); a king
        // moves and captures along ranks and files at any distance (flying), so a lone king is
        // never trapped (it always has a step) and is lost only to a capture at once. The side
        // to move wins (in 1 ply) iff the kings share a rank or file with nothing between them
        // and the square beyond the other king exists: on one line of 8 squares, capturer at i
        // and victim at j, j > i needs j <= 6 (21 pairs), j < i needs j >= 1 (21): 42 a line,
        // 16 lines: 672 wins. No loss: a side to move without a capture steps across the line
        // it shares with the other king (a square always exists that way), onto a rank and file
        // the other king does not hold; so the 4032 - 672 = 3360 others are draws. Black to move
        // is the mirror image.
        const eg::Domain d(tradgames::make_variant("turkish"));
        TempDir t("turkish-kk");
        eg::BuildOptions o;
        o.dir = t.path.string();
        eg::build(d, {k_v_k}, o);
        const auto h = eg::info(d, o.dir);
        REQUIRE(h.size() == 1);
        CHECK(h[0].positions == 4032);
        for (int side = 0; side < 2; ++side) {
            CAPTURE(side);
            CHECK(h[0].counts[static_cast<std::size_t>(side)].win == 672);
            CHECK(h[0].counts[static_cast<std::size_t>(side)].draw == 3360);
            CHECK(h[0].counts[static_cast<std::size_t>(side)].loss == 0);
            CHECK(h[0].counts[static_cast<std::size_t>(side)].longest_win == 1);
        }
        std::uint64_t checked = 0;
        CHECK(eg::verify(d, o.dir, checked).empty());
        CHECK(checked == 2 * 4032);
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

    TEST_CASE("the search probes the databases: it plays the database's move in a won position") {
        namespace te = tradgames::engine;
        const auto v = tradgames::make_variant("english");
        const eg::Domain d(v);
        TempDir t("search");
        eg::BuildOptions o;
        o.dir = t.path.string();
        eg::build(d, eg::slices_up_to(d, 3), o);
        const auto p = eg::open_databases(v, o.dir);
        // The longest win of 2 kings v 1 king with White to move: 33 plies (README's table).
        const eg::Indexer ix(d, eg::Material{0, 2, 0, 1});
        Position longest;
        int plies = 0;
        for (std::uint64_t i = 0; i < ix.size(); ++i) {
            Position q;
            if (!ix.unindex(i, Color::white, q)) continue;
            const auto a = p->probe(q);
            if (a && a->value == te::Wdl::win && a->plies > plies) {
                plies = a->plies;
                longest = q;
            }
        }
        REQUIRE(plies == 33);
        te::SearchLimits l;
        l.depth = 3;
        // Without databases a 3-ply search sees no result; with them it plays a move to a loss
        // in 32 plies for Black and reports the database's distance.
        te::Searcher without(v, te::SearcherOptions{1, nullptr, nullptr});
        CHECK_FALSE(without.search(longest, l).score.proven());
        te::Searcher with(v, te::SearcherOptions{1, p.get(), nullptr});
        const te::SearchResult r = with.search(longest, l);
        REQUIRE(r.has_move);
        CHECK(r.score.proven());
        CHECK(r.score.value > 0);
        CHECK(r.score.plies_to_end() == 33);
        Position q = longest;
        tradgames::Undo u;
        v->make_move(q, r.best, u);
        const auto after = p->probe(q);
        REQUIRE(after.has_value());
        CHECK(after->value == te::Wdl::loss);
        CHECK(after->plies == 32);
        CHECK(eg::verdict_text(*p->probe(longest)) == "win in 33 plies");
        // The database's line plays the win out: 33 moves, then Black has no piece or no move.
        const auto line = eg::best_line(*p, longest, 200);
        REQUIRE(line.size() == 33);
        q = longest;
        for (const auto& m : line) v->make_move(q, m, u);
        tradgames::MoveList left;
        v->generate(q, left);
        CHECK(left.empty());
        // A principal variation of one move goes on with the database's 32.
        std::vector<std::string> pv{v->move_to_string(longest, r.best)};
        CHECK(eg::extend_pv(*p, longest, pv, 200) == 32);
        CHECK(pv.size() == 33);
        // A directory without files of the game is refused by name.
        TempDir empty("search-empty");
        CHECK_THROWS_WITH_AS((void)eg::open_databases(v, empty.path.string()),
                             doctest::Contains("no slice file of english"), eg::EgtbError);
    }

    TEST_CASE("English: positions per piece count equal Schaeffer et al.'s published totals (2 to 4 pieces)") {
        for (int n = 2; n <= 4; ++n) {
            CAPTURE(n);
            CHECK(english_placements(n) == published_english_positions[n]);
        }
        // Kings-only slices (VandeWettering, brainwagon.org 2007, "Checker endgames with only
        // kings": 992, 14,880, 215,760, 143,840 placements for 1v1, 2v1, 2v2, 3v1 kings).
        CHECK(english_valid_indices({0, 1, 0, 1}) == 992);
        CHECK(english_valid_indices({0, 2, 0, 1}) == 14880);
        CHECK(english_valid_indices({0, 2, 0, 2}) == 215760);
        CHECK(english_valid_indices({0, 3, 0, 1}) == 143840);
    }

    TEST_CASE("Frisian: slices without a count (kings only, a lone man) build and verify; a man and a king are refused") {
        // RULES.md 2.3: a side with kings only keeps no king-move count, so kings-only positions
        // carry no state; a king move of a side with men sets one, which the index does not hold.
        const auto v = tradgames::make_variant("frisian");
        const eg::Domain d(v);
        TempDir t("frisian");
        const std::string dir = t.path.string();
        const eg::Material kk{0, 1, 0, 1};
        const eg::Material kkk{0, 2, 0, 1};
        CHECK(eg::successors(d, kkk) == std::vector<eg::Material>{kk});
        CHECK_THROWS_WITH_AS(eg::build_slice(d, kkk, dir, 1), doctest::Contains("w0m1k-b0m1k"), eg::EgtbError);
        eg::build_slice(d, kk, dir, 1);
        eg::build_slice(d, kkk, dir, 1);
        // A lone man against a king: its side has no king until it promotes, and then no man.
        eg::build_slice(d, eg::Material{1, 0, 0, 1}, dir, 1);
        // A man and a king: the king's moves set the count, which the index holds (4 states:
        // none, or the king's 1, 2 or 3 moves in a row).
        const eg::Material mkk{1, 1, 0, 1};
        CHECK(eg::Indexer(d, mkk).states() == 4);
        eg::build_slice(d, mkk, dir, 1);
        std::uint64_t checked = 0;
        CHECK(eg::verify(d, dir, checked).empty());
        // Kings anywhere on 50 squares; the man on the 45 off its promotion row.
        CHECK(checked == 2 * (50 * 49 + 50 * 49 * 48 / 2 + 45 * 49 + 4 * 45 * 49 * 48));
    }

    TEST_CASE("Frisian's king-move count in the index: every position of mixed 6x6 slices equals a brute force") {
        // The count of variants/frisian/RULES.md 2.3 (a king of a side with men makes at most 3
        // non-capturing moves in a row) changes values: the index holds it for a side with men
        // and kings. Every slice up to 3 pieces of Frisian's rules on a 6x6 board is built; every
        // position of the slices with a man and a king on one side, with every count written as
        // the game's own field L<square>=<n> and read by its reader, with either side to move, is
        // probed and compared with brute_force (the variant's moves alone, no index).
        const auto v = frisian_6x6();
        const eg::Domain d(v);
        REQUIRE(d.count_limit() == 3);
        TempDir t("frisian-6x6");
        eg::BuildOptions o;
        o.dir = t.path.string();
        eg::build(d, eg::slices_up_to(d, 3), o);
        std::uint64_t checked = 0;
        CHECK(eg::verify(d, o.dir, checked).empty());
        const eg::Prober prober(v, o.dir);
        const tradgames::Topology& top = v->topology();
        std::vector<Position> starts;
        std::vector<std::string> with_count;  // positions whose text carries a count
        for (const eg::Material m : {eg::Material{1, 1, 0, 1}, eg::Material{1, 1, 1, 0}, eg::Material{0, 1, 1, 1},
                                     eg::Material{1, 0, 1, 1}}) {
            REQUIRE(eg::Indexer(d, m).states() == 4);
            const Color mixed = m.white_men == 1 && m.white_kings == 1 ? Color::white : Color::black;
            const eg::Material f = mixed == Color::white ? m : m.flipped();  // mixed side as "us"
            for (int man = 0; man < top.size(); ++man) {
                if (!tradgames::has(d.men_squares(mixed), static_cast<tradgames::Vertex>(man))) continue;
                for (int king = 0; king < top.size(); ++king) {
                    for (int third = 0; third < top.size(); ++third) {
                        if (man == king || man == third || king == third) continue;
                        const bool lone_man = f.black_men == 1;
                        if (lone_man && !tradgames::has(d.men_squares(~mixed), static_cast<tradgames::Vertex>(third))) continue;
                        Position base;
                        base.put(static_cast<tradgames::Vertex>(man), tradgames::Piece(mixed, 0));
                        base.put(static_cast<tradgames::Vertex>(king), tradgames::Piece(mixed, 1));
                        base.put(static_cast<tradgames::Vertex>(third), tradgames::Piece(~mixed, lone_man ? 0 : 1));
                        for (Color side : {Color::white, Color::black}) {
                            base.set_side_to_move(side);
                            const std::string text = v->position_to_string(base);
                            starts.push_back(v->parse_position(text));
                            for (int n = 1; n <= 3; ++n) {
                                const std::string counted =
                                    text + ":L" + std::string(top.name(static_cast<tradgames::Vertex>(king))) + "=" + std::to_string(n);
                                starts.push_back(v->parse_position(counted));
                                with_count.push_back(counted);
                            }
                        }
                    }
                }
            }
        }
        const auto truth = brute_force(*v, starts);
        std::uint64_t compared = 0;
        std::uint64_t differ_by_count = 0;
        for (const auto& [text, code] : truth) {
            const Position p = v->parse_position(text);
            const auto a = prober.probe(p);
            REQUIRE_MESSAGE(a.has_value(), text);
            const auto expect = eg::answer_of(code);
            CHECK_MESSAGE((a->value == expect.value && a->plies == expect.plies), text);
            ++compared;
        }
        // Each start is in the brute force's set; the count matters for some placements.
        for (const auto& counted : with_count) {
            const std::string plain = counted.substr(0, counted.rfind(":L"));
            if (truth.at(v->position_to_string(v->parse_position(counted))) != truth.at(plain)) ++differ_by_count;
        }
        // Seen: 134280 positions compared; 10100 counted positions differ from their placement
        // without a count.
        CHECK(compared >= starts.size());
        CHECK(differ_by_count > 0);
    }

    TEST_CASE("a slice with king-move counts: format version 2, refused when read as another layout") {
        const auto v = frisian_6x6();
        const eg::Domain d(v);
        TempDir t("frisian-6x6-refuse");
        const std::string dir = t.path.string();
        eg::BuildOptions o;
        o.dir = dir;
        const eg::Material mixed{1, 1, 0, 1};
        eg::build(d, {k_v_k, eg::Material{0, 2, 0, 1}, eg::Material{1, 0, 0, 1}, mixed}, o);
        const std::string good = file_of(t, "frisian-6x6", mixed);
        const auto bytes = read_all(good);
        // Bytes 8-11: version 2 with the counts (a reader of version 1 alone refuses it by its
        // version), 1 without; bytes 168-179: limit 3, White 4 states, Black 1.
        CHECK(bytes[8] == 2);
        CHECK(read_all(file_of(t, "frisian-6x6", k_v_k))[8] == 1);
        const auto h = eg::SliceFile::read_header(good);
        CHECK(h.count_limit == 3);
        CHECK(h.side_states == std::array<std::uint32_t, 2>{4, 1});
        CHECK(h.index_size == 4 * eg::Indexer(d, mixed).placements());
        const std::string bad = (t.path / "bad.egtb").string();
        // Claimed as version 1 (as if written without counts): refused, not read as placements.
        auto changed = bytes;
        changed[8] = 1;
        reseal_header(changed);
        write_all(bad, changed);
        CHECK(refusal(bad, d, mixed).find("format version 1 (no king-move counts)") != std::string::npos);
        // Another state layout in the header.
        changed = bytes;
        changed[172] = 7;
        reseal_header(changed);
        write_all(bad, changed);
        CHECK(refusal(bad, d, mixed).find("king-move states") != std::string::npos);
        // Another limit is another rule set (and another layout): refused by the rules hash.
        const eg::Domain limit2(frisian_6x6({"king_move_limit=2"}));
        CHECK(limit2.count_limit() == 2);
        CHECK(eg::Indexer(limit2, mixed).states() == 3);
        CHECK(refusal(good, limit2, mixed).find("another rule set") != std::string::npos);
        // Without the limit there is no state at all; games without counts learn none.
        const eg::Domain off(frisian_6x6({"king_move_limit=0"}));
        CHECK(off.count_limit() == 0);
        CHECK(eg::Indexer(off, mixed).states() == 1);
        CHECK(eg::Domain(tradgames::make_variant("russian")).count_limit() == 0);
        // The prober takes the count from the position: probing with and without it reads
        // different entries of the same file.
        const eg::Prober p(v, dir);
        const eg::Indexer ix(d, mixed);
        const Position plain = v->parse_position("W:W13,K1:BK16");
        const Position counted = v->parse_position("W:W13,K1:BK16:L1=3");
        CHECK(ix.index(counted) == ix.index(plain) + 3);
        CHECK(p.probe(plain).has_value());
        CHECK(p.probe(counted).has_value());
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

namespace {

/// Counts of one class of positions of a slice: [side to move][win, draw, loss], and the
/// positions whose value is not the one theory predicts, split by whether the side to move
/// can capture at once (tactics) or not.
struct TheoryCounts {
    std::array<std::array<std::uint64_t, 3>, 2> wdl{};
    std::uint64_t exceptions = 0;
    std::uint64_t exceptions_capture = 0;  // the side to move captures at once
    std::uint64_t exceptions_threat = 0;   // no capture at once, but the other side threatens one
    std::uint64_t exceptions_short = 0;    // neither, but decided within 5 plies (a sacrifice)
    std::vector<std::string> examples;     // the other exceptions (at most 5)
};

/// Builds the slices of `pieces` kings v 1 king (all smaller king slices first) and classifies the
/// positions of White's `kings` kings v Black's lone king by `lone_on_road` and `strong_on_road`.
/// `predicted(lone_on, strong_on, side)` is the value theory gives for the side to move.
template <class Predict>
std::map<std::string, TheoryCounts> king_theory(const std::string& game, int kings, const std::vector<std::string>& road,
                                                Predict predicted) {
    const auto v = tradgames::make_variant(game);
    const eg::Domain d(v);
    TempDir t("theory-" + game);
    eg::BuildOptions o;
    o.dir = t.path.string();
    o.threads = 2;
    std::vector<eg::Material> slices;
    for (int k = 1; k <= kings; ++k) slices.push_back({0, k, 0, 1});
    eg::build(d, slices, o);
    tradgames::Mask road_mask = 0;
    for (const auto& s : road) road_mask |= tradgames::bit(*v->topology().find(s));
    const eg::Material m{0, kings, 0, 1};
    const eg::Indexer ix(d, m);
    const auto codes = eg::SliceFile(file_of(t, game, m), d, m).all_codes();
    std::map<std::string, TheoryCounts> out;
    tradgames::MoveList list;
    for (std::uint64_t node = 0; node < codes.size(); ++node) {
        Position p;
        const Color side = node < ix.size() ? Color::white : Color::black;
        if (!ix.unindex(node % ix.size(), side, p)) continue;
        const bool lone_on = (p.pieces(Color::black) & road_mask) != 0;
        const bool strong_on = (p.pieces(Color::white) & road_mask) != 0;
        const std::string key = std::string(lone_on ? "lone king on the road" : "lone king off the road") +
                                (strong_on ? ", strong side on it" : ", strong side off it");
        TheoryCounts& c = out[key];
        const auto a = eg::answer_of(codes[node]);
        c.wdl[tradgames::index(side)][a.value == tradgames::engine::Wdl::win ? 0 : a.value == tradgames::engine::Wdl::draw ? 1 : 2]++;
        const auto want = predicted(lone_on, strong_on, side);
        if (!want || *want == a.value) continue;
        list.clear();
        v->generate(p, list);
        ++c.exceptions;
        Position q = p;
        q.flip_side();
        tradgames::MoveList other;
        v->generate(q, other);
        if (!list.empty() && list[0].is_capture()) {
            ++c.exceptions_capture;
        } else if (!other.empty() && other[0].is_capture()) {
            ++c.exceptions_threat;
        } else if (a.value != tradgames::engine::Wdl::draw && a.plies <= 5) {
            ++c.exceptions_short;
        } else if (c.examples.size() < 5) {
            c.examples.push_back(v->position_to_string(p) + " " + eg::wdl_name(a.value) + " in " + std::to_string(a.plies));
        }
    }
    for (const auto& [key, c] : out) {
        MESSAGE(game << " " << kings << " kings v 1 king, " << key << ": White to move " << c.wdl[0][0] << " wins "
                     << c.wdl[0][1] << " draws " << c.wdl[0][2] << " losses; Black to move " << c.wdl[1][0] << " wins "
                     << c.wdl[1][1] << " draws " << c.wdl[1][2] << " losses; exceptions " << c.exceptions << " ("
                     << c.exceptions_capture << " with a capture at once, " << c.exceptions_threat
                     << " with a capture threatened, " << c.exceptions_short << " decided within 5 plies)");
        for (const auto& e : c.examples) MESSAGE("  other exception: " << e);
    }
    return out;
}

}  // namespace

TEST_SUITE("slow") {
    TEST_CASE("English: 5-piece positions equal Schaeffer et al.'s published total, 148,688,232") {
        // As the fast case for 2 to 4 pieces (about 300 million indices unindexed).
        CHECK(english_placements(5) == published_english_positions[5]);
        // Kings-only 5-piece slices (brainwagon.org 2007): 3v2 2,013,760; 4v1 1,006,880.
        CHECK(english_valid_indices({0, 3, 0, 2}) == 2013760);
        CHECK(english_valid_indices({0, 4, 0, 1}) == 1006880);
    }

    TEST_CASE("Russian: 3 kings beat a lone king off the main road when they hold it, draw when it holds it") {
        using tradgames::engine::Wdl;
        const std::vector<std::string> road{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"};
        // Theory (Petrov's triangle): strong side on the main road, lone king off it: White wins
        // (Black to move loses); lone king on it, strong side off it: a draw. Both on it, or
        // neither: not predicted (counts reported).
        const auto r = king_theory("russian", 3, road, [](bool lone_on, bool strong_on, Color side) -> std::optional<Wdl> {
            if (lone_on && !strong_on) return Wdl::draw;
            if (strong_on && !lone_on) return side == Color::white ? Wdl::win : Wdl::loss;
            return std::nullopt;
        });
        // Exceptions are tactics (a capture at once or threatened, a sacrifice decided within 5
        // plies) but for a few positions (the lone king to move reaching the road first; deeper
        // sacrifices): at most 1% of a class, all listed by the messages above.
        for (const auto& [key, c] : r) {
            const std::uint64_t n = c.wdl[0][0] + c.wdl[0][1] + c.wdl[0][2] + c.wdl[1][0] + c.wdl[1][1] + c.wdl[1][2];
            CHECK_MESSAGE(100 * (c.exceptions - c.exceptions_capture - c.exceptions_threat - c.exceptions_short) <= n, key);
        }
    }

    TEST_CASE("International: 3 kings do not beat a lone king on the long diagonal (46-5), tactics aside") {
        using tradgames::engine::Wdl;
        const std::vector<std::string> road{"46", "41", "37", "32", "28", "23", "19", "14", "10", "5"};
        const auto r = king_theory("international", 3, road, [](bool lone_on, bool strong_on, Color) -> std::optional<Wdl> {
            if (lone_on && !strong_on) return Wdl::draw;
            return std::nullopt;
        });
        for (const auto& [key, c] : r) {
            const std::uint64_t n = c.wdl[0][0] + c.wdl[0][1] + c.wdl[0][2] + c.wdl[1][0] + c.wdl[1][1] + c.wdl[1][2];
            CHECK_MESSAGE(100 * (c.exceptions - c.exceptions_capture - c.exceptions_threat - c.exceptions_short) <= n, key);
        }
    }
}
