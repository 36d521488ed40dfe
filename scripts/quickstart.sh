#!/usr/bin/env bash
# The quickstart comparison, from a fresh Debian 12 machine (as root): installs only what a
# run needs (scripts/setup.sh --run), builds the versus binary alone, fetches MariaDB 10.11.19,
# MariaDB 11.8 and MySQL 9.7, runs configs/quickstart.yaml, prints the table and writes
# results/<run-id>/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh --run
scripts/build.sh build -DVERSUS_BUILD_TESTS=OFF -DVERSUS_BUILD_BENCH=OFF
scripts/fetch-releases.sh mariadb-10.11.19 mariadb-11.8 mysql-9.7
exec build/versus run configs/quickstart.yaml "$@"
