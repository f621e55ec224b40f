#include "plugins/plugin_process.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cassert>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "engine/core/signal_name.h"
#include "engine/core/text.h"
#include "plugins/protocol.h"

namespace retrocheck::plugins {

namespace wire = plugins::wire;
using Clock = std::chrono::steady_clock;

namespace {

std::string grouped_ms(int ms) { return grouped(static_cast<std::uint64_t>(ms)) + " ms"; }

std::string mebibytes(std::uint64_t bytes) { return grouped(bytes >> 20) + " MiB"; }

// The first of reads that did not finish, or Done. A braced list reads in order, and reads after
// a failed one end at once (the pipe is closed or the deadline passed).
wire::Read first_failure(std::initializer_list<wire::Read> reads) {
    for (const wire::Read r : reads)
        if (r != wire::Read::Done) return r;
    return wire::Read::Done;
}

}  // namespace

struct PluginProcess::Host {
    pid_t pid = -1;
    int request = -1, reply = -1;
    wire::Deadline deadline;  // of the exchange under way
    int status = 0;           // waitpid's, once it ended

    ~Host() { stop(); }

    // Ends the host now.
    void stop() {
        if (pid > 0) ::kill(pid, SIGKILL);
        reap();
    }

    // Waits for the host to end (it closed its end, or is dying of a signal) and closes the pipes.
    void reap() {
        if (request >= 0) ::close(request);
        if (reply >= 0) ::close(reply);
        request = reply = -1;
        if (pid > 0)
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
        pid = -1;
    }

    template <typename T>
    wire::Read get(T& v) {
        return wire::get(reply, v, deadline);
    }
    wire::Read get_text(std::string& s, std::uint32_t max) {
        return wire::get_text(reply, s, max, deadline);
    }

    // The rest of a Fatal message.
    std::optional<wire::Fatal> get_fatal() {
        deadline = Clock::now() + std::chrono::seconds(1);
        wire::Fatal f;
        if (first_failure({get(f.signal), get(f.stack_overflow), get(f.stack_limit),
                           get(f.memory_in_use)}) != wire::Read::Done)
            return std::nullopt;
        return f;
    }
};

CallFailure PluginProcess::failure(wire::Read read, int timeout_ms,
                                   const std::optional<wire::Fatal>& fatal) {
    using K = CallFailure::Kind;
    if (read == wire::Read::OutOfTime) {
        host_->stop();
        return {K::Timeout, "no answer within " + grouped_ms(timeout_ms)};
    }
    host_->reap();
    const int status = host_->status;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        return {K::HostFailed, "cannot run the plugin host " + host_program()};
    if (!WIFSIGNALED(status))
        return {K::Crash,
                "the plugin host exited with status " + std::to_string(WEXITSTATUS(status))};
    const std::string killed = "killed by " + signal_name(WTERMSIG(status));
    if (fatal && fatal->stack_overflow)
        return {K::StackOverflow, killed + ": stack overflow (its stack limit is " +
                                      mebibytes(fatal->stack_limit) + ")"};
    // An allocation that failed leaves the host close to its limit; half of it in use says so.
    if (fatal && fatal->memory_in_use * 2 >= limits_.memory_bytes)
        return {K::OutOfMemory, "out of memory: " + killed + " with " +
                                    mebibytes(fatal->memory_in_use) + " of its " +
                                    mebibytes(limits_.memory_bytes) + " memory limit in use"};
    return {K::Crash, killed};
}

PluginProcess::PluginProcess(std::string library, Limits limits)
    : library_(std::move(library)), limits_(limits), host_(std::make_unique<Host>()) {}

PluginProcess::~PluginProcess() = default;

std::string PluginProcess::host_program() {
    if (const char* e = std::getenv("RETROCHECK_PLUGIN_HOST")) return e;
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto beside = self.parent_path() / "retrocheck-plugin-host";
        if (std::filesystem::exists(beside, ec)) return beside.string();
    }
    return RETROCHECK_PLUGIN_HOST_BUILT;
}

std::optional<CallFailure> PluginProcess::spawn(int timeout_ms) {
    static std::once_flag no_sigpipe;
    std::call_once(no_sigpipe, [] { ::signal(SIGPIPE, SIG_IGN); });
    host_->stop();
    int req[2], rep[2];
    if (::pipe2(req, O_CLOEXEC) != 0)
        return CallFailure{CallFailure::Kind::HostFailed, strerror(errno)};
    if (::pipe2(rep, O_CLOEXEC) != 0) {
        ::close(req[0]);
        ::close(req[1]);
        return CallFailure{CallFailure::Kind::HostFailed, strerror(errno)};
    }
    const std::string host = host_program();
    const rlimit stack{limits_.stack_bytes, limits_.stack_bytes};
    const rlimit memory{limits_.memory_bytes, limits_.memory_bytes};
    const rlimit no_core{0, 0};
    const pid_t pid = ::fork();
    if (pid == 0) {
        // Only async-signal-safe calls until exec.
        const int in = ::fcntl(req[0], F_DUPFD, 10), out = ::fcntl(rep[1], F_DUPFD, 10);
        if (in < 0 || out < 0 || ::dup2(in, wire::kRequestFd) < 0 ||
            ::dup2(out, wire::kReplyFd) < 0)
            _exit(127);
        ::setrlimit(RLIMIT_STACK, &stack);
        ::setrlimit(RLIMIT_AS, &memory);
        ::setrlimit(RLIMIT_CORE, &no_core);
        char* const argv[] = {const_cast<char*>(host.c_str()), const_cast<char*>(library_.c_str()),
                              nullptr};
        ::execv(host.c_str(), argv);
        _exit(127);
    }
    ::close(req[0]);
    ::close(rep[1]);
    if (pid < 0) {
        ::close(req[1]);
        ::close(rep[0]);
        return CallFailure{CallFailure::Kind::HostFailed, strerror(errno)};
    }
    host_->pid = pid;
    host_->request = req[1];
    host_->reply = rep[0];
    host_->deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);

    auto failed = [&](wire::Read r, const std::optional<wire::Fatal>& fatal = std::nullopt) {
        CallFailure f = failure(r, timeout_ms, fatal);
        if (f.kind != CallFailure::Kind::HostFailed) f.message = "while loading: " + f.message;
        return f;
    };
    const auto closed = wire::Read::Closed;
    wire::Message kind{};
    if (const wire::Read r = host_->get(kind); r != wire::Read::Done) return failed(r);
    if (kind == wire::Message::Fatal) return failed(closed, host_->get_fatal());
    if (kind == wire::Message::Refused) {
        std::string why;
        if (host_->get_text(why, 1 << 16) != wire::Read::Done) why = "refused to load";
        host_->stop();
        return CallFailure{CallFailure::Kind::HostFailed, why};
    }
    if (kind != wire::Message::Loaded) return failed(closed);
    std::uint32_t abi = 0, game = 0;
    std::uint8_t entries = 0;
    std::string name;
    if (const wire::Read r = first_failure({host_->get(abi), host_->get(game), host_->get(entries),
                                            host_->get_text(name, 1 << 12)});
        r != wire::Read::Done)
        return failed(r);
    if (abi != RC_PLUGIN_ABI_VERSION) {
        host_->stop();
        return CallFailure{CallFailure::Kind::HostFailed,
                           fmt::format("built for plugin ABI version {}; this retrocheck speaks "
                                       "version {} (rebuild it against this retrocheck/plugin.h)",
                                       abi, RC_PLUGIN_ABI_VERSION)};
    }
    info_.library = library_;
    info_.name = name.empty() ? std::filesystem::path(library_).filename().string() : name;
    info_.game = static_cast<rc_game>(game);
    info_.legal_moves = entries & wire::kLegalMoves;
    info_.perft = entries & wire::kPerft;
    info_.probe = entries & wire::kProbe;
    return std::nullopt;
}

Result<std::unique_ptr<PluginProcess>> PluginProcess::start(const std::string& library,
                                                            rc_game game, const Limits& limits) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(library, ec))
        return Error{library + ": " +
                     (std::filesystem::exists(library, ec)
                          ? std::string("not a file")
                          : std::string("No such file or directory"))};
    // A relative name without a slash would make dlopen search the library path.
    const std::string path = std::filesystem::absolute(library, ec).string();
    std::unique_ptr<PluginProcess> p(new PluginProcess(path, limits));
    if (const auto f = p->spawn(limits.load_ms)) return Error{library + ": " + f->message};
    auto game_name = [](std::uint32_t g) -> std::string {
        return g == RC_GAME_CHECKERS ? "checkers"
               : g == RC_GAME_CHESS  ? "chess"
                                     : "an unknown game (" + std::to_string(g) + ")";
    };
    if (p->info_.game != game)
        return Error{library + ": a plugin for " + game_name(p->info_.game) +
                     "; this command checks " + game_name(game)};
    return p;
}

template <typename T, typename Send, typename Receive>
Call<T> PluginProcess::call(Send send, Receive receive) {
    if (host_->pid < 0)
        if (auto f = spawn(limits_.load_ms)) return *f;
    host_->deadline = Clock::now() + std::chrono::milliseconds(limits_.call_ms);
    const auto closed = wire::Read::Closed;
    if (!send(host_->request)) return failure(closed, limits_.call_ms, std::nullopt);
    wire::Message kind{};
    wire::Read r = host_->get(kind);
    if (r == wire::Read::Done && kind == wire::Message::Fatal)
        return failure(closed, limits_.call_ms, host_->get_fatal());
    T value{};
    if (r == wire::Read::Done) r = kind == wire::Message::Answer ? receive(*host_, value) : closed;
    if (r != wire::Read::Done) return failure(r, limits_.call_ms, std::nullopt);
    return value;
}

Call<MovesAnswer> PluginProcess::legal_moves(const std::string& fen) {
    assert(info_.legal_moves);
    return call<MovesAnswer>(
        [&](int fd) { return wire::put(fd, wire::Op::LegalMoves) && wire::put_text(fd, fen); },
        [](Host& h, MovesAnswer& a) {
            std::int64_t n = 0;
            const wire::Read r = h.get(n);
            a.accepted = n >= 0;
            return r == wire::Read::Done ? h.get_text(a.moves, 1u << 30) : r;
        });
}

Call<std::int64_t> PluginProcess::perft(const std::string& fen, int depth) {
    assert(info_.perft);
    return call<std::int64_t>(
        [&](int fd) {
            return wire::put(fd, wire::Op::Perft) && wire::put_text(fd, fen) &&
                   wire::put(fd, static_cast<std::int32_t>(depth));
        },
        [](Host& h, std::int64_t& n) { return h.get(n); });
}

Call<rc_probe_result> PluginProcess::probe(const std::string& fen) {
    assert(info_.probe);
    return call<rc_probe_result>(
        [&](int fd) { return wire::put(fd, wire::Op::Probe) && wire::put_text(fd, fen); },
        [](Host& h, rc_probe_result& v) {
            return first_failure({h.get(v.status), h.get(v.wld), h.get(v.distance)});
        });
}

}  // namespace retrocheck::plugins
