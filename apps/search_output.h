// How the search commands (search, bench, corpus) print a principal variation and a score.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/checkers/move.h"
#include "engine/checkers/search/search.h"

namespace retrocheck::app {

nlohmann::json pv_json(const std::vector<checkers::Move>& pv);

// "loss in 20 plies (table)", "+35 (heuristic)", "win in 9 plies"
std::string score_text(search::Score score, search::ScoreKind kind);

}  // namespace retrocheck::app
