#include "tablebases/chess/play_out.h"

#include <algorithm>
#include <map>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/search/search.h"
#include "tablebases/chess/index.h"

namespace retrocheck::tb::chess {

using retrocheck::chess::Color;
using retrocheck::chess::PieceType;

struct EngineAttacker::Impl {
    Impl(const search::SearchLimits& l, const retrocheck::chess::SearchOptions& options)
        : limits(l), searcher(options) {}
    search::SearchLimits limits;
    retrocheck::chess::Searcher searcher;
};

EngineAttacker::EngineAttacker(const search::SearchLimits& limits,
                               const retrocheck::chess::endgames::Registry* knowledge,
                               std::size_t tt_megabytes)
    : impl_(std::make_unique<Impl>(
          limits, retrocheck::chess::SearchOptions{tt_megabytes, nullptr, knowledge})) {}
EngineAttacker::~EngineAttacker() = default;

Result<Move> EngineAttacker::choose(const Position& start, const std::vector<Move>& moves,
                                    const Position& pos) {
    // A new game starts from a searcher that knows nothing of the last one, as a UCI engine
    // does after `ucinewgame`: a game's moves do not depend on the games played before it.
    if (moves.empty()) impl_->searcher.clear();
    std::vector<std::uint64_t> history;
    Position p = start;
    for (const Move m : moves) {
        history.push_back(p.hash());
        p = p.after(m);
    }
    const auto r = impl_->searcher.search(pos, impl_->limits, {}, history);
    nodes_ += r.nodes;
    if (!r.best_move) return Error{"the engine found no move"};
    return *r.best_move;
}

std::optional<Move> longest_resistance(const Position& pos, const DtmOf& dtm) {
    std::optional<Move> best;
    std::optional<Outcome> best_value;
    std::string best_text;
    for (const Move m : retrocheck::chess::legal_moves(pos)) {
        const auto child = dtm(pos.after(m));
        if (!child) return std::nullopt;
        const Outcome v = child->parent_view();
        const std::string text = retrocheck::chess::format_uci(m);
        if (!best_value || better(v, *best_value) || (v == *best_value && text < best_text)) {
            best = m;
            best_value = v;
            best_text = text;
        }
    }
    return best;
}

const char* to_string(GameEnd e) {
    switch (e) {
        case GameEnd::Mate:
            return "mate";
        case GameEnd::TableDraw:
            return "table draw";
        case GameEnd::Stalemate:
            return "stalemate";
        case GameEnd::Repetition:
            return "repetition";
        case GameEnd::OverSlack:
            return "over the slack";
        case GameEnd::Error:
            return "error";
    }
    return "?";
}

PlayedGame play_out(const Position& start, Attacker& attacker, const DtmOf& dtm, int slack_moves,
                    const DtzOf& dtz) {
    PlayedGame g;
    g.start = start;
    const auto value = dtm(start);
    if (!value || !value->is_win() || !value->has_distance()) {
        g.error = "the start is not a win of known distance by the tables";
        return g;
    }
    g.dtm_plies = value->plies();
    g.dtm_moves = (g.dtm_plies + 1) / 2;
    if (dtz) {
        const auto d = dtz(start);
        if (!d) {
            g.error = "the start is not in the DTZ tables";
            return g;
        }
        g.fifty_move_win_at_start = wins_within_fifty(*d, start.halfmove_clock());
    }
    const Color winner = start.side_to_move();
    std::map<std::uint64_t, int> seen{{start.hash(), 1}};
    Position pos = start;
    retrocheck::chess::MoveList moves = retrocheck::chess::legal_moves(pos);
    while (true) {
        Move m;
        if (pos.side_to_move() == winner) {
            if (g.moves_used >= g.dtm_moves + slack_moves) {
                g.end = GameEnd::OverSlack;
                return g;
            }
            auto chosen = attacker.choose(start, g.moves, pos);
            if (!chosen) {
                g.error = chosen.error();
                return g;
            }
            if (!moves.contains(*chosen)) {
                g.error = "the attacker's move " + retrocheck::chess::format_uci(*chosen) +
                          " is not legal";
                return g;
            }
            m = *chosen;
            ++g.moves_used;
        } else {
            const auto chosen = longest_resistance(pos, dtm);
            if (!chosen) {
                g.error = "a position the defender meets is not in the tables";
                return g;
            }
            m = *chosen;
        }
        pos = pos.after(m);
        g.moves.push_back(m);
        moves = retrocheck::chess::legal_moves(pos);
        if (pos.halfmove_clock() >= 100 && !(pos.in_check() && moves.empty()))
            g.fifty_move_draw = true;
        if (moves.empty()) {
            g.end = pos.in_check() ? GameEnd::Mate : GameEnd::Stalemate;
            return g;
        }
        if (++seen[pos.hash()] == 3) {
            g.end = GameEnd::Repetition;
            return g;
        }
        if (pos.side_to_move() != winner) {
            const auto v = dtm(pos);
            if (!v) {
                g.error = "the attacker's move leads out of the tables";
                return g;
            }
            if (!v->is_loss()) {
                g.end = GameEnd::TableDraw;
                return g;
            }
            if (g.fifty_move_win_at_start.value_or(false) && !g.fifty_move_slip) {
                const auto d = dtz(pos);
                if (!d) {
                    g.error = "the attacker's move leads out of the DTZ tables";
                    return g;
                }
                if (!loses_within_fifty(*d, pos.halfmove_clock())) g.fifty_move_slip = g.moves_used;
            }
        }
    }
}

std::vector<Position> random_won_positions(const Material& material, int n, std::uint64_t seed,
                                           const DtmOf& dtm) {
    const MaterialIndex index(material);
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    // A material with few or no wins ends the draw after this many tries, short.
    for (std::uint64_t tries = 0; static_cast<int>(out.size()) < n && tries < 100'000'000;
         ++tries) {
        const auto p = random_position_of(index, rng);
        if (!p) continue;
        const auto v = dtm(*p);
        if (v && v->is_win() && v->has_distance()) out.push_back(*p);
    }
    return out;
}

}  // namespace retrocheck::tb::chess
