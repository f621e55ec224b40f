#!/usr/bin/env python3
"""`retrocheck corpus corpus/chess.tsv --json` through chess tables: every entry the tables can
hold (up to MAX_PIECES pieces) passes, through the tables, and `retrocheck probe` gives its
position the same value; every other is unknown (never a pass: chess has no prover beyond the
tables). With EXTRA (materials to build into a scratch
directory beside the tables' files, e.g. KRPvKR) the tables then hold every entry.

usage: chess_corpus.py RETROCHECK CORPUS TABLES MAX_PIECES [EXTRA SCRATCH]
"""
import json
import os
import shutil
import subprocess
import sys


def pieces(fen):
    return sum(ch.isalpha() for ch in fen.split()[0])


def main():
    exe, corpus, tables, max_pieces = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    failures = []
    if len(sys.argv) > 5:
        extra, scratch = sys.argv[5], sys.argv[6]
        shutil.rmtree(scratch, ignore_errors=True)
        build = subprocess.run([exe, "build", "chess", "--material", extra, "--out", scratch],
                               capture_output=True, text=True)
        if build.returncode != 0:
            sys.exit(f"build {extra} exited {build.returncode}: {build.stderr[-2000:]}")
        for name in os.listdir(tables):
            if not os.path.exists(os.path.join(scratch, name)):
                os.symlink(os.path.abspath(os.path.join(tables, name)), os.path.join(scratch, name))
        tables = scratch
    run = subprocess.run([exe, "corpus", corpus, "--db", tables, "--json"], capture_output=True,
                         text=True)
    doc = json.loads(run.stdout)
    held = unknown = 0
    for e in doc["entries"]:
        where = f"line {e['line']} ({e['fen']})"
        if pieces(e["fen"]) <= max_pieces:
            held += 1
            if e["status"] != "pass":
                failures.append(f"{where}: {e['status']}: "
                                f"{[c['found_text'] for c in e['checks'] if not c['ok']]}")
            if any(c["method"] != "tables" for c in e["checks"]):
                failures.append(f"{where}: a check not through the tables")
            # `probe` reads the tables the position needs as it needs them (its material and
            # those its moves lead to: en passant captures); corpus holds the set: one value.
            position = next(c for c in e["checks"] if c["subject"] == "position")
            probe = subprocess.run([exe, "probe", tables, e["fen"], "--json"],
                                   capture_output=True, text=True)
            value = json.loads(probe.stdout)["value"] if probe.returncode == 0 else None
            if value != position["found"]:
                failures.append(f"{where}: probe answers {value} (exit {probe.returncode}: "
                                f"{probe.stderr.strip()[-300:]}), corpus {position['found']}")
        else:
            unknown += 1
            if e["status"] != "unknown":
                failures.append(f"{where}: {e['status']} with no table to hold it")
    want_exit = 3 if unknown else 0
    if run.returncode != want_exit:
        failures.append(f"exit {run.returncode}, expected {want_exit}: {run.stderr[-500:]}")
    if held == 0:
        failures.append("no entry the tables hold")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print(f"{held} entries through the tables pass; {unknown} beyond them unknown")


main()
