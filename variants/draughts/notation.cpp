// The generic draughts variant's notation: which landings a capture writes, move strings and
// position strings (PDN FEN with the king-move counts), and the board's drawing style.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"

namespace tradgames {

bool DraughtsVariant::writes_landing(const Position& pos, const Move& m, std::size_t i) const {
    switch (d_.notation.landings) {
        case DraughtsNotation::Landings::all: return true;
        case DraughtsNotation::Landings::ends: return false;
        case DraughtsNotation::Landings::turns: return !straight_through(topology(), m, i);
        case DraughtsNotation::Landings::king_turns: {
            // The piece is a king at landing i if it started as one or was crowned at or before
            // i (mid-capture promotion).
            bool is_king = pos.at(m.from).kind() == king_kind;
            const Mask zone = rules_.promotion_zone[index(pos.at(m.from).color())];
            for (std::size_t j = 0; j < i && !is_king && d_.promote_mid_capture; ++j) {
                is_king = has(zone, m.path[j]);
            }
            return !is_king || !straight_through(topology(), m, i);
        }
    }
    return true;
}

std::string DraughtsVariant::move_to_string(const Position& pos, const Move& m) const {
    std::string s = Variant::move_to_string(pos, m);
    if (d_.notation.landings != DraughtsNotation::Landings::ends || !m.is_capture() ||
        m.path.size() < 2) {
        return s;
    }
    // Only the ends are written, unless another legal capture has the same ends.
    MoveList legal;
    generate_moves(pos, legal, Duplicates::unique);
    const bool ambiguous = std::any_of(legal.begin(), legal.end(), [&](const Move& o) {
        return o.from == m.from && o.to == m.to && !o.same_result(m);
    });
    if (!ambiguous) return s;
    const Topology& t = topology();
    s = std::string(t.name(m.from));
    for (Vertex v : m.path) {
        s += d_.notation.capture_separator;
        s += t.name(v);
    }
    return s;
}

Position DraughtsVariant::parse_position(std::string_view text) const {
    if (d_.king_move_limit == 0) return read_position(text, position_rules_);
    // The king-move counts: a field "L<square>=<n>,..." naming each king that has made n
    // non-capturing moves in a row (1..king_move_limit).
    PositionRules r = position_rules_;
    r.ignored_fields += 'L';
    Position p = read_position(text, r);
    PositionState s = p.state();
    for (const FenField& f : split_fen(text).fields) {
        if (f.letter != 'L') continue;
        auto bad = [&](const std::string& what) {
            throw ParseError("position " + tradgames::quoted(text) + ": field L at offset " +
                             std::to_string(f.offset) + ": " + what);
        };
        std::string_view rest = f.value;
        while (!rest.empty()) {
            const std::size_t comma = rest.find(',');
            const std::string_view item = rest.substr(0, comma);
            rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
            const std::size_t eq = item.find('=');
            if (eq == std::string_view::npos) bad("expected <square>=<moves>, got " + tradgames::quoted(item));
            const auto v = topology().find(item.substr(0, eq));
            if (!v || p.at(*v).empty() || p.at(*v).kind() != king_kind) {
                bad(tradgames::quoted(item.substr(0, eq)) + " is not a square with a king");
            }
            const std::string_view num = item.substr(eq + 1);
            if (num.empty() || num.size() > 2 ||
                !std::all_of(num.begin(), num.end(), [](char c) { return c >= '0' && c <= '9'; })) {
                bad("expected a count after '=', got " + tradgames::quoted(num));
            }
            const int n = std::stoi(std::string(num));
            if (n < 1 || n > d_.king_move_limit) {
                bad("a count of 1.." + std::to_string(d_.king_move_limit) + ", got " + std::to_string(n));
            }
            const Color c = p.at(*v).color();
            if (king_moves_in_a_row(s, c) != 0) bad("two kings of one side");
            // A side without men has no limit, so no count (variants/frisian/RULES.md §2.4):
            // read, as older writers wrote it, and dropped.
            if (p.pieces(c, man_kind) == 0) continue;
            s.marked |= bit(*v);
            s.flags |= static_cast<std::uint32_t>(n) << (4 * index(c));
        }
    }
    p.set_state(s);
    return p;
}

std::string DraughtsVariant::position_to_string(const Position& pos) const {
    const Topology& t = topology();
    std::string s(pos.side_to_move() == Color::white ? "W" : "B");
    for (Color c : {Color::white, Color::black}) {
        s += c == Color::white ? ":W" : ":B";
        if (d_.notation.ranges && d_.notation.numeric) {
            std::vector<std::pair<std::string, int>> items;
            for_each_vertex(pos.pieces(c), [&](Vertex v) {
                const char l = kinds()[pos.at(v).kind()].letter;
                items.emplace_back(l == '\0' ? "" : std::string(1, l), std::stoi(std::string(t.name(v))));
            });
            s += join_numbered(items);
            continue;
        }
        bool first = true;
        for_each_vertex(pos.pieces(c), [&](Vertex v) {
            if (!first) s += ',';
            first = false;
            const char l = kinds()[pos.at(v).kind()].letter;
            if (l != '\0') s += l;
            s += t.name(v);
        });
    }
    if (d_.king_move_limit > 0 && pos.state().marked != 0) {
        s += ":L";
        bool first = true;
        for_each_vertex(pos.state().marked, [&](Vertex v) {
            if (!first) s += ',';
            first = false;
            s += std::string(t.name(v)) + "=" + std::to_string(king_moves_in_a_row(pos.state(), pos.at(v).color()));
        });
    }
    return s;
}

BoardStyle DraughtsVariant::board_style() const {
    BoardStyle s;
    if (d_.board.shape == DraughtsBoard::Shape::chols) {
        // Points on lines: every link of the graph is a line segment.
        s.zones = {{white_promotion | black_promotion, "promotion points", ZoneStyle::Mark::outline,
                    "#b03a2e"}};
        return s;
    }
    s.layout = BoardStyle::Layout::cells;
    s.vertex_fill = "#b58863";  // playing squares
    s.void_fill = "#f0d9b5";    // light squares
    s.vertex_names = d_.notation.numeric;
    s.column_labels = file_letters(d_.board.width);
    s.row_labels = rank_numbers(d_.board.height);
    return s;
}

}  // namespace tradgames
