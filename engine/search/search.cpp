// The search: iterative deepening principal-variation search with a transposition table,
// move ordering (table move, captures by size, killers, history) and capture quiescence.
#include "tradgames/engine/search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "tradgames/engine/evaluation.hpp"
#include "tradgames/error.hpp"

namespace tradgames::engine {

std::string Score::to_string() const {
    if (proven()) {
        return std::string(value > 0 ? "won in " : "lost in ") + std::to_string(plies_to_end());
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", value / 100.0);
    return buf;
}

namespace {

using Clock = std::chrono::steady_clock;

enum Bound : std::uint8_t { bound_none = 0, bound_upper = 1, bound_lower = 2, bound_exact = 3 };

/// One table entry: 16 bytes.
struct TTEntry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::int8_t depth = 0;
    std::uint8_t bound = bound_none;
    std::uint16_t move = 0xFFFF;  ///< index into the position's generated (U) move list
    std::uint16_t age = 0;
};
static_assert(sizeof(TTEntry) == 16);

/// The transposition table's storage: one block, aligned to its size up to 2 MB, so that on
/// Linux it can live on transparent huge pages (a probe at a random entry of a 16 MB table on 4 KB
/// pages misses the TLB as well as the caches).
class TTStorage {
public:
    TTStorage() = default;
    TTStorage(const TTStorage&) = delete;
    TTStorage& operator=(const TTStorage&) = delete;
    ~TTStorage() { std::free(data_); }

    /// n entries (a power of two, or 0), all empty. Throws std::bad_alloc.
    void allocate(std::size_t n) {
        std::free(data_);
        data_ = nullptr;
        size_ = 0;
        if (n == 0) return;
        constexpr std::size_t huge = std::size_t{2} << 20;
        const std::size_t bytes = n * sizeof(TTEntry);
        const std::size_t align = std::min(bytes, huge);  // both powers of two: bytes % align == 0
        void* p = std::aligned_alloc(align, bytes);
        if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (bytes >= huge) (void)madvise(p, bytes, MADV_HUGEPAGE);  // a hint: failure is harmless
#endif
        data_ = static_cast<TTEntry*>(p);
        size_ = n;
        clear();
    }
    void clear() noexcept { std::uninitialized_fill(data_, data_ + size_, TTEntry{}); }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    TTEntry& operator[](std::size_t i) noexcept { return data_[i]; }

private:
    TTEntry* data_ = nullptr;
    std::size_t size_ = 0;
};

/// A table score is stored relative to the node (distance to the end from there), so that a
/// proven result found at one ply reads right at another.
int to_tt(int s, int ply) noexcept {
    if (s > mate_bound) return s + ply;
    if (s < -mate_bound) return s - ply;
    return s;
}
int from_tt(int s, int ply) noexcept {
    if (s > mate_bound) return s - ply;
    if (s < -mate_bound) return s + ply;
    return s;
}

}  // namespace

struct Searcher::Impl {
    /// Everything one ply of the tree needs, allocated once.
    struct Ply {
        Position pos;
        MoveList moves;
        std::vector<int> order;  ///< ordering keys of moves (grown once to the largest list)
        std::vector<std::uint16_t> idx;  ///< generator's index of each move (for the table)
        std::unique_ptr<Adjudicator> adj;
        std::array<Move, 2> killers{};
        std::size_t horizon = 0;  ///< index into hashes of the first position that may repeat
        Undo undo;
    };

    std::shared_ptr<const Variant> variant;
    SearcherOptions options;
    std::shared_ptr<const Evaluation> eval;
    GameRules rules;
    TTStorage tt;
    std::uint64_t tt_mask = 0;
    std::uint16_t age = 0;
    std::vector<Ply> plies;
    /// Hashes of the game's positions since its repetition start, then the search path:
    /// hashes[base + ply] is the hash at ply.
    std::vector<std::uint64_t> hashes;
    std::size_t base = 0;
    std::size_t game_ply = 0;
    /// history[side][from][to]
    std::vector<int> history;
    /// Triangular principal-variation table.
    std::vector<Move> pv;
    std::array<int, max_search_ply + 1> pv_len{};

    // Per search.
    SearchLimits limits;
    std::int64_t start = 0;  ///< now_ms() when the search began
    std::int64_t allot_ms = 0;
    std::uint64_t nodes = 0;
    int seldepth = 0;
    bool stopped = false;
    std::vector<Move> excluded;  ///< root moves of earlier multi-PV lines

    Impl(std::shared_ptr<const Variant> v, SearcherOptions o)
        : variant(std::move(v)), options(std::move(o)) {
        if (options.tt_mb > 65536) throw OptionError("transposition table of more than 65536 MB");
        eval = options.evaluation ? options.evaluation : evaluation_for(*variant);
        rules = variant->game_rules();
        if (options.tt_mb > 0) {
            std::size_t n = 1;
            while (n * 2 * sizeof(TTEntry) <= options.tt_mb * 1024 * 1024) n *= 2;
            tt.allocate(n);
            tt_mask = n - 1;
        }
        plies.resize(max_search_ply + 1);
        history.assign(2 * max_vertices * max_vertices, 0);
        pv.resize(static_cast<std::size_t>(max_search_ply + 1) * (max_search_ply + 1));
    }

    int& hist(Color c, const Move& m) noexcept {
        return history[(static_cast<std::size_t>(c) * max_vertices + m.from) * max_vertices + m.to];
    }

    /// Milliseconds on the search's clock (the injected one or steady_clock).
    std::int64_t now_ms() const {
        if (limits.clock) return limits.clock();
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
    }
    std::int64_t elapsed_ms() const { return now_ms() - start; }

    void check_time() {
        if (limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) stopped = true;
        if (limits.nodes > 0 && nodes >= limits.nodes) stopped = true;
        if (allot_ms > 0 && elapsed_ms() >= allot_ms) stopped = true;
    }

    int verdict_score(Outcome o, Color mover, int ply) const noexcept {
        if (o == Outcome::draw) return 0;
        const bool mover_wins = o == win_for(mover);
        return mover_wins ? mate_score - ply : -(mate_score - ply);
    }

    /// Whether the position at ply repeats one since its horizon (same side to move: every
    /// second position back).
    bool repeats(int ply) const noexcept {
        const std::size_t now = base + static_cast<std::size_t>(ply);
        const std::uint64_t h = hashes[now];
        const std::size_t from = plies[static_cast<std::size_t>(ply)].horizon;
        for (std::size_t i = now; i >= from + 2;) {
            i -= 2;
            if (hashes[i] == h) return true;
        }
        return false;
    }

    void order_moves(int ply, int tt_move) {
        Ply& p = plies[static_cast<std::size_t>(ply)];
        const std::size_t n = p.moves.size();
        if (p.order.size() < n) {
            p.order.resize(std::max<std::size_t>(n, 256));
            p.idx.resize(p.order.size());
        }
        const Position& pos = p.pos;
        const Color me = pos.side_to_move();
        for (std::size_t i = 0; i < n; ++i) {
            const Move& m = p.moves[i];
            int key = 0;
            if (static_cast<int>(i) == tt_move) {
                key = 1 << 30;
            } else if (m.is_capture()) {
                int taken = 0;
                for (const Vertex v : m.captured) taken += eval->material(pos.at(v).kind());
                key = (1 << 26) + static_cast<int>(m.captured.size()) * 4096 + taken;
            } else if (m.promotion != no_kind) {
                key = 1 << 25;
            } else if (m.same_result(p.killers[0])) {
                key = 1 << 24;
            } else if (m.same_result(p.killers[1])) {
                key = (1 << 24) - 1;
            } else {
                key = std::min(hist(me, m), (1 << 23));
            }
            p.order[i] = key;
            p.idx[i] = static_cast<std::uint16_t>(i);
        }
    }

    /// Swaps the best remaining move (by ordering key) to index i.
    static void pick(Ply& p, std::size_t i) noexcept {
        std::size_t best = i;
        for (std::size_t j = i + 1; j < p.moves.size(); ++j) {
            if (p.order[j] > p.order[best]) best = j;
        }
        if (best != i) {
            std::swap(p.order[i], p.order[best]);
            std::swap(p.idx[i], p.idx[best]);
            std::swap(p.moves[i], p.moves[best]);
        }
    }

    /// Plays p.moves[i] into plies[ply+1] and sets its hash and horizon. `probes`: the child will
    /// read the table (nominal depth > 0), so its entry is fetched into the cache now, while the
    /// child generates its moves.
    void make(int ply, const Move& m, bool probes) {
        Ply& p = plies[static_cast<std::size_t>(ply)];
        Ply& c = plies[static_cast<std::size_t>(ply) + 1];
        c.pos = p.pos;
        variant->make_move(c.pos, m, c.undo);
        const std::size_t at = base + static_cast<std::size_t>(ply) + 1;
        hashes[at] = c.pos.hash();
        if (probes && !tt.empty()) __builtin_prefetch(&tt[c.pos.hash() & tt_mask]);
        c.horizon = variant->irreversible(p.pos, m, c.pos) ? at : p.horizon;
    }

    void update_pv(int ply, const Move& m) {
        const auto row = static_cast<std::size_t>(ply) * (max_search_ply + 1);
        const auto next = row + (max_search_ply + 1);
        pv[row + static_cast<std::size_t>(ply)] = m;
        const int len = pv_len[static_cast<std::size_t>(ply) + 1];
        for (int k = ply + 1; k < len; ++k) pv[row + static_cast<std::size_t>(k)] = pv[next + static_cast<std::size_t>(k)];
        pv_len[static_cast<std::size_t>(ply)] = std::max(len, ply + 1);
    }

    /// Alpha-beta at ply > 0 of the position plies[ply].pos, reached by `last` from plies[ply-1].
    int node(int ply, int depth, int alpha, int beta, const Move& last) {
        const auto up = static_cast<std::size_t>(ply);
        Ply& p = plies[up];
        pv_len[up] = ply;
        ++nodes;
        if ((nodes & 1023) == 0) check_time();
        if (stopped) return 0;
        seldepth = std::max(seldepth, ply);
        const Position& pos = p.pos;
        const Color me = pos.side_to_move();

        // A leaf that stands pat when it has no capture needs only to know whether it has a
        // capture (then all its moves) or a legal move at all: the variant answers that without
        // writing the quiet moves where it can.
        const bool leaf = depth <= 0 || ply >= max_search_ply - 1;
        p.moves.clear();
        bool has_moves = false;
        bool any_capture = false;
        if (leaf) {
            const LeafMoves found = variant->generate_if_capture(pos, p.moves);
            has_moves = found != LeafMoves::none;
            any_capture = found == LeafMoves::captures;
        } else {
            variant->generate(pos, p.moves);
            has_moves = !p.moves.empty();
        }
        // The rules, in Game's order: the adjudicator, no legal move, repetition, ply cap.
        if (p.adj) {
            p.adj->assign(*plies[up - 1].adj);
            const std::optional<Verdict> v = p.adj->after_move(plies[up - 1].pos, last, pos, has_moves);
            if (v && v->outcome != Outcome::ongoing) return verdict_score(v->outcome, me, ply);
        }
        if (!has_moves) return -(mate_score - ply);
        if (repeats(ply)) return 0;
        if (rules.ply_cap > 0 && game_ply + up >= static_cast<std::size_t>(rules.ply_cap)) return 0;
        // Mate-distance pruning.
        alpha = std::max(alpha, -(mate_score - ply));
        beta = std::min(beta, mate_score - ply - 1);
        if (alpha >= beta) return alpha;

        if (options.oracle != nullptr && count(pos.occupied()) <= options.oracle->max_pieces()) {
            if (const auto a = options.oracle->probe(pos)) {
                if (a->value == Wdl::draw) return 0;
                const int s = mate_score - ply - a->plies;
                return a->value == Wdl::win ? s : -s;
            }
        }

        if (ply >= max_search_ply - 1) return eval->evaluate(pos);
        if (leaf) {
            // Quiescence: a quiet position stands pat; a forced capture is always played out;
            // an optional capture is tried against standing pat.
            const bool forced = any_capture && std::all_of(p.moves.begin(), p.moves.end(),
                                                           [](const Move& m) { return m.is_capture(); });
            int best = -mate_score;
            if (!forced) {
                best = eval->evaluate(pos);
                if (!any_capture || best >= beta) return best;
                alpha = std::max(alpha, best);
            }
            order_moves(ply, -1);
            for (std::size_t i = 0; i < p.moves.size(); ++i) {
                pick(p, i);
                const Move m = p.moves[i];
                if (!m.is_capture()) continue;
                make(ply, m, false);
                const int s = -node(ply + 1, 0, -beta, -alpha, m);
                if (stopped) return 0;
                if (s > best) {
                    best = s;
                    if (s > alpha) {
                        alpha = s;
                        update_pv(ply, m);
                        if (s >= beta) break;
                    }
                }
            }
            return best;
        }

        // Transposition table.
        int tt_move = -1;
        TTEntry* e = nullptr;
        if (!tt.empty()) {
            e = &tt[pos.hash() & tt_mask];
            if (e->key == pos.hash()) {
                if (e->move < p.moves.size()) tt_move = e->move;
                const int s = from_tt(e->score, ply);
                if (e->depth >= depth && beta - alpha == 1) {
                    if (e->bound == bound_exact || (e->bound == bound_lower && s >= beta) ||
                        (e->bound == bound_upper && s <= alpha)) {
                        return s;
                    }
                }
            }
        }

        return search_moves(ply, depth, alpha, beta, tt_move, e);
    }

    /// The move loop of a full-width node (ply > 0) or the root (ply 0, skipping `excluded`).
    int search_moves(int ply, int depth, int alpha, int beta, int tt_move, TTEntry* e) {
        const auto up = static_cast<std::size_t>(ply);
        Ply& p = plies[up];
        const Position& pos = p.pos;
        const Color me = pos.side_to_move();
        const std::uint64_t key = pos.hash();
        const int alpha0 = alpha;
        order_moves(ply, tt_move);
        // A single legal move (a forced capture) costs no depth.
        const int ext = p.moves.size() == 1 ? 1 : 0;
        int best = -mate_score;
        std::uint16_t best_idx = 0xFFFF;
        bool have_best = false;
        int searched = 0;
        for (std::size_t i = 0; i < p.moves.size(); ++i) {
            pick(p, i);
            const Move m = p.moves[i];
            if (ply == 0 && std::any_of(excluded.begin(), excluded.end(),
                                        [&](const Move& x) { return x.same_result(m); })) {
                continue;
            }
            const int d = depth - 1 + ext;
            make(ply, m, d > 0);
            int s = 0;
            if (searched == 0) {
                s = -node(ply + 1, d, -beta, -alpha, m);
            } else {
                s = -node(ply + 1, d, -alpha - 1, -alpha, m);
                if (s > alpha && s < beta && !stopped) s = -node(ply + 1, d, -beta, -alpha, m);
            }
            ++searched;
            if (stopped) return best > -mate_score ? best : 0;
            if (s > best) {
                best = s;
                best_idx = p.idx[i];
                have_best = true;
                if (s > alpha) {
                    alpha = s;
                    update_pv(ply, m);
                    if (s >= beta) {
                        if (!m.is_capture()) {
                            if (!m.same_result(p.killers[0])) {
                                p.killers[1] = p.killers[0];
                                p.killers[0] = m;
                            }
                            hist(me, m) += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        if (!have_best) return best;  // root with every move excluded
        if (e != nullptr && ply > 0) {
            const std::uint8_t b = best >= beta ? bound_lower : best > alpha0 ? bound_exact : bound_upper;
            if (e->key != key || depth >= e->depth || e->age != age) {
                e->key = key;
                e->score = static_cast<std::int16_t>(to_tt(best, ply));
                e->depth = static_cast<std::int8_t>(std::min(depth, 127));
                e->bound = b;
                e->move = best_idx;
                e->age = age;
            }
        }
        return best;
    }

    std::vector<std::string> pv_text(int len) const {
        std::vector<std::string> out;
        Position pos = plies[0].pos;
        Undo u;
        for (int k = 0; k < len; ++k) {
            const Move& m = pv[static_cast<std::size_t>(k)];
            out.push_back(variant->move_to_string(pos, m));
            variant->make_move(pos, m, u);
        }
        return out;
    }

    SearchResult run(const Game& game, const SearchLimits& lim, const InfoCallback& info) {
        if (&game.variant() != variant.get()) {
            throw Error("search: the game's variant is not the searcher's");
        }
        limits = lim;
        start = now_ms();
        nodes = 0;
        seldepth = 0;
        stopped = false;
        ++age;
        allot_ms = time_allotment_ms(limits);
        for (auto& h : history) h /= 8;
        SearchResult r;
        if (game.result().over()) return r;

        // Root: the game's positions since its repetition start, then the search path.
        const auto& positions = game.positions();
        const std::size_t from = game.repetition_start();
        hashes.assign(positions.size() - from + max_search_ply + 2, 0);
        for (std::size_t i = from; i < positions.size(); ++i) hashes[i - from] = positions[i].hash();
        base = positions.size() - from - 1;
        game_ply = game.ply();
        Ply& root = plies[0];
        root.pos = game.position();
        root.horizon = 0;
        for (auto& p : plies) p.killers = {};
        // The adjudicator's state at the current position: replay the game.
        if (auto fresh = variant->make_adjudicator(game.start_position())) {
            MoveList scratch;
            variant->generate(positions[0], scratch);
            (void)fresh->at_start(positions[0], !scratch.empty());
            for (std::size_t i = 0; i < game.moves().size(); ++i) {
                scratch.clear();
                variant->generate(positions[i + 1], scratch);
                (void)fresh->after_move(positions[i], game.moves()[i], positions[i + 1], !scratch.empty());
            }
            for (auto& p : plies) {
                if (!p.adj) p.adj = fresh->clone();
            }
            root.adj->assign(*fresh);
        } else {
            for (auto& p : plies) p.adj.reset();
        }

        root.moves.clear();
        variant->generate(root.pos, root.moves);
        if (root.moves.empty()) return r;
        const int lines = std::clamp(lim.multipv, 1, static_cast<int>(root.moves.size()));
        const int max_depth = limits.depth > 0 && !limits.infinite ? std::min(limits.depth, max_search_ply - 2)
                                                                    : max_search_ply - 2;
        r.has_move = true;
        r.best = root.moves[0];
        SearchResult done;  // the last completed iteration
        for (int depth = 1; depth <= max_depth; ++depth) {
            SearchResult it;
            it.has_move = true;
            excluded.clear();
            for (int k = 0; k < lines; ++k) {
                pv_len[0] = 0;
                root.moves.clear();
                variant->generate(root.pos, root.moves);
                // The previous best line first.
                int tt_move = -1;
                const Move* prev = k < static_cast<int>(done.lines.size()) ? &done.lines[static_cast<std::size_t>(k)].move : nullptr;
                if (prev != nullptr) {
                    for (std::size_t i = 0; i < root.moves.size(); ++i) {
                        if (root.moves[i].same_result(*prev)) tt_move = static_cast<int>(i);
                    }
                }
                const int s = search_moves(0, depth, -mate_score, mate_score, tt_move, nullptr);
                if (stopped && lines == 1 && pv_len[0] > 0 && !done.lines.empty() &&
                    !pv[0].same_result(done.lines[0].move)) {
                    // A stopped iteration in which some root moves were searched to the full new
                    // depth, the previous best first (tt_move), and another of them scored
                    // higher: that move is the better-informed choice. The reported depth stays
                    // the last completed one.
                    done.lines[0].move = pv[0];
                    done.lines[0].score.value = s;
                    done.lines[0].pv = pv_text(pv_len[0]);
                    fill(done);
                    if (info) info(done);
                }
                if (stopped || pv_len[0] == 0) break;
                SearchLine line;
                line.move = pv[0];
                line.score.value = s;
                line.pv = pv_text(pv_len[0]);
                excluded.push_back(line.move);
                it.lines.push_back(std::move(line));
            }
            if (stopped && it.lines.empty()) break;
            if (stopped && it.lines.size() < static_cast<std::size_t>(lines)) {
                // A partial multi-PV iteration: keep the lines found, fill from the last one.
                for (std::size_t k = it.lines.size(); k < done.lines.size(); ++k) it.lines.push_back(done.lines[k]);
            }
            it.depth = depth;
            done = std::move(it);
            fill(done);
            if (info) info(done);
            if (stopped) break;
            if (done.lines[0].score.proven() && done.lines[0].score.plies_to_end() <= depth && !limits.infinite) break;
            if (allot_ms > 0 && limits.clock_ms > 0) {
                // Do not start an iteration that would likely not finish.
                if (elapsed_ms() * 2 > allot_ms) break;
            }
        }
        if (done.lines.empty()) {
            // Not even depth 1 finished: the first ordered move.
            r.best_text = variant->move_to_string(root.pos, r.best);
            fill(r);
            return r;
        }
        fill(done);
        return done;
    }

    void fill(SearchResult& r) const {
        const std::int64_t ms = elapsed_ms();
        r.time_ms = ms;
        r.nodes = nodes;
        r.nps = ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(ms) : 0;
        r.seldepth = seldepth;
        if (!r.lines.empty()) {
            r.best = r.lines[0].move;
            r.score = r.lines[0].score;
            r.best_text = r.lines[0].pv.empty() ? "" : r.lines[0].pv[0];
        }
    }
};

std::int64_t time_allotment_ms(const SearchLimits& limits) noexcept {
    std::int64_t allot = limits.movetime_ms;
    if (limits.clock_ms > 0) {
        std::int64_t a = limits.clock_ms / 30 + limits.increment_ms * 3 / 4;
        a = std::min(a, limits.clock_ms / 2);
        a = std::max<std::int64_t>(a, 1);
        allot = allot > 0 ? std::min(allot, a) : a;
    }
    return allot;
}

Searcher::Searcher(std::shared_ptr<const Variant> variant, SearcherOptions options)
    : impl_(std::make_unique<Impl>(std::move(variant), std::move(options))) {}

Searcher::~Searcher() = default;

SearchResult Searcher::search(const Game& game, const SearchLimits& limits, const InfoCallback& info) {
    return impl_->run(game, limits, info);
}

SearchResult Searcher::search(const Position& pos, const SearchLimits& limits, const InfoCallback& info) {
    const Game game(impl_->variant, pos);
    return impl_->run(game, limits, info);
}

void Searcher::clear() {
    impl_->tt.clear();
    std::fill(impl_->history.begin(), impl_->history.end(), 0);
    for (auto& p : impl_->plies) p.killers = {};
}

const Variant& Searcher::variant() const noexcept { return *impl_->variant; }

}  // namespace tradgames::engine
