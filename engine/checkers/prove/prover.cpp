#include "engine/checkers/prove/prover.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "engine/checkers/prove/certificate.h"
#include "engine/checkers/prove/dfpn.h"
#include "engine/core/clock.h"

namespace retrocheck::checkers::prove {

const char* to_string(Verdict v) {
    switch (v) {
        case Verdict::Win:
            return "win";
        case Verdict::Draw:
            return "draw";
        case Verdict::Loss:
            return "loss";
        case Verdict::Unknown:
            return "unknown";
    }
    return "?";
}

std::string Proof::open_because() const {
    if (proven()) return {};
    std::string out;
    for (const auto* a : {&side_to_move_wins, &opponent_wins})
        if (!a->wins && !a->open_because.empty() && out.find(a->open_because) == std::string::npos)
            out += (out.empty() ? "" : "; ") + a->open_because;
    return out;
}

namespace {

using Clock = std::chrono::steady_clock;

// One question, searched in slices by two searches in turn, one strict and one optimistic about
// disproofs that rest on a path (dfpn.h): strict finds long wins the optimistic one can be misled
// from, the optimistic one finds the closed sets of draws the strict one cannot afford. The first
// claim its certificate passes answers the question.
class Question {
  public:
    Question(const Position& root, Color attacker, EndgameProbe* tables, const ProveLimits& limits)
        : tables_(tables) {
        for (const bool optimistic : {false, true}) {
            searches_.push_back(
                {WinSearch(root, attacker, tables, limits.max_entries / 2, optimistic)});
            searches_.back().search.count_nodes_in(limits.nodes_seen);
        }
    }

    bool open() const { return !closed_; }
    // Why a question still open is: the budget that ran out, unless a refuted claim says more.
    void ran_out(const std::string& budget) {
        if (!closed_ && !answer_.wins)
            answer_.open_because = answer_.open_because.empty()
                                       ? budget
                                       : budget + " (after " + answer_.open_because + ")";
    }
    const Answer& answer() const { return answer_; }

    void step(std::uint64_t nodes, Clock::time_point deadline) {
        Attempt* a = nullptr;
        for (std::size_t k = 0; k < searches_.size() && !a; ++k) {
            next_ = (next_ + 1) % searches_.size();
            if (!searches_[next_].closed) a = &searches_[next_];
        }
        if (!a) {
            closed_ = true;
            return;
        }
        const SearchState s = a->search.run(nodes, deadline);
        answer_.nodes = 0;
        for (const Attempt& t : searches_) answer_.nodes += t.search.nodes();
        switch (s) {
            case SearchState::Proven:
            case SearchState::Disproven:
                settle(*a, s == SearchState::Proven);
                break;
            case SearchState::Budget:
                break;  // the caller says which budget (run_slices)
            case SearchState::Memory:
                answer_.open_because = "the store is full (raise --tt-mb)";
                a->closed = true;
                break;
            case SearchState::Stuck:
                answer_.open_because =
                    "every open line is deeper than " + std::to_string(kMaxProofPly) + " plies";
                a->closed = true;
                break;
        }
        if (std::all_of(searches_.begin(), searches_.end(),
                        [](const Attempt& t) { return t.closed; }))
            closed_ = true;
    }

  private:
    struct Attempt {
        WinSearch search;
        int refuted = 0;
        bool closed = false;
    };

    void settle(Attempt& a, bool claimed_win) {
        const Claims claims = [&a](const Position& p) { return a.search.claim(p); };
        const Certificate cert =
            claimed_win ? check_win(a.search.root(), a.search.attacker(), tables_, claims)
                        : check_no_win(a.search.root(), a.search.attacker(), tables_, claims);
        if (!cert.ok) {
            answer_.open_because = std::string("the ") + (claimed_win ? "proof" : "disproof") +
                                   " failed its certificate: " + cert.failure;
            // The claims it refuted are forgotten and the search goes on, a few times: a claim
            // that rests on a repetition off its path is refuted this way.
            if (++a.refuted > kMaxRefuted) a.closed = true;
            a.search.forget(cert.refuted);
            return;
        }
        closed_ = true;
        answer_.wins = claimed_win;
        answer_.certificate_size = cert.size;
        answer_.line = cert.line;
        answer_.open_because.clear();
    }

    std::vector<Attempt> searches_;
    EndgameProbe* tables_;
    Answer answer_;
    std::size_t next_ = 1;
    bool closed_ = false;
    static constexpr int kMaxRefuted = 16;
};

constexpr std::uint64_t kFirstSlice = 2048;

Clock::time_point deadline_of(const ProveLimits& limits, Clock::time_point start) {
    if (limits.seconds <= 0) return Clock::time_point::max();
    return start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(limits.seconds));
}

std::uint64_t node_limit(const ProveLimits& limits) {
    return limits.nodes > 0 ? limits.nodes : std::numeric_limits<std::uint64_t>::max();
}

// Runs the questions in turn, in slices that double, until none is open that matters (done
// says when the answers so far settle the value), the node budget is spent or time is up; the
// questions left open are told which.
template <typename Done>
void run_slices(std::vector<Question*> questions, const ProveLimits& limits,
                Clock::time_point start, const Done& done) {
    const Clock::time_point deadline = deadline_of(limits, start);
    const std::uint64_t budget = node_limit(limits);
    std::uint64_t slice = kFirstSlice, spent = 0;
    for (;;) {
        bool ran = false;
        for (Question* q : questions) {
            if (!q->open() || done()) continue;
            const char* out = Clock::now() >= deadline ? "time limit"
                              : spent >= budget        ? "node budget"
                                                       : nullptr;
            if (out) {
                for (Question* left : questions) left->ran_out(out);
                return;
            }
            const std::uint64_t before = q->answer().nodes;
            q->step(std::min(slice, budget - spent), deadline);
            spent += q->answer().nodes - before;
            ran = true;
        }
        if (!ran || done()) return;
        slice = slice < (std::uint64_t{1} << 40) ? slice * 2 : slice;
    }
}

}  // namespace

Answer prove_win(const Position& root, Color attacker, EndgameProbe* tables,
                 const ProveLimits& limits) {
    const auto start = Clock::now();
    Question q(root, attacker, tables, limits);
    run_slices({&q}, limits, start, [] { return false; });
    Answer a = q.answer();
    a.seconds = seconds_since(start);
    return a;
}

Proof prove_value(const Position& root, EndgameProbe* tables, const ProveLimits& limits) {
    const auto start = Clock::now();
    const Color us = root.side_to_move();
    Question ours(root, us, tables, limits);
    Question theirs(root, ~us, tables, limits);
    const auto done = [&] {
        const auto& a = ours.answer().wins;
        const auto& b = theirs.answer().wins;
        return a == true || b == true || (a == false && b == false);
    };
    run_slices({&ours, &theirs}, limits, start, done);

    Proof p;
    p.root = root;
    p.side_to_move_wins = ours.answer();
    p.opponent_wins = theirs.answer();
    p.nodes = p.side_to_move_wins.nodes + p.opponent_wins.nodes;
    p.seconds = seconds_since(start);
    p.side_to_move_wins.seconds = p.opponent_wins.seconds = p.seconds;
    if (p.side_to_move_wins.wins == true) {
        p.verdict = Verdict::Win;
        p.line = p.side_to_move_wins.line;
        p.proof_size = p.side_to_move_wins.certificate_size;
    } else if (p.opponent_wins.wins == true) {
        p.verdict = Verdict::Loss;
        p.line = p.opponent_wins.line;
        p.proof_size = p.opponent_wins.certificate_size;
    } else if (p.side_to_move_wins.wins == false && p.opponent_wins.wins == false) {
        p.verdict = Verdict::Draw;
        p.proof_size = p.side_to_move_wins.certificate_size + p.opponent_wins.certificate_size;
    }
    return p;
}

}  // namespace retrocheck::checkers::prove
