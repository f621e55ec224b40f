#!/usr/bin/env bash
# The README's test command: builds the release preset if needed and runs the default tier
# (every test not labelled `slow`). Pass `--slow` to run the slow tier instead, or `--all`.
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

case "${1:-}" in
  --slow) label=(-L slow) ;;
  --all) label=() ;;
  *) label=(-LE slow) ;;
esac
cd "build/$preset"
ctest "${label[@]}" --output-on-failure -j "$(nproc)" --timeout 3600
