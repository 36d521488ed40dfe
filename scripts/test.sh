#!/usr/bin/env bash
# Every test, from a fresh Debian 12 machine (as root): installs what is missing, builds,
# fetches the two real MariaDB releases, then runs through CTest
#   unit         the unit tests (tests/unit), release build
#   integration  the end-to-end tests on the real releases (tests/integration)
#   unit-asan    the unit tests again under AddressSanitizer + UBSan
#   fuzz         the YAML -> Plan libFuzzer target for VERSUS_FUZZ_SECONDS (default 30)
# Set VERSUS_SKIP_SANITIZERS=1 to leave out the sanitizer and fuzz builds on a quick local run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/fetch-releases.sh
scripts/build.sh build-test
status=0
(cd build-test && ctest --output-on-failure) || status=1
if [[ "${VERSUS_SKIP_SANITIZERS:-0}" != 1 ]]; then
  scripts/build.sh build-asan -DVERSUS_ENABLE_SANITIZERS=ON -DCMAKE_BUILD_TYPE=Debug
  (cd build-asan && ctest --output-on-failure -R '^unit$') || status=1
  CXX=clang++ cmake -S "$root" -B build-fuzz -DVERSUS_BUILD_FUZZ=ON -DVERSUS_BUILD_TESTS=OFF >/dev/null
  cmake --build build-fuzz -j"$(nproc)" --target matrix_fuzz
  corpus=$(mktemp -d)  # new inputs go here, not into the committed seed corpus
  if build-fuzz/matrix_fuzz -max_total_time="${VERSUS_FUZZ_SECONDS:-30}" -print_final_stats=1 \
       "$corpus" tests/fuzz/corpus; then
    echo "fuzz: matrix_fuzz ran ${VERSUS_FUZZ_SECONDS:-30} s without a crash"
  else
    echo "fuzz: matrix_fuzz FAILED"; status=1
  fi
  rm -rf "$corpus"
fi
exit $status
