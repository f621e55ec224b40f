#include "apps/uci_engine.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <regex>
#include <thread>
#include <vector>

#include "engine/core/text.h"

extern "C" char** environ;

namespace retrocheck::app {

namespace {

using Clock = std::chrono::steady_clock;

int ms_left(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? static_cast<int>(left) : 0;
}

}  // namespace

Result<std::unique_ptr<UciEngine>> UciEngine::start(const std::string& command, int timeout_ms) {
    static std::once_flag no_sigpipe;
    std::call_once(no_sigpipe, [] { ::signal(SIGPIPE, SIG_IGN); });
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return Error{"cannot make a pipe for the engine"};
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return Error{"cannot make a pipe for the engine"};
    }
    // Everything the child needs is made before fork: after it, only exec.
    std::vector<std::string> env;
    bool has_path = false;
    for (char** e = environ; *e; ++e) {
        std::string var = *e;
        if (var.rfind("PATH=", 0) == 0) {
            var += ":/usr/games";  // Debian installs engines (stockfish among them) there
            has_path = true;
        }
        env.push_back(std::move(var));
    }
    if (!has_path) env.emplace_back("PATH=/usr/bin:/bin:/usr/games");
    std::vector<char*> envp;
    for (std::string& var : env) envp.push_back(var.data());
    envp.push_back(nullptr);
    std::string shell = "/bin/sh", dash_c = "-c", script = "exec " + command;
    char* argv[] = {shell.data(), dash_c.data(), script.data(), nullptr};
    // Its stderr goes to a scratch file: what it said there is quoted when it fails, and our own
    // stderr keeps one line an error.
    std::FILE* errors = std::tmpfile();
    if (!errors) return Error{"cannot make a scratch file for the engine's stderr"};
    const int errors_fd = ::fileno(errors);
    const pid_t pid = ::fork();
    if (pid < 0) {
        std::fclose(errors);
        return Error{"cannot start the engine " + in_quotes(command)};
    }
    if (pid == 0) {
        ::setpgid(0, 0);  // its own group, so whatever the command starts goes with it
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(errors_fd, 2);
        ::close_range(3, ~0u, 0);  // nothing of ours but its three descriptors
        ::execve(argv[0], argv, envp.data());
        ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    std::unique_ptr<UciEngine> engine(new UciEngine(command, pid, in[1], out[0]));
    engine->errors_ = errors;
    if (!engine->send("uci")) return Error{engine->died()};
    const auto uciok_by = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        auto line = engine->read_line(uciok_by, timeout_ms);
        if (!line) return Error{line.error() + " (waiting for 'uciok')"};
        if (line->rfind("id name ", 0) == 0) engine->name_ = std::string(trim(line->substr(8)));
        if (trim(*line) == "uciok") break;
    }
    if (!engine->send("isready")) return Error{engine->died()};
    const auto readyok_by = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        auto line = engine->read_line(readyok_by, timeout_ms);
        if (!line) return Error{line.error() + " (waiting for 'readyok')"};
        if (trim(*line) == "readyok") break;
    }
    return engine;
}

UciEngine::UciEngine(std::string command, pid_t pid, int to, int from)
    : command_(std::move(command)), name_(command_), pid_(pid), to_(to), from_(from) {}

UciEngine::~UciEngine() {
    if (errors_) std::fclose(errors_);
    send("quit");
    ::close(to_);
    ::close(from_);
    // A second to leave on its own, then SIGKILL.
    for (int i = 0; i < 100; ++i) {
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
            ::kill(-pid_, SIGKILL);  // anything it left behind
            return;
        }
        ::usleep(10000);
    }
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
}

bool UciEngine::send(const std::string& line) {
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(to_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

std::string UciEngine::last_words() const {
    if (!errors_) return "";
    std::string text, line, last;
    std::rewind(errors_);
    for (int c; (c = std::fgetc(errors_)) != EOF;) text += static_cast<char>(c);
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (const auto t = trim(std::string_view(text).substr(start, end - start)); !t.empty())
            last = std::string(t);
        start = end + 1;
    }
    return last.empty() ? "" : " (its stderr: " + in_quotes(last, 160) + ")";
}

std::string UciEngine::died() const {
    // Its output closes while it exits: the exit status may follow a moment later (seen under
    // load), so it is waited for a little before the engine is said to have only closed it.
    int status = 0;
    pid_t reaped = 0;
    for (int i = 0; i < 200 && (reaped = ::waitpid(pid_, &status, WNOHANG)) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (reaped == pid_) {
        if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
            return fmt::format("engine {} could not be started{}", in_quotes(command_),
                               last_words());
        if (WIFEXITED(status))
            return fmt::format("engine {} exited with status {}{}", in_quotes(command_),
                               WEXITSTATUS(status), last_words());
        if (WIFSIGNALED(status))
            return fmt::format("engine {} was killed by signal {}{}", in_quotes(command_),
                               WTERMSIG(status), last_words());
    }
    return fmt::format("engine {} closed its output{}", in_quotes(command_), last_words());
}

Result<std::string> UciEngine::read_line(Clock::time_point deadline, int timeout_ms) {
    for (;;) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (buffer_.size() > kMaxLine)
            return Error{fmt::format("engine {} wrote a line of more than {} bytes without an end",
                                     in_quotes(command_), grouped(kMaxLine))};
        const auto out_of_time = [&] {
            return Error{fmt::format("engine {} gave no answer within {} s", in_quotes(command_),
                                     timeout_ms / 1000.0)};
        };
        // The deadline holds however much the engine writes meanwhile.
        if (Clock::now() >= deadline) return out_of_time();
        pollfd p{from_, POLLIN, 0};
        const int ready = ::poll(&p, 1, std::max(1, ms_left(deadline)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return out_of_time();
        char chunk[4096];
        const ssize_t n = ::read(from_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Error{died()};
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

Result<EngineDivide> UciEngine::perft(const std::string& fen, int depth, int timeout_ms) {
    if (!send("position fen " + fen) || !send(fmt::format("go perft {}", depth)))
        return Error{died()};
    static const std::regex kMove(R"(^\s*([a-h][1-8][a-h][1-8][nbrq]?)\s*:\s*(\d+)\s*$)");
    static const std::regex kTotal(R"(^\s*(?:nodes searched|nodes|total)\s*:?\s*(\d+)\s*$)",
                                   std::regex::icase);
    EngineDivide divide;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    // A count beyond 64 bits is an answer in an unknown form, not a crash.
    const auto count = [&](const std::string& digits) -> Result<std::uint64_t> {
        std::uint64_t n = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        if (ec != std::errc() || end != digits.data() + digits.size())
            return Error{
                fmt::format("engine {} gave the count {}, beyond 64 bits (go perft {} "
                            "from {})",
                            in_quotes(command_), clipped(digits), depth, fen)};
        return n;
    };
    for (;;) {
        auto line = read_line(deadline, timeout_ms);
        if (!line) return Error{line.error() + fmt::format(" (go perft {} from {})", depth, fen)};
        std::smatch m;
        if (std::regex_match(*line, m, kMove)) {
            const auto n = count(m[2].str());
            if (!n) return Error{n.error()};
            divide.moves.emplace_back(m[1].str(), *n);
        } else if (std::regex_match(*line, m, kTotal)) {
            const auto n = count(m[1].str());
            if (!n) return Error{n.error()};
            divide.total = *n;
            return divide;
        }
    }
}

Result<std::string> UciEngine::best_move(const std::string& fen,
                                         const std::vector<std::string>& moves,
                                         const std::string& go, int timeout_ms) {
    std::string position = "position fen " + fen;
    if (!moves.empty()) position += " moves";
    for (const std::string& m : moves) position += " " + m;
    if (!send(position) || !send("go " + go)) return Error{died()};
    static const std::regex kBest(R"(^\s*bestmove\s+(\S+).*$)");
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        auto line = read_line(deadline, timeout_ms);
        if (!line) return Error{line.error() + fmt::format(" (go {} from {})", go, fen)};
        std::smatch m;
        if (std::regex_match(*line, m, kBest)) return m[1].str();
    }
}

}  // namespace retrocheck::app
