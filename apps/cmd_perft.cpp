// `retrocheck perft [FEN] DEPTH [--divide] [--json] [--threads T] [--unique]`.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"

namespace retrocheck::app {

using namespace checkers;

namespace {
constexpr int kMaxDepth = 40;

Result<int> depth_argument(const std::string& text) {
    int depth = 0;
    std::size_t used = 0;
    try {
        depth = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size())
        return Error{"bad depth '" + text + "': expected a whole number"};
    if (depth < 0 || depth > kMaxDepth)
        return Error{fmt::format("depth {} is outside 0-{}", depth, kMaxDepth)};
    return depth;
}
}  // namespace

Command add_perft(CLI::App& app) {
    struct Args {
        std::vector<std::string> positional;
        bool divide = false, json = false, unique = false;
        int threads = 1;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree");
    cmd->add_option("args", args->positional, "[FEN] DEPTH (FEN defaults to the start position)")
        ->required()
        ->expected(1, 2);
    cmd->add_flag("--divide", args->divide, "Also give the count below each root move");
    cmd->add_flag("--json", args->json, "Print one JSON object");
    cmd->add_flag("--unique", args->unique,
                  "Count capture paths with the same effect once (not the published convention)");
    add_threads_option(cmd, args->threads);
    return {cmd, [args] {
                const auto pos = args->positional.size() == 2 ? fen_argument(args->positional[0])
                                                              : Result<Position>(Position::start());
                if (!pos) return fail(pos.error());
                const auto depth = depth_argument(args->positional.back());
                if (!depth) return fail(depth.error());
                const PerftOptions options{
                    args->unique ? DuplicatePaths::Drop : DuplicatePaths::Count, args->threads};

                const auto t0 = std::chrono::steady_clock::now();
                std::vector<std::pair<std::string, std::uint64_t>> divide;
                std::uint64_t nodes = 0;
                if (args->divide && *depth > 0) {
                    divide = perft_divide(*pos, *depth, options);
                    for (const auto& [move, n] : divide) nodes += n;
                } else {
                    nodes = perft(*pos, *depth, options);
                }
                const double seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                const double rate = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;

                if (args->json) {
                    nlohmann::json out = {{"fen", format_fen(*pos)},
                                          {"depth", *depth},
                                          {"nodes", nodes},
                                          {"seconds", seconds},
                                          {"nodes_per_second", rate}};
                    if (args->divide) {
                        out["divide"] = nlohmann::json::object();
                        for (const auto& [move, n] : divide) out["divide"][move] = n;
                    }
                    fmt::print("{}\n", out.dump());
                    return 0;
                }
                for (const auto& [move, n] : divide) fmt::print("{:<14} {}\n", move, n);
                fmt::print("perft {} from {}\n", *depth, format_fen(*pos));
                fmt::print("nodes    {}\n", grouped(nodes));
                fmt::print("seconds  {:.3f}\n", seconds);
                fmt::print("nodes/s  {}\n", grouped(static_cast<std::uint64_t>(rate)));
                return 0;
            }};
}

}  // namespace retrocheck::app
