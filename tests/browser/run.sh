#!/usr/bin/env bash
# CTest "browser": a short real run of the two releases (run.yaml), then its report.html, the
# same page from `versus report --format html`, the run with cells taken out and one marked
# crashed (charts with missing cells), `versus compare --html` and `versus upgrade-report
# --html`, and `compare --html` of two copies of the run made to differ (the ranked counters of
# each significant difference), and the page of a real nightly history (ten short runs, the
# last five slowed by cpu_quota), all opened in Debian's headless Chromium by report_test.mjs.
# Screenshots in OUT/screenshots/ (1400 px and phone width) for a person to look at.
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
# Its runs share an instance cache of their own (the versus binary under test loads every one).
export VERSUS_CACHE_DIR="$out/instance-cache" VERSUS_CACHE_SIZE=4G
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

# Evidence: the run made steady (each cell's runs within 0.2% of their mean) against a copy 30%
# slower whose every counter is 1/0.7 per transaction, so that every difference is significant
# and `compare --html` lists the ranked counters behind it.
for side in steady slow; do mkdir -p "$out/$side" && cp "$out/run/matrix.yaml" "$out/$side/"; done
python3 - "$out/run/results.json" "$out" <<'PY'
import json, sys
src, out = sys.argv[1], sys.argv[2]
for side, factor in (("steady", 1.0), ("slow", 0.7)):
    r = json.load(open(src))
    r["run"]["run_id"] += "-" + side
    means = {}
    for c in r["cells"]:
        means.setdefault((c["server"], c["threads"]), []).append(c["tps"])
    for c in r["cells"]:
        runs = means[(c["server"], c["threads"])]
        c["tps"] = sum(runs) / len(runs) * factor * (1 + 0.002 * (c["repeat"] % 2 * 2 - 1))
        c["counters"]["transactions"] = round(c["counters"]["transactions"] * factor)
        if c.get("usage", {}).get("transactions"):  # the costs' denominator (snapshot interval)
            c["usage"]["transactions"] = round(c["usage"]["transactions"] * factor)
    json.dump(r, open(f"{out}/{side}/results.json", "w"), indent=2)
PY
status=0
"$versus" compare "$out/steady" "$out/slow" --html "$out/evidence.html" >/dev/null || status=$?
((status == 1)) || { echo "browser test: the slow copy is no regression (status $status)" >&2; exit 1; }
grep -qF '<section id="counters">' "$out/evidence.html" || {
  echo "browser test: compare --html lists no counters for the slow copy" >&2
  exit 1
}
grep -qF '<h3>Cost per transaction' "$out/run/report.html" || {
  echo "browser test: report.html has no efficiency table" >&2
  exit 1
}

# A real nightly history (about 100 s): five nights of history.yaml on the old release, then
# five of history_slow.yaml (the server under cpu_quota 1%) on the new one, each appended by
# `run --history`, the last one rewriting the page with --history-page; then the page from
# `history show -f html`, which must list the step at the top. Every run's link must lead to
# its report.html.
hist=$out/history
mkdir -p "$hist"
night=0
for matrix in history history history history history \
    history_slow history_slow history_slow history_slow history_slow; do
  night=$((night + 1))
  release=releases/mariadb-10.11.18/usr
  [[ $matrix == history_slow ]] && release=releases/mariadb-10.11.19/usr
  page=()
  ((night == 10)) && page=(--history-page "$hist/run-page.html")
  if ! "$versus" run "tests/browser/$matrix.yaml" --server "nightly=$release" -o "$hist/r$night" \
      --history "$hist/history.sqlite" "${page[@]}" -q >"$hist/r$night.log" 2>&1; then
    cat "$hist/r$night.log"
    exit 1
  fi
done
"$versus" history show --db "$hist/history.sqlite" -f html -o "$hist/history.html"
grep -qF '<td class="num slower">' "$hist/history.html" || {
  "$versus" history show --db "$hist/history.sqlite"
  echo "browser test: the history page lists no step" >&2
  exit 1
}
python3 - "$hist/history.html" <<'PY'
import json, os, re, sys
page = sys.argv[1]
data = json.loads(re.search(r'id="versus-data">(.*?)</script>', open(page).read(), re.S).group(1))
runs = data["runs"]
assert len(runs) == 10, runs
for r in runs:
    target = os.path.join(os.path.dirname(page), r["href"])
    assert r["href"] and os.path.isfile(target), f"run {r['id']}: no report at {r['href']!r}"
PY
node tests/browser/report_test.mjs "$out/screenshots" "$out/run/report.html" "$out/holes.html" \
  "$out/compare.html" "$out/upgrade.html" "$out/evidence.html" "$hist/history.html" \
  "$hist/run-page.html"
