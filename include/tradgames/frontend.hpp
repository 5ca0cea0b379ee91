// tradgames: the contract every front end (the CLI, the Python module, the WebAssembly module)
// keeps with the library: the limits of the arguments they pass on, and the classes of library
// errors they distinguish. Defined here once; each front end maps each class to its own error
// (the CLI: one line on stderr and exit 2; Python: tradgames.<name>; JavaScript:
// TradgamesError with type <name>). Implemented in libtradgames (variants/frontend.cpp), which
// knows every error class of the library, the engine's included.
#pragma once

#include <cstdint>
#include <exception>
#include <span>
#include <string_view>

namespace tradgames {

/// Deepest perft a front end runs (plies; the positions' undo stacks hold this many).
inline constexpr int max_perft_depth = 64;
/// Most playout games one call of a front end plays.
inline constexpr std::uint64_t max_games = 1'000'000'000;
/// Most worker threads a front end starts (0: one per hardware thread).
inline constexpr unsigned max_threads = 1024;

/// Throws OptionError "perft depth D is not in 0..64" unless 0 <= depth <= max_perft_depth.
void check_perft_depth(long long depth);
/// Throws OptionError "games N is not in 1..1000000000" unless 1 <= games <= max_games.
void check_games(std::uint64_t games);
/// Throws OptionError "threads N is not in 0..1024" unless threads <= max_threads.
void check_threads(std::uint64_t threads);

/// One class of library error: its name (the C++ class name, also the Python class and the
/// JavaScript TradgamesError.type), the name of its base class ("" for Error, whose Python
/// base is ValueError), and one line saying what it means.
struct ErrorClass {
    std::string_view name;
    std::string_view base;
    std::string_view doc;
};

/// Every class of error the library throws, each after its base (Error first).
[[nodiscard]] std::span<const ErrorClass> error_classes() noexcept;

/// The name of the most specific class in error_classes() that e is an instance of, or "" if e
/// is not a tradgames::Error (std::bad_alloc, a bug).
[[nodiscard]] std::string_view error_class_name(const std::exception& e) noexcept;

}  // namespace tradgames
