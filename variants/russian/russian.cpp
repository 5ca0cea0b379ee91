#include "russian.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"
#include "tradgames/game.hpp"
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

std::vector<OptionSpec> option_specs() {
    auto moves = [](const char* name, const char* def, const char* help) {
        return OptionSpec{name, OptionType::integer, def, {}, 0, 1000, help};
    };
    return {
        repetition_draw_option("FMJD64 7.2.3"),
        moves("three_kings_vs_one_moves", "15",
              "FMJD64 7.2.4: three or more kings against a lone king: draw after this many moves "
              "(each side) from the moment the force ratio arose; 0 = off"),
        moves("kings_only_moves", "15",
              "FMJD64 7.2.5: draw after this many moves (each side) of king moves only, no man "
              "move, no capture; 0 = off"),
        moves("material_4_5_moves", "30",
              "FMJD64 7.2.6: 4-5 pieces, kings on both sides: draw after this many moves (each "
              "side) without capture or promotion; 0 = off"),
        moves("material_6_7_moves", "60",
              "FMJD64 7.2.6: 6-7 pieces, kings on both sides: draw after this many moves (each "
              "side) without capture or promotion; 0 = off"),
        moves("main_road_moves", "5",
              "FMJD64 7.2.7: three pieces with a king against a lone king holding the main road "
              "a1-h8: draw after this many moves (each side); 0 = off"),
        moves("small_ending_moves", "5",
              "FMJD64 7.2.8: one or two pieces with a king against a lone king: draw after this "
              "many moves (each side); 0 = off"),
    };
}

std::shared_ptr<const Variant> make(const std::vector<std::string>& options) {
    return build_variant<Russian>(option_specs(), options);
}

namespace {

// FMJD64 draw articles counted by the adjudicator, in the order in which they decide when
// several are due at once (the more specific ending first; RULES.md "Draw rules").
enum Article : std::size_t { a728, a727, a724, a726, a725, article_count };

// The material facts the draw articles look at, for one position.
struct Material {
    int pieces[2] = {0, 0};
    int kings[2] = {0, 0};
    bool lone_king[2] = {false, false};  // side has exactly one piece, a king

    explicit Material(const Position& p) {
        for (Color c : {Color::white, Color::black}) {
            pieces[index(c)] = count(p.pieces(c));
            kings[index(c)] = count(p.pieces(c, king));
            lone_king[index(c)] = pieces[index(c)] == 1 && kings[index(c)] == 1;
        }
    }
    [[nodiscard]] int total() const { return pieces[0] + pieces[1]; }
    // Is some side a lone king whose opponent satisfies strong(pieces, kings)?
    template <class Strong>
    [[nodiscard]] bool lone_king_against(Strong strong, Color* weak = nullptr) const {
        for (Color c : {Color::white, Color::black}) {
            const int s = index(~c);
            if (lone_king[index(c)] && strong(pieces[s], kings[s])) {
                if (weak != nullptr) *weak = c;
                return true;
            }
        }
        return false;
    }
};

class RussianAdjudicator final : public Adjudicator {
public:
    // limits: plies per article (0 = off), limits[a726] for 4-5 pieces and six_seven for 6-7;
    // road: the main road's squares.
    RussianAdjudicator(const std::array<int, article_count>& limits, int six_seven, Mask road,
                       const Position& start)
        : limits_(limits), six_seven_limit_(six_seven), road_(road) {
        for (std::size_t a = 0; a < article_count; ++a) held_[a] = holds(static_cast<Article>(a), start);
    }

    [[nodiscard]] std::unique_ptr<Adjudicator> clone() const override {
        return std::make_unique<RussianAdjudicator>(*this);
    }

    std::optional<GameResult> after_move(const Position& before, const Move& m, const Position& after,
                                         bool has_moves) override {
        const bool capture = m.is_capture();
        const bool man_moved = before.at(m.from).kind() == man;
        const bool promotion = m.promotion != no_kind;
        for (std::size_t i = 0; i < article_count; ++i) {
            const auto a = static_cast<Article>(i);
            const bool was = held_[a];
            held_[a] = holds(a, after);
            // A count starts (at 0) on the ply where its condition comes to hold and goes up by
            // one for every further ply while it holds, unless the move is one the article
            // names as a change (RULES.md "Draw rules").
            if (!held_[a] || !was || resets(a, capture, man_moved, promotion)) {
                plies_[a] = 0;
            } else {
                ++plies_[a];
            }
        }
        if (!has_moves) return std::nullopt;  // the side to move has lost: a win beats a draw
        const Material mat(after);
        // 7.2.5 is the general rule: an ending article that holds (and is switched on) governs.
        bool ending = false;
        for (Article a : {a728, a727, a724, a726}) ending = ending || (held_[a] && limit(a, mat) > 0);
        for (std::size_t i = 0; i < article_count; ++i) {
            const auto a = static_cast<Article>(i);
            const int n = limit(a, mat);
            if (n == 0 || !held_[a] || plies_[a] < n || (a == a725 && ending)) continue;
            return GameResult{Outcome::draw, reason(a, n, mat)};
        }
        return std::nullopt;
    }

private:
    // The article's limit in plies (0 = off); 7.2.6 has one for 4-5 and one for 6-7 pieces.
    [[nodiscard]] int limit(Article a, const Material& mat) const {
        return a == a726 && mat.total() > 5 ? six_seven_limit_ : limits_[a];
    }

    [[nodiscard]] bool holds(Article a, const Position& p) const {
        const Material mat(p);
        switch (a) {
            case a728:  // lone king against 1-2 pieces, a king among them
                return mat.lone_king_against([](int n, int k) { return n <= 2 && k >= 1; });
            case a727: {  // lone king alone on the main road against 3 pieces, a king among them
                Color weak = Color::white;
                if (!mat.lone_king_against([](int n, int k) { return n == 3 && k >= 1; }, &weak)) {
                    return false;
                }
                return (p.pieces(weak) & road_) != 0 && count(p.occupied() & road_) == 1;
            }
            case a724:  // lone king against 3 or more pieces, all kings
                return mat.lone_king_against([](int n, int k) { return n >= 3 && k == n; });
            case a726:  // 4-7 pieces, kings on both sides
                return mat.kings[0] > 0 && mat.kings[1] > 0 && mat.total() >= 4 && mat.total() <= 7;
            case a725:  // counted everywhere; decides only where no ending rule holds
            case article_count: return true;
        }
        return false;
    }

    static bool resets(Article a, bool capture, bool man_moved, bool promotion) {
        switch (a) {
            case a725: return capture || man_moved;
            case a726: return capture || promotion;
            case a724:
            case a727: return capture;
            case a728:  // never reset once active (lidraughts)
            case article_count: break;
        }
        return false;
    }

    static std::string reason(Article a, int limit, const Material& mat) {
        const std::string moves = std::to_string(limit / 2) + " moves";
        switch (a) {
            case a724:
                return "FMJD64 7.2.4: three or more kings against a lone king, not won in " + moves;
            case a725:
                return "FMJD64 7.2.5: " + moves + " with only king moves, no man move and no capture";
            case a726:
                return "FMJD64 7.2.6: " + std::to_string(mat.total()) +
                       "-piece ending with kings on both sides, balance unchanged for " + moves;
            case a727:
                return "FMJD64 7.2.7: lone king on the main road against three pieces, not won in " +
                       moves;
            case a728:
                return "FMJD64 7.2.8: lone king against one or two pieces, not won in " + moves;
            case article_count: break;
        }
        return "FMJD64 7.2";
    }

    std::array<int, article_count> limits_{};
    int six_seven_limit_ = 0;
    Mask road_ = 0;
    std::array<bool, article_count> held_{};
    std::array<int, article_count> plies_{};
};

}  // namespace

GameRules Russian::game_rules() const {
    GameRules r;
    r.repetition_draw = repetition_draw_value(options());
    return r;
}

std::unique_ptr<Adjudicator> Russian::make_adjudicator(const Position& start) const {
    const RuleOptions& o = options();
    auto plies = [&](const char* key) { return static_cast<int>(2 * o.integer(key)); };
    std::array<int, article_count> limits{};
    limits[a724] = plies("three_kings_vs_one_moves");
    limits[a725] = plies("kings_only_moves");
    limits[a726] = plies("material_4_5_moves");
    limits[a727] = plies("main_road_moves");
    limits[a728] = plies("small_ending_moves");
    const int six_seven = plies("material_6_7_moves");
    if (six_seven == 0 && std::all_of(limits.begin(), limits.end(), [](int x) { return x == 0; })) {
        return nullptr;
    }
    return std::make_unique<RussianAdjudicator>(limits, six_seven, topology().zone_mask(main_road),
                                                start);
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
    man_steps_ = {StepTable(t, dirs(Direction::ne, Direction::nw)),
                  StepTable(t, dirs(Direction::se, Direction::sw))};
    for (Color c : {Color::white, Color::black}) {
        position_rules_.forbidden[index(c)][man] = rules_.promotion_zone[index(c)];
    }
    position_rules_.forbidden_reason = "its own promotion rank";
    position_rules_.max_pieces = 12;
    position_rules_.ignored_fields = "HF";  // lidraughts clocks
    position_rules_.unknown_vertex = [](const std::string& s) {
        const bool algebraic = s.size() == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' &&
                               s[1] <= '8';
        return algebraic ? "light square " + quoted(s) + " is not a playing square"
                         : "unknown square " + quoted(s) + " (a1..h8 or 1..32)";
    };
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
    // Men, then kings: the piece kind is known per mask, without reading the board.
    for_each_vertex(pos.pieces(side, man), [&](Vertex v) {
        add_steps(man_steps_[index(side)], pos, v, out, zone, king);
    });
    for_each_vertex(pos.pieces(side, king), [&](Vertex v) { add_slides(t, pos, v, diagonal_dirs, out); });
}

bool Russian::writes_landing(const Position& pos, const Move& m, std::size_t i) const {
    // The piece is a king at landing i if it started as one or was crowned at or before i.
    bool is_king = pos.at(m.from).kind() == king;
    const Mask zone = rules_.promotion_zone[index(pos.at(m.from).color())];
    for (std::size_t j = 0; j < i && !is_king; ++j) is_king = has(zone, m.path[j]);
    return !is_king || !straight_through(topology(), m, i);
}

Position Russian::parse_position(std::string_view text) const {
    return read_position(text, position_rules_);
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
