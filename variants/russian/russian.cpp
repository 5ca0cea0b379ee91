#include "russian.hpp"

#include <cctype>
#include <string>

#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"
#include "tradgames/movegen.hpp"

namespace tradgames::russian {

namespace {

constexpr int file_of(int n) {  // n = 1..32, file a=0..h=7
    const int rank = 8 - (n - 1) / 4;
    return 2 * ((n - 1) % 4) + (rank % 2 == 0 ? 1 : 0);
}
constexpr int rank_of(int n) { return 8 - (n - 1) / 4; }  // 1..8

std::shared_ptr<const Topology> shared_topology() {
    static const auto t = std::make_shared<const Topology>(make_board());
    return t;
}

}  // namespace

BoardGraph make_board() {
    BoardGraph g;
    for (int n = 1; n <= 32; ++n) {
        const int f = file_of(n);
        const int r = rank_of(n);
        VertexProperties p;
        p.name = std::string(1, static_cast<char>('a' + f)) + std::to_string(r);
        p.aliases = {std::to_string(n)};
        p.x = f;
        p.y = r - 1;
        if (r == 8) p.zones |= white_promotion;
        if (r == 1) p.zones |= black_promotion;
        if (f == r - 1) p.zones |= main_road;
        g.add_vertex(std::move(p));
    }
    auto at = [](int f, int r) -> int {  // vertex of (file, rank) or -1
        if (f < 0 || f > 7 || r < 1 || r > 8 || (f + r - 1) % 2 != 0) return -1;
        return 4 * (8 - r) + f / 2;
    };
    for (int n = 1; n <= 32; ++n) {
        const int f = file_of(n);
        const int r = rank_of(n);
        const auto v = static_cast<Vertex>(n - 1);
        if (const int w = at(f + 1, r + 1); w >= 0) g.add_link(v, static_cast<Vertex>(w), Direction::ne);
        if (const int w = at(f - 1, r + 1); w >= 0) g.add_link(v, static_cast<Vertex>(w), Direction::nw);
    }
    return g;
}

std::vector<OptionSpec> option_specs() { return {}; }

std::shared_ptr<const Variant> make(const std::vector<std::string>& options) {
    RuleOptions o(option_specs());
    for (const auto& a : options) o.set(a);
    return std::make_shared<const Russian>(std::move(o));
}

Russian::Russian(RuleOptions options)
    : VariantBase<Russian>("russian",
                           "Russian checkers (shashki): 8x8, flying kings, men capture backwards, "
                           "Turkish strike, promotion in mid-capture",
                           shared_topology(), std::move(options),
                           {{"man", '\0', 'M'}, {"king", 'K', 'K'}}) {
    const Topology& t = this->topology();
    rules_.kinds[man] = {diagonal_dirs, Leap::short_leap, Landing::right_behind, false, king};
    rules_.kinds[king] = {diagonal_dirs, Leap::long_leap, Landing::continuing, false, no_kind};
    rules_.promotion_zone = {t.zone_mask(white_promotion), t.zone_mask(black_promotion)};
    rules_.promote_mid_capture = true;     // KOD 1.5.15
    rules_.removal = Removal::end_of_move;  // Turkish strike, russian.md 1.4.6
    rules_.compile(t);
    man_steps_ = {dirs(Direction::ne, Direction::nw), dirs(Direction::se, Direction::sw)};
}

Position Russian::initial_position() const {
    Position p;
    for (Vertex v = 0; v < 12; ++v) p.put(v, Piece(Color::black, man));
    for (Vertex v = 20; v < 32; ++v) p.put(v, Piece(Color::white, man));
    return p;
}

void Russian::generate_moves(const Position& pos, MoveList& out, Duplicates dup) const {
    CaptureSequenceGenerator<CaptureHooks> gen(topology(), rules_, hooks_);
    if (gen.generate(pos, out, dup) > 0) return;
    const Topology& t = topology();
    const Color side = pos.side_to_move();
    const Mask zone = rules_.promotion_zone[index(side)];
    for_each_vertex(pos.pieces(side), [&](Vertex v) {
        if (pos.at(v).kind() == man) {
            add_steps(t, pos, v, man_steps_[index(side)], out, zone, king);
        } else {
            add_slides(t, pos, v, diagonal_dirs, out);
        }
    });
}

bool Russian::writes_landing(const Position& pos, const Move& m, std::size_t i) const {
    const Topology& t = topology();
    // The piece is a king at landing i if it started as one or was crowned at or before i.
    bool is_king = pos.at(m.from).kind() == king;
    const Mask zone = rules_.promotion_zone[index(pos.at(m.from).color())];
    for (std::size_t j = 0; j < i && !is_king; ++j) is_king = has(zone, m.path[j]);
    if (!is_king) return true;
    const Vertex before = i == 0 ? m.from : m.path[i - 1];
    return t.line_direction(before, m.path[i]) != t.line_direction(m.path[i], m.path[i + 1]);
}

Position Russian::parse_position(std::string_view text) const {
    const FenText f = split_fen(text);
    const Topology& t = topology();
    Position p;
    p.set_side_to_move(f.side);
    auto fail = [&](const std::string& what) -> void {
        throw PositionError("position " + quoted(text) + ": " + what);
    };
    int count[2] = {0, 0};
    for (const FenPiece& fp : f.pieces) {
        Kind k = man;
        if (fp.prefix == "K") {
            k = king;
        } else if (!fp.prefix.empty()) {
            throw ParseError("position " + quoted(text) + ": unknown piece prefix '" +
                             fp.prefix + "' at offset " + std::to_string(fp.offset) +
                             " (only K for a king)");
        }
        const auto v = t.find(fp.square);
        if (!v) {
            const std::string& s = fp.square;
            const bool algebraic = s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' &&
                                   s[1] <= '8';
            throw ParseError("position " + quoted(text) + ": " +
                             (algebraic ? "light square '" + s + "' is not a playing square"
                                        : "unknown square '" + s + "' (a1..h8 or 1..32)") +
                             " at offset " + std::to_string(fp.offset));
        }
        if (!p.at(*v).empty()) fail("square " + std::string(t.name(*v)) + " used twice");
        const Piece pc(fp.color, k);
        if (k == man && has(rules_.promotion_zone[index(fp.color)], *v)) {
            fail(std::string(to_string(fp.color)) + " man on " + std::string(t.name(*v)) +
                 ", its own promotion rank");
        }
        if (++count[index(fp.color)] > 12) {
            fail(std::string("more than 12 ") + std::string(to_string(fp.color)) + " pieces");
        }
        p.put(*v, pc);
    }
    for (const FenField& ff : f.fields) {
        if (ff.letter == 'H' || ff.letter == 'F') continue;  // lidraughts clocks: ignored
        throw ParseError("position " + quoted(text) + ": unknown field '" +
                         std::string(1, ff.letter) + ff.value + "' at offset " +
                         std::to_string(ff.offset));
    }
    return p;
}

BoardStyle Russian::board_style() const {
    BoardStyle s;
    s.layout = BoardStyle::Layout::cells;
    s.vertex_fill = "#b58863";  // dark playing squares
    s.void_fill = "#f0d9b5";    // light squares
    s.vertex_names = false;
    s.column_labels = file_letters(8);
    s.row_labels = rank_numbers(8);
    return s;
}

std::string Russian::position_to_string(const Position& pos) const {
    const Topology& t = topology();
    std::string s(pos.side_to_move() == Color::white ? "W" : "B");
    for (Color c : {Color::white, Color::black}) {
        s += c == Color::white ? ":W" : ":B";
        bool first = true;
        for_each_vertex(pos.pieces(c), [&](Vertex v) {
            if (!first) s += ',';
            first = false;
            if (pos.at(v).kind() == king) s += 'K';
            s += t.name(v);
        });
    }
    return s;
}

}  // namespace tradgames::russian
