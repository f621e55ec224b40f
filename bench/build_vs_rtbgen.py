#!/usr/bin/env python3
"""A chess material built side by side with Syzygy's generator (issue 13's peer), in one run:
`rtbgen -t 2 -g MATERIAL` (WDL + DTZ, generated, not compressed or saved; its captures probe the
3-4 piece Syzygy files of RTBPATH) against `retrocheck build chess --material MATERIAL --metric
METRIC` (WDL + DTZ50 by default, the same work as rtbgen's; dtm for WDL + DTM; written). The two alternate, RUNS times each; ours is the material's own line of the
command's output (its successors are built first and are not counted), rtbgen its wall time.
Peak memory is each process's (wait4). Prints every run, the best of each and the ratio.

Debian packages no Syzygy generator: build rtbgen from syzygy1/tb yourself and pass its path.

usage: bench/build_vs_rtbgen.py RTBGEN [RETROCHECK_BIN] [MATERIAL] [RUNS] [METRIC]
The 3-4 piece Syzygy files: $RETROCHECK_THIRDPARTY/chess/syzygy (../shared/thirdparty by default).
"""
import os
import re
import subprocess
import sys
import tempfile
import time

if len(sys.argv) < 2:
    sys.exit(__doc__)
# Absolute: each build runs in a scratch directory of its own.
RTBGEN = os.path.abspath(sys.argv[1])
BIN = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "build/release/bin/retrocheck")
MATERIAL = sys.argv[3] if len(sys.argv) > 3 else "KQRvKR"
RUNS = int(sys.argv[4]) if len(sys.argv) > 4 else 3
METRIC = sys.argv[5] if len(sys.argv) > 5 else "dtz"
THIRDPARTY = os.environ.get("RETROCHECK_THIRDPARTY") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "thirdparty")
SYZYGY = os.path.join(THIRDPARTY, "chess", "syzygy")


def timed(command, cwd, env=None):
    """(seconds, peak KiB, stdout) of one process."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(command)} failed:\n{out[-2000:]}")
    return seconds, usage.ru_maxrss, out


def rtbgen(scratch):
    env = dict(os.environ, RTBPATH=SYZYGY)
    seconds, peak, _ = timed([RTBGEN, "-t", "2", "-g", MATERIAL], scratch, env)
    return seconds, peak


def ours(scratch):
    out_dir = os.path.join(scratch, "tables")
    _, peak, out = timed([BIN, "build", "chess", "--material", MATERIAL, "--metric", METRIC,
                          "--out", out_dir, "--threads", "2", "--overwrite"], scratch)
    line = re.search(rf"^{MATERIAL}\s.*?([\d.]+) s\s", out, re.MULTILINE)
    if not line:
        sys.exit(f"no line for {MATERIAL} in retrocheck's output:\n{out[-2000:]}")
    return float(line.group(1)), peak


for path, what in ((RTBGEN, "rtbgen"), (BIN, "retrocheck")):
    if not os.access(path, os.X_OK):
        sys.exit(f"{what} not found or not executable: {path}")
if not os.path.isdir(SYZYGY):
    sys.exit(f"the 3-4 piece Syzygy files are not in {SYZYGY} (RETROCHECK_THIRDPARTY)")

results = {"rtbgen": [], "retrocheck": []}
with tempfile.TemporaryDirectory() as scratch:
    for run in range(RUNS):
        for name, build in (("rtbgen", rtbgen), ("retrocheck", ours)):
            seconds, peak = build(scratch)
            results[name].append((seconds, peak))
            print(f"run {run + 1}  {name:<10} {seconds:7.2f} s  peak {peak / 1024:7.1f} MiB",
                  flush=True)
best = {name: min(runs) for name, runs in results.items()}
print(f"{MATERIAL}, best of {RUNS}: retrocheck (WDL + {METRIC.upper()}) {best['retrocheck'][0]:.2f} s, "
      f"rtbgen (WDL + DTZ) {best['rtbgen'][0]:.2f} s: {best['retrocheck'][0] / best['rtbgen'][0]:.2f} "
      f"times as long; peak {max(p for _, p in results['retrocheck']) / 1024:.1f} MiB against "
      f"{max(p for _, p in results['rtbgen']) / 1024:.1f} MiB")
