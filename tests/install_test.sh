#!/usr/bin/env bash
# The install and the .deb of a build directory, as a user gets them (scripts/test.sh stage):
#   1. cmake --install into a DESTDIR: the installed binary's --version, `plan` on an
#      installed config, `docs config`; the man page, bash completion, docs, profiles in place
#   2. cpack -G DEB, dpkg -i, `versus plan` on /usr/share/versus/configs/quickstart.yaml, dpkg -r
# The plans run from a directory holding profiles/ (a link to the installed profiles) and
# releases/ (the fetched releases), as README.md tells a user of the package to.
#   tests/install_test.sh BUILD_DIR        (as root, for dpkg)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: tests/install_test.sh BUILD_DIR}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check() { if ! "$@"; then echo "install_test: FAILED: $*" >&2; exit 1; fi; }

# 1. cmake --install into a DESTDIR with the package's prefix.
cmake --build "$build" --target versus versus_generated_docs >/dev/null
DESTDIR="$work/dest" cmake --install "$build" --prefix /usr >/dev/null
d=$work/dest/usr
for f in bin/versus share/man/man1/versus.1 share/bash-completion/completions/versus \
  share/doc/versus/README.md share/doc/versus/docs/config.md \
  share/versus/profiles/perf-schema-off.cnf share/versus/configs/quickstart.yaml; do
  check test -f "$d/$f"
done
check "$d/bin/versus" --version | grep -qx "versus [0-9.]*"
# The cells of the source tree's quickstart, as the build's own binary plans them.
cells=$(cd "$root" && "$build/versus" plan configs/quickstart.yaml | grep -o "[0-9]* cells" | head -1)
[[ -n $cells ]] || { echo "install_test: FAILED: versus plan configs/quickstart.yaml" >&2; exit 1; }
planned() {  # VERSUS: its plan of the installed quickstart names the same cells
  # The whole output first: grep -q quitting at the first line would leave versus writing
  # into a closed pipe (SIGPIPE, and pipefail's failure).
  local out
  out=$("$1" plan "$2") && grep -q "$cells" <<<"$out" ||
    { echo "install_test: FAILED: $1 plan $2: not $cells" >&2; return 1; }
}
mkdir "$work/user"
ln -s "$d/share/versus/profiles" "$work/user/profiles"
ln -s "$root/releases" "$work/user/releases"
(cd "$work/user" && planned "$d/bin/versus" "$d/share/versus/configs/quickstart.yaml")
check "$d/bin/versus" docs config | cmp -s - "$root/docs/config.md"
echo "install_test: cmake --install: binary, man page, completion, docs, profiles, configs ok"

# 2. The .deb: built, installed with dpkg -i, run, removed.
if dpkg-query -W -f='${Status}' versus 2>/dev/null | grep -q "install ok installed"; then
  echo "install_test: a versus package is already installed; not touching it" >&2
  exit 1
fi
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" >/dev/null)
deb=$(ls "$work"/versus_*.deb)
dpkg-deb -f "$deb" Depends | grep -q "libmariadb3" || { echo "install_test: Depends lacks libmariadb3" >&2; exit 1; }
dpkg -i "$deb" >/dev/null
trap 'dpkg -r versus >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
rm "$work/user/profiles"
ln -s /usr/share/versus/profiles "$work/user/profiles"
(cd "$work/user" && planned versus /usr/share/versus/configs/quickstart.yaml)
check test -f /usr/share/man/man1/versus.1
dpkg -r versus >/dev/null
check test ! -e /usr/bin/versus
echo "install_test: .deb ($(basename "$deb")): dpkg -i, versus plan, dpkg -r ok"
