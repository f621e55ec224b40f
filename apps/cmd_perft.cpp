// `retrocheck perft [FEN] DEPTH [--divide] [--json] [--threads T] [--unique]`.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/perft.h"
#include "engine/chess/fen.h"
#include "engine/chess/notation.h"
#include "engine/chess/perft.h"

namespace retrocheck::app {

using namespace checkers;

namespace {

constexpr int kMaxDepth = 40;

struct ReportOptions {
    int depth = 0;
    bool divide = false, json = false;
    // "chess": the JSON says so, and the divide reads as UCI engines print it ("e2e4: 600") so
    // the two can be diffed; "": checkers, moves in PDN with grouped counts.
    const char* game = "";
};

// Counts every input position and prints it: the divide (when asked), the total, time, rate.
template <class P, class Count, class Divide, class Fen>
int report(const PositionInputOf<P>& input, const ReportOptions& o, Count count, Divide divide,
           Fen fen) {
    const bool chess = *o.game != 0;
    bool first = true;
    for (const auto& item : input.positions) {
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<std::pair<std::string, std::uint64_t>> moves;
        std::uint64_t nodes = 0;
        if (o.divide && o.depth > 0) {
            moves = divide(item.position, o.depth);
            for (const auto& [move, n] : moves) nodes += n;
        } else {
            nodes = count(item.position, o.depth);
        }
        const double seconds = seconds_since(t0);
        const double rate = per_second(nodes, seconds);
        if (o.json) {
            nlohmann::json out = {{"fen", fen(item.position)},
                                  {"depth", o.depth},
                                  {"nodes", nodes},
                                  {"seconds", json_seconds(seconds)},
                                  {"nodes_per_second", static_cast<std::uint64_t>(rate)}};
            if (chess) out["game"] = o.game;
            if (o.divide) {
                out["divide"] = nlohmann::json::object();
                for (const auto& [move, n] : moves) out["divide"][move] = n;
            }
            print_json(out);
            continue;
        }
        if (!first) fmt::print("\n");
        first = false;
        for (const auto& [move, n] : moves) {
            if (chess)
                fmt::print("{}: {}\n", move, n);
            else
                fmt::print("{:<14} {}\n", move, grouped(n));
        }
        fmt::print("perft {} from {}\n", o.depth, fen(item.position));
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
    return {
        cmd, [args] {
            const auto depth = depth_argument(args->positional.back(), 0, kMaxDepth);
            if (!depth) return fail(depth.error());
            PositionArgs in = args->input;
            if (args->positional.size() == 2) {
                in.fen = args->positional[0];
                in.fen_given = true;
            }
            const auto text = read_input_text(in);
            if (!text) return fail(text.error());
            const ReportOptions report_options{*depth, args->divide, args->json};
            if (is_chess(in, *text)) {
                if (args->unique)
                    return fail("--unique is for checkers: chess has no capture paths");
                const auto chess = parse_chess_positions(in, *text, chess::Position::start());
                if (!chess) return fail(chess.error());
                const chess::PerftOptions options{args->threads};
                return report(
                    *chess, {*depth, args->divide, args->json, "chess"},
                    [&](const chess::Position& p, int d) { return chess::perft(p, d, options); },
                    [&](const chess::Position& p, int d) {
                        std::vector<std::pair<std::string, std::uint64_t>> out;
                        for (const auto& [m, n] : chess::perft_divide(p, d, options))
                            out.emplace_back(chess::format_uci(m), n);
                        return out;
                    },
                    [](const chess::Position& p) { return chess::format_fen(p); });
            }
            const auto input = parse_positions(in, *text, Position::start());
            if (!input) return fail(input.error());
            const PerftOptions options{args->unique ? DuplicatePaths::Drop : DuplicatePaths::Count,
                                       args->threads};
            return report(
                *input, report_options,
                [&](const Position& p, int d) { return perft(p, d, options); },
                [&](const Position& p, int d) { return perft_divide(p, d, options); },
                [](const Position& p) { return format_fen(p); });
        }};
}

}  // namespace retrocheck::app
