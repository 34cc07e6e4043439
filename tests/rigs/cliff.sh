#!/bin/sh
# The write cliff on a real target that has one.  An SSD writes at its
# cache's speed (SLC, DRAM) until the cache is full, then at the speed of
# the flash behind it; this test makes such a drive out of two loop devices
# (tests/lib/tap.sh, cliff_dev_new) and checks that `drivedash run` finds the
# cliff where the rig puts it, and finds none on the same drive without the
# limit nor on a plain zram device of its own.
#
# The recipe (blkio v1 throttling, as this machine has; root):
#   1. a file in /dev/shm, attached with direct I/O as the lower loop
#      device L (the "flash");
#   2. the drive U: a loop device over L itself, without direct I/O, so
#      U's O_DIRECT writes become buffered writes to L's page cache;
#   3. L's bdi limited to its own share of dirty pages:
#      /sys/class/bdi/MAJ:MIN/strict_limit 1, max_bytes CACHE, min_bytes
#      7/8 of it (a fresh bdi has no writeout history, so without a floor
#      its share starts near zero and it throttles from the first write);
#   4. blkio.throttle.write_bps_device "MAJ:MIN SLOW" for L (the flusher's
#      writeback runs in the root blkio cgroup, which v1 throttles) and
#      "MAJ:MIN FAST" for U (the cache's speed; unthrottled, U takes writes
#      at memcpy speed, 2 GB/s, and a cache of a few hundred MB fills in
#      too few intervals to measure).
# U then writes at FAST until about CACHE bytes are dirty (less the writeback
# at SLOW meanwhile), balance_dirty_pages throttles U's loop worker for a
# few hundred ms at an intermediate rate, then holds it at SLOW.  Teardown
# takes the throttles off first, so the cached writes drain at memory speed.
# Nothing global is touched: no vm.dirty_* sysctl, only the bdi and throttle
# rules of the two devices this test creates.
#
# One run here (512 MiB drive, CACHE 256 MiB, FAST 200 MB/s, SLOW 32 MB/s,
# a 384 MiB 128K sequential write at QD32, 100 ms intervals), as the CLI
# printed it:
#   Write cliff (cliff 128K write QD32 x1): found after 199.8 MB written at 0.9 s
#     before 222 MB/s, after 36 MB/s (16.4% of before)
# The checks are against the rig's own parameters (CACHE, FAST, SLOW) with
# wide margins, not against a recorded run.
# Needs: root, blkio v1 throttling and bdi max_bytes (kernel 6.2 or later),
# python3; not under a sanitizer (skips whole without).  Holds the machine
# alone.
. "${top_srcdir:-.}/tests/lib/tap.sh"
machine_alone

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-cliff-t-XXXXXX)
cliffs=""
zid=""

cleanup() {
	cliff_dev_free
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
# The rig is timed by throttles a sanitizer build cannot keep up with; the
# detection itself is tests/unit/test-workload's.
[ -z "${DD_SANITIZED:-}" ] || skip_all "the rig's rates are not kept under a sanitizer"
why=$(cliff_rig_missing)
[ -z "$why" ] || skip_all "$why"

MIB=1048576
SIZE=$((512 * MIB))
CACHE=$((256 * MIB))
FAST=200000000
SLOW=32000000
RUN_TIMEOUT=60

# cliff_run TARGET NAME SPEC: run one cliff point; JSON in $tmp/NAME.json.
# What else ran on the machine just before or after it is in $busy.
cliff_run() {
	echo "cliff $3" >"$tmp/$2.plan"
	_b=$(machine_busy)
	run "$dd" run --target "$1" --plan "$tmp/$2.plan" --allow-write --no-save -q \
		--json "$tmp/$2.json"
	_a=$(machine_busy)
	busy="${_b:-$_a}"
}

# cliff_ok NAME PYEXPR: PYEXPR over the JSON's first cliff as `c` is true;
# "disturbed" when something else ran on the machine around the run (the
# rig's rates are throttles and page-cache writeback, both of which a
# loaded machine slows).
cliff_ok() {
	if [ -n "$busy" ]; then
		disturbed "$1: $2" "$busy"
		return
	fi
	tap_n=$((tap_n + 1))
	got=$(jq_ "$tmp/$1.json" "'yes' if (lambda c: $2)(j['cliffs'][0]) else j['cliffs'][0]" 2>&1)
	if [ "$got" = yes ]; then
		echo "ok $tap_n - $1: $2"
	else
		echo "not ok $tap_n - $1: $2"
		echo "#   cliff: $got"
		tap_fail=$((tap_fail + 1))
	fi
}

# says NAME PATTERN: the CLI's text ($out) matches PATTERN, judged as
# cliff_ok judges (what the CLI says follows the same rates).
says() {
	if [ -n "$busy" ]; then
		disturbed "$1" "$busy"
	else
		like "$1" "$2" "$out"
	fi
}

# series NAME: the MB/s per interval of $tmp/NAME.json's first point.
series() {
	jq_ "$tmp/$1.json" "' '.join('%.0f' % i['mbps'] for i in j['points'][0]['intervals'])" 2>&1
}

spec="write bs=128k qd=32 interval=100ms size=384m"

# --- the rig: a cache of CACHE at FAST, then SLOW ---------------------------
if ! cliff_dev_new $SIZE $CACHE $FAST $SLOW; then
	skip_all "the cliff rig could not be made (loop devices, bdi limits, throttle)"
fi
rig=$dev
cliff_run "$rig" rig "$spec"
is "rig: run exits 0" 0 "$rc"
echo "# rig $rig: CACHE $CACHE B, FAST $FAST B/s, SLOW $SLOW B/s"
printf '%s\n' "$out" | grep -A1 '^Write cliff' | sed 's/^/# /'
echo "# rig MB/s per interval: $(series rig)"
says "rig: the CLI reports the cliff" "^Write cliff \(cliff 128K write QD32 x1\): found after [0-9.]+ MB written at [0-9.]+ s"
cliff_ok rig "c['found'] is True"
cliff_ok rig "0.5 * $CACHE <= c['bytes_before'] <= 1.5 * $CACHE"
cliff_ok rig "c['after_mbps'] / c['before_mbps'] <= 0.5"
cliff_ok rig "0.6 * $FAST <= c['before_mbps'] * 1e6 <= 1.2 * $FAST"
cliff_ok rig "0.5 * $SLOW <= c['after_mbps'] * 1e6 <= 2 * $SLOW"
cliff_ok rig "abs(c['bytes_before'] / (c['before_mbps'] * 1e6 * c['t_s']) - 1) <= 0.1"
cliff_dev_free

# --- control: the same drive, the same run, no cache limit ------------------
if cliff_dev_new $SIZE $CACHE $FAST 0; then
	cliff_run "$dev" nolimit "$spec"
	is "no limit: run exits 0" 0 "$rc"
	printf '%s\n' "$out" | grep '^Write cliff' | sed 's/^/# /'
	says "no limit: the CLI reports no cliff" "^Write cliff .*: no cliff found over"
	cliff_ok nolimit "c['found'] is False and c['bytes_before'] is None"
	cliff_ok nolimit "0.6 * $FAST <= c['sustained_mbps'] * 1e6 <= 1.2 * $FAST"
	cliff_dev_free
else
	is "no limit: the drive without the limit is made" ok fail
fi

# --- control: a plain zram device of this test's own --------------------------
if [ -w /sys/class/zram-control/hot_add ]; then
	zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
fi
if [ -n "$zid" ] && echo 256M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	cliff_run "/dev/zram$zid" zram "write bs=128k qd=32 interval=100ms time=2s"
	is "zram: run exits 0" 0 "$rc"
	printf '%s\n' "$out" | grep '^Write cliff' | sed 's/^/# /'
	# A busy machine can slow a CPU-bound device for good mid-run, which is
	# a real drop: then it is a disturbed run.
	cliff_ok zram "c['found'] is False"
else
	echo "# no zram device of our own (zram module not loaded?): zram control not run"
fi

done_testing
