#!/usr/bin/env bash
# Configures and builds versus into a build directory, warnings as errors (the developer build).
#   scripts/build.sh [BUILD_DIR] [extra cmake args...]     default build dir: build
# VERSUS_BUILD_TARGETS="a b" builds only those targets (default: all).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$root")}  # ccache keys relative to the clone
dir=${1:-$root/build}
shift || true
cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVERSUS_WARNINGS_AS_ERRORS=ON "$@" >/dev/null
targets=()
for t in ${VERSUS_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$dir" -j"$(nproc)" "${targets[@]}"
