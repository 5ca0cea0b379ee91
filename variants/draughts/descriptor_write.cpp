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

// The JSON value at a dotted path, made (as null) if absent.
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

json to_json_value(const DraughtsDescriptor& d) {
    json j = json::object();
    for (const Field& f : schema()) {
        json v = f.get(d);
        if (v.is_null() && f.type != FieldType::group) continue;  // a field of an absent group
        at_path_mut(j, f.path) = std::move(v);
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
    j["options"] = std::move(options);
    return j;
}

}  // namespace draughts_detail

using namespace draughts_detail;

std::string draughts_descriptor_to_json(const DraughtsDescriptor& d, int indent) {
    return to_json_value(d).dump(indent);
}

std::vector<OptionSpec> draughts_option_specs(const DraughtsDescriptor& d) {
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
            const json v = f == nullptr ? json() : f->get(d);
            if (f == nullptr || v.is_null()) {
                throw DescriptorError("variant " + tradgames::quoted(d.name) + ": option " + tradgames::quoted(o.name) +
                                      " names field " + tradgames::quoted(o.field) + ", which it does not have");
            }
            switch (f->type) {
                case FieldType::boolean:
                    s.type = OptionType::boolean;
                    s.default_value = v.get<bool>() ? "true" : "false";
                    break;
                case FieldType::integer:
                    s.type = OptionType::integer;
                    s.min = f->min;
                    s.max = f->max;
                    s.default_value = std::to_string(v.get<long>());
                    break;
                default:
                    s.type = OptionType::choice;
                    s.choices = f->words;
                    s.default_value = v.get<std::string>();
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
