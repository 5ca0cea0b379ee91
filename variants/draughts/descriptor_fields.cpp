// The draughts descriptor as one table of fields (descriptor_json.hpp): path, type, allowed
// words or range, the rule it encodes and where it lives in DraughtsDescriptor; and the
// reader's check of a value against its field.
#include <algorithm>
#include <cctype>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "descriptor_json.hpp"
#include "tradgames/error.hpp"
#include "tradgames/json_limits.hpp"

namespace tradgames::draughts_detail {

std::string join(const std::vector<std::string>& v) {
    std::string r;
    for (const auto& s : v) r += (r.empty() ? "" : ", ") + s;
    return r;
}

const std::vector<std::string>& direction_words() {
    static const std::vector<std::string> w = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
    return w;
}

// ---------------------------------------------------------------------------------------------
// Row builders: a field of each type, given where it lives in the descriptor (`at`, a generic
// lambda returning a reference to the member for a const or non-const descriptor).

namespace {

using D = DraughtsDescriptor;
using Check = std::function<std::string(const json&)>;  // "" or why the value is refused

template <class At>
Field boolean(std::string path, At at, std::string doc) {
    return {std::move(path), FieldType::boolean, {}, 0, 0, std::move(doc),
            [at](const D& d) { return json(at(d)); },
            [at](D& d, const json& v, const Reader&, const std::string&) { at(d) = v.get<bool>(); }};
}

template <class At>
Field integer(std::string path, long min, long max, At at, std::string doc, Check check = {}) {
    return {std::move(path), FieldType::integer, {}, min, max, std::move(doc),
            [at](const D& d) { return json(at(d)); },
            [at, check](D& d, const json& v, const Reader& rd, const std::string& p) {
                if (check) {
                    if (const std::string why = check(v); !why.empty()) rd.fail(p, why);
                }
                at(d) = v.get<int>();
            }};
}

template <class At>
Field text(std::string path, At at, std::string doc, Check check = {}) {
    return {std::move(path), FieldType::text, {}, 0, 0, std::move(doc),
            [at](const D& d) { return json(at(d)); },
            [at, check](D& d, const json& v, const Reader& rd, const std::string& p) {
                if (check) {
                    if (const std::string why = check(v); !why.empty()) rd.fail(p, why);
                }
                at(d) = v.get<std::string>();
            }};
}

template <class E, std::size_t N, class At>
Field word(std::string path, const Words<E, N>& w, At at, std::string doc) {
    return {std::move(path), FieldType::word, word_list(w), 0, 0, std::move(doc),
            [&w, at](const D& d) { return json(word_of(w, at(d))); },
            [&w, at](D& d, const json& v, const Reader&, const std::string&) {
                at(d) = enum_of(w, v.get<std::string>());
            }};
}

template <class At>
Field directions(std::string path, At at, std::string doc) {
    return {std::move(path), FieldType::directions, direction_words(), 0, 0, std::move(doc),
            [at](const D& d) { return dirs_json(at(d)); },
            [at](D& d, const json& v, const Reader&, const std::string&) { at(d) = dirs_of(v); }};
}

// A piece's letter or symbol: one character, written as a string ('\0': "").
template <class At>
Field character(std::string path, At at, std::string doc, Check check) {
    return {std::move(path), FieldType::text, {}, 0, 0, std::move(doc),
            [at](const D& d) { return json(at(d) == '\0' ? std::string() : std::string(1, at(d))); },
            [at, check](D& d, const json& v, const Reader& rd, const std::string& p) {
                if (const std::string why = check(v); !why.empty()) rd.fail(p, why);
                const std::string s = v.get<std::string>();
                at(d) = s.empty() ? '\0' : s[0];
            }};
}

// Words for the fields that are a yes/no or a character in the descriptor.
constexpr Words<bool, 2> squares_words{{{false, "dark"}, {true, "all"}}};
constexpr Words<bool, 2> orientation_words{{{false, "standard"}, {true, "mirrored"}}};
constexpr Words<bool, 2> promotion_words{{{true, "mid_capture"}, {false, "end_of_move"}}};
constexpr Words<bool, 2> paths_words{{{false, "merge_straight"}, {true, "every_landing"}}};
constexpr Words<bool, 2> numbering_words{{{false, "algebraic"}, {true, "numeric"}}};
constexpr Words<char, 2> separator_words{{{':', ":"}, {'x', "x"}}};

std::string letters_digits(const json& v, const char* what) {
    const std::string s = v.get<std::string>();
    const bool ok = !s.empty() && s.size() <= 40 && std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
    return ok ? "" : tradgames::quoted(s) + what;
}

// The nine fields of a piece kind (man or king).
void piece_fields(std::vector<Field>& s, const std::string& piece, DraughtsPiece D::*member) {
    auto at = [member](auto& d) -> auto& { return d.*member; };
    const std::string p = piece + ".";
    s.push_back(text(p + "name", [at](auto& d) -> auto& { return at(d).name; },
                     "its name in the field's terms (\"man\", \"king\", \"hul\", \"tobit\")",
                     [](const json& v) { return v.get<std::string>().empty() ? "must not be empty" : ""; }));
    s.push_back(character(p + "letter", [at](auto& d) -> auto& { return at(d).letter; },
                          "position-string prefix: empty or one capital letter", [](const json& v) {
                              const std::string t = v.get<std::string>();
                              const bool ok = t.empty() || (t.size() == 1 && std::isupper(static_cast<unsigned char>(t[0])));
                              return ok ? std::string() : tradgames::quoted(t) + " is not empty or one capital letter";
                          }));
    // The symbol is stored in upper case (Black's is its lower case).
    Field symbol = character(p + "symbol", [at](auto& d) -> auto& { return at(d).symbol; },
                             "text-board symbol, one letter (White's; Black's is its lower case)", [](const json& v) {
                                 const std::string t = v.get<std::string>();
                                 const bool ok = t.size() == 1 && std::isalpha(static_cast<unsigned char>(t[0]));
                                 return ok ? std::string() : tradgames::quoted(t) + " is not one letter";
                             });
    symbol.set = [at, inner = symbol.set](D& d, const json& v, const Reader& rd, const std::string& path) {
        inner(d, v, rd, path);
        at(d).symbol = static_cast<char>(std::toupper(static_cast<unsigned char>(at(d).symbol)));
    };
    s.push_back(std::move(symbol));
    s.push_back(directions(p + "steps", [at](auto& d) -> auto& { return at(d).steps; },
                           "quiet-move directions as White sees them (mirrored for Black)"));
    s.push_back(boolean(p + "flying", [at](auto& d) -> auto& { return at(d).flying; },
                        "quiet moves slide any distance over empty squares instead of one step"));
    s.push_back(directions(p + "captures", [at](auto& d) -> auto& { return at(d).captures; },
                           "capture directions as White sees them; none: never captures"));
    s.push_back(word(p + "leap", leap_words, [at](auto& d) -> auto& { return at(d).leap; },
                     "`short`: the victim is adjacent; `long`: a flying capture"));
    s.push_back(word(p + "landing", landing_words, [at](auto& d) -> auto& { return at(d).landing; },
                     "which squares behind the victim a long leap may land on"));
    s.push_back({p + "victims", FieldType::list, {"man", "king"}, 0, 0, "the kinds it may capture",
                 [at](const D& d) {
                     json r = json::array();
                     if (at(d).victims & 1U) r.push_back("man");
                     if (at(d).victims & 2U) r.push_back("king");
                     return r;
                 },
                 [at](D& d, const json& v, const Reader&, const std::string&) {
                     at(d).victims = 0;
                     for (const json& e : v) at(d).victims |= e.get<std::string>() == "man" ? 1U : 2U;
                 }});
}

// A field of the FMJD64 counters (draw.fmjd64), absent when the descriptor has none.
Field fmjd64(const std::string& leaf, int Fmjd64Draws::*member, std::string doc) {
    return {"draw.fmjd64." + leaf, FieldType::integer, {}, 0, 1000, std::move(doc),
            [member](const D& d) { return d.draws.fmjd64 ? json((*d.draws.fmjd64).*member) : json(); },
            [member](D& d, const json& v, const Reader&, const std::string&) {
                (*d.draws.fmjd64).*member = v.get<int>();  // the group was made first
            }};
}

#define TG_AT(expr) [](auto& d) -> auto& { return expr; }

std::vector<Field> make_table() {
    std::vector<Field> s;
    s.push_back(text("name", TG_AT(d.name), "registry name: 1-40 letters, digits, `-` or `_`",
                     [](const json& v) { return letters_digits(v, " is not 1-40 letters, digits, '-' or '_'"); }));
    s.push_back(text("description", TG_AT(d.description), "one line"));
    s.push_back(integer("pdn_game_type", 0, 99, TG_AT(d.pdn_game_type), "PDN GameType (0: none)"));
    s.push_back(word("board.shape", shape_words, TG_AT(d.board.shape),
                     "`rectangular` or `chols` (Tobit's lines)"));
    s.push_back(integer("board.width", 1, 26, TG_AT(d.board.width), "files (chols: longitudinal lines, at most 12)"));
    s.push_back(integer("board.height", 1, 26, TG_AT(d.board.height), "ranks (chols: transverse lines, at most 12)"));
    s.push_back(word("board.squares", squares_words, TG_AT(d.board.all_squares),
                     "`dark` squares only or `all` squares (Turkish)"));
    s.push_back(word("board.orientation", orientation_words, TG_AT(d.board.mirrored),
                     "`standard`: a1 dark; `mirrored`: a1 light (Italian, Spanish)"));
    s.push_back(word("board.links", link_words, TG_AT(d.board.links), "links between squares"));
    s.push_back(integer("setup.rows", 0, 13, TG_AT(d.setup_rows), "rows filled per side"));
    s.push_back(integer("setup.offset", 0, 12, TG_AT(d.setup_offset), "rows left empty at the edge"));
    s.push_back(word("setup.first", side_words, TG_AT(d.first_side), "the side to move first"));
    piece_fields(s, "man", &D::man);
    piece_fields(s, "king", &D::king);
    s.push_back(integer("king_move_limit", 0, 15, TG_AT(d.king_move_limit),
                        "while its side has men, a king makes at most this many non-capturing moves in a row (0: no limit)"));
    s.push_back(word("capture.removal", removal_words, TG_AT(d.removal), "when captured pieces leave the board"));
    s.push_back(boolean("capture.no_180_turn", TG_AT(d.no_180_turn), "no 180-degree turn between two jumps"));
    s.push_back(word("capture.promotion", promotion_words, TG_AT(d.promote_mid_capture),
                     "`mid_capture`: crowned at once and continue as a king; `end_of_move`"));
    s.push_back(boolean("capture.king_reverts", TG_AT(d.king_reverts),
                        "a king ending its move off its promotion row becomes a man"));
    s.push_back(word("capture.paths", paths_words, TG_AT(d.every_landing_distinct),
                     "P identity: whether landings passed straight through make separate paths"));
    s.push_back({"capture.precedence", FieldType::list, word_list(precedence_words), 0, 0,
                 "capture precedence, in order (empty: free choice)",
                 [](const D& d) {
                     json r = json::array();
                     for (Precedence p : d.precedence) r.push_back(word_of(precedence_words, p));
                     return r;
                 },
                 [](D& d, const json& v, const Reader&, const std::string&) {
                     d.precedence.clear();
                     for (const json& e : v) d.precedence.push_back(enum_of(precedence_words, e.get<std::string>()));
                 }});
    s.push_back(integer("draw.repetition", 0, 100, TG_AT(d.draws.repetition),
                        "a position occurring this many times is a draw (0: off; 1 is refused)", [](const json& v) {
                            return v.get<int>() == 1 ? "1 would end every game at once; use 0 (off) or at least 2" : "";
                        }));
    s.push_back(integer("draw.ply_cap", 0, 100000, TG_AT(d.draws.ply_cap), "draw after this many plies (0: off)"));
    s.push_back(integer("draw.no_progress_moves", 0, 1000, TG_AT(d.draws.no_progress_moves),
                        "draw after this many moves each without a capture or a man move (0: off)"));
    s.push_back(text("draw.no_progress_label", TG_AT(d.draws.no_progress_label), "that rule's label in the reason"));
    s.push_back(boolean("draw.bare", TG_AT(d.draws.bare), "draw when each side has one piece"));
    s.push_back(text("draw.bare_label", TG_AT(d.draws.bare_label), "that rule's label in the reason"));
    s.push_back({"draw.fmjd64", FieldType::group, {}, 0, 0, "the FMJD64 7.2.4-7.2.8 counters (moves each), or null",
                 [](const D& d) { return d.draws.fmjd64 ? json::object() : json(nullptr); },
                 [](D& d, const json& v, const Reader&, const std::string&) {
                     if (v.is_null()) {
                         d.draws.fmjd64.reset();
                     } else {
                         d.draws.fmjd64 = Fmjd64Draws{};  // the fields not given keep these defaults
                     }
                 }});
    s.push_back(fmjd64("three_kings_vs_one", &Fmjd64Draws::three_kings_vs_one, "7.2.4: three or more kings against a lone king"));
    s.push_back(fmjd64("kings_only", &Fmjd64Draws::kings_only, "7.2.5: only king moves, no man move, no capture"));
    s.push_back(fmjd64("material_4_5", &Fmjd64Draws::material_4_5, "7.2.6: 4-5 pieces, kings on both sides"));
    s.push_back(fmjd64("material_6_7", &Fmjd64Draws::material_6_7, "7.2.6: 6-7 pieces, kings on both sides"));
    s.push_back(fmjd64("main_road", &Fmjd64Draws::main_road, "7.2.7: three pieces against a lone king on the main road"));
    s.push_back(fmjd64("small_ending", &Fmjd64Draws::small_ending, "7.2.8: one or two pieces against a lone king"));
    s.push_back(integer("draw.lone_king_vs_3_moves", 0, 1000, TG_AT(d.draws.lone_king_vs_3_moves),
                        "moves each against a lone king with three pieces, a king among them (0: off)"));
    s.push_back(integer("draw.lone_king_vs_2_moves", 0, 1000, TG_AT(d.draws.lone_king_vs_2_moves),
                        "moves each against a lone king with one or two pieces, a king among them (0: off)"));
    s.push_back(integer("draw.lone_king_vs_2_kings_moves", 0, 1000, TG_AT(d.draws.lone_king_vs_2_kings_moves),
                        "moves each against a lone king with exactly two kings (0: off)"));
    s.push_back(text("draw.endings_label", TG_AT(d.draws.endings_label), "those endings' label in the reason"));
    s.push_back(word("notation.squares", numbering_words, TG_AT(d.notation.numeric),
                     "squares written as `algebraic` names or PDN `numeric` numbers"));
    s.push_back(word("notation.capture_separator", separator_words, TG_AT(d.notation.capture_separator),
                     "between the squares of a capture"));
    s.push_back(word("notation.landings", landings_words, TG_AT(d.notation.landings),
                     "which landing squares a capture writes"));
    s.push_back(boolean("notation.ranges", TG_AT(d.notation.ranges),
                        "position strings write runs of numbered squares as ranges (\"1-12\")"));
    s.push_back(text("notation.ignored_fen_fields", TG_AT(d.notation.ignored_fields),
                     "position-string fields read and ignored (capital letters but W and B)", [](const json& v) {
                         const std::string t = v.get<std::string>();
                         const bool ok = std::all_of(t.begin(), t.end(), [](char c) {
                             return std::isupper(static_cast<unsigned char>(c)) && c != 'W' && c != 'B';
                         });
                         return ok ? "" : "must be capital letters other than W and B";
                     }));
    return s;
}

#undef TG_AT

}  // namespace

const std::vector<Field>& schema() {
    static const std::vector<Field> table = make_table();
    return table;
}

const Field* find_field(std::string_view path) {
    for (const Field& f : schema()) {
        if (f.path == path) return &f;
    }
    return nullptr;
}

std::vector<std::string> members_of(std::string_view path) {
    const std::string prefix = path.empty() ? std::string() : std::string(path) + ".";
    std::vector<std::string> r;
    for (const Field& f : schema()) {
        if (f.path.size() <= prefix.size() || f.path.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string rest = f.path.substr(prefix.size());
        std::string name = rest.substr(0, rest.find('.'));
        if (std::find(r.begin(), r.end(), name) == r.end()) r.push_back(std::move(name));
    }
    return r;
}

const json& Reader::scalar(const json& j, std::string_view path) const {
    const Field* f = find_field(path);
    if (f == nullptr) fail(path, "unknown field");
    switch (f->type) {
        case FieldType::text:
            if (!j.is_string()) fail(path, "expected a string, got " + type_name(j));
            break;
        case FieldType::boolean:
            if (!j.is_boolean()) fail(path, "expected true or false, got " + type_name(j));
            break;
        case FieldType::integer: {
            if (!j.is_number_integer()) fail(path, "expected a whole number, got " + type_name(j));
            // An unsigned value above LONG_MAX (2^64 - 1) must not read as a negative long.
            const bool in_range = j.is_number_unsigned()
                                      ? j.get<std::uint64_t>() <= static_cast<std::uint64_t>(f->max)
                                      : j.get<long>() >= f->min && j.get<long>() <= f->max;
            if (!in_range) {
                fail(path, j.dump() + " is out of range " + std::to_string(f->min) + ".." +
                               std::to_string(f->max));
            }
            break;
        }
        case FieldType::word:
            if (!j.is_string()) fail(path, "expected one of " + join(f->words) + ", got " + type_name(j));
            if (std::find(f->words.begin(), f->words.end(), j.get<std::string>()) == f->words.end()) {
                fail(path, tradgames::quoted(j.get<std::string>()) + " is not one of " + join(f->words));
            }
            break;
        case FieldType::directions:
        case FieldType::list:
            if (!j.is_array()) fail(path, "expected a list of " + join(f->words) + ", got " + type_name(j));
            for (std::size_t i = 0; i < j.size(); ++i) {
                const json& e = j[i];
                if (!e.is_string() ||
                    std::find(f->words.begin(), f->words.end(), e.get<std::string>()) == f->words.end()) {
                    fail(path, "item " + std::to_string(i) + " (" + cut_message(e.dump(), 60) + ") is not one of " +
                                   join(f->words));
                }
                for (std::size_t k = 0; k < i; ++k) {
                    if (j[k] == e) fail(path, "item " + cut_message(e.dump(), 60) + " is given twice");
                }
            }
            break;
        case FieldType::group:  // read member by member (read_descriptor)
            break;
    }
    return j;
}

DirectionSet dirs_of(const json& j) {
    DirectionSet r = 0;
    for (const json& e : j) {
        const auto& w = direction_words();
        const auto i = std::find(w.begin(), w.end(), e.get<std::string>()) - w.begin();
        r = static_cast<DirectionSet>(r | (1U << i));
    }
    return r;
}

json dirs_json(DirectionSet s) {
    json r = json::array();
    for_each_direction(s, [&](Direction d) { r.push_back(std::string(to_string(d))); });
    return r;
}

}  // namespace tradgames::draughts_detail
