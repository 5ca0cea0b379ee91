#include "tradgames/io/pdn.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <istream>
#include <stdexcept>
#include <string>

namespace tradgames {

namespace {

// ---------------------------------------------------------------------------------------------
// Lexer: turns the text into tokens and never fails; malformed text becomes a `bad` token that
// carries the message, so that the parser can report it and skip to the next game.

enum class Tok { end, tag, comment, nag, open, close, number, ellipsis, move, result, bad };

struct Token {
    Tok kind = Tok::end;
    std::size_t line = 0;
    std::size_t offset = 0;
    std::string_view text;  // the token as written (a move without its strength suffix; a
                            // comment's text without its '{' '}' or ';'; a number "12.")
    std::string_view suffix;  // a move's strength suffix as written ("!", "?!", "(!?)")
    bool line_comment = false;  // a ';' comment
    std::string name;       // tag name
    std::string value;      // tag value, unescaped
    int number = 0;         // move number
    std::string error;      // for bad tokens
};

constexpr int eow = -1;  // what at() returns past the window's end

bool is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }
bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_alnum(int c) { return c >= 0 && std::isalnum(c) != 0; }
bool ends_word(int c) {
    return c == eow || is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' ||
           c == ']' || c == ';' || c == '$';
}

// The lexer reads a window of the input (bytes [base, base + window.size()) of the whole
// input); positions are offsets in the whole input. Every byte is read through at(), which
// notes when a scan ran into the window's end (`short_`): the reader then reads more input and
// lexes the token again, so that a token never depends on where a read happened to stop.
class Lexer {
public:
    Lexer(std::string_view window, std::size_t base, std::size_t& pos, std::size_t& line,
          PdnReader::LexState& st)
        : t_(window), base_(base), pos_(pos), line_(line), st_(st) {}

    /// True when a scan reached the end of the window.
    [[nodiscard]] bool short_read() const { return short_; }

    /// Skips blanks, line ends and '%' escape lines. Progress stands even when the window
    /// ends in the middle (the state says whether an escape line is open).
    void skip_space() {
        if (pos_ == 0 && at(0) == 0xEF && at(1) == 0xBB && at(2) == 0xBF) pos_ = 3;  // byte order mark
        for (;;) {
            if (st_.in_escape_line) {
                int c = at(pos_);
                while (c != eow && c != '\n') c = at(++pos_);
                if (c == eow) return;
                st_.in_escape_line = false;
            }
            const int c = at(pos_);
            if (c == '\n') {
                ++line_;
                ++pos_;
                st_.line_start = true;
            } else if (c != eow && is_space(c)) {
                ++pos_;
            } else if (c == '%' && st_.line_start) {  // PDN escape line
                st_.in_escape_line = true;
                ++pos_;
            } else {
                return;
            }
        }
    }

    /// The token at the position (call skip_space first).
    Token next() {
        Token k;
        k.line = line_;
        k.offset = pos_;
        const int c = at(pos_);
        if (c == eow) return k;
        st_.line_start = false;  // no token ends with a line end
        switch (c) {
            case '{': return comment(k);
            case ';': {
                const std::size_t from = pos_ + 1;
                skip_line();
                k.kind = Tok::comment;
                k.line_comment = true;
                k.text = text(from, pos_);
                if (!k.text.empty() && k.text.back() == '\r') k.text.remove_suffix(1);
                return k;
            }
            case '[': return tag(k);
            case '(': ++pos_; k.kind = Tok::open; return k;
            case ')': ++pos_; k.kind = Tok::close; return k;
            case '$': return nag(k);
            case '}':
            case ']':
                ++pos_;
                return bad(k, std::string("'") + static_cast<char>(c) + "' without its opening bracket");
            default: return word(k);
        }
    }

private:
    int at(std::size_t i) {
        if (i - base_ >= t_.size()) {
            short_ = true;
            return eow;
        }
        return static_cast<unsigned char>(t_[i - base_]);
    }
    std::string_view text(std::size_t from, std::size_t to) const {
        return t_.substr(from - base_, to - from);
    }
    void skip_line() {
        for (int c = at(pos_); c != eow && c != '\n'; c = at(++pos_)) {
        }
    }
    static Token& bad(Token& k, std::string msg) {
        k.kind = Tok::bad;
        k.error = std::move(msg);
        return k;
    }

    Token comment(Token& k) {
        std::size_t p = pos_ + 1;
        std::size_t lines = 0;
        int c = at(p);
        for (; c != eow && c != '}'; c = at(++p)) lines += c == '\n' ? 1 : 0;
        line_ += lines;
        if (c == eow) {
            pos_ = p;
            return bad(k, "comment '{' opened on line " + std::to_string(k.line) +
                              " is not closed before the end of the input");
        }
        pos_ = p + 1;
        k.kind = Tok::comment;
        k.text = text(k.offset + 1, p);
        return k;
    }

    Token nag(Token& k) {
        std::size_t p = pos_ + 1;
        while (is_digit(at(p))) ++p;
        if (p == pos_ + 1 || p - pos_ > 4) {
            while (!ends_word(at(p))) ++p;
            const std::string_view w = text(pos_, p);
            pos_ = p;
            return bad(k, "malformed NAG " + quoted(w));
        }
        k.text = text(pos_, p);
        k.number = std::stoi(std::string(k.text.substr(1)));
        pos_ = p;
        k.kind = Tok::nag;
        return k;
    }

    // [Name "value"] on one line; anything else is a malformed tag, skipped to the line's end.
    Token tag(Token& k) {
        std::size_t p = pos_ + 1;
        auto blanks = [&] {
            while (at(p) == ' ' || at(p) == '\t') ++p;
        };
        auto fail = [&](const std::string& why) -> Token& {
            std::size_t eol = pos_;
            while (at(eol) != eow && at(eol) != '\n') ++eol;
            const std::string_view line = text(pos_, eol);
            pos_ = eol;
            return bad(k, "malformed tag " + quoted(line) + ": " + why);
        };
        blanks();
        const std::size_t name_start = p;
        while (is_alnum(at(p)) || at(p) == '_') ++p;
        if (p == name_start) return fail("expected a tag name after '['");
        k.name = std::string(text(name_start, p));
        blanks();
        if (at(p) != '"') return fail("expected '\"' before the value");
        ++p;
        for (;; ++p) {
            const int c = at(p);
            if (c == eow || c == '\n') return fail("the value's closing '\"' is missing");
            if (c == '"') break;
            if (c == '\\' && (at(p + 1) == '"' || at(p + 1) == '\\')) ++p;
            k.value += static_cast<char>(at(p));
        }
        ++p;
        blanks();
        if (at(p) != ']') return fail("expected ']' after the value");
        pos_ = p + 1;
        k.kind = Tok::tag;
        return k;
    }

    Token word(Token& k) {
        std::size_t p = pos_;
        while (!ends_word(at(p))) ++p;
        std::string_view w = text(pos_, p);
        if (parse_pdn_result(w)) {
            pos_ = p;
            k.kind = Tok::result;
            k.text = w;
            return k;
        }
        if (w == "..." || w == "\xE2\x80\xA6") {  // "1. ... 7-12": no move written for White
            pos_ = p;
            k.kind = Tok::ellipsis;
            k.text = w;
            return k;
        }
        std::size_t d = 0;
        while (d < w.size() && is_digit(w[d])) ++d;
        if (d > 0 && d < w.size() && w[d] == '.') {  // move number, maybe glued to its move
            std::size_t e = d;
            while (e < w.size() && w[e] == '.') ++e;
            pos_ += e;
            if (d > 6) return bad(k, "move number " + quoted(w.substr(0, e)) + " is too large");
            k.kind = Tok::number;
            k.text = w.substr(0, e);
            k.number = std::stoi(std::string(w.substr(0, d)));
            return k;
        }
        pos_ = p;
        // Move strength: "c3-d4!", "c3-d4?!", or in parentheses right after it: "29-23(?)".
        std::size_t s = w.size();
        while (s > 0 && (w[s - 1] == '!' || w[s - 1] == '?')) --s;
        if (s == 0) {  // a strength mark standing apart, "c3-d4 !?": an annotation like a NAG
            k.kind = Tok::nag;
            k.text = w;
            return k;
        }
        k.suffix = w.substr(s);
        w = w.substr(0, s);
        if (at(pos_) == '(' && (at(pos_ + 1) == '!' || at(pos_ + 1) == '?')) {
            std::size_t q = pos_ + 1;
            while (at(q) == '!' || at(q) == '?') ++q;
            if (at(q) == ')') {
                k.suffix = text(p - k.suffix.size(), q + 1);
                pos_ = q + 1;
            }
        }
        const bool ok = !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
            return is_alnum(static_cast<unsigned char>(c)) || c == '-' || c == ':' || c == '=';
        });
        if (!ok) return bad(k, "unexpected text " + quoted(text(k.offset, p)));
        k.kind = Tok::move;
        k.text = w;
        return k;
    }

    std::string_view t_;
    std::size_t base_;
    std::size_t& pos_;
    std::size_t& line_;
    PdnReader::LexState& st_;
    bool short_ = false;
};

// Text of a tag value fit for a one-line message: control bytes become '?', at most 40 bytes
// (cut at a UTF-8 character boundary).
std::string printable(std::string_view s) {
    std::string r;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        r += (u < 0x20 || u == 0x7F) ? '?' : c;
    }
    if (r.size() > 40) {
        std::size_t cut = 40;
        while (cut > 0 && (static_cast<unsigned char>(r[cut]) & 0xC0) == 0x80) --cut;
        r = r.substr(0, cut) + "...";
    }
    return r;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

[[noreturn]] void fail(const PdnGame& g, std::size_t line, const std::string& what) {
    throw PdnError(g.label() + ", line " + std::to_string(line) + ": " + what, g.index, line);
}

}  // namespace

// ---------------------------------------------------------------------------------------------

std::optional<PdnResult> parse_pdn_result(std::string_view text) {
    static constexpr std::array<std::pair<std::string_view, Outcome>, 9> table = {{
        {"2-0", Outcome::white_wins},
        {"1-0", Outcome::white_wins},
        {"0-2", Outcome::black_wins},
        {"0-1", Outcome::black_wins},
        {"1-1", Outcome::draw},
        {"1/2-1/2", Outcome::draw},
        {"\xC2\xBD-\xC2\xBD", Outcome::draw},  // ½-½
        {"0-0", Outcome::ongoing},             // double forfeit
        {"*", Outcome::ongoing},
    }};
    for (const auto& [t, o] : table) {
        if (t == text) return PdnResult{std::string(t), o};
    }
    return std::nullopt;
}

const std::string* PdnGame::tag(std::string_view name) const {
    for (const PdnTag& t : tags) {
        if (iequals(t.name, name)) return &t.value;
    }
    return nullptr;
}

std::string PdnGame::label() const {
    std::string r = "game " + std::to_string(index);
    const std::string* w = tag("White");
    const std::string* b = tag("Black");
    const std::string* e = tag("Event");
    auto known = [](const std::string* s) { return s != nullptr && !trim(*s).empty() && trim(*s) != "?"; };
    if (known(w) || known(b)) {
        r += " (" + printable(known(w) ? trim(*w) : "?") + " \xE2\x80\x93 " +
             printable(known(b) ? trim(*b) : "?") + ")";
    } else if (known(e)) {
        r += " (" + printable(trim(*e)) + ")";
    }
    return r;
}

PdnReader::PdnReader(std::string_view text) noexcept
    : text_(text), window_(text.substr(0, std::min(text.size(), default_chunk))),
      eof_(window_.size() == text.size()) {}

PdnReader::PdnReader(std::istream& in, std::size_t chunk) : in_(&in), chunk_(std::max<std::size_t>(chunk, 1)) {}

void PdnReader::stop(const PdnInputError& e) {
    stopped_ = true;
    eof_ = true;
    buf_ = std::string();
    window_ = {};
    if (const auto* limit = dynamic_cast<const PdnLimitError*>(&e)) throw *limit;
    throw e;
}

void PdnReader::over_limit(std::size_t line) {
    stop(PdnLimitError("line " + std::to_string(line) + ": more than " + std::to_string(max_game_bytes) +
                           " bytes (the limit of a game, or of one comment or word between games) "
                           "without the game's end; the rest of the input is not read",
                       line));
}

void PdnReader::refill(std::size_t keep, std::size_t keep_line) {
    const std::size_t end = base_ + window_.size();
    if (end - keep >= max_game_bytes) over_limit(keep_line);
    if (in_ == nullptr) {
        window_ = text_.substr(0, std::min(text_.size(), end + chunk_));
        eof_ = window_.size() == text_.size();
        return;
    }
    // Drop what lies before `keep` but one byte, then append a chunk.
    const std::size_t drop = keep > base_ + 1 ? keep - 1 - base_ : 0;
    buf_.erase(0, drop);
    base_ += drop;
    const std::size_t old = buf_.size();
    buf_.resize(old + chunk_);
    errno = 0;
    in_->read(buf_.data() + old, static_cast<std::streamsize>(chunk_));
    const int err = errno;
    const auto got = static_cast<std::size_t>(in_->gcount());
    buf_.resize(old + got);
    window_ = buf_;
    if (in_->bad()) {
        stop(PdnInputError("the input cannot be read after byte " + std::to_string(base_ + buf_.size()) +
                           (err != 0 ? std::string(": ") + std::strerror(err) : std::string())));
    }
    if (got < chunk_) eof_ = true;
}

std::optional<PdnGame> PdnReader::next() {
    if (stopped_) return std::nullopt;
    PdnGame g;
    bool started = false;
    bool body = false;  // movetext seen: a tag now starts the next game
    int depth = 0;      // variation nesting
    int number = 0;     // move number waiting for its move
    std::string error;  // first fault of this game
    std::size_t error_line = 0;
    auto fault = [&](std::size_t line, std::string what) {
        if (error.empty()) {
            error = std::move(what);
            error_line = line;
        }
    };
    for (bool done = false; !done;) {
        for (;;) {  // blanks between tokens: what is skipped need not be kept
            Lexer lex(window_, base_, pos_, line_, lex_);
            lex.skip_space();
            if (!lex.short_read() || eof_) break;
            refill(started ? g.offset : pos_, started ? g.line : line_);
        }
        const std::size_t save_pos = pos_;
        const std::size_t save_line = line_;
        const LexState save_state = lex_;
        Token t;
        for (;;) {
            Lexer lex(window_, base_, pos_, line_, lex_);
            t = lex.next();
            if (!lex.short_read() || eof_) break;
            pos_ = save_pos;  // the token runs past the window: read more, lex it again
            line_ = save_line;
            lex_ = save_state;
            refill(started ? g.offset : save_pos, started ? g.line : save_line);
        }
        if (started ? pos_ - g.offset > max_game_bytes : pos_ - save_pos > max_game_bytes) {
            over_limit(started ? g.line : save_line);
        }
        if (t.kind == Tok::end) {
            if (!started) return std::nullopt;
            fault(t.line, depth > 0 ? "variation '(' not closed before the end of the input"
                                    : "the input ends before the game's result (truncated?)");
            break;
        }
        if (!started) {
            if (t.kind == Tok::comment) continue;  // text between games
            started = true;
            g.index = ++count_;
            g.line = t.line;
            g.offset = t.offset;
        }
        switch (t.kind) {
            case Tok::tag:
                if (body) {  // the next game begins: this one had no result
                    pos_ = save_pos;
                    line_ = save_line;
                    lex_ = save_state;
                    fault(t.line, "no result before the tags of the next game");
                    done = true;
                } else {
                    g.tags.push_back({std::move(t.name), std::move(t.value)});
                }
                break;
            case Tok::comment:
            case Tok::nag: break;
            case Tok::ellipsis: body = true; break;
            case Tok::open:
                ++depth;
                body = true;
                break;
            case Tok::close:
                if (depth == 0) {
                    fault(t.line, "')' without '('");
                } else {
                    --depth;
                }
                break;
            case Tok::number:
                if (depth == 0) number = t.number;
                body = true;
                break;
            case Tok::move:
                if (depth == 0) {
                    g.moves.push_back({std::string(t.text), number, t.line});
                    number = 0;
                }
                body = true;
                break;
            case Tok::result:
                if (depth > 0) fault(t.line, "result " + quoted(t.text) + " inside a variation ('(' not closed)");
                g.result = *parse_pdn_result(t.text);
                done = true;
                break;
            case Tok::bad: fault(t.line, t.error); break;
            case Tok::end: break;
        }
    }
    if (!error.empty()) fail(g, error_line, error);
    game_offset_ = g.offset;
    game_end_ = pos_;
    return g;
}

std::string_view PdnReader::game_text() const noexcept {
    if (game_end_ <= game_offset_ || game_offset_ < base_ || game_end_ - base_ > window_.size()) return {};
    return window_.substr(game_offset_ - base_, game_end_ - game_offset_);
}

std::vector<PdnGame> read_pdn(std::string_view text) {
    PdnReader r(text);
    std::vector<PdnGame> games;
    while (auto g = r.next()) games.push_back(std::move(*g));
    return games;
}

Game pdn_start(const PdnGame& record, std::shared_ptr<const Variant> variant) {
    const std::string* fen = record.tag("FEN");
    if (fen == nullptr || trim(*fen).empty()) return Game(std::move(variant));
    try {
        return Game(variant, variant->parse_position(trim(*fen)));
    } catch (const Error& e) {
        fail(record, record.line, std::string("[FEN]: ") + e.what());
    }
}

namespace {

bool placeholder(const PdnMove& m) {
    return std::all_of(m.text.begin(), m.text.end(), [](char c) { return c == '-'; });
}

// "12." or "12...": ply `ply` (0-based) of a game whose first move is number `first` and whose
// start has `start_side` to move.
std::string move_number(int first, Color start_side, std::size_t ply) {
    const std::size_t k = ply + (start_side == Color::black ? 1 : 0);
    return std::to_string(first + static_cast<int>(k / 2)) + (k % 2 == 0 ? "." : "...");
}

}  // namespace

std::string pdn_move_label(const PdnGame& record, Color start_side, std::size_t ply) {
    const bool numbered = !record.moves.empty() && record.moves.front().number > 0;
    return move_number(numbered ? record.moves.front().number : 1, start_side, ply);
}

namespace {

/// Plays move i of `record` into `game`; errors name the game, the move number, text and line.
void play_record_move(const PdnGame& record, std::size_t i, Game& game) {
    const PdnMove& m = record.moves[i];
    const std::string where = record.label() + ", move " + pdn_move_label(record, game.start_position().side_to_move(), i) + " " +
                              quoted(m.text) + " (line " + std::to_string(m.line) + "): ";
    if (placeholder(m)) {
        throw PdnError(where + "placeholder '-' instead of a move", record.index, m.line);
    }
    try {
        game.play(std::string_view(m.text));
    } catch (const AmbiguousMoveError& e) {
        throw AmbiguousMoveError(where + e.what());
    } catch (const IllegalMoveError& e) {
        throw IllegalMoveError(where + e.what());
    } catch (const ParseError& e) {
        throw PdnError(where + e.what(), record.index, m.line);
    }
}

}  // namespace

void play_pdn(const PdnGame& record, Game& game) {
    if (record.moves.empty()) fail(record, record.line, "empty record: no moves");
    if (std::all_of(record.moves.begin(), record.moves.end(), placeholder)) {
        fail(record, record.line,  // the record as a whole: its first line, as in --json
             "placeholder record: all " + std::to_string(record.moves.size()) +
                 " moves are written '-' (no moves recorded)");
    }
    for (std::size_t i = 0; i < record.moves.size(); ++i) play_record_move(record, i, game);
    // The termination marker, or the [Result] tag when the marker is '*' (a separator to some
    // writers).
    Outcome recorded = record.result.outcome;
    if (recorded == Outcome::ongoing && record.result.text == "*" && record.tag("Result") != nullptr) {
        if (const auto tag = parse_pdn_result(trim(*record.tag("Result")))) recorded = tag->outcome;
    }
    if (!game.result().over() && recorded != Outcome::ongoing) {
        game.set_result({recorded, "recorded result"});
    }
}

// ---------------------------------------------------------------------------------------------
// Writer

std::string pdn_result_text(Outcome o, PdnResultStyle style) {
    const bool d = style == PdnResultStyle::draughts;
    switch (o) {
        case Outcome::white_wins: return d ? "2-0" : "1-0";
        case Outcome::black_wins: return d ? "0-2" : "0-1";
        case Outcome::draw: return d ? "1-1" : "1/2-1/2";
        case Outcome::ongoing: break;
    }
    return "*";
}

namespace {

std::string escape_tag(std::string_view v) {
    std::string r;
    for (char c : v) {
        if (c == '"' || c == '\\') r += '\\';
        r += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return r;
}

}  // namespace

std::string write_pdn(const Game& game, const std::vector<PdnTag>& tags, const PdnWriteOptions& opts) {
    const Variant& v = game.variant();
    auto given = [&](std::string_view name) -> const std::string* {
        for (const PdnTag& t : tags) {
            if (iequals(t.name, name)) return &t.value;
        }
        return nullptr;
    };
    std::vector<PdnTag> out;
    static constexpr std::array<std::string_view, 6> roster = {"Event", "Site", "Date", "Round", "White", "Black"};
    for (std::string_view name : roster) {
        const std::string* g = given(name);
        out.push_back({std::string(name), g != nullptr ? *g : "?"});
    }
    out.push_back({"Result", pdn_result_text(game.result().outcome, opts.results)});
    if (v.pdn_game_type() > 0) {
        out.push_back({"GameType", std::to_string(v.pdn_game_type())});
    } else {
        out.push_back({"Variant", v.name()});
    }
    if (!(game.start_position() == v.initial_position())) {
        out.push_back({"SetUp", "1"});
        out.push_back({"FEN", v.position_to_string(game.start_position())});
    }
    static constexpr std::array<std::string_view, 11> replaced = {
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "Variant", "SetUp", "FEN"};
    for (const PdnTag& t : tags) {
        const bool skip = std::any_of(replaced.begin(), replaced.end(),
                                      [&](std::string_view r) { return iequals(r, t.name); });
        if (!skip) out.push_back(t);
    }

    std::string text;
    for (const PdnTag& t : out) text += "[" + t.name + " \"" + escape_tag(t.value) + "\"]\n";
    text += '\n';

    std::string line;
    auto put = [&](const std::string& unit) {
        if (!line.empty() && line.size() + 1 + unit.size() > opts.width) {
            text += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + unit;
    };
    const Color start = game.start_position().side_to_move();
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        // White's moves carry their number; Black's only when it opens the movetext.
        const std::string number = move_number(opts.first_move_number, start, i);
        const bool skip = i > 0 && number.ends_with("...");
        put((skip ? "" : number + " ") + v.move_to_string(game.positions()[i], game.moves()[i]));
    }
    put(pdn_result_text(game.result().outcome, opts.results));
    return text + line + '\n';
}


// ---------------------------------------------------------------------------------------------
// Records as trees

const std::string* PdnRecord::tag(std::string_view name) const {
    for (const PdnTag& t : tags) {
        if (iequals(t.name, name)) return &t.value;
    }
    return nullptr;
}

std::vector<std::size_t> PdnRecord::mainline() const {
    std::vector<std::size_t> r;
    for (std::size_t n = 0; !nodes.at(n).variations.empty();) {
        n = nodes[n].variations.front();
        r.push_back(n);
    }
    return r;
}

std::vector<std::size_t> PdnRecord::path(std::size_t node) const {
    std::vector<std::size_t> r;
    for (std::size_t n = node; n != 0; n = nodes.at(n).parent) {
        if (r.size() >= nodes.size()) throw std::out_of_range("PdnRecord::path: the parents form a cycle");
        r.push_back(n);
    }
    std::reverse(r.begin(), r.end());
    return r;
}

namespace {

/// The record's tags and result with the moves of `nodes`, as read_pdn gives a game.
PdnGame flat_game(const PdnRecord& r, const std::vector<std::size_t>& nodes) {
    PdnGame g;
    g.index = r.index;
    g.line = r.line;
    g.tags = r.tags;
    g.result = r.result;
    for (const std::size_t n : nodes) {
        const PdnNode& m = r.nodes[n];
        int number = 0;  // the number written, as the reader takes it ("12..." gives 12)
        for (std::size_t i = 0; i < m.number.size() && is_digit(m.number[i]) && number < 1000000; ++i) {
            number = number * 10 + (m.number[i] - '0');
        }
        g.moves.push_back({m.move, number, m.line});
    }
    return g;
}

}  // namespace

PdnGame PdnRecord::game() const { return flat_game(*this, mainline()); }

std::size_t PdnRecord::add_variation(std::size_t parent, std::string move) {
    (void)nodes.at(parent);
    PdnNode n;
    n.parent = parent;
    n.move = std::move(move);
    nodes.push_back(std::move(n));
    nodes[parent].variations.push_back(nodes.size() - 1);
    return nodes.size() - 1;
}

namespace {

/// PGN's NAG of a strength mark standing apart, or 0.
int strength_nag(std::string_view w) {
    static constexpr std::array<std::string_view, 6> marks = {"!", "?", "!!", "??", "!?", "?!"};
    for (std::size_t i = 0; i < marks.size(); ++i) {
        if (marks[i] == w) return static_cast<int>(i) + 1;
    }
    return 0;
}

[[noreturn]] void record_fail(const PdnRecord& r, std::size_t node, const std::string& what) {
    PdnGame g;
    g.index = r.index;
    g.tags = r.tags;
    throw PdnError((r.index > 0 ? g.label() : std::string("PDN record")) + ", node " + std::to_string(node) + ": " + what,
                   r.index, r.line);
}

}  // namespace

void check_pdn_record(const PdnRecord& r) {
    if (r.nodes.empty()) record_fail(r, 0, "a record needs its root node");
    if (r.nodes[0].parent != PdnNode::none || !r.nodes[0].move.empty()) {
        record_fail(r, 0, "node 0 is the root: no parent and no move");
    }
    std::vector<std::size_t> depth(r.nodes.size(), 0);
    std::vector<std::size_t> listed(r.nodes.size(), 0);
    for (std::size_t i = 0; i < r.nodes.size(); ++i) {
        const PdnNode& n = r.nodes[i];
        for (const std::size_t c : n.variations) {
            if (c >= r.nodes.size() || c <= i || r.nodes[c].parent != i) {
                record_fail(r, i, "variation " + std::to_string(c) + " is not a later node whose parent is this one");
            }
            if (++listed[c] > 1) record_fail(r, i, "variation " + std::to_string(c) + " listed twice");
        }
        if (i > 0) {
            if (n.parent == PdnNode::none || n.parent >= i) {
                record_fail(r, i, "the parent must be an earlier node");
            }
            const PdnNode& p = r.nodes[n.parent];
            depth[i] = depth[n.parent] + (!p.variations.empty() && p.variations.front() == i ? 0 : 1);
            if (depth[i] > PdnRecord::max_variation_depth) {
                record_fail(r, i, "variations nested deeper than " + std::to_string(PdnRecord::max_variation_depth) + " levels");
            }
            const bool word = !n.move.empty() && std::none_of(n.move.begin(), n.move.end(), [](char c) {
                return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
                       c == ';' || c == '$';
            });
            if (!word) record_fail(r, i, "move " + quoted(n.move) + " is not one word");
        }
        for (const int nag : n.nags) {
            if (nag < 0 || nag > 999) record_fail(r, i, "NAG " + std::to_string(nag) + " is not in 0..999");
        }
        for (const auto* list : {&n.comments, &n.starting_comments}) {
            for (const std::string& c : *list) {
                if (c.find('}') != std::string::npos && c.find('\n') != std::string::npos) {
                    record_fail(r, i, "a comment holding both '}' and a line end cannot be written");
                }
            }
        }
    }
    for (std::size_t i = 1; i < r.nodes.size(); ++i) {
        if (listed[i] != 1) record_fail(r, i, "not among its parent's variations");
    }
}

PdnRecord pdn_record(const PdnGame& game, std::string_view text) {
    PdnRecord r;
    r.index = game.index;
    r.line = game.line;
    r.tags = game.tags;
    r.result = game.result;
    struct Level {
        std::size_t from = 0;                   // the node the next move is played from
        std::size_t last = PdnNode::none;       // the last move of this line
        std::string number;                     // number tokens waiting for their move
        std::vector<std::string> comments;      // comments waiting for their move
        std::size_t open_line = 0;
    };
    std::vector<Level> levels(1);
    std::size_t pos = game.offset;
    std::size_t line = game.line;
    PdnReader::LexState st;
    st.line_start = false;
    for (;;) {
        Lexer lex(text, game.offset, pos, line, st);
        lex.skip_space();
        const Token t = lex.next();
        if (t.kind == Tok::end || t.kind == Tok::result) break;
        Level& l = levels.back();
        switch (t.kind) {
            case Tok::number:
            case Tok::ellipsis:
                l.number += (l.number.empty() ? "" : " ") + std::string(t.text);
                break;
            case Tok::move: {
                const std::size_t n = r.add_variation(l.from, std::string(t.text));
                PdnNode& node = r.nodes[n];
                node.suffix = std::string(t.suffix);
                node.number = std::move(l.number);
                node.starting_comments = std::move(l.comments);
                node.line = t.line;
                l.number.clear();
                l.comments.clear();
                l.last = n;
                l.from = n;
                break;
            }
            case Tok::nag: {
                const int nag = t.number > 0 || t.text.starts_with('$') ? t.number : strength_nag(t.text);
                if (l.last == PdnNode::none) {
                    fail(game, t.line, "NAG " + quoted(t.text) + " before any move of its line");
                }
                if (nag == 0 && !t.text.starts_with('$')) {
                    fail(game, t.line, "annotation " + quoted(t.text) + " is not a NAG");
                }
                r.nodes[l.last].nags.push_back(nag);
                break;
            }
            case Tok::comment: {
                std::string c(t.text);
                // After a move: that move's (even after the next number: "5. {c} 9-13" is written
                // back "{c} 5. 9-13"); before the first move: the root's, or in a variation the
                // starting comments of its first move.
                if (l.last != PdnNode::none) {
                    r.nodes[l.last].comments.push_back(std::move(c));
                } else if (levels.size() == 1) {
                    r.nodes[0].comments.push_back(std::move(c));
                } else {
                    l.comments.push_back(std::move(c));
                }
                break;
            }
            case Tok::open: {
                if (l.last == PdnNode::none) fail(game, t.line, "variation '(' before any move of its line");
                if (levels.size() > PdnRecord::max_variation_depth) {
                    fail(game, t.line, "variations nested deeper than " +
                                           std::to_string(PdnRecord::max_variation_depth) + " levels");
                }
                Level v;
                v.from = r.nodes[l.last].parent;
                v.open_line = t.line;
                levels.push_back(std::move(v));
                break;
            }
            case Tok::close:
                if (levels.size() == 1) fail(game, t.line, "')' without '('");
                if (l.last == PdnNode::none) {
                    fail(game, l.open_line, "empty variation: '(' on line " + std::to_string(l.open_line) +
                                                " holds no move");
                }
                levels.pop_back();
                break;
            case Tok::tag: break;  // the game's tags: in game.tags
            case Tok::bad: fail(game, t.line, t.error);
            case Tok::end:
            case Tok::result: break;
        }
    }
    if (levels.size() > 1) fail(game, levels.back().open_line, "variation '(' not closed");
    return r;
}

std::optional<PdnRecord> PdnRecordReader::next() {
    std::optional<PdnGame> g = reader_.next();
    if (!g) return std::nullopt;
    return pdn_record(*g, reader_.game_text());
}

std::vector<PdnRecord> read_pdn_records(std::string_view text) {
    PdnRecordReader r(text);
    std::vector<PdnRecord> out;
    while (auto g = r.next()) out.push_back(std::move(*g));
    return out;
}

std::string write_pdn_record(const PdnRecord& r, std::size_t width) {
    check_pdn_record(r);
    std::string text;
    for (const PdnTag& t : r.tags) text += "[" + t.name + " \"" + escape_tag(t.value) + "\"]\n";
    if (!r.tags.empty()) text += '\n';
    std::string line;
    bool glue = false;     // the next unit follows without a space ("(" before it)
    bool break_after = false;
    auto put = [&](const std::string& unit, bool glue_left = false) {
        if (break_after || (!line.empty() && !glue && !glue_left && line.size() + 1 + unit.size() > width)) {
            text += line + '\n';
            line.clear();
            break_after = false;
        } else if (!line.empty() && !glue && !glue_left) {
            line += ' ';
        }
        line += unit;
        glue = false;
    };
    auto put_comment = [&](const std::string& c) {
        if (c.find('}') != std::string::npos) {
            put(";" + c);
            break_after = true;
        } else {
            put("{" + c + "}");
        }
    };
    // One line from node `first` on; alternatives recurse (at most max_variation_depth deep).
    auto write_line = [&](auto&& self, std::size_t first) -> void {
        for (std::size_t n = first;;) {
            const PdnNode& node = r.nodes[n];
            for (const auto& c : node.starting_comments) put_comment(c);
            put(node.number.empty() ? node.move + node.suffix : node.number + " " + node.move + node.suffix);
            for (const int nag : node.nags) {
                std::string unit(1, '$');  // not "$" + to_string: GCC 12 -Wrestrict false positive
                unit += std::to_string(nag);
                put(unit);
            }
            for (const auto& c : node.comments) put_comment(c);
            const PdnNode& parent = r.nodes[node.parent];
            if (parent.variations.front() == n) {
                for (std::size_t k = 1; k < parent.variations.size(); ++k) {
                    put("(");
                    glue = true;
                    self(self, parent.variations[k]);
                    put(")", true);
                }
            }
            if (node.variations.empty()) break;
            n = node.variations.front();
        }
    };
    for (const auto& c : r.nodes[0].comments) put_comment(c);
    if (!r.nodes[0].variations.empty()) write_line(write_line, r.nodes[0].variations.front());
    put(r.result.text.empty() ? "*" : r.result.text);
    return text + line + '\n';
}

Game pdn_record_game(const PdnRecord& record, std::size_t node, std::shared_ptr<const Variant> variant) {
    const PdnGame g = flat_game(record, record.path(node));
    Game game = pdn_start(g, std::move(variant));
    for (std::size_t i = 0; i < g.moves.size(); ++i) play_record_move(g, i, game);
    return game;
}

}  // namespace tradgames
