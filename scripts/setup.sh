#!/usr/bin/env bash
# Installs what versus needs on Debian 12, only what is missing. Safe to re-run.
#   scripts/setup.sh            build + test dependencies
set -euo pipefail

# Build toolchain and libraries (Debian packages only).
BUILD_PKGS=(
  build-essential cmake pkg-config git
  default-libmysqlclient-dev libyaml-cpp-dev libboost-dev libboost-math-dev
  libspdlog-dev libfmt-dev catch2 libcli11-dev nlohmann-json3-dev libsqlite3-dev
)
# System libraries mariadbd needs that `dpkg -x` of the release packages does not bring.
SERVER_RUNTIME_PKGS=(
  libaio1 liburing2 libnuma1 libpcre2-8-0 libssl3 zlib1g libsystemd0 libsnappy1v5
  liblz4-1 libzstd1 libbz2-1.0 liblzma5 libcrack2 libgnutls30 libncurses6 libtinfo6
  libedit2 libreadline8 libwrap0 libxml2 libcurl4 libjemalloc2 procps iproute2
)
# Reference load generator and tools used by tests and bench/.
TOOL_PKGS=(sysbench time python3 util-linux hostname coreutils sed gawk clang libclang-rt-14-dev)

need=()
for p in "${BUILD_PKGS[@]}" "${SERVER_RUNTIME_PKGS[@]}" "${TOOL_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done

if ((${#need[@]})); then
  echo "setup: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}"
else
  echo "setup: all packages present"
fi
