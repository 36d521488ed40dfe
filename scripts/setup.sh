#!/usr/bin/env bash
# Installs what versus needs on Debian 12, only what is missing. Safe to re-run.
#   scripts/setup.sh            build + test dependencies, and Debian's mariadb-server
#                               installed but never started
#   scripts/setup.sh --run      only what building versus and running a matrix need (the
#                               quickstart): no test tools, browser, Node or system server
set -euo pipefail

# Build toolchain and libraries (Debian packages only).
BUILD_PKGS=(
  build-essential cmake pkg-config git ccache
  default-libmysqlclient-dev libyaml-cpp-dev libboost-dev libboost-math-dev
  libspdlog-dev libfmt-dev catch2 libcli11-dev nlohmann-json3-dev libsqlite3-dev
  libjs-chart.js  # Chart.js, embedded into report.html at build time (cmake/embed_assets.cmake)
)
# System libraries mariadbd needs that `dpkg -x` of the release packages does not bring.
SERVER_RUNTIME_PKGS=(
  libaio1 liburing2 libnuma1 libpcre2-8-0 libssl3 zlib1g libsystemd0 libsnappy1v5
  liblz4-1 libzstd1 libbz2-1.0 liblzma5 libcrack2 libgnutls30 libncurses6 libtinfo6
  libedit2 libreadline8 libwrap0 libxml2 libcurl4 libjemalloc2 procps iproute2
  ca-certificates  # scripts/fetch-releases.sh reads Debian's newer suites
  patchelf  # scripts/fetch-releases.sh points a newer suite's executables at their own loader
  openssh-client rsync  # a server on another host (docs/remote.md): ssh, and copies of basedirs
)
# Reference load generator and tools used by tests and bench/.
# chromium: the browser test of report.html (tests/browser/).
# linux-perf: bench/engine_vs_sysbench.sh counts each client's context switches and migrations.
# file: CPack's DEB generator reads the linked libraries with it (CPACK_DEBIAN_PACKAGE_SHLIBDEPS).
# debootstrap: scripts/fresh-root-test.sh builds a minimal Debian 12 root.
# percona-toolkit: pt-query-digest 3.2.1, the reference the replay fingerprints are tested
# against (tests/integration/replay_log_test.cpp).
TOOL_PKGS=(sysbench time python3 util-linux hostname coreutils sed gawk clang libclang-rt-14-dev
  chromium linux-perf file debootstrap percona-toolkit)

# Debian's own MariaDB server: tests check that a run never touches the system's server
# (/etc/mysql, /var/lib/mysql). Installed, never started (see install_without_starting).
SYSTEM_SERVER_PKGS=(mariadb-server)
# Slurm and its authentication (munge): the Slurm test (tests/slurm/) starts its own
# single-node cluster on 127.0.0.1 with a throwaway key. Installed, never started.
SERVICE_TOOL_PKGS=(slurm-wlm munge)

missing() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}

apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "$@"
}

POLICY=/usr/sbin/policy-rc.d
POLICY_SAVED=""
restore_policy() {
  if [[ -n $POLICY_SAVED ]]; then mv -f "$POLICY_SAVED" "$POLICY"; else rm -f "$POLICY"; fi
}

# Installs packages with a policy-rc.d that forbids starting any service (exit 101, which
# invoke-rc.d and deb-systemd-invoke honour); whatever policy-rc.d was there comes back.
install_without_starting() {
  if [[ -e $POLICY ]]; then
    POLICY_SAVED=$(mktemp)
    cp -p "$POLICY" "$POLICY_SAVED"
  fi
  trap restore_policy EXIT
  printf '#!/bin/sh\n# scripts/setup.sh: no service starts while it installs packages\nexit 101\n' \
    >"$POLICY"
  chmod 755 "$POLICY"
  apt_install "$@"
  restore_policy
  trap - EXIT
}

# The pid in the system server's pid file when that process is the system's mariadbd.
system_server_pid() {
  local pid
  pid=$(cat /run/mysqld/mysqld.pid 2>/dev/null) || return 0
  [[ $pid =~ ^[0-9]+$ ]] || return 0
  [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == /usr/sbin/mariadbd ]] && echo "$pid"
  return 0
}

# Stops a system server that this installation started despite the policy (by the pid in
# its pid file, never by name): versus needs it installed, not running. One that was
# running before setup.sh is the machine owner's and is left alone.
stop_started_server() {
  local before=$1 pid
  pid=$(system_server_pid)
  [[ -z $pid || $pid == "$before" ]] && return 0
  echo "setup: the installation started mariadbd (pid $pid); stopping it"
  kill -TERM "$pid"
  for _ in $(seq 60); do [[ -d /proc/$pid ]] || return 0; sleep 1; done
  echo "setup: mariadbd (pid $pid) did not stop within 60 s" >&2
  return 1
}

if [[ ${1:-} == --run ]]; then
  mapfile -t need < <(missing "${BUILD_PKGS[@]}" "${SERVER_RUNTIME_PKGS[@]}")
  if ((${#need[@]})); then echo "setup: installing ${need[*]}"; apt_install "${need[@]}"; fi
  exit 0
fi

mapfile -t need < <(missing "${BUILD_PKGS[@]}" "${SERVER_RUNTIME_PKGS[@]}" "${TOOL_PKGS[@]}")
if ((${#need[@]})); then
  echo "setup: installing ${need[*]}"
  apt_install "${need[@]}"
fi

mapfile -t need_server < <(missing "${SYSTEM_SERVER_PKGS[@]}")
if ((${#need_server[@]})); then
  echo "setup: installing ${need_server[*]} without starting it"
  running_before=$(system_server_pid)
  install_without_starting "${need_server[@]}"
  stop_started_server "$running_before"
fi

mapfile -t need_services < <(missing "${SERVICE_TOOL_PKGS[@]}")
if ((${#need_services[@]})); then
  echo "setup: installing ${need_services[*]} without starting them"
  install_without_starting "${need_services[@]}"
fi

if ((${#need[@]} + ${#need_server[@]} + ${#need_services[@]} == 0)); then
  echo "setup: all packages present"
fi

# The browser test's driver, playwright-core, pinned in tests/browser/package-lock.json (it
# drives Debian's chromium; it downloads no browser). Node and npm: Debian's, unless present.
if ! command -v npm >/dev/null; then
  echo "setup: installing nodejs npm"
  apt_install nodejs npm
fi
browser_dir="$(cd "$(dirname "$0")/.." && pwd)/tests/browser"
if [[ ! -d $browser_dir/node_modules/playwright-core ||
  $browser_dir/package-lock.json -nt $browser_dir/node_modules/.package-lock.json ]]; then
  echo "setup: npm ci in tests/browser"
  npm ci --prefix "$browser_dir" --no-audit --no-fund
fi
