// A user's plugin (include/retrocheck/plugin.h), run in a host process of its own: each call
// under a time limit, the host under a stack and memory limit, in a process group of its own. A
// call that does not return, overflows its stack, crashes, runs out of memory, leaves a process
// running or writes anything but its answer is a CallFailure that says so; the host (with its
// whole group) is killed and started again at the next call, so a run goes on after any failure.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/core/result.h"
#include "plugins/protocol.h"
#include "retrocheck/plugin.h"

namespace retrocheck::plugins {

struct Limits {
    int call_ms = 2000;                          // per call
    int load_ms = 10000;                         // loading the library and its first answer
    std::uint64_t stack_bytes = 8ull << 20;      // the host's main stack
    std::uint64_t memory_bytes = 2048ull << 20;  // the host's address space
};

// What the library says it is.
struct PluginInfo {
    std::string library;  // the path it was loaded from
    std::string name;     // the plugin's own name, or the library's file name
    rc_game game = RC_GAME_CHECKERS;
    bool legal_moves = false, perft = false, probe = false, probe_chess = false;
    // What the probe declares it answers: an rc_metric and an rc_captures.
    std::uint32_t probe_metric = RC_METRIC_WLD;
    std::uint32_t probe_captures = RC_CAPTURES_RESOLVED;
    // What the chess probe declares it answers: RC_CHESS_WDL50 | RC_CHESS_DTZ | RC_CHESS_DTM.
    std::uint32_t chess_values = 0;
};

// "wld", "dtw", "dtm", "dtz", or "unknown (7)".
std::string metric_name(std::uint32_t rc_metric);

struct CallFailure {
    // Protocol: the call left a process running, or something other than its answer came back
    // (an answer to another call, bytes that are not a message).
    // OutOfBudget: the run's end (set_run_end) came first; the call is not judged.
    enum class Kind {
        Timeout,
        StackOverflow,
        OutOfMemory,
        Crash,
        Protocol,
        HostFailed,
        OutOfBudget
    };
    Kind kind = Kind::Crash;
    std::string message;  // "no answer within 2,000 ms", "killed by SIGSEGV: stack overflow ..."
};

// A call's answer, or how it failed.
template <typename T>
using Call = std::variant<T, CallFailure>;

// What legal_moves answered: the moves as text, or that the plugin refused the position.
struct MovesAnswer {
    bool accepted = false;
    std::string moves;
};

class PluginProcess {
  public:
    // Starts the host on `library` and checks what it offers: the ABI version, and that it is
    // for one of `games`. Errors name the library; a plugin for another game is refused with
    // `other_game` added (where such a plugin is checked instead). The calls below need the
    // entry point they call (info() says which the plugin has).
    static Result<std::unique_ptr<PluginProcess>> start(const std::string& library,
                                                        const std::vector<rc_game>& games,
                                                        const Limits& limits = {},
                                                        const std::string& other_game = {});
    static Result<std::unique_ptr<PluginProcess>> start(const std::string& library, rc_game game,
                                                        const Limits& limits = {}) {
        return start(library, std::vector<rc_game>{game}, limits);
    }
    ~PluginProcess();
    PluginProcess(const PluginProcess&) = delete;
    PluginProcess& operator=(const PluginProcess&) = delete;

    const PluginInfo& info() const { return info_; }
    const Limits& limits() const { return limits_; }

    Call<MovesAnswer> legal_moves(const std::string& fen);
    Call<std::int64_t> perft(const std::string& fen, int depth);
    Call<rc_probe_result> probe(const std::string& fen);
    Call<rc_chess_probe_result> probe_chess(const std::string& fen);

    // The time a run must end by (a --time budget), or none: a call is not begun after it, and
    // one under way then is cut there (the host killed); either fails with Kind::OutOfBudget.
    void set_run_end(std::optional<std::chrono::steady_clock::time_point> end) { run_end_ = end; }

    // The host program: RETROCHECK_PLUGIN_HOST, else retrocheck-plugin-host beside the running
    // program, else the one this build made.
    static std::string host_program();

    // The host's pid (its process group), -1 when none runs: for tests that check nothing of
    // the plugin's is left running.
    int host_pid() const;

  private:
    struct Host;
    PluginProcess(std::string library, Limits limits);
    std::optional<CallFailure> spawn(int timeout_ms);
    // Sends the request (op, a new tag, the FEN and what `more` adds) and reads its answer's
    // body into `decode`, which says whether the body was what the call returns.
    template <typename T, typename More, typename Decode>
    Call<T> call(wire::Op op, const std::string& fen, More more, Decode decode);
    // How an exchange ended that got no answer: out of time, or the host's end closed (fatal is
    // what the host said as it died).
    CallFailure failure(wire::Read read, int timeout_ms, const std::optional<wire::Fatal>& fatal);
    // Kills the host's group and says what it did wrong.
    CallFailure protocol(std::string what);

    std::string library_;
    Limits limits_;
    PluginInfo info_;
    std::unique_ptr<Host> host_;
    std::uint32_t tag_ = 0;  // of the last request
    std::optional<std::chrono::steady_clock::time_point> run_end_;
    bool cut_by_run_end_ = false;  // the exchange under way ends at run_end_, not its own limit
    // ms, the exchange's own limit or less where the run's end comes first (cut_by_run_end_).
    int limit_ms(int own_ms);
};

}  // namespace retrocheck::plugins
