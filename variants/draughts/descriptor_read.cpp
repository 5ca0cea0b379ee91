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

char letter_of(const Reader& rd, const json& j, std::string_view path) {
    const std::string s = j.get<std::string>();
    if (s.empty()) return '\0';
    if (s.size() != 1 || !std::isupper(static_cast<unsigned char>(s[0]))) {
        rd.fail(path, tradgames::quoted(s) + " is not empty or one capital letter");
    }
    return s[0];
}

void read_piece(const Reader& rd, const json& j, std::string_view name, DraughtsPiece& p) {
    rd.members(j, name, {"name", "letter", "symbol", "steps", "flying", "captures", "leap",
                         "landing", "victims"});
    auto at = [&](std::string_view k) { return Reader::join_path(name, k); };
    for (const auto& [k, v] : j.items()) {
        const std::string path = at(k);
        rd.scalar(v, path);
        if (k == "name") {
            p.name = v.get<std::string>();
            if (p.name.empty()) rd.fail(path, "must not be empty");
        } else if (k == "letter") {
            p.letter = letter_of(rd, v, path);
        } else if (k == "symbol") {
            const std::string s = v.get<std::string>();
            if (s.size() != 1 || !std::isalpha(static_cast<unsigned char>(s[0]))) {
                rd.fail(path, tradgames::quoted(s) + " is not one letter");
            }
            p.symbol = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
        } else if (k == "steps") {
            p.steps = dirs_of(v);
        } else if (k == "flying") {
            p.flying = v.get<bool>();
        } else if (k == "captures") {
            p.captures = dirs_of(v);
        } else if (k == "leap") {
            p.leap = enum_of(leap_words, v.get<std::string>());
        } else if (k == "landing") {
            p.landing = enum_of(landing_words, v.get<std::string>());
        } else if (k == "victims") {
            p.victims = 0;
            for (const json& e : v) p.victims |= e.get<std::string>() == "man" ? 1U : 2U;
        }
    }
}

// A name or choice of a rule option: settable as --option name=value and listable with commas.
bool option_word(std::string_view w) {
    return !w.empty() && w.size() <= 40 && std::all_of(w.begin(), w.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
}

}  // namespace

DraughtsDescriptor read_descriptor(const json& j, const Reader& rd) {
    DraughtsDescriptor d;
    rd.members(j, "", {"name", "description", "pdn_game_type", "board", "setup", "man", "king",
                       "king_move_limit", "capture", "draw", "notation", "options"});
    if (!j.contains("name")) rd.fail("name", "missing: a descriptor names its variant");
    for (const auto& [k, v] : j.items()) {
        if (k == "king_move_limit") {
            rd.scalar(v, k);
            d.king_move_limit = v.get<int>();
        } else if (k == "name" || k == "description" || k == "pdn_game_type") {
            rd.scalar(v, k);
            if (k == "name") {
                d.name = v.get<std::string>();
                const bool ok = !d.name.empty() && d.name.size() <= 40 &&
                                std::all_of(d.name.begin(), d.name.end(), [](char c) {
                                    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
                                });
                if (!ok) rd.fail(k, tradgames::quoted(d.name) + " is not 1-40 letters, digits, '-' or '_'");
            } else if (k == "description") {
                d.description = v.get<std::string>();
            } else {
                d.pdn_game_type = v.get<int>();
            }
        } else if (k == "board") {
            rd.members(v, k, {"shape", "width", "height", "squares", "orientation", "links"});
            for (const auto& [bk, bv] : v.items()) {
                const std::string path = "board." + bk;
                rd.scalar(bv, path);
                if (bk == "shape") d.board.shape = enum_of(shape_words, bv.get<std::string>());
                if (bk == "width") d.board.width = bv.get<int>();
                if (bk == "height") d.board.height = bv.get<int>();
                if (bk == "squares") d.board.all_squares = bv.get<std::string>() == "all";
                if (bk == "orientation") d.board.mirrored = bv.get<std::string>() == "mirrored";
                if (bk == "links") d.board.links = enum_of(link_words, bv.get<std::string>());
            }
        } else if (k == "setup") {
            rd.members(v, k, {"rows", "offset", "first"});
            for (const auto& [sk, sv] : v.items()) {
                rd.scalar(sv, "setup." + sk);
                if (sk == "rows") d.setup_rows = sv.get<int>();
                if (sk == "offset") d.setup_offset = sv.get<int>();
                if (sk == "first") d.first_side = enum_of(side_words, sv.get<std::string>());
            }
        } else if (k == "man") {
            read_piece(rd, v, "man", d.man);
        } else if (k == "king") {
            read_piece(rd, v, "king", d.king);
        } else if (k == "capture") {
            rd.members(v, k, {"removal", "no_180_turn", "promotion", "king_reverts", "paths", "precedence"});
            for (const auto& [ck, cv] : v.items()) {
                rd.scalar(cv, "capture." + ck);
                if (ck == "removal") d.removal = enum_of(removal_words, cv.get<std::string>());
                if (ck == "no_180_turn") d.no_180_turn = cv.get<bool>();
                if (ck == "promotion") d.promote_mid_capture = cv.get<std::string>() == "mid_capture";
                if (ck == "king_reverts") d.king_reverts = cv.get<bool>();
                if (ck == "paths") d.every_landing_distinct = cv.get<std::string>() == "every_landing";
                if (ck == "precedence") {
                    d.precedence.clear();
                    for (const json& e : cv) d.precedence.push_back(enum_of(precedence_words, e.get<std::string>()));
                }
            }
        } else if (k == "draw") {
            rd.members(v, k, {"repetition", "ply_cap", "no_progress_moves", "no_progress_label",
                              "bare", "bare_label", "fmjd64", "lone_king_vs_3_moves",
                              "lone_king_vs_2_moves", "lone_king_vs_2_kings_moves", "endings_label"});
            for (const auto& [dk, dv] : v.items()) {
                const std::string path = "draw." + dk;
                if (dk == "fmjd64") {
                    if (dv.is_null()) {
                        d.draws.fmjd64.reset();
                        continue;
                    }
                    rd.members(dv, path, {"three_kings_vs_one", "kings_only", "material_4_5",
                                          "material_6_7", "main_road", "small_ending"});
                    Fmjd64Draws f;
                    for (const auto& [fk, fv] : dv.items()) {
                        rd.scalar(fv, path + "." + fk);
                        const int n = fv.get<int>();
                        if (fk == "three_kings_vs_one") f.three_kings_vs_one = n;
                        if (fk == "kings_only") f.kings_only = n;
                        if (fk == "material_4_5") f.material_4_5 = n;
                        if (fk == "material_6_7") f.material_6_7 = n;
                        if (fk == "main_road") f.main_road = n;
                        if (fk == "small_ending") f.small_ending = n;
                    }
                    d.draws.fmjd64 = f;
                    continue;
                }
                rd.scalar(dv, path);
                if (dk == "repetition") {
                    d.draws.repetition = dv.get<int>();
                    if (d.draws.repetition == 1) {
                        rd.fail(path, "1 would end every game at once; use 0 (off) or at least 2");
                    }
                }
                if (dk == "ply_cap") d.draws.ply_cap = dv.get<int>();
                if (dk == "no_progress_moves") d.draws.no_progress_moves = dv.get<int>();
                if (dk == "no_progress_label") d.draws.no_progress_label = dv.get<std::string>();
                if (dk == "bare") d.draws.bare = dv.get<bool>();
                if (dk == "bare_label") d.draws.bare_label = dv.get<std::string>();
                if (dk == "lone_king_vs_3_moves") d.draws.lone_king_vs_3_moves = dv.get<int>();
                if (dk == "lone_king_vs_2_moves") d.draws.lone_king_vs_2_moves = dv.get<int>();
                if (dk == "lone_king_vs_2_kings_moves") d.draws.lone_king_vs_2_kings_moves = dv.get<int>();
                if (dk == "endings_label") d.draws.endings_label = dv.get<std::string>();
            }
        } else if (k == "notation") {
            rd.members(v, k, {"squares", "capture_separator", "landings", "ranges", "ignored_fen_fields"});
            for (const auto& [nk, nv] : v.items()) {
                const std::string path = "notation." + nk;
                rd.scalar(nv, path);
                if (nk == "squares") d.notation.numeric = nv.get<std::string>() == "numeric";
                if (nk == "capture_separator") d.notation.capture_separator = nv.get<std::string>()[0];
                if (nk == "landings") d.notation.landings = enum_of(landings_words, nv.get<std::string>());
                if (nk == "ranges") d.notation.ranges = nv.get<bool>();
                if (nk == "ignored_fen_fields") {
                    d.notation.ignored_fields = nv.get<std::string>();
                    for (char c : d.notation.ignored_fields) {
                        if (!std::isupper(static_cast<unsigned char>(c)) || c == 'W' || c == 'B') {
                            rd.fail(path, "must be capital letters other than W and B");
                        }
                    }
                }
            }
        } else if (k == "options") {
            if (!v.is_array()) rd.fail(k, "expected a list, got " + Reader::type_name(v));
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
                        f->type == FieldType::text) {
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
    }
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
