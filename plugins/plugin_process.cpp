#include "plugins/plugin_process.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <cassert>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <vector>

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
    pid_t pid = -1;  // also its process group
    int request = -1, reply = -1;
    wire::Deadline deadline;  // of the exchange under way
    int status = 0;           // waitpid's, once it ended

    ~Host() { stop(); }

    // Ends the host and everything in its group now.
    void stop() {
        close_pipes();
        if (pid <= 0) return;
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        pid = -1;
    }

    void close_pipes() {
        if (request >= 0) ::close(request);
        if (reply >= 0) ::close(reply);
        request = reply = -1;
    }

    // Whether the host ended by the deadline (it closed its end of the pipe: it is dying, or it
    // closed its descriptors and runs on). status is set when it did.
    bool ended_by_deadline() {
        for (;;) {
            const pid_t r = ::waitpid(pid, &status, WNOHANG);
            if (r == pid) {
                ::kill(-pid, SIGKILL);
                pid = -1;
                close_pipes();
                return true;
            }
            if (r < 0 && errno != EINTR) return false;
            if (Clock::now() >= deadline) return false;
            ::usleep(2000);
        }
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

std::string metric_name(std::uint32_t m) {
    switch (m) {
        case RC_METRIC_WLD:
            return "wld";
        case RC_METRIC_DTW:
            return "dtw";
        case RC_METRIC_DTM:
            return "dtm";
        case RC_METRIC_DTZ:
            return "dtz";
        default:
            return "unknown (" + std::to_string(m) + ")";
    }
}

CallFailure PluginProcess::failure(wire::Read read, int timeout_ms,
                                   const std::optional<wire::Fatal>& fatal) {
    using K = CallFailure::Kind;
    if (read == wire::Read::OutOfTime) {
        host_->stop();
        if (cut_by_run_end_) return {K::OutOfBudget, "the run's time ran out during the call"};
        return {K::Timeout, "no answer within " + grouped_ms(timeout_ms)};
    }
    // Its end of the pipe closed: it is dying, or it closed its descriptors and runs on, which
    // is waited out only to the call's limit.
    if (!host_->ended_by_deadline()) {
        host_->stop();
        if (cut_by_run_end_) return {K::OutOfBudget, "the run's time ran out during the call"};
        return {K::Timeout, "closed its end of the pipe and gave no answer within " +
                                grouped_ms(timeout_ms) + "; killed"};
    }
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

CallFailure PluginProcess::protocol(std::string what) {
    host_->stop();
    return {CallFailure::Kind::Protocol, std::move(what)};
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
    // The host reads nothing of ours: its stdin is /dev/null (retrocheck's may be the FENs).
    const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const pid_t pid = ::fork();
    if (pid == 0) {
        // Only async-signal-safe calls until exec. A group of its own, killed whole.
        ::setpgid(0, 0);
        const int in = ::fcntl(req[0], F_DUPFD, 10), out = ::fcntl(rep[1], F_DUPFD, 10);
        if (in < 0 || out < 0 || null < 0 || ::dup2(null, STDIN_FILENO) < 0 ||
            ::dup2(in, wire::kRequestFd) < 0 || ::dup2(out, wire::kReplyFd) < 0)
            _exit(127);
        // No descriptor of ours but the two pipe ends: another host's pipes, an engine's, a
        // table file would otherwise stay open while the plugin runs.
        ::close_range(wire::kReplyFd + 1, ~0u, 0);
        ::setrlimit(RLIMIT_STACK, &stack);
        ::setrlimit(RLIMIT_AS, &memory);
        ::setrlimit(RLIMIT_CORE, &no_core);
        char* const argv[] = {const_cast<char*>(host.c_str()), const_cast<char*>(library_.c_str()),
                              nullptr};
        ::execv(host.c_str(), argv);
        _exit(127);
    }
    if (null >= 0) ::close(null);
    if (pid > 0) ::setpgid(pid, pid);  // so that a kill of the group never misses it
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
    std::uint32_t abi = 0, game = 0, metric = 0, captures = 0, chess_values = 0;
    std::uint8_t entries = 0;
    std::string name;
    if (const wire::Read r = first_failure({host_->get(abi), host_->get(game), host_->get(entries),
                                            host_->get_text(name, 1 << 12), host_->get(metric),
                                            host_->get(captures), host_->get(chess_values)});
        r != wire::Read::Done)
        return failed(r);
    if (abi != RC_PLUGIN_ABI_VERSION && abi != 2) {
        host_->stop();
        return CallFailure{
            CallFailure::Kind::HostFailed,
            fmt::format("built for plugin ABI version {}; this retrocheck speaks versions 2 and {} "
                        "(rebuild it against this retrocheck/plugin.h{})",
                        abi, RC_PLUGIN_ABI_VERSION,
                        abi == 1 ? ": version 2 adds probe_metric and probe_captures, what the "
                                   "probe declares it answers"
                                 : "")};
    }
    info_.library = library_;
    info_.name = name.empty() ? std::filesystem::path(library_).filename().string() : name;
    info_.game = static_cast<rc_game>(game);
    info_.legal_moves = entries & wire::kLegalMoves;
    info_.perft = entries & wire::kPerft;
    info_.probe = entries & wire::kProbe;
    info_.probe_chess = entries & wire::kProbeChess;
    info_.probe_metric = metric;
    info_.probe_captures = captures;
    info_.chess_values = chess_values;
    return std::nullopt;
}

Result<std::unique_ptr<PluginProcess>> PluginProcess::start(const std::string& library,
                                                            const std::vector<rc_game>& games,
                                                            const Limits& limits,
                                                            const std::string& other_game) {
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
    if (std::find(games.begin(), games.end(), p->info_.game) == games.end()) {
        std::string checked;
        for (std::size_t i = 0; i < games.size(); ++i)
            checked += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + game_name(games[i]);
        return Error{library + ": a plugin for " + game_name(p->info_.game) +
                     "; this command checks " + checked +
                     (other_game.empty() ? "" : " (" + other_game + ")")};
    }
    return p;
}

int PluginProcess::host_pid() const { return host_->pid; }

int PluginProcess::limit_ms(int own_ms) {
    cut_by_run_end_ = false;
    if (!run_end_) return own_ms;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(*run_end_ - Clock::now()).count();
    if (left >= own_ms) return own_ms;
    cut_by_run_end_ = true;
    return static_cast<int>(std::max<std::int64_t>(left, 0));
}

template <typename T, typename More, typename Decode>
Call<T> PluginProcess::call(wire::Op op, const std::string& fen, More more, Decode decode) {
    if (run_end_ && Clock::now() >= *run_end_)
        return CallFailure{CallFailure::Kind::OutOfBudget, "the run's time ran out"};
    if (host_->pid < 0)
        if (auto f = spawn(limit_ms(limits_.load_ms))) return *f;
    const int call_ms = limit_ms(limits_.call_ms);
    host_->deadline = Clock::now() + std::chrono::milliseconds(call_ms);
    const auto closed = wire::Read::Closed;
    const std::uint32_t tag = ++tag_;
    wire::Body request;
    request.put(op);
    request.put(tag);
    request.put_text(fen);
    more(request);
    if (!wire::write_all(host_->request, request.bytes().data(), request.bytes().size()))
        return failure(closed, limits_.call_ms, std::nullopt);
    // Answers to other calls (a process the plugin forked answers too) are skipped whole, and
    // the call then fails: what else that process wrote cannot be trusted.
    std::uint32_t strays = 0, stray_tag = 0;
    for (;;) {
        wire::Message kind{};
        wire::Read r = host_->get(kind);
        if (r == wire::Read::Done && kind == wire::Message::Fatal)
            return failure(closed, limits_.call_ms, host_->get_fatal());
        if (r != wire::Read::Done) return failure(r, limits_.call_ms, std::nullopt);
        if (kind != wire::Message::Answer)
            return protocol(fmt::format(
                "wrote byte {:#04x} where an answer starts: something writes on the host's "
                "reply descriptor ({})",
                static_cast<unsigned>(kind), wire::kReplyFd));
        std::uint32_t answered = 0, left_running = 0;
        wire::Body body;
        r = first_failure({host_->get(answered), host_->get(left_running),
                           host_->get_text(body.bytes(), wire::kMaxBody)});
        if (r != wire::Read::Done) return failure(r, limits_.call_ms, std::nullopt);
        if (answered != tag) {
            ++strays;
            stray_tag = answered;
            continue;
        }
        if (strays > 0)
            return protocol(fmt::format(
                "{} answer{} to another call (tag {}, this call's {}) came with this one: "
                "something besides the host writes answers (a process the plugin started?)",
                strays, strays == 1 ? "" : "s", stray_tag, tag));
        if (left_running > 0)
            return protocol(fmt::format(
                "left {} process{} running when the call returned (killed): a plugin must not "
                "start processes",
                left_running, left_running == 1 ? "" : "es"));
        T value{};
        if (!decode(body, value) || !body.done())
            return protocol(fmt::format("an answer of {} bytes, not the form this call returns",
                                        body.bytes().size()));
        return value;
    }
}

Call<MovesAnswer> PluginProcess::legal_moves(const std::string& fen) {
    assert(info_.legal_moves);
    return call<MovesAnswer>(
        wire::Op::LegalMoves, fen, [](wire::Body&) {},
        [](wire::Body& b, MovesAnswer& a) {
            std::int64_t n = 0;
            if (!b.get(n) || !b.get_text(a.moves)) return false;
            a.accepted = n >= 0;
            return true;
        });
}

Call<std::int64_t> PluginProcess::perft(const std::string& fen, int depth) {
    assert(info_.perft);
    return call<std::int64_t>(
        wire::Op::Perft, fen, [&](wire::Body& b) { b.put(static_cast<std::int32_t>(depth)); },
        [](wire::Body& b, std::int64_t& n) { return b.get(n); });
}

Call<rc_probe_result> PluginProcess::probe(const std::string& fen) {
    assert(info_.probe);
    return call<rc_probe_result>(
        wire::Op::Probe, fen, [](wire::Body&) {},
        [](wire::Body& b, rc_probe_result& v) {
            return b.get(v.status) && b.get(v.wld) && b.get(v.distance);
        });
}

Call<rc_chess_probe_result> PluginProcess::probe_chess(const std::string& fen) {
    assert(info_.probe_chess);
    return call<rc_chess_probe_result>(
        wire::Op::ProbeChess, fen, [](wire::Body&) {},
        [](wire::Body& b, rc_chess_probe_result& v) {
            return b.get(v.status) && b.get(v.wdl) && b.get(v.dtz) && b.get(v.dtm);
        });
}

}  // namespace retrocheck::plugins
