#!/bin/sh
# Signals and paced points (issue 22, items 10 and 11): a paced point ends at
# its time however far off its next I/O is due, and one Ctrl-C ends it; SIGQUIT
# in `run` and `check` stops the sweep like SIGINT (stored as cancelled by
# SIGQUIT, the JSON written with what was measured); the dashboard, killed by
# a signal whose default action ends the process (SIGUSR1, SIGQUIT), leaves
# the terminal in the normal screen with the mouse off and its scratch file
# removed, and SIGPIPE (ignored: a closed pipe is an EPIPE the writer says)
# does not end it.
#
# Every wait polls for its condition with a bounded loop; a bound is a hang
# detector, tens of times what the case needs, never a timing measurement.
# Needs: python3 (reads JSON and stores); root for the loop device of the
# check case; tmux for the dashboard cases (each skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

builddir=$(cd "${top_builddir:-.}" && pwd)
dd="$builddir/drivedash"
db=${DRIVEDASH_DB:-$builddir/data/drivedash.db}
qdb="$builddir/tests/qemu-test.db"
tmp=$(mktemp -d /dev/shm/dd-sig-XXXXXX)
sock="dd-sig-$$"
loop=""
pid=""

. "${top_srcdir:-.}/tests/lib/tmux.sh"	# T, tmux_setup

cleanup() {
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -f "$tmp/tmux.conf" ] && T kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
[ -x "$dd" ] || skip_all "drivedash is not built"

# wait_exit PID TENTHS: poll until PID has exited, at most TENTHS tenths of
# a second; its exit status in $rc, 255 when it was still running (then
# killed, so nothing outlives the test).
wait_exit() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ "$i" -lt "$2" ]; do
		i=$((i + 1))
		sleep 0.1	# polling for the exit, bounded
	done
	if kill -0 "$1" 2>/dev/null; then
		kill -9 "$1" 2>/dev/null
		wait "$1" 2>/dev/null
		rc=255
	else
		wait "$1"
		rc=$?
	fi
	pid=""
}

# wait_log FILE PATTERN: poll FILE until it matches, at most 30 s.
wait_log() {
	i=0
	until grep -Eq "$2" "$1" 2>/dev/null || [ "$i" -ge 300 ]; do
		i=$((i + 1))
		sleep 0.1	# polling for the line, bounded at 30 s
	done
	test "$i" -lt 300
}

# sql DB QUERY: one query's rows, fields joined by '|'.
sql() {
	python3 -c 'import sqlite3, sys
for r in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print("|".join(str(v) for v in r))' "$1" "$2"
}

# --- a paced point ends at its time ---------------------------------------
# rate=0.02: one I/O every 50 s.  The 0.5 s point ends after its 0.5 s (the
# bound of 30 s is 60 times that: it catches a point that waits for its next
# I/O, 50 s away, and nothing else).
"$dd" run --scratch "$tmp/paced.dat" --size 16M --point 'randread,bs=4k,rate=0.02,time=0.5' \
	--ramp 0 --no-save --json "$tmp/paced.json" >/dev/null 2>"$tmp/paced.err" &
pid=$!
wait_exit "$pid" 300
is "rate=0.02, time=0.5: the run ends at the point's time, not at the next I/O (exit 0)" 0 "$rc"
# Its next I/O is due 50 s in; a point whose first I/O has not completed
# may measure up to 2 s longer (the engine's starved-start allowance), and a
# loaded machine adds its delays: under 10 s is "at its time", not at 50 s.
is "rate=0.02, time=0.5: the point measured far less than the 50 s to its next I/O" "True" \
	"$(jq_ "$tmp/paced.json" "j['points'][0]['elapsed_s'] < 10")"
ok "rate=0.02: the scratch file is gone" test ! -e "$tmp/paced.dat"

# One SIGINT ends a paced point between two of its I/Os: sent once the
# paced point (the second) has its ring (an io_uring descriptor of the
# process after the first point's line: the first point's rings are closed
# by then), so the signal lands while its job waits for the next due time.
"$dd" run --scratch "$tmp/pint.dat" --size 16M --point 'randread,bs=4k,time=0.1' \
	--point 'randread,bs=4k,rate=0.02,time=60' \
	--ramp 0 --no-save --json "$tmp/pint.json" >/dev/null 2>"$tmp/pint.err" &
pid=$!
ok "rate=0.02, time=60: the first point finishes" wait_log "$tmp/pint.err" 'done 4K randread QD1 x1  '
i=0
until ls -l "/proc/$pid/fd" 2>/dev/null | grep -q 'io_uring' || [ "$i" -ge 300 ]; do
	i=$((i + 1))
	sleep 0.1	# polling for the paced point's ring, bounded at 30 s
done
ok "rate=0.02, time=60: the paced point runs" test "$i" -lt 300
kill -INT "$pid"
wait_exit "$pid" 300
is "rate=0.02: one SIGINT ends the paced point (exit 130)" 130 "$rc"
is "rate=0.02: the JSON says cancelled" "cancelled" "$(jq_ "$tmp/pint.json" "j['state']")"

# --- SIGQUIT in run: stopped like SIGINT, stored and written ----------------
store="$tmp/store.db"
"$dd" run --scratch "$tmp/quit.dat" --size 16M --point 'randread,bs=4k,time=0.1' \
	--point 'randread,bs=4k,time=60' --ramp 0 --results "$store" --json "$tmp/quit.json" \
	>"$tmp/quit.out" 2>"$tmp/quit.err" &
pid=$!
ok "run SIGQUIT: the first point finishes" wait_log "$tmp/quit.err" 'done 4K'
kill -QUIT "$pid"
wait_exit "$pid" 300
is "run SIGQUIT: exit 131" 131 "$rc"
is "run SIGQUIT: the store says cancelled by SIGQUIT, both points (one stopped)" \
	"cancelled|SIGQUIT|2|1" \
	"$(sql "$store" "SELECT state, stopped_by, (SELECT count(*) FROM points WHERE run_id = runs.id),
		(SELECT sum(cancelled) FROM points WHERE run_id = runs.id) FROM runs")"
is "run SIGQUIT: the JSON says cancelled, with the measured point" "cancelled True" \
	"$(jq_ "$tmp/quit.json" "j['state'], j['points'][0]['iops'] > 0" | tr -d "(),'")"
like "run SIGQUIT: the table shows the stopped point" 'stopped after' "$(cat "$tmp/quit.out")"
ok "run SIGQUIT: the scratch file is gone" test ! -e "$tmp/quit.dat"

# --- SIGQUIT in check, on a loop device of our own ---------------------------
if [ "$(id -u)" -eq 0 ] && [ -f "$qdb" ] && truncate -s 64M "$tmp/loop.img" &&
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null) &&
	[ -n "$loop" ]; then
	sum0=$(cksum <"$tmp/loop.img")
	"$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.1 --json \
		--results "$tmp/check.db" >"$tmp/check.json" 2>"$tmp/check.err" &
	pid=$!
	ok "check SIGQUIT: the first point finishes" wait_log "$tmp/check.err" 'done 128K read'
	kill -QUIT "$pid"
	wait_exit "$pid" 300
	is "check SIGQUIT: exit 131" 131 "$rc"
	is "check SIGQUIT: the JSON says cancelled, exit code 131, seq_read judged" \
		"cancelled 131 True" \
		"$(jq_ "$tmp/check.json" 'j["state"], j["overall"]["exit_code"], any(v["metric"] == "seq_read" and v["verdict"] != "NOT_COMPARABLE" for v in j["verdicts"])' | tr -d "(),'")"
	is "check SIGQUIT: the store says cancelled by SIGQUIT" "cancelled|SIGQUIT" \
		"$(sql "$tmp/check.db" "SELECT state, stopped_by FROM runs")"
	is "check SIGQUIT: the device is unchanged (checksum)" "$sum0" "$(cksum <"$tmp/loop.img")"
	losetup -d "$loop"
	loop=""
else
	for c in "the first point finishes" "exit 131" "the JSON" "the store" "the device"; do
		tap_n=$((tap_n + 1))
		echo "ok $tap_n # SKIP check SIGQUIT: $c (needs root and a loop device)"
	done
fi

# --- the dashboard ----------------------------------------------------------
if ! command -v tmux >/dev/null 2>&1; then
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP the dashboard cases: tmux is not installed"
	done_testing
	exit 0
fi
tmux_setup
T new-session -d -s keep "exec sleep 3600" || skip_all "tmux cannot start a server"

# ui_start NAME: the dashboard in a fresh session "dd" on its own scratch
# file, a sweep running (long points, so a signal lands mid-sweep); the pane
# says "drivedash exited N" when it ends.  $scratch, $uipid set.
ui_start() {
	scratch="$tmp/ui-$1.dat"
	rm -f "$scratch"
	T kill-session -t dd >/dev/null 2>&1
	T new-session -d -s dd -x 132 -y 43 \
		"env -u COLORTERM LANG=C.UTF-8 DRIVEDASH_DB='$db' XDG_STATE_HOME='$tmp/state' \
		XDG_DATA_HOME='$tmp/data' TMPDIR='$tmp' '$dd' ui --target '$scratch' --size 16M \
		--preset spot --runtime 60 --ramp 0 --results '$tmp/ui.db'; \
		echo \"drivedash exited \$?\"; exec sleep 600"
	wait_pane 'DATABASE' &&
		T send-keys -t dd / c d 9 p - r Enter s &&
		wait_pane 'Reference +KIOXIA' &&
		T send-keys -t dd s &&
		wait_pane 'point [0-9]+/[0-9]+' || return 1
	uipid=$(pgrep -P "$(T display -p -t dd '#{pane_pid}')" -x drivedash)
	test -n "$uipid" && test -e "$scratch"
}

# wait_pane PATTERN: poll the pane until it matches, at most 30 s.
wait_pane() {
	i=0
	until T capture-pane -p -t dd | grep -Eq -- "$1" || [ "$i" -ge 300 ]; do
		i=$((i + 1))
		sleep 0.1	# polling for the screen, bounded at 30 s
	done
	test "$i" -lt 300
}

# pane_modes: "alternate screen, any mouse mode" of the pane: "0 0" is the
# normal screen with the mouse off.
pane_modes() {
	T display -p -t dd '#{alternate_on} #{mouse_any_flag}'
}

# ui_killed SIGNAL STATUS: the dashboard killed by SIGNAL mid-sweep leaves the
# normal screen, the mouse off and no scratch file, and exits with STATUS.
ui_killed() {
	ok "ui SIG$1: a sweep runs on the scratch file" ui_start "$1"
	is "ui SIG$1: curses is up (alternate screen, mouse on)" "1 1" "$(pane_modes)"
	kill -"$1" "$uipid"
	ok "ui SIG$1: the dashboard ends" wait_pane 'drivedash exited'
	like "ui SIG$1: exit status $2" "drivedash exited $2\$" "$(T capture-pane -p -t dd)"
	is "ui SIG$1: the terminal is back: normal screen, mouse off" "0 0" "$(pane_modes)"
	ok "ui SIG$1: the scratch file is gone" test ! -e "$scratch"
}

ui_killed USR1 138
ui_killed QUIT 131
ui_killed USR2 140

# SIGPIPE is ignored: the dashboard goes on, and q still quits cleanly.
ok "ui SIGPIPE: a sweep runs on the scratch file" ui_start PIPE
kill -PIPE "$uipid"
T send-keys -t dd x
ok "ui SIGPIPE: the dashboard goes on (x stops the sweep)" wait_pane 'sweep stopped after'
ok "ui SIGPIPE: ... still running" kill -0 "$uipid"
T send-keys -t dd q
ok "ui SIGPIPE: q quits" wait_pane 'drivedash exited 0'
is "ui SIGPIPE: the terminal is back: normal screen, mouse off" "0 0" "$(pane_modes)"
ok "ui SIGPIPE: the scratch file is gone" test ! -e "$scratch"

done_testing
