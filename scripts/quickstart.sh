#!/usr/bin/env bash
# The quickstart comparison, from a fresh Debian 12 machine (as root):
# installs what is missing, builds, fetches MariaDB 10.11.18 and 10.11.19, runs
# configs/quickstart.yaml, prints the table and writes results/<run-id>/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/build.sh build
scripts/fetch-releases.sh
exec build/versus run configs/quickstart.yaml "$@"
