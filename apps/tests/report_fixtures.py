"""What the report tests (junit_reports.py, html_reports.py) share: a scratch folder with small
tables and a two-entry corpus (one verdict false), and running a command that writes a report."""
import os
import shutil
import subprocess

# The second verdict is false: White wins there.
SMALL_CORPUS = ("W:WK22,K23:BK31\twin\t-\t-\ttwo kings beat one\t-\n"
                "W:WK22,K23:BK30\tdraw\t-\t-\ta false verdict\t-\n")
FALSE_ENTRY = "W:WK22,K23:BK30"


def scratch_with_tables(binary, scratch, pieces=3):
    """Empties SCRATCH, builds tables of up to PIECES pieces in SCRATCH/t<pieces> and writes the
    small corpus to SCRATCH/small.tsv; returns (tables, number of slice files, corpus)."""
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    tables = os.path.join(scratch, f"t{pieces}")
    subprocess.run([binary, "build", "checkers", "--pieces", str(pieces), "--out", tables,
                    "--quiet"], check=True, capture_output=True)
    slices = len([f for f in os.listdir(tables) if f.endswith(".rctb")])
    corpus = os.path.join(scratch, "small.tsv")
    with open(corpus, "w") as f:
        f.write(SMALL_CORPUS)
    return tables, slices, corpus


def run_writing(binary, args, flag, path, status, failures):
    """Runs BINARY ARGS FLAG PATH; True when it exits with STATUS, else a failure is added."""
    where = "retrocheck " + " ".join(args)
    p = subprocess.run([binary] + args + [flag, path], capture_output=True, text=True)
    if p.returncode == status:
        return True
    failures.append(f"{where}: exit {p.returncode}, expected {status}\n{p.stderr[-2000:]}")
    print("FAIL " + failures[-1], flush=True)
    return False
