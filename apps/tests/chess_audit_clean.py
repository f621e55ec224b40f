#!/usr/bin/env python3
"""`retrocheck audit --db-format FORMAT` of a third-party chess directory, as a user runs it: exit 0,
every material the directory holds audited with both sides to move, the expected number of
positions (and of positions with an en passant right) checked, no disagreement, no violation,
and for Syzygy the DTZ judged: for every material, or with --dtz-pieces N for exactly those of up
to N pieces (the rows say which).

usage: chess_audit_clean.py RETROCHECK FORMAT THIRDPARTY_SUBDIR AGAINST MATERIALS POSITIONS EN_PASSANT
           [--dtz-pieces N]

The directory is RETROCHECK_THIRDPARTY (else RETROCHECK_THIRDPARTY_DEFAULT)/THIRDPARTY_SUBDIR.
Missing, the test is skipped (exit 77), or fails when RETROCHECK_REQUIRE_THIRDPARTY=1."""
import json
import os
import subprocess
import sys
import time

BIN, FORMAT, SUBDIR, AGAINST = sys.argv[1:5]
MATERIALS, POSITIONS, EN_PASSANT = (int(a) for a in sys.argv[5:8])
DTZ_PIECES = int(sys.argv[9]) if sys.argv[8:9] == ["--dtz-pieces"] else None

root = os.environ.get("RETROCHECK_THIRDPARTY") or os.environ.get("RETROCHECK_THIRDPARTY_DEFAULT")
directory = os.path.join(root or "", SUBDIR)
if not root or not os.path.isdir(directory):
    if os.environ.get("RETROCHECK_REQUIRE_THIRDPARTY") == "1":
        sys.exit(f"third-party data {directory} is missing (RETROCHECK_THIRDPARTY)")
    print(f"skipped: {directory} not found under RETROCHECK_THIRDPARTY")
    sys.exit(77)

command = [BIN, "audit", "--db-format", FORMAT, directory, "--db", AGAINST, "--json"]
if DTZ_PIECES is not None:
    command += ["--dtz-pieces", str(DTZ_PIECES)]
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
for e in doc.get("examples", [])[:5]:
    failures.append(f"example: {e['problem']} at {e['fen']}")
print(f"{doc.get('total_checked')} positions checked ({doc.get('total_en_passant')} with an en "
      f"passant right) in {len(materials)} materials, {doc.get('total_disagreements')} "
      f"disagreements, {doc.get('total_violations')} violations, {doc.get('seconds')} s")
if failures:
    print("FAIL:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("ok")
