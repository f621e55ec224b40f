#!/usr/bin/env python3
"""What single-byte changes in a real Syzygy or Gaviota file become: refused by the reader (its
own checks or the library's, exit 2), found by the audit at the positions they change (exit 1),
or accepted (exit 0: the byte changes no position's value). A crash of the library is counted
apart: contained (the audit runs it in a child process and refuses the directory, exit 2, naming
the call, position and file) or not (retrocheck itself died: a bug; the script then fails).

usage: chess_fault_fractions.py RETROCHECK FORMAT SOURCE_DIR FILE[,FILE...] AGAINST SCRATCH [STEP]

FILE is changed one byte at a time (every STEP-th byte, default 1: all of them), XOR 0x5a, in
a copy of the material's files (and every file its moves lead to, unchanged) under SCRATCH; each
copy is audited with --against AGAINST. Prints one line a file and the fractions."""
import os
import shutil
import subprocess
import sys

BIN, FORMAT, SOURCE, FILES, AGAINST, SCRATCH = sys.argv[1:7]
STEP = int(sys.argv[7]) if len(sys.argv) > 7 else 1


def audit(directory):
    r = subprocess.run([BIN, "audit", "--format", FORMAT, directory, "--against", AGAINST,
                        "--threads", "1", "--max-examples", "1"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode == 2 and " crashed (" in r.stderr:
        return "library crash"
    return {0: "accepted", 1: "found", 2: "refused"}.get(r.returncode, "uncontained crash")


def copy_dir(names, dest):
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    for n in names:
        shutil.copyfile(os.path.join(SOURCE, n), os.path.join(dest, n))
        os.chmod(os.path.join(dest, n), 0o644)


KINDS = ["refused", "library crash", "found", "accepted", "uncontained crash"]
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
sys.exit(1 if totals["uncontained crash"] else 0)
