// Fuzzes variant descriptor files (JSON): a descriptor is read and its variant built; when it
// builds, its initial position writes and reads back, and perft to depth 2 runs (make/unmake
// over every move). Only library errors may come out.
#include "fuzz_common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/perft.hpp"

using namespace tradgames;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::shared_ptr<const Variant> v;
    try {
        v = make_variant_from_json(text, {}, "fuzz");
    } catch (const Error&) {
        return 0;
    }
    Position p = v->initial_position();
    const std::string s = v->position_to_string(p);
    try {
        tgfuzz::require(v->parse_position(s) == p, "descriptor variant: initial position '" + s + "' reads back differently");
    } catch (const Error& e) {
        tgfuzz::require(false, "descriptor variant: initial position '" + s + "' does not read back: " + e.what());
    }
    try {
        (void)v->perft(p, 2, PerftOptions{});
    } catch (const Error&) {
    }
    tgfuzz::require(p == v->initial_position(), "descriptor variant: perft does not restore the position");
    return 0;
}
