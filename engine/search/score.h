// Search scores, for the side to move, in three bands that never overlap:
//
//   exact, with a distance   |s| >= kWinBound: a win (or loss) in kWin - |s| plies from the
//                            root, to the end of the game. Ends of game found by the search and
//                            table values with a distance (DTW counts plies to the end of the
//                            game too) share this scale, so a faster win always scores higher
//                            and a longer loss is always the better defence.
//   exact, no distance       kWldWinBound <= |s| < kWinBound: a win (or loss) from a table that
//                            stores only win, draw or loss (Chinook, Cake), ranked below every
//                            win of known length and, among themselves, by the ply of the probe.
//   heuristic                |s| <= kMaxEval: the evaluation, never more.
//
// A table draw scores 0. Scores in the TT are stored relative to the node (distance from it,
// not from the root) so that an entry found at another ply means the same thing.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/outcome.h"

namespace retrocheck::search {

using Score = std::int32_t;

inline constexpr Score kInfinite = 2'000'000;
inline constexpr Score kWin = 1'000'000;
inline constexpr int kMaxDistance = 100'000;  // plies; far beyond any table or search
inline constexpr Score kWinBound = kWin - kMaxDistance;
inline constexpr Score kWldWin = 500'000;
inline constexpr Score kWldWinBound = kWldWin - kMaxDistance;
inline constexpr Score kMaxEval = 100'000;
static_assert(kMaxEval < kWldWinBound && kWldWin < kWinBound && kWin < kInfinite);

// A win reached `plies` plies from the root; the loss the other way round.
constexpr Score win_in(int plies) { return kWin - plies; }
constexpr Score loss_in(int plies) { return -kWin + plies; }

constexpr bool is_exact_win(Score s) { return s >= kWldWinBound; }
constexpr bool is_exact_loss(Score s) { return s <= -kWldWinBound; }
constexpr bool is_decided(Score s) { return is_exact_win(s) || is_exact_loss(s); }

// The score of a table value found `ply` plies below the root.
constexpr Score score_of(const Outcome& o, int ply) {
    if (o.is_draw()) return 0;
    if (o.has_distance()) return o.is_win() ? win_in(ply + o.plies()) : loss_in(ply + o.plies());
    return o.is_win() ? kWldWin - ply : -kWldWin + ply;
}

// Plies from the root to the end of the game for a score with a distance; -1 otherwise.
constexpr int distance_of(Score s) {
    if (s >= kWinBound) return kWin - s;
    if (s <= -kWinBound) return kWin + s;
    return -1;
}

// Relative to the node for the TT, and back.
constexpr Score to_tt(Score s, int ply) {
    return is_exact_win(s) ? s + ply : is_exact_loss(s) ? s - ply : s;
}
constexpr Score from_tt(Score s, int ply) {
    return is_exact_win(s) ? s - ply : is_exact_loss(s) ? s + ply : s;
}

// A score found at the root of a child's search, seen from its parent: negated, and one ply
// further from the end of the game.
constexpr Score parent_score(Score child) { return from_tt(-child, 1); }

// "+35", "win in 17 plies", "loss in 8 plies", "win" (no distance known).
std::string format_score(Score s);

}  // namespace retrocheck::search
