#include "tradgames/fen.hpp"

#include <cctype>
#include <charconv>

#include "tradgames/error.hpp"

namespace tradgames {

namespace {

[[noreturn]] void fail(std::string_view text, std::size_t offset, const std::string& what) {
    throw ParseError("position " + quoted(text) + ": " + what + " at offset " +
                     std::to_string(offset));
}

bool all_digits(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// A number as position strings write it (fen.hpp): decimal digits, no leading zero (but "0"),
// at most 4 digits. Returns false (and leaves `out`) otherwise; `why` then says what is wrong.
bool parse_number(std::string_view s, int& out, std::string& why) {
    if (!all_digits(s)) {
        why = "expected a whole number, not " + quoted(s);
    } else if (s.size() > 1 && s[0] == '0') {
        why = "number " + quoted(s) + " has a leading zero";
    } else if (s.size() > 4) {
        why = "number " + quoted(s) + " has more than 4 digits";
    } else {
        std::from_chars(s.data(), s.data() + s.size(), out);
        return true;
    }
    return false;
}

}  // namespace

FenText split_fen(std::string_view text) {
    std::size_t b = 0;
    std::size_t e = text.size();
    while (b < e && std::isspace(static_cast<unsigned char>(text[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(text[e - 1]))) --e;
    if (e > b && text[e - 1] == '.') --e;
    if (b == e) fail(text, b, "empty position string");
    for (std::size_t i = b; i < e; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x21 || c > 0x7E) fail(text, i, "unexpected character");
    }

    FenText r;
    std::vector<std::pair<std::size_t, std::size_t>> fields;  // [begin, end)
    for (std::size_t s = b, i = b;; ++i) {
        if (i == e || text[i] == ':') {
            fields.emplace_back(s, i);
            if (i == e) break;
            s = i + 1;
        }
    }
    const auto [sb, se] = fields.front();
    const std::string_view side = text.substr(sb, se - sb);
    if (side == "W") {
        r.side = Color::white;
    } else if (side == "B") {
        r.side = Color::black;
    } else {
        fail(text, sb, "side to move must be W or B (upper case), not " + quoted(side));
    }
    bool seen[2] = {false, false};
    for (std::size_t f = 1; f < fields.size(); ++f) {
        const auto [fb, fe] = fields[f];
        if (fb == fe) fail(text, fb, "empty field");
        const char letter = text[fb];
        if (letter != 'W' && letter != 'B') {
            const std::string_view value = text.substr(fb + 1, fe - fb - 1);
            if (letter == 'H' || letter == 'F') {  // the clocks: at most once, 0..9999 / 1..9999
                const std::string name(1, letter);
                for (const FenField& other : r.fields) {
                    if (other.letter == letter) fail(text, fb, "field " + name + " given twice");
                }
                int n = 0;
                std::string why;
                if (!parse_number(value, n, why)) fail(text, fb, "field " + name + ": " + why);
                const int lo = letter == 'H' ? 0 : 1;
                if (n < lo) {
                    fail(text, fb, "field " + name + ": " + std::to_string(n) + " is out of range " +
                                       std::to_string(lo) + "..9999");
                }
            }
            r.fields.push_back({letter, std::string(value), fb});
            continue;
        }
        const Color c = letter == 'W' ? Color::white : Color::black;
        if (seen[index(c)]) {
            const char side_name[] = {letter, '\0'};
            fail(text, fb, std::string("second piece list for side ") + side_name);
        }
        seen[index(c)] = true;
        if (fe == fb + 1) continue;  // empty list
        for (std::size_t s = fb + 1, i = fb + 1;; ++i) {
            if (i != fe && text[i] != ',') continue;
            const std::string_view item = text.substr(s, i - s);
            if (item.empty()) fail(text, s, "empty item in piece list");
            std::size_t p = 0;
            while (p < item.size() && std::isupper(static_cast<unsigned char>(item[p]))) ++p;
            const std::string prefix(item.substr(0, p));
            const std::string_view sq = item.substr(p);
            if (sq.empty()) fail(text, s, "item " + quoted(item) + " has no square");
            if (const auto dash = sq.find('-'); dash != std::string_view::npos) {
                int lo = 0;
                int hi = 0;
                std::string why;
                if (!parse_number(sq.substr(0, dash), lo, why) || !parse_number(sq.substr(dash + 1), hi, why)) {
                    fail(text, s, "malformed range " + quoted(item) + ": " + why);
                }
                if (lo > hi) fail(text, s, "malformed range " + quoted(item) + ": it runs backwards");
                if (hi - lo >= 64) fail(text, s, "malformed range " + quoted(item) + ": more than 64 squares");
                for (int n = lo; n <= hi; ++n) r.pieces.push_back({c, prefix, std::to_string(n), s});
            } else if (all_digits(sq) && sq.size() > 1 && sq[0] == '0') {
                fail(text, s, "square number " + quoted(sq) + " has a leading zero");
            } else {
                r.pieces.push_back({c, prefix, std::string(sq), s});
            }
            if (i == fe) break;
            s = i + 1;
        }
    }
    return r;
}

std::string join_numbered(const std::vector<std::pair<std::string, int>>& items) {
    std::string s;
    for (std::size_t i = 0; i < items.size();) {
        std::size_t j = i;
        while (j + 1 < items.size() && items[j + 1].first == items[i].first &&
               items[j + 1].second == items[j].second + 1) {
            ++j;
        }
        if (!s.empty()) s += ',';
        s += items[i].first;
        if (j - i >= 2) {
            s += std::to_string(items[i].second) + '-' + std::to_string(items[j].second);
            i = j + 1;
        } else {
            s += std::to_string(items[i].second);
            ++i;
        }
    }
    return s;
}

}  // namespace tradgames
