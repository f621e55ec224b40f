// Fuzzes the Syzygy and Gaviota readers against our chess tables: each input is a legal position
// of 3 or 4 pieces (any material and colouring, either side to move, no castling), compared
// with every en passant variant of its board (en_passant_variants). Syzygy's WDL and Gaviota's
// WDL and DTM must equal our tables' value exactly, and every probe must answer Ok (the
// directories hold every 3-4 piece material). A disagreement prints the FEN, the diagram and
// both values and aborts.
//
// Input bytes:
//   0      bit 0 Black to move; bit 1 two pieces beside the kings (else one); bit 2 the two are
//          pawns just past each other (the side not to move's on its fourth rank, on the file
//          in bits 3-5; the other beside it, towards the h-file when bit 6 is set), so that the
//          board usually has an en passant variant
//   1, 2   the white and the black king's square (mod 64)
//   then   for each other piece not laid out by bit 2, a byte for its kind (bit 0 Black, the
//          rest mod 5: pawn, knight, bishop, rook, queen) and one for its square (mod 64; a
//          pawn's mod 48 from a2)
// Inputs too short, with two pieces on a square, or that give no legal position return early.
//
// Environment: RETROCHECK_CHESS4, our 3-4 piece tables (`retrocheck build chess --pieces 4`, or
// the ctest fixture chess4); RETROCHECK_THIRDPARTY (else RETROCHECK_THIRDPARTY_DEFAULT) holding
// chess/syzygy and chess/gaviota. Without RETROCHECK_CHESS4 it fails, naming it; without the
// third-party folders it exits 77 (skipped), or fails when RETROCHECK_REQUIRE_THIRDPARTY=1.
// RETROCHECK_FUZZ_SHOW=1 prints every position compared.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/chess/diagram.h"
#include "engine/chess/fen.h"
#include "tablebases/chess/audit.h"
#include "tablebases/formats/gaviota.h"
#include "tablebases/formats/syzygy.h"
#include "tablebases/store/directory.h"

namespace {

using namespace retrocheck;
using chess::Color;
using chess::Piece;
using chess::PieceType;
using chess::Position;
using chess::Square;
namespace fs = std::filesystem;
namespace tbc = tb::chess;

[[noreturn]] void refuse(const std::string& why, int code) {
    std::fprintf(stderr, "chess_probe fuzz: %s\n", why.c_str());
    std::fflush(stderr);
    std::exit(code);
}

// RETROCHECK_THIRDPARTY/relative as tablebases/tests/thirdparty.h finds it; a missing folder
// skips (exit 77) unless RETROCHECK_REQUIRE_THIRDPARTY=1 makes it a failure.
fs::path thirdparty(const std::string& relative) {
    const char* root = std::getenv("RETROCHECK_THIRDPARTY");
    if (!root || !*root) root = std::getenv("RETROCHECK_THIRDPARTY_DEFAULT");
    const fs::path p = root ? fs::path(root) / relative : fs::path(relative);
    if (root && fs::exists(p)) return p;
    const char* required = std::getenv("RETROCHECK_REQUIRE_THIRDPARTY");
    const bool must = required && std::string(required) == "1";
    refuse(p.string() + " is missing (RETROCHECK_THIRDPARTY)" + (must ? "" : ": skipped"),
           must ? 1 : 77);
}

struct World {
    tbc::MaterialTableSet ours;
    std::shared_ptr<tbc::SyzygyTables> syzygy;
    std::shared_ptr<tbc::GaviotaTables> gaviota;
    bool show = false;
    // positions: compared with both libraries; en_passant: of which with an en passant right.
    std::atomic<std::uint64_t> inputs{0}, legal{0}, positions{0}, en_passant{0};

    World() {
        const char* dir = std::getenv("RETROCHECK_CHESS4");
        if (!dir || !*dir)
            refuse(
                "RETROCHECK_CHESS4 is not set: name a directory of our 3-4 piece chess tables "
                "(retrocheck build chess --pieces 4 --out DIR, or the ctest fixture chess4)",
                1);
        auto loaded = tb::store::load_directory<tb::chess::ChessGame>(dir, 4);
        if (!loaded) refuse(std::string(dir) + ": " + loaded.error(), 1);
        ours = std::move(loaded).value();
        auto s = tbc::SyzygyTables::open(thirdparty("chess/syzygy"));
        if (!s) refuse(s.error(), 1);
        syzygy = std::move(s).value();
        auto g = tbc::GaviotaTables::open(thirdparty("chess/gaviota"));
        if (!g) refuse(g.error(), 1);
        gaviota = std::move(g).value();
        const char* show_env = std::getenv("RETROCHECK_FUZZ_SHOW");
        show = show_env && std::string(show_env) == "1";
    }
    ~World() {
        std::printf(
            "chess_probe fuzz: %llu inputs, %llu legal positions; %llu positions compared "
            "(%llu with an en passant right), each with Syzygy (WDL) and Gaviota (WDL and "
            "DTM): %llu comparisons, no disagreement\n",
            static_cast<unsigned long long>(inputs.load()),
            static_cast<unsigned long long>(legal.load()),
            static_cast<unsigned long long>(positions.load()),
            static_cast<unsigned long long>(en_passant.load()),
            static_cast<unsigned long long>(2 * positions.load()));
    }
};

World& world() {
    static World w;
    return w;
}

constexpr PieceType kKinds[] = {PieceType::Pawn, PieceType::Knight, PieceType::Bishop,
                                PieceType::Rook, PieceType::Queen};

// The position the bytes describe (see the top of the file), or nothing.
std::optional<Position> position_from(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return std::nullopt;
    const std::uint8_t head = data[0];
    chess::Setup s;
    s.side = head & 1 ? Color::Black : Color::White;
    const int others = head & 2 ? 2 : 1;
    std::size_t at = 1;
    const auto put = [&](Square sq, Piece p) {
        if (s.board[chess::slot(sq)]) return false;
        s.board[chess::slot(sq)] = p;
        return true;
    };
    int left = others;
    if (others == 2 && (head & 4)) {
        // The side not to move's pawn has just gone two squares, past a pawn of the mover.
        const Color them = ~s.side;
        const int file = (head >> 3) & 7;
        const int beside = file == 0 ? 1 : file == 7 ? 6 : file + ((head & 0x40) ? 1 : -1);
        const int rank = them == Color::White ? 3 : 4;
        put(chess::make_square(file, rank), {them, PieceType::Pawn});
        put(chess::make_square(beside, rank), {s.side, PieceType::Pawn});
        left = 0;
    }
    for (const Color c : {Color::White, Color::Black})
        if (!put(chess::square_at(data[at++] & 63), {c, PieceType::King})) return std::nullopt;
    for (; left > 0; --left) {
        if (at + 2 > size) return std::nullopt;
        const std::uint8_t kind = data[at++], where = data[at++];
        const Piece p{kind & 1 ? Color::Black : Color::White, kKinds[(kind >> 1) % 5]};
        const Square sq = p.type == PieceType::Pawn ? chess::square_at(8 + where % 48)
                                                    : chess::square_at(where & 63);
        if (!put(sq, p)) return std::nullopt;
    }
    const Position pos = Position::from_setup(s);
    if (!pos.is_ok()) return std::nullopt;
    return pos;
}

[[noreturn]] void disagree(const Position& pos, const char* library, const tbc::ChessProbe& theirs,
                           const std::optional<Outcome>& ours) {
    std::fprintf(stderr, "chess_probe fuzz: %s disagrees with our tables\n%s%s: %s\nours: %s\n",
                 library, chess::describe(pos).c_str(), library, theirs.to_string().c_str(),
                 ours ? ours->to_string().c_str() : "no value (material not in RETROCHECK_CHESS4)");
    std::fflush(stderr);
    std::abort();
}

void compare(World& w, const Position& pos) {
    const std::optional<Outcome> ours = w.ours.probe(pos);
    const tbc::ChessProbe s = w.syzygy->probe(pos);
    if (!ours || !s.ok() || tbc::wld_of(s.wdl) != ours->wld()) disagree(pos, "syzygy", s, ours);
    const tbc::ChessProbe g = w.gaviota->probe(pos);
    if (!g.ok() || !(g.outcome() == *ours)) disagree(pos, "gaviota", g, ours);
    ++w.positions;
    w.en_passant += pos.en_passant().has_value();
    if (w.show)
        std::printf("%s  ours %s, syzygy %s, gaviota %s\n", chess::format_fen(pos).c_str(),
                    ours->to_string().c_str(), s.to_string().c_str(), g.to_string().c_str());
}

}  // namespace

// The tables are loaded and the libraries opened here, before libFuzzer's per-input timeout.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    world();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    World& w = world();
    ++w.inputs;
    const std::optional<Position> pos = position_from(data, size);
    if (!pos) return 0;
    ++w.legal;
    compare(w, *pos);
    for (const Position& ep : tbc::en_passant_variants(*pos)) compare(w, ep);
    return 0;
}
