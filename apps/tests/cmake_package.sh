#!/usr/bin/env bash
# The CMake package as a user's CI meets it: `cmake --install` of this build into a scratch
# prefix, then the out-of-tree project examples/cmake_project configured against it with
# find_package(retrocheck), built, and its ctest run: the tables fixture, the movegen check and
# the probe check, the chess perft-diff against stockfish and the chess tables' verify pass and
# write valid JUnit reports. The same project with the planted rule error in its move generator
# must fail its ctest, with the failure in the JUnit report.
#
# usage: cmake_package.sh BUILD_DIR SOURCE_DIR SCRATCH_DIR PYTHON
set -euo pipefail
build=$1 source=$2 scratch=$3 python=$4
unset RETROCHECK_PLUGIN_HOST
rm -rf "$scratch"
mkdir -p "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" > "$scratch/install.log"
for f in bin/retrocheck bin/retrocheck-plugin-host include/retrocheck/plugin.h \
         lib/cmake/retrocheck/retrocheckConfig.cmake; do
  [ -e "$scratch/prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done

configure() {  # DIR [cmake options]
  local dir=$1
  shift
  cmake -S "$source/examples/cmake_project" -B "$dir" -G Ninja \
    -DCMAKE_PREFIX_PATH="$scratch/prefix" "$@" > "$dir.configure.log"
  cmake --build "$dir" > "$dir.build.log"
}

configure "$scratch/project"
ctest --test-dir "$scratch/project" --output-on-failure
"$python" "$source/apps/tests/junit_check.py" "$scratch/project/my_movegen_check.junit.xml" \
  --cases 3 --failures 0
"$python" "$source/apps/tests/junit_check.py" "$scratch/project/my_probe_check.junit.xml" \
  --failures 0
"$python" "$source/apps/tests/junit_check.py" "$scratch/project/my_chess_perft.junit.xml" \
  --cases 1 --failures 0
"$python" "$source/apps/tests/junit_check.py" "$scratch/project/my_chess_tables_verify.junit.xml" \
  --cases 1 --failures 0

configure "$scratch/planted" -DPLANTED_BUG=ON
if ctest --test-dir "$scratch/planted" -R my_movegen_check > "$scratch/planted.ctest.log"; then
  echo "the project's ctest passed a move generator with a planted rule error"
  exit 1
fi
"$python" "$source/apps/tests/junit_check.py" "$scratch/planted/my_movegen_check.junit.xml" \
  --some-failures --contains "11x2x9"
echo "the installed package works: the project's checks pass, and fail on the planted error"
