// The batch protocol of the draughts models (tests/models/compare_draughts.py), shared by the
// stand-alone models of tests/models/<game>: one position string a line on stdin, one answer
// line each: the U keys (from-to-captured squares-promotion, ';'-separated, sorted), a tab, the
// number of P paths, a tab, U and P perft for depths 1..DEPTH (comma-separated u/p).
// Nothing here knows a rule: the model passes its own functions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace model {

/// One path per U key (the first met; every path of a key gives the same position).
template <class Path, class Key>
std::vector<Path> unique_moves(const std::vector<Path>& paths, Key key) {
    std::set<decltype(key(paths.front()))> seen;
    std::vector<Path> r;
    for (const Path& m : paths)
        if (seen.insert(key(m)).second) r.push_back(m);
    return r;
}

/// perft over U moves (paths_mode false) or P paths (true).
template <class Pos, class Paths, class Key, class Apply>
std::uint64_t perft(const Pos& p, int depth, bool paths_mode, Paths paths, Key key, Apply apply) {
    const auto all = paths(p);
    const auto ms = paths_mode ? all : unique_moves(all, key);
    if (depth == 1) return ms.size();
    std::uint64_t n = 0;
    for (const auto& m : ms) n += perft(apply(p, m), depth - 1, paths_mode, paths, key, apply);
    return n;
}

/// Reads a numeric position string "W:W<sq>,K<sq>...:B...[:X...]": side (0 White, 1 Black),
/// put(square, white, king) per piece, other(letter, value) for any other field. False when
/// the text is not of that shape or a square is outside 1..squares.
template <class Put, class Other>
bool parse_position(const std::string& fen, int squares, int& side, Put put, Other other) {
    std::vector<std::string> fields;
    std::stringstream ss(fen);
    std::string f;
    while (std::getline(ss, f, ':')) fields.push_back(f);
    if (fields.empty() || (fields[0] != "W" && fields[0] != "B")) return false;
    side = fields[0] == "W" ? 0 : 1;
    for (std::size_t i = 1; i < fields.size(); ++i) {
        const std::string& fl = fields[i];
        if (fl.empty()) return false;
        if (fl[0] != 'W' && fl[0] != 'B') {
            if (!other(fl[0], fl.substr(1))) return false;
            continue;
        }
        std::stringstream items(fl.substr(1));
        std::string it;
        while (std::getline(items, it, ',')) {
            if (it.empty()) continue;
            const bool king = it[0] == 'K';
            const int n = std::stoi(king ? it.substr(1) : it);
            if (n < 1 || n > squares) return false;
            put(n, fl[0] == 'W', king);
        }
    }
    return true;
}

/// Runs `NAME batch DEPTH`. parse(line, pos) -> bool; paths(pos) -> the legal P paths;
/// unique(paths) -> one path per U move; key(path) -> (from, to, sorted captured, promotes);
/// perft(pos, depth, paths_mode) -> count. Returns the exit status.
template <class Pos, class Parse, class Paths, class Unique, class Key, class Perft>
int batch_main(int argc, char** argv, const char* name, Parse parse, Paths paths, Unique unique,
               Key key, Perft perft) {
    if (argc != 3 || std::string(argv[1]) != "batch") {
        std::fprintf(stderr, "usage: %s batch DEPTH < positions\n", name);
        return 2;
    }
    const int depth = std::stoi(argv[2]);
    std::string line;
    while (std::getline(std::cin, line)) {
        Pos p;
        if (!parse(line, p)) {
            std::fprintf(stderr, "%s: bad position '%s'\n", name, line.c_str());
            return 2;
        }
        const auto all = paths(p);
        std::vector<std::string> keys;
        for (const auto& m : unique(all)) {
            const auto [from, to, caps, promo] = key(m);
            std::string k = std::to_string(from) + "-" + std::to_string(to) + "-";
            for (std::size_t i = 0; i < caps.size(); ++i) k += (i ? "," : "") + std::to_string(caps[i]);
            k += promo ? "-1" : "-0";
            keys.push_back(k);
        }
        std::sort(keys.begin(), keys.end());
        std::string out;
        for (std::size_t i = 0; i < keys.size(); ++i) out += (i ? ";" : "") + keys[i];
        out += "\t" + std::to_string(all.size()) + "\t";
        for (int d = 1; d <= depth; ++d) {
            out += (d > 1 ? "," : "") + std::to_string(perft(p, d, false)) + "/" +
                   std::to_string(perft(p, d, true));
        }
        std::printf("%s\n", out.c_str());
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace model
