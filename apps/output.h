// Small helpers shared by the subcommands: reporting errors and formatting numbers.
#pragma once

#include <fmt/format.h>

#include <tbb/global_control.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/checkers/move.h"
#include "engine/checkers/position.h"
#include "engine/core/outcome.h"
#include "engine/core/result.h"

namespace retrocheck::app {

// Prints "retrocheck: <message>" on stderr and returns the exit code for bad input.
int fail(std::string_view message);

// 18391564 -> "18,391,564"
std::string grouped(std::uint64_t n);

// Parses a FEN argument; on failure the message names the argument and the bad token.
Result<checkers::Position> fen_argument(const std::string& text);

// Seconds since t0 on the steady clock.
double seconds_since(std::chrono::steady_clock::time_point t0);

// JSON for an optional value ("win in 11", "draw") or move ("15x24"): null when absent.
nlohmann::json outcome_json(const std::optional<Outcome>& o);
nlohmann::json move_json(const std::optional<checkers::Move>& m);

// --threads T (0: every hardware thread), and the TBB limit it sets while alive.
void add_threads_option(CLI::App* cmd, int& threads);
std::unique_ptr<tbb::global_control> limit_threads(int threads);

}  // namespace retrocheck::app
