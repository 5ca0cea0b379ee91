// Fuzzes PDN reading and replay: the input is read as a whole string and streamed from a
// std::istream in small chunks (its first byte picks the chunk size, 1 to 16), the two readers
// must yield the same games and errors; each game (at most 20) is replayed with replay_pdn,
// where only library errors may come out.
#include <sstream>

#include "fuzz_common.hpp"
#include "tradgames/error.hpp"
#include "tradgames/io/pdn.hpp"

using namespace tradgames;

namespace {

std::string summary(PdnReader& r, std::vector<PdnGame>* games) {
    std::string out;
    for (int n = 0; n < 1000; ++n) {
        try {
            auto g = r.next();
            if (!g) break;
            out += "game " + std::to_string(g->index) + "@" + std::to_string(g->line) + "/" + std::to_string(g->offset);
            for (const PdnTag& t : g->tags) out += " [" + t.name + "=" + t.value + "]";
            for (const PdnMove& m : g->moves) out += " " + std::to_string(m.number) + "." + m.text + "@" + std::to_string(m.line);
            out += " " + g->result.text + "\n";
            if (games != nullptr && games->size() < 20) games->push_back(std::move(*g));
        } catch (const PdnError& e) {
            out += "error " + std::to_string(e.game()) + " " + std::to_string(e.line()) + " " + e.what() + "\n";
        } catch (const PdnInputError& e) {
            out += std::string("stopped ") + e.what() + "\n";
        }
    }
    return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t chunk = 1 + data[0] % 16;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    std::vector<PdnGame> games;
    PdnReader whole(text);
    const std::string a = summary(whole, &games);
    std::istringstream in(text);
    PdnReader streamed(in, chunk);
    const std::string b = summary(streamed, nullptr);
    tgfuzz::require(a == b, "string and stream readers differ (chunk " + std::to_string(chunk) + "):\n" + a + "---\n" + b);
    for (const PdnGame& g : games) {
        try {
            (void)replay_pdn(g);
        } catch (const Error&) {
        }
    }
    return 0;
}
