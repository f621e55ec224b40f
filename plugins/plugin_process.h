// A user's plugin (include/retrocheck/plugin.h), run in a host process of its own: each call
// under a time limit, the host under a stack and memory limit. A call that does not return,
// overflows its stack, crashes or runs out of memory is a CallFailure that says so; the host is
// started again at the next call, so a run goes on after any failure.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>

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
    bool legal_moves = false, perft = false, probe = false;
};

struct CallFailure {
    enum class Kind { Timeout, StackOverflow, OutOfMemory, Crash, HostFailed };
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
    // for `game`. Errors name the library. The calls below need the entry point they call
    // (info() says which the plugin has).
    static Result<std::unique_ptr<PluginProcess>> start(const std::string& library, rc_game game,
                                                        const Limits& limits = {});
    ~PluginProcess();
    PluginProcess(const PluginProcess&) = delete;
    PluginProcess& operator=(const PluginProcess&) = delete;

    const PluginInfo& info() const { return info_; }
    const Limits& limits() const { return limits_; }

    Call<MovesAnswer> legal_moves(const std::string& fen);
    Call<std::int64_t> perft(const std::string& fen, int depth);
    Call<rc_probe_result> probe(const std::string& fen);

    // The host program: RETROCHECK_PLUGIN_HOST, else retrocheck-plugin-host beside the running
    // program, else the one this build made.
    static std::string host_program();

  private:
    struct Host;
    PluginProcess(std::string library, Limits limits);
    std::optional<CallFailure> spawn(int timeout_ms);
    template <typename T, typename Send, typename Receive>
    Call<T> call(Send send, Receive receive);
    // How an exchange ended that got no answer: out of time, or the host's end closed (fatal is
    // what the host said as it died).
    CallFailure failure(wire::Read read, int timeout_ms, const std::optional<wire::Fatal>& fatal);

    std::string library_;
    Limits limits_;
    PluginInfo info_;
    std::unique_ptr<Host> host_;
};

}  // namespace retrocheck::plugins
