// The registry is filled from the build: every descriptor file variants/<game>/*.json and every
// C++ game folder (variants/<game>/registry_entry.hpp) that the test build's own glob finds
// (tests/CMakeLists.txt) is registered, or listed as needing a wider build; none is silently
// dropped.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "tradgames/error.hpp"
#include "tradgames/registry.hpp"

namespace {

std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string item; std::getline(in, item, ',');) {
        if (!item.empty()) out.push_back(item);
    }
    return out;
}

bool registered(const std::string& name) {
    const auto all = tradgames::list_variants();
    return std::any_of(all.begin(), all.end(), [&](const auto& i) { return i.name == name; });
}

bool unavailable(const std::string& name) {
    const auto all = tradgames::unavailable_variants();
    return std::any_of(all.begin(), all.end(), [&](const auto& i) { return i.name == name; });
}

}  // namespace

TEST_CASE("registry: every descriptor and C++ game in variants/ is registered or says what it needs") {
    const auto descriptors = split_commas(TRADGAMES_DESCRIPTOR_STEMS);
    const auto coded = split_commas(TRADGAMES_CODED_GAMES);
    CHECK(descriptors.size() >= 14);  // the draughts games of variants/ (README "Layout")
    CHECK(coded.size() >= 1);        // shatra
    for (const auto& name : descriptors) {
        INFO("variants/*/" << name << ".json");
        CHECK(registered(name) != unavailable(name));
    }
    for (const auto& name : coded) {
        INFO("variants/" << name << "/registry_entry.hpp");
        CHECK(registered(name));
    }
    // Nothing else is registered: the registry holds exactly what the build found.
    CHECK(tradgames::list_variants().size() + tradgames::unavailable_variants().size() ==
          descriptors.size() + coded.size());
}

TEST_CASE("registry: a game wider than this build is listed as needing a 128-vertex build") {
    if (tradgames::max_vertices >= 128) {
        CHECK(tradgames::unavailable_variants().empty());
        CHECK(registered("canadian"));
        return;
    }
    REQUIRE(unavailable("canadian"));
    CHECK_FALSE(registered("canadian"));
    for (const auto& u : tradgames::unavailable_variants()) {
        if (u.name != "canadian") continue;
        CHECK(u.reason == "needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)");
        CHECK(u.description.find("Canadian") != std::string::npos);
    }
    CHECK_THROWS_WITH_AS((void)tradgames::make_variant("canadian"),
                         "variant 'canadian' needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)",
                         tradgames::OptionError);
    CHECK_THROWS_WITH_AS((void)tradgames::make_variant("Canadian"),
                         "variant 'Canadian' needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)",
                         tradgames::OptionError);
}
