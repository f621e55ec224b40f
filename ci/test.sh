#!/usr/bin/env bash
# The README's test command: builds the release preset if needed and runs the default tier
# (every test not labelled `slow`) in two stages: the fast stage (label `fast`: seconds, where a
# seeded bug should fail first), then the rest. Pass `--slow` to run the slow tier instead,
# `--fast` for the fast stage alone, or `--all`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${RETROCHECK_THIRDPARTY:-}" ] && [ -d ../shared/thirdparty ]; then
  export RETROCHECK_THIRDPARTY="$(cd ../shared/thirdparty && pwd)"
fi
if [ "${CI:-}" = "true" ]; then
  export RETROCHECK_REQUIRE_THIRDPARTY=1
fi

preset="${RETROCHECK_PRESET:-release}"
if [ ! -f "build/$preset/CMakeCache.txt" ]; then
  cmake --preset "$preset"
fi
cmake --build --preset "$preset" -j "$(nproc)"

cd "build/$preset"
run() { ctest "$@" --output-on-failure -j "$(nproc)" --timeout 3600; }
case "${1:-}" in
  --slow) run -L slow ;;
  --all) run ;;
  --fast) run -L fast ;;
  *)
    echo "== fast stage"
    status=0
    run -L fast || status=$?
    echo "== the rest of the default tier"
    run -LE 'slow|fast' || status=$?
    exit $status
    ;;
esac
