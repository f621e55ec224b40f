#!/usr/bin/env python3
"""What single-byte changes in a real Syzygy or Gaviota file become: refused by the reader (its
own checks or the library's, exit 2), found by the audit at the positions they change (exit 1),
or accepted (exit 0: the byte changes no position's value). A crash of the library, and a call
that does not return within a second, are counted apart: contained (the audit runs the library in
a child process and refuses the directory, exit 2, naming the call, position and file) or not
(retrocheck itself died or hung: a bug; the script then fails).

usage: chess_fault_fractions.py RETROCHECK FORMAT SOURCE FILE[,FILE...] AGAINST SCRATCH [STEP]
         [--min-detected F]

SOURCE is a directory, or a path under RETROCHECK_THIRDPARTY (else RETROCHECK_THIRDPARTY_DEFAULT)
such as chess/syzygy; missing, the test is skipped (exit 77), or fails when
RETROCHECK_REQUIRE_THIRDPARTY=1.

FILE is changed one byte at a time (every STEP-th byte, default 1: all of them), XOR 0x5a, in
a copy of the material's files (and every file its moves lead to, unchanged) under SCRATCH; each
copy is audited with --db AGAINST. Prints one line a file and the fractions. With
--min-detected, fails when less than that fraction of the changes is refused, contained or
found (the rest are accepted: no position's value changed, as far as the audit can see)."""
import os
import shutil
import subprocess
import sys

args = sys.argv[1:]
MIN_DETECTED = None
if "--min-detected" in args:
    at = args.index("--min-detected")
    MIN_DETECTED = float(args[at + 1])
    del args[at:at + 2]
BIN, FORMAT, SOURCE, FILES, AGAINST, SCRATCH = args[0:6]
STEP = int(args[6]) if len(args) > 6 else 1
if not os.path.isdir(SOURCE):
    root = os.environ.get("RETROCHECK_THIRDPARTY") or os.environ.get(
        "RETROCHECK_THIRDPARTY_DEFAULT", "")
    SOURCE = os.path.join(root, SOURCE)
    if not os.path.isdir(SOURCE):
        if os.environ.get("RETROCHECK_REQUIRE_THIRDPARTY") == "1":
            sys.exit(f"third-party data {SOURCE} is missing (RETROCHECK_THIRDPARTY)")
        print(f"skipped: {SOURCE} not found under RETROCHECK_THIRDPARTY")
        sys.exit(77)
os.makedirs(SCRATCH, exist_ok=True)


def audit(directory):
    try:
        r = subprocess.run([BIN, "audit", "--db-format", FORMAT, directory, "--db", AGAINST,
                            "--threads", "1", "--max-examples", "1", "--call-time", "1"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           timeout=600)
    except subprocess.TimeoutExpired:
        return "uncontained crash"  # the audit itself hung: a bug
    if r.returncode == 2 and " crashed (" in r.stderr:
        return "library crash"
    if r.returncode == 2 and " gave no answer within " in r.stderr:
        return "library hang"
    return {0: "accepted", 1: "found", 2: "refused"}.get(r.returncode, "uncontained crash")


def copy_dir(names, dest):
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    for n in names:
        shutil.copyfile(os.path.join(SOURCE, n), os.path.join(dest, n))
        os.chmod(os.path.join(dest, n), 0o644)


KINDS = ["refused", "library crash", "library hang", "found", "accepted", "uncontained crash"]
totals = dict.fromkeys(KINDS, 0)
for target in FILES.split(","):
    # The target's material (both Syzygy files) and every material of fewer pieces, copied.
    names = sorted(n for n in os.listdir(SOURCE) if n.endswith((".rtbw", ".rtbz", ".gtb.cp4",
                                                               ".gtb.cp1")))
    base = os.path.join(SCRATCH, "base")
    stem = target.split(".")[0]
    keep = [n for n in names if n.split(".")[0] == stem or len(n.split(".")[0]) < len(stem)]
    copy_dir(keep, base)
    if audit(base) != "accepted":
        sys.exit(f"{target}: the unchanged files do not audit clean")
    data = open(os.path.join(SOURCE, target), "rb").read()
    counts = dict.fromkeys(KINDS, 0)
    for i in range(0, len(data), STEP):
        changed = bytearray(data)
        changed[i] ^= 0x5A
        with open(os.path.join(base, target), "wb") as f:
            f.write(changed)
        counts[audit(base)] += 1
    with open(os.path.join(base, target), "wb") as f:
        f.write(data)
    n = sum(counts.values())
    print(f"{target}: {n} single-byte changes of {len(data)} bytes: "
          + ", ".join(f"{k} {v} ({100.0 * v / n:.1f}%)" for k, v in counts.items()), flush=True)
    for k in totals:
        totals[k] += counts[k]
n = sum(totals.values())
print("all: " + ", ".join(f"{k} {v} ({100.0 * v / n:.1f}%)" for k, v in totals.items()))
if totals["uncontained crash"]:
    sys.exit("a change crashed or hung retrocheck itself")
detected = (n - totals["accepted"]) / n
if MIN_DETECTED is not None and detected < MIN_DETECTED:
    sys.exit(f"detected {100.0 * detected:.1f}% of the changes, less than the floor "
             f"{100.0 * MIN_DETECTED:.1f}%")
print(f"detected {100.0 * detected:.1f}%"
      + (f" (floor {100.0 * MIN_DETECTED:.1f}%)" if MIN_DETECTED is not None else ""))
