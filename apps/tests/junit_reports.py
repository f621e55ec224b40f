#!/usr/bin/env python3
"""--junit FILE on every command that takes it: the report is valid JUnit XML (junit_check.py),
one test case a slice, entry or kind of case, failing exactly where the run found something, the
failures naming the position (FEN) and the rule or move; a report that cannot be written is an
error that names the file (exit 2), and nothing half-written is left.

usage: junit_reports.py RETROCHECK_BIN SOURCE_DIR SCRATCH_DIR [PLUGINS_DIR]
"""
import os
import subprocess
import sys

from report_fixtures import FALSE_ENTRY, run_writing, scratch_with_tables

BIN, SOURCE, SCRATCH = sys.argv[1:4]
PLUGINS = sys.argv[4] if len(sys.argv) > 4 else None
CHECK = os.path.join(SOURCE, "apps", "tests", "junit_check.py")
failures = []


def run(args, status, report, *check):
    """Runs retrocheck ARGS --junit REPORT, expects `status`, then junit_check.py on REPORT."""
    where = "retrocheck " + " ".join(args)
    if not run_writing(BIN, args, "--junit", report, status, failures):
        return
    c = subprocess.run([sys.executable, CHECK, report] + list(check), capture_output=True,
                       text=True)
    line = c.stdout.strip()
    if c.returncode != 0:
        failures.append(f"{where}: {line}")
    print(("ok   " if c.returncode == 0 else "FAIL ") + f"{where}: {line}", flush=True)


t3, slices, corpus = scratch_with_tables(BIN, SCRATCH)
out = lambda name: os.path.join(SCRATCH, name)

run(["verify", t3], 0, out("verify.xml"), "--cases", str(slices), "--failures", "0")
# Audit: one case a slice and side to move, of the slices with a piece on each side.
run(["audit", "--db-format", "native", t3], 0, out("audit.xml"), "--failures", "0")
run(["corpus", corpus, "--db", t3], 1, out("corpus.xml"), "--cases", "2", "--failures", "1",
    "--contains", FALSE_ENTRY, "--contains", "expected draw")
# Not proven within the budget: an error of type not-proven (exit 3), not a failure; skipped
# with --unknown pass (exit 0).
unproven = os.path.join(SCRATCH, "unproven.tsv")
with open(unproven, "w") as f:
    f.write("W:W32,27,24,K22,14:B20,19,K15,13,1\tdraw\t-\t-\tCHECKERS.md\t-\n")
run(["corpus", unproven, "--db", t3, "--nodes", "100"], 3, out("corpus_unknown.xml"),
    "--cases", "1", "--failures", "0", "--errors", "1", "--contains",
    "not proven within the budget")
run(["corpus", unproven, "--db", t3, "--nodes", "100", "--unknown", "pass"], 0,
    out("corpus_unknown_pass.xml"), "--cases", "1", "--failures", "0", "--errors", "0",
    "--skipped", "1")

if PLUGINS:
    lib = lambda name: os.path.join(PLUGINS, f"lib{name}.so")
    run(["check-movegen", "--plugin", lib("buggy_movegen"), "--cases", "400"], 1,
        out("movegen.xml"), "--cases", "3", "--some-failures", "--contains", "W:W11:B6,7",
        "--contains", "extra    11x2x9")
    run(["check-probe", "--plugin", lib("botched_resolver"), "--db", t3, "--cases", "400"],
        1, out("probe_botched.xml"), "--some-failures", "--contains", "wrong-value")
    # Failing cases none of whose examples is shown still carry a type.
    run(["check-probe", "--plugin", lib("botched_resolver"), "--db", t3, "--cases", "400",
         "--max-examples", "0"], 1, out("probe_unshown.xml"), "--some-failures")
    run(["check-probe", "--plugin", lib("exact_resolver"), "--db", t3, "--cases", "400"],
        0, out("probe_exact.xml"), "--failures", "0")

# A report that cannot be written: exit 2, the file named, no temporary left behind.
bad = os.path.join(SCRATCH, "no-such-dir", "r.xml")
p = subprocess.run([BIN, "verify", t3, "--junit", bad], capture_output=True, text=True)
if p.returncode != 2 or bad not in p.stderr:
    failures.append(f"unwritable report: exit {p.returncode}, stderr {p.stderr!r}")
leftovers = [f for f in os.listdir(SCRATCH) if f.endswith(".tmp")]
if leftovers:
    failures.append(f"temporary files left: {leftovers}")
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
