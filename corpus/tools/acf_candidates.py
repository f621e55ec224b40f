#!/usr/bin/env python3
"""Recovers the ACF problem of the seeds (../shared/seeds, "Another checker problem") from its
facts, with the tables: a 2-on-3 ending, White to move draws; White has a king on 23 and a piece
on 19; 23-26 and 19-15 draw (the only drawing moves), 23-18 loses; Black has at least two men.
It prints every position that fits, then narrows by the softer facts of the text: 23-18 "allows
Red to king both of its checkers" (Black has exactly two men, so one king), and Milhouse "can't
find the win for Red in a 31 ply deep search" after 23-18 (Black's win there is longer than 31
plies).

usage: acf_candidates.py RETROCHECK_BIN TABLES_DIR   (tables up to 5 pieces)
"""
import itertools
import json
import subprocess
import sys

BIN, TABLES = sys.argv[1:3]

fens = []
others = [s for s in range(1, 33) if s not in (19, 23)]
for piece19 in ("19", "K19"):
    for squares in itertools.combinations(others, 3):
        for king in (None, 0, 1, 2):  # at least two Black men: no king, or one
            if any(s >= 29 and i != king for i, s in enumerate(squares)):
                continue  # a Black man on White's back row would be a king
            black = ",".join(("K" if i == king else "") + str(s) for i, s in enumerate(squares))
            fens.append(f"W:WK23,{piece19}:B{black}")

run = subprocess.run([BIN, "probe", TABLES, "-", "--json"], input="\n".join(fens),
                     capture_output=True, text=True, check=True)
fits = []
for line in run.stdout.splitlines():
    d = json.loads(line)
    if d["value"]["result"] != "draw":
        continue
    moves = {m["move"]: m["value"] for m in d["moves"]}
    drawing = {m for m, v in moves.items() if v["result"] == "draw"}
    if drawing == {"23-26", "19-15"} and moves.get("23-18", {}).get("result") == "win":
        fits.append((d["fen"], moves["23-18"]["plies"]))

print(f"{len(fens)} positions tried; {len(fits)} fit the moves (draw; only 23-26 and 19-15 "
      "draw; 23-18 loses):")
for fen, plies in fits:
    print(f"  {fen}  after 23-18 Black wins in {plies} plies")
two_men = [(f, p) for f, p in fits if f.split(":B")[1].count("K") == 1]
deep = [(f, p) for f, p in two_men if p > 31]
print(f"{len(two_men)} with exactly two Black men (23-18 lets both crown); "
      f"{len(deep)} of them with Black's win after 23-18 longer than 31 plies:")
for fen, plies in deep:
    print(f"  {fen}  {plies}")
print("singled out: " + (deep[0][0] if len(deep) == 1 else "no"))
