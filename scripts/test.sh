#!/usr/bin/env bash
# Every test, from a fresh Debian 12 machine (as root): installs what is missing, builds,
# fetches the two real MariaDB releases, then runs through CTest
#   unit         the unit tests (tests/unit), Release build (the build type users pick),
#                warnings as errors
#   integration  the end-to-end tests on the real releases (tests/integration)
#   install      cmake --install into a DESTDIR and the .deb: dpkg -i, versus plan, dpkg -r
#                (tests/install_test.sh)
#   unit-asan    the unit tests again under AddressSanitizer + UBSan
#   tsan         the load engine under ThreadSanitizer (fidelity, driver and end-to-end tests)
#   fuzz         the YAML -> Plan libFuzzer target for VERSUS_FUZZ_SECONDS (default 30)
# Set VERSUS_SKIP_SANITIZERS=1 to leave out the sanitizer and fuzz builds on a quick local run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$root")}  # ccache keys relative to the clone
status=0
passed=0
failed=0
timings=""
stage() {  # stage NAME COMMAND...: runs one stage, counts it and times it
  local start=$SECONDS
  if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); status=1; echo "FAILED: $1"; fi
  timings+="  $1: $((SECONDS - start)) s"$'\n'
}
timed() {  # timed NAME COMMAND...: a build step, timed (its failure ends the script)
  local start=$SECONDS
  "${@:2}"
  timings+="  $1: $((SECONDS - start)) s"$'\n'
}
timed "setup" scripts/setup.sh
timed "fetch releases" scripts/fetch-releases.sh
timed "build (Release)" scripts/build.sh build-test -DCMAKE_BUILD_TYPE=Release
stage "unit + integration" bash -c 'cd build-test && ctest --output-on-failure'
stage "install + .deb" tests/install_test.sh build-test
if [[ "${VERSUS_SKIP_SANITIZERS:-0}" != 1 ]]; then
  # Sanitizer builds compile only what they run (unity builds too: VERSUS_UNITY_BUILD is ON).
  cmake -S "$root" -B build-asan -DVERSUS_ENABLE_SANITIZERS=ON -DCMAKE_BUILD_TYPE=Debug \
    -DVERSUS_WARNINGS_AS_ERRORS=ON >/dev/null
  timed "build (ASan/UBSan)" cmake --build build-asan -j"$(nproc)" --target versus_tests
  stage "unit under ASan/UBSan" bash -c "cd build-asan && ctest --output-on-failure -R '^unit$'"
  # The load engine under TSan: in-process (fidelity, driver) and inside the versus binary (end to end).
  cmake -S "$root" -B build-tsan -DVERSUS_ENABLE_TSAN=ON -DCMAKE_BUILD_TYPE=Debug \
    -DVERSUS_WARNINGS_AS_ERRORS=ON >/dev/null
  timed "build (TSan)" cmake --build build-tsan -j"$(nproc)" --target versus versus_integration_tests
  # One comma-separated spec; --warn NoTests makes a spec that matches nothing fail.
  stage "load engine under TSan" build-tsan/tests/versus_integration_tests --warn NoTests \
    "[fidelity]~[mysql]~[mariadb-11.8],[driver],versus run compares two real releases end to end"
  CXX=clang++ cmake -S "$root" -B build-fuzz -DVERSUS_BUILD_FUZZ=ON -DVERSUS_BUILD_TESTS=OFF \
    -DVERSUS_WARNINGS_AS_ERRORS=ON >/dev/null
  timed "build (fuzz)" cmake --build build-fuzz -j"$(nproc)" --target matrix_fuzz
  corpus=$(mktemp -d)  # new inputs go here, not into the committed seed corpus
  stage "fuzz (${VERSUS_FUZZ_SECONDS:-30} s)" build-fuzz/matrix_fuzz \
    -max_total_time="${VERSUS_FUZZ_SECONDS:-30}" -print_final_stats=1 "$corpus" tests/fuzz/corpus
  rm -rf "$corpus"
fi
printf 'times:\n%s' "$timings"
echo "stages: $passed passed, $failed failed"
exit $status
