#!/usr/bin/env python3
"""Checks README.md's shape (readme_shape), then runs the examples README.md and docs/*.md mark
as runnable (a fenced block opened with "```sh runnable"), as a reader would: each block in
order in one bash with -e, in a scratch directory, with `retrocheck` on the PATH. A command that
exits non-zero fails the test, naming the file, the block's line and the command.

usage: doc_examples.py SOURCE_DIR BIN_DIR SCRATCH_DIR
"""
import glob
import os
import re
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


def readme_shape(source):
    """What README.md must be for a newcomer: under 300 lines; the two set-up commands first (the
    main job, then the test suite, which .ci/run runs exactly); every docs/ page it links there;
    no commit hash (measurements go in commit messages and docs/performance.md)."""
    problems = []
    with open(os.path.join(source, "README.md"), encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines()
    if len(lines) >= 300:
        problems.append(f"README.md has {len(lines)} lines, 300 or more")
    commands = re.findall(r"```sh\n(.*?)\n```", text, re.S)[:2]
    if commands[:1] != ["bash ci/setup.sh && build/release/bin/retrocheck check"] or \
            commands[1:2] != ["bash ci/test.sh"]:
        problems.append(f"README.md does not start with the two commands: {commands}")
    with open(os.path.join(source, ".ci", "run"), encoding="utf-8") as f:
        if not f.read().rstrip().endswith("exec " + (commands[1:2] or ["?"])[0]):
            problems.append(".ci/run does not run exactly the README's second command")
    for page in re.findall(r"\]\((docs/[^)#]+)", text):
        if not os.path.exists(os.path.join(source, page)):
            problems.append(f"README.md links {page}, which does not exist")
    for n, line in enumerate(lines, 1):
        if re.search(r"\b(at|commit) [0-9a-f]{7,40}\b", line):
            problems.append(f"README.md:{n}: a commit hash in prose: {line.strip()}")
    return problems


def main():
    source, bindir, scratch = sys.argv[1:4]
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    files = [os.path.join(source, "README.md")] + sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    failures, ran = readme_shape(source), 0
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
