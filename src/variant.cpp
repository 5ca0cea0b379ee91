#include "tradgames/variant.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/fen.hpp"

namespace tradgames {

std::size_t Variant::count_moves(const Position& pos, Duplicates dup) const {
    MoveList list;
    generate(pos, list, dup);
    return list.size();
}

CountedMoves Variant::generate_or_count(const Position& pos, MoveList& out, Duplicates dup) const {
    const std::size_t first = out.size();
    generate(pos, out, dup);
    return {out.size() - first, true};
}

void Variant::nth_move(const Position& pos, std::size_t k, Move& m, Duplicates dup) const {
    thread_local MoveList scratch;  // kept between calls, as count_moves' (no allocation)
    scratch.clear();
    generate(pos, scratch, dup);
    if (k >= scratch.size()) throw Error("nth_move: no legal move " + std::to_string(k));
    m = scratch[k];
}

LeafMoves Variant::generate_if_capture(const Position& pos, MoveList& out, Duplicates dup) const {
    const std::size_t first = out.size();
    generate(pos, out, dup);
    if (out.size() == first) return LeafMoves::none;
    if (std::any_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                    [](const Move& m) { return m.is_capture(); })) {
        return LeafMoves::captures;
    }
    out.truncate(first);
    return LeafMoves::quiet;
}

Variant::Variant(std::string name, std::string description,
                 std::shared_ptr<const Topology> topology, RuleOptions options,
                 std::vector<PieceKindInfo> kinds)
    : name_(std::move(name)),
      description_(std::move(description)),
      topology_(std::move(topology)),
      options_(std::move(options)),
      kinds_(std::move(kinds)) {}

OptionSpec repetition_draw_option(const std::string& clause) {
    return {"repetition_draw", OptionType::integer, "3", {}, 0, 100,
            clause + ": draw when the same position (same side to move) occurs this many times; "
                     "0 = off"};
}

int repetition_draw_value(const RuleOptions& o) {
    const long n = o.integer("repetition_draw");
    if (n == 1) {
        throw OptionError("option 'repetition_draw': 1 would end every game at once; use 0 (off) "
                          "or a count of at least 2");
    }
    return static_cast<int>(n);
}

GameRules Variant::game_rules() const { return {}; }

std::unique_ptr<Adjudicator> Variant::make_adjudicator(const Position&) const { return nullptr; }

bool Variant::irreversible(const Position&, const Move& m, const Position&) const {
    return m.is_capture();
}

BoardStyle Variant::board_style() const { return {}; }

bool Variant::writes_landing(const Position&, const Move&, std::size_t) const { return true; }

std::string Variant::promotion_suffix(Kind) const { return {}; }

std::string Variant::move_to_string(const Position& pos, const Move& m) const {
    const Topology& t = topology();
    std::string s(t.name(m.from));
    if (m.is_capture()) {
        for (std::size_t i = 0; i + 1 < m.path.size(); ++i) {
            if (writes_landing(pos, m, i)) {
                s += capture_separator();
                s += t.name(m.path[i]);
            }
        }
        s += capture_separator();
    } else {
        s += '-';
    }
    s += t.name(m.to);
    if (m.promotion != no_kind) s += promotion_suffix(m.promotion);
    return s;
}

Position Variant::read_position(std::string_view text, const PositionRules& r) const {
    const FenText f = split_fen(text);
    const Topology& t = topology();
    Position p;
    p.set_side_to_move(f.side);
    auto where = [&](const std::string& what, std::size_t offset) {
        return "position " + quoted(text) + ": " + what + " at offset " + std::to_string(offset);
    };
    auto impossible = [&](const std::string& what) -> void {
        throw PositionError("position " + quoted(text) + ": " + what);
    };
    int count[2] = {0, 0};
    for (const FenPiece& fp : f.pieces) {
        std::size_t k = 0;
        for (; k < kinds_.size(); ++k) {
            const char l = kinds_[k].letter;
            if (l == '\0' ? fp.prefix.empty() : fp.prefix.size() == 1 && fp.prefix[0] == l) break;
        }
        if (k == kinds_.size()) {
            std::string known;
            for (const PieceKindInfo& i : kinds_) {
                if (i.letter == '\0') continue;
                known += (known.empty() ? "" : ", ") + std::string(1, i.letter) + " for a " +
                         i.name;
            }
            throw ParseError(where("unknown piece prefix " + quoted(fp.prefix), fp.offset) +
                             " (only " + known + ")");
        }
        const auto v = t.find(fp.square);
        if (!v) {
            throw ParseError(where(r.unknown_vertex ? r.unknown_vertex(fp.square)
                                                    : "unknown " + r.vertex_word + " " +
                                                          quoted(fp.square),
                                   fp.offset));
        }
        const std::string vname(t.name(*v));
        if (!p.at(*v).empty()) impossible(r.vertex_word + " " + vname + " used twice");
        if (has(r.forbidden[index(fp.color)][k], *v)) {
            impossible(std::string(to_string(fp.color)) + " " + kinds_[k].name + " on " + vname +
                       ", " + r.forbidden_reason);
        }
        if (++count[index(fp.color)] > r.max_pieces) {
            impossible("more than " + std::to_string(r.max_pieces) + " " +
                       std::string(to_string(fp.color)) + " pieces");
        }
        p.put(*v, Piece(fp.color, static_cast<Kind>(k)));
    }
    for (const FenField& ff : f.fields) {
        if (r.ignored_fields.find(ff.letter) != std::string::npos) continue;
        throw ParseError(where("unknown field " + quoted(std::string(1, ff.letter) + ff.value),
                               ff.offset));
    }
    return p;
}

ParsedMoveText Variant::split_move_text(std::string_view text) const {
    ParsedMoveText r;
    std::string_view body = text;
    if (const auto eq = body.find('='); eq != std::string_view::npos) {
        const std::string_view suffix = body.substr(eq + 1);
        if (suffix.size() != 1 || !std::isalpha(static_cast<unsigned char>(suffix[0]))) {
            throw ParseError("move " + quoted(text) + ": bad promotion suffix at offset " +
                             std::to_string(eq));
        }
        r.promotion = static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0])));
        body = body.substr(0, eq);
    }
    std::size_t start = 0;
    for (std::size_t i = 0; i <= body.size(); ++i) {
        const bool sep = i == body.size() || body[i] == '-' || body[i] == ':' || body[i] == 'x' ||
                         body[i] == 'X';
        if (!sep) continue;
        const std::string_view tok = body.substr(start, i - start);
        if (tok.empty()) {
            throw ParseError("move " + quoted(text) + ": empty square at offset " +
                             std::to_string(start));
        }
        const auto v = topology().find(tok);
        if (!v) {
            throw ParseError("move " + quoted(text) + ": unknown square " + quoted(tok) +
                             " for " + name());
        }
        r.squares.push_back(*v);
        start = i + 1;
    }
    if (r.squares.size() < 2) {
        throw ParseError("move " + quoted(text) + ": expected at least two squares");
    }
    return r;
}

namespace {

/// Squares the piece passes or lands on, in order, after leaving `from` (captured squares
/// excluded; the final square included). A landing is never excluded: under immediate removal
/// (Tobit A2, Shatra A16) a piece may land on a square it emptied earlier in the move.
// A std::vector: a slider's path passes far more squares than a move has jumps (max_jumps);
// a fixed list cut it short and the move's own notation no longer matched (found by fuzzing).
std::vector<Vertex> traversed(const Topology& topo, const Move& m) {
    std::vector<Vertex> r;
    Vertex at = m.from;
    for (Vertex L : m.path) {
        const auto d = topo.line_direction(at, L);
        if (d) {
            for (Vertex x : topo.ray(at, *d)) {
                if (x == L || !has(m.captured_mask, x)) r.push_back(x);
                if (x == L) break;
            }
        } else {
            r.push_back(L);
        }
        at = L;
    }
    return r;
}

bool matches(const ParsedMoveText& t, const Move& m, const Variant& v) {
    if (t.squares.front() != m.from || t.squares.back() != m.to) return false;
    if (t.promotion != '\0') {
        if (m.promotion == no_kind || v.kinds()[m.promotion].letter != t.promotion) return false;
    }
    if (t.squares.size() == 2) return true;
    // Written intermediate squares must lie on the way, in order (variants/russian/RULES.md §2.1:
    // short or expanded captures; variants/tobit/RULES.md §6.4: fully expanded paths).
    const std::vector<Vertex> way = traversed(v.topology(), m);
    std::size_t j = 0;
    for (std::size_t i = 1; i + 1 < t.squares.size(); ++i) {
        while (j + 1 < way.size() && way[j] != t.squares[i]) ++j;
        if (j + 1 >= way.size()) return false;
        ++j;
    }
    return true;
}

/// The moves of `legal` for which keep(m) holds, written "a, b, c" (at most 8, then "...").
template <class Keep>
std::string list_moves(const Variant& v, const Position& pos, const MoveList& legal, Keep keep) {
    std::string r;
    int n = 0;
    for (const Move& m : legal) {
        if (!keep(m)) continue;
        if (++n > 8) return r + ", ...";
        r += (r.empty() ? "" : ", ") + v.move_to_string(pos, m);
    }
    return r;
}

template <class Keep>
void keep_moves(std::vector<Move>& out, const MoveList& legal, Keep keep) {
    for (const Move& m : legal) {
        if (keep(m)) out.push_back(m);
    }
}

}  // namespace

std::string_view to_string(MoveReason r) noexcept {
    switch (r) {
    case MoveReason::legal: return "legal";
    case MoveReason::not_a_move: return "not-a-move";
    case MoveReason::no_legal_move: return "no-legal-move";
    case MoveReason::empty_square: return "empty-square";
    case MoveReason::wrong_piece: return "wrong-piece";
    case MoveReason::capture_compulsory: return "capture-compulsory";
    case MoveReason::must_continue: return "must-continue-capture";
    case MoveReason::majority: return "majority-capture";
    case MoveReason::quality: return "quality-precedence";
    case MoveReason::king_first: return "king-first";
    case MoveReason::forbidden_victim: return "forbidden-victim";
    case MoveReason::king_move_limit: return "king-move-limit";
    case MoveReason::man_backward: return "man-cannot-move-backward";
    case MoveReason::blocked: return "blocked";
    case MoveReason::no_such_move: return "no-such-move";
    case MoveReason::ambiguous: return "ambiguous";
    }
    return "unknown";
}

std::string Variant::rule_section(MoveReason) const { return {}; }

bool Variant::text_matches(const ParsedMoveText& t, const Move& m) const { return matches(t, m, *this); }

MoveExplanation Variant::explain_refusal(const Position& pos, const ParsedMoveText& t,
                                         const MoveList& legal) const {
    MoveExplanation e;
    const Topology& topo = topology();
    const Vertex from = t.squares.front();
    const Vertex last = t.squares.back();
    const auto of_piece = [&](const Move& m) { return m.from == from; };
    // Stopped inside a capture: the text names a legal capture of this piece cut short at one of
    // its landings (the written squares in order along the way).
    for (const Move& m : legal) {
        if (!m.is_capture() || m.from != from) continue;
        for (std::size_t i = 0; i + 1 < m.path.size(); ++i) {
            if (m.path[i] != last) continue;
            Move cut = m;
            cut.path.assign_one(m.path[0]);
            for (std::size_t j = 1; j <= i; ++j) cut.path.push_back(m.path[j]);
            cut.captured.clear();
            cut.captured_mask = 0;
            for (std::size_t j = 0; j <= i && j < m.captured.size(); ++j) {
                cut.captured.push_back(m.captured[j]);
                cut.captured_mask |= bit(m.captured[j]);
            }
            cut.to = last;
            cut.promotion = no_kind;
            if (!matches(t, cut, *this)) continue;
            e.reason = MoveReason::must_continue;
            e.message = "the capture must continue from " + std::string(topo.name(last)) + ": " +
                        list_moves(*this, pos, legal, of_piece);
            keep_moves(e.alternatives, legal, of_piece);
            return e;
        }
    }
    if (captures_first() && legal[0].is_capture()) {
        // The legal moves: the captures, and the moves of a piece the rules let decline one
        // (a Shatra biy, variants/shatra/RULES.md §5.4).
        e.reason = MoveReason::capture_compulsory;
        e.message = "a capture is compulsory: " + list_moves(*this, pos, legal, [](const Move&) { return true; });
        keep_moves(e.alternatives, legal, [](const Move&) { return true; });
        return e;
    }
    const bool any_from = std::any_of(legal.begin(), legal.end(), of_piece);
    const auto alternatives = [&]() -> std::string {
        if (!any_from) {
            keep_moves(e.alternatives, legal, [](const Move&) { return true; });
            return "the piece on " + std::string(topo.name(from)) + " has no legal move; legal: " +
                   list_moves(*this, pos, legal, [](const Move&) { return true; });
        }
        keep_moves(e.alternatives, legal, of_piece);
        return "legal moves of the piece on " + std::string(topo.name(from)) + ": " +
               list_moves(*this, pos, legal, of_piece);
    };
    // Blocked: a two-square text whose last square is occupied, or whose straight way to it
    // passes an occupied square.
    if (t.squares.size() == 2 && last != from) {
        std::string what;
        if (!pos.at(last).empty()) {
            what = std::string(topo.name(last)) + " is occupied";
        } else if (const auto d = topo.line_direction(from, last)) {
            for (Vertex x : topo.ray(from, *d)) {
                if (x == last) break;
                if (!pos.at(x).empty()) {
                    what = "the way to " + std::string(topo.name(last)) + " is blocked on " +
                           std::string(topo.name(x));
                    break;
                }
            }
        }
        if (!what.empty()) {
            e.reason = MoveReason::blocked;
            e.message = what + "; " + alternatives();
            return e;
        }
    }
    e.reason = MoveReason::no_such_move;
    e.message = alternatives();
    return e;
}

MoveExplanation Variant::explain_move(const Position& pos, std::string_view text,
                                      Duplicates dup) const {
    MoveExplanation e;
    const auto finish = [&](MoveExplanation& r) -> MoveExplanation& {
        r.rule = rule_section(r.reason);
        r.alternative_texts.clear();
        for (const Move& m : r.alternatives) r.alternative_texts.push_back(move_to_string(pos, m));
        return r;
    };
    ParsedMoveText t;
    try {
        t = split_move_text(text);
    } catch (const ParseError& err) {
        e.reason = MoveReason::not_a_move;
        e.message = err.what();
        MoveList legal;
        generate(pos, legal, Duplicates::unique);
        e.alternatives.assign(legal.begin(), legal.end());
        return finish(e);
    }
    // Every capture path is matched (a written intermediate square may lie on a path that the U
    // list merged away); where the paths do not fit in a move list, the U list is matched.
    MoveList all;
    try {
        generate(pos, all, Duplicates::all_paths);
    } catch (const Error&) {
        if (dup == Duplicates::all_paths) throw;
        all.clear();
        generate(pos, all, Duplicates::unique);
    }
    // Among the moves the text matches, prefer those whose kind agrees with the separator
    // (':' or 'x' a capture, '-' not: a Shatra biy that may decline a capture can also drop
    // onto its landing square), then those whose notation the text writes exactly (a long
    // Shatra batyr path can pass through every written square of a shorter one).
    const std::string_view body = text.substr(0, text.find('='));
    const bool says_capture = body.find_first_of(":xX") != std::string_view::npos;
    const bool says_quiet = !says_capture && body.find('-') != std::string_view::npos;
    auto score = [&](const Move& m) {
        if (!matches(t, m, *this)) return 0;
        int s = 1;
        if ((!says_capture && !says_quiet) || says_capture == m.is_capture()) s += 2;
        std::size_t j = 1;
        bool exact = true;
        for (std::size_t i = 0; m.is_capture() && i + 1 < m.path.size() && exact; ++i) {
            if (!writes_landing(pos, m, i)) continue;
            exact = j + 1 < t.squares.size() && t.squares[j] == m.path[i];
            ++j;
        }
        // Exact: the squares the notation writes, or every landing (the form a notation that
        // writes only the ends uses when two captures share them).
        const bool full = m.is_capture() && t.squares.size() == m.path.size() + 1 &&
                          std::equal(m.path.begin(), m.path.end(), t.squares.begin() + 1);
        if ((exact && j + 1 == t.squares.size()) || full) s += 1;
        return s;
    };
    int best = 1;
    for (const Move& m : all) best = std::max(best, score(m));
    std::vector<const Move*> found;
    for (const Move& m : all) {
        if (score(m) != best) continue;
        bool seen = false;
        for (const Move* f : found) seen = seen || (dup == Duplicates::unique ? f->same_result(m) : *f == m);
        if (!seen) found.push_back(&m);
    }
    if (found.size() > 1) {
        bool same = true;
        for (const Move* f : found) same = same && f->same_result(*found.front());
        if (!same || dup == Duplicates::all_paths) {
            e.reason = MoveReason::ambiguous;
            std::string c;
            for (const Move* f : found) {
                c += (c.empty() ? "" : ", ") + move_to_string(pos, *f);
                e.alternatives.push_back(*f);
            }
            e.message = "ambiguous: " + c;
            return finish(e);
        }
    }
    MoveList legal;
    generate(pos, legal, Duplicates::unique);
    if (!found.empty()) {
        e.legal = true;
        e.reason = MoveReason::legal;
        e.move = *found.front();
        if (dup == Duplicates::unique) {
            for (const Move& m : legal) {
                if (m.same_result(*found.front())) {
                    e.move = m;
                    break;
                }
            }
        }
        e.alternatives.push_back(*e.move);
        e.message = "legal: " + move_to_string(pos, *e.move);
        return finish(e);
    }
    const auto everything = [](const Move&) { return true; };
    if (legal.empty()) {
        e.reason = MoveReason::no_legal_move;
        e.message = "the side to move has no legal move";
        return finish(e);
    }
    const Vertex from = t.squares.front();
    const Piece p = pos.at(from);
    if (p.empty() || p.color() != pos.side_to_move()) {
        e.reason = p.empty() ? MoveReason::empty_square : MoveReason::wrong_piece;
        e.message = (p.empty() ? "no piece of the side to move on " : "the piece on ") +
                    std::string(topology().name(from)) +
                    (p.empty() ? "" : " is the opponent's") + "; legal: " +
                    list_moves(*this, pos, legal, everything);
        keep_moves(e.alternatives, legal, everything);
        return finish(e);
    }
    e = explain_refusal(pos, t, legal);
    e.legal = false;
    return finish(e);
}

Move Variant::parse_move(const Position& pos, std::string_view text, Duplicates dup) const {
    MoveExplanation e = explain_move(pos, text, dup);
    if (e.legal) return *e.move;
    if (e.reason == MoveReason::not_a_move) throw ParseError(e.message);
    const std::string rule = e.rule.empty() ? std::string() : " (" + e.rule + ")";
    if (e.reason == MoveReason::ambiguous) {
        throw AmbiguousMoveError("move " + quoted(text) + " is " + e.message + rule,
                                 std::string(to_string(e.reason)), e.rule,
                                 std::move(e.alternative_texts));
    }
    throw IllegalMoveError("move " + quoted(text) + " is not legal in " + position_to_string(pos) +
                               ": " + e.message + rule,
                           std::string(to_string(e.reason)), e.rule, std::move(e.alternative_texts));
}

}  // namespace tradgames
