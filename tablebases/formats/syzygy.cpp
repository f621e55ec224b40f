#include "tablebases/formats/syzygy.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <tbprobe.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "tablebases/chess/index.h"
#include "tablebases/chess/table.h"
#include "tablebases/formats/library_calls.h"
#include "tablebases/formats/listing.h"

// Fathom's position and table reader (tbprobe.c), exported by libfathom.so but not declared in
// tbprobe.h: the layout is tbprobe.c's Pos, checked at open() (SyzygyTables::first_probes).
extern "C" {
struct FathomPos {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    std::uint8_t rule50, ep;
    bool turn;
    std::uint16_t move;
};
int probe_table(const FathomPos* pos, int s, int* success, int type);
}

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;

namespace {

// Fathom's globals belong to one SyzygyTables at a time.
std::atomic<bool> g_live{false};

// The first four bytes of each kind of file (little-endian), as Fathom's init_table checks them.
constexpr std::uint32_t kWdlMagic = 0x5d23e871;
constexpr std::uint32_t kDtzMagic = 0xa50c66d7;

struct Boards {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned ep;
    bool turn;
};

Boards boards(const Position& pos) {
    auto of = [&](PieceType t) -> std::uint64_t { return pos.pieces(t); };
    const auto ep = pos.en_passant();
    return {pos.pieces(Color::White),
            pos.pieces(Color::Black),
            of(PieceType::King),
            of(PieceType::Queen),
            of(PieceType::Rook),
            of(PieceType::Bishop),
            of(PieceType::Knight),
            of(PieceType::Pawn),
            ep ? static_cast<unsigned>(retrocheck::chess::index_of(*ep)) : 0u,
            pos.side_to_move() == Color::White};
}

Wdl5 wdl5(unsigned tb_wdl) { return static_cast<Wdl5>(static_cast<int>(tb_wdl) - 2); }

// probe_table()'s kinds of table (tbprobe.c's enum { WDL, DTM, DTZ }).
constexpr int kFathomWdl = 0, kFathomDtz = 2;

FathomPos fathom_pos(const Boards& b) {
    return {b.white,   b.black,   b.kings, b.queens, b.rooks,
            b.bishops, b.knights, b.pawns, 0,        static_cast<std::uint8_t>(b.ep),
            b.turn,    0};
}

}  // namespace

std::string syzygy_name(const Material& m) { return m.canonical().name(); }

std::filesystem::path SyzygyTables::file_of(const Material& m, bool dtz) const {
    return dir_ / (syzygy_name(m) + (dtz ? ".rtbz" : ".rtbw"));
}

Result<std::shared_ptr<SyzygyTables>> SyzygyTables::open(const std::filesystem::path& dir) {
    auto listing = list_table_files(dir, {".rtbw", ".rtbz"});
    if (!listing) return Error{listing.error()};
    std::map<std::string, std::map<std::string, std::filesystem::path>> by_material;
    for (const TableFile& f : *listing) {
        auto m = Material::parse(f.stem);
        if (!m || m->pieces() < 3 || syzygy_name(*m) != f.stem)
            return Error{f.path.string() + ": not a Syzygy table name (like KQvKR.rtbw)"};
        if (f.size % 64 != 16)
            return Error{
                fmt::format("{}: {} bytes, not 16 more than a multiple of 64: truncated or padded",
                            f.path.string(), f.size)};
        const auto magic = read_u32_le(f.path, 0);
        if (!magic) return Error{magic.error()};
        const std::uint32_t want = f.extension == ".rtbw" ? kWdlMagic : kDtzMagic;
        if (*magic != want)
            return Error{fmt::format("{}: magic {:#010x}, not Syzygy's {} magic {:#010x}",
                                     f.path.string(), *magic,
                                     f.extension == ".rtbw" ? "WDL" : "DTZ", want)};
        by_material[f.stem][f.extension] = f.path;
    }
    if (by_material.empty())
        return Error{dir.string() + ": no Syzygy table (.rtbw, .rtbz) in this directory"};
    std::vector<Material> held;
    for (const auto& [name, files] : by_material) {
        for (const char* ext : {".rtbw", ".rtbz"})
            if (!files.count(ext)) {
                const char* other = std::string_view(ext) == ".rtbw" ? ".rtbz" : ".rtbw";
                return Error{fmt::format("{} is missing ({}{} is there: a material needs both)",
                                         (dir / (name + ext)).string(), name, other)};
            }
        held.push_back(*Material::parse(name));
    }
    std::sort(held.begin(), held.end());
    Material needer;
    if (const auto gap = first_uncovered_successor(held, &needer))
        return Error{fmt::format(
            "{} is missing: {} needs it (its captures and promotions lead to "
            "{})",
            (dir / (syzygy_name(*gap) + ".rtbw")).string(), needer.name(), gap->name())};

    bool expected = false;
    if (!g_live.compare_exchange_strong(expected, true))
        return Error{
            "a Syzygy directory is already open in this process (Fathom keeps one set "
            "of tables in globals); close it first"};
    std::shared_ptr<SyzygyTables> t(new SyzygyTables());
    t->dir_ = dir;
    t->materials_ = std::move(held);
    if (!tb_init(dir.c_str())) return Error{"Fathom's tb_init failed on " + dir.string()};
    if (static_cast<int>(TB_LARGEST) < t->max_pieces())
        return Error{fmt::format("Fathom found tables of up to {} pieces in {}; the files hold {}",
                                 TB_LARGEST, dir.string(), t->max_pieces())};
    // Fathom maps a table when it is first probed; probe each material now, so that a file it
    // cannot load is refused here and not met half-way through an audit.
    for (const Material& m : t->materials_) {
        const auto checked = t->first_probes(m);
        if (!checked) return Error{checked.error()};
    }
    return t;
}

Result<bool> SyzygyTables::first_probes(const Material& m) const {
    const MaterialIndex index(m);
    int wdl_seen = 0;
    bool dtz_seen = false;
    for (std::uint64_t i = 0; i < index.size() && (wdl_seen < 4 || !dtz_seen); ++i) {
        const auto pos = index.position(i, Color::White);
        if (!pos || !legal_slot(*pos)) continue;
        const ChessProbe w = probe(*pos);
        if (!w.ok())
            return Error{
                fmt::format("Fathom cannot read {}: {}", file_of(m, false).string(), w.error)};
        ++wdl_seen;
        // The undeclared table reader answers as tb_probe_wdl where no capture decides.
        const auto moves = retrocheck::chess::legal_moves(*pos);
        const bool captures = std::any_of(moves.begin(), moves.end(), [&](auto mv) {
            return mv.kind() == retrocheck::chess::MoveKind::EnPassant ||
                   (pos->occupied() & retrocheck::chess::bit(mv.to()));
        });
        if (!captures) {
            int success = 1;
            const FathomPos fp = fathom_pos(boards(*pos));
            const int raw = probe_table(&fp, 0, &success, kFathomWdl);
            if (success == 0 || raw != static_cast<int>(w.wdl))
                return Error{fmt::format(
                    "Fathom's table reader (probe_table) answers {} where tb_probe_wdl answers "
                    "{} on {} ({}): this libfathom does not lay out a position as retrocheck "
                    "was built for",
                    raw, static_cast<int>(w.wdl), retrocheck::chess::format_fen(*pos),
                    file_of(m, false).string())};
        }
        if (w.wdl == Wdl5::Draw || dtz_seen) continue;
        const ChessProbe z = probe_dtz(*pos);
        if (!z.ok())
            return Error{
                fmt::format("Fathom cannot read {}: {}", file_of(m, true).string(), z.error)};
        dtz_seen = *z.dtz < -1 || *z.dtz > 1;
        if (i > 100000) break;  // enough: a material of draws has no DTZ to load
    }
    return true;
}

SyzygyTables::~SyzygyTables() {
    // tb_free() frees Fathom's table entries without forgetting them, so a later tb_init() would
    // use freed memory; tb_init("") unmaps the files and keeps the entries for the next source.
    // Fathom's unmap_file reports each successful munmap as an error on stderr (its test is
    // inverted); stderr is sent to /dev/null meanwhile, so that the noise is not read as a
    // problem.
    std::fflush(stderr);
    const int saved = dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) dup2(null, STDERR_FILENO);
    tb_init("");
    std::fflush(stderr);
    if (saved >= 0 && null >= 0) dup2(saved, STDERR_FILENO);
    if (null >= 0) close(null);
    if (saved >= 0) close(saved);
    g_live = false;
}

std::optional<ChessProbe> SyzygyTables::refuse(const Position& pos) const {
    if (pos.castling())
        return ChessProbe::missing("castling rights are not in Syzygy tables: " +
                                   retrocheck::chess::format_fen(pos));
    const Material m = Material::of(pos);
    if (!covers(materials_, m))
        return ChessProbe::missing(
            fmt::format("{} holds no {} (material {})", dir_.string(), syzygy_name(m), m.name()));
    return std::nullopt;
}

ChessProbe SyzygyTables::probe(const Position& pos) const {
    if (auto r = refuse(pos)) return *r;
    const Boards b = boards(pos);
    const LibraryCall watched("Fathom", "tb_probe_wdl", pos);
    const unsigned r = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops,
                                    b.knights, b.pawns, 0, 0, b.ep, b.turn);
    if (r == TB_RESULT_FAILED)
        return ChessProbe::corrupt(fmt::format(
            "tb_probe_wdl failed on {} ({} or a table its captures lead to is damaged)",
            retrocheck::chess::format_fen(pos), file_of(Material::of(pos), false).string()));
    ChessProbe p;
    p.status = ChessProbeStatus::Ok;
    p.wdl = wdl5(r);
    return p;
}

ChessTableSource::StoredDtz SyzygyTables::stored_dtz(const Position& pos, Wdl5 wdl) const {
    using Kind = StoredDtz::Kind;
    if (auto r = refuse(pos)) return {Kind::Failed, 0, r->error};
    const FathomPos fp = fathom_pos(boards(pos));
    int success = 1;
    const LibraryCall watched("Fathom", "probe_table", pos);
    const int n = probe_table(&fp, static_cast<int>(wdl), &success, kFathomDtz);
    if (success == 0)
        return {Kind::Failed, 0,
                fmt::format("Fathom's probe_table failed on {} ({} is damaged)",
                            retrocheck::chess::format_fen(pos),
                            file_of(Material::of(pos), true).string())};
    if (success < 0) return {Kind::OtherSide, 0, {}};
    // tbprobe.c's probe_dtz: WdlToDtz[wdl + 2] + (wdl > 0 ? n : -n).
    const int base = wdl == Wdl5::Win || wdl == Wdl5::Loss ? 1 : 101;
    const int plies = base + n;
    return {Kind::Value, static_cast<int>(wdl) > 0 ? plies : -plies, {}};
}

ChessProbe SyzygyTables::probe_dtz(const Position& pos, std::vector<ChildDtz>* children) const {
    if (children) children->clear();
    if (auto r = refuse(pos)) return *r;
    const Boards b = boards(pos);
    unsigned results[TB_MAX_MOVES];
    const LibraryCall watched("Fathom", "tb_probe_root", pos);
    const unsigned r =
        tb_probe_root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                      0, 0, b.ep, b.turn, children ? results : nullptr);
    if (r == TB_RESULT_FAILED)
        return ChessProbe::corrupt(fmt::format(
            "tb_probe_root failed on {} ({} or a table its moves lead to is damaged)",
            retrocheck::chess::format_fen(pos), file_of(Material::of(pos), true).string()));
    ChessProbe p;
    p.status = ChessProbeStatus::Ok;
    if (r == TB_RESULT_CHECKMATE) {
        // Fathom reports checkmate without a DTZ; Syzygy's convention is -1.
        p.wdl = Wdl5::Loss;
        p.dtz = -1;
        return p;  // no move, no results
    }
    if (r == TB_RESULT_STALEMATE) {
        p.wdl = Wdl5::Draw;
        p.dtz = 0;
    } else {
        p.wdl = wdl5(TB_GET_WDL(r));
        const int dtz = static_cast<int>(TB_GET_DTZ(r));
        p.dtz = static_cast<int>(p.wdl) < 0 ? -dtz : dtz;
    }
    if (!children) return p;
    const Bitboard pawns = pos.pieces(PieceType::Pawn), occupied = pos.occupied();
    for (const unsigned* m = results; *m != TB_RESULT_FAILED; ++m) {
        const auto from = retrocheck::chess::square_at(static_cast<int>(TB_GET_FROM(*m)));
        const auto to = retrocheck::chess::square_at(static_cast<int>(TB_GET_TO(*m)));
        if ((pawns & retrocheck::chess::bit(from)) || (occupied & retrocheck::chess::bit(to)))
            continue;  // zeroing: Fathom valued it by the child's WDL only
        // v, the move's value for pos's side: -(child's DTZ) one further from zero; 1 a mate.
        const int v = static_cast<int>(TB_GET_DTZ(*m));
        const int sign = static_cast<int>(wdl5(TB_GET_WDL(*m)));
        int child = 0;
        if (v == 1)
            child = -1;  // the child is checkmated
        else if (v > 1)
            child = sign > 0 ? -(v - 1) : v - 1;
        children->push_back({from, to, child});
    }
    return p;
}

}  // namespace retrocheck::tb::chess
