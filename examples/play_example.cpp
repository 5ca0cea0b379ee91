// Plays a few moves given in notation, then lists the legal replies and the game's state.
//   usage: play_example [variant] [move...]     e.g. play_example russian c3-d4 d6-e5
#include "tradgames/registry.hpp"
#include <cstdio>
#include <string>

#include <tradgames/error.hpp>
#include <tradgames/game.hpp>

int main(int argc, char** argv) {
    const std::string name = argc > 1 ? argv[1] : "russian";
    try {
        tradgames::Game game(tradgames::make_variant(name));
        for (int i = 2; i < argc; ++i) game.play(argv[i]);
        const auto& v = game.variant();
        std::printf("position: %s\n", v.position_to_string(game.position()).c_str());
        std::printf("legal moves:");
        for (const auto& m : game.legal_moves()) {
            std::printf(" %s", v.move_to_string(game.position(), m).c_str());
        }
        std::printf("\nresult: %s %s\n", std::string(tradgames::to_string(game.result().outcome)).c_str(),
                    game.result().reason.c_str());
    } catch (const tradgames::Error& e) {
        std::fprintf(stderr, "play_example: %s\n", e.what());
        return 2;
    }
    return 0;
}
