// Playing from the databases: the best move and line of a covered position, and the verdict
// text that `search` and `status` print (include/tradgames/engine/egtb.hpp).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tradgames/engine/egtb.hpp"

namespace tradgames::engine::egtb {

OracleAnswer mover_value(const OracleAnswer& child) noexcept {
    if (child.value == Wdl::draw) return {Wdl::draw, 0};
    return {child.value == Wdl::win ? Wdl::loss : Wdl::win, child.plies + 1};
}

std::optional<Move> best_move(const Prober& p, const Position& pos) {
    const auto root = p.probe(pos);
    if (!root) return std::nullopt;
    const Variant& v = p.domain().variant();
    MoveList list;
    v.generate(pos, list);
    Position q = pos;
    Undo u;
    for (const Move& m : list) {
        v.make_move(q, m, u);
        const auto c = p.probe(q);
        v.unmake_move(q, m, u);
        if (!c) continue;
        const OracleAnswer a = mover_value(*c);
        if (a.value == root->value && (a.value == Wdl::draw || a.plies == root->plies)) return m;
    }
    return std::nullopt;
}

std::vector<Move> best_line(const Prober& p, const Position& pos, int max_plies) {
    std::vector<Move> line;
    const auto root = p.probe(pos);
    if (!root || root->value == Wdl::draw) return line;
    const Variant& v = p.domain().variant();
    Position q = pos;
    Undo u;
    while (static_cast<int>(line.size()) < max_plies) {
        const auto m = best_move(p, q);
        if (!m) break;
        line.push_back(*m);
        v.make_move(q, *m, u);
    }
    return line;
}

int extend_pv(const Prober& p, const Position& root, std::vector<std::string>& pv, int max_plies) {
    const Variant& v = p.domain().variant();
    Position q = root;
    Undo u;
    for (const std::string& text : pv) {
        const Move m = v.parse_move(q, text);
        v.make_move(q, m, u);
    }
    const int room = max_plies - static_cast<int>(pv.size());
    if (room <= 0) return 0;
    int added = 0;
    for (const Move& m : best_line(p, q, room)) {
        pv.push_back(v.move_to_string(q, m));
        v.make_move(q, m, u);
        ++added;
    }
    return added;
}

std::unique_ptr<Prober> open_databases(std::shared_ptr<const Variant> v, const std::string& dir) {
    const std::string game = v->name();
    auto p = std::make_unique<Prober>(std::move(v), dir);
    if (p->slices().empty()) {
        throw EgtbError("endgame databases: no slice file of " + game + " in '" + dir +
                        "' (build them with: tradgames egtb build --variant " + game + " --dir DIR)");
    }
    return p;
}

std::string verdict_text(const OracleAnswer& a) {
    if (a.value == Wdl::draw) return "draw";
    return std::string(wdl_name(a.value)) + " in " + std::to_string(a.plies) + (a.plies == 1 ? " ply" : " plies");
}

}  // namespace tradgames::engine::egtb
