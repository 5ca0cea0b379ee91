// Python bindings of PDN records as trees (include/tradgames/io/pdn.hpp: PdnRecord,
// PdnRecordReader, write_pdn_record). A record crosses as a dict {index, line, tags, result,
// variant, variant_error, nodes: [{parent, variations, move, suffix, number, nags,
// starting_comments, comments, line}]}; tradgames/pdn.py builds python-chess-shaped Game and
// GameNode objects on it. Text that is not UTF-8 (tag values are bytes) crosses with Python's
// "surrogateescape", so that it is written back byte for byte.
#include <cstddef>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/error.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/registry.hpp"

namespace {

namespace tg = tradgames;
namespace py = pybind11;

py::object text_out(const std::string& s) {
    PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "surrogateescape");
    if (o == nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(o);
}

std::string text_in(const py::handle& h, const char* what) {
    if (!py::isinstance<py::str>(h)) {
        throw py::type_error(std::string("PDN record: ") + what + " must be str, not " +
                             std::string(py::str(py::type::of(h).attr("__name__"))));
    }
    PyObject* b = PyUnicode_AsEncodedString(h.ptr(), "utf-8", "surrogateescape");
    if (b == nullptr) throw py::error_already_set();
    const py::bytes bytes = py::reinterpret_steal<py::bytes>(b);
    return std::string(bytes);
}

py::list texts_out(const std::vector<std::string>& v) {
    py::list l;
    for (const auto& s : v) l.append(text_out(s));
    return l;
}

py::dict record_out(const tg::PdnRecord& r, const std::string& fallback) {
    py::dict d;
    d["index"] = r.index;
    d["line"] = r.line;
    py::list tags;
    for (const auto& t : r.tags) tags.append(py::make_tuple(text_out(t.name), text_out(t.value)));
    d["tags"] = tags;
    d["result"] = text_out(r.result.text);
    try {
        d["variant"] = tg::pdn_variant_name(r.game(), fallback);
        d["variant_error"] = py::none();
    } catch (const tg::Error& e) {
        d["variant"] = py::none();
        d["variant_error"] = text_out(e.what());
    }
    py::list nodes;
    for (const auto& n : r.nodes) {
        py::dict x;
        x["parent"] = n.parent == tg::PdnNode::none ? py::object(py::none()) : py::object(py::int_(n.parent));
        x["variations"] = py::cast(n.variations);
        x["move"] = text_out(n.move);
        x["suffix"] = text_out(n.suffix);
        x["number"] = text_out(n.number);
        x["nags"] = py::cast(n.nags);
        x["starting_comments"] = texts_out(n.starting_comments);
        x["comments"] = texts_out(n.comments);
        x["line"] = n.line;
        nodes.append(x);
    }
    d["nodes"] = nodes;
    return d;
}

std::vector<std::string> texts_in(const py::handle& h, const char* what) {
    std::vector<std::string> r;
    for (const auto& x : py::reinterpret_borrow<py::list>(h)) r.push_back(text_in(x, what));
    return r;
}

tg::PdnRecord record_in(const py::dict& d) {
    tg::PdnRecord r;
    r.nodes.clear();
    r.index = d.contains("index") ? d["index"].cast<std::size_t>() : 0;
    r.line = d.contains("line") ? d["line"].cast<std::size_t>() : 0;
    for (const auto& t : d["tags"]) {
        const auto pair = py::reinterpret_borrow<py::tuple>(t);
        if (pair.size() != 2) throw py::value_error("PDN record: a tag is a (name, value) pair");
        r.tags.push_back({text_in(pair[0], "a tag name"), text_in(pair[1], "a tag value")});
    }
    const std::string result = text_in(d["result"], "the result");
    if (const auto res = tg::parse_pdn_result(result)) {
        r.result = *res;
    } else {
        throw tg::ParseError("PDN record: result " + tg::quoted(result) +
                             " is not one of 2-0 1-1 0-2 1-0 1/2-1/2 0-1 0-0 *");
    }
    for (const auto& item : d["nodes"]) {
        const auto x = py::reinterpret_borrow<py::dict>(item);
        tg::PdnNode n;
        n.parent = x["parent"].is_none() ? tg::PdnNode::none : x["parent"].cast<std::size_t>();
        n.variations = x["variations"].cast<std::vector<std::size_t>>();
        n.move = text_in(x["move"], "a move");
        n.suffix = text_in(x["suffix"], "a suffix");
        n.number = text_in(x["number"], "a move number");
        n.nags = x["nags"].cast<std::vector<int>>();
        n.starting_comments = texts_in(x["starting_comments"], "a comment");
        n.comments = texts_in(x["comments"], "a comment");
        n.line = x.contains("line") ? x["line"].cast<std::size_t>() : 0;
        r.nodes.push_back(std::move(n));
    }
    return r;
}

/// Records streamed from a file: the file is read in chunks, one game's text held at a time.
class RecordFile {
public:
    RecordFile(const std::string& path, std::string fallback) : in_(path, std::ios::binary), fallback_(std::move(fallback)) {
        if (!in_) throw tg::Error("cannot read " + tg::quoted(path));
        reader_ = std::make_unique<tg::PdnRecordReader>(in_);
    }
    py::object next() {
        std::optional<tg::PdnRecord> r;
        {
            py::gil_scoped_release nogil;
            r = reader_->next();
        }
        if (!r) return py::none();
        return record_out(*r, fallback_);
    }

private:
    std::ifstream in_;
    std::string fallback_;
    std::unique_ptr<tg::PdnRecordReader> reader_;
};

void bind_pdn(py::module_& m) {
    m.def("_read_pdn_records", [](const py::object& text, const std::string& fallback) {
              const std::string t = text_in(text, "the text");
              std::vector<tg::PdnRecord> records;
              {
                  py::gil_scoped_release nogil;
                  records = tg::read_pdn_records(t);
              }
              py::list out;
              for (const auto& r : records) out.append(record_out(r, fallback));
              return out;
          },
          py::arg("text"), py::arg("variant") = "russian");
    m.def("_write_pdn_record", [](const py::dict& d, std::size_t width) {
              if (width < 1) throw tg::OptionError("width must be at least 1");
              return text_out(tg::write_pdn_record(record_in(d), width));
          },
          py::arg("record"), py::arg("width") = 80);
    py::class_<RecordFile>(m, "_PdnRecordFile")
        .def(py::init<const std::string&, std::string>(), py::arg("path"), py::arg("variant") = "russian")
        .def("next", &RecordFile::next);
}

const tgpy::Binder registered(bind_pdn);

}  // namespace
