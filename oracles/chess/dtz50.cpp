#include "oracles/chess/dtz50.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "engine/chess/movegen.h"
#include "engine/chess/zeroing.h"
#include "oracles/chess/placement.h"

namespace retrocheck::oracle::chess {

using namespace retrocheck::chess;
using Thresholds = Dtz50Iteration::Thresholds;

namespace {

constexpr std::int32_t kNone = Dtz50Iteration::kNone;
constexpr std::int32_t kLastPly = 99;  // the largest counter a move can still be made at
constexpr std::int32_t kMated = 100;   // checkmate is a loss at every counter

// What a child's threshold x (its side's win or loss threshold) gives the mover through one move:
// a move that is not zeroing needs the counter one below; a zeroing move resets it, so the child
// counts as it stands at counter 0, and one that only stands past the rule (x < 0) counts as
// 101 plies (Syzygy's convention), a threshold of -1.
std::int32_t through(std::int32_t x, bool zeroing) {
    if (x == kNone) return kNone;
    if (zeroing) return x >= 0 ? kLastPly : -1;
    return x - 1;
}

// A child in a finished material needs only the class of each threshold (none, below 0, at or
// above 0): two digits of three.
std::uint32_t class_of(std::int32_t x) { return x == kNone ? 0 : x < 0 ? 1 : 2; }
std::int32_t of_class(std::uint32_t c) { return c == 0 ? kNone : c == 1 ? -1 : 0; }
std::uint32_t payload_of(Thresholds t) { return class_of(t.win) * 3 + class_of(t.loss); }
Thresholds of_payload(std::uint32_t p) { return {of_class(p / 3), of_class(p % 3)}; }

// The thresholds a position has given its children's: a win through the best move, a loss
// through the worst (a move to a child not won leaves it none).
template <typename Children>
Thresholds combine(bool any_move, bool in_check, const Children& each_child) {
    if (!any_move) return in_check ? Thresholds{kNone, kMated} : Thresholds{};
    Thresholds t{kNone, kLastPly};
    each_child([&](Thresholds c, bool zeroing) {
        t.win = std::max(t.win, through(c.loss, zeroing));
        t.loss = std::min(t.loss, through(c.win, zeroing));
    });
    return t;
}

Thresholds node_thresholds(const MoveGraph& g, const Node& n, const std::vector<Thresholds>& v) {
    return combine(n.begin != n.end, n.in_check, [&](const auto& visit) {
        for (std::uint32_t e = n.begin; e != n.end; ++e) {
            const Edge edge = g.edges[e];
            const Thresholds c = edge.kind() == Edge::Slot ? v[edge.payload()]
                                 : edge.kind() == Edge::EnPassant
                                     ? node_thresholds(g, g.en_passant[edge.payload()], v)
                                     : of_payload(edge.payload());
            visit(c, edge.zeroing());
        }
    });
}

}  // namespace

const char* to_string(Wdl50 w) {
    switch (w) {
        case Wdl50::Loss:
            return "loss";
        case Wdl50::BlessedLoss:
            return "blessed loss";
        case Wdl50::CursedWin:
            return "cursed win";
        case Wdl50::Win:
            return "win";
        default:
            return "draw";
    }
}

Dtz50 dtz50_of(Thresholds t) {
    if (t.win != kNone) return {t.win >= 0 ? Wdl50::Win : Wdl50::CursedWin, 100 - t.win};
    if (t.loss == kMated) return {Wdl50::Loss, -1};
    if (t.loss != kNone) return {t.loss >= 0 ? Wdl50::Loss : Wdl50::BlessedLoss, -(100 - t.loss)};
    return {};
}

Dtz50Iteration::Dtz50Iteration(std::string_view material) {
    solve(material_of(pieces_of(material)));
}

const Dtz50Iteration::Table& Dtz50Iteration::solve(const std::string& material) {
    if (const auto it = tables_.find(material); it != tables_.end()) return it->second;
    const std::vector<Piece> pieces = pieces_of(material);
    if (pieces.size() > 4) throw std::invalid_argument("the oracle solves up to 4 pieces");
    for (const std::string& next : successors(pieces)) solve(next);
    Table table{pieces, std::vector<Thresholds>(slots(pieces))};
    const std::vector<MoveGraph> graphs = move_graphs(pieces, [&](const Position& child) {
        const Table& t = tables_.at(child.material());
        return payload_of(t.values[encode(t.pieces, child)]);
    });
    // Each sweep reads the thresholds of the sweep before it and writes new ones once it is over,
    // so the result depends on neither the order nor the threads.
    std::vector<Thresholds> next = table.values;
    for (bool changed = true; changed;) {
        std::atomic<bool> any{false};
        tbb::parallel_for(std::size_t{0}, graphs.size(), [&](std::size_t r) {
            bool here = false;
            for (const Node& n : graphs[r].nodes) {
                const Thresholds t = node_thresholds(graphs[r], n, table.values);
                here = here || !(t == table.values[n.slot]);
                next[n.slot] = t;
            }
            if (here) any = true;
        });
        changed = any;
        table.values.swap(next);
    }
    return tables_.emplace(material, std::move(table)).first->second;
}

std::optional<Dtz50> Dtz50Iteration::value(const Position& pos) const {
    if (pos.castling() != 0 || !tables_.count(pos.material())) return std::nullopt;
    // The thresholds of a position: its slot's, or for one with an en passant right, from its
    // moves (the children stand in solved materials or their own slots).
    const auto thresholds = [this](const Position& p, const auto& self) -> Thresholds {
        if (!p.en_passant()) {
            const Table& t = tables_.at(p.material());
            return t.values[encode(t.pieces, p)];
        }
        const auto moves = legal_moves(p);
        return combine(!moves.empty(), p.in_check(), [&](const auto& visit) {
            for (Move m : moves) visit(self(p.after(m), self), zeroing(p, m));
        });
    };
    return dtz50_of(thresholds(pos, thresholds));
}

std::vector<std::string> Dtz50Iteration::materials() const {
    std::vector<std::string> out;
    for (const auto& [name, table] : tables_) out.push_back(name);
    return out;
}

}  // namespace retrocheck::oracle::chess
