// Pictures: SVG documents parse as XML (tinyxml2) and hold the expected elements, for Russian
// positions and for hand-made boards that stand for Shatra (squares, walls, zones, ditch, high
// road, five piece kinds) and Tobit (points on lines); the text board shows coordinates, walls,
// the ditch and links.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <tinyxml2.h>

#include "support/stub_variant.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/io/ascii.hpp"
#include "tradgames/io/svg.hpp"

using namespace tradgames;

namespace {

/// An SVG document parsed, with its elements indexed by class.
class Svg {
public:
    explicit Svg(const std::string& text) {
        ok_ = doc_.Parse(text.c_str(), text.size()) == tinyxml2::XML_SUCCESS;
        if (ok_) index(doc_.RootElement());
    }
    [[nodiscard]] bool ok() const { return ok_; }
    [[nodiscard]] std::string root() const { return ok_ ? doc_.RootElement()->Name() : ""; }
    /// Elements whose class attribute contains the word `cls`.
    [[nodiscard]] std::vector<const tinyxml2::XMLElement*> all(const std::string& cls) const {
        const auto it = by_class_.find(cls);
        return it == by_class_.end() ? std::vector<const tinyxml2::XMLElement*>{} : it->second;
    }
    [[nodiscard]] std::size_t count(const std::string& cls) const { return all(cls).size(); }
    /// Text contents of the elements of class cls, sorted.
    [[nodiscard]] std::vector<std::string> texts(const std::string& cls) const {
        std::vector<std::string> r;
        for (const auto* e : all(cls)) r.emplace_back(e->GetText() != nullptr ? e->GetText() : "");
        std::sort(r.begin(), r.end());
        return r;
    }
    /// Values of attribute attr of the elements of class cls, sorted.
    [[nodiscard]] std::vector<std::string> attrs(const std::string& cls, const char* attr) const {
        std::vector<std::string> r;
        for (const auto* e : all(cls)) r.emplace_back(e->Attribute(attr) != nullptr ? e->Attribute(attr) : "");
        std::sort(r.begin(), r.end());
        return r;
    }

private:
    void index(const tinyxml2::XMLElement* e) {
        for (; e != nullptr; e = e->NextSiblingElement()) {
            if (const char* c = e->Attribute("class")) {
                std::string s(c);
                std::size_t start = 0;
                while (start < s.size()) {
                    std::size_t end = s.find(' ', start);
                    if (end == std::string::npos) end = s.size();
                    by_class_[s.substr(start, end - start)].push_back(e);
                    start = end + 1;
                }
            }
            index(e->FirstChildElement());
        }
    }
    tinyxml2::XMLDocument doc_;
    bool ok_ = false;
    std::map<std::string, std::vector<const tinyxml2::XMLElement*>> by_class_;
};

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

std::size_t occurrences(const std::string& text, char c) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), c));
}

// Zone bits of the Shatra-like test board.
constexpr ZoneSet fortress = 1U << 0;
constexpr ZoneSet gate = 1U << 1;
constexpr ZoneSet road = 1U << 2;

/// A 3x4 grid standing for Shatra's board: row 0 holds only the gate g (its corners are
/// walls), row 1 the fortress f0-f2, rows 2-3 the field; the middle file is a high road. Every
/// square is linked to its (up to 8) neighbours. A name with XML's special characters checks
/// escaping.
BoardGraph walled_board() {
    BoardGraph g;
    struct Sq { const char* name; int x, y; ZoneSet z; };
    const Sq squares[] = {{"g", 1, 0, gate | road},  {"f0", 0, 1, fortress}, {"f1", 1, 1, fortress | road},
                          {"f2", 2, 1, fortress},    {"a&<2>", 0, 2, 0},     {"b2", 1, 2, road},
                          {"c2", 2, 2, 0},           {"a3", 0, 3, 0},        {"b3", 1, 3, road},
                          {"c3", 2, 3, 0}};
    for (const Sq& s : squares) g.add_vertex({s.name, {}, double(s.x), double(s.y), s.z});
    auto at = [&](int x, int y) -> int {
        for (int i = 0; i < 10; ++i) {
            if (squares[i].x == x && squares[i].y == y) return i;
        }
        return -1;
    };
    for (int i = 0; i < 10; ++i) {
        const int x = squares[i].x, y = squares[i].y;
        const std::pair<int, int> up[] = {{0, 1}, {1, 1}, {1, 0}, {-1, 1}};
        const Direction dir[] = {Direction::n, Direction::ne, Direction::e, Direction::nw};
        for (int k = 0; k < 4; ++k) {
            const int j = at(x + up[k].first, y + up[k].second);
            if (j >= 0) g.add_link(static_cast<Vertex>(i), static_cast<Vertex>(j), dir[k]);
        }
    }
    return g;
}

BoardStyle walled_style() {
    BoardStyle s;
    s.layout = BoardStyle::Layout::cells;
    s.void_is_wall = true;
    s.column_labels = file_letters(3);
    s.row_labels = rank_numbers(4);
    s.zones = {{fortress, "fortress", ZoneStyle::Mark::outline, "#8e2c2c"},
               {gate, "gate", ZoneStyle::Mark::fill, "#c77d1a"},
               {road, "high road", ZoneStyle::Mark::road, "#2c6e8e"}};
    s.lines = {{-0.5, 1.5, 2.5, 1.5, "ditch", "#1f5fa8"}};
    return s;
}

const std::vector<PieceKindInfo> shatra_kinds = {
    {"shatra", '\0', 'S'}, {"biy", 'K', 'K'}, {"batyr", 'Q', 'Q'}, {"tura", 'R', 'R'}, {"yalkyn", 'Y', 'Y'}};

/// A plus of five points: centre c, arms n, e, s, w, linked along two lines (a Tobit crossing).
BoardGraph plus_board() {
    BoardGraph g;
    g.add_vertex({"c", {}, 1, 1, 0});
    g.add_vertex({"n", {}, 1, 2, fortress});
    g.add_vertex({"e", {}, 2, 1, 0});
    g.add_vertex({"s", {}, 1, 0, fortress});
    g.add_vertex({"w", {}, 0, 1, 0});
    g.add_link(0, 1, Direction::n);
    g.add_link(0, 2, Direction::e);
    g.add_link(0, 3, Direction::s);
    g.add_link(0, 4, Direction::w);
    return g;
}

}  // namespace

TEST_SUITE("pictures") {
    TEST_CASE("xml_escape") {
        CHECK(xml_escape("<a & 'b'>\"") == "&lt;a &amp; &apos;b&apos;&gt;&quot;");
        CHECK(xml_escape(std::string("x\x01y\tz", 5)) == "x?y\tz");
        CHECK(xml_escape("plain") == "plain");
    }

    TEST_CASE("SVG of the Russian initial position") {
        const auto v = make_variant("russian");
        const Svg svg(render_svg(*v, v->initial_position()));
        REQUIRE(svg.ok());
        CHECK(svg.root() == "svg");
        CHECK(svg.count("cell") == 64);  // 32 playing squares and 32 light ones
        CHECK(svg.count("void") == 32);
        CHECK(svg.count("wall") == 0);
        CHECK(svg.count("piece") == 24);
        std::vector<std::string> colours(12, "black");
        colours.resize(24, "white");
        CHECK(svg.attrs("piece", "data-color") == colours);
        CHECK(svg.count("glyph") == 0);  // men carry no letter
        // a-h above and below, 1-8 on both sides.
        std::vector<std::string> coords;
        for (const char* s : {"a", "b", "c", "d", "e", "f", "g", "h", "1", "2", "3", "4", "5", "6", "7", "8"}) {
            coords.push_back(s);
            coords.push_back(s);
        }
        CHECK(svg.texts("coordinate") == sorted(coords));
        CHECK(svg.count("name") == 0);
        CHECK(svg.count("arrow") == 0);
        CHECK(svg.texts("to-move") == std::vector<std::string>{"White to move"});
    }

    TEST_CASE("SVG: every playing square names its vertex; flipped turns the board") {
        const auto v = make_variant("russian");
        const Position p = v->initial_position();
        // The top-left corner (x, y) of the cell of vertex `name`, and the centre of its piece.
        auto cell_at = [](const Svg& svg, const std::string& name) {
            for (const auto* e : svg.all("cell")) {
                const char* d = e->Attribute("data-vertex");
                if (d != nullptr && name == d) return std::make_pair(e->DoubleAttribute("x"), e->DoubleAttribute("y"));
            }
            return std::make_pair(-1.0, -1.0);
        };
        const Svg normal(render_svg(*v, p));
        const Svg flipped(render_svg(*v, p, nullptr, SvgOptions{true}));
        REQUIRE(normal.ok());
        REQUIRE(flipped.ok());
        std::vector<std::string> names;
        for (Vertex x = 0; x < v->topology().size(); ++x) names.emplace_back(v->topology().name(x));
        std::vector<std::string> marked;
        for (const std::string& a : normal.attrs("cell", "data-vertex")) {
            if (!a.empty()) marked.push_back(a);
        }
        CHECK(marked == sorted(names));  // the 32 dark squares, each once; light ones unnamed
        // The board is 8 x 60 px with a 30 px margin: a1 bottom left, h8 top right; flipped,
        // the other way round.
        CHECK(cell_at(normal, "a1") == std::make_pair(30.0, 450.0));
        CHECK(cell_at(normal, "h8") == std::make_pair(450.0, 30.0));
        CHECK(cell_at(flipped, "a1") == std::make_pair(450.0, 30.0));
        CHECK(cell_at(flipped, "h8") == std::make_pair(30.0, 450.0));
        CHECK(flipped.count("piece") == 24);
        CHECK(flipped.texts("coordinate") == normal.texts("coordinate"));
    }

    TEST_CASE("SVG with kings and the last move (a king's double capture)") {
        const auto v = make_variant("russian");
        const Position before = v->parse_position("W:WKa1,e3:Bc3,f4,b6,Kd8");
        const Move m = v->parse_move(before, "a1:e5:g3");
        Position after = before;
        Undo u;
        v->make_move(after, m, u);
        const Svg svg(render_svg(*v, after, &m));
        REQUIRE(svg.ok());
        CHECK(svg.count("piece") == 4);  // Kg3, e3, b6, Kd8
        CHECK(svg.texts("glyph") == std::vector<std::string>{"K", "K"});
        CHECK(svg.attrs("captured", "data-vertex") == std::vector<std::string>{"c3", "f4"});
        CHECK(svg.count("last-move") == 3);  // a1, e5, g3
        CHECK(svg.count("arrow") == 1);
        CHECK(svg.texts("to-move") == std::vector<std::string>{"Black to move"});
        std::vector<std::string> kinds = svg.attrs("piece", "data-kind");
        CHECK(kinds == std::vector<std::string>{"king", "king", "man", "man"});

        Move bad = m;
        bad.path.back() = 200;
        CHECK_THROWS_AS((void)render_svg(*v, after, &bad), Error);
    }

    TEST_CASE("SVG of a walled board: walls, fortress outline, gate, high road, ditch, kinds") {
        const tgtest::StubVariant v(walled_board(), shatra_kinds, walled_style());
        Position p;
        for (Kind k = 0; k < 5; ++k) p.put(static_cast<Vertex>(5 + k), Piece(Color::white, k));
        p.put(0, Piece(Color::black, 1));
        const Svg svg(render_svg(v, p));
        REQUIRE(svg.ok());
        CHECK(svg.count("wall") == 2);  // the two corners of row 0
        CHECK(svg.count("cell") == 10);
        // The fortress strip f0-f2 is outlined by one path of 3 + 3 + 1 + 1 unit segments.
        const auto zones = svg.all("zone");
        std::map<std::string, int> per_zone;
        for (const auto* e : zones) ++per_zone[e->Attribute("data-zone")];
        CHECK(per_zone == std::map<std::string, int>{{"fortress", 1}, {"gate", 1}, {"high road", 3}});
        for (const auto* e : zones) {
            if (std::string(e->Attribute("data-zone")) == "fortress") {
                CHECK(occurrences(e->Attribute("d"), 'M') == 8);
            }
        }
        CHECK(svg.attrs("board-line", "data-name") == std::vector<std::string>{"ditch"});
        // Every square named, the special characters intact after parsing.
        CHECK(svg.texts("name") ==
              sorted({"g", "f0", "f1", "f2", "a&<2>", "b2", "c2", "a3", "b3", "c3"}));
        // The five kinds are told apart: no letter on a shatra, K Q R Y on the others.
        CHECK(svg.texts("glyph") == std::vector<std::string>{"K", "K", "Q", "R", "Y"});
        CHECK(svg.attrs("piece", "data-kind") ==
              sorted({"batyr", "biy", "biy", "shatra", "tura", "yalkyn"}));
        std::vector<std::string> legend;
        for (const auto* g : svg.all("legend")) {
            for (const auto* t = g->FirstChildElement("text"); t != nullptr; t = t->NextSiblingElement("text")) {
                legend.emplace_back(t->GetText());
            }
        }
        CHECK(legend == std::vector<std::string>{"White to move", "fortress", "gate", "high road", "ditch"});
    }

    TEST_CASE("SVG of points on lines: every link a line, every point named and ringed by zone") {
        BoardStyle style;  // the default: points joined by the graph's links
        style.zones = {{fortress, "promotion", ZoneStyle::Mark::outline, "#8e2c2c"}};
        style.glyphs = {"", "T"};
        const tgtest::StubVariant v(plus_board(), {{"hul", '\0', 'H'}, {"tobit", 'K', 'X'}}, style);
        Position p;
        p.put(0, Piece(Color::white, 1));
        p.put(1, Piece(Color::black, 0));
        const Svg svg(render_svg(v, p));
        REQUIRE(svg.ok());
        CHECK(svg.count("link") == 4);
        CHECK(svg.count("point") == 5);
        CHECK(svg.count("cell") == 0);
        CHECK(svg.texts("name") == sorted({"c", "n", "e", "s", "w"}));
        CHECK(svg.count("zone") == 2);             // rings round n and s
        CHECK(svg.texts("glyph") == std::vector<std::string>{"T"});  // the style's glyph, not 'X'
    }

    TEST_CASE("text board of the Russian position: coordinates, pieces, side to move") {
        const auto v = make_variant("russian");
        const std::string text = render_ascii(*v, v->parse_position("B:WKc3,e1:Bh8"));
        CHECK(text ==
              "  a b c d e f g h\n"
              "8   .   .   .   m  8\n"
              "7 .   .   .   .    7\n"
              "6   .   .   .   .  6\n"
              "5 .   .   .   .    5\n"
              "4   .   .   .   .  4\n"
              "3 .   K   .   .    3\n"
              "2   .   .   .   .  2\n"
              "1 .   .   M   .    1\n"
              "  a b c d e f g h\n"
              "pieces: M man, K king (white upper case, black lower case)\n"
              "black to move\n");
    }

    TEST_CASE("text board of the walled board: walls, ditch, names, zones") {
        const tgtest::StubVariant v(walled_board(), shatra_kinds, walled_style());
        Position p;
        p.put(5, Piece(Color::white, 2));  // batyr on b2
        p.put(0, Piece(Color::black, 1));  // biy on the gate
        const std::string text = render_ascii(v, p);
        CHECK(text ==
              "       a      b      c\n"
              "4     a3     b3     c3  4\n"
              "3  a&<2>    Qb2     c2  3\n"
              " =====================  ditch\n"
              "2     f0     f1     f2  2\n"
              "1 ######     kg ######  1\n"
              "       a      b      c\n"
              "fortress: f0 f1 f2\n"
              "gate: g\n"
              "high road: g f1 b2 b3\n"
              "pieces: S shatra, K biy, Q batyr, R tura, Y yalkyn (white upper case, black lower case)\n"
              "white to move\n");
    }

    TEST_CASE("text board of points on lines") {
        const tgtest::StubVariant v(plus_board(), {{"hul", '\0', 'H'}, {"tobit", 'K', 'T'}}, BoardStyle{});
        Position p;
        p.put(0, Piece(Color::white, 1));
        const std::string text = render_ascii(v, p);
        CHECK(text ==
              "         n\n"
              "         |\n"
              "    w---Tc----e\n"
              "         |\n"
              "         s\n"
              "pieces: H hul, T tobit (white upper case, black lower case)\n"
              "white to move\n");
    }
}
