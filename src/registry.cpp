#include <cctype>
#include <functional>

#include "tradgames/error.hpp"
#include "tradgames/variant.hpp"
#include "russian/russian.hpp"
#include "tobit/tobit.hpp"
#include "shatra/shatra.hpp"

namespace tradgames {

namespace {

struct Entry {
    const char* name;
    const char* description;
    std::function<std::shared_ptr<const Variant>(const std::vector<std::string>&)> make;
    std::function<std::vector<OptionSpec>()> specs;
};

const std::vector<Entry>& registry() {
    static const std::vector<Entry> r = {
        {"russian", "Russian checkers (shashki), 8x8", russian::make, russian::option_specs},
        {"tobit", "Tobit (Khakas draughts), 5x4 chols, 38 points",
         [](const std::vector<std::string>& o) { return tobit::make(tobit::standard_board, o); },
         tobit::option_specs},
        {"tobit-4x4", "Tobit (Khakas draughts), 4x4 chols, 32 points",
         [](const std::vector<std::string>& o) { return tobit::make(tobit::small_board, o); },
         tobit::option_specs},
        {"shatra", "Shatra (Altai chess-draughts), extended version, 62 squares", shatra::make,
         shatra::option_specs},
    };
    return r;
}

bool same_name(std::string_view a, std::string_view b) {  // ASCII case-insensitive
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

const Entry& lookup(std::string_view name) {
    for (const Entry& e : registry()) {
        if (same_name(e.name, name)) return e;
    }
    std::string known;
    for (const Entry& e : registry()) known += (known.empty() ? "" : ", ") + std::string(e.name);
    throw OptionError("unknown variant " + quoted(name) + " (known: " + known + ")");
}

}  // namespace

std::vector<VariantInfo> list_variants() {
    std::vector<VariantInfo> r;
    for (const Entry& e : registry()) r.push_back({e.name, e.description});
    return r;
}

std::shared_ptr<const Variant> make_variant(std::string_view name,
                                            const std::vector<std::string>& options) {
    return lookup(name).make(options);
}

std::vector<OptionSpec> variant_options(std::string_view name) { return lookup(name).specs(); }

}  // namespace tradgames
