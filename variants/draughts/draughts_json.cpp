// The draughts descriptor as JSON: reading with validation of every field, writing every
// field, and rule options as descriptor edits.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"
#include "tradgames/json_limits.hpp"
#include "tradgames/options.hpp"

namespace tradgames {

namespace {

using json = nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Word tables: enum <-> JSON word.

template <class E, std::size_t N>
using Words = std::array<std::pair<E, std::string_view>, N>;

constexpr Words<DraughtsBoard::Shape, 2> shape_words{
    {{DraughtsBoard::Shape::rectangular, "rectangular"}, {DraughtsBoard::Shape::chols, "chols"}}};
constexpr Words<DraughtsBoard::Links, 3> link_words{{{DraughtsBoard::Links::diagonal, "diagonal"},
                                                     {DraughtsBoard::Links::orthogonal, "orthogonal"},
                                                     {DraughtsBoard::Links::both, "both"}}};
constexpr Words<Leap, 2> leap_words{{{Leap::short_leap, "short"}, {Leap::long_leap, "long"}}};
constexpr Words<Landing, 4> landing_words{{{Landing::right_behind, "right_behind"},
                                           {Landing::any, "any"},
                                           {Landing::continuing, "continuing"},
                                           {Landing::nearest_continuing, "nearest_continuing"}}};
constexpr Words<Removal, 2> removal_words{
    {{Removal::end_of_move, "end_of_move"}, {Removal::immediate, "immediate"}}};
constexpr Words<Precedence, 5> precedence_words{{{Precedence::most_pieces, "most_pieces"},
                                                 {Precedence::most_kings, "most_kings"},
                                                 {Precedence::with_king, "with_king"},
                                                 {Precedence::earliest_king, "earliest_king"},
                                                 {Precedence::value, "value"}}};
constexpr Words<DraughtsNotation::Landings, 4> landings_words{
    {{DraughtsNotation::Landings::all, "all"},
     {DraughtsNotation::Landings::turns, "turns"},
     {DraughtsNotation::Landings::king_turns, "king_turns"},
     {DraughtsNotation::Landings::ends, "ends"}}};
constexpr Words<Color, 2> side_words{{{Color::white, "white"}, {Color::black, "black"}}};

template <class E, std::size_t N>
std::string word_of(const Words<E, N>& w, E e) {
    for (const auto& [k, v] : w) {
        if (k == e) return std::string(v);
    }
    return std::string(w[0].second);
}

template <class E, std::size_t N>
std::vector<std::string> word_list(const Words<E, N>& w) {
    std::vector<std::string> r;
    for (const auto& [k, v] : w) r.emplace_back(v);
    return r;
}

std::string join(const std::vector<std::string>& v) {
    std::string r;
    for (const auto& s : v) r += (r.empty() ? "" : ", ") + s;
    return r;
}

// ---------------------------------------------------------------------------------------------
// The schema of the scalar fields: path, type, allowed words or range. It drives validation
// and the types of options that name a field.

enum class FieldType : std::uint8_t { text, boolean, integer, word, directions, list };

struct Field {
    std::string path;
    FieldType type;
    std::vector<std::string> words{};  // word: allowed words; list: allowed list items
    long min = 0;
    long max = 0;
};

const std::vector<std::string>& direction_words() {
    static const std::vector<std::string> w = {"n", "ne", "e", "se", "s", "sw", "w", "nw"};
    return w;
}

const std::vector<Field>& schema() {
    static const std::vector<Field> f = [] {
        std::vector<Field> s = {
            {"name", FieldType::text},
            {"description", FieldType::text},
            {"pdn_game_type", FieldType::integer, {}, 0, 99},
            {"king_move_limit", FieldType::integer, {}, 0, 15},
            {"board.shape", FieldType::word, word_list(shape_words)},
            {"board.width", FieldType::integer, {}, 1, 26},
            {"board.height", FieldType::integer, {}, 1, 26},
            {"board.squares", FieldType::word, {"dark", "all"}},
            {"board.orientation", FieldType::word, {"standard", "mirrored"}},
            {"board.links", FieldType::word, word_list(link_words)},
            {"setup.rows", FieldType::integer, {}, 0, 13},
            {"setup.offset", FieldType::integer, {}, 0, 12},
            {"setup.first", FieldType::word, word_list(side_words)},
            {"capture.removal", FieldType::word, word_list(removal_words)},
            {"capture.no_180_turn", FieldType::boolean},
            {"capture.promotion", FieldType::word, {"mid_capture", "end_of_move"}},
            {"capture.king_reverts", FieldType::boolean},
            {"capture.paths", FieldType::word, {"merge_straight", "every_landing"}},
            {"capture.precedence", FieldType::list, word_list(precedence_words)},
            {"draw.repetition", FieldType::integer, {}, 0, 100},
            {"draw.ply_cap", FieldType::integer, {}, 0, 100000},
            {"draw.no_progress_moves", FieldType::integer, {}, 0, 1000},
            {"draw.no_progress_label", FieldType::text},
            {"draw.bare", FieldType::boolean},
            {"draw.bare_label", FieldType::text},
            {"draw.lone_king_vs_3_moves", FieldType::integer, {}, 0, 1000},
            {"draw.lone_king_vs_2_moves", FieldType::integer, {}, 0, 1000},
            {"draw.lone_king_vs_2_kings_moves", FieldType::integer, {}, 0, 1000},
            {"draw.endings_label", FieldType::text},
            {"draw.fmjd64.three_kings_vs_one", FieldType::integer, {}, 0, 1000},
            {"draw.fmjd64.kings_only", FieldType::integer, {}, 0, 1000},
            {"draw.fmjd64.material_4_5", FieldType::integer, {}, 0, 1000},
            {"draw.fmjd64.material_6_7", FieldType::integer, {}, 0, 1000},
            {"draw.fmjd64.main_road", FieldType::integer, {}, 0, 1000},
            {"draw.fmjd64.small_ending", FieldType::integer, {}, 0, 1000},
            {"notation.squares", FieldType::word, {"algebraic", "numeric"}},
            {"notation.capture_separator", FieldType::word, {":", "x"}},
            {"notation.landings", FieldType::word, word_list(landings_words)},
            {"notation.ranges", FieldType::boolean},
            {"notation.ignored_fen_fields", FieldType::text},
        };
        for (std::string_view piece : {"man", "king"}) {
            auto path = [&](std::string_view leaf) {
                return std::string(piece) + "." + std::string(leaf);
            };
            s.push_back({path("name"), FieldType::text});
            s.push_back({path("letter"), FieldType::text});
            s.push_back({path("symbol"), FieldType::text});
            s.push_back({path("steps"), FieldType::directions, direction_words()});
            s.push_back({path("flying"), FieldType::boolean});
            s.push_back({path("captures"), FieldType::directions, direction_words()});
            s.push_back({path("leap"), FieldType::word, word_list(leap_words)});
            s.push_back({path("landing"), FieldType::word, word_list(landing_words)});
            s.push_back({path("victims"), FieldType::list, {"man", "king"}});
        }
        return s;
    }();
    return f;
}

const Field* find_field(std::string_view path) {
    for (const Field& f : schema()) {
        if (f.path == path) return &f;
    }
    return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Reading.

class Reader {
public:
    explicit Reader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(std::string_view path, const std::string& what) const {
        throw DescriptorError(source_ + ": field " + tradgames::quoted(path) + ": " + what);
    }

    // Checks that every member of object j at `path` is known: `known` lists the members.
    void members(const json& j, std::string_view path, std::initializer_list<std::string_view> known) const {
        if (!j.is_object()) fail(path.empty() ? "(top)" : path, "expected an object, got " + type_name(j));
        for (const auto& [k, v] : j.items()) {
            if (std::find(known.begin(), known.end(), k) == known.end()) {
                std::string list;
                for (std::string_view n : known) list += (list.empty() ? "" : ", ") + std::string(n);
                fail(join_path(path, k), "unknown field (known here: " + list + ")");
            }
        }
    }

    // The value at `path` checked against the schema.
    const json& scalar(const json& j, std::string_view path) const {
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
        }
        return j;
    }

    static std::string join_path(std::string_view path, std::string_view k) {
        return path.empty() ? std::string(k) : std::string(path) + "." + std::string(k);
    }

    static std::string type_name(const json& j) {
        if (j.is_null()) return "null";
        if (j.is_boolean()) return "a boolean";
        if (j.is_number()) return "a number";
        if (j.is_string()) return "a string";
        if (j.is_array()) return "a list";
        return "an object";
    }

private:
    std::string source_;
};

template <class E, std::size_t N>
E enum_of(const Words<E, N>& w, const std::string& s) {
    for (const auto& [k, v] : w) {
        if (v == s) return k;
    }
    return w[0].first;  // unreachable after schema validation
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

json piece_json(const DraughtsPiece& p) {
    json victims = json::array();
    if (p.victims & 1U) victims.push_back("man");
    if (p.victims & 2U) victims.push_back("king");
    return {{"name", p.name},
            {"letter", p.letter == '\0' ? std::string() : std::string(1, p.letter)},
            {"symbol", std::string(1, p.symbol)},
            {"steps", dirs_json(p.steps)},
            {"flying", p.flying},
            {"captures", dirs_json(p.captures)},
            {"leap", word_of(leap_words, p.leap)},
            {"landing", word_of(landing_words, p.landing)},
            {"victims", victims}};
}

json to_json_value(const DraughtsDescriptor& d) {
    json prec = json::array();
    for (Precedence p : d.precedence) prec.push_back(word_of(precedence_words, p));
    json draw = {{"repetition", d.draws.repetition},
                 {"ply_cap", d.draws.ply_cap},
                 {"no_progress_moves", d.draws.no_progress_moves},
                 {"no_progress_label", d.draws.no_progress_label},
                 {"bare", d.draws.bare},
                 {"bare_label", d.draws.bare_label},
                 {"lone_king_vs_3_moves", d.draws.lone_king_vs_3_moves},
                 {"lone_king_vs_2_moves", d.draws.lone_king_vs_2_moves},
                 {"lone_king_vs_2_kings_moves", d.draws.lone_king_vs_2_kings_moves},
                 {"endings_label", d.draws.endings_label},
                 {"fmjd64", nullptr}};
    if (d.draws.fmjd64) {
        const Fmjd64Draws& f = *d.draws.fmjd64;
        draw["fmjd64"] = {{"three_kings_vs_one", f.three_kings_vs_one},
                          {"kings_only", f.kings_only},
                          {"material_4_5", f.material_4_5},
                          {"material_6_7", f.material_6_7},
                          {"main_road", f.main_road},
                          {"small_ending", f.small_ending}};
    }
    json options = json::array();
    for (const DraughtsOptionDecl& o : d.options) {
        json e = {{"name", o.name}, {"help", o.help}};
        if (!o.field.empty()) {
            e["field"] = o.field;
        } else {
            json c = json::object();
            for (const auto& [w, patch] : o.choices) c[w] = json::parse(patch);
            e["choices"] = c;
            e["default"] = o.default_value;
        }
        options.push_back(e);
    }
    return {
        {"name", d.name},
        {"description", d.description},
        {"pdn_game_type", d.pdn_game_type},
        {"board",
         {{"shape", word_of(shape_words, d.board.shape)},
          {"width", d.board.width},
          {"height", d.board.height},
          {"squares", d.board.all_squares ? "all" : "dark"},
          {"orientation", d.board.mirrored ? "mirrored" : "standard"},
          {"links", word_of(link_words, d.board.links)}}},
        {"setup",
         {{"rows", d.setup_rows}, {"offset", d.setup_offset}, {"first", word_of(side_words, d.first_side)}}},
        {"man", piece_json(d.man)},
        {"king", piece_json(d.king)},
        {"king_move_limit", d.king_move_limit},
        {"capture",
         {{"removal", word_of(removal_words, d.removal)},
          {"no_180_turn", d.no_180_turn},
          {"promotion", d.promote_mid_capture ? "mid_capture" : "end_of_move"},
          {"king_reverts", d.king_reverts},
          {"paths", d.every_landing_distinct ? "every_landing" : "merge_straight"},
          {"precedence", prec}}},
        {"draw", draw},
        {"notation",
         {{"squares", d.notation.numeric ? "numeric" : "algebraic"},
          {"capture_separator", std::string(1, d.notation.capture_separator)},
          {"landings", word_of(landings_words, d.notation.landings)},
          {"ranges", d.notation.ranges},
          {"ignored_fen_fields", d.notation.ignored_fields}}},
        {"options", options},
    };
}

// The JSON value at a dotted path (nullptr if absent).
const json* at_path(const json& j, std::string_view path) {
    const json* cur = &j;
    while (!path.empty()) {
        const std::size_t dot = path.find('.');
        const std::string key(path.substr(0, dot));
        if (!cur->is_object() || !cur->contains(key)) return nullptr;
        cur = &cur->at(key);
        path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    }
    return cur;
}

json& at_path_mut(json& j, std::string_view path) {
    json* cur = &j;
    while (!path.empty()) {
        const std::size_t dot = path.find('.');
        cur = &(*cur)[std::string(path.substr(0, dot))];
        path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    }
    return *cur;
}

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

std::string draughts_descriptor_to_json(const DraughtsDescriptor& d, int indent) {
    return to_json_value(d).dump(indent);
}

std::vector<OptionSpec> draughts_option_specs(const DraughtsDescriptor& d) {
    const json j = to_json_value(d);
    std::vector<OptionSpec> specs;
    for (const DraughtsOptionDecl& o : d.options) {
        OptionSpec s;
        s.name = o.name;
        s.help = o.help;
        if (o.field.empty()) {
            // Choices "true" and "false" make a boolean option.
            const bool boolean = o.choices.size() == 2 &&
                                 std::all_of(o.choices.begin(), o.choices.end(), [](const auto& c) {
                                     return c.first == "true" || c.first == "false";
                                 });
            s.type = boolean ? OptionType::boolean : OptionType::choice;
            if (!boolean) {
                for (const auto& c : o.choices) s.choices.push_back(c.first);
            }
            s.default_value = o.default_value;
        } else {
            const Field* f = find_field(o.field);
            const json* v = at_path(j, o.field);
            if (f == nullptr || v == nullptr || v->is_null()) {
                throw DescriptorError("variant " + tradgames::quoted(d.name) + ": option " + tradgames::quoted(o.name) +
                                      " names field " + tradgames::quoted(o.field) + ", which it does not have");
            }
            switch (f->type) {
                case FieldType::boolean:
                    s.type = OptionType::boolean;
                    s.default_value = v->get<bool>() ? "true" : "false";
                    break;
                case FieldType::integer:
                    s.type = OptionType::integer;
                    s.min = f->min;
                    s.max = f->max;
                    s.default_value = std::to_string(v->get<long>());
                    break;
                default:
                    s.type = OptionType::choice;
                    s.choices = f->words;
                    s.default_value = v->get<std::string>();
                    break;
            }
        }
        specs.push_back(std::move(s));
    }
    return specs;
}

DraughtsDescriptor apply_draughts_options(const DraughtsDescriptor& d,
                                          const std::vector<std::string>& options) {
    if (options.empty()) return d;
    RuleOptions values(draughts_option_specs(d));
    for (const auto& a : options) values.set(a);
    if (values.has("repetition_draw")) (void)repetition_draw_value(values);
    json j = to_json_value(d);
    for (const DraughtsOptionDecl& o : d.options) {
        const std::string& v = values.value(o.name);
        if (o.field.empty()) {
            for (const auto& [word, patch] : o.choices) {
                if (word == v) j.merge_patch(json::parse(patch));
            }
            continue;
        }
        json& slot = at_path_mut(j, o.field);
        switch (find_field(o.field)->type) {
            case FieldType::boolean: slot = values.flag(o.name); break;
            case FieldType::integer: slot = values.integer(o.name); break;
            default: slot = v; break;
        }
    }
    try {
        return read_descriptor(j, Reader("variant " + tradgames::quoted(d.name) + " with options"));
    } catch (const DescriptorError& e) {
        throw OptionError(e.what());
    }
}

}  // namespace tradgames
