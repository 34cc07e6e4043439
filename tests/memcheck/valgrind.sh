#!/bin/sh
# Valgrind memcheck over the commands people run most: list, show, detect
# and run on a file (read, write, --json, --print-fio).  Each must exit as
# it does without valgrind and with no memcheck error: no invalid access, no
# use of uninitialised memory, no definite or indirect leak (possible and
# still-reachable blocks are the libraries' caches: ncurses, sqlite, libnvme
# keep them for the life of the process).  Suppressions are only for
# library noise and each is explained in tests/memcheck/valgrind.supp.  Not part of
# `make check` (a sanitizer build cannot run under valgrind, and it is slow):
# `make check-valgrind`, which .ci/run calls.
# Needs: valgrind; a build without sanitizers (skips whole without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-vg-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v valgrind >/dev/null 2>&1 || skip_all "valgrind is not installed"
[ -z "${DD_SANITIZED:-}" ] || skip_all "a sanitizer build cannot run under valgrind"

# vg NAME EXPECTED_EXIT ARGS...: drivedash ARGS under memcheck.
vg() {
	name=$1 want=$2
	shift 2
	valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
		--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
		--track-origins=yes --suppressions="${top_srcdir:-.}/tests/memcheck/valgrind.supp" \
		--log-file="$tmp/vg.log" "$dd" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	is "$name: exit $want, no memcheck error" "$want" "$rc"
	if [ "$rc" -ne "$want" ]; then
		grep -E '^==[0-9]+== ( |[A-Z].*(Invalid|uninit|definitely|indirectly|Conditional))' \
			"$tmp/vg.log" | head -40 | sed 's/^/# /'
		head -5 "$tmp/err" | sed 's/^/# stderr: /'
	fi
}

vg "list" 0 list
vg "list --json" 0 list --json
vg "show a family" 0 show CD9P-R
vg "show a SKU as JSON" 0 show --json KCD9XPJE7T68
vg "show no match" 1 show no-such-drive-anywhere
vg "detect" 0 detect
vg "detect --json" 0 detect --json
vg "run --print-fio" 0 run --print-fio --preset cdm --allow-write
vg "run reads a file" 0 run --target "$tmp/scratch.dat" --size 16M --ramp 0 \
	--point 'randread,bs=4k,qd=4,time=0.2' --point 'read,bs=128k,qd=2,time=0.2' \
	--json "$tmp/r.json" -q
vg "run writes a file" 0 run --target "$tmp/scratch.dat" --allow-write --ramp 0 \
	--point 'randwrite,bs=4k,qd=8,jobs=2,time=0.2' --json - -q
vg "run refuses a bad point" 2 run --target "$tmp/scratch.dat" --point 'randread,bs=3'
done_testing
