#include "engine/checkers/prove/certificate.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "engine/checkers/movegen.h"
#include "engine/checkers/notation.h"

namespace retrocheck::checkers::prove {

namespace {

// Where an edge of the region goes besides a region position: an end the attacker wins, an end
// it does not (a table value, an attacker without a move), or a position outside the region
// (which counts against the claim).
constexpr std::uint32_t kWonEnd = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t kSafeEnd = kWonEnd - 1;
constexpr std::uint32_t kOutside = kWonEnd - 2;
constexpr std::uint32_t kNoLevel = std::numeric_limits<std::uint32_t>::max();

// The part of the game graph a claim points to, as positions and edges (compressed rows), with
// the reverse edges for the retrograde passes.
class Region {
  public:
    // keep(attacker_to_move, claim of the child): whether a child the search visited belongs.
    template <typename Keep>
    bool build(const Position& root, Color attacker, EndgameProbe* tables, const Claims& claims,
               const Keep& keep) {
        attacker_ = attacker;
        add(root);
        for (std::size_t i = 0; i < pos_.size(); ++i) {
            if (pos_.size() > kMaxRegion) return false;
            const Position u = pos_[i];
            first_.push_back(static_cast<std::uint32_t>(edges_.size()));
            const bool ours = u.side_to_move() == attacker;
            for (const Position& c : children_of(u)) {
                if (const auto end = end_of(c, attacker, tables)) {
                    edges_.push_back(*end ? kWonEnd : kSafeEnd);
                    continue;
                }
                const auto claim = claims(c);
                edges_.push_back(claim && keep(ours, *claim) ? add(c) : kOutside);
            }
        }
        first_.push_back(static_cast<std::uint32_t>(edges_.size()));
        parents_first_.assign(pos_.size() + 1, 0);
        for (const std::uint32_t e : edges_)
            if (e < kOutside) ++parents_first_[e + 1];
        for (std::size_t i = 1; i < parents_first_.size(); ++i)
            parents_first_[i] += parents_first_[i - 1];
        parents_.resize(parents_first_.back());
        std::vector<std::uint32_t> fill(parents_first_.begin(), parents_first_.end() - 1);
        for (std::uint32_t u = 0; u < pos_.size(); ++u)
            for (std::uint32_t k = first_[u]; k < first_[u + 1]; ++k)
                if (edges_[k] < kOutside) parents_[fill[edges_[k]]++] = u;
        return true;
    }

    std::size_t size() const { return pos_.size(); }
    const Position& at(std::uint32_t u) const { return pos_[u]; }
    bool ours(std::uint32_t u) const { return pos_[u].side_to_move() == attacker_; }
    std::pair<const std::uint32_t*, const std::uint32_t*> edges(std::uint32_t u) const {
        return {edges_.data() + first_[u], edges_.data() + first_[u + 1]};
    }
    std::pair<const std::uint32_t*, const std::uint32_t*> parents(std::uint32_t u) const {
        return {parents_.data() + parents_first_[u], parents_.data() + parents_first_[u + 1]};
    }

  private:
    std::uint32_t add(const Position& p) {
        const auto [it, fresh] = index_.emplace(p, static_cast<std::uint32_t>(pos_.size()));
        if (fresh) pos_.push_back(p);
        return it->second;
    }

    Color attacker_ = Color::Black;
    std::vector<Position> pos_;
    std::unordered_map<Position, std::uint32_t> index_;
    std::vector<std::uint32_t> first_, edges_, parents_first_, parents_;
};

// The root itself ends the search: its certificate is the fact.
std::optional<Certificate> end_certificate(const Position& root, Color attacker,
                                           EndgameProbe* tables, bool claimed_win) {
    const auto end = end_of(root, attacker, tables);
    if (!end) return std::nullopt;
    Certificate cert;
    cert.ok = *end == claimed_win;
    cert.size = 1;
    if (!cert.ok)
        cert.failure = std::string(*end ? "the attacker wins" : "the attacker does not win") +
                       " at the root by the tables: " + format_fen(root);
    return cert;
}

}  // namespace

Certificate check_win(const Position& root, Color attacker, EndgameProbe* tables,
                      const Claims& claims) {
    if (auto c = end_certificate(root, attacker, tables, true)) return *c;
    Certificate cert;
    Region region;
    // Attacker moves to positions claimed won; every defender move the search visited and did
    // not claim lost for the attacker.
    const bool built = region.build(root, attacker, tables, claims, [](bool ours, Claim c) {
        return ours ? c == Claim::Win : c != Claim::NoWin;
    });
    if (!built) {
        cert.failure = "the proof's region is larger than the checker's limit";
        return cert;
    }
    // The attractor, by levels: level[u] is the plies to an end under the best play within it.
    const std::size_t n = region.size();
    std::vector<std::uint32_t> level(n, kNoLevel), waiting(n, 0);
    std::deque<std::uint32_t> queue;
    for (std::uint32_t u = 0; u < n; ++u) {
        const auto [b, e] = region.edges(u);
        if (region.ours(u)) {
            if (std::find(b, e, kWonEnd) != e) level[u] = 1;
        } else {
            waiting[u] = static_cast<std::uint32_t>(
                std::count_if(b, e, [](std::uint32_t x) { return x != kWonEnd; }));
            if (waiting[u] == 0) level[u] = 1;
        }
        if (level[u] == 1) queue.push_back(u);
    }
    while (!queue.empty()) {
        const std::uint32_t v = queue.front();
        queue.pop_front();
        const auto [b, e] = region.parents(v);
        for (const std::uint32_t* p = b; p != e; ++p) {
            if (level[*p] != kNoLevel) continue;
            if (!region.ours(*p) && --waiting[*p] > 0) continue;
            level[*p] = level[v] + 1;
            queue.push_back(*p);
        }
    }
    if (level[0] == kNoLevel) {
        cert.failure = "no winning strategy within the claimed positions from " + format_fen(root);
        for (std::uint32_t u = 0; u < n; ++u)
            if (level[u] == kNoLevel && claims(region.at(u)) == Claim::Win)
                cert.refuted.push_back(region.at(u));
        return cert;
    }
    cert.ok = true;
    // The proof: the attacker's fastest move, every defender move; the line: the defender's
    // slowest.
    const auto level_of = [&](std::uint32_t x) { return x == kWonEnd ? 0u : level[x]; };
    const auto best = [&](std::uint32_t u) {
        const auto [b, e] = region.edges(u);
        std::size_t pick = 0;
        for (std::size_t k = 0; k < static_cast<std::size_t>(e - b); ++k) {
            const std::uint32_t x = b[k], y = b[pick];
            const bool wins = x == kWonEnd || (x < kOutside && level[x] != kNoLevel);
            const bool picked_wins = y == kWonEnd || (y < kOutside && level[y] != kNoLevel);
            if (!wins) continue;
            if (!picked_wins ||
                (region.ours(u) ? level_of(x) < level_of(y) : level_of(x) > level_of(y)))
                pick = k;
        }
        return pick;
    };
    std::unordered_set<std::uint32_t> proof{0};
    std::vector<std::uint32_t> todo{0};
    while (!todo.empty()) {
        const std::uint32_t u = todo.back();
        todo.pop_back();
        const auto [b, e] = region.edges(u);
        const std::size_t chosen = region.ours(u) ? best(u) : 0;
        for (std::size_t k = 0; k < static_cast<std::size_t>(e - b); ++k) {
            if (region.ours(u) && k != chosen) continue;
            if (b[k] < kOutside && proof.insert(b[k]).second) todo.push_back(b[k]);
        }
    }
    cert.size = proof.size();
    // Edges follow distinct_moves' order (leaf.h), so edge k is move k.
    for (std::uint32_t u = 0;;) {
        const std::size_t k = best(u);
        cert.line.push_back(distinct_moves(region.at(u))[k]);
        const std::uint32_t next = region.edges(u).first[k];
        if (next >= kOutside) break;
        u = next;
    }
    return cert;
}

Certificate check_no_win(const Position& root, Color attacker, EndgameProbe* tables,
                         const Claims& claims) {
    if (auto c = end_certificate(root, attacker, tables, false)) return *c;
    Certificate cert;
    Region region;
    // Every move the search visited and did not claim won for the attacker.
    const bool built =
        region.build(root, attacker, tables, claims, [](bool, Claim c) { return c != Claim::Win; });
    if (!built) {
        cert.failure = "the disproof's region is larger than the checker's limit";
        return cert;
    }
    // The greatest fixed point: drop what cannot stay until nothing more drops.
    const std::size_t n = region.size();
    std::vector<char> safe(n, 1);
    std::vector<std::uint32_t> exits(n, 0);
    std::vector<std::uint32_t> queue;
    for (std::uint32_t u = 0; u < n; ++u) {
        const auto [b, e] = region.edges(u);
        if (region.ours(u)) {
            safe[u] =
                std::none_of(b, e, [](std::uint32_t x) { return x == kWonEnd || x == kOutside; });
        } else {
            exits[u] = static_cast<std::uint32_t>(
                std::count_if(b, e, [](std::uint32_t x) { return x == kSafeEnd || x < kOutside; }));
            safe[u] = exits[u] > 0;
        }
        if (!safe[u]) queue.push_back(u);
    }
    while (!queue.empty()) {
        const std::uint32_t v = queue.back();
        queue.pop_back();
        const auto [b, e] = region.parents(v);
        for (const std::uint32_t* p = b; p != e; ++p) {
            if (!safe[*p]) continue;
            if (!region.ours(*p) && --exits[*p] > 0) continue;
            safe[*p] = 0;
            queue.push_back(*p);
        }
    }
    if (!safe[0]) {
        cert.failure = "no closed set within the claimed positions holds " + format_fen(root);
        for (std::uint32_t u = 0; u < n; ++u)
            if (!safe[u] && claims(region.at(u)) == Claim::NoWin)
                cert.refuted.push_back(region.at(u));
        return cert;
    }
    cert.ok = true;
    // The closed set the defender's first safe reply keeps the game in.
    std::unordered_set<std::uint32_t> closed{0};
    std::vector<std::uint32_t> todo{0};
    while (!todo.empty()) {
        const std::uint32_t u = todo.back();
        todo.pop_back();
        const auto [b, e] = region.edges(u);
        for (const std::uint32_t* x = b; x != e; ++x) {
            if (!region.ours(u) && (*x == kSafeEnd || (*x < kOutside && safe[*x]))) {
                if (*x < kOutside && closed.insert(*x).second) todo.push_back(*x);
                break;
            }
            if (region.ours(u) && *x < kOutside && closed.insert(*x).second) todo.push_back(*x);
        }
    }
    cert.size = closed.size();
    return cert;
}

}  // namespace retrocheck::checkers::prove
