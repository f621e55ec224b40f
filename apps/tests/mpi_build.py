#!/usr/bin/env python3
"""Builds and verifies spread over the ranks of an MPI job (`mpirun -np 3`, rank 0 handing out
slices, two ranks building them): the files are byte-identical to a one-process build's (or to
the checksum list kept in the repository), also when a rank is killed (SIGKILL) in the middle of
a slice and its slice is handed to another; `verify` under mpirun gives the one-process report
(for chess, the DTM and the DTZ50 tables' both).

Default tier: checkers 2-4 (also with a rank killed), chess 3-4 (DTM, against
tablebases/checksums/chess-3-4.sha256), chess KRPvK with DTM and DTZ and a rank killed; verify of
checkers 2-4 and KRPvK. --slow: checkers
2-5 (against checkers-2-5.sha256) and KQRvKR with every material it leads to, DTM and DTZ, with a
rank killed.

usage: mpi_build.py RETROCHECK MPIRUN CHECKSUMS_DIR SCRATCH [--slow]
"""
import json
import os
import shutil
import subprocess
import sys

EXE, MPIRUN, CHECKSUMS, SCRATCH = sys.argv[1:5]
SLOW = "--slow" in sys.argv[5:]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from table_checksums import differences, digests, read_list  # noqa: E402

# CI runs as root, which Open MPI refuses unless told; -np 3 on 2 cores needs --oversubscribe;
# --enable-recovery keeps the job running when a rank dies.
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")
failures = []


def run(cmd, env=ENV):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    return r.returncode, r.stdout, r.stderr


def mpirun(args, kill=None):
    env = dict(ENV)
    cmd = [MPIRUN, "--enable-recovery", "-np", "3"]
    if kill:
        env["RETROCHECK_TEST_KILL_RANK"] = kill
        cmd += ["-x", "RETROCHECK_TEST_KILL_RANK"]
    return run(cmd + [EXE, *args], env)


def fresh(name):
    d = os.path.join(SCRATCH, name)
    shutil.rmtree(d, ignore_errors=True)
    return d


def same_files(name, ref, out):
    if out is None:  # the build failed, and said so
        return
    problem = differences(ref, out)
    if problem:
        failures.append(f"{name}: {problem}")


def same_as_list(name, out, listed):
    if out is None:
        return
    want = read_list(os.path.join(CHECKSUMS, listed))
    got = digests(out)
    if got != want:
        wrong = sorted(set(got.items()) ^ set(want.items()))[:5]
        failures.append(f"{name}: files differ from {listed}: {wrong}")


def farmed_build(name, args, kill=None):
    out = fresh(name)
    extra = ["--silence", "5"] if kill else []
    code, stdout, stderr = mpirun(["build", *args, "--out", out, *extra], kill)
    if code != 0:
        failures.append(f"{name}: mpirun build exited {code}: {stderr[-1500:]}")
        return None
    if kill and "taken for dead" not in stdout + stderr:
        failures.append(f"{name}: no rank was taken for dead with {kill}:\n{stdout[-1500:]}")
    if "(rank 1)" not in stdout or "(rank 2)" not in stdout:
        failures.append(f"{name}: slices were not built by both ranks:\n{stdout[-1500:]}")
    if any(".tmp-" in f for f in os.listdir(out)) and not kill:
        failures.append(f"{name}: temporary files left: {os.listdir(out)}")
    print(f"{name}: " + stdout.strip().splitlines()[-6], flush=True)
    return out


def one_process(name, args):
    out = fresh(name)
    code, _, stderr = run([EXE, "build", *args, "--out", out, "--quiet"])
    if code != 0:
        sys.exit(f"{name}: build exited {code}: {stderr[-1500:]}")
    return out


def verify_both(name, d):
    code1, out1, err1 = run([EXE, "verify", d, "--json"])
    code3, out3, err3 = mpirun(["verify", d, "--json"])
    if code1 != 0 or code3 != 0:
        failures.append(f"{name}: verify exited {code1}, under mpirun {code3}: {err3[-800:]}")
        return
    one, farmed = json.loads(out1), json.loads(out3)
    reports = [("", one, farmed)]
    if "dtz" in one or "dtz" in farmed:  # a chess folder's DTZ50 tables, farmed out too
        reports.append(("DTZ50 ", one.get("dtz", {}), farmed.get("dtz", {})))
    for what, a, b in reports:
        for key in ("positions_checked", "violations", "findings", "slices"):
            if a.get(key) != b.get(key):
                failures.append(f"{name}: {what}verify's {key} {b.get(key)} under mpirun, "
                                f"{a.get(key)} in one process")


def main():
    if not SLOW:
        ref = one_process("checkers4-ref", ["checkers", "--pieces", "4"])
        same_files("checkers 2-4", ref, farmed_build("checkers4", ["checkers", "--pieces", "4"]))
        same_files("checkers 2-4, rank 2 killed",
                   ref, farmed_build("checkers4-kill", ["checkers", "--pieces", "4"], "2:5"))
        verify_both("checkers 2-4", ref)
        same_as_list("chess 3-4", farmed_build("chess4", ["chess", "--pieces", "4"]),
                     "chess-3-4.sha256")
        args = ["chess", "--material", "KRPvK", "--metric", "both"]
        ref = one_process("krpvk-ref", args)
        same_files("KRPvK DTM + DTZ, rank 2 killed", ref, farmed_build("krpvk-kill", args, "2:3"))
        verify_both("KRPvK", ref)
    else:
        out = farmed_build("checkers5", ["checkers", "--pieces", "5"])
        same_as_list("checkers 2-5", out, "checkers-2-5.sha256")
        args = ["chess", "--material", "KQRvKR", "--metric", "both"]
        same_files("KQRvKR DTM + DTZ, rank 1 killed", one_process("kqrvkr-ref", args),
                   farmed_build("kqrvkr-kill", args, "1:9"))
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


main()
