// `retrocheck perft [FEN] DEPTH [--divide] [--json] [--threads T] [--unique]`.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/games.h"
#include "apps/output.h"
#include "apps/position_input.h"

namespace retrocheck::app {

namespace {

constexpr int kMaxDepth = 40;

struct ReportOptions {
    int depth = 0;
    bool divide = false, json = false;
};

// Counts every input position and prints it: the divide (when asked), the total, time, rate.
template <typename G>
int report(const PositionArgs& args, const InputText& text, const ReportOptions& o, int threads,
           bool unique) {
    using App = AppGame<G>;
    const auto options = App::perft_options(threads, unique);
    if (!options) return fail(options.error());
    const auto input = App::parse_input(args, text, App::start());
    if (!input) return fail(input.error());
    bool first = true;
    for (const auto& item : input->positions) {
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<std::pair<std::string, std::uint64_t>> moves;
        std::uint64_t nodes = 0;
        if (o.divide && o.depth > 0) {
            moves = App::divide(item.position, o.depth, *options);
            for (const auto& [move, n] : moves) nodes += n;
        } else {
            nodes = App::perft(item.position, o.depth, *options);
        }
        const double seconds = seconds_since(t0);
        const double rate = per_second(nodes, seconds);
        if (o.json) {
            nlohmann::json out = {{"game", App::kName},
                                  {"fen", G::fen(item.position)},
                                  {"depth", o.depth},
                                  {"nodes", nodes},
                                  {"seconds", json_seconds(seconds)},
                                  {"nodes_per_second", static_cast<std::uint64_t>(rate)}};
            if (o.divide) {
                out["divide"] = nlohmann::json::object();
                for (const auto& [move, n] : moves) out["divide"][move] = n;
            }
            print_json(out);
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        for (const auto& [move, n] : moves) fmt::print("{}\n", App::divide_line(move, n));
        fmt::print("perft {} from {}\n", o.depth, G::fen(item.position));
        fmt::print("nodes    {}\n", grouped(nodes));
        fmt::print("time     {}\n", seconds_text(seconds));
        fmt::print("rate     {}\n", rate_text(rate, "nodes"));
    }
    return kExitOk;
}

}  // namespace

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
        ->default_str("")
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
                if (args->positional.size() == 2) {
                    in.fen = args->positional[0];
                    in.fen_given = true;
                }
                const auto text = read_input_text(in);
                if (!text) return fail(text.error());
                const ReportOptions options{*depth, args->divide, args->json};
                return with_game_of(in, *text, [&]<typename G>() {
                    return report<G>(in, *text, options, args->threads, args->unique);
                });
            }};
}

}  // namespace retrocheck::app
