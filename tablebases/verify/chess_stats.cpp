#include "tablebases/verify/chess_stats.h"

#include <tbb/parallel_for.h>

#include <vector>

#include "engine/chess/symmetry.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Bitboard;
using retrocheck::chess::PieceType;
using retrocheck::chess::Position;
using retrocheck::chess::transform;

int orbit_size(const Position& pos) {
    const int group = pos.pieces(PieceType::Pawn) ? 2 : 8;
    int fixed = 0;
    for (int k = 0; k < group; ++k) {
        bool same = true;
        for (Color c : {Color::White, Color::Black})
            for (PieceType t : {PieceType::King, PieceType::Queen, PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn})
                same = same && transform(pos.pieces(c, t), k) == pos.pieces(c, t);
        fixed += same;
    }
    return group / fixed;
}

std::array<ChessSideStats, 2> material_stats(const MaterialTable& table) {
    std::array<ChessSideStats, 2> out;
    const std::uint64_t size = table.index.size();
    constexpr std::uint64_t kChunk = 1 << 14;
    for (std::size_t side = 0; side < 2; ++side) {
        std::vector<ChessSideStats> chunks((size + kChunk - 1) / kChunk);
        tbb::parallel_for(std::size_t{0}, chunks.size(), [&](std::size_t k) {
            ChessSideStats& st = chunks[k];
            const std::uint64_t end = std::min(size, (k + 1) * kChunk);
            for (std::uint64_t i = k * kChunk; i < end; ++i) {
                const std::uint64_t id = i + side * size;
                if (table.values[id] == kNoPosition) continue;
                const auto pos = table.position(id);
                if (!pos) continue;
                const int images = orbit_size(*pos);
                const Outcome o = decode(table.values[id]);
                ++st.positions;
                st.positions_raw += static_cast<std::uint64_t>(images);
                if (o.is_draw()) {
                    ++st.draws;
                    st.draws_raw += static_cast<std::uint64_t>(images);
                    continue;
                }
                ++st.histogram[o.plies()];
                if (o.is_loss()) {
                    ++st.losses;
                    st.losses_raw += static_cast<std::uint64_t>(images);
                    continue;
                }
                ++st.wins;
                st.wins_raw += static_cast<std::uint64_t>(images);
                if (o.plies() > st.longest_win_plies) {
                    st.longest_win_plies = o.plies();
                    st.longest_win = pos;
                    st.longest_win_classes = 0;
                }
                if (o.plies() == st.longest_win_plies) ++st.longest_win_classes;
            }
        });
        for (const ChessSideStats& c : chunks) out[side].add(c);
    }
    return out;
}

}  // namespace retrocheck::tb::chess
