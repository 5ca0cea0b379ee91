// Moves explained for the draughts family (issue 27): which rule of the descriptor refuses a
// move text, found by asking the same descriptor with that rule relaxed (precedence criteria
// taken away one by one, victim filters opened, the king-move limit off), and the section of
// each built-in game's RULES.md that states the rule.
#include <algorithm>
#include <string>

#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"

namespace tradgames {

namespace {

/// Where each reason's rule stands in a built-in game's RULES.md: sections for moves, captures,
/// precedence, game end and notation (most games share one layout: §4 §5 §6 §8 §9).
struct RuleSections {
    const char* moves = "§4";
    const char* captures = "§5";
    const char* precedence = "§6";
    const char* end = "§8";
    const char* notation = "§9";
    const char* king_limit = "";
    const char* continuation = nullptr;  ///< where "the capture goes on" is stated, if not in captures
};

/// The sections of the game `name` (a registry name; a Tobit board takes Tobit's), or nullptr
/// for a game without a RULES.md in this repository (a user's descriptor).
const RuleSections* sections_of(const std::string& name) {
    static const RuleSections standard{};
    static const RuleSections canadian{"§4-7", "§4-7", "§4-7", "§8", "§9", "", nullptr};
    static const RuleSections russian{"§1.3", "§1.4", "§1.4", "§1.5", "§2.1", "", nullptr};
    static const RuleSections frisian{"§2", "§3", "§4", "§5", "§1", "§2.3", nullptr};
    static const RuleSections turkish{"§4-5", "§6-7", "§10", "§12", "§13", "", "§9"};
    static const RuleSections tobit{"§3", "§4", "§4", "§6.2", "§6.4", "", nullptr};
    static const char* const standard_games[] = {"international", "brazilian", "czech", "english",
                                                 "italian", "pool", "spanish", "thai"};
    for (const char* g : standard_games) {
        if (name == g) return &standard;
    }
    if (name == "canadian") return &canadian;
    if (name == "russian") return &russian;
    if (name == "frisian") return &frisian;
    if (name == "turkish") return &turkish;
    if (name == "tobit" || name == "tobit-4x4") return &tobit;
    return nullptr;
}

/// "a, b, c" of the moves in `moves` (at most 8, then "...").
std::string written(const Variant& v, const Position& pos, const std::vector<Move>& moves) {
    std::string r;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i == 8) return r + ", ...";
        r += (r.empty() ? "" : ", ") + v.move_to_string(pos, moves[i]);
    }
    return r;
}

}  // namespace

std::string DraughtsVariant::rule_section(MoveReason r) const {
    const RuleSections* s = sections_of(d_.name);
    if (s == nullptr) return {};
    const char* section = "";
    switch (r) {
    case MoveReason::legal: return {};
    case MoveReason::not_a_move:
    case MoveReason::ambiguous: section = s->notation; break;
    case MoveReason::no_legal_move: section = s->end; break;
    case MoveReason::empty_square:
    case MoveReason::wrong_piece:
    case MoveReason::man_backward:
    case MoveReason::blocked:
    case MoveReason::no_such_move: section = s->moves; break;
    case MoveReason::capture_compulsory:
    case MoveReason::forbidden_victim: section = s->continuation != nullptr && r == MoveReason::capture_compulsory
                                                     ? s->continuation
                                                     : s->captures;
        break;
    case MoveReason::must_continue: section = s->continuation != nullptr ? s->continuation : s->captures; break;
    case MoveReason::majority:
    case MoveReason::quality:
    case MoveReason::king_first: section = s->precedence; break;
    case MoveReason::king_move_limit: section = s->king_limit; break;
    }
    if (*section == '\0') return {};
    const std::string game = d_.name == "tobit-4x4" ? "tobit" : d_.name;
    return "variants/" + game + "/RULES.md " + section;
}

MoveExplanation DraughtsVariant::explain_refusal(const Position& pos, const ParsedMoveText& t,
                                                 const MoveList& legal) const {
    // Whether the text names a legal move of the descriptor `d` (this one with a rule relaxed),
    // whole or cut short.
    const auto named_under = [&](const DraughtsDescriptor& d) {
        const auto v = make_draughts_variant(d);
        MoveList moves;
        try {
            v->generate(pos, moves, Duplicates::all_paths);
        } catch (const Error&) {  // more paths than a list holds: the U list names the same moves
            moves.clear();
            v->generate(pos, moves, Duplicates::unique);
        }
        return std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return text_matches(t, m); }) ||
               // ... or stops inside one (the general must-continue test, asked of that list):
               // a text cut short inside a capture the precedence refuses is refused by the
               // precedence, continuing it would not help.
               (!moves.empty() && moves[0].is_capture() &&
                static_cast<const DraughtsVariant&>(*v).Variant::explain_refusal(pos, t, moves).reason ==
                    MoveReason::must_continue);
    };
    const Vertex from = t.squares.front();
    const Piece p = pos.at(from);
    MoveExplanation e;
    const auto all_of = [&](auto keep) {
        for (const Move& m : legal) {
            if (keep(m)) e.alternatives.push_back(m);
        }
    };
    if (legal[0].is_capture()) {
        // Cut short inside a legal capture: it must go on (the general test says so).
        MoveExplanation cut = Variant::explain_refusal(pos, t, legal);
        if (cut.reason == MoveReason::must_continue) return cut;
    }
    if (legal[0].is_capture()) {
        // A capture the precedence rules refuse: the first criterion (in the descriptor's order)
        // without which the text would still be a legal move is the one that refuses it.
        DraughtsDescriptor relaxed = d_;
        relaxed.precedence.clear();
        if (!d_.precedence.empty() && named_under(relaxed)) {
            for (std::size_t i = 0; i < d_.precedence.size(); ++i) {
                relaxed.precedence.assign(d_.precedence.begin(),
                                          d_.precedence.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                if (named_under(relaxed)) continue;
                all_of([](const Move&) { return true; });
                const std::string moves = written(*this, pos, e.alternatives);
                switch (d_.precedence[i]) {
                case Precedence::most_pieces:
                    e.reason = MoveReason::majority;
                    e.message = "the majority rule requires taking " +
                                std::to_string(legal[0].captured.size()) + " piece" +
                                (legal[0].captured.size() == 1 ? "" : "s") + ": " + moves;
                    break;
                case Precedence::with_king:
                    e.reason = MoveReason::king_first;
                    e.message = "a king must capture first: " + moves;
                    break;
                case Precedence::most_kings:
                    e.reason = MoveReason::quality;
                    e.message = "the capture taking the most kings comes first: " + moves;
                    break;
                case Precedence::earliest_king:
                    e.reason = MoveReason::quality;
                    e.message = "the capture meeting a king earliest comes first: " + moves;
                    break;
                case Precedence::value:
                    e.reason = MoveReason::quality;
                    e.message = "the capture of the most value comes first (a king worth more "
                                "than a man, less than two): " + moves;
                    break;
                }
                return e;
            }
        }
    }
    // A victim the mover may not take (Italian: a man never captures a king).
    if (d_.man.victims != 3 || d_.king.victims != 3) {
        DraughtsDescriptor relaxed = d_;
        {
            relaxed.precedence.clear();
            relaxed.man.victims = 3;
            relaxed.king.victims = 3;
            if (named_under(relaxed)) {
                const bool man = p.kind() == man_kind;
                const std::uint8_t v = man ? d_.man.victims : d_.king.victims;
                e.reason = MoveReason::forbidden_victim;
                all_of([](const Move&) { return true; });
                e.message = "a " + std::string(man ? d_.man.name : d_.king.name) +
                            ((v & 2U) == 0 ? " may not capture a king" : " may not capture a man") +
                            ": " + written(*this, pos, e.alternatives);
                return e;
            }
        }
    }
    if (legal[0].is_capture()) return Variant::explain_refusal(pos, t, legal);
    // A king that has made its quiet moves in a row (Frisian §2.3).
    if (d_.king_move_limit > 0 && p.kind() == king_kind) {
        DraughtsDescriptor relaxed = d_;
        relaxed.king_move_limit = 0;
        if (named_under(relaxed)) {
            e.reason = MoveReason::king_move_limit;
            all_of([](const Move&) { return true; });
            e.message = "this king has made " + std::to_string(d_.king_move_limit) +
                        " non-capturing moves in a row; another piece must move: " +
                        written(*this, pos, e.alternatives);
            return e;
        }
    }
    // A man's quiet step backward (toward its own side).
    if (p.kind() == man_kind && t.squares.size() == 2) {
        const Color side = pos.side_to_move();
        const auto d = topology().line_direction(from, t.squares.back());
        const DirectionSet back = side_view(side, dirs(Direction::s, Direction::se, Direction::sw));
        if (d && (side_view(side, d_.man.steps) & dirs(*d)) == 0 && (back & dirs(*d)) != 0) {
            e.reason = MoveReason::man_backward;
            all_of([&](const Move& m) { return m.from == from; });
            if (e.alternatives.empty()) {
                all_of([](const Move&) { return true; });
                e.message = "a " + d_.man.name + " does not move backward; the piece on " +
                            std::string(topology().name(from)) + " has no legal move; legal: " +
                            written(*this, pos, e.alternatives);
            } else {
                e.message = "a " + d_.man.name + " does not move backward; legal moves of the piece on " +
                            std::string(topology().name(from)) + ": " +
                            written(*this, pos, e.alternatives);
            }
            return e;
        }
    }
    return Variant::explain_refusal(pos, t, legal);
}

}  // namespace tradgames
