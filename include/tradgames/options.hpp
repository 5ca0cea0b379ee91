// tradgames: named rule options (key=value) with declared types and defaults.
//
// Every variant declares its options as OptionSpecs (name, type, default, allowed values, the
// rule clause it switches). RuleOptions holds the current values; setting an unknown key or a
// value outside the domain throws OptionError naming both.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tradgames {

/// Type of a rule option's value.
enum class OptionType {
    boolean,  ///< true/false (also accepts 1/0, yes/no, on/off)
    integer,  ///< a whole number within [min, max]
    choice,   ///< one of a fixed list of words
};

/// Declaration of one rule option.
struct OptionSpec {
    std::string name;
    OptionType type = OptionType::boolean;
    /// Default, written as a value would be ("true", "15", "flying").
    std::string default_value;
    /// Allowed words for a choice option.
    std::vector<std::string> choices;
    /// Range of an integer option.
    long min = 0;
    long max = 0;
    /// One line: what it switches and the rule clause it comes from.
    std::string help;
};

/// Values of a variant's rule options.
class RuleOptions {
public:
    RuleOptions() = default;
    /// Options with their defaults. Throws OptionError if a default is invalid.
    explicit RuleOptions(std::vector<OptionSpec> specs);

    /// Sets option `key` to `value`. Throws OptionError for an unknown key (listing the known
    /// ones) or an invalid value (listing the allowed ones).
    void set(std::string_view key, std::string_view value);
    /// Sets from "key=value". Throws OptionError if there is no '=' or as set(key, value).
    void set(std::string_view assignment);

    /// Value of a boolean option. Throws OptionError if `key` is not a boolean option.
    [[nodiscard]] bool flag(std::string_view key) const;
    /// Value of an integer option. Throws OptionError if `key` is not an integer option.
    [[nodiscard]] long integer(std::string_view key) const;
    /// Value of a choice option. Throws OptionError if `key` is not a choice option.
    [[nodiscard]] const std::string& choice(std::string_view key) const;
    /// Value as text, normalised ("true"/"false" for booleans). Throws OptionError if unknown.
    [[nodiscard]] const std::string& value(std::string_view key) const;

    /// True if an option named `key` is declared.
    [[nodiscard]] bool has(std::string_view key) const noexcept;
    /// The declarations, in declaration order.
    [[nodiscard]] const std::vector<OptionSpec>& specs() const noexcept { return specs_; }
    /// True if every option has its default value.
    [[nodiscard]] bool all_default() const noexcept;

private:
    [[nodiscard]] std::size_t find(std::string_view key) const;
    [[nodiscard]] std::size_t find_typed(std::string_view key, OptionType t) const;
    std::vector<OptionSpec> specs_;
    std::vector<std::string> values_;
};

}  // namespace tradgames
