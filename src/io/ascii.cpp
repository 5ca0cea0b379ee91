#include "tradgames/io/ascii.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "board_frame.hpp"

namespace tradgames {

namespace {

/// Writes s into line at column x, growing the line as needed.
void put(std::string& line, std::size_t x, std::string_view s) {
    if (line.size() < x + s.size()) line.resize(x + s.size(), ' ');
    line.replace(x, s.size(), s);
}

std::string right(std::string_view s, std::size_t w) {
    return s.size() >= w ? std::string(s) : std::string(w - s.size(), ' ') + std::string(s);
}

const std::string* label_at(const std::vector<std::string>& labels, double at) {
    const long i = std::lround(at);
    if (i < 0 || static_cast<std::size_t>(i) >= labels.size()) return nullptr;
    return &labels[static_cast<std::size_t>(i)];
}

}  // namespace

std::string render_ascii(const Variant& v, const Position& pos) {
    const Topology& t = v.topology();
    const BoardStyle style = v.board_style();
    const detail::BoardFrame f = detail::make_frame(t);
    const bool points = style.layout == BoardStyle::Layout::points;

    std::size_t name_w = 0;
    for (Vertex x = 0; x < t.size(); ++x) name_w = std::max(name_w, t.name(x).size());
    const std::size_t cell_w = style.vertex_names ? name_w + 1 : 1;
    const std::size_t gap = points ? 3 : 1;
    const std::size_t stride = cell_w + gap;
    const int step = points ? 2 : 1;  // text lines per grid row (points: one for the links)
    auto col_x = [&](int c) { return static_cast<std::size_t>(c) * stride + gap; };
    auto row_y = [&](int r) { return static_cast<std::size_t>((f.rows - 1 - r) * step); };

    std::vector<std::string> canvas(static_cast<std::size_t>((f.rows - 1) * step + 1));
    if (points) {
        for (const auto& [a, b] : detail::links(t)) {
            const auto [ca, ra] = f.place[a];
            const auto [cb, rb] = f.place[b];
            if (ra == rb && std::abs(ca - cb) == 1) {
                const int c = std::min(ca, cb);
                put(canvas[row_y(ra)], col_x(c) + cell_w, std::string(col_x(c + 1) - col_x(c), '-'));
            } else if (ca == cb && std::abs(ra - rb) == 1) {
                put(canvas[row_y(std::max(ra, rb)) + 1], col_x(ca) + cell_w - 1, "|");
            } else if (std::abs(ca - cb) == 1 && std::abs(ra - rb) == 1) {
                const bool rising = (cb - ca) * (rb - ra) > 0;
                put(canvas[row_y(std::max(ra, rb)) + 1], col_x(std::max(ca, cb)) - gap / 2 - 1,
                    rising ? "/" : "\\");
            }
        }
    }
    for (int r = 0; r < f.rows; ++r) {
        for (int c = 0; c < f.cols; ++c) {
            const int x = f.at(c, r);
            std::string text;
            if (x >= 0) {
                const Piece p = pos.at(static_cast<Vertex>(x));
                std::string sym;
                if (!p.empty()) {
                    const char s = v.kinds()[p.kind()].symbol;
                    sym = std::string(1, p.color() == Color::white
                                             ? s
                                             : static_cast<char>(std::tolower(static_cast<unsigned char>(s))));
                }
                text = style.vertex_names ? right(sym + std::string(t.name(static_cast<Vertex>(x))), cell_w)
                                          : (sym.empty() ? "." : sym);
            } else if (!points) {
                text = std::string(cell_w, style.void_is_wall ? '#' : ' ');
            }
            // Right-aligned; leading blanks are not written, so links run up to the text.
            const std::size_t lead = std::min(text.find_first_not_of(' '), text.size());
            if (lead < text.size()) put(canvas[row_y(r)], col_x(c) + lead, text.substr(lead));
        }
    }

    // Edge labels: rows on both sides, columns above and below.
    std::size_t label_w = 0;
    for (const auto& s : style.row_labels) label_w = std::max(label_w, s.size());
    const std::size_t board_w = col_x(f.cols - 1) + cell_w;
    std::string columns;
    for (int c = 0; c < f.cols; ++c) {
        if (const auto* s = label_at(style.column_labels, f.min_x + c)) {
            put(columns, label_w + col_x(c) + cell_w - s->size(), *s);
        }
    }
    std::string out;
    if (!columns.empty()) out += columns + '\n';
    for (std::size_t i = 0; i < canvas.size(); ++i) {
        std::string line(label_w, ' ');
        const bool grid_row = i % static_cast<std::size_t>(step) == 0;
        const int r = f.rows - 1 - static_cast<int>(i) / step;
        const std::string* label = grid_row ? label_at(style.row_labels, f.min_y + r) : nullptr;
        if (label != nullptr) line = right(*label, label_w);
        put(line, label_w, canvas[i]);
        if (label != nullptr) put(line, label_w + board_w, "  " + *label);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
        // A horizontal board line (the ditch) between this grid row and the next one down.
        for (const BoardLine& bl : style.lines) {
            if (!grid_row || bl.y1 != bl.y2 || r == 0) continue;
            if (std::abs(bl.y1 - (f.min_y + r - 0.5)) > 0.25) continue;
            const auto c0 = static_cast<int>(std::lround(std::min(bl.x1, bl.x2) + 0.5 - f.min_x));
            const auto c1 = static_cast<int>(std::lround(std::max(bl.x1, bl.x2) - 0.5 - f.min_x));
            if (c1 < c0) continue;
            std::string sep(label_w, ' ');
            put(sep, label_w + col_x(c0) - gap, std::string(col_x(c1) + cell_w - col_x(c0) + gap, '='));
            if (!bl.name.empty()) sep += "  " + bl.name;
            out += sep + '\n';
        }
    }
    if (!columns.empty()) out += columns + '\n';

    // Named zones, listed with their vertices.
    for (const ZoneStyle& z : style.zones) {
        const Mask m = detail::zone_vertices(t, z);
        if (z.name.empty() || m == 0) continue;
        std::string line = z.name + ":";
        for_each_vertex(m, [&](Vertex x) {
            line += ' ';
            line += t.name(x);
        });
        out += line + '\n';
    }
    // Which letter is which piece.
    std::string key;
    for (const PieceKindInfo& k : v.kinds()) {
        key += (key.empty() ? "" : ", ") + std::string(1, k.symbol) + ' ' + k.name;
    }
    out += "pieces: " + key + " (white upper case, black lower case)\n";
    out += std::string(to_string(pos.side_to_move())) + " to move\n";
    return out;
}

}  // namespace tradgames
