// The generic draughts variant: board, moves, notation, position strings and draw rules from a
// DraughtsDescriptor.
#include "tradgames/draughts.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "tradgames/board_graph.hpp"
#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"

namespace tradgames {

namespace {

using Z = DraughtsVariant::Zone;

std::string algebraic(int f, int r) {
    return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1);
}

// Point number of column x, row y of a chols board (variants/tobit/RULES.md §2.2), or 0. Row 0
// holds White's ends of the longitudinal lines (x = 1..L), rows 1..T the transverse lines with
// their two ends (x = 0..L+1), row T+1 Black's ends of the longitudinal lines.
int chol_point(int L, int T, int x, int y) {
    if (y == 0 || y == T + 1) {
        if (x < 1 || x > L) return 0;
        return y == 0 ? x : L + (L + 2) * T + x;
    }
    if (y < 0 || y > T + 1 || x < 0 || x > L + 1) return 0;
    return L + 1 + (L + 2) * (y - 1) + x;
}

BoardGraph chols_board(const DraughtsDescriptor& d) {
    const int L = d.board.width;
    const int T = d.board.height;
    const int rows = d.setup_rows;
    const int off = d.setup_offset;
    BoardGraph g;
    for (int y = 0; y <= T + 1; ++y) {
        for (int x = 0; x <= L + 1; ++x) {
            const int n = chol_point(L, T, x, y);
            if (n == 0) continue;
            VertexProperties p;
            p.name = std::to_string(n);
            p.x = x;
            p.y = y;
            if (y == T + 1) p.zones |= Z::white_promotion;
            if (y == 0) p.zones |= Z::black_promotion;
            if (y >= off && y < off + rows) p.zones |= Z::white_home;
            if (y <= T + 1 - off && y > T + 1 - off - rows) p.zones |= Z::black_home;
            g.add_vertex(std::move(p));  // vertex n - 1: numbers ascend in this order
        }
    }
    auto vertex = [&](int x, int y) { return static_cast<Vertex>(chol_point(L, T, x, y) - 1); };
    for (int x = 1; x <= L; ++x) {
        for (int y = 0; y <= T; ++y) g.add_link(vertex(x, y), vertex(x, y + 1), Direction::n);
    }
    for (int y = 1; y <= T; ++y) {
        for (int x = 0; x <= L; ++x) g.add_link(vertex(x, y), vertex(x + 1, y), Direction::e);
    }
    return g;
}

bool playable(const DraughtsBoard& b, int f, int r) {
    if (f < 0 || r < 0 || f >= b.width || r >= b.height) return false;
    if (b.all_squares) return true;
    return ((f + r) % 2 == 0) != b.mirrored;  // standard: a1 (0,0) dark
}

BoardGraph rectangular_board(const DraughtsDescriptor& d) {
    const DraughtsBoard& b = d.board;
    BoardGraph g;
    std::map<std::pair<int, int>, Vertex> at;
    int n = 0;
    // PDN numbering: from Black's side (the top rank), each rank from White's left.
    for (int r = b.height - 1; r >= 0; --r) {
        for (int f = 0; f < b.width; ++f) {
            if (!playable(b, f, r)) continue;
            ++n;
            VertexProperties p;
            const std::string alg = algebraic(f, r);
            const std::string num = std::to_string(n);
            p.name = d.notation.numeric ? num : alg;
            if (!b.all_squares) p.aliases = {d.notation.numeric ? alg : num};
            p.x = f;
            p.y = r;
            if (r == b.height - 1) p.zones |= Z::white_promotion;
            if (r == 0) p.zones |= Z::black_promotion;
            if (f == r && !b.mirrored) p.zones |= Z::main_road;
            if (f == b.width - 1 - r && b.mirrored) p.zones |= Z::main_road;
            const int off = d.setup_offset;
            if (r >= off && r < off + d.setup_rows) p.zones |= Z::white_home;
            if (r < b.height - off && r >= b.height - off - d.setup_rows) p.zones |= Z::black_home;
            at[{f, r}] = g.add_vertex(std::move(p));
        }
    }
    auto link = [&](int f, int r, int df, int dr, Direction dir) {
        const auto from = at.find({f, r});
        const auto to = at.find({f + df, r + dr});
        if (from != at.end() && to != at.end()) g.add_link(from->second, to->second, dir);
    };
    const bool diagonal = b.links != DraughtsBoard::Links::orthogonal;
    const bool orthogonal = b.links != DraughtsBoard::Links::diagonal;
    const int o = b.all_squares ? 1 : 2;  // the next playable square along a rank or file
    for (const auto& [fr, v] : at) {
        const auto [f, r] = fr;
        if (diagonal) {
            link(f, r, 1, 1, Direction::ne);
            link(f, r, -1, 1, Direction::nw);
        }
        if (orthogonal) {
            link(f, r, 0, o, Direction::n);
            link(f, r, o, 0, Direction::e);
        }
    }
    return g;
}

}  // namespace

int draughts_vertex_count(const DraughtsBoard& b) noexcept {
    if (b.shape == DraughtsBoard::Shape::chols) return b.width * (b.height + 2) + 2 * b.height;
    int n = 0;
    for (int r = 0; r < b.height; ++r) {
        for (int f = 0; f < b.width; ++f) n += playable(b, f, r) ? 1 : 0;
    }
    return n;
}

namespace {

int vertex_count(const DraughtsDescriptor& d) { return draughts_vertex_count(d.board); }

// Compiled boards are shared between variants with the same board and notation.
std::shared_ptr<const Topology> shared_topology(const DraughtsDescriptor& d) {
    const int n = vertex_count(d);
    if (n > max_vertices) {
        throw DescriptorError("variant " + tradgames::quoted(d.name) + ": the board has " + std::to_string(n) +
                              " squares; this build holds at most " + std::to_string(max_vertices) +
                              " (configure with -DTRADGAMES_MAX_VERTICES=128)");
    }
    using Key = std::tuple<DraughtsBoard, bool, int, int>;
    static std::mutex mutex;
    static std::vector<std::pair<Key, std::shared_ptr<const Topology>>> cache;
    const Key key{d.board, d.notation.numeric, d.setup_rows, d.setup_offset};
    const std::lock_guard lock(mutex);
    for (const auto& [k, t] : cache) {
        if (k == key) return t;
    }
    auto t = std::make_shared<const Topology>(make_draughts_board(d));
    cache.emplace_back(key, t);
    return t;
}

std::vector<PieceKindInfo> kind_infos(const DraughtsDescriptor& d) {
    return {{d.man.name, d.man.letter, d.man.symbol}, {d.king.name, d.king.letter, d.king.symbol}};
}

// ---------------------------------------------------------------------------------------------
// Draw rules with counters: no progress, bare pieces, FMJD64 7.2.4-7.2.8.

// FMJD64 draw articles counted by the adjudicator, in the order in which they decide when
// several are due at once (the more specific ending first; variants/russian/RULES.md §1.5).
enum Article : std::size_t { a728, a727, a724, a726, a725, article_count };

constexpr Kind man_kind = DraughtsVariant::man_kind;
constexpr Kind king_kind = DraughtsVariant::king_kind;

// The material facts the draw articles look at, for one position.
struct Material {
    int pieces[2] = {0, 0};
    int kings[2] = {0, 0};
    bool lone_king[2] = {false, false};  // side has exactly one piece, a king

    explicit Material(const Position& p) {
        for (Color c : {Color::white, Color::black}) {
            pieces[index(c)] = count(p.pieces(c));
            kings[index(c)] = count(p.pieces(c, king_kind));
            lone_king[index(c)] = pieces[index(c)] == 1 && kings[index(c)] == 1;
        }
    }
    [[nodiscard]] int total() const { return pieces[0] + pieces[1]; }
    // Can an ending article (any but 7.2.5) hold? Each needs a lone king, or kings on both
    // sides with at most 7 pieces on the board.
    [[nodiscard]] bool ending_possible() const {
        return lone_king[0] || lone_king[1] || (kings[0] > 0 && kings[1] > 0 && total() <= 7);
    }
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

class Fmjd64Counters {
public:
    Fmjd64Counters(const Fmjd64Draws& f, Mask road, const Position& start) : road_(road) {
        limits_[a724] = 2 * f.three_kings_vs_one;
        limits_[a725] = 2 * f.kings_only;
        limits_[a726] = 2 * f.material_4_5;
        limits_[a727] = 2 * f.main_road;
        limits_[a728] = 2 * f.small_ending;
        six_seven_limit_ = 2 * f.material_6_7;
        const Material mat(start);
        for (std::size_t a = 0; a < article_count; ++a) {
            held_[a] = holds(static_cast<Article>(a), start, mat);
        }
        note_endings();
    }

    [[nodiscard]] bool off() const {
        return six_seven_limit_ == 0 &&
               std::all_of(limits_.begin(), limits_.end(), [](int x) { return x == 0; });
    }

    /// Index into the reason table (reason_count entries, see reason_index) of the article
    /// that draws the game after m, or nullopt. progress: m captured or moved a man; white and
    /// black: the number of pieces of each side in after.
    std::optional<std::size_t> after_move(const Move& m, bool progress, const Position& after,
                                          int white, int black, bool has_moves) {
        // The common case: no ending article held before this move and none can hold after it
        // (Material::ending_possible, tested first from the piece counts alone): only 7.2.5's
        // count, which holds everywhere, changes, and only 7.2.5 can decide. The full update
        // below gives the same result there.
        if (!endings_held_ && ((white > 1 && black > 1 && white + black > 7) ||
                               !Material(after).ending_possible())) {
            plies_[a725] = progress ? 0 : plies_[a725] + 1;
            if (!has_moves) return std::nullopt;  // the side to move has lost
            const int n = limits_[a725];
            if (n != 0 && plies_[a725] >= n) return reason_index(a725, white + black);
            return std::nullopt;
        }
        return update(m, progress, after, has_moves);
    }

    /// Size of the reason table: one text per article, and 7.2.6's per piece count (0..7).
    static constexpr std::size_t reason_count = article_count + 8;
    /// Where the text of article a with `total` pieces on the board is in the reason table.
    static std::size_t reason_index(Article a, int total) {
        return a == a726 ? article_count + static_cast<std::size_t>(std::clamp(total, 0, 7)) : a;
    }
    /// The reason table, built once per adjudicator (so that deciding allocates nothing).
    [[nodiscard]] std::array<std::string, reason_count> reasons() const {
        std::array<std::string, reason_count> r;
        for (std::size_t i = 0; i < article_count; ++i) {
            const auto a = static_cast<Article>(i);
            if (a != a726) r[i] = reason(a, limits_[a], 0);
        }
        for (int total = 0; total <= 7; ++total) {
            r[reason_index(a726, total)] = reason(a726, limit(a726, total), total);
        }
        return r;
    }

private:
    // after_move for every article (out of line: the common case above stays small).
    [[gnu::noinline]] std::optional<std::size_t> update(const Move& m, bool progress,
                                                        const Position& after, bool has_moves) {
        const bool capture = m.is_capture();
        const bool promotion = m.promotion != no_kind;
        const Material mat(after);  // counted once for every article
        const bool ending_possible = mat.ending_possible();  // else only 7.2.5 holds
        for (std::size_t i = 0; i < article_count; ++i) {
            const auto a = static_cast<Article>(i);
            const bool was = held_[a];
            held_[a] = ending_possible ? holds(a, after, mat) : a == a725;
            // A count starts (at 0) on the ply where its condition comes to hold and goes up by
            // one for every further ply while it holds, unless the move is one the article
            // names as a change (variants/russian/RULES.md §1.5).
            if (!held_[a] || !was || resets(a, capture, progress, promotion)) {
                plies_[a] = 0;
            } else {
                ++plies_[a];
            }
        }
        note_endings();
        if (!has_moves) return std::nullopt;  // the side to move has lost: a win beats a draw
        // 7.2.5 is the general rule: an ending article that holds (and is switched on) governs.
        bool ending = false;
        for (Article a : {a728, a727, a724, a726}) ending = ending || (held_[a] && limit(a, mat) > 0);
        for (std::size_t i = 0; i < article_count; ++i) {
            const auto a = static_cast<Article>(i);
            const int n = limit(a, mat);
            if (n == 0 || !held_[a] || plies_[a] < n || (a == a725 && ending)) continue;
            return reason_index(a, mat.total());
        }
        return std::nullopt;
    }

    // Records whether an ending article (any but 7.2.5) holds now.
    void note_endings() { endings_held_ = held_[a728] || held_[a727] || held_[a724] || held_[a726]; }

    // The article's limit in plies (0 = off); 7.2.6 has one for 4-5 and one for 6-7 pieces.
    [[nodiscard]] int limit(Article a, int total) const {
        return a == a726 && total > 5 ? six_seven_limit_ : limits_[a];
    }
    [[nodiscard]] int limit(Article a, const Material& mat) const { return limit(a, mat.total()); }

    // Does article a's condition hold in p, whose material is mat?
    [[nodiscard]] bool holds(Article a, const Position& p, const Material& mat) const {
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

    // Does a move (capture: a capture; progress: a capture or a man move; promotion: a
    // promotion) restart article a's count?
    static bool resets(Article a, bool capture, bool progress, bool promotion) {
        switch (a) {
            case a725: return progress;
            case a726: return capture || promotion;
            case a724:
            case a727: return capture;
            case a728:  // never reset once active (lidraughts)
            case article_count: break;
        }
        return false;
    }

    static std::string reason(Article a, int limit, int total) {
        const std::string moves = std::to_string(limit / 2) + " moves";
        switch (a) {
            case a724:
                return "FMJD64 7.2.4: three or more kings against a lone king, not won in " + moves;
            case a725:
                return "FMJD64 7.2.5: " + moves + " with only king moves, no man move and no capture";
            case a726:
                return "FMJD64 7.2.6: " + std::to_string(total) +
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
    bool endings_held_ = false;  // held_ of some article other than 7.2.5
};

class DraughtsAdjudicator final : public Adjudicator {
public:
    DraughtsAdjudicator(const DraughtsDescriptor& d, Mask road, const Position& start) {
        auto texts = std::make_shared<Texts>();
        texts->draws = d.draws;
        if (d.draws.fmjd64) {
            Fmjd64Counters f(*d.draws.fmjd64, road, start);
            if (!f.off()) {
                fmjd_ = f;
                texts->fmjd = f.reasons();
            }
        }
        texts->no_progress = d.draws.no_progress_label + ": " +
                             std::to_string(d.draws.no_progress_moves) +
                             " moves each without a capture or a " + d.man.name + " move";
        texts->bare = d.draws.bare_label + ": one piece each";
        const std::array<std::string, 3> what = {"three pieces with a king", "one or two pieces with a king",
                                                 "two kings"};
        const std::array<int, 3> limits = {d.draws.lone_king_vs_3_moves, d.draws.lone_king_vs_2_moves,
                                           d.draws.lone_king_vs_2_kings_moves};
        for (std::size_t i = 0; i < 3; ++i) {
            texts->ending[i + 1] = d.draws.endings_label + ": a lone king against " + what[i] +
                                   ", not won in " + std::to_string(limits[i]) + " moves";
        }
        endings_ = limits[0] > 0 || limits[1] > 0 || limits[2] > 0;
        texts_ = std::move(texts);
        if (endings_) ending_ = ending_of(start);
    }
    [[nodiscard]] bool off() const {
        return !fmjd_ && texts_->draws.no_progress_moves == 0 && !texts_->draws.bare && !endings_;
    }
    [[nodiscard]] std::unique_ptr<Adjudicator> clone() const override {
        return std::make_unique<DraughtsAdjudicator>(*this);
    }
    void assign(const Adjudicator& other) override {
        const auto& o = static_cast<const DraughtsAdjudicator&>(other);
        // Trivially copyable counters; the texts are the variant's. Most rules have no FMJD64
        // counters: nothing to copy then.
        if (fmjd_.has_value() || o.fmjd_.has_value()) fmjd_ = o.fmjd_;
        quiet_plies_ = o.quiet_plies_;
        ending_ = o.ending_;
        ending_plies_ = o.ending_plies_;
    }
    std::optional<Verdict> after_move(const Position& before, const Move& m,
                                      const Position& after, bool has_moves) override {
        // No progress: a capture or a man move resets the count of plies (and 7.2.5's).
        const bool progress = m.is_capture() || before.at(m.from).kind() == man_kind;
        quiet_plies_ = progress ? 0 : quiet_plies_ + 1;
        const DraughtsDraws& draws = texts_->draws;
        if (fmjd_ || draws.bare || endings_) return with_counts(m, progress, after, has_moves);
        // The rules need no count of the pieces (Tobit): no call, no saved registers.
        if (!has_moves) return std::nullopt;  // the side to move lost (Game's rule)
        return no_progress();
    }
    std::optional<Verdict> at_start(const Position& start, bool has_moves) override {
        if (!has_moves) return std::nullopt;
        return bare(count(start.pieces(Color::white)), count(start.pieces(Color::black)));
    }

private:
    // The rules and the text of every reason, fixed by the variant: shared by the copies.
    struct Texts {
        DraughtsDraws draws;
        std::array<std::string, Fmjd64Counters::reason_count> fmjd;
        std::string no_progress;
        std::string bare;
        std::array<std::string, 4> ending;  // by ending class (ending_of), [0] unused
    };

    // The ending class of p for the lone-king rules that are on: 1 a lone king against three
    // pieces with a king among them, 2 against one or two pieces with a king among them, 3
    // against exactly two kings (taking the place of 2 when its rule is on); 0 none.
    [[nodiscard]] int ending_of(const Position& p) const {
        const DraughtsDraws& draws = texts_->draws;
        for (Color c : {Color::white, Color::black}) {
            if (count(p.pieces(c)) != 1 || count(p.pieces(c, king_kind)) != 1) continue;
            const int n = count(p.pieces(~c));
            const int k = count(p.pieces(~c, king_kind));
            if (k == 0) continue;
            if (n == 3 && draws.lone_king_vs_3_moves > 0) return 1;
            if (n == 2 && k == 2 && draws.lone_king_vs_2_kings_moves > 0) return 3;
            if (n <= 2 && draws.lone_king_vs_2_moves > 0) return 2;
        }
        return 0;
    }
    // The lone-king ending rules after a move: the count restarts when the class changes.
    [[nodiscard]] std::optional<Verdict> ending(const Position& after) {
        const int e = ending_of(after);
        ending_plies_ = e == ending_ ? ending_plies_ + 1 : 0;
        ending_ = e;
        if (e == 0) return std::nullopt;
        const DraughtsDraws& draws = texts_->draws;
        const int moves = e == 1 ? draws.lone_king_vs_3_moves
                                 : e == 2 ? draws.lone_king_vs_2_moves : draws.lone_king_vs_2_kings_moves;
        if (ending_plies_ >= 2 * moves) return Verdict{Outcome::draw, texts_->ending[static_cast<std::size_t>(e)]};
        return std::nullopt;
    }

    // after_move for rules that count the pieces (FMJD64, bare pieces), once quiet_plies_
    // counts the move.
    [[gnu::noinline]] std::optional<Verdict> with_counts(const Move& m, bool progress,
                                                         const Position& after, bool has_moves) {
        const int white = count(after.pieces(Color::white));
        const int black = count(after.pieces(Color::black));
        std::optional<std::size_t> fmjd;
        if (fmjd_) fmjd = fmjd_->after_move(m, progress, after, white, black, has_moves);
        if (fmjd) return Verdict{Outcome::draw, texts_->fmjd[*fmjd]};
        std::optional<Verdict> end;
        if (endings_) end = ending(after);  // counted even when the side to move has lost
        if (!has_moves) return std::nullopt;  // no legal move: the side to move lost (Game's rule)
        if (end) return end;
        if (auto v = no_progress()) return v;
        return bare(white, black);
    }
    // The no-progress rule, once quiet_plies_ counts the move.
    [[nodiscard]] std::optional<Verdict> no_progress() const {
        const DraughtsDraws& draws = texts_->draws;
        if (draws.no_progress_moves > 0 && quiet_plies_ >= 2 * draws.no_progress_moves) {
            return Verdict{Outcome::draw, texts_->no_progress};
        }
        return std::nullopt;
    }
    // Each side has exactly one piece.
    // The bare-pieces rule, given the number of pieces of each side.
    [[nodiscard]] std::optional<Verdict> bare(int white, int black) const {
        if (texts_->draws.bare && white == 1 && black == 1) {
            return Verdict{Outcome::draw, texts_->bare};
        }
        return std::nullopt;
    }

    std::shared_ptr<const Texts> texts_;
    std::optional<Fmjd64Counters> fmjd_;
    long quiet_plies_ = 0;
    bool endings_ = false;  // a lone-king ending rule is on
    int ending_ = 0;        // ending_of the current position
    int ending_plies_ = 0;  // plies since it arose
};

}  // namespace

namespace {

// Ground a man of side c gains by going from u to v: the board's y grows towards Black.
double gain(const Topology& t, Color c, Vertex u, Vertex v) {
    return c == Color::white ? t.y(v) - t.y(u) : t.y(u) - t.y(v);
}

}  // namespace

BoardGraph make_draughts_board(const DraughtsDescriptor& d) {
    const int n = vertex_count(d);
    if (n > max_vertices) {
        throw DescriptorError("variant " + tradgames::quoted(d.name) + ": the board has " + std::to_string(n) +
                              " squares; this build holds at most " + std::to_string(max_vertices));
    }
    return d.board.shape == DraughtsBoard::Shape::chols ? chols_board(d) : rectangular_board(d);
}

DraughtsVariant::DraughtsVariant(DraughtsDescriptor d, RuleOptions options)
    : VariantBase<DraughtsVariant>(d.name, d.description, shared_topology(d), std::move(options),
                                   kind_infos(d)),
      d_(std::move(d)) {
    const Topology& t = topology();
    auto capture_rule = [](const DraughtsPiece& p, Kind promotes_to) {
        PieceCaptureRule r;
        r.directions = p.captures;
        r.leap = p.leap;
        r.landing = p.landing;
        r.promotes_to = promotes_to;
        r.victims = p.victims == 3 ? std::uint8_t{0xFF} : p.victims;  // 3: men and kings, no filter
        return r;
    };
    rules_.kinds[man_kind] = capture_rule(d_.man, king_kind);
    rules_.kinds[king_kind] = capture_rule(d_.king, no_kind);
    rules_.promotion_zone = {t.zone_mask(white_promotion), t.zone_mask(black_promotion)};
    rules_.promote_mid_capture = d_.promote_mid_capture;
    rules_.removal = d_.removal;
    rules_.no_180_turn = d_.no_180_turn;
    rules_.every_landing_distinct = d_.every_landing_distinct;
    rules_.compile(t);
    plain_rules_ = rules_.plain();
    hooks_.promotion_zone = rules_.promotion_zone;
    hooks_.reverts = d_.king_reverts;
    man_steps_ = {StepTable(t, side_view(Color::white, d_.man.steps)),
                  StepTable(t, side_view(Color::black, d_.man.steps))};
    king_dirs_ = {side_view(Color::white, d_.king.steps), side_view(Color::black, d_.king.steps)};
    king_steps_ = {StepTable(t, king_dirs_[0]), StepTable(t, king_dirs_[1])};
    // Does every quiet man move keep or gain ground (irreversible)? Checked step by step on the
    // board, so that no assumption about the board's shape is needed.
    for (Color c : {Color::white, Color::black}) {
        const DirectionSet steps = side_view(c, d_.man.steps);
        bool never_back = true;
        for (Vertex v = 0; v < t.size(); ++v) {
            for (int k = 0; k < direction_count; ++k) {
                const auto dir = static_cast<Direction>(k);
                if ((steps & dirs(dir)) == 0) continue;
                for (Vertex u : t.ray(v, dir)) {
                    never_back = never_back && gain(t, c, v, u) >= 0;
                    if (!d_.man.flying) break;
                }
            }
        }
        men_never_back_[index(c)] = never_back;
    }
    const bool chols = d_.board.shape == DraughtsBoard::Shape::chols;
    for (Color c : {Color::white, Color::black}) {
        position_rules_.forbidden[index(c)][man_kind] = rules_.promotion_zone[index(c)];
    }
    position_rules_.forbidden_reason = chols ? "its own promotion point" : "its own promotion rank";
    position_rules_.max_pieces = count(t.zone_mask(white_home));
    position_rules_.ignored_fields = d_.notation.ignored_fields;
    position_rules_.vertex_word = chols ? "point" : "square";
    if (chols) {
        position_rules_.unknown_vertex = [n = t.size(), v = name()](const std::string& s) {
            return "unknown point " + tradgames::quoted(s) + " (" + v + " has points 1.." + std::to_string(n) + ")";
        };
    } else {
        const DraughtsBoard b = d_.board;
        const int n = t.size();
        const bool numeric = d_.notation.numeric;
        position_rules_.unknown_vertex = [b, n, numeric](const std::string& s) {
            const bool alg = s.size() >= 2 && s[0] >= 'a' && s[0] < 'a' + b.width &&
                             std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                             s[1] != '0' && s.size() <= 4 && std::stoi(s.substr(1)) <= b.height;  // <= 3 digits: no overflow
            if (alg) return "light square " + tradgames::quoted(s) + " is not a playing square";
            const std::string last = algebraic(b.width - 1, b.height - 1);
            const std::string names = "a1.." + last;
            const std::string numbers = "1.." + std::to_string(n);
            if (b.all_squares) return "unknown square " + tradgames::quoted(s) + " (" + names + ")";
            return "unknown square " + tradgames::quoted(s) + " (" +
                   (numeric ? numbers + " or " + names : names + " or " + numbers) + ")";
        };
    }
}

bool DraughtsVariant::irreversible(const Position& before, const Move& m, const Position&) const {
    if (m.is_capture()) return true;
    if (d_.king_reverts || m.is_drop() || before.at(m.from).kind() != man_kind) return false;
    if (m.promotion != no_kind) return true;  // the number of men falls for good
    const Color c = before.side_to_move();
    return men_never_back_[index(c)] && gain(topology(), c, m.from, m.to) > 0;
}

Position DraughtsVariant::initial_position() const {
    const Topology& t = topology();
    Position p;
    for_each_vertex(t.zone_mask(white_home), [&](Vertex v) { p.put(v, Piece(Color::white, man_kind)); });
    for_each_vertex(t.zone_mask(black_home), [&](Vertex v) { p.put(v, Piece(Color::black, man_kind)); });
    if (d_.first_side == Color::black) p.flip_side();
    return p;
}

void DraughtsVariant::generate_moves(const Position& pos, MoveList& out, Duplicates dup) const {
    if (generate_captures(pos, out, dup) > 0) return;  // capture is compulsory
    const Topology& t = topology();
    const Color side = pos.side_to_move();
    const Mask zone = rules_.promotion_zone[index(side)];
    // Men, then kings: the piece kind is known per mask, without reading the board.
    const StepTable& steps = man_steps_[index(side)];
    // Only the men with an empty step target: most men of a position have none.
    const Mask empty = ~pos.occupied();
    const Mask men = steps.movers(pos.pieces(side, man_kind), empty);
    // At most one step a direction from each man: room for that many means no capacity check.
    const auto bound = static_cast<std::size_t>(count(men)) *
                       static_cast<std::size_t>(std::popcount(static_cast<unsigned>(d_.man.steps)));
    const std::size_t first = out.size();
    if (out.capacity() - first >= bound) {
        // The empty step targets of each man that has one: one capacity check for all, the
        // same moves in the same order as add_steps man by man. (Writing every step of the
        // table and keeping those on an empty point, branch-free, was faster before the men
        // without a step were filtered out: now most of those writes would be thrown away.)
        Move* const base = out.push_raw(bound);
        Move* m = base;
        for_each_vertex(men, [&](Vertex from) {
            for_each_vertex(steps[from] & empty, [&](Vertex to) {
                write_quiet(*m++, from, to, has(zone, to) ? king_kind : no_kind);
            });
        });
        out.truncate(first + static_cast<std::size_t>(m - base));
    } else {
        for_each_vertex(men, [&](Vertex v) { add_steps(steps, pos, v, out, zone, king_kind); });
    }
    if (pos.pieces(side, king_kind) == 0) return;  // no king: nothing more (and nothing reverts)
    const std::size_t kings = out.size();
    for_each_vertex(movable_kings(pos), [&](Vertex v) {
        if (d_.king.flying) {
            add_slides(t, pos, v, king_dirs_[index(side)], out);
        } else {
            add_steps(king_steps_[index(side)], pos, v, out);
        }
    });
    if (!hooks_.reverts) return;
    for (std::size_t i = kings; i < out.size(); ++i) {
        if (hooks_.end_kind(side, king_kind, out[i].to) != king_kind) out[i].promotion = man_kind;
    }
}

std::size_t DraughtsVariant::count_legal(const Position& pos, Duplicates dup,
                                         MoveList& scratch) const {
    scratch.clear();
    if (generate_captures(pos, scratch, dup) > 0) return scratch.size();
    // The quiet moves generate_moves would write, counted: one per empty step target of a man
    // or a stepping king, one per empty vertex before the first occupied one on a flying
    // king's rays.
    const Color side = pos.side_to_move();
    const Mask empty = ~pos.occupied();
    auto n = static_cast<std::size_t>(man_steps_[index(side)].count_steps(pos.pieces(side, man_kind), empty));
    const Topology& t = topology();
    if (!d_.king.flying) {
        return n + static_cast<std::size_t>(king_steps_[index(side)].count_steps(movable_kings(pos), empty));
    }
    for_each_vertex(movable_kings(pos), [&](Vertex v) {
        for_each_direction(king_dirs_[index(side)], [&](Direction d) {
            for (Vertex to : t.ray(v, d)) {
                if (!has(empty, to)) break;
                ++n;
            }
        });
    });
    return n;
}

namespace {

/// Merges the moves of out[first..] with one result (origin, destination, captured set,
/// promotion) into one, keeping the lexicographically smallest landing sequence among them, as
/// the capture generator does for U (the kept path is one of the legal paths).
void merge_same_results(MoveList& out, std::size_t first) {
    std::size_t w = first;
    for (std::size_t i = first; i < out.size(); ++i) {
        bool merged = false;
        for (std::size_t j = first; j < w; ++j) {
            Move& o = out[j];
            if (!o.same_result(out[i])) continue;
            if (std::lexicographical_compare(out[i].path.begin(), out[i].path.end(),
                                             o.path.begin(), o.path.end())) {
                o.path = out[i].path;
                o.captured = out[i].captured;
            }
            merged = true;
            break;
        }
        if (merged) continue;
        if (w != i) out[w] = out[i];
        ++w;
    }
    while (out.size() > w) out.pop_back();
}

}  // namespace

std::size_t DraughtsVariant::generate_captures(const Position& pos, MoveList& out,
                                               Duplicates dup) const {
    const std::size_t first = out.size();
    // A precedence that reads the capture order (earliest_king) is a rule on paths: applied to
    // every path first, and only then are the paths with one result merged into one U move
    // (variants/italian/RULES.md §10.2). The other criteria read the origin and the captured
    // set only, which merged paths share, so there the order of the two steps does not matter.
    const bool order_rule = dup == Duplicates::unique &&
                            std::find(d_.precedence.begin(), d_.precedence.end(),
                                      Precedence::earliest_king) != d_.precedence.end();
    if (order_rule) dup = Duplicates::all_paths;
    std::size_t n = 0;
    if (plain_rules_) {
        // The start test of the two kinds here, before any search set-up (most positions have
        // no capture), then the search with the rule switches known at compile time.
        const Color side = pos.side_to_move();
        const Mask enemy = pos.pieces(~side);  // plain rules: no victim filter
        std::array<Mask, max_kinds> starts{};
        starts[man_kind] = rules_.starts(pos, side, man_kind, enemy);
        starts[king_kind] = rules_.starts(pos, side, king_kind, enemy);
        if ((starts[man_kind] | starts[king_kind]) == 0) return 0;
        CaptureSequenceGenerator<DraughtsHooks, true> gen(topology(), rules_, hooks_);
        n = gen.search(pos, starts, out, dup);
    } else {
        CaptureSequenceGenerator<DraughtsHooks> gen(topology(), rules_, hooks_);
        n = gen.generate(pos, out, dup);
    }
    if (n > 0 && !d_.precedence.empty()) apply_precedence(pos, out, first);
    if (order_rule) merge_same_results(out, first);
    return out.size() - first;
}

Mask DraughtsVariant::movable_kings(const Position& pos) const noexcept {
    const Color side = pos.side_to_move();
    Mask kings = pos.pieces(side, king_kind);
    if (d_.king_move_limit > 0 && pos.pieces(side, man_kind) != 0 &&
        king_moves_in_a_row(pos.state(), side) >= d_.king_move_limit) {
        kings &= ~pos.state().marked;  // that king has moved its limit: another piece moves
    }
    return kings;
}

void DraughtsVariant::do_move_counting_kings(Position& pos, const Move& m, Undo& u) const {
    // The state holds, per side, the square of the king that made the side's last moves (one
    // bit of `marked` a side) and how many non-capturing moves in a row it made (4 bits of
    // `flags` a side).
    const Color side = pos.side_to_move();
    const Mask tracked = pos.state().marked & pos.pieces(side, king_kind);
    int n = king_moves_in_a_row(pos.state(), side);
    const bool king_step = !m.is_capture() && pos.at(m.from).kind() == king_kind;
    apply_move(pos, m, u);
    PositionState s = pos.state();
    s.marked &= ~tracked;
    if ((s.marked & m.captured_mask) != 0) {  // a captured king's count goes with it
        s.marked &= ~m.captured_mask;
        s.flags &= ~(0xFU << (4 * index(~side)));
    }
    if (king_step && pos.pieces(side, man_kind) != 0) {
        n = tracked == bit(m.from) ? n + 1 : 1;
        s.marked |= bit(m.to);
    } else {
        n = 0;  // a capture, a man's move, or a side without men: no count (RULES.md §2.3)
    }
    const int shift = 4 * index(side);
    s.flags = (s.flags & ~(0xFU << shift)) | (static_cast<std::uint32_t>(std::min(n, 15)) << shift);
    if (pos.pieces(~side, man_kind) == 0 && (s.marked & pos.pieces(~side)) != 0) {
        // The opponent's last man was just taken: its king-move count lapses with the rule.
        s.marked &= ~pos.pieces(~side);
        s.flags &= ~(0xFU << (4 * index(~side)));
    }
    pos.set_state(s);
}

int DraughtsVariant::king_moves_in_a_row(const PositionState& s, Color side) noexcept {
    return static_cast<int>((s.flags >> (4 * index(side))) & 0xFU);
}

void DraughtsVariant::apply_precedence(const Position& pos, MoveList& out, std::size_t first) const {
    const Color side = pos.side_to_move();
    const Mask enemy_kings = pos.pieces(~side, king_kind);
    for (Precedence p : d_.precedence) {
        // The score of each move by this criterion; keep the moves with the best score.
        auto score = [&](const Move& m) -> long {
            switch (p) {
                case Precedence::most_pieces: return static_cast<long>(m.captured.size());
                case Precedence::value: {
                    // A king counts two, less one tie-breaking unit: more than a man, less than two.
                    const long kings = count(m.captured_mask & enemy_kings);
                    return (static_cast<long>(m.captured.size()) + kings) * 64 - kings;
                }
                case Precedence::most_kings: return count(m.captured_mask & enemy_kings);
                case Precedence::with_king: return pos.at(m.from).kind() == king_kind ? 1 : 0;
                case Precedence::earliest_king: {
                    // Earlier kings score higher: a bit per jump, the first jump the highest.
                    long s = 0;
                    for (std::size_t i = 0; i < m.captured.size(); ++i) {
                        if (has(enemy_kings, m.captured[i])) s |= 1L << (40 - i);
                    }
                    return s;
                }
            }
            return 0;
        };
        long best = -1;
        for (std::size_t i = first; i < out.size(); ++i) best = std::max(best, score(out[i]));
        std::size_t w = first;
        for (std::size_t i = first; i < out.size(); ++i) {
            if (score(out[i]) != best) continue;
            if (w != i) out[w] = out[i];
            ++w;
        }
        while (out.size() > w) out.pop_back();
    }
}

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

GameRules DraughtsVariant::game_rules() const {
    return {d_.draws.repetition, d_.draws.ply_cap};
}

std::unique_ptr<Adjudicator> DraughtsVariant::make_adjudicator(const Position& start) const {
    auto a = std::make_unique<DraughtsAdjudicator>(d_, topology().zone_mask(main_road), start);
    if (a->off()) return nullptr;
    return a;
}

std::shared_ptr<const Variant> make_draughts_variant(const DraughtsDescriptor& d,
                                                     const std::vector<std::string>& options) {
    RuleOptions values(draughts_option_specs(d));
    for (const auto& a : options) values.set(a);
    return std::make_shared<const DraughtsVariant>(apply_draughts_options(d, options),
                                                   std::move(values));
}

}  // namespace tradgames
