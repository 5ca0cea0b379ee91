#include "tradgames/error.hpp"

namespace tradgames {

IllegalMoveError::IllegalMoveError(const std::string& what, std::string reason, std::string rule,
                                   std::vector<std::string> legal)
    : Error(what),
      details_(std::make_shared<const Details>(
          Details{std::move(reason), std::move(rule), std::move(legal)})) {}

namespace {
const std::string& empty_text() {
    static const std::string e;
    return e;
}
}  // namespace

const std::string& IllegalMoveError::reason() const noexcept {
    return details_ ? details_->reason : empty_text();
}

const std::string& IllegalMoveError::rule() const noexcept {
    return details_ ? details_->rule : empty_text();
}

const std::vector<std::string>& IllegalMoveError::legal() const noexcept {
    static const std::vector<std::string> none;
    return details_ ? details_->legal : none;
}

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
