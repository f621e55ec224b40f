#include "plugins/probe_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <utility>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/random_position.h"
#include "engine/checkers/shrink.h"
#include "tablebases/checkers/index.h"
#include "tablebases/checkers/slice.h"
#include "tablebases/probe/resolver.h"
#include "tablebases/probe/resolver_cases.h"

namespace retrocheck::plugins {

using checkers::Position;

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

constexpr const char* kOutsideLabel = "outside the tables";
constexpr int kOutsideWeight = 5;
// Random positions, and the positions problems are shrunk to, have at least this many pieces
// (one, against tables of one piece).
constexpr int kMinPieces = 2;
// Calls a shrink may see time out before it is given up: a plugin that stops answering is not
// waited out call by call.
constexpr int kShrinkTimeouts = 2;
// Random positions tried for one case of a kind before the kind is given up at that piece count.
constexpr int kTries = 4000;

// What one answer of the plugin shows. Excused: not stored, for a capture position, as the
// plugin declared; Missing: no table, for a position the tables do not hold either.
struct Verdict {
    enum class Kind { Right, Missing, Excused, Problem } kind = Kind::Right;
    ProbeProblem problem = ProbeProblem::WrongValue;
    std::optional<rc_probe_result> answer;
    std::string message;
    bool timed_out = false;  // the call gave no answer within its limit
    bool unjudged = false;   // the run's time ran out before the answer came: no verdict
};

std::optional<Wld> wld_of(std::int32_t w) {
    if (w == RC_WIN) return Wld::Win;
    if (w == RC_DRAW) return Wld::Draw;
    if (w == RC_LOSS) return Wld::Loss;
    return std::nullopt;
}

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

class Checker {
  public:
    Checker(PluginProcess& plugin, const Reference& reference, const ProbeCheckOptions& options,
            const std::function<void(const std::string&)>& log)
        : plugin_(plugin), ref_(reference), options_(options), log_(log), t0_(Clock::now()) {
        report_.plugin = plugin.info().name;
        report_.library = plugin.info().library;
        report_.metric = plugin.info().probe_metric;
        report_.captures = plugin.info().probe_captures;
        report_.distances_checked =
            report_.metric != RC_METRIC_WLD && reference.truth.has_distance();
        report_.min_valued = options.min_valued;
        min_pieces_ = std::min(kMinPieces, reference.max_pieces);
        pieces_ = options.exhaustive > 0 ? options.exhaustive
                  : options.pieces > 0   ? options.pieces
                                         : reference.max_pieces;
        pieces_ = std::min(pieces_, reference.max_pieces);
        report_.pieces = pieces_;
        outside_ = options.outside && options.exhaustive == 0 && options.pieces == 0 &&
                   reference.max_pieces < 24;
        if (options.seconds > 0) {
            deadline_ = t0_ + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(options.seconds));
            plugin_.set_run_end(deadline_);
        }
        if (options.progress)
            options.progress->total = options.exhaustive > 0 ? every_position_count()
                                      : options.seconds > 0  ? 0
                                                             : options.cases;
    }
    ~Checker() { plugin_.set_run_end(std::nullopt); }
    Checker(const Checker&) = delete;
    Checker& operator=(const Checker&) = delete;

    ProbeReport run() {
        if (options_.exhaustive > 0)
            every_position();
        else
            random_positions();
        for (const auto& [label, n] : kinds_) report_.kinds.push_back({label, n.first, n.second});
        report_.seconds = elapsed();
        return std::move(report_);
    }

  private:
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - t0_).count(); }
    bool out_of_time() const { return deadline_ && Clock::now() >= *deadline_; }
    bool stop() const {
        return report_.stopped || out_of_time() || !report_.reference_error.empty();
    }
    void say(const std::string& line) const {
        if (log_) log_(line);
    }

    // What the tables say of pos: its value where they hold it, or outside them where captures
    // lead into them; or, outside them where none does, that they cannot know it (the plugin
    // must not value it). Neither: nothing to check (a slice the tables lack, a resolver over
    // its bound). A damaged table stops the run: the tables given are wrong, not the plugin.
    struct Known {
        bool checkable = false;
        std::optional<Outcome> value;
    };
    Known known(const Position& pos) {
        const tb::ProbeResult r = outside(pos) ? resolver_.probe(pos) : ref_.truth.probe(pos);
        if (r.status == tb::ProbeStatus::Ok) return {true, r.value};
        if (r.status == tb::ProbeStatus::Corrupt) {
            if (report_.reference_error.empty()) report_.reference_error = r.error;
            return {};
        }
        return {outside(pos) && r.status == tb::ProbeStatus::Missing, std::nullopt};
    }
    std::optional<Outcome> truth(const Position& pos) { return known(pos).value; }
    // Outside the tables: more pieces than the largest slice held.
    bool outside(const Position& pos) const { return pos.piece_count() > ref_.max_pieces; }

    bool declares_distance() const { return report_.metric != RC_METRIC_WLD; }
    bool declares_not_stored() const { return report_.captures == RC_CAPTURES_NOT_STORED; }

    // What a valued answer r shows against the true value ours (with its distance when the
    // tables have one): its form against the declaration, then its value.
    Verdict judge_value(const rc_probe_result& r, const Outcome& ours, Verdict v) const {
        const auto problem = [&v](ProbeProblem p, std::string why) {
            v.kind = Verdict::Kind::Problem;
            v.problem = p;
            v.message = std::move(why);
            return v;
        };
        const auto w = wld_of(r.wld);
        if (!w)
            return problem(ProbeProblem::WrongValue,
                           fmt::format("wld {} is not -1, 0 or 1", r.wld));
        if (r.distance < -1)
            return problem(
                ProbeProblem::WrongValue,
                fmt::format("distance {} is neither plies (0 or more) nor -1 (none)", r.distance));
        if (*w == Wld::Draw) {
            if (r.distance != -1)
                return problem(
                    ProbeProblem::Contradiction,
                    fmt::format("a draw with distance {}: a draw has none (-1)", r.distance));
        } else if (declares_distance() && r.distance < 0) {
            return problem(ProbeProblem::Contradiction,
                           fmt::format("no distance (-1), though it declares the metric {}",
                                       metric_name(report_.metric)));
        } else if (!declares_distance() && r.distance >= 0) {
            return problem(ProbeProblem::Contradiction,
                           fmt::format("distance {}, though it declares win, draw or loss only "
                                       "(RC_METRIC_WLD)",
                                       r.distance));
        }
        if (*w != ours.wld()) return problem(ProbeProblem::WrongValue, "");
        if (report_.distances_checked && !ours.is_draw() && ours.has_distance() &&
            r.distance != ours.plies())
            return problem(ProbeProblem::WrongValue, "");
        return v;
    }

    Verdict judge(const Position& pos, const std::optional<Outcome>& ours) {
        Verdict v;
        const auto call = plugin_.probe(checkers::format_fen(pos));
        if (const auto* f = std::get_if<CallFailure>(&call)) {
            v.unjudged = f->kind == CallFailure::Kind::OutOfBudget;
            v.kind = Verdict::Kind::Problem;
            v.problem = problem_of(*f);
            v.message = f->message;
            v.timed_out = f->kind == CallFailure::Kind::Timeout;
            return v;
        }
        const rc_probe_result r = std::get<rc_probe_result>(call);
        v.answer = r;
        const auto problem = [&v](ProbeProblem p, std::string why) {
            v.kind = Verdict::Kind::Problem;
            v.problem = p;
            v.message = std::move(why);
            return v;
        };
        if (!ours) {
            if (r.status == RC_PROBE_OK)
                return problem(ProbeProblem::WrongStatus,
                               "a value for a position that needs a table with more pieces "
                               "than the tables given");
            v.kind = Verdict::Kind::Missing;
            return v;
        }
        switch (r.status) {
            case RC_PROBE_OK:
                return judge_value(r, *ours, v);
            case RC_PROBE_MISSING:
                if (outside(pos)) {  // a slice beyond the tables: its value comes from captures
                    v.kind = Verdict::Kind::Missing;
                    return v;
                }
                return problem(
                    ProbeProblem::Contradiction,
                    fmt::format("missing, but the tables hold its slice {} ({})",
                                tb::name(tb::slice_of(pos)), tb::material(tb::slice_of(pos))));
            case RC_PROBE_NOT_STORED:
                if (!declares_not_stored())
                    return problem(ProbeProblem::Contradiction,
                                   "not stored, though it declares every position valued, "
                                   "capture positions included (RC_CAPTURES_RESOLVED)");
                if (checkers::either_side_can_capture(pos)) {
                    v.kind = Verdict::Kind::Excused;
                    return v;
                }
                return problem(ProbeProblem::WrongStatus,
                               "not stored, but neither side has a capture");
            case RC_PROBE_ERROR:
                return problem(ProbeProblem::WrongStatus, "an error for a position it covers");
            default:
                return problem(ProbeProblem::WrongStatus,
                               "status " + std::to_string(r.status) + " is not one of 0-3");
        }
    }

    void count(ProbeProblem p) {
        switch (p) {
            case ProbeProblem::WrongValue:
                ++report_.wrong_values;
                break;
            case ProbeProblem::WrongStatus:
                ++report_.wrong_statuses;
                break;
            case ProbeProblem::Contradiction:
                ++report_.contradictions;
                break;
            case ProbeProblem::NonTerminating:
                ++report_.non_terminating;
                break;
            case ProbeProblem::Crash:
                ++report_.crashes;
                break;
            case ProbeProblem::Protocol:
                ++report_.protocol;
                break;
        }
        const std::uint64_t failed = report_.crashes + report_.non_terminating + report_.protocol;
        if (failed >= static_cast<std::uint64_t>(options_.max_call_failures) && !report_.stopped) {
            report_.stopped = true;
            say("stopped: the plugin failed " + std::to_string(failed) + " calls");
        }
    }

    void count_status(const Verdict& v) {
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
        const auto [checkable, ours] = known(pos);
        if (!checkable) return;
        const Verdict v = judge(pos, ours);
        if (v.unjudged) return;
        ++report_.checked;
        ++kinds_[kind].first;
        if (options_.progress && options_.exhaustive == 0) ++options_.progress->done;
        count_status(v);
        if (ours && !outside(pos)) {
            ++report_.held;
            if (v.kind == Verdict::Kind::Excused) ++report_.excused;
            if (v.answer && v.answer->status == RC_PROBE_OK) ++report_.valued;
        }
        if (v.kind != Verdict::Kind::Problem) return;
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
    void record(const Position& pos, const std::string& kind, const Verdict& v) {
        say(fmt::format("{} at {} ({}), after {:.3f} s: shrinking", to_string(v.problem),
                        checkers::format_fen(pos), kind, elapsed()));
        ProbeExample e;
        e.problem = v.problem;
        e.kind = kind;
        e.found = pos;
        e.found_after = elapsed();
        e.position = pos;
        Verdict last = v;
        ++shrinks_;
        int timeouts = 0;
        e.position = checkers::shrink(pos, [&](const Position& q) {
            if (out_of_time() || q.piece_count() < min_pieces_ || timeouts >= kShrinkTimeouts)
                return false;
            const Known k = known(q);
            if (!k.checkable) return false;
            const Verdict w = judge(q, k.value);
            if (w.unjudged) return false;
            if (w.timed_out) ++timeouts;
            if (w.kind != Verdict::Kind::Problem || w.problem != v.problem) return false;
            last = w;
            return true;
        });
        if (timeouts >= kShrinkTimeouts) {
            e.shrink_stopped = fmt::format("the plugin gave no answer to {} calls", timeouts);
            say(fmt::format("shrinking stopped at {} pieces: {}", e.position.piece_count(),
                            e.shrink_stopped));
        }
        // `last` is the verdict of the last position that still failed: the shrunk one.
        e.plugin = last.answer;
        e.ours = truth(e.position);
        if (e.ours)
            for (const auto& m : checkers::legal_moves(e.position)) {
                const auto c = truth(e.position.after(m));
                if (c && c->parent_view() == *e.ours) {
                    e.child = m;
                    e.child_value = c;
                    break;
                }
            }
        e.message = last.message;
        const std::string fen = checkers::format_fen(e.position);
        for (const auto& seen : report_.examples)
            if (seen.problem == e.problem && checkers::format_fen(seen.position) == fen) return;
        report_.examples.push_back(std::move(e));
    }

    struct Kind {
        std::string label;
        int weight;
        std::optional<tb::ResolverCase> resolver;  // nothing: outside the tables
    };

    std::vector<Kind> kinds() const {
        std::vector<Kind> out;
        for (const auto& k : tb::resolver_cases()) {
            if (k.kind == tb::ResolverCase::ThreatCycle && pieces_ < 4) continue;
            out.push_back({k.label, k.weight, k.kind});
        }
        if (outside_) out.push_back({kOutsideLabel, kOutsideWeight, std::nullopt});
        return out;
    }

    // A position of the kind, or nothing when none was found in kTries draws.
    std::optional<Position> draw(const Kind& kind, std::mt19937_64& rng) {
        if (!kind.resolver) {
            for (int i = 0; i < kTries; ++i) {
                const Position p = checkers::random_position(rng, ref_.max_pieces + 1);
                if (p.pieces(checkers::Color::Black) && p.pieces(checkers::Color::White)) return p;
            }
            return std::nullopt;
        }
        if (*kind.resolver == tb::ResolverCase::ThreatCycle) {
            const auto& cycles = tb::threat_cycles();
            std::uniform_int_distribution<std::size_t> pick(0, cycles.size() - 1);
            return cycles[pick(rng)];
        }
        std::uniform_int_distribution<int> pieces(min_pieces_, pieces_);
        const int n = pieces(rng);
        const std::pair<std::string, int> key{kind.label, n};
        if (never_.count(key)) return std::nullopt;
        const tb::TrueValue value = [this](const Position& q) { return truth(q); };
        for (int i = 0; i < kTries; ++i) {
            const Position p = checkers::random_position(rng, n);
            if (truth(p) && tb::is_case(*kind.resolver, p, value)) {
                found_.insert(key);
                return p;
            }
        }
        // Not one in the first kTries draws: a kind that does not exist at this piece count
        // (captures answered by captures with two pieces) is not drawn again.
        if (!found_.count(key)) never_.insert(key);
        return std::nullopt;
    }

    void random_positions() {
        std::mt19937_64 rng(options_.seed);
        const std::vector<Kind> all = kinds();
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
            const Kind& k = all[pick(rng)];
            if (const auto pos = draw(k, rng)) check(*pos, k.label);
        }
    }

    std::uint64_t every_position_count() const {
        std::uint64_t n = 0;
        for (const tb::Slice s : tb::slices_up_to(pieces_)) n += 2 * tb::SliceIndex(s).size();
        return n;
    }

    void every_position() {
        for (const tb::Slice s : tb::slices_up_to(pieces_)) {
            const tb::SliceIndex index(s);
            for (const auto side : {checkers::Color::Black, checkers::Color::White})
                for (std::uint64_t id = 0; id < index.size() && !stop(); ++id) {
                    check(index.position(id, side), "every position");
                    if (options_.progress) ++options_.progress->done;
                }
        }
    }

    PluginProcess& plugin_;
    const Reference& ref_;
    const ProbeCheckOptions& options_;
    const std::function<void(const std::string&)>& log_;
    Clock::time_point t0_;
    std::optional<Clock::time_point> deadline_;
    int pieces_ = 0, min_pieces_ = kMinPieces;
    bool outside_ = false;
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> kinds_;  // asked, problems
    std::set<std::pair<std::string, int>> found_, never_;                   // kinds at piece counts
    tb::CaptureResolver resolver_{ref_.truth};
    std::size_t shrinks_ = 0;
    ProbeReport report_;
};

}  // namespace

ProbeReport check_probe(PluginProcess& plugin, const Reference& reference,
                        const ProbeCheckOptions& options,
                        const std::function<void(const std::string&)>& log) {
    assert(plugin.info().probe && reference.max_pieces >= 1);
    return Checker(plugin, reference, options, log).run();
}

}  // namespace retrocheck::plugins
