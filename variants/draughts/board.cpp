// The draughts family's boards: rectangular (dark squares or all squares, diagonal and/or
// orthogonal links) and chols (Tobit's points on lines), built from a DraughtsDescriptor.
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

#include "board.hpp"
#include "tradgames/board_graph.hpp"
#include "tradgames/draughts.hpp"
#include "tradgames/error.hpp"

namespace tradgames {

std::string draughts_detail::algebraic(int f, int r) {
    return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1);
}

namespace {

using Z = DraughtsVariant::Zone;
using draughts_detail::algebraic;

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

}  // namespace

// Compiled boards are shared between variants with the same board and notation.
std::shared_ptr<const Topology> draughts_detail::shared_topology(const DraughtsDescriptor& d) {
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

std::vector<PieceKindInfo> draughts_detail::kind_infos(const DraughtsDescriptor& d) {
    return {{d.man.name, d.man.letter, d.man.symbol}, {d.king.name, d.king.letter, d.king.symbol}};
}

BoardGraph make_draughts_board(const DraughtsDescriptor& d) {
    const int n = vertex_count(d);
    if (n > max_vertices) {
        throw DescriptorError("variant " + tradgames::quoted(d.name) + ": the board has " + std::to_string(n) +
                              " squares; this build holds at most " + std::to_string(max_vertices));
    }
    return d.board.shape == DraughtsBoard::Shape::chols ? chols_board(d) : rectangular_board(d);
}

}  // namespace tradgames
