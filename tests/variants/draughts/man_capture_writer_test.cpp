// The men's capture writer (ManCaptureWriter, variants/draughts/variant.cpp: the captures of a
// side whose kings cannot capture, written on the ghost numbering for International, Brazilian
// and the other games with its rules) against the shared capture generator it stands in for:
// the same moves in the same order, with the same landing sequence and capture order kept for
// each U move, on random positions of every draughts-family game whose precedence the
// generator applies while searching (the majority rule or none), from sparse to crowded, men
// only and with kings (then the generator decides whenever a king may capture).
#include "tradgames/draughts.hpp"
#include "tradgames/registry.hpp"
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "tradgames/random.hpp"
#include "support/draughts_random.hpp"

using namespace tradgames;

TEST_CASE("the men's capture writer writes what the capture generator writes") {
    long positions = 0;     // capture positions compared
    long international = 0;  // ... of International (the writer's game)
    long merged = 0;        // ... with a U move that two paths give
    for (const auto& info : list_variants()) {
        const auto variant = make_variant(info.name);
        const auto* v = dynamic_cast<const DraughtsVariant*>(variant.get());
        if (v == nullptr) continue;
        const DraughtsDescriptor& d = v->descriptor();
        const CaptureRules& rules = v->capture_rules();
        const bool most = !d.precedence.empty() && d.precedence.front() == Precedence::most_pieces;
        // Games whose whole precedence the generator applies itself, with the default hooks.
        if (!rules.plain() || d.king_reverts || d.precedence.size() != (most ? 1U : 0U)) continue;
        CAPTURE(v->name());
        DraughtsHooks hooks;
        hooks.promotion_zone = rules.promotion_zone;
        Rng rng(20261204);
        for (int i = 0; i < 4000; ++i) {
            const Position p = tgtest::random_draughts_position(*v, rng, 25 + (i % 7) * 10, i % 3 == 0 ? 8 : 0);
            CAPTURE(v->position_to_string(p));
            MoveList got;
            v->generate(p, got, Duplicates::unique);
            MoveList want;
            CaptureSequenceGenerator<DraughtsHooks, true> gen(v->topology(), rules, hooks);
            gen.keep_most_captures(most);
            gen.generate(p, want, Duplicates::unique);
            if (want.empty()) {
                CHECK((got.empty() || !got[0].is_capture()));
                continue;
            }
            REQUIRE(got.size() == want.size());
            for (std::size_t m = 0; m < want.size(); ++m) {
                CAPTURE(m);
                CHECK(got[m] == want[m]);  // path and capture order included
                CHECK(got[m].captured_mask == want[m].captured_mask);
            }
            MoveList all;
            v->generate(p, all, Duplicates::all_paths);
            merged += all.size() > got.size() ? 1 : 0;
            ++positions;
            international += v->name() == "international" ? 1 : 0;
        }
    }
    CHECK(positions > 10000);
    CHECK(international > 1000);
    CHECK(merged > 50);
    MESSAGE("capture positions " << positions << " (International " << international << ", "
                                 << merged << " with paths merged)");
}
