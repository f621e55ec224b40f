// What check-probe (plugins/probe_check.h) needs of a game, one class a game: the truth of a
// position from our tables, the judgement of a value the plugin gives against it, the kinds of
// positions drawn (weighted toward what breaks that game's probers), shrinking, and the move
// that shows our value. A game's plugin declares rc_game kGame; a third game adds a class here.
//
// Checkers: the plugin's probe (rc_probe_result) against a database of any format, capture
// positions through our resolver (tablebases/probe/resolver.h), the kinds of resolver cases.
// Chess: the plugin's probe_chess (rc_chess_probe_result) against our DTZ50 and DTM tables, at
// the FEN's halfmove clock; docs/plugins.md gives the rules.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/chess/move.h"
#include "engine/chess/position.h"
#include "engine/core/outcome.h"
#include "plugins/plugin_process.h"
#include "retrocheck/plugin.h"
#include "tablebases/chess/dtz.h"
#include "tablebases/chess/index.h"
#include "tablebases/chess/table.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/probe/resolver_cases.h"
#include "tablebases/probe/source.h"

namespace retrocheck::plugins {

// Contradiction: an answer the plugin's declaration rules out (not stored from a resolver,
// missing for a slice the tables hold, no distance where a metric was declared, a distance where
// none was). Protocol: a call that left a process running or sent something but its answer.
enum class ProbeProblem { WrongValue, WrongStatus, Contradiction, NonTerminating, Crash, Protocol };
const char* to_string(ProbeProblem p);  // "wrong-value", "wrong-status", "contradiction", ...

// What a game's judgement makes of an answer. Allowed: a value that differs from ours only as a
// rule written down permits (Syzygy's DTZ in full moves); Excused: not stored, as declared.
struct ValueVerdict {
    enum class Kind { Right, Allowed, Excused, Problem } kind = Kind::Right;
    ProbeProblem problem = ProbeProblem::WrongValue;
    std::string message;

    static ValueVerdict right() { return {}; }
    static ValueVerdict of(ProbeProblem p, std::string why) {
        return {Kind::Problem, p, std::move(why)};
    }
};

// What the tables say of a position: its value; or, checkable without one, that the plugin must
// not value it (beyond the tables, castling rights); neither: nothing to check. error: the
// tables given are damaged (the run stops: the plugin is not at fault).
template <class Value>
struct Known {
    bool checkable = false;
    std::optional<Value> value;
    std::string error;
};

// A kind of position drawn, and how often against the sum of all weights.
struct ProbeKind {
    std::string label;
    int weight = 1;
};

template <class G>
concept ProbeGame = requires(G& g, const G& cg, const typename G::Position& pos,
                             const typename G::Answer& answer, const typename G::Value& value,
                             std::mt19937_64& rng, PluginProcess& plugin,
                             const std::function<bool(const typename G::Position&)>& failing) {
    { G::kGame } -> std::convertible_to<rc_game>;
    { G::fen(pos) } -> std::same_as<std::string>;
    { G::pieces(pos) } -> std::convertible_to<int>;
    { g.known(pos) } -> std::same_as<Known<typename G::Value>>;
    { cg.outside(pos) } -> std::same_as<bool>;
    { cg.unheld_text(pos) } -> std::same_as<std::string>;
    { cg.missing_text(pos) } -> std::same_as<std::string>;
    { cg.judge_value(pos, answer, value) } -> std::same_as<ValueVerdict>;
    { cg.judge_not_stored(pos) } -> std::same_as<ValueVerdict>;
    { cg.ask(plugin, pos) } -> std::same_as<Call<typename G::Answer>>;
    { cg.kinds() } -> std::same_as<std::vector<ProbeKind>>;
    { g.draw(std::size_t{0}, rng) } -> std::same_as<std::optional<typename G::Position>>;
    { cg.every_count() } -> std::convertible_to<std::uint64_t>;
    { cg.shrink(pos, failing) } -> std::same_as<typename G::Position>;
    {g.child(pos, value)};
};

// The settings both games share: the declaration read from the plugin, the largest piece count
// drawn, and whether positions beyond the tables are asked too.
struct ProbeSetup {
    const PluginInfo& info;
    int pieces = 0;        // positions of up to this many pieces
    int min_pieces = 2;    // and at least this many
    bool outside = false;  // checkers: also positions of one piece more than the tables hold
};

class CheckersProbe {
  public:
    using Position = checkers::Position;
    using Move = checkers::Move;
    using Answer = rc_probe_result;
    using Value = Outcome;
    static constexpr rc_game kGame = RC_GAME_CHECKERS;
    struct Reference {
        const tb::TableSource& truth;
        int max_pieces = 0;
    };
    struct Declaration {
        std::uint32_t metric = RC_METRIC_WLD, captures = RC_CAPTURES_RESOLVED;
    };

    CheckersProbe(const Reference& reference, const ProbeSetup& setup);
    Declaration declaration() const { return declared_; }
    int max_pieces() const { return ref_.max_pieces; }
    bool distances_checked() const;

    static std::string fen(const Position& p);
    static int pieces(const Position& p) { return p.piece_count(); }
    Known<Value> known(const Position& pos);
    // More pieces than the largest slice held: valued through captures, or not at all.
    bool outside(const Position& pos) const { return pos.piece_count() > ref_.max_pieces; }
    std::string unheld_text(const Position& pos) const;
    std::string missing_text(const Position& pos) const;
    ValueVerdict judge_value(const Position& pos, const Answer& r, const Value& ours) const;
    ValueVerdict judge_not_stored(const Position& pos) const;
    Call<Answer> ask(PluginProcess& plugin, const Position& pos) const;

    std::vector<ProbeKind> kinds() const;
    std::optional<Position> draw(std::size_t kind, std::mt19937_64& rng);
    std::uint64_t every_count() const;
    // f(pos) for every position up to setup.pieces until it returns false.
    void every_position(const std::function<bool(const Position&)>& f) const;
    Position shrink(const Position& pos, const std::function<bool(const Position&)>& f) const;
    std::optional<std::pair<Move, Value>> child(const Position& pos, const Value& ours);

  private:
    struct Kind {
        std::string label;
        int weight;
        std::optional<tb::ResolverCase> resolver;  // nothing: outside the tables
    };
    std::optional<Outcome> truth(const Position& pos) { return known(pos).value; }

    const Reference& ref_;
    Declaration declared_;
    int pieces_, min_pieces_;
    std::vector<Kind> kinds_;
    std::set<std::pair<std::string, int>> found_, never_;  // kinds at piece counts
    tb::CaptureResolver resolver_{ref_.truth};
};

// A chess position's true value at its halfmove clock, as far as the tables given know it.
struct ChessTruth {
    // The result with the 50-move rule from the clock on: a win whose DTZ plus the clock passes
    // 100 is cursed here (Syzygy's five values); without DTZ tables, Loss, Draw or Win.
    tb::chess::Wdl5 wdl = tb::chess::Wdl5::Draw;
    Wld game = Wld::Draw;    // the result without the 50-move rule
    std::optional<int> dtz;  // our DTZ50 (at any clock the same), with DTZ tables
    std::optional<int> dtm;  // plies to mate, with DTM tables; nothing for a draw
    int clock = 0;           // the halfmove clock it is valued at
    bool mated = false;      // checkmate: lost whatever the clock
    bool operator==(const ChessTruth&) const = default;
    // "cursed win (dtz 45, clock 60), dtm 87"
    std::string to_string() const;
};

class ChessProbe {
  public:
    using Position = chess::Position;
    using Move = chess::Move;
    using Answer = rc_chess_probe_result;
    using Value = ChessTruth;
    static constexpr rc_game kGame = RC_GAME_CHESS;
    // Either set may be missing where the declaration does not need it: DTZ50 tables for the
    // 50-move results and DTZ, DTM tables for DTM.
    struct Reference {
        const tb::chess::DtzTableSet* dtz = nullptr;
        const tb::chess::MaterialTableSet* dtm = nullptr;
        int max_pieces = 0;
    };
    struct Declaration {
        std::uint32_t values = 0;  // RC_CHESS_WDL50 | RC_CHESS_DTZ | RC_CHESS_DTM
    };

    ChessProbe(const Reference& reference, const ProbeSetup& setup);
    Declaration declaration() const { return declared_; }
    int max_pieces() const { return ref_.max_pieces; }
    bool distances_checked() const { return (declared_.values & (RC_CHESS_DTZ | RC_CHESS_DTM)); }

    static std::string fen(const Position& p);
    static int pieces(const Position& p);
    Known<Value> known(const Position& pos);
    bool outside(const Position& pos) const { return pieces(pos) > ref_.max_pieces; }
    std::string unheld_text(const Position& pos) const;
    std::string missing_text(const Position& pos) const;
    ValueVerdict judge_value(const Position& pos, const Answer& r, const Value& ours) const;
    ValueVerdict judge_not_stored(const Position& pos) const;
    Call<Answer> ask(PluginProcess& plugin, const Position& pos) const;

    std::vector<ProbeKind> kinds() const;
    std::optional<Position> draw(std::size_t kind, std::mt19937_64& rng);
    std::uint64_t every_count() const;
    void every_position(const std::function<bool(const Position&)>& f) const;
    // Pieces off and rights dropped (chess/shrink.h), then the clock moved toward 0.
    Position shrink(const Position& pos, const std::function<bool(const Position&)>& f) const;
    std::optional<std::pair<Move, Value>> child(const Position& pos, const Value& ours);

  private:
    enum class Kind {
        Random,
        EnPassantLegal,
        EnPassantPseudo,
        ClockEdge,
        Past100,
        MateOrStalemateInOne,
        PawnOnSeventh,
        Symmetric,
        Castling
    };
    std::optional<ChessTruth> truth(const Position& pos);
    std::optional<Position> held_position(std::mt19937_64& rng, bool pawns_both_sides);
    std::optional<Position> of_kind(Kind k, const Position& p, std::mt19937_64& rng);
    bool has(std::uint32_t bit) const { return (declared_.values & bit) != 0; }

    const Reference& ref_;
    Declaration declared_;
    int pieces_, min_pieces_;
    std::vector<std::pair<Kind, ProbeKind>> kinds_;
    std::vector<tb::chess::MaterialIndex> indexes_;  // the held materials of up to pieces_
    // Positions in indexes_ to draw from: all, and those with pawns on both sides.
    std::vector<std::size_t> all_, with_pawns_;
    std::set<Kind> found_, never_;
};

static_assert(ProbeGame<CheckersProbe>);
static_assert(ProbeGame<ChessProbe>);

}  // namespace retrocheck::plugins
