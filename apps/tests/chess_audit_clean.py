#!/usr/bin/env python3
"""`retrocheck audit --db-format FORMAT` of a third-party chess directory, as a user runs it: exit 0,
every material the directory holds audited with both sides to move, the expected number of
positions (and of positions with an en passant right) checked, no disagreement, no violation,
and for Syzygy the DTZ compared with ours: for every material, or with --dtz-pieces N for exactly
those of up to N pieces (the rows say which), each compared material holding DTZ values that the
file stores; the counts of the allowed differences (rounded, from the WDL file) are printed per
material. --material passes the audit's own option (only those materials of the directory).
--also SUBDIR2 --scratch DIR audits DIR, made of links to the files of both subdirectories (a
5-piece file beside the 3-4 piece ones its captures lead to).

usage: chess_audit_clean.py RETROCHECK FORMAT THIRDPARTY_SUBDIR AGAINST MATERIALS POSITIONS EN_PASSANT
           [--dtz-pieces N] [--material LIST] [--also SUBDIR2 --scratch DIR]

The directory is RETROCHECK_THIRDPARTY (else RETROCHECK_THIRDPARTY_DEFAULT)/THIRDPARTY_SUBDIR.
Missing, the test is skipped (exit 77), or fails when RETROCHECK_REQUIRE_THIRDPARTY=1."""
import json
import os
import shutil
import subprocess
import sys
import time

BIN, FORMAT, SUBDIR, AGAINST = sys.argv[1:5]
MATERIALS, POSITIONS, EN_PASSANT = (int(a) for a in sys.argv[5:8])
OPTIONS = dict(zip(sys.argv[8::2], sys.argv[9::2]))
DTZ_PIECES = int(OPTIONS["--dtz-pieces"]) if "--dtz-pieces" in OPTIONS else None

root = os.environ.get("RETROCHECK_THIRDPARTY") or os.environ.get("RETROCHECK_THIRDPARTY_DEFAULT")
directory = os.path.join(root or "", SUBDIR)
ALSO = OPTIONS.pop("--also", None)
SCRATCH = OPTIONS.pop("--scratch", None)
subdirs = [directory] + ([os.path.join(root or "", ALSO)] if ALSO else [])
for d in subdirs:
    if not root or not os.path.isdir(d):
        if os.environ.get("RETROCHECK_REQUIRE_THIRDPARTY") == "1":
            sys.exit(f"third-party data {d} is missing (RETROCHECK_THIRDPARTY)")
        print(f"skipped: {d} not found under RETROCHECK_THIRDPARTY")
        sys.exit(77)
if ALSO:
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(SCRATCH)
    for d in subdirs:
        for name in os.listdir(d):
            if name.endswith((".rtbw", ".rtbz")):
                os.symlink(os.path.join(d, name), os.path.join(SCRATCH, name))
    directory = SCRATCH

command = [BIN, "audit", "--db-format", FORMAT, directory, "--db", AGAINST, "--json"]
for option, value in OPTIONS.items():
    command += [option, value]
print(" ".join(command), flush=True)
start = time.monotonic()
run = subprocess.run(command, capture_output=True, text=True)
print(f"exit {run.returncode} after {time.monotonic() - start:.1f} s")
failures = []
if run.returncode != 0:
    failures.append(f"exit {run.returncode}: {run.stderr.strip()[-3000:]}")
try:
    doc = json.loads(run.stdout)
except json.JSONDecodeError as e:
    sys.exit(f"FAIL: --json printed no JSON document ({e}): {run.stdout[:500]}")

rows = doc.get("slices", [])
materials = {row["material"] for row in rows}
sides = {(row["material"], row["side_to_move"]) for row in rows}
if len(materials) != MATERIALS or len(sides) != 2 * MATERIALS:
    failures.append(f"{len(materials)} materials and {len(sides)} material-side rows, "
                    f"expected {MATERIALS} and {2 * MATERIALS}")
for row in rows:
    if row["checked"] == 0:
        failures.append(f"{row['material']}, {row['side_to_move']} to move: nothing checked")
expected = {"total_checked": POSITIONS, "total_en_passant": EN_PASSANT,
            "total_disagreements": 0, "total_violations": 0}
for key, want in expected.items():
    if doc.get(key) != want:
        failures.append(f"{key} {doc.get(key)}, expected {want}")
if FORMAT == "syzygy":
    if doc.get("dtz") is not True:
        failures.append("the DTZ was not judged")
    for row in rows:
        pieces = sum(1 for c in row["material"] if c.isalpha() and c != "v")
        want = DTZ_PIECES is None or pieces <= DTZ_PIECES
        if row["dtz"] != want:
            failures.append(f"{row['material']}, {row['side_to_move']} to move: DTZ "
                            f"{'judged' if row['dtz'] else 'not judged'} (--dtz-pieces "
                            f"{DTZ_PIECES})")
    by_material = {}
    for row in rows:
        if row["dtz"]:
            counts = by_material.setdefault(row["material"], [0, 0, 0, 0])
            for i, key in enumerate(("dtz_exact", "dtz_rounded", "dtz_from_wdl", "dtz_other_side")):
                counts[i] += row[key]
    print("material: DTZ equal, rounded, from WDL, other side")
    for material, counts in by_material.items():
        print(f"  {material}: " + ", ".join(f"{c:,}" for c in counts))
        # A material with wins or losses has DTZ values its file stores (KBvK, KNvK have none).
        if sum(counts) and counts[0] + counts[1] == 0:
            failures.append(f"{material}: no DTZ value of the file was compared")
for e in doc.get("examples", [])[:5]:
    failures.append(f"example: {e['problem']} at {e['fen']}")
print(f"{doc.get('total_checked')} positions checked ({doc.get('total_en_passant')} with an en "
      f"passant right) in {len(materials)} materials, {doc.get('total_disagreements')} "
      f"disagreements, {doc.get('total_violations')} violations, {doc.get('seconds')} s")
if failures:
    print("FAIL:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("ok")
