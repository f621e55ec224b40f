#include "apps/search_output.h"

#include "engine/checkers/notation.h"

namespace retrocheck::app {

nlohmann::json pv_json(const std::vector<checkers::Move>& pv) {
    nlohmann::json out = nlohmann::json::array();
    for (const checkers::Move& m : pv) out.push_back(checkers::format_move(m));
    return out;
}

std::string score_text(search::Score score, search::ScoreKind kind) {
    using search::ScoreKind;
    const std::string s = search::format_score(score);
    switch (kind) {
        case ScoreKind::TableWin:
        case ScoreKind::TableLoss:
            return s + " (table)";
        case ScoreKind::TableDraw:
            return "draw (table)";
        case ScoreKind::Heuristic:
            return s + " (heuristic)";
        default:
            return s;
    }
}

}  // namespace retrocheck::app
