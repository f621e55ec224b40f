// The options the commands that check a user's plugin share (check-movegen, check-probe), and
// starting the plugin's host with them.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "plugins/plugin_process.h"

namespace retrocheck::app {

struct PluginArgs {
    std::string library;
    int call_timeout_ms = 2000;
};

// --plugin LIB (required) and --call-timeout-ms T.
void add_plugin_options(CLI::App* cmd, PluginArgs& args);

// The plugin's host, started; an error names the library (not a plugin, another ABI version,
// another game, crashed while loading).
Result<std::unique_ptr<plugins::PluginProcess>> start_plugin(const PluginArgs& args);

// The head of a check's text report: each example as text, "(the first K of N problems)" when
// not all were shown, and the plugin's name and library.
void print_examples(const std::vector<std::string>& texts, std::uint64_t problems,
                    const std::string& plugin, const std::string& library);

}  // namespace retrocheck::app
