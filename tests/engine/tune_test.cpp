// The tuner's regularisation (engine/tune.hpp): the pull towards the start weights, the freeze of
// weights whose feature is too rarely non-zero, and the bounds.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "tradgames/engine/tune.hpp"
#include "tradgames/registry.hpp"

using namespace tradgames;
using namespace tradgames::engine;

namespace {

struct Fixture {
    std::shared_ptr<const Variant> v = make_variant("russian");
    Weights start = generic_weights(*v);
    std::vector<TuneSample> samples;
    Fixture() {
        SelfPlayOptions sp;
        sp.games = 40;
        sp.depth = 1;
        sp.evaluation = std::make_shared<const Evaluation>(*v, start);
        samples = self_play_samples(v, sp);
    }
    /// No regularisation at all.
    [[nodiscard]] static TuneOptions free() {
        TuneOptions o;
        o.steps = 300;
        o.l2 = 0;
        o.min_support = 0;
        o.max_term = 100000;
        o.min_material = 0;
        o.max_material = 100000;
        return o;
    }
};

bool same(const KindWeights& a, const KindWeights& b) {
    return a.material == b.material && a.advancement == b.advancement && a.centre == b.centre &&
           a.back_rank == b.back_rank;
}

}  // namespace

TEST_SUITE("engine") {
    TEST_CASE("tune: regularisation pulls, freezes and bounds the weights") {
        const Fixture f;
        REQUIRE(f.samples.size() > 100);
        const KindWeights man0 = f.start.kinds.at("man");
        const KindWeights king0 = f.start.kinds.at("king");

        // Unregularised, the fit moves weights of both kinds away from the start.
        const TuneReport loose = tune_weights(*f.v, f.samples, f.start, Fixture::free());
        CHECK(loose.frozen == 0);
        CHECK_FALSE(same(loose.weights.kinds.at("man"), man0));
        CHECK_FALSE(same(loose.weights.kinds.at("king"), king0));

        // A pull far stronger than any error keeps every weight at its start value.
        TuneOptions pulled = Fixture::free();
        pulled.l2 = 1e6;
        const TuneReport p = tune_weights(*f.v, f.samples, f.start, pulled);
        CHECK(same(p.weights.kinds.at("man"), man0));
        CHECK(same(p.weights.kinds.at("king"), king0));
        CHECK(p.weights.tempo == f.start.tempo);

        // min_support 1: a feature that is zero in some sample is frozen. Kings are absent from
        // the opening samples, so all four king weights keep their start values.
        TuneOptions rare = Fixture::free();
        rare.min_support = 1;
        const TuneReport r = tune_weights(*f.v, f.samples, f.start, rare);
        CHECK(r.frozen >= 4);
        CHECK(same(r.weights.kinds.at("king"), king0));

        // Bounds: positional weights in [-max_term, max_term], material in [min, max].
        TuneOptions bounded = Fixture::free();
        bounded.max_term = 0;
        bounded.min_material = bounded.max_material = 150;
        const TuneReport b = tune_weights(*f.v, f.samples, f.start, bounded);
        const KindWeights man = b.weights.kinds.at("man");
        const KindWeights king = b.weights.kinds.at("king");
        CHECK(man.material == 100);  // the unit is never tuned
        CHECK(king.material == 150);
        CHECK(man.advancement == 0);
        CHECK(man.centre == 0);
        CHECK(man.back_rank == 0);
        CHECK(king.advancement == 0);
        CHECK(king.centre == 0);
        CHECK(king.back_rank == 0);
        CHECK(b.weights.mobility == 0);
        CHECK(b.weights.tempo == 0);

        TuneOptions bad = Fixture::free();
        bad.l2 = -1;
        CHECK_THROWS_AS((void)tune_weights(*f.v, f.samples, f.start, bad), OptionError);
        bad = Fixture::free();
        bad.min_material = 200;
        bad.max_material = 100;
        CHECK_THROWS_AS((void)tune_weights(*f.v, f.samples, f.start, bad), OptionError);
    }
}
