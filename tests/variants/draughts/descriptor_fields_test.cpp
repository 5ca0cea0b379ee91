// The draughts descriptor's field table (variants/draughts/descriptor_fields.cpp) covers every
// field: each is read (a value other than the default, in JSON, changes the descriptor there and
// nowhere else),
// written (the descriptor's JSON holds that value at the field's path), round-trips, and has
// its row in README.md's generated field table, which must equal the table's own rendering.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "draughts/descriptor_json.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"

namespace dd = tradgames::draughts_detail;
using dd::Field;
using dd::FieldType;
using dd::json;
using tradgames::DraughtsDescriptor;

namespace {

// The descriptor the test starts from: the defaults, with the FMJD64 counters present so that
// their fields have values.
DraughtsDescriptor start() {
    DraughtsDescriptor d;
    d.name = "fields";
    d.draws.fmjd64 = tradgames::Fmjd64Draws{};
    return d;
}

json& slot(json& j, const std::string& path) {
    json* cur = &j;
    std::size_t at = 0;
    while (at <= path.size()) {
        const std::size_t dot = path.find('.', at);
        cur = &(*cur)[path.substr(at, dot == std::string::npos ? std::string::npos : dot - at)];
        if (dot == std::string::npos) break;
        at = dot + 1;
    }
    return *cur;
}

// Values of field f other than v, for the reader to try in turn (the first that makes a valid
// descriptor is used: some values need others, e.g. a chols board no diagonal directions).
std::vector<json> other_values(const Field& f, const json& v) {
    std::vector<json> r;
    switch (f.type) {
        case FieldType::boolean: r.emplace_back(!v.get<bool>()); break;
        case FieldType::integer:
            for (long x : {v.get<long>() - 1, v.get<long>() + 1, v.get<long>() + 2}) {
                if (x >= f.min && x <= f.max) r.emplace_back(x);
            }
            break;
        case FieldType::text:
            r.emplace_back(v.get<std::string>() + "a");
            r.emplace_back("Q");
            break;
        case FieldType::word:
            for (const std::string& w : f.words) {
                if (w != v.get<std::string>()) r.emplace_back(w);
            }
            break;
        case FieldType::directions:
        case FieldType::list: {
            if (v.size() > 1) r.emplace_back(json(std::vector<json>(v.begin(), v.end() - 1)));
            for (const std::string& w : f.words) {
                json more = v;
                if (std::find(v.begin(), v.end(), json(w)) == v.end()) {
                    more.push_back(w);
                    r.push_back(more);
                }
            }
            break;
        }
        case FieldType::group: r.emplace_back(nullptr); break;
    }
    return r;
}

std::string type_text(const Field& f) {
    auto words = [&](std::string sep) {
        std::string s;
        for (const std::string& w : f.words) s += (s.empty() ? "" : sep) + "`" + w + "`";
        return s;
    };
    switch (f.type) {
        case FieldType::text: return "text";
        case FieldType::boolean: return "true, false";
        case FieldType::integer: return std::to_string(f.min) + ".." + std::to_string(f.max);
        case FieldType::word: return words(", ");
        case FieldType::directions: return "list of directions";
        case FieldType::list: return "list of " + words(", ");
        case FieldType::group: return "object or null";
    }
    return "";
}

/// The README field table, rendered from the field table (README.md, "Variants in a file").
std::string field_table_markdown() {
    const DraughtsDescriptor d = start();
    std::string s = "| field | values | default | meaning |\n|---|---|---|---|\n";
    for (const Field& f : dd::schema()) {
        const bool counter = f.path.rfind("draw.fmjd64.", 0) == 0;  // default of a present group
        const std::string dflt = (counter ? f.get(d) : f.get(DraughtsDescriptor{})).dump();
        s += "| `" + f.path + "` | " + type_text(f) + " | `" + dflt + "`";
        s += counter ? " (when present) | " : " | ";
        s += f.doc + " |\n";
    }
    return s;
}


// Every member of DraughtsDescriptor and of the structs it holds, named once by a structured
// binding (which must name every member of its struct: a member added without being listed here
// stops this file from compiling, "only N names provided"), each with the field-table row that
// reads and writes it, or "" when it is deliberately not a field of the table.
std::vector<std::string> member_rows() {
    std::vector<std::string> rows;
    const auto add = [&rows](std::initializer_list<const char*> paths) {
        for (const char* p : paths) rows.emplace_back(p);
    };
    const DraughtsDescriptor d = start();
    [[maybe_unused]] const auto& [name, description, pdn_game_type, board, setup_rows, setup_offset, first_side,
                                  man, king, removal, no_180_turn, promote_mid_capture, king_reverts,
                                  every_landing_distinct, precedence, king_move_limit, draws, notation, options] = d;
    add({"name", "description", "pdn_game_type", "setup.rows", "setup.offset", "setup.first", "capture.removal",
         "capture.no_180_turn", "capture.promotion", "capture.king_reverts", "capture.paths",
         "capture.precedence", "king_move_limit",
         ""});  // options: rule options (DraughtsOptionDecl), read and written apart from the table
    [[maybe_unused]] const auto& [shape, width, height, all_squares, mirrored, links] = board;
    add({"board.shape", "board.width", "board.height", "board.squares", "board.orientation", "board.links"});
    for (const char* piece : {"man", "king"}) {
        [[maybe_unused]] const auto& [p_name, letter, symbol, steps, flying, captures, leap, landing, victims] =
            std::string(piece) == "man" ? man : king;
        for (const char* leaf : {"name", "letter", "symbol", "steps", "flying", "captures", "leap", "landing", "victims"}) {
            rows.push_back(std::string(piece) + "." + leaf);
        }
    }
    [[maybe_unused]] const auto& [repetition, ply_cap, no_progress_moves, no_progress_label, bare, bare_label, fmjd64,
                                  lone_king_vs_3_moves, lone_king_vs_2_moves, lone_king_vs_2_kings_moves,
                                  endings_label] = draws;
    add({"draw.repetition", "draw.ply_cap", "draw.no_progress_moves", "draw.no_progress_label", "draw.bare",
         "draw.bare_label", "draw.fmjd64", "draw.lone_king_vs_3_moves", "draw.lone_king_vs_2_moves",
         "draw.lone_king_vs_2_kings_moves", "draw.endings_label"});
    [[maybe_unused]] const auto& [three_kings_vs_one, kings_only, material_4_5, material_6_7, main_road,
                                  small_ending] = *draws.fmjd64;
    add({"draw.fmjd64.three_kings_vs_one", "draw.fmjd64.kings_only", "draw.fmjd64.material_4_5",
         "draw.fmjd64.material_6_7", "draw.fmjd64.main_road", "draw.fmjd64.small_ending"});
    [[maybe_unused]] const auto& [numeric, from_white_right, capture_separator, landings, ranges, ignored_fields] =
        notation;
    add({"notation.squares", "notation.origin", "notation.capture_separator", "notation.landings",
         "notation.ranges", "notation.ignored_fen_fields"});
    return rows;
}

}  // namespace

TEST_SUITE("draughts") {
    TEST_CASE("every member of the descriptor has its row in the field table, every row its member") {
        std::vector<std::string> rows = member_rows();
        rows.erase(std::remove(rows.begin(), rows.end(), std::string()), rows.end());  // not fields
        std::vector<std::string> table;
        for (const Field& f : dd::schema()) table.push_back(f.path);
        std::sort(rows.begin(), rows.end());
        std::sort(table.begin(), table.end());
        CHECK(std::adjacent_find(rows.begin(), rows.end()) == rows.end());  // each row named once
        CHECK(rows == table);
        for (const std::string& r : rows) CHECK_MESSAGE(dd::find_field(r) != nullptr, r);
    }
    TEST_CASE("every field of the descriptor table is read, written and round-trips") {
        const DraughtsDescriptor base = start();
        const json base_json = dd::to_json_value(base);
        // Companions a value needs to make a valid descriptor.
        const json chols = {{"board", {{"width", 5}, {"height", 4}}},
                            {"setup", {{"rows", 2}}},
                            {"man", {{"steps", {"n"}}, {"captures", {"n"}}}},
                            {"king", {{"steps", {"n"}}, {"captures", {"n"}}}}};
        int fields = 0;
        for (const Field& f : dd::schema()) {
            CAPTURE(f.path);
            ++fields;
            CHECK(dd::find_field(f.path) == &f);
            const json v = f.get(base);
            REQUIRE_FALSE(v.is_null());
            CHECK(base_json == dd::to_json_value(base));
            bool read = false;
            for (const json& other : other_values(f, v)) {
                CAPTURE(other.dump());
                json j = base_json;
                if (f.path == "board.shape") j.merge_patch(chols);
                slot(j, f.path) = other;
                DraughtsDescriptor got;
                try {
                    got = tradgames::draughts_descriptor_from_json(j.dump(), "test");
                } catch (const tradgames::DescriptorError&) {
                    continue;  // this value needs others; try the next
                }
                read = true;
                CHECK(got != base);                        // read: the value went somewhere
                CHECK(f.get(got) == other);                // ... into this field
                for (const Field& g : dd::schema()) {      // ... and into no other field
                    const bool companion = f.path == "board.shape" && chols.contains(g.path.substr(0, g.path.find('.')));
                    const bool inside = g.path.rfind(f.path + ".", 0) == 0;  // a field of the group f
                    if (&g == &f || companion || inside) continue;
                    CHECK_MESSAGE(g.get(got) == g.get(base), "reading " << f.path << " changed " << g.path);
                }
                json written = dd::to_json_value(got);
                CHECK(slot(written, f.path) == other);     // written at its path
                CHECK(tradgames::draughts_descriptor_from_json(
                          tradgames::draughts_descriptor_to_json(got), "again") == got);  // round trip
                break;
            }
            CHECK_MESSAGE(read, "no other value of the field made a valid descriptor");
        }
        CHECK(fields > 50);
    }

    TEST_CASE("README's descriptor field table is the one the field table renders") {
        std::ifstream in(std::string(TRADGAMES_TEST_DATA) + "/../../README.md", std::ios::binary);
        REQUIRE(in);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string readme = ss.str();
        const std::string begin = "<!-- descriptor fields: generated from variants/draughts/descriptor_fields.cpp,"
                                  " checked by tests/variants/draughts/descriptor_fields_test.cpp -->\n";
        const std::string end = "<!-- end of descriptor fields -->";
        const auto b = readme.find(begin);
        const auto e = readme.find(end);
        REQUIRE(b != std::string::npos);
        REQUIRE(e != std::string::npos);
        const std::string table = readme.substr(b + begin.size(), e - b - begin.size());
        const std::string want = field_table_markdown();
        CHECK_MESSAGE(table == want, "README.md's table should read:\n" << want);
    }
}
