// The action encoding (actions.hpp) against a plain model written from its definition, and
// VectorEnv (vector_env.hpp) against single Games: same positions, masks, observations, rewards
// and flags for the same actions, same-step autoreset, the same results for 1 and 2 threads.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
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
                TurnActions t;
                t.start(*v, g.position(), g.legal_moves());
                for (int a : pending[i]) REQUIRE(t.apply(a) == TurnActions::Result::pending);
                const TurnActions::Result r = t.apply(static_cast<int>(actions[i]));
                REQUIRE(r != TurnActions::Result::illegal);
                bool over = false;
                bool cut = false;
                if (r == TurnActions::Result::pending) {
                    pending[i].push_back(static_cast<int>(actions[i]));
                } else {
                    pending[i].clear();
                    g.play(t.completed());
                    over = g.result().over();
                    cut = !over && o.max_plies > 0 && g.ply() >= static_cast<std::size_t>(o.max_plies);
                }
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

TEST_CASE("VectorEnv: the same results for 1 and 2 threads") {
    for (const char* name : {"russian", "shatra", "tobit", "international"}) {
        CAPTURE(name);
        const auto v = make_variant(name);
        auto run = [&](unsigned threads) {
            VectorEnvOptions o;
            o.num_envs = 9;
            o.seed = 4;
            o.threads = threads;
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
        CHECK(run(1) == run(2));
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
