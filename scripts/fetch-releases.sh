#!/usr/bin/env bash
# Places MariaDB releases side by side under releases/<name>/ from Debian's archive,
# without installing a system server: apt-get download + dpkg -x. Safe to re-run.
#   scripts/fetch-releases.sh [VERSION ...]     default: 10.11.18 10.11.19
# The basedir of each release is releases/mariadb-<version>/usr.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
versions=("$@")
((${#versions[@]})) || versions=(10.11.18 10.11.19)
pkgs=(mariadb-server-core mariadb-server mariadb-client-core mariadb-client)

fetch_one() {
  local v=$1 dest="$root/releases/mariadb-$1"
  if [[ -x "$dest/usr/sbin/mariadbd" && -x "$dest/usr/bin/mysqld_safe" ]]; then
    echo "fetch-releases: mariadb-$v present"; return 0
  fi
  local tmp; tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  (cd "$tmp" && for p in "${pkgs[@]}"; do apt-get download -q -o APT::Sandbox::User=root "$p=1:$v-0+deb12u1"; done)
  rm -rf "$dest.partial"; mkdir -p "$dest.partial"
  for deb in "$tmp"/*.deb; do dpkg -x "$deb" "$dest.partial"; done
  rm -rf "$dest"; mv "$dest.partial" "$dest"
  echo "fetch-releases: mariadb-$v -> $dest/usr"
}

if ! apt-cache policy mariadb-server-core | grep -q "10.11"; then apt-get update -qq; fi
for v in "${versions[@]}"; do fetch_one "$v"; done
