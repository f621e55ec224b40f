#include "apps/plugin_args.h"

#include "apps/output.h"

namespace retrocheck::app {

void add_plugin_options(CLI::App* cmd, PluginArgs& args) {
    cmd->add_option("--plugin", args.library,
                    "The plugin: a shared library exporting retrocheck_plugin() "
                    "(include/retrocheck/plugin.h)")
        ->required();
    add_call_time_option(cmd, args.call_time, "a call to the plugin (reported as not terminating)");
    add_renamed_option(cmd, "--call-timeout-ms", "--call-time");
}

Result<std::unique_ptr<plugins::PluginProcess>> start_plugin(const PluginArgs& args,
                                                             const std::vector<rc_game>& games,
                                                             const std::string& other_game) {
    plugins::Limits limits;
    limits.call_ms = args.call_ms();
    return plugins::PluginProcess::start(args.library, games, limits, other_game);
}

}  // namespace retrocheck::app
