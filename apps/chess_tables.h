// build and check on chess tables: the commands tell the game by their `game` argument (build)
// or --game (check), and hand chess work here. Each returns the process exit code. (verify and
// stats are one path for both games: apps/verify_run.h, apps/stats_printer.h.)
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "apps/jobs.h"
#include "apps/position_input.h"
#include "engine/core/result.h"
#include "tablebases/chess/table.h"

namespace retrocheck::app {

// The materials named by --material ("KQRvKR,KPvK"), or every one up to `pieces` pieces.
Result<std::vector<tb::chess::Material>> chess_materials(const std::string& names, int pieces);

nlohmann::json chess_build_json(const BuildSummary& s, const BuildArgs& args,
                                const std::vector<tb::chess::Material>& materials);

// `check --game chess`: build, read back, verify and print the statistics.
int check_chess(const BuildArgs& args, const std::string& materials, bool json);

}  // namespace retrocheck::app
