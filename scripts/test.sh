#!/usr/bin/env bash
# Every test, from a fresh Debian 12 machine (as root): installs what is missing, builds,
# fetches the real releases, then runs
#   unit + integration  CTest in the Release build (the build type users pick, warnings as
#                errors): the unit tests, each integration case on the real releases, slurm,
#                remote and browser, two at a time; the sanitizer trees compile meanwhile at
#                nice 19
#   alone        the integration cases tagged [quiet], with nothing else running
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
# The releases are fetched, and the remote test's database-host root made, while the Release
# build compiles: both mostly wait on the network, the build keeps both cores busy. Their
# output is printed when all three are done; a failure of either ends the script there.
fetch_log=$(mktemp)
fetch_start=$SECONDS
(scripts/fetch-releases.sh && tests/remote/db_host.sh root) >"$fetch_log" 2>&1 &
fetch_pid=$!
sanitizers=1
[[ "${VERSUS_SKIP_SANITIZERS:-0}" == 1 ]] && sanitizers=0
# With the sanitizer stages on, the unit tests compile and run once, in the ASan/UBSan tree
# (off the critical path, below); the Release tree compiles what the other tests run, and
# CMAKE_SKIP_INSTALL_ALL_DEPENDENCY keeps cpack's preinstall step (tests/install_test.sh) from
# compiling the rest (the Release unit tests took it from 9 s to 343 s).
release_targets=""
((sanitizers)) && release_targets="versus versus_integration_tests versus_connector_floor versus_host_probe"
timed "build (Release; fetch and db-host root beside it)" \
  env VERSUS_BUILD_TARGETS="$release_targets" scripts/build.sh build-test -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON
fetch_status=0
wait "$fetch_pid" || fetch_status=$?
cat "$fetch_log"
rm -f "$fetch_log"
timings+="  fetch releases + db-host root (beside the build): $((SECONDS - fetch_start)) s to their end"$'\n'
((fetch_status == 0)) || { echo "FAILED: fetch releases or the db-host root (exit $fetch_status)"; exit "$fetch_status"; }
# Each test case's wall time (tests/test_main.cpp), for the slowest list printed at the end.
durations="$root/build-test/test-durations.tsv"
rm -f "$durations"
sanitizer_builds() {  # the ASan/UBSan + fuzz tree and the TSan tree, compiling only what they run
  # The unit tests under ASan/UBSan and the YAML fuzz target share one clang++ tree: clang++
  # compiled the sanitized sources in about half g++'s time here, and libFuzzer needs it.
  if [[ -f build-asan/CMakeCache.txt ]] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang' build-asan/CMakeCache.txt; then
    rm -rf build-asan  # configured with another compiler by an earlier version of this script
  fi
  CXX=clang++ cmake -S "$root" -B build-asan -DVERSUS_ENABLE_SANITIZERS=ON -DVERSUS_BUILD_FUZZ=ON \
    -DVERSUS_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Debug -DVERSUS_WARNINGS_AS_ERRORS=ON >/dev/null
  cmake --build build-asan -j"$(nproc)" --target versus_tests matrix_fuzz
  cmake -S "$root" -B build-tsan -DVERSUS_ENABLE_TSAN=ON -DCMAKE_BUILD_TYPE=Debug \
    -DVERSUS_BUILD_BENCH=OFF -DVERSUS_WARNINGS_AS_ERRORS=ON >/dev/null
  cmake --build build-tsan -j"$(nproc)" --target versus versus_tsan_tests
}
# The sanitizer trees compile at the lowest CPU and I/O priority beside the tests that may
# share the machine: a test case waits on server starts, loads and stops for about half its
# wall time, and the builds take that idle time. The [quiet] cases (statistics, CPU
# accounting, a held rate) run after the builds are done, with nothing else running.
if ((sanitizers)); then
  san_log=$(mktemp)
  san_start=$SECONDS
  (renice -n 19 -p "$BASHPID" >/dev/null; ionice -c 3 -p "$BASHPID" || true; sanitizer_builds) \
    >"$san_log" 2>&1 &
  san_pid=$!
fi
# Two CTest tests at a time (tests/CMakeLists.txt: each integration case is a test).
not_built=""
((sanitizers)) && not_built="-E ^unit\$"
stage "unit + integration, two at a time" env VERSUS_TEST_DURATIONS="$durations" \
  bash -c "cd build-test && ctest --output-on-failure -j$(nproc) -LE quiet $not_built"
if ((sanitizers)); then
  san_status=0
  wait "$san_pid" || san_status=$?
  timings+="  build (ASan/UBSan + fuzz with clang++, TSan; nice 19 beside the tests): $((SECONDS - san_start)) s to their end"$'\n'
  if ((san_status != 0)); then cat "$san_log"; echo "FAILED: the sanitizer builds (exit $san_status)"; exit "$san_status"; fi
  rm -f "$san_log"
fi
stage "integration cases that run alone ([quiet])" env VERSUS_TEST_DURATIONS="$durations" \
  bash -c "cd build-test && ctest --output-on-failure -L quiet"
stage "install + .deb" tests/install_test.sh build-test
if ((sanitizers)); then
  stage "unit under ASan/UBSan" bash -c "cd build-asan && ctest --output-on-failure -R '^unit$'"
  # The load engine under TSan: in-process (fidelity, driver) and inside the versus binary (end to end).
  # One comma-separated spec; --warn NoTests makes a spec that matches nothing fail.
  stage "load engine under TSan" build-tsan/tests/versus_tsan_tests --warn NoTests \
    "[fidelity]~[mysql]~[mariadb-11.8],[driver],versus run compares two real releases end to end"
  corpus=$(mktemp -d)  # new inputs go here, not into the committed seed corpus
  stage "fuzz (${VERSUS_FUZZ_SECONDS:-30} s)" build-asan/matrix_fuzz \
    -max_total_time="${VERSUS_FUZZ_SECONDS:-30}" -print_final_stats=1 "$corpus" tests/fuzz/corpus
  rm -rf "$corpus"
fi
if [[ -s $durations ]]; then
  echo "slowest test cases (s), of $(wc -l <"$durations") timed (Release build):"
  # awk, not head, takes the first 25: head's early exit can kill sort with SIGPIPE, which
  # pipefail and set -e made the script's exit status (141) before the times were printed.
  sort -t$'\t' -k1,1 -gr "$durations" | awk -F'\t' 'NR <= 25 { printf "  %7.1f  %s\n", $1, $2 }'
fi
printf 'times:\n%s' "$timings"
echo "stages: $passed passed, $failed failed"
exit $status
