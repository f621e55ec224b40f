#include "tablebases/probe/resolver.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"
#include "tablebases/checkers/game.h"

namespace retrocheck::tb {

using checkers::Position;

namespace {

// Bare: the side not to move has no pieces (databases leave such positions out; any move wins
// at once, since the opponent then has no move).
enum class Kind { NoMoves, Bare, Quiet, Capture, Threat };

Kind kind_of(const Position& pos) {
    const checkers::Color us = pos.side_to_move();
    if (checkers::has_capture(pos, us)) return Kind::Capture;  // a capture is a move
    if (checkers::count_moves(pos) == 0) return Kind::NoMoves;
    if (pos.pieces(~us) == 0) return Kind::Bare;
    if (checkers::has_capture(pos, ~us)) return Kind::Threat;
    return Kind::Quiet;
}

template <typename F>
void for_each_child(const Position& pos, F&& f) {
    CheckersGame::for_each_child(pos, f);
}

}  // namespace

class CaptureResolver::Search {
  public:
    Search(const TableSource& source, std::uint64_t max_work, std::uint64_t& work)
        : source_(source), distances_(source.has_distance()), max_work_(max_work), work_(work) {}

    // The value of pos, whose kind the caller may already know.
    ProbeResult value(const Position& pos, std::optional<Kind> known = std::nullopt) {
        if (const auto it = memo_.find(pos); it != memo_.end()) return ProbeResult::ok(it->second);
        if (++work_ > max_work_) return too_much();
        ProbeResult r;
        switch (known ? *known : kind_of(pos)) {
            case Kind::NoMoves:
                r = ProbeResult::ok(Outcome::loss(0));
                break;
            case Kind::Bare:
                r = ProbeResult::ok(Outcome::win(1));
                break;
            case Kind::Quiet:
                r = stored(pos);
                break;
            case Kind::Capture:
                r = best_capture(pos);
                break;
            case Kind::Threat:
                r = solve_threats(pos);
                break;
        }
        if (r.status != ProbeStatus::Ok) return r;
        if (!distances_) r.value = r.value.wld_only();  // a WLD source: no distance anywhere
        memo_.emplace(pos, r.value);
        return r;
    }

  private:
    ProbeResult too_much() const {
        return {ProbeStatus::TooMuchWork, Outcome::draw(),
                "more than " + std::to_string(max_work_) + " positions expanded"};
    }

    ProbeResult stored(const Position& pos) {
        ProbeResult r = source_.probe(pos);
        if (r.status == ProbeStatus::NotStored)
            return {ProbeStatus::Missing, Outcome::draw(),
                    "the source does not store the quiet position " + checkers::format_fen(pos)};
        return r;  // value() drops the distance of a WLD source
    }

    // Captures are mandatory: every move is one, and each leads to fewer pieces.
    ProbeResult best_capture(const Position& pos) {
        std::optional<Outcome> best;
        ProbeResult failure;
        bool failed = false;
        for_each_child(pos, [&](const Position& child) {
            if (failed) return;
            const ProbeResult r = value(child);
            if (r.status != ProbeStatus::Ok) {
                failure = r;
                failed = true;
                return;
            }
            const Outcome mine = r.value.parent_view();
            if (!best || better(mine, *best)) best = mine;
        });
        if (failed) return failure;
        return ProbeResult::ok(*best);
    }

    // The graph of threat positions reachable from root through quiet moves, solved by
    // retrograde analysis with the values of its border.
    struct Node {
        Position pos;
        std::vector<int> parents;                            // one entry per move into this node
        int in_graph = 0;                                    // moves to other nodes
        int shortest_win = std::numeric_limits<int>::max();  // through border moves
        int longest_loss = -1;
        bool draw = false;
        int level = -1;  // settled distance; -1: not settled
        bool is_draw = false;
    };

    // Distances of border values as the parent sees them; without distances, wins count 1
    // ply and losses 2, which keeps the parity the levels rely on and every WLD exact.
    int plies_of(const Outcome& mine) const {
        if (mine.has_distance()) return mine.plies();
        return mine.is_win() ? 1 : 2;
    }

    ProbeResult solve_threats(const Position& root) {
        std::vector<Node> nodes;
        std::unordered_map<Position, int> at;
        nodes.push_back({root, {}, 0});
        at.emplace(root, 0);
        for (std::size_t u = 0; u < nodes.size(); ++u) {
            std::vector<Position> children;
            for_each_child(nodes[u].pos, [&](const Position& c) { children.push_back(c); });
            for (const Position& c : children) {
                if (const auto it = at.find(c); it != at.end()) {
                    nodes[static_cast<std::size_t>(it->second)].parents.push_back(
                        static_cast<int>(u));
                    ++nodes[u].in_graph;
                    continue;
                }
                const std::optional<Kind> kind =
                    memo_.count(c) ? std::nullopt : std::optional<Kind>(kind_of(c));
                if (kind == Kind::Threat) {
                    if (++work_ > max_work_) return too_much();
                    at.emplace(c, static_cast<int>(nodes.size()));
                    nodes.push_back({c, {static_cast<int>(u)}, 0});
                    ++nodes[u].in_graph;
                    continue;
                }
                const ProbeResult r = value(c, kind);
                if (r.status != ProbeStatus::Ok) return r;
                const Outcome mine = r.value.parent_view();
                Node& n = nodes[u];
                if (mine.is_win()) n.shortest_win = std::min(n.shortest_win, plies_of(mine));
                if (mine.is_loss()) n.longest_loss = std::max(n.longest_loss, plies_of(mine));
                if (mine.is_draw()) n.draw = true;
            }
        }

        // Levels of distance in order: a loss at level n makes its parents wins at n+1; a
        // parent all of whose moves win for the opponent loses at the longest of them.
        std::map<int, std::vector<int>> buckets;
        std::vector<int> undecided(nodes.size());
        for (std::size_t u = 0; u < nodes.size(); ++u) {
            Node& n = nodes[u];
            undecided[u] = n.in_graph;
            if (n.shortest_win != std::numeric_limits<int>::max())
                buckets[n.shortest_win].push_back(static_cast<int>(u));
            else if (n.in_graph == 0 && n.draw)
                n.is_draw = true;
            else if (n.in_graph == 0)
                buckets[n.longest_loss].push_back(static_cast<int>(u));
        }
        while (!buckets.empty()) {
            const int level = buckets.begin()->first;
            const std::vector<int> bucket = std::move(buckets.begin()->second);
            buckets.erase(buckets.begin());
            for (const int u : bucket) {
                Node& n = nodes[static_cast<std::size_t>(u)];
                if (n.level >= 0 || n.is_draw) continue;
                n.level = level;
                for (const int p : n.parents) {
                    Node& parent = nodes[static_cast<std::size_t>(p)];
                    if (parent.level >= 0 || parent.is_draw) continue;
                    if (level % 2 == 0) {
                        buckets[level + 1].push_back(p);
                    } else if (--undecided[static_cast<std::size_t>(p)] == 0 &&
                               parent.shortest_win == std::numeric_limits<int>::max()) {
                        if (parent.draw)
                            parent.is_draw = true;
                        else
                            buckets[std::max(level + 1, parent.longest_loss)].push_back(p);
                    }
                }
            }
        }
        for (const Node& n : nodes) {
            Outcome v = Outcome::draw();
            if (n.level >= 0) v = n.level % 2 ? Outcome::win(n.level) : Outcome::loss(n.level);
            if (!distances_) v = v.wld_only();
            memo_.emplace(n.pos, v);
        }
        return ProbeResult::ok(memo_.at(root));
    }

    const TableSource& source_;
    bool distances_;
    std::uint64_t max_work_;
    std::uint64_t& work_;
    std::unordered_map<Position, Outcome> memo_;
};

ProbeResult CaptureResolver::resolve(const Position& pos, std::uint64_t& work) const {
    return Search(source_, limits_.max_work, work).value(pos);
}

}  // namespace retrocheck::tb
