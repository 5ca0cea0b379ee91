// Reading a draughts descriptor from JSON: every field validated, a "base" merged under the
// descriptor, and every rule option checked at load.
#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "descriptor_json.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"
#include "tradgames/json_limits.hpp"

namespace tradgames {

namespace draughts_detail {

namespace {

// A name or choice of a rule option: settable as --option name=value and listable with commas.
bool option_word(std::string_view w) {
    return !w.empty() && w.size() <= 40 && std::all_of(w.begin(), w.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
}

// The rule options ("options": a list of DraughtsOptionDecl) into d.options.
void read_options(const json& v, const Reader& rd, DraughtsDescriptor& d) {
    if (!v.is_array()) rd.fail("options", "expected a list, got " + Reader::type_name(v));
    d.options.clear();
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string path = "options[" + std::to_string(i) + "]";
        const json& o = v[i];
        rd.members(o, path, {"name", "help", "field", "choices", "default"});
        DraughtsOptionDecl decl;
        auto text = [&](std::string_view key, std::string& out) {
            if (!o.contains(key)) return;
            if (!o.at(key).is_string()) rd.fail(path + "." + std::string(key), "expected a string");
            out = o.at(key).get<std::string>();
        };
        text("name", decl.name);
        text("help", decl.help);
        text("field", decl.field);
        text("default", decl.default_value);
        if (decl.name.empty()) rd.fail(path + ".name", "missing");
        if (!option_word(decl.name)) {
            rd.fail(path + ".name", tradgames::quoted(decl.name) +
                                        " is not 1-40 letters, digits, '-' or '_' (--option name=value)");
        }
        for (const DraughtsOptionDecl& other : d.options) {
            if (other.name == decl.name) rd.fail(path + ".name", tradgames::quoted(decl.name) + " is declared twice");
        }
        if (o.contains("choices")) {
            const json& c = o.at("choices");
            if (!c.is_object() || c.empty()) rd.fail(path + ".choices", "expected an object of word: patch");
            for (const auto& [word, patch] : c.items()) {
                if (!option_word(word)) {
                    rd.fail(path + ".choices", tradgames::quoted(word) +
                                                   " is not 1-40 letters, digits, '-' or '_'");
                }
                if (!patch.is_object()) rd.fail(path + ".choices." + word, "expected an object (a patch)");
                decl.choices.emplace_back(word, patch.dump());
            }
        }
        if (decl.field.empty() == decl.choices.empty()) {
            rd.fail(path, "needs either \"field\" or \"choices\"");
        }
        if (!decl.field.empty()) {
            const Field* f = find_field(decl.field);
            if (f == nullptr || f->type == FieldType::directions || f->type == FieldType::list ||
                f->type == FieldType::text || f->type == FieldType::group) {
                rd.fail(path + ".field", tradgames::quoted(decl.field) + " is not a boolean, number or word field");
            }
            if (!decl.default_value.empty()) rd.fail(path + ".default", "a field option's default is the field's value");
        } else {
            const bool known = std::any_of(decl.choices.begin(), decl.choices.end(),
                                           [&](const auto& c) { return c.first == decl.default_value; });
            if (!known) rd.fail(path + ".default", tradgames::quoted(decl.default_value) + " is not one of the choices");
        }
        d.options.push_back(std::move(decl));
    }
}

// The members the object at `path` may have: its fields' names, and "options" at the top.
std::vector<std::string> known_members(const std::string& path) {
    std::vector<std::string> known = members_of(path);
    if (path.empty()) known.emplace_back("options");
    return known;
}

// The members of the object j at `path` ("" for the top) into d, each through its field in the
// table; an object that is no field of its own (board, man, draw, ...) is read member by member.
void read_object(const json& j, const std::string& path, const Reader& rd, DraughtsDescriptor& d) {
    rd.members(j, path, known_members(path));
    for (const auto& [k, v] : j.items()) {
        const std::string at = Reader::join_path(path, k);
        if (path.empty() && k == "options") {
            read_options(v, rd, d);
            continue;
        }
        const Field* f = find_field(at);
        if (f == nullptr) {
            read_object(v, at, rd, d);
        } else if (f->type == FieldType::group) {
            f->set(d, v, rd, at);
            if (!v.is_null()) read_object(v, at, rd, d);
        } else {
            f->set(d, rd.scalar(v, at), rd, at);
        }
    }
}

}  // namespace

DraughtsDescriptor read_descriptor(const json& j, const Reader& rd) {
    DraughtsDescriptor d;
    rd.members(j, "", known_members(""));  // before "name" is missed: an unknown field says more
    if (!j.contains("name")) rd.fail("name", "missing: a descriptor names its variant");
    read_object(j, "", rd, d);
    // Cross-field checks: the board must hold the set-up.
    const int rows = d.board.shape == DraughtsBoard::Shape::chols ? d.board.height + 2 : d.board.height;
    if (2 * (d.setup_rows + d.setup_offset) > rows) {
        rd.fail("setup.rows", std::to_string(d.setup_rows) + " rows a side" +
                                  (d.setup_offset > 0 ? " after " + std::to_string(d.setup_offset) + " empty" : "") +
                                  " do not fit on " + std::to_string(rows) + " rows");
    }
    if (const int n = draughts_vertex_count(d.board); n > max_vertices) {
        rd.fail("board", "the board has " + std::to_string(n) + " squares; this build holds at most " +
                             std::to_string(max_vertices) + " (configure with -DTRADGAMES_MAX_VERTICES=128)");
    }
    if (d.board.shape == DraughtsBoard::Shape::chols && (d.board.width > 12 || d.board.height > 12)) {
        rd.fail("board", "a chols board has at most 12 lines each way");
    }
    if (d.man.letter == d.king.letter) rd.fail("king.letter", "the man and the king need different letters");
    if (d.man.symbol == d.king.symbol) rd.fail("king.symbol", "the man and the king need different symbols");
    if ((d.man.steps | d.man.captures | d.king.steps | d.king.captures) != 0 &&
        d.board.shape == DraughtsBoard::Shape::chols &&
        ((d.man.steps | d.man.captures | d.king.steps | d.king.captures) & diagonal_dirs) != 0) {
        rd.fail("board.shape", "a chols board has no diagonal links, but a piece uses a diagonal direction");
    }
    const DirectionSet linked = d.board.shape == DraughtsBoard::Shape::chols ? orthogonal_dirs
                                : d.board.links == DraughtsBoard::Links::diagonal ? diagonal_dirs
                                : d.board.links == DraughtsBoard::Links::orthogonal ? orthogonal_dirs
                                                                                    : all_dirs;
    for (const auto& [piece, name] : {std::pair{&d.man, "man"}, std::pair{&d.king, "king"}}) {
        if (((piece->steps | piece->captures) & ~linked) != 0) {
            rd.fail(std::string(name), "uses a direction the board has no links in (board.links)");
        }
    }
    return d;
}

}  // namespace draughts_detail

namespace {

using namespace draughts_detail;

// Every rule option of `d` checked at load rather than when chosen: each choice's patch, applied
// alone to the descriptor, must give a valid descriptor, and each field option must name a
// field the descriptor has (draughts_option_specs).
void check_options(const DraughtsDescriptor& d, std::string_view source) {
    try {
        (void)draughts_option_specs(d);
    } catch (const DescriptorError& e) {
        throw DescriptorError(std::string(source) + ": " + e.what());
    }
    for (const DraughtsOptionDecl& o : d.options) {
        for (const auto& [word, patch] : o.choices) {
            json j = to_json_value(d);
            j.merge_patch(json::parse(patch));
            (void)read_descriptor(j, Reader(std::string(source) + ": option " + tradgames::quoted(o.name) +
                                            " choice " + tradgames::quoted(word)));
        }
    }
}

}  // namespace

DraughtsDescriptor draughts_descriptor_from_json(std::string_view text, std::string_view source,
                                                 const DescriptorLookup& lookup) {
    const Reader rd(source);
    // Copying, comparing and dumping a value recurse: refuse deep nesting before parsing.
    if (const auto deep = json_nesting_error(text)) throw DescriptorError(std::string(source) + ": " + *deep);
    json j;
    try {
        j = json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number too large (fuzzing)
        std::string what = e.what();
        if (const auto p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
        throw DescriptorError(std::string(source) + ": malformed JSON: " + cut_message(what));
    }
    if (!j.is_object()) rd.fail("(top)", "expected an object, got " + Reader::type_name(j));
    if (j.contains("base")) {
        const json& b = j.at("base");
        if (!b.is_string()) rd.fail("base", "expected a variant name, got " + Reader::type_name(b));
        const std::string base = b.get<std::string>();
        const std::optional<std::string> base_text = lookup ? lookup(base) : std::nullopt;
        if (!base_text) rd.fail("base", tradgames::quoted(base) + " is not a draughts variant of this library");
        if (!j.contains("name")) rd.fail("name", "missing: a variant derived from a base needs its own name");
        json merged = json::parse(*base_text);
        // A derived variant is not the base's game: it has no PDN GameType unless it says so.
        merged["pdn_game_type"] = 0;
        json patch = j;
        patch.erase("base");
        merged.merge_patch(patch);
        j = std::move(merged);
    }
    DraughtsDescriptor d = read_descriptor(j, rd);
    check_options(d, source);
    return d;
}

}  // namespace tradgames
