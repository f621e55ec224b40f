#!/usr/bin/env bash
# Installs every dependency from Debian packages and builds the release preset.
# Idempotent: safe to run again on a machine that already has everything.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build clang clang-format libclang-rt-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  libzstd-dev libxxhash-dev libtbb-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev
  python3 python3-jsonschema ccache chromium fonts-dejavu-core
  stockfish
  libfathom-dev libgaviotatb-dev gaviotatb
  libopenmpi-dev openmpi-bin
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

preset="${RETROCHECK_PRESET:-release}"
cmake --preset "$preset"
cmake --build --preset "$preset" -j "$(nproc)"
