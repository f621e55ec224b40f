// retrocheck-plugin-host LIBRARY: the process a plugin runs in. retrocheck starts it with the
// limits of a call already set (time is kept by retrocheck), in a process group of its own, on
// the descriptors of plugins/protocol.h. It loads the library, says what it found, then makes
// one call per request. Before it dies of a signal it says which, whether the fault was at the
// stack's limit and how much memory it had in use.
//
// It is the subreaper of whatever the plugin starts: a process still there when a call returns
// (a fork, and its orphans, running or already exited) is its child, which it kills, reaps and
// counts in the answer. A fork of the host itself that returns from the plugin exits at once:
// only the host answers, and only it reads requests.
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "plugins/protocol.h"
#include "retrocheck/plugin.h"

namespace wire = retrocheck::plugins::wire;

namespace {

// The top of the main thread's stack (near enough) and how far it may grow.
std::uintptr_t g_stack_top = 0;
std::uintptr_t g_stack_limit = 0;

// Bytes of address space in use, from /proc/self/statm (async-signal-safe: no allocation).
std::uint64_t memory_in_use() {
    const int fd = open("/proc/self/statm", O_RDONLY);
    if (fd < 0) return 0;
    char buf[64];
    const ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    std::uint64_t pages = 0;
    for (ssize_t i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; ++i)
        pages = pages * 10 + static_cast<std::uint64_t>(buf[i] - '0');
    return pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

// Says how the host dies, then dies of the same signal.
void on_fatal(int sig, siginfo_t* info, void*) {
    wire::Fatal f;
    f.signal = sig;
    f.stack_limit = g_stack_limit;
    f.memory_in_use = memory_in_use();
    if (sig == SIGSEGV || sig == SIGBUS) {
        const auto addr = reinterpret_cast<std::uintptr_t>(info->si_addr);
        const std::uintptr_t slack = 1u << 20;
        const std::uintptr_t bottom = g_stack_top - g_stack_limit;
        f.stack_overflow = g_stack_limit && addr + slack >= bottom && addr <= bottom + slack;
    }
    // put() is write(2) in a loop: async-signal-safe.
    (void)(wire::put(wire::kReplyFd, wire::Message::Fatal) && wire::put(wire::kReplyFd, f.signal) &&
           wire::put(wire::kReplyFd, f.stack_overflow) &&
           wire::put(wire::kReplyFd, f.stack_limit) && wire::put(wire::kReplyFd, f.memory_in_use));
    signal(sig, SIG_DFL);
    raise(sig);  // delivered when the handler returns
}

void watch_the_stack() {
    int here = 0;
    g_stack_top = reinterpret_cast<std::uintptr_t>(&here);
    rlimit r{};
    if (getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur != RLIM_INFINITY) g_stack_limit = r.rlim_cur;
    static std::vector<char> alt(1 << 16);
    stack_t ss{};
    ss.ss_sp = alt.data();
    ss.ss_size = alt.size();
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = on_fatal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (const int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL}) sigaction(sig, &sa, nullptr);
}

int refuse(const std::string& why) {
    (void)wire::put(wire::kReplyFd, wire::Message::Refused);
    (void)wire::put_text(wire::kReplyFd, why);
    return 2;
}

// The processes the calling process has as children, running or exited and not yet reaped: what
// the plugin started and left behind, orphans of its forks included (this process is their
// subreaper). Each is killed and reaped. (Counting the exited ones too makes a fork found
// however fast it ends: a forked copy of the host exits as soon as the plugin returns in it.)
std::uint32_t kill_left_behind() {
    std::uint32_t n = 0;
    DIR* tasks = opendir("/proc/self/task");
    if (!tasks) return 0;
    while (const dirent* t = readdir(tasks)) {
        if (t->d_name[0] == '.') continue;
        std::ifstream children(std::string("/proc/self/task/") + t->d_name + "/children");
        for (long pid = 0; children >> pid;) {
            std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
            std::string line;
            std::getline(stat, line);
            const auto paren = line.rfind(')');
            const bool zombie =
                paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'Z';
            ++n;
            if (!zombie) kill(static_cast<pid_t>(pid), SIGKILL);
            waitpid(static_cast<pid_t>(pid), nullptr, 0);
        }
    }
    closedir(tasks);
    return n;
}

// The legal moves as the wire has them: the count the plugin returned, then the text.
void legal_moves_body(const rc_plugin& p, const std::string& fen, wire::Body& body) {
    std::string out(4096, '\0');
    std::int64_t n = p.legal_moves(fen.c_str(), out.data(), out.size());
    if (n >= static_cast<std::int64_t>(out.size()) && n < wire::kMaxBody - 64) {
        out.assign(static_cast<std::size_t>(n) + 1, '\0');
        n = p.legal_moves(fen.c_str(), out.data(), out.size());
    }
    if (n >= 0 && n < static_cast<std::int64_t>(out.size()))
        out.resize(static_cast<std::size_t>(n));
    else
        out.clear();
    body.put(n);
    body.put_text(out);
}

// The answer to request `tag`, in one write.
bool answer(std::uint32_t tag, const wire::Body& body) {
    wire::Body frame;
    frame.put(wire::Message::Answer);
    frame.put(tag);
    frame.put(kill_left_behind());
    frame.put_text(body.bytes());
    return wire::write_all(wire::kReplyFd, frame.bytes().data(), frame.bytes().size());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    // What the plugin prints goes to stderr, never onto the protocol or retrocheck's stdout.
    dup2(STDERR_FILENO, STDOUT_FILENO);
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    const pid_t host = getpid();
    watch_the_stack();
    void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char* e = dlerror();
        return refuse(e ? e : "cannot be loaded");
    }
    auto entry = reinterpret_cast<rc_plugin_entry>(dlsym(lib, RC_PLUGIN_ENTRY));
    if (!entry)
        return refuse("exports no function " + std::string(RC_PLUGIN_ENTRY) +
                      " (is it a retrocheck plugin?)");
    const rc_plugin* p = entry();
    if (!p) return refuse(std::string(RC_PLUGIN_ENTRY) + "() returned no table");
    // Another version's table may be shorter or mean other things by its fields: only its
    // version and game are read. A version 2 table is version 3's without the chess probe.
    const bool ours = p->abi_version == RC_PLUGIN_ABI_VERSION || p->abi_version == 2;
    const bool chess_probe = p->abi_version == RC_PLUGIN_ABI_VERSION && p->probe_chess;
    std::uint8_t entries = 0;
    if (ours) {
        if (p->legal_moves) entries |= wire::kLegalMoves;
        if (p->perft) entries |= wire::kPerft;
        if (p->probe) entries |= wire::kProbe;
        if (chess_probe) entries |= wire::kProbeChess;
    }
    wire::Body loaded;
    loaded.put(wire::Message::Loaded);
    loaded.put(p->abi_version);
    loaded.put(p->game);
    loaded.put(entries);
    loaded.put_text(ours && p->name ? p->name : "");
    loaded.put(ours ? p->probe_metric : 0u);
    loaded.put(ours ? p->probe_captures : 0u);
    loaded.put(chess_probe ? p->chess_values : 0u);
    if (!wire::write_all(wire::kReplyFd, loaded.bytes().data(), loaded.bytes().size())) return 2;
    for (;;) {
        wire::Op op{};
        std::uint32_t tag = 0;
        std::string fen;
        if (wire::get(wire::kRequestFd, op) != wire::Read::Done ||
            wire::get(wire::kRequestFd, tag) != wire::Read::Done ||
            wire::get_text(wire::kRequestFd, fen, 1 << 16) != wire::Read::Done)
            return 0;  // retrocheck closed the pipe: done
        wire::Body body;
        switch (op) {
            case wire::Op::LegalMoves:
                if (!(entries & wire::kLegalMoves)) return 2;
                legal_moves_body(*p, fen, body);
                break;
            case wire::Op::Perft: {
                std::int32_t depth = 0;
                if (wire::get(wire::kRequestFd, depth) != wire::Read::Done ||
                    !(entries & wire::kPerft))
                    return 2;
                body.put(p->perft(fen.c_str(), depth));
                break;
            }
            case wire::Op::Probe: {
                if (!(entries & wire::kProbe)) return 2;
                const rc_probe_result r = p->probe(fen.c_str());
                body.put(r.status);
                body.put(r.wld);
                body.put(r.distance);
                break;
            }
            case wire::Op::ProbeChess: {
                if (!(entries & wire::kProbeChess)) return 2;
                const rc_chess_probe_result r = p->probe_chess(fen.c_str());
                body.put(r.status);
                body.put(r.wdl);
                body.put(r.dtz);
                body.put(r.dtm);
                break;
            }
            default:
                return 2;
        }
        // A copy of the host the plugin forked, back from the plugin: it must neither answer
        // nor read the next request (the host counts it, exited, in its own answer).
        if (getpid() != host) _exit(0);
        if (!answer(tag, body)) return 2;
    }
}
