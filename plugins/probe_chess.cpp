// check-probe's chess half (plugins/probe_games.h): a chess prober against our DTZ50 and DTM
// tables at the FEN's halfmove clock, with positions drawn by the kinds real probers got wrong.
//
// The truth at clock c (CHESS.md, "Metrics"): a win whose DTZ d (plies to the next zeroing move,
// from our DTZ50 table) has |d| + c <= 100 is a win, else a cursed win; losses alike; checkmate is
// lost at any clock. What may differ, counted as allowed, is Syzygy's documented imprecision
// (tbprobe.c, probe_dtz: "The return value n can be off by 1: a return value -n can mean a loss
// in n+1 ply and a return value +n can mean a win in n+1 ply"): a DTZ one ply under ours, and,
// where |d| + c is 101, the result that DTZ gives at the clock (a win for a cursed win, a loss for
// a blessed loss). Tables that count full moves hold |d| - 1 for an even |d|; a search over
// their children reaches it at an odd |d| too (docs/audits.md). One ply over, or two under, is
// wrong, as is a result that differs anywhere else.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include "engine/chess/castling.h"
#include "engine/chess/fen.h"
#include "engine/chess/movegen.h"
#include "engine/chess/shrink.h"
#include "plugins/probe_games.h"
#include "tablebases/chess/index.h"

namespace retrocheck::plugins {

using chess::Color;
using chess::Position;
using tb::chess::Wdl5;

namespace {

constexpr int kFiftyMovePlies = 100;
// Random positions tried for one case of a kind before the kind is given up.
constexpr int kTries = 4000;

bool has_moves(const Position& p) { return chess::count_moves(p) > 0; }
bool checkmated(const Position& p) { return p.in_check() && !has_moves(p); }

Position with_clock(const Position& p, int clock) {
    chess::Setup s = p.setup();
    s.halfmove = clock;
    return Position::from_setup(s);
}

// The result at clock c of a position whose value at clock 0 is d.
Wdl5 at_clock(const tb::chess::Dtz& d, int clock, bool mated) {
    if (mated) return Wdl5::Loss;
    const bool in_time = std::abs(d.dtz) + clock <= kFiftyMovePlies;
    if (d.wdl == Wdl5::Win) return in_time ? Wdl5::Win : Wdl5::CursedWin;
    if (d.wdl == Wdl5::Loss) return in_time ? Wdl5::Loss : Wdl5::BlessedLoss;
    return d.wdl;
}

Wdl5 wdl5_of(Wld w) { return w == Wld::Win ? Wdl5::Win : w == Wld::Loss ? Wdl5::Loss : Wdl5::Draw; }

bool valid_wdl(std::int32_t w) { return w >= RC_WDL5_LOSS && w <= RC_WDL5_WIN; }

// Syzygy's imprecision (the header's rule): one ply under ours, never to 0.
bool rounded(int ours, int theirs) {
    return (theirs > 0) == (ours > 0) && std::abs(theirs) == std::abs(ours) - 1 && theirs != 0;
}

bool symmetric(const tb::chess::Material& m) { return m == m.flipped(); }
bool pawns_both_sides(const tb::chess::Material& m) {
    return m.count[0][4] > 0 && m.count[1][4] > 0;
}

}  // namespace

std::string ChessTruth::to_string() const {
    std::string s = tb::chess::to_string(wdl);
    if (dtz) s += fmt::format(", dtz {}", *dtz);
    if (clock) s += fmt::format(" at clock {}", clock);
    if (dtm) s += fmt::format(", dtm {}", *dtm);
    return s;
}

ChessProbe::ChessProbe(const Reference& reference, const ProbeSetup& setup)
    : ref_(reference),
      declared_{setup.info.chess_values},
      pieces_(setup.pieces),
      min_pieces_(setup.min_pieces) {
    auto add = [this](const auto& set) {
        for (const auto& [m, table] : set.tables())
            if (m.pieces() <= pieces_ && m.pieces() >= min_pieces_) indexes_.emplace_back(m);
    };
    if (ref_.dtz)
        add(*ref_.dtz);
    else if (ref_.dtm)
        add(*ref_.dtm);
    for (std::size_t i = 0; i < indexes_.size(); ++i) {
        all_.push_back(i);
        if (pawns_both_sides(indexes_[i].material())) with_pawns_.push_back(i);
    }
    const bool dtz = ref_.dtz != nullptr;
    const std::vector<std::tuple<Kind, const char*, int, bool>> all = {
        {Kind::Random, "random", 20, true},
        {Kind::EnPassantLegal, "en passant, legal", 10, true},
        {Kind::EnPassantPseudo, "en passant, only pseudo-legal", 4, true},
        {Kind::ClockEdge, "clock near 100", 15, dtz},
        {Kind::Past100, "dtz over 100", 8, dtz},
        {Kind::MateOrStalemateInOne, "mate or stalemate in one", 8, true},
        {Kind::PawnOnSeventh, "pawn on the seventh", 8, true},
        {Kind::Symmetric, "symmetric material", 10, true},
        {Kind::Castling, "castling rights", 3, true}};
    for (const auto& [kind, label, weight, on] : all)
        if (on) kinds_.push_back({kind, {label, weight}});
}

std::string ChessProbe::fen(const Position& p) { return chess::format_fen(p); }
int ChessProbe::pieces(const Position& p) { return chess::popcount(p.occupied()); }

std::optional<ChessTruth> ChessProbe::truth(const Position& pos) {
    ChessTruth t;
    t.clock = pos.halfmove_clock();
    t.mated = checkmated(pos);
    if (ref_.dtz) {
        const auto d = ref_.dtz->probe(pos);
        if (!d) return std::nullopt;
        t.dtz = d->dtz;
        t.game = tb::chess::wld_of(d->wdl);
        t.wdl = at_clock(*d, t.clock, t.mated);
    }
    if (ref_.dtm) {
        const auto o = ref_.dtm->probe(pos);
        if (!o) return std::nullopt;
        t.game = o->wld();
        if (!o->is_draw() && o->has_distance()) t.dtm = o->plies();
        if (!ref_.dtz) t.wdl = wdl5_of(t.game);
    }
    return t;
}

// No table holds castling rights: the plugin must not value those. Beyond the tables given
// nothing is checked (a prober over more pieces than ours values them rightly).
Known<ChessTruth> ChessProbe::known(const Position& pos) {
    if (pos.castling()) return {true, std::nullopt, {}};
    if (outside(pos)) return {};
    auto t = truth(pos);
    return {t.has_value(), std::move(t), {}};
}

std::string ChessProbe::unheld_text(const Position&) const {
    return "a value for a position with castling rights, which no table holds";
}

std::string ChessProbe::missing_text(const Position& pos) const {
    return fmt::format("missing, but the tables hold its material {}", pos.material());
}

ValueVerdict ChessProbe::judge_value(const Position&, const Answer& r,
                                     const ChessTruth& ours) const {
    using P = ProbeProblem;
    if (!valid_wdl(r.wdl))
        return ValueVerdict::of(P::WrongValue,
                                fmt::format("wdl {} is not one of -2 to 2 (rc_wdl5)", r.wdl));
    bool allowed = false;
    const Wdl5 theirs = static_cast<Wdl5>(r.wdl);
    if (has(RC_CHESS_WDL50)) {
        if (theirs != ours.wdl) {
            // Where |d| + clock is 101, a DTZ one under gives a win (and says so when declared).
            const bool edge = ours.dtz && std::abs(*ours.dtz) + ours.clock == kFiftyMovePlies + 1 &&
                              (!has(RC_CHESS_DTZ) || rounded(*ours.dtz, r.dtz));
            const bool rounded_result =
                edge && ((ours.wdl == Wdl5::CursedWin && theirs == Wdl5::Win) ||
                         (ours.wdl == Wdl5::BlessedLoss && theirs == Wdl5::Loss));
            if (!rounded_result) return ValueVerdict::of(P::WrongValue, "");
            allowed = true;
        }
    } else {
        if (theirs == Wdl5::CursedWin || theirs == Wdl5::BlessedLoss)
            return ValueVerdict::of(
                P::Contradiction,
                fmt::format("{}, though it declares no 50-move results (RC_CHESS_WDL50)",
                            tb::chess::to_string(theirs)));
        if (tb::chess::wld_of(theirs) != ours.game) return ValueVerdict::of(P::WrongValue, "");
    }
    if (has(RC_CHESS_DTZ) && ours.dtz && r.dtz != *ours.dtz) {
        if (ours.game == Wld::Draw || !rounded(*ours.dtz, r.dtz))
            return ValueVerdict::of(P::WrongValue, "");
        allowed = true;
    }
    if (has(RC_CHESS_DTM) && ref_.dtm) {
        if (ours.game == Wld::Draw) {
            if (r.dtm != -1)
                return ValueVerdict::of(
                    P::Contradiction,
                    fmt::format("a draw with dtm {}: a draw has none (-1)", r.dtm));
        } else if (r.dtm < 0) {
            return ValueVerdict::of(
                P::Contradiction,
                fmt::format("dtm {}, though it declares distances to mate (RC_CHESS_DTM)", r.dtm));
        } else if (ours.dtm && r.dtm != *ours.dtm) {
            return ValueVerdict::of(P::WrongValue, "");
        }
    }
    if (allowed) return {ValueVerdict::Kind::Allowed, {}, {}};
    return ValueVerdict::right();
}

ValueVerdict ChessProbe::judge_not_stored(const Position&) const {
    return ValueVerdict::of(ProbeProblem::Contradiction,
                            "not stored: a chess probe values every position its tables cover "
                            "(RC_PROBE_NOT_STORED is a checkers database's answer)");
}

Call<rc_chess_probe_result> ChessProbe::ask(PluginProcess& plugin, const Position& pos) const {
    return plugin.probe_chess(fen(pos));
}

std::vector<ProbeKind> ChessProbe::kinds() const {
    std::vector<ProbeKind> out;
    for (const auto& k : kinds_) out.push_back(k.second);
    return out;
}

// A legal position of a held material (one with pawns on both sides when asked), drawn from a
// random slot and then turned by a random symmetry of the board and a random colour flip: the
// tables' slots hold one image each, probers are asked about all of them.
std::optional<Position> ChessProbe::held_position(std::mt19937_64& rng, bool pawns) {
    const std::vector<std::size_t>& choice = pawns ? with_pawns_ : all_;
    if (choice.empty()) return std::nullopt;
    const std::size_t i =
        choice[std::uniform_int_distribution<std::size_t>(0, choice.size() - 1)(rng)];
    const auto p = tb::chess::random_position_of(indexes_[i], rng);
    if (!p) return std::nullopt;
    Position q = *p;
    if (rng() % 2) q = q.flipped();
    if (!q.is_ok()) return std::nullopt;
    return q;
}

// p made a position of kind k, or nothing when it cannot be.
std::optional<Position> ChessProbe::of_kind(Kind k, const Position& p, std::mt19937_64& rng) {
    const Color us = p.side_to_move();
    switch (k) {
        case Kind::Random:
            if (rng() % 4 == 0)
                return with_clock(p, std::uniform_int_distribution<int>(0, kFiftyMovePlies)(rng));
            return p;
        case Kind::EnPassantLegal:
        case Kind::EnPassantPseudo:
            for (int file = 0; file < 8; ++file) {
                const chess::Square ep = chess::make_square(file, us == Color::White ? 5 : 2);
                if (chess::double_push_problem(p, ep) || !chess::en_passant_capturable(p, us, ep))
                    continue;
                const Position q = p.with_en_passant(ep);
                if (!q.is_ok()) continue;
                bool legal = false;
                for (const chess::Move m : chess::legal_moves(q))
                    legal |= m.kind() == chess::MoveKind::EnPassant;
                if (legal == (k == Kind::EnPassantLegal)) return q;
            }
            return std::nullopt;
        case Kind::ClockEdge: {
            const auto t = truth(p);
            if (!t || !t->dtz || t->game == Wld::Draw || t->mated ||
                std::abs(*t->dtz) > kFiftyMovePlies)
                return std::nullopt;
            // At the last clock it is still won, or the first it is not.
            const int clock = kFiftyMovePlies - std::abs(*t->dtz) + static_cast<int>(rng() % 2);
            return with_clock(p, std::min(clock, kFiftyMovePlies));
        }
        case Kind::Past100: {
            const auto t = truth(p);
            if (!t || !t->dtz || std::abs(*t->dtz) <= kFiftyMovePlies) return std::nullopt;
            return p;
        }
        case Kind::MateOrStalemateInOne: {
            if (!has_moves(p)) return p;
            for (const chess::Move m : chess::legal_moves(p))
                if (!has_moves(p.after(m))) return p;
            return std::nullopt;
        }
        case Kind::PawnOnSeventh: {
            chess::Bitboard pawns = p.pieces(us, chess::PieceType::Pawn);
            while (pawns)
                if (chess::relative_rank(us, chess::pop_lowest(pawns)) == 6) return p;
            return std::nullopt;
        }
        case Kind::Symmetric:
            if (symmetric(tb::chess::Material::of(p))) return p;
            return std::nullopt;
        case Kind::Castling: {
            // A king and a rook of one side moved to their squares, that castling right given.
            const auto& c = chess::kCastlings[rng() % chess::kCastlings.size()];
            chess::Setup s = p.setup();
            const chess::Piece king{c.color, chess::PieceType::King};
            const chess::Piece rook{c.color, chess::PieceType::Rook};
            const auto rook_at = std::find(s.board.begin(), s.board.end(), rook);
            if (rook_at == s.board.end()) return std::nullopt;
            const auto king_at = std::find(s.board.begin(), s.board.end(), king);
            *king_at = std::nullopt;
            *rook_at = std::nullopt;
            if (s.board[chess::slot(c.king_from)] || s.board[chess::slot(c.rook_from)])
                return std::nullopt;
            s.board[chess::slot(c.king_from)] = king;
            s.board[chess::slot(c.rook_from)] = rook;
            s.castling = c.right;
            const Position q = Position::from_setup(s);
            if (!q.is_ok()) return std::nullopt;
            return q;
        }
    }
    return std::nullopt;
}

std::optional<Position> ChessProbe::draw(std::size_t index, std::mt19937_64& rng) {
    const Kind k = kinds_[index].first;
    if (never_.count(k)) return std::nullopt;
    const bool pawns = k == Kind::EnPassantLegal || k == Kind::EnPassantPseudo;
    for (int i = 0; i < kTries; ++i) {
        const auto p = held_position(rng, pawns);
        if (!p) continue;
        if (auto q = of_kind(k, *p, rng)) {
            found_.insert(k);
            return q;
        }
    }
    // Not one in the first kTries draws: the tables hold no position of the kind (no cursed
    // win below 5 pieces), so it is not drawn again.
    if (!found_.count(k)) never_.insert(k);
    return std::nullopt;
}

std::uint64_t ChessProbe::every_count() const {
    std::uint64_t n = 0;
    for (const auto& index : indexes_) n += 2 * index.size();
    return n;
}

void ChessProbe::every_position(const std::function<bool(const Position&)>& f) const {
    for (const auto& index : indexes_)
        for (const Color side : {Color::White, Color::Black})
            for (std::uint64_t id = 0; id < index.size(); ++id) {
                const auto p = index.position(id, side);
                if (p && p->is_ok() && !f(*p)) return;
            }
}

Position ChessProbe::shrink(const Position& pos,
                            const std::function<bool(const Position&)>& f) const {
    Position best = chess::shrink(pos, f);
    // The clock toward 0: a step that still fails is taken again, one that does not halved.
    for (int step = best.halfmove_clock(); step > 0;) {
        const Position q = with_clock(best, best.halfmove_clock() - step);
        if (f(q))
            best = q;
        else
            step /= 2;
        step = std::min(step, best.halfmove_clock());
    }
    return best;
}

// DTZ tables: the move implied_dtz50 chooses; DTM only: a child whose distance to mate, one
// ply up, is ours.
std::optional<std::pair<chess::Move, ChessTruth>> ChessProbe::child(const Position& pos,
                                                                    const ChessTruth& ours) {
    std::optional<chess::Move> move;
    if (ref_.dtz) {
        move = tb::chess::dtz_proof(*ref_.dtz, pos);
    } else if (ref_.dtm) {
        const Outcome o =
            ours.dtm ? (ours.game == Wld::Win ? Outcome::win(*ours.dtm) : Outcome::loss(*ours.dtm))
                     : Outcome::of(ours.game);
        for (const chess::Move m : chess::legal_moves(pos)) {
            const auto c = ref_.dtm->probe(pos.after(m));
            if (c && c->parent_view() == o) {
                move = m;
                break;
            }
        }
    }
    if (!move) return std::nullopt;
    const auto c = truth(pos.after(*move));
    if (!c) return std::nullopt;
    return std::pair{*move, *c};
}

}  // namespace retrocheck::plugins
