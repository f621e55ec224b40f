#!/usr/bin/env python3
"""A build killed mid-slice (SIGKILL) resumes: the second run keeps the files the first
finished, builds the rest, and the directory ends byte-identical to an uninterrupted build's; a
damaged file is built again; --overwrite builds every table afresh. Checkers 2-4 pieces and chess
KRPvK (and the materials it leads to) with DTM and DTZ.

usage: resume_build.py RETROCHECK SCRATCH
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

EXE, SCRATCH = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table_checksums import differences, tables  # noqa: E402
failures = []


def build(args, out, extra=()):
    r = subprocess.run([EXE, "build", *args, "--out", out, "--json", *extra], capture_output=True,
                       text=True)
    if r.returncode != 0:
        sys.exit(f"build {' '.join(args)} exited {r.returncode}: {r.stderr[-2000:]}")
    return json.loads(r.stdout)


def same(name, ref, out):
    problem = differences(ref, out)
    if problem:
        failures.append(f"{name}: {problem}")


def case(name, args, kill_after):
    ref, out = os.path.join(SCRATCH, name + "-ref"), os.path.join(SCRATCH, name)
    full = build(args, ref)
    total = full["slices"]
    # The interrupted run: killed once kill_after files are written, while it builds the next.
    p = subprocess.Popen([EXE, "build", *args, "--out", out, "--quiet"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    deadline = time.time() + 600
    while time.time() < deadline and p.poll() is None:
        if os.path.isdir(out) and len(tables(out)) >= kill_after:
            break
        time.sleep(0.005)
    if p.poll() is not None:
        failures.append(f"{name}: the build ended before it could be killed; kill_after too big")
        return
    p.send_signal(signal.SIGKILL)
    p.wait()
    done = len(tables(out))
    if not 0 < done < total:
        failures.append(f"{name}: killed with {done} of {total} files written, not mid-build")
    resumed = build(args, out)
    if resumed["kept"] != done or resumed["slices"] != total - done:
        failures.append(f"{name}: resumed run kept {resumed['kept']} and built "
                        f"{resumed['slices']}; expected {done} and {total - done}")
    if any(".tmp-" in f for f in os.listdir(out)):
        failures.append(f"{name}: the killed run's temporary file is still there")
    same(name + " resumed", ref, out)
    # A damaged file (one byte flipped in its last block) is built again.
    victim = os.path.join(out, tables(out)[len(tables(out)) // 2])
    data = bytearray(open(victim, "rb").read())
    data[-20] ^= 0x5A
    open(victim, "wb").write(bytes(data))
    again = build(args, out)
    if again["slices"] != 1 or again["kept"] != total - 1:
        failures.append(f"{name}: after damaging {victim}: built {again['slices']}, kept "
                        f"{again['kept']}; expected 1 and {total - 1}")
    same(name + " repaired", ref, out)
    fresh = build(args, out, ["--overwrite"])
    if fresh["slices"] != total or fresh["kept"] != 0:
        failures.append(f"{name}: --overwrite built {fresh['slices']} and kept {fresh['kept']}")
    same(name + " overwritten", ref, out)
    print(f"{name}: killed after {done} of {total} files; resumed, repaired and rebuilt alike")


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
case("checkers", ["checkers", "--pieces", "4"], 30)
case("chess", ["chess", "--material", "KRPvK", "--metric", "both"], 12)
if failures:
    print("\n".join(failures))
    sys.exit(1)
