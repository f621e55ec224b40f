#!/usr/bin/env python3
"""`retrocheck check-probe` on the chess example plugins, as a user runs it: Fathom over the
published Syzygy files must pass against our DTZ50 tables (3-4 pieces, and KBBvKN with its
7.75 million cursed wins), libgaviotatb over the Gaviota files against our DTM tables; and each of
the Syzygy prober's seeded faults (examples/plugins/syzygy_probe.cpp: en passant ignored, the
50-move boundary one ply early, the clock ignored, a colour flip in symmetric material) must be
found within 60 s, by the kind of position that shows it, shrunk to at most 4 pieces, with the
move that proves our value.

usage: check_probe_chess.py RETROCHECK PLUGINS_DIR DTZ_DIR DTM_DIR [KBBVKN_DIR]

DTZ_DIR is built (`build chess --pieces 4 --metric dtz`) when it holds no tables; DTM_DIR holds
our 3-4 piece DTM tables, KBBVKN_DIR the KBBvKN DTZ50 tables and those it leads to. The
third-party files are RETROCHECK_THIRDPARTY (else RETROCHECK_THIRDPARTY_DEFAULT)/chess/...;
missing, the test is skipped (exit 77), or fails when RETROCHECK_REQUIRE_THIRDPARTY=1."""
import json
import os
import subprocess
import sys
import time

BIN, PLUGINS, DTZ_DIR, DTM_DIR = sys.argv[1:5]
KBBVKN_DIR = sys.argv[5] if len(sys.argv) > 5 else None

root = os.environ.get("RETROCHECK_THIRDPARTY") or os.environ.get("RETROCHECK_THIRDPARTY_DEFAULT")
SYZYGY, SYZYGY5, GAVIOTA = (os.path.join(root or "", "chess", d)
                            for d in ("syzygy", "syzygy5", "gaviota"))
for d in (SYZYGY, SYZYGY5, GAVIOTA):
    if not root or not os.path.isdir(d):
        if os.environ.get("RETROCHECK_REQUIRE_THIRDPARTY") == "1":
            sys.exit(f"third-party data {d} is missing (RETROCHECK_THIRDPARTY)")
        print(f"skipped: {d} not found under RETROCHECK_THIRDPARTY")
        sys.exit(77)

failures = []


def fail(message):
    print("FAIL " + message, flush=True)
    failures.append(message)


def plugin(name):
    return os.path.join(PLUGINS, f"lib{name}.so")


def check_probe(name, db, status, cases=20000, env=None):
    """Runs check-probe --json; expects `status`; returns the report."""
    command = [BIN, "check-probe", "--plugin", plugin(name), "--db", db, "--cases", str(cases),
               "--max-examples", "4", "--json"]
    start = time.monotonic()
    run = subprocess.run(command, capture_output=True, text=True,
                         env=dict(os.environ, **(env or {})))
    where = " ".join(f"{k}={v}" for k, v in (env or {}).items()) + " " + " ".join(command)
    print(f"{where}: exit {run.returncode} after {time.monotonic() - start:.1f} s", flush=True)
    if run.returncode != status:
        fail(f"{where}: exit {run.returncode}, expected {status}: {run.stderr.strip()[-2000:]}")
        return None
    doc = json.loads(run.stdout)
    print(f"  checked {doc['checked']:,}, allowed {doc['allowed']:,}, wrong values "
          f"{doc['wrong_values']:,}, wrong statuses {doc['wrong_statuses']:,}, kinds "
          f"{doc['kinds']}", flush=True)
    return doc


def symmetric(fen):
    board = fen.split()[0]
    return sorted(c for c in board if c.isupper()) == sorted(c.upper() for c in board
                                                                if c.islower())


def passes(name, db, env, kinds=()):
    doc = check_probe(name, db, 0, env=env)
    if doc and not doc["passed"]:
        fail(f"{name} against {db}: not passed")
    for kind in kinds:
        if doc and doc["kinds"].get(kind, 0) == 0:
            fail(f"{name} against {db}: no position of the kind {kind!r} asked")


if not os.path.isdir(DTZ_DIR) or not any(f.endswith(".dtz.rctb") for f in os.listdir(DTZ_DIR)):
    subprocess.run([BIN, "build", "chess", "--pieces", "4", "--metric", "dtz", "--out", DTZ_DIR,
                    "--overwrite", "--quiet"], check=True)

syzygy = {"RETROCHECK_SYZYGY_PATH": SYZYGY}
passes("syzygy_probe", DTZ_DIR, syzygy,
       ["en passant, legal", "clock near 100", "mate or stalemate in one", "pawn on the seventh",
        "symmetric material", "castling rights"])
passes("gaviota_probe", DTM_DIR, {"RETROCHECK_GAVIOTA_PATH": GAVIOTA})
if KBBVKN_DIR:
    passes("syzygy_probe", KBBVKN_DIR, {"RETROCHECK_SYZYGY_PATH": f"{SYZYGY}:{SYZYGY5}"},
           ["dtz over 100", "clock near 100"])

# Each fault: found within 60 s, first by the kind of position it breaks (the colour flip: a
# symmetric material, whatever kind drew it), shrunk to at most 4 pieces, with our proof.
for fault, shows in (("en-passant", lambda e: e["kind"] == "en passant, legal"),
                     ("fifty-edge", lambda e: e["kind"] == "clock near 100"),
                     ("clock", lambda e: e["kind"] == "clock near 100"),
                     ("colour-flip", lambda e: symmetric(e["found_fen"]))):
    doc = check_probe("faulty_syzygy_probe", DTZ_DIR, 1,
                      env=dict(syzygy, EXAMPLE_PROBE_FAULT=fault))
    if not doc:
        continue
    examples = doc["examples"]
    if not examples:
        fail(f"{fault}: no example")
        continue
    first = examples[0]
    print(f"  first: {first['problem']} ({first['kind']}) after {first['found_after']} s at "
          f"{first['fen']} ({first['pieces']} pieces), plugin {first['plugin_value']}, ours "
          f"{first['ours']}, child {first['child'] and first['child']['move']}", flush=True)
    if first["found_after"] >= 60:
        fail(f"{fault}: found after {first['found_after']} s")
    if not any(shows(e) for e in examples):
        fail(f"{fault}: no example of the kind that shows it: {[e['kind'] for e in examples]}")
    for e in examples:
        if e["pieces"] > 4:
            fail(f"{fault}: {e['fen']} not shrunk to 4 pieces")
        if e["problem"] == "wrong-value" and (e["ours"] is None or e["child"] is None):
            fail(f"{fault}: {e['fen']} without our value and the move that proves it")
    if fault in ("fifty-edge", "clock") and first["fen"].split()[4] == "0":
        fail(f"{fault}: {first['fen']} lost the clock that shows it")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
