// Independent model of Turkish draughts (Dama) move generation, written from
// variants/turkish/RULES.md alone (no code of the library was read).
//
// Build (stand-alone; the .cc suffix keeps it out of the test glob, which compiles every
// tests/**/*.cpp into tradgames_tests, and this file has its own main):
//   g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -o turkish_model tests/models/turkish/turkish_model.cc
//
// Usage:
//   turkish_model perft DEPTH [FEN] [--promotion=end|king|stop] [--allow-reverse]
//       prints, per depth 1..DEPTH: U (one move per (origin, destination, captured set,
//       promotion)), P (every capture path; a king's landing squares passed straight through
//       on one line do not make different paths), R (every landing sequence distinct).
//   turkish_model moves FEN [--paths] [--promotion=...] [--allow-reverse]
//       prints the legal moves (U, one notation per move), or every path with --paths.
//   turkish_model divide DEPTH [FEN] [...]  per-move U, P and R counts at DEPTH (bug hunting)
//   turkish_model keys FEN  one line per U move: from, to, captured set, promotion (0/1)
//   turkish_model merges [SEED]  random one-king positions where P paths merge into fewer U
//       moves (how RULES.md §16 T13 was found)
//
// Board: square index = file + 8 * rank, a1 = 0, h8 = 63. White moves towards rank 8.
// Notation (RULES.md §13): quiet `a3-a4`; capture: origin, then every landing square, except a
// king's landing square from which the next jump goes on in the same direction.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using u64 = std::uint64_t;

enum class PromotionMode { end, king, stop };
PromotionMode g_promotion = PromotionMode::end;  // RULES.md §11 default
bool g_forbid_reverse = true;                     // RULES.md §8

struct Pos {
  u64 own[2] = {0, 0};  // [0] white, [1] black
  u64 kings = 0;
  int side = 0;  // 0 white to move, 1 black
};

inline u64 bit(int sq) { return u64{1} << sq; }
inline int file_of(int sq) { return sq & 7; }
inline int rank_of(int sq) { return sq >> 3; }

// Directions: 0 north (+rank), 1 east (+file), 2 south, 3 west. Opposite = (d + 2) & 3.
const int DF[4] = {0, 1, 0, -1};
const int DR[4] = {1, 0, -1, 0};

// Step from sq in direction d; -1 off the board.
inline int step(int sq, int d) {
  int f = file_of(sq) + DF[d], r = rank_of(sq) + DR[d];
  if (f < 0 || f > 7 || r < 0 || r > 7) return -1;
  return f + 8 * r;
}

inline int forward_dir(int side) { return side == 0 ? 0 : 2; }
inline int last_rank(int side) { return side == 0 ? 7 : 0; }

struct Move {
  int from = 0, to = 0;
  u64 captured = 0;  // set of captured squares
  bool promotes = false;
  int ncap = 0;
  u64 mult_p = 1;    // number of P paths giving this move
  u64 mult_r = 1;    // number of raw landing sequences giving this move
  std::string text;  // notation of one representative path (filled when wanted)
};

struct Gen {
  const Pos* pos = nullptr;
  bool want_text = false;
  int best = 0;
  std::vector<Move> moves;  // candidate paths (later merged)
  // current path
  int from = 0;
  std::vector<int> landings;  // notation squares
};

std::string sqname(int sq) {
  std::string s;
  s += char('a' + file_of(sq));
  s += char('1' + rank_of(sq));
  return s;
}

void record(Gen& g, int sq, u64 cap, int ncap, bool promoted, u64 mult_r) {
  if (ncap < g.best) return;
  if (ncap > g.best) {
    g.best = ncap;
    g.moves.clear();
  }
  Move m;
  m.from = g.from;
  m.to = sq;
  m.captured = cap;
  m.ncap = ncap;
  m.promotes = promoted;
  m.mult_p = 1;
  m.mult_r = mult_r;
  if (g.want_text) {
    m.text = sqname(g.from);
    for (int l : g.landings) m.text += "x" + sqname(l);
  }
  g.moves.push_back(std::move(m));
}

inline int reverse_dir(int d) { return (d + 2) & 3; }

// Does a king on sq have a capture in direction d? (enemy/occ as in the search)
bool king_can_jump(int sq, int d, u64 enemy, u64 occ) {
  int v = step(sq, d);
  while (v >= 0 && !(occ & bit(v))) v = step(v, d);
  if (v < 0 || !(enemy & bit(v))) return false;
  int l = step(v, d);
  return l >= 0 && !(occ & bit(l));
}

// Directions a king may jump next after a jump in direction d (RULES.md §8: never the reverse).
bool king_next_allowed(int d, int d2) { return !(g_forbid_reverse && d2 == reverse_dir(d)); }

// A king's jump from sq in direction d (precondition: king_can_jump). enemy: enemy pieces still
// on the board (captured pieces leave at once, RULES.md §7); occ: every piece on the board
// except the moving piece (its origin square is empty during the move).
// P collapse: when the next jump goes on in the same direction d, every landing square of the
// range allows it and the board after it is the same, so it is one P path (explored once from
// the nearest landing), R counts every landing square of the range.
void king_jump(Gen& g, int sq, int d, bool promoted, u64 enemy, u64 occ, u64 cap, int ncap,
               u64 mult_r) {
  int v = step(sq, d);
  while (!(occ & bit(v))) v = step(v, d);
  const u64 e2 = enemy & ~bit(v), o2 = occ & ~bit(v), cap2 = cap | bit(v);
  int range[8];
  int n = 0;
  for (int x = step(v, d); x >= 0 && !(o2 & bit(x)); x = step(x, d)) range[n++] = x;
  const bool straight = king_can_jump(range[n - 1], d, e2, o2);
  for (int i = 0; i < n; ++i) {
    const int land = range[i];
    if (g.want_text) g.landings.push_back(land);
    bool any = false;
    for (int d2 = 0; d2 < 4; ++d2) {
      if (d2 == d || !king_next_allowed(d, d2)) continue;
      if (!king_can_jump(land, d2, e2, o2)) continue;
      any = true;
      king_jump(g, land, d2, promoted, e2, o2, cap2, ncap + 1, mult_r);
    }
    if (!any && !straight) record(g, land, cap2, ncap + 1, promoted, mult_r);
    if (g.want_text) g.landings.pop_back();
  }
  if (straight)
    king_jump(g, range[0], d, promoted, e2, o2, cap2, ncap + 1,
              mult_r * static_cast<u64>(n));
}

// A man's capture search from sq (it arrived by last_dir, -1 at the start).
void man_search(Gen& g, int sq, int last_dir, bool promoted, u64 enemy, u64 occ, u64 cap,
                int ncap) {
  const int side = g.pos->side;
  const int back = reverse_dir(forward_dir(side));
  bool any = false;
  for (int d = 0; d < 4; ++d) {
    if (d == back) continue;  // RULES.md §6: men never capture backward
    if (last_dir >= 0 && g_forbid_reverse && d == reverse_dir(last_dir)) continue;
    const int v = step(sq, d);
    if (v < 0 || !(enemy & bit(v))) continue;
    const int l = step(v, d);
    if (l < 0 || (occ & bit(l))) continue;
    any = true;
    const u64 e2 = enemy & ~bit(v), o2 = occ & ~bit(v), cap2 = cap | bit(v);
    if (g.want_text) g.landings.push_back(l);
    if (rank_of(l) == last_rank(side) && g_promotion != PromotionMode::end) {
      if (g_promotion == PromotionMode::stop) {
        record(g, l, cap2, ncap + 1, true, 1);
      } else {  // king: crowned at once, goes on capturing as a king
        bool kany = false;
        for (int d2 = 0; d2 < 4; ++d2) {
          if (!king_next_allowed(d, d2) || !king_can_jump(l, d2, e2, o2)) continue;
          kany = true;
          king_jump(g, l, d2, true, e2, o2, cap2, ncap + 1, 1);
        }
        if (!kany) record(g, l, cap2, ncap + 1, true, 1);
      }
    } else {
      man_search(g, l, d, promoted || rank_of(l) == last_rank(side), e2, o2, cap2, ncap + 1);
    }
    if (g.want_text) g.landings.pop_back();
  }
  if (!any && ncap > 0) record(g, sq, cap, ncap, promoted, 1);
}

// All legal moves of pos, merged to U (origin, destination, captured set, promotion), with the
// P and R multiplicities. Text: the smallest notation among the merged paths. If paths_out is
// given, every P path is also returned (unmerged).
std::vector<Move> generate(const Pos& pos, bool want_text, std::vector<Move>* paths_out = nullptr) {
  Gen g;
  g.pos = &pos;
  g.want_text = want_text;
  const int side = pos.side;
  const u64 mine = pos.own[side], enemy = pos.own[side ^ 1], occ = mine | enemy;
  for (int sq = 0; sq < 64; ++sq) {
    if (!(mine & bit(sq))) continue;
    g.from = sq;
    const u64 occ_wo = occ & ~bit(sq);
    if (pos.kings & bit(sq)) {
      for (int d = 0; d < 4; ++d)
        if (king_can_jump(sq, d, enemy, occ_wo)) king_jump(g, sq, d, false, enemy, occ_wo, 0, 0, 1);
    } else {
      man_search(g, sq, -1, false, enemy, occ_wo, 0, 0);
    }
  }
  std::vector<Move> out;
  if (g.best > 0) {
    if (paths_out) *paths_out = g.moves;
    for (auto& m : g.moves) {
      auto it = std::find_if(out.begin(), out.end(), [&](const Move& o) {
        return o.from == m.from && o.to == m.to && o.captured == m.captured &&
               o.promotes == m.promotes;
      });
      if (it == out.end()) {
        out.push_back(m);
      } else {
        it->mult_p += m.mult_p;
        it->mult_r += m.mult_r;
        if (want_text && m.text < it->text) it->text = m.text;
      }
    }
    return out;
  }
  // quiet moves (RULES.md §4, §5)
  for (int sq = 0; sq < 64; ++sq) {
    if (!(mine & bit(sq))) continue;
    const bool king = pos.kings & bit(sq);
    for (int d = 0; d < 4; ++d) {
      if (!king && d == reverse_dir(forward_dir(side))) continue;
      for (int t = step(sq, d); t >= 0 && !(occ & bit(t)); t = step(t, d)) {
        Move m;
        m.from = sq;
        m.to = t;
        m.promotes = !king && rank_of(t) == last_rank(side);
        if (want_text) m.text = sqname(sq) + "-" + sqname(t);
        out.push_back(m);
        if (!king) break;
      }
    }
  }
  if (paths_out) *paths_out = out;
  return out;
}

Pos apply(const Pos& p, const Move& m) {
  Pos q = p;
  const int s = p.side;
  const bool king = (p.kings & bit(m.from)) || m.promotes;
  q.own[s] = (q.own[s] & ~bit(m.from)) | bit(m.to);
  q.own[s ^ 1] &= ~m.captured;
  q.kings &= ~(bit(m.from) | m.captured);
  if (king) q.kings |= bit(m.to);
  q.side ^= 1;
  return q;
}

struct Counts {
  u64 u = 0, p = 0, r = 0;
};

Counts perft(const Pos& pos, int depth) {
  std::vector<Move> ms = generate(pos, false);
  Counts c;
  if (depth == 1) {
    c.u = ms.size();
    for (auto& m : ms) c.p += m.mult_p, c.r += m.mult_r;
    return c;
  }
  for (auto& m : ms) {
    Counts k = perft(apply(pos, m), depth - 1);
    c.u += k.u;
    c.p += m.mult_p * k.p;
    c.r += m.mult_r * k.r;
  }
  return c;
}

[[noreturn]] void fail(const std::string& msg) {
  std::fprintf(stderr, "turkish_model: %s\n", msg.c_str());
  std::exit(2);
}

int parse_square(const std::string& t) {
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8')
    fail("bad square '" + t + "'");
  return (t[0] - 'a') + 8 * (t[1] - '1');
}

// PDN FEN style: W:Wa2,a3,Kd4:Bh7  (side to move, then the two colour fields)
Pos parse_fen(const std::string& fen) {
  Pos p;
  std::vector<std::string> fields;
  size_t a = 0;
  for (size_t i = 0; i <= fen.size(); ++i)
    if (i == fen.size() || fen[i] == ':') fields.push_back(fen.substr(a, i - a)), a = i + 1;
  if (fields.empty() || (fields[0] != "W" && fields[0] != "B")) fail("FEN must start with W or B");
  p.side = fields[0] == "W" ? 0 : 1;
  for (size_t f = 1; f < fields.size(); ++f) {
    const std::string& fl = fields[f];
    if (fl.empty()) continue;
    if (fl[0] != 'W' && fl[0] != 'B') fail("colour field must start with W or B: '" + fl + "'");
    const int c = fl[0] == 'W' ? 0 : 1;
    std::string rest = fl.substr(1);
    size_t b = 0;
    for (size_t i = 0; i <= rest.size(); ++i) {
      if (i < rest.size() && rest[i] != ',') continue;
      std::string t = rest.substr(b, i - b);
      b = i + 1;
      if (t.empty()) continue;
      bool k = false;
      if (t[0] == 'K') k = true, t = t.substr(1);
      const int sq = parse_square(t);
      if ((p.own[0] | p.own[1]) & bit(sq)) fail("square used twice: " + t);
      p.own[c] |= bit(sq);
      if (k) p.kings |= bit(sq);
    }
  }
  return p;
}

const char* START = "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
                    ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args;
  bool paths = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--promotion=end") g_promotion = PromotionMode::end;
    else if (a == "--promotion=king") g_promotion = PromotionMode::king;
    else if (a == "--promotion=stop") g_promotion = PromotionMode::stop;
    else if (a == "--allow-reverse") g_forbid_reverse = false;
    else if (a == "--paths") paths = true;
    else if (a.rfind("--", 0) == 0) fail("unknown option " + a);
    else args.push_back(a);
  }
  if (args.empty()) fail("usage: perft DEPTH [FEN] | moves FEN [--paths] | divide DEPTH [FEN]");
  if (args[0] == "perft" || args[0] == "divide") {
    if (args.size() < 2) fail("perft needs a depth");
    const int depth = std::atoi(args[1].c_str());
    const Pos pos = parse_fen(args.size() > 2 ? args[2] : START);
    if (args[0] == "divide") {
      std::vector<Move> ms = generate(pos, true);
      std::sort(ms.begin(), ms.end(), [](const Move& x, const Move& y) { return x.text < y.text; });
      Counts tot;
      for (auto& m : ms) {
        Counts k = depth > 1 ? perft(apply(pos, m), depth - 1) : Counts{1, 1, 1};
        k.p *= m.mult_p;
        k.r *= m.mult_r;
        std::printf("%s %llu %llu %llu\n", m.text.c_str(), (unsigned long long)k.u,
                    (unsigned long long)k.p, (unsigned long long)k.r);
        tot.u += k.u, tot.p += k.p, tot.r += k.r;
      }
      std::printf("total %llu %llu %llu\n", (unsigned long long)tot.u, (unsigned long long)tot.p,
                  (unsigned long long)tot.r);
      return 0;
    }
    std::printf("depth U P R\n");
    for (int d = 1; d <= depth; ++d) {
      Counts c = perft(pos, d);
      std::printf("%d %llu %llu %llu\n", d, (unsigned long long)c.u, (unsigned long long)c.p,
                  (unsigned long long)c.r);
      std::fflush(stdout);
    }
    return 0;
  }
  if (args[0] == "merges") {
    // random positions (one white king, 3-7 black men off rank 8... any rank), printing those
    // where two different P paths make one U move: examples for RULES.md
    unsigned long long seed = args.size() > 1 ? std::strtoull(args[1].c_str(), nullptr, 10) : 1;
    int found = 0;
    for (int trial = 0; trial < 2000000 && found < 5; ++trial) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      Pos p;
      int k = int((seed >> 33) % 64);
      p.own[0] = bit(k);
      p.kings = bit(k);
      int nb = 3 + int((seed >> 20) % 5);
      for (int i = 0; i < nb; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        int sq = int((seed >> 33) % 64);
        if ((p.own[0] | p.own[1]) & bit(sq)) continue;
        p.own[1] |= bit(sq);
      }
      std::vector<Move> ms = generate(p, false);
      u64 pp = 0;
      for (auto& m : ms) pp += m.mult_p;
      if (pp > ms.size() && ms.size() <= 3) {
        std::string f = "W:WK" + sqname(k) + ":B";
        bool first = true;
        for (int sq = 0; sq < 64; ++sq)
          if (p.own[1] & bit(sq)) f += (first ? "" : ",") + sqname(sq), first = false;
        std::printf("%s U=%zu P=%llu\n", f.c_str(), ms.size(), (unsigned long long)pp);
        ++found;
      }
    }
    return 0;
  }
  if (args[0] == "keys") {
    // one line per U move: from to captured-squares(sorted, comma-separated or -) promotion(0/1)
    const Pos pos = parse_fen(args.size() > 1 ? args[1] : START);
    std::vector<std::string> lines;
    for (auto& m : generate(pos, false)) {
      std::string c;
      for (int sq = 0; sq < 64; ++sq)
        if (m.captured & bit(sq)) c += (c.empty() ? "" : ",") + sqname(sq);
      lines.push_back(sqname(m.from) + " " + sqname(m.to) + " " + (c.empty() ? "-" : c) + " " +
                      (m.promotes ? "1" : "0"));
    }
    std::sort(lines.begin(), lines.end());
    for (auto& l : lines) std::printf("%s\n", l.c_str());
    return 0;
  }
  if (args[0] == "moves") {
    const Pos pos = parse_fen(args.size() > 1 ? args[1] : START);
    std::vector<Move> all;
    std::vector<Move> ms = generate(pos, true, &all);
    std::vector<Move>& show = paths ? all : ms;
    std::vector<std::string> lines;
    for (auto& m : show) lines.push_back(m.text);
    std::sort(lines.begin(), lines.end());
    for (auto& l : lines) std::printf("%s\n", l.c_str());
    return 0;
  }
  fail("unknown command " + args[0]);
}
