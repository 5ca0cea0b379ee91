#include "tradgames/game.hpp"

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

std::optional<GameResult> Adjudicator::at_start(const Position&, bool) { return std::nullopt; }

Game::Game(std::shared_ptr<const Variant> variant, std::optional<Position> start)
    : variant_(std::move(variant)) {
    positions_.push_back(start ? *start : variant_->initial_position());
    adjudicators_.push_back(variant_->make_adjudicator(positions_.front()));
    results_.emplace_back();
    evaluate();
}

int Game::repetitions() const noexcept {
    const Position& now = positions_.back();
    int n = 0;
    for (const Position& p : positions_) n += (p.hash() == now.hash() && p == now) ? 1 : 0;
    return n;
}

void Game::evaluate() {
    const Position& now = positions_.back();
    legal_.clear();
    variant_->generate(now, legal_);
    GameResult& r = results_.back();
    if (adjudicators_.back()) {
        std::optional<GameResult> a;
        if (moves_.empty()) {
            a = adjudicators_.back()->at_start(now, !legal_.empty());
        } else {
            a = adjudicators_.back()->after_move(positions_[positions_.size() - 2], moves_.back(),
                                                 now, !legal_.empty());
        }
        if (a) r = *a;
    }
    if (!r.over() && legal_.empty()) {
        r = {win_for(~now.side_to_move()), "no legal move"};
    }
    const GameRules rules = variant_->game_rules();
    if (!r.over() && rules.repetition_draw > 0 && repetitions() >= rules.repetition_draw) {
        r = {Outcome::draw, "repetition (" + std::to_string(rules.repetition_draw) + " times)"};
    }
    if (!r.over() && rules.ply_cap > 0 && static_cast<int>(moves_.size()) >= rules.ply_cap) {
        r = {Outcome::draw, "ply cap (" + std::to_string(rules.ply_cap) + ")"};
    }
    if (r.over()) legal_.clear();
}

void Game::play(const Move& m) {
    if (result().over()) {
        throw IllegalMoveError("the game is over (" + result().reason + ")");
    }
    const Move* legal = nullptr;
    for (const Move& x : legal_) {
        if (x.same_result(m)) legal = &x;
    }
    if (legal == nullptr) {
        throw IllegalMoveError("move " + variant_->move_to_string(position(), m) +
                               " is not legal in " + variant_->position_to_string(position()));
    }
    const Move played = *legal;
    Position next = position();
    Undo u;
    variant_->make_move(next, played, u);
    adjudicators_.push_back(adjudicators_.back() ? adjudicators_.back()->clone() : nullptr);
    positions_.push_back(next);
    moves_.push_back(played);
    results_.emplace_back();
    evaluate();
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
    moves_.pop_back();
    positions_.pop_back();
    results_.pop_back();
    adjudicators_.pop_back();
    legal_.clear();
    variant_->generate(position(), legal_);
    if (result().over()) legal_.clear();
}

void Game::set_result(GameResult r) {
    if (!r.over()) throw Error("set_result: the result must end the game (use undo to reopen it)");
    results_.back() = std::move(r);
    if (result().over()) legal_.clear();
}

}  // namespace tradgames
