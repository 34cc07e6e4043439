#!/bin/sh
# tests/rigs/deb.sh: the Debian package (debian/, issue 28) from a clean
# clone of the current HEAD: dpkg-buildpackage builds drivedash_*.deb,
# lintian finds no error in it, `dpkg -i` installs it into this machine, and
# the installed program works where a user meets it: `drivedash list` on
# the installed database (no DRIVEDASH_DB), `man -w drivedash`, the
# installed themes, the package's own autopkgtest (debian/tests/cli: show,
# run on a scratch file, runs, export), and the installed bash completion of
# `drivedash show cd9` and `drivedash run --preset v` (the function called
# with COMP_WORDS and COMP_CWORD set, as bash calls it).  Then `dpkg --purge`
# leaves nothing under /usr/share/drivedash.  The machine is restored
# whatever ends the test: the package is purged on every way out.
# Needs: root, git, dpkg-buildpackage, debhelper and the build dependencies
# debian/control names, lintian, man-db, bash (.ci/run's rigs stage installs
# them; skips whole, saying which, without); drivedash not installed from
# another package.  Holds the machine alone (the build loads both CPUs).
. "${top_srcdir:-.}/tests/lib/tap.sh"

src=$(cd "${top_srcdir:-.}" && pwd)
tmp=$(mktemp -d /tmp/dd-deb-XXXXXX)
installed=no

cleanup() {
	[ "$installed" = yes ] && dpkg --purge drivedash >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

[ -z "${DD_DEB_RIG:-}" ] || skip_all "inside the package build of tests/rigs/deb.sh itself"
[ "$(id -u)" = 0 ] || skip_all "root is needed to dpkg -i and --purge"
for tool in git dpkg-buildpackage dpkg-checkbuilddeps lintian man bash; do
	command -v "$tool" >/dev/null 2>&1 ||
		skip_all "$tool is not installed (.ci/run's rigs stage installs it)"
done
git -C "$src" rev-parse --verify -q HEAD >/dev/null 2>&1 ||
	skip_all "$src is not a git checkout (a clean clone is built)"
if dpkg-query -W -f='${Status}' drivedash 2>/dev/null | grep -q 'installed'; then
	skip_all "a drivedash package is installed already: not this test's to purge"
fi
[ ! -e /usr/share/drivedash ] ||
	skip_all "/usr/share/drivedash exists outside the package: the purge could not be judged"

# A clean clone of the current commit (what is committed, nothing else).
head=$(git -C "$src" rev-parse HEAD)
git clone -q "$src" "$tmp/drivedash" && git -C "$tmp/drivedash" checkout -q "$head" ||
	{ echo "not ok 1 - git clone of $src at $head"; echo "1..1"; exit 1; }
missing=$(cd "$tmp/drivedash" && dpkg-checkbuilddeps 2>&1 | sed -n 's/.*Unmet build dependencies: //p')
[ -z "$missing" ] ||
	skip_all "build dependencies missing: $missing (.ci/run's rigs stage: apt-get build-dep ./)"

machine_alone

# --- build ------------------------------------------------------------------
# A package build of its own: none of this make's variables (make check
# TESTS=tests/rigs/deb.sh would reach the package's own `make check` through
# MAKEFLAGS and build the package again inside, and again).
(cd "$tmp/drivedash" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES -u TESTS \
	-u RIG_TESTS -u top_srcdir -u top_builddir DD_DEB_RIG=1 \
	DEB_BUILD_OPTIONS="parallel=$(nproc)" dpkg-buildpackage -us -uc -b) >"$tmp/build.log" 2>&1
rc=$?
is "dpkg-buildpackage -us -uc -b on a clean clone: exits 0" 0 "$rc"
[ "$rc" = 0 ] || tail -n 20 "$tmp/build.log" | sed 's/^/#   /'
deb=$(ls "$tmp"/drivedash_*.deb 2>/dev/null | head -n 1)
ok "it builds drivedash_*.deb" test -f "$deb"
[ -f "$deb" ] || { done_testing; exit 1; }

contents=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
for f in ./usr/bin/drivedash ./usr/share/drivedash/drivedash.db \
	./usr/share/drivedash/plans/vdbench.plan ./usr/share/drivedash/themes/light.theme \
	./usr/share/man/man1/drivedash.1.gz ./usr/share/man/man5/drivedash-plan.5.gz \
	./usr/share/bash-completion/completions/drivedash \
	./usr/share/zsh/vendor-completions/_drivedash \
	./usr/share/doc/drivedash/copyright ./usr/share/doc/drivedash/README.md.gz; do
	like "the package holds $f" "^$f\$" "$contents"
done
like "Depends are computed (shlibs: libnvme, liburing)" 'libnvme.*liburing|liburing.*libnvme' \
	"$(dpkg-deb -f "$deb" Depends)"
is "Recommends: fio" "fio" "$(dpkg-deb -f "$deb" Recommends)"

# lintian as an unprivileged user when there is one (it warns about root).
if id nobody >/dev/null 2>&1; then
	chmod -R a+rX "$tmp"
	lint=$(runuser -u nobody -- env HOME="$tmp" lintian -I -E --pedantic "$deb" 2>&1)
else
	lint=$(lintian -I -E --pedantic "$deb" 2>&1)
fi
printf '%s\n' "${lint:-(nothing to say)}" | sed 's/^/# lintian: /'
is "lintian: no errors" "" "$(printf '%s\n' "$lint" | grep '^E:')"
is "lintian: no warnings" "" "$(printf '%s\n' "$lint" | grep '^W:')"

# --- install ----------------------------------------------------------------
installed=yes
run dpkg -i "$deb"
is "dpkg -i: exits 0" 0 "$rc"
[ "$rc" = 0 ] || printf '%s\n' "$err" | tail -n 5 | sed 's/^/#   /'

# The installed program, as a user finds it: no build tree's variables.
unset DRIVEDASH_DB
export PATH="/usr/bin:/bin:/usr/sbin:/sbin"
export XDG_DATA_HOME="$tmp/xdg-data" XDG_CONFIG_HOME="$tmp/xdg-config"
is "drivedash is /usr/bin/drivedash" /usr/bin/drivedash "$(command -v drivedash)"
run drivedash list
is "drivedash list: exits 0" 0 "$rc"
like "drivedash list: the installed database's CD9P-R" 'CD9P-R' "$out"
run man -w drivedash
is "man -w drivedash" /usr/share/man/man1/drivedash.1.gz "$out"
run man -w 5 drivedash-plan
is "man -w 5 drivedash-plan" /usr/share/man/man5/drivedash-plan.5.gz "$out"
like "the installed themes are found (complete ui --theme)" '^light$' \
	"$(drivedash complete ui --theme '')"

mkdir -p "$tmp/autopkgtest"
run env AUTOPKGTEST_TMP="$tmp/autopkgtest" sh "$tmp/drivedash/debian/tests/cli"
is "debian/tests/cli (list, show, run, runs, export): exits 0" 0 "$rc"
[ "$rc" = 0 ] || printf '%s\n' "$out" "$err" | tail -n 8 | sed 's/^/#   /'

# reply WORDS...: the installed bash completion's COMPREPLY for
# `drivedash WORDS` (the last word under the cursor), one a line.
reply() {
	bash -c '. /usr/share/bash-completion/completions/drivedash
		COMP_WORDS=(drivedash "$@"); COMP_CWORD=$#
		_drivedash; printf "%s\n" "${COMPREPLY[@]}"' sh "$@"
}
out=$(reply show cd9)
like "bash completion: drivedash show cd9 -> CD9P-R" '^CD9P-R$' "$out"
out=$(reply run --preset v)
like "bash completion: drivedash run --preset v -> vdbench" '^vdbench$' "$out"
is "bash completion: drivedash run --preset v: presets starting with v only" "" \
	"$(printf '%s\n' "$out" | grep -v '^v')"
like "bash completion: drivedash run --ta -> --target" '^--target$' "$(reply run --ta)"

# --- purge ------------------------------------------------------------------
run dpkg --purge drivedash
is "dpkg --purge: exits 0" 0 "$rc"
installed=no
ok "nothing left under /usr/share/drivedash" test ! -e /usr/share/drivedash
ok "no /usr/bin/drivedash" test ! -e /usr/bin/drivedash
ok "no bash completion left" test ! -e /usr/share/bash-completion/completions/drivedash

done_testing
