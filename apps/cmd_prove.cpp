// `retrocheck prove [FEN] [--db DIR] [--time S | --nodes N] [--json]`: the proven game value of a
// position beyond the tables (engine/checkers/prove/prover.h): win, draw or loss, each checked by
// its certificate, or unknown when the budget runs out. Exit 0 when every position is proven, 3
// when one is left unknown (--unknown pass: 0), 2 when it cannot run.
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>

#include "apps/commands.h"
#include "apps/output.h"
#include "apps/position_input.h"
#include "apps/progress.h"
#include "apps/search_output.h"
#include "apps/search_tables.h"
#include "engine/checkers/diagram.h"
#include "engine/checkers/notation.h"
#include "engine/checkers/prove/prover.h"

namespace retrocheck::app {

namespace {

namespace pv = checkers::prove;

// The position the line ends in, and its value where the tables hold it.
struct LineEnd {
    checkers::Position pos;
    std::optional<Outcome> value;
};

LineEnd line_end(const pv::Proof& p, checkers::EndgameProbe* tables) {
    checkers::Position pos = p.root;
    for (const checkers::Move& m : p.line) pos = pos.after(m);
    LineEnd end{pos, std::nullopt};
    if (tables && pos.piece_count() <= tables->max_pieces()) end.value = tables->probe(pos);
    return end;
}

std::string answer_text(const pv::Answer& a) {
    if (a.wins == true)
        return fmt::format("proven (a proof of {} positions)", grouped(a.certificate_size));
    if (a.wins == false)
        return fmt::format("disproven (a closed set of {} positions)", grouped(a.certificate_size));
    if (a.open_because.empty()) return "not asked further (the other answer settles the value)";
    return "open: " + a.open_because;
}

nlohmann::json answer_json(const pv::Answer& a) {
    return a.wins ? nlohmann::json(*a.wins) : nlohmann::json(nullptr);
}

}  // namespace

Command add_prove(CLI::App& app) {
    struct Args {
        PositionArgs input;
        double seconds = 300;
        std::uint64_t nodes = 0;
        bool json = false;
        SearchArgs search;
        std::string unknown = "fail";
    };
    auto args = std::make_shared<Args>();
    args->search.tt_mb = 4096;
    auto* cmd = app.add_subcommand(
        "prove", "Prove a position's value by proof-number search to the tables (win/draw/loss)");
    cmd->add_option("fen", args->input.fen, "The position ('-': one a line from stdin)");
    add_position_options(cmd, args->input);
    cmd->add_option("--time", args->seconds, "Seconds a position may take (0: no limit)")
        ->check(seconds_validator());
    cmd->add_option("--nodes", args->nodes, "Node budget a position (0: no limit)");
    cmd->add_flag("--json", args->json, "Print one JSON object a position");
    add_unknown_option(cmd, args->unknown);
    add_search_options(cmd, args->search);
    return {
        cmd, [args] {
            const auto input = read_positions(args->input);
            if (!input) return fail(input.error());
            if (args->seconds <= 0 && args->nodes == 0)
                return fail("prove needs a budget: --time S or --nodes N above 0");
            auto tables = open_search_tables(args->search);
            if (!tables) return fail(tables.error());
            checkers::EndgameProbe* probe = (*tables)->probe.get();
            pv::ProveLimits limits = prove_limits(args->seconds, args->nodes, args->search.tt_mb);
            std::atomic<std::uint64_t> nodes{0};
            limits.nodes_seen = &nodes;
            const std::size_t count = input->positions.size();
            std::size_t number = 0;
            const Metric metric = probe ? (*tables)->db.metric() : Metric::Wld;
            bool all_proven = true;
            bool first = true;
            for (const InputPosition& in : input->positions) {
                const checkers::Position& pos = in.position;
                ++number;
                nodes = 0;
                const auto t0 = std::chrono::steady_clock::now();
                const pv::Proof p = [&] {
                    ProgressLine line([&] {
                        const double s = seconds_since(t0);
                        return fmt::format(
                            "prove {}{} nodes, {}, {}",
                            count > 1 ? fmt::format("position {} of {}: ", number, count) : "",
                            grouped(nodes.load()), rate_text(per_second(nodes.load(), s), "nodes"),
                            args->seconds > 0 ? budget_eta_text(s, args->seconds, true)
                                              : eta_text(nodes.load(), args->nodes, s));
                    });
                    return pv::prove_value(pos, probe, limits);
                }();
                if (const int e = probe_errors(**tables)) return e;
                all_proven &= p.proven();
                const auto held = probe && pos.piece_count() <= probe->max_pieces()
                                      ? probe->probe(pos)
                                      : std::nullopt;
                const LineEnd end = line_end(p, probe);
                if (args->json) {
                    nlohmann::json out = {
                        {"fen", checkers::format_fen(pos)},
                        {"result", pv::to_string(p.verdict)},
                        {"proven", p.proven()},
                        {"value", value_json(held, metric)},
                        {"nodes", p.nodes},
                        {"seconds", json_seconds(p.seconds)},
                        {"line", pv_json(p.line)},
                        {"line_end",
                         p.line.empty() ? nlohmann::json(nullptr)
                                        : nlohmann::json{{"fen", checkers::format_fen(end.pos)},
                                                         {"value", value_json(end.value, metric)}}},
                        {"proof_size", p.proof_size},
                        {"side_to_move_wins", answer_json(p.side_to_move_wins)},
                        {"opponent_wins", answer_json(p.opponent_wins)},
                        {"open_because",
                         p.proven() ? nlohmann::json(nullptr) : nlohmann::json(p.open_because())}};
                    print_json(out);
                    continue;
                }
                if (!first) fmt::print("\n");
                first = false;
                fmt::print("{}", checkers::describe(pos));
                if (held)
                    fmt::print("result: {} (the tables hold it)\n", held->to_string());
                else if (p.proven())
                    fmt::print("result: {} (proven)\n", pv::to_string(p.verdict));
                else
                    fmt::print("result: unknown: not proven within the budget ({})\n",
                               p.open_because());
                fmt::print("side to move wins: {}\n", answer_text(p.side_to_move_wins));
                fmt::print("opponent wins: {}\n", answer_text(p.opponent_wins));
                if (!p.line.empty())
                    fmt::print("line: {}\n  to {}{}\n", checkers::format_line(p.line),
                               checkers::format_fen(end.pos),
                               end.value ? " (tables: " + end.value->to_string() + ")" : "");
                fmt::print("nodes: {} in {} ({})\n", grouped(p.nodes), seconds_text(p.seconds),
                           rate_text(per_second(p.nodes, p.seconds), "nodes"));
            }
            return exit_code(false, !all_proven, args->unknown);
        }};
}

}  // namespace retrocheck::app
