#!/usr/bin/env python3
"""Checks a JUnit XML report as CI systems read it: a well-formed document whose root is
<testsuites>, each <testsuite> with numeric tests/failures/errors/time that match its test cases,
each <testcase> with a classname, a name and a time, each <failure> with a message and a type.

usage: junit_check.py FILE [--cases N] [--failures N | --some-failures] [--errors N]
                      [--skipped N] [--contains TEXT ...]
  --cases N        the report holds N test cases
  --failures N     exactly N of them fail
  --errors N       exactly N of them are errors (not settled: <error>, with a message and a type)
  --skipped N      exactly N of them are skipped
  --some-failures  at least one fails
  --contains TEXT  every TEXT stands in the failures' text (FEN, rule, child move)
Prints one line and exits 0 when the report holds, 1 otherwise.
"""
import argparse
import sys
import xml.etree.ElementTree as ET


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--cases", type=int)
    ap.add_argument("--failures", type=int)
    ap.add_argument("--some-failures", action="store_true")
    ap.add_argument("--errors", type=int)
    ap.add_argument("--skipped", type=int)
    ap.add_argument("--contains", action="append", default=[])
    a = ap.parse_args()
    problems = []
    try:
        root = ET.parse(a.file).getroot()
    except (ET.ParseError, OSError) as e:
        print(f"{a.file}: not a JUnit XML document: {e}")
        return 1
    if root.tag != "testsuites":
        problems.append(f"the root is <{root.tag}>, not <testsuites>")
    suites = root.findall("testsuite")
    if not suites:
        problems.append("no <testsuite>")
    cases = failures = errors = skipped = 0
    text = ""
    for s in suites:
        for attr in ("name", "tests", "failures", "errors", "time"):
            if attr not in s.attrib:
                problems.append(f"testsuite without {attr}")
        mine = s.findall("testcase")
        failing = [c for c in mine if c.find("failure") is not None]
        erring = [c for c in mine if c.find("error") is not None]
        skipping = [c for c in mine if c.find("skipped") is not None]
        try:
            if int(s.get("tests", -1)) != len(mine):
                problems.append(f"testsuite tests={s.get('tests')} but {len(mine)} test cases")
            if int(s.get("failures", -1)) != len(failing):
                problems.append(f"testsuite failures={s.get('failures')} but {len(failing)} fail")
            if int(s.get("errors", -1)) != len(erring):
                problems.append(f"testsuite errors={s.get('errors')} but {len(erring)} errors")
            float(s.get("time", "x"))
        except ValueError as e:
            problems.append(f"testsuite attribute not a number: {e}")
        for c in mine:
            for attr in ("classname", "name", "time"):
                if not c.get(attr):
                    problems.append(f"testcase without {attr}: {ET.tostring(c)[:80]!r}")
            try:
                float(c.get("time", "x"))
            except ValueError:
                problems.append(f"testcase time not a number: {c.get('time')}")
            for f in c.findall("failure") + c.findall("error"):
                if not f.get("message") or not f.get("type"):
                    problems.append(f"{f.tag} without message or type in {c.get('name')}")
                text += (f.get("message") or "") + "\n" + (f.text or "") + "\n"
        cases += len(mine)
        failures += len(failing)
        errors += len(erring)
        skipped += len(skipping)
    if a.cases is not None and cases != a.cases:
        problems.append(f"{cases} test cases, expected {a.cases}")
    if a.failures is not None and failures != a.failures:
        problems.append(f"{failures} failures, expected {a.failures}")
    if a.some_failures and failures == 0:
        problems.append("no failure")
    if a.errors is not None and errors != a.errors:
        problems.append(f"{errors} errors, expected {a.errors}")
    if a.skipped is not None and skipped != a.skipped:
        problems.append(f"{skipped} skipped, expected {a.skipped}")
    for t in a.contains:
        if t not in text:
            problems.append(f"the failures do not mention {t!r}")
    if problems:
        print(f"{a.file}: " + "; ".join(problems[:5]))
        return 1
    print(f"{a.file}: JUnit XML, {cases} test cases, {failures} failures, {errors} errors, "
          f"{skipped} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
