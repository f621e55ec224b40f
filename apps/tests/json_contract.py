#!/usr/bin/env python3
"""Runs every retrocheck command with --json, on good and on bad input, and checks the contract:
one JSON document on one line (JSON Lines for streams of positions), valid against its schema in
schemas/, seconds rounded to the millisecond, and the exit code (0 nothing wrong, 1 something
wrong found, 2 could not run, with {"error":{"message"}} on stdout).

usage: json_contract.py RETROCHECK_BIN SCHEMAS_DIR SOURCE_DIR SCRATCH_DIR [PLUGINS_DIR]

PLUGINS_DIR holds the example plugins (examples/plugins, built); without it (a sanitizer build,
which does not build them) check-movegen and check-probe are left out.
"""
import json
import os
import shutil
import subprocess
import sys

import jsonschema

BIN, SCHEMAS, SOURCE, SCRATCH = sys.argv[1:5]
PLUGINS = sys.argv[5] if len(sys.argv) > 5 else None
BASE = "https://retrocheck.invalid/schemas/"

schemas = {}
for name in os.listdir(SCHEMAS):
    if name.endswith(".schema.json"):
        with open(os.path.join(SCHEMAS, name)) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[name[: -len(".schema.json")]] = schema


def validator(name):
    schema = schemas[name]
    try:  # jsonschema >= 4.18
        from referencing import Registry, Resource

        registry = Registry().with_resources(
            [(s["$id"], Resource.from_contents(s)) for s in schemas.values()]
        )
        return jsonschema.Draft202012Validator(schema, registry=registry)
    except ImportError:  # Debian 12's 4.10
        store = {s["$id"]: s for s in schemas.values()}
        resolver = jsonschema.RefResolver.from_schema(schema, store=store)
        return jsonschema.Draft202012Validator(schema, resolver=resolver)


failures = []
checked = set()


def fail(what):
    failures.append(what)
    print("FAIL " + what, flush=True)


def seconds_ok(doc, where):
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k == "seconds" and isinstance(v, float) and round(v, 3) != v:
                fail(f"{where}: seconds {v} not rounded to the millisecond")
            seconds_ok(v, where)
    elif isinstance(doc, list):
        for v in doc:
            seconds_ok(v, where)


def run(args, schema, status=0, lines=1, stdin=None):
    """Runs retrocheck ARGS --json; expects `status`, and `lines` documents (None: one or more)
    on stdout, each valid against `schema`."""
    where = "retrocheck " + " ".join(args)
    p = subprocess.run([BIN] + args + ["--json"], input=stdin, capture_output=True, text=True)
    out = p.stdout.splitlines()
    if p.returncode != status:
        fail(f"{where}: exit {p.returncode}, expected {status}\n{p.stdout}{p.stderr}")
        return []
    if (lines is not None and len(out) != lines) or not out:
        fail(f"{where}: {len(out)} lines on stdout, expected {lines or 'one or more'}")
        return []
    docs = []
    for i, line in enumerate(out):
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as e:
            fail(f"{where}: line {i + 1} is not JSON: {e}")
            continue
        errors = sorted(validator(schema).iter_errors(doc), key=str)
        for e in errors[:3]:
            fail(f"{where}: line {i + 1} breaks {schema}.schema.json at "
                 f"{'/'.join(map(str, e.absolute_path))}: {e.message}")
        seconds_ok(doc, where)
        docs.append(doc)
    if status == 2 and not p.stderr.startswith("retrocheck: "):
        fail(f"{where}: stderr does not start with 'retrocheck: ': {p.stderr!r}")
    checked.add(args[0] if not args[0].startswith("-") else "(none)")
    print(f"ok   {where} -> exit {status}, {len(docs)} document(s), {schema}", flush=True)
    return docs


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)
tables = os.path.join(SCRATCH, "t3")
empty = os.path.join(SCRATCH, "empty")
os.makedirs(empty)
fens = os.path.join(SCRATCH, "fens.txt")
with open(fens, "w") as f:
    f.write("# two positions\nW:WK17,24:B8,K18\n\nB:WK22:BK31\n")
D17 = "W:WK17,24:B8,K18"

# Good input, every command.
run(["build", "checkers", "--pieces", "3", "--out", tables], "build")
docs = run(["build", "checkers", "--pieces", "8", "--plan"], "build_plan")
if docs and (len(docs[0]["slices"]) != 495 or docs[0]["critical_path"][0] != "bm4bk0wm4wk0"):
    fail("build --plan: 495 slices up to 8 pieces, the critical path headed by bm4bk0wm4wk0")
run(["build", "chess", "--material", "KQRvKR", "--plan", "--rate", "1e7"], "build_plan")
run(["show", D17], "show")
run(["show", "-"], "show", lines=2, stdin="W:WK17,24:B8,K18\nB:W15,24,23:B10\n")
run(["moves", "--fen-file", fens], "moves", lines=2)
run(["moves", D17, "--moves", "24-19 8-11"], "moves")
run(["perft", "3", "--divide"], "perft")
run(["perft", "-", "4"], "perft", lines=2, stdin=open(fens).read())
run(["stats", tables], "stats")
doc = run(["probe", tables, "B:WK22:BK31"], "probe")
run(["probe", tables, "--fen-file", fens, "--moves", "17-13"], "error", status=2)  # no 17 in line 4
# Chess tables: build, stats (the checkers document's shape), verify, probe (SAN and UCI),
# check --game chess.
chess_tables = os.path.join(SCRATCH, "chess")
# Both metrics into one directory (KPvK.rctb, KPvK.dtz.rctb): the commands below read the DTM
# tables and leave the DTZ ones alone.
doc = run(["build", "chess", "--material", "KPvK", "--metric", "both", "--out", chess_tables],
          "build")
if doc and (doc[0]["metric"], doc[0]["slices"]) != ("both", 10):
    fail(f"build chess --metric both: {doc[0]['metric']}, {doc[0]['slices']} tables, expected 10")
run(["build", "checkers", "--pieces", "2", "--metric", "dtz", "--out", tables], "error", status=2)
rows = run(["stats", chess_tables], "stats")[0]["slices"]
if len(rows) != 2 * 5:  # KPvK, KQvK, KRvK, KBvK, KNvK
    fail(f"chess stats: {len(rows)} rows, expected 10")
run(["verify", chess_tables], "verify")
run(["probe", chess_tables, "8/1P6/k7/8/K7/8/8/8 w - - 0 1"], "probe")
docs = run(["play-out", "--db", chess_tables, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1"], "play_out")
# KPvK built with --metric both: its DTZ tables follow the 50-move win.
if docs and (docs[0]["games"][0]["fifty_move_win_at_start"] is not True
             or docs[0]["materials"][0]["dtz_fifty_slips"] != 0):
    fail("play-out: the DTZ tables beside the DTM ones follow the 50-move win")
run(["pgn", os.path.join(SOURCE, "apps", "tests", "data", "blunder.pgn"), "--db", chess_tables],
    "pgn", status=1)
run(["pgn", os.path.join(SOURCE, "apps", "tests", "data", "illegal.pdn")], "error", status=2)
run(["search", "--db", chess_tables, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", "--depth", "3"], "search")
run(["search", "--game", "chess", "--nodes", "3000"], "search")
chess_corpus = os.path.join(SCRATCH, "chess.tsv")
with open(chess_corpus, "w") as f:  # the KPvK tables hold the first; KRvKP is beyond them
    f.write("8/1P6/k7/8/K7/8/8/8 w - - 0 1\twin in 13\tb8=R\tb8=Q\tCHESS.md\t-\n"
            "8/5k2/2PK4/5r2/8/8/8/8 w - - 0 1\twin in 85\tc7\t-\tCHESS.md\t-\n")
docs = run(["corpus", chess_corpus, "--db", chess_tables], "corpus", status=3)
if docs and [e["status"] for e in docs[0]["entries"]] != ["pass", "unknown"]:
    fail("chess corpus: expected the KPvK entry to pass and the KPvKR one unknown")
run(["play-out", "--db", chess_tables, "--material", "KRvK", "--games", "2", "--slack", "0",
     "--nodes", "50"], "play_out", status=1)
run(["play-out", "--db", chess_tables, "8/8/8/5k2/8/8/8/K6N w - - 0 1"], "error", status=2)
run(["probe", chess_tables, "4k3/8/8/8/8/8/8/KQ4r1 w - - 0 1"], "error", status=2)  # no KQvKR
run(["build", "chess", "--material", "KXvK", "--out", chess_tables], "error", status=2)
run(["check", "--game", "chess", "--material", "KQvK", "--out",
     os.path.join(SCRATCH, "chess-check")], "check")
run(["search", D17, "--depth", "5"], "search")
run(["search", D17, "--db", tables, "--depth", "3"], "search")
run(["search", "--fen-file", fens, "--depth", "4"], "search", lines=2)
run(["bench", "--depth", "3"], "bench")
run(["bench", "--game", "chess", "--depth", "4"], "bench")
corpus = os.path.join(SCRATCH, "small.tsv")
with open(corpus, "w") as f:  # one entry the 3-piece tables hold, one proven beyond them
    f.write("W:WK22,K23:BK31\twin\t-\t-\ttwo kings beat one\t-\n"
            "W:WK1,K3:BK30,K32\tdraw\t1-6\t-\ttwo kings against two, far apart\t-\n"
            "W:W32,27,24,K22,14:B20,19,K15,13,1\tdraw\t-\t-\tCHECKERS.md\topen: ten pieces\n")
docs = run(["corpus", corpus, "--db", tables, "--nodes", "20000000"], "corpus")
if docs and {c["method"] for e in docs[0]["entries"] for c in e["checks"]} != {"tables", "proof"}:
    fail("corpus: expected checks by tables and by proof")
if docs and [e["status"] for e in docs[0]["entries"]] != ["pass", "pass", "skipped"]:
    fail("corpus: expected two entries passed and the open one skipped")
docs = run(["corpus", corpus, "--db", tables, "--nodes", "4000000", "--open"], "corpus")
if docs and (docs[0]["entries"][2]["status"] != "open" or docs[0]["open"] != 1):
    fail("corpus --open: the open entry, unproven, is reported open")
# Proven beyond the tables: a win with its line, a draw, and an unknown (exit 3, or 0 with
# --unknown pass) at a tiny budget. Budgets in nodes, not seconds, so a loaded machine
# cannot turn a proof into an unknown: the win takes 6,870,075 nodes, the draw 1,715,056.
docs = run(["prove", "W:WK1,K2,K3:BK32,K31", "--db", tables, "--nodes", "30000000"], "prove")
if docs and (docs[0]["result"] != "win" or not docs[0]["line"]):
    fail("prove: three kings against two is a proven win with a line")
docs = run(["prove", "-", "--db", tables, "--nodes", "20000000"], "prove", lines=2,
           stdin="W:WK1,K3:BK30,K32\nB:WK22,K23:BK31\n")
if docs and [d["result"] for d in docs] != ["draw", "loss"]:
    fail("prove: expected a proven draw and a table loss")
run(["prove", "W:W32,27,24,K22,14:B20,19,K15,13,1", "--db", tables, "--nodes", "100"], "prove",
    status=3)
run(["prove", "W:W32,27,24,K22,14:B20,19,K15,13,1", "--db", tables, "--nodes", "100",
     "--unknown", "pass"], "prove", status=0)
# A corpus entry not proven within the budget: its own status and count, exit 3.
unproven = os.path.join(SCRATCH, "unproven.tsv")
with open(unproven, "w") as f:
    f.write("W:W32,27,24,K22,14:B20,19,K15,13,1\tdraw\t-\t-\tCHECKERS.md\t-\n")
docs = run(["corpus", unproven, "--db", tables, "--nodes", "100"], "corpus", status=3)
if docs and (docs[0]["unknown"] != 1 or docs[0]["entries"][0]["status"] != "unknown"):
    fail("corpus: an entry not proven within the budget is 'unknown', counted apart")
run(["audit", "--db-format", "native", tables], "audit")
run(["verify", tables], "verify")
run(["check", "--pieces", "2", "--out", os.path.join(SCRATCH, "t2")], "check")
games = os.path.join(SOURCE, "apps", "tests", "data", "games.pdn")
docs = run(["pdn", games, "--db", tables], "pdn")
if docs and len(docs[0]["games"]) != 4:
    fail("pdn: expected 4 games")
run(["pdn", os.path.join(SOURCE, "apps", "tests", "data", "illegal.pdn")], "error", status=2)

thirdparty = (os.environ.get("RETROCHECK_THIRDPARTY")
              or os.environ.get("RETROCHECK_THIRDPARTY_DEFAULT", ""))
chinook = os.path.join(thirdparty, "checkers", "chinook")
if thirdparty and os.path.isdir(chinook):
    run(["probe", chinook, D17, "--db-format", "chinook"], "probe")
elif os.environ.get("RETROCHECK_REQUIRE_THIRDPARTY") == "1":
    fail(f"third-party Chinook database missing: {chinook}")

# Chess tables through their probe libraries: two Syzygy materials linked into a scratch
# directory, and Debian's 3-piece Gaviota files, each against our tables built in memory.
syzygy = os.path.join(thirdparty, "chess", "syzygy")
if thirdparty and os.path.isdir(syzygy):
    small = os.path.join(SCRATCH, "syzygy")
    os.makedirs(small, exist_ok=True)
    for name in ("KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw", "KRvK.rtbz"):
        if not os.path.lexists(os.path.join(small, name)):
            os.symlink(os.path.join(syzygy, name), os.path.join(small, name))
    docs = run(["audit", "--db-format", "syzygy", small], "audit")
    if docs and (docs[0]["total_checked"] != 96152 or docs[0]["total_violations"] != 0):
        fail("audit syzygy: expected KQvK and KRvK's 96,152 positions, no violation")
elif os.environ.get("RETROCHECK_REQUIRE_THIRDPARTY") == "1":
    fail(f"third-party Syzygy tables missing: {syzygy}")
if os.path.isdir("/usr/share/gaviotatb/gtb1"):
    run(["audit", "--db-format", "gaviota", "/usr/share/gaviotatb/gtb1"], "audit")
run(["audit", "--db-format", "syzygy", empty], "error", status=2)

if PLUGINS:
    def plugin(name):
        return os.path.join(PLUGINS, f"lib{name}.so")

    docs = run(["check-movegen", "--plugin", plugin("buggy_movegen"), "--cases", "200"],
               "check_movegen", status=1)
    if docs and not docs[0]["examples"]:
        fail("check-movegen: the planted error gave no example")
    docs = run(["check-movegen", "--plugin", plugin("chess_movegen"), "--cases", "200"],
               "check_movegen", status=1)
    if docs and (docs[0]["game"] != "chess" or not docs[0]["examples"]):
        fail("check-movegen: the chess plugin's planted error gave no example")
    docs = run(["check-probe", "--plugin", plugin("exact_resolver"), "--db", tables,
                "--cases", "300"], "check_probe")
    run(["check-probe", "--plugin", plugin("botched_resolver"), "--db", tables,
         "--cases", "300"], "check_probe", status=1)
    # Threat cycles, where the naive resolver never returns, need 4 pieces.
    t4 = os.path.join(SCRATCH, "t4")
    run(["build", "checkers", "--pieces", "4", "--out", t4], "build")
    docs = run(["check-probe", "--plugin", plugin("naive_resolver"), "--db", t4,
                "--cases", "200"], "check_probe", status=1)
    if docs and docs[0]["examples"][0]["problem"] != "non-terminating":
        fail("check-probe: the naive resolver's first problem is not non-termination")
    run(["check-probe", "--plugin", plugin("buggy_movegen"), "--db", tables], "error",
        status=2)
    # Chess: the Syzygy prober over the third-party 3-piece files against our 3-piece DTZ50
    # tables, and with the 50-move counter ignored (found at the clock's edge).
    chess3 = os.path.join(SCRATCH, "chess3")
    run(["build", "chess", "--pieces", "3", "--metric", "dtz", "--out", chess3, "--overwrite"],
        "build")
    if thirdparty and os.path.isdir(syzygy):
        os.environ["RETROCHECK_SYZYGY_PATH"] = syzygy
        run(["check-probe", "--plugin", plugin("syzygy_probe"), "--db", chess3, "--cases", "300"],
            "check_probe")
        os.environ["EXAMPLE_PROBE_FAULT"] = "clock"
        docs = run(["check-probe", "--plugin", plugin("faulty_syzygy_probe"), "--db", chess3,
                    "--cases", "300"], "check_probe", status=1)
        del os.environ["EXAMPLE_PROBE_FAULT"]
        if docs and (docs[0]["game"] != "chess" or not docs[0]["examples"]
                     or docs[0]["examples"][0]["child"] is None):
            fail("check-probe: the chess prober's ignored clock gave no example with its child")
    run(["check-probe", "--plugin", plugin("syzygy_probe"), "--db", tables], "error", status=2)
    run(["check-movegen", "--plugin", os.path.join(SOURCE, "README.md")], "error", status=2)

# Chess: show, moves and perft tell a chess FEN by its syntax; perft-diff against the scripted
# fake engine (FAKE_UCI_ENGINE), which agrees unless told to drop a move.
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
chess_fens = os.path.join(SCRATCH, "chess.txt")
with open(chess_fens, "w") as f:
    f.write(f"# two chess positions\n{START}\n8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1\n")
run(["show", KIWIPETE], "show")
run(["show", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"], "show")
run(["moves", "--fen-file", chess_fens, "--moves", "e4 d5"], "error", status=2)  # not in line 2
run(["moves", "--fen-file", chess_fens], "moves", lines=2)
run(["perft", "--game", "chess", "3", "--divide"], "perft")
run(["perft", "-", "3"], "perft", lines=2, stdin=open(chess_fens).read())
fake = os.environ.get("FAKE_UCI_ENGINE")
if fake:
    run(["perft-diff", "--engine", fake, KIWIPETE, "2"], "perft_diff")
    drop = f"{fake} --drop '{START.rsplit(' ', 2)[0]}=e2e4'"
    run(["perft-diff", "--engine", drop, "2"], "perft_diff", status=1)
else:
    fail("FAKE_UCI_ENGINE is not set: perft-diff is not checked")
run(["perft-diff", "--engine", "/nonexistent/engine", "2"], "error", status=2)
run(["show", "8/8/8/8/8/8/8/K6k w - e3 0 1"], "error", status=2)

# Bad input: exit 2 and the error document.
run(["probe", tables, "W:WK17,K99:B8"], "error", status=2)
run(["show", "W:W17:B8", "--moves", "17-13 9-14"], "error", status=2)
run(["verify", empty], "error", status=2)
run(["stats", empty], "error", status=2)
run(["corpus", empty], "error", status=2)
run(["perft", "--no-such-option", "3"], "error", status=2)
run(["search", "--time", "-1"], "error", status=2)
run(["prove", "W:WK1,K3:BK30,K32", "--time", "0"], "error", status=2)
run(["prove", "W:WK1,K3:BK30,K32x"], "error", status=2)
run(["build", "checkers", "--pieces", "1", "--out", tables], "error", status=2)

missing = {"show", "moves", "perft", "build", "verify", "stats", "probe", "check", "audit",
           "search", "bench", "corpus", "pdn", "prove", "perft-diff", "play-out", "pgn"} - checked
if PLUGINS:
    missing |= {"check-movegen", "check-probe"} - checked
if missing:
    fail("commands never run with --json: " + ", ".join(sorted(missing)))
print(f"{len(checked)} commands checked; {len(failures)} failures")
sys.exit(1 if failures else 0)
