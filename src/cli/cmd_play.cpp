// Subcommands play and compare (seeded playouts with statistics), render (SVG) and show (text).
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/engine/player.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"
#include "tradgames/io/ascii.hpp"
#include "tradgames/io/svg.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/shard.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
using json = nlohmann::json;

// ---------------------------------------------------------------------------------------------
// play / compare

struct PlayoutArgs {
    std::uint64_t games = 100;
    std::uint64_t first_game = 0;
    std::uint64_t seed = 1;
    unsigned threads = 0;
    std::string policy = "random";
    /// Per-side player specs (engine/player.hpp); empty = --policy.
    std::string white_policy;
    std::string black_policy;
    int ply_cap = 1000;
    bool json = false;
    bool csv = false;
};

void add_playout_args(CLI::App* cmd, PlayoutArgs& a) {
    cmd->add_option("--games,-n", a.games,
                    "number of games (default 100)")
        ->transform(decimal())
        ->check(CLI::Range(std::uint64_t{1}, tg::max_games));
    cmd->add_option("--first-game", a.first_game,
                    "index of the first game: plays games A .. A+N-1 of the run, a shard that "
                    "`tradgames merge` adds to the others (default 0)")
        ->transform(decimal());
    cmd->add_option("--seed,-s", a.seed, "seed; equal seeds give equal statistics (default 1)")
        ->transform(decimal());
    cmd->add_option("--threads,-t", a.threads,
                    "worker threads, 0 = one per core (default); the statistics do not depend on it")
        ->transform(decimal())
        ->check(CLI::Range(0U, tg::max_threads));
    cmd->add_option("--policy", a.policy,
                    "how both sides play: random (uniform), greedy (most pieces captured), or an "
                    "engine player: search:depth=4, search:movetime=20, mcts:playouts=400 (README "
                    "\"Players\"); engine players play on one thread");
    cmd->add_option("--white-policy", a.white_policy, "White's player (default: --policy)");
    cmd->add_option("--black-policy", a.black_policy, "Black's player (default: --policy)");
    cmd->add_option("--ply-cap", a.ply_cap,
                    "safety cap: a game still going after this many plies is a draw (0 = none; "
                    "default 1000)")
        ->transform(decimal())
        ->check(CLI::Range(0, 100'000'000));
    auto* j = cmd->add_flag("--json", a.json, "JSON output");
    auto* c = cmd->add_flag("--csv", a.csv, "CSV output: one row per statistic, one column per variant");
    j->excludes(c);
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
class ProgressBar {
public:
    explicit ProgressBar(std::string label) : label_(std::move(label)), on_(isatty(2) != 0) {}
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;
    ~ProgressBar() {
        if (drawn_) std::fprintf(stderr, "\r\033[K");
    }
    /// The callback for PlayoutOptions::progress, or an empty function when stderr is no
    /// terminal.
    std::function<void(std::uint64_t, std::uint64_t)> callback() {
        if (!on_) return {};
        return [this](std::uint64_t done, std::uint64_t total) {
            constexpr int width = 30;
            const auto filled = static_cast<int>(done * width / total);
            std::fprintf(stderr, "\r%s [%s%s] %3d%% %llu/%llu games", label_.c_str(),
                         std::string(static_cast<std::size_t>(filled), '#').c_str(),
                         std::string(static_cast<std::size_t>(width - filled), '.').c_str(),
                         static_cast<int>(done * 100 / total), static_cast<unsigned long long>(done),
                         static_cast<unsigned long long>(total));
            std::fflush(stderr);
            drawn_ = true;
        };
    }

private:
    std::string label_;
    bool on_;
    bool drawn_ = false;
};

/// One variant's run (or merged shards of it).
struct Column {
    tg::PlayoutRun run;
    /// The players when they are not one playout policy for both sides: "search:depth=4", or
    /// "white: search:depth=4, black: random". Empty otherwise.
    std::string players;
};

/// Whether the players of `a` are one playout policy (random or greedy) for both sides.
bool one_policy(const PlayoutArgs& a) {
    const std::string& w = a.white_policy.empty() ? a.policy : a.white_policy;
    const std::string& b = a.black_policy.empty() ? a.policy : a.black_policy;
    return w == b && (w == "random" || w == "greedy");
}

/// The games of `a` played by engine players (engine/player.hpp), one after another, with the
/// statistics of play_out. Game i's players are seeded from playout_rng(seed, i).
Column run_player_column(const std::shared_ptr<const tg::Variant>& v, const tg::Position& start,
                         const PlayoutArgs& a) {
    namespace te = tradgames::engine;
    const te::PlayerSpec ws = te::parse_player_spec(a.white_policy.empty() ? a.policy : a.white_policy);
    const te::PlayerSpec bs = te::parse_player_spec(a.black_policy.empty() ? a.policy : a.black_policy);
    for (const te::PlayerSpec* sp : {&ws, &bs}) {
        if (!te::is_builtin_player(sp->name)) {
            throw tg::OptionError("policy " + tg::quoted(sp->text) + ": unknown player " + tg::quoted(sp->name) +
                                  " (known: random, greedy, search, mcts)");
        }
    }
    tg::PlayoutOptions o;
    o.games = a.games;
    o.first_game = a.first_game;
    o.seed = a.seed;
    o.ply_cap = a.ply_cap;
    o.start = start;
    Column c;
    c.run.settings = tg::playout_settings(*v, o);
    c.run.first_game = a.first_game;
    c.run.report.threads = 1;
    c.players = ws.text == bs.text ? ws.text : "white: " + ws.text + ", black: " + bs.text;
    ProgressBar bar(v->name());
    const auto progress = bar.callback();
    const auto t0 = std::chrono::steady_clock::now();
    tg::Game g(v, start);
    for (std::uint64_t i = 0; i < a.games; ++i) {
        tg::Rng rng = tg::playout_rng(a.seed, a.first_game + i);
        auto white = te::make_player(ws, v, rng.next());
        auto black = te::make_player(bs, v, rng.next());
        g.reset(start);
        const tg::MoveChooser choose = [&](const tg::Game& game) {
            te::Player& p = game.position().side_to_move() == tg::Color::white ? *white : *black;
            const tg::Move m = p.choose(game, te::MoveBudget{});
            const tg::MoveList& legal = game.legal_moves();
            for (std::size_t k = 0; k < legal.size(); ++k) {
                if (legal[k].same_result(m)) return k;
            }
            throw tg::IllegalMoveError(p.name() + " chose an illegal move");
        };
        (void)tg::play_out(g, choose, a.ply_cap, c.run.report.stats);
        if (progress) progress(i + 1, a.games);
    }
    c.run.report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return c;
}

Column run_column(std::shared_ptr<const tg::Variant> v, tg::Position start, const PlayoutArgs& a) {
    if (!one_policy(a)) return run_player_column(v, start, a);
    tg::PlayoutOptions o;
    o.games = a.games;
    o.first_game = a.first_game;
    o.seed = a.seed;
    o.threads = a.threads;
    o.policy = tg::parse_policy(a.white_policy.empty() ? a.policy : a.white_policy);
    o.ply_cap = a.ply_cap;
    o.start = start;
    ProgressBar bar(v->name());
    o.progress = bar.callback();
    return Column{tg::run_playout_shard(std::move(v), o), {}};
}

double per_second(std::uint64_t n, double seconds) {
    return seconds > 0 ? static_cast<double>(n) / seconds : 0.0;
}

/// A row of the table: a key (CSV), a label (text) and one cell per column.
struct Row {
    std::string key;
    std::string label;
    std::vector<std::string> cells;
};

std::string fixed(const std::optional<double>& x, int decimals) {
    return x ? fmt::format("{:.{}f}", *x, decimals) : "-";
}
std::string percent(const std::optional<double>& x) {
    return x ? fmt::format("{:.1f}%", *x * 100) : "-";
}
std::string whole(const std::optional<std::uint32_t>& x) { return x ? std::to_string(*x) : "-"; }

/// The statistics as rows, every column's values side by side. Rows that only some columns
/// have (capture lengths, reasons) are filled with 0 in the others.
std::vector<Row> table(const std::vector<Column>& cols) {
    std::vector<Row> rows;
    auto add = [&](std::string key, std::string label, auto value) {
        Row r{std::move(key), std::move(label), {}};
        for (const Column& c : cols) r.cells.push_back(value(c, c.run.report.stats));
        rows.push_back(std::move(r));
    };
    using S = tg::PlayoutStats;
    add("policy", "policy", [](const Column& c, const S&) {
        return c.players.empty() ? std::string(tg::to_string(c.run.settings.policy)) : c.players;
    });
    add("seed", "seed", [](const Column& c, const S&) { return std::to_string(c.run.settings.seed); });
    add("ply_cap", "ply cap", [](const Column& c, const S&) { return std::to_string(c.run.settings.ply_cap); });
    add("first_game", "first game", [](const Column& c, const S&) { return std::to_string(c.run.first_game); });
    add("games", "games", [](const Column&, const S& s) { return std::to_string(s.games); });
    add("threads", "threads", [](const Column& c, const S&) { return std::to_string(c.run.report.threads); });
    add("seconds", "seconds", [](const Column& c, const S&) { return fmt::format("{:.3f}", c.run.report.seconds); });
    add("games_per_second", "games/s",
        [](const Column& c, const S& s) { return fmt::format("{:.1f}", per_second(s.games, c.run.report.seconds)); });
    add("plies_per_second", "plies/s",
        [](const Column& c, const S& s) { return fmt::format("{:.0f}", per_second(s.plies, c.run.report.seconds)); });
    add("plies", "plies", [](const Column&, const S& s) { return std::to_string(s.plies); });
    add("length_mean", "length: mean", [](const Column&, const S& s) { return fixed(s.mean_length(), 1); });
    add("length_median", "length: median", [](const Column&, const S& s) { return fixed(s.median_length(), 1); });
    add("length_p90", "length: p90", [](const Column&, const S& s) { return whole(s.p90_length()); });
    add("length_min", "length: min", [](const Column&, const S& s) { return whole(s.min_length()); });
    add("length_max", "length: max", [](const Column&, const S& s) { return whole(s.max_length()); });
    add("branching_factor", "branching factor",
        [](const Column&, const S& s) { return fixed(s.branching_factor(), 2); });
    add("capture_share", "positions with a capture",
        [](const Column&, const S& s) { return percent(s.capture_share()); });
    add("forced_capture_share", "positions with a forced capture",
        [](const Column&, const S& s) { return percent(s.forced_capture_share()); });
    add("capture_moves", "capture moves", [](const Column&, const S& s) { return std::to_string(s.capture_moves()); });
    std::size_t longest = 0;
    for (const Column& c : cols) longest = std::max(longest, c.run.report.stats.captured.size());
    for (std::size_t k = 1; k < longest; ++k) {
        add("captures_" + std::to_string(k),
            fmt::format("  capturing {} piece{}", k, k == 1 ? "" : "s"), [k](const Column&, const S& s) {
                return std::to_string(k < s.captured.size() ? s.captured[k] : 0);
            });
    }
    add("white_wins", "white wins", [](const Column&, const S& s) { return std::to_string(s.wins(tg::Color::white)); });
    add("black_wins", "black wins", [](const Column&, const S& s) { return std::to_string(s.wins(tg::Color::black)); });
    add("draws", "draws", [](const Column&, const S& s) { return std::to_string(s.draws()); });
    std::map<std::pair<tg::Outcome, std::string>, int> reasons;
    for (const Column& c : cols) {
        for (const auto& [key, n] : c.run.report.stats.reasons) reasons[key] = 0;
    }
    for (const auto& [key, unused] : reasons) {
        const std::string outcome(tg::to_string(key.first));
        add("reason:" + outcome + ":" + key.second, "  " + outcome_words(key.first) + ": " + key.second,
            [&key](const Column&, const S& s) {
                const auto it = s.reasons.find(key);
                return std::to_string(it == s.reasons.end() ? 0 : it->second);
            });
    }
    add("white_score", "white (first player) score", [](const Column&, const S& s) { return fixed(s.white_score(), 3); });
    return rows;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string r = "\"";
    for (char c : s) r += c == '"' ? std::string("\"\"") : std::string(1, c);
    return r + "\"";
}

void print_columns(const std::vector<Column>& cols, const PlayoutArgs& a) {
    if (a.json) {
        std::string out;
        for (const Column& c : cols) {
            std::string text = tg::playout_run_json(c.run);
            if (!c.players.empty()) {
                // Engine players: "policy" names them (merge refuses such runs: not playouts).
                json j = json::parse(text);
                j["policy"] = c.players;
                text = j.dump();
            }
            out += (out.empty() ? "" : ",") + text;
        }
        fmt::print("{}\n", cols.size() == 1 ? out : "[" + out + "]");
        return;
    }
    const std::vector<Row> rows = table(cols);
    if (a.csv) {
        std::string line = "statistic";
        for (const Column& c : cols) line += "," + csv_field(c.run.settings.variant);
        fmt::print("{}\n", line);
        for (const Row& r : rows) {
            line = csv_field(r.key);
            for (const auto& cell : r.cells) line += "," + csv_field(cell);
            fmt::print("{}\n", line);
        }
        return;
    }
    // A label longer than this (a draw rule's reason) stands on a line of its own above its
    // values, so that one long reason does not push every column off to the right.
    constexpr std::size_t long_label = 40;
    std::size_t label_w = 0;
    for (const Row& r : rows) {
        if (r.label.size() <= long_label) label_w = std::max(label_w, r.label.size());
    }
    std::vector<std::size_t> w;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        std::size_t x = cols[i].run.settings.variant.size();
        for (const Row& r : rows) x = std::max(x, r.cells[i].size());
        w.push_back(x);
    }
    std::string head(label_w, ' ');
    for (std::size_t i = 0; i < cols.size(); ++i) head += fmt::format("  {:>{}}", cols[i].run.settings.variant, w[i]);
    fmt::print("{}\n", head);
    for (const Row& r : rows) {
        if (r.label.size() > label_w) fmt::print("{}\n", r.label);
        std::string line = fmt::format("{:<{}}", r.label.size() > label_w ? "" : r.label, label_w);
        for (std::size_t i = 0; i < r.cells.size(); ++i) line += fmt::format("  {:>{}}", r.cells[i], w[i]);
        fmt::print("{}\n", line);
    }
}

int run_play(const VariantArgs& v, const PlayoutArgs& a) {
    const Setup s = setup(v);
    print_columns({run_column(s.variant, s.position, a)}, a);
    return 0;
}

std::vector<std::string> split_names(const std::string& list) {
    std::vector<std::string> r;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= list.size(); ++i) {
        if (i < list.size() && list[i] != ',') continue;
        r.push_back(list.substr(start, i - start));
        start = i + 1;
    }
    return r;
}

int run_compare(const std::string& names, const std::vector<std::string>& files,
                const PlayoutArgs& a) {
    // Every name and file is checked before any game is played.
    std::vector<std::shared_ptr<const tg::Variant>> variants;
    if (names.empty() && files.empty()) {
        throw tg::OptionError("compare needs --variants NAME,... or --variant-file FILE (or both)");
    }
    if (!names.empty()) {
        for (const std::string& n : split_names(names)) {
            if (n.empty()) throw tg::OptionError("--variants " + tg::quoted(names) + ": empty variant name");
            variants.push_back(tg::make_variant(n));
        }
    }
    for (const std::string& f : files) variants.push_back(tg::make_variant_from_file(f));
    std::vector<Column> cols;
    for (const auto& v : variants) cols.push_back(run_column(v, v->initial_position(), a));
    print_columns(cols, a);
    return 0;
}

int run_merge(const std::vector<std::string>& paths, const PlayoutArgs& a) {
    std::vector<tg::NamedText> files;
    // A play --json result is about 2 KB, a compare of every variant 40 KB: 1 MiB bounds endless input.
    for (const std::string& p : paths) {
        files.push_back({p, read_file(p, {std::size_t{1} << 20, SIZE_MAX, "a play or compare --json result"})});
    }
    // Study results (`study --json`) carry "format": "tradgames-study".
    if (!files.empty() && files.front().text.find("\"tradgames-study\"") != std::string::npos) {
        return print_study_merge(files, a.json, a.csv);
    }
    const std::string merged = tg::merge_playout_json(files);
    if (a.json) {
        fmt::print("{}\n", merged);
        return 0;
    }
    const json doc = json::parse(merged);
    std::vector<Column> cols;
    if (doc.is_array()) {
        for (const json& o : doc) cols.push_back({tg::parse_playout_run_json(o.dump(), "merged"), {}});
    } else {
        cols.push_back({tg::parse_playout_run_json(merged, "merged"), {}});
    }
    print_columns(cols, a);
    return 0;
}

// ---------------------------------------------------------------------------------------------
// render / show

struct PictureArgs {
    VariantArgs v;
    std::string last_move;
    std::string output = "-";
};

/// The position to draw and the move that led to it: with --last-move, the move is played from
/// the --fen position (or the initial one) and the position after it is drawn.
struct Picture {
    Setup setup;
    std::optional<tg::Move> last;
    std::string last_text;
};

Picture picture(const PictureArgs& a) {
    Picture p{setup(a.v), std::nullopt, {}};
    if (!a.last_move.empty()) {
        const tg::Move m = p.setup.variant->parse_move(p.setup.position, a.last_move);
        p.last_text = p.setup.variant->move_to_string(p.setup.position, m);
        tg::Undo u;
        p.setup.variant->make_move(p.setup.position, m, u);
        p.last = m;
    }
    return p;
}

int run_render(const PictureArgs& a) {
    const Picture p = picture(a);
    const std::string svg =
        tg::render_svg(*p.setup.variant, p.setup.position, p.last ? &*p.last : nullptr);
    if (a.output == "-") {
        fmt::print("{}", svg);
        return 0;
    }
    auto cannot_write = [&] {
        return tg::Error("cannot write " + tg::quoted(a.output) + ": " + std::strerror(errno));
    };
    errno = 0;
    std::ofstream out(a.output, std::ios::binary);
    if (!out) throw cannot_write();
    out << svg;
    out.close();
    if (!out) throw cannot_write();
    return 0;
}

int run_show(const PictureArgs& a) {
    const Picture p = picture(a);
    if (p.last) fmt::print("last move: {}\n", p.last_text);
    fmt::print("{}", tg::render_ascii(*p.setup.variant, p.setup.position));
    return 0;
}

}  // namespace

void register_play_commands(CLI::App& app, std::vector<Command>& out) {
    struct PlayArgs {
        VariantArgs v;
        PlayoutArgs p;
    };
    auto pa = std::make_shared<PlayArgs>();
    auto* play = app.add_subcommand(
        "play", "seeded playouts to the end of the game, with statistics (text, --json, --csv)");
    add_variant_args(play, pa->v);
    add_playout_args(play, pa->p);
    out.push_back({play, [pa] { return run_play(pa->v, pa->p); }});

    struct CompareArgs {
        std::string variants;
        std::vector<std::string> files;
        PlayoutArgs p;
    };
    auto ca = std::make_shared<CompareArgs>();
    auto* compare = app.add_subcommand(
        "compare", "the playout statistics of several variants side by side (same seed)");
    compare->add_option("--variants", ca->variants, "comma-separated variant names, e.g. russian,shatra,tobit");
    compare->add_option("--variant-file", ca->files,
                        "JSON draughts descriptor file (repeatable), compared after --variants")
        ->allow_extra_args(false);
    add_playout_args(compare, ca->p);
    out.push_back({compare, [ca] { return run_compare(ca->variants, ca->files, ca->p); }});

    struct MergeArgs {
        std::vector<std::string> files;
        PlayoutArgs p;
    };
    auto ma = std::make_shared<MergeArgs>();
    auto* merge = app.add_subcommand(
        "merge", "add up the --json results of play, compare or study shards: --first-game ranges that "
                 "together make one run; the statistics are those of one run of all the games");
    merge->add_option("files", ma->files, "--json outputs of play or compare, same settings, "
                                          "adjacent game ranges")
        ->required();
    {
        auto* j = merge->add_flag("--json", ma->p.json, "JSON output (the fields of play --json)");
        auto* c = merge->add_flag("--csv", ma->p.csv, "CSV output");
        j->excludes(c);
    }
    out.push_back({merge, [ma] { return run_merge(ma->files, ma->p); }});

    auto ra = std::make_shared<PictureArgs>();
    auto* render = app.add_subcommand("render", "draw a position as SVG");
    add_variant_args(render, ra->v);
    const CLI::Validator some_move = non_empty("move", "leave out --last-move to draw the position");
    render->add_option("--last-move,-m", ra->last_move,
                       "a move legal in the --fen position: it is played, and the picture shows "
                       "the position after it with the move marked")
        ->check(some_move);
    render->add_option("--output,-o", ra->output, "SVG file to write, - for stdout (default)");
    out.push_back({render, [ra] { return run_render(*ra); }});

    auto sa = std::make_shared<PictureArgs>();
    auto* show = app.add_subcommand("show", "draw a position as text");
    add_variant_args(show, sa->v);
    show->add_option("--last-move,-m", sa->last_move,
                     "a move legal in the --fen position: it is played and the position after it "
                     "is shown")
        ->check(some_move);
    out.push_back({show, [sa] { return run_show(*sa); }});
}

}  // namespace tgcli
