#include "apps/plugin_args.h"

namespace retrocheck::app {

void add_plugin_options(CLI::App* cmd, PluginArgs& args) {
    cmd->add_option("--plugin", args.library,
                    "The plugin: a shared library exporting retrocheck_plugin() "
                    "(include/retrocheck/plugin.h)")
        ->required();
    cmd->add_option("--call-timeout-ms", args.call_timeout_ms,
                    "A call to the plugin that gives no answer within this many milliseconds is "
                    "reported as not terminating")
        ->check(CLI::Range(10, 3'600'000));
}

Result<std::unique_ptr<plugins::PluginProcess>> start_plugin(const PluginArgs& args,
                                                             const std::vector<rc_game>& games,
                                                             const std::string& other_game) {
    plugins::Limits limits;
    limits.call_ms = args.call_timeout_ms;
    return plugins::PluginProcess::start(args.library, games, limits, other_game);
}

}  // namespace retrocheck::app
