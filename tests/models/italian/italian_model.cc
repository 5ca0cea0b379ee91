// Independent model of Italian draughts (dama italiana) move generation, written from
// variants/italian/RULES.md alone (§2-§7, §9, §10.2), not from the library's code.
//
// Build (stand-alone; the .cc suffix keeps it out of the test glob, which compiles every
// tests/**/*.cpp into tradgames_tests, and this file has its own main):
//   g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -o italian_model tests/models/italian/italian_model.cc
//
// Usage: italian_model batch DEPTH   reads one position string a line on stdin and writes one
//   line per position: the U keys (from-to-captured squares-promotion, ';'-separated, sorted),
//   a tab, the number of P paths, a tab, U and P perft for depths 1..DEPTH (comma-separated).
//
// Board (RULES.md §2, §9.1): 8x8 turned, a1 light, h1 dark. Squares 1-32 from a8 (Black's
// side), each rank from White's left: a8 = 1, c8 = 2 ... b7 = 5 ... b1 = 29, h1 = 32. White
// (21-32 at the start) moves up the board (towards rank 8), Black down.
// A path (P) is one sequence of jumps (RULES.md §5: short jumps, so the jumps fix the landings).
// U is one move per (origin, destination, captured set, promotion) among the legal paths.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "../batch_main.hpp"

namespace {

constexpr int N = 32;

struct Sq {
    int file, rank;  // 0..7, rank 0 = White's first rank
};

Sq coords(int n) {  // n = 1..32
    const int row = (n - 1) / 4;  // 0 = rank 8
    const int i = (n - 1) % 4;
    const int rank = 7 - row;
    const int file = 2 * i + (row % 2 == 0 ? 0 : 1);  // rank 8: a8 c8 e8 g8; rank 7: b7 ...
    return {file, rank};
}

int number(int file, int rank) {  // 0 when off the board or light
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return 0;
    const int row = 7 - rank;
    if ((row % 2 == 0) != (file % 2 == 0)) return 0;
    return row * 4 + file / 2 + 1;
}

enum Piece { empty = 0, wman, wking, bman, bking };

struct Pos {
    int board[N + 1] = {};
    int side = 0;  // 0 White, 1 Black
};

bool is_white(int p) { return p == wman || p == wking; }
bool is_king(int p) { return p == wking || p == bking; }
bool owned(int p, int side) { return p != empty && is_white(p) == (side == 0); }

struct Path {
    int from = 0, to = 0;
    std::vector<int> jumps;   // landing squares
    std::vector<int> victims; // captured squares in order
    bool promotes = false;
    bool by_king = false;
    int kings = 0;            // kings captured
};

const int DF[4] = {1, -1, 1, -1};
const int DR[4] = {1, 1, -1, -1};

// RULES.md §5: a man jumps forward only and never a king; a king in all four directions, men
// and kings; short jumps; captured pieces stay until the end and are jumped once only.
void search(const Pos& p, Path& cur, int at, bool king, std::vector<bool>& taken,
            std::vector<Path>& out) {
    bool any = false;
    const Sq c = coords(at);
    const int fwd = p.side == 0 ? 1 : -1;
    for (int d = 0; d < 4; ++d) {
        if (!king && DR[d] != fwd) continue;
        const int v = number(c.file + DF[d], c.rank + DR[d]);
        const int l = number(c.file + 2 * DF[d], c.rank + 2 * DR[d]);
        if (v == 0 || l == 0) continue;
        const int victim = p.board[v];
        if (victim == empty || owned(victim, p.side) || taken[v]) continue;
        if (!king && is_king(victim)) continue;
        if (p.board[l] != empty && l != cur.from) continue;  // the mover has left its origin
        any = true;
        taken[v] = true;
        cur.jumps.push_back(l);
        cur.victims.push_back(v);
        const int far = p.side == 0 ? 7 : 0;
        if (!king && coords(l).rank == far) {
            // RULES.md §7: crowned, the move ends there.
            Path done = cur;
            done.to = l;
            done.promotes = true;
            out.push_back(done);
        } else {
            search(p, cur, l, king, taken, out);
        }
        cur.jumps.pop_back();
        cur.victims.pop_back();
        taken[v] = false;
    }
    if (!any && !cur.victims.empty()) {
        Path done = cur;
        done.to = at;
        out.push_back(done);
    }
}

// The legal paths (P): captures if any (RULES.md §5.1), filtered by §6, else the steps (§4).
std::vector<Path> legal_paths(const Pos& p) {
    std::vector<Path> caps;
    for (int s = 1; s <= N; ++s) {
        if (!owned(p.board[s], p.side)) continue;
        Path cur;
        cur.from = s;
        cur.by_king = is_king(p.board[s]);
        std::vector<bool> taken(N + 1, false);
        search(p, cur, s, cur.by_king, taken, caps);
    }
    if (!caps.empty()) {
        for (Path& c : caps) {
            c.kings = 0;
            for (int v : c.victims) c.kings += is_king(p.board[v]) ? 1 : 0;
        }
        auto keep_best = [&](auto score) {
            auto best = score(caps[0]);
            for (const Path& c : caps) best = std::max(best, score(c));
            std::vector<Path> kept;
            for (const Path& c : caps)
                if (score(c) == best) kept.push_back(c);
            caps = kept;
        };
        keep_best([](const Path& c) { return static_cast<int>(c.victims.size()); });  // 6.1
        keep_best([](const Path& c) { return c.by_king ? 1 : 0; });                   // 6.2
        keep_best([](const Path& c) { return c.kings; });                             // 6.3
        // 6.4: the first king at the earliest jump, then the next: the jump indices of the
        // kings, smaller (lexicographically) is better; the count is equal after 6.3.
        keep_best([&](const Path& c) {
            std::vector<int> idx;
            for (std::size_t i = 0; i < c.victims.size(); ++i)
                if (is_king(p.board[c.victims[i]])) idx.push_back(-static_cast<int>(i));
            return idx;  // negated: max picks the smallest indices
        });
        return caps;
    }
    std::vector<Path> steps;
    const int fwd = p.side == 0 ? 1 : -1;
    for (int s = 1; s <= N; ++s) {
        if (!owned(p.board[s], p.side)) continue;
        const bool king = is_king(p.board[s]);
        const Sq c = coords(s);
        for (int d = 0; d < 4; ++d) {
            if (!king && DR[d] != fwd) continue;
            const int t = number(c.file + DF[d], c.rank + DR[d]);
            if (t == 0 || p.board[t] != empty) continue;
            Path m;
            m.from = s;
            m.to = t;
            m.by_king = king;
            m.promotes = !king && coords(t).rank == (p.side == 0 ? 7 : 0);
            steps.push_back(m);
        }
    }
    return steps;
}

using Key = std::tuple<int, int, std::vector<int>, bool>;

Key key(const Path& m) {
    std::vector<int> c = m.victims;
    std::sort(c.begin(), c.end());
    return {m.from, m.to, c, m.promotes};
}

Pos apply(const Pos& p, const Path& m) {
    Pos q = p;
    const int piece = p.board[m.from];
    q.board[m.from] = empty;
    for (int v : m.victims) q.board[v] = empty;
    q.board[m.to] = m.promotes ? (p.side == 0 ? wking : bking) : piece;
    q.side = 1 - p.side;
    return q;
}




bool parse(const std::string& fen, Pos& p) {
    return model::parse_position(
        fen, N, p.side,
        [&](int n, bool white, bool king) {
            p.board[n] = white ? (king ? wking : wman) : (king ? bking : bman);
        },
        [](char, const std::string&) { return false; });
}

std::vector<Path> unique_moves(const std::vector<Path>& paths) { return model::unique_moves(paths, key); }

std::uint64_t perft(const Pos& p, int depth, bool paths_mode) {
    return model::perft(p, depth, paths_mode, legal_paths, key, apply);
}

}  // namespace

int main(int argc, char** argv) {
    return model::batch_main<Pos>(argc, argv, "italian_model", parse, legal_paths, unique_moves, key,
                                  perft);
}
