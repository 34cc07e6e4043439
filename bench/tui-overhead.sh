#!/bin/sh
# bench/tui-overhead.sh: what the dashboard costs.
#
#   1. IOPS ratio: the spot preset headless (`drivedash run`) against the same
#      preset started in the dashboard (`drivedash ui` in a detached tmux,
#      redrawing the live sweep screen at its 10 frames/s), alternating
#      headless / dashboard ROUNDS times.  Target: the dashboard costs <= 2%.
#   2. Idle CPU of the dashboard (Drives screen, no sweep) over IDLE seconds
#      from /proc/PID/stat.  Target: < 1%.  Also the UI thread's CPU while a
#      sweep redraws.
#   3. Time to first frame: from exec to the first doupdate(), written by the
#      program to DRIVEDASH_FIRST_FRAME_LOG; START_RUNS starts.  Target < 100 ms.
#
# Target: a zram device it adds (root), else a loop device over /dev/shm
# (root), else a scratch file in /dev/shm; `--target PATH` picks one (a
# device is only read: spot read-only).  Environment: RUNTIME (s per point,
# default 4), ROUNDS (default 2), IDLE (default 10), START_RUNS (default 5),
# DRIVEDASH (the binary, default ./drivedash).
set -u
cd "$(dirname "$0")/.."

dd=${DRIVEDASH:-$PWD/drivedash}
runtime=${RUNTIME:-4}
rounds=${ROUNDS:-2}
idle=${IDLE:-10}
starts=${START_RUNS:-5}
target=""
[ "${1:-}" = "--target" ] && target=${2:-}

for tool in tmux python3; do
	command -v $tool >/dev/null 2>&1 || { echo "tui-overhead: needs $tool" >&2; exit 1; }
done
[ -x "$dd" ] || { echo "tui-overhead: build drivedash first ($dd)" >&2; exit 1; }
export DRIVEDASH_DB="${DRIVEDASH_DB:-$PWD/data/drivedash.db}"

tmp=$(mktemp -d /tmp/dd-tuibench-XXXXXX)
sock="dd-tuibench-$$"
zid=""
loop=""
kind=""

cleanup() {
	tmux -L "$sock" kill-server >/dev/null 2>&1
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -f /dev/shm/dd-tuibench-$$.img /dev/shm/dd-tuibench-$$.dat
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM HUP

# The target: ours, created here.
if [ -n "$target" ]; then
	kind="given"
elif [ "$(id -u)" -eq 0 ] && [ -w /sys/class/zram-control/hot_add ] &&
	zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null) &&
	echo 1G >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	target=/dev/zram$zid
	kind="zram (1 GiB, added for this run)"
elif [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 &&
	truncate -s 1G /dev/shm/dd-tuibench-$$.img &&
	loop=$(losetup --find --show --direct-io=on /dev/shm/dd-tuibench-$$.img 2>/dev/null); then
	target=$loop
	kind="loop over /dev/shm (1 GiB)"
else
	zid=""
	target=/dev/shm/dd-tuibench-$$.dat
	kind="scratch file in /dev/shm"
fi
echo "tui-overhead: target $target ($kind), spot preset, $runtime s per point"

# A device is filled once so reads hit data, then only read.
extra=""
if [ -b "$target" ] && [ -z "${KEEP_DATA:-}" ] && [ "$kind" != "given" ]; then
	"$dd" run --target "$target" --point "write,bs=1m,qd=8,size=1g" --allow-write -q \
		>/dev/null || { echo "tui-overhead: cannot fill $target" >&2; exit 1; }
elif [ ! -b "$target" ]; then
	# Scratch files: both tools create, fill and remove their own, writes included.
	extra="--allow-write"
fi

cat >"$tmp/tmux.conf" <<EOF
set -g default-terminal "tmux-256color"
set -g status off
EOF
T() {
	tmux -u -L "$sock" -f "$tmp/tmux.conf" "$@"
}

# wait_pane PATTERN TENTHS: poll the pane until it matches.
wait_pane() {
	i=0
	while [ "$i" -lt "$2" ]; do
		T capture-pane -p -t b 2>/dev/null | grep -Eq -- "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# ui_start ARGS: the dashboard in session "b" (the pane's process is drivedash).
ui_start() {
	T kill-session -t b >/dev/null 2>&1
	T new-session -d -s b -x 132 -y 43 \
		"exec env LANG=C.UTF-8 XDG_STATE_HOME='$tmp/state' $* '$dd' ui --target '$target' \
		--preset spot --runtime $runtime --ramp 1 $extra"
}

# cpu_ticks PID [TID]: utime + stime of a process (or one of its threads).
cpu_ticks() {
	f=/proc/$1/stat
	[ -n "${2:-}" ] && f=/proc/$1/task/$2/stat
	sed 's/^.*) //' "$f" | awk '{ print $12 + $13 }'
}
hz=$(getconf CLK_TCK)

# 1. IOPS: headless vs dashboard, alternating.
: >"$tmp/headless.txt"
: >"$tmp/ui.txt"
uithread=""
for r in $(seq 1 "$rounds"); do
	"$dd" run --target "$target" --preset spot --runtime "$runtime" --ramp 1 $extra -q \
		--json "$tmp/run$r.json" >/dev/null || { echo "tui-overhead: run failed" >&2; exit 1; }
	python3 -c "
import json
for p in json.load(open('$tmp/run$r.json'))['points']:
    print(p['point']['name'] + '|' + repr(p['iops']))" >>"$tmp/headless.txt"

	rm -rf "$tmp/state"
	ui_start ""
	wait_pane 'DATABASE' 100 || { echo "tui-overhead: the dashboard did not start" >&2; exit 1; }
	pid=$(T list-panes -t b -F '#{pane_pid}')
	T send-keys -t b s s
	wait_pane 'point [0-9]+/' 100
	t0=$(cpu_ticks "$pid" "$pid")
	s0=$(date +%s.%N)
	wait_pane 'done|stopped|FAILED' $(( (runtime + 2) * 10 * 10 + 300 )) ||
		{ echo "tui-overhead: the dashboard sweep did not finish" >&2; exit 1; }
	t1=$(cpu_ticks "$pid" "$pid")
	s1=$(date +%s.%N)
	uithread="$uithread $(echo "$t0 $t1 $s0 $s1 $hz" | awk '{ printf "%.2f", ($2 - $1) / $5 / ($4 - $3) * 100 }')"
	T send-keys -t b q
	grep ' result ' "$tmp/state/drivedash/log" | sed 's/^drivedash: result [^|]*| \(.*\) | iops=\([0-9.]*\).*/\1|\2/' \
		>>"$tmp/ui.txt"
	T kill-session -t b >/dev/null 2>&1
done

python3 - "$tmp/headless.txt" "$tmp/ui.txt" <<'EOF'
import sys
def load(path):
    d = {}
    for line in open(path):
        name, v = line.rstrip('\n').rsplit('|', 1)
        d.setdefault(name.strip(), []).append(float(v))
    return d
h, u = load(sys.argv[1]), load(sys.argv[2])
print("%-26s %14s %14s %8s" % ("point", "headless IOPS", "dashboard IOPS", "ratio"))
th = tu = 0
for name in h:
    if name not in u:
        continue
    a, b = sum(h[name]) / len(h[name]), sum(u[name]) / len(u[name])
    th += a; tu += b
    print("%-26s %14.0f %14.0f %8.3f" % (name, a, b, b / a))
print("IOPS ratio dashboard/headless (sum of points): %.3f  -> cost %.1f%% (target <= 2%%)"
      % (tu / th, (1 - tu / th) * 100))
EOF
echo "UI thread CPU while the live sweep redraws:$uithread %"

# 2. Idle CPU on the Drives screen.
rm -rf "$tmp/state"
ui_start ""
wait_pane 'DATABASE' 100
pid=$(T list-panes -t b -F '#{pane_pid}')
sleep 1
t0=$(cpu_ticks "$pid")
sleep "$idle"
t1=$(cpu_ticks "$pid")
echo "$t0 $t1 $hz $idle" | awk '{ printf "idle dashboard CPU over %d s: %.2f%% (target < 1%%)\n", $4, ($2 - $1) / $3 / $4 * 100 }'
T send-keys -t b q
T kill-session -t b >/dev/null 2>&1

# 3. Time to first frame, from exec (the shell's clock right before it).
: >"$tmp/ttff.txt"
for n in $(seq 1 "$starts"); do
	T kill-session -t b >/dev/null 2>&1
	rm -f "$tmp/ff"
	T new-session -d -s b -x 132 -y 43 \
		"date +%s%N >'$tmp/start'; exec env LANG=C.UTF-8 DRIVEDASH_FIRST_FRAME_LOG='$tmp/ff' \
		XDG_STATE_HOME='$tmp/state' '$dd' ui"
	i=0
	while [ ! -s "$tmp/ff" ] && [ "$i" -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	start=$(cat "$tmp/start")
	sed 's/.*realtime_ns=\([0-9]*\).*since_ui_start_ms=\([0-9.]*\).*/\1 \2/' "$tmp/ff" |
		awk -v s="$start" '{ printf "%.1f %.1f\n", ($1 - s) / 1e6, $2 }' >>"$tmp/ttff.txt"
	T send-keys -t b q
done
sort -n "$tmp/ttff.txt" | awk '{ a[NR] = $1; b[NR] = $2 } END {
	printf "time to first frame over %d starts: median %.1f ms, max %.1f ms from exec " \
	       "(median %.1f ms from entering the UI) (target < 100 ms)\n",
	       NR, a[int((NR + 1) / 2)], a[NR], b[int((NR + 1) / 2)] }'
