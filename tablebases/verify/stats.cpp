#include "tablebases/verify/stats.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <limits>

#include "engine/checkers/movegen.h"

namespace retrocheck::tb {
namespace {

struct Partial {
    SideStats s;
    std::uint64_t longest_id = std::numeric_limits<std::uint64_t>::max();

    void join(const Partial& o) {
        s.add_counts(o.s);
        if (o.s.longest_win_plies > s.longest_win_plies ||
            (o.s.longest_win_plies == s.longest_win_plies && o.longest_id < longest_id)) {
            s.longest_win_plies = o.s.longest_win_plies;
            longest_id = o.longest_id;
        }
    }
};

}  // namespace

std::array<SideStats, 2> table_stats(const SliceTable& table) {
    std::array<SideStats, 2> out;
    const std::uint64_t n = table.index.size();
    for (int side = 0; side < 2; ++side) {
        const std::uint64_t base = side == 0 ? 0 : n;
        Partial total = tbb::parallel_reduce(
            tbb::blocked_range<std::uint64_t>(base, base + n, 8192), Partial{},
            [&](const auto& r, Partial p) {
                for (std::uint64_t id = r.begin(); id != r.end(); ++id) {
                    const Outcome v = decode(table.values[id]);
                    const bool capture = checkers::either_side_can_capture(table.position(id));
                    ++p.s.positions;
                    p.s.capture_positions += capture;
                    if (v.is_win()) {
                        ++p.s.wins;
                        p.s.quiet_wins += !capture;
                        SideStats::count_distance(p.s.win_plies, v.plies());
                        if (v.plies() > p.s.longest_win_plies) {
                            p.s.longest_win_plies = v.plies();
                            p.longest_id = id;
                        }
                    } else if (v.is_draw()) {
                        ++p.s.draws;
                        p.s.quiet_draws += !capture;
                    } else {
                        ++p.s.losses;
                        p.s.quiet_losses += !capture;
                        SideStats::count_distance(p.s.loss_plies, v.plies());
                    }
                }
                return p;
            },
            [](Partial a, const Partial& b) {
                a.join(b);
                return a;
            });
        if (total.s.longest_win_plies >= 0) total.s.longest_win = table.position(total.longest_id);
        out[static_cast<std::size_t>(side)] = total.s;
    }
    return out;
}

}  // namespace retrocheck::tb
