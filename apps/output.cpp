#include "apps/output.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "apps/progress.h"
#include "engine/checkers/notation.h"
#include "engine/core/text.h"

namespace retrocheck::app {

namespace {
bool json_errors = false;
bool quiet_errors = false;
}  // namespace

void set_json_errors(bool on) { json_errors = on; }
void set_quiet_errors(bool on) { quiet_errors = on; }

int fail(std::string_view message) {
    if (quiet_errors) return kExitCannotRun;
    std::fflush(stdout);
    // Not fmt::print, which throws when stderr cannot be written: an error must not abort.
    write_above_progress(stderr, "retrocheck: " + std::string(message) + "\n");
    if (json_errors) {
        try {
            print_json({{"error", {{"message", std::string(message)}}}});
        } catch (const std::exception&) {  // stdout is what failed: stderr has said why
        }
    }
    return kExitCannotRun;
}

void print_notice(const std::string& line) {
    write_above_progress(stderr, "retrocheck: " + line + "\n");
}

void print_line(const std::string& line) {
    write_above_progress(stdout, line + "\n");  // a failed write is told by stdout_written()
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

namespace {

// Why text is not a number of this kind, or "".
std::string not_a_number(const std::string& text, const std::string& type) {
    if (type == "FLOAT") {
        std::size_t used = 0;
        double v = 0;
        try {
            v = std::stod(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != text.size()) return "expected a number, got " + in_quotes(text);
        if (!std::isfinite(v)) return "expected a finite number, got " + in_quotes(text);
        return {};
    }
    const bool is_signed = type == "INT";
    std::size_t at = is_signed && !text.empty() && text[0] == '-' ? 1 : 0;
    if (at == text.size() || text.find_first_not_of("0123456789", at) != std::string::npos)
        return (is_signed ? "expected a whole number, got "
                          : "expected a whole number of 0 or more, got ") +
               in_quotes(text);
    // 20 digits hold every 64-bit number; the range check below catches the rest.
    const std::string digits = text.substr(at);
    const std::string most = is_signed ? "9223372036854775807" : "18446744073709551615";
    const auto first = digits.find_first_not_of('0');
    const std::string value = first == std::string::npos ? "0" : digits.substr(first);
    if (value.size() > most.size() || (value.size() == most.size() && value > most))
        return "expected a number that fits in 64 bits, got " + in_quotes(text);
    return {};
}

}  // namespace

void check_numbers(CLI::App& app) {
    for (CLI::Option* opt : app.get_options()) {
        // The type as CLI11 names it, before what other validators add ("FLOAT:FLOAT in ...").
        std::string type = opt->get_type_name();
        type = type.substr(0, type.find(':'));
        if (type != "UINT" && type != "INT" && type != "FLOAT") continue;
        opt->check(CLI::Validator(
            [type](const std::string& text) { return not_a_number(text, type); }, "", "number"));
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) check_numbers(*sub);
}

bool stdout_written() {
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return true;
    const int error = errno;
    std::fprintf(stderr, "retrocheck: cannot write the output: %s\n",
                 error ? std::strerror(error) : "the write failed");
    return false;
}

void add_unknown_option(CLI::App* cmd, std::string& choice) {
    cmd->add_option("--unknown", choice,
                    "What a value not proven within the budget makes the exit code: fail (3, "
                    "apart from 1 for one disproven) or pass (0)")
        ->check(CLI::IsMember({"fail", "pass"}))
        ->capture_default_str();
}

int exit_code(bool wrong, bool unknown, const std::string& choice) {
    if (wrong) return kExitFound;
    if (unknown && choice != "pass") return kExitUnknown;
    return kExitOk;
}

void add_threads_option(CLI::App* cmd, int& threads) {
    cmd->add_option("--threads", threads, "Worker threads (0: all hardware threads)")
        ->check(CLI::Range(0, 1024));
}

void add_memory_option(CLI::App* cmd, std::uint64_t& bytes, const std::string& what) {
    cmd->add_option("--memory", bytes, "Memory, as 6GiB or 800MB: " + what)
        ->transform(CLI::AsSizeValue(false))
        ->check(CLI::PositiveNumber)
        ->default_str("");
}

void add_silence_option(CLI::App* cmd, double& seconds) {
    cmd->add_option("--silence", seconds,
                    "Under mpirun: seconds a rank may stay silent before it is taken for dead and "
                    "its work handed to another")
        ->check(CLI::Range(1.0, 86400.0))
        ->capture_default_str();
}

void add_call_time_option(CLI::App* cmd, double& seconds, const std::string& what) {
    cmd->add_option("--call-time", seconds,
                    "Seconds " + what + " may take to answer before it is stopped and reported")
        ->check(CLI::Range(0.01, 3600.0))
        ->capture_default_str();
}

void add_renamed_option(CLI::App* cmd, const std::string& old_name, const std::string& new_name) {
    cmd->add_option(
           old_name,
           [old_name, new_name](const CLI::results_t&) -> bool {
               throw CLI::ValidationError(old_name, "renamed: it is now " + new_name);
           },
           "")
        ->group("")
        ->allow_extra_args(false)
        ->expected(0, 1);
}

std::unique_ptr<tbb::global_control> limit_threads(int threads) {
    if (threads <= 0) return nullptr;
    return std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                 static_cast<std::size_t>(threads));
}

}  // namespace retrocheck::app
