#include "oracles/checkers/value_iteration.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "engine/checkers/movegen.h"

namespace retrocheck::oracle {
namespace {

using checkers::Bitboard;
using checkers::Color;
using checkers::Position;

enum Piece { BlackMan, BlackKing, WhiteMan, WhiteKing };

bool allowed(Piece p, int pdn) {
    if (p == BlackMan) return pdn <= 28;  // a black man on 29-32 would have been crowned
    if (p == WhiteMan) return pdn >= 5;   // likewise a white man on 1-4
    return true;
}

// Places count[p] pieces of each kind, kind by kind, each kind on increasing squares.
void place(const std::array<int, 4>& count, int kind, int placed, int min_square,
           std::array<Bitboard, 4>& board, std::vector<Position>& out) {
    if (kind == 4) {
        const Bitboard black = board[BlackMan] | board[BlackKing];
        const Bitboard white = board[WhiteMan] | board[WhiteKing];
        const Bitboard kings = board[BlackKing] | board[WhiteKing];
        out.push_back(Position::from_bitboards(black, white, kings, Color::Black));
        out.push_back(Position::from_bitboards(black, white, kings, Color::White));
        return;
    }
    if (placed == count[static_cast<std::size_t>(kind)]) {
        place(count, kind + 1, 0, 1, board, out);
        return;
    }
    const Bitboard taken = board[0] | board[1] | board[2] | board[3];
    for (int sq = min_square; sq <= 32; ++sq) {
        const Bitboard b = checkers::bit(checkers::square_from_pdn(sq));
        if ((taken & b) || !allowed(static_cast<Piece>(kind), sq)) continue;
        board[static_cast<std::size_t>(kind)] |= b;
        place(count, kind, placed + 1, sq + 1, board, out);
        board[static_cast<std::size_t>(kind)] &= ~b;
    }
}

auto key(const MaterialCount& m) {
    return std::make_tuple(m.black_men, m.black_kings, m.white_men, m.white_kings);
}

MaterialCount material_of(const Position& p) {
    return {checkers::popcount(p.men(Color::Black)), checkers::popcount(p.kings(Color::Black)),
            checkers::popcount(p.men(Color::White)), checkers::popcount(p.kings(Color::White))};
}

}  // namespace

std::vector<Position> enumerate_placements(MaterialCount m) {
    std::vector<Position> out;
    std::array<Bitboard, 4> board{};
    place({m.black_men, m.black_kings, m.white_men, m.white_kings}, 0, 0, 1, board, out);
    return out;
}

std::unordered_map<Position, Outcome> solve_by_value_iteration(
    const std::vector<MaterialCount>& materials) {
    // Close the set of materials under moves, by playing the moves.
    std::vector<Position> positions;
    std::vector<std::vector<Position>> child_positions;
    std::set<std::tuple<int, int, int, int>> done;
    std::vector<MaterialCount> pending = materials;
    while (!pending.empty()) {
        const MaterialCount m = pending.back();
        pending.pop_back();
        if (!done.insert(key(m)).second) continue;
        for (const Position& p : enumerate_placements(m)) {
            positions.push_back(p);
            auto& kids = child_positions.emplace_back();
            for (const checkers::Move& mv : checkers::legal_moves(p)) {
                kids.push_back(p.after(mv));
                const MaterialCount next = material_of(kids.back());
                if (!done.count(key(next))) pending.push_back(next);
            }
        }
    }
    std::unordered_map<Position, std::size_t> id;
    id.reserve(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) id.emplace(positions[i], i);
    std::vector<std::vector<std::size_t>> children(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        for (const Position& c : child_positions[i]) children[i].push_back(id.at(c));
        std::vector<Position>().swap(child_positions[i]);
    }

    std::vector<Outcome> value(positions.size(), Outcome::draw());
    std::vector<Outcome> next(positions.size(), Outcome::draw());
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            int shortest_loss = -1, longest_win = -1;
            bool all_wins = true;
            for (std::size_t c : children[i]) {
                const Outcome v = value[c];
                if (v.is_loss() && (shortest_loss < 0 || v.plies() < shortest_loss))
                    shortest_loss = v.plies();
                if (v.is_win())
                    longest_win = std::max(longest_win, v.plies());
                else
                    all_wins = false;
            }
            if (children[i].empty())
                next[i] = Outcome::loss(0);
            else if (shortest_loss >= 0)
                next[i] = Outcome::win(shortest_loss + 1);
            else if (all_wins)
                next[i] = Outcome::loss(longest_win + 1);
            else
                next[i] = Outcome::draw();
            changed |= next[i] != value[i];
        }
        value.swap(next);
    }

    std::unordered_map<Position, Outcome> out;
    out.reserve(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) out.emplace(positions[i], value[i]);
    return out;
}

}  // namespace retrocheck::oracle
