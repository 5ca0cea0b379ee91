#include "tobit.hpp"

#include <string>
#include <utility>

#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"
#include "tradgames/game.hpp"
#include "tradgames/movegen.hpp"

namespace tradgames::tobit {

namespace {

/// Point number of column x, row y (§2.2, §2.5), or 0 if there is no point there. Row 0 holds
/// White's ends of the longitudinal chols (x = 1..L), rows 1..T the transverse chols with their
/// two ends (x = 0..L+1), row T+1 Black's ends of the longitudinal chols.
int point_number(BoardSize s, int x, int y) {
    const int L = s.longitudinal;
    const int T = s.transverse;
    if (y == 0 || y == T + 1) {
        if (x < 1 || x > L) return 0;
        return y == 0 ? x : L + (L + 2) * T + x;
    }
    if (y < 0 || y > T + 1 || x < 0 || x > L + 1) return 0;
    return L + 1 + (L + 2) * (y - 1) + x;
}

std::string variant_name(BoardSize s) {
    if (s == standard_board) return "tobit";
    return "tobit-" + std::to_string(s.longitudinal) + "x" + std::to_string(s.transverse);
}

std::shared_ptr<const Topology> shared_topology(BoardSize s) {
    auto build = [](BoardSize b) { return std::make_shared<const Topology>(make_board(b)); };
    if (s == standard_board) {
        static const auto t = build(standard_board);
        return t;
    }
    if (s == small_board) {
        static const auto t = build(small_board);
        return t;
    }
    return build(s);
}

}  // namespace

BoardGraph make_board(BoardSize s) {
    const int L = s.longitudinal;
    const int T = s.transverse;
    if (L < 1 || T < 1) {
        throw BoardError("tobit board: " + std::to_string(L) + "x" + std::to_string(T) +
                         " chols; both counts must be at least 1");
    }
    BoardGraph g;
    for (int y = 0; y <= T + 1; ++y) {
        for (int x = 0; x <= L + 1; ++x) {
            const int n = point_number(s, x, y);
            if (n == 0) continue;
            VertexProperties p;
            p.name = std::to_string(n);
            p.x = x;
            p.y = y;
            if (y == T + 1) p.zones |= white_promotion;  // R13
            if (y == 0) p.zones |= black_promotion;      // R13
            if (y <= 1) p.zones |= white_home;           // §2.4
            if (y >= T) p.zones |= black_home;           // §2.4
            g.add_vertex(std::move(p));                  // vertex n - 1: numbers ascend here
        }
    }
    auto vertex = [&](int x, int y) { return static_cast<Vertex>(point_number(s, x, y) - 1); };
    // §2.3 / G1: links only along chols. Longitudinal chols are the columns 1..L (rows 0..T+1),
    // transverse chols the rows 1..T (columns 0..L+1); the corners are empty.
    for (int x = 1; x <= L; ++x) {
        for (int y = 0; y <= T; ++y) g.add_link(vertex(x, y), vertex(x, y + 1), Direction::n);
    }
    for (int y = 1; y <= T; ++y) {
        for (int x = 0; x <= L; ++x) g.add_link(vertex(x, y), vertex(x + 1, y), Direction::e);
    }
    return g;
}

std::vector<OptionSpec> option_specs() {
    using T = OptionType;
    return {
        {"tobit_capture", T::choice, "flying", {"flying", "flying_adjacent_landing", "short"}, 0, 0,
         "tobit capture: long leap landing anywhere behind, right behind, or a hul's short "
         "leap (R7, A1)"},
        {"removal", T::choice, "end_of_move", {"end_of_move", "immediate"}, 0, 0,
         "captured pieces leave at the end of the move or at once (R11, A2)"},
        {"no_180_turn", T::boolean, "false", {}, 0, 0,
         "forbid reversing direction between two jumps (R11, A3)"},
        {"promote_continue", T::boolean, "true", {}, 0, 0,
         "a hul promoted in mid-capture continues as a tobit; matters under removal=immediate "
         "(R12, A6)"},
        {"majority_capture", T::boolean, "false", {}, 0, 0,
         "only the captures taking the most pieces are legal (R10, A4)"},
        {"tobit_reverts_off_back_row", T::boolean, "false", {}, 0, 0,
         "a tobit whose move ends off its promotion points becomes a hul (A7)"},
        repetition_draw_option("E3 (game layer)"),
        {"no_progress_draw_moves", T::integer, "15", {}, 0, 1000,
         "game layer: draw after N moves each without a capture or hul move, 0 = off (E4)"},
        {"bare_draw", T::boolean, "false", {}, 0, 0,
         "game layer: draw when each side has exactly one piece (E5)"},
        {"ply_cap", T::integer, "0", {}, 0, 100000,
         "game layer: draw after N plies, 0 = off (E6)"},
    };
}

std::shared_ptr<const Variant> make(BoardSize size, const std::vector<std::string>& options) {
    return build_variant<Tobit>(option_specs(), options, size);
}

Tobit::Tobit(BoardSize size, RuleOptions options)
    : VariantBase<Tobit>(variant_name(size),
                         "Tobit (Khakas draughts), " + std::to_string(size.longitudinal) + "x" +
                             std::to_string(size.transverse) +
                             " chols: huls step forward and sideways, flying tobits, "
                             "Turkish strike",
                         shared_topology(size), std::move(options),
                         {{"hul", '\0', 'H'}, {"tobit", 'K', 'T'}}) {
    const Topology& t = topology();
    const RuleOptions& o = this->options();
    rules_.kinds[hul] = {orthogonal_dirs, Leap::short_leap, Landing::right_behind, false,
                         tobit};  // R6: 4 directions, short leap; R13
    PieceCaptureRule king{orthogonal_dirs, Leap::long_leap, Landing::continuing, false,
                          no_kind};  // R7 flying, R9 continuing landing
    if (o.choice("tobit_capture") == "flying_adjacent_landing") {
        king.landing = Landing::right_behind;  // A1 (b)
    } else if (o.choice("tobit_capture") == "short") {
        king.leap = Leap::short_leap;  // A1 (c): captures like a hul, still moves far (R3)
    }
    rules_.kinds[tobit] = king;
    rules_.promotion_zone = {t.zone_mask(white_promotion), t.zone_mask(black_promotion)};  // R13
    rules_.promote_mid_capture = o.flag("promote_continue");  // R12, A6
    rules_.removal = o.choice("removal") == "immediate" ? Removal::immediate
                                                        : Removal::end_of_move;  // R11, A2
    rules_.no_180_turn = o.flag("no_180_turn");                                 // A3
    rules_.compile(t);
    majority_ = o.flag("majority_capture");                                     // R10, A4
    hooks_.promotion_zone = rules_.promotion_zone;
    hooks_.reverts = o.flag("tobit_reverts_off_back_row");  // A7
    hul_steps_ = {StepTable(t, dirs(Direction::n, Direction::e, Direction::w)),
                  StepTable(t, dirs(Direction::s, Direction::e, Direction::w))};  // R2: never backward
    for (Color c : {Color::white, Color::black}) {
        position_rules_.forbidden[index(c)][hul] = rules_.promotion_zone[index(c)];  // R13
    }
    position_rules_.forbidden_reason = "its own promotion point (R13)";
    position_rules_.max_pieces = count(t.zone_mask(white_home));  // §2.4: 12 or 10
    position_rules_.vertex_word = "point";
    position_rules_.unknown_vertex = [n = t.size(), v = name()](const std::string& s) {
        return "unknown point " + quoted(s) + " (" + v + " has points 1.." + std::to_string(n) + ")";
    };
    end_rules_ = {o.integer("repetition_draw"), o.integer("no_progress_draw_moves"),
                  o.flag("bare_draw"), o.integer("ply_cap")};  // E3-E6
}

Position Tobit::initial_position() const {
    const Topology& t = topology();
    Position p;
    for_each_vertex(t.zone_mask(white_home), [&](Vertex v) { p.put(v, Piece(Color::white, hul)); });
    for_each_vertex(t.zone_mask(black_home), [&](Vertex v) { p.put(v, Piece(Color::black, hul)); });
    return p;
}

void Tobit::generate_moves(const Position& pos, MoveList& out, Duplicates dup) const {
    const std::size_t first = out.size();
    CaptureSequenceGenerator<Hooks> gen(topology(), rules_, hooks_);
    if (gen.generate(pos, out, dup) > 0) {             // R5: capture is compulsory
        if (majority_) keep_majority_captures(out, first);  // A4
        return;
    }
    const Topology& t = topology();
    const Color side = pos.side_to_move();
    const Mask zone = rules_.promotion_zone[index(side)];
    for_each_vertex(pos.pieces(side), [&](Vertex v) {
        if (pos.at(v).kind() == hul) {
            add_steps(hul_steps_[index(side)], pos, v, out, zone, tobit);  // R2, R13
            return;
        }
        const std::size_t slides = out.size();
        add_slides(t, pos, v, orthogonal_dirs, out);  // R3
        if (!hooks_.reverts) return;
        for (std::size_t i = slides; i < out.size(); ++i) {  // A7
            if (hooks_.end_kind(side, tobit, out[i].to) != tobit) out[i].promotion = hul;
        }
    });
}

bool Tobit::writes_landing(const Position& /*pos*/, const Move& m, std::size_t i) const {
    return !straight_through(topology(), m, i);  // §6.4: turning points only
}

Position Tobit::parse_position(std::string_view text) const {
    return read_position(text, position_rules_);
}

std::string Tobit::position_to_string(const Position& pos) const {
    std::string s(pos.side_to_move() == Color::white ? "W" : "B");
    for (Color c : {Color::white, Color::black}) {
        std::vector<std::pair<std::string, int>> items;
        for_each_vertex(pos.pieces(c), [&](Vertex v) {
            items.emplace_back(pos.at(v).kind() == tobit ? "K" : "", v + 1);  // name = v + 1
        });
        s += c == Color::white ? ":W" : ":B";
        s += join_numbered(items);
    }
    return s;
}

namespace {

/// Tobit's draw rules with counters (tobit.md §6.2).
class TobitAdjudicator final : public Adjudicator {
public:
    explicit TobitAdjudicator(const EndRules& r) : rules_(r) {}
    [[nodiscard]] std::unique_ptr<Adjudicator> clone() const override {
        return std::make_unique<TobitAdjudicator>(*this);
    }
    std::optional<GameResult> after_move(const Position& before, const Move& m,
                                         const Position& after, bool has_moves) override {
        if (!has_moves) return std::nullopt;  // E1 belongs to Game: the side to move lost
        // E4: a capture or a hul move resets the count of plies without progress.
        const bool progress = m.is_capture() || before.at(m.from).kind() == hul;
        quiet_plies_ = progress ? 0 : quiet_plies_ + 1;
        if (rules_.no_progress_draw_moves > 0 && quiet_plies_ >= 2 * rules_.no_progress_draw_moves) {
            return GameResult{Outcome::draw, "E4: " + std::to_string(rules_.no_progress_draw_moves) +
                                                 " moves each without a capture or a hul move"};
        }
        return bare(after);
    }
    std::optional<GameResult> at_start(const Position& start, bool has_moves) override {
        return has_moves ? bare(start) : std::nullopt;
    }

private:
    /// E5: each side has exactly one piece.
    std::optional<GameResult> bare(const Position& p) const {
        if (rules_.bare_draw && count(p.pieces(Color::white)) == 1 &&
            count(p.pieces(Color::black)) == 1) {
            return GameResult{Outcome::draw, "E5: one piece each"};
        }
        return std::nullopt;
    }

    EndRules rules_;
    long quiet_plies_ = 0;
};

}  // namespace

BoardStyle Tobit::board_style() const {
    BoardStyle s;  // points on lines: every link of the graph is a chol segment (§2.3)
    s.zones = {{white_promotion | black_promotion, "promotion points (R13)",
                ZoneStyle::Mark::outline, "#b03a2e"}};
    return s;
}

GameRules Tobit::game_rules() const {
    return {static_cast<int>(end_rules_.repetition_draw), static_cast<int>(end_rules_.ply_cap)};
}

std::unique_ptr<Adjudicator> Tobit::make_adjudicator(const Position&) const {
    if (end_rules_.no_progress_draw_moves == 0 && !end_rules_.bare_draw) return nullptr;
    return std::make_unique<TobitAdjudicator>(end_rules_);
}

}  // namespace tradgames::tobit
