// The `tradgames` command: legal moves, perft, games and pictures for every registered variant.
// Bad input prints one line on stderr and exits 2: "tradgames: error: CLASS: MESSAGE", CLASS the
// library's error class (tradgames/frontend.hpp; a bad command line is an OptionError); a run
// that completes exits 0 (a subcommand may define other statuses, e.g. replay exits 1 when a game
// fails to replay).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"

namespace {

// Every subcommand file registers itself here.
constexpr tgcli::Registrar registrars[] = {
    tgcli::register_core_commands,
    tgcli::register_replay_command,
    tgcli::register_play_commands,
    tgcli::register_match_command,
    tgcli::register_search_command,
    tgcli::register_tune_command,
    tgcli::register_hub_command,
    tgcli::register_dxp_command,
    tgcli::register_egtb_commands,
    tgcli::register_study_command,
};

/// `status`, or 2 with one line on stderr when standard output could not be written (a full
/// disk, a closed file): a cut-off answer must not pass for a whole one.
int flushed(int status) {
    std::cout.flush();
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0 || !std::cout) {
        tgcli::print_error("", std::string("cannot write to standard output: ") + std::strerror(errno));
        return 2;
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"tradgames: rules, move generation, perft and games for traditional board games: "
                 "Russian checkers, Shatra, Tobit and the draughts games (`tradgames variants` lists them)"};
    app.name("tradgames");  // the usage line names the command, not the path it was run by
    app.require_subcommand(1);
    app.footer("Run `tradgames SUBCOMMAND --help` for a subcommand's options. Short options: -v "
               "(--variant), -f (--fen), -d (--depth), -m (--last-move), -o (output file).");
    app.set_version_flag("--version", "tradgames 0.1.0");
    std::vector<tgcli::Command> commands;
    for (auto reg : registrars) reg(app, commands);
    // `tradgames` alone and `tradgames help [SUBCOMMAND]` print the usage (exit 0).
    if (argc == 1 || (argc <= 3 && std::string_view(argv[1]) == "help")) {
        try {
            std::cout << (argc == 3 ? app.get_subcommand(argv[2])->help("tradgames") : app.help());
        } catch (const CLI::OptionNotFound&) {
            tgcli::print_error("OptionError", "no subcommand " + tradgames::quoted(argv[2]) + " (run `tradgames help`)");
            return 2;
        }
        return flushed(0);
    }
    try {
        app.parse(argc, argv);
        for (const auto& c : commands) {
            if (c.app->parsed()) return flushed(c.run());
        }
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return flushed(0);
    } catch (const CLI::CallForVersion&) {
        std::cout << "tradgames 0.1.0\n";
        return flushed(0);
    } catch (const CLI::ParseError& e) {  // the command line itself: an option or value it refuses
        tgcli::print_error("OptionError", e.what());
        return 2;
    } catch (const std::bad_alloc&) {
        tgcli::print_error("", "out of memory");
        return 2;
    } catch (const std::exception& e) {
        tgcli::print_error(tradgames::error_class_name(e), e.what());
        return 2;
    }
    return 0;
}
