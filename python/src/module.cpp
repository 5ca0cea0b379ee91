// The Python module tradgames._core: variants, boards (games with history and undo), moves,
// the batch calls of the command line (perft, play, compare, PDN) returning the CLI's JSON
// objects as dicts, the action encoding for learning agents, and the error classes.
// Rules live in the library; this file only converts between C++ and Python.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "tradgames/actions.hpp"
#include "tradgames/error.hpp"
#include "tradgames/frontend.hpp"
#include "tradgames/game.hpp"
#include "tradgames/io/ascii.hpp"
#include "tradgames/io/json.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/io/svg.hpp"
#include "tradgames/perft.hpp"
#include "tradgames/playout.hpp"
#include "tradgames/registry.hpp"
#include "tradgames/registry_json.hpp"

namespace tgpy {

namespace tg = tradgames;
using json = nlohmann::json;

// ---------------------------------------------------------------------------------------------
// shared helpers

py::object to_python(const json& j) {
    switch (j.type()) {
        case json::value_t::null: return py::none();
        case json::value_t::boolean: return py::bool_(j.get<bool>());
        case json::value_t::number_integer: return py::int_(j.get<std::int64_t>());
        case json::value_t::number_unsigned: return py::int_(j.get<std::uint64_t>());
        case json::value_t::number_float: return py::float_(j.get<double>());
        case json::value_t::string: {
            const auto& s = j.get_ref<const std::string&>();
            PyObject* o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
            if (o == nullptr) throw py::error_already_set();
            return py::reinterpret_steal<py::object>(o);
        }
        case json::value_t::array: {
            py::list l(j.size());
            std::size_t i = 0;
            for (const auto& x : j) l[i++] = to_python(x);
            return l;
        }
        case json::value_t::object: {
            py::dict d;
            for (auto it = j.begin(); it != j.end(); ++it) d[py::str(it.key())] = to_python(it.value());
            return d;
        }
        default: return py::none();
    }
}

std::vector<std::string> option_assignments(const py::kwargs& kwargs) {
    std::vector<std::string> out;
    for (const auto& [k, val] : kwargs) {
        const std::string key = py::str(k);
        std::string text;
        if (py::isinstance<py::bool_>(val)) {
            text = val.cast<bool>() ? "true" : "false";
        } else if (py::isinstance<py::int_>(val)) {
            text = py::str(val);
        } else if (py::isinstance<py::str>(val)) {
            text = val.cast<std::string>();
        } else {
            throw py::type_error("rule option " + key + ": expected bool, int or str, got " +
                                 std::string(py::str(py::type::of(val).attr("__name__"))));
        }
        out.push_back(key + "=" + text);
    }
    return out;
}

VariantRef make_variant_ref(const std::string& origin, const std::string& source,
                            const std::vector<std::string>& options) {
    VariantRef r{nullptr, origin, source, options};
    if (origin == "name") {
        r.v = tg::make_variant(source, options);
    } else if (origin == "json") {
        r.v = tg::make_variant_from_json(source, options);
    } else if (origin == "file") {
        r.v = tg::make_variant_from_file(source, options);
    } else {
        throw tg::OptionError("unknown variant origin " + tg::quoted(origin));
    }
    return r;
}

Binder::Binder(BindFunction f) { binders().push_back(f); }

std::vector<BindFunction>& binders() {
    static std::vector<BindFunction> list;
    return list;
}

tg::PlayoutOptions playout_options(std::uint64_t games, std::uint64_t seed, unsigned threads,
                                   const std::string& policy, int ply_cap) {
    tg::check_games(games);
    tg::check_threads(threads);
    if (ply_cap < 0) throw tg::OptionError("ply_cap " + std::to_string(ply_cap) + " is negative");
    tg::PlayoutOptions o;
    o.games = games;
    o.seed = seed;
    o.threads = threads;
    o.policy = tg::parse_policy(policy);
    o.ply_cap = ply_cap;
    return o;
}

namespace {

tg::Position position_of(const tg::Variant& v, const std::optional<std::string>& fen) {
    return fen ? v.parse_position(*fen) : v.initial_position();
}

/// The rule options of v with Python types (bool, int, str) from their declarations.
py::dict typed_options(const tg::Variant& v) {
    py::dict d;
    for (const tg::OptionSpec& s : v.options().specs()) {
        if (s.type == tg::OptionType::boolean) {
            d[py::str(s.name)] = py::bool_(v.options().flag(s.name));
        } else if (s.type == tg::OptionType::integer) {
            d[py::str(s.name)] = py::int_(v.options().integer(s.name));
        } else {
            d[py::str(s.name)] = py::str(v.options().choice(s.name));
        }
    }
    return d;
}

// ---------------------------------------------------------------------------------------------
// moves

/// A legal move with the position it was generated for (shared by the moves of one list).
struct PyMove {
    tg::Move m;
    std::shared_ptr<const tg::Variant> v;
    std::shared_ptr<const tg::Position> before;

    [[nodiscard]] std::string name(tg::Vertex x) const { return std::string(v->topology().name(x)); }
    [[nodiscard]] std::string notation() const { return v->move_to_string(*before, m); }
    [[nodiscard]] std::vector<std::string> path() const {
        std::vector<std::string> p{name(m.from)};
        for (tg::Vertex x : m.path) p.push_back(name(x));
        return p;
    }
    [[nodiscard]] std::vector<std::string> captured() const {
        std::vector<std::string> c;
        for (tg::Vertex x : m.captured) c.push_back(name(x));
        return c;
    }
    [[nodiscard]] py::object promotion() const {
        if (m.promotion == tg::no_kind) return py::none();
        return py::str(v->kinds().at(m.promotion).name);
    }
};

py::list move_list(const std::shared_ptr<const tg::Variant>& v, const tg::Position& pos,
                   const tg::MoveList& list) {
    auto before = std::make_shared<const tg::Position>(pos);
    py::list out(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) out[i] = py::cast(PyMove{list[i], v, before});
    return out;
}

// ---------------------------------------------------------------------------------------------
// the action encoding (README "Python": learning agents) is tradgames/actions.hpp

constexpr int max_choices = tg::max_action_choices;

std::vector<int> steps_of(const tg::Move& m, int V) {
    std::vector<int> s;
    for (std::size_t j = 0; j < m.path.size(); ++j) s.push_back(tg::step_action(m, j, V));
    return s;
}

/// The index of the kind named `name` (case-insensitive). Throws OptionError naming the kinds.
tg::Kind kind_of(const tg::Variant& v, const std::string& name) {
    std::string names;
    for (std::size_t k = 0; k < v.kinds().size(); ++k) {
        const std::string& n = v.kinds()[k].name;
        if (n.size() == name.size() &&
            std::equal(n.begin(), n.end(), name.begin(), [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
            })) {
            return static_cast<tg::Kind>(k);
        }
        names += (names.empty() ? "" : ", ") + n;
    }
    throw tg::OptionError("no piece kind " + tg::quoted(name) + " in " + v.name() + " (kinds: " + names + ")");
}

/// Variants are equal when they have the same name, the same option values and (for a
/// descriptor) the same descriptor text.
std::string variant_key(const VariantRef& r) {
    std::string k = r.v->name();
    for (const tg::OptionSpec& s : r.v->options().specs()) {
        k += '\n' + s.name + '=' + r.v->options().value(s.name);
    }
    if (r.origin != "name") k += "\n" + r.origin + "\n" + r.source;
    return k;
}
bool same_variant(const VariantRef& a, const VariantRef& b) {
    return a.v == b.v || variant_key(a) == variant_key(b);
}
std::uint64_t variant_hash(const VariantRef& r) {
    return std::hash<std::string>{}(variant_key(r));
}

// ---------------------------------------------------------------------------------------------
// Board: a game (tradgames::Game) plus the actions taken so far in the current turn

struct GameResultPy {
    std::string outcome;
    std::string reason;
};

class Board {
public:
    Board(VariantRef ref, const std::optional<std::string>& fen)
        : ref_(std::move(ref)), v_(ref_.v), game_(std::make_unique<tg::Game>(v_, position_of(*v_, fen))) {}

    [[nodiscard]] const VariantRef& variant_ref() const { return ref_; }

    /// The moves played as indices into the legal (U) list of each position, for pickling.
    [[nodiscard]] std::vector<std::size_t> move_indices() const {
        std::vector<std::size_t> out;
        tg::Game g(v_, game_->start_position());
        for (const tg::Move& m : game_->moves()) {
            const auto& legal = g.legal_moves();
            std::size_t i = 0;
            while (i < legal.size() && !legal[i].same_result(m)) ++i;
            out.push_back(i);
            g.play(m);
        }
        return out;
    }

    /// Replays moves given by move_indices() and sets the pending actions. Throws Error for
    /// an index out of range.
    void replay_indices(const std::vector<std::size_t>& idx, const std::vector<int>& pending) {
        for (std::size_t i : idx) {
            const auto& legal = game_->legal_moves();
            if (i >= legal.size()) throw tg::Error("pickled board: move index out of range");
            game_->play(legal[i]);
        }
        turn_valid_ = false;
        for (int a : pending) (void)apply_action(a);
    }

    [[nodiscard]] const tg::Game& game() const { return *game_; }
    [[nodiscard]] const std::shared_ptr<const tg::Variant>& variant() const { return v_; }
    [[nodiscard]] int vertices() const { return v_->topology().size(); }
    [[nodiscard]] int num_actions() const { return tg::action_count(*v_); }

    [[nodiscard]] py::list legal_moves() const {
        return move_list(v_, game_->position(), game_->legal_moves());
    }
    [[nodiscard]] py::list generate(bool paths) const {
        if (!paths) return legal_moves();
        if (game_->result().over()) return py::list();
        scratch_->clear();
        v_->generate(game_->position(), *scratch_, tg::Duplicates::all_paths);
        return move_list(v_, game_->position(), *scratch_);
    }

    PyMove push(const py::object& move) {
        pending_.clear();
        turn_valid_ = false;
        const auto before = std::make_shared<const tg::Position>(game_->position());
        if (py::isinstance<py::str>(move)) {
            const tg::Move m = game_->play(move.cast<std::string>());
            return PyMove{m, v_, before};
        }
        if (!py::isinstance<PyMove>(move)) {
            throw py::type_error("Board.push(): argument 'move' must be a tradgames.Move or str, not " +
                                 std::string(py::str(py::type::of(move).attr("__name__"))));
        }
        const PyMove& pm = move.cast<const PyMove&>();
        if (pm.v != v_ && pm.v->name() != v_->name()) {
            throw tg::IllegalMoveError("move of variant " + pm.v->name() + " pushed on a " +
                                       v_->name() + " board");
        }
        game_->play(pm.m);
        return PyMove{game_->moves().back(), v_, before};
    }

    PyMove pop() {
        if (game_->ply() == 0) throw py::index_error("pop from an empty move stack");
        pending_.clear();
        turn_valid_ = false;
        PyMove m{game_->moves().back(), v_,
                 std::make_shared<const tg::Position>(game_->positions()[game_->ply() - 1])};
        game_->undo();
        return m;
    }

    [[nodiscard]] std::string fen() const { return v_->position_to_string(game_->position()); }
    void set_fen(const std::string& fen) {
        auto g = std::make_unique<tg::Game>(v_, v_->parse_position(fen));
        game_ = std::move(g);
        pending_.clear();
        turn_valid_ = false;
    }

    [[nodiscard]] std::unique_ptr<Board> copy() const {
        auto b = std::make_unique<Board>(*this);
        return b;
    }
    /// A copy keeping only the last `keep` moves of the history (python-chess's
    /// copy(stack=n)): the game starts from the position before them. Pending actions are kept.
    [[nodiscard]] std::unique_ptr<Board> copy_keeping(std::size_t keep) const {
        keep = std::min(keep, game_->ply());
        const std::size_t from = game_->ply() - keep;
        const tg::Position& start = from == 0 ? game_->start_position() : game_->positions()[from];
        auto b = std::make_unique<Board>(ref_, v_->position_to_string(start));
        for (std::size_t i = from; i < game_->ply(); ++i) b->game_->play(game_->moves()[i]);
        b->pending_ = pending_;
        return b;
    }

    /// The vertex named `square`. Throws ParseError for a name the board does not have.
    [[nodiscard]] tg::Vertex vertex_of(const std::string& square) const {
        const auto x = v_->topology().find(square);
        if (!x) throw tg::ParseError("unknown square " + tg::quoted(square) + " on a " + v_->name() + " board");
        return *x;
    }
    /// (color, kind name) of the piece on `square`, or None.
    [[nodiscard]] py::object piece_at(const std::string& square) const {
        const tg::Piece pc = game_->position().at(vertex_of(square));
        if (pc.empty()) return py::none();
        return py::make_tuple(std::string(tg::to_string(pc.color())), v_->kinds().at(pc.kind()).name);
    }
    /// Every piece: [(square, color, kind name)] in the board's vertex order.
    [[nodiscard]] py::list pieces() const {
        py::list out;
        const tg::Position& p = game_->position();
        for (int x = 0; x < vertices(); ++x) {
            const tg::Piece pc = p.at(static_cast<tg::Vertex>(x));
            if (pc.empty()) continue;
            out.append(py::make_tuple(std::string(v_->topology().name(static_cast<tg::Vertex>(x))),
                                      std::string(tg::to_string(pc.color())), v_->kinds().at(pc.kind()).name));
        }
        return out;
    }
    /// Puts (color, kind) on `square` (replacing what stands there), or empties it when piece
    /// is None; the edited position must be one the rules allow (PositionError otherwise, and
    /// the board is unchanged). Starts a new game from it: the history is cleared, as set_fen.
    void edit(const std::string& square, const std::optional<std::pair<std::string, std::string>>& piece) {
        const tg::Vertex x = vertex_of(square);
        tg::Position p = game_->position();
        if (!p.at(x).empty()) p.remove(x);
        if (piece) {
            tg::Color c;
            if (piece->first == "white") {
                c = tg::Color::white;
            } else if (piece->first == "black") {
                c = tg::Color::black;
            } else {
                throw tg::ParseError("piece color " + tg::quoted(piece->first) + ": expected white or black");
            }
            p.put(x, tg::Piece(c, kind_of(*v_, piece->second)));
        }
        set_fen(v_->position_to_string(p));
    }
    /// The legal move written as `text`, without playing it (python-chess's parse_san).
    [[nodiscard]] PyMove parse_move(const std::string& text) const {
        return PyMove{v_->parse_move(game_->position(), text), v_,
                      std::make_shared<const tg::Position>(game_->position())};
    }
    /// Same variant (name and options), same position (placement, side to move, rule state)
    /// and same pending actions; the history is not compared (as python-chess).
    [[nodiscard]] bool same(const Board& o) const {
        return same_variant(ref_, o.ref_) && game_->position() == o.game_->position() && pending_ == o.pending_;
    }
    [[nodiscard]] std::uint64_t hash() const {
        std::uint64_t h = game_->position().hash() ^ variant_hash(ref_);
        for (int a : pending_) h = (h ^ static_cast<std::uint64_t>(a)) * 0x100000001B3ULL;
        return h;
    }
    Board(const Board& o) : ref_(o.ref_), v_(o.v_), game_(std::make_unique<tg::Game>(o.v_, o.game_->start_position())),
                            pending_(o.pending_) {
        for (const tg::Move& m : o.game_->moves()) game_->play(m);
    }
    Board& operator=(const Board&) = delete;

    [[nodiscard]] std::vector<PyMove> move_stack() const {
        std::vector<PyMove> out;
        for (std::size_t i = 0; i < game_->ply(); ++i) {
            out.push_back({game_->moves()[i], v_, std::make_shared<const tg::Position>(game_->positions()[i])});
        }
        return out;
    }

    [[nodiscard]] GameResultPy result() const {
        const tg::GameResult& r = game_->result();
        return {std::string(tg::to_string(r.outcome)), r.reason};
    }

    [[nodiscard]] std::string svg(bool flipped, bool last_move) const {
        const tg::Move* last = last_move && game_->ply() > 0 ? &game_->moves().back() : nullptr;
        tg::SvgOptions o;
        o.flipped = flipped;
        return tg::render_svg(*v_, game_->position(), last, o);
    }

    // --- actions -------------------------------------------------------------------------

    [[nodiscard]] std::vector<int> legal_actions() const {
        std::vector<int> a;
        turn().legal_actions(a);
        return a;
    }

    [[nodiscard]] py::array_t<bool> legal_action_mask() const {
        py::array_t<bool> mask(num_actions());
        turn().write_mask(reinterpret_cast<std::uint8_t*>(mask.mutable_data()));
        return mask;
    }

    /// Applies one action; returns the move played when the action completed one, else None.
    py::object apply_action(int action) {
        const tg::TurnActions& t = turn();
        const tg::TurnActions::Result r = turn_.apply(action);
        if (r == tg::TurnActions::Result::illegal) {
            throw tg::IllegalMoveError("action " + std::to_string(action) + " (" +
                                       action_to_string(action) + ") is not legal here");
        }
        if (r == tg::TurnActions::Result::pending) {
            pending_.push_back(action);  // the turn stays valid: same position, one more step
            return py::none();
        }
        const auto before = std::make_shared<const tg::Position>(game_->position());
        game_->play(t.completed());
        pending_.clear();
        turn_valid_ = false;
        return py::cast(PyMove{game_->moves().back(), v_, before});
    }

    [[nodiscard]] std::string action_to_string(int action) const {
        const int V = vertices();
        if (action < 0 || action >= num_actions()) return "invalid action " + std::to_string(action);
        if (action >= V * V) return "choice " + std::to_string(action - V * V);
        const auto& t = v_->topology();
        return std::string(t.name(static_cast<tg::Vertex>(action / V))) + ">" +
               std::string(t.name(static_cast<tg::Vertex>(action % V)));
    }

    [[nodiscard]] const std::vector<int>& pending() const { return pending_; }

    /// The observation planes of tradgames/actions.hpp (float32, shape (2K + 3, V)).
    [[nodiscard]] py::array_t<float> observation(bool side_to_move) const {
        py::array_t<float> obs({tg::observation_planes(*v_), vertices()});
        tg::write_observation(*v_, game_->position(), turn().moving(),
                              side_to_move ? tg::ObservationView::side_to_move : tg::ObservationView::absolute,
                              obs.mutable_data());
        return obs;
    }

    /// Takes back the last pending action (a step of a capture in progress). Throws
    /// IllegalMoveError when there is none.
    void pop_pending() {
        if (pending_.empty()) throw tg::IllegalMoveError("no pending action to take back");
        pending_.pop_back();
        turn_valid_ = false;
    }

private:
    /// The actions of the current turn: started once per position, then narrowed by the
    /// actions taken (pending_).
    const tg::TurnActions& turn() const {
        const tg::Position& p = game_->position();
        if (turn_valid_ && turn_ply_ == game_->ply() && turn_hash_ == p.hash()) return turn_;
        turn_.start(*v_, p, game_->legal_moves());
        for (int a : pending_) (void)turn_.apply(a);  // steps taken in this very position
        turn_ply_ = game_->ply();
        turn_hash_ = p.hash();
        turn_valid_ = true;
        return turn_;
    }

    VariantRef ref_;
    std::shared_ptr<const tg::Variant> v_;
    std::unique_ptr<tg::Game> game_;
    std::vector<int> pending_;
    mutable tg::TurnActions turn_;
    mutable bool turn_valid_ = false;
    mutable std::size_t turn_ply_ = 0;
    mutable std::uint64_t turn_hash_ = 0;
    /// A move list on the heap (a MoveList is large; Python threads' stacks may be small).
    mutable std::unique_ptr<tg::MoveList> scratch_ = std::make_unique<tg::MoveList>();
};

// ---------------------------------------------------------------------------------------------
// batch calls

py::object perft_py(const VariantRef& vr, int depth, const std::optional<std::string>& fen, bool paths,
                    bool divide, bool bulk) {
    tg::check_perft_depth(depth);
    const tg::Position pos = position_of(*vr.v, fen);
    json out;
    {
        py::gil_scoped_release nogil;
        tg::PerftOptions opt;
        opt.duplicates = paths ? tg::Duplicates::all_paths : tg::Duplicates::unique;
        opt.bulk = bulk;
        out = tg::perft_json(*vr.v, tg::run_perft(*vr.v, pos, depth, opt, divide));
    }
    return to_python(out);
}

json play_json(const std::shared_ptr<const tg::Variant>& v, const tg::Position& start, tg::PlayoutOptions o) {
    o.start = start;
    const tg::PlayoutReport rep = tg::run_playouts(v, o);
    return tg::playout_json(*v, start, o, rep);
}

py::object play_py(const VariantRef& vr, std::uint64_t games, std::uint64_t seed, unsigned threads,
                   const std::string& policy, int ply_cap, const std::optional<std::string>& fen) {
    const tg::PlayoutOptions o = playout_options(games, seed, threads, policy, ply_cap);
    const tg::Position start = position_of(*vr.v, fen);
    json out;
    {
        py::gil_scoped_release nogil;
        out = play_json(vr.v, start, o);
    }
    return to_python(out);
}

py::object compare_py(const std::vector<VariantRef>& vs, std::uint64_t games, std::uint64_t seed,
                      unsigned threads, const std::string& policy, int ply_cap) {
    const tg::PlayoutOptions o = playout_options(games, seed, threads, policy, ply_cap);
    json out = json::array();
    {
        py::gil_scoped_release nogil;
        for (const VariantRef& vr : vs) out.push_back(play_json(vr.v, vr.v->initial_position(), o));
    }
    return to_python(out);
}

py::object moves_py(const VariantRef& vr, const std::optional<std::string>& fen, bool paths) {
    return to_python(tg::moves_json(*vr.v, position_of(*vr.v, fen),
                                    paths ? tg::Duplicates::all_paths : tg::Duplicates::unique));
}

py::object explain_py(const VariantRef& vr, const std::optional<std::string>& fen, const std::string& text,
                      bool paths) {
    return to_python(tg::explanation_json(
        text, vr.v->explain_move(position_of(*vr.v, fen), text,
                                 paths ? tg::Duplicates::all_paths : tg::Duplicates::unique)));
}

py::object variants_py() {
    json out = json::array();
    for (const auto& info : tg::list_variants()) {
        out.push_back(tg::variant_info_json(info));
    }
    return to_python(out);
}

json pdn_game_json(const tg::PdnGame& g) {
    json tags = json::array();
    for (const auto& t : g.tags) tags.push_back(json::array({t.name, t.value}));
    json moves = json::array();
    for (const auto& m : g.moves) moves.push_back(m.text);
    return json{{"index", g.index},
                {"line", g.line},
                {"tags", tags},
                {"moves", moves},
                {"result", g.result.text},
                {"outcome", tg::to_string(g.result.outcome)}};
}

py::object read_pdn_py(const std::string& text) {
    json out = json::array();
    {
        py::gil_scoped_release nogil;
        for (const tg::PdnGame& g : tg::read_pdn(text)) out.push_back(pdn_game_json(g));
    }
    return to_python(out);
}

/// replay over named texts or files; `texts` holds (name, text) pairs, `files` paths to read.
py::object replay_py(const std::vector<std::string>& files,
                     const std::vector<std::pair<std::string, std::string>>& texts,
                     const std::string& variant, const std::vector<std::string>& options) {
    std::map<std::string, std::shared_ptr<const tg::Variant>> variants;
    variants[variant] = tg::make_variant(variant, options);  // bad arguments first
    json out;
    {
        py::gil_scoped_release nogil;
        const tg::PdnVariantLookup lookup = [&](const tg::PdnGame& rec, std::string& name) {
            name = tg::pdn_variant_name(rec, variant);
            auto& v = variants[name];
            if (!v) v = tg::make_variant(name, options);
            return v;
        };
        tg::ReplayTotals t;
        json games = json::array();
        json file_list = json::array();
        auto add = [&](tg::ReplayedGame&& g) { games.push_back(std::move(g.entry)); };
        for (const std::string& file : files) {
            std::error_code ec;
            const bool directory = std::filesystem::is_directory(file, ec);
            std::ifstream in(file, std::ios::binary);
            std::ostringstream buf;
            if (in && !directory) buf << in.rdbuf();
            if (!in || in.bad() || directory) {
                file_list.push_back(tg::replay_unreadable_file(
                    file, "cannot read " + tg::quoted(file) + ": " + (directory ? "is a directory" : std::strerror(errno)), t));
                continue;
            }
            file_list.push_back(tg::replay_pdn_text(buf.str(), file, lookup, add, t));
        }
        for (const auto& [name, text] : texts) file_list.push_back(tg::replay_pdn_text(text, name, lookup, add, t));
        out = tg::replay_json(std::move(games), std::move(file_list), t);
    }
    return to_python(out);
}

std::string write_pdn_py(const Board& b, const std::vector<std::pair<std::string, std::string>>& tags,
                         const std::string& results, std::size_t width, int first_move_number) {
    tg::PdnWriteOptions o;
    if (results == "draughts") {
        o.results = tg::PdnResultStyle::draughts;
    } else if (results == "chess") {
        o.results = tg::PdnResultStyle::chess;
    } else {
        throw tg::OptionError("results style " + tg::quoted(results) + ": expected 'draughts' or 'chess'");
    }
    if (width < 1) throw tg::OptionError("width must be at least 1");
    if (first_move_number < 1) throw tg::OptionError("first_move_number must be at least 1");
    o.width = width;
    o.first_move_number = first_move_number;
    std::vector<tg::PdnTag> t;
    for (const auto& [n, v] : tags) t.push_back({n, v});
    return tg::write_pdn(b.game(), t, o);
}

// ---------------------------------------------------------------------------------------------
// errors

/// The Python class of each class of library error (tradgames/frontend.hpp error_classes()),
/// by name; made at module init.
std::map<std::string, py::handle> error_types;

py::handle new_error(py::module_& m, std::string_view name, py::handle base, std::string_view doc) {
    const std::string full = "tradgames." + std::string(name);
    const std::string text(doc);
    PyObject* cls = PyErr_NewExceptionWithDoc(full.c_str(), text.c_str(), base.ptr(), nullptr);
    if (cls == nullptr) throw py::error_already_set();
    m.add_object(std::string(name).c_str(), py::handle(cls));  // the module keeps a reference
    return cls;
}

void translate(std::exception_ptr p) {
    try {
        if (p) std::rethrow_exception(p);
    } catch (const tg::Error& e) {
        const py::handle type = error_types.at(std::string(tg::error_class_name(e)));
        // The message as text; a byte that is not UTF-8 (quoted user input) becomes U+FFFD.
        const std::string_view what = e.what();
        const py::object message = py::reinterpret_steal<py::object>(
            PyUnicode_DecodeUTF8(what.data(), static_cast<Py_ssize_t>(what.size()), "replace"));
        if (!message) throw py::error_already_set();
        py::object inst = py::reinterpret_borrow<py::object>(type)(message);
        if (const auto* pdn = dynamic_cast<const tg::PdnError*>(&e)) {
            inst.attr("game") = pdn->game();
            inst.attr("line") = pdn->line();
        } else if (const auto* limit = dynamic_cast<const tg::PdnLimitError*>(&e)) {
            inst.attr("line") = limit->line();
        } else if (const auto* illegal = dynamic_cast<const tg::IllegalMoveError*>(&e)) {
            // IllegalMoveError and AmbiguousMoveError carry the structured reason (explain.hpp):
            // attributes reason (a MoveReason name or None), rule (a RULES.md section or None) and
            // legal (the legal alternatives in notation).
            inst.attr("reason") = illegal->reason().empty() ? py::object(py::none()) : py::object(py::str(illegal->reason()));
            inst.attr("rule") = illegal->rule().empty() ? py::object(py::none()) : py::object(py::str(illegal->rule()));
            inst.attr("legal") = py::cast(illegal->legal());
        }
        PyErr_SetObject(type.ptr(), inst.ptr());
    }
}

VariantRef variant_arg(const py::object& o) {
    if (py::isinstance<py::str>(o)) return make_variant_ref("name", o.cast<std::string>(), {});
    if (!py::isinstance<VariantRef>(o)) {
        throw py::type_error("argument 'variant' must be a variant name (str) or a tradgames.Variant, not " +
                         std::string(py::str(py::type::of(o).attr("__name__"))));
    }
    return o.cast<const VariantRef&>();
}

py::tuple variant_state(const VariantRef& r) { return py::make_tuple(r.origin, r.source, r.options); }

VariantRef variant_from_state(const py::tuple& t) {
    if (t.size() != 3) throw tg::Error("pickled variant: expected 3 fields");
    return make_variant_ref(t[0].cast<std::string>(), t[1].cast<std::string>(),
                            t[2].cast<std::vector<std::string>>());
}

}  // namespace

}  // namespace tgpy

PYBIND11_MODULE(_core, m) {
    using namespace tgpy;
    m.doc() = "tradgames: rules, move generation, perft, playouts and PDN for traditional board games";

    // Every class of library error, each after its base (tradgames/frontend.hpp); Error is a
    // ValueError.
    for (const tg::ErrorClass& c : tg::error_classes()) {
        const py::handle base = c.base.empty() ? py::handle(PyExc_ValueError) : error_types.at(std::string(c.base));
        error_types.emplace(std::string(c.name), new_error(m, c.name, base, c.doc));
    }
    m.attr("ERROR_CLASSES") = [] {
        py::list l;
        for (const tg::ErrorClass& c : tg::error_classes()) l.append(py::make_tuple(c.name, c.base));
        return l;
    }();
    // IllegalMoveError's attributes when raised without a structured reason (translate sets its own).
    const py::handle illegal = error_types.at("IllegalMoveError");
    for (const char* attr : {"reason", "rule"}) py::setattr(illegal, attr, py::none());
    py::setattr(illegal, "legal", py::tuple());
    py::register_exception_translator(translate);

    m.attr("MAX_CHOICES") = max_choices;

    m.def("variants", &variants_py, "The registered variants as `tradgames variants --json` lists them.");

    py::class_<VariantRef>(m, "Variant", "A variant with its rule options fixed: Variant(name, **options), options as bool/int/str keywords. Raises OptionError for an unknown name or a bad option.")
        .def(py::init([](const std::string& name, const py::kwargs& kw) {
                 return make_variant_ref("name", name, option_assignments(kw));
             }),
             py::arg("name"), "The registered variant `name` (case-insensitive) with rule options.")
        .def_static("from_json", [](const std::string& text, const py::kwargs& kw) {
                 return make_variant_ref("json", text, option_assignments(kw));
             }, py::arg("text"), "The variant of a draughts descriptor given as JSON text, with rule options. Raises DescriptorError.")
        .def_static("from_file", [](const std::string& path, const py::kwargs& kw) {
                 return make_variant_ref("file", path, option_assignments(kw));
             }, py::arg("path"), "The variant of a draughts descriptor file (at most 1 MiB), with rule options. Raises DescriptorError.")
        .def_property_readonly("name", [](const VariantRef& r) { return r.v->name(); })
        .def_property_readonly("description", [](const VariantRef& r) { return r.v->description(); })
        .def_property_readonly("options", [](const VariantRef& r) { return typed_options(*r.v); })
        .def_property_readonly("option_specs", [](const VariantRef& r) {
            json a = json::array();
            for (const auto& s : r.v->options().specs()) a.push_back(tg::option_spec_json(s));
            return to_python(a);
        })
        .def_property_readonly("kinds", [](const VariantRef& r) {
            std::vector<std::string> k;
            for (const auto& i : r.v->kinds()) k.push_back(i.name);
            return k;
        })
        .def_property_readonly("vertices", [](const VariantRef& r) {
            std::vector<std::string> n;
            for (int x = 0; x < r.v->topology().size(); ++x) n.emplace_back(r.v->topology().name(static_cast<tg::Vertex>(x)));
            return n;
        })
        .def_property_readonly("initial_fen", [](const VariantRef& r) { return r.v->position_to_string(r.v->initial_position()); })
        .def_property_readonly("num_actions", [](const VariantRef& r) {
            const int V = r.v->topology().size();
            return V * V + max_choices;
        })
        .def_property_readonly("observation_shape", [](const VariantRef& r) {
            return py::make_tuple(2 * static_cast<int>(r.v->kinds().size()) + 3, r.v->topology().size());
        })
        .def("__repr__", [](const VariantRef& r) { return "<tradgames.Variant " + r.v->name() + ">"; })
        .def("kind", [](const VariantRef& r, const std::string& name) { return static_cast<int>(kind_of(*r.v, name)); },
             py::arg("name"), "The index of the piece kind `name` (case-insensitive) in kinds and in the observation planes. Raises OptionError for a kind the variant does not have.")
        .def("__eq__", [](const VariantRef& a, const py::object& o) {
            return py::isinstance<VariantRef>(o) && same_variant(a, o.cast<const VariantRef&>());
        })
        .def("__hash__", [](const VariantRef& r) { return static_cast<py::ssize_t>(variant_hash(r)); })
        .def(py::pickle([](const VariantRef& r) { return variant_state(r); },
                        [](const py::tuple& t) { return variant_from_state(t); }));

    py::class_<PyMove>(m, "Move", "A legal move with the position it was generated for: notation, from_, to, path (origin first), captured (in jump order), promotion (kind name or None), drop, is_capture, actions; to_dict() is the object of `tradgames moves --json`.")
        .def_property_readonly("notation", &PyMove::notation)
        .def_property_readonly("from_", [](const PyMove& x) { return x.name(x.m.from); })
        .def_property_readonly("to", [](const PyMove& x) { return x.name(x.m.to); })
        .def_property_readonly("path", &PyMove::path)
        .def_property_readonly("captured", &PyMove::captured)
        .def_property_readonly("promotion", &PyMove::promotion)
        .def_property_readonly("drop", [](const PyMove& x) { return x.m.is_drop(); })
        .def_property_readonly("is_capture", [](const PyMove& x) { return x.m.is_capture(); })
        .def_property_readonly("actions", [](const PyMove& x) { return steps_of(x.m, x.v->topology().size()); })
        .def("to_dict", [](const PyMove& x) { return to_python(tg::move_json(*x.v, *x.before, x.m)); })
        .def("__str__", &PyMove::notation)
        .def("__repr__", [](const PyMove& x) { return "<tradgames.Move " + x.notation() + ">"; })
        .def("__eq__", [](const PyMove& a, const py::object& o) {
            if (!py::isinstance<PyMove>(o)) return false;
            const PyMove& b = o.cast<const PyMove&>();
            return a.v->name() == b.v->name() && *a.before == *b.before && a.m == b.m;
        })
        .def("__hash__", [](const PyMove& x) {
            return static_cast<py::ssize_t>(x.before->hash() ^ (std::uint64_t{x.m.from} << 8) ^ x.m.to ^ (x.m.captured_mask * 31));
        });

    py::class_<GameResultPy>(m, "Result", "How a game stands: outcome (white_wins, black_wins, draw, ongoing), reason (the rule that decided it), winner, over.")
        .def_readonly("outcome", &GameResultPy::outcome)
        .def_readonly("reason", &GameResultPy::reason)
        .def_property_readonly("over", [](const GameResultPy& r) { return r.outcome != "ongoing"; })
        .def_property_readonly("winner", [](const GameResultPy& r) -> py::object {
            if (r.outcome == "white_wins") return py::str("white");
            if (r.outcome == "black_wins") return py::str("black");
            return py::none();
        })
        .def("__eq__", [](const GameResultPy& a, const py::object& o) {
            if (!py::isinstance<GameResultPy>(o)) return false;
            const auto& b = o.cast<const GameResultPy&>();
            return a.outcome == b.outcome && a.reason == b.reason;
        })
        .def("__repr__", [](const GameResultPy& r) {
            return "<tradgames.Result " + r.outcome + (r.reason.empty() ? "" : " (" + r.reason + ")") + ">";
        });

    py::class_<Board>(m, "Board", "A game of a variant from a start position: moves, history with undo (push/pop), the result after every move (the variant's rules, repetition), pictures, and the action encoding for learning agents.")
        .def(py::init([](const py::object& variant, const std::optional<std::string>& fen) {
                 return std::make_unique<Board>(variant_arg(variant), fen);
             }),
             py::arg("variant") = "russian", py::arg("fen") = py::none(),
             "A new game of `variant` (a name or a Variant) from `fen` (default: the initial position). Raises ParseError/PositionError for a bad position string.")
        .def_property_readonly("variant", &Board::variant_ref)
        .def(py::pickle(
            [](const Board& b) {
                return py::make_tuple(variant_state(b.variant_ref()),
                                      b.variant()->position_to_string(b.game().start_position()),
                                      b.move_indices(), b.pending());
            },
            [](const py::tuple& t) {
                if (t.size() != 4) throw tg::Error("pickled board: expected 4 fields");
                auto b = std::make_unique<Board>(variant_from_state(t[0].cast<py::tuple>()),
                                                 t[1].cast<std::string>());
                b->replay_indices(t[2].cast<std::vector<std::size_t>>(), t[3].cast<std::vector<int>>());
                return b;
            }))
        .def_property_readonly("legal_moves", &Board::legal_moves, "The legal moves (U: one per resulting position); [] once the game is over.")
        .def("generate_moves", &Board::generate, py::arg("paths") = false, "The legal moves; paths=True lists every capture path (P).")
        .def("explain", [](const Board& b, const std::string& text) {
                return to_python(tg::explanation_json(text, b.variant()->explain_move(b.game().position(), text)));
            }, py::arg("move"), "Whether a move text is legal here and, if not, why: the dict of `tradgames moves --explain MOVE --json` {text, legal, reason, rule, message, move, alternatives}.")
        .def("push", &Board::push, py::arg("move"), "Plays a Move or a move text ('c3-d4', 'e3:c5:a7', any subset of landings); returns the move played. Raises IllegalMoveError, AmbiguousMoveError, ParseError.")
        .def("pop", &Board::pop, "Takes back the last move and returns it. Raises IndexError when no move was played.")
        .def_property("fen", &Board::fen, &Board::set_fen)
        .def("set_fen", &Board::set_fen, py::arg("fen"), "Starts a new game from the position string (history cleared).")
        .def_property_readonly("start_fen", [](const Board& b) { return b.variant()->position_to_string(b.game().start_position()); })
        .def_property_readonly("turn", [](const Board& b) { return std::string(tg::to_string(b.game().position().side_to_move())); })
        .def_property_readonly("ply", [](const Board& b) { return b.game().ply(); })
        .def_property_readonly("move_stack", &Board::move_stack)
        .def("is_game_over", [](const Board& b) { return b.game().result().over(); }, "True once a rule has ended the game.")
        .def("result", &Board::result, "The Result so far.")
        .def("repetitions", [](const Board& b) { return b.game().repetitions(); })
        .def("copy", [](const Board& b, const py::object& stack) {
                 if (py::isinstance<py::bool_>(stack)) return stack.cast<bool>() ? b.copy() : b.copy_keeping(0);
                 if (!py::isinstance<py::int_>(stack)) throw py::type_error("Board.copy(): argument 'stack' must be bool or int, not " + std::string(py::str(py::type::of(stack).attr("__name__"))));
                 const long long n = stack.cast<long long>();
                 if (n < 0) throw tg::OptionError("Board.copy(): stack must be >= 0, got " + std::to_string(n));
                 return b.copy_keeping(static_cast<std::size_t>(n));
             }, py::arg("stack") = true,
             "An independent copy (same position and pending actions). stack=True keeps the whole history, False none (the copy starts from the current position), an int n the last n moves (python-chess's copy(stack=...)).")
        .def("_piece_at", &Board::piece_at, py::arg("square"))
        .def("_pieces", &Board::pieces)
        .def("_edit", &Board::edit, py::arg("square"), py::arg("piece"))
        .def("parse_move", &Board::parse_move, py::arg("text"),
             "The legal move written as text ('c3-d4', 'e3:c5:a7', any subset of landings), without playing it (python-chess's parse_san). Raises IllegalMoveError, AmbiguousMoveError, ParseError.")
        .def("__eq__", [](const Board& a, const py::object& o) {
            return py::isinstance<Board>(o) && a.same(o.cast<const Board&>());
        })
        .def("__hash__", [](const Board& b) { return static_cast<py::ssize_t>(b.hash()); })
        .def("__copy__", &Board::copy)
        .def("__str__", [](const Board& b) { return tg::render_ascii(*b.variant(), b.game().position()); })
        .def("__repr__", [](const Board& b) { return "<tradgames.Board " + b.variant()->name() + " '" + b.fen() + "'>"; })
        .def("_svg", &Board::svg, py::arg("flipped"), py::arg("last_move"))
        .def("perft", [](const Board& b, int depth, bool paths, bool divide, bool bulk) {
                 return perft_py(b.variant_ref(), depth, b.fen(), paths, divide, bulk);
             }, py::arg("depth"), py::arg("paths") = false, py::arg("divide") = false, py::arg("bulk") = true)
        .def("pdn", [](const Board& b, const std::vector<std::pair<std::string, std::string>>& tags,
                       const std::string& results, std::size_t width, int first) {
                 return write_pdn_py(b, tags, results, width, first);
             }, py::arg("tags") = std::vector<std::pair<std::string, std::string>>{},
             py::arg("results") = "draughts", py::arg("width") = 80, py::arg("first_move_number") = 1)
        .def_property_readonly("num_actions", &Board::num_actions)
        .def("legal_actions", &Board::legal_actions, "The legal actions now (sorted): steps from..to (from*V + to) and choices V*V + k (README 'Actions and observations').")
        .def("legal_action_mask", &Board::legal_action_mask, "numpy bool array of num_actions, True for the legal actions.")
        .def("apply_action", &Board::apply_action, py::arg("action"), "Takes one action; returns the Move when it completes one, else None (the same side keeps the turn). Raises IllegalMoveError.")
        .def("action_to_string", &Board::action_to_string, py::arg("action"))
        .def_property_readonly("pending_actions", &Board::pending)
        .def("observation", &Board::observation, py::arg("side_to_move") = false, "float32 planes of shape (2K + 3, V): pieces per side and kind (side_to_move=True: the side to move's in planes 0..K-1, its opponent's in K..2K-1; else White's, then Black's), Black to move, the moving piece during a capture, marked squares.")
        .def("_pop_pending", &Board::pop_pending);

    m.def("_perft", &perft_py, py::arg("variant"), py::arg("depth"), py::arg("fen"), py::arg("paths"),
          py::arg("divide"), py::arg("bulk"));
    m.def("_play", &play_py, py::arg("variant"), py::arg("games"), py::arg("seed"), py::arg("threads"),
          py::arg("policy"), py::arg("ply_cap"), py::arg("fen"));
    m.def("_compare", &compare_py, py::arg("variants"), py::arg("games"), py::arg("seed"), py::arg("threads"),
          py::arg("policy"), py::arg("ply_cap"));
    m.def("_moves", &moves_py, py::arg("variant"), py::arg("fen"), py::arg("paths"));
    m.def("_explain", &explain_py, py::arg("variant"), py::arg("fen"), py::arg("text"), py::arg("paths"));
    m.def("_replay", &replay_py, py::arg("files"), py::arg("texts"), py::arg("variant"), py::arg("options"));
    m.def("_option_assignments", [](const py::kwargs& kw) { return option_assignments(kw); });
    m.def("read_pdn", &read_pdn_py, py::arg("text"),
          "The games of a PDN text: [{index, line, tags: [[name, value]], moves: [text], result, outcome}].");
    m.def("write_pdn", &write_pdn_py, py::arg("board"),
          py::arg("tags") = std::vector<std::pair<std::string, std::string>>{}, py::arg("results") = "draughts",
          py::arg("width") = 80, py::arg("first_move_number") = 1,
          "The PDN record of a board's game (tradgames::write_pdn).");

    for (BindFunction f : binders()) f(m);
}
