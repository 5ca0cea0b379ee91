#include "tradgames/game.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "tradgames/error.hpp"

namespace tradgames {

std::string_view to_string(Outcome o) noexcept {
    switch (o) {
        case Outcome::ongoing: return "ongoing";
        case Outcome::white_wins: return "white_wins";
        case Outcome::black_wins: return "black_wins";
        case Outcome::draw: return "draw";
    }
    return "ongoing";
}

std::optional<Verdict> Adjudicator::at_start(const Position&, bool) { return std::nullopt; }

Game::Game(std::shared_ptr<const Variant> variant, std::optional<Position> start)
    : variant_(std::move(variant)),
      initial_(variant_->initial_position()),
      rules_(variant_->game_rules()),
      counts_(variant_->counts_moves()) {
    reset(start);
}

TRADGAMES_ALWAYS_INLINE inline void Game::generate_legal() {
    legal_.clear();
    const Position& now = positions_.back();
    if (listing_ == MoveListing::lazy && counts_) {
        const CountedMoves c = variant_->generate_or_count(now, legal_);
        legal_count_ = c.count;
        listed_ = c.listed;
    } else {
        variant_->generate(now, legal_);
        legal_count_ = legal_.size();
        listed_ = true;
    }
}

void Game::list_legal() const {
    legal_.clear();
    variant_->generate(positions_.back(), legal_);
    listed_ = true;
}

int Game::hash_repetitions() const noexcept {
    const std::uint64_t* const end = hashes_.data() + hashes_.size();
    const std::uint64_t now = end[-1];
    int n = 0;
    for (const std::uint64_t* h = hashes_.data() + horizon_.back(); h != end; ++h) {
        n += *h == now ? 1 : 0;
    }
    return n;
}

int Game::repetitions() const noexcept {
    const Position& now = positions_.back();
    int n = 0;
    for (std::size_t i = horizon_.back(); i < positions_.size(); ++i) {
        n += (hashes_[i] == hashes_.back() && positions_[i] == now) ? 1 : 0;
    }
    return n;
}

void Game::decide(Outcome o, std::string_view reason) {
    result_.outcome = o;
    result_.reason.assign(reason);  // keeps the string's capacity: no allocation once warm
}

namespace {

/// GameHistory::recent drops the history at an irreversible move once more than this many
/// positions precede it: a few moves' memory for far fewer drops (a drop moves two entries).
constexpr std::size_t recent_slack = 16;

/// "<head><n><tail>" in a stack buffer (the reasons Game builds itself).
struct NumberedReason {
    std::array<char, 64> buf{};
    std::size_t size = 0;
    NumberedReason(std::string_view head, int n, std::string_view tail) noexcept {
        add(head);
        const auto [end, ec] = std::to_chars(buf.data() + size, buf.data() + buf.size(), n);
        if (ec == std::errc()) size = static_cast<std::size_t>(end - buf.data());
        add(tail);
    }
    void add(std::string_view s) noexcept {
        const std::size_t k = std::min(s.size(), buf.size() - size);
        s.copy(buf.data() + size, k);
        size += k;
    }
    [[nodiscard]] std::string_view view() const noexcept { return {buf.data(), size}; }
};

}  // namespace

TRADGAMES_ALWAYS_INLINE inline void Game::judge() {
    const std::size_t n = positions_.size();
    const Position& now = positions_[n - 1];
    const bool has_moves = legal_count_ != 0;
    if (!adjudicators_.empty()) {
        const std::optional<Verdict> a =
            n == 1 ? adjudicators_[0]->at_start(now, has_moves)
                   : adjudicators_[n - 1]->after_move(positions_[n - 2], moves_.back(), now, has_moves);
        if (a && a->outcome != Outcome::ongoing) decide(a->outcome, a->reason);
    }
    if (!result_.over()) {
        const GameRules& rules = rules_;
        if (!has_moves) {
            decide(win_for(~now.side_to_move()), "no legal move");
        } else if (rules.repetition_draw > 0 &&
                   n - horizon_.back() >= static_cast<std::size_t>(rules.repetition_draw) &&
                   hash_repetitions() >= rules.repetition_draw &&
                   repetitions() >= rules.repetition_draw) {
            // Each occurrence is another position since repetition_start(), so fewer positions
            // cannot repeat often enough; the packed hash scan comes next, and the positions
            // are compared only when the hashes repeat.
            decide(Outcome::draw,
                   NumberedReason("repetition (", rules.repetition_draw, " times)").view());
        } else if (rules.ply_cap > 0 && dropped_ + n - 1 >= static_cast<std::size_t>(rules.ply_cap)) {
            decide(Outcome::draw, NumberedReason("ply cap (", rules.ply_cap, ")").view());
        }
    }
    if (result_.over()) clear_legal();
}

TRADGAMES_ALWAYS_INLINE inline void Game::evaluate() {
    generate_legal();
    judge();
}

void Game::reset(const std::optional<Position>& start) {
    positions_.clear();
    moves_.clear();
    dropped_ = 0;
    horizon_.clear();
    hashes_.clear();
    positions_.push_back(start ? *start : initial_);
    horizon_.push_back(0);
    hashes_.push_back(positions_.back().hash());
    result_.outcome = Outcome::ongoing;
    result_.reason.clear();
    if (!made_ || !(fresh_start_ == positions_.front())) {
        fresh_ = variant_->make_adjudicator(positions_.front());
        fresh_start_ = positions_.front();
        made_ = true;
        adjudicators_.clear();
        start_legal_.clear();
        start_generated_ = false;
    }
    if (fresh_) {
        if (adjudicators_.empty()) {
            adjudicators_.push_back(fresh_->clone());
        } else {
            adjudicators_.front()->assign(*fresh_);
        }
    }
    // The start position is fresh_start_, whose legal moves were kept the first time: a game
    // reused for many games (playouts) copies them instead of generating them again (and only
    // their number when they were counted and not written, under MoveListing::lazy).
    if (start_generated_ && start_listing_ == listing_) {
        if (start_listed_) {
            legal_ = start_legal_;
        } else {
            legal_.clear();
        }
        legal_count_ = start_count_;
        listed_ = start_listed_;
    } else {
        generate_legal();
        start_legal_ = legal_;
        start_count_ = legal_count_;
        start_listed_ = listed_;
        start_listing_ = listing_;
        start_generated_ = true;
    }
    judge();
}

void Game::play(const Move& m) {
    if (result().over()) {
        throw IllegalMoveError("the game is over (" + result().reason + ")");
    }
    const Move* legal = nullptr;
    for (const Move& x : legal_moves()) {
        if (x.same_result(m)) {
            legal = &x;  // the U list has one move per result
            break;
        }
    }
    if (legal == nullptr) {
        throw IllegalMoveError("move " + variant_->move_to_string(position(), m) +
                               " is not legal in " + variant_->position_to_string(position()));
    }
    play_checked(*legal);
}

void Game::play_legal(std::size_t i) {
    if (i >= legal_count_) {
        throw IllegalMoveError(result().over() ? "the game is over (" + result().reason + ")"
                                               : "play_legal: no legal move " + std::to_string(i));
    }
    if (!listed_) {
        play_unlisted(i);
        return;
    }
    play_checked(legal_[i]);
}

void Game::play_unlisted(std::size_t i) {
    Move m;
    variant_->nth_move(positions_.back(), i, m);
    play_checked(m);
}

void Game::prefetch(bool deep) const noexcept {
    // Unrolled, without loops (this runs once per environment step). A prefetch never faults,
    // even past the end of a vector's storage: the addresses are formed as integers.
    const auto at = [](const void* p, std::uintptr_t offset) {
        return reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(p) + offset);
    };
    if (!deep) {
        __builtin_prefetch(&positions_);
        __builtin_prefetch(at(&positions_, 64));
        __builtin_prefetch(&adjudicators_);
        __builtin_prefetch(&legal_);
        return;
    }
    // Lines 0-3 and the last line of a Position: all of it on boards of up to 64 squares (at most
    // 256 bytes); on wider builds (TRADGAMES_MAX_VERTICES=128) the head and the tail only, a hint.
    const std::size_t n = positions_.size();
    const Position* now = positions_.data() + (n - 1);
    for (std::uintptr_t b : {std::uintptr_t{0}, std::uintptr_t{64}, std::uintptr_t{128}, std::uintptr_t{192},
                             std::uintptr_t{sizeof(Position) - 1}}) {
        __builtin_prefetch(at(now, b));
        __builtin_prefetch(at(now + 1, b), 1);  // the next position's slot
    }
    const Move* next_move = moves_.data() + moves_.size();
    __builtin_prefetch(next_move, 1);
    __builtin_prefetch(at(next_move, sizeof(Move) - 1), 1);
    __builtin_prefetch(hashes_.data() + n, 1);
    __builtin_prefetch(horizon_.data() + n, 1);
    // The first moves, which play_legal reads one of and the next generation overwrites.
    __builtin_prefetch(legal_.begin(), 1);
    __builtin_prefetch(at(legal_.begin(), 64), 1);
    __builtin_prefetch(at(legal_.begin(), 128), 1);
    __builtin_prefetch(at(legal_.begin(), 192), 1);
    // The adjudicator states of this ply and the next (heap objects).
    if (!adjudicators_.empty()) {
        const Adjudicator* a = adjudicators_[n - 1].get();
        __builtin_prefetch(a);
        __builtin_prefetch(at(a, 64));
        if (adjudicators_.size() > n) {
            const Adjudicator* b = adjudicators_[n].get();
            __builtin_prefetch(b, 1);
            __builtin_prefetch(at(b, 64), 1);
        }
    }
}

void Game::play_checked(const Move& m) {
    // m is in legal_ (or a copy), which stays untouched until evaluate() regenerates it.
    const std::size_t n = positions_.size();  // index of the new position
    // The adjudicator state for the new position, in a kept object when there is one. A new
    // object is made first, so that a failing clone leaves the game as it was; a kept one was
    // last touched a game ago (many games apart in a VectorEnv): it is fetched while the move is
    // made, and assigned after.
    const bool kept = adjudicators_.size() > n;
    if (kept) {
        const auto* a = reinterpret_cast<const char*>(adjudicators_[n].get());
        __builtin_prefetch(a);
        __builtin_prefetch(a + 64);
    } else if (!adjudicators_.empty()) {
        adjudicators_.push_back(adjudicators_[n - 1]->clone());
    }
    positions_.push_back(positions_.back());
    Position& next = positions_.back();
    variant_->make_move(next, m, undo_);  // undo_ is scratch: Game keeps positions, not undos
    const bool cut = variant_->irreversible(positions_[n - 1], m, next);
    horizon_.push_back(cut ? static_cast<std::uint32_t>(n) : horizon_.back());
    hashes_.push_back(next.hash());
    moves_.push_back(m);
    if (kept) adjudicators_[n]->assign(*adjudicators_[n - 1]);
    if (cut && history_ == GameHistory::recent && n > recent_slack) drop_before(n);
    evaluate();
}

void Game::drop_before(std::size_t n) {
    // Kept: positions_[n - 1] and the move from it (judge() reads them with the adjudicator
    // state of n), and positions_[n], the new horizon. Nothing before n can occur again.
    const std::size_t k = n - 1;
    const auto drop = [k](auto& v) { v.erase(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k)); };
    drop(positions_);
    drop(moves_);
    drop(hashes_);
    drop(horizon_);
    // horizon_[0] may point before what is kept: undo() never goes back to positions_[0].
    for (std::uint32_t& h : horizon_) h = h >= k ? static_cast<std::uint32_t>(h - k) : 0;
    if (!adjudicators_.empty()) {
        // The dropped states go behind the live ones, kept for reuse (no allocation).
        std::rotate(adjudicators_.begin(), adjudicators_.begin() + static_cast<std::ptrdiff_t>(k),
                    adjudicators_.begin() + static_cast<std::ptrdiff_t>(n + 1));
    }
    dropped_ += k;
}

Move Game::play(std::string_view text) {
    if (result().over()) {
        throw IllegalMoveError("the game is over (" + result().reason + ")");
    }
    Move m = variant_->parse_move(position(), text);
    play(m);
    return m;
}

void Game::undo() {
    if (moves_.empty()) throw Error("undo: no move has been played");
    if (dropped_ > 0 && moves_.size() == 1) {
        throw Error("undo: the moves before the last irreversible one are not kept (GameHistory::recent)");
    }
    moves_.pop_back();
    positions_.pop_back();
    horizon_.pop_back();
    hashes_.pop_back();
    // A move was played from the position now current, so it was ongoing.
    result_.outcome = Outcome::ongoing;
    result_.reason.clear();
    legal_.clear();
    variant_->generate(position(), legal_);
    legal_count_ = legal_.size();
    listed_ = true;
}

void Game::set_result(GameResult r) {
    if (!r.over()) throw Error("set_result: the result must end the game (use undo to reopen it)");
    result_ = std::move(r);
    clear_legal();
}

void Game::set_result(Outcome o, std::string_view reason) {
    if (o == Outcome::ongoing) {
        throw Error("set_result: the result must end the game (use undo to reopen it)");
    }
    decide(o, reason);
    clear_legal();
}

}  // namespace tradgames
