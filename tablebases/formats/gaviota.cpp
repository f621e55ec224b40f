#include "tablebases/formats/gaviota.h"

#include <fmt/format.h>
#include <gtb-probe.h>

#include <dlfcn.h>
#include <algorithm>

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <mutex>

#include "engine/chess/fen.h"
#include "tablebases/chess/index.h"
#include "tablebases/chess/table.h"
#include "tablebases/formats/library_calls.h"
#include "tablebases/formats/listing.h"
#include "tablebases/formats/syzygy.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;

namespace {

std::atomic<bool> g_live{false};

// Debian's libgaviotatb gives wrong answers (values, and "illegal" for legal positions) when
// probed from two threads at once (seen in the 35-material audit on 2 threads), so every call
// into it holds this lock.
std::mutex g_probe;

// Fathom (linked) and libgaviotatb both export a function named tb_init, so libgaviotatb is
// loaded with dlopen, its symbols kept out of the global scope, and called through pointers.
// (It calls its own tb_init through the global scope only from tb_restart, which is not used.)
struct GaviotaApi {
    decltype(&::tb_init) init = nullptr;
    decltype(&::tb_is_initialized) is_initialized = nullptr;
    decltype(&::tb_done) done = nullptr;
    decltype(&::tb_probe_hard) probe_hard = nullptr;
    decltype(&::tbcache_init) cache_init = nullptr;
    decltype(&::tbcache_done) cache_done = nullptr;
    decltype(&::tbpaths_init) paths_init = nullptr;
    decltype(&::tbpaths_add) paths_add = nullptr;
    decltype(&::tbpaths_done) paths_done = nullptr;
    std::string error;  // why it could not be loaded
};

template <typename F>
bool bind(void* handle, const char* name, F& f, std::string& error) {
    f = reinterpret_cast<F>(dlsym(handle, name));
    if (!f) error = std::string("libgaviotatb.so.1 lacks ") + name;
    return f != nullptr;
}

const GaviotaApi& api() {
    static const GaviotaApi loaded = [] {
        GaviotaApi a;
        void* h = dlopen("libgaviotatb.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            a.error = std::string("cannot load libgaviotatb.so.1: ") + dlerror();
            return a;
        }
        bind(h, "tb_init", a.init, a.error) &&
            bind(h, "tb_is_initialized", a.is_initialized, a.error) &&
            bind(h, "tb_done", a.done, a.error) &&
            bind(h, "tb_probe_hard", a.probe_hard, a.error) &&
            bind(h, "tbcache_init", a.cache_init, a.error) &&
            bind(h, "tbcache_done", a.cache_done, a.error) &&
            bind(h, "tbpaths_init", a.paths_init, a.error) &&
            bind(h, "tbpaths_add", a.paths_add, a.error) &&
            bind(h, "tbpaths_done", a.paths_done, a.error);
        return a;
    }();
    return loaded;
}

// The library's cache: enough for the 3-5 piece files to stay in memory while an audit walks them.
constexpr std::size_t kCacheBytes = 64u << 20;

// The header (every integer 32 bits, little-endian): [2] block size, [8] the offset of the data,
// which is also where the block index ends; [9] the compression scheme. The block index, from
// byte 40, holds the file offset of each block and then the end of the data: the file's size.
constexpr std::size_t kHeaderWords = 10;

constexpr const char* kSuffixes[] = {".gtb.cp1", ".gtb.cp2", ".gtb.cp3", ".gtb.cp4"};

std::string gaviota_name(const Material& m) {
    std::string s;
    for (std::size_t c = 0; c < 2; ++c) {
        s += 'k';
        for (std::size_t t = 0; t < 5; ++t) s.append(m.count[c][t], "qrbnp"[t]);
    }
    return s;
}

// The colouring the files are named by: the stronger side first, as Syzygy's.
Material canonical(const Material& m) { return *Material::parse(syzygy_name(m)); }

Result<bool> check_header(const TableFile& f, int scheme) {
    const auto header = read_u32_le(f.path, 0, kHeaderWords);
    if (!header) return Error{header.error()};
    const std::uint32_t data_at = (*header)[8];
    if ((*header)[9] != static_cast<std::uint32_t>(scheme))
        return Error{fmt::format("{}: its header says compression scheme {}, its name cp{}",
                                 f.path.string(), (*header)[9], scheme)};
    if (data_at < 4 * kHeaderWords + 8 || data_at % 4 != 0 || data_at > f.size)
        return Error{fmt::format("{}: the block index ends at {}, outside the file ({} bytes)",
                                 f.path.string(), data_at, f.size)};
    const auto blocks = read_u32_le(f.path, 4 * kHeaderWords, (data_at - 4 * kHeaderWords) / 4);
    if (!blocks) return Error{blocks.error()};
    if (blocks->front() != data_at)
        return Error{fmt::format("{}: the first block starts at {}, not at the end of the index {}",
                                 f.path.string(), blocks->front(), data_at)};
    for (std::size_t i = 1; i < blocks->size(); ++i)
        if ((*blocks)[i] < (*blocks)[i - 1])
            return Error{fmt::format("{}: block {} ends before it starts ({} < {})",
                                     f.path.string(), i - 1, (*blocks)[i], (*blocks)[i - 1])};
    if (blocks->back() != f.size)
        return Error{fmt::format("{}: {} bytes, but its block index ends the data at {}: {}",
                                 f.path.string(), f.size, blocks->back(),
                                 f.size < blocks->back() ? "truncated" : "padded")};
    return true;
}

}  // namespace

std::string gaviota_stem(const Material& m) { return gaviota_name(canonical(m)); }

std::optional<Material> gaviota_material(const std::string& stem) {
    auto m = Material::parse(stem);
    if (!m || gaviota_name(*m) != stem) return std::nullopt;
    return *m;
}

std::filesystem::path GaviotaTables::file_of(const Material& m) const {
    for (std::size_t i = 0; i < materials_.size(); ++i)
        if (materials_[i] == m || materials_[i] == m.flipped()) return dir_ / (names_[i] + suffix_);
    return dir_ / (gaviota_name(canonical(m)) + suffix_);
}

Result<std::shared_ptr<GaviotaTables>> GaviotaTables::open(const std::filesystem::path& dir) {
    const std::vector<std::string> suffixes(std::begin(kSuffixes), std::end(kSuffixes));
    auto listing = list_table_files(dir, suffixes);
    if (!listing) return Error{listing.error()};
    if (listing->empty())
        return Error{dir.string() + ": no Gaviota table (.gtb.cp1 to .gtb.cp4) in this directory"};
    const std::string suffix = listing->front().extension;
    const int scheme = suffix.back() - '0';
    std::vector<std::pair<Material, std::string>> held;
    for (const TableFile& f : *listing) {
        if (f.extension != suffix)
            return Error{
                fmt::format("{}: compression {} beside {} files: the library reads one "
                            "scheme at a time",
                            f.path.string(), f.extension, suffix)};
        const auto m = gaviota_material(f.stem);
        if (!m || m->pieces() < 3)
            return Error{f.path.string() + ": not a Gaviota table name (like kqkr.gtb.cp4)"};
        if (const auto ok = check_header(f, scheme); !ok) return Error{ok.error()};
        held.emplace_back(*m, f.stem);
    }
    std::sort(held.begin(), held.end());
    std::shared_ptr<GaviotaTables> t(new GaviotaTables());
    t->dir_ = dir;
    t->suffix_ = suffix;
    for (const auto& [m, stem] : held) {
        t->materials_.push_back(m);
        t->names_.push_back(stem);
    }
    Material needer;
    if (const auto gap = first_uncovered_successor(t->materials_, &needer))
        return Error{fmt::format(
            "{} is missing: {} needs it (its captures and promotions lead to "
            "{})",
            (dir / (gaviota_name(canonical(*gap)) + suffix)).string(), needer.name(), gap->name())};
    if (!api().error.empty()) return Error{api().error};
    bool expected = false;
    if (!g_live.compare_exchange_strong(expected, true)) {
        t->materials_.clear();  // the destructor must not touch the live one's globals
        return Error{
            "a Gaviota directory is already open in this process (the library keeps "
            "one set of tables in globals); close it first"};
    }
    const GaviotaApi& gtb = api();
    t->paths_ = gtb.paths_add(gtb.paths_init(), dir.c_str());
    gtb.init(0, scheme, t->paths_);
    if (!gtb.is_initialized() || !gtb.cache_init(kCacheBytes, 0))
        return Error{"libgaviotatb could not be initialized on " + dir.string()};
    for (const Material& m : t->materials_)
        if (const auto ok = t->first_probes(m); !ok) return Error{ok.error()};
    return t;
}

GaviotaTables::~GaviotaTables() {
    if (!paths_) return;
    api().cache_done();
    api().done();
    api().paths_done(paths_);
    g_live = false;
}

Result<bool> GaviotaTables::first_probes(const Material& m) const {
    const MaterialIndex index(m);
    int seen = 0;
    // Slots far apart, so that several blocks of the file are decoded.
    const std::uint64_t step = std::max<std::uint64_t>(1, index.size() / 64);
    for (std::uint64_t i = 0; i < index.size() && seen < 16; i += step) {
        const auto pos = index.position(i, i % 2 ? Color::Black : Color::White);
        if (!pos || !legal_slot(*pos)) continue;
        const ChessProbe p = probe(*pos);
        if (!p.ok())
            return Error{
                fmt::format("libgaviotatb cannot read {}: {}", file_of(m).string(), p.error)};
        ++seen;
    }
    return true;
}

ChessProbe GaviotaTables::probe(const Position& pos) const {
    if (pos.castling())
        return ChessProbe::missing("castling rights are not in Gaviota tables: " +
                                   retrocheck::chess::format_fen(pos));
    const Material m = Material::of(pos);
    if (!covers(materials_, m))
        return ChessProbe::missing(fmt::format("{} holds no {}{} (material {})", dir_.string(),
                                               gaviota_name(m), suffix_, m.name()));
    // Squares and pieces a side, each list ended by its terminator.
    unsigned squares[2][17];
    unsigned char pieces[2][17];
    for (const Color c : {Color::White, Color::Black}) {
        std::size_t n = 0;
        const std::size_t side = retrocheck::chess::slot(c);
        for (Bitboard b = pos.pieces(c); b;) {
            const auto s = retrocheck::chess::pop_lowest(b);
            squares[side][n] = static_cast<unsigned>(retrocheck::chess::index_of(s));
            // Ours: Pawn 0 .. King 5; the library's: tb_PAWN 1 .. tb_KING 6.
            pieces[side][n] = static_cast<unsigned char>(
                retrocheck::chess::index_of(pos.piece_on(s)->type) + tb_PAWN);
            ++n;
        }
        squares[side][n] = static_cast<unsigned>(tb_NOSQUARE);
        pieces[side][n] = tb_NOPIECE;
    }
    const auto ep = pos.en_passant();
    unsigned info = tb_UNKNOWN, plies = 0;
    const std::unique_lock lock(g_probe);
    const LibraryCall watched("libgaviotatb", "tb_probe_hard", pos);
    const int ok =
        api().probe_hard(pos.side_to_move() == Color::White ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE,
                         ep ? static_cast<unsigned>(retrocheck::chess::index_of(*ep))
                            : static_cast<unsigned>(tb_NOSQUARE),
                         tb_NOCASTLE, squares[0], squares[1], pieces[0], pieces[1], &info, &plies);
    const std::string fen = retrocheck::chess::format_fen(pos);
    if (!ok)
        return ChessProbe::corrupt(fmt::format(
            "tb_probe_hard failed on {} ({} could not be decoded)", fen, file_of(m).string()));
    ChessProbe p;
    p.status = ChessProbeStatus::Ok;
    const bool white = pos.side_to_move() == Color::White;
    switch (info) {
        case tb_DRAW:
            p.wdl = Wdl5::Draw;
            break;
        case tb_WMATE:
        case tb_BMATE:
            p.wdl = (info == tb_WMATE) == white ? Wdl5::Win : Wdl5::Loss;
            p.dtm = static_cast<int>(plies);
            break;
        default:
            return ChessProbe::corrupt(
                fmt::format("tb_probe_hard answered {} (not a value) on {} "
                            "({})",
                            info == tb_FORBID ? "illegal" : "unknown", fen, file_of(m).string()));
    }
    return p;
}

}  // namespace retrocheck::tb::chess
