#include "apps/output.h"

#include <cstdio>

#include "engine/checkers/notation.h"

namespace retrocheck::app {

int fail(std::string_view message) {
    fmt::print(stderr, "retrocheck: {}\n", message);
    return 1;
}

std::string grouped(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

Result<checkers::Position> fen_argument(const std::string& text) {
    auto pos = checkers::parse_fen(text);
    if (!pos) return Error{"bad FEN '" + text + "': " + pos.error()};
    return pos;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

nlohmann::json outcome_json(const std::optional<Outcome>& o) {
    return o ? nlohmann::json(o->to_string()) : nlohmann::json(nullptr);
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
