#!/usr/bin/env bash
# Breaks the move generator on purpose, one way at a time, in a scratch copy of the tree, and
# checks that the rules tests (checkers_test and properties_test, default tier) fail for every
# breakage. Exit 0 only when every mutant is caught. Usage: ci/mutants.sh [NAME...]   (ctest runs it under the `slow` label)
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"

# name | file | sed expression that introduces the fault
mutants=(
  "men-capture-backwards|engine/checkers/rules.h|s/kMenCaptureBackward = false/kMenCaptureBackward = true/"
  "jump-stops-early|engine/checkers/movegen_impl.h|s/^        continue_capture<Us, King>(landing,/        sink.capture(depth + 1, landing, captured | over); if (false) continue_capture<Us, King>(landing,/"
  "promotion-keeps-jumping|engine/checkers/movegen_impl.h|s/sink.capture(depth + 1, landing, captured | over);  \/\/ crowning ends the move/continue_capture<Us, true>(landing, captured | over, targets \& ~over, empty, depth + 1, sink);/"
  "kings-no-backward-capture|engine/checkers/movegen_impl.h|s/if constexpr (King || rules::kMenCaptureBackward)/if constexpr (rules::kMenCaptureBackward)/"
  "capture-not-mandatory|engine/checkers/movegen_impl.h|s/^        return;\$/        ;/"
  "mover-square-not-vacated|engine/checkers/movegen_impl.h|s/const Bitboard empty = pos.empty() | at;/const Bitboard empty = pos.empty();/"
  "piece-jumped-twice|engine/checkers/movegen_impl.h|s/targets \& ~over, empty, depth + 1,/targets, empty, depth + 1,/"
  "king-crowned-off-row|engine/checkers/position.h|s/(to \& rules::promotion_row(side_))/(to \& rules::promotion_row(~side_))/"
)

wanted=("$@")
work="$(mktemp -d /tmp/retrocheck-mutants.XXXXXX)"
trap 'rm -rf "$work"' EXIT
survived=0
for entry in "${mutants[@]}"; do
  IFS='|' read -r name file expr <<<"$entry"
  if ((${#wanted[@]})) && [[ ! " ${wanted[*]} " == *" $name "* ]]; then continue; fi
  tree="$work/$name"
  mkdir -p "$tree"
  (cd "$src" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$tree")
  sed -i "$expr" "$tree/$file"
  if cmp -s "$src/$file" "$tree/$file"; then
    echo "mutant $name: the fault did not apply to $file (update ci/mutants.sh)"; exit 2
  fi
  cmake -S "$tree" -B "$tree/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRETROCHECK_BENCH=OFF \
    -DRETROCHECK_WERROR=OFF >/dev/null
  if ! cmake --build "$tree/build" -j "$(nproc)" --target checkers_test properties_test >"$tree/build.log" 2>&1; then
    echo "mutant $name: caught (does not compile)"; continue
  fi
  caught=()
  "$tree/build/bin/checkers_test" --gtest_filter='-Slow*:*.Slow*' >"$tree/checkers.log" 2>&1 || caught+=(checkers_test)
  "$tree/build/bin/properties_test" >"$tree/properties.log" 2>&1 || caught+=(properties_test)
  if ((${#caught[@]})); then
    failed=$(grep -hE '^\[  FAILED  \] [^ ]+\.[^ ]+ ' "$tree"/*.log | awk '{print $4}' | sort -u | tr '\n' ' ' || true)
    echo "mutant $name: caught by ${caught[*]}: ${failed:-(crashed)}"
  else
    echo "mutant $name: SURVIVED (the rules tests passed)"; survived=1
  fi
  rm -rf "$tree"
done
exit $survived
