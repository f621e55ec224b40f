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
for target in index_parsers resolver; do
  work=$(mktemp -d "${TMPDIR:-/tmp}/retrocheck-fuzz-$target.XXXXXX")
  echo "== fuzz_$target for ${seconds}s"
  build/fuzz/bin/fuzz_$target -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix=build/fuzz/crashes/ "$work" "fuzz/corpus/$target"
  if [ "${1:-}" = "--merge" ]; then
    build/fuzz/bin/fuzz_$target -merge=1 "fuzz/corpus/$target" "$work"
  fi
  rm -rf "$work"
done
