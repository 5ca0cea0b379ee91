#include "tradgames/options.hpp"

#include <charconv>

#include "tradgames/error.hpp"

namespace tradgames {

namespace {

std::string normalise(const OptionSpec& s, std::string_view v) {
    switch (s.type) {
        case OptionType::boolean:
            if (v == "true" || v == "1" || v == "yes" || v == "on") return "true";
            if (v == "false" || v == "0" || v == "no" || v == "off") return "false";
            throw OptionError("option '" + s.name + "': " + quoted(v) +
                              " is not a boolean (true/false)");
        case OptionType::integer: {
            long x = 0;
            const auto* end = v.data() + v.size();
            auto [p, ec] = std::from_chars(v.data(), end, x);
            if (v.empty() || ec != std::errc{} || p != end) {
                throw OptionError("option '" + s.name + "': " + quoted(v) +
                                  " is not a whole number");
            }
            if (x < s.min || x > s.max) {
                throw OptionError("option '" + s.name + "': " + std::to_string(x) +
                                  " is outside " + std::to_string(s.min) + ".." +
                                  std::to_string(s.max));
            }
            return std::to_string(x);
        }
        case OptionType::choice:
            for (const auto& c : s.choices) {
                if (c == v) return c;
            }
            std::string allowed;
            for (const auto& c : s.choices) allowed += (allowed.empty() ? "" : ", ") + c;
            throw OptionError("option '" + s.name + "': " + quoted(v) +
                              " is not one of: " + allowed);
    }
    throw OptionError("option '" + s.name + "': bad declaration");
}

}  // namespace

RuleOptions::RuleOptions(std::vector<OptionSpec> specs) : specs_(std::move(specs)) {
    values_.reserve(specs_.size());
    for (auto& s : specs_) {
        s.default_value = normalise(s, s.default_value);
        values_.push_back(s.default_value);
    }
}

std::size_t RuleOptions::find(std::string_view key) const {
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        if (specs_[i].name == key) return i;
    }
    std::string known;
    for (const auto& s : specs_) known += (known.empty() ? "" : ", ") + s.name;
    throw OptionError("unknown rule option " + quoted(key) + " (known: " +
                      (known.empty() ? "none" : known) + ")");
}

std::size_t RuleOptions::find_typed(std::string_view key, OptionType t) const {
    const std::size_t i = find(key);
    if (specs_[i].type != t) {
        throw OptionError("rule option '" + std::string(key) + "' read with the wrong type");
    }
    return i;
}

void RuleOptions::set(std::string_view key, std::string_view value) {
    const std::size_t i = find(key);
    values_[i] = normalise(specs_[i], value);
}

void RuleOptions::set(std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        throw OptionError("rule option " + quoted(assignment) + ": expected key=value");
    }
    set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

bool RuleOptions::flag(std::string_view key) const {
    return values_[find_typed(key, OptionType::boolean)] == "true";
}

long RuleOptions::integer(std::string_view key) const {
    return std::stol(values_[find_typed(key, OptionType::integer)]);
}

const std::string& RuleOptions::choice(std::string_view key) const {
    return values_[find_typed(key, OptionType::choice)];
}

const std::string& RuleOptions::value(std::string_view key) const { return values_[find(key)]; }

bool RuleOptions::has(std::string_view key) const noexcept {
    for (const auto& spec : specs_) {
        if (spec.name == key) return true;
    }
    return false;
}

bool RuleOptions::all_default() const noexcept {
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        if (values_[i] != specs_[i].default_value) return false;
    }
    return true;
}

}  // namespace tradgames
