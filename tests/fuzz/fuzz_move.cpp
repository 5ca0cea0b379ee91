// Fuzzes move text through Game::play: the input's first line names the variant, the second
// may be a position string (empty: the initial position); each further line is played, either
// as written or, for a line "#<byte>", as the notation of the legal move that byte picks (so
// that games go deep). Only library errors may come out; after the moves, undo() takes every
// move back to the start position.
#include <memory>

#include "fuzz_common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/move.hpp"

using namespace tradgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto [vp, text] = tgfuzz::pick(data, size);
    std::shared_ptr<const Variant> v;
    for (const auto& x : tgfuzz::variants()) {
        if (x.get() == vp) v = x;
    }
    std::size_t nl = text.find('\n');
    const std::string_view fen = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    std::unique_ptr<Game> g;
    try {
        g = fen.empty() ? std::make_unique<Game>(v) : std::make_unique<Game>(v, v->parse_position(fen));
    } catch (const Error&) {
        return 0;
    }
    const Position start = g->start_position();
    while (!text.empty()) {
        nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        std::string move(line);
        bool picked = false;  // the notation of a legal move, which must be accepted
        if (line.size() == 2 && line[0] == '#') {
            auto list = std::make_unique<MoveList>();
            v->generate(g->position(), *list);
            if (list->empty()) continue;
            const Move& m = (*list)[static_cast<unsigned char>(line[1]) % list->size()];
            move = v->move_to_string(g->position(), m);
            picked = true;
        }
        const bool over = g->result().over();
        try {
            g->play(std::string_view(move));
            tgfuzz::require(!over, v->name() + ": a move was played after the game ended");
        } catch (const Error&) {
            tgfuzz::require(over || !picked, v->name() + ": the notation '" + move +
                                                         "' of a legal move was rejected");
        }
    }
    while (g->ply() > 0) g->undo();
    tgfuzz::require(g->position() == start, v->name() + ": undo does not return to the start");
    return 0;
}
