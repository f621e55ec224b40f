#!/usr/bin/env python3
"""`retrocheck check --game chess --json`: exit 0, no violation, and every figure CHESS.md
publishes for 3 and 4 pieces (W/D/L per side to move over symmetry classes, the longest wins,
KQvK's 23,048 raw draws with Black to move, KPvKR's 85-ply win as KRvKP's), then the under-promotion probe.

usage: chess_figures.py RETROCHECK OUT_DIR
"""
import json
import subprocess
import sys

# material: (White to move W, D, L), (Black to move W, D, L), longest win for White (plies)
PUBLISHED = {
    "KQvK": ((18081, 0, 0), (0, 2896, 25160), 19),
    "KRvK": ((21959, 0, 0), (0, 2796, 25260), 31),
    "KPvK": ((62480, 19184, 0), (0, 35210, 48802), 55),
    "KBvK": ((0, 24178, 0), (0, 28056, 0), None),
    "KNvK": ((0, 25750, 0), (0, 28056, 0), None),
    "KBNvK": ((1352913, 6665, 0), (0, 309147, 1398741), 65),
    "KQvKR": ((1108111, 8963, 2142), (386313, 78518, 883075), 69),
}


def longest_plies(row):
    """The longest win's plies (None where the side to move wins nowhere)."""
    return row["longest_win"]["value"]["plies"] if row["longest_win"] else None


def main():
    exe, out = sys.argv[1], sys.argv[2]
    run = subprocess.run([exe, "check", "--game", "chess", "--out", out, "--overwrite", "--json"],
                         capture_output=True, text=True)
    failures = []
    if run.returncode != 0:
        failures.append(f"check exited {run.returncode}: {run.stderr[-2000:]}")
    doc = json.loads(run.stdout)
    if doc["verify"]["violations"] != 0:
        failures.append(f"verify: {doc['verify']['violations']} violations: "
                        f"{json.dumps(doc['verify']['examples'][:2])}")
    slices = doc["stats"]["slices"]
    rows = {(r["material"], r["side_to_move"]): r for r in slices}
    if len(slices) != 2 * 35:
        failures.append(f"{len(slices)} rows, expected 70 (35 materials in their canonical colouring, 2 sides)")
    for m, (white, black, longest) in PUBLISHED.items():
        for side, want in (("white", white), ("black", black)):
            r = rows[(m, side)]
            got = (r["wins"], r["draws"], r["losses"])
            if got != want:
                failures.append(f"{m} {side} to move: W/D/L {got}, published {want}")
        got = longest_plies(rows[(m, "white")])
        if got != longest:
            failures.append(f"{m}: longest win {got} plies, published {longest}")
    kqk = rows[("KQvK", "white")]
    if kqk["longest_win"]["fen"] != "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1":
        failures.append(f"KQvK longest win at {kqk['longest_win']['fen']}")
    if rows[("KQvK", "black")]["draws_raw"] != 23048:
        failures.append(f"KQvK raw draws {rows[('KQvK', 'black')]['draws_raw']}, published 23,048")
    for m, classes in (("KQvK", 1), ("KRvK", 121), ("KPvK", 3), ("KBNvK", 138)):
        if rows[(m, "white")]["longest_win_classes"] != classes:
            failures.append(f"{m}: {rows[(m, 'white')]['longest_win_classes']} classes hold "
                            f"the longest win, published {classes}")
    # KPvKR's 85-ply win for the pawn, read in Syzygy's colouring: KRvKP with Black to move.
    if longest_plies(rows[("KRvKP", "black")]) != 85:
        failures.append(f"KPvKR longest win {longest_plies(rows[('KRvKP', 'black')])}, "
                        "published 85")

    probe = subprocess.run([exe, "probe", out, "8/1P6/k7/8/K7/8/8/8 w - - 0 1", "--json"],
                           capture_output=True, text=True)
    p = json.loads(probe.stdout)
    if p["value"] != {"result": "win", "plies": 13, "metric": "dtm"}:
        failures.append(f"under-promotion position: {p['value']}")
    winners = [m["move"] for m in p["moves"] if m["value"]["result"] == "loss"]
    if not winners or any("=" not in w or "=Q" in w for w in winners):
        failures.append(f"winning moves {winners}: expected under-promotions only")
    queen = [m for m in p["moves"] if m["uci"] == "b7b8q"]
    if not queen or queen[0]["value"]["result"] != "draw":
        failures.append(f"b8=Q: {queen}")

    for f in failures:
        print("FAIL:", f)
    print(f"{len(PUBLISHED)} published tables, {len(doc['stats']) // 2} materials checked; "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
