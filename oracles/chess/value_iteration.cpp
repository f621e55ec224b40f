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

namespace retrocheck::oracle::chess {

using namespace retrocheck::chess;

namespace {

constexpr PieceType kOrder[] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn};

std::vector<Piece> pieces_of(std::string_view material) {
    const auto v = material.find('v');
    if (v == std::string_view::npos) throw std::invalid_argument("material without 'v'");
    std::vector<Piece> out;
    for (std::size_t i = 0; i < material.size(); ++i) {
        if (i == v) continue;
        const Color c = i < v ? Color::White : Color::Black;
        const PieceType* at = std::find_if(std::begin(kOrder), std::end(kOrder),
                                           [&](PieceType t) { return letter(t) == material[i]; });
        if (at == std::end(kOrder)) throw std::invalid_argument("bad piece letter in material");
        out.push_back({c, *at});
    }
    return out;
}

std::string material_of(std::vector<Piece> pieces) {
    std::string out;
    for (Color c : {Color::White, Color::Black}) {
        if (c == Color::Black) out += 'v';
        for (PieceType t : kOrder)
            for (const Piece& p : pieces)
                if (p.color == c && p.type == t) out += letter(t);
    }
    return out;
}

// Every material one move can lead to: a capture, a promotion, or both.
std::set<std::string> successors(const std::vector<Piece>& pieces) {
    std::set<std::string> out;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (pieces[i].type == PieceType::King) continue;
        std::vector<Piece> captured = pieces;
        captured.erase(captured.begin() + static_cast<std::ptrdiff_t>(i));
        out.insert(material_of(captured));
    }
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (pieces[i].type != PieceType::Pawn) continue;
        for (PieceType t :
             {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight}) {
            std::vector<Piece> promoted = pieces;
            promoted[i].type = t;
            out.insert(material_of(promoted));
            for (std::size_t j = 0; j < pieces.size(); ++j) {
                if (pieces[j].color == pieces[i].color || pieces[j].type == PieceType::King)
                    continue;
                std::vector<Piece> both = promoted;
                both.erase(both.begin() + static_cast<std::ptrdiff_t>(j));
                out.insert(material_of(both));
            }
        }
    }
    return out;
}

std::size_t power64(std::size_t n) { return std::size_t{1} << (6 * n); }

// The squares of an index, in the material's order.
std::vector<Square> squares_of(std::size_t index, std::size_t n) {
    std::vector<Square> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = square_at(static_cast<int>(index >> (6 * i) & 63));
    return out;
}

// The position an index stands for, or nothing when it is not one: two pieces on a square,
// identical pieces out of order (each position has one index), a pawn on rank 1 or 8, the side
// not to move in check.
std::optional<Position> decode(const std::vector<Piece>& pieces, std::size_t index) {
    const std::size_t n = pieces.size();
    const std::vector<Square> sq = squares_of(index % power64(n), n);
    Setup s;
    for (std::size_t i = 0; i < n; ++i) {
        if (s.board[slot(sq[i])]) return std::nullopt;
        if (i > 0 && pieces[i] == pieces[i - 1] && sq[i] < sq[i - 1]) return std::nullopt;
        s.board[slot(sq[i])] = pieces[i];
    }
    s.side = index / power64(n) ? Color::Black : Color::White;
    const Position pos = Position::from_setup(s);
    if (pos.problem()) return std::nullopt;
    return pos;
}

// The index of a position of this material (its en passant right ignored).
std::size_t encode(const std::vector<Piece>& pieces, const Position& pos) {
    std::size_t index = pos.side_to_move() == Color::Black ? power64(pieces.size()) : 0;
    std::size_t i = 0;
    for (Color c : {Color::White, Color::Black})
        for (PieceType t : kOrder)
            for (Bitboard b = pos.pieces(c, t); b;) index += slot(pop_lowest(b)) << (6 * i++);
    return index;
}

bool is_win(std::uint8_t v) { return v < kIllegal && v % 2 == 1; }
bool is_loss(std::uint8_t v) { return v < kIllegal && v % 2 == 0; }

// A material's moves, generated once so that a sweep only reads values. The slots are cut into
// ranges (a Graph each); a node is a legal position of the range, or a child with an en passant
// right, which is valued through its own moves (CHESS.md): the better, for its side to move, of
// the stored position's moves and the en passant captures. An edge is one legal move: the
// child's slot in this material (its value read afresh at every sweep), an en passant node, or
// the value of a child in a finished material.
constexpr std::uint32_t kSlotEdge = 0, kEnPassantEdge = 1u << 30, kFixedEdge = 2u << 30;
constexpr std::uint32_t kEdgeTag = 3u << 30;
constexpr std::size_t kRange = std::size_t{1} << 14;  // slots a Graph

struct Node {
    std::uint32_t slot = 0;            // a legal position's; unused for an en passant node
    std::uint32_t begin = 0, end = 0;  // its edges
    bool in_check = false;
};

struct Graph {
    std::vector<Node> nodes;       // the range's legal positions, by slot
    std::vector<Node> en_passant;  // their children with an en passant right
    std::vector<std::uint32_t> edges;
};

// What the values known so far make of a node: a win one ply longer than its shortest lost
// child, a loss one ply longer than its longest won child when every child is won, checkmate
// (0); kDraw while nothing is certain.
std::uint8_t value_of(const Graph& g, const Node& n, const std::vector<std::uint8_t>& values) {
    int best_loss = 1000, worst_win = -1;
    bool all_won = true;
    for (std::uint32_t e = n.begin; e != n.end; ++e) {
        const std::uint32_t edge = g.edges[e];
        const std::uint32_t tag = edge & kEdgeTag, payload = edge & ~kEdgeTag;
        const std::uint8_t v = tag == kSlotEdge        ? values[payload]
                               : tag == kEnPassantEdge ? value_of(g, g.en_passant[payload], values)
                                                       : static_cast<std::uint8_t>(payload);
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

// The 8 symmetries of the square (or, with pawns, the identity and the file mirror). The
// oracle keeps its own copy (the index has one too): its class counts are the check on the
// index's, so they must not share a mistake.
Square transform(Square s, int k) {
    int f = file_of(s), r = rank_of(s);
    if (k & 1) f = 7 - f;
    if (k & 2) r = 7 - r;
    if (k & 4) std::swap(f, r);
    return make_square(f, r);
}

// The node of pos, its edges after those of its en passant children; its index in `into`.
// `finished` holds the materials a capture or promotion leads to.
std::uint32_t add_node(Graph& g, std::vector<Node>& into, const ValueIteration::Table& table,
                       const std::map<std::string, ValueIteration::Table>& finished,
                       bool queen_only, const Position& pos, std::uint32_t slot) {
    std::array<std::uint32_t, 256> out;
    std::size_t n = 0;
    for (Move m : legal_moves(pos)) {
        if (m.is_promotion() && queen_only && m.promotion() != PieceType::Queen) continue;
        const Position child = pos.after(m);
        if (child.en_passant()) {
            out[n++] =
                kEnPassantEdge | add_node(g, g.en_passant, table, finished, queen_only, child, 0);
        } else if (!m.is_promotion() && popcount(child.occupied()) == popcount(pos.occupied())) {
            out[n++] = kSlotEdge | static_cast<std::uint32_t>(encode(table.pieces, child));
        } else {
            const ValueIteration::Table& t = finished.at(child.material());
            out[n++] = kFixedEdge | t.values[encode(t.pieces, child)];
        }
    }
    const auto begin = static_cast<std::uint32_t>(g.edges.size());
    g.edges.insert(g.edges.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n));
    into.push_back({slot, begin, static_cast<std::uint32_t>(g.edges.size()), pos.in_check()});
    return static_cast<std::uint32_t>(into.size() - 1);
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
    Table table{pieces, std::vector<std::uint8_t>(2 * power64(pieces.size()), kIllegal)};
    std::vector<Graph> graphs((table.values.size() + kRange - 1) / kRange);
    tbb::parallel_for(std::size_t{0}, graphs.size(), [&](std::size_t r) {
        Graph& g = graphs[r];
        for (std::size_t i = r * kRange; i < std::min(table.values.size(), (r + 1) * kRange); ++i)
            if (const auto pos = decode(pieces, i)) {
                table.values[i] = kDraw;
                add_node(g, g.nodes, table, tables_, options_.queen_only, *pos,
                         static_cast<std::uint32_t>(i));
            }
        g.edges.shrink_to_fit();
    });
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
