#!/usr/bin/env bash
# A "database host" for the remote-server tests: Debian's sshd in a network namespace of its
# own, inside a minimal Debian 12 root, reachable only over a veth pair between two namespaces
# this script creates (the client's and the host's). No path of the client's is visible there:
# the host's work directory is a tmpfs mounted only in sshd's private mount namespace.
#   tests/remote/db_host.sh up STATE_DIR     starts it; writes STATE_DIR/env (see below)
#   tests/remote/db_host.sh down STATE_DIR   stops what `up` started, by pid; removes both
#                                            namespaces (idempotent)
#   tests/remote/db_host.sh pids STATE_DIR   the pids running in the host's namespace
#   tests/remote/db_host.sh root             only makes the cached root (scripts/test.sh does
#                                            it beside the build, while nothing else makes it)
# STATE_DIR/env: CLIENT_NS, HOST_NS, ADDRESS (the host's), CLIENT_ADDRESS, KEY (a user key sshd
# accepts), OTHER_KEY (one it does not), KNOWN_HOSTS (the host's key), SSHD_PID, WORKDIR.
# The root (debootstrap minbase bookworm with openssh-server, rsync, procps and the libraries
# a Debian 12 MariaDB server needs) is made once and cached in $VERSUS_DB_HOST_CACHE (default
# /var/cache/versus/db-host). Needs root, debootstrap, ip, unshare, ssh-keygen.
set -euo pipefail
cache=${VERSUS_DB_HOST_CACHE:-/var/cache/versus/db-host}
# The libraries mariadbd 10.11 links that minbase lacks (scripts/setup.sh's runtime list).
ROOT_PKGS=openssh-server,rsync,procps,libaio1,liburing2,libnuma1,libpcre2-8-0,libssl3,libsnappy1v5,liblz4-1,libzstd1,libsystemd0,libcrack2,libgnutls30,libncurses6,libedit2,libwrap0,libxml2,libcurl4,libjemalloc2

die() { echo "db_host: $*" >&2; exit 1; }

make_root() {  # the cached root, made once (atomically: .partial, then renamed)
  [[ -f $cache/bookworm/usr/sbin/sshd ]] && return 0
  echo "db_host: debootstrap bookworm into $cache/bookworm (once)" >&2
  rm -rf "$cache/bookworm.partial"
  mkdir -p "$cache"
  debootstrap --variant=minbase --include="$ROOT_PKGS" bookworm "$cache/bookworm.partial" \
    http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; die "debootstrap failed ($cache/debootstrap.log)"; }
  chroot "$cache/bookworm.partial" apt-get clean
  rm -f "$cache"/bookworm.partial/etc/ssh/ssh_host_*  # each `up` makes a throwaway host key
  mv "$cache/bookworm.partial" "$cache/bookworm"
}

# Namespace and link names from the state directory's own number (15 characters at most).
names() {
  local id
  id=$(printf '%s' "$1" | cksum | cut -c1-6)
  CLIENT_NS=vsc$id HOST_NS=vsd$id LINK_C=vsc$id LINK_H=vsd$id
}

write_sshd_config() {  # $1: the directory bound at /etc/versus-test inside the root
  cat >"$1/sshd_config" <<'EOF'
ListenAddress 10.231.0.2:22
HostKey /etc/versus-test/host_key
AuthorizedKeysFile /etc/versus-test/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication yes
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile none
MaxSessions 20
MaxStartups 20
EOF
}

make_keys() {  # $1: state dir
  local s=$1
  mkdir -p "$s/etc"
  ssh-keygen -q -t ed25519 -N '' -f "$s/etc/host_key" -C db-host
  ssh-keygen -q -t ed25519 -N '' -f "$s/key" -C versus-test
  ssh-keygen -q -t ed25519 -N '' -f "$s/other_key" -C not-authorized
  cp "$s/key.pub" "$s/etc/authorized_keys"
  echo "10.231.0.2 $(cut -d' ' -f1-2 "$s/etc/host_key.pub")" >"$s/known_hosts"
  write_sshd_config "$s/etc"
}

make_network() {
  ip netns add "$CLIENT_NS"
  ip netns add "$HOST_NS"
  ip link add "$LINK_C" netns "$CLIENT_NS" type veth peer name "$LINK_H" netns "$HOST_NS"
  ip -n "$CLIENT_NS" addr add 10.231.0.1/30 dev "$LINK_C"
  ip -n "$HOST_NS" addr add 10.231.0.2/30 dev "$LINK_H"
  for ns in "$CLIENT_NS" "$HOST_NS"; do
    ip -n "$ns" link set lo up
  done
  ip -n "$CLIENT_NS" link set "$LINK_C" up
  ip -n "$HOST_NS" link set "$LINK_H" up
}

# sshd in the host's namespace, chrooted into the root, with its own mounts: /proc, /dev, a
# tmpfs /run, /tmp and /srv (the work directory), the keys read-only at /etc/versus-test.
start_sshd() {  # $1: state dir
  local s=$1 r=$cache/bookworm
  ip netns exec "$HOST_NS" unshare --mount --propagation private bash -euc "
    mount --bind $r $r
    mount -t proc proc $r/proc
    mount --rbind /dev $r/dev
    mount -t tmpfs tmpfs $r/run
    mount -t tmpfs tmpfs $r/tmp
    mount -t tmpfs -o size=4g tmpfs $r/srv
    mkdir -p $r/run/sshd $r/etc/versus-test
    mount --bind -o ro $s/etc $r/etc/versus-test
    exec chroot $r /usr/sbin/sshd -D -e -f /etc/versus-test/sshd_config
  " >"$s/sshd.log" 2>&1 &
  echo $! >"$s/sshd.pid"
}

wait_ready() {  # until sshd answers on 10.231.0.2:22 (10 s)
  local s=$1
  for _ in $(seq 100); do
    if ip netns exec "$CLIENT_NS" bash -c 'exec 3<>/dev/tcp/10.231.0.2/22' 2>/dev/null; then return 0; fi
    kill -0 "$(cat "$s/sshd.pid")" 2>/dev/null || { cat "$s/sshd.log" >&2; die "sshd exited"; }
    sleep 0.1
  done
  cat "$s/sshd.log" >&2
  die "sshd did not answer on 10.231.0.2:22 within 10 s"
}

up() {
  local s=$1
  [[ $(id -u) == 0 ]] || die "needs root (namespaces, chroot, mounts)"
  command -v debootstrap >/dev/null || die "debootstrap missing (scripts/setup.sh)"
  mkdir -p "$s"
  s=$(cd "$s" && pwd)
  names "$s"
  make_root
  make_keys "$s"
  make_network
  start_sshd "$s"
  wait_ready "$s"
  cat >"$s/env" <<EOF
CLIENT_NS=$CLIENT_NS
HOST_NS=$HOST_NS
ADDRESS=10.231.0.2
CLIENT_ADDRESS=10.231.0.1
KEY=$s/key
OTHER_KEY=$s/other_key
KNOWN_HOSTS=$s/known_hosts
SSHD_PID=$(cat "$s/sshd.pid")
WORKDIR=/srv/versus
EOF
}

pids() {
  names "$(cd "$1" && pwd)"
  ip netns pids "$HOST_NS" 2>/dev/null || true
}

down() {
  local s
  s=$(cd "$1" && pwd)
  names "$s"
  if [[ -f $s/sshd.pid ]]; then kill "$(cat "$s/sshd.pid")" 2>/dev/null || true; fi
  # What still runs in the host's namespace was started there by this test (sshd's sessions).
  for pid in $(ip netns pids "$HOST_NS" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
  for pid in $(ip netns pids "$CLIENT_NS" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
  ip netns del "$HOST_NS" 2>/dev/null || true
  ip netns del "$CLIENT_NS" 2>/dev/null || true
}

case ${1:-} in
  up | down | pids) [[ -n ${2:-} ]] || die "usage: $0 up|down|pids STATE_DIR | root"; "$1" "$2" ;;
  root) make_root ;;
  *) die "usage: $0 up|down|pids STATE_DIR | root" ;;
esac
