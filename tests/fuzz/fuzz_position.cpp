// Fuzzes position strings of every variant: parse; a string that parses must write back to a
// string that parses to the same position (round trip, twice the same text); the legal moves
// (unique and all paths) are generated; each is made and unmade (placement, state and hash
// restored), written in notation and read back to a move with the same result, and the
// position after it writes and reads back too.
#include <algorithm>
#include <memory>

#include "fuzz_common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/move.hpp"

using namespace tradgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto [v, text] = tgfuzz::pick(data, size);
    Position p;
    try {
        p = v->parse_position(text);
    } catch (const Error&) {
        return 0;  // rejected with a library error: fine
    }
    const std::string s = v->position_to_string(p);
    Position q;
    try {
        q = v->parse_position(s);
    } catch (const Error& e) {
        tgfuzz::require(false, v->name() + ": written position '" + s + "' does not read back: " + e.what());
    }
    tgfuzz::require(q == p && q.hash() == p.hash(), v->name() + ": round trip changes '" + s + "'");
    tgfuzz::require(v->position_to_string(q) == s, v->name() + ": second writing differs from '" + s + "'");

    for (Duplicates dup : {Duplicates::unique, Duplicates::all_paths}) {
        auto list = std::make_unique<MoveList>();
        try {
            v->generate(p, *list, dup);
        } catch (const Error&) {
            continue;  // a list overflow is reported as an Error
        }
        // Reading a move's text back generates the list again: for long lists (a Shatra position
        // has 1099 capture paths) only about 32 spread moves are read back, to keep runs fast.
        const std::size_t step = std::max<std::size_t>(1, list->size() / 32);
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Move& m = (*list)[i];
            const Position before = p;
            Undo u;
            v->make_move(p, m, u);
            const Position after = p;
            v->unmake_move(p, m, u);
            tgfuzz::require(p == before && p.hash() == before.hash(),
                            v->name() + ": make/unmake of " + v->move_to_string(before, m) + " in '" + s +
                                "' does not restore the position");
            if (dup != Duplicates::unique || i % step != 0) continue;
            const std::string written = v->move_to_string(before, m);
            try {
                const Move back = v->parse_move(before, written);
                Position again = before;
                Undo u2;
                v->make_move(again, back, u2);
                tgfuzz::require(again == after, v->name() + ": move text '" + written + "' in '" + s +
                                                    "' reads back to another move");
            } catch (const Error& e) {
                tgfuzz::require(false, v->name() + ": move text '" + written + "' in '" + s +
                                           "' does not read back: " + e.what());
            }
            const std::string as = v->position_to_string(after);
            try {
                tgfuzz::require(v->parse_position(as) == after,
                                v->name() + ": position after a move '" + as + "' reads back differently");
            } catch (const Error& e) {
                tgfuzz::require(false, v->name() + ": position after " + written + " in '" + s + "', '" + as +
                                           "', does not read back: " + e.what());
            }
        }
    }
    return 0;
}
