#!/usr/bin/env bash
# Places server releases side by side under releases/<name>/ from Debian's archive, without
# installing anything: apt-get download + dpkg -x. Safe to re-run; atomic (a release appears
# whole or not at all: it is built in releases/<name>.partial and renamed).
#   scripts/fetch-releases.sh [RELEASE ...]
#     default: mariadb-10.5 mariadb-10.11.18 mariadb-10.11.19 mariadb-11.8 mysql-9.7
#     RELEASE: mariadb-10.11.N  Debian 12 (bookworm), the system's apt as it is
#              mariadb-10.5     Debian 11 (bullseye and bullseye-security): its newest 10.5.x
#              mariadb-11.8     Debian 13 (trixie): its current 11.8.x
#              mysql-9.7        Debian unstable (sid): its current 9.7.x
#              mariadb-10.5.29, mariadb-11.8.9, mysql-9.7.4: exactly that version (fails
#              when the suite has moved on: unstable keeps only its newest version)
#              10.11.18         (a bare version) the same as mariadb-10.11.18
# The basedir of each release is releases/<flavour>-<version>/usr. A release from another
# suite comes with its library closure (the library packages it depends on, recursively) in
# the same tree, and every executable is patched (patchelf) to find the tree's libraries first
# (DT_RPATH, which also serves the libraries and plugins it loads), by paths relative to the
# executable ($ORIGIN/../../usr/lib/...), so they resolve wherever the tree lies. A suite with
# a newer C library than Debian 12's (trixie, sid) also brings its libc6, and its executables
# start with the tree's own loader; an older suite's (bullseye: glibc 2.31) runs on the
# system's loader and C library, which keep every older symbol version, so its libc6 is left
# out. The loader's path (PT_INTERP) can only be absolute: it is written with room for
# another path of up to 511 bytes (leading slashes pad it), so a copy of the tree elsewhere
# (versus's agent, on a database host: docs/remote.md) rewrites it in place for where the copy
# lies, with no tool there. releases/mariadb-10.5, releases/mariadb-11.8 and releases/mysql-9.7
# name the version fetched (symlinks), so configs keep working when the patch level moves. A
# tree moved here is re-patched on the next run (it says so), and so is one an older version
# of this script patched with absolute library paths (no "relocatable=yes" in its stamp).
# Suites other than Debian 12's are read with a private apt state under releases/.apt/<suite>
# (own sources list, lists and cache); the system's apt configuration is never touched.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
releases=$root/releases
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mariadb_pkgs=(mariadb-server-core mariadb-server mariadb-client-core mariadb-client)
mysql_pkgs=(mysql-server-core mysql-server mysql-client-core mysql-client)
# Debian 11 names MariaDB's packages with their series.
mariadb105_pkgs=(mariadb-server-core-10.5 mariadb-server-10.5 mariadb-client-core-10.5
  mariadb-client-10.5)
stamp_name=.versus-release

die() { echo "fetch-releases: $*" >&2; exit 1; }
say() { echo "fetch-releases: $*"; }

# --- Debian 12's own releases (the system's apt lists) ---------------------------------
fetch_bookworm() {  # VERSION: MariaDB 1:VERSION-0+deb12u1
  local v=$1 dest="$releases/mariadb-$1"
  if [[ -x "$dest/usr/sbin/mariadbd" && -x "$dest/usr/bin/mysqld_safe" ]]; then
    say "mariadb-$v present"; return 0
  fi
  if ! apt-cache policy mariadb-server-core | grep -q "10.11"; then apt-get update -qq; fi
  local tmp p; tmp=$(mktemp -d)
  (cd "$tmp" && for p in "${mariadb_pkgs[@]}"; do
    apt-get download -q -o APT::Sandbox::User=root "$p=1:$v-0+deb12u1" ||
      die "mariadb-$v: Debian 12 has no $p=1:$v-0+deb12u1 (apt-cache policy $p lists what it has)"
  done)
  unpack_into "$dest" "$tmp"/*.deb
  rm -rf "$tmp"
  say "mariadb-$v -> $dest/usr"
}

unpack_into() {  # DEST DEB...: dpkg -x every .deb into DEST.partial, then rename it DEST
  local dest=$1 deb; shift
  rm -rf "$dest.partial"; mkdir -p "$dest.partial"
  for deb in "$@"; do dpkg -x "$deb" "$dest.partial"; done
  rm -rf "$dest"; mv "$dest.partial" "$dest"
}

# --- newer suites (a private apt state) --------------------------------------------------
# apt_in SUITE apt-get|apt-cache ARGS...: apt with releases/.apt/SUITE as its whole state.
apt_in() {
  local dir="$releases/.apt/$1" tool=$2; shift 2
  "$tool" -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null \
    -o Dir::State="$dir/state" -o Dir::State::Lists="$dir/lists" \
    -o Dir::State::status="$dir/status" -o Dir::Cache="$dir/cache" \
    -o APT::Architecture=amd64 -o Acquire::Languages=none -o APT::Sandbox::User=root \
    -q "$@"
}

suite_lines() {  # SUITE: its sources.list (the suite and, for a stable one, its security suite)
  echo "deb [signed-by=$keyring] http://deb.debian.org/debian $1 main"
  [[ $1 == sid ]] || echo "deb [signed-by=$keyring] http://deb.debian.org/debian-security $1-security main"
}

# Reads the suite's package lists into its private state, at most once a day.
update_suite() {
  local dir="$releases/.apt/$1"
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/state"
  suite_lines "$1" >"$dir/sources.list"
  touch "$dir/status"
  if [[ -z $(find "$dir/lists" -maxdepth 1 -name '*_Packages' -mtime -1 2>/dev/null) ]]; then
    apt_in "$1" apt-get update >/dev/null || die "cannot read Debian's $1 suite (apt-get update failed)"
  fi
}

candidate() {  # SUITE PACKAGE: the version apt would take, or nothing
  apt_in "$1" apt-cache policy "$2" | awk '/Candidate:/ { if ($2 != "(none)") print $2 }'
}

# The library packages PACKAGES need, recursively: Depends and Pre-Depends, followed only
# through library packages (lib*, gcc-*-base, zlib1g), never through perl, systemd or debconf.
library_closure() {
  local suite=$1; shift
  local -A seen=()
  local queue=("$@") next p
  while ((${#queue[@]})); do
    mapfile -t next < <(apt_in "$suite" apt-cache depends --no-recommends --no-suggests \
      --no-conflicts --no-breaks --no-replaces --no-enhances "${queue[@]}" |
      awk '$1 ~ /^\|?(Pre)?Depends:$/ { print $2 }' | tr -d '<>' | sed 's/:any$//' | sort -u)
    queue=()
    for p in "${next[@]}"; do
      [[ $p == lib* || $p == gcc-*-base || $p == zlib1g ]] || continue
      [[ -n ${seen[$p]:-} ]] && continue
      seen[$p]=1; queue+=("$p")
    done
  done
  printf '%s\n' "${!seen[@]}" | sort
}

real_packages() {  # SUITE PACKAGE...: those with a candidate version (not only virtual)
  local suite=$1; shift
  apt_in "$suite" apt-cache policy "$@" |
    awk '/^[^ ].*:$/ { p = substr($0, 1, length($0) - 1) } /Candidate:/ && $2 != "(none)" { print p }'
}

download_all() {  # SUITE DIR PACKAGE...: the real packages among them into DIR, in one call
  local suite=$1 dir=$2; shift 2
  # A virtual package (one that only others provide) has no candidate: its provider is in
  # the closure under its own name.
  local pkgs; mapfile -t pkgs < <(real_packages "$suite" "$@")
  (cd "$dir" && apt_in "$suite" apt-get download "${pkgs[@]}" >/dev/null) ||
    die "cannot download ${pkgs[*]} from Debian's $suite suite"
}

# --- patching a tree onto its own libraries (and loader) ----------------------------------
own_loader() {  # DEST: the tree's dynamic loader (from its libc6), or false when it has none
  local f
  for f in "$1/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$1/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"; do
    [[ -e $f ]] && { echo "$f"; return 0; }
  done
  return 1
}

tree_loader() {  # DEST: the loader its executables start with: the tree's own, else the system's
  own_loader "$1" || echo /lib64/ld-linux-x86-64.so.2
}

# True when SUITE's C library is not newer than the system's: the system's loader and libc
# then serve the suite's executables and libraries, and the suite's libc6 stays out.
system_libc_serves() {  # SUITE
  local theirs ours
  theirs=$(candidate "$1" libc6)
  ours=$(dpkg-query -W -f '${Version}' libc6)
  [[ -n $theirs ]] || die "Debian's $1 suite has no libc6"
  dpkg --compare-versions "$theirs" le "$ours"
}

# Every folder of the tree that holds a shared library, system ones first, relative to the
# tree's root.
tree_lib_dirs() {  # DEST
  (cd "$1" && find . \( -type f -o -type l \) -name '*.so*' -printf '%h\n') | sed 's|^\./||' |
    sort -u | awk '{ print (index($0, "x86_64-linux-gnu") ? 0 : 1) "\t" $0 }' | sort | cut -f2
}

# The rpath of an executable in folder REL (relative to the tree's root): each library folder
# as $ORIGIN (the executable's folder, as the loader resolves it) up to the root and down again.
origin_rpath() {  # REL DIR...
  # shellcheck disable=SC2016 # $ORIGIN is for the loader, never expanded here
  local up='$ORIGIN' part d out=()
  local -a parts; IFS=/ read -ra parts <<<"$1"
  for part in "${parts[@]}"; do [[ -n $part ]] && up+=/..; done
  shift
  for d in "$@"; do out+=("$up/$d"); done
  (IFS=:; echo "${out[*]}")
}

interp_room=512  # bytes of PT_INTERP, its NUL included: what a copy elsewhere may rewrite it to
padded() {  # PATH: PATH with leading slashes, interp_room - 1 bytes long
  local pad=$((interp_room - 1 - ${#1}))
  ((pad >= 0)) || die "the loader's path $1 is longer than $((interp_room - 1)) bytes"
  printf '%*s' "$pad" '' | tr ' ' /
  printf '%s' "$1"
}

# Points every executable of the tree (one with an interpreter) at the tree's libraries, and
# at its loader when it has one (else the system's stays). The library paths are relative; the
# loader's is the tree's final one, padded (interp_room), so it is patched where it will stay.
patch_tree() {  # DEST
  local loader f rel n=0 interp=() dirs
  mapfile -t dirs < <(tree_lib_dirs "$1")
  if loader=$(own_loader "$1"); then interp=(--set-interpreter "$(padded "$loader")"); fi
  while IFS= read -r -d '' f; do
    patchelf --print-interpreter "$f" >/dev/null 2>&1 || continue
    rel=$(dirname "${f#"$1"/}")
    patchelf "${interp[@]}" --force-rpath --set-rpath "$(origin_rpath "$rel" "${dirs[@]}")" "$f"
    n=$((n + 1))
  done < <(find "$1/usr/bin" "$1/usr/sbin" -type f -print0 2>/dev/null)
  ((n > 0)) || die "no executable to patch in $1"
}

server_binary() {  # DEST
  local f
  for f in "$1/usr/sbin/mariadbd" "$1/usr/sbin/mysqld"; do [[ -x $f ]] && { echo "$f"; return 0; }; done
  die "no usr/sbin/mariadbd or usr/sbin/mysqld in $1"
}

# Fails, naming what is missing, unless the tree's server starts and prints its version.
verify_tree() {  # DEST
  local server out missing
  server=$(server_binary "$1")
  if ! out=$("$server" --no-defaults --version 2>&1); then
    missing=$("$(tree_loader "$1")" --list "$server" 2>&1 | grep 'not found' | tr -s ' \t' ' ' || true)
    die "$server --version fails in the fetched tree: $out${missing:+ (libraries not found:$missing)}"
  fi
  echo "$out"
}

stamp_for() {  # DEST: the folder the tree was patched for, or nothing
  sed -n 's/^patched_for=//p' "$1/$stamp_name" 2>/dev/null || true
}

# relocatable=yes: library paths relative to the executables, PT_INTERP with room to be
# rewritten (versus copies only such a tree to another host).
write_stamp() {  # DEST SUITE VERSION
  printf 'suite=%s\nversion=%s\npatched_for=%s\nrelocatable=yes\n' "$2" "$3" "$1" \
    >"$1/$stamp_name.partial"
  mv "$1/$stamp_name.partial" "$1/$stamp_name"
}

# A present tree that was moved, or patched by an older version of this script (absolute
# library paths), is patched again for where it is now.
present_or_repatched() {  # DEST: true when DEST is a whole tree, patched for DEST
  local dest=$1 was
  [[ -f $dest/$stamp_name ]] || return 1
  was=$(stamp_for "$dest")
  if ! grep -qx 'relocatable=yes' "$dest/$stamp_name"; then
    say "$(basename "$dest") has absolute library paths (an older fetch-releases.sh): patching it again"
    was=
  fi
  if [[ $was != "$dest" ]]; then
    [[ -z $was ]] || say "$(basename "$dest") was patched for $was, is now at $dest: patching it again"
    patch_tree "$dest"
    verify_tree "$dest" >/dev/null
    write_stamp "$dest" "$(sed -n 's/^suite=//p' "$dest/$stamp_name")" \
      "$(sed -n 's/^version=//p' "$dest/$stamp_name")"
  fi
  return 0
}

upstream_version() { local v=${1#*:}; v=${v%%[-+~]*}; echo "$v"; }  # 1:11.8.9+ds-0 -> 11.8.9

# FLAVOUR SUITE WANT PACKAGE...: WANT is a version prefix (11.8) or an exact version (11.8.9).
fetch_newer() {
  local flavour=$1 suite=$2 want=$3; shift 3
  local alias="$releases/$flavour-$want"
  if [[ -L $alias ]] && present_or_repatched "$(readlink -f "$alias")"; then
    say "$flavour-$want present: $(readlink "$alias") (remove the link for a newer patch level)"; return 0
  fi
  [[ ! -L $alias ]] && present_or_repatched "$alias" && { say "$flavour-$want present"; return 0; }
  update_suite "$suite"
  local got; got=$(candidate "$suite" "$1")
  [[ -n $got ]] || die "Debian's $suite suite has no package $1"
  local v; v=$(upstream_version "$got")
  [[ $v == "$want" || $v == "$want".* ]] ||
    die "$flavour-$want: Debian's $suite suite has $1 $got now (ask for $flavour-${v%.*} to take it)"
  local dest="$releases/$flavour-$v"
  if present_or_repatched "$dest"; then say "$flavour-$v present"; else build_tree "$suite" "$dest" "$got" "$@"; fi
  [[ $want == "$v" ]] || ln -sfn "$flavour-$v" "$alias"
}

build_tree() {  # SUITE DEST VERSION PACKAGE...
  local suite=$1 dest=$2 version=$3; shift 3
  local tmp; tmp=$(mktemp -d)
  say "$(basename "$dest"): the release and its library closure from Debian's $suite suite"
  local libs; mapfile -t libs < <(library_closure "$suite" "$@")
  if system_libc_serves "$suite"; then mapfile -t libs < <(printf '%s\n' "${libs[@]}" | grep -vx libc6); fi
  download_all "$suite" "$tmp" "$@" "${libs[@]}"
  say "$(basename "$dest"): $(ls "$tmp" | wc -l) packages, $(du -sm "$tmp" | cut -f1) MB"
  rm -rf "$dest.partial"; mkdir -p "$dest.partial"
  local deb; for deb in "$tmp"/*.deb; do dpkg -x "$deb" "$dest.partial"; done
  rm -rf "$tmp"
  rm -rf "$dest"; mv "$dest.partial" "$dest"
  patch_tree "$dest"
  local out; out=$(verify_tree "$dest") || { rm -rf "$dest"; exit 1; }
  write_stamp "$dest" "$suite" "$version"
  say "$(basename "$dest") -> $dest/usr ($out)"
}

fetch_one() {
  case $1 in
    [0-9]*) fetch_bookworm "$1" ;;
    mariadb-10.11.*) fetch_bookworm "${1#mariadb-}" ;;
    mariadb-10.5 | mariadb-10.5.*) fetch_newer mariadb bullseye "${1#mariadb-}" "${mariadb105_pkgs[@]}" ;;
    mariadb-11.8 | mariadb-11.8.*) fetch_newer mariadb trixie "${1#mariadb-}" "${mariadb_pkgs[@]}" ;;
    mysql-9.7 | mysql-9.7.*) fetch_newer mysql sid "${1#mysql-}" "${mysql_pkgs[@]}" ;;
    *) die "unknown release '$1' (known: mariadb-10.5[.N], mariadb-10.11.N, mariadb-11.8[.N], mysql-9.7[.N]; docs/releases.md says how to add another)" ;;
  esac
}

command -v patchelf >/dev/null || die "patchelf is missing (scripts/setup.sh installs it)"
mkdir -p "$releases"
releases=$(cd "$releases" && pwd -P)  # a symlinked releases/ (a worktree's) is patched where it lies
wanted=("$@")
((${#wanted[@]})) || wanted=(mariadb-10.5 mariadb-10.11.18 mariadb-10.11.19 mariadb-11.8 mysql-9.7)
for r in "${wanted[@]}"; do fetch_one "$r"; done
