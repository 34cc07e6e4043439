#!/bin/sh
# Every sweep preset on every kind of target, at 20 ms a point: a scratch
# file, a loop device over /dev/shm (direct I/O) and a zram device of its
# own (hot-added, filled first).  Each must run every point the preset has,
# every point with I/O and no error.  tests/cli/run.sh runs the same presets
# at 2 ms on the file and two of them on the devices; this is the whole
# matrix, with up to 16 jobs spinning on each device, so it loads the
# machine and is a rig.  Asserts behaviour only (no figure is judged).
# Needs: root, loop, zram, python3.  Without root or zram it runs the file
# and skips the device it cannot make.
. "${top_srcdir:-.}/tests/lib/tap.sh"
machine_alone
. "${top_srcdir:-.}/tests/lib/presets-run.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-matrix-XXXXXX)
loop=""
zid=""
cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"

presets_on "file" "$tmp/presets.dat" 0.02 "$all_presets" --size 160M

if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 160M "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -n "$loop" ]; then
	presets_on "loop" "$loop" 0.02 "$all_presets"
else
	tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP no loop device (needs root and losetup)"
fi

[ -w /sys/class/zram-control/hot_add ] && zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
if [ -n "$zid" ] && echo 160M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	z=/dev/zram$zid
	# Fill it first: reads of never-written zram pages cost nothing.
	run "$dd" run --target "$z" --point 'write,bs=1m,qd=4,size=160m' --allow-write -q
	is "zram: filling it exits 0" 0 "$rc"
	presets_on "zram" "$z" 0.02 "$all_presets"
else
	zid=""
	tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP no zram (needs root and the zram module)"
fi

done_testing
