#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + coverage) and fuzzes each for
# FUZZ_SECONDS (default 60), starting from fuzz/corpus/<target>/. New inputs go to a scratch
# folder; pass --merge to add the interesting ones to the corpus. A crash fails the script and
# leaves the input in build/fuzz/crashes/.
#   bash ci/fuzz.sh [--merge]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
mkdir -p build/fuzz/crashes
# chess_probe compares Syzygy and Gaviota (RETROCHECK_THIRDPARTY) with our 3-4 piece chess tables
# (RETROCHECK_CHESS4: by default the release preset's ctest fixture's, else built here with the
# release binary; the sanitized build would take far longer).
if [ -z "${RETROCHECK_THIRDPARTY:-}" ] && [ -d ../shared/thirdparty ]; then
  export RETROCHECK_THIRDPARTY="$(cd ../shared/thirdparty && pwd)"
fi
if [ -z "${RETROCHECK_CHESS4:-}" ]; then
  for dir in build/release/tables/chess4 build/fuzz/chess4; do
    if [ -f "$dir/KQvKR.rctb" ]; then export RETROCHECK_CHESS4="$PWD/$dir"; break; fi
  done
fi
if [ -z "${RETROCHECK_CHESS4:-}" ]; then
  [ -f build/release/CMakeCache.txt ] || cmake --preset release >/dev/null
  cmake --build --preset release --target retrocheck
  export RETROCHECK_CHESS4="$PWD/build/fuzz/chess4"
  build/release/bin/retrocheck build chess --pieces 4 --out "$RETROCHECK_CHESS4" --quiet
fi
for target in index_parsers resolver chess_probe; do
  work=$(mktemp -d "${TMPDIR:-/tmp}/retrocheck-fuzz-$target.XXXXXX")
  echo "== fuzz_$target for ${seconds}s"
  build/fuzz/bin/fuzz_$target -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix=build/fuzz/crashes/ "$work" "fuzz/corpus/$target"
  if [ "${1:-}" = "--merge" ]; then
    build/fuzz/bin/fuzz_$target -merge=1 "fuzz/corpus/$target" "$work"
  fi
  rm -rf "$work"
done
