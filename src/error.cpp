#include "tradgames/error.hpp"

namespace tradgames {

std::string quoted(std::string_view text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string r = "'";
    std::size_t n = 0;
    for (char ch : text) {
        if (++n > 60) {
            r += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c >= 0x7F || c == '\\' || c == '\'') {
            r += "\\x";
            r += hex[c >> 4];
            r += hex[c & 15];
        } else {
            r += ch;
        }
    }
    return r + "'";
}

}  // namespace tradgames
