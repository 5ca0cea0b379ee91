// lidraughts' forms of positions and moves (include/tradgames/io/lidraughts.hpp).
#include "tradgames/io/lidraughts.hpp"

#include <vector>

#include "tradgames/error.hpp"

namespace tradgames {

namespace {

constexpr std::size_t max_text = 4096;

bool digits(std::string_view s) noexcept {
    if (s.empty()) return false;
    for (const char c : s) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

/// Whether every square of the board is named by a number 1..99.
void require_numbered(const Variant& v) {
    const Topology& t = v.topology();
    for (Vertex x = 0; x < t.size(); ++x) {
        const std::string_view n = t.name(x);
        if (!digits(n) || n.size() > 2 || n == "0" || n == "00") {
            throw Error("lidraughts: the squares of '" + v.name() + "' are not numbered 1..99 (square " +
                        quoted(n) + "): no lidraughts form");
        }
    }
}

int clock_value(std::string_view text, std::size_t at, std::string_view value, char letter, int lo) {
    if (!digits(value) || value.size() > 4 || std::stoi(std::string(value)) < lo) {
        throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(at) +
                         ": field " + std::string(1, letter) + " must be a whole number " +
                         std::to_string(lo) + "..9999, not " + quoted(value));
    }
    return std::stoi(std::string(value));
}

std::string two_digits(std::string_view name) {
    std::string out(name.size() == 1 ? 1 : 0, '0');  // not "0" + string: GCC 12's false -Wrestrict
    out.append(name);
    return out;
}

}  // namespace

LidraughtsPosition parse_lidraughts_position(const Variant& variant, std::string_view text) {
    require_numbered(variant);
    if (text.size() > max_text) {
        throw ParseError("lidraughts position: " + std::to_string(text.size()) + " characters (at most " +
                         std::to_string(max_text) + ")");
    }
    LidraughtsPosition out;
    std::string fen;
    std::string counters;  // the Frisian field, as given
    std::size_t counters_at = 0;
    bool h = false, f = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != ':') continue;
        const std::string_view field = text.substr(start, i - start);
        if (start > 0 && !field.empty() && (field[0] == 'H' || field[0] == 'F')) {
            bool& seen = field[0] == 'H' ? h : f;
            if (seen) {
                throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(start) +
                                 ": field " + std::string(1, field[0]) + " given twice");
            }
            seen = true;
            (field[0] == 'H' ? out.halfmove : out.fullmove) =
                clock_value(text, start, field.substr(1), field[0], field[0] == 'H' ? 0 : 1);
        } else if (start > 0 && !field.empty() && field[0] == '+') {
            if (!counters.empty()) {
                throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(start) +
                                 ": king-move counters given twice");
            }
            counters = std::string(field);
            counters_at = start;
        } else {
            if (start > 0) fen += ':';
            fen += field;
        }
        start = i + 1;
    }
    if (!h || !f) {
        throw ParseError("lidraughts position " + quoted(text) + ": the clocks :H<n>:F<n> are missing");
    }
    const Position plain = variant.parse_position(fen);
    if (!counters.empty()) {
        if (!variant.options().has("king_move_limit")) {
            throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(counters_at) +
                             ": king-move counters are for Frisian, not '" + variant.name() + "'");
        }
        // "+B+W": Black's counter, then White's; each a digit and optionally the king's square.
        const auto second = counters.find('+', 1);
        const std::string parts[2] = {counters.substr(1, second == std::string::npos ? std::string::npos : second - 1),
                                      second == std::string::npos ? std::string() : counters.substr(second + 1)};
        if (second == std::string::npos || counters.find('+', second + 1) != std::string::npos) {
            throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(counters_at) +
                             ": king-move counters are +<black>+<white>, not " + quoted(counters));
        }
        for (int k = 0; k < 2; ++k) {
            const std::string& p = parts[k];
            const Color side = k == 0 ? Color::black : Color::white;
            if (!digits(p) || p.size() > 3) {
                throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(counters_at) +
                                 ": a king-move counter is a digit and the king's square, not " + quoted(p));
            }
            const int n = p[0] - '0';
            if (n == 0) continue;
            std::optional<Vertex> king;
            const Topology& t = variant.topology();
            if (p.size() > 1) {
                king = t.find(std::to_string(std::stoi(p.substr(1))));
            } else {  // the count alone: the side's only king
                int kings = 0;
                for (Vertex v = 0; v < t.size(); ++v) {
                    const Piece pc = plain.at(v);
                    if (!pc.empty() && pc.color() == side && pc.kind() == 1) {
                        king = v;
                        ++kings;
                    }
                }
                if (kings != 1) king.reset();
            }
            if (!king || plain.at(*king).empty() || plain.at(*king).color() != side || plain.at(*king).kind() != 1) {
                throw ParseError("lidraughts position " + quoted(text) + ": offset " + std::to_string(counters_at) +
                                 ": the counter " + quoted(p) + " names no single king of " +
                                 (side == Color::white ? "White" : "Black"));
            }
            fen += ":L" + std::string(t.name(*king)) + "=" + std::to_string(n);
        }
    }
    out.position = counters.empty() ? plain : variant.parse_position(fen);
    return out;
}

std::string lidraughts_position(const Variant& variant, const Position& pos, int halfmove, int fullmove) {
    require_numbered(variant);
    if (halfmove < 0 || halfmove > 9999 || fullmove < 1 || fullmove > 9999) {
        throw OptionError("lidraughts position: clocks out of range (halfmove 0..9999, fullmove 1..9999)");
    }
    // The library's own king-move count field (L<square>=<n>) turned into lidraughts' counters.
    const std::string fen = variant.position_to_string(pos);
    std::string counter[2] = {"0", "0"};  // black, white
    std::size_t start = 0;
    for (std::size_t i = 0; i <= fen.size(); ++i) {
        if (i < fen.size() && fen[i] != ':') continue;
        const std::string field = fen.substr(start, i - start);
        start = i + 1;
        if (!field.empty() && field[0] == 'L') {  // L<square>=<n>
            const auto eq = field.find('=');
            const auto v = variant.topology().find(field.substr(1, eq - 1));
            if (eq == std::string::npos || !v || pos.at(*v).empty()) {
                throw Error("lidraughts position: cannot read the library's field " + quoted(field));
            }
            counter[pos.at(*v).color() == Color::white ? 1 : 0] = field.substr(eq + 1) + field.substr(1, eq - 1);
        }
    }
    // Piece lists with ranges ("31-50") are written square by square, as lidraughts does.
    const Topology& t = variant.topology();
    std::string white = "W", black = "B";
    for (Vertex v = 0; v < t.size(); ++v) {
        const Piece p = pos.at(v);
        if (p.empty()) continue;
        std::string& list = p.color() == Color::white ? white : black;
        if (list.size() > 1) list += ',';
        if (p.kind() == 1) list += 'K';
        list += t.name(v);
    }
    std::string result = std::string(pos.side_to_move() == Color::white ? "W" : "B") + ":" + white + ":" + black +
                         ":H" + std::to_string(halfmove) + ":F" + std::to_string(fullmove);
    if (variant.options().has("king_move_limit")) result += ":+" + counter[0] + "+" + counter[1];
    return result;
}

std::string lidraughts_move(const Variant& variant, const Position& pos, const Move& m) {
    (void)pos;
    require_numbered(variant);
    const Topology& t = variant.topology();
    std::string out = two_digits(t.name(m.from));
    if (!m.is_capture()) return out + two_digits(t.name(m.to));
    for (const Vertex v : m.path) out += two_digits(t.name(v));
    return out;
}

Move parse_lidraughts_move(const Variant& variant, const Position& pos, std::string_view text) {
    require_numbered(variant);
    if (!digits(text) || text.size() % 2 != 0 || text.size() < 4 || text.size() > 100) {
        throw ParseError("lidraughts move " + quoted(text.substr(0, 100)) +
                         ": expected squares run together, two digits each (e.g. 3227)");
    }
    const Topology& t = variant.topology();
    std::vector<Vertex> squares;
    for (std::size_t i = 0; i < text.size(); i += 2) {
        const std::string name = std::to_string(std::stoi(std::string(text.substr(i, 2))));
        const auto v = t.find(name);
        if (!v) {
            throw ParseError("lidraughts move " + quoted(text) + ": offset " + std::to_string(i) + ": " +
                             quoted(text.substr(i, 2)) + " is not a square of the board");
        }
        squares.push_back(*v);
    }
    MoveList legal;
    variant.generate(pos, legal, Duplicates::all_paths);
    std::vector<const Move*> found;
    for (const Move& m : legal) {
        if (m.from != squares.front() || m.to != squares.back()) continue;
        if (squares.size() > 2) {  // every landing given: the path must be exactly these
            if (m.path.size() != squares.size() - 1) continue;
            bool same = true;
            for (std::size_t i = 0; i < m.path.size(); ++i) same = same && m.path[i] == squares[i + 1];
            if (!same) continue;
        }
        found.push_back(&m);
    }
    if (found.empty()) throw IllegalMoveError("lidraughts move " + quoted(text) + " is not legal in this position");
    for (const Move* m : found) {
        if (!m->same_result(*found.front())) {
            throw AmbiguousMoveError("lidraughts move " + quoted(text) +
                                     " is ambiguous: captures of different results go from " +
                                     std::string(t.name(squares.front())) + " to " + std::string(t.name(squares.back())) +
                                     " (give every landing)");
        }
    }
    return *found.front();
}

}  // namespace tradgames
