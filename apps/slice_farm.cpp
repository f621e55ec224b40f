#include "apps/slice_farm.h"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <set>
#include <thread>

#include "apps/mpi_world.h"

namespace retrocheck::app {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kIdle = std::chrono::milliseconds(2);  // a waiting rank's sleep
constexpr auto kAliveEvery = std::chrono::milliseconds(500);

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// "job\nrest" -> job, rest
std::pair<int, std::string> split(const std::string& body) {
    const auto cut = body.find('\n');
    const std::string head = body.substr(0, cut);
    return {std::atoi(head.c_str()), cut == std::string::npos ? "" : body.substr(cut + 1)};
}

// The job at which RETROCHECK_TEST_KILL_RANK says this rank dies, if it does.
std::optional<int> kill_at(int rank) {
    const char* spec = std::getenv("RETROCHECK_TEST_KILL_RANK");
    if (!spec) return std::nullopt;
    int r = 0, n = 0;
    if (std::sscanf(spec, "%d:%d", &r, &n) != 2 || r != rank) return std::nullopt;
    return n;
}

}  // namespace

Result<int> farm_out(const FarmSetup& setup) {
    MpiWorld& world = MpiWorld::get();
    const int n = static_cast<int>(setup.after.size());
    const int ranks = world.size();
    std::vector<int> waiting(static_cast<std::size_t>(n), 0);
    std::vector<std::vector<int>> unlocks(static_cast<std::size_t>(n));
    std::vector<bool> done(static_cast<std::size_t>(n), false);
    std::set<int> ready;  // lowest first: build order
    for (int i = 0; i < n; ++i) {
        for (const int j : setup.after[static_cast<std::size_t>(i)]) {
            ++waiting[static_cast<std::size_t>(i)];
            unlocks[static_cast<std::size_t>(j)].push_back(i);
        }
        if (waiting[static_cast<std::size_t>(i)] == 0) ready.insert(i);
    }
    std::vector<int> holds(static_cast<std::size_t>(ranks), -1);
    // A rank taken for dead in an earlier farm of this run gets no work either.
    std::vector<bool> alive(static_cast<std::size_t>(ranks), true);
    int lost = 0;
    for (int r = 1; r < ranks; ++r)
        if (world.lost(r)) {
            alive[static_cast<std::size_t>(r)] = false;
            ++lost;
        }
    std::vector<Clock::time_point> heard(static_cast<std::size_t>(ranks), Clock::now());
    int finished = 0;
    const auto take_for_dead = [&](int r) {
        alive[static_cast<std::size_t>(r)] = false;
        world.mark_lost(r);
        ++lost;
    };
    const auto end_farm = [&] {
        for (int r = 1; r < ranks; ++r)
            if (alive[static_cast<std::size_t>(r)]) world.send(r, MpiWorld::kEnd);
    };
    while (finished < n) {
        for (int r = 1; r < ranks && !ready.empty(); ++r) {
            const auto ur = static_cast<std::size_t>(r);
            if (!alive[ur] || holds[ur] >= 0) continue;
            const int job = *ready.begin();
            ready.erase(ready.begin());
            holds[ur] = job;
            heard[ur] = Clock::now();
            if (!world.send(r, MpiWorld::kWork, std::to_string(job))) {
                take_for_dead(r);  // gone already: the job waits for another
                holds[ur] = -1;
                ready.insert(job);
            }
        }
        if (lost == ranks - 1) {
            end_farm();
            return Error{
                fmt::format("every rank but rank 0 died; {} of {} jobs not done", n - finished, n)};
        }
        if (ready.empty() &&
            std::none_of(holds.begin(), holds.end(), [](int job) { return job >= 0; })) {
            end_farm();  // a job waits on one that no rank will finish: never, without this
            return Error{fmt::format("{} of {} jobs wait on jobs no rank holds", n - finished, n)};
        }
        const std::optional<MpiWorld::Message> m = world.poll();
        if (!m) {
            const auto now = Clock::now();
            for (int r = 1; r < ranks; ++r) {
                const auto ur = static_cast<std::size_t>(r);
                if (!alive[ur] || holds[ur] < 0 || seconds_between(heard[ur], now) <= setup.silence)
                    continue;
                take_for_dead(r);
                if (setup.log)
                    setup.log(fmt::format(
                        "rank {} silent for {:.0f} s: taken for dead, its job handed out again", r,
                        seconds_between(heard[ur], now)));
                if (!done[static_cast<std::size_t>(holds[ur])]) ready.insert(holds[ur]);
                holds[ur] = -1;
            }
            std::this_thread::sleep_for(kIdle);
            continue;
        }
        const auto from = static_cast<std::size_t>(m->from);
        if (m->from <= 0 || m->from >= ranks) continue;
        heard[from] = Clock::now();
        if (m->tag == MpiWorld::kAlive) continue;
        const auto [job, rest] = split(m->body);
        if (job < 0 || job >= n) continue;
        if (holds[from] == job) holds[from] = -1;
        if (m->tag == MpiWorld::kFailed) {
            end_farm();
            return Error{rest};
        }
        if (m->tag != MpiWorld::kDone || done[static_cast<std::size_t>(job)]) continue;
        done[static_cast<std::size_t>(job)] = true;
        ready.erase(job);  // handed out again meanwhile, from a rank taken for dead
        ++finished;
        if (setup.done) setup.done(job, m->from, rest);
        for (const int next : unlocks[static_cast<std::size_t>(job)])
            if (--waiting[static_cast<std::size_t>(next)] == 0) ready.insert(next);
    }
    end_farm();
    return lost;
}

bool farm_work(const std::function<Result<std::string>(int)>& run) {
    MpiWorld& world = MpiWorld::get();
    static bool stopped = false;
    static int jobs_run = 0;
    const std::optional<int> die_at = kill_at(world.rank());
    while (!stopped) {
        const std::optional<MpiWorld::Message> m = world.poll();
        if (!m) {
            std::this_thread::sleep_for(kIdle);
            continue;
        }
        if (m->tag == MpiWorld::kStop) stopped = true;
        if (m->tag == MpiWorld::kStop || m->tag == MpiWorld::kEnd) break;
        if (m->tag != MpiWorld::kWork) continue;
        const int job = std::atoi(m->body.c_str());
        ++jobs_run;
        std::atomic<bool> over{false};
        std::optional<Result<std::string>> result;
        std::thread worker([&] {
            try {
                result.emplace(run(job));
            } catch (const std::exception& e) {
                result.emplace(Error{std::string("internal error: ") + e.what()});
            }
            over = true;
        });
        if (die_at && *die_at == jobs_run) ::raise(SIGKILL);
        auto last = Clock::now();
        while (!over) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (Clock::now() - last >= kAliveEvery) {
                world.send(0, MpiWorld::kAlive);
                last = Clock::now();
            }
        }
        worker.join();
        const std::string head = std::to_string(job) + "\n";
        if (*result)
            world.send(0, MpiWorld::kDone, head + result->value());
        else
            world.send(0, MpiWorld::kFailed, head + result->error());
    }
    return !stopped;
}

}  // namespace retrocheck::app
