#!/usr/bin/env python3
"""Progress lines: build (also while it folds successors read a group at a time), verify, audit,
prove, corpus and check-probe draw one on a terminal (stderr a pseudo-terminal here), with what
is done, a rate (above 0 in some line) and an ETA; none under --json, none when stderr is a
pipe; and what the command prints on stdout is the same either way.

usage: progress_lines.py RETROCHECK_BIN SCRATCH_DIR [PLUGINS_DIR]
"""
import json
import os
import pty
import re
import select
import subprocess
import sys

from report_fixtures import scratch_with_tables

BIN, SCRATCH = sys.argv[1:3]
PLUGINS = sys.argv[3] if len(sys.argv) > 3 else None
ENV = dict(os.environ, RETROCHECK_PROGRESS_MS="5")
LINE = re.compile(r"\r\x1b\[K([^\r]+)")
failures = []


def on_terminal(args):
    """Runs BIN ARGS with stderr on a pseudo-terminal: (exit code, stdout, the progress lines)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([BIN] + args, stdout=subprocess.PIPE, stderr=slave, env=ENV)
    os.close(slave)
    err = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the terminal closed with the last writer
                break
            if not chunk:
                break
            err += chunk
        elif p.poll() is not None:
            break
    out = p.stdout.read()
    p.wait()
    os.close(master)
    return p.returncode, out.decode(), LINE.findall(err.decode(errors="replace"))


def in_pipe(args):
    p = subprocess.run([BIN] + args, capture_output=True, env=ENV, text=True)
    return p.returncode, p.stdout, p.stderr


def skeleton(text):
    """The output without its numbers (times, rates and node counts differ run to run)."""
    return re.sub(r"[0-9][0-9.,]*", "#", text)


def check(name, args, status, word):
    where = "retrocheck " + " ".join(args)
    code, out, lines = on_terminal(args)
    problems = []
    if code != status:
        problems.append(f"exit {code}, expected {status}")
    shown = [l for l in lines if l.startswith(word)]
    if not shown:
        problems.append(f"no progress line starting {word!r} (lines: {lines[:3]})")
    for l in shown:
        if "ETA" not in l or "/s" not in l:
            problems.append(f"a line without a rate and an ETA: {l!r}")
            break
    rates = [int(m.replace(",", "")) for l in shown for m in re.findall(r"([0-9][0-9,]*) \w+/s", l)]
    if shown and not any(rates):
        problems.append(f"no line with a rate above 0: {shown[-1]!r}")
    piped_code, piped_out, piped_err = in_pipe(args)
    if "\x1b[K" in piped_err:
        problems.append("a progress line drawn into a pipe")
    if piped_code != code or skeleton(piped_out) != skeleton(out):
        problems.append("stdout differs between a terminal and a pipe")
    json_args = args + ["--json"]
    _, _, json_lines = on_terminal(json_args)
    if json_lines:
        problems.append(f"a progress line under --json: {json_lines[0]!r}")
    if problems:
        failures.append(f"{where}: " + "; ".join(problems))
    print(("FAIL " if problems else "ok   ") + where +
          (f": {len(shown)} lines, the last {shown[-1]!r}" if shown else "") +
          ("\n     " + "; ".join(problems) if problems else ""), flush=True)


t3, _, corpus = scratch_with_tables(BIN, SCRATCH)
beyond = os.path.join(SCRATCH, "beyond.tsv")
with open(beyond, "w") as f:  # six pieces, not proven in half a second
    f.write("B:W21,22,23:B9,10,11\tdraw\t-\t-\tsix men\t-\n")
check("build", ["build", "chess", "--material", "KRvK", "--out", os.path.join(SCRATCH, "krk"),
                "--overwrite"], 0, "KRvK")
# Within the least memory KRPvK's successors are read a group at a time: the passes that fold
# them show which group, so the line does not stand still at 0 of the slice's slots.
plan = subprocess.run([BIN, "build", "chess", "--material", "KRPvK", "--plan", "--rate", "1e6",
                       "--json"], capture_output=True, text=True)
least = str(json.loads(plan.stdout)["least_memory_bytes"])
check("build in groups", ["build", "chess", "--material", "KRPvK", "--memory", least, "--out",
                          os.path.join(SCRATCH, "krpk"), "--overwrite"], 0,
      "KRPvK successor group")
check("verify", ["verify", t3], 0, "verify")
check("audit", ["audit", "--db-format", "native", t3], 0, "audit")
check("prove", ["prove", "B:W21,22,23,24:B9,10,11,12", "--time", "1"], 3, "prove")
check("corpus", ["corpus", beyond, "--db", t3, "--time", "0.5"], 3, "corpus")
if PLUGINS:
    check("check-probe", ["check-probe", "--plugin", os.path.join(PLUGINS, "libexact_resolver.so"),
                          "--db", t3, "--cases", "3000"], 0, "check-probe")
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
