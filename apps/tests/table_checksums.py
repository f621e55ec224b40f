#!/usr/bin/env python3
"""The files of a table build against the checksum list kept in the repository: every file the
list names is there with the same SHA-256, and no other table file is. A builder change that
moves one byte of one table fails here, naming the file; a deliberate format change rewrites
the list (--write) in the same commit, which says why.

usage: table_checksums.py TABLES_DIR LIST [--write]
"""
import filecmp
import hashlib
import os
import sys


def tables(directory):
    return sorted(f for f in os.listdir(directory) if f.endswith(".rctb"))


def differences(ref, out):
    """What keeps out's table files from being ref's, byte for byte; None when they are."""
    if tables(ref) != tables(out):
        return f"files {tables(out)} against {tables(ref)}"
    _, mismatch, errors = filecmp.cmpfiles(ref, out, tables(ref), shallow=False)
    if mismatch or errors:
        return f"files differ from the reference build's: {mismatch + errors}"
    return None


def digests(directory):
    out = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".rctb"):
            with open(os.path.join(directory, name), "rb") as f:
                out[name] = hashlib.sha256(f.read()).hexdigest()
    return out


def read_list(listing):
    expected = {}
    with open(listing) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                digest, name = line.split()
                expected[name] = digest
    return expected


def main():
    directory, listing = sys.argv[1], sys.argv[2]
    found = digests(directory)
    if len(sys.argv) > 3 and sys.argv[3] == "--write":
        with open(listing, "w") as f:
            f.write("# SHA-256 of every table file of the build this list checks (written by "
                    "apps/tests/table_checksums.py --write;\n# a commit that rewrites it says "
                    "why the bytes changed)\n")
            for name, digest in found.items():
                f.write(f"{digest}  {name}\n")
        print(f"{listing}: {len(found)} files")
        return
    expected = read_list(listing)
    problems = [f"{n}: missing" for n in expected if n not in found]
    problems += [f"{n}: not in {listing}" for n in found if n not in expected]
    problems += [f"{n}: sha256 {found[n]}, listed {d}" for n, d in expected.items()
                 if n in found and found[n] != d]
    if problems:
        print("\n".join(problems[:20]))
        print(f"{len(problems)} of {len(expected)} files differ from {listing}")
        sys.exit(1)
    print(f"{len(expected)} files byte-identical to {listing}")


if __name__ == "__main__":
    main()
