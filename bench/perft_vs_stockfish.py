#!/usr/bin/env python3
"""Chess perft side by side with Debian's stockfish, one thread each, in one run: start depth 6
and Kiwipete depth 5 (issue 12). Stockfish is timed from `go perft` to its `Nodes searched`
line, after its start-up and `readyok`; ours is `retrocheck perft --json`'s own seconds. Each
is the best of three runs. Prints both times, both node counts (they must agree) and the ratio.

usage: bench/perft_vs_stockfish.py [RETROCHECK_BIN] [STOCKFISH]
"""
import json
import os
import shutil
import subprocess
import sys
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/release/bin/retrocheck"
SF = sys.argv[2] if len(sys.argv) > 2 else (shutil.which("stockfish") or "/usr/games/stockfish")
CASES = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]


def stockfish_perft(fen, depth):
    sf = subprocess.Popen([SF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def wait_for(prefix):
        for line in sf.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"stockfish ended before '{prefix}'")

    sf.stdin.write("uci\nsetoption name Threads value 1\nisready\n")
    wait_for("readyok")
    sf.stdin.write(f"position fen {fen}\n")
    t0 = time.perf_counter()
    sf.stdin.write(f"go perft {depth}\n")
    nodes = int(wait_for("Nodes searched").split(":")[1])
    seconds = time.perf_counter() - t0
    sf.stdin.write("quit\n")
    sf.wait()
    return nodes, seconds


def our_perft(fen, depth):
    out = subprocess.run([BIN, "perft", fen, str(depth), "--threads", "1", "--json"],
                         capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    return doc["nodes"], doc["seconds"]


if not os.path.exists(SF):
    sys.exit(f"stockfish not found ({SF}): ci/setup.sh installs it")
print(f"{'position':<10} {'depth':>5} {'nodes':>13} {'retrocheck':>11} {'stockfish':>10} "
      f"{'ratio':>6}")
for name, fen, depth in CASES:
    ours = min((our_perft(fen, depth) for _ in range(3)), key=lambda r: r[1])
    theirs = min((stockfish_perft(fen, depth) for _ in range(3)), key=lambda r: r[1])
    if ours[0] != theirs[0]:
        sys.exit(f"{name}: node counts differ: ours {ours[0]}, stockfish {theirs[0]}")
    print(f"{name:<10} {depth:>5} {ours[0]:>13,} {ours[1]:>10.3f}s {theirs[1]:>9.3f}s "
          f"{theirs[1] / ours[1]:>5.2f}x")
