#!/bin/sh
# What fio's own client prints, and how it exits, for each failure the fio
# backend (src/io/fio.h) classifies: the texts src/io/fio.c reads are pinned
# here, so a fio release that changes them fails this test first.  It also
# proves the loopback rig (tests/lib/fleet-rig.sh): servers listen as their own
# pids on ports found race-free, a server is killed mid-run as a whole
# process group, and cleanup leaves no server, device or file behind.
#
# The client runs exactly as the backend runs it:
#   fio --client=127.0.0.1,PORT --output-format=terse --terse-version=3
#       --eta=always --eta-newline=1 --eta-interval=1 JOBFILE
# with SIGPIPE ignored (as a drivedash that ignores it passes on to its
# children).  Observed with fio 3.33:
#   refused   rc 1 at once; stderr "fio: connect: Connection refused" and
#             "fio: failed to connect to HOST:PORT"
#   garbage   rc 1 at once; stderr "fio: server bad crc on command (got X,
#             wanted Y)"; stdout "client: host=HOST disconnected"
#   old       rc 1 at once; stderr "fio: bad server cmd version 96" and
#             "fio: client/server version mismatch (96 != 97)"; stdout
#             "client: host=HOST disconnected"
#   close     rc 1 at once, no output at all (killed by SIGPIPE when the
#             client does not ignore it)
#   silent    no output and no exit, ever; SIGINT and SIGTERM do not end it
#             (fio sends the server QUIT and waits for an answer): only
#             SIGKILL does.  On a loaded host fio's own 5 s command timeout
#             sometimes fires instead: stderr "fio: client HOST, timeout on
#             cmd PROBE" and "fio: client HOST timed out", rc 1
#   ok        rc 0; stdout "Jobs: 1 (f=1)" then, from about 2 s after the
#             start (a shorter job shows none), one ETA line a second
#             ("Jobs: 1 (f=1): [r(1)][50.0%][r=9144M][r=2286k IOPS][eta
#             00m:03s]", each ended by "\r", some runs of them by "\n"),
#             "Jobs: 0 (f=0)" and the terse v3 line; stderr empty
#   killed    (server's whole process group SIGKILLed mid-run) the ETA line
#             turns to "Jobs: 0 (f=0)" with no figures, stdout gets
#             "client <HOST>: timeout on SEND_ETA" about every 6 s, and only
#             when the job's runtime is over: "client: host=HOST
#             disconnected", rc 1, no terse line, nothing on stderr
# Skips without fio, root or zram.
# Needs: fio, root, zram, ss and python3 (skips whole without).  Holds the
# machine alone.
. "${top_srcdir:-.}/tests/lib/tap.sh"
machine_alone
. "${top_srcdir:-.}/tests/lib/fleet-rig.sh"

rig_require
rig_init
tmp=$rig_dir
RUN_TIMEOUT=60		# no client may hang the suite

# client PORT JOB: run fio's client as the backend does; $out, $err, $rc.
client() {
	run sh -c 'trap "" PIPE; exec fio --client="127.0.0.1,$1" --output-format=terse \
		--terse-version=3 --eta=always --eta-newline=1 --eta-interval=1 "$2"' sh "$1" "$2"
}

# job TARGET RUNTIME: a read-only job file on TARGET; its path on stdout.
job() {
	_j=$rig_dir/job-$2.fio
	printf '[j]\nioengine=psync\ndirect=1\nfilename=%s\nrw=randread\nbs=4k\ntime_based=1\nruntime=%s\n' \
		"$1" "$2" >"$_j"
	echo "$_j"
}

# --- the rig: three targets, three servers ---------------------------------
ok "zram target" rig_target_zram 64M
zdev=$rig_dev
like "zram target is not zram0" '^/dev/zram[1-9][0-9]*$' "$zdev"
ok "loop target" rig_target_loop 64M
ldev=$rig_dev
ok "scratch file target" rig_target_file 16M shm
fdev=$rig_dev
for srv in zram loop file; do
	ok "$srv: server listens as its own pid" rig_server_start "$srv"
	eval "port_$srv=\$rig_port"
done
ok "three servers, three ports" test "$(printf '%s\n' "$port_zram" "$port_loop" "$port_file" | sort -u | wc -l)" = 3
rig_host_add "127.0.0.1:$port_zram" "$zdev" name=zram size=64M
rig_host_add "127.0.0.1:$port_loop" "$ldev" KCD9XPJE7T68 loop0 name=loop
is "hosts file lines" "127.0.0.1:$port_zram $zdev - - name=zram size=64M
127.0.0.1:$port_loop $ldev KCD9XPJE7T68 loop0 name=loop" "$(cat "$rig_hosts")"

# --- a normal run: ETA lines with figures, one terse line ------------------
# The first ETA line with figures comes about 2 s after the start: a job
# of 2 s or less shows none.
client "$port_file" "$(job "$fdev" 4)"
is "ok: exit 0" 0 "$rc"
like "ok: an ETA line with IOPS" '\]\[r=[0-9.]+[kM]? IOPS\]\[eta' "$out"
like "ok: one terse v3 line" '^3;fio-[0-9.]+;j;0;0;' "$(printf '%s\n' "$out" | tr '\r' '\n')"
is "ok: nothing on stderr" "" "$err"

# --- refused ---------------------------------------------------------------
rig_dead_port
client "$rig_port" "$(job "$fdev" 2)"
is "refused: exit 1" 1 "$rc"
like "refused: fio says so" "^fio: connect: Connection refused" "$err"
like "refused: and names the address" "failed to connect to 127.0.0.1:$rig_port" "$err"

# --- the fake servers --------------------------------------------------------
for mode in garbage old close silent; do
	ok "$mode: fake server listens" rig_fake_start "$mode"
	eval "fport_$mode=\$rig_port"
done
client "$fport_garbage" "$(job "$fdev" 2)"
is "garbage: exit 1" 1 "$rc"
like "garbage: bad crc" "^fio: server bad crc on command \(got [0-9a-f]+, wanted [0-9a-f]+\)" "$err"
like "garbage: disconnected" "client: host=127.0.0.1 disconnected" "$out"

client "$fport_old" "$(job "$fdev" 2)"
is "old: exit 1" 1 "$rc"
like "old: version mismatch with both versions" \
	"fio: client/server version mismatch \(96 != [0-9]+\)" "$err"
like "old: disconnected" "client: host=127.0.0.1 disconnected" "$out"

client "$fport_close" "$(job "$fdev" 2)"
is "close: exit 1" 1 "$rc"
is "close: no output" "" "$out$err"

# silent: fio's client waits for an answer that never comes.  Usually it
# waits for ever, and SIGTERM does not end it (only SIGKILL does); on a
# loaded host its own 5 s command timeout sometimes fires first and it gives
# up by itself ("timeout on cmd PROBE", "timed out", exit 1).  Either is
# fio's to choose: what is pinned here is that it does one of the two, and
# says nothing else.  What drivedash makes of each (state "timeout", "no
# answer") is tests/unit/test-fio-backend's test_live_silent and
# test_fio_gave_up, and the silent peer of tests/rigs/fleet.sh.
sh -c 'trap "" PIPE; exec fio --client="127.0.0.1,$1" --output-format=terse --eta=always \
	--eta-newline=1 --eta-interval=1 "$2"' sh "$fport_silent" "$(job "$fdev" 2)" \
	>"$tmp/silent.out" 2>"$tmp/silent.err" &
spid=$!
# gave_up: fio's own command timeout ended the client (exit 1, its words).
gave_up() {
	[ "$1" -eq 1 ] && grep -q '^fio: client 127.0.0.1, timeout on cmd ' "$tmp/silent.err"
}
if rig_wait 160 rig_gone "$spid"; then
	wait "$spid"
	src=$?
	ok "silent: the client waits, or gives up by itself saying timeout" gave_up "$src"
	echo "# silent: fio's own command timeout fired within 8 s (exit $src)"
else
	ok "silent: the client waits, or gives up by itself saying timeout" true
	kill -TERM "$spid"
	if rig_wait 40 rig_gone "$spid"; then
		# Its own timeout may have come meanwhile; SIGTERM would be 143.
		wait "$spid"
		src=$?
		ok "silent: SIGTERM does not end it (its own timeout may)" gave_up "$src"
	else
		ok "silent: SIGTERM does not end it (its own timeout may)" true
	fi
fi
kill -KILL "$spid" 2>/dev/null
wait "$spid" 2>/dev/null
is "silent: nothing but fio's timeout lines" "" \
	"$(cat "$tmp/silent.out" "$tmp/silent.err" | grep -v '^fio: client 127\.0\.0\.1\(, timeout on cmd [A-Z_]*\| timed out\)$')"

# --- a server killed mid-run ---------------------------------------------------
# Runtime 4 s: the client only gives up when the job would have ended.
run_bg() {
	sh -c 'trap "" PIPE; exec fio --client="127.0.0.1,$1" --output-format=terse \
		--terse-version=3 --eta=always --eta-newline=1 --eta-interval=1 "$2"' \
		sh "$port_zram" "$(job "$zdev" 4)" >"$tmp/killed.out" 2>"$tmp/killed.err"
	echo $? >"$tmp/killed.rc"
}
run_bg &
cpid=$!
ok "killed: the server runs the job" rig_server_wait_job zram
ok "killed: a live ETA line first" rig_wait 200 grep -q IOPS "$tmp/killed.out"
ok "killed: the whole server group dies" rig_server_kill zram
wait "$cpid"
kout=$(tr '\r' '\n' <"$tmp/killed.out")
is "killed: exit 1" 1 "$(cat "$tmp/killed.rc")"
like "killed: disconnected" "client: host=127.0.0.1 disconnected" "$kout"
like "killed: the ETA line loses its figures" '^Jobs: 0 \(f=0\)$' "$kout"
# no_terse: the killed run's output has no terse line.
no_terse() {
	! printf '%s\n' "$kout" | grep -q '^3;fio'
}
ok "killed: no terse line" no_terse
is "killed: nothing on stderr" "" "$(cat "$tmp/killed.err")"

# The other servers did not notice.
client "$port_loop" "$(job "$ldev" 1)"
is "loop server still serves after the kill" 0 "$rc"

# --- cleanup leaves nothing behind ---------------------------------------------
# A child rig, made and left by exit: its servers, zram, loop and files gone.
child=$(sh -c '. "${top_srcdir:-.}/tests/lib/tap.sh"; . "${top_srcdir:-.}/tests/lib/fleet-rig.sh"
	rig_init; rig_target_zram 16M; rig_target_loop 16M; rig_target_file 1M
	rig_server_start a; rig_fake_start silent
	echo "$rig_dir ${rig_zrams% } ${loops% } $rig_files $rig_servers $rig_fakes"')
set -- $child
like "child rig made its parts" '^/dev/shm/dd-rig-' "$1"
ok "child rig: scratch dir gone" test ! -e "$1"
ok "child rig: zram removed" test ! -e "/sys/block/zram$2"
ok "child rig: loop detached" sh -c "! losetup -n -O NAME | grep -qx '$3'"
ok "child rig: scratch file gone" test ! -e "$4"
ok "child rig: server gone" sh -c "! kill -0 ${5#*:} 2>/dev/null"
ok "child rig: fake server gone" sh -c "! kill -0 $6 2>/dev/null"

done_testing
