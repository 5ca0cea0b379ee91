// The action encoding (actions.hpp) against a plain model written from its definition, and
// VectorEnv (vector_env.hpp) against single Games: same positions, masks, observations, rewards
// and flags for the same actions, same-step autoreset, the same results for 1 and 2 threads.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "tradgames/actions.hpp"
#include "tradgames/error.hpp"
#include "tradgames/game.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/vector_env.hpp"

using namespace tradgames;

namespace {

/// The encoding's definition, without shortcuts: every path (P) of every legal move as its list
/// of steps; after the steps `taken`, the next steps of the moves they begin (sorted, unique)
/// and the moves all of whose steps are taken (distinct results, in P order).
struct Model {
    std::vector<int> steps;
    std::vector<Move> complete;
};

Model model(const Variant& v, const Position& pos, const std::vector<int>& taken) {
    const int V = v.topology().size();
    MoveList all;
    v.generate(pos, all, Duplicates::all_paths);
    Model m;
    for (const Move& mv : all) {
        std::vector<int> s;
        int at = mv.from;
        for (Vertex x : mv.path) {
            s.push_back(at * V + x);
            at = x;
        }
        if (s.size() < taken.size() || !std::equal(taken.begin(), taken.end(), s.begin())) continue;
        if (s.size() > taken.size()) {
            m.steps.push_back(s[taken.size()]);
        } else if (std::none_of(m.complete.begin(), m.complete.end(), [&](const Move& c) { return c.same_result(mv); })) {
            m.complete.push_back(mv);
        }
    }
    std::sort(m.steps.begin(), m.steps.end());
    m.steps.erase(std::unique(m.steps.begin(), m.steps.end()), m.steps.end());
    return m;
}

/// Checks TurnActions against the model for every sequence of actions of one turn in game's
/// position; returns the number of action prefixes checked.
int check_turn(const Game& game, std::vector<int>& taken) {
    const Variant& v = game.variant();
    const int V = v.topology().size();
    TurnActions t;
    t.start(v, game.position(), game.legal_moves());
    for (int a : taken) REQUIRE(t.apply(a) == TurnActions::Result::pending);
    const Model m = model(v, game.position(), taken);
    std::vector<int> expected = m.steps;
    for (std::size_t k = 0; k < m.complete.size(); ++k) expected.push_back(V * V + static_cast<int>(k));
    std::vector<int> got;
    t.legal_actions(got);
    CHECK(got == expected);
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(action_count(v)), 7);
    t.write_mask(mask.data());
    for (int a = 0; a < action_count(v); ++a) {
        const bool legal = std::binary_search(expected.begin(), expected.end(), a);
        CHECK(mask[static_cast<std::size_t>(a)] == (legal ? 1 : 0));
        CHECK(t.legal(a) == legal);
    }
    int checked = 1;
    for (int a : expected) {
        TurnActions u;
        u.start(v, game.position(), game.legal_moves());
        for (int b : taken) (void)u.apply(b);
        const TurnActions::Result r = u.apply(a);
        if (a >= V * V) {
            REQUIRE(r == TurnActions::Result::complete);
            CHECK(u.completed() == m.complete[static_cast<std::size_t>(a - V * V)]);
            continue;
        }
        taken.push_back(a);
        const Model next = model(v, game.position(), taken);
        if (next.steps.empty() && next.complete.size() == 1) {
            REQUIRE(r == TurnActions::Result::complete);
            CHECK(u.completed() == next.complete.front());
        } else {
            REQUIRE(r == TurnActions::Result::pending);
            CHECK(u.moving() == static_cast<Vertex>(a % V));
            checked += check_turn(game, taken);
        }
        taken.pop_back();
    }
    CHECK(TurnActions::Result::illegal == [&] {
        TurnActions u;
        u.start(v, game.position(), game.legal_moves());
        return u.apply(-1);
    }());
    return checked;
}

}  // namespace

TEST_CASE("the action encoding equals its definition in random games of every variant") {
    for (const VariantInfo& info : list_variants()) {
        CAPTURE(info.name);
        const auto v = make_variant(info.name);
        int checked = 0;
        for (std::uint64_t g = 0; g < 6; ++g) {
            Game game(v);
            Rng rng = playout_rng(5, g);
            while (!game.result().over() && game.ply() < 150) {
                std::vector<int> taken;
                checked += check_turn(game, taken);
                game.play_legal(static_cast<std::size_t>(rng.below(game.legal_moves().size())));
            }
        }
        CHECK(checked > 100);
    }
}

TEST_CASE("observation planes") {
    const auto v = make_variant("russian");
    Game game(v, v->parse_position("B:WKa1,c3:Bd6"));
    const int V = 32;
    std::vector<float> obs(static_cast<std::size_t>(observation_planes(*v) * V), -1.0F);
    const auto at = [&](const char* sq) { return static_cast<int>(*v->topology().find(sq)); };
    for (ObservationView view : {ObservationView::absolute, ObservationView::side_to_move}) {
        write_observation(*v, game.position(), no_vertex, view, obs.data());
        const int white = view == ObservationView::absolute ? 0 : 1;  // Black is to move
        const int black = 1 - white;
        CHECK(obs[static_cast<std::size_t>((white * 2 + 1) * V + at("a1"))] == 1.0F);  // white king
        CHECK(obs[static_cast<std::size_t>((white * 2 + 0) * V + at("c3"))] == 1.0F);  // white man
        CHECK(obs[static_cast<std::size_t>((black * 2 + 0) * V + at("d6"))] == 1.0F);  // black man
        CHECK(std::count(obs.begin(), obs.begin() + 4 * V, 1.0F) == 3);
        CHECK(std::count(obs.begin() + 4 * V, obs.begin() + 5 * V, 1.0F) == V);  // Black to move
        CHECK(std::count(obs.begin() + 5 * V, obs.end(), 0.0F) == 2 * V);
    }
}

namespace {

struct Outputs {
    explicit Outputs(const VectorEnv& e)
        : obs(e.size() * static_cast<std::size_t>(e.observation_size())),
          final_obs(obs.size()),
          masks(e.size() * static_cast<std::size_t>(e.action_count())),
          rewards(e.size()), terminated(e.size()), truncated(e.size()), players(e.size()) {}
    VectorEnvOutputs view() {
        return {obs.data(), masks.data(), rewards.data(), terminated.data(), truncated.data(),
                players.data(), final_obs.data()};
    }
    bool operator==(const Outputs&) const = default;
    std::vector<float> obs, final_obs;
    std::vector<std::uint8_t> masks;
    std::vector<float> rewards;
    std::vector<std::uint8_t> terminated, truncated;
    std::vector<std::int8_t> players;
};

}  // namespace

namespace {

/// Takes `action` in the single Game g whose current turn has taken the steps `pending`: a step
/// is added to pending, or the completed move is played (pending cleared; returns true).
bool take(const Variant& v, Game& g, std::vector<int>& pending, std::int64_t action) {
    TurnActions t;
    t.start(v, g.position(), g.legal_moves());
    for (int a : pending) REQUIRE(t.apply(a) == TurnActions::Result::pending);
    const TurnActions::Result r = t.apply(static_cast<int>(action));
    REQUIRE(r != TurnActions::Result::illegal);
    if (r == TurnActions::Result::pending) {
        pending.push_back(static_cast<int>(action));
        return false;
    }
    pending.clear();
    g.play(t.completed());
    return true;
}

}  // namespace

TEST_CASE("VectorEnv plays the games of single Games and resets finished ones in the same step") {
    for (const VariantInfo& info : list_variants()) {
        CAPTURE(info.name);
        const auto v = make_variant(info.name);
        VectorEnvOptions o;
        o.num_envs = 4;
        o.seed = 9;
        o.max_plies = info.name == "russian" ? 0 : 80;
        VectorEnv env(v, o);
        Outputs out(env);
        env.reset(out.view());
        std::vector<Game> games;
        std::vector<std::vector<int>> pending(env.size());
        for (std::size_t i = 0; i < env.size(); ++i) games.emplace_back(v);
        std::vector<std::int64_t> actions(env.size());
        std::vector<float> expected(static_cast<std::size_t>(env.observation_size()));
        int finished = 0;
        for (int s = 0; s < 600; ++s) {
            env.sample_actions(actions.data());
            std::vector<Color> movers;
            for (const Game& g : games) movers.push_back(g.position().side_to_move());
            env.step(actions.data(), out.view());
            for (std::size_t i = 0; i < env.size(); ++i) {
                Game& g = games[i];
                const bool over = take(*v, g, pending[i], actions[i]) && g.result().over();
                const bool cut = pending[i].empty() && !over && o.max_plies > 0 &&
                                 g.ply() >= static_cast<std::size_t>(o.max_plies);
                CHECK(out.terminated[i] == (over ? 1 : 0));
                CHECK(out.truncated[i] == (cut ? 1 : 0));
                float reward = 0.0F;
                if (over && g.result().outcome != Outcome::draw) reward = g.result().outcome == win_for(movers[i]) ? 1.0F : -1.0F;
                CHECK(out.rewards[i] == reward);
                if (over || cut) {
                    write_observation(*v, g.position(), no_vertex, ObservationView::absolute, expected.data());
                    CHECK(std::equal(expected.begin(), expected.end(), out.final_obs.begin() + static_cast<std::ptrdiff_t>(i * expected.size())));
                    ++finished;
                    g.reset();
                    CHECK(env.game(i).ply() == 0);
                }
                CHECK(env.game(i).position() == g.position());
                CHECK(out.players[i] == index(g.position().side_to_move()));
                TurnActions now;
                now.start(*v, g.position(), g.legal_moves());
                for (int a : pending[i]) (void)now.apply(a);
                write_observation(*v, g.position(), now.moving(), ObservationView::absolute, expected.data());
                CHECK(std::equal(expected.begin(), expected.end(), out.obs.begin() + static_cast<std::ptrdiff_t>(i * expected.size())));
                std::vector<std::uint8_t> mask(static_cast<std::size_t>(env.action_count()));
                now.write_mask(mask.data());
                CHECK(std::equal(mask.begin(), mask.end(), out.masks.begin() + static_cast<std::ptrdiff_t>(i * mask.size())));
            }
        }
        CHECK(finished > 0);
    }
}

TEST_CASE("VectorEnv from king endings: the draws of single full-history Games on the same ply") {
    // The environments keep GameHistory::recent; the move-count draws (FMJD64 7.2.4-7.2.8 in
    // Russian, the FMJD rules in International) must fall as in a Game keeping everything, for
    // every environment, over many episodes. (Repetition counts against full history, every ply:
    // repetition_test.cpp.)
    const std::vector<std::pair<const char*, const char*>> starts = {
        {"russian", "W:WK29,K30,K31:BK1,K2"}, {"russian", "W:WKa1,a3,c3,e3,g3:BKh8,b6,d6,f6,h6"},
        {"international", "W:WK46,K47,K48:BK1,K5"}};
    for (const auto& [name, fen] : starts) {
        CAPTURE(name);
        CAPTURE(fen);
        const auto v = make_variant(name);
        VectorEnvOptions o;
        o.num_envs = 8;
        o.seed = 5;
        o.start = v->parse_position(fen);
        VectorEnv env(v, o);
        Outputs out(env);
        env.reset(out.view());
        std::vector<Game> games;
        std::vector<std::vector<int>> pending(env.size());
        for (std::size_t i = 0; i < env.size(); ++i) games.emplace_back(v, o.start);
        std::vector<std::int64_t> actions(env.size());
        int draws = 0;
        for (int s = 0; s < 1500; ++s) {
            std::vector<Color> movers;
            for (const Game& g : games) movers.push_back(g.position().side_to_move());
            env.step_random(out.view(), actions.data());
            for (std::size_t i = 0; i < env.size(); ++i) {
                Game& g = games[i];
                const bool over = take(*v, g, pending[i], actions[i]) && g.result().over();
                REQUIRE(out.terminated[i] == (over ? 1 : 0));
                float reward = 0.0F;
                if (over && g.result().outcome != Outcome::draw) reward = g.result().outcome == win_for(movers[i]) ? 1.0F : -1.0F;
                REQUIRE(out.rewards[i] == reward);
                if (over) {
                    draws += g.result().outcome == Outcome::draw ? 1 : 0;
                    g.reset(o.start);
                }
                REQUIRE(env.game(i).ply() == g.ply());
                REQUIRE(env.game(i).position() == g.position());
                REQUIRE(env.game(i).result() == g.result());
            }
        }
        CHECK(draws > 8);
        MESSAGE(draws, " draws");
    }
}

namespace {

/// The colour-flipped mirror of pos: every piece moved to the opposite vertex (turn) with the
/// other colour, the other side to move, the state's vertices turned and its per-side flags
/// swapped (Shatra's flags are bit pairs White = bit 2k, Black = bit 2k + 1: temdek, returned
/// biy; no other registered game sets flags).
Position mirrored(const Position& pos, const std::vector<Vertex>& turn) {
    Position m;
    for_each_vertex(pos.occupied(), [&](Vertex x) {
        const Piece p = pos.at(x);
        m.put(turn[x], Piece(~p.color(), p.kind()));
    });
    m.set_side_to_move(~pos.side_to_move());
    PositionState st = pos.state();
    st.flags = ((st.flags & 0x5U) << 1) | ((st.flags & 0xAU) >> 1);
    if (st.ep_square != no_vertex) st.ep_square = turn[st.ep_square];
    if (st.ep_victim != no_vertex) st.ep_victim = turn[st.ep_victim];
    Mask marked = 0;
    for_each_vertex(st.marked, [&](Vertex x) { marked |= Mask{1} << turn[x]; });
    st.marked = marked;
    m.set_state(st);
    return m;
}

}  // namespace

TEST_CASE("rotated view: a position and its colour-flipped mirror look the same to the mover") {
    int boards = 0;
    for (const VariantInfo& info : list_variants()) {
        CAPTURE(info.name);
        const auto v = make_variant(info.name);
        const int V = v->topology().size();
        std::vector<Vertex> turn;
        try {
            turn = half_turn(*v);
        } catch (const OptionError&) {
            continue;  // no half-turn symmetry: the rotated view is refused (VectorEnv: errors)
        }
        ++boards;
        for (int x = 0; x < V; ++x) CHECK(turn[turn[static_cast<std::size_t>(x)]] == x);  // an involution
        const auto size = static_cast<std::size_t>(observation_planes(*v) * V);
        std::vector<float> a(size), b(size), absolute(size);
        std::vector<std::uint8_t> ma(static_cast<std::size_t>(action_count(*v))), mb(ma.size());
        int compared = 0;
        int skipped = 0;
        for (std::uint64_t g = 0; g < 6; ++g) {
            Game game(v);
            Rng rng = playout_rng(11, g);
            while (!game.result().over() && game.ply() < 120) {
                const Position& p = game.position();
                const Position q = mirrored(p, turn);
                Game other(v, q);
                TurnActions tp, tq;
                tp.start(*v, p, game.legal_moves());
                tq.start(*v, q, other.legal_moves());
                const Vertex* turn_p = p.side_to_move() == Color::black ? turn.data() : nullptr;
                const Vertex* turn_q = q.side_to_move() == Color::black ? turn.data() : nullptr;
                // A flying king's capture that goes on along the line of its last jump is one
                // path whatever free square it lands on in between; the generator records one of
                // them, found in vertex order, which need not be the mirror of the one it records
                // in the mirror. There only the first observation is compared.
                MoveList paths;
                v->generate(p, paths, Duplicates::all_paths);
                const bool straight = std::any_of(paths.begin(), paths.end(), [&](const Move& m) {
                    for (std::size_t j = 1; j < m.path.size(); ++j) {
                        const Vertex from = j == 1 ? m.from : m.path[j - 2];
                        if (v->topology().line_direction(from, m.path[j - 1]) ==
                            v->topology().line_direction(m.path[j - 1], m.path[j])) {
                            return true;
                        }
                    }
                    return false;
                });
                skipped += straight ? 1 : 0;
                // Through a capture in progress too: the mirrored action in the mirror.
                for (;;) {
                    write_observation(*v, p, tp.moving(), ObservationView::rotated, a.data(), turn.data());
                    write_observation(*v, q, tq.moving(), ObservationView::rotated, b.data(), turn.data());
                    REQUIRE(a == b);
                    if (straight) break;
                    tp.write_mask(ma.data(), turn_p);
                    tq.write_mask(mb.data(), turn_q);
                    REQUIRE(ma == mb);
                    ++compared;
                    const int act = tp.sample(rng);
                    const int turned = turned_action(act, turn.data(), V);
                    const TurnActions::Result r = tp.apply(act);
                    REQUIRE(tq.apply(turned) == r);
                    if (r == TurnActions::Result::complete) break;
                }
                if (straight) {
                    game.play(game.legal_moves()[rng.below(game.legal_moves().size())]);
                    continue;
                }
                game.play(tp.completed());
            }
        }
        // White to move: the rotated view is the side-to-move view, which is the absolute one.
        if (v->initial_position().side_to_move() == Color::white) {
            write_observation(*v, v->initial_position(), no_vertex, ObservationView::rotated, a.data(), turn.data());
            write_observation(*v, v->initial_position(), no_vertex, ObservationView::absolute, absolute.data());
            CHECK(a == absolute);
        }
        CHECK(compared > 100);
        CHECK(skipped < compared);
    }
    CHECK(boards == static_cast<int>(list_variants().size()));  // every registered board has the symmetry
}

TEST_CASE("observation planes of every game equal a vertex-by-vertex model") {
    // write_observation writes each plane whole from a set of vertices (eight floats per byte
    // of the set): the model reads the position square by square, on boards of 16 to 64+
    // vertices (not multiples of 8: tails), every view, with and without a moving piece.
    int positions = 0;
    for (const VariantInfo& info : list_variants()) {
        CAPTURE(info.name);
        const auto v = make_variant(info.name);
        const int V = v->topology().size();
        const int K = static_cast<int>(v->kinds().size());
        const std::vector<Vertex> turn = half_turn(*v);
        const auto planes = static_cast<std::size_t>(observation_planes(*v));
        std::vector<float> got(planes * static_cast<std::size_t>(V));
        std::vector<float> want(got.size());
        for (std::uint64_t g = 0; g < 4; ++g) {
            Game game(v);
            Rng rng = playout_rng(17, g);
            for (int ply = 0; ply < 120 && !game.result().over(); ++ply) {
                const Position& pos = game.position();
                const bool black = pos.side_to_move() == Color::black;
                const Vertex moving =
                    ply % 3 == 0 ? no_vertex : static_cast<Vertex>(rng.below(static_cast<std::uint64_t>(V)));
                for (ObservationView view :
                     {ObservationView::absolute, ObservationView::side_to_move, ObservationView::rotated}) {
                    CAPTURE(static_cast<int>(view));
                    const bool rotate = view == ObservationView::rotated && black;
                    const int flip = view != ObservationView::absolute && black ? 1 : 0;
                    std::fill(want.begin(), want.end(), 0.0F);
                    const auto put = [&](int plane, Vertex x) {
                        want[static_cast<std::size_t>(plane * V + (rotate ? turn[x] : x))] = 1.0F;
                    };
                    for (int i = 0; i < V; ++i) {
                        const auto x = static_cast<Vertex>(i);
                        const Piece p = pos.at(x);
                        if (!p.empty()) put((index(p.color()) ^ flip) * K + p.kind(), x);
                        if (black && view != ObservationView::rotated) put(2 * K, x);
                        if (x == moving) put(2 * K + 1, x);
                        if (has(pos.state().marked, x)) put(2 * K + 2, x);
                    }
                    std::fill(got.begin(), got.end(), -1.0F);
                    write_observation(*v, pos, moving, view, got.data(), turn.data());
                    CHECK(got == want);
                    ++positions;
                }
                game.play_legal(static_cast<std::size_t>(rng.below(game.legal_moves().size())));
            }
        }
    }
    CHECK(positions > 3000);
}

TEST_CASE("rotated view: the turned board of a Russian position") {
    const auto v = make_variant("russian");
    const std::vector<Vertex> turn = half_turn(*v);
    const auto at = [&](const char* sq) { return static_cast<std::size_t>(*v->topology().find(sq)); };
    CHECK(turn[at("a1")] == at("h8"));
    CHECK(turn[at("c3")] == at("f6"));
    CHECK(turn[at("b8")] == at("g1"));
    const Position pos = v->parse_position("B:WKa1,c3:Bd6");
    std::vector<float> obs(static_cast<std::size_t>(observation_planes(*v) * 32), -1.0F);
    write_observation(*v, pos, no_vertex, ObservationView::rotated, obs.data(), turn.data());
    // Black to move: Black's man on d6 is the mover's man on e3, White's king on a1 the
    // opponent's king on h8, White's man on c3 the opponent's man on f6; plane 4 (who moves) is 0.
    CHECK(obs[0 * 32 + at("e3")] == 1.0F);
    CHECK(obs[3 * 32 + at("h8")] == 1.0F);
    CHECK(obs[2 * 32 + at("f6")] == 1.0F);
    CHECK(std::count(obs.begin(), obs.end(), 1.0F) == 3);
    CHECK(std::count(obs.begin(), obs.end(), 0.0F) == static_cast<std::ptrdiff_t>(obs.size()) - 3);
}

TEST_CASE("VectorEnv rotated: the games of the absolute view, actions and masks turned when Black moves") {
    for (const char* name : {"russian", "shatra", "international", "tobit"}) {
        CAPTURE(name);
        const auto v = make_variant(name);
        const int V = v->topology().size();
        const std::vector<Vertex> turn = half_turn(*v);
        VectorEnvOptions o;
        o.num_envs = 5;
        o.seed = 3;
        o.max_plies = 60;
        VectorEnv plain(v, o);
        o.view = ObservationView::rotated;
        VectorEnv rotated(v, o);
        Outputs op(plain), orr(rotated);
        plain.reset(op.view());
        rotated.reset(orr.view());
        std::vector<std::int64_t> ap(plain.size()), ar(plain.size());
        std::vector<float> expected(static_cast<std::size_t>(plain.observation_size()));
        int black = 0;
        for (int s = 0; s < 400; ++s) {
            rotated.sample_actions(ar.data());
            for (std::size_t i = 0; i < plain.size(); ++i) {
                const bool b = plain.game(i).position().side_to_move() == Color::black;
                black += b ? 1 : 0;
                ap[i] = b ? turned_action(static_cast<int>(ar[i]), turn.data(), V) : ar[i];
            }
            plain.step(ap.data(), op.view());
            rotated.step(ar.data(), orr.view());
            CHECK(op.rewards == orr.rewards);
            CHECK(op.terminated == orr.terminated);
            CHECK(op.truncated == orr.truncated);
            CHECK(op.players == orr.players);
            for (std::size_t i = 0; i < plain.size(); ++i) {
                REQUIRE(plain.game(i).position() == rotated.game(i).position());
                write_observation(*v, rotated.game(i).position(), rotated.turn(i).moving(), ObservationView::rotated,
                                  expected.data(), turn.data());
                CHECK(std::equal(expected.begin(), expected.end(), orr.obs.begin() + static_cast<std::ptrdiff_t>(i * expected.size())));
                const auto A = static_cast<std::size_t>(plain.action_count());
                for (std::size_t a = 0; a < A; ++a) {
                    const std::size_t t = op.players[i] == 1 ? static_cast<std::size_t>(turned_action(static_cast<int>(a), turn.data(), V)) : a;
                    REQUIRE(op.masks[i * A + a] == orr.masks[i * A + t]);
                }
            }
        }
        CHECK(black > 500);
    }
}

TEST_CASE("VectorEnv: the same results for 1, 2 and 3 threads (absolute and rotated views)") {
    for (const char* name : {"russian", "shatra", "tobit", "international"}) {
        CAPTURE(name);
        const auto v = make_variant(name);
        auto run = [&](unsigned threads, ObservationView view) {
            VectorEnvOptions o;
            o.num_envs = 9;
            o.seed = 4;
            o.threads = threads;
            o.view = view;
            VectorEnv env(v, o);
            CHECK(env.threads() == threads);
            Outputs out(env);
            std::vector<Outputs> trace;
            env.reset(out.view());
            std::vector<std::int64_t> actions(env.size());
            for (int s = 0; s < 300; ++s) {
                env.step_random(out.view(), actions.data());
                trace.push_back(out);
            }
            return trace;
        };
        // Which thread steps which environment varies from call to call (a thread that has
        // finished its range takes chunks of the others'); the results may not.
        const auto absolute = run(1, ObservationView::absolute);
        CHECK(absolute == run(2, ObservationView::absolute));
        CHECK(absolute == run(3, ObservationView::absolute));
        CHECK(run(1, ObservationView::rotated) == run(2, ObservationView::rotated));
    }
}

TEST_CASE("VectorEnv: errors") {
    const auto v = make_variant("russian");
    VectorEnvOptions o;
    o.num_envs = 0;
    CHECK_THROWS_AS(VectorEnv(v, o), OptionError);
    o.num_envs = 65537;
    CHECK_THROWS_WITH_AS(VectorEnv(v, o), "num_envs 65537 is not in 1..65536", OptionError);
    o.num_envs = 2;
    o.max_plies = -1;
    CHECK_THROWS_AS(VectorEnv(v, o), OptionError);
    o.max_plies = 0;
    o.start = v->parse_position("W:W:Bc3");
    CHECK_THROWS_AS(VectorEnv(v, o), OptionError);
    o.start.reset();
    // An 8x9 board of dark squares has no half turn (a9 is dark, h1 light): no rotated view.
    const auto tall = make_variant_from_json(R"({"base": "russian", "name": "russian-8x9", "board": {"height": 9}})");
    o.view = ObservationView::rotated;
    CHECK_THROWS_WITH_AS(VectorEnv(tall, o), "the board of russian-8x9 has no half-turn symmetry: no vertex lies opposite a9",
                         OptionError);
    CHECK_NOTHROW(VectorEnv(v, o));
    o.view = ObservationView::absolute;
    CHECK_NOTHROW(VectorEnv(tall, o));
    VectorEnv env(v, o);
    VectorEnvOutputs none;
    env.reset(none);
    std::vector<std::int64_t> actions(2);
    env.sample_actions(actions.data());
    const std::int64_t good = actions[0];
    actions[1] = 5000;
    CHECK_THROWS_WITH_AS(env.step(actions.data(), none), "environment 1: action 5000 is not legal here", IllegalMoveError);
    CHECK(env.game(0).ply() == 0);
    CHECK(env.turn(0).taken().empty());
    actions[1] = good;
    env.step(actions.data(), none);
    CHECK(env.game(0).ply() == 1);
}
