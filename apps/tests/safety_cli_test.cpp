// Nothing waits, grows or writes without a limit (issue 31): a FIFO or a directory named like a
// table is refused without being opened for reading; a report never replaces a device, a FIFO
// or a symbolic link; output lost to a full device is exit 2; a killed build's temporary files
// are removed by the next build; a build that cannot finish is refused before it starts; an
// engine that writes without end is stopped at its limit. Each command runs under `timeout`, so
// a hang fails the test instead of stopping it.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "apps/tests/cli_run.h"
#include "plugins/tests/leftover_processes.h"
#include "tablebases/tests/scratch.h"

namespace {

namespace fs = std::filesystem;

// No process any test starts (plugins, engines, children) may outlive the tests.
auto* const kNothingLeft =
    ::testing::AddGlobalTestEnvironment(new retrocheck::testing::NothingLeftRunning);
using retrocheck::tb::testing::scratch;
using retrocheck::tb::testing::slurp;
using retrocheck::tb::testing::spit;

// `retrocheck args`, killed after 20 seconds; stdout and stderr together (unless args redirect
// them).
CliRun bounded(const std::string& args) {
    return run(args, contains(args, "2>&1") ? "" : "2>&1", 20);
}

const fs::path& two_pieces() {
    static const fs::path dir = [] {
        const fs::path d = scratch("t2");
        EXPECT_EQ(run("build checkers --pieces 2 --out " + d.string()).status, 0);
        return d;
    }();
    return dir;
}

// A copy of the 2-piece tables with `name` (a table's name) made by make(path).
template <typename Make>
fs::path tables_with(const std::string& dir_name, const std::string& name, Make make) {
    const fs::path dir = scratch(dir_name);
    for (const auto& f : fs::directory_iterator(two_pieces()))
        fs::copy_file(f.path(), dir / f.path().filename());
    fs::remove(dir / name);
    make(dir / name);
    return dir;
}

TEST(Safety, AFifoNamedLikeATableIsRefusedNotWaitedFor) {
    const fs::path dir = tables_with("fifo", "bm0bk1wm0wk1.rctb", [](const fs::path& p) {
        ASSERT_EQ(::mkfifo(p.c_str(), 0644), 0);
    });
    for (const std::string& args : {"verify " + dir.string(), "stats " + dir.string(),
                                    "probe " + dir.string() + " 'B:WK22:BK31'",
                                    "search 'B:WK22:BK31' --depth 2 --db " + dir.string(),
                                    "prove 'B:WK22:BK31' --nodes 1000 --db " + dir.string()}) {
        const CliRun r = bounded(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
        EXPECT_TRUE(contains(r.out, "bm0bk1wm0wk1.rctb: a FIFO, not a table file")) << args << "\n"
                                                                                    << r.out;
    }
}

TEST(Safety, ADirectoryNamedLikeATableIsNamedSo) {
    const fs::path dir = tables_with("folder", "bm0bk1wm0wk1.rctb",
                                     [](const fs::path& p) { fs::create_directory(p); });
    const CliRun r = bounded("verify " + dir.string());
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "bm0bk1wm0wk1.rctb: a directory, not a table file")) << r.out;
}

// A report goes through a device, a FIFO and a link, and never replaces them.
TEST(Safety, AReportNeverReplacesADeviceAFifoOrALink) {
    const fs::path dir = scratch("reports");
    const std::string verify = "verify " + two_pieces().string();
    // Character devices of our own (the null and full devices' numbers), so that a wrong rename
    // could only ever replace these, never /dev's. Making them needs root: without, the rest
    // still runs.
    const fs::path null = dir / "null", full = dir / "full";
    if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0 &&
        ::mknod(full.c_str(), S_IFCHR | 0666, makedev(1, 7)) == 0) {
        const CliRun r = bounded(verify + " --junit " + null.string());
        EXPECT_EQ(r.status, 0) << r.out;
        EXPECT_TRUE(fs::is_character_file(null)) << "the report was renamed over the device";
        // A full device: the write fails, and says so.
        const CliRun f = bounded(verify + " --junit " + full.string());
        EXPECT_EQ(f.status, 2) << f.out;
        EXPECT_TRUE(contains(f.out, "full: cannot write the JUnit report: No space left")) << f.out;
        EXPECT_TRUE(fs::is_character_file(full)) << "the report was renamed over the device";
    } else {
        std::cout << "mknod is not allowed here: the devices' part is skipped\n";
    }
    // A link: its target is replaced, the link stays.
    spit(dir / "target.xml", "old");
    fs::create_symlink(dir / "target.xml", dir / "link.xml");
    const CliRun linked = bounded(verify + " --junit " + (dir / "link.xml").string());
    EXPECT_EQ(linked.status, 0) << linked.out;
    EXPECT_TRUE(fs::is_symlink(dir / "link.xml"));
    EXPECT_TRUE(contains(slurp(dir / "target.xml"), "<testsuites")) << slurp(dir / "target.xml");
    // A FIFO no one reads: refused, not waited on, and still a FIFO.
    ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
    const CliRun fifo = bounded(verify + " --html " + (dir / "fifo").string());
    EXPECT_EQ(fifo.status, 2) << fifo.out;
    EXPECT_TRUE(contains(fifo.out, "a FIFO that no process reads")) << fifo.out;
    EXPECT_TRUE(fs::is_fifo(dir / "fifo"));
    // A directory: refused when the command line is read, before any work.
    const CliRun folder = bounded(verify + " --junit " + dir.string());
    EXPECT_EQ(folder.status, 2) << folder.out;
    EXPECT_TRUE(contains(folder.out, "is a directory")) << folder.out;
}

TEST(Safety, OutputLostToAFullDeviceIsNoPass) {
    for (const std::string& args : {"verify " + two_pieces().string(), std::string("perft 3"),
                                    "verify " + two_pieces().string() + " --json"}) {
        const CliRun r = bounded(args + " 2>&1 > /dev/full");  // stderr still to the pipe
        EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
        EXPECT_TRUE(contains(r.out, "cannot write the output: No space left on device"))
            << args << "\n"
            << r.out;
    }
}

// A killed build leaves NAME.rctb.tmp-PID; the next build removes it once PID is gone, and
// leaves a running build's own.
TEST(Safety, AKilledBuildsTemporaryFilesAreRemovedByTheNext) {
    const fs::path dir = scratch("leftovers");
    const pid_t gone = ::fork();
    if (gone == 0) ::_exit(0);
    ASSERT_GT(gone, 0);
    ::waitpid(gone, nullptr, 0);
    const fs::path dead = dir / ("bm0bk1wm0wk1.rctb.tmp-" + std::to_string(gone));
    const fs::path alive = dir / ("bm0bk1wm0wk1.rctb.tmp-" + std::to_string(::getpid()));
    spit(dead, "half a table");
    spit(alive, "a table being written");
    const CliRun r = bounded("build checkers --pieces 2 --out " + dir.string());
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_FALSE(fs::exists(dead));
    EXPECT_TRUE(fs::exists(alive));
}

TEST(Safety, ABuildThatCannotFinishIsRefusedBeforeItStarts) {
    const fs::path dir = scratch("too_big");
    const auto t0 = std::chrono::steady_clock::now();
    const CliRun r = bounded("build chess --material KQQQQQQvK --out " + (dir / "t").string());
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out,
                         "KQQQQQQvK has 56,802,455,556 slots: more than the builder's "
                         "32-bit ids number"))
        << r.out;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    EXPECT_FALSE(fs::exists(dir / "t")) << "nothing is written for a build refused";
    const CliRun checkers = bounded("build checkers --pieces 8 --out " + (dir / "c").string());
    EXPECT_EQ(checkers.status, 2) << checkers.out;
    EXPECT_TRUE(contains(checkers.out, "this machine has")) << checkers.out;
}

// A PDN file of 300,000 games (a tag repeated: each repeat begins a game), as JSON and as text,
// under a 150 MiB address-space limit: read a game at a time, it fits (whole, it took 10 GB at
// 50 MB and aborted on bad_alloc under a limit).
TEST(Safety, APdnFileIsReadAGameAtATime) {
    const fs::path file = scratch("pdn") / "tags.pdn";
    {
        std::ofstream out(file);
        for (int i = 0; i < 300000; ++i) out << "[Event \"x\"]\n";
    }
    for (const std::string& json : {std::string(" --json"), std::string()}) {
        const CliRun r = bounded("pdn " + file.string() + json + " 2>&1 > /dev/null");
        EXPECT_EQ(r.status, 0) << r.out;
    }
    // The same under the limit, through the shell's ulimit.
    const std::string cmd = "ulimit -v 153600; " + std::string(RETROCHECK_BIN) + " pdn " +
                            file.string() + " --json > /dev/null";
    EXPECT_EQ(std::system(("bash -c '" + cmd + "'").c_str()), 0);
}

// 600,000 FENs on stdin under an 80 MiB address-space limit: checked whole, then made again one
// at a time (held whole, as text, lines and positions, they took about twice that).
TEST(Safety, FensInBulkAreReadInBoundedMemory) {
    const fs::path file = scratch("bulk") / "many.fen";
    {
        std::ofstream out(file);
        for (int i = 0; i < 600000; ++i) out << "W:WK17,24:B8,K18\n";
    }
    const std::string cmd = "ulimit -v 81920; cat " + file.string() + " | " +
                            std::string(RETROCHECK_BIN) + " moves - --json | wc -l";
    FILE* pipe = popen(("bash -c '" + cmd + "'").c_str(), "r");
    ASSERT_TRUE(pipe);
    char buf[64] = {};
    ASSERT_TRUE(std::fgets(buf, sizeof buf, pipe));
    EXPECT_EQ(pclose(pipe), 0);
    EXPECT_EQ(std::atoi(buf), 600000);
}

// `yes` never stops writing and never answers: the handshake's limit holds all the same.
TEST(Safety, AnEngineThatWritesWithoutEndIsStoppedAtItsLimit) {
    const auto t0 = std::chrono::steady_clock::now();
    const CliRun r = bounded("perft-diff --engine yes 2 --call-time 2");
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "engine 'yes' gave no answer within 2 s (waiting for 'uciok')"))
        << r.out;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(8));
}

// A chess folder with a damaged file: the damage is named, not the FEN taken for checkers.
TEST(Safety, ADamagedChessFolderIsNamedAsSuch) {
    const fs::path dir = scratch("chess_damaged");
    ASSERT_EQ(run("build chess --material KQvK --out " + dir.string()).status, 0);
    std::string bytes = slurp(dir / "KQvK.rctb");
    bytes[0] = 'X';
    spit(dir / "KQvK.rctb", bytes);
    const CliRun r = bounded("probe " + dir.string() + " '8/8/8/8/8/2k5/8/KQ6 w - - 0 1'");
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_TRUE(contains(r.out, "KQvK.rctb: not a retrocheck table: bad magic")) << r.out;
}

}  // namespace
