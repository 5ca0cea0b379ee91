// Moves explained (issue 27): the check shared by the per-game reason tests
// (tests/variants/draughts/move_reason_test.cpp, tests/variants/shatra/move_reason_test.cpp).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/explain.hpp"
#include "tradgames/registry.hpp"

namespace tradgames::test {

struct ReasonCase {
    const char* fen;
    const char* text;
    MoveReason reason;
    std::vector<std::string> alternatives;  ///< sorted
    const char* section;                    ///< after "variants/<game>/RULES.md "
};

/// The moves sorted and joined by spaces (doctest prints strings, not vectors).
inline std::string sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    std::string r;
    for (const std::string& s : v) r += (r.empty() ? "" : " ") + s;
    return r;
}

/// For each case: explain_move refuses the text for the case's reason, with exactly its
/// alternatives and the section "variants/<game>/RULES.md <section>" (tobit-4x4: tobit's
/// file); parse_move throws ParseError (not-a-move) or an IllegalMoveError carrying the same
/// reason, section and alternatives (an AmbiguousMoveError iff the reason is "ambiguous").
inline void check_reasons(const char* game, const std::vector<ReasonCase>& cases) {
    const auto v = make_variant(game);
    for (const ReasonCase& c : cases) {
        const std::string where = std::string(game) + " " + c.fen + " " + c.text;
        CAPTURE(where);
        const Position pos = v->parse_position(c.fen);
        const MoveExplanation e = v->explain_move(pos, c.text);
        CHECK_FALSE(e.legal);
        CHECK(to_string(e.reason) == to_string(c.reason));
        CHECK(sorted(e.alternative_texts) == sorted(c.alternatives));
        CHECK(e.alternatives.size() == e.alternative_texts.size());
        // tobit-4x4's rules are tobit's RULES.md (§2.5 describes its board).
        const std::string dir = std::string(game) == "tobit-4x4" ? "tobit" : game;
        const std::string rule = "variants/" + dir + "/RULES.md " + c.section;
        CHECK(e.rule == rule);
        // parse_move throws the same reason, rule and alternatives (a malformed text throws
        // ParseError instead).
        if (c.reason == MoveReason::not_a_move) {
            CHECK_THROWS_AS((void)v->parse_move(pos, c.text), ParseError);
            continue;
        }
        try {
            (void)v->parse_move(pos, c.text);
            FAIL("accepted");
        } catch (const IllegalMoveError& err) {
            CHECK(err.reason() == to_string(c.reason));
            CHECK(err.rule() == rule);
            CHECK(sorted(err.legal()) == sorted(c.alternatives));
            CHECK(std::string(err.what()).find("(" + rule + ")") != std::string::npos);
            CHECK((dynamic_cast<const AmbiguousMoveError*>(&err) != nullptr) ==
                  (c.reason == MoveReason::ambiguous));
        }
    }
}

}  // namespace tradgames::test
