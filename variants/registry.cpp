// The registry of built-in games, a table filled from the build: every draughts descriptor
// compiled in from variants/<game>/*.json and every game written in C++ (a folder with a
// registry_entry.hpp, e.g. Shatra), as equal entries (builtin_descriptors.hpp). Above the core:
// the core library names no game, and this file branches on none.
#include "tradgames/registry.hpp"
#include "tradgames/registry_json.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>

#include "tradgames/board_graph.hpp"
#include "tradgames/error.hpp"
#include "tradgames/io/json.hpp"
#include "builtin_descriptors.hpp"

namespace tradgames {

namespace {

struct Entry {
    VariantInfo info;
    std::function<std::shared_ptr<const Variant>(const std::vector<std::string>&)> make;
    std::function<std::vector<OptionSpec>()> specs;
    int board_width = 0;  // for the full PDN GameType form
    int board_height = 0;
};

// Where the games stand in listings (`tradgames variants`, list_variants()) and their other
// names. Registration does not read this table: every game the build found is registered, and
// one not named here is listed after these, in file order.
struct Listing {
    const char* name;
    std::vector<std::string> aliases;
};

const std::vector<Listing>& listing() {
    static const std::vector<Listing> b = {
        {"russian", {}},       {"tobit", {}},         {"tobit-4x4", {}},
        {"shatra", {}},        {"international", {}}, {"brazilian", {}},
        {"english", {"checkers"}}, {"pool", {}},      {"czech", {}},
        {"thai", {}},          {"canadian", {}},      {"italian", {}},
        {"spanish", {}},       {"frisian", {}},       {"turkish", {}},
    };
    return b;
}

std::size_t listing_rank(std::string_view name) {
    const auto& l = listing();
    std::size_t i = 0;
    while (i < l.size() && l[i].name != name) ++i;
    return i;
}

std::vector<std::string> listed_aliases(std::string_view name) {
    const std::size_t i = listing_rank(name);
    return i < listing().size() ? listing()[i].aliases : std::vector<std::string>{};
}

// A built-in descriptor's text by the stem of its file (the stem is the game's name).
const std::string* builtin_text(std::string_view file) {
    for (const auto& [name, text] : builtin_descriptor_texts()) {
        if (name == file) return &text;
    }
    return nullptr;
}

// A built-in descriptor that this build cannot hold: its board has more vertices than the vertex
// sets (TRADGAMES_MAX_VERTICES). The reader says so in its message (variants/draughts/descriptor_read.cpp).
bool needs_wider_build(const DescriptorError& e) {
    return std::string_view(e.what()).find("-DTRADGAMES_MAX_VERTICES=128") != std::string_view::npos;
}

struct Tables {
    std::vector<Entry> entries;
    std::vector<UnavailableVariant> unavailable;
};

const Tables& tables();

const std::vector<Entry>& registry() { return tables().entries; }

std::optional<std::string> lookup_descriptor(std::string_view name);

Entry draughts_entry(const std::string& text, const std::string& source, std::vector<std::string> aliases) {
    auto d = std::make_shared<const DraughtsDescriptor>(
        draughts_descriptor_from_json(text, source));
    Entry e;
    e.info = {d->name, d->description, std::move(aliases), d->pdn_game_type,
              draughts_descriptor_to_json(*d)};
    e.make = [d](const std::vector<std::string>& o) { return make_draughts_variant(*d, o); };
    e.specs = [d] { return draughts_option_specs(*d); };
    e.board_width = d->board.width;
    e.board_height = d->board.height;
    return e;
}

Entry coded_entry(const CodedGame& g) {
    Entry e;
    e.info = {g.name, g.description, listed_aliases(g.name), 0, ""};
    e.make = g.make;
    e.specs = g.specs;
    return e;
}

const Tables& tables() {
    static const Tables r = [] {
        Tables out;
        // Every game the build found, C++ games and descriptors alike, in listing order.
        struct Found {
            std::string name;
            const CodedGame* coded;
            const std::string* text;
        };
        std::vector<Found> found;
        for (const CodedGame& g : builtin_coded_games()) found.push_back({g.name, &g, nullptr});
        for (const auto& [stem, text] : builtin_descriptor_texts()) found.push_back({stem, nullptr, &text});
        std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
            return listing_rank(a.name) < listing_rank(b.name);
        });
        // A "base" names a registered game or, if that comes later, a built-in descriptor.
        std::function<std::optional<std::string>(std::string_view)> base =
            [&](std::string_view n) -> std::optional<std::string> {
            for (const Entry& e : out.entries) {
                if (e.info.name == n && !e.info.descriptor_json.empty()) return e.info.descriptor_json;
            }
            if (const std::string* t = builtin_text(n)) {
                return draughts_descriptor_to_json(draughts_descriptor_from_json(*t, std::string(n) + ".json", base));
            }
            return std::nullopt;
        };
        for (const Found& f : found) {
            if (f.coded != nullptr) {
                out.entries.push_back(coded_entry(*f.coded));
                continue;
            }
            const std::string source = f.name + ".json";
            try {
                const DraughtsDescriptor d = draughts_descriptor_from_json(*f.text, source, base);
                (void)make_draughts_board(d);
                out.entries.push_back(draughts_entry(draughts_descriptor_to_json(d), source, listed_aliases(d.name)));
            } catch (const DescriptorError& e) {
                // A board wider than this build's vertex sets (Canadian's 72 squares in a
                // 64-vertex build) is listed as unavailable, with what it needs.
                if (!needs_wider_build(e)) throw;
                const auto j = nlohmann::json::parse(*f.text);
                out.unavailable.push_back({j.value("name", f.name), j.value("description", std::string()),
                                           "needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)"});
            }
        }
        return out;
    }();
    return r;
}

bool same_name(std::string_view a, std::string_view b) {  // ASCII case-insensitive
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

const Entry* find(std::string_view name) {
    for (const Entry& e : registry()) {
        if (same_name(e.info.name, name)) return &e;
        for (const std::string& a : e.info.aliases) {
            if (same_name(a, name)) return &e;
        }
    }
    return nullptr;
}

std::string known_names() {
    std::string known;
    for (const Entry& e : registry()) known += (known.empty() ? "" : ", ") + e.info.name;
    return known;
}

const Entry& lookup(std::string_view name) {
    if (const Entry* e = find(name)) return *e;
    for (const UnavailableVariant& u : tables().unavailable) {
        if (same_name(u.name, name)) throw OptionError("variant " + tradgames::quoted(name) + " " + u.reason);
    }
    throw OptionError("unknown variant " + tradgames::quoted(name) + " (known: " + known_names() + ")");
}

std::optional<std::string> lookup_descriptor(std::string_view name) {
    const Entry* e = find(name);
    if (e == nullptr || e->info.descriptor_json.empty()) return std::nullopt;
    return e->info.descriptor_json;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

[[noreturn]] void fail(const PdnGame& g, const std::string& what) {
    throw PdnError(g.label() + ", line " + std::to_string(g.line) + ": " + what, g.index, g.line);
}

}  // namespace

nlohmann::json variant_info_json(const VariantInfo& info) {
    nlohmann::json e = variant_entry_json(info.name, info.description, variant_options(info.name));
    e["aliases"] = info.aliases;
    e["pdn_game_type"] = info.pdn_game_type > 0 ? nlohmann::json(info.pdn_game_type) : nlohmann::json(nullptr);
    e["descriptor"] = info.descriptor_json.empty() ? nlohmann::json(nullptr)
                                                   : nlohmann::json::parse(info.descriptor_json);
    return e;
}

std::vector<VariantInfo> list_variants() {
    std::vector<VariantInfo> r;
    for (const Entry& e : registry()) r.push_back(e.info);
    return r;
}

VariantInfo variant_info(std::string_view name) { return lookup(name).info; }

std::vector<UnavailableVariant> unavailable_variants() { return tables().unavailable; }

std::shared_ptr<const Variant> make_variant(std::string_view name,
                                            const std::vector<std::string>& options) {
    return lookup(name).make(options);
}

std::vector<OptionSpec> variant_options(std::string_view name) { return lookup(name).specs(); }

DraughtsDescriptor read_descriptor(std::string_view json_text, std::string_view source) {
    return draughts_descriptor_from_json(json_text, source, lookup_descriptor);
}

std::shared_ptr<const Variant> make_variant_from_json(std::string_view json_text,
                                                      const std::vector<std::string>& options,
                                                      std::string_view source) {
    const DraughtsDescriptor d = read_descriptor(json_text, source);
    try {
        return make_draughts_variant(d, options);
    } catch (const OptionError& e) {  // name the file the options are declared in
        if (source.empty()) throw;
        throw OptionError(std::string(source) + ": " + e.what());
    }
}

std::shared_ptr<const Variant> make_variant_from_file(const std::string& path,
                                                      const std::vector<std::string>& options) {
    constexpr std::size_t limit = std::size_t{1} << 20;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw DescriptorError(path + ": cannot open the descriptor file");
    std::string text;
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > limit) throw DescriptorError(path + ": larger than 1 MiB; not a descriptor");
    }
    if (in.bad()) throw DescriptorError(path + ": cannot read the descriptor file");
    return make_variant_from_json(text, options, path);
}

std::string pdn_variant_name(const PdnGame& record, std::string_view fallback) {
    std::string from_type;
    if (const std::string* gt = record.tag("GameType")) {
        const std::string_view v = trim(*gt);
        std::vector<std::string_view> f;
        for (std::string_view rest = v; !rest.empty();) {
            const std::size_t c = rest.find(',');
            f.push_back(trim(rest.substr(0, c)));
            rest = c == std::string_view::npos ? std::string_view{} : rest.substr(c + 1);
        }
        const Entry* found = nullptr;
        for (const Entry& e : registry()) {
            if (e.info.pdn_game_type > 0 && !f.empty() && f[0] == std::to_string(e.info.pdn_game_type)) {
                found = &e;
                break;
            }
        }
        // The full form "25,W,8,8,A0,0": GameType, first side, width, height, notation, invert.
        if (found != nullptr && f.size() > 1) {
            const bool ok = f.size() >= 4 && (f[1] == "W" || f[1] == "B") &&
                            f[2] == std::to_string(found->board_width) &&
                            f[3] == std::to_string(found->board_height);
            if (!ok) found = nullptr;
        }
        if (found == nullptr) {
            std::string supported;
            for (const Entry& e : registry()) {
                if (e.info.pdn_game_type == 0) continue;
                supported += (supported.empty() ? "" : ", ") + std::to_string(e.info.pdn_game_type) +
                             " (" + e.info.name + ")";
            }
            fail(record, "unsupported [GameType " + tradgames::quoted(*gt) + "]: tradgames reads GameType " +
                             supported + "; its other games are named by a [Variant] tag");
        }
        from_type = found->info.name;
    }
    if (const std::string* vt = record.tag("Variant")) {
        const Entry* e = find(trim(*vt));
        if (e == nullptr) fail(record, "unknown [Variant " + tradgames::quoted(*vt) + "] (known: " + known_names() + ")");
        if (!from_type.empty() && from_type != e->info.name) {
            fail(record, "[Variant " + tradgames::quoted(*vt) + "] contradicts [GameType " +
                             tradgames::quoted(*record.tag("GameType")) + "]");
        }
        return e->info.name;
    }
    return from_type.empty() ? std::string(fallback) : from_type;
}

Game replay_pdn(const PdnGame& record, std::string_view fallback,
                const std::vector<std::string>& options) {
    return replay_pdn(record, make_variant(pdn_variant_name(record, fallback), options));
}

Game replay_pdn(const PdnGame& record, std::shared_ptr<const Variant> variant) {
    Game game = pdn_start(record, std::move(variant));
    play_pdn(record, game);
    return game;
}

}  // namespace tradgames
