#include "oracles/chess/placement.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "engine/chess/movegen.h"
#include "engine/chess/zeroing.h"

namespace retrocheck::oracle::chess {

using namespace retrocheck::chess;

namespace {

constexpr PieceType kOrder[] = {PieceType::King,   PieceType::Queen,  PieceType::Rook,
                                PieceType::Bishop, PieceType::Knight, PieceType::Pawn};

// The squares of an index, in the material's order.
std::vector<Square> squares_of(std::size_t index, std::size_t n) {
    std::vector<Square> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = square_at(static_cast<int>(index >> (6 * i) & 63));
    return out;
}

// The node of pos, its edges after those of its en passant children; its index in `into`.
std::uint32_t add_node(MoveGraph& g, std::vector<Node>& into, const std::vector<Piece>& pieces,
                       const std::function<std::uint32_t(const Position&)>& fixed,
                       GraphOptions options, const Position& pos, std::uint32_t slot) {
    std::array<Edge, 256> out;
    std::size_t n = 0;
    for (Move m : legal_moves(pos)) {
        if (m.is_promotion() && options.queen_only && m.promotion() != PieceType::Queen) continue;
        const Position child = pos.after(m);
        const bool zero = retrocheck::chess::zeroing(pos, m);
        if (child.en_passant()) {
            out[n++] = Edge::make(Edge::EnPassant, zero,
                                  add_node(g, g.en_passant, pieces, fixed, options, child, 0));
        } else if (!m.is_promotion() && popcount(child.occupied()) == popcount(pos.occupied())) {
            out[n++] =
                Edge::make(Edge::Slot, zero, static_cast<std::uint32_t>(encode(pieces, child)));
        } else {
            out[n++] = Edge::make(Edge::Fixed, true, fixed(child));
        }
    }
    const auto begin = static_cast<std::uint32_t>(g.edges.size());
    g.edges.insert(g.edges.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n));
    into.push_back({slot, begin, static_cast<std::uint32_t>(g.edges.size()), pos.in_check()});
    return static_cast<std::uint32_t>(into.size() - 1);
}

}  // namespace

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

Square transform(Square s, int k) {
    int f = file_of(s), r = rank_of(s);
    if (k & 1) f = 7 - f;
    if (k & 2) r = 7 - r;
    if (k & 4) std::swap(f, r);
    return make_square(f, r);
}

std::vector<MoveGraph> move_graphs(const std::vector<Piece>& pieces,
                                   const std::function<std::uint32_t(const Position&)>& fixed,
                                   GraphOptions options) {
    const std::size_t n = slots(pieces);
    std::vector<MoveGraph> graphs((n + kGraphRange - 1) / kGraphRange);
    tbb::parallel_for(std::size_t{0}, graphs.size(), [&](std::size_t r) {
        MoveGraph& g = graphs[r];
        for (std::size_t i = r * kGraphRange; i < std::min(n, (r + 1) * kGraphRange); ++i)
            if (const auto pos = decode(pieces, i))
                add_node(g, g.nodes, pieces, fixed, options, *pos, static_cast<std::uint32_t>(i));
        g.edges.shrink_to_fit();
    });
    return graphs;
}

}  // namespace retrocheck::oracle::chess
