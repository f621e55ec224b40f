// The contract every command keeps (README, "The contract"): exit codes, one-line errors (and a
// JSON error document under --json), one shape and one text form for a game value, one format
// for counts, rates and seconds.
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
#include "engine/core/clock.h"  // seconds_since
#include "engine/core/metric.h"
#include "engine/core/outcome.h"
#include "engine/core/result.h"
#include "engine/core/text.h"  // grouped

namespace retrocheck::app {

// Exit codes, as grep and diff have them.
inline constexpr int kExitOk = 0;         // ran and found nothing wrong
inline constexpr int kExitFound = 1;      // ran and found something wrong
inline constexpr int kExitCannotRun = 2;  // could not run: bad arguments or input, files
// prove, corpus: nothing found wrong, but something not proven within the budget (--unknown
// pass makes it 0): a slow machine is told apart from a wrong verdict.
inline constexpr int kExitUnknown = 3;

// Under --json an error also goes to stdout as {"error":{"message":...}}, one line.
void set_json_errors(bool on);
// Errors not printed (the ranks of an MPI job other than 0, whose rank 0 says the same).
void set_quiet_errors(bool on);
// Prints "retrocheck: <line>" on stderr: what happened on the way, which stdout (the report, a
// JSON document under --json) does not hold.
void print_notice(const std::string& line);
// Prints "retrocheck: <message>" on stderr (and the JSON error) and returns kExitCannotRun.
int fail(std::string_view message);
// 0 when nothing was found wrong, else kExitFound.
constexpr int found_if(bool wrong) { return wrong ? kExitFound : kExitOk; }

// --unknown fail|pass: what a position or entry not proven within the budget makes the exit
// code (fail: kExitUnknown, the default; pass: 0). `pass` receives the choice.
void add_unknown_option(CLI::App* cmd, std::string& choice);
// The exit code for `wrong` things disproven and `unknown` ones not proven, given the choice.
int exit_code(bool wrong, bool unknown, const std::string& choice);

// Prints one line of text and flushes it (a log line that must not wait in a buffer).
void print_line(const std::string& line);

// Prints one JSON document (or one JSON Lines record) on one line.
void print_json(const nlohmann::json& j);

// 3.14159 -> "3.142 s"
std::string seconds_text(double seconds);
// (8234567.8, "positions") -> "8,234,567 positions/s"
std::string rate_text(double per_second, std::string_view unit);
// Seconds for JSON: a number rounded to the millisecond.
double json_seconds(double seconds);
// count / seconds, 0 when no time passed.
double per_second(std::uint64_t count, double seconds);

// A DEPTH argument: a whole number from least to most; the error names the text.
Result<int> depth_argument(const std::string& text, int least, int most);

// A game value for the side to move of the position it describes:
//   {"result":"win"|"draw"|"loss","plies":N|null,"metric":"dtw"|"dtm"|"dtz"|"wld"}
// plies is null for a draw and wherever the metric has no distance.
nlohmann::json value_json(const Outcome& o, Metric metric);
nlohmann::json value_json(const std::optional<Outcome>& o, Metric metric);  // null when absent
// A described position: {"fen":..., "value":{...}}.
nlohmann::json position_value_json(const checkers::Position& pos, const Outcome& o, Metric m);
// "15x24", or null when absent.
nlohmann::json move_json(const std::optional<checkers::Move>& m);

// Every numeric option of app and its subcommands checked as text before CLI11 converts it: a
// whole number is digits (a '-' only where the option is signed) within 64 bits, a real number
// is finite. (CLI11 2.1 reads "-1" as the largest unsigned number and takes "nan".) The ranges
// each option checks come after.
void check_numbers(CLI::App& app);

// Flushes stdout: false (after printing why on stderr) when what was written could not be, so
// that output lost to a full disk or a closed pipe is not a pass.
bool stdout_written();

// --threads T (0: every hardware thread), and the TBB limit it sets while alive.
// "1 material", "35 materials": n grouped, and the word that agrees with it.
inline std::string counted(std::uint64_t n, std::string_view one, std::string_view many) {
    return grouped(n) + " " + std::string(n == 1 ? one : many);
}

void add_threads_option(CLI::App* cmd, int& threads);
// --memory BYTES ("6GiB", "800MB"): what the command stays within, `what` says how.
void add_memory_option(CLI::App* cmd, std::uint64_t& bytes, const std::string& what);
// --silence S (apps/slice_farm.h)
void add_silence_option(CLI::App* cmd, double& seconds);
// --call-time S: the seconds one call (to a plugin, a probe library, an engine) may take before
// it is stopped and reported; `what` says what is called.
void add_call_time_option(CLI::App* cmd, double& seconds, const std::string& what);
// An option's old spelling, refused with a message naming the one that replaced it (one word
// for each thing: a table folder is --db, its format --db-format, a time in seconds --time or,
// a call's, --call-time).
void add_renamed_option(CLI::App* cmd, const std::string& old_name, const std::string& new_name);
std::unique_ptr<tbb::global_control> limit_threads(int threads);

}  // namespace retrocheck::app
