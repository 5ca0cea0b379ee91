// Python bindings of the batched environments (include/tradgames/vector_env.hpp): the class
// _core._VectorEnv, which writes into NumPy arrays the caller passes (a dict of named arrays,
// checked for dtype, shape and layout) with the GIL released. tradgames/vector_env.py wraps it
// as tradgames.VectorEnv with Gymnasium's vector-API return values.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/error.hpp"
#include "tradgames/vector_env.hpp"

namespace {

namespace tg = tradgames;
namespace py = pybind11;
using tgpy::VariantRef;

/// The NumPy dtype of T, looked up once (a new dtype object per call costs as much as a step of
/// a small batch); a leaked reference: it lives as long as the interpreter.
template <class T>
const py::dtype& dtype_of() {
    static const auto* d = new py::dtype(py::dtype::of<T>());
    return *d;
}

/// out[key] (borrowed), or nullptr when the key is absent or None. `key` is an interned string
/// made once per key: no string is built per call.
PyObject* item(const py::dict& out, const char* key) {
    // Few keys, each a string literal: keyed by its address.
    static std::vector<std::pair<const char*, PyObject*>> interned;
    PyObject* k = nullptr;
    for (const auto& [name, s] : interned) {
        if (name == key) k = s;
    }
    if (k == nullptr) {
        k = PyUnicode_InternFromString(key);
        if (k == nullptr) throw py::error_already_set();
        interned.emplace_back(key, k);
    }
    PyObject* o = PyDict_GetItemWithError(out.ptr(), k);
    if (o == nullptr && PyErr_Occurred() != nullptr) throw py::error_already_set();
    return o == Py_None ? nullptr : o;
}

/// The data of out[key] when it is a writeable C-contiguous array of T with `shape`; nullptr when
/// the key is absent or None. Throws TypeError / ValueError naming the key otherwise.
template <class T>
T* buffer(const py::dict& out, const char* key, std::initializer_list<py::ssize_t> shape) {
    PyObject* o = item(out, key);
    if (o == nullptr) return nullptr;
    if (!py::isinstance<py::array>(o)) throw py::type_error(std::string("out[\"") + key + "\"]: expected a numpy array");
    auto a = py::reinterpret_borrow<py::array>(o);
    if (!a.dtype().is(dtype_of<T>())) {
        throw py::type_error(std::string("out[\"") + key + "\"]: expected dtype " +
                             std::string(py::str(py::handle(dtype_of<T>()))) + ", got " + std::string(py::str(a.dtype())));
    }
    bool same = a.ndim() == static_cast<py::ssize_t>(shape.size());
    for (std::size_t d = 0; same && d < shape.size(); ++d) same = a.shape(static_cast<py::ssize_t>(d)) == shape.begin()[d];
    if (!same) throw py::value_error(std::string("out[\"") + key + "\"]: wrong shape");
    if ((a.flags() & py::array::c_style) == 0) throw py::value_error(std::string("out[\"") + key + "\"]: not C-contiguous");
    if (!a.writeable()) throw py::value_error(std::string("out[\"") + key + "\"]: not writeable");
    return static_cast<T*>(a.mutable_data());
}

class PyVectorEnv {
public:
    PyVectorEnv(const VariantRef& ref, std::size_t num_envs, std::uint64_t seed, unsigned threads,
                const std::string& view, int max_plies, const std::optional<std::string>& fen)
        : ref_(ref) {
        tg::VectorEnvOptions o;
        o.num_envs = num_envs;
        o.seed = seed;
        o.threads = threads;
        o.view = tg::observation_view(view);
        o.max_plies = max_plies;
        if (fen) o.start = ref_.v->parse_position(*fen);
        env_ = std::make_unique<tg::VectorEnv>(ref_.v, std::move(o));
    }

    [[nodiscard]] const VariantRef& variant() const { return ref_; }
    [[nodiscard]] const tg::VectorEnv& env() const { return *env_; }

    void reset(const py::dict& out, std::optional<std::uint64_t> seed) {
        const tg::VectorEnvOutputs o = outputs(out);
        py::gil_scoped_release nogil;
        env_->reset(o, seed);
    }

    bool step(const py::array& actions, const py::dict& out) {
        const std::int64_t* a = action_data(actions);
        const tg::VectorEnvOutputs o = outputs(out);
        std::uint8_t* done = done_flags(out, o);
        py::gil_scoped_release nogil;
        env_->step(a, o);
        write_done(o, done);
        return done != nullptr;
    }

    void sample(const py::array& actions) {
        std::int64_t* a = action_out(actions);
        py::gil_scoped_release nogil;
        env_->sample_actions(a);
    }

    bool step_random(const py::dict& out, const py::object& actions) {
        std::int64_t* a = actions.is_none() ? nullptr : action_out(actions.cast<py::array>());
        const tg::VectorEnvOutputs o = outputs(out);
        std::uint8_t* done = done_flags(out, o);
        py::gil_scoped_release nogil;
        env_->step_random(o, a);
        write_done(o, done);
        return done != nullptr;
    }

private:
    [[nodiscard]] py::ssize_t n() const { return static_cast<py::ssize_t>(env_->size()); }

    tg::VectorEnvOutputs outputs(const py::dict& out) const {
        const py::ssize_t planes = tg::observation_planes(env_->variant());
        const py::ssize_t V = env_->variant().topology().size();
        tg::VectorEnvOutputs o;
        o.observations = buffer<float>(out, "observation", {n(), planes, V});
        o.masks = reinterpret_cast<std::uint8_t*>(buffer<bool>(out, "action_mask", {n(), env_->action_count()}));
        o.rewards = buffer<float>(out, "reward", {n()});
        o.terminated = reinterpret_cast<std::uint8_t*>(buffer<bool>(out, "terminated", {n()}));
        o.truncated = reinterpret_cast<std::uint8_t*>(buffer<bool>(out, "truncated", {n()}));
        o.players = buffer<std::int8_t>(out, "current_player", {n()});
        o.final_observations = buffer<float>(out, "final_observation", {n(), planes, V});
        return o;
    }

    /// out["_final_observation"] (info's flags: terminated or truncated) when it is a writeable
    /// C-contiguous bool array of shape (num_envs,) and out has both flag arrays; else nullptr,
    /// and tradgames/vector_env.py computes the flags itself (as for any other such array).
    std::uint8_t* done_flags(const py::dict& out, const tg::VectorEnvOutputs& o) const {
        if (o.terminated == nullptr || o.truncated == nullptr) return nullptr;
        PyObject* d = item(out, "_final_observation");
        if (d == nullptr || !py::isinstance<py::array>(d)) return nullptr;
        auto a = py::reinterpret_borrow<py::array>(d);
        if (!a.dtype().is(dtype_of<bool>()) || a.ndim() != 1 || a.shape(0) != n() ||
            (a.flags() & py::array::c_style) == 0 || !a.writeable()) {
            return nullptr;
        }
        return static_cast<std::uint8_t*>(a.mutable_data());
    }

    /// done[i] = terminated[i] | truncated[i] (no-op for a null done).
    void write_done(const tg::VectorEnvOutputs& o, std::uint8_t* done) const noexcept {
        if (done == nullptr) return;
        for (std::size_t i = 0; i < env_->size(); ++i) done[i] = static_cast<std::uint8_t>(o.terminated[i] | o.truncated[i]);
    }

    const std::int64_t* action_data(const py::array& actions) const {
        if (actions.dtype().is(dtype_of<std::int64_t>()) && actions.ndim() == 1 && actions.shape(0) == n() &&
            (actions.flags() & py::array::c_style) != 0) {
            return static_cast<const std::int64_t*>(actions.data());
        }
        throw py::type_error("actions: expected a C-contiguous int64 array of shape (" + std::to_string(n()) + ",)");
    }

    std::int64_t* action_out(const py::array& actions) const {
        (void)action_data(actions);
        if (!actions.writeable()) throw py::value_error("actions: not writeable");
        return static_cast<std::int64_t*>(const_cast<py::array&>(actions).mutable_data());
    }

    VariantRef ref_;
    std::unique_ptr<tg::VectorEnv> env_;
};

void bind_vector_env(py::module_& m) {
    py::class_<PyVectorEnv>(m, "_VectorEnv", "N games stepped at once (tradgames/vector_env.hpp); see tradgames.VectorEnv.")
        .def(py::init<const VariantRef&, std::size_t, std::uint64_t, unsigned, const std::string&, int,
                      const std::optional<std::string>&>(),
             py::arg("variant"), py::arg("num_envs"), py::arg("seed"), py::arg("threads"), py::arg("view"),
             py::arg("max_plies"), py::arg("fen"))
        .def_property_readonly("variant", &PyVectorEnv::variant)
        .def_property_readonly("num_envs", [](const PyVectorEnv& e) { return e.env().size(); })
        .def_property_readonly("threads", [](const PyVectorEnv& e) { return e.env().threads(); })
        .def_property_readonly("num_actions", [](const PyVectorEnv& e) { return e.env().action_count(); })
        .def("reset", &PyVectorEnv::reset, py::arg("out"), py::arg("seed"))
        .def("step", &PyVectorEnv::step, py::arg("actions"), py::arg("out"))
        .def("sample", &PyVectorEnv::sample, py::arg("actions"))
        .def("step_random", &PyVectorEnv::step_random, py::arg("out"), py::arg("actions"))
        .def("fen", [](const PyVectorEnv& e, std::size_t i) {
            if (i >= e.env().size()) throw py::index_error("environment index out of range");
            return e.variant().v->position_to_string(e.env().game(i).position());
        }, py::arg("index"))
        .def("ply", [](const PyVectorEnv& e, std::size_t i) {
            if (i >= e.env().size()) throw py::index_error("environment index out of range");
            return e.env().game(i).ply();
        }, py::arg("index"))
        .def("pending_actions", [](const PyVectorEnv& e, std::size_t i) {
            if (i >= e.env().size()) throw py::index_error("environment index out of range");
            return e.env().turn(i).taken();
        }, py::arg("index"))
        .def("episodes", [](const PyVectorEnv& e, std::size_t i) {
            if (i >= e.env().size()) throw py::index_error("environment index out of range");
            return e.env().episodes(i);
        }, py::arg("index"));
}

const tgpy::Binder registered(bind_vector_env);

}  // namespace
