#!/usr/bin/env bash
# `retrocheck pdn` over a file of several games with the 2-5 tables of the main job: it must flag
# exactly the move that throws the draw of diagram 17 (Black to move) away, and refuse a file
# with an illegal move by game and move number; print move numbers as the file writes them.
# usage: pdn_with_tables.sh RETROCHECK DATA_DIR TABLES_DIR
set -uo pipefail
bin=$1 data=$2 tables=$3
failed=0
expect() {  # expect STATUS PATTERN -- ARGS...: exit STATUS and output matching PATTERN
  local status=$1 pattern=$2
  shift 3
  local out
  out=$("$bin" "$@" 2>&1)
  local got=$?
  if [ "$got" -ne "$status" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL retrocheck $*: exit $got (expected $status), output should match /$pattern/:"
    echo "$out"
    failed=1
  else
    echo "ok   retrocheck $* -> exit $got, /$pattern/"
  fi
}
expect 1 'ERROR ply 1, 1\. 18-22 \(Black\) turns a draw into a loss' -- \
  pdn "$data/games.pdn" --db "$tables"
expect 1 '^4 games, 1 move that change' -- pdn "$data/games.pdn" --db "$tables"
expect 1 '\],"errors":1}$' -- pdn "$data/games.pdn" --db "$tables" --json
expect 0 '^4 games, 0 moves' -- pdn "$data/games.pdn"
expect 2 "illegal.pdn: game 2, move 2 \(White\) '19-26'.*; legal: 22-17 27-23 19-16 " -- \
  pdn "$data/illegal.pdn" --db "$tables"
# Move numbers printed as the file writes them: `1... 24-19` kept, and `1. 24-19` too.
expect 1 '^  1\.\.\. 24-19 \(White\) ' -- pdn "$data/games.pdn" --db "$tables"
expect 0 '^  1\. 24-19 \(White\) ' -- pdn "$data/numbering.pdn"
expect 0 '^  1\.\.\. 8-11 \(Black\) ' -- pdn "$data/numbering.pdn"
expect 0 '^  2\. 19-15 \(White\) ' -- pdn "$data/numbering.pdn"
exit $failed
