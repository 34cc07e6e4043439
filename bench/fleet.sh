#!/bin/sh
# bench/fleet.sh: what following a rack costs drivedash, on loopback.
#
# HOSTS (default 8) loopback "hosts" (tests/lib/fleet-rig.sh): a `fio --server`
# each on 127.0.0.1 and a port of its own, each with its own target (a
# filled scratch file in /dev/shm, or with --targets zram a zram device of
# its own).  The servers run at nice 19: on a real rack they are other
# machines, and here they must not starve the process being measured.  The
# same plan (the spot preset, --runtime S per point, 1 s ramp) runs:
#
#   1. `drivedash run --hosts` (progress on a terminal: in a detached tmux
#      at 132x43), then
#   2. the dashboard, `drivedash ui --hosts` in a detached tmux at 132x43,
#      started on the Fleet screen with `s`;
#
# and for each it measures
#
#   (a) drivedash's own CPU: utime + stime of the drivedash process from
#       /proc/PID/stat (every thread; the fio client children are not in
#       it: a child's time reaches only cutime/cstime, once reaped), from
#       when all HOSTS clients run to the last sample before the sweeps end
#       (samples every 0.2 s), as % of one CPU; also per thread
#       (/proc/PID/task/TID/stat, by thread name);
#   (b) the live update delay: from the moment an ETA line of a fio client
#       reaches drivedash (the read() on that client's stdout pipe that
#       returns it, in the host's sweep thread) to the frame that can show
#       it, followed through the trace: that thread publishes the interval
#       (its wake eventfd write), the UI thread (or run's main thread) reads
#       that eventfd, and its next write() to the terminal is the frame.
#       Lines the backend drops (a point's ramp) have no publish and are
#       counted apart.  Taken from `strace -f -ttt -y -e trace=read,write`
#       attached to the process in a separate pass (strace slows every
#       system call, and traces the fio clients it forks too, so (a) is
#       measured without it): median and p95 over every published line,
#       and the median of each step.
#
# Output: the progress log, and a summary file (bench/fleet-<date>.txt or
# --out FILE) with both tables and the raw figures.
#
#   bench/fleet.sh                       # 8 hosts, 4 s points
#   bench/fleet.sh --hosts 4 --runtime 2 # smoke run
#
# Options: --hosts N, --runtime S, --targets file|zram, --out FILE,
# --drivedash PATH.  Root (zram, loop, strace attach), fio, tmux, strace,
# python3.
set -u
cd "$(dirname "$0")/.."
top_srcdir=.
top_builddir=.

nhosts=8
runtime=4
targets=file
out=bench/fleet-$(date +%Y%m%d-%H%M).txt
dd_bin=$PWD/drivedash
while [ $# -gt 0 ]; do
	case $1 in
	--hosts) nhosts=$2; shift ;;
	--runtime) runtime=$2; shift ;;
	--targets) targets=$2; shift ;;
	--out) out=$2; shift ;;
	--drivedash) dd_bin=$2; shift ;;
	*) echo "usage: bench/fleet.sh [--hosts N] [--runtime S] [--targets file|zram] [--out FILE] [--drivedash PATH]" >&2
	   exit 2 ;;
	esac
	shift
done

. tests/lib/tap.sh
. tests/lib/fleet-rig.sh
why=$(rig_missing)
[ -z "$why" ] || { echo "fleet bench: $why" >&2; exit 1; }
for tool in tmux strace python3; do
	command -v $tool >/dev/null 2>&1 || { echo "fleet bench: needs $tool" >&2; exit 1; }
done
[ -x "$dd_bin" ] || { echo "fleet bench: build drivedash first ($dd_bin)" >&2; exit 1; }
export DRIVEDASH_DB="${DRIVEDASH_DB:-$PWD/data/drivedash.db}"

rig_init
tmp=$rig_dir
# A copy of the binary: a rebuild during the run does not change what runs.
cp "$dd_bin" "$tmp/drivedash"
dd=$tmp/drivedash
sock=dd-fleetbench-$$
trap 'tmux -L "$sock" kill-server >/dev/null 2>&1; rig_cleanup' EXIT
hz=$(getconf CLK_TCK)

log() {
	echo "fleet bench: $*" >&2
}

# --- the rack ---------------------------------------------------------------------
for i in $(seq 1 "$nhosts"); do
	if [ "$targets" = zram ]; then
		rig_target_zram 64M || { log "cannot add a zram device"; exit 1; }
	else
		rig_target_file 64M shm || { log "cannot make a scratch file"; exit 1; }
	fi
	dev=$rig_dev
	rig_server_start "h$i" || { log "no fio server would start"; exit 1; }
	renice -n 19 -g "$rig_pid" >/dev/null
	rig_host_add "127.0.0.1:$rig_port" "$dev" "name=h$i" size=64M
done
log "$nhosts hosts ($targets targets), spot preset read-only, $runtime s points"

T() {
	tmux -u -L "$sock" -f /dev/null "$@"
}

# start WHAT: drivedash in session b (132x43); its pid in $pid.
start() {
	T kill-session -t b >/dev/null 2>&1
	rm -rf "$tmp/state"
	if [ "$1" = run ]; then
		cmd="run --hosts '$rig_hosts' --preset spot --runtime $runtime --ramp 1 --no-save"
	else
		cmd="ui --hosts '$rig_hosts' --preset spot --runtime $runtime --ramp 1 --no-save"
	fi
	T new-session -d -s b -x 132 -y 43 \
		"exec env LANG=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME='$tmp/state' '$dd' $cmd"
	pid=$(T list-panes -t b -F '#{pane_pid}')
}

# go WHAT: for the dashboard, wait for the Fleet screen and press s.
go() {
	[ "$1" = ui ] || return 0
	rig_wait 200 sh -c "tmux -u -L '$sock' capture-pane -p -t b | grep -q 'rack'" ||
		{ log "the Fleet screen did not come up"; exit 1; }
	T send-keys -t b s
}

# clients PID: how many fio clients drivedash runs now.
clients() {
	pgrep -P "$1" -x fio | wc -l
}

# ticks PID: utime + stime of the process (all its threads).
ticks() {
	sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'
}

# threads PID: "name ticks" per thread.
threads() {
	for t in /proc/$1/task/*; do
		printf '%s %s\n' "$(cat "$t/comm")" "$(sed 's/^.*) //' "$t/stat" | awk '{ print $12 + $13 }')"
	done 2>/dev/null
}

# finished WHAT PID: the sweeps have ended (no client left and, for the
# dashboard, the rack line says so; run exits).
finished() {
	if [ "$1" = run ]; then
		rig_gone "$2"
	else
		[ "$(clients "$2")" -eq 0 ] &&
			T capture-pane -p -t b | grep -Eq 'rack:.*(verdict|done)'
	fi
}

# cpu WHAT: (a) for one mode: a line "WHAT cpu% wall ticks" and per thread.
cpu() {
	start "$1"
	go "$1"
	rig_wait 600 sh -c "[ \$(pgrep -P $pid -x fio | wc -l) -ge $nhosts ]" ||
		log "$1: not all $nhosts clients seen at once"
	t0=$(ticks "$pid"); s0=$(date +%s.%N)
	t1=$t0; s1=$s0
	threads "$pid" >"$tmp/$1.threads0"
	while ! finished "$1" "$pid"; do
		t=$(ticks "$pid") || break
		[ -n "$t" ] || break
		t1=$t; s1=$(date +%s.%N)
		threads "$pid" >"$tmp/$1.threads1"
		sleep 0.2
	done
	echo "$1 $t0 $t1 $s0 $s1" >>"$tmp/cpu.txt"
	python3 - "$tmp/$1.threads0" "$tmp/$1.threads1" "$s1" "$s0" "$hz" "$1" >>"$tmp/threads.txt" <<'PY'
import sys, collections
a, b = collections.Counter(), collections.Counter()
for path, c in ((sys.argv[1], a), (sys.argv[2], b)):
    for line in open(path):
        name, t = line.rsplit(' ', 1)
        c[name] += int(t)
wall = float(sys.argv[3]) - float(sys.argv[4])
for name in sorted(b, key=lambda n: -(b[n] - a[n])):
    print("%-5s %-16s %6.2f %%" % (sys.argv[6], name, (b[name] - a[name]) / float(sys.argv[5]) / wall * 100))
PY
	T kill-session -t b >/dev/null 2>&1
}

# delay WHAT: (b) the same run with strace attached; the trace kept.
delay() {
	start "$1"
	strace -f -ttt -y -s 256 -e trace=read,write -o "$tmp/$1.strace" -p "$pid" 2>/dev/null &
	spid=$!
	# strace is attached once it reports the process's threads as traced.
	rig_wait 200 sh -c "grep -q TracerPid:.$spid /proc/$pid/status"
	go "$1"
	rig_wait 600 sh -c "[ \$(pgrep -P $pid -x fio | wc -l) -ge 1 ]"
	rig_wait 12000 finished "$1" "$pid"
	kill -INT "$spid" 2>/dev/null
	wait "$spid" 2>/dev/null
	T kill-session -t b >/dev/null 2>&1
	python3 - "$tmp/$1.strace" "$1" >>"$tmp/delay.txt" <<'PY'
# The causal chain of one live figure, per ETA line: a sweep thread's
# read() of a client's pipe returns an ETA line with figures (t0); that
# thread's next read/write is its wake eventfd write (t1: the interval was
# published; lines the backend drops, such as the ramp's, have none and are
# counted apart); the UI thread's read of that eventfd (t2); its next
# write() to the terminal (t3, the frame).  Delay t3 - t0.
import re, statistics, sys
ev = []
unfinished = {}
line_re = re.compile(r'^(\d+)\s+([\d.]+) (.*)$')
call_re = re.compile(r'^(read|write)\((\d+)<([^>]*)>, (.*)$')
res_re = re.compile(r'^<\.\.\. (read|write) resumed>(.*)$')
for line in open(sys.argv[1]):
    m = line_re.match(line.rstrip('\n'))
    if not m:
        continue
    pid, t, rest = m.group(1), float(m.group(2)), m.group(3)
    c = call_re.match(rest)
    if c:
        if rest.endswith('<unfinished ...>'):
            unfinished[pid] = (c.group(1), c.group(2), c.group(3), rest)
            if c.group(1) == 'write':	# a write counts from its start
                ev.append((t, pid, 'write', c.group(2), c.group(3), rest))
            continue
        ev.append((t, pid, c.group(1), c.group(2), c.group(3), rest))
        continue
    r = res_re.match(rest)
    if r and pid in unfinished:
        call, fd, path, _ = unfinished.pop(pid)
        if call == 'read':
            ev.append((t, pid, 'read', fd, path, r.group(2)))
ev.sort()
d, parts, dropped = [], [], 0
for i, (t0, pid, call, fd, path, text) in enumerate(ev):
    if not (call == 'read' and path.startswith('pipe:') and 'IOPS]' in text):
        continue
    nxt = next((e for e in ev[i + 1:] if e[1] == pid), None)
    if nxt is None or nxt[2] != 'write' or 'eventfd' not in nxt[4]:
        dropped += 1
        continue
    t1, wfd = nxt[0], nxt[3]
    ack = next((e for e in ev if e[0] >= t1 and e[1] != pid and e[2] == 'read'
                and e[3] == wfd and 'eventfd' in e[4]), None)
    if ack is None:
        continue
    frame = next((e for e in ev if e[0] >= ack[0] and e[2] == 'write'
                  and e[4].startswith('/dev/pts/')), None)
    if frame is None:
        continue
    d.append((frame[0] - t0) * 1000)
    parts.append(((t1 - t0) * 1000, (ack[0] - t1) * 1000, (frame[0] - ack[0]) * 1000))
if not d:
    print("%-5s no ETA line reached a frame (%d dropped by the backend)" % (sys.argv[2], dropped))
else:
    s = sorted(d)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    med = [statistics.median(x) for x in zip(*parts)]
    print("%-5s %5d %8.1f %8.1f %8.1f %8.1f   publish %.2f, wake %.2f, draw %.2f; %d ramp lines dropped"
          % (sys.argv[2], len(d), statistics.median(d), p95, s[0], s[-1], med[0], med[1], med[2], dropped))
PY
}

: >"$tmp/cpu.txt"; : >"$tmp/threads.txt"; : >"$tmp/delay.txt"
for what in run ui; do
	log "$what: CPU"
	cpu "$what"
	log "$what: update delay (strace)"
	delay "$what"
done

{
	echo "bench/fleet.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -r), $(nproc) CPUs, $(fio --version)"
	echo "drivedash copy sha256 $(sha256sum "$dd" | cut -c1-16), $nhosts hosts ($targets, fio servers at nice 19), spot preset read-only, ${runtime} s points, 1 s ramp"
	echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo
	echo "(a) drivedash's own CPU while following $nhosts hosts (utime+stime of its process, fio clients excluded;"
	echo "    one tick is 1/$hz s: a figure of a few ticks is at the resolution's edge)"
	printf '%-5s %8s %8s %8s\n' mode "CPU %" "wall s" "ticks"
	while read -r what t0 t1 s0 s1; do
		python3 -c "print('%-5s %8.2f %8.1f %8d' % ('$what', ($t1 - $t0) / $hz / ($s1 - $s0) * 100, $s1 - $s0, $t1 - $t0))"
	done <"$tmp/cpu.txt"
	echo
	echo "per thread (% of one CPU over the same window):"
	cat "$tmp/threads.txt"
	echo
	echo "(b) live update delay: ETA line read from a client's pipe -> next frame written to the terminal (ms)"
	printf '%-5s %5s %8s %8s %8s %8s   %s\n' mode lines median p95 min max "median of each step (ms)"
	cat "$tmp/delay.txt"
} | tee "$out"
log "summary in $out"
