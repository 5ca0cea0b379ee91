// Shatra: position strings (PDN FEN style), Shatrabase's SPN (Appendix A) and the validation of
// positions read from text.
#include <array>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "shatra.hpp"
#include "tradgames/capture.hpp"
#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"

namespace tradgames::shatra {

namespace {

constexpr std::array<const char*, kind_count> kind_plural = {"shatras", "biys", "batyrs",
                                                             "turas", "yalkyns"};
constexpr std::array<Kind, kind_count> writing_order = {biy, batyr, tura, yalkyn, shatra};

std::string side_name(Color c) { return std::string(to_string(c)); }

/// Shatrabase's square number of vertex v (Appendix A: its n is our 63 - n).
int spn_square(Vertex v) { return 62 - v; }

/// Last Shatrabase square of each SPN group; a '/' follows every group but the last.
constexpr std::array<int, 10> spn_group_end = {9, 10, 17, 24, 31, 38, 45, 52, 53, 62};

/// Shatrabase's piece letters (A29): K Q R B S, upper case for White.
constexpr std::array<char, kind_count> spn_letter = {'S', 'K', 'Q', 'R', 'B'};

}  // namespace

std::uint32_t Shatra::implied_temdeks(const Position& pos) const noexcept {
    // Position-string default: a side's temdek is on iff it has men in its own fortress or gate.
    std::uint32_t f = 0;
    for (Color c : {Color::white, Color::black}) {
        if ((pos.pieces(c) & own(c).home) != 0) f |= temdek_flag(c);
    }
    return f;
}

void Shatra::validate(const Position& pos, const std::string& context) const {
    const Topology& t = topology();
    const PositionState& st = pos.state();
    auto fail = [&](const std::string& what) { throw PositionError(context + ": " + what); };
    auto squares = [&](Mask m) {
        std::string r;
        for_each_vertex(m, [&](Vertex v) {
            if (!r.empty()) r += " and ";
            r += t.name(v);
        });
        return r;
    };
    for (Color c : {Color::white, Color::black}) {
        const std::string name = side_name(c);
        const SideSquares& s = own(c);
        const Mask biys = pos.pieces(c, biy);
        if (count(biys) > 1) {
            fail(std::to_string(count(biys)) + " " + name + " biys (on " + squares(biys) + ")");
        }
        if (biys == 0 && c != pos.side_to_move()) {
            fail("no " + name + " biy (only the side to move may have lost it)");
        }
        for (Kind k : {shatra, batyr, tura, yalkyn}) {
            if (count(pos.pieces(c, k)) > initial_count[k]) {
                fail("more than " + std::to_string(initial_count[k]) + " " + name + " " +
                     kind_plural[k]);
            }
        }
        const bool temdek = (st.flags & temdek_flag(c)) != 0;
        Mask reserve = pos.pieces(c) & s.home;
        if ((st.flags & returned_biy_flag(c)) != 0) {
            if (rules_.returned_biy_is_reserve) {
                fail("field G (returned biy) needs returned_biy_is_reserve=false");
            }
            if ((biys & s.gate) == 0 || !temdek) {
                fail("field G: the " + name + " biy is not on its gate with the temdek on");
            }
            reserve &= ~s.gate;
        }
        if (temdek && reserve == 0) {
            fail(name + " temdek on, but no " + name + " reserve man in its fortress or gate");
        }
        const Mask home_shatras = pos.pieces(c, shatra) & s.home;
        if (!temdek && home_shatras != 0 &&
            rules_.shatra_capture_into_own_home == ShatraIntoHome::never) {
            fail(name + " shatra on " + squares(home_shatras) +
                 " in its own fortress or gate with the temdek off (A10)");
        }
        std::array<Kind, 3> avail{};
        const int navail = available_promotions(pos, c, avail);
        const Mask waiting = pos.pieces(c, shatra) & s.transformation;
        if (waiting != 0 && navail > 0 &&
            (rules_.delayed_promotion == DelayedPromotion::automatic ||
             c != pos.side_to_move())) {
            fail(name + " shatra on " + squares(waiting) + " is unpromoted although a " +
                 kinds()[avail[0]].name + " is available (6.2-6.3)");
        }
    }
    if (st.ep_square != no_vertex) {
        // 3.5: the side that has just moved made a double step over the passed square.
        const Color mover = ~pos.side_to_move();
        const SideSquares& s = own(mover);
        const Vertex m = st.ep_square;
        const Vertex from = t.neighbour(m, opposite(s.forward));
        const std::string where = "en-passant square " + std::string(t.name(m)) + ": ";
        if (!pos.at(m).empty()) fail(where + "it is occupied");
        if (st.ep_victim == no_vertex || pos.at(st.ep_victim) != Piece(mover, shatra)) {
            fail(where + "no " + side_name(mover) + " shatra just beyond it");
        }
        const bool origin_ok =
            from != no_vertex && pos.at(from).empty() &&
            (has(s.first_row, from) ||
             (rules_.double_step == DoubleStep::own_half && has(s.half & ~s.ditch_row, from)));
        if (!origin_ok) fail(where + "no " + side_name(mover) + " double step passes it");
    }
    for_each_vertex(st.marked, [&](Vertex v) {
        const Piece p = pos.at(v);
        if (p.empty() || !has(own(p.color()).home, v) ||
            (st.flags & temdek_flag(p.color())) == 0) {
            fail("urgent square " + std::string(t.name(v)) +
                 " does not hold a reserve man at home with its temdek on (4.6)");
        }
    });
}

Position Shatra::parse_position(std::string_view text) const {
    const FenText f = split_fen(text);
    const Topology& t = topology();
    auto malformed = [&](const std::string& what, std::size_t offset) {
        throw ParseError("position " + quoted(text) + ": " + what + " at offset " +
                         std::to_string(offset));
    };
    auto square = [&](std::string_view name, std::size_t offset) -> Vertex {
        if (const auto v = t.find(name)) return *v;
        const bool algebraic = name.size() >= 2 && name[0] >= 'a' && name[0] <= 'g' &&
                               name.find_first_not_of("0123456789", 1) == std::string_view::npos;
        malformed(algebraic ? "square " + quoted(name) + " is a fortress wall or off the board"
                            : "unknown square " + quoted(name) + " (1..62 or a5..g10 style)",
                  offset);
        return no_vertex;
    };
    Position p;
    p.set_side_to_move(f.side);
    for (const FenPiece& fp : f.pieces) {
        Kind k = kind_count;
        for (Kind i = 0; i < kind_count; ++i) {
            const char letter = kinds()[i].letter;
            if (letter == '\0' ? fp.prefix.empty() : fp.prefix == std::string(1, letter)) k = i;
        }
        if (k == kind_count) {
            malformed("unknown piece prefix " + quoted(fp.prefix) + " (K biy, Q batyr, R tura, Y yalkyn, none for a shatra)",
                      fp.offset);
        }
        const Vertex v = square(fp.square, fp.offset);
        if (!p.at(v).empty()) {
            throw PositionError("position " + quoted(text) + ": square " +
                                std::string(t.name(v)) + " used twice");
        }
        p.put(v, Piece(fp.color, k));
    }
    PositionState st;
    st.flags = implied_temdeks(p);
    std::string seen;
    auto sides = [&](const FenField& ff, auto flag) {
        std::uint32_t r = 0;
        if (ff.value == "-") return r;
        for (char ch : ff.value) {
            const std::uint32_t b = ch == 'W' ? flag(Color::white) : ch == 'B' ? flag(Color::black) : 0;
            if (b == 0 || (r & b) != 0) {
                malformed(std::string("field ") + ff.letter + ": expected W and/or B, not " + quoted(ff.value),
                          ff.offset);
            }
            r |= b;
        }
        return r;
    };
    for (const FenField& ff : f.fields) {
        if (ff.letter != 'H' && ff.letter != 'F') {
            if (seen.find(ff.letter) != std::string::npos) {
                malformed(std::string("field ") + ff.letter + " given twice", ff.offset);
            }
            seen += ff.letter;
        }
        switch (ff.letter) {
            case 'T':  // temdeks on (4.2)
                st.flags = (st.flags & ~(temdek_flag(Color::white) | temdek_flag(Color::black))) |
                           sides(ff, temdek_flag);
                break;
            case 'G':  // returned biys (A5 b)
                st.flags |= sides(ff, returned_biy_flag);
                break;
            case 'E': {  // en-passant right: the passed square (3.5)
                st.ep_square = square(ff.value, ff.offset + 1);
                st.ep_victim = ep_victim_of(st.ep_square, ~f.side);
                break;
            }
            case 'U': {  // urgent men (4.6)
                std::size_t b = 0;
                while (b <= ff.value.size()) {
                    std::size_t e = ff.value.find(',', b);
                    if (e == std::string::npos) e = ff.value.size();
                    if (e == b) malformed("empty square in field U", ff.offset + 1 + b);
                    const Vertex u = square(std::string_view(ff.value).substr(b, e - b), ff.offset + 1 + b);
                    if (has(st.marked, u)) {
                        malformed("square " + std::string(topology().name(u)) + " listed twice in field U",
                                  ff.offset + 1 + b);
                    }
                    st.marked |= bit(u);
                    b = e + 1;
                }
                break;
            }
            case 'H':
            case 'F':
                break;  // half-move clock and move number: not part of the position
            default:
                malformed("unknown field " + quoted(std::string(1, ff.letter) + ff.value), ff.offset);
        }
    }
    p.set_state(st);
    validate(p, "position " + quoted(text));
    return p;
}

std::string Shatra::position_to_string(const Position& pos) const {
    const Topology& t = topology();
    std::string s(pos.side_to_move() == Color::white ? "W" : "B");
    for (Color c : {Color::white, Color::black}) {
        s += c == Color::white ? ":W" : ":B";
        std::vector<std::pair<std::string, int>> items;
        for (Kind k : writing_order) {
            const std::string prefix = kinds()[k].letter == '\0' ? "" : std::string(1, kinds()[k].letter);
            const Mask men = pos.pieces(c, k);
            for (Mask part : {men & own(c).home, men & ~own(c).home}) {
                for_each_vertex(part, [&](Vertex v) { items.emplace_back(prefix, v + 1); });
            }
        }
        s += join_numbered(items);
    }
    const PositionState& st = pos.state();
    auto sides = [&](auto flag) {
        std::string r;
        if ((st.flags & flag(Color::white)) != 0) r += 'W';
        if ((st.flags & flag(Color::black)) != 0) r += 'B';
        return r;
    };
    const std::uint32_t temdeks = temdek_flag(Color::white) | temdek_flag(Color::black);
    if ((st.flags & temdeks) != implied_temdeks(pos)) s += ":T" + sides(temdek_flag);
    if (st.ep_square != no_vertex) s += ":E" + std::string(t.name(st.ep_square));
    if (st.marked != 0) {
        s += ":U";
        bool first = true;
        for_each_vertex(st.marked, [&](Vertex v) {
            if (!first) s += ',';
            s += t.name(v);
            first = false;
        });
    }
    if ((st.flags & (returned_biy_flag(Color::white) | returned_biy_flag(Color::black))) != 0) {
        s += ":G" + sides(returned_biy_flag);
    }
    return s;
}

std::string to_spn(const Position& pos, int move_number) {
    std::string s;
    int empty = 0;
    std::size_t group = 0;
    for (int sb = 1; sb <= 62; ++sb) {
        const auto v = static_cast<Vertex>(62 - sb);
        const Piece p = pos.at(v);
        if (p.empty()) {
            ++empty;
        } else {
            if (empty > 0) s += static_cast<char>('0' + empty);
            empty = 0;
            if (has(pos.state().marked, v)) s += '!';
            const char letter = spn_letter[p.kind()];
            s += p.color() == Color::white
                     ? letter
                     : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
        }
        if (sb == spn_group_end[group]) {
            if (empty > 0) s += static_cast<char>('0' + empty);
            empty = 0;
            if (sb != 62) s += '/';
            ++group;
        }
    }
    const PositionState& st = pos.state();
    s += pos.side_to_move() == Color::white ? " w " : " b ";
    std::string temdeks;
    if ((st.flags & temdek_flag(Color::white)) != 0) temdeks += 'T';
    if ((st.flags & temdek_flag(Color::black)) != 0) temdeks += 't';
    s += temdeks.empty() ? "-" : temdeks;
    s += " - ";  // no man is in transit between turns
    // Shatrabase records no en-passant square after a double step on the a- or g-file (passing
    // a9, g9, a6 or g6), which can never be taken en passant (3.5; sboard.cpp: File(m_to) > 1
    // && File(m_to) < 7).
    const int passed = st.ep_square == no_vertex ? 0 : st.ep_square + 1;
    const bool edge_file = passed == 18 || passed == 24 || passed == 39 || passed == 45;
    s += passed == 0 || edge_file ? "-" : std::to_string(spn_square(st.ep_square));
    s += " - " + std::to_string(move_number);  // half-move clock not kept
    return s;
}

Position Shatra::parse_spn(std::string_view spn) const {
    auto malformed = [&](const std::string& what, std::size_t offset) {
        throw ParseError("SPN " + quoted(spn) + ": " + what + " at offset " +
                         std::to_string(offset));
    };
    Position p;
    PositionState st;
    std::size_t i = 0;
    while (i < spn.size() && std::isspace(static_cast<unsigned char>(spn[i]))) ++i;
    int sb = 1;  // next Shatrabase square
    std::size_t group = 0;
    bool urgent = false;
    for (; i < spn.size() && spn[i] != ' '; ++i) {
        const char ch = spn[i];
        const int group_end = group < spn_group_end.size() ? spn_group_end[group] : 0;
        if (ch == '/') {
            if (urgent || sb != group_end + 1 || group + 1 >= spn_group_end.size()) {
                malformed("misplaced '/'", i);
            }
            ++group;
        } else if (ch >= '1' && ch <= '9') {
            if (urgent || sb + (ch - '0') - 1 > group_end) malformed("too many squares in a row", i);
            sb += ch - '0';
        } else if (ch == '!') {
            if (urgent) malformed("'!!'", i);
            urgent = true;
        } else {
            if (std::string_view("yuip").find(ch) != std::string_view::npos) {
                malformed("man in transit " + quoted(std::string(1, ch)) +
                              ": positions inside a capture sequence are not supported",
                          i);
            }
            Kind k = kind_count;
            for (Kind j = 0; j < kind_count; ++j) {
                if (std::toupper(static_cast<unsigned char>(ch)) == spn_letter[j]) k = j;
            }
            if (k == kind_count) malformed("unknown piece letter " + quoted(std::string(1, ch)), i);
            if (sb > group_end) malformed("too many squares in a row", i);
            const auto v = static_cast<Vertex>(62 - sb);
            p.put(v, Piece(std::isupper(static_cast<unsigned char>(ch)) ? Color::white : Color::black, k));
            if (urgent) st.marked |= bit(v);
            urgent = false;
            ++sb;
        }
    }
    if (sb != 63 || group + 1 != spn_group_end.size()) malformed("the board does not have 62 squares", i);
    // Fields: side, temdeks, transit square, en-passant square, half-move clock, move number.
    std::vector<std::pair<std::string, std::size_t>> fields;
    while (i < spn.size()) {
        while (i < spn.size() && std::isspace(static_cast<unsigned char>(spn[i]))) ++i;
        const std::size_t b = i;
        while (i < spn.size() && !std::isspace(static_cast<unsigned char>(spn[i]))) ++i;
        if (i > b) fields.emplace_back(std::string(spn.substr(b, i - b)), b);
    }
    if (fields.size() < 2 || fields.size() > 6) {
        malformed("expected side, temdeks and up to four more fields", i);
    }
    if (fields[0].first == "w") {
        p.set_side_to_move(Color::white);
    } else if (fields[0].first == "b") {
        p.set_side_to_move(Color::black);
    } else {
        malformed("side to move must be w or b", fields[0].second);
    }
    const std::string& tk = fields[1].first;
    if (tk != "-" && tk != "T" && tk != "t" && tk != "Tt") {
        malformed("temdek field must be T, t, Tt or -", fields[1].second);
    }
    if (tk.find('T') != std::string::npos) st.flags |= temdek_flag(Color::white);
    if (tk.find('t') != std::string::npos) st.flags |= temdek_flag(Color::black);
    auto number = [&](std::size_t f, int lo, int hi) {
        const std::string& x = fields[f].first;
        if (x.empty() || x.size() > 4 || x.find_first_not_of("0123456789") != std::string::npos ||
            std::stoi(x) < lo || std::stoi(x) > hi) {
            malformed("bad number " + quoted(x), fields[f].second);
        }
        return std::stoi(x);
    };
    if (fields.size() > 2 && fields[2].first != "-") {
        malformed("transit square: positions inside a capture sequence are not supported",
                  fields[2].second);
    }
    if (fields.size() > 3 && fields[3].first != "-") {
        st.ep_square = static_cast<Vertex>(62 - number(3, 1, 62));
        st.ep_victim = ep_victim_of(st.ep_square, ~p.side_to_move());
    }
    if (fields.size() > 4 && fields[4].first != "-") (void)number(4, 0, 9999);
    if (fields.size() > 5) (void)number(5, 1, 9999);
    p.set_state(st);
    validate(p, "SPN " + quoted(spn));
    return p;
}

Position from_spn(std::string_view spn) {
    static const Shatra standard{RuleOptions(option_specs())};
    return standard.parse_spn(spn);
}

MoveExplanation Shatra::explain_refusal(const Position& pos, const ParsedMoveText& t,
                                        const MoveList& legal) const {
    MoveExplanation e = Variant::explain_refusal(pos, t, legal);
    if (e.reason != MoveReason::no_such_move && e.reason != MoveReason::blocked) return e;
    const Vertex from = t.squares.front();
    if (t.squares.size() != 2 || pos.at(from).kind() != shatra) return e;
    const auto d = topology().line_direction(from, t.squares.back());
    const DirectionSet back = side_view(pos.side_to_move(), dirs(Direction::s, Direction::se, Direction::sw));
    if (!d || (back & dirs(*d)) == 0) return e;
    // 3.5: a shatra never moves backward (a square behind it, occupied or not).
    const std::size_t rest = e.reason == MoveReason::blocked ? e.message.find("; ") : std::string::npos;
    e.message = "a shatra does not move backward; " + (rest == std::string::npos ? e.message : e.message.substr(rest + 2));
    e.reason = MoveReason::man_backward;
    return e;
}

std::string Shatra::rule_section(MoveReason r) const {
    switch (r) {
    case MoveReason::legal: return {};
    case MoveReason::not_a_move:
    case MoveReason::ambiguous: return "variants/shatra/RULES.md §14";
    case MoveReason::no_legal_move: return "variants/shatra/RULES.md §7";
    case MoveReason::capture_compulsory:
    case MoveReason::must_continue:
    case MoveReason::majority:
    case MoveReason::quality:
    case MoveReason::king_first:
    case MoveReason::forbidden_victim: return "variants/shatra/RULES.md §5";
    case MoveReason::empty_square:
    case MoveReason::wrong_piece:
    case MoveReason::king_move_limit:
    case MoveReason::man_backward:
    case MoveReason::blocked:
    case MoveReason::no_such_move: break;
    }
    return "variants/shatra/RULES.md §3";
}

}  // namespace tradgames::shatra
