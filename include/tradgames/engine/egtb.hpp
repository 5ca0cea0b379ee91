// tradgames: endgame databases built by the library itself (issue 28), for any variant whose
// pieces are of two kinds, a man (kind 0) and a king (kind 1): every draughts descriptor and
// Tobit. Everything here works through the Variant interface (generate, make/unmake, topology,
// kinds, position strings) and names no game.
//
// Values. For a material slice (men and kings of each side) and either side to move, a
// position's value is win, draw or loss for the side to move under optimal play, with the
// distance to the end in plies: the winner's shortest, the loser's longest. A side with no legal
// move (no piece included) has lost. Move-count draw rules and repetition counters are not part
// of the value: the database answers "who wins with best play" (README "Endgame databases" says
// how a prober combines a distance with a game's counters).
//
// Variant state. A game whose position reader takes a king-move count (the field L<square>=<n>
// of Frisian, variants/frisian/RULES.md 2.3-2.4) has it in the index: for a side with men and
// kings, "no count" or (the tracked king, n = 1..limit), 1 + limit x kings states a side; the
// value of a position is then that of the position with its counts (the game's own moves make
// and carry them). A slice where no side has both men and kings carries no state: its index
// and file are those of a game without counts. Other variant state (Shatra's flags) is not
// covered.
//
// Stored code of a position: 0 = draw, 0xFFFF = not a position (an index whose men overlap),
// otherwise distance + 1; a win's distance is odd, a loss's even (the winner makes the last move).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tradgames/engine/oracle.hpp"
#include "tradgames/error.hpp"
#include "tradgames/position.hpp"
#include "tradgames/variant.hpp"

namespace tradgames::engine::egtb {

/// A database file or directory that cannot be used: missing, truncated, corrupt, of another
/// format version, or built for another game or rule set. The message names the file and why.
class EgtbError : public Error {
public:
    using Error::Error;
};

/// Code of a draw in a table.
inline constexpr std::uint16_t code_draw = 0;
/// Code of an index that is not a position (white and black men on one square).
inline constexpr std::uint16_t code_invalid = 0xFFFF;

/// Men and kings of each side: one material slice.
struct Material {
    int white_men = 0;
    int white_kings = 0;
    int black_men = 0;
    int black_kings = 0;

    /// All pieces of both sides.
    [[nodiscard]] int total() const noexcept { return white_men + white_kings + black_men + black_kings; }
    /// Pieces of side c.
    [[nodiscard]] int of(Color c) const noexcept {
        return c == Color::white ? white_men + white_kings : black_men + black_kings;
    }
    /// The material with the sides' roles exchanged.
    [[nodiscard]] Material flipped() const noexcept { return {black_men, black_kings, white_men, white_kings}; }
    /// Short name, also the file name's stem: "w1m2k-b0m1k" (White 1 man 2 kings, Black 1 king).
    [[nodiscard]] std::string name() const;
    /// The material of pos (kind 0 men, kind 1 kings; other kinds are not counted).
    [[nodiscard]] static Material of_position(const Position& pos) noexcept;
    auto operator<=>(const Material&) const = default;
};

/// What the builder and the prober know of a variant: its two kinds, where men may stand and a
/// hash of its rules. Throws EgtbError for a variant whose pieces are not exactly a man and a
/// king (Shatra).
class Domain {
public:
    explicit Domain(std::shared_ptr<const Variant> v);
    [[nodiscard]] const Variant& variant() const noexcept { return *v_; }
    [[nodiscard]] const std::shared_ptr<const Variant>& variant_ptr() const noexcept { return v_; }
    /// Squares where a man of side c may stand (the variant's position reader accepts it there:
    /// not its own promotion row).
    [[nodiscard]] Mask men_squares(Color c) const noexcept { return men_[index(c)]; }
    /// Number of vertices of the board.
    [[nodiscard]] int squares() const noexcept { return n_; }
    /// Hash of the rule set: variant name, rule options, board graph (names and links) and the
    /// legal moves of a fixed set of sample positions. Two variants with equal hashes are
    /// treated as the same rule set; a file with another hash is refused.
    [[nodiscard]] std::uint64_t rules_hash() const noexcept { return hash_; }
    /// The king-move limit the variant's position reader takes (the largest n it accepts in a
    /// field L<square>=<n> on the king of a side with men; Frisian: 3), 0 when it takes none.
    [[nodiscard]] int count_limit() const noexcept { return limit_; }
    /// The PositionState::flags bits of side c's count n (1..count_limit()), as the variant's
    /// reader sets them; 0 outside that range.
    [[nodiscard]] std::uint32_t count_flags(Color c, int n) const noexcept {
        return n < 1 || n > limit_ ? 0 : flags_[index(c)][static_cast<std::size_t>(n)];
    }

private:
    void learn_counts();
    std::shared_ptr<const Variant> v_;
    std::array<Mask, 2> men_{};
    int n_ = 0;
    std::uint64_t hash_ = 0;
    int limit_ = 0;
    std::array<std::array<std::uint32_t, 16>, 2> flags_{};
};

/// Combinatorial ranking of the positions of one slice with one side to move (no hash table):
/// white men ranked among the squares a white man may use, black men likewise (an index where
/// they overlap is not a position), then white kings among the squares the men leave free and
/// black kings among those left (colexicographic ranks, mixed radix): the placement. In a slice
/// with state (Domain::count_limit() > 0 and a side with men and kings) the index is
/// placement x states() + white's state x side_states(black) + black's state, a side's state
/// 0 for no count, else 1 + (its tracked king's rank among its kings, by vertex) x limit + n - 1.
class Indexer {
public:
    Indexer(const Domain& d, Material m);
    /// Size of the index space for one side to move (positions plus indices that are not).
    [[nodiscard]] std::uint64_t size() const noexcept { return size_; }
    /// Placements per side to move (size() / states()).
    [[nodiscard]] std::uint64_t placements() const noexcept { return placements_; }
    /// States per placement (1: the slice carries no state).
    [[nodiscard]] std::uint32_t states() const noexcept { return side_states_[0] * side_states_[1]; }
    /// States of side c (1 + limit x kings for a side with men and kings, else 1).
    [[nodiscard]] std::uint32_t side_states(Color c) const noexcept { return side_states_[tradgames::index(c)]; }
    [[nodiscard]] const Material& material() const noexcept { return m_; }
    /// Side c's state in pos (0: no count), or -1 when pos's state is not one this index holds.
    [[nodiscard]] int side_state(const Position& pos, Color c) const noexcept;
    /// Whether pos's variant state is one this index holds (no other state; a count only on a
    /// king of a side with men, 1..limit). Precondition: Material::of_position(pos) == material().
    [[nodiscard]] bool covers(const Position& pos) const noexcept;
    /// The index of pos's placement alone (no state).
    [[nodiscard]] std::uint64_t placement(const Position& pos) const noexcept;
    /// The index of pos (placement and state). Precondition: Material::of_position(pos) ==
    /// material(), every man stands on a square men_squares allows, and covers(pos).
    [[nodiscard]] std::uint64_t index(const Position& pos) const noexcept;
    /// Sets out (empty before) to the position of index i with side c to move (its counts
    /// included); false (out unspecified) when i is not a position. Precondition: i < size().
    bool unindex(std::uint64_t i, Color c, Position& out) const noexcept;
    /// Sets pos's state to white's state w and black's state b (< side_states; 0 = no count).
    void set_state(Position& pos, std::uint32_t w, std::uint32_t b) const noexcept;

private:
    Material m_;
    Mask all_ = 0;
    std::array<Mask, 2> men_{};
    std::array<std::uint64_t, 4> radix_{};
    std::uint64_t placements_ = 0;
    std::uint64_t size_ = 0;
    int limit_ = 0;
    std::array<std::uint32_t, 2> side_states_{1, 1};
    std::array<std::array<std::uint32_t, 16>, 2> flags_{};
    std::array<std::uint32_t, 2> side_flags_{};
};

/// Counts of one side to move of one slice (from that side's point of view).
struct SideCounts {
    std::uint64_t win = 0;
    std::uint64_t draw = 0;
    std::uint64_t loss = 0;
    /// Longest win in plies (0 when none), and longest loss.
    std::uint32_t longest_win = 0;
    std::uint32_t longest_loss = 0;
};

/// Header of one slice file (README "Endgame databases" gives the byte layout).
struct SliceHeader {
    /// format_version (1) for a slice without state, format_version_state (2) with state.
    std::uint32_t format_version = 0;
    std::string game;
    std::uint64_t rules_hash = 0;
    Material material;
    /// Index space per side to move (Indexer::size) and positions per side (valid indices).
    std::uint64_t index_size = 0;
    std::uint64_t positions = 0;
    /// [0] White to move, [1] Black to move.
    std::array<SideCounts, 2> counts{};
    std::uint32_t block_entries = 0;
    std::uint64_t blocks = 0;
    std::uint64_t payload_bytes = 0;
    std::uint64_t payload_checksum = 0;
    /// Version 2 only: the king-move limit and the states of White and of Black
    /// (Indexer::side_states); version 1: 0, {1, 1}.
    std::uint32_t count_limit = 0;
    std::array<std::uint32_t, 2> side_states{1, 1};
};

/// File format version of a slice without state (every slice of a game without counts).
inline constexpr std::uint32_t format_version = 1;
/// File format version of a slice whose index holds the king-move counts: a reader of version 1
/// alone refuses it by its version rather than misread its entries.
inline constexpr std::uint32_t format_version_state = 2;

/// The file name of a slice in a database directory: "<game>.<material>.egtb".
[[nodiscard]] std::string slice_file_name(const std::string& game, const Material& m);

/// Writes the codes of a slice (2 * index_size entries: White to move, then Black) as a file,
/// atomically (a temporary file renamed into place). Throws EgtbError if it cannot be written.
void write_slice(const std::string& path, const Domain& d, const Material& m,
                 const std::vector<std::uint16_t>& codes);

/// The counts of a table of codes (2 * index_size entries).
[[nodiscard]] std::array<SideCounts, 2> count_codes(const std::vector<std::uint16_t>& codes,
                                                    std::uint64_t& positions);

/// One slice file opened through memory mapping, checked whole (sizes, checksums, format
/// version, game, rules hash, material) when opened. Immutable; probe() is thread-safe.
class SliceFile {
public:
    /// Opens path for domain d and material m. Throws EgtbError naming the file when it is
    /// missing, truncated, corrupt, of another version, or of another game, rule set or slice.
    SliceFile(const std::string& path, const Domain& d, const Material& m);
    ~SliceFile();
    SliceFile(const SliceFile&) = delete;
    SliceFile& operator=(const SliceFile&) = delete;
    [[nodiscard]] const SliceHeader& header() const noexcept { return h_; }
    /// The code of entry e (side * index_size + index): decompresses its block into a buffer
    /// of the calling thread (allocated once per thread). Throws EgtbError for a corrupt block.
    [[nodiscard]] std::uint16_t code(std::uint64_t e) const;
    /// Every code of the slice (2 * index_size entries).
    [[nodiscard]] std::vector<std::uint16_t> all_codes() const;
    /// Reads only the header of path (for `egtb info`). Throws EgtbError as the constructor.
    [[nodiscard]] static SliceHeader read_header(const std::string& path);

private:
    void decompress_block(std::uint64_t b, std::uint16_t* out) const;
    std::string path_;
    SliceHeader h_;
    const unsigned char* map_ = nullptr;
    std::size_t map_size_ = 0;
    const unsigned char* table_ = nullptr;  // (blocks + 1) offsets
    const unsigned char* payload_ = nullptr;
    std::uint64_t id_ = 0;
};

/// Progress of a build, for a progress bar: slice `index` of `slices`, its material, the pass
/// (0: first pass) and the positions resolved so far out of `positions` (both sides to move).
struct Progress {
    int slice = 0;
    int slices = 0;
    Material material;
    int pass = 0;
    std::uint64_t resolved = 0;
    std::uint64_t positions = 0;
    bool done = false;
    /// Whether the slice's file was already there and valid (resumed build).
    bool reused = false;
    double seconds = 0;
};

/// How to build.
struct BuildOptions {
    /// Directory of the files (created if missing).
    std::string dir = "egtb";
    /// Worker threads (at least 1).
    int threads = 1;
    /// Called after every pass of every slice (from the calling thread).
    std::function<void(const Progress&)> progress;
};

/// Every slice with at most `pieces` pieces and at least one piece a side, in dependency order:
/// fewer pieces first, then fewer men (a capture leads to fewer pieces, a promotion to fewer
/// men with as many pieces). Slices with more men of a side than it has squares for are left
/// out.
[[nodiscard]] std::vector<Material> slices_up_to(const Domain& d, int pieces);

/// Builds (or, when its file exists and is valid, reuses: an interrupted build resumes at the
/// first slice without a file) every slice of `slices` in the order given, writing one file per
/// slice. Algorithm: forward passes over the Variant interface. Pass 0 marks the positions
/// without a legal move and generates the successors of the others once: moves within the slice
/// as node numbers, moves into other slices (captures, promotions) summed up from those slices'
/// tables; pass n then resolves the wins and losses in n plies from tables alone. Memory, both
/// sides to move: 2 bytes per index of the slice being built, 4 bytes per move within the slice
/// of an unresolved position and 24 bytes per unresolved position, plus 2 bytes per index of
/// every slice already built (kept in memory as dependencies).
/// A slice with state (Indexer::states() > 1) is solved by the same passes over nodes
/// (placement, both sides' states): the moves within the slice are kept per placement (4 bytes)
/// with, per state of the mover, the state each leads to (1 byte) or "not legal" (the count's
/// limit), generated and made by the variant with that state; moves into other slices are
/// summed per node (6 bytes). Memory for such a slice: 2 + 6 bytes per index, 4 + states-of-
/// the-mover bytes per move within the slice of a placement.
/// Throws EgtbError when a move leads to a slice that is not built yet (moves that do not fit
/// the dependency order, e.g. kings that revert to men) or to a variant state the index does
/// not hold.
void build(const Domain& d, const std::vector<Material>& slices, const BuildOptions& o);

/// The codes of one slice computed in memory by the forward-pass builder from the codes of its
/// dependencies (`deps`: material -> codes). Used by build() and the benchmarks.
[[nodiscard]] std::vector<std::uint16_t> solve_slice(
    const Domain& d, const Material& m,
    const std::map<Material, std::vector<std::uint16_t>>& deps, int threads,
    const std::function<void(int pass, std::uint64_t resolved, std::uint64_t positions)>& progress = {});

/// The slices one move of slice m can lead to, other than m itself: for either side moving, its
/// own material unchanged or one man promoted, and the other side's unchanged or reduced by any
/// capture that leaves it a piece; only slices of slices_up_to(d, m.total()). A slice's value
/// needs exactly these slices' values (the dependency edges of a build's slice DAG).
[[nodiscard]] std::vector<Material> successors(const Domain& d, const Material& m);

/// Builds one slice into dir from the files of its successors there (the task of a distributed
/// build, tradgames.distributed.egtb_build): keeps a valid file of the slice, else solves it
/// (solve_slice) and writes it atomically. Files equal those of build() byte for byte. Throws
/// EgtbError when a successor's file is missing or bad.
void build_slice(const Domain& d, const Material& m, const std::string& dir, int threads);

/// One problem found by verify().
struct VerifyProblem {
    Material material;
    std::string position;
    std::string message;
};

/// Checks every position of every slice file in dir against its successors, independently of
/// the builder: a loss in 0 has no legal move; a win in d has a move to a loss in d-1 and none
/// to a shorter loss; a loss in d has only moves to wins, the longest in d-1; a draw has a move
/// to a draw and none to a loss; indices that are not positions are marked so. Successors in
/// other slices are read from their files. Returns at most `max_problems` problems (empty: the
/// slices are right) and sets `checked` to the positions checked. Throws EgtbError for a bad
/// file or a slice whose successor slice has no file.
[[nodiscard]] std::vector<VerifyProblem> verify(const Domain& d, const std::string& dir,
                                                std::uint64_t& checked, int threads = 1,
                                                std::size_t max_problems = 20);

/// The headers of the slice files of d's game in dir, each checked (sizes, rules hash), sorted
/// by material order of slices_up_to. Throws EgtbError for a bad file.
[[nodiscard]] std::vector<SliceHeader> info(const Domain& d, const std::string& dir);

/// The databases of one variant in one directory, opened lazily per slice: an EndgameOracle.
/// Covers a position when its slice's index holds its variant state (the king-move counts it
/// carries, in a slice with state; none otherwise), both sides have pieces (a side to move
/// without pieces has lost: loss in 0) and its slice's file is in the directory.
class Prober final : public EndgameOracle {
public:
    /// Opens every slice file of the variant's game in dir (checking each). Throws EgtbError for
    /// a bad file; a directory without files is allowed (the prober covers nothing).
    Prober(std::shared_ptr<const Variant> v, const std::string& dir);
    ~Prober() override;
    [[nodiscard]] std::optional<OracleAnswer> probe(const Position& pos) const override;
    [[nodiscard]] int max_pieces() const noexcept override { return max_pieces_; }
    /// The materials covered.
    [[nodiscard]] std::vector<Material> slices() const;
    [[nodiscard]] const Domain& domain() const noexcept { return d_; }

private:
    Domain d_;
    std::map<Material, std::pair<std::unique_ptr<Indexer>, std::unique_ptr<SliceFile>>> files_;
    int max_pieces_ = 0;
};

/// The value of the move from `pos` whose successor the prober answered `child` (the opponent's
/// value), from the mover's point of view: win and loss exchanged, one ply further.
[[nodiscard]] OracleAnswer mover_value(const OracleAnswer& child) noexcept;

/// The database's best move in pos: for a win in d a move to a loss in d-1 (the shortest win),
/// for a loss in d a move to a win in d-1 (the longest resistance), for a draw a move to a draw;
/// the first in the variant's generation order among equals. nullopt when the prober does not
/// cover pos, pos has no legal move, or no successor is covered (e.g. one with variant state).
[[nodiscard]] std::optional<Move> best_move(const Prober& p, const Position& pos);

/// The database's line of best play from pos (best_move repeated), at most max_plies moves; it
/// stops where the game ends or the database no longer covers the position. A draw's line is
/// not played out (empty): any drawing move keeps the draw.
[[nodiscard]] std::vector<Move> best_line(const Prober& p, const Position& pos, int max_plies);

/// Extends a principal variation with the database's line: pv holds moves in the variant's
/// notation played from root; when the position they reach is covered and not a draw, best_line
/// from there (up to max_plies moves in all) is appended in notation. Returns the moves
/// appended. Throws as Variant::parse_move if pv is not a line of legal moves from root.
int extend_pv(const Prober& p, const Position& root, std::vector<std::string>& pv, int max_plies);

/// "win in 17 plies", "loss in 4 plies", "win in 1 ply", "draw": what `search` and `status`
/// print after "database: ".
[[nodiscard]] std::string verdict_text(const OracleAnswer& a);

/// A prober of v's databases in dir for a player or a front end (`search --egtb DIR`, the Hub
/// parameter egtb, the player key egtb=DIR): Prober(v, dir), but throws EgtbError naming the
/// directory and the game when it holds no slice file of v's game (a mistyped directory would
/// otherwise silently mean "no databases").
[[nodiscard]] std::unique_ptr<Prober> open_databases(std::shared_ptr<const Variant> v, const std::string& dir);

/// The answer of a stored code. Precondition: code != code_invalid.
[[nodiscard]] OracleAnswer answer_of(std::uint16_t code) noexcept;

/// "win", "draw" or "loss".
[[nodiscard]] const char* wdl_name(Wdl w) noexcept;

}  // namespace tradgames::engine::egtb
