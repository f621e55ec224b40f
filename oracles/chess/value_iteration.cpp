#include "oracles/chess/value_iteration.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <set>
#include <stdexcept>

#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "oracles/chess/placement.h"

namespace retrocheck::oracle::chess {

using namespace retrocheck::chess;

namespace {

bool is_win(std::uint8_t v) { return v < kIllegal && v % 2 == 1; }
bool is_loss(std::uint8_t v) { return v < kIllegal && v % 2 == 0; }

// What the values known so far make of a node: a win one ply longer than its shortest lost
// child, a loss one ply longer than its longest won child when every child is won, checkmate
// (0); kDraw while nothing is certain.
std::uint8_t value_of(const MoveGraph& g, const Node& n, const std::vector<std::uint8_t>& values) {
    int best_loss = 1000, worst_win = -1;
    bool all_won = true;
    for (std::uint32_t e = n.begin; e != n.end; ++e) {
        const Edge edge = g.edges[e];
        const std::uint8_t v = edge.kind() == Edge::Slot ? values[edge.payload()]
                               : edge.kind() == Edge::EnPassant
                                   ? value_of(g, g.en_passant[edge.payload()], values)
                                   : static_cast<std::uint8_t>(edge.payload());
        if (is_loss(v)) best_loss = std::min<int>(best_loss, v);
        if (is_win(v))
            worst_win = std::max<int>(worst_win, v);
        else
            all_won = false;
    }
    if (best_loss < 1000) return static_cast<std::uint8_t>(best_loss + 1);
    if (all_won && worst_win >= 0) return static_cast<std::uint8_t>(worst_win + 1);
    if (all_won && n.in_check) return 0;  // checkmate
    return kDraw;
}

}  // namespace

ValueIteration::ValueIteration(std::string_view material, SolveOptions options)
    : options_(options) {
    solve(material_of(pieces_of(material)));
}

const ValueIteration::Table& ValueIteration::solve(const std::string& material) {
    if (const auto it = tables_.find(material); it != tables_.end()) return it->second;
    const std::vector<Piece> pieces = pieces_of(material);
    if (pieces.size() > 4) throw std::invalid_argument("the oracle solves up to 4 pieces");
    int longest_successor = 0;
    for (const std::string& next : successors(pieces)) {
        const Table& t = solve(next);
        for (std::uint8_t v : t.values)
            if (v < kIllegal) longest_successor = std::max<int>(longest_successor, v);
    }
    Table table{pieces, std::vector<std::uint8_t>(slots(pieces), kIllegal)};
    const std::vector<MoveGraph> graphs =
        move_graphs(pieces,
                    [&](const Position& child) {
                        const Table& t = tables_.at(child.material());
                        return std::uint32_t{t.values[encode(t.pieces, child)]};
                    },
                    {options_.queen_only});
    for (const MoveGraph& g : graphs)
        for (const Node& n : g.nodes) table.values[n.slot] = kDraw;
    int quiet = 0;
    for (int k = 0; k <= 253; ++k) {
        // A sweep reads the values of the sweeps before it only: the positions are valued in
        // parallel and their values written once it is over.
        tbb::enumerable_thread_specific<std::vector<std::uint32_t>> parts;
        tbb::parallel_for(std::size_t{0}, graphs.size(), [&](std::size_t r) {
            auto& found = parts.local();
            for (const Node& n : graphs[r].nodes) {
                if (table.values[n.slot] != kDraw) continue;  // valued already
                const int value = value_of(graphs[r], n, table.values);
                assert(value == kDraw || value >= k);  // a value is found at its own sweep
                if (value == k) found.push_back(n.slot);
            }
        });
        bool found = false;
        for (const auto& part : parts) {
            for (std::uint32_t i : part) table.values[i] = static_cast<std::uint8_t>(k);
            found = found || !part.empty();
        }
        quiet = found ? 0 : quiet + 1;
        if (quiet >= 2 && k > longest_successor + 1) break;
    }
    return tables_.emplace(material, std::move(table)).first->second;
}

std::optional<std::uint8_t> ValueIteration::value(const Position& pos) const {
    const auto it = tables_.find(pos.material());
    if (it == tables_.end() || pos.castling() != 0) return std::nullopt;
    return it->second.values[encode(it->second.pieces, pos)];
}

std::vector<std::string> ValueIteration::materials() const {
    std::vector<std::string> out;
    for (const auto& [name, table] : tables_) out.push_back(name);
    return out;
}

MaterialStats ValueIteration::stats(std::string_view material, bool by_class) const {
    const Table& t = tables_.at(material_of(pieces_of(material)));
    const std::size_t n = t.pieces.size();
    const bool pawns = std::any_of(t.pieces.begin(), t.pieces.end(),
                                   [](Piece p) { return p.type == PieceType::Pawn; });
    MaterialStats out;
    for (std::size_t i = 0; i < t.values.size(); ++i) {
        const std::uint8_t v = t.values[i];
        if (v == kIllegal) continue;
        if (by_class) {  // count the class at its smallest index
            const Position pos = *decode(t.pieces, i);
            bool smallest = true;
            for (int k = 1; k < (pawns ? 2 : 8) && smallest; ++k) {
                Setup s;
                s.side = pos.side_to_move();
                for (Bitboard b = pos.occupied(); b;) {
                    const Square sq = pop_lowest(b);
                    s.board[slot(transform(sq, k))] = pos.piece_on(sq);
                }
                smallest = encode(t.pieces, Position::from_setup(s)) >= i;
            }
            if (!smallest) continue;
        }
        SideStats& side = out.side[i / power64(n)];
        if (v == kDraw) {
            ++side.draws;
        } else if (is_loss(v)) {
            ++side.losses;
        } else {
            ++side.wins;
            if (v > side.longest_win) {
                side.longest_win = v;
                side.longest_count = 0;
                side.longest_fen = format_epd(*decode(t.pieces, i));
            }
            side.longest_count += v == side.longest_win;
        }
    }
    return out;
}

}  // namespace retrocheck::oracle::chess
