#!/usr/bin/env python3
"""Runs the examples README.md and docs/*.md mark as runnable (a fenced block opened with
"```sh runnable"), as a reader would: each block in order in one bash with -e, in a scratch
directory, with `retrocheck` on the PATH. A command that exits non-zero fails the test, naming
the file, the block's line and the command.

usage: doc_examples.py SOURCE_DIR BIN_DIR SCRATCH_DIR
"""
import glob
import os
import shutil
import subprocess
import sys


def blocks(path):
    """(line, text) of each runnable block of a Markdown file."""
    out, inside, start, body = [], False, 0, []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not inside and line.strip() == "```sh runnable":
                inside, start, body = True, n, []
            elif inside and line.strip() == "```":
                inside = False
                out.append((start, "".join(body)))
            elif inside:
                body.append(line)
    return out


def main():
    source, bindir, scratch = sys.argv[1:4]
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    files = [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    failures, ran = [], 0
    for path in files:
        for line, text in blocks(path):
            for command in [c for c in text.splitlines() if c.strip() and not c.startswith("#")]:
                ran += 1
                r = subprocess.run(["bash", "-c", command], cwd=scratch, env=env,
                                   capture_output=True, text=True)
                where = f"{os.path.relpath(path, source)}:{line}"
                if r.returncode != 0:
                    failures.append(f"{where}: `{command}` exited {r.returncode}: "
                                    f"{(r.stderr or r.stdout).strip()[-500:]}")
    print(f"{ran} commands of runnable examples run")
    if ran == 0:
        failures.append("no runnable example found (a block opened with ```sh runnable)")
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


main()
