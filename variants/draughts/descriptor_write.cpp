// Writing a draughts descriptor as JSON (every field), and rule options as descriptor edits.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "descriptor_json.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"
#include "tradgames/options.hpp"

namespace tradgames {

namespace draughts_detail {

namespace {

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

}  // namespace

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

}  // namespace draughts_detail

namespace {

using namespace draughts_detail;

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

}  // namespace

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
