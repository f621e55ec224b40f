// `retrocheck perft [FEN] DEPTH [--divide] [--json] [--threads T] [--unique]`.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/chess_commands.h"
#include "apps/commands.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"

namespace retrocheck::app {

using namespace checkers;

constexpr int kMaxDepth = 40;

Command add_perft(CLI::App& app) {
    struct Args {
        std::vector<std::string> positional;
        PositionArgs input;
        bool divide = false, json = false, unique = false;
        int threads = 1;
    };
    auto args = std::make_shared<Args>();
    auto* cmd = app.add_subcommand("perft", "Count the leaves of the legal move tree");
    cmd->add_option("args", args->positional,
                    "[FEN] DEPTH (a checkers or chess FEN, by default the start position; '-': "
                    "one a line from stdin)")
        ->required()
        ->expected(1, 2);
    add_position_options(cmd, args->input);
    add_game_option(cmd, args->input);
    cmd->add_flag("--divide", args->divide,
                  "Also give the count below each root move (chess: in UCI, as engines print it)");
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    cmd->add_flag("--unique", args->unique,
                  "Count capture paths with the same effect once (not the published convention)");
    add_threads_option(cmd, args->threads);
    return {cmd, [args] {
                const auto depth = depth_argument(args->positional.back(), 0, kMaxDepth);
                if (!depth) return fail(depth.error());
                PositionArgs in = args->input;
                if (args->positional.size() == 2) in.fen = args->positional[0];
                const auto text = read_input_text(in);
                if (!text) return fail(text.error());
                if (is_chess(in, *text)) {
                    if (args->unique)
                        return fail("--unique is for checkers: chess has no capture paths");
                    const auto chess = parse_chess_positions(in, *text, chess::Position::start());
                    if (!chess) return fail(chess.error());
                    return perft_chess(*chess, {.depth = *depth,
                                                .divide = args->divide,
                                                .json = args->json,
                                                .threads = args->threads});
                }
                const auto input = parse_positions(in, *text, Position::start());
                if (!input) return fail(input.error());
                const PerftOptions options{
                    args->unique ? DuplicatePaths::Drop : DuplicatePaths::Count, args->threads};
                bool first = true;
                for (const InputPosition& item : input->positions) {
                    const Position& pos = item.position;
                    const auto t0 = std::chrono::steady_clock::now();
                    std::vector<std::pair<std::string, std::uint64_t>> divide;
                    std::uint64_t nodes = 0;
                    if (args->divide && *depth > 0) {
                        divide = perft_divide(pos, *depth, options);
                        for (const auto& [move, n] : divide) nodes += n;
                    } else {
                        nodes = perft(pos, *depth, options);
                    }
                    const double seconds = seconds_since(t0);
                    const double rate = per_second(nodes, seconds);
                    if (args->json) {
                        nlohmann::json out = {
                            {"fen", format_fen(pos)},
                            {"depth", *depth},
                            {"nodes", nodes},
                            {"seconds", json_seconds(seconds)},
                            {"nodes_per_second", static_cast<std::uint64_t>(rate)}};
                        if (args->divide) {
                            out["divide"] = nlohmann::json::object();
                            for (const auto& [move, n] : divide) out["divide"][move] = n;
                        }
                        print_json(out);
                        continue;
                    }
                    if (!first) fmt::print("\n");
                    first = false;
                    for (const auto& [move, n] : divide)
                        fmt::print("{:<14} {}\n", move, grouped(n));
                    fmt::print("perft {} from {}\n", *depth, format_fen(pos));
                    fmt::print("nodes    {}\n", grouped(nodes));
                    fmt::print("time     {}\n", seconds_text(seconds));
                    fmt::print("rate     {}\n", rate_text(rate, "nodes"));
                }
                return kExitOk;
            }};
}

}  // namespace retrocheck::app
