// Independent model of Frisian draughts move generation, written from variants/frisian/RULES.md
// alone (§1-§4, the king-move count of §2.3-2.4), not from the library's code.
//
// Build (stand-alone; the .cc suffix keeps it out of the test glob, which compiles every
// tests/**/*.cpp into tradgames_tests, and this file has its own main):
//   g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -o frisian_model tests/models/frisian/frisian_model.cc
//
// Usage: frisian_model batch DEPTH   reads one position string a line on stdin (with an optional
//   field L<square>=<n>,...) and writes one line per position: the U keys
//   (from-to-captured squares-promotion, ';'-separated, sorted), a tab, the number of P paths,
//   a tab, U and P perft for depths 1..DEPTH (comma-separated u/p).
//
// Board (RULES.md §1): 10x10, a1 dark; squares 1-50 from Black's side, each row from White's
// left: b10 = 1 ... j10 = 5, a9 = 6 ... a1 = 46 ... i1 = 50. White moves up.
// P: one path per sequence of jumps, a king's landing squares passed straight through on one
// line (the next jump goes on in the same direction) not making different paths (the library's
// P identity, capture.paths = merge_straight, as for every 10x10 game). U: one move per (origin,
// destination, captured set, promotion) among the legal paths.

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

constexpr int N = 50;
constexpr int LIMIT = 3;  // RULES.md §2.3

struct Sq {
    int file, rank;  // 0..9, rank 0 = White's first rank
};

Sq coords(int n) {
    const int row = (n - 1) / 5;  // 0 = rank 10
    const int i = (n - 1) % 5;
    return {2 * i + (row % 2 == 0 ? 1 : 0), 9 - row};
}

int number(int file, int rank) {  // 0 off the board or on a light square
    if (file < 0 || file > 9 || rank < 0 || rank > 9 || (file + rank) % 2 != 0) return 0;
    return (9 - rank) * 5 + file / 2 + 1;
}

enum Piece { empty = 0, wman, wking, bman, bking };
bool is_white(int p) { return p == wman || p == wking; }
bool is_king(int p) { return p == wking || p == bking; }
bool owned(int p, int side) { return p != empty && is_white(p) == (side == 0); }

struct Pos {
    int board[N + 1] = {};
    int side = 0;
    int count_sq[2] = {0, 0};  // the king whose non-capturing moves in a row are counted
    int count[2] = {0, 0};
};

// The eight capture directions (RULES.md §3.2-3.3): diagonal steps of one square, and along
// files and ranks the next dark square, two squares away.
const int DF[8] = {1, -1, 1, -1, 2, -2, 0, 0};
const int DR[8] = {1, 1, -1, -1, 0, 0, 2, -2};

struct Path {
    int from = 0, to = 0;
    std::vector<int> victims;    // in order
    std::vector<int> landings;   // one per jump
    std::vector<int> dirs;       // direction of each jump
    bool promotes = false, by_king = false;
    int kings = 0;
};

int men_of(const Pos& p, int side) {
    int n = 0;
    for (int s = 1; s <= N; ++s) n += p.board[s] == (side == 0 ? wman : bman);
    return n;
}

void search(const Pos& p, Path& cur, int at, bool king, std::vector<bool>& taken,
            std::vector<Path>& out) {
    bool any = false;
    const Sq c = coords(at);
    auto free = [&](int s) { return s != 0 && (p.board[s] == empty || s == cur.from); };
    for (int d = 0; d < 8; ++d) {
        int f = c.file + DF[d], r = c.rank + DR[d];
        if (king) {  // §3.3: over empty squares to the first piece
            while (free(number(f, r))) f += DF[d], r += DR[d];
        }
        const int v = number(f, r);
        if (v == 0 || p.board[v] == empty || v == cur.from || owned(p.board[v], p.side) || taken[v])
            continue;  // §3.4: a captured piece is not jumped twice
        std::vector<int> lands;
        for (int lf = f + DF[d], lr = r + DR[d]; free(number(lf, lr)); lf += DF[d], lr += DR[d]) {
            lands.push_back(number(lf, lr));
            if (!king) break;  // §3.2: a man lands right behind
        }
        for (int l : lands) {
            any = true;
            taken[v] = true;
            cur.victims.push_back(v);
            cur.landings.push_back(l);
            cur.dirs.push_back(d);
            search(p, cur, l, king, taken, out);
            cur.victims.pop_back();
            cur.landings.pop_back();
            cur.dirs.pop_back();
            taken[v] = false;
        }
    }
    if (!any && !cur.victims.empty()) {
        Path done = cur;
        done.to = at;
        // §3.5: crowned only when the move ends on the far row.
        done.promotes = !king && coords(at).rank == (p.side == 0 ? 9 : 0);
        out.push_back(done);
    }
}

// The P identity: jumps (victims, in order) and the landings that are not passed straight
// through (a landing from which the next jump goes on in the same direction is one path).
using PathKey = std::tuple<int, std::vector<int>, std::vector<int>>;
PathKey path_key(const Path& m) {
    std::vector<int> lands;
    for (std::size_t i = 0; i < m.landings.size(); ++i) {
        const bool straight = i + 1 < m.landings.size() && m.dirs[i + 1] == m.dirs[i];
        lands.push_back(straight ? 0 : m.landings[i]);
    }
    return {m.from, m.victims, lands};
}

using Key = std::tuple<int, int, std::vector<int>, bool>;
Key key(const Path& m) {
    std::vector<int> c = m.victims;
    std::sort(c.begin(), c.end());
    return {m.from, m.to, c, m.promotes};
}

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
        // §4.1 value: a king more than a man, less than two: compare pieces + kings, then the
        // fewer kings. §4.2: then the capture made by a king.
        auto score = [](const Path& c) {
            return std::make_tuple(static_cast<int>(c.victims.size()) + c.kings, -c.kings,
                                   c.by_king ? 1 : 0);
        };
        auto best = score(caps[0]);
        for (const Path& c : caps) best = std::max(best, score(c));
        std::vector<Path> kept;
        std::set<PathKey> seen;
        for (const Path& c : caps)
            if (score(c) == best && seen.insert(path_key(c)).second) kept.push_back(c);
        return kept;
    }
    std::vector<Path> steps;
    const bool limited = men_of(p, p.side) > 0;  // §2.3
    for (int s = 1; s <= N; ++s) {
        if (!owned(p.board[s], p.side)) continue;
        const bool king = is_king(p.board[s]);
        if (king && limited && p.count_sq[p.side] == s && p.count[p.side] >= LIMIT) continue;
        const Sq c = coords(s);
        for (int d = 0; d < 4; ++d) {
            if (!king && DR[d] != (p.side == 0 ? 1 : -1)) continue;  // §2.1 forward
            for (int f = c.file + DF[d], r = c.rank + DR[d]; number(f, r) && p.board[number(f, r)] == empty;
                 f += DF[d], r += DR[d]) {
                Path m;
                m.from = s;
                m.to = number(f, r);
                m.by_king = king;
                m.promotes = !king && r == (p.side == 0 ? 9 : 0);
                steps.push_back(m);
                if (!king) break;  // §2.2: only kings fly
            }
        }
    }
    return steps;
}

Pos apply(const Pos& p, const Path& m) {
    Pos q = p;
    const int me = p.side, them = 1 - p.side;
    const int piece = p.board[m.from];
    q.board[m.from] = empty;
    for (int v : m.victims) q.board[v] = empty;
    q.board[m.to] = m.promotes ? (me == 0 ? wking : bking) : piece;
    q.side = them;
    // §2.3-2.4: the mover's count.
    if (is_king(piece) && m.victims.empty() && men_of(q, me) > 0) {
        q.count[me] = p.count_sq[me] == m.from && p.count[me] > 0 ? p.count[me] + 1 : 1;
        q.count_sq[me] = m.to;
    } else {
        q.count[me] = 0;
        q.count_sq[me] = 0;
    }
    // The opponent's count goes with its counted king, and lapses with its last man.
    const bool king_taken = std::find(m.victims.begin(), m.victims.end(), p.count_sq[them]) != m.victims.end();
    if (king_taken || men_of(q, them) == 0) {
        q.count[them] = 0;
        q.count_sq[them] = 0;
    }
    return q;
}




bool parse(const std::string& fen, Pos& p) {
    std::string counts;
    const bool ok = model::parse_position(
        fen, N, p.side,
        [&](int n, bool white, bool king) {
            p.board[n] = white ? (king ? wking : wman) : (king ? bking : bman);
        },
        [&](char letter, const std::string& value) {
            counts = value;
            return letter == 'L';
        });
    if (!ok) return false;
    std::stringstream items(counts);
    std::string it;
    while (std::getline(items, it, ',')) {  // <square>=<n>
        const std::size_t eq = it.find('=');
        if (eq == std::string::npos) return false;
        const int s = std::stoi(it.substr(0, eq)), n = std::stoi(it.substr(eq + 1));
        if (s < 1 || s > N || !is_king(p.board[s]) || n < 1 || n > LIMIT) return false;
        const int side = is_white(p.board[s]) ? 0 : 1;
        if (men_of(p, side) == 0) continue;  // §2.4: no count without men
        p.count_sq[side] = s;
        p.count[side] = n;
    }
    return true;
}

std::vector<Path> unique_moves(const std::vector<Path>& paths) { return model::unique_moves(paths, key); }

std::uint64_t perft(const Pos& p, int depth, bool paths_mode) {
    return model::perft(p, depth, paths_mode, legal_paths, key, apply);
}

}  // namespace

int main(int argc, char** argv) {
    return model::batch_main<Pos>(argc, argv, "frisian_model", parse, legal_paths, unique_moves, key,
                                  perft);
}
