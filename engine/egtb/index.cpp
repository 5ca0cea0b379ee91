// Endgame databases: the material of a position, the variant's domain (kinds, men's squares,
// rules hash) and the combinatorial ranking of a slice's positions.
#include <algorithm>
#include <cstdio>
#include <array>
#include <string>

#include "tradgames/engine/egtb.hpp"

namespace tradgames::engine::egtb {

namespace {

/// C(n, k) for n <= max_vertices, k <= 8; 0 when k > n.
struct Binomials {
    std::array<std::array<std::uint64_t, 9>, max_vertices + 1> c{};
    constexpr Binomials() {
        for (int n = 0; n <= max_vertices; ++n) {
            c[static_cast<std::size_t>(n)][0] = 1;
            for (int k = 1; k <= 8; ++k) {
                c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] =
                    n == 0 ? 0
                           : c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k - 1)] +
                                 c[static_cast<std::size_t>(n - 1)][static_cast<std::size_t>(k)];
            }
        }
    }
};
constexpr Binomials binomials{};

std::uint64_t choose(int n, int k) noexcept {
    if (k < 0 || n < 0 || k > 8) return 0;
    return binomials.c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

/// Vertices below v as a set.
Mask below(Vertex v) noexcept { return bit(v) - Mask{1}; }

/// Colexicographic rank of the set `pieces` among the vertices of `among` (pieces ⊆ among).
std::uint64_t rank_in(Mask pieces, Mask among) noexcept {
    std::uint64_t r = 0;
    int i = 1;
    for_each_vertex(pieces, [&](Vertex v) { r += choose(count(among & below(v)), i++); });
    return r;
}

/// The set of k vertices of `among` with colex rank r.
Mask unrank_in(std::uint64_t r, int k, Mask among) noexcept {
    Mask out = 0;
    int x = count(among);
    for (int j = k; j >= 1; --j) {
        do {
            --x;
        } while (choose(x, j) > r);
        r -= choose(x, j);
        // the x-th vertex (0-based) of among
        Mask m = among;
        for (int s = 0; s < x; ++s) m &= m - Mask{1};
        out |= bit(lowest(m));
    }
    return out;
}

void fnv(std::uint64_t& h, const void* p, std::size_t n) noexcept {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
}
void fnv(std::uint64_t& h, std::string_view s) noexcept {
    fnv(h, s.data(), s.size());
    fnv(h, "\0", 1);
}

}  // namespace

std::string Material::name() const {
    char buf[64];
    const int n = std::snprintf(buf, sizeof buf, "w%dm%dk-b%dm%dk", white_men, white_kings, black_men, black_kings);
    return std::string(buf, static_cast<std::size_t>(n));
}

Material Material::of_position(const Position& pos) noexcept {
    return {count(pos.pieces(Color::white, 0)), count(pos.pieces(Color::white, 1)),
            count(pos.pieces(Color::black, 0)), count(pos.pieces(Color::black, 1))};
}

Domain::Domain(std::shared_ptr<const Variant> v) : v_(std::move(v)) {
    const Variant& var = *v_;
    if (var.kinds().size() != 2) {
        throw EgtbError("endgame databases: variant '" + var.name() + "' has " +
                        std::to_string(var.kinds().size()) +
                        " piece kinds; the databases cover games of men and kings only");
    }
    n_ = var.topology().size();
    // Where a man may stand: where the variant's own position reader accepts a lone man.
    for (Color c : {Color::white, Color::black}) {
        for (int v = 0; v < n_; ++v) {
            Position p;
            p.put(static_cast<Vertex>(v), Piece(c, 0));
            try {
                (void)var.parse_position(var.position_to_string(p));
                men_[index(c)] |= bit(static_cast<Vertex>(v));
            } catch (const Error&) {
                // forbidden square (the man's own promotion row)
            }
        }
    }
    std::uint64_t h = 0xcbf29ce484222325ULL;
    fnv(h, "tradgames-egtb-rules-1");
    fnv(h, var.name());
    for (const auto& s : var.options().specs()) {
        fnv(h, s.name);
        fnv(h, var.options().value(s.name));
    }
    for (const auto& k : var.kinds()) {
        fnv(h, k.name);
        fnv(h, &k.letter, 1);
    }
    const Topology& t = var.topology();
    for (int v = 0; v < n_; ++v) {
        fnv(h, t.name(static_cast<Vertex>(v)));
        for (int dir = 0; dir < 8; ++dir) {
            const Vertex u = t.neighbour(static_cast<Vertex>(v), static_cast<Direction>(dir));
            fnv(h, &u, 1);
        }
    }
    // The legal moves of sample positions (a fixed pseudo-random sequence): rules the name,
    // options and board do not show (capture order, king range) change the hash too.
    std::uint64_t seed = 0x9e3779b97f4a7c15ULL;
    auto next = [&seed]() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    MoveList list;
    for (int sample = 0; sample < 256; ++sample) {
        Position p;
        const int pieces = 2 + static_cast<int>(next() % 4);
        for (int i = 0; i < pieces; ++i) {
            const Color c = i % 2 == 0 ? Color::white : Color::black;
            const Kind k = static_cast<Kind>(next() % 2);
            const auto v = static_cast<Vertex>(next() % static_cast<std::uint64_t>(n_));
            if (has(p.occupied(), v) || (k == 0 && !has(men_[index(c)], v))) continue;
            p.put(v, Piece(c, k));
        }
        if (next() % 2 != 0) p.set_side_to_move(Color::black);
        list.clear();
        var.generate(p, list);
        std::vector<std::string> moves;
        for (const auto& m : list) moves.push_back(var.move_to_string(p, m));
        std::sort(moves.begin(), moves.end());
        fnv(h, var.position_to_string(p));
        for (const auto& m : moves) fnv(h, m);
    }
    hash_ = h;
    learn_counts();
}

void Domain::learn_counts() {
    // The king-move count as the variant's own position reader sets it: a man and a king of one
    // side (and a king of the other), the field L<king>=<n> for n = 1, 2, ...; the limit is the
    // largest n read back as a state that marks exactly that king. A reader that refuses or
    // ignores the field (every game but Frisian) leaves the limit 0.
    std::array<std::array<std::uint32_t, 16>, 2> flags{};
    int limit = 0;
    for (Color c : {Color::white, Color::black}) {
        if (men_[index(c)] == 0 || n_ < 3) return;
        const Vertex man = lowest(men_[index(c)]);
        Vertex king = no_vertex;
        Vertex other = no_vertex;
        for (int v = 0; v < n_; ++v) {
            if (static_cast<Vertex>(v) == man) continue;
            if (king == no_vertex) {
                king = static_cast<Vertex>(v);
            } else if (other == no_vertex) {
                other = static_cast<Vertex>(v);
            }
        }
        Position p;
        p.put(man, Piece(c, 0));
        p.put(king, Piece(c, 1));
        p.put(other, Piece(~c, 1));
        const std::string text = v_->position_to_string(p) + ":L" + std::string(v_->topology().name(king)) + "=";
        int side_limit = 0;
        for (int n = 1; n < 16; ++n) {
            PositionState s;
            try {
                s = v_->parse_position(text + std::to_string(n)).state();
            } catch (const Error&) {
                break;
            }
            if (s.marked != bit(king) || s.flags == 0 || s.ep_square != no_vertex || s.ep_victim != no_vertex) break;
            flags[index(c)][static_cast<std::size_t>(n)] = s.flags;
            side_limit = n;
        }
        if (c == Color::black && side_limit != limit) return;  // the sides disagree: no counts
        limit = side_limit;
    }
    // The flags of distinct counts and sides must differ (else a state could not be read back).
    for (int a = 0; a < 2 * limit; ++a) {
        for (int b = a + 1; b < 2 * limit; ++b) {
            const auto fa = flags[static_cast<std::size_t>(a / limit)][static_cast<std::size_t>(a % limit + 1)];
            const auto fb = flags[static_cast<std::size_t>(b / limit)][static_cast<std::size_t>(b % limit + 1)];
            if (fa == fb) return;
        }
    }
    limit_ = limit;
    flags_ = flags;
}

Indexer::Indexer(const Domain& d, Material m) : m_(m), all_(d.variant().topology().all()), limit_(d.count_limit()) {
    men_[0] = d.men_squares(Color::white);
    men_[1] = d.men_squares(Color::black);
    const int free = d.squares() - m.white_men - m.black_men;
    radix_ = {choose(count(men_[0]), m.white_men), choose(count(men_[1]), m.black_men),
              choose(free, m.white_kings), choose(free - m.white_kings, m.black_kings)};
    if (m.white_men > 8 || m.white_kings > 8 || m.black_men > 8 || m.black_kings > 8 || free < 0) {
        throw EgtbError("endgame databases: slice " + m.name() + " is too large to index");
    }
    size_ = 1;
    for (auto r : radix_) {
        if (r != 0 && size_ > (std::uint64_t{1} << 40) / r) {
            throw EgtbError("endgame databases: slice " + m.name() + " is too large to index");
        }
        size_ *= r;
    }
    placements_ = size_;
    if (limit_ > 0) {
        const std::array<int, 2> men{m.white_men, m.black_men};
        const std::array<int, 2> kings{m.white_kings, m.black_kings};
        for (Color c : {Color::white, Color::black}) {
            const std::size_t i = tradgames::index(c);
            for (int n = 1; n <= limit_; ++n) {
                flags_[i][static_cast<std::size_t>(n)] = d.count_flags(c, n);
                side_flags_[i] |= d.count_flags(c, n);
            }
            if (men[i] > 0 && kings[i] > 0) side_states_[i] = static_cast<std::uint32_t>(1 + limit_ * kings[i]);
        }
        const std::uint64_t s = states();
        if (size_ > (std::uint64_t{1} << 40) / s) {
            throw EgtbError("endgame databases: slice " + m.name() + " is too large to index");
        }
        size_ *= s;
    }
}

int Indexer::side_state(const Position& pos, Color c) const noexcept {
    const PositionState& s = pos.state();
    const std::size_t i = tradgames::index(c);
    const Mask tracked = s.marked & pos.pieces(c);
    const std::uint32_t f = s.flags & side_flags_[i];
    if (tracked == 0 && f == 0) return 0;
    if (side_states_[i] == 1 || count(tracked) != 1 || (tracked & pos.pieces(c, 1)) == 0) return -1;
    for (int n = 1; n <= limit_; ++n) {
        if (flags_[i][static_cast<std::size_t>(n)] == f) {
            const int rank = count(pos.pieces(c, 1) & below(lowest(tracked)));
            return 1 + rank * limit_ + n - 1;
        }
    }
    return -1;
}

bool Indexer::covers(const Position& pos) const noexcept {
    const PositionState& s = pos.state();
    if (s == PositionState{}) return true;
    if (s.ep_square != no_vertex || s.ep_victim != no_vertex || (s.marked & ~pos.occupied()) != 0 ||
        (s.flags & ~(side_flags_[0] | side_flags_[1])) != 0) {
        return false;
    }
    return side_state(pos, Color::white) >= 0 && side_state(pos, Color::black) >= 0;
}

void Indexer::set_state(Position& pos, std::uint32_t w, std::uint32_t b) const noexcept {
    PositionState s;
    const std::array<std::uint32_t, 2> st{w, b};
    for (Color c : {Color::white, Color::black}) {
        const std::uint32_t x = st[tradgames::index(c)];
        if (x == 0) continue;
        const auto rank = static_cast<int>((x - 1) / static_cast<std::uint32_t>(limit_));
        const auto n = static_cast<std::size_t>((x - 1) % static_cast<std::uint32_t>(limit_) + 1);
        Mask kings = pos.pieces(c, 1);
        for (int r = 0; r < rank; ++r) kings &= kings - Mask{1};
        s.marked |= bit(lowest(kings));
        s.flags |= flags_[tradgames::index(c)][n];
    }
    pos.set_state(s);
}

std::uint64_t Indexer::index(const Position& pos) const noexcept {
    if (states() == 1) return placement(pos);
    return (placement(pos) * side_states_[0] + static_cast<std::uint64_t>(side_state(pos, Color::white))) *
               side_states_[1] +
           static_cast<std::uint64_t>(side_state(pos, Color::black));
}

std::uint64_t Indexer::placement(const Position& pos) const noexcept {
    const Mask wm = pos.pieces(Color::white, 0);
    const Mask bm = pos.pieces(Color::black, 0);
    const Mask wk = pos.pieces(Color::white, 1);
    const Mask bk = pos.pieces(Color::black, 1);
    const Mask free = all_ & ~(wm | bm);
    std::uint64_t i = rank_in(wm, men_[0]);
    i = i * radix_[1] + rank_in(bm, men_[1]);
    i = i * radix_[2] + rank_in(wk, free);
    i = i * radix_[3] + rank_in(bk, free & ~wk);
    return i;
}

bool Indexer::unindex(std::uint64_t i, Color c, Position& out) const noexcept {
    const std::uint32_t st = states();
    const auto state = static_cast<std::uint32_t>(i % st);
    i /= st;
    const std::uint64_t r3 = i % radix_[3];
    i /= radix_[3];
    const std::uint64_t r2 = i % radix_[2];
    i /= radix_[2];
    const std::uint64_t r1 = i % radix_[1];
    const std::uint64_t r0 = i / radix_[1];
    const Mask wm = unrank_in(r0, m_.white_men, men_[0]);
    const Mask bm = unrank_in(r1, m_.black_men, men_[1]);
    if ((wm & bm) != 0) return false;
    const Mask free = all_ & ~(wm | bm);
    const Mask wk = unrank_in(r2, m_.white_kings, free);
    const Mask bk = unrank_in(r3, m_.black_kings, free & ~wk);
    for_each_vertex(wm, [&](Vertex v) { out.put(v, Piece(Color::white, 0)); });
    for_each_vertex(bm, [&](Vertex v) { out.put(v, Piece(Color::black, 0)); });
    for_each_vertex(wk, [&](Vertex v) { out.put(v, Piece(Color::white, 1)); });
    for_each_vertex(bk, [&](Vertex v) { out.put(v, Piece(Color::black, 1)); });
    out.set_side_to_move(c);
    if (st > 1) set_state(out, state / side_states_[1], state % side_states_[1]);
    return true;
}

std::vector<Material> slices_up_to(const Domain& d, int pieces) {
    std::vector<Material> out;
    const int wmax = count(d.men_squares(Color::white));
    const int bmax = count(d.men_squares(Color::black));
    for (int total = 2; total <= pieces; ++total) {
        for (int men = 0; men <= total; ++men) {
            for (int wm = 0; wm <= men; ++wm) {
                const int bm = men - wm;
                for (int wk = 0; wk <= total - men; ++wk) {
                    const int bk = total - men - wk;
                    const Material m{wm, wk, bm, bk};
                    if (m.of(Color::white) == 0 || m.of(Color::black) == 0) continue;
                    if (wm > wmax || bm > bmax) continue;
                    out.push_back(m);
                }
            }
        }
    }
    return out;
}

OracleAnswer answer_of(std::uint16_t code) noexcept {
    if (code == code_draw) return {Wdl::draw, 0};
    const int d = code - 1;
    return {d % 2 == 1 ? Wdl::win : Wdl::loss, d};
}

const char* wdl_name(Wdl w) noexcept {
    return w == Wdl::win ? "win" : w == Wdl::loss ? "loss" : "draw";
}

}  // namespace tradgames::engine::egtb
