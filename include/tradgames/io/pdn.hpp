// tradgames: PDN game records (Portable Draughts Notation), read and write, for every variant.
//
// Format (PDN 3.0, wiegerw/pdn doc/grammar.rst, its "reading grammar", with the extensions real
// files need; README "Game records (PDN)"):
//   file     := game*                       a game is a tag section and/or movetext
//   game     := tag* movetext result        a game ends with its result (termination marker)
//   tag      := '[' Name '"' value '"' ']'  spaces around and inside are free; \" and \\ escape
//   movetext := (number | move | comment | NAG | variation | '...')*
//   number   := digits '.' | digits '...'   "12." (White's move 12), "12..." (Black's move 12)
//   move     := squares joined by '-', ':' or 'x', optional "=L" and a strength suffix (!, ?, (!?));
//               a lone '-' is the placeholder some files write for an unknown move
//   comment  := '{' ... '}' | ';' to the end of the line | a line starting with '%'
//   NAG      := '$' digits                  variation := '(' movetext ')', nested, skipped
//   result   := 2-0 | 1-1 | 0-2 | 1-0 | 0-1 | 1/2-1/2 | ½-½ | 0-0 | *
// Text is UTF-8 (tag values are kept as bytes, so Cyrillic names pass through); CR, a leading
// byte order mark and padded tag names are tolerated. The variant of a record comes from its
// [Variant "name"] tag, else [GameType "25"] (= Russian draughts, also "25,W,8,8,A0,0"), else the
// caller's default; the start from [FEN] (the variant's position string). Moves are matched
// against the legal moves by their squares (Variant::parse_move: start and end square, any
// subset of the landing squares, ':' or 'x').
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// A malformed PDN game. what() names the game (1-based index in its file), the line and the
/// offending text; the fields repeat the first two for programs.
class PdnError : public ParseError {
public:
    /// `game`: 1-based index of the game in its input; `line`: 1-based line of the fault.
    PdnError(const std::string& what, std::size_t game, std::size_t line)
        : ParseError(what), game_(game), line_(line) {}
    [[nodiscard]] std::size_t game() const noexcept { return game_; }
    [[nodiscard]] std::size_t line() const noexcept { return line_; }

private:
    std::size_t game_;
    std::size_t line_;
};

/// One tag pair, `[Name "value"]`, value unescaped.
struct PdnTag {
    std::string name;
    std::string value;
};

/// One recorded move, as written.
struct PdnMove {
    /// The move text without move number or strength suffix: "c3-d4", "e5xg3", "-".
    std::string text;
    /// The move number written right before it ("12." or "12..." give 12), or 0 if none was.
    int number = 0;
    /// 1-based line where the move stands.
    std::size_t line = 0;
};

/// How a record's result reads and what it means.
struct PdnResult {
    /// The termination marker as written ("2-0", "1/2-1/2", "½-½", "*"); empty if none.
    std::string text;
    /// Its meaning: white_wins for 2-0 and 1-0, black_wins for 0-2 and 0-1, draw for 1-1,
    /// 1/2-1/2 and ½-½, ongoing for * and 0-0 (double forfeit: no winner to record).
    Outcome outcome = Outcome::ongoing;
};

/// The meaning of a result token, or nullopt if `text` is not one of the results listed in
/// PdnResult.
[[nodiscard]] std::optional<PdnResult> parse_pdn_result(std::string_view text);

/// One game record as read: tags in file order, the main line's moves (variations, comments
/// and NAGs are skipped) and the result.
struct PdnGame {
    /// 1-based index of the game in its input (bad games count too).
    std::size_t index = 0;
    /// 1-based line and byte offset of the game's first token.
    std::size_t line = 0;
    std::size_t offset = 0;
    std::vector<PdnTag> tags;
    std::vector<PdnMove> moves;
    PdnResult result;

    /// The value of tag `name` (compared ignoring ASCII case), or nullptr if absent.
    [[nodiscard]] const std::string* tag(std::string_view name) const;
    /// "game 3 (White – Black)": the index and the players, else the Event tag, for messages.
    [[nodiscard]] std::string label() const;
};

/// The input of a PdnReader ended in a way that stops reading it: the stream failed (an I/O
/// error, e.g. a file that opens but cannot be read), or a game ran over PdnReader::max_game_bytes
/// (see PdnLimitError). Nothing after this point of the input is read.
class PdnInputError : public Error {
public:
    using Error::Error;
};

/// A game (from its first token to its result), or a run of text between games (one comment,
/// one word), longer than PdnReader::max_game_bytes. what() names the line where the text
/// starts and the limit; the reader stops there (a larger unit cannot be resynchronised
/// without holding it).
class PdnLimitError : public PdnInputError {
public:
    PdnLimitError(const std::string& what, std::size_t line) : PdnInputError(what), line_(line) {}
    /// 1-based line where the oversized text starts.
    [[nodiscard]] std::size_t line() const noexcept { return line_; }

private:
    std::size_t line_;
};

/// Reads the games of a PDN text one at a time, from a string or streamed from a std::istream.
/// A malformed game throws PdnError from next(); the reader has then skipped past that game (to
/// its result, or to the next game's tags), so calling next() again continues with the
/// following game. Never reads outside its input, never recurses, and accepts any bytes
/// (binary input gives errors, not crashes).
///
/// Memory is bounded: a stream is read in chunks and the reader holds only the current game's
/// text (at most max_game_bytes plus one chunk), whatever the input's size. A game, or text
/// between games, longer than max_game_bytes throws PdnLimitError; a stream that fails throws
/// PdnInputError; after either, next() returns nullopt. Both inputs give the same games and
/// errors (the limit applies to a string too).
class PdnReader {
public:
    /// Longest game, in bytes of text from its first token to its result, and longest run of
    /// text between games: 1 MiB (a long annotated game is a few tens of KB).
    static constexpr std::size_t max_game_bytes = std::size_t{1} << 20;
    /// Bytes read from a stream at a time, by default.
    static constexpr std::size_t default_chunk = std::size_t{1} << 16;

    /// Reads `text`, which must outlive the reader.
    explicit PdnReader(std::string_view text) noexcept;
    /// Reads `in` (which must outlive the reader) `chunk` bytes at a time (chunk >= 1; tests
    /// use small chunks to check that games do not depend on where a read stops).
    explicit PdnReader(std::istream& in, std::size_t chunk = default_chunk);
    /// The next game, or nullopt at the end of the input. Throws PdnError for a malformed game
    /// (bad tag, unterminated comment, unbalanced parentheses, unexpected text, no result),
    /// PdnLimitError and PdnInputError as described above.
    std::optional<PdnGame> next();
    /// Games returned or rejected so far.
    [[nodiscard]] std::size_t games_read() const noexcept { return count_; }
    /// Bytes of input consumed so far.
    [[nodiscard]] std::size_t offset() const noexcept { return pos_; }
    /// The text of the game last returned by next(), from its first token to the end of its
    /// result (empty before the first game); valid until next() is called again.
    [[nodiscard]] std::string_view game_text() const noexcept;

    /// Lexer state kept between tokens (implementation detail).
    struct LexState {
        bool line_start = true;       ///< only blanks since the last line end
        bool in_escape_line = false;  ///< inside a '%' line
    };

private:
    /// Reads more input, keeping the text from offset `keep` on. Throws PdnLimitError when
    /// that text already holds max_game_bytes, PdnInputError when the stream fails.
    void refill(std::size_t keep, std::size_t keep_line);
    /// Throws PdnLimitError for text from line `line` on (through stop()).
    [[noreturn]] void over_limit(std::size_t line);
    /// Throws `e` after marking the reader finished.
    [[noreturn]] void stop(const PdnInputError& e);

    std::string_view text_;  // the whole text (string input)
    std::istream* in_ = nullptr;
    std::size_t chunk_ = default_chunk;
    std::string buf_;         // stream input: bytes [base_, base_ + buf_.size())
    std::string_view window_; // the bytes available now: text_ prefix or buf_
    std::size_t base_ = 0;    // offset of window_[0] in the input
    bool eof_ = false;        // window_ reaches the end of the input
    bool stopped_ = false;
    LexState lex_;
    std::size_t pos_ = 0;
    std::size_t line_ = 1;
    std::size_t count_ = 0;
    std::size_t game_offset_ = 0;  // offset of the game last returned
    std::size_t game_end_ = 0;     // and of its end
};

/// Every game of `text`. Throws PdnError for the first malformed game.
[[nodiscard]] std::vector<PdnGame> read_pdn(std::string_view text);

/// A new game at the record's start: [FEN] parsed by `variant` when present (a [SetUp "0"] tag
/// is ignored), else the initial position. Throws PdnError naming the game when the FEN is
/// malformed or impossible.
[[nodiscard]] Game pdn_start(const PdnGame& record, std::shared_ptr<const Variant> variant);

/// Plays the record's moves into `game` (normally from pdn_start). Each move is matched with
/// Variant::parse_move. When the moves run out and no rule ended the game, the record's result
/// (its termination marker, or its [Result] tag when the marker is '*'), if decisive or a draw,
/// is set as the game's result with reason "recorded result".
/// Throws, leaving `game` at the last legal position:
///  * PdnError for an empty record (no moves, or only placeholder moves '-');
///  * ParseError, IllegalMoveError or AmbiguousMoveError (the type parse_move or Game::play
///    threw) for the first move that cannot be played, with a message naming the game, the
///    move number ("12." or "12...", counted from the record's first move number and the
///    side to move at the start), the move's line and its text, then the reason.
void play_pdn(const PdnGame& record, Game& game);

/// The move number of ply `ply` (0-based) of `record` as PDN writes it, "12." for White and
/// "12..." for Black: counted from the number written before the record's first move (1 if
/// none) and `start_side`, the side to move at the record's start.
[[nodiscard]] std::string pdn_move_label(const PdnGame& record, Color start_side, std::size_t ply);

/// How results are written.
enum class PdnResultStyle {
    draughts,  ///< 2-0, 1-1, 0-2 (PDN for draughts; the Russian corpora)
    chess,     ///< 1-0, 1/2-1/2, 0-1
};

/// Options of write_pdn.
struct PdnWriteOptions {
    PdnResultStyle results = PdnResultStyle::draughts;
    /// Longest movetext line, in bytes (a single longer token still gets its own line).
    std::size_t width = 80;
    /// Number of the first move (a record from a set-up position may start at move 26).
    int first_move_number = 1;
};

/// The result token of `o` in `style` ("*" for ongoing).
[[nodiscard]] std::string pdn_result_text(Outcome o, PdnResultStyle style);

/// A PDN record of `game`: the tags Event, Site, Date, Round, White, Black (from `tags` when
/// given there, else "?"), Result (from game.result()), GameType "25" for russian or Variant
/// "<name>" for any other variant, SetUp "1" and FEN when the game does not start from the
/// initial position, then the other given tags in their order; a blank line; the moves in the
/// variant's notation with move numbers, lines wrapped at opts.width; the result; a newline.
/// Given tags named Result, GameType, Variant, SetUp or FEN are replaced. Reading the text back
/// with read_pdn and play_pdn gives the same moves and result.
[[nodiscard]] std::string write_pdn(const Game& game, const std::vector<PdnTag>& tags = {},
                                    const PdnWriteOptions& opts = {});

// ---------------------------------------------------------------------------------------------
// PDN records as trees: comments, NAGs and variations kept (python-chess's chess.pgn shape)

/// One node of a PdnRecord: the root (no move) or a move, with what was written around it.
/// Nodes live in PdnRecord::nodes and refer to each other by index.
struct PdnNode {
    /// The index standing for "no node" (the root's parent).
    static constexpr std::size_t none = static_cast<std::size_t>(-1);
    /// Index of the node this move is played from; `none` for the root.
    std::size_t parent = none;
    /// The moves played from this node's position, in the order written: variations[0] is the
    /// line's continuation, the others the alternatives to it (PDN's "( ... )").
    std::vector<std::size_t> variations;
    /// The move text as written, without number and strength suffix ("c3-d4", "e5xg3"); empty
    /// for the root.
    std::string move;
    /// The strength suffix written right after the move ("!", "?!", "(!?)"), or empty.
    std::string suffix;
    /// The move number (and "...") written right before the move, as written ("12.", "12...",
    /// "1. ..."), or empty.
    std::string number;
    /// Numeric annotation glyphs after the move, in order: "$14" gives 14; a strength mark
    /// standing apart ("!" "?" "!!" "??" "!?" "?!") gives its PGN NAG 1-6.
    std::vector<int> nags;
    /// Comments written before the move (the first move of the game or of a variation), text
    /// without the braces.
    std::vector<std::string> starting_comments;
    /// Comments after the move (and its NAGs); for the root, the comments before the first move.
    std::vector<std::string> comments;
    /// 1-based line of the move in its input (0 for the root and for nodes made by a program).
    std::size_t line = 0;
};

/// A PDN game as a tree of moves (python-chess's chess.pgn.Game): tags, the root node, the
/// main line and the variations with their comments and NAGs, and the result. Read with
/// read_pdn_records / PdnRecordReader, written back with write_pdn_record.
struct PdnRecord {
    /// Deepest nesting of variations accepted: "(" inside "(" ... 64 levels (real annotated
    /// games use a handful); deeper input throws PdnError.
    static constexpr std::size_t max_variation_depth = 64;

    /// 1-based index of the game in its input, 1-based line of its first token.
    std::size_t index = 0;
    std::size_t line = 0;
    /// Tags in file order, values unescaped.
    std::vector<PdnTag> tags;
    /// nodes[0] is the root (the start position); every other node's parent has a smaller index.
    std::vector<PdnNode> nodes = std::vector<PdnNode>(1);
    /// The termination marker.
    PdnResult result;

    /// The value of tag `name` (ASCII case ignored), or nullptr.
    [[nodiscard]] const std::string* tag(std::string_view name) const;
    /// The main line: node indices from the root's first continuation on, following
    /// variations[0] (empty for a record without moves).
    [[nodiscard]] std::vector<std::size_t> mainline() const;
    /// The nodes from the first move to `node` (empty for the root). Throws std::out_of_range
    /// for an index that is not a node.
    [[nodiscard]] std::vector<std::size_t> path(std::size_t node) const;
    /// The main line as read_pdn gives it (tags, moves, result): for play_pdn and replay_pdn.
    [[nodiscard]] PdnGame game() const;
    /// Adds the move `move` (text as written) as the last variation of `parent` and returns the
    /// new node's index (python-chess's add_variation). Throws std::out_of_range for a bad parent.
    std::size_t add_variation(std::size_t parent, std::string move);
};

/// Checks the links of a record (made by a program, e.g. from Python): node 0 is the only root,
/// every parent has a smaller index and lists its child exactly once, variations nest at most
/// max_variation_depth deep, moves are non-empty words (no blanks, braces or parentheses),
/// NAGs are 0..999 and comments can be written (no '}' in a comment that also holds a line
/// end). Throws PdnError naming the node.
void check_pdn_record(const PdnRecord& record);

/// The tree of the game `game` (from PdnReader::next) whose text is `text` (from
/// PdnReader::game_text). Throws PdnError, naming the game and the line, for variations nested
/// deeper than PdnRecord::max_variation_depth, a variation or a NAG before any move, and an
/// empty variation "()". (Unclosed comments and variations are the reader's errors.)
[[nodiscard]] PdnRecord pdn_record(const PdnGame& game, std::string_view text);

/// Reads records one at a time from a string or a stream, with PdnReader's bounded memory
/// (a game's tree holds at most one node per move token of its <= 1 MiB of text) and errors.
class PdnRecordReader {
public:
    /// Reads `text` (which must outlive the reader).
    explicit PdnRecordReader(std::string_view text) noexcept : reader_(text) {}
    /// Reads `in` (which must outlive the reader) in chunks.
    explicit PdnRecordReader(std::istream& in, std::size_t chunk = PdnReader::default_chunk)
        : reader_(in, chunk) {}
    /// The next record, or nullopt at the end. Throws as PdnReader::next and pdn_record; after
    /// a PdnError the next call continues with the following game.
    std::optional<PdnRecord> next();

private:
    PdnReader reader_;
};

/// Every record of `text`. Throws PdnError for the first malformed game.
[[nodiscard]] std::vector<PdnRecord> read_pdn_records(std::string_view text);

/// The PDN text of a record: its tags ([Name "value"], one a line, as stored), a blank line,
/// the movetext (each node's starting comments, number, move and suffix, NAGs as "$n",
/// comments as "{...}" (";..." to the line's end when the text holds a '}'), then its
/// alternatives in parentheses; tokens joined by one space, lines wrapped at `width` bytes), the
/// result ("*" if none) and a newline. A record read from text in this form is written back
/// byte for byte; any record read back from the output is equal to the one written. Throws
/// as check_pdn_record.
[[nodiscard]] std::string write_pdn_record(const PdnRecord& record, std::size_t width = 80);

/// The game at `node` of `record`: pdn_start (its [FEN]) and the moves from the first to
/// `node`, played by `variant`. Throws std::out_of_range for a bad index, PdnError for a bad FEN
/// and the move errors of play_pdn (naming the move's line) for a move that cannot be played.
[[nodiscard]] Game pdn_record_game(const PdnRecord& record, std::size_t node,
                                   std::shared_ptr<const Variant> variant);

}  // namespace tradgames
