#include "tradgames/io/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>

#include "board_frame.hpp"
#include "tradgames/error.hpp"

namespace tradgames {

std::string xml_escape(std::string_view text) {
    std::string r;
    r.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': r += "&amp;"; break;
            case '<': r += "&lt;"; break;
            case '>': r += "&gt;"; break;
            case '"': r += "&quot;"; break;
            case '\'': r += "&apos;"; break;
            default: {
                const auto u = static_cast<unsigned char>(c);
                r += (u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7F ? '?' : c;
            }
        }
    }
    return r;
}

namespace {

constexpr double unit = 60;  // px per board unit

/// A number as SVG writes it: at most two decimals, no trailing zeros.
std::string num(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", x);
    std::string s(buf);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

/// The pieces joined into one string (path data, point lists).
std::string cat(std::initializer_list<std::string_view> parts) {
    std::string r;
    for (const std::string_view p : parts) r += p;
    return r;
}

/// SVG path data for a straight segment.
std::string segment(double x1, double y1, double x2, double y2) {
    return cat({"M", num(x1), ",", num(y1), "L", num(x2), ",", num(y2)});
}

using Attrs = std::initializer_list<std::pair<std::string_view, std::string>>;

/// Writes an SVG document element by element; every attribute value and text is escaped.
class SvgWriter {
public:
    void open(std::string_view name, Attrs attrs) {
        start(name, attrs);
        out_ += ">\n";
    }
    void close(std::string_view name) {
        out_ += "</";
        out_ += name;
        out_ += ">\n";
    }
    void empty(std::string_view name, Attrs attrs) {
        start(name, attrs);
        out_ += "/>\n";
    }
    void text(std::string_view name, Attrs attrs, std::string_view content) {
        start(name, attrs);
        out_ += '>';
        out_ += xml_escape(content);
        close(name);
    }
    std::string& str() { return out_; }

private:
    void start(std::string_view name, Attrs attrs) {
        out_ += '<';
        out_ += name;
        for (const auto& [key, value] : attrs) {
            out_ += ' ';
            out_ += key;
            out_ += "=\"";
            out_ += xml_escape(value);
            out_ += '"';
        }
    }
    std::string out_;
};

/// A legend entry: a swatch drawn like the thing it names, and the name.
struct LegendItem {
    std::string name;
    std::string colour;
    enum class Kind { fill, outline, road, line } kind;
};

class Painter {
public:
    Painter(const Variant& v, const Position& pos, const Move* last, const SvgOptions& opts)
        : v_(v), t_(v.topology()), pos_(pos), last_(last), flipped_(opts.flipped),
          style_(v.board_style()),
          frame_(detail::make_frame(t_)) {
        const bool labels = !style_.column_labels.empty() || !style_.row_labels.empty();
        margin_ = labels ? 30 : 14;
        board_w_ = (frame_.max_x - frame_.min_x + 1) * unit;
        board_h_ = (frame_.max_y - frame_.min_y + 1) * unit;
        width_ = board_w_ + 2 * margin_;
        if (last_ != nullptr) check_move();
    }

    std::string paint() {
        layout_legend();
        const double height = margin_ * 2 + board_h_ + legend_h_;
        w_.str() = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
        w_.open("svg", {{"xmlns", "http://www.w3.org/2000/svg"},
                        {"version", "1.1"},
                        {"width", num(width_)},
                        {"height", num(height)},
                        {"viewBox", cat({"0 0 ", num(width_), " ", num(height)})},
                        {"font-family", "DejaVu Sans, Verdana, sans-serif"}});
        w_.text("title", {}, v_.name() + ": " + v_.position_to_string(pos_));
        defs();
        w_.empty("rect", {{"class", "background"}, {"x", "0"}, {"y", "0"}, {"width", num(width_)},
                          {"height", num(height)}, {"fill", "#ffffff"}});
        board();
        zones(ZoneStyle::Mark::fill);
        highlight();
        zones(ZoneStyle::Mark::outline);
        zones(ZoneStyle::Mark::road);
        board_lines();
        names();
        coordinates();
        pieces();
        last_move_marks();
        legend();
        w_.close("svg");
        return std::move(w_.str());
    }

private:
    // Centre of vertex v / of board point (x, y) in px; flipped: turned half a turn.
    double px(double x) const {
        return margin_ + ((flipped_ ? frame_.max_x - x : x - frame_.min_x) + 0.5) * unit;
    }
    double py(double y) const {
        return margin_ + ((flipped_ ? y - frame_.min_y : frame_.max_y - y) + 0.5) * unit;
    }
    double vx(Vertex v) const { return px(t_.x(v)); }
    double vy(Vertex v) const { return py(t_.y(v)); }
    bool cells() const { return style_.layout == BoardStyle::Layout::cells; }
    // Piece radius: smaller on points, leaving room for the point numbers.
    double piece_r() const { return unit * (cells() ? 0.37 : 0.33); }

    void check_move() const {
        auto check = [&](Vertex x) {
            if (x >= t_.size()) {
                throw Error("render_svg: the last move names vertex " + std::to_string(x) +
                            ", outside the board of " + v_.name());
            }
        };
        check(last_->from);
        for (Vertex x : last_->path) check(x);
        for (Vertex x : last_->captured) check(x);
    }

    void defs() {
        w_.open("defs", {});
        w_.open("pattern", {{"id", "tg-wall"}, {"patternUnits", "userSpaceOnUse"}, {"width", "10"},
                            {"height", "10"}, {"patternTransform", "rotate(45)"}});
        w_.empty("rect", {{"width", "10"}, {"height", "10"}, {"fill", "#8a8580"}});
        w_.empty("line", {{"x1", "0"}, {"y1", "0"}, {"x2", "0"}, {"y2", "10"}, {"stroke", "#5f5a55"},
                          {"stroke-width", "4"}});
        w_.close("pattern");
        w_.open("marker", {{"id", "tg-arrowhead"}, {"markerWidth", "4"}, {"markerHeight", "4"},
                           {"refX", "3"}, {"refY", "2"}, {"orient", "auto"},
                           {"markerUnits", "strokeWidth"}});
        w_.empty("path", {{"d", "M0,0 L4,2 L0,4 z"}, {"fill", "#e8590c"}});
        w_.close("marker");
        w_.close("defs");
    }

    void board() {
        w_.open("g", {{"class", "board"}});
        if (cells()) {
            for (int r = 0; r < frame_.rows; ++r) {
                for (int c = 0; c < frame_.cols; ++c) {
                    const int v = frame_.at(c, r);
                    const double x = px(frame_.min_x + c) - unit / 2;
                    const double y = py(frame_.min_y + r) - unit / 2;
                    const bool wall = v < 0 && style_.void_is_wall;
                    if (v >= 0) {
                        w_.empty("rect", {{"class", "cell"},
                                          {"data-vertex", std::string(t_.name(static_cast<Vertex>(v)))},
                                          {"x", num(x)}, {"y", num(y)}, {"width", num(unit)},
                                          {"height", num(unit)}, {"fill", style_.vertex_fill}});
                    } else {
                        w_.empty("rect", {{"class", wall ? "wall" : "cell void"}, {"x", num(x)},
                                          {"y", num(y)}, {"width", num(unit)}, {"height", num(unit)},
                                          {"fill", wall ? "url(#tg-wall)" : style_.void_fill}});
                    }
                }
            }
            w_.empty("rect", {{"class", "border"}, {"x", num(margin_)}, {"y", num(margin_)},
                              {"width", num(board_w_)}, {"height", num(board_h_)}, {"fill", "none"},
                              {"stroke", "#3b2f22"}, {"stroke-width", "2"}});
        } else {
            // A little wider than the points' cells, for the numbers right of the last column.
            const double pad = 8;
            w_.empty("rect", {{"class", "background"}, {"x", num(margin_ - pad)},
                              {"y", num(margin_ - pad)}, {"width", num(board_w_ + 2 * pad)},
                              {"height", num(board_h_ + 2 * pad)}, {"fill", style_.vertex_fill},
                              {"rx", "8"}});
            for (const auto& [a, b] : detail::links(t_)) {
                w_.empty("line", {{"class", "link"}, {"x1", num(vx(a))}, {"y1", num(vy(a))},
                                  {"x2", num(vx(b))}, {"y2", num(vy(b))}, {"stroke", "#6b4f2a"},
                                  {"stroke-width", "3"}, {"stroke-linecap", "round"}});
            }
            for (Vertex x = 0; x < t_.size(); ++x) {
                w_.empty("circle", {{"class", "point"}, {"data-vertex", std::string(t_.name(x))},
                                    {"cx", num(vx(x))}, {"cy", num(vy(x))},
                                    {"r", "5"}, {"fill", "#6b4f2a"}});
            }
        }
        w_.close("g");
    }

    // A square (cells) or disc (points) over vertex x, for fills and highlights.
    void spot(Vertex x, std::string_view cls, const std::string& colour, const std::string& opacity,
              const std::string& data) {
        if (cells()) {
            w_.empty("rect", {{"class", std::string(cls)}, {"data-zone", data},
                              {"x", num(vx(x) - unit / 2)}, {"y", num(vy(x) - unit / 2)},
                              {"width", num(unit)}, {"height", num(unit)}, {"fill", colour},
                              {"fill-opacity", opacity}});
        } else {
            w_.empty("circle", {{"class", std::string(cls)}, {"data-zone", data}, {"cx", num(vx(x))},
                                {"cy", num(vy(x))}, {"r", num(piece_r() + 6)}, {"fill", colour},
                                {"fill-opacity", opacity}});
        }
    }

    void zones(ZoneStyle::Mark mark) {
        for (const ZoneStyle& z : style_.zones) {
            if (z.mark != mark) continue;
            const Mask m = detail::zone_vertices(t_, z);
            if (m == 0) continue;
            switch (mark) {
                case ZoneStyle::Mark::fill:
                    for_each_vertex(m, [&](Vertex x) { spot(x, "zone", z.colour, "0.35", z.name); });
                    break;
                case ZoneStyle::Mark::outline: outline(z, m); break;
                case ZoneStyle::Mark::road:
                    // Opacity on the group, so that overlapping ends do not darken the joints.
                    w_.open("g", {{"opacity", "0.5"}});
                    for (const auto& [a, b] : detail::links(t_)) {
                        if (!has(m, a) || !has(m, b)) continue;
                        w_.empty("line", {{"class", "zone"}, {"data-zone", z.name},
                                          {"x1", num(vx(a))}, {"y1", num(vy(a))},
                                          {"x2", num(vx(b))}, {"y2", num(vy(b))},
                                          {"stroke", z.colour}, {"stroke-width", num(unit * 0.16)},
                                          {"stroke-linecap", "round"}});
                    }
                    w_.close("g");
                    break;
            }
        }
    }

    // cells: the border between the zone's squares and the rest, as one path; points: a ring
    // round each point.
    void outline(const ZoneStyle& z, Mask m) {
        if (!cells()) {
            for_each_vertex(m, [&](Vertex x) {
                w_.empty("circle", {{"class", "zone"}, {"data-zone", z.name}, {"cx", num(vx(x))},
                                    {"cy", num(vy(x))}, {"r", num(piece_r() + 4)}, {"fill", "none"},
                                    {"stroke", z.colour}, {"stroke-width", "3"}});
            });
            return;
        }
        std::string d;
        auto in = [&](int c, int r) {
            const int x = frame_.at(c, r);
            return x >= 0 && has(m, static_cast<Vertex>(x));
        };
        for_each_vertex(m, [&](Vertex x) {
            const auto [c, r] = frame_.place[x];
            // Edges towards the neighbours in the frame (row r + 1 is above unless flipped).
            const double l = px(t_.x(x) - 0.5), rt = px(t_.x(x) + 0.5);
            const double top = py(t_.y(x) + 0.5), bot = py(t_.y(x) - 0.5);
            if (!in(c, r + 1)) d += segment(l, top, rt, top);
            if (!in(c, r - 1)) d += segment(l, bot, rt, bot);
            if (!in(c - 1, r)) d += segment(l, top, l, bot);
            if (!in(c + 1, r)) d += segment(rt, top, rt, bot);
        });
        w_.empty("path", {{"class", "zone"}, {"data-zone", z.name}, {"d", d}, {"fill", "none"},
                          {"stroke", z.colour}, {"stroke-width", "4"}, {"stroke-linecap", "square"}});
    }

    void highlight() {
        if (last_ == nullptr) return;
        w_.open("g", {{"class", "highlights"}});
        spot(last_->from, "last-move", "#f7d94c", "0.8", "");
        for (Vertex x : last_->path) spot(x, "last-move", "#f7d94c", "0.8", "");
        w_.close("g");
    }

    void board_lines() {
        for (const BoardLine& l : style_.lines) {
            w_.empty("line", {{"class", "board-line"}, {"data-name", l.name}, {"x1", num(px(l.x1))},
                              {"y1", num(py(l.y1))}, {"x2", num(px(l.x2))}, {"y2", num(py(l.y2))},
                              {"stroke", l.colour}, {"stroke-width", "6"}});
        }
    }

    void names() {
        if (!style_.vertex_names) return;
        w_.open("g", {{"class", "names"}, {"font-size", "12"}, {"fill", "#4a3b2c"}});
        for (Vertex x = 0; x < t_.size(); ++x) {
            const std::string n(t_.name(x));
            if (cells()) {
                w_.text("text", {{"class", "name"}, {"x", num(vx(x) - unit / 2 + 3)},
                                 {"y", num(vy(x) - unit / 2 + 13)}},
                        n);
            } else {
                // Above and right of the point, clear of its piece and ring.
                w_.text("text", {{"class", "name"}, {"x", num(vx(x) + unit * 0.3)},
                                 {"y", num(vy(x) - unit * 0.3)}, {"stroke", style_.vertex_fill},
                                 {"stroke-width", "3"}, {"paint-order", "stroke"}},
                        n);
            }
        }
        w_.close("g");
    }

    void coordinates() {
        if (style_.column_labels.empty() && style_.row_labels.empty()) return;
        w_.open("g", {{"class", "coordinates"}, {"font-size", "15"}, {"fill", "#3b2f22"},
                      {"text-anchor", "middle"}});
        auto label = [](const std::vector<std::string>& labels, double at) -> const std::string* {
            const long i = std::lround(at);
            if (i < 0 || static_cast<std::size_t>(i) >= labels.size()) return nullptr;
            return &labels[static_cast<std::size_t>(i)];
        };
        for (int c = 0; c < frame_.cols; ++c) {
            const double x = frame_.min_x + c;
            if (const auto* s = label(style_.column_labels, x)) {
                for (const double y : {margin_ - 10, margin_ + board_h_ + 20}) {
                    w_.text("text", {{"class", "coordinate"}, {"x", num(px(x))}, {"y", num(y)}}, *s);
                }
            }
        }
        for (int r = 0; r < frame_.rows; ++r) {
            const double y = frame_.min_y + r;
            if (const auto* s = label(style_.row_labels, y)) {
                for (const double x : {margin_ / 2, margin_ * 1.5 + board_w_}) {
                    w_.text("text", {{"class", "coordinate"}, {"x", num(x)}, {"y", num(py(y) + 5)}},
                            *s);
                }
            }
        }
        w_.close("g");
    }

    std::string glyph(Kind k) const {
        if (k < style_.glyphs.size()) return style_.glyphs[k];
        if (k == 0) return {};
        return std::string(1, v_.kinds()[k].symbol);
    }

    void pieces() {
        w_.open("g", {{"class", "pieces"}});
        for_each_vertex(pos_.occupied(), [&](Vertex x) {
            const Piece p = pos_.at(x);
            const bool white = p.color() == Color::white;
            const std::string ink = white ? "#2b2b2b" : "#f4f1ea";
            const std::string kind = p.kind() < v_.kinds().size() ? v_.kinds()[p.kind()].name : "?";
            w_.open("g", {{"class", "piece"}, {"data-vertex", std::string(t_.name(x))},
                          {"data-color", std::string(to_string(p.color()))}, {"data-kind", kind}});
            w_.empty("circle", {{"cx", num(vx(x))}, {"cy", num(vy(x) + 2)}, {"r", num(piece_r())},
                                {"fill", "#000000"}, {"fill-opacity", "0.25"}});
            w_.empty("circle", {{"cx", num(vx(x))}, {"cy", num(vy(x))}, {"r", num(piece_r())},
                                {"fill", white ? "#fbfaf4" : "#272522"},
                                {"stroke", white ? "#2b2b2b" : "#000000"}, {"stroke-width", "2"}});
            const std::string g = p.kind() < v_.kinds().size() ? glyph(p.kind()) : "?";
            if (!g.empty()) {
                w_.empty("circle", {{"cx", num(vx(x))}, {"cy", num(vy(x))}, {"r", num(piece_r() - 5.5)},
                                    {"fill", "none"}, {"stroke", ink}, {"stroke-width", "1.5"}});
                w_.text("text", {{"class", "glyph"}, {"x", num(vx(x))}, {"y", num(vy(x) + 8)},
                                 {"text-anchor", "middle"}, {"font-size", "23"},
                                 {"font-weight", "bold"}, {"fill", ink}},
                        g);
            }
            w_.close("g");
        });
        w_.close("g");
    }

    void last_move_marks() {
        if (last_ == nullptr) return;
        w_.open("g", {{"class", "last-move-marks"}});
        // The arrow runs through the landings and stops at the edge of the piece that moved.
        std::vector<std::pair<double, double>> at{{vx(last_->from), vy(last_->from)}};
        for (Vertex x : last_->path) at.emplace_back(vx(x), vy(x));
        auto& [ex, ey] = at.back();
        const auto& [fx, fy] = at[at.size() - 2];
        const double len = std::hypot(ex - fx, ey - fy);
        const double cut = piece_r() + 2;
        if (len > cut) {
            ex -= (ex - fx) / len * cut;
            ey -= (ey - fy) / len * cut;
        }
        std::string points;
        for (const auto& [x, y] : at) points += cat({points.empty() ? "" : " ", num(x), ",", num(y)});
        w_.empty("polyline", {{"class", "arrow"}, {"points", points}, {"fill", "none"},
                              {"stroke", "#e8590c"}, {"stroke-opacity", "0.85"},
                              {"stroke-width", "5"}, {"stroke-linejoin", "round"},
                              {"stroke-linecap", "round"}, {"marker-end", "url(#tg-arrowhead)"}});
        // A cross on every captured square, over the arrow.
        const double s = unit * 0.17;
        for (Vertex x : last_->captured) {
            const double cx = vx(x), cy = vy(x);
            const std::string d = segment(cx - s, cy - s, cx + s, cy + s) +
                                  segment(cx - s, cy + s, cx + s, cy - s);
            w_.empty("path", {{"d", d}, {"stroke", "#ffffff"}, {"stroke-width", "9"},
                              {"stroke-linecap", "round"}});
            w_.empty("path", {{"class", "captured"}, {"data-vertex", std::string(t_.name(x))},
                              {"d", d}, {"stroke", "#c0392b"}, {"stroke-width", "5"},
                              {"stroke-linecap", "round"}});
        }
        w_.close("g");
    }

    // Legend: the side to move, then every named zone and line, wrapped to the picture's width.
    void layout_legend() {
        for (const ZoneStyle& z : style_.zones) {
            if (z.name.empty() || detail::zone_vertices(t_, z) == 0) continue;
            const auto kind = z.mark == ZoneStyle::Mark::fill      ? LegendItem::Kind::fill
                              : z.mark == ZoneStyle::Mark::outline ? LegendItem::Kind::outline
                                                                   : LegendItem::Kind::road;
            legend_.push_back({z.name, z.colour, kind});
        }
        for (const BoardLine& l : style_.lines) {
            if (!l.name.empty()) legend_.push_back({l.name, l.colour, LegendItem::Kind::line});
        }
        double x = margin_ + to_move_width();
        int lines = 1;
        for (const LegendItem& item : legend_) {
            const double w = item_width(item);
            if (x + w > width_ - margin_ / 2) {
                ++lines;
                x = margin_;
            }
            x += w;
        }
        legend_h_ = 8 + 22.0 * lines;
    }

    // Estimated width of legend text (14 px DejaVu Sans averages under 8 px a character).
    static double text_width(std::string_view s) { return 8.0 * static_cast<double>(s.size()); }
    double to_move_width() const { return text_width("White to move") + 24; }
    static double item_width(const LegendItem& item) { return 24 + text_width(item.name) + 18; }

    void legend() {
        const double top = margin_ * 2 + board_h_ + 4;
        w_.open("g", {{"class", "legend"}, {"font-size", "14"}, {"fill", "#222222"}});
        w_.text("text", {{"class", "to-move"}, {"x", num(margin_)}, {"y", num(top + 14)}},
                pos_.side_to_move() == Color::white ? "White to move" : "Black to move");
        double x = margin_ + to_move_width();
        double y = top;
        for (const LegendItem& item : legend_) {
            const double w = item_width(item);
            if (x + w > width_ - margin_ / 2) {
                x = margin_;
                y += 22;
            }
            switch (item.kind) {
                case LegendItem::Kind::fill:
                    w_.empty("rect", {{"x", num(x)}, {"y", num(y + 2)}, {"width", "16"}, {"height", "16"},
                                      {"fill", item.colour}, {"fill-opacity", "0.35"},
                                      {"stroke", "#555555"}, {"stroke-width", "0.5"}});
                    break;
                case LegendItem::Kind::outline:
                    w_.empty("rect", {{"x", num(x + 1)}, {"y", num(y + 3)}, {"width", "14"}, {"height", "14"},
                                      {"fill", "none"}, {"stroke", item.colour}, {"stroke-width", "3"}});
                    break;
                case LegendItem::Kind::road:
                case LegendItem::Kind::line: {
                    const bool road = item.kind == LegendItem::Kind::road;
                    w_.empty("line", {{"x1", num(x)}, {"y1", num(y + 10)}, {"x2", num(x + 16)},
                                      {"y2", num(y + 10)}, {"stroke", item.colour},
                                      {"stroke-opacity", road ? "0.5" : "1"},
                                      {"stroke-width", road ? num(unit * 0.16) : "6"}});
                    break;
                }
            }
            w_.text("text", {{"x", num(x + 24)}, {"y", num(y + 15)}}, item.name);
            x += w;
        }
        w_.close("g");
    }

    const Variant& v_;
    const Topology& t_;
    const Position& pos_;
    const Move* last_;
    bool flipped_;
    BoardStyle style_;
    detail::BoardFrame frame_;
    SvgWriter w_;
    std::vector<LegendItem> legend_;
    double margin_ = 0;
    double board_w_ = 0, board_h_ = 0;
    double width_ = 0;
    double legend_h_ = 0;
};

}  // namespace

std::string render_svg(const Variant& v, const Position& pos, const Move* last_move,
                       const SvgOptions& opts) {
    return Painter(v, pos, last_move, opts).paint();
}

}  // namespace tradgames
