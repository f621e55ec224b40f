#include "apps/output.h"

#include <cmath>
#include <cstdio>

#include "engine/checkers/notation.h"
#include "engine/core/text.h"

namespace retrocheck::app {

namespace {
bool json_errors = false;
}  // namespace

void set_json_errors(bool on) { json_errors = on; }

int fail(std::string_view message) {
    std::fflush(stdout);
    fmt::print(stderr, "retrocheck: {}\n", message);
    if (json_errors) print_json({{"error", {{"message", std::string(message)}}}});
    return kExitCannotRun;
}

void print_line(const std::string& line) {
    fmt::print("{}\n", line);
    std::fflush(stdout);
}

void print_json(const nlohmann::json& j) {
    fmt::print("{}\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    std::fflush(stdout);
}

std::string seconds_text(double seconds) { return fmt::format("{:.3f} s", seconds); }

std::string rate_text(double per_second, std::string_view unit) {
    return fmt::format("{} {}/s", grouped(static_cast<std::uint64_t>(std::max(0.0, per_second))),
                       unit);
}

double json_seconds(double seconds) { return std::round(seconds * 1000.0) / 1000.0; }

double per_second(std::uint64_t count, double seconds) {
    return seconds > 0 ? static_cast<double>(count) / seconds : 0.0;
}

Result<int> depth_argument(const std::string& text, int least, int most) {
    int depth = 0;
    std::size_t used = 0;
    try {
        depth = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size())
        return Error{"bad depth " + in_quotes(text) + ": expected a whole number"};
    if (depth < least || depth > most)
        return Error{fmt::format("depth {} is outside {}-{}", depth, least, most)};
    return depth;
}

nlohmann::json value_json(const Outcome& o, Metric metric) {
    const bool distance = metric != Metric::Wld && o.has_distance();
    return {{"result", to_string(o.wld())},
            {"plies", distance ? nlohmann::json(o.plies()) : nlohmann::json(nullptr)},
            {"metric", to_string(metric)}};
}

nlohmann::json value_json(const std::optional<Outcome>& o, Metric metric) {
    return o ? value_json(*o, metric) : nlohmann::json(nullptr);
}

nlohmann::json position_value_json(const checkers::Position& pos, const Outcome& o, Metric m) {
    return {{"fen", checkers::format_fen(pos)}, {"value", value_json(o, m)}};
}

nlohmann::json move_json(const std::optional<checkers::Move>& m) {
    return m ? nlohmann::json(checkers::format_move(*m)) : nlohmann::json(nullptr);
}

void add_threads_option(CLI::App* cmd, int& threads) {
    cmd->add_option("--threads", threads, "Worker threads (0: all hardware threads)")
        ->check(CLI::Range(0, 1024));
}

std::unique_ptr<tbb::global_control> limit_threads(int threads) {
    if (threads <= 0) return nullptr;
    return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                 static_cast<std::size_t>(threads));
}

}  // namespace retrocheck::app
