#include "engine/search/score.h"

namespace retrocheck::search {

std::string format_score(Score s) {
    if (s >= kWinBound) return "win in " + Outcome::plies_text(distance_of(s));
    if (s <= -kWinBound) return "loss in " + Outcome::plies_text(distance_of(s));
    if (is_exact_win(s)) return "win";
    if (is_exact_loss(s)) return "loss";
    return (s > 0 ? "+" : "") + std::to_string(s);
}

}  // namespace retrocheck::search
