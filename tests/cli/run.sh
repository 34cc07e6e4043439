#!/bin/sh
# `drivedash run` end to end on real targets this test creates: a scratch
# file, a loop device over /dev/shm (direct I/O) and a zram device of its own
# (hot-added, so it never touches another test's zram0).  The presets run
# at 2 ms a point on the file, spot on the devices (every preset on every
# target, longer, is tests/rigs/run-matrix.sh); then the refusals, cancel
# and the fio job text.
# Needs: python3.  Root for the loop and zram parts (skipped without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-run-XXXXXX)
loop=""
zid=""

cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"



. "${top_srcdir:-.}/tests/lib/presets-run.sh"

# --- a scratch file ------------------------------------------------------
run "$dd" run --target "$tmp/scratch.dat" --size 64M --point 'randread,bs=4k,qd=8,time=0.3' \
	--ramp 0 --json "$tmp/file.json" -q
is "scratch file: run exits 0" 0 "$rc"
like "scratch file: the table names the point" '4K randread QD8 x1' "$out"
ok "scratch file: removed afterwards" test ! -e "$tmp/scratch.dat"
is "scratch file: JSON says scratch" "scratch" "$(jq_ "$tmp/file.json" "j['target']['kind']")"
is "scratch file: latency percentiles ascend" "True" \
	"$(jq_ "$tmp/file.json" "(lambda v: v==sorted(v))(list(j['points'][0]['lat']['percentiles_us'].values()))")"

# The point JSON records what the engine really used (one writer with check).
is "scratch file: JSON records the engine's choices" "True" \
	"$(jq_ "$tmp/file.json" "all(isinstance(p[k], bool) for p in j['points'] for k in ('spin_used', 'io_wq', 'force_async', 'iopoll_used'))")"
is "scratch file: target class file, batch 1..qd" "file True" \
	"$(jq_ "$tmp/file.json" "j['points'][0]['target_class'], 1 <= j['points'][0]['batch_used'] <= 8" | tr -d "(),'")"
is "scratch file: check's flat keys sit beside run's structure" "True" \
	"$(jq_ "$tmp/file.json" "(lambda p: p['name'] == p['point']['name'] and p['rw'] == 'randread' and p['bs'] == 4096 and p['iodepth'] == 8 and p['numjobs'] == 1 and 0 < p['p50_us'] <= p['p99_us'] <= p['p999_us'] <= p['max_us'] and p['mean_us'] > 0)(j['points'][0])")"
is "scratch file: idle_cpus is null unless spin=auto measured it" "None" \
	"$(jq_ "$tmp/file.json" "j['points'][0]['idle_cpus']")"

run "$dd" run --target "$tmp/keep.dat" --size 16M --point 'read,bs=128k,qd=4,time=0.1' --ramp 0 --keep -q
is "scratch file: --keep exits 0" 0 "$rc"
ok "scratch file: --keep keeps it" test -f "$tmp/keep.dat"

run "$dd" run --target "$tmp/keep.dat" --point 'randwrite,bs=4k,time=0.1' -q
is "existing file: a writing plan needs --allow-write" 2 "$rc"
like "existing file: says why" 'allow-write' "$err"

# Running every point of the long presets (review: 242 points, threads: up
# to 128 jobs a point) is the rig's: tests/rigs/run-matrix.sh runs every
# preset on every kind of target.  Here spot and cdm run; the others' plans
# are counted from --print-fio (a job section a point and repeat, after
# [global]; repeats are named "... runN").
presets_on "file" "$tmp/presets.dat" 0.002 "spot cdm" --size 160M
for preset in cdm-nvme review threads; do
	run "$dd" run --target "$tmp/presets.dat" --preset "$preset" --allow-write --print-fio
	is "file: preset $preset plans every point" "$(expect_points "$preset")" \
		"$(printf '%s\n' "$out" | grep '^\[' | grep -v '^\[global\]' |
		sed 's/ run[0-9]*\]$/]/' | sort -u | wc -l | tr -d ' ')"
done

# --- a loop device over /dev/shm ----------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 64M "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -n "$loop" ]; then
	run "$dd" run --target "$loop" --point 'randwrite,bs=4k,time=0.1' -q
	is "loop: writing without --allow-write is refused" 2 "$rc"
	like "loop: the refusal says how to allow it" 'allow-write' "$err"
	run "$dd" run --target "$loop" --spin sometimes -q
	is "loop: a bad --spin is a usage error" 2 "$rc"
	like "loop: ... that names the accepted values" 'auto, on, off or a time' "$err"

	presets_on "loop" "$loop" 0.01 spot

	run "$dd" run --target "$loop" --point 'randread,bs=4k,qd=2,time=0.2' --ramp 0 --iopoll \
		--json "$tmp/poll.json" -q
	is "loop: --iopoll runs" 0 "$rc"
	is "loop: --iopoll falls back and says so" "True" \
		"$(jq_ "$tmp/poll.json" "j['points'][0]['iopoll_fallback'] and 'fell back' in j['points'][0]['message']")"

	# Completion wait: --spin sets every point, a point's own key wins over
	# the plan default, and the result says which way each point waited.
	printf 'defaults bs=4k qd=1 time=0.2 ramp=0\nrandread spin=on\nrandread spin=off\n' \
		>"$tmp/spin.plan"
	run "$dd" run --target "$loop" --plan "$tmp/spin.plan" --json "$tmp/spin.json" -q
	is "loop: spin=on and spin=off run" 0 "$rc"
	is "loop: spin_used follows the point's key" "[True, False]" \
		"$(jq_ "$tmp/spin.json" "[p['spin_used'] for p in j['points']]")"
	is "loop: both waits read data" "True" \
		"$(jq_ "$tmp/spin.json" "all(p['ios'] > 0 and p['status'] == 0 for p in j['points'])")"
	run "$dd" run --target "$loop" --plan "$tmp/spin.plan" --spin off --json "$tmp/spin.json" -q
	is "loop: --spin off overrides every point" "[False, False]" \
		"$(jq_ "$tmp/spin.json" "[p['spin_used'] for p in j['points']]")"

	# spin=auto at QD1 measures the idle CPUs and records them; the class of
	# a loop device is blk-mq.
	run "$dd" run --target "$loop" --point 'randread,bs=4k,qd=1,time=0.1' --spin auto \
		--ramp 0 --json "$tmp/auto.json" -q
	is "loop: spin=auto runs" 0 "$rc"
	is "loop: the point JSON records the class, idle CPUs and the choices" "True" \
		"$(jq_ "$tmp/auto.json" "(lambda p: p['target_class'] == 'blk-mq block device' and 0 <= p['idle_cpus'] <= $(nproc) and p['batch_used'] == 1 and p['force_async'] in (False, True) and p['spin_used'] == (int(p['idle_cpus'] + 0.1) > 1))(j['points'][0])")"

	# A device with a filesystem on it is refused, and stays unchanged.
	if command -v mkfs.ext4 >/dev/null 2>&1 && mkfs.ext4 -q -F "$loop" 2>/dev/null; then
		before=$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)
		run "$dd" run --target "$loop" --point 'randwrite,bs=4k,time=0.2' --allow-write -q
		is "loop with ext4: write sweep refused" 2 "$rc"
		like "loop with ext4: names the filesystem" 'ext4' "$err"
		is "loop with ext4: backing file unchanged" "$before" \
			"$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)"
		run "$dd" run --target "$loop" --point 'randread,bs=4k,time=0.1' --ramp 0 -q
		is "loop with ext4: reading is allowed" 0 "$rc"
	else
		echo "ok $((tap_n + 1)) # SKIP mkfs.ext4 unavailable"; tap_n=$((tap_n + 1))
	fi
else
	echo "ok $((tap_n + 1)) # SKIP no loop device (needs root and losetup)"; tap_n=$((tap_n + 1))
fi

# --- a zram device of our own ---------------------------------------------
if [ -w /sys/class/zram-control/hot_add ]; then
	zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
fi
if [ -n "$zid" ] && echo 64M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	z=/dev/zram$zid
	# Fill it first: reads of never-written zram pages cost nothing.
	run "$dd" run --target "$z" --point 'write,bs=1m,qd=4,size=64m' --ramp 0 --allow-write -q
	is "zram: filling it exits 0" 0 "$rc"
	presets_on "zram" "$z" 0.01 spot
else
	zid=""
	echo "ok $((tap_n + 1)) # SKIP no zram (needs root and the zram module)"; tap_n=$((tap_n + 1))
fi

# --- plan file, preconditioning, steady state --------------------------------
cat >"$tmp/plan.txt" <<'PLAN'
# two points from a plan file
plan from-file
defaults time=0.1 ramp=0 qd=4
randread bs=4k
read bs=128k jobs=2
PLAN
run "$dd" run --target "$tmp/plan.dat" --size 32M --plan "$tmp/plan.txt" --json "$tmp/plan.json" -q
is "--plan: exits 0" 0 "$rc"
is "--plan: runs the file's points under its name" "from-file 2 True" \
	"$(jq_ "$tmp/plan.json" "j['plan'], len(j['points']), j['points'][1]['point']['numjobs']==2" | tr -d "(),'")"

run "$dd" run --target "$tmp/pre.dat" --size 32M --point 'randread,bs=4k,time=0.1' --ramp 0 \
	--precondition 1 --allow-write
is "--precondition: exits 0" 0 "$rc"
like "--precondition: the 128K write pass ran first" 'done precondition 128K write' "$err"

run "$dd" run --target "$tmp/steady.dat" --size 32M --point 'randread,bs=4k,qd=2,time=0.05' \
	--ramp 0 --steady-state --json "$tmp/steady.json" -q
is "--steady-state: exits 0" 0 "$rc"
is "--steady-state: between 5 and 25 rounds, reported" "True" \
	"$(jq_ "$tmp/steady.json" "5 <= j['points'][0]['steady_rounds'] <= 25 and j['points'][0]['steady_attained'] in (True, False)")"
like "--steady-state: the table says so" 'steady state (reached|NOT reached) after [0-9]+ rounds' "$out"

# --- cancel ---------------------------------------------------------------
# A long point on a scratch file; SIGINT once the first point has finished
# (seen in the log lines that a non-terminal run prints) must stop it
# within an interval and still print the table.
"$dd" run --target "$tmp/cancel.dat" --size 16M --point 'read,bs=128k,time=0.1' \
	--point 'randread,bs=4k,time=60' --ramp 0 --json "$tmp/cancel.json" \
	>"$tmp/cancel.out" 2>"$tmp/cancel.err" &
pid=$!
tries=0
until grep -q 'done 128K read' "$tmp/cancel.err" 2>/dev/null || [ $tries -ge 300 ]; do
	tries=$((tries + 1))
	sleep 0.1	# polling for the condition above, bounded at 30 s
done
kill -INT "$pid"
wait "$pid"
rc=$?
is "cancel: SIGINT stops the sweep with exit 130" 130 "$rc"
like "cancel: the table shows the stopped point" 'stopped after' "$(cat "$tmp/cancel.out")"
is "cancel: the JSON says cancelled" "cancelled" "$(jq_ "$tmp/cancel.json" "j['state']")"
is "cancel: the stopped point ran well under its 60 s" "True" \
	"$(jq_ "$tmp/cancel.json" "j['points'][1]['cancelled'] and j['points'][1]['elapsed_s'] < 30")"
ok "cancel: scratch file removed" test ! -e "$tmp/cancel.dat"

# --- signals at each phase: every way out removes the scratch file ---------
# sig_at NAME SIGNAL CODE WAIT-PATTERN [ARGS]: start a run on a 1 GiB scratch
# file, wait for the phase (a pattern in its log, or "created": the scratch
# file exists, so creation/allocation is under way or just done), send
# SIGNAL and expect exit CODE with the scratch file gone.
sig_at() {
	name=$1; sig=$2; code=$3; phase=$4; shift 4
	f="$tmp/sig.dat"
	rm -f "$f" "$tmp/sig.err"
	"$dd" run --scratch "$f" --point 'randread,bs=4k,time=60' --ramp 0 "$@" \
		>/dev/null 2>"$tmp/sig.err" &
	pid=$!
	tries=0
	while [ $tries -lt 600 ]; do
		if [ "$phase" = created ]; then
			# Unnamed (O_TMPFILE): it shows as an open "#N (deleted)"
			# file of the process in the scratch directory.
			ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "$tmp/#" && break
			[ -e "$f" ] && break
		else
			grep -q "$phase" "$tmp/sig.err" 2>/dev/null && break
		fi
		tries=$((tries + 1))
		sleep 0.05	# polling for the phase above, bounded at 30 s
	done
	# A phase never reached would test another phase (the sweep).
	ok "SIG$sig $name: the phase was reached before the signal" \
		test "$tries" -lt 600
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	is "SIG$sig $name: exit $code" "$code" "$rc"
	ok "SIG$sig $name: the scratch file is gone" test ! -e "$f"
	rm -f "$f"
}
# SIGKILL cannot be caught: the scratch file is unnamed, so it goes with the
# process and nothing is left in its directory.
mkdir "$tmp/kill9"
"$dd" run --scratch "$tmp/kill9/k.dat" --size 64M --point 'randread,bs=4k,time=60' --ramp 0 \
	>/dev/null 2>&1 &
pid=$!
tries=0
until ls -l "/proc/$pid/fd" 2>/dev/null | grep -q "$tmp/kill9/#" || [ $tries -ge 600 ]; do
	tries=$((tries + 1))
	sleep 0.05	# polling for the open scratch file, bounded at 30 s
done
kill -9 "$pid"
wait "$pid"
is "SIGKILL: the scratch directory is empty afterwards" "" "$(ls -A "$tmp/kill9")"
sig_at "during scratch creation" TERM 143 created --size 1G
sig_at "during scratch creation" HUP 129 created --size 1G
sig_at "while filling the scratch file" TERM 143 'points* on ' --size 1G
sig_at "while filling the scratch file" INT 130 'points* on ' --size 1G
sig_at "during the sweep" HUP 129 'done precondition' --size 64M
sig_at "during the sweep" QUIT 131 'done precondition' --size 64M
# A second signal quits at once, still without leaving the file.
f="$tmp/sig2.dat"
"$dd" run --scratch "$f" --size 64M --point 'randread,bs=4k,time=60' --ramp 0 \
	>/dev/null 2>"$tmp/sig2.err" &
pid=$!
tries=0
until grep -q 'done precondition' "$tmp/sig2.err" 2>/dev/null || [ $tries -ge 600 ]; do
	tries=$((tries + 1))
	sleep 0.05	# polling for the condition above, bounded at 30 s
done
kill -INT "$pid"
until grep -q 'stopping after' "$tmp/sig2.err" 2>/dev/null || [ $tries -ge 600 ]; do
	tries=$((tries + 1))
	sleep 0.05	# polling for the condition above, bounded at 30 s
done
kill -TERM "$pid"
wait "$pid"
rc=$?
ok "a second signal: exits 130 or 143 (the first stop may win the race)" \
	test "$rc" -eq 143 -o "$rc" -eq 130
ok "a second signal: the scratch file is gone" test ! -e "$f"

# A closed standard output (the reader of a pipe went away) is said, with a
# non-zero exit, and the scratch file is still removed.  The pipe's read end
# is closed before drivedash starts, so every write to it fails.
closed_stdout() {
	python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r)
p = subprocess.run(sys.argv[2:], stdout=w, stderr=open(sys.argv[1], "w"))
print(p.returncode)' "$tmp/pipe.err" "$@"
}
rm -f "$tmp/pipe.dat"
rc=$(closed_stdout "$dd" run --scratch "$tmp/pipe.dat" --size 16M \
	--point 'randread,bs=4k,time=0.1' --ramp 0 --json - -q)
is "stdout closed, --json -: exit 2" 2 "$rc"
like "stdout closed, --json -: says so" 'standard output was closed' "$(cat "$tmp/pipe.err")"
ok "stdout closed, --json -: the scratch file is gone" test ! -e "$tmp/pipe.dat"
rm -f "$tmp/pipe.dat"
rc=$(closed_stdout "$dd" run --scratch "$tmp/pipe.dat" --size 16M \
	--point 'randread,bs=4k,time=0.1' --ramp 0 -q)
is "stdout closed, the table: exit 2" 2 "$rc"
like "stdout closed, the table: says so" 'standard output was closed before the table' \
	"$(cat "$tmp/pipe.err")"
ok "stdout closed, the table: the scratch file is gone" test ! -e "$tmp/pipe.dat"
# The brief's own form: a reader that stops after 10 bytes.
"$dd" run --scratch "$tmp/head.dat" --size 16M --point 'randread,bs=4k,time=0.1' \
	--ramp 0 --json - -q 2>/dev/null | head -c 10 >/dev/null
ok "--json - | head -c 10: the scratch file is gone" test ! -e "$tmp/head.dat"

# --- fio job text -----------------------------------------------------------
run "$dd" run --target /dev/nonexistent --preset cdm --allow-write --print-fio
is "--print-fio exits 0" 0 "$rc"
like "--print-fio uses io_uring" 'ioengine=io_uring' "$out"
if command -v fio >/dev/null 2>&1; then
	printf '%s\n' "$out" >"$tmp/job.fio"
	ok "--print-fio output parses with fio" fio --parse-only "$tmp/job.fio"
fi
# --rate-iops paces every point without a rate of its own, all its jobs
# together: fio's rate_iops is per job (spot's QD32 x16 point: 20000 / 16).
run "$dd" run --target /dev/nonexistent --preset spot --rate-iops 20k --print-fio
is "--rate-iops: a rate on every spot point" \
	"$(printf '%s\n' "$out" | grep '^\[' | grep -vc '^\[global\]')" \
	"$(printf '%s\n' "$out" | grep -c '^rate_iops=')"
like "--rate-iops: QD32 x16 gets 1250 a job" 'numjobs=16( [^[]*)? rate_iops=1250 ' \
	"$(printf '%s\n' "$out" | tr '\n' ' ')"
run "$dd" run --target /dev/nonexistent --preset spot --print-fio
is "without --rate-iops: no point is paced" 0 "$(printf '%s\n' "$out" | grep -c '^rate_iops=')"
# A paced point the target cannot carry (20M IOPS at QD1): the engine says
# where the schedule went (the device held the queue, or the jobs fell
# behind), and the shortfall is what it lost; an unpaced point has neither.
run "$dd" run --target "$tmp/pace.dat" --size 16M --allow-write -q \
	--point 'randread,bs=4k,qd=1,rate=20M,time=0.3,ramp=0' --json "$tmp/pace.json"
is "pacing beyond the target: exits 0" 0 "$rc"
is "pacing beyond the target: the shortfall is schedule the engine lost" "True" \
	"$(jq_ "$tmp/pace.json" "abs(100 * (1 - j['points'][0]['iops'] / 20e6) - j['points'][0]['rate_held_pct'] - j['points'][0]['rate_late_pct']) < 10")"
is "an unpaced point loses no schedule (null)" "None None" \
	"$(jq_ "$tmp/file.json" "'%s %s' % (j['points'][0]['rate_held_pct'], j['points'][0]['rate_late_pct'])")"

# --- bad input ---------------------------------------------------------------
run "$dd" run --target "$tmp/x.dat" --preset nope
is "unknown preset exits 2" 2 "$rc"
like "unknown preset lists the presets" 'spot' "$err"
run "$dd" run --target "$tmp/x.dat" --point 'randread,bs=1000'
is "bad point exits 2" 2 "$rc"
like "bad point names the problem" 'bs' "$err"
run "$dd" run --target "$tmp/x.dat" --size 16M --point 'randread,bs=3k'
is "a block size the target cannot align exits 2" 2 "$rc"
like "misaligned block size: says which point and why" 'point 1 .*not a multiple' "$err"
run "$dd" run --target "$tmp/x.dat" --size 16M --preset threads
is "a target too small for a preset exits 2 before any I/O" 2 "$rc"
like "too small: says so" 'too small' "$err"
run "$dd" run --preset spot
is "missing --target exits 2" 2 "$rc"
run "$dd" run --target "$tmp" --preset spot
is "a directory target exits 2" 2 "$rc"
run "$dd" run --target "$tmp/x.dat" --size 1G --size nonsense --preset spot
is "bad --size exits 2" 2 "$rc"
ok "nothing left behind by the failed runs" test ! -e "$tmp/x.dat"

# --- target resolution: only a file path or --scratch makes a scratch file --
# (A wrong create would leave a regular file or a directory in /dev; the
# devices other tests add and remove meanwhile under make -j2 are neither.)
devs_before=$(find /dev -maxdepth 1 \( -type f -o -type d \) | sort)
run "$dd" run --target /dev/nvme97n9 --preset spot -q
is "a missing /dev path exits 2" 2 "$rc"
like "a missing /dev path: one sentence naming it" '^drivedash: /dev/nvme97n9 does not exist: there is no such device' "$err"
is "a missing /dev path: exactly one line" 1 "$(printf '%s\n' "$err" | wc -l)"
ok "a missing /dev path: no file created" test ! -e /dev/nvme97n9
run "$dd" run --target nvme97n9 --preset spot -q
is "a bare device name exits 2" 2 "$rc"
like "a bare device name: says how a device is named" '/dev/nvme97n9' "$err"
ok "a bare device name: no file created" test ! -e nvme97n9
run "$dd" run --target /dev/vdz --preset spot -q
is "a typo'd block device exits 2" 2 "$rc"
is "nothing new in devtmpfs" "$devs_before" "$(find /dev -maxdepth 1 \( -type f -o -type d \) | sort)"
run "$dd" run --target "$tmp/no/such/dir/x.dat" --preset spot -q
is "a file in a missing directory exits 2" 2 "$rc"

run "$dd" run --scratch "$tmp/s.dat" --size 16M --point 'randread,bs=4k,time=0.1' --ramp 0 \
	--json "$tmp/s.json" -q
is "--scratch exits 0" 0 "$rc"
ok "--scratch: removed afterwards" test ! -e "$tmp/s.dat"
is "--scratch: JSON kind scratch" "scratch" "$(jq_ "$tmp/s.json" "j['target']['kind']")"
is "--scratch: JSON names the filesystem" "scratch file on tmpfs, tmpfs mounted at /dev/shm" \
	"$(jq_ "$tmp/s.json" "j['target']['description']")"
like "--scratch: the table header names the filesystem" 'scratch file on tmpfs, tmpfs mounted at /dev/shm' "$out"
: > "$tmp/exists.dat"
run "$dd" run --scratch "$tmp/exists.dat" --point 'randread,bs=4k,time=0.1' -q
is "--scratch over an existing file exits 2" 2 "$rc"
ok "--scratch over an existing file: the file stays" test -e "$tmp/exists.dat"
run "$dd" run --target "$tmp/exists.dat" --scratch "$tmp/s.dat" -q
is "--target and --scratch together exit 2" 2 "$rc"

# A plain existing file still works and says what it is.
head -c 16777216 /dev/zero > "$tmp/plain.dat"
run "$dd" run --target "$tmp/plain.dat" --point 'randread,bs=4k,time=0.1' --ramp 0 --json "$tmp/p.json" -q
is "a plain file exits 0" 0 "$rc"
is "a plain file: JSON kind file" "file" "$(jq_ "$tmp/p.json" "j['target']['kind']")"
is "a plain file: description with fs and mount point" "file on tmpfs, tmpfs mounted at /dev/shm" \
	"$(jq_ "$tmp/p.json" "j['target']['description']")"
ok "a plain file: kept" test -e "$tmp/plain.dat"

# --- numbers: one parser with ranges, no inf/nan/overflow ----------------
for bad in "--runtime inf" "--runtime nan" "--ramp 1e308" "--size 1e30" "--size -1G" \
	   "--repeat 2.5" "--repeat 1e20" "--time-scale 1e9" "--precondition 101"; do
	run "$dd" run --target "$tmp/n.dat" --point 'randread,time=0.1' $bad -q
	is "run $bad exits 2" 2 "$rc"
	like "run $bad: names the option" "${bad%% *}" "$err"
done
ok "bad numbers create nothing" test ! -e "$tmp/n.dat"

# --- LANG=C: ASCII only ---------------------------------------------------
run env LANG=C LC_ALL=C "$dd" run --target /dev/nvme97n9 -q
is "LANG=C: error output is ASCII" "" "$(printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177')"
run env LANG=C LC_ALL=C "$dd" run --scratch "$tmp/c.dat" --size 16M \
	--point 'randread,bs=4k,qd=4,time=0.05' --ramp 0
is "LANG=C: a run exits 0" 0 "$rc"
is "LANG=C: its table and progress are ASCII" "" "$(printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177')"

# --- memory: a point whose buffers cannot fit is refused before any I/O ---
# 4096 x 1 MiB x 1024 jobs is 4 TiB of buffers, more than any test machine
# has; the sparse 2 GiB file costs nothing and is never read.
truncate -s 2G "$tmp/sparse.dat"
run "$dd" run --target "$tmp/sparse.dat" --point 'randread,bs=1m,qd=4096,jobs=1024,time=1' \
	--ramp 0 -q
is "memory: a 4 TiB point is refused with exit 2 (no OOM kill)" 2 "$rc"
like "memory: the sentence names the figure and the limit" \
	'needs 4 TiB of I/O buffers \(4096 x 1 MiB x 1024 jobs\).*at most three quarters of the memory it may have, [0-9.]+ [KMGT]iB: (MemAvailable is|the memory cgroup .* allows) [0-9.]+ [KMGT]iB' "$err"
is "memory: one sentence on one line" 1 "$(printf '%s\n' "$err" | wc -l | tr -d ' ')"
is "memory: nothing on stdout" "" "$out"

done_testing
