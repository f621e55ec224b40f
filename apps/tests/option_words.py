#!/usr/bin/env python3
"""One word for each thing, across every command's --help: a table folder an option names is
--db, its format --db-format, a time budget --time and a call's --call-time (both in seconds),
a memory limit --memory (a size, as 6GiB), the cap on examples --max-examples with one default.
Any other spelling of these concepts is a failure naming the command and the option; so is an
old spelling that is not refused. And help that tells the truth: a required option shows no
default, and a default shown lies within the option's own range.

usage: option_words.py RETROCHECK
"""
import re
import subprocess
import sys

BIN = sys.argv[1]
ALLOWED = {"--db", "--db-format", "--time", "--call-time", "--memory", "--max-examples"}
# What marks an option as one of the concepts, and its old spellings (refused, naming the new).
CONCEPT = re.compile(r"against|format|timeout|time|-ms$|examples|tables|memory")
OLD = {"--against": "--db", "--format": "--db-format", "--timeout": "--call-time",
       "--call-timeout-ms": "--call-time", "--memory-mb": "--memory"}


def help_text(args):
    return subprocess.run([BIN] + args + ["--help"], capture_output=True, text=True).stdout


def commands():
    text = help_text([])
    section = text.split("Subcommands:", 1)[1]
    return [m.group(1) for m in re.finditer(r"^  (\S+)\s", section, re.M)]


failures = []
max_example_defaults = {}
for cmd in commands():
    text = help_text([cmd])
    for m in re.finditer(r"^\s+(?:-\w,)?(--[\w-]+)([^\n]*)", text, re.M):
        name, rest = m.group(1), m.group(2)
        if CONCEPT.search(name) and name not in ALLOWED:
            failures.append(f"{cmd} {name}: a second spelling of "
                            "--db / --db-format / --time / --call-time / --memory / --max-examples")
        full = m.group(0)
        if "REQUIRED" in full and re.search(r"=\S", full.split("REQUIRED")[0].split(None, 1)[-1]):
            failures.append(f"{cmd} {name}: REQUIRED, yet shows a default: {full.strip()}")
        bounds = re.search(r"in \[([-\d.e+]+) - ([-\d.e+]+)\]=([-\d.e+]+)", full)
        if bounds:
            lo, hi, d = (float(x) for x in bounds.groups())
            if not lo <= d <= hi:
                failures.append(f"{cmd} {name}: default {bounds.group(3)} outside its range "
                                f"[{bounds.group(1)}, {bounds.group(2)}]")
        if name == "--max-examples":
            d = re.search(r"=(\d+)", rest)
            max_example_defaults[cmd] = d.group(1) if d else None
    for old, new in OLD.items():
        r = subprocess.run([BIN, cmd, old, "1"], capture_output=True, text=True)
        if old + ": renamed" in r.stderr and new not in r.stderr:
            failures.append(f"{cmd} {old}: refused without naming {new}: {r.stderr.strip()}")
# Where the old spellings stood: refused (exit 2), naming the new one.
for cmd, old in (("audit", "--against"), ("audit", "--format"), ("audit", "--call-timeout-ms"),
                 ("audit", "--memory-mb"),
                 ("check-probe", "--against"), ("check-probe", "--call-timeout-ms"),
                 ("check-movegen", "--call-timeout-ms"), ("perft-diff", "--timeout")):
    r = subprocess.run([BIN, cmd, old, "1"], capture_output=True, text=True)
    if r.returncode != 2 or OLD[old] not in r.stderr:
        failures.append(f"{cmd} {old}: exit {r.returncode}, {r.stderr.strip()!r}: expected exit 2 "
                        f"naming {OLD[old]}")
if len(set(max_example_defaults.values())) > 1:
    failures.append(f"--max-examples defaults differ: {max_example_defaults}")
if not max_example_defaults:
    failures.append("no command shows --max-examples")
for f in failures:
    print("FAIL:", f)
print(f"{len(commands())} commands' options read; --max-examples defaults {max_example_defaults}")
sys.exit(1 if failures else 0)
