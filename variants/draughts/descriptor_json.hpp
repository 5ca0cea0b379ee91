// The draughts descriptor's JSON form, shared by the reader and the writer (not installed):
// the word tables of its enums, the schema of its scalar fields, and the checking reader.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"

namespace tradgames::draughts_detail {

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
inline std::string word_of(const Words<E, N>& w, E e) {
    for (const auto& [k, v] : w) {
        if (k == e) return std::string(v);
    }
    return std::string(w[0].second);
}

template <class E, std::size_t N>
inline std::vector<std::string> word_list(const Words<E, N>& w) {
    std::vector<std::string> r;
    for (const auto& [k, v] : w) r.emplace_back(v);
    return r;
}

/// The items of v separated by ", ".
std::string join(const std::vector<std::string>& v);

// ---------------------------------------------------------------------------------------------
// The field table (descriptor_fields.cpp): every field of the descriptor once, with its dotted
// JSON path, type, allowed words or range, the rule it encodes, and how it is read from and
// written to a DraughtsDescriptor. The reader, the writer, the validation messages, the types
// of the options that name a field and the README's field table all come from it; a field's
// default is the value a default-constructed DraughtsDescriptor holds.

class Reader;

/// text: a string; boolean; integer in min..max; word: one of words; directions: a list of
/// direction words; list: a list of words, each once; group: an object of fields, or null
/// (draw.fmjd64: the FMJD64 counters or none).
enum class FieldType : std::uint8_t { text, boolean, integer, word, directions, list, group };

struct Field {
    std::string path;
    FieldType type;
    std::vector<std::string> words{};  // word: allowed words; directions, list: allowed items
    long min = 0;
    long max = 0;
    std::string doc{};  // the rule it encodes, in the README's words
    /// The field's value in d as JSON; null if d does not have it (a field of an absent group).
    std::function<json(const DraughtsDescriptor&)> get{};
    /// Stores v (already checked against type, words and range) in d; fails through the
    /// reader for a value the type alone does not exclude. group: null removes the group, an
    /// object makes it with its defaults (its fields are then read one by one).
    std::function<void(DraughtsDescriptor&, const json&, const Reader&, const std::string&)> set{};
};

/// The JSON words of the eight directions, in Direction order.
const std::vector<std::string>& direction_words();
/// Every field of a descriptor, in the order of the README table and of the reader's
/// "known here" lists. "options" (rule options, DraughtsOptionDecl) is not a field: the reader
/// and the writer handle it apart.
const std::vector<Field>& schema();
/// The table entry of the field at a dotted path, or nullptr.
const Field* find_field(std::string_view path);
/// The names of the members of the object at `path` ("" for the top), in table order.
std::vector<std::string> members_of(std::string_view path);

// ---------------------------------------------------------------------------------------------
// Reading.

class Reader {
public:
    explicit Reader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(std::string_view path, const std::string& what) const {
        throw DescriptorError(source_ + ": field " + tradgames::quoted(path) + ": " + what);
    }

    // Checks that every member of object j at `path` is known: `known` lists the members.
    void members(const json& j, std::string_view path, const std::vector<std::string>& known) const {
        if (!j.is_object()) fail(path.empty() ? "(top)" : path, "expected an object, got " + type_name(j));
        for (const auto& [k, v] : j.items()) {
            if (std::find(known.begin(), known.end(), k) == known.end()) {
                std::string list;
                for (const std::string& n : known) list += (list.empty() ? "" : ", ") + n;
                fail(join_path(path, k), "unknown field (known here: " + list + ")");
            }
        }
    }

    // The value at `path` checked against the schema (DescriptorError if it does not fit).
    const json& scalar(const json& j, std::string_view path) const;

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
inline E enum_of(const Words<E, N>& w, const std::string& s) {
    for (const auto& [k, v] : w) {
        if (v == s) return k;
    }
    return w[0].first;  // unreachable after schema validation
}

/// The directions a JSON list of direction words names (checked by Reader::scalar).
DirectionSet dirs_of(const json& j);
/// The JSON list of direction words of s.
json dirs_json(DirectionSet s);

/// The descriptor j describes, every field checked; DescriptorError names the field (rd's source).
DraughtsDescriptor read_descriptor(const json& j, const Reader& rd);
/// Every field of d as JSON (the full, resolved descriptor).
json to_json_value(const DraughtsDescriptor& d);

}  // namespace tradgames::draughts_detail
