#!/bin/sh
# The rate limiter, mixes and end_fsync on real targets this test creates: a
# zram device of its own (hot-added) and a loop device over a file in
# /dev/shm (direct I/O).  On each, an unpaced point finds the maximum, then
# paced points at 10..100 % of it must achieve their target within 2 % (at
# 100 %: at least 98 % of it), with the interval spread stated; a randrw
# read=70 point must read 70 % within 1; a flushed point on a file must time
# its flush into elapsed_s.  The figures are the engine's own; the checks
# are ratios between them, so a slow machine changes the maximum, not the
# verdicts; a step that something else disturbed is reported "disturbed":
# its interval spread swung, the machine was busy around it, the maximum
# measured again fell under the target, or the engine accounted for the
# shortfall as schedule lost to the device or the scheduler (rate_held_pct,
# rate_late_pct; a limiter that paces too slow loses none and fails).
# Needs: root, zram and loop devices, python3 (skips whole without).  Holds
# the machine alone.
. "${top_srcdir:-.}/tests/lib/tap.sh"
machine_alone

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-rate-XXXXXX)
loops=""
zid=""

cleanup() {
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
[ "$(id -u)" = 0 ] || skip_all "root is needed for zram and loop devices"

# spread_disturbed CV: did the run's own intervals swing?  A paced step's
# interval IOPS vary by a CV of about 0.0005 on an idle machine (zram and
# loop); over 0.05 the jobs were not scheduled on time for part of it (a
# sanitizer build next to other tests), which a look at the machine before
# and after the point can miss.
spread_disturbed() {
	python3 -c "import sys; sys.exit(not (float('${1:-0}') > 0.05))" 2>/dev/null
}

# ok_paced NAME PYEXPR [CV]: judged when the machine was quiet around the
# step's points ($busy, from point) and its interval spread CV is calm;
# otherwise "disturbed" with the reason (a job that is not scheduled cannot
# issue on time, whatever the limiter does).
ok_paced() {
	if spread_disturbed "${3:-0}"; then
		disturbed "$1" "interval spread (CV) $3"
	elif [ -n "$busy" ]; then
		disturbed "$1" "$busy"
	else
		ok "$1" python3 -c "import sys; sys.exit(not ($2))"
	fi
}

# lost NAME: when the step NAME fell short of its target, did the engine
# account for the shortfall as schedule it could not keep (rate_held_pct:
# the device held every slot full; rate_late_pct: a job fell more than the
# catch-up behind, the device too slow or the job not scheduled)?  Then the
# device or the machine limited the step, not the limiter: $busy says so.
# A limiter that paces too slow loses no schedule, and fails.
lost() {
	_l=$(jq_ "$tmp/$1.json" \
		"'%.2f %.2f' % (j['points'][0]['rate_held_pct'], j['points'][0]['rate_late_pct'])")
	echo "# $1: schedule lost: device held the queue ${_l% *} %, jobs behind ${_l#* } %"
	if python3 -c "import sys; h, l = map(float, '$_l'.split()); sys.exit(not ($got >= 0.98 * $rate * (1 - (h + l) / 100)))"; then
		busy="${busy:-the step lost ${_l% *} + ${_l#* } % of its schedule to the device or the scheduler}"
	fi
}

# point TARGET SPEC NAME: run one point; its JSON in $tmp/NAME.json.  What
# else ran on the machine just before or after it is added to $busy (reset
# by the caller for each judged step).
point() {
	_b=$(machine_busy)
	run "$dd" run --target "$1" --point "$2" --allow-write -q --json "$tmp/$3.json"
	_a=$(machine_busy)
	[ -z "$_b$_a" ] || busy="${_b:-$_a}"
}

# field NAME KEY: a figure of the first point of $tmp/NAME.json.
field() {
	jq_ "$tmp/$1.json" "j['points'][0]['$2']"
}

# pacing TARGET NAME: the load steps on one target.
pacing() {
	target=$1; tgt=$2
	point "$target" "randread bs=4k qd=16 time=2 ramp=0.5" "$tgt-max"
	is "$tgt: unpaced point exits 0" 0 "$rc"
	max=$(field "$tgt-max" iops | cut -d. -f1)
	echo "# $tgt: maximum $max IOPS (4K randread QD16)"
	for pct in $steps; do
		rate=$((max * pct / 100))
		busy=""
		point "$target" "randread bs=4k qd=16 rate=$rate time=3 ramp=0.5" "$tgt-$pct"
		is "$tgt: $pct % step exits 0" 0 "$rc"
		got=$(field "$tgt-$pct" iops)
		spread=$(field "$tgt-$pct" rate_spread)
		echo "# $tgt: $pct %: target $rate, achieved $got IOPS," \
			"interval spread (CV) $spread"
		if [ "$pct" = 100 ]; then
			# The target is one measurement of the maximum, which
			# drifts by several % between runs here, and a paced
			# point at the device's limit never wins back what a dip
			# in it cost: hold the step to the target or to the
			# maximum measured again right after it, whichever is
			# lower, and give it up to three tries (a limiter that
			# paces too slow misses all three).
			try=1
			while :; do
				point "$target" "randread bs=4k qd=16 time=2 ramp=0.5" "$tgt-max2"
				max2=$(field "$tgt-max2" iops | cut -d. -f1)
				echo "# $tgt: maximum again $max2 IOPS (try $try)"
				python3 -c "import sys; sys.exit(not ($got < 0.98 * min($rate, $max2)))" ||
					break
				[ "$try" -lt 3 ] || break
				try=$((try + 1))
				point "$target" "randread bs=4k qd=16 rate=$rate time=3 ramp=0.5" "$tgt-$pct"
				got=$(field "$tgt-$pct" iops)
				spread=$(field "$tgt-$pct" rate_spread)
				echo "# $tgt: $pct % again: target $rate, achieved $got IOPS," \
					"interval spread (CV) $spread"
			done
			python3 -c "import sys; sys.exit(not ($got < 0.98 * min($rate, $max2)))" &&
				lost "$tgt-$pct"
			ok_paced "$tgt: $pct % achieves at least 98 % of the target (or of the maximum now)" \
				"$got >= 0.98 * min($rate, $max2)" "$spread"
		else
			# Short of the target: was the target still within what the
			# device can do?  A VM's host can slow it for minutes (a
			# neighbour's load does not show in this guest): measured
			# again now, a maximum under the target is a disturbed run,
			# not a limiter that paced too slow.
			if python3 -c "import sys; sys.exit(not $got < 0.98 * $rate)"; then
				point "$target" "randread bs=4k qd=16 time=2 ramp=0.5" "$tgt-max2"
				max2=$(field "$tgt-max2" iops | cut -d. -f1)
				echo "# $tgt: maximum again $max2 IOPS"
				[ "$max2" -ge "$((rate * 100 / 98))" ] ||
					busy="${busy:-the maximum fell from $max to $max2 IOPS, under the target}"
				lost "$tgt-$pct"
			fi
			ok_paced "$tgt: $pct % achieves the target within 2 %" \
				"abs($got / $rate - 1) <= 0.02" "$spread"
		fi
		like "$tgt: $pct % is named by its rate" "@[0-9.]+[kM]? IOPS" \
			"$(field "$tgt-$pct" name)"
	done
	point "$target" "randrw read=70 bs=4k qd=16 time=2 ramp=0.5" "$tgt-mix"
	is "$tgt: randrw read=70 exits 0" 0 "$rc"
	share=$(jq_ "$tmp/$tgt-mix.json" \
		"100.0 * j['points'][0]['read_ios'] / j['points'][0]['ios']")
	echo "# $tgt: randrw read=70 read $share %"
	ok "$tgt: randrw read=70 reads 70 % within 1" \
		python3 -c "import sys; sys.exit(not abs($share - 70) <= 1)"
}

# A sanitizer slows the engine, not the schedule: its builds run two steps
# through the paced loop (for the sanitizer's checks), not the accuracy sweep.
steps="10 30 50 70 90 100"
[ -z "${DD_SANITIZED:-}" ] || steps="10 100"

# --- zram ------------------------------------------------------------------
if [ -w /sys/class/zram-control/hot_add ]; then
	zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
fi
if [ -n "$zid" ] && echo 128M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	# Fill it first: reads of never-written zram pages cost nothing.
	run dd if=/dev/urandom of="/dev/zram$zid" bs=1M count=128 oflag=direct
	is "zram: filling it exits 0" 0 "$rc"
	pacing "/dev/zram$zid" zram
else
	echo "# skipped zram: no zram-control (modprobe zram)"
fi

# --- loop over /dev/shm ----------------------------------------------------
truncate -s 128M "$tmp/loop.img"
if loop_new "$tmp/loop.img"; then
	pacing "$dev" loop
else
	echo "# skipped loop: losetup failed"
fi

# --- end_fsync on a file ---------------------------------------------------
run dd if=/dev/zero of="$tmp/flush.dat" bs=1M count=32
point "$tmp/flush.dat" "write bs=128k qd=4 size=16m fsync=1" flush
is "file: flushed point exits 0" 0 "$rc"
flush=$(field flush flush_s)
elapsed=$(field flush elapsed_s)
echo "# file: elapsed $elapsed s, of which the flush $flush s"
ok "file: the flush is timed (flush_s > 0)" \
	python3 -c "import sys; sys.exit(not $flush > 0)"
ok "file: elapsed_s includes the flush" \
	python3 -c "import sys; sys.exit(not $elapsed > $flush)"
ok "file: IOPS are over elapsed_s with the flush" \
	python3 -c "import json, sys; p = json.load(open('$tmp/flush.json'))['points'][0]; \
sys.exit(not abs(p['iops'] * p['elapsed_s'] - p['ios']) <= 1e-6 * p['ios'])"
point "$tmp/flush.dat" "write bs=128k qd=4 size=16m" noflush
ok "file: an unflushed point has flush_s 0" \
	python3 -c "import sys; sys.exit(not $(field noflush flush_s) == 0)"

done_testing
