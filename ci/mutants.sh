#!/usr/bin/env bash
# Mutation testing: seeds each bug of ci/mutants.txt in turn into a scratch tree, rebuilds
# incrementally and runs the default tier (fast stage first); exit 0 only when every mutant is
# killed. Arguments go to ci/mutants.py (--check, --jobs N, mutant or module names).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=python3
[ -x /usr/bin/python3 ] && PYTHON=/usr/bin/python3
exec "$PYTHON" ci/mutants.py "$@"
