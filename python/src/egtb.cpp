// Python bindings of the endgame databases (include/tradgames/engine/egtb.hpp):
// tradgames.egtb.build / probe / info / verify return the objects of `tradgames egtb ... --json`.
#include <string>

#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "tradgames/engine/egtb.hpp"
#include "tradgames/engine/egtb_json.hpp"

namespace {

namespace tg = tradgames;
namespace eg = tradgames::engine::egtb;
namespace py = pybind11;
using tgpy::VariantRef;

py::tuple tuple_of(const eg::Material& s) {
    return py::make_tuple(s.white_men, s.white_kings, s.black_men, s.black_kings);
}

eg::Material material_of(const py::tuple& t) {
    if (t.size() != 4) throw tg::OptionError("a slice is (white_men, white_kings, black_men, black_kings)");
    eg::Material s{t[0].cast<int>(), t[1].cast<int>(), t[2].cast<int>(), t[3].cast<int>()};
    if (s.white_men < 0 || s.white_kings < 0 || s.black_men < 0 || s.black_kings < 0 || s.total() > 8) {
        throw tg::OptionError("slice " + s.name() + ": counts must be at least 0 and at most 8 pieces in all");
    }
    return s;
}

void bind_egtb(py::module_& m) {
    m.def(
        "_egtb_build",
        [](const VariantRef& vr, int pieces, const std::string& dir, int threads, const std::string& method) {
            if (pieces < 2 || pieces > 8) throw tg::OptionError("pieces " + std::to_string(pieces) + " is not in 2..8");
            if (threads < 1) throw tg::OptionError("threads must be at least 1");
            const eg::Domain d(vr.v);
            eg::BuildOptions o;
            o.dir = dir;
            o.threads = threads;
            o.method = eg::parse_build_method(method);
            py::gil_scoped_release release;
            eg::build(d, eg::slices_up_to(d, pieces), o);
        },
        py::arg("variant"), py::arg("pieces"), py::arg("dir"), py::arg("threads"),
        py::arg("method") = eg::build_method_name(eg::default_build_method));
    m.def(
        "_egtb_probe",
        [](const VariantRef& vr, const std::string& fen, const std::string& dir) {
            const eg::Prober p(vr.v, dir);
            return tgpy::to_python(eg::probe_json(p, vr.v->parse_position(fen)));
        },
        py::arg("variant"), py::arg("fen"), py::arg("dir"));
    m.def(
        "_egtb_info",
        [](const VariantRef& vr, const std::string& dir) { return tgpy::to_python(eg::info_json(eg::Domain(vr.v), dir)); },
        py::arg("variant"), py::arg("dir"));
    m.def(
        "_egtb_verify",
        [](const VariantRef& vr, const std::string& dir, int threads) {
            nlohmann::json j;
            {
                py::gil_scoped_release release;
                j = eg::verify_json(eg::Domain(vr.v), dir, threads);
            }
            return tgpy::to_python(j);
        },
        py::arg("variant"), py::arg("dir"), py::arg("threads"));
    // The slice DAG of a distributed build (tradgames.distributed.egtb_build): slices as
    // (white_men, white_kings, black_men, black_kings) tuples.
    m.def(
        "_egtb_slices",
        [](const VariantRef& vr, int pieces) {
            if (pieces < 2 || pieces > 8) throw tg::OptionError("pieces " + std::to_string(pieces) + " is not in 2..8");
            py::list out;
            for (const eg::Material& s : eg::slices_up_to(eg::Domain(vr.v), pieces)) out.append(tuple_of(s));
            return out;
        },
        py::arg("variant"), py::arg("pieces"));
    m.def(
        "_egtb_successors",
        [](const VariantRef& vr, const py::tuple& slice) {
            py::list out;
            for (const eg::Material& s : eg::successors(eg::Domain(vr.v), material_of(slice))) out.append(tuple_of(s));
            return out;
        },
        py::arg("variant"), py::arg("slice"));
    m.def(
        "_egtb_build_slice",
        [](const VariantRef& vr, const py::tuple& slice, const std::string& dir, int threads) {
            if (threads < 1) throw tg::OptionError("threads must be at least 1");
            const eg::Domain d(vr.v);
            const eg::Material mat = material_of(slice);
            py::gil_scoped_release release;
            eg::build_slice(d, mat, dir, threads);
        },
        py::arg("variant"), py::arg("slice"), py::arg("dir"), py::arg("threads"));
}

const tgpy::Binder binder(bind_egtb);

}  // namespace
