#!/usr/bin/env bash
# Runs a README command in a clean clone inside a minimal Debian 12 root, as a new user's
# machine would run it, so that a missing install step shows here first.
#   scripts/fresh-root-test.sh [COMMAND...]      default: scripts/test.sh
#   e.g. scripts/fresh-root-test.sh scripts/quickstart.sh
# The root: debootstrap --variant=minbase bookworm with git and ca-certificates, and the
# sources a Debian 12 machine has (bookworm, bookworm-updates, bookworm-security); made once
# and kept in $VERSUS_FRESH_ROOT_CACHE (default /var/cache/versus/fresh-root), copied anew for
# every run. Inside it: /proc, /sys with the host's cgroup mounts, /dev, /dev/pts, /dev/shm, the
# host's resolv.conf, hosts, CA certificates and apt settings (NODE_EXTRA_CA_CERTS and SSL_CERT_FILE name
# the bundle, as the host's environment does), all in a private mount namespace (unshare), so every mount
# ends with the command, however it ends. The clone is of HEAD: commit first.
# VERSUS_FRESH_CCACHE=1 lends the host's ccache directory (compiler outputs only) to make the
# builds quicker; everything else the command needs it must install itself.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${VERSUS_FRESH_ROOT_CACHE:-/var/cache/versus/fresh-root}
command=("$@")
((${#command[@]})) || command=(scripts/test.sh)
[[ $(id -u) == 0 ]] || { echo "fresh-root-test: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "fresh-root-test: debootstrap missing (scripts/setup.sh)" >&2; exit 2; }

make_root() {  # the cached minimal root, made once (atomically: .partial, then renamed)
  [[ -f $cache/bookworm/etc/debian_version ]] && return 0
  echo "fresh-root-test: debootstrap bookworm into $cache/bookworm (once)"
  rm -rf "$cache/bookworm.partial"
  mkdir -p "$cache"
  debootstrap --variant=minbase --include=git,ca-certificates bookworm "$cache/bookworm.partial" \
    http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
  cat >"$cache/bookworm.partial/etc/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  chroot "$cache/bookworm.partial" apt-get clean
  mv "$cache/bookworm.partial" "$cache/bookworm"
}

make_root
work=$(mktemp -d /var/tmp/versus-fresh-root.XXXXXX)
trap 'rm -rf --one-file-system "$work"' EXIT
cp -a "$cache/bookworm" "$work/root"
git clone -q "$root" "$work/root/work/versus"
cp /etc/resolv.conf /etc/hosts "$work/root/etc/"
# The host's CA certificates, as on a machine behind the same network (a TLS-inspecting proxy's
# CA among them): its local ones installed the Debian way, and its bundle.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$work/root/usr/local/share/ca-certificates/"
fi
cp /etc/ssl/certs/ca-certificates.crt "$work/root/etc/ssl/certs/ca-certificates.crt"
# The host's apt settings for reaching its archive (a mirror may serve a frozen snapshot whose
# Release files have expired: Acquire::Check-Valid-Until), the ones the root does not have.
for f in /etc/apt/apt.conf.d/*; do
  [[ -e $work/root/etc/apt/apt.conf.d/$(basename "$f") ]] || cp "$f" "$work/root/etc/apt/apt.conf.d/"
done
ccache_bind=""
ccache_env=""
if [[ ${VERSUS_FRESH_CCACHE:-0} == 1 ]]; then
  host_ccache=$(ccache -k cache_dir 2>/dev/null || echo "$HOME/.cache/ccache")
  mkdir -p "$host_ccache" "$work/root/root/.cache/ccache"
  ccache_bind="mount --bind $host_ccache $work/root/root/.cache/ccache"
  ccache_env="CCACHE_COMPILERCHECK=content"  # the root's compiler: same bytes, other mtime
fi
printf '%q ' "${command[@]}" >"$work/command"
echo "fresh-root-test: running '${command[*]}' in a clean clone of $(git -C "$root" rev-parse --short HEAD)"
status=0
unshare --mount --propagation private bash -euo pipefail -c "
  r=$work/root
  mount --bind \$r \$r  # the root a mount point, so that unshare inside it works as on a machine
  mount -t proc proc \$r/proc
  mount -t sysfs sysfs \$r/sys
  # The host's cgroup mounts as they are (a v1 hierarchy under a tmpfs here, or cgroup2).
  mount --rbind /sys/fs/cgroup \$r/sys/fs/cgroup 2>/dev/null ||
    echo 'fresh-root-test: no cgroup mounts in the root: tests that need cgroups will say so' >&2
  mount --rbind /dev \$r/dev
  mount -t tmpfs -o size=2g tmpfs \$r/dev/shm
  $ccache_bind
  exec chroot \$r /usr/bin/env -i HOME=/root TERM=dumb PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    CI=\${CI:-} $ccache_env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt bash -c \"cd /work/versus && \$(cat $work/command)\"
" || status=$?
echo "fresh-root-test: '${command[*]}' exited $status"
exit $status
