#include "tradgames/json_limits.hpp"

namespace tradgames {

std::optional<std::string> json_nesting_error(std::string_view text, std::size_t max_depth) {
    std::size_t depth = 0;
    std::size_t line = 1;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') ++line;
        if (in_string) {
            if (c == '\\') {
                ++i;  // the escaped character cannot end the string
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        switch (c) {
            case '"': in_string = true; break;
            case '[':
            case '{':
                if (++depth > max_depth) {
                    return "nested more than " + std::to_string(max_depth) + " levels deep (line " +
                           std::to_string(line) + ", byte " + std::to_string(i + 1) + ")";
                }
                break;
            case ']':
            case '}':
                if (depth > 0) --depth;
                break;
            default: break;
        }
    }
    return std::nullopt;
}

std::string cut_message(std::string_view message, std::size_t limit) {
    if (message.size() <= limit) return std::string(message);
    return std::string(message.substr(0, limit)) + "...";
}

}  // namespace tradgames
