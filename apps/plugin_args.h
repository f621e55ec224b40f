// The options the commands that check a user's plugin share (check-movegen, check-probe),
// starting the plugin's host with them, and the head of their text reports.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "engine/core/result.h"
#include "engine/core/text.h"
#include "plugins/plugin_process.h"

namespace retrocheck::app {

struct PluginArgs {
    std::string library;
    double call_time = 2.0;  // seconds a call may take
    int call_ms() const { return static_cast<int>(std::lround(call_time * 1000)); }
};

// --plugin LIB (required) and --call-time S.
void add_plugin_options(CLI::App* cmd, PluginArgs& args);

// The plugin's host, started; an error names the library (not a plugin, another ABI version, a
// game not in `games`, with `other_game` saying where such a plugin is checked; crashed while
// loading).
Result<std::unique_ptr<plugins::PluginProcess>> start_plugin(
    const PluginArgs& args, const std::vector<rc_game>& games = {RC_GAME_CHECKERS},
    const std::string& other_game = {});

// The head of a check's text report (a MovegenReport or a ProbeReport): each example as
// text(example), "(the first K of N problems)" when not all were shown, and the plugin's name and
// library.
template <typename Report, typename Text>
void print_examples(const Report& r, Text text) {
    for (const auto& e : r.examples) fmt::print("{}\n", text(e));
    if (r.problems() > r.examples.size())
        fmt::print("(the first {} of {} problems)\n", r.examples.size(), grouped(r.problems()));
    fmt::print("plugin {} ({})\n", r.plugin, r.library);
}

}  // namespace retrocheck::app
