#!/usr/bin/env bash
# Builds every slice up to N pieces by both retrograde methods and checks that the files are
# byte for byte the same (the writer is deterministic, so equal bytes mean equal tables), then
# verifies them. Usage: ci/methods_agree.sh N [BINARY]
set -euo pipefail
pieces=${1:?usage: ci/methods_agree.sh N [retrocheck binary]}
bin=${2:-build/release/bin/retrocheck}
work=$(mktemp -d "${TMPDIR:-/tmp}/retrocheck-methods.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$bin" build checkers --pieces "$pieces" --out "$work/outcount" --method outcount --quiet
"$bin" build checkers --pieces "$pieces" --out "$work/grandfather" --method grandfather --quiet
diff -r "$work/outcount" "$work/grandfather"
echo "outcount and grandfather tables up to $pieces pieces are identical"
"$bin" verify "$work/outcount"
