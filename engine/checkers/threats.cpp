#include "engine/checkers/threats.h"

#include <algorithm>
#include <cstddef>
#include <unordered_map>
#include <vector>

#include "engine/checkers/movegen.h"

namespace retrocheck::checkers {

bool is_threat(const Position& pos) {
    const Color us = pos.side_to_move();
    return !has_capture(pos, us) && has_capture(pos, ~us) && count_moves(pos) > 0;
}

ThreatGraph threat_graph(const Position& pos, int cap) {
    if (!is_threat(pos)) return {};
    std::vector<Position> nodes{pos};
    std::unordered_map<Position, int> at{{pos, 0}};
    std::vector<std::vector<int>> edges(1);
    for (std::size_t u = 0; u < nodes.size(); ++u) {
        for (const Move& m : legal_moves(nodes[u])) {
            const Position child = nodes[u].after(m);
            if (!is_threat(child)) continue;
            auto [it, fresh] = at.emplace(child, static_cast<int>(nodes.size()));
            if (fresh) {
                if (static_cast<int>(nodes.size()) >= cap) return {cap, false};
                nodes.push_back(child);
                edges.emplace_back();
            }
            edges[u].push_back(it->second);
        }
    }
    // A cycle exists exactly when taking off nodes without incoming edges leaves some behind.
    std::vector<int> incoming(nodes.size()), ready;
    for (const auto& e : edges)
        for (int v : e) ++incoming[static_cast<std::size_t>(v)];
    for (std::size_t u = 0; u < nodes.size(); ++u)
        if (incoming[u] == 0) ready.push_back(static_cast<int>(u));
    std::size_t removed = 0;
    while (!ready.empty()) {
        const int u = ready.back();
        ready.pop_back();
        ++removed;
        for (int v : edges[static_cast<std::size_t>(u)])
            if (--incoming[static_cast<std::size_t>(v)] == 0) ready.push_back(v);
    }
    return {static_cast<int>(nodes.size()), removed < nodes.size()};
}

int capture_chain_plies(const Position& pos) {
    if (!has_capture(pos, pos.side_to_move())) return 0;
    int longest = 0;
    for (const Move& m : legal_moves(pos))
        longest = std::max(longest, capture_chain_plies(pos.after(m)));
    return 1 + longest;
}

}  // namespace retrocheck::checkers
