#!/usr/bin/env bash
# Every test, from a fresh Debian 12 machine (as root): installs what is missing, builds,
# fetches the two real MariaDB releases, then runs through CTest
#   unit         the unit tests (tests/unit), release build
#   integration  the end-to-end tests on the real releases (tests/integration)
#   unit-asan    the unit tests again under AddressSanitizer + UBSan
# Set VERSUS_SKIP_SANITIZERS=1 to leave out the sanitizer build on a quick local run.
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
fi
exit $status
