// The draughts descriptor's schema: the path, type and allowed words or range of every scalar
// field, and the reader's check of a value against it.
#include <algorithm>
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

    // The value at `path` checked against the schema.
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
