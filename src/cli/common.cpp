#include "common.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tradgames/error.hpp"

namespace tgcli {

namespace tg = tradgames;
using json = nlohmann::json;

CLI::Validator non_empty(const std::string& what, const std::string& instead) {
    return CLI::Validator(
        [what, instead](std::string& value) {
            return value.empty() ? "empty " + what + " (" + instead + ")" : std::string();
        },
        "");
}

CLI::Validator decimal() {
    return CLI::Validator(
        [](std::string& value) {
            std::uint64_t x = 0;
            const char* end = value.data() + value.size();
            if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) {
                return tg::quoted(value) + " is not a whole number (decimal digits only)";
            }
            if (std::from_chars(value.data(), end, x).ec != std::errc{}) {
                return tg::quoted(value) + " is too large";
            }
            value = std::to_string(x);
            return std::string();
        },
        "");
}

void add_variant_args(CLI::App* cmd, VariantArgs& a, bool variant_required) {
    auto* v = cmd->add_option("--variant,-v", a.variant, "variant name (see `tradgames variants`)");
    auto* f = cmd->add_option("--variant-file", a.variant_file,
                              "JSON draughts descriptor file, instead of --variant");
    v->excludes(f);
    (void)variant_required;  // checked by make_variant(): one of the two must be given
    cmd->add_option("--fen,-f", a.fen, "position string (default: the initial position)")
        ->check(non_empty("position string", "leave out --fen for the initial position"));
    cmd->add_option("--option", a.options, "rule option key=value (repeatable)")
        ->allow_extra_args(false);
}

std::shared_ptr<const tg::Variant> make_variant(const VariantArgs& a) {
    if (!a.variant_file.empty()) return tg::make_variant_from_file(a.variant_file, a.options);
    if (a.variant.empty()) throw tg::OptionError("give --variant NAME or --variant-file FILE");
    return tg::make_variant(a.variant, a.options);
}

Setup setup(const VariantArgs& a) {
    Setup s;
    s.variant = make_variant(a);
    s.position = a.fen.empty() ? s.variant->initial_position() : s.variant->parse_position(a.fen);
    return s;
}

std::string read_file(const std::string& path, const ReadLimit& limit) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw tg::Error("cannot read " + tg::quoted(path) + ": it is a directory");
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw tg::Error("cannot read " + tg::quoted(path) + ": " +
                        (errno != 0 ? std::strerror(errno) : "cannot open"));
    }
    auto mib = [](std::size_t n) { return n % (std::size_t{1} << 20) == 0 ? std::to_string(n >> 20) + " MiB" : std::to_string(n) + " bytes"; };
    std::string text;
    std::size_t line = 0;  // bytes since the last '\n'
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        const std::string_view chunk(buf, static_cast<std::size_t>(in.gcount()));
        if (chunk.size() > limit.bytes - text.size()) {
            throw tg::Error("cannot read " + tg::quoted(path) + ": larger than " + mib(limit.bytes) +
                            (limit.what.empty() ? "" : " (not " + limit.what + ")"));
        }
        for (const char c : chunk) {
            line = c == '\n' ? 0 : line + 1;
            if (line > limit.line) {
                throw tg::Error("cannot read " + tg::quoted(path) + ": line " +
                                std::to_string(std::count(text.begin(), text.end(), '\n') + 1) + " is longer than " +
                                mib(limit.line) + (limit.what.empty() ? "" : " (not " + limit.what + ")"));
            }
        }
        text += chunk;
    }
    if (in.bad()) throw tg::Error("cannot read " + tg::quoted(path) + ": read error");
    return text;
}

void print_error(std::string_view error_class, std::string_view message) {
    std::string line = "tradgames: error: ";
    if (!error_class.empty()) line.append(error_class).append(": ");
    for (const char c : message) line += c == '\n' || c == '\r' ? ' ' : c;
    line += '\n';
    std::fputs(line.c_str(), stderr);
}

std::string outcome_words(tg::Outcome o) {
    std::string s(tg::to_string(o));
    std::replace(s.begin(), s.end(), '_', ' ');
    return s;
}

}  // namespace tgcli
