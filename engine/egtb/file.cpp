// Endgame databases: slice files (format in README "Endgame databases"), memory-mapped reading
// and the prober.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include "tradgames/engine/egtb.hpp"

namespace tradgames::engine::egtb {

namespace {

constexpr char magic[8] = {'T', 'G', 'E', 'G', 'T', 'B', '\x1a', '\n'};
constexpr std::size_t header_bytes = 256;
constexpr std::size_t game_bytes = 32;
constexpr std::uint32_t block_entries_default = 8192;
constexpr int zstd_level = 9;

std::uint64_t fnv1a(const unsigned char* p, std::size_t n) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

void put_le(unsigned char* p, std::uint64_t x, int bytes) noexcept {
    for (int i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>(x >> (8 * i));
}
std::uint64_t get_le(const unsigned char* p, int bytes) noexcept {
    std::uint64_t x = 0;
    for (int i = 0; i < bytes; ++i) x |= static_cast<std::uint64_t>(p[i]) << (8 * i);
    return x;
}

void encode_header(const SliceHeader& h, unsigned char* b) {
    std::memset(b, 0, header_bytes);
    std::memcpy(b, magic, 8);
    put_le(b + 8, h.format_version, 4);
    put_le(b + 12, header_bytes, 4);
    std::memcpy(b + 16, h.game.data(), std::min(h.game.size(), game_bytes));
    put_le(b + 48, h.rules_hash, 8);
    b[56] = static_cast<unsigned char>(h.material.white_men);
    b[57] = static_cast<unsigned char>(h.material.white_kings);
    b[58] = static_cast<unsigned char>(h.material.black_men);
    b[59] = static_cast<unsigned char>(h.material.black_kings);
    put_le(b + 60, h.block_entries, 4);
    put_le(b + 64, h.index_size, 8);
    put_le(b + 72, h.positions, 8);
    for (int s = 0; s < 2; ++s) {
        unsigned char* c = b + 80 + 32 * s;
        const SideCounts& k = h.counts[static_cast<std::size_t>(s)];
        put_le(c, k.win, 8);
        put_le(c + 8, k.draw, 8);
        put_le(c + 16, k.loss, 8);
        put_le(c + 24, k.longest_win, 4);
        put_le(c + 28, k.longest_loss, 4);
    }
    put_le(b + 144, h.blocks, 8);
    put_le(b + 152, h.payload_bytes, 8);
    put_le(b + 160, h.payload_checksum, 8);
    if (h.format_version == format_version_state) {
        put_le(b + 168, h.count_limit, 4);
        put_le(b + 172, h.side_states[0], 4);
        put_le(b + 176, h.side_states[1], 4);
    }
    put_le(b + 248, fnv1a(b, 248), 8);
}

/// Decodes and checks a header of `size` bytes of file `path` (size: the whole file's).
SliceHeader decode_header(const unsigned char* b, std::size_t size, const std::string& path) {
    auto bad = [&](const std::string& why) { return EgtbError("endgame database '" + path + "': " + why); };
    if (size < 8 || std::memcmp(b, magic, 8) != 0) throw bad("not a tradgames endgame database file");
    if (size < header_bytes) {
        throw bad("truncated (" + std::to_string(size) + " bytes; the header alone has 256)");
    }
    SliceHeader h;
    h.format_version = static_cast<std::uint32_t>(get_le(b + 8, 4));
    if (h.format_version != format_version && h.format_version != format_version_state) {
        throw bad("format version " + std::to_string(h.format_version) + ", this library reads versions " +
                  std::to_string(format_version) + " and " + std::to_string(format_version_state));
    }
    if (get_le(b + 248, 8) != fnv1a(b, 248)) throw bad("the header's checksum does not match (corrupt)");
    if (get_le(b + 12, 4) != header_bytes) throw bad("unexpected header size");
    const char* g = reinterpret_cast<const char*>(b + 16);
    h.game.assign(g, strnlen(g, game_bytes));
    h.rules_hash = get_le(b + 48, 8);
    h.material = {b[56], b[57], b[58], b[59]};
    h.block_entries = static_cast<std::uint32_t>(get_le(b + 60, 4));
    h.index_size = get_le(b + 64, 8);
    h.positions = get_le(b + 72, 8);
    for (int s = 0; s < 2; ++s) {
        const unsigned char* c = b + 80 + 32 * s;
        SideCounts& k = h.counts[static_cast<std::size_t>(s)];
        k.win = get_le(c, 8);
        k.draw = get_le(c + 8, 8);
        k.loss = get_le(c + 16, 8);
        k.longest_win = static_cast<std::uint32_t>(get_le(c + 24, 4));
        k.longest_loss = static_cast<std::uint32_t>(get_le(c + 28, 4));
    }
    h.blocks = get_le(b + 144, 8);
    h.payload_bytes = get_le(b + 152, 8);
    h.payload_checksum = get_le(b + 160, 8);
    if (h.format_version == format_version_state) {
        h.count_limit = static_cast<std::uint32_t>(get_le(b + 168, 4));
        h.side_states = {static_cast<std::uint32_t>(get_le(b + 172, 4)), static_cast<std::uint32_t>(get_le(b + 176, 4))};
        if (h.count_limit == 0 || h.side_states[0] == 0 || h.side_states[1] == 0 ||
            h.side_states[0] * h.side_states[1] == 1) {
            throw bad("format version 2 (king-move counts in the index) without a state layout");
        }
    }
    if (h.block_entries == 0 || h.blocks != (2 * h.index_size + h.block_entries - 1) / h.block_entries) {
        throw bad("inconsistent block count");
    }
    const std::uint64_t expected = header_bytes + 8 * (h.blocks + 1) + h.payload_bytes;
    if (size < expected) {
        throw bad("truncated (" + std::to_string(size) + " bytes of " + std::to_string(expected) + ")");
    }
    if (size > expected) throw bad("has " + std::to_string(size - expected) + " bytes after its data");
    return h;
}

/// Reads the whole of a file into memory-mapped storage; unmapped by the caller.
std::pair<const unsigned char*, std::size_t> map_file(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        throw EgtbError("endgame database '" + path + "': cannot open: " + std::strerror(errno));
    }
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw EgtbError("endgame database '" + path + "': not a regular file");
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size == 0) {
        ::close(fd);
        throw EgtbError("endgame database '" + path + "': empty file (truncated)");
    }
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (p == MAP_FAILED) {
        throw EgtbError("endgame database '" + path + "': cannot map: " + std::strerror(errno));
    }
    return {static_cast<const unsigned char*>(p), size};
}

std::atomic<std::uint64_t> next_file_id{1};

/// A decompression context and the last block decompressed, per thread.
struct BlockCache {
    ZSTD_DCtx* ctx = ZSTD_createDCtx();
    std::uint64_t file = 0;
    std::uint64_t block = 0;
    std::vector<std::uint16_t> values;
    BlockCache() = default;
    BlockCache(const BlockCache&) = delete;
    BlockCache& operator=(const BlockCache&) = delete;
    ~BlockCache() { ZSTD_freeDCtx(ctx); }
};

BlockCache& block_cache() {
    thread_local BlockCache cache;
    return cache;
}

}  // namespace

std::string slice_file_name(const std::string& game, const Material& m) {
    return game + "." + m.name() + ".egtb";
}

std::array<SideCounts, 2> count_codes(const std::vector<std::uint16_t>& codes, std::uint64_t& positions) {
    std::array<SideCounts, 2> out{};
    const std::size_t n = codes.size() / 2;
    positions = 0;
    for (std::size_t i = 0; i < codes.size(); ++i) {
        const std::uint16_t c = codes[i];
        if (c == code_invalid) continue;
        SideCounts& k = out[i < n ? 0 : 1];
        if (i < n) ++positions;
        if (c == code_draw) {
            ++k.draw;
        } else if ((c - 1) % 2 == 1) {
            ++k.win;
            k.longest_win = std::max<std::uint32_t>(k.longest_win, c - 1U);
        } else {
            ++k.loss;
            k.longest_loss = std::max<std::uint32_t>(k.longest_loss, c - 1U);
        }
    }
    return out;
}

void write_slice(const std::string& path, const Domain& d, const Material& m,
                 const std::vector<std::uint16_t>& codes) {
    const Indexer ix(d, m);
    if (codes.size() != 2 * ix.size()) throw EgtbError("endgame databases: table size does not match slice " + m.name());
    if (d.variant().name().size() > game_bytes) {
        throw EgtbError("endgame databases: game name '" + d.variant().name() + "' is longer than 32 bytes");
    }
    SliceHeader h;
    h.format_version = ix.states() > 1 ? format_version_state : format_version;
    if (ix.states() > 1) {
        h.count_limit = static_cast<std::uint32_t>(d.count_limit());
        h.side_states = {ix.side_states(Color::white), ix.side_states(Color::black)};
    }
    h.game = d.variant().name();
    h.rules_hash = d.rules_hash();
    h.material = m;
    h.index_size = ix.size();
    h.counts = count_codes(codes, h.positions);
    h.block_entries = block_entries_default;
    h.blocks = (codes.size() + h.block_entries - 1) / h.block_entries;
    std::vector<unsigned char> table(8 * (h.blocks + 1));
    std::vector<unsigned char> payload;
    std::vector<unsigned char> raw(2 * static_cast<std::size_t>(h.block_entries));
    std::vector<unsigned char> packed(ZSTD_compressBound(raw.size()));
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    for (std::uint64_t b = 0; b < h.blocks; ++b) {
        const std::size_t first = b * h.block_entries;
        const std::size_t count = std::min<std::size_t>(h.block_entries, codes.size() - first);
        for (std::size_t i = 0; i < count; ++i) put_le(raw.data() + 2 * i, codes[first + i], 2);
        put_le(table.data() + 8 * b, payload.size(), 8);
        const std::size_t z = ZSTD_compressCCtx(cctx, packed.data(), packed.size(), raw.data(), 2 * count, zstd_level);
        if (ZSTD_isError(z) != 0) {
            ZSTD_freeCCtx(cctx);
            throw EgtbError(std::string("endgame databases: zstd: ") + ZSTD_getErrorName(z));
        }
        payload.insert(payload.end(), packed.begin(), packed.begin() + static_cast<std::ptrdiff_t>(z));
    }
    ZSTD_freeCCtx(cctx);
    put_le(table.data() + 8 * h.blocks, payload.size(), 8);
    h.payload_bytes = payload.size();
    std::vector<unsigned char> body(table);
    body.insert(body.end(), payload.begin(), payload.end());
    h.payload_checksum = fnv1a(body.data(), body.size());
    unsigned char head[header_bytes];
    encode_header(h, head);
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(head), header_bytes);
        out.write(reinterpret_cast<const char*>(body.data()), static_cast<std::streamsize>(body.size()));
        out.close();
        if (!out) throw EgtbError("endgame databases: cannot write '" + tmp + "'");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw EgtbError("endgame databases: cannot rename '" + tmp + "' to '" + path + "': " + ec.message());
}

SliceFile::SliceFile(const std::string& path, const Domain& d, const Material& m) : path_(path) {
    auto [p, size] = map_file(path);
    map_ = p;
    map_size_ = size;
    try {
        h_ = decode_header(p, size, path);
        auto bad = [&](const std::string& why) { return EgtbError("endgame database '" + path + "': " + why); };
        if (h_.game != d.variant().name()) {
            throw bad("built for game '" + h_.game + "', not '" + d.variant().name() + "'");
        }
        if (h_.rules_hash != d.rules_hash()) {
            throw bad("built for another rule set of '" + h_.game + "' (rules hash differs: other options or rules)");
        }
        if (h_.material != m) throw bad("holds slice " + h_.material.name() + ", not " + m.name());
        const Indexer ix(d, m);
        if (h_.format_version == format_version && ix.states() > 1) {
            throw bad("format version 1 (no king-move counts), but slice " + m.name() + " of '" + h_.game +
                      "' has them in its index (format version 2): rebuild it");
        }
        if (h_.format_version == format_version_state &&
            (ix.states() == 1 || h_.count_limit != static_cast<std::uint32_t>(d.count_limit()) ||
             h_.side_states[0] != ix.side_states(Color::white) || h_.side_states[1] != ix.side_states(Color::black))) {
            throw bad("its king-move states (limit " + std::to_string(h_.count_limit) + ", " +
                      std::to_string(h_.side_states[0]) + " x " + std::to_string(h_.side_states[1]) +
                      " states) are not those of slice " + m.name() + " here (limit " + std::to_string(d.count_limit()) +
                      ", " + std::to_string(ix.side_states(Color::white)) + " x " +
                      std::to_string(ix.side_states(Color::black)) + ")");
        }
        if (h_.index_size != ix.size()) throw bad("index size does not match the slice");
        table_ = p + header_bytes;
        payload_ = table_ + 8 * (h_.blocks + 1);
        if (fnv1a(table_, 8 * (h_.blocks + 1) + h_.payload_bytes) != h_.payload_checksum) {
            throw bad("the data's checksum does not match (corrupt)");
        }
        std::uint64_t prev = 0;
        for (std::uint64_t b = 0; b <= h_.blocks; ++b) {
            const std::uint64_t o = get_le(table_ + 8 * b, 8);
            if (o < prev || o > h_.payload_bytes || (b == h_.blocks && o != h_.payload_bytes)) {
                throw bad("bad block table");
            }
            prev = o;
        }
    } catch (...) {
        ::munmap(const_cast<unsigned char*>(map_), map_size_);
        throw;
    }
    id_ = next_file_id.fetch_add(1);
}

SliceFile::~SliceFile() { ::munmap(const_cast<unsigned char*>(map_), map_size_); }

void SliceFile::decompress_block(std::uint64_t b, std::uint16_t* out) const {
    const std::uint64_t first = b * h_.block_entries;
    const std::uint64_t count = std::min<std::uint64_t>(h_.block_entries, 2 * h_.index_size - first);
    const std::uint64_t from = get_le(table_ + 8 * b, 8);
    const std::uint64_t to = get_le(table_ + 8 * (b + 1), 8);
    BlockCache& cache = block_cache();
    const std::size_t r = ZSTD_decompressDCtx(cache.ctx, out, 2 * count, payload_ + from, to - from);
    if (ZSTD_isError(r) != 0 || r != 2 * count) {
        throw EgtbError("endgame database '" + path_ + "': block " + std::to_string(b) + " is corrupt");
    }
    if constexpr (std::endian::native == std::endian::big) {
        for (std::uint64_t i = 0; i < count; ++i) out[i] = static_cast<std::uint16_t>((out[i] >> 8) | (out[i] << 8));
    }
}

std::uint16_t SliceFile::code(std::uint64_t e) const {
    BlockCache& cache = block_cache();
    const std::uint64_t b = e / h_.block_entries;
    if (cache.file != id_ || cache.block != b) {
        cache.values.resize(h_.block_entries);
        cache.file = 0;
        decompress_block(b, cache.values.data());
        cache.file = id_;
        cache.block = b;
    }
    return cache.values[e % h_.block_entries];
}

std::vector<std::uint16_t> SliceFile::all_codes() const {
    std::vector<std::uint16_t> out(2 * h_.index_size);
    for (std::uint64_t b = 0; b < h_.blocks; ++b) decompress_block(b, out.data() + b * h_.block_entries);
    return out;
}

SliceHeader SliceFile::read_header(const std::string& path) {
    auto [p, size] = map_file(path);
    try {
        SliceHeader h = decode_header(p, size, path);
        ::munmap(const_cast<unsigned char*>(p), size);
        return h;
    } catch (...) {
        ::munmap(const_cast<unsigned char*>(p), size);
        throw;
    }
}

namespace {

/// The materials of d's game with a file in dir, in slices_up_to order.
std::vector<Material> materials_in(const Domain& d, const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw EgtbError("endgame databases: no directory '" + dir + "'");
    std::vector<Material> out;
    const std::string prefix = d.variant().name() + ".";
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string f = e.path().filename().string();
        if (f.size() <= prefix.size() + 5 || f.compare(0, prefix.size(), prefix) != 0 ||
            f.compare(f.size() - 5, 5, ".egtb") != 0) {
            continue;
        }
        const std::string stem = f.substr(prefix.size(), f.size() - prefix.size() - 5);
        Material m;
        char tail = 0;
        if (std::sscanf(stem.c_str(), "w%dm%dk-b%dm%dk%c", &m.white_men, &m.white_kings, &m.black_men,
                        &m.black_kings, &tail) != 4 ||
            m.name() != stem) {
            throw EgtbError("endgame databases: '" + (fs::path(dir) / f).string() +
                            "' is not named as a slice file (<game>.w<M>m<K>k-b<M>m<K>k.egtb)");
        }
        out.push_back(m);
    }
    std::sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
        const auto key = [](const Material& x) {
            return std::array<int, 5>{x.total(), x.white_men + x.black_men, x.white_men, x.white_kings, x.black_men};
        };
        return key(a) < key(b);
    });
    return out;
}

}  // namespace

std::vector<SliceHeader> info(const Domain& d, const std::string& dir) {
    std::vector<SliceHeader> out;
    for (const Material& m : materials_in(d, dir)) {
        const std::string path = (std::filesystem::path(dir) / slice_file_name(d.variant().name(), m)).string();
        out.push_back(SliceFile(path, d, m).header());
    }
    return out;
}

Prober::Prober(std::shared_ptr<const Variant> v, const std::string& dir) : d_(std::move(v)) {
    for (const Material& m : materials_in(d_, dir)) {
        const std::string path = (std::filesystem::path(dir) / slice_file_name(d_.variant().name(), m)).string();
        auto ix = std::make_unique<Indexer>(d_, m);
        auto f = std::make_unique<SliceFile>(path, d_, m);
        max_pieces_ = std::max(max_pieces_, m.total());
        files_.emplace(m, std::make_pair(std::move(ix), std::move(f)));
    }
}

Prober::~Prober() = default;

std::optional<OracleAnswer> Prober::probe(const Position& pos) const {
    const Material m = Material::of_position(pos);
    if (count(pos.occupied()) != m.total()) return std::nullopt;  // a kind beyond man and king
    const Color c = pos.side_to_move();
    if (m.of(c) == 0) return OracleAnswer{Wdl::loss, 0};
    if (m.of(~c) == 0) return std::nullopt;
    const auto it = files_.find(m);
    if (it == files_.end()) return std::nullopt;
    const Indexer& ix = *it->second.first;
    if (!ix.covers(pos)) return std::nullopt;  // a variant state the slice's index does not hold
    // A man on a square men may not use is not a position of the database.
    if ((pos.pieces(Color::white, 0) & ~d_.men_squares(Color::white)) != 0 ||
        (pos.pieces(Color::black, 0) & ~d_.men_squares(Color::black)) != 0) {
        return std::nullopt;
    }
    const std::uint16_t code = it->second.second->code(index(c) * ix.size() + ix.index(pos));
    if (code == code_invalid) return std::nullopt;
    return answer_of(code);
}

std::vector<Material> Prober::slices() const {
    std::vector<Material> out;
    for (const auto& [m, f] : files_) out.push_back(m);
    return out;
}

}  // namespace tradgames::engine::egtb
