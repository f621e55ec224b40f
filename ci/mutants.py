#!/usr/bin/env python3
"""Mutation testing: seeds one realistic bug at a time (ci/mutants.txt) into a scratch copy of
the tree, rebuilds incrementally, and runs the default tier the way ctest runs it, fast stage
first (label `fast`), then the rest (neither `slow` nor `fast`), stopping at the first failing
test. Prints a row a mutant (name, module, the test that killed it, seconds from the start of the
default tier to the kill, stage) and a summary. Exit 0 only when every mutant is killed; a
survivor fails it, and so does a mutant that does not apply or does not compile (the list is
wrong, not the tests).

usage: ci/mutants.py [--check] [--jobs N] [NAME_OR_MODULE ...]
  --check   apply each mutant and compile the object file it touches, run no test
  names     run only these mutants (or every mutant of these modules)
The scratch tree is build/mutants/ (MUTANTS_DIR); it is kept between runs so that the next run
builds incrementally too.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("MUTANTS_DIR", os.path.join(SRC, "build", "mutants"))
TREE = os.path.join(WORK, "tree")
BUILD = os.path.join(WORK, "build")
LOGS = os.path.join(WORK, "logs")
# The scratch tree has no ../shared beside it: the tests read the third-party files from here.
THIRDPARTY = os.environ.get("RETROCHECK_THIRDPARTY") or os.path.join(
    os.path.dirname(SRC), "shared", "thirdparty")
# The format check would kill any mutant that changes a line's length: it judges style, not
# behaviour, so it is left out of mutation runs.
EXCLUDE = "^format$"


class Mutant:
    def __init__(self, name, module, path, line):
        self.name, self.module, self.path, self.line = name, module, path, line
        self.old, self.new = [], []
        self.original = self.mutated = None  # the file's text, read once by prepare()

    def where(self):
        return f"ci/mutants.txt:{self.line} [{self.name}]"


def parse(path):
    """[name] module file, then `- ` lines (text to find, exactly once) and `+ ` lines (what
    replaces it); `#` comments and blank lines between entries."""
    mutants, m = [], None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("["):
                head = re.match(r"^\[([a-z0-9-]+)\]\s+(\S+)\s+(\S+)\s*$", line)
                if not head:
                    sys.exit(f"ci/mutants.txt:{n}: expected '[name] module path', got {line!r}")
                m = Mutant(head[1], head[2], head[3], n)
                mutants.append(m)
            elif line.startswith("- ") or line == "-":
                m.old.append(line[2:])
            elif line.startswith("+ ") or line == "+":
                m.new.append(line[2:])
            elif line.strip() and not line.startswith("#"):
                sys.exit(f"ci/mutants.txt:{n}: expected '[name] module path', '- ', '+ ' or '#'")
    names = [m.name for m in mutants]
    for m in mutants:
        if names.count(m.name) > 1:
            sys.exit(f"{m.where()}: the name is used twice")
        if not m.old:
            sys.exit(f"{m.where()}: no '- ' line")
    return mutants


def sync_tree():
    """Copies the tracked and untracked (not ignored) files of the source tree into TREE,
    rewriting only files whose bytes differ, so that the build stays incremental."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=SRC, check=True, capture_output=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src, dst = os.path.join(SRC, rel), os.path.join(TREE, rel)
        if not os.path.isfile(src):
            continue
        with open(src, "rb") as f:
            data = f.read()
        if os.path.exists(dst):
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        shutil.copymode(src, dst)


def prepare(m):
    """Reads m.path once and makes the mutated text; an error when the '- ' text does not stand
    exactly once."""
    with open(os.path.join(SRC, m.path)) as f:
        m.original = f.read()
    old, new = "\n".join(m.old), "\n".join(m.new)
    count = m.original.count(old)
    if count != 1:
        return f"{m.where()}: the '- ' text stands {count} times in {m.path}, not once"
    m.mutated = m.original.replace(old, new)
    return None


def write(rel, text):
    with open(os.path.join(TREE, rel), "w") as f:
        f.write(text)


def build(jobs, log, target=None):
    cmd = ["cmake", "--build", BUILD, "-j", str(jobs)] + (["--target", target] if target else [])
    with open(log, "w") as out:
        return subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT).returncode == 0


RESULT = re.compile(r"Test\s+#\d+: (\S+) \.*\s*\*\*\*(Failed|Timeout|Exception|Not Run)")
GTEST_FAILED = re.compile(r"^\[  FAILED  \] (\S+\.\S+) \(")
GTEST_RUN = re.compile(r"^\[ RUN      \] (\S+\.\S+)")
# What ctest prints once the failed test's output has been printed.
AFTER_OUTPUT = re.compile(r"^\s*(Start\s+\d+:|\d+/\d+ Test\s+#|The following tests|Errors while)")
# How long the failed test's output may take to come through before the stage is ended anyway.
OUTPUT_GRACE = 3.0


def kill_strays():
    """Kills every process still running a program of the scratch build once a stage is over. A
    plugin host runs in a process group of its own, out of ctest's reach, and a mutant of the
    host's kill path can leave one spinning, which would slow every run after it."""
    root = os.path.realpath(BUILD) + os.sep
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        if exe.startswith(root):
            try:
                os.kill(int(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass


def stage(label_args, jobs, log, t0):
    """Runs one ctest stage, stopping at the first failure. Returns (killer, seconds since t0 at
    the kill), or (None, seconds since t0 at the end) when every test passed. The killer names
    the ctest test and the gtest case that failed (or that was running when the test crashed or timed out)."""
    cmd = ["ctest", "--test-dir", BUILD, "-j", str(jobs), "--stop-on-failure",
           "--output-on-failure", "-E", EXCLUDE, "--timeout", "1800"] + label_args
    killer, when, gtest, running = None, None, None, None
    timer = None
    with open(log, "w") as out:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             env=dict(os.environ, CI="true", RETROCHECK_THIRDPARTY=THIRDPARTY),
                             start_new_session=True)

        def end_stage():
            # The kill is in: tests still running (a mutant can make one very slow) are ended
            # rather than waited for.
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

        for line in p.stdout:
            out.write(line)
            if killer is None:
                r = RESULT.search(line)
                if r:
                    killer, when = r[1], time.monotonic() - t0
                    # Its output follows; read it for the failing case, then end the stage.
                    timer = threading.Timer(OUTPUT_GRACE, end_stage)
                    timer.start()
                continue
            if AFTER_OUTPUT.match(line):
                end_stage()
                continue
            g, run = GTEST_FAILED.match(line), GTEST_RUN.match(line)
            if g and gtest is None:
                gtest = g[1]
            if run:
                running = run[1]
        p.wait()
        if timer:
            timer.cancel()
        kill_strays()
        if killer is None and p.returncode != 0:
            killer = "(ctest failed)"
        if when is None:
            when = time.monotonic() - t0
    if killer and gtest:
        killer += f" ({gtest})"
    elif killer and running:
        killer += f" (while running {running})"
    return killer, when


class Tier:
    """The default tier as ci/test.sh runs it. The rest of the tier is run unmutated the first
    time a mutant gets that far, so that a kill there is the mutant's doing."""

    def __init__(self, jobs):
        self.jobs, self.rest_is_green = jobs, False

    def run(self, m):
        """(killer, seconds from the tier's start, stage), killer None when m survives."""
        t0 = time.monotonic()
        killer, when = stage(["-L", "fast"], self.jobs, os.path.join(LOGS, m.name + ".fast.log"),
                             t0)
        if killer:
            return killer, when, "fast"
        if not self.rest_is_green:
            self.check_rest(m)
            t0 = time.monotonic() - when  # the kill still counts from the tier's start
        killer, when = stage(["-LE", "slow|fast"], self.jobs,
                             os.path.join(LOGS, m.name + ".rest.log"), t0)
        return (killer, when, "rest") if killer else (None, when, None)

    def check_rest(self, m):
        write(m.path, m.original)
        if not build(self.jobs, os.path.join(LOGS, "baseline.rest.build.log")):
            sys.exit("the unmutated tree does not build")
        b0 = time.monotonic()
        broken, _ = stage(["-LE", "slow|fast"], self.jobs,
                          os.path.join(LOGS, "baseline.rest.log"), b0)
        if broken:
            sys.exit(f"the unmutated tree fails the rest of the default tier ({broken}): "
                     f"see {LOGS}/baseline.rest.log")
        print(f"(unmutated rest of the default tier: {time.monotonic() - b0:.0f} s)", flush=True)
        self.rest_is_green = True
        write(m.path, m.mutated)
        if not build(self.jobs, os.path.join(LOGS, m.name + ".build.log")):
            sys.exit(f"{m.name} no longer builds")


def object_of(rel):
    """The ninja target that compiles rel alone (ninja's `source^`), or None for a header, whose
    mutant builds everything."""
    return os.path.join(TREE, rel) + "^" if rel.endswith(".cpp") else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("only", nargs="*")
    args = ap.parse_args()
    mutants = parse(os.path.join(SRC, "ci", "mutants.txt"))
    if args.only:
        # In the order asked for: modules (or names) first-named run first.
        rank = {n: i for i, n in enumerate(args.only)}
        mutants = [m for m in mutants if m.name in args.only or m.module in args.only]
        mutants.sort(key=lambda m: rank.get(m.name, rank.get(m.module, 0)))
        if not mutants:
            sys.exit("no mutant or module named " + " ".join(args.only))
    for m in mutants:
        error = prepare(m)
        if error:
            sys.exit(error)

    os.makedirs(LOGS, exist_ok=True)
    sync_tree()
    # ccache makes the rebuild after a file is restored a cache hit: each mutant then costs
    # about one compile of what it touches.
    launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []
    subprocess.run(["cmake", "-S", TREE, "-B", BUILD, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    "-DRETROCHECK_BENCH=OFF", "-DRETROCHECK_WERROR=OFF"] + launcher,
                   check=True, stdout=subprocess.DEVNULL)
    print(f"building the scratch tree {TREE} ...", flush=True)
    if not build(args.jobs, os.path.join(LOGS, "baseline.build.log")):
        sys.exit(f"the unmutated tree does not build: {LOGS}/baseline.build.log")

    if args.check:
        bad = 0
        for m in mutants:
            write(m.path, m.mutated)
            ok = build(args.jobs, os.path.join(LOGS, m.name + ".build.log"), object_of(m.path))
            write(m.path, m.original)
            print(f"{'ok  ' if ok else 'FAIL'} {m.name:<34} {m.module:<12} {m.path}"
                  f"{'' if ok else '  does not compile: ' + LOGS + '/' + m.name + '.build.log'}",
                  flush=True)
            bad += not ok
        build(args.jobs, os.path.join(LOGS, "restore.build.log"))
        sys.exit(1 if bad else 0)

    t0 = time.monotonic()
    killer, _ = stage(["-L", "fast"], args.jobs, os.path.join(LOGS, "baseline.fast.log"), t0)
    if killer:
        sys.exit(f"the unmutated tree fails the fast stage ({killer}): see {LOGS}/baseline.fast.log")
    print(f"unmutated fast stage: {time.monotonic() - t0:.0f} s", flush=True)

    tier = Tier(args.jobs)
    rows, problems = [], []
    print(f"{'mutant':<34} {'module':<12} {'seconds':>8}  {'stage':<5} killed by", flush=True)
    for m in mutants:
        write(m.path, m.mutated)
        if not build(args.jobs, os.path.join(LOGS, m.name + ".build.log")):
            problems.append(f"{m.where()}: does not compile ({LOGS}/{m.name}.build.log)")
            print(f"{m.name:<34} {m.module:<12} {'-':>8}  {'-':<5} DOES NOT COMPILE", flush=True)
        else:
            killer, seconds, where = tier.run(m)
            rows.append((m, killer, seconds, where))
            print(f"{m.name:<34} {m.module:<12} {seconds:>8.1f}  {where or '-':<5} "
                  f"{killer or 'SURVIVED'}", flush=True)
        write(m.path, m.original)

    killed = [r for r in rows if r[1]]
    fast = [r for r in killed if r[3] == "fast"]
    survivors = [r[0].name for r in rows if not r[1]]
    n = len(rows)
    print(f"\n{len(killed)} of {n} mutants killed ({100 * len(killed) / max(n, 1):.0f}%), "
          f"{len(fast)} by the fast stage ({100 * len(fast) / max(n, 1):.0f}%)")
    if survivors:
        print("survivors: " + ", ".join(survivors))
    for p in problems:
        print(p)
    build(args.jobs, os.path.join(LOGS, "restore.build.log"))
    sys.exit(1 if survivors or problems else 0)


if __name__ == "__main__":
    main()
