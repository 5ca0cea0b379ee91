// The draughts family's draw rules with counters: no progress, bare pieces, the lone-king
// endings and the FMJD64 articles 7.2.4-7.2.8 (variants/russian/RULES.md §1.5), as the
// variant's Adjudicator.
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "tradgames/draughts.hpp"

namespace tradgames {

namespace {

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

GameRules DraughtsVariant::game_rules() const {
    return {d_.draws.repetition, d_.draws.ply_cap};
}

std::unique_ptr<Adjudicator> DraughtsVariant::make_adjudicator(const Position& start) const {
    auto a = std::make_unique<DraughtsAdjudicator>(d_, topology().zone_mask(main_road), start);
    if (a->off()) return nullptr;
    return a;
}

}  // namespace tradgames
