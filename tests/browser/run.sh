#!/usr/bin/env bash
# CTest "browser": a short real run of the two releases (run.yaml), then its report.html, the
# same page from `versus report --format html`, the run with cells taken out and one marked
# crashed (charts with missing cells), `versus compare --html` and `versus upgrade-report
# --html`, all opened in Debian's headless Chromium by report_test.mjs. Screenshots in
# OUT/screenshots/ (1400 px and phone width) for a person to look at.
# Usage: tests/browser/run.sh VERSUS_BINARY OUT_DIR
set -euo pipefail
versus=$1
out=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [[ ! -d tests/browser/node_modules/playwright-core ]]; then
  echo "browser test: tests/browser/node_modules missing: run scripts/setup.sh (npm ci)" >&2
  exit 1
fi
if [[ ! -x /usr/bin/chromium ]]; then
  echo "browser test: /usr/bin/chromium missing: run scripts/setup.sh" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out"
if ! "$versus" run tests/browser/run.yaml -o "$out/run" >"$out/run.log" 2>&1; then
  cat "$out/run.log"
  exit 1
fi
grep -qF "versus: report: $out/run/report.html" "$out/run.log" || {
  echo "browser test: versus run did not print the report's path" >&2
  exit 1
}
"$versus" report "$out/run" --format html >"$out/report.html"
cmp "$out/report.html" "$out/run/report.html"

# Holes: the first cell gone (a missing cell), the last one crashed with an error log excerpt.
mkdir -p "$out/holes"
cp "$out/run/matrix.yaml" "$out/holes/"
python3 - "$out/run/results.json" "$out/holes/results.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["run"]["run_id"] += "-holes"
del r["cells"][0]
c = r["cells"][-1]
c["status"] = "crashed"
c["error"] = "the server died under load; its error log ends:\n[ERROR] mariadbd got signal 11"
json.dump(r, open(sys.argv[2], "w"), indent=2)
PY
"$versus" report "$out/holes" --format html >"$out/holes.html"
status=0
"$versus" compare "$out/holes" "$out/run" --html "$out/compare.html" >/dev/null || status=$?
((status <= 1)) || exit "$status"  # 1: a regression was found, a valid page all the same
"$versus" upgrade-report "$out/run" --from old --to new --html "$out/upgrade.html" >/dev/null
node tests/browser/report_test.mjs "$out/screenshots" "$out/run/report.html" "$out/holes.html" \
  "$out/compare.html" "$out/upgrade.html"
