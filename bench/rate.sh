#!/usr/bin/env bash
# rate.sh: the CPU cost per I/O of a paced point, drivedash (rate=) against
# fio (rate_iops=, per job), at 50 % of the target's maximum, on a zram
# device and a loop device over /dev/shm of its own.  Medians of N rounds,
# tools in alternating order, side by side.
#
# Run as root from the build tree:
#   bench/rate.sh [--runtime S] [--rounds N] [--targets zram,loop]
#                 [--pct P] [--qd N] [--jobs N]
# See bench/README.md ("Paced points").  Both devices are torn down on exit.

set -u
export LC_ALL=C

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)
DD=$TOP/drivedash
RUNTIME=10
ROUNDS=3
TARGETS=zram,loop
PCT=50
QD=16
JOBS=2
SIZE=1G

die() { echo "$PROG: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--runtime) RUNTIME=$2; shift 2 ;;
	--rounds) ROUNDS=$2; shift 2 ;;
	--targets) TARGETS=$2; shift 2 ;;
	--pct) PCT=$2; shift 2 ;;
	--qd) QD=$2; shift 2 ;;
	--jobs) JOBS=$2; shift 2 ;;
	-h | --help) sed -n '2,10p' "$0"; exit 0 ;;
	*) die "unknown option $1" ;;
	esac
done
[ "$(id -u)" = 0 ] || die "needs root (zram and loop devices)"
for t in fio python3 /usr/bin/time; do command -v "$t" >/dev/null || die "needs $t"; done
[ -x "$DD" ] || die "no $DD: build first"

tmp=$(mktemp -d /dev/shm/dd-bench-rate-XXXXXX)
zid=""
loop=""
cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# cpu_of FILE: user + sys seconds that /usr/bin/time wrote to FILE.
cpu_of() { awk 'END { print $1 + $2 }' "$1"; }

# dd_run DEV RATE: one paced drivedash run; prints "iops cpu_s ios".
dd_run() {
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$DD" run --target "$1" -q \
		--point "randread bs=4k qd=$QD jobs=$JOBS rate=$2 time=$RUNTIME ramp=0" \
		--json "$tmp/dd.json" --results "$tmp/results.db" >/dev/null 2>&1 ||
		{ echo "nan nan nan"; return; }
	python3 -c "import json; p = json.load(open('$tmp/dd.json'))['points'][0]; \
print(p['iops'], $(cpu_of "$tmp/time"), p['ios'])"
}

# fio_run DEV RATE: the fio twin (rate_iops per job); prints "iops cpu_s ios".
fio_run() {
	per=$(( $2 / JOBS ))
	/usr/bin/time -f '%U %S' -o "$tmp/time" fio --output-format=json \
		--output="$tmp/fio.json" --name=paced --filename="$1" --ioengine=io_uring \
		--direct=1 --thread --group_reporting=1 --fixedbufs=1 --registerfiles=1 \
		--norandommap=1 --randrepeat=0 --rw=randread --bs=4k --iodepth="$QD" \
		--numjobs="$JOBS" --rate_iops="$per" --time_based=1 --runtime="$RUNTIME" \
		>/dev/null 2>&1 || { echo "nan nan nan"; return; }
	python3 -c "import json; r = json.load(open('$tmp/fio.json'))['jobs'][0]['read']; \
print(r['iops'], $(cpu_of "$tmp/time"), r['total_ios'])"
}

# max_of DEV: the unpaced maximum (drivedash, 3 s).
max_of() {
	"$DD" run --target "$1" -q --point "randread bs=4k qd=$QD jobs=$JOBS time=3 ramp=1" \
		--json "$tmp/max.json" --results "$tmp/results.db" >/dev/null 2>&1 || die "cannot measure $1"
	python3 -c "import json; print(int(json.load(open('$tmp/max.json'))['points'][0]['iops']))"
}

# median: the median of the numbers on stdin.
median() { python3 -c "import sys, statistics as s; v = [float(x) for x in sys.stdin.read().split() if x != 'nan']; print(s.median(v) if v else float('nan'))"; }

# bench DEV NAME: rounds of both tools on one device, then its summary line.
bench() {
	max=$(max_of "$1")
	rate=$(( max * PCT / 100 / JOBS * JOBS ))
	: >"$tmp/dd.txt"; : >"$tmp/fio.txt"
	for r in $(seq 1 "$ROUNDS"); do
		if [ $((r % 2)) = 1 ]; then
			dd_run "$1" "$rate" >>"$tmp/dd.txt"; fio_run "$1" "$rate" >>"$tmp/fio.txt"
		else
			fio_run "$1" "$rate" >>"$tmp/fio.txt"; dd_run "$1" "$rate" >>"$tmp/dd.txt"
		fi
	done
	for tool in dd fio; do
		iops=$(awk '{ print $1 }' "$tmp/$tool.txt" | median)
		us=$(awk '$3 > 0 { print $2 * 1e6 / $3 }' "$tmp/$tool.txt" | median)
		printf '%-6s %-10s %10d %12.0f %10.2f\n' "$2" "$tool" "$rate" "$iops" "$us"
	done
}

printf '# 4K randread QD%s x%s at %s %% of the maximum, %s s, median of %s rounds\n' \
	"$QD" "$JOBS" "$PCT" "$RUNTIME" "$ROUNDS"
printf '%-6s %-10s %10s %12s %10s\n' target tool target_iops achieved us_per_io
case ,$TARGETS, in *,zram,*)
	zid=$(cat /sys/class/zram-control/hot_add) || die "no zram-control (modprobe zram)"
	echo "$SIZE" >"/sys/block/zram$zid/disksize"
	dd if=/dev/urandom of="/dev/zram$zid" bs=1M oflag=direct status=none 2>/dev/null
	bench "/dev/zram$zid" zram ;;
esac
case ,$TARGETS, in *,loop,*)
	truncate -s "$SIZE" "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img") || die "losetup failed"
	dd if=/dev/urandom of="$loop" bs=1M oflag=direct status=none 2>/dev/null
	bench "$loop" loop ;;
esac
