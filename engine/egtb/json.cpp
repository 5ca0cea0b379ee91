// Endgame databases: the JSON objects of the CLI and Python (README "Endgame databases").
#include "tradgames/engine/egtb_json.hpp"

namespace tradgames::engine::egtb {

namespace {

using json = nlohmann::json;

json material_json(const Material& m) {
    return {{"white_men", m.white_men}, {"white_kings", m.white_kings}, {"black_men", m.black_men},
            {"black_kings", m.black_kings}};
}

json side_json(const SideCounts& k) {
    return {{"win", k.win}, {"draw", k.draw}, {"loss", k.loss}, {"longest_win", k.longest_win}};
}

}  // namespace

json answer_json(const std::optional<OracleAnswer>& a) {
    if (!a) return {{"value", nullptr}, {"plies", nullptr}};
    return {{"value", wdl_name(a->value)}, {"plies", a->plies}};
}

json search_json(SearchResult r, const Prober* p, const Position& root) {
    if (p == nullptr) return json::parse(search_result_json(r));
    for (auto& line : r.lines) extend_pv(*p, root, line.pv, max_search_ply);
    json j = json::parse(search_result_json(r));
    const auto a = p->probe(root);
    j["database"] = a ? answer_json(a) : json(nullptr);
    return j;
}

json info_json(const Domain& d, const std::string& dir) {
    json slices = json::array();
    for (const auto& h : info(d, dir)) {
        slices.push_back({{"material", material_json(h.material)},
                          {"positions", h.positions},
                          {"white_to_move", side_json(h.counts[0])},
                          {"black_to_move", side_json(h.counts[1])}});
    }
    return {{"variant", d.variant().name()}, {"slices", slices}};
}

json probe_json(const Prober& p, const Position& pos) {
    const Variant& v = p.domain().variant();
    const auto root = p.probe(pos);
    if (!root) {
        throw EgtbError("egtb probe: no database covers this position (slice " +
                        Material::of_position(pos).name() + ")");
    }
    MoveList list;
    v.generate(pos, list);
    json moves = json::array();
    Position q = pos;
    Undo u;
    for (const auto& m : list) {
        const std::string text = v.move_to_string(pos, m);
        v.make_move(q, m, u);
        const auto c = p.probe(q);
        v.unmake_move(q, m, u);
        json e = answer_json(c ? std::optional<OracleAnswer>(mover_value(*c)) : std::nullopt);
        e["move"] = text;
        moves.push_back(e);
    }
    json out = answer_json(root);
    out["fen"] = v.position_to_string(pos);
    out["moves"] = moves;
    return out;
}

json verify_json(const Domain& d, const std::string& dir, int threads) {
    std::uint64_t checked = 0;
    const auto problems = verify(d, dir, checked, threads);
    json p = json::array();
    for (const auto& x : problems) {
        p.push_back({{"material", material_json(x.material)}, {"position", x.position}, {"problem", x.message}});
    }
    return {{"checked", checked}, {"ok", problems.empty()}, {"problems", p}};
}

}  // namespace tradgames::engine::egtb
