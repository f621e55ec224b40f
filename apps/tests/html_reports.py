#!/usr/bin/env python3
"""--html FILE of verify, stats, audit, corpus, check-movegen and check-probe, checkers and chess,
opened in headless Chromium (Debian's `chromium`, installed by ci/setup.sh) in a 1280-pixel
window: the page is no wider than the window; a failed page opens with its failures; every board
renders at its size with its squares and exactly the pieces of its FEN, once (no text diagram of
it beside); the offending move is drawn; the histograms of verify and stats render with bars (two
a slice: one a side to move), those with one value or none folded away, and no two labels of a
histogram overlap. A screenshot of each page is kept beside it (the test prints where).

usage: html_reports.py RETROCHECK_BIN SOURCE_DIR SCRATCH_DIR [PLUGINS_DIR]
"""
import json
import os
import re
import shutil
import subprocess
import sys

from report_fixtures import run_writing, scratch_with_tables

BIN, SOURCE, SCRATCH = sys.argv[1:4]
PLUGINS = sys.argv[4] if len(sys.argv) > 4 else None
failures = []

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WINDOW = 1280
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--virtual-time-budget=5000", f"--window-size={WINDOW},1000"]
# A text diagram's border, as checkers::diagram and chess::diagram draw it.
DIAGRAM = "+-----------------+"

# Measures what the browser laid out and writes it into the page as JSON.
PROBE = """<script>
window.addEventListener('load', () => {
  const box = e => { const b = e.getBoundingClientRect(); return [b.width, b.height]; };
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 &&
                            a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const overlaps = s => {
    const t = [...s.querySelectorAll('text')].map(e => [e.textContent, e.getBoundingClientRect()]);
    const out = [];
    for (let i = 0; i < t.length; ++i)
      for (let j = i + 1; j < t.length; ++j)
        if (overlap(t[i][1], t[j][1])) out.push(t[i][0] + ' / ' + t[j][0]);
    return out;
  };
  // Open the folded histograms, so that their labels are laid out and measured too.
  document.querySelectorAll('details').forEach(d => d.open = true);
  const out = {
    width: document.documentElement.scrollWidth,
    headings: [...document.querySelectorAll('h2')].map(h => h.textContent),
    texts: [...document.querySelectorAll('pre')].map(p => p.textContent),
    boards: [...document.querySelectorAll('svg.board')].map(s => ({
      size: box(s), fen: s.getAttribute('aria-label'), chess: s.classList.contains('chess'),
      squares: s.querySelectorAll('rect.square').length,
      numbers: [...s.querySelectorAll('text.number')].map(t => t.textContent).join(','),
      pieces: s.querySelectorAll('circle.man, circle.king, text.piece').length,
      kings: s.querySelectorAll('circle.king').length,
      moves: [...s.querySelectorAll('polyline.move, line.move')].map(p => box(p))})),
    histograms: [...document.querySelectorAll('svg.histogram')].map(s => ({
      size: box(s), bars: s.querySelectorAll('rect.bar').length, title: s.getAttribute('aria-label'),
      folded: s.closest('details') !== null, overlaps: overlaps(s),
      drawn: [...s.querySelectorAll('rect.bar')].filter(r => box(r)[1] > 0).length}))};
  const pre = document.createElement('pre');
  pre.id = 'render-check';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""


def fen_pieces(fen):
    """Pieces and kings of a FEN as format_fen writes it ("W:W21,K22:B1,2"; a chess FEN: its
    pieces, kings not told apart)."""
    if "/" in fen:
        return sum(c.isalpha() for c in fen.split()[0]), 0
    pieces = kings = 0
    for part in fen.split(":")[1:]:
        for token in part[1:].split(","):
            if token:
                pieces += 1
                kings += token.startswith("K")
    return pieces, kings


def rendered(page):
    """What Chromium laid out for the page (through a copy with the probe script)."""
    with open(page) as f:
        html = f.read()
    probe = page + ".probe.html"
    with open(probe, "w") as f:
        f.write(html.replace("</body>", PROBE + "</body>"))
    p = subprocess.run([CHROMIUM] + CHROME_FLAGS + ["--dump-dom", probe], capture_output=True,
                       text=True, timeout=120)
    m = re.search(r'<pre id="render-check">(.*?)</pre>', p.stdout, re.S)
    if not m:
        return None
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&")
                      .replace("&lt;", "<").replace("&gt;", ">"))


def check(name, args, status, boards=None, moves=0, histograms=None):
    """Runs retrocheck ARGS --html SCRATCH/NAME.html, then checks the page in Chromium."""
    page = os.path.join(SCRATCH, name + ".html")
    where = "retrocheck " + " ".join(args)
    if not run_writing(BIN, args, "--html", page, status, failures):
        return
    r = rendered(page)
    problems = []
    if r is None:
        problems.append("Chromium did not render the page")
    else:
        if r["width"] > WINDOW:
            problems.append(f"the page is {r['width']} pixels wide, the window {WINDOW}")
        if status == 1 and boards and r["headings"][:1] != ["Failures"]:
            problems.append(f"a failed page opens with {r['headings'][:1]}, not its failures")
        if any(DIAGRAM in t for t in r["texts"]):
            problems.append("a board drawn twice: a text diagram beside its SVG")
        if boards is not None and len(r["boards"]) < boards:
            problems.append(f"{len(r['boards'])} boards, expected at least {boards}")
        for b in r["boards"]:
            pieces, kings = fen_pieces(b["fen"])
            if b["size"][0] < 300 or b["size"][1] < 300:
                problems.append(f"board {b['fen']} laid out at {b['size']}")
            if b["chess"]:
                if b["squares"] != 64:
                    problems.append(f"board {b['fen']}: {b['squares']} squares")
            elif b["squares"] != 32 or b["numbers"] != ",".join(map(str, range(1, 33))):
                problems.append(f"board {b['fen']}: squares {b['squares']}, numbers {b['numbers']}")
            if (b["pieces"], b["kings"]) != (pieces, kings):
                problems.append(f"board {b['fen']}: {b['pieces']} pieces ({b['kings']} kings) "
                                f"drawn, the FEN has {pieces} ({kings})")
        drawn = sum(1 for b in r["boards"] for m in b["moves"] if max(m) > 0)
        if drawn < moves:
            problems.append(f"{drawn} moves drawn, expected at least {moves}")
        if histograms is not None:
            if len(r["histograms"]) != histograms:
                problems.append(f"{len(r['histograms'])} histograms, expected {histograms}")
            for h in r["histograms"]:
                if h["size"][0] <= 0 or h["size"][1] <= 0 or h["drawn"] != h["bars"]:
                    problems.append(f"histogram not rendered: {h}")
                if h["overlaps"]:
                    problems.append(f"histogram {h['title']}: labels overlap: {h['overlaps'][:2]}")
                if h["bars"] <= 1 and not h["folded"]:
                    problems.append(f"histogram {h['title']} ({h['bars']} bars) not folded")
                if h["bars"] > 1 and h["folded"]:
                    problems.append(f"histogram {h['title']} ({h['bars']} bars) folded")
            if not any(h["bars"] for h in r["histograms"]):
                problems.append("no histogram has a bar")
    shot = os.path.join(SCRATCH, name + ".png")
    subprocess.run([CHROMIUM] + CHROME_FLAGS + [f"--screenshot={shot}", page],
                   capture_output=True, timeout=120)
    if not os.path.exists(shot) or os.path.getsize(shot) == 0:
        problems.append("no screenshot")
    if problems:
        failures.append(f"{where}: " + "; ".join(problems[:5]))
    summary = (f"{len(r['boards'])} boards, {len(r['histograms'])} histograms" if r else "")
    print(("FAIL " if problems else "ok   ") + f"{where}: {summary}; screenshot {shot}"
          + ("\n     " + "; ".join(problems[:5]) if problems else ""), flush=True)


if not CHROMIUM:
    print("chromium is not installed (ci/setup.sh installs Debian's chromium)")
    sys.exit(1)
t3, slices, corpus = scratch_with_tables(BIN, SCRATCH)

check("verify", ["verify", t3], 0, boards=0, histograms=2 * slices)
check("stats", ["stats", t3], 0, boards=0, histograms=2 * slices)
check("audit", ["audit", "--db-format", "native", t3], 0, boards=0)
check("corpus", ["corpus", corpus, "--db", t3], 1, boards=1)
krk = os.path.join(SCRATCH, "krk")
subprocess.run([BIN, "build", "chess", "--material", "KRvK", "--out", krk, "--quiet"], check=True,
               capture_output=True)
check("verify_chess", ["verify", krk], 0, boards=0, histograms=2)
check("stats_chess", ["stats", krk], 0, boards=0, histograms=2)
if PLUGINS:
    lib = lambda name: os.path.join(PLUGINS, f"lib{name}.so")
    check("check_movegen_chess", ["check-movegen", "--plugin", lib("chess_movegen"), "--cases",
                                  "400"], 1, boards=1, moves=1)
    check("check_movegen", ["check-movegen", "--plugin", lib("buggy_movegen"), "--cases", "400"],
          1, boards=2, moves=2)
    check("check_probe", ["check-probe", "--plugin", lib("botched_resolver"), "--db", t3,
                          "--cases", "400"], 1, boards=1, moves=1)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
