// Counts the leaves of the move tree of a variant's initial position: the smallest program
// that links tradgames.   usage: perft_example [variant] [depth]
#include "tradgames/registry.hpp"
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include <tradgames/error.hpp>
#include <tradgames/perft.hpp>
#include <tradgames/variant.hpp>

int main(int argc, char** argv) {
    const std::string name = argc > 1 ? argv[1] : "russian";
    const int depth = argc > 2 ? std::atoi(argv[2]) : 6;
    try {
        const auto variant = tradgames::make_variant(name);
        const tradgames::Position pos = variant->initial_position();
        for (int d = 1; d <= depth; ++d) {
            std::printf("%s perft(%d) = %llu\n", name.c_str(), d,
                        static_cast<unsigned long long>(tradgames::perft(*variant, pos, d)));
        }
    } catch (const tradgames::Error& e) {
        std::fprintf(stderr, "perft_example: %s\n", e.what());
        return 2;
    }
    return 0;
}
