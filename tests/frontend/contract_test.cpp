// The front-end contract (tradgames/frontend.hpp): the table of error classes holds every class
// of error the library's sources define, each with its base, and names the most specific class
// of an error; the argument limits refuse what is outside them.
#include <doctest/doctest.h>

#include <cctype>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/study.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/shard.hpp"

namespace fs = std::filesystem;

namespace {

// Adds "class NAME [final] : public [ns::]BASE" of text to r as NAME -> BASE. (A hand scanner:
// GCC 12's <regex> trips -Wmaybe-uninitialized in the sanitizer build.)
void scan_class_declarations(const std::string& text, std::map<std::string, std::string>& r) {
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    std::size_t at = 0;
    while ((at = text.find("class", at)) != std::string::npos) {
        std::size_t i = at + 5;
        const bool whole = (at == 0 || !word(text[at - 1])) && i < text.size() && space(text[i]);
        at = i;
        if (!whole) continue;
        const auto skip = [&] { while (i < text.size() && space(text[i])) ++i; };
        const auto ident = [&] {
            const std::size_t b = i;
            while (i < text.size() && word(text[i])) ++i;
            return text.substr(b, i - b);
        };
        skip();
        const std::string name = ident();
        skip();
        if (text.compare(i, 5, "final") == 0) { i += 5; skip(); }
        if (name.empty() || i >= text.size() || text[i] != ':' || text.compare(i, 2, "::") == 0) continue;
        ++i;
        skip();
        if (text.compare(i, 6, "public") != 0) continue;
        i += 6;
        if (i >= text.size() || !space(text[i])) continue;
        skip();
        std::string base = ident();
        while (text.compare(i, 2, "::") == 0) { i += 2; base = ident(); }
        if (!base.empty()) r[name] = base;
    }
}

// Every "class X : public Y" in the library's sources (include/, src/, variants/, engine/):
// class name -> base name (without namespace).
std::map<std::string, std::string> declared_classes() {
    const fs::path root = fs::path(TRADGAMES_TEST_DATA) / ".." / "..";
    std::map<std::string, std::string> r;
    for (const char* dir : {"include", "src", "variants", "engine"}) {
        for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
            const auto ext = e.path().extension();
            if (!e.is_regular_file() || (ext != ".hpp" && ext != ".cpp")) continue;
            std::ifstream in(e.path());
            std::stringstream ss;
            ss << in.rdbuf();
            const std::string text = ss.str();
            scan_class_declarations(text, r);
        }
    }
    return r;
}

}  // namespace

TEST_SUITE("frontend") {
    TEST_CASE("the table of error classes holds every error class of the library, each with its base") {
        const auto declared = declared_classes();
        // The error classes: Error and every class whose base is one of them.
        std::map<std::string, std::string> errors;
        bool grew = true;
        while (grew) {
            grew = false;
            for (const auto& [name, base] : declared) {
                if (errors.count(name) == 0 && (base == "Error" || errors.count(base) != 0) && name != "Error") {
                    errors[name] = base;
                    grew = true;
                }
            }
        }
        CHECK(errors.count("ShardError") == 1);  // the scan finds them
        CHECK(errors.count("PdnLimitError") == 1);
        std::map<std::string, std::string> table;
        for (const tradgames::ErrorClass& c : tradgames::error_classes()) {
            CHECK_MESSAGE((c.base.empty() || table.count(std::string(c.base)) == 1), c.name << " comes before its base");
            table[std::string(c.name)] = std::string(c.base);
        }
        REQUIRE(table.count("Error") == 1);
        CHECK(table["Error"].empty());
        for (const auto& [name, base] : errors) {
            CAPTURE(name);
            REQUIRE_MESSAGE(table.count(name) == 1, "error class missing from tradgames/frontend error_classes()");
            CHECK(table[name] == base);
        }
        CHECK(table.size() == errors.size() + 1);  // and nothing else
    }

    TEST_CASE("error_class_name names the most specific class") {
        namespace tg = tradgames;
        CHECK(tg::error_class_name(tg::Error("x")) == "Error");
        CHECK(tg::error_class_name(tg::AmbiguousMoveError("x")) == "AmbiguousMoveError");
        CHECK(tg::error_class_name(tg::IllegalMoveError("x")) == "IllegalMoveError");
        CHECK(tg::error_class_name(tg::PdnLimitError("x", 1)) == "PdnLimitError");
        CHECK(tg::error_class_name(tg::PdnInputError("x")) == "PdnInputError");
        CHECK(tg::error_class_name(tg::ShardError("x")) == "ShardError");
        CHECK(tg::error_class_name(tg::engine::egtb::EgtbError("x")) == "EgtbError");
        CHECK(tg::error_class_name(tg::engine::StudyError("x")) == "StudyError");
        CHECK(tg::error_class_name(tg::DescriptorError("x")) == "DescriptorError");
        CHECK(tg::error_class_name(std::runtime_error("x")).empty());
    }

    TEST_CASE("the argument limits") {
        namespace tg = tradgames;
        CHECK_NOTHROW(tg::check_perft_depth(0));
        CHECK_NOTHROW(tg::check_perft_depth(64));
        CHECK_THROWS_WITH_AS(tg::check_perft_depth(65), "perft depth 65 is not in 0..64", tg::OptionError);
        CHECK_THROWS_WITH_AS(tg::check_perft_depth(-1), "perft depth -1 is not in 0..64", tg::OptionError);
        CHECK_NOTHROW(tg::check_games(1));
        CHECK_NOTHROW(tg::check_games(1'000'000'000));
        CHECK_THROWS_WITH_AS(tg::check_games(0), "games 0 is not in 1..1000000000", tg::OptionError);
        CHECK_THROWS_WITH_AS(tg::check_games(1'000'000'001), "games 1000000001 is not in 1..1000000000",
                             tg::OptionError);
        CHECK_NOTHROW(tg::check_threads(1024));
        CHECK_THROWS_WITH_AS(tg::check_threads(1025), "threads 1025 is not in 0..1024", tg::OptionError);
    }
}
