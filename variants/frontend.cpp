// The front-end contract (tradgames/frontend.hpp): argument limits and the table of error
// classes.
#include "tradgames/frontend.hpp"

#include <array>
#include <string>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/study.hpp"
#include "tradgames/error.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/shard.hpp"

namespace tradgames {

void check_perft_depth(long long depth) {
    if (depth < 0 || depth > max_perft_depth) {
        throw OptionError("perft depth " + std::to_string(depth) + " is not in 0.." + std::to_string(max_perft_depth));
    }
}

void check_games(std::uint64_t games) {
    if (games < 1 || games > max_games) {
        throw OptionError("games " + std::to_string(games) + " is not in 1.." + std::to_string(max_games));
    }
}

void check_threads(std::uint64_t threads) {
    if (threads > max_threads) {
        throw OptionError("threads " + std::to_string(threads) + " is not in 0.." + std::to_string(max_threads));
    }
}

namespace {

struct Row {
    ErrorClass c;
    bool (*is)(const std::exception&);
};

template <class E>
bool is(const std::exception& e) {
    return dynamic_cast<const E*>(&e) != nullptr;
}

// Each class after its base; error_class_name takes the last match, the most specific one.
constexpr std::array rows{
    Row{{"Error", "", "Base of every tradgames error."}, is<Error>},
    Row{{"ParseError", "Error", "Malformed text: a position string, a move, a square name, a PDN record."},
        is<ParseError>},
    Row{{"PdnError", "ParseError", "A malformed PDN game; attributes game (1-based index) and line."}, is<PdnError>},
    Row{{"PositionError", "Error", "A well-formed position that the rules forbid."}, is<PositionError>},
    Row{{"IllegalMoveError", "Error", "A move or action that is not legal in the position; it carries the reason, the rule and the legal alternatives."}, is<IllegalMoveError>},
    Row{{"AmbiguousMoveError", "IllegalMoveError", "A move text that matches several legal moves."},
        is<AmbiguousMoveError>},
    Row{{"OptionError", "Error", "An unknown variant or rule option, or a value outside its domain."},
        is<OptionError>},
    Row{{"BoardError", "Error", "A board graph that cannot be compiled."}, is<BoardError>},
    Row{{"DescriptorError", "Error", "A variant descriptor (JSON) that cannot be read."}, is<DescriptorError>},
    Row{{"PdnInputError", "Error", "A PDN input whose reading stops (an I/O error, a game over the size limit)."},
        is<PdnInputError>},
    Row{{"PdnLimitError", "PdnInputError", "A PDN game or text longer than the reader's limit; attribute line."}, is<PdnLimitError>},
    Row{{"ShardError", "Error", "Partial results (shards) that cannot be read or merged."},
        is<ShardError>},
    Row{{"EgtbError", "Error", "An endgame database file that is missing, corrupt or of another game."}, is<engine::egtb::EgtbError>},
    Row{{"StudyError", "Error", "Study results that cannot be read or merged."}, is<engine::StudyError>},
};

constexpr std::array<ErrorClass, rows.size()> classes = [] {
    std::array<ErrorClass, rows.size()> r{};
    for (std::size_t i = 0; i < rows.size(); ++i) r[i] = rows[i].c;
    return r;
}();

}  // namespace

std::span<const ErrorClass> error_classes() noexcept { return classes; }

std::string_view error_class_name(const std::exception& e) noexcept {
    std::string_view name;
    for (const Row& r : rows) {
        if (r.is(e)) name = r.c.name;
    }
    return name;
}

}  // namespace tradgames
