// The `tradgames` command: legal moves, perft and more for every registered variant.
// Bad input prints one line on stderr and exits 2.
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "tradgames/error.hpp"
#include "tradgames/variant.hpp"

namespace tg = tradgames;
using json = nlohmann::json;

namespace {

struct VariantArgs {
    std::string variant;
    std::string fen;
    std::vector<std::string> options;
};

void add_variant_args(CLI::App* cmd, VariantArgs& a) {
    cmd->add_option("--variant,-v", a.variant, "variant name (see `tradgames variants`)")
        ->required();
    cmd->add_option("--fen,-f", a.fen, "position string (default: the initial position)");
    cmd->add_option("--option,-o", a.options, "rule option key=value (repeatable)")
        ->allow_extra_args(false);
}

struct Setup {
    std::shared_ptr<const tg::Variant> variant;
    tg::Position position;
};

Setup setup(const VariantArgs& a) {
    Setup s;
    s.variant = tg::make_variant(a.variant, a.options);
    s.position = a.fen.empty() ? s.variant->initial_position() : s.variant->parse_position(a.fen);
    return s;
}

std::string kind_name(const tg::Variant& v, tg::Kind k) { return v.kinds().at(k).name; }

json move_json(const tg::Variant& v, const tg::Position& pos, const tg::Move& m) {
    const tg::Topology& t = v.topology();
    json path = json::array({std::string(t.name(m.from))});
    for (tg::Vertex x : m.path) path.push_back(std::string(t.name(x)));
    json captured = json::array();
    for (tg::Vertex x : m.captured) captured.push_back(std::string(t.name(x)));
    tg::Position after = pos;
    tg::Undo u;
    v.make_move(after, m, u);
    return json{{"notation", v.move_to_string(pos, m)},
                {"from", std::string(t.name(m.from))},
                {"to", std::string(t.name(m.to))},
                {"path", path},
                {"captured", captured},
                {"promotion", m.promotion == tg::no_kind ? json(nullptr)
                                                        : json(kind_name(v, m.promotion))},
                {"drop", m.is_drop()},
                {"after", v.position_to_string(after)}};
}

int cmd_variants(bool as_json) {
    json out = json::array();
    for (const auto& info : tg::list_variants()) {
        json opts = json::array();
        for (const auto& s : tg::variant_options(info.name)) {
            const char* type = s.type == tg::OptionType::boolean   ? "boolean"
                               : s.type == tg::OptionType::integer ? "integer"
                                                                   : "choice";
            json o{{"name", s.name}, {"type", type}, {"default", s.default_value}, {"help", s.help}};
            if (s.type == tg::OptionType::choice) o["choices"] = s.choices;
            if (s.type == tg::OptionType::integer) {
                o["min"] = s.min;
                o["max"] = s.max;
            }
            opts.push_back(o);
        }
        if (as_json) {
            out.push_back({{"name", info.name}, {"description", info.description}, {"options", opts}});
        } else {
            fmt::print("{:<10} {}\n", info.name, info.description);
            for (const auto& o : opts) {
                fmt::print("    --option {}={}  ({})\n", o["name"].get<std::string>(),
                           o["default"].get<std::string>(), o["help"].get<std::string>());
            }
        }
    }
    if (as_json) fmt::print("{}\n", out.dump());
    return 0;
}

int cmd_moves(const VariantArgs& a, bool paths, bool as_json) {
    Setup s = setup(a);
    tg::MoveList list;
    s.variant->generate(s.position, list,
                        paths ? tg::Duplicates::all_paths : tg::Duplicates::unique);
    if (as_json) {
        json out = json::array();
        for (const auto& m : list) out.push_back(move_json(*s.variant, s.position, m));
        fmt::print("{}\n", out.dump());
    } else {
        for (const auto& m : list) fmt::print("{}\n", s.variant->move_to_string(s.position, m));
    }
    return 0;
}

int cmd_perft(const VariantArgs& a, int depth, bool divide, bool paths, bool as_json) {
    Setup s = setup(a);
    tg::PerftOptions opt;
    opt.duplicates = paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    json div = json::array();
    if (divide && depth > 0) {
        tg::MoveList list;
        s.variant->generate(s.position, list, opt.duplicates);
        for (const auto& m : list) {
            tg::Undo u;
            const std::string name = s.variant->move_to_string(s.position, m);
            s.variant->make_move(s.position, m, u);
            const std::uint64_t n = s.variant->perft(s.position, depth - 1, opt);
            s.variant->unmake_move(s.position, m, u);
            total += n;
            div.push_back({{"move", name}, {"nodes", n}});
            if (!as_json) fmt::print("{} {}\n", name, n);
        }
    } else {
        total = s.variant->perft(s.position, depth, opt);
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (as_json) {
        json out{{"variant", s.variant->name()},
                 {"depth", depth},
                 {"nodes", total},
                 {"seconds", secs},
                 {"counting", paths ? "P" : "U"}};
        if (divide) out["divide"] = div;
        fmt::print("{}\n", out.dump());
    } else {
        fmt::print("perft({}) = {}  ({:.3f} s, {:.1f} Mnodes/s)\n", depth, total, secs,
                   secs > 0 ? static_cast<double>(total) / secs / 1e6 : 0.0);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"tradgames: rules, move generation and perft for Russian checkers, Shatra and "
                 "Tobit"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "tradgames 0.1.0");

    bool as_json = false;
    auto* variants = app.add_subcommand("variants", "list the variants and their rule options");
    variants->add_flag("--json", as_json, "JSON output");

    VariantArgs moves_args;
    bool moves_paths = false;
    auto* moves = app.add_subcommand("moves", "list the legal moves of a position");
    add_variant_args(moves, moves_args);
    moves->add_flag("--paths", moves_paths, "every capture path (P) instead of one per result");
    moves->add_flag("--json", as_json, "JSON output");

    VariantArgs perft_args;
    int depth = 0;
    bool divide = false;
    bool perft_paths = false;
    auto* perft = app.add_subcommand("perft", "count the leaves of the move tree");
    add_variant_args(perft, perft_args);
    perft->add_option("--depth,-d", depth, "depth in plies")->required()->check(CLI::Range(0, 64));
    perft->add_flag("--divide", divide, "count per first move");
    perft->add_flag("--paths", perft_paths, "count every capture path (P)");
    perft->add_flag("--json", as_json, "JSON output");

    try {
        app.parse(argc, argv);
        if (*variants) return cmd_variants(as_json);
        if (*moves) return cmd_moves(moves_args, moves_paths, as_json);
        if (*perft) return cmd_perft(perft_args, depth, divide, perft_paths, as_json);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return 0;
    } catch (const CLI::CallForVersion&) {
        std::cout << "tradgames 0.1.0\n";
        return 0;
    } catch (const CLI::ParseError& e) {
        std::string msg = e.what();
        for (char& c : msg) if (c == '\n') c = ' ';
        std::fprintf(stderr, "tradgames: error: %s\n", msg.c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tradgames: error: %s\n", e.what());
        return 2;
    }
    return 0;
}
