// The generic draughts variant's moves: the variant built from a DraughtsDescriptor, quiet
// moves, captures through the shared capture generator, capture precedence and the king-move
// limit.
#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <string>
#include <utility>

#include "board.hpp"
#include "tradgames/draughts.hpp"

namespace tradgames {

// perft's policies (tradgames/perft.hpp) are found by name: a misspelt one would silently fall
// back to the plain make or the generated count, so their presence is checked here.
static_assert(PerftSiblingMoves<DraughtsVariant>, "DraughtsVariant::SiblingMoves is perft's sibling make");
static_assert(PerftMakesLegalMoves<DraughtsVariant>, "DraughtsVariant::for_each_legal is perft's generating sibling loop");
static_assert(PerftCountsMoves<DraughtsVariant>, "DraughtsVariant::count_legal is perft's bulk count");

namespace {

// Ground a man of side c gains by going from u to v: the board's y grows towards Black.
double gain(const Topology& t, Color c, Vertex u, Vertex v) {
    return c == Color::white ? t.y(v) - t.y(u) : t.y(u) - t.y(v);
}

}  // namespace

DraughtsVariant::DraughtsVariant(DraughtsDescriptor d, RuleOptions options)
    : VariantBase<DraughtsVariant>(d.name, d.description, draughts_detail::shared_topology(d),
                                   std::move(options), draughts_detail::kind_infos(d)),
      d_(std::move(d)) {
    const Topology& t = topology();
    auto capture_rule = [](const DraughtsPiece& p, Kind promotes_to) {
        PieceCaptureRule r;
        r.directions = p.captures;
        r.leap = p.leap;
        r.landing = p.landing;
        r.promotes_to = promotes_to;
        r.victims = p.victims == 3 ? std::uint8_t{0xFF} : p.victims;  // 3: men and kings, no filter
        return r;
    };
    rules_.kinds[man_kind] = capture_rule(d_.man, king_kind);
    rules_.kinds[king_kind] = capture_rule(d_.king, no_kind);
    rules_.promotion_zone = {t.zone_mask(white_promotion), t.zone_mask(black_promotion)};
    rules_.promote_mid_capture = d_.promote_mid_capture;
    rules_.removal = d_.removal;
    rules_.no_180_turn = d_.no_180_turn;
    rules_.every_landing_distinct = d_.every_landing_distinct;
    rules_.compile(t);
    plain_rules_ = rules_.plain();
    {
        const auto& p = d_.precedence;
        const bool most = !p.empty() && p.front() == Precedence::most_pieces;
        // Promotion in the middle of a capture (Russian) is allowed: count_legal and
        // make_single_jumps then leave to the generator every position where a first landing
        // is on the promotion zone (the new king may go on) or a man's sequence is longer.
        count_men_captures_ = TRADGAMES_MAX_VERTICES == 64 && plain_rules_ && rules_.ghost.period > 0 &&
                              rules_.whole_side[man_kind] && p.size() == (most ? 1U : 0U);
        mid_capture_ = rules_.promote_mid_capture;
#if TRADGAMES_MAX_VERTICES == 64
        if (count_men_captures_ && mid_capture_) {
            for (std::size_t c = 0; c < 2; ++c) mid_zone_ghost_[c] = rules_.ghost.to_ghost(rules_.promotion_zone[c]);
        }
#endif
        // count_legal's one-jump test: in a straight ghost layout, a second jump landing on
        // the first jump's origin (delta -2d after 2d) jumps over the first victim again when
        // the victim deltas are shorter than a quarter of the word (d' = -d modulo 32 is then
        // d' = -d).
        for (const auto& side_groups : rules_.ghost_groups) {
            for (const CaptureRules::JumpGroup* j = side_groups[man_kind].data(); j->from != 0; ++j) {
                const int over = j->over_rot;
                if (rules_.ghost_straight && over >= 16 && over <= 48) count_men_captures_ = false;
            }
        }
    }
    hooks_.promotion_zone = rules_.promotion_zone;
    hooks_.reverts = d_.king_reverts;
    // The men's jumps by direction in the ghost numbering, for ManCaptureWriter: each
    // direction must be one rotation for every man that jumps in it.
    make_men_jumps_ = count_men_captures_ && !d_.king_reverts && rules_.ghost_straight;
    if (make_men_jumps_) {
        const auto& g = rules_.ghost;
        for (Vertex v = 0; v < t.size(); ++v) ghost_vertex_[static_cast<std::size_t>(g.bit_of(v))] = v;
        auto rot = [&](Vertex from, Vertex to) {
            return static_cast<std::uint8_t>((g.bit_of(to) - g.bit_of(from) + max_vertices) % max_vertices);
        };
        for (std::size_t c = 0; c < 2; ++c) {
            auto& jumps = men_jumps_[c];
            std::size_t n = 0;
            for_each_direction(rules_.side_directions[c][man_kind], [&](Direction d) {
                CaptureRules::JumpGroup j;
                for (Vertex v = 0; v < t.size(); ++v) {
                    for (int i = 0; i < rules_.short_jump_count[c][man_kind][v]; ++i) {
                        const CaptureRules::ShortJump s = rules_.short_jumps[c][man_kind][v][static_cast<std::size_t>(i)];
                        if (s.dir != index(d)) continue;
                        if (j.from == 0) {
                            j.over_rot = rot(v, s.over);
                            j.to_rot = rot(v, s.to);
                        } else if (j.over_rot != rot(v, s.over) || j.to_rot != rot(v, s.to)) {
                            make_men_jumps_ = false;
                        }
                        j.from |= bit(static_cast<Vertex>(g.bit_of(v)));
                    }
                }
                if (j.from != 0) jumps[n++] = j;
                if ((2 * j.over_rot) % max_vertices != j.to_rot) make_men_jumps_ = false;
            });
        }
    }
    // ManCaptureWriter does not promote in the middle of a sequence.
    write_men_captures_ = make_men_jumps_ && !mid_capture_;
    plain_search_ = plain_rules_ && !write_men_captures_;
    man_steps_ = {StepTable(t, side_view(Color::white, d_.man.steps)),
                  StepTable(t, side_view(Color::black, d_.man.steps))};
    king_dirs_ = {side_view(Color::white, d_.king.steps), side_view(Color::black, d_.king.steps)};
    king_steps_ = {StepTable(t, king_dirs_[0]), StepTable(t, king_dirs_[1])};
    // Does every quiet man move keep or gain ground (irreversible)? Checked step by step on the
    // board, so that no assumption about the board's shape is needed.
    for (Color c : {Color::white, Color::black}) {
        const DirectionSet steps = side_view(c, d_.man.steps);
        bool never_back = true;
        for (Vertex v = 0; v < t.size(); ++v) {
            for (int k = 0; k < direction_count; ++k) {
                const auto dir = static_cast<Direction>(k);
                if ((steps & dirs(dir)) == 0) continue;
                for (Vertex u : t.ray(v, dir)) {
                    never_back = never_back && gain(t, c, v, u) >= 0;
                    if (!d_.man.flying) break;
                }
            }
        }
        men_never_back_[index(c)] = never_back;
    }
    const bool chols = d_.board.shape == DraughtsBoard::Shape::chols;
    for (Color c : {Color::white, Color::black}) {
        position_rules_.forbidden[index(c)][man_kind] = rules_.promotion_zone[index(c)];
    }
    position_rules_.forbidden_reason = chols ? "its own promotion point" : "its own promotion rank";
    position_rules_.max_pieces = count(t.zone_mask(white_home));
    position_rules_.ignored_fields = d_.notation.ignored_fields;
    position_rules_.vertex_word = chols ? "point" : "square";
    if (chols) {
        position_rules_.unknown_vertex = [n = t.size(), v = name()](const std::string& s) {
            return "unknown point " + tradgames::quoted(s) + " (" + v + " has points 1.." + std::to_string(n) + ")";
        };
    } else {
        const DraughtsBoard b = d_.board;
        const int n = t.size();
        const bool numeric = d_.notation.numeric;
        position_rules_.unknown_vertex = [b, n, numeric](const std::string& s) {
            const bool alg = s.size() >= 2 && s[0] >= 'a' && s[0] < 'a' + b.width &&
                             std::all_of(s.begin() + 1, s.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                             s[1] != '0' && s.size() <= 4 && std::stoi(s.substr(1)) <= b.height;  // <= 3 digits: no overflow
            if (alg) return "light square " + tradgames::quoted(s) + " is not a playing square";
            const std::string last = draughts_detail::algebraic(b.width - 1, b.height - 1);
            const std::string names = "a1.." + last;
            const std::string numbers = "1.." + std::to_string(n);
            if (b.all_squares) return "unknown square " + tradgames::quoted(s) + " (" + names + ")";
            return "unknown square " + tradgames::quoted(s) + " (" +
                   (numeric ? numbers + " or " + names : names + " or " + numbers) + ")";
        };
    }
}

bool DraughtsVariant::irreversible(const Position& before, const Move& m, const Position&) const {
    if (m.is_capture()) return true;
    if (d_.king_reverts || m.is_drop() || before.at(m.from).kind() != man_kind) return false;
    if (m.promotion != no_kind) return true;  // the number of men falls for good
    const Color c = before.side_to_move();
    return men_never_back_[index(c)] && gain(topology(), c, m.from, m.to) > 0;
}

Position DraughtsVariant::initial_position() const {
    const Topology& t = topology();
    Position p;
    for_each_vertex(t.zone_mask(white_home), [&](Vertex v) { p.put(v, Piece(Color::white, man_kind)); });
    for_each_vertex(t.zone_mask(black_home), [&](Vertex v) { p.put(v, Piece(Color::black, man_kind)); });
    if (d_.first_side == Color::black) p.flip_side();
    return p;
}

void DraughtsVariant::generate_moves(const Position& pos, MoveList& out, Duplicates dup) const {
    if (generate_captures(pos, out, dup) > 0) return;  // capture is compulsory
    const Topology& t = topology();
    const Color side = pos.side_to_move();
    const Mask zone = rules_.promotion_zone[index(side)];
    // Men, then kings: the piece kind is known per mask, without reading the board.
    const StepTable& steps = man_steps_[index(side)];
    // Only the men with an empty step target: most men of a position have none.
    const Mask empty = ~pos.occupied();
    const Mask men = steps.movers(pos.pieces(side, man_kind), empty);
    // At most one step a direction from each man: room for that many means no capacity check.
    const auto bound = static_cast<std::size_t>(count(men)) *
                       static_cast<std::size_t>(std::popcount(static_cast<unsigned>(d_.man.steps)));
    const std::size_t first = out.size();
    if (out.capacity() - first >= bound) {
        // The empty step targets of each man that has one: one capacity check for all, the
        // same moves in the same order as add_steps man by man. (Writing every step of the
        // table and keeping those on an empty point, branch-free, was faster before the men
        // without a step were filtered out: now most of those writes would be thrown away.)
        Move* const base = out.push_raw(bound);
        Move* m = base;
        for_each_vertex(men, [&](Vertex from) {
            for_each_vertex(steps[from] & empty, [&](Vertex to) {
                write_quiet(*m++, from, to, has(zone, to) ? king_kind : no_kind);
            });
        });
        out.truncate(first + static_cast<std::size_t>(m - base));
    } else {
        for_each_vertex(men, [&](Vertex v) { add_steps(steps, pos, v, out, zone, king_kind); });
    }
    if (pos.pieces(side, king_kind) == 0) return;  // no king: nothing more (and nothing reverts)
    const std::size_t kings = out.size();
    for_each_vertex(movable_kings(pos), [&](Vertex v) {
        if (d_.king.flying) {
            add_slides(t, pos, v, king_dirs_[index(side)], out);
        } else {
            add_steps(king_steps_[index(side)], pos, v, out);
        }
    });
    if (!hooks_.reverts) return;
    for (std::size_t i = kings; i < out.size(); ++i) {
        if (hooks_.end_kind(side, king_kind, out[i].to) != king_kind) out[i].promotion = man_kind;
    }
}

LeafMoves DraughtsVariant::generate_if_capture(const Position& pos, MoveList& out,
                                               Duplicates dup) const {
    if (generate_captures(pos, out, dup) > 0) return LeafMoves::captures;  // capture is compulsory
    // A quiet move exists iff generate_moves would write one: a man with an empty step target,
    // or a movable king with an empty neighbour in a king direction (the first vertex of a
    // flying king's ray).
    const Color side = pos.side_to_move();
    const Mask empty = ~pos.occupied();
    if (man_steps_[index(side)].movers(pos.pieces(side, man_kind), empty) != 0) return LeafMoves::quiet;
    if (pos.pieces(side, king_kind) == 0) return LeafMoves::none;
    return king_steps_[index(side)].movers(movable_kings(pos), empty) != 0 ? LeafMoves::quiet
                                                                          : LeafMoves::none;
}

namespace {

#if TRADGAMES_MAX_VERTICES == 64
/// The captures of a side's men counted without writing them, on the ghost numbering of the
/// board (CaptureRules::GhostLayout): a man on ghost bit s jumps in group j when s is in
/// j.from, the victim on s + j.over_rot and the landing s + j.to_rot empty, which is exactly
/// the compiled short-leap table (the groups are built from it), so every sequence the
/// generator finds is found here, in one rotation and two ANDs a jump. Counted as the
/// generator's U moves are: one per distinct (origin, destination, captured set) -- for men,
/// whose promotion is decided by the destination alone, that is the whole result -- keeping,
/// under the majority rule, only the sequences that take the most pieces. For plain rules
/// (end-of-move removal: taken men stay as obstacles and are not jumped twice) with promotion
/// only at the end of the move, and a draughts hooks type whose landing, stop and tag hooks
/// are the defaults.
class ManCaptureCounter {
public:
    /// groups: the ghost jump groups of the side's men (ending with an empty `from`); most:
    /// keep only the sequences that take the most pieces.
    ManCaptureCounter(const CaptureRules::JumpGroup* groups, bool most) noexcept
        : groups_(groups), most_(most) {}

    /// The number of distinct capture moves of the men on the ghost bits `men`, with enemy
    /// pieces `victims` and empty squares `empty` (ghost bits), opens[i] holding the squares
    /// from which the first jump of group i is open (the start test's sets: a man of `men` is
    /// in one at least); false when there were more distinct results than it keeps or more
    /// sequences than the generator allows (then the caller runs the generator, which decides
    /// or throws).
    bool count(Mask men, Mask victims, Mask empty, const Mask* opens, std::size_t& n) noexcept {
        victims_ = victims;
        for (; men != 0; men &= men - 1) {
            origin_ = men & (~men + 1);
            empty_ = empty | origin_;  // the man has left its square: it may land there again
            caps_ = 0;
            for (std::size_t i = 0; groups_[i].from != 0; ++i) {
                if ((opens[i] & origin_) == 0) continue;
                const Mask over = std::rotl(origin_, groups_[i].over_rot);
                victims_ ^= over;
                caps_ ^= over;
                walk(std::rotl(origin_, groups_[i].to_rot), 1);
                victims_ ^= over;
                caps_ ^= over;
            }
            if (failed_) return false;
        }
        n = count_;
        return true;
    }

private:
    struct Result {
        Mask from, to, caps;
    };
    static constexpr std::size_t max_results = 64;
    static constexpr std::size_t max_sequences = std::size_t{1} << 22;

    void walk(Mask at, int taken) noexcept {
        bool jumped = false;
        for (const CaptureRules::JumpGroup* j = groups_; j->from != 0; ++j) {
            if ((j->from & at) == 0) continue;
            const Mask over = std::rotl(at, j->over_rot);
            if ((over & victims_) == 0) continue;
            const Mask to = std::rotl(at, j->to_rot);
            if ((to & empty_) == 0) continue;
            jumped = true;
            victims_ ^= over;
            caps_ ^= over;
            walk(to, taken + 1);
            victims_ ^= over;
            caps_ ^= over;
        }
        if (!jumped) found(at, taken);
    }

    void found(Mask to, int taken) noexcept {
        if (++sequences_ > max_sequences) failed_ = true;
        if (most_) {
            if (taken < most_taken_) return;
            if (taken > most_taken_) {
                most_taken_ = taken;
                count_ = 0;
            }
        }
        for (std::size_t i = 0; i < count_; ++i) {
            const Result& r = results_[i];
            if (r.to == to && r.caps == caps_ && r.from == origin_) return;
        }
        if (count_ == max_results) {
            failed_ = true;
            return;
        }
        results_[count_++] = Result{origin_, to, caps_};
    }

    const CaptureRules::JumpGroup* groups_;
    bool most_;
    bool failed_ = false;
    int most_taken_ = 0;
    std::size_t count_ = 0;
    std::size_t sequences_ = 0;
    Mask origin_ = 0, empty_ = 0, victims_ = 0, caps_ = 0;
    std::array<Result, max_results> results_;
};

/// The captures of a side's men written as the generator writes them
/// (CaptureSequenceGenerator<DraughtsHooks, true>::search with keep_most_captures(most), for
/// men only, Duplicates::unique): the same moves in the same order, found on the ghost
/// numbering of the board (CaptureRules::GhostLayout) with one rotation a jump instead of the
/// generator's table walk. For the rules of ManCaptureCounter (plain rules, promotion at the
/// end of the move, the default hooks) and jumps given in the generator's direction order.
class ManCaptureWriter {
public:
    /// jumps: the men's jumps by direction, in the generator's order (ending with an empty
    /// `from`); vertex: the vertex of each ghost bit; zone: the promotion zone (vertices);
    /// promotes_to: the man's promotion kind; most: the majority rule.
    ManCaptureWriter(const CaptureRules::JumpGroup* jumps, const Vertex* vertex, Mask zone,
                     Kind promotes_to, bool most, MoveList& out) noexcept
        : jumps_(jumps), vertex_(vertex), zone_(zone), promotes_to_(promotes_to), most_only_(most),
          out_(out), first_(out.size()) {}

    /// Appends the captures of the men on the ghost bits `men`, with enemy pieces `victims`
    /// and empty squares `empty` (ghost bits); false (nothing appended) when the generator
    /// must decide: more jumps than a move holds, more sequences or moves of one man than
    /// this search keeps (the generator then throws or uses its hash index).
    bool write(Mask men, Mask victims, Mask empty) {
        victims_ = victims;
        for (; men != 0; men &= men - 1) {
            origin_ = men & (~men + 1);
            from_ = vertex_[std::countr_zero(origin_)];
            empty_ = empty | origin_;  // the man has left its square: it may land there again
            dedup_from_ = out_.size();
            walk(origin_);
            if (failed_) {
                out_.truncate(first_);
                return false;
            }
        }
        return true;
    }

private:
    static constexpr std::size_t max_sequences = std::size_t{1} << 22;
    static constexpr std::size_t max_piece_moves = 256;

    void walk(Mask at) noexcept {
        bool jumped = false;
        for (const CaptureRules::JumpGroup* j = jumps_; j->from != 0; ++j) {
            if ((j->from & at) == 0) continue;
            const Mask over = std::rotl(at, j->over_rot);
            if ((over & victims_) == 0) continue;
            const Mask to = std::rotl(at, j->to_rot);
            if ((to & empty_) == 0) continue;
            jumped = true;
            if (depth_ == static_cast<int>(max_jumps)) {
                failed_ = true;
                return;
            }
            const Vertex victim = vertex_[std::countr_zero(over)];
            victims_ ^= over;
            caps_[static_cast<std::size_t>(depth_)] = victim;
            captured_ ^= bit(victim);
            path_[static_cast<std::size_t>(depth_++)] = vertex_[std::countr_zero(to)];
            walk(to);
            --depth_;
            captured_ ^= bit(victim);
            victims_ ^= over;
        }
        if (!jumped && depth_ > 0) found();
    }

    void found() noexcept {
        if (++sequences_ > max_sequences) failed_ = true;
        if (most_only_) {
            if (depth_ < most_) return;  // another sequence takes more
            if (depth_ > most_) {        // this one takes more than all written so far
                most_ = depth_;
                out_.truncate(first_);
                dedup_from_ = first_;
            }
        }
        const std::size_t last = out_.size();
        if (last - dedup_from_ >= max_piece_moves || last == max_moves) {
            failed_ = true;
            return;
        }
        Move& m = out_.push_raw();
        m.kind = MoveKind::capture;
        m.from = from_;
        m.to = path_[static_cast<std::size_t>(depth_ - 1)];
        m.promotion = has(zone_, m.to) ? promotes_to_ : no_kind;
        m.result_tag = 0;
        m.path.assign(path_, static_cast<std::size_t>(depth_));
        m.captured.assign(caps_, static_cast<std::size_t>(depth_));
        m.captured_mask = captured_;
        // U: one move per result, keeping the smallest landing sequence (as the generator).
        for (std::size_t i = dedup_from_; i < last; ++i) {
            Move& o = out_[i];
            if (!o.same_result(m)) continue;
            if (std::lexicographical_compare(m.path.begin(), m.path.end(), o.path.begin(), o.path.end())) {
                o.path = m.path;
                o.captured = m.captured;
            }
            out_.pop_back();
            return;
        }
    }

    const CaptureRules::JumpGroup* jumps_;
    const Vertex* vertex_;
    Mask zone_;
    Kind promotes_to_;
    bool most_only_;
    MoveList& out_;
    std::size_t first_;
    std::size_t dedup_from_ = 0;
    std::size_t sequences_ = 0;
    bool failed_ = false;
    int depth_ = 0;
    int most_ = 0;
    Vertex from_ = no_vertex;
    Mask origin_ = 0, empty_ = 0, victims_ = 0, captured_ = 0;
    std::array<Vertex, max_jumps> path_;
    std::array<Vertex, max_jumps> caps_;
};
#endif

}  // namespace

std::size_t DraughtsVariant::count_legal(const Position& pos, Duplicates dup,
                                         MoveList& scratch) const {
    // The captures counted without writing them where the rules allow it (count_men_captures_):
    // the men's start test here, on the ghost bits, and the count out of line (most positions
    // have no capture); -1 when a king may capture or the counter gave up, and then the
    // generator writes them into scratch.
    struct Men {
        [[gnu::noinline]] static long count(const CaptureRules::JumpGroup* groups, bool most,
                                            Mask men, Mask victims, Mask empty,
                                            const Mask* opens) noexcept {
#if TRADGAMES_MAX_VERTICES == 64
            ManCaptureCounter counter(groups, most);
            std::size_t n = 0;
            if (!counter.count(men, victims, empty, opens, n)) return -1;
            return static_cast<long>(n);
#else
            (void)groups, (void)most, (void)men, (void)victims, (void)empty, (void)opens;
            return -1;
#endif
        }
    };
    if (count_men_captures_ && dup == Duplicates::unique) {
        long counted = -1;
#if TRADGAMES_MAX_VERTICES == 64
        const Color side = pos.side_to_move();
        const Mask enemy = pos.pieces(~side);
        if (pos.pieces(side, king_kind) == 0 || rules_.starts(pos, side, king_kind, enemy) == 0) {
            // The men's start test (CaptureRules::side_candidates) on the ghost bits.
            const auto& g = rules_.ghost;
            const Mask victims = g.to_ghost(enemy);
            const Mask empty = g.to_ghost(~pos.occupied());
            const CaptureRules::JumpGroup* groups = rules_.ghost_groups[index(side)][man_kind].data();
            const Mask men_g = g.to_ghost(pos.pieces(side, man_kind));
            // The squares of group j's pieces in `from` with a victim (in v) next to them and an
            // empty square (in e) behind it.
            const bool straight = rules_.ghost_straight;
            auto open = [straight](const CaptureRules::JumpGroup& j, Mask from, Mask v, Mask e) {
                return straight ? from & rotate_down(v & rotate_down(e, j.over_rot), j.over_rot)
                                : from & rotate_down(v, j.over_rot) & rotate_down(e, j.to_rot);
            };
            // opens[i]: the squares from which group i's jump is open (men or not).
            std::array<Mask, CaptureRules::max_jump_groups> opens;
            Mask men = 0;
            std::size_t i = 0;
            for (const CaptureRules::JumpGroup* j = groups; j->from != 0; ++j, ++i) {
                opens[i] = open(*j, j->from, victims, empty);
                men |= opens[i];
            }
            men &= men_g;
            if (men != 0) {
                // A second jump needs, from a first landing, a victim and an empty square
                // behind it, the square the man left counting as empty. Where no landing has
                // one, every sequence is one jump, each its own move: the count is the number
                // of open first jumps, no search needed.
                Mask landings = 0;
                i = 0;
                for (const CaptureRules::JumpGroup* j = groups; j->from != 0; ++j, ++i) {
                    landings |= std::rotl(opens[i] & men, j->to_rot);
                }
                // Under mid_capture_ a man crowned on its first landing may go on as a king:
                // such a landing counts as one with a second jump (else mid_zone_ghost_ is empty).
                Mask again = landings & mid_zone_ghost_[index(side)];
                if (straight) {
                    // The square the man left is empty for its own second jump, but in a
                    // straight layout only the jump back over the piece just taken lands
                    // there (the constructor checks that the victim deltas are short): the
                    // squares with an open jump are opens[].
                    // (A loop to the sentinel, as the others: a loop to a count becomes a
                    // vector loop, whose aligned stack frame every call would pay.)
                    i = 0;
                    for (const CaptureRules::JumpGroup* j = groups; j->from != 0; ++j, ++i) {
                        again |= opens[i] & landings;
                    }
                } else {
                    for (const CaptureRules::JumpGroup* j = groups; j->from != 0; ++j) {
                        again |= open(*j, j->from & landings, victims, empty | men);
                    }
                }
                if (again == 0) {
                    counted = 0;
                    i = 0;
                    for (const CaptureRules::JumpGroup* j = groups; j->from != 0; ++j, ++i) {
                        counted += count(opens[i] & men);
                    }
                } else if (mid_capture_) {
                    counted = -1;  // ManCaptureCounter does not crown in the middle of a sequence
                } else {
                    // count_men_captures_: the precedence is the majority rule or nothing.
                    counted = Men::count(groups, !d_.precedence.empty(), men, victims, empty, opens.data());
                }
            } else {
                counted = 0;
            }
        }
#endif
        if (counted > 0) return static_cast<std::size_t>(counted);
        if (counted < 0) {
            scratch.clear();
            if (generate_captures(pos, scratch, dup) > 0) return scratch.size();
        }
    } else {
        scratch.clear();
        if (generate_captures(pos, scratch, dup) > 0) return scratch.size();
    }
    return count_quiet(pos);
}

// Inlined into count_legal (bulk perft calls it once per leaf-parent) and generate_or_count_moves.
TRADGAMES_ALWAYS_INLINE inline std::size_t DraughtsVariant::count_quiet(const Position& pos) const noexcept {
    const Color side = pos.side_to_move();
    const Mask empty = ~pos.occupied();
    auto n = static_cast<std::size_t>(man_steps_[index(side)].count_steps(pos.pieces(side, man_kind), empty));
    const Topology& t = topology();
    if (pos.pieces(side, king_kind) == 0) return n;
    if (!d_.king.flying) {
        return n + static_cast<std::size_t>(king_steps_[index(side)].count_steps(movable_kings(pos), empty));
    }
    for_each_vertex(movable_kings(pos), [&](Vertex v) {
        for_each_direction(king_dirs_[index(side)], [&](Direction d) {
            for (Vertex to : t.ray(v, d)) {
                if (!has(empty, to)) break;
                ++n;
            }
        });
    });
    return n;
}

CountedMoves DraughtsVariant::generate_or_count_moves(const Position& pos, MoveList& out,
                                                     Duplicates dup) const {
    const std::size_t n = generate_captures(pos, out, dup);
    if (n > 0) return {n, true};  // capture is compulsory
    return {count_quiet(pos), false};
}

void DraughtsVariant::nth_unlisted_move(const Position& pos, std::size_t k, Move& m, Duplicates) const {
    const Color side = pos.side_to_move();
    const Mask empty = ~pos.occupied();
    const std::size_t asked = k;
    const StepTable& steps = man_steps_[index(side)];
    const Mask zone = rules_.promotion_zone[index(side)];
    for (Mask men = steps.movers(pos.pieces(side, man_kind), empty); men != 0; men &= men - 1) {
        const Vertex from = lowest(men);
        const Mask targets = steps[from] & empty;
        const auto c = static_cast<std::size_t>(count(targets));
        if (k < c) {
            const Vertex to = nth_vertex(targets, k);
            write_quiet(m, from, to, has(zone, to) ? king_kind : no_kind);
            return;
        }
        k -= c;
    }
    const Topology& t = topology();
    auto king_move = [&](Vertex from, Vertex to) {
        const bool reverts = hooks_.reverts && hooks_.end_kind(side, king_kind, to) != king_kind;
        write_quiet(m, from, to, reverts ? man_kind : no_kind);
    };
    for (Mask kings = movable_kings(pos); kings != 0; kings &= kings - 1) {
        const Vertex from = lowest(kings);
        if (d_.king.flying) {
            bool found = false;
            for_each_direction(king_dirs_[index(side)], [&](Direction d) {
                if (found) return;
                for (Vertex to : t.ray(from, d)) {
                    if (!has(empty, to)) break;
                    if (k == 0) {
                        king_move(from, to);
                        found = true;
                        return;
                    }
                    --k;
                }
            });
            if (found) return;
        } else {
            const Mask targets = king_steps_[index(side)][from] & empty;
            const auto c = static_cast<std::size_t>(count(targets));
            if (k < c) {
                king_move(from, nth_vertex(targets, k));
                return;
            }
            k -= c;
        }
    }
    throw Error("nth_move: no move " + std::to_string(asked) + " (0-based) among the legal moves");
}

namespace {

/// Merges the moves of out[first..] with one result (origin, destination, captured set,
/// promotion) into one, keeping the lexicographically smallest landing sequence among them, as
/// the capture generator does for U (the kept path is one of the legal paths).
void merge_same_results(MoveList& out, std::size_t first) {
    std::size_t w = first;
    for (std::size_t i = first; i < out.size(); ++i) {
        bool merged = false;
        for (std::size_t j = first; j < w; ++j) {
            Move& o = out[j];
            if (!o.same_result(out[i])) continue;
            if (std::lexicographical_compare(out[i].path.begin(), out[i].path.end(),
                                             o.path.begin(), o.path.end())) {
                o.path = out[i].path;
                o.captured = out[i].captured;
            }
            merged = true;
            break;
        }
        if (merged) continue;
        if (w != i) out[w] = out[i];
        ++w;
    }
    while (out.size() > w) out.pop_back();
}

}  // namespace

std::size_t DraughtsVariant::generate_captures(const Position& pos, MoveList& out,
                                               Duplicates dup) const {
    // Everything after the start test, out of line: most positions have no capture, and for
    // them the start test below is all that runs (no precedence look-up, no generator). A
    // static function whose arguments all fit in registers, so that the call below is a jump
    // and the start test needs no stack frame. men, kings (plain rules): the pieces of each
    // kind that passed the start test.
    struct Out {
        // The start test and the captures of a game with write_men_captures_: the men's
        // captures written by ManCaptureWriter when no king may capture, else the search.
        [[gnu::noinline]] static std::size_t men(const DraughtsVariant& v, const Position& pos,
                                                 MoveList& out, Duplicates dup) {
            const Color side = pos.side_to_move();
            const Mask enemy = pos.pieces(~side);
            const Mask kings = v.rules_.starts(pos, side, king_kind, enemy);
            if (kings != 0) return search(v, pos, out, dup, v.rules_.starts(pos, side, man_kind, enemy), kings);
            // Only men may capture: their start test on the ghost bits, by the writer's direction
            // table (CaptureRules::side_candidates' test, one rotation count a direction in the
            // straight layout), and their captures written by the writer.
            const auto& g = v.rules_.ghost;
            const Mask victims = g.to_ghost(enemy);
            const Mask empty = g.to_ghost(~pos.occupied());
            Mask open = 0;
            for (const CaptureRules::JumpGroup* j = v.men_jumps_[index(side)].data(); j->from != 0; ++j) {
                open |= j->from & rotate_down(victims & rotate_down(empty, j->over_rot), j->over_rot);
            }
            open &= g.to_ghost(pos.pieces(side, man_kind));
            if (open == 0) return 0;
            if (dup == Duplicates::unique) {
                const std::size_t n = v.write_men_captures(side, out, open, victims, empty);
                if (n != v.npos_count) return n;
            }
            return search(v, pos, out, dup, g.from_ghost(open), 0);
        }
        [[gnu::noinline]] static std::size_t search(const DraughtsVariant& v, const Position& p,
                                                    MoveList& list, Duplicates d, Mask men,
                                                    Mask kings) {
            const std::size_t first = list.size();
            // A precedence that reads the capture order (earliest_king) is a rule on paths:
            // applied to every path first, and only then are the paths with one result merged
            // into one U move (variants/italian/RULES.md §10.2). The other criteria read the
            // origin and the captured set only, which merged paths share, so there the order
            // of the two steps does not matter.
            const auto& precedence = v.d_.precedence;
            const bool order_rule =
                d == Duplicates::unique &&
                std::find(precedence.begin(), precedence.end(), Precedence::earliest_king) !=
                    precedence.end();
            if (order_rule) d = Duplicates::all_paths;
            // The majority rule first in the precedence is applied by the search itself:
            // shorter sequences are never written (and the merging of paths never compares
            // them).
            const bool most_first =
                !precedence.empty() && precedence.front() == Precedence::most_pieces;
            std::size_t n = 0;
            if (v.plain_rules_) {
                // The search with the rule switches known at compile time.
                std::array<Mask, max_kinds> starts{};
                starts[man_kind] = men;
                starts[king_kind] = kings;
                CaptureSequenceGenerator<DraughtsHooks, true> gen(v.topology(), v.rules_, v.hooks_);
                gen.keep_most_captures(most_first);
                n = gen.search(p, starts, list, d);
            } else {
                CaptureSequenceGenerator<DraughtsHooks> gen(v.topology(), v.rules_, v.hooks_);
                gen.keep_most_captures(most_first);
                n = gen.generate(p, list, d);
            }
            const std::size_t done = most_first ? 1 : 0;
            if (n > 0 && precedence.size() > done) v.apply_precedence(p, list, first, done);
            if (order_rule) merge_same_results(list, first);
            return list.size() - first;
        }
    };
    if (!plain_search_) {  // one flag: the plain search's path tests no more than before
        if (write_men_captures_) return Out::men(*this, pos, out, dup);
        return Out::search(*this, pos, out, dup, 0, 0);
    }
    // The start test of the two kinds (plain rules: no victim filter).
    const Color side = pos.side_to_move();
    const Mask enemy = pos.pieces(~side);
    const Mask men = rules_.starts(pos, side, man_kind, enemy);
    const Mask kings = rules_.starts(pos, side, king_kind, enemy);
    if ((men | kings) == 0) return 0;
    return Out::search(*this, pos, out, dup, men, kings);
}

std::size_t DraughtsVariant::write_men_captures(Color side, MoveList& out, Mask men, Mask victims,
                                               Mask empty) const {
#if TRADGAMES_MAX_VERTICES == 64
    const std::size_t first = out.size();
    ManCaptureWriter writer(men_jumps_[index(side)].data(), ghost_vertex_.data(),
                            rules_.promotion_zone[index(side)], rules_.kinds[man_kind].promotes_to,
                            !d_.precedence.empty(), out);
    if (!writer.write(men, victims, empty)) return npos_count;
    return out.size() - first;
#else
    (void)side, (void)out, (void)men, (void)victims, (void)empty;
    return npos_count;
#endif
}

Mask DraughtsVariant::movable_kings(const Position& pos) const noexcept {
    const Color side = pos.side_to_move();
    Mask kings = pos.pieces(side, king_kind);
    if (d_.king_move_limit > 0 && pos.pieces(side, man_kind) != 0 &&
        king_moves_in_a_row(pos.state(), side) >= d_.king_move_limit) {
        kings &= ~pos.state().marked;  // that king has moved its limit: another piece moves
    }
    return kings;
}

void DraughtsVariant::do_move_counting_kings(Position& pos, const Move& m, Undo& u) const {
    // The state holds, per side, the square of the king that made the side's last moves (one
    // bit of `marked` a side) and how many non-capturing moves in a row it made (4 bits of
    // `flags` a side).
    const Color side = pos.side_to_move();
    const Mask tracked = pos.state().marked & pos.pieces(side, king_kind);
    int n = king_moves_in_a_row(pos.state(), side);
    const bool king_step = !m.is_capture() && pos.at(m.from).kind() == king_kind;
    apply_move(pos, m, u);
    PositionState s = pos.state();
    s.marked &= ~tracked;
    if ((s.marked & m.captured_mask) != 0) {  // a captured king's count goes with it
        s.marked &= ~m.captured_mask;
        s.flags &= ~(0xFU << (4 * index(~side)));
    }
    if (king_step && pos.pieces(side, man_kind) != 0) {
        n = tracked == bit(m.from) ? n + 1 : 1;
        s.marked |= bit(m.to);
    } else {
        n = 0;  // a capture, a man's move, or a side without men: no count (RULES.md §2.3)
    }
    const int shift = 4 * index(side);
    s.flags = (s.flags & ~(0xFU << shift)) | (static_cast<std::uint32_t>(std::min(n, 15)) << shift);
    if (pos.pieces(~side, man_kind) == 0 && (s.marked & pos.pieces(~side)) != 0) {
        // The opponent's last man was just taken: its king-move count lapses with the rule.
        s.marked &= ~pos.pieces(~side);
        s.flags &= ~(0xFU << (4 * index(~side)));
    }
    pos.set_state(s);
}

int DraughtsVariant::king_moves_in_a_row(const PositionState& s, Color side) noexcept {
    return static_cast<int>((s.flags >> (4 * index(side))) & 0xFU);
}

void DraughtsVariant::apply_precedence(const Position& pos, MoveList& out, std::size_t first,
                                       std::size_t criterion) const {
    const Color side = pos.side_to_move();
    const Mask enemy_kings = pos.pieces(~side, king_kind);
    // A single move is the best by every criterion: nothing more to compare (most positions
    // with a capture have one).
    for (std::size_t c = criterion; c < d_.precedence.size() && out.size() - first > 1; ++c) {
        const Precedence p = d_.precedence[c];
        // The score of each move by this criterion; keep the moves with the best score.
        auto score = [&](const Move& m) -> long {
            switch (p) {
                case Precedence::most_pieces: return static_cast<long>(m.captured.size());
                case Precedence::value: {
                    // A king counts two, less one tie-breaking unit: more than a man, less than two.
                    const long kings = count(m.captured_mask & enemy_kings);
                    return (static_cast<long>(m.captured.size()) + kings) * 64 - kings;
                }
                case Precedence::most_kings: return count(m.captured_mask & enemy_kings);
                case Precedence::with_king: return pos.at(m.from).kind() == king_kind ? 1 : 0;
                case Precedence::earliest_king: {
                    // Earlier kings score higher: a bit per jump, the first jump the highest.
                    long s = 0;
                    for (std::size_t i = 0; i < m.captured.size(); ++i) {
                        if (has(enemy_kings, m.captured[i])) s |= 1L << (40 - i);
                    }
                    return s;
                }
            }
            return 0;
        };
        long best = -1;
        for (std::size_t i = first; i < out.size(); ++i) best = std::max(best, score(out[i]));
        std::size_t w = first;
        for (std::size_t i = first; i < out.size(); ++i) {
            if (score(out[i]) != best) continue;
            if (w != i) out[w] = out[i];
            ++w;
        }
        while (out.size() > w) out.pop_back();
    }
}

std::shared_ptr<const Variant> make_draughts_variant(const DraughtsDescriptor& d,
                                                     const std::vector<std::string>& options) {
    RuleOptions values(draughts_option_specs(d));
    for (const auto& a : options) values.set(a);
    return std::make_shared<const DraughtsVariant>(apply_draughts_options(d, options),
                                                   std::move(values));
}

}  // namespace tradgames
