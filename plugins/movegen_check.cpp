#include "plugins/movegen_check.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <utility>

#include "engine/core/clock.h"

namespace retrocheck::plugins {

const char* to_string(MovegenProblem p) {
    switch (p) {
        case MovegenProblem::WrongMoves:
            return "wrong-moves";
        case MovegenProblem::WrongPerft:
            return "wrong-perft";
        case MovegenProblem::Refused:
            return "refused";
        case MovegenProblem::Crash:
            return "crash";
        case MovegenProblem::NonTerminating:
            return "non-terminating";
        case MovegenProblem::Protocol:
            return "protocol";
    }
    return "?";
}

// The start, then one position a rule of CHECKERS.md.
const std::vector<PerftRoot>& CheckersMovegen::roots() {
    static const std::vector<PerftRoot> roots = {
        {"B:W21-32:B1-12", "the start position", 6},
        {"B:W22:B18,1", "a capture is mandatory", 8},
        {"B:W14:B18", "men capture forward only", 8},
        {"B:W15,24:B10", "a multi-jump goes on to the end", 8},
        {"B:W15,24,23:B10", "any capture sequence may be chosen", 8},
        {"W:W11:B6,7", "crowning ends the move", 8},
        {"B:W14:BK18", "kings move and capture backwards", 8},
        {"B:W14,15,22,23:BK10", "a king circling four men: two paths, one effect", 8},
        {"W:WK17,24:B8,K18", "kings and men of both sides", 8},
        {"B:W9,14:B5", "no moves: a loss", 8},
    };
    return roots;
}

// CHESS.md's perft suite and its special cases, at depths of about a million leaves.
const std::vector<PerftRoot>& ChessMovegen::roots() {
    static const std::vector<PerftRoot> roots = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the start position", 4},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         "Kiwipete: castling, en passant, promotions, pins", 3},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "en passant along a pinned rank", 5},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         "promotions and castling under attack", 3},
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "promotion with capture", 3},
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "a middlegame",
         3},
        {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", "an en passant capture that exposes the king", 5},
        {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", "an en passant capture under a bishop's pin", 5},
        {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "en passant out of check", 5},
        {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "castling short gives check", 5},
        {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "castling long gives check", 5},
        {"1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", "castling rights and a bishop's diagonal", 4},
    };
    return roots;
}

namespace {

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    return {std::istream_iterator<std::string>(in), std::istream_iterator<std::string>()};
}

// How the plugin's answer for one position compares with ours.
struct Judgement {
    enum class Kind { Agree, Wrong, Refused, Failed } kind = Kind::Agree;
    std::vector<std::string> extra, missing;
    std::optional<PerftDifference> count;  // a perft-only plugin: its count of moves
    CallFailure failure;
};

MovegenProblem problem_of(const CallFailure& f) {
    using K = CallFailure::Kind;
    if (f.kind == K::Timeout || f.kind == K::StackOverflow) return MovegenProblem::NonTerminating;
    return f.kind == K::Protocol ? MovegenProblem::Protocol : MovegenProblem::Crash;
}

// Calls a shrink may see time out before it is given up: a plugin that stops answering is not
// waited out call by call.
constexpr int kShrinkTimeouts = 2;

// Plugin calls a walk of a perft tree may make from one root (a plugin without perft).
constexpr std::uint64_t kWalkCalls = 20000;

template <MovegenGame G>
class Checker {
    using Position = typename G::Position;
    using Example = MovegenExampleOf<Position>;
    using Report = MovegenReportOf<Position>;

  public:
    Checker(PluginProcess& plugin, const MovegenOptions& options,
            const std::function<void(const std::string&)>& log)
        : plugin_(plugin), options_(options), log_(log) {
        report_.plugin = plugin.info().name;
        report_.library = plugin.info().library;
    }

    Report run() {
        const auto t0 = std::chrono::steady_clock::now();
        check_perft_roots();
        check_random();
        report_.seconds = seconds_since(t0);
        return std::move(report_);
    }

  private:
    bool lists() const { return plugin_.info().legal_moves; }
    bool has_perft() const { return plugin_.info().perft; }
    bool stop() const {
        return report_.stopped || report_.crashes + report_.non_terminating + report_.protocol >=
                                      static_cast<std::uint64_t>(options_.max_call_failures);
    }
    void say(const std::string& line) const {
        if (log_) log_(line);
    }

    // The plugin's moves of pos against ours (or its perft 1 against our count, when it has no
    // legal_moves).
    Judgement judge(const Position& pos) {
        Judgement j;
        const std::string fen = G::fen(pos);
        if (!lists()) {
            const auto n = plugin_.perft(fen, 1);
            if (const auto* f = std::get_if<CallFailure>(&n)) return failed(*f);
            const std::int64_t theirs = std::get<std::int64_t>(n);
            if (theirs < 0) j.kind = Judgement::Kind::Refused;
            const std::uint64_t ours = G::count_moves(pos);
            if (theirs >= 0 && static_cast<std::uint64_t>(theirs) != ours) {
                j.kind = Judgement::Kind::Wrong;
                j.count = PerftDifference{1, ours, theirs};
            }
            return j;
        }
        const auto answer = plugin_.legal_moves(fen);
        if (const auto* f = std::get_if<CallFailure>(&answer)) return failed(*f);
        const MovesAnswer& a = std::get<MovesAnswer>(answer);
        if (!a.accepted) {
            j.kind = Judgement::Kind::Refused;
            return j;
        }
        std::vector<std::string> ours, theirs = words(a.moves);
        for (const auto& [move, child] : G::children(pos)) ours.push_back(move);
        std::sort(ours.begin(), ours.end());
        std::sort(theirs.begin(), theirs.end());
        std::set_difference(theirs.begin(), theirs.end(), ours.begin(), ours.end(),
                            std::back_inserter(j.extra));
        std::set_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(),
                            std::back_inserter(j.missing));
        if (!j.extra.empty() || !j.missing.empty()) j.kind = Judgement::Kind::Wrong;
        return j;
    }

    static Judgement failed(const CallFailure& f) {
        Judgement j;
        j.kind = Judgement::Kind::Failed;
        j.failure = f;
        return j;
    }

    static Judgement refused() {
        Judgement j;
        j.kind = Judgement::Kind::Refused;
        return j;
    }

    static bool same_problem(const Judgement& a, const Judgement& b) {
        if (a.kind != b.kind) return false;
        return a.kind != Judgement::Kind::Failed || problem_of(a.failure) == problem_of(b.failure);
    }

    void count(MovegenProblem p, const std::string& source) {
        ++report_.problems_by_source[source];
        switch (p) {
            case MovegenProblem::WrongMoves:
                ++report_.wrong_moves;
                break;
            case MovegenProblem::WrongPerft:
                ++report_.wrong_perft;
                break;
            case MovegenProblem::Refused:
                ++report_.refused;
                break;
            case MovegenProblem::Crash:
                ++report_.crashes;
                break;
            case MovegenProblem::NonTerminating:
                ++report_.non_terminating;
                break;
            case MovegenProblem::Protocol:
                ++report_.protocol;
                break;
        }
        if (stop() && !report_.stopped) {
            report_.stopped = true;
            say("stopped: the plugin failed " +
                std::to_string(report_.crashes + report_.non_terminating + report_.protocol) +
                " calls");
        }
    }

    // Examples go up to max_examples, and the first of each kind of problem is shown however
    // many of another came before it.
    // Shrinking costs plugin calls, and finds of one bug often shrink to an example already
    // kept: at most 4 shrinks an example asked for (and one a kind of problem) are made.
    bool room_for_example(MovegenProblem p) const {
        if (shrinks_ >= 4 * static_cast<std::size_t>(options_.max_examples) + 5) return false;
        if (report_.examples.size() < static_cast<std::size_t>(options_.max_examples)) return true;
        for (const auto& e : report_.examples)
            if (e.problem == p) return false;
        return options_.max_examples > 0;
    }

    // Records a problem the judgement j of pos shows, shrunk to the fewest pieces that show the
    // same kind of problem.
    void record(const Judgement& j, const Position& pos, const std::string& source,
                const std::string& line = {}) {
        MovegenProblem p = MovegenProblem::WrongMoves;
        if (j.kind == Judgement::Kind::Refused) p = MovegenProblem::Refused;
        if (j.kind == Judgement::Kind::Failed) p = problem_of(j.failure);
        if (j.kind == Judgement::Kind::Wrong && j.count) p = MovegenProblem::WrongPerft;
        count(p, source);
        if (!room_for_example(p)) return;
        // Shrinking a call that does not return costs a time limit a step; one that crashes,
        // a host start. Both are worth it: the user reads the smallest position.
        ++shrinks_;
        int timeouts = 0;
        const Position small = G::shrink(pos, [&](const Position& q) {
            if (timeouts >= kShrinkTimeouts) return false;
            const Judgement k = judge(q);
            if (k.kind == Judgement::Kind::Failed && k.failure.kind == CallFailure::Kind::Timeout)
                ++timeouts;
            return same_problem(k, j);
        });
        if (timeouts >= kShrinkTimeouts)
            say("shrinking stopped at " + std::to_string(G::pieces(small)) +
                " pieces: the plugin gave no answer to " + std::to_string(timeouts) + " calls");
        const Judgement s = small == pos ? j : judge(small);
        const std::string fen = G::fen(small);
        for (const auto& e : report_.examples)
            if (e.problem == p && G::fen(e.position) == fen) return;
        Example e;
        e.problem = p;
        e.source = source;
        e.position = small;
        e.found = pos;
        e.line = line;
        e.extra = s.extra;
        e.missing = s.missing;
        e.perft = s.count;
        e.message = s.kind == Judgement::Kind::Failed ? s.failure.message : "";
        report_.examples.push_back(std::move(e));
    }

    // The plugin's perft below pos, or how the call failed.
    std::variant<std::int64_t, CallFailure> their_perft(const Position& pos, int depth) {
        const auto n = plugin_.perft(G::fen(pos), depth);
        if (const auto* f = std::get_if<CallFailure>(&n)) return *f;
        ++report_.perft_checked;
        return std::get<std::int64_t>(n);
    }

    // Perft from each root at depths 1, 2, ...: the first count that differs is followed down.
    void check_perft_roots() {
        for (const PerftRoot& root : G::roots()) {
            if (stop()) return;
            const Position pos = G::parse_root(root);
            const int depth = std::max(1, root.depth + options_.depth - MovegenOptions{}.depth);
            if (!has_perft()) {
                walked_ = 0;
                walk(pos, depth - 1, "");
                continue;
            }
            for (int d = 1; d <= depth && !stop(); ++d) {
                const auto theirs = their_perft(pos, d);
                if (const auto* f = std::get_if<CallFailure>(&theirs)) {
                    // A deeper perft may simply take longer than a call may: a plugin that
                    // answered depth 1 in time is not called non-terminating for that.
                    if (d > 1 && f->kind == CallFailure::Kind::Timeout) {
                        say("perft " + std::to_string(d) + " from " + root.fen +
                            " took longer than a call may; deeper counts skipped");
                        break;
                    }
                    record(failed(*f), pos, "perft");
                    break;
                }
                if (std::get<std::int64_t>(theirs) < 0) {
                    record(refused(), pos, "perft");
                    break;
                }
                const std::uint64_t ours = G::perft(pos, d);
                if (std::get<std::int64_t>(theirs) != static_cast<std::int64_t>(ours)) {
                    say("perft " + std::to_string(d) + " from " + root.fen + " differs (" +
                        root.what + "): following the divide");
                    descend(pos, d, "", ours, std::get<std::int64_t>(theirs));
                    break;
                }
            }
        }
    }

    // Without a plugin perft: the move lists of every position of the tree to `depth` plies (at
    // most kWalkCalls of them a root). True when the walk is to stop: something was recorded,
    // or the budget is spent.
    bool walk(const Position& pos, int depth, const std::string& line) {
        if (++walked_ > kWalkCalls || stop()) return true;
        ++report_.checked;
        const Judgement j = judge(pos);
        if (j.kind != Judgement::Kind::Agree) {
            record(j, pos, "perft", line);
            return true;
        }
        if (depth == 0) return false;
        for (const auto& [move, child] : G::children(pos)) {
            const std::string next = line + (line.empty() ? "" : " ") + move;
            if (walk(child, depth - 1, next)) return true;
        }
        return false;
    }

    // perft(pos, depth) differs: ours against theirs. Down the child whose count differs, to the
    // position whose move lists differ, or to the position whose count differs although its
    // children's agree.
    void descend(const Position& pos, int depth, const std::string& line, std::uint64_t ours,
                 std::int64_t theirs) {
        if (lists()) {
            ++report_.checked;
            const Judgement j = judge(pos);
            if (j.kind != Judgement::Kind::Agree) return record(j, pos, "perft", line);
        }
        if (depth > 1) {
            for (const auto& [move, child] : G::children(pos)) {
                const std::string next = line + (line.empty() ? "" : " ") + move;
                const auto t = their_perft(child, depth - 1);
                if (const auto* f = std::get_if<CallFailure>(&t))
                    return record(failed(*f), child, "perft", next);
                if (std::get<std::int64_t>(t) < 0) return record(refused(), child, "perft", next);
                const std::uint64_t o = G::perft(child, depth - 1);
                if (std::get<std::int64_t>(t) != static_cast<std::int64_t>(o))
                    return descend(child, depth - 1, next, o, std::get<std::int64_t>(t));
            }
        }
        // The plugin's perft disagrees with its own move lists (or with our count, for a
        // plugin without legal_moves): nothing to shrink.
        count(MovegenProblem::WrongPerft, "perft");
        if (!room_for_example(MovegenProblem::WrongPerft)) return;
        Example e;
        e.problem = MovegenProblem::WrongPerft;
        e.source = "perft";
        e.position = e.found = pos;
        e.line = line;
        e.perft = PerftDifference{depth, ours, theirs};
        report_.examples.push_back(std::move(e));
    }

    // Random positions of 1 to the most pieces and playouts from the start, half each.
    void check_random() {
        std::mt19937_64 rng(options_.seed);
        std::uniform_int_distribution<int> pieces(1, G::kMaxPieces), plies(0, 160);
        for (int i = 0; i < options_.cases && !stop(); ++i) {
            const bool playout = i % 2 == 1;
            const Position pos =
                playout ? G::random_playout(rng, plies(rng)) : G::random_position(rng, pieces(rng));
            ++report_.checked;
            const Judgement j = judge(pos);
            if (j.kind != Judgement::Kind::Agree) record(j, pos, playout ? "playout" : "random");
        }
    }

    PluginProcess& plugin_;
    const MovegenOptions& options_;
    const std::function<void(const std::string&)>& log_;
    Report report_;
    std::size_t shrinks_ = 0;
    std::uint64_t walked_ = 0;  // plugin calls of the current walk
};

}  // namespace

template <MovegenGame G>
MovegenReportOf<typename G::Position> check_movegen(
    PluginProcess& plugin, const MovegenOptions& options,
    const std::function<void(const std::string&)>& log) {
    assert(plugin.info().legal_moves || plugin.info().perft);
    assert(plugin.info().game == G::kGame);
    return Checker<G>(plugin, options, log).run();
}

template MovegenReportOf<checkers::Position> check_movegen<CheckersMovegen>(
    PluginProcess&, const MovegenOptions&, const std::function<void(const std::string&)>&);
template MovegenReportOf<chess::Position> check_movegen<ChessMovegen>(
    PluginProcess&, const MovegenOptions&, const std::function<void(const std::string&)>&);

}  // namespace retrocheck::plugins
