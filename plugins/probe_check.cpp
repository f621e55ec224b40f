#include "plugins/probe_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <map>
#include <random>
#include <utility>

namespace retrocheck::plugins {

const char* to_string(ProbeProblem p) {
    switch (p) {
        case ProbeProblem::WrongValue:
            return "wrong-value";
        case ProbeProblem::WrongStatus:
            return "wrong-status";
        case ProbeProblem::Contradiction:
            return "contradiction";
        case ProbeProblem::NonTerminating:
            return "non-terminating";
        case ProbeProblem::Crash:
            return "crash";
        case ProbeProblem::Protocol:
            return "protocol";
    }
    return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

// Random positions, and the positions problems are shrunk to, have at least this many pieces
// (one, against tables of one piece).
constexpr int kMinPieces = 2;
// Calls a shrink may see time out before it is given up: a plugin that stops answering is not
// waited out call by call.
constexpr int kShrinkTimeouts = 2;

// What one answer of the plugin shows. Missing: no table, for a position the tables do not
// hold either.
template <class Answer>
struct Verdict {
    enum class Kind { Right, Allowed, Missing, Excused, Problem } kind = Kind::Right;
    ProbeProblem problem = ProbeProblem::WrongValue;
    std::optional<Answer> answer;
    std::string message;
    bool timed_out = false;  // the call gave no answer within its limit
    bool unjudged = false;   // the run's time ran out before the answer came: no verdict

    void take(const ValueVerdict& v) {
        using K = ValueVerdict::Kind;
        kind = v.kind == K::Right     ? Kind::Right
               : v.kind == K::Allowed ? Kind::Allowed
               : v.kind == K::Excused ? Kind::Excused
                                      : Kind::Problem;
        problem = v.problem;
        message = v.message;
    }
};

ProbeProblem problem_of(const CallFailure& f) {
    using K = CallFailure::Kind;
    switch (f.kind) {
        case K::Timeout:
        case K::StackOverflow:
            return ProbeProblem::NonTerminating;
        case K::Protocol:
            return ProbeProblem::Protocol;
        default:
            return ProbeProblem::Crash;
    }
}

template <ProbeGame G>
class Checker {
  public:
    using Position = typename G::Position;
    using Answer = typename G::Answer;
    using Value = typename G::Value;
    using V = Verdict<Answer>;

    Checker(PluginProcess& plugin, const typename G::Reference& reference,
            const ProbeCheckOptions& options, const std::function<void(const std::string&)>& log)
        : plugin_(plugin),
          options_(options),
          log_(log),
          t0_(Clock::now()),
          game_(reference, setup(plugin.info(), reference.max_pieces, options)) {
        report_.plugin = plugin.info().name;
        report_.library = plugin.info().library;
        report_.declared = game_.declaration();
        report_.distances_checked = game_.distances_checked();
        report_.min_valued = options.min_valued;
        min_pieces_ = std::min(kMinPieces, reference.max_pieces);
        report_.pieces = pieces(options, reference.max_pieces);
        if (options.seconds > 0) {
            deadline_ = t0_ + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(options.seconds));
            plugin_.set_run_end(deadline_);
        }
        if (options.progress)
            options.progress->total = options.exhaustive > 0 ? game_.every_count()
                                      : options.seconds > 0  ? 0
                                                             : options.cases;
    }
    ~Checker() { plugin_.set_run_end(std::nullopt); }
    Checker(const Checker&) = delete;
    Checker& operator=(const Checker&) = delete;

    ProbeReportOf<G> run() {
        if (options_.exhaustive > 0)
            every_position();
        else
            random_positions();
        for (const auto& [label, n] : kinds_) report_.kinds.push_back({label, n.first, n.second});
        report_.seconds = elapsed();
        return std::move(report_);
    }

  private:
    static int pieces(const ProbeCheckOptions& options, int max_pieces) {
        const int p = options.exhaustive > 0 ? options.exhaustive
                      : options.pieces > 0   ? options.pieces
                                             : max_pieces;
        return std::min(p, max_pieces);
    }
    static ProbeSetup setup(const PluginInfo& info, int max_pieces,
                            const ProbeCheckOptions& options) {
        return {info, pieces(options, max_pieces), std::min(kMinPieces, max_pieces),
                options.outside && options.exhaustive == 0 && options.pieces == 0};
    }

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - t0_).count(); }
    bool out_of_time() const { return deadline_ && Clock::now() >= *deadline_; }
    bool stop() const {
        return report_.stopped || out_of_time() || !report_.reference_error.empty();
    }
    void say(const std::string& line) const {
        if (log_) log_(line);
    }

    // What the tables say of pos; a damaged table stops the run.
    Known<Value> known(const Position& pos) {
        Known<Value> k = game_.known(pos);
        if (!k.error.empty() && report_.reference_error.empty()) report_.reference_error = k.error;
        return k;
    }

    V judge(const Position& pos, const std::optional<Value>& ours) {
        V v;
        const auto call = game_.ask(plugin_, pos);
        if (const auto* f = std::get_if<CallFailure>(&call)) {
            v.unjudged = f->kind == CallFailure::Kind::OutOfBudget;
            v.kind = V::Kind::Problem;
            v.problem = problem_of(*f);
            v.message = f->message;
            v.timed_out = f->kind == CallFailure::Kind::Timeout;
            return v;
        }
        const Answer r = std::get<Answer>(call);
        v.answer = r;
        if (!ours) {
            if (r.status == RC_PROBE_OK)
                v.take(ValueVerdict::of(ProbeProblem::WrongStatus, game_.unheld_text(pos)));
            else
                v.kind = V::Kind::Missing;
            return v;
        }
        switch (r.status) {
            case RC_PROBE_OK:
                v.take(game_.judge_value(pos, r, *ours));
                break;
            case RC_PROBE_MISSING:
                if (game_.outside(pos))  // a table beyond ours: its value comes from captures
                    v.kind = V::Kind::Missing;
                else
                    v.take(ValueVerdict::of(ProbeProblem::Contradiction, game_.missing_text(pos)));
                break;
            case RC_PROBE_NOT_STORED:
                v.take(game_.judge_not_stored(pos));
                break;
            case RC_PROBE_ERROR:
                v.take(ValueVerdict::of(ProbeProblem::WrongStatus,
                                        "an error for a position it covers"));
                break;
            default:
                v.take(
                    ValueVerdict::of(ProbeProblem::WrongStatus,
                                     "status " + std::to_string(r.status) + " is not one of 0-3"));
        }
        return v;
    }

    void count(ProbeProblem p) {
        std::uint64_t* const counts[] = {&report_.wrong_values,   &report_.wrong_statuses,
                                         &report_.contradictions, &report_.non_terminating,
                                         &report_.crashes,        &report_.protocol};
        ++*counts[static_cast<int>(p)];
        const std::uint64_t failed = report_.crashes + report_.non_terminating + report_.protocol;
        if (failed >= static_cast<std::uint64_t>(options_.max_call_failures) && !report_.stopped) {
            report_.stopped = true;
            say("stopped: the plugin failed " + std::to_string(failed) + " calls");
        }
    }

    void count_status(const V& v) {
        StatusCounts& c = report_.statuses;
        if (!v.answer) {
            ++c.failed;
            return;
        }
        switch (v.answer->status) {
            case RC_PROBE_OK:
                ++c.ok;
                break;
            case RC_PROBE_NOT_STORED:
                ++c.not_stored;
                break;
            case RC_PROBE_MISSING:
                ++c.missing;
                break;
            case RC_PROBE_ERROR:
                ++c.error;
                break;
            default:
                ++c.invalid;
        }
    }

    // Asks the plugin about pos (drawn as `kind`) and records what is wrong.
    void check(const Position& pos, const std::string& kind) {
        const Known<Value> k = known(pos);
        if (!k.checkable) return;
        const V v = judge(pos, k.value);
        if (v.unjudged) return;
        ++report_.checked;
        ++kinds_[kind].first;
        if (options_.progress && options_.exhaustive == 0) ++options_.progress->done;
        count_status(v);
        if (k.value && !game_.outside(pos)) {
            ++report_.held;
            if (v.kind == V::Kind::Excused) ++report_.excused;
            if (v.answer && v.answer->status == RC_PROBE_OK) ++report_.valued;
        }
        if (v.kind == V::Kind::Allowed) ++report_.allowed;
        if (v.kind != V::Kind::Problem) return;
        ++kinds_[kind].second;
        if (options_.progress) ++options_.progress->problems;
        count(v.problem);
        if (room_for(v.problem)) record(pos, kind, v);
    }

    // Examples go up to max_examples, and the first of each kind of problem is shown however
    // many of another came before it.
    // Shrinking costs plugin calls, and finds of one bug often shrink to an example already
    // kept: at most 4 shrinks an example asked for (and one a kind of problem) are made.
    bool room_for(ProbeProblem p) const {
        if (shrinks_ >= 4 * static_cast<std::size_t>(options_.max_examples) + 4) return false;
        if (report_.examples.size() < static_cast<std::size_t>(options_.max_examples)) return true;
        for (const auto& e : report_.examples)
            if (e.problem == p) return false;
        return options_.max_examples > 0;
    }

    // The problem v at pos, shrunk to the fewest pieces that still show it.
    void record(const Position& pos, const std::string& kind, const V& v) {
        say(fmt::format("{} at {} ({}), after {:.3f} s: shrinking", to_string(v.problem),
                        G::fen(pos), kind, elapsed()));
        ProbeExampleOf<G> e;
        e.problem = v.problem;
        e.kind = kind;
        e.found = pos;
        e.found_after = elapsed();
        e.position = pos;
        V last = v;
        ++shrinks_;
        int timeouts = 0;
        e.position = game_.shrink(pos, [&](const Position& q) {
            if (out_of_time() || G::pieces(q) < min_pieces_ || timeouts >= kShrinkTimeouts)
                return false;
            const Known<Value> k = known(q);
            if (!k.checkable) return false;
            const V w = judge(q, k.value);
            if (w.unjudged) return false;
            if (w.timed_out) ++timeouts;
            if (w.kind != V::Kind::Problem || w.problem != v.problem) return false;
            last = w;
            return true;
        });
        if (timeouts >= kShrinkTimeouts) {
            e.shrink_stopped = fmt::format("the plugin gave no answer to {} calls", timeouts);
            say(fmt::format("shrinking stopped at {} pieces: {}", G::pieces(e.position),
                            e.shrink_stopped));
        }
        // `last` is the verdict of the last position that still failed: the shrunk one.
        e.plugin = last.answer;
        e.ours = known(e.position).value;
        if (e.ours)
            if (auto c = game_.child(e.position, *e.ours)) {
                e.child = c->first;
                e.child_value = std::move(c->second);
            }
        e.message = last.message;
        const std::string fen = G::fen(e.position);
        for (const auto& seen : report_.examples)
            if (seen.problem == e.problem && G::fen(seen.position) == fen) return;
        report_.examples.push_back(std::move(e));
    }

    void random_positions() {
        std::mt19937_64 rng(options_.seed);
        const std::vector<ProbeKind> all = game_.kinds();
        std::vector<int> weights;
        for (const auto& k : all) weights.push_back(k.weight);
        std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
        const bool timed = options_.seconds > 0;
        // A draw that finds no position of its kind is not a case; a run that finds almost none
        // (tables without the slices of the kinds) ends all the same.
        const std::uint64_t max_draws = 100 * options_.cases;
        for (std::uint64_t draws = 0;
             (timed || (report_.checked < options_.cases && draws < max_draws)) && !stop();
             ++draws) {
            const std::size_t k = pick(rng);
            if (const auto pos = game_.draw(k, rng)) check(*pos, all[k].label);
        }
    }

    void every_position() {
        game_.every_position([this](const Position& pos) {
            if (stop()) return false;
            check(pos, "every position");
            if (options_.progress) ++options_.progress->done;
            return true;
        });
    }

    PluginProcess& plugin_;
    const ProbeCheckOptions& options_;
    const std::function<void(const std::string&)>& log_;
    Clock::time_point t0_;
    std::optional<Clock::time_point> deadline_;
    int min_pieces_ = kMinPieces;
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> kinds_;  // asked, problems
    std::size_t shrinks_ = 0;
    G game_;
    ProbeReportOf<G> report_;
};

}  // namespace

template <ProbeGame G>
ProbeReportOf<G> check_probe(PluginProcess& plugin, const typename G::Reference& reference,
                             const ProbeCheckOptions& options,
                             const std::function<void(const std::string&)>& log) {
    assert(reference.max_pieces >= 1);
    return Checker<G>(plugin, reference, options, log).run();
}

template ProbeReportOf<CheckersProbe> check_probe<CheckersProbe>(
    PluginProcess&, const CheckersProbe::Reference&, const ProbeCheckOptions&,
    const std::function<void(const std::string&)>&);
template ProbeReportOf<ChessProbe> check_probe<ChessProbe>(
    PluginProcess&, const ChessProbe::Reference&, const ProbeCheckOptions&,
    const std::function<void(const std::string&)>&);

}  // namespace retrocheck::plugins
