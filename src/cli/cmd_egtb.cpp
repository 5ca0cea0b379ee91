// Subcommand egtb: build, probe, describe and verify endgame databases (README "Endgame
// databases").
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/core.h>

#include "common.hpp"
#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/egtb_json.hpp"

namespace tgcli {

namespace {

namespace tg = tradgames;
namespace eg = tradgames::engine::egtb;
using json = nlohmann::json;

struct EgtbArgs {
    VariantArgs v;
    std::string dir = "egtb";
    int pieces = 0;
    int threads = 1;
    std::string method = eg::build_method_name(eg::default_build_method);
    bool json = false;
};

std::shared_ptr<const tg::Variant> variant_without_fen(const EgtbArgs& a, const char* sub) {
    if (!a.v.fen.empty()) throw tg::OptionError(std::string("egtb ") + sub + ": --fen is not used here");
    return make_variant(a.v);
}

int run_build(const EgtbArgs& a) {
    const eg::Domain d(variant_without_fen(a, "build"));
    if (a.pieces < 2) throw tg::OptionError("egtb build: --pieces must be at least 2");
    const auto slices = eg::slices_up_to(d, a.pieces);
    eg::BuildOptions o;
    o.dir = a.dir;
    o.threads = a.threads;
    o.method = eg::parse_build_method(a.method);
    const bool tty = isatty(fileno(stderr)) != 0;
    o.progress = [&](const eg::Progress& p) {
        if (p.done) {
            if (tty) std::fprintf(stderr, "\r\033[K");
            fmt::print("{} {} {}: {} positions, {:.2f} s{}\n", d.variant().name(), p.slice,
                       p.material.name(), p.positions, p.seconds, p.reused ? " (file kept)" : "");
            std::fflush(stdout);
        } else if (tty) {
            const double f = p.positions == 0 ? 1.0 : static_cast<double>(p.resolved) / static_cast<double>(p.positions);
            const int bar = static_cast<int>(f * 30);
            std::fprintf(stderr, "\r[%-30s] slice %d/%d %s pass %d, %llu/%llu resolved", std::string(static_cast<std::size_t>(bar), '#').c_str(),
                         p.slice, p.slices, p.material.name().c_str(), p.pass,
                         static_cast<unsigned long long>(p.resolved), static_cast<unsigned long long>(p.positions));
        }
    };
    eg::build(d, slices, o);
    return 0;
}

int run_probe(const EgtbArgs& a) {
    if (a.v.fen.empty()) throw tg::OptionError("egtb probe: --fen is required");
    const Setup s = setup(a.v);
    const eg::Prober prober(s.variant, a.dir);
    const json out = eg::probe_json(prober, s.position);
    if (a.json) {
        fmt::print("{}\n", out.dump());
    } else {
        auto words = [](const json& e) {
            if (e["value"].is_null()) return std::string("not covered");
            const std::string v = e["value"].get<std::string>();
            return v == "draw" ? v : v + " in " + std::to_string(e["plies"].get<int>()) + " plies";
        };
        fmt::print("database: {}\n", words(out));
        for (const auto& e : out["moves"]) fmt::print("  {} {}\n", e["move"].get<std::string>(), words(e));
    }
    return 0;
}

int run_info(const EgtbArgs& a) {
    const eg::Domain d(variant_without_fen(a, "info"));
    if (a.json) {
        fmt::print("{}\n", eg::info_json(d, a.dir).dump());
    } else {
        const auto headers = eg::info(d, a.dir);
        fmt::print("{:<14} {:>10}  {:>30}  {:>30}\n", "slice", "positions", "white to move: win draw loss longest",
                   "black to move: win draw loss longest");
        for (const auto& h : headers) {
            const auto& w = h.counts[0];
            const auto& b = h.counts[1];
            fmt::print("{:<14} {:>10}  {:>9} {:>9} {:>9} {:>3}  {:>9} {:>9} {:>9} {:>3}\n", h.material.name(), h.positions,
                       w.win, w.draw, w.loss, w.longest_win, b.win, b.draw, b.loss, b.longest_win);
        }
    }
    return 0;
}

int run_verify(const EgtbArgs& a) {
    const eg::Domain d(variant_without_fen(a, "verify"));
    const json out = eg::verify_json(d, a.dir, a.threads);
    if (a.json) {
        fmt::print("{}\n", out.dump());
    } else {
        for (const auto& x : out["problems"]) {
            fmt::print("{}: {}\n", x["position"].get<std::string>(), x["problem"].get<std::string>());
        }
        fmt::print("{} positions checked, {}\n", out["checked"].get<std::uint64_t>(),
                   out["ok"].get<bool>() ? "all agree with their successors" : "PROBLEMS FOUND");
    }
    return out["ok"].get<bool>() ? 0 : 1;
}

}  // namespace

void register_egtb_commands(CLI::App& app, std::vector<Command>& out) {
    auto* egtb = app.add_subcommand("egtb", "build, probe, describe and verify endgame databases");
    egtb->require_subcommand(1);
    auto dir_option = [](CLI::App* cmd, EgtbArgs& a) {
        cmd->add_option("--dir", a.dir, "directory of the database files (default egtb)")
            ->check(non_empty("--dir", "leave it out for egtb"));
    };
    auto threads_option = [](CLI::App* cmd, EgtbArgs& a) {
        cmd->add_option("--threads", a.threads, "worker threads (default 1)")->transform(decimal())->check(CLI::Range(1, 256));
    };

    auto ba = std::make_shared<EgtbArgs>();
    auto* build = egtb->add_subcommand("build", "build every slice up to --pieces pieces (resumes: keeps valid files)");
    add_variant_args(build, ba->v);
    build->add_option("--pieces", ba->pieces, "most pieces of a slice, both sides together")
        ->required()->transform(decimal())->check(CLI::Range(2, 8));
    dir_option(build, *ba);
    threads_option(build, *ba);
    build->add_option("--method", ba->method,
                      std::string("how a slice is solved: forward (passes over the stored moves) or unmove "
                                  "(retrograde, predecessors by unmove generation); same files (default ") +
                          eg::build_method_name(eg::default_build_method) + ")")
        ->check(CLI::IsMember({"forward", "unmove"}));
    out.push_back({build, [ba] { return run_build(*ba); }});

    auto pa = std::make_shared<EgtbArgs>();
    auto* probe = egtb->add_subcommand("probe", "the database value of a position and of each legal move");
    add_variant_args(probe, pa->v);
    dir_option(probe, *pa);
    probe->add_flag("--json", pa->json, "JSON output");
    out.push_back({probe, [pa] { return run_probe(*pa); }});

    auto ia = std::make_shared<EgtbArgs>();
    auto* info = egtb->add_subcommand("info", "the slices built and their counts");
    add_variant_args(info, ia->v);
    dir_option(info, *ia);
    info->add_flag("--json", ia->json, "JSON output");
    out.push_back({info, [ia] { return run_info(*ia); }});

    auto va = std::make_shared<EgtbArgs>();
    auto* verify = egtb->add_subcommand("verify", "check every position of every slice against its successors (exit 1 on a problem)");
    add_variant_args(verify, va->v);
    dir_option(verify, *va);
    threads_option(verify, *va);
    verify->add_flag("--json", va->json, "JSON output");
    out.push_back({verify, [va] { return run_verify(*va); }});
}

}  // namespace tgcli
