# tests/lib/tap.sh: a few TAP helpers for the shell tests (sourced).
# Usage: . tap.sh; ok "name" cmd...; is "name" expected actual; done_testing
tap_n=0
tap_fail=0

# python3 (JSON and sqlite checks): the system's own, which bootstrap
# installs, before whatever PATH finds first.  A version manager's shim
# there (pyenv) costs 0.4 s a call, and the suite makes hundreds of calls.
tap_python=$(command -v python3 2>/dev/null)
[ -x /usr/bin/python3 ] && tap_python=/usr/bin/python3
if [ -n "$tap_python" ]; then
	python3() { "$tap_python" "$@"; }
fi

# ok NAME CMD...: pass when CMD exits 0.
# (Its own variable: a caller's $name is left alone.)
ok() {
	tap_name=$1; shift
	tap_n=$((tap_n + 1))
	if "$@" >/dev/null 2>&1; then
		echo "ok $tap_n - $tap_name"
	else
		echo "not ok $tap_n - $tap_name"
		tap_fail=$((tap_fail + 1))
	fi
}

# is NAME EXPECTED ACTUAL: pass when the two strings are equal.
is() {
	tap_n=$((tap_n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		echo "#   expected: '$2'"
		echo "#        got: '$3'"
		tap_fail=$((tap_fail + 1))
	fi
}

# like NAME PATTERN TEXT: pass when TEXT contains PATTERN (grep -E).
like() {
	tap_n=$((tap_n + 1))
	if printf '%s\n' "$3" | grep -Eq -- "$2"; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		echo "#   no match for /$2/ in:"
		printf '%s\n' "$3" | head -5 | sed 's/^/#     /'
		tap_fail=$((tap_fail + 1))
	fi
}

# skip_all REASON: skip the whole file.
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# done_testing: print the plan (and how many timing checks a disturbed
# run left unjudged).
done_testing() {
	[ "${tap_disturbed:-0}" -eq 0 ] ||
		echo "# disturbed run: $tap_disturbed timing checks not judged (see the SKIPs)"
	echo "1..$tap_n"
	[ "$tap_fail" -eq 0 ]
}

# disturbed NAME WHY: a timing check (tests/rigs) this run cannot judge:
# something else loaded the machine, or the run's own repeats or intervals
# spread wider than the band the check holds.  Neither a pass nor a
# failure: a TAP skip that says "disturbed run" and why, counted for
# done_testing's last line.
disturbed() {
	tap_n=$((tap_n + 1))
	tap_disturbed=$((${tap_disturbed:-0} + 1))
	echo "ok $tap_n # SKIP disturbed run: $1: $2"
}

# machine_busy: why the machine is not quiet for a timing measurement, or
# nothing when it is.  Other work that is ready to run shows as runnable
# tasks (/proc/stat procs_running counts this sampler too, so a quiet
# machine reads 1): the fewest of four samples 100 ms apart, so a blip of
# kernel work or of a process on its way out is not a load, and a busy loop
# always is.
machine_busy() {
	_least=
	for _i in 1 2 3 4; do
		_r=$(sed -n 's/^procs_running //p' /proc/stat 2>/dev/null)
		[ -n "$_r" ] || return 0
		[ -z "$_least" ] || [ "$_r" -lt "$_least" ] && _least=$_r
		[ "$_i" = 4 ] || sleep 0.1
	done
	[ "$_least" -le 1 ] ||
		echo "$((_least - 1)) other tasks ready to run (/proc/stat procs_running)"
}

# run CMD...: its stdout in $out, stderr in $err, exit status in $rc (the
# caller's $tmp holds the two files).  With RUN_TIMEOUT set, a command still
# running after that many seconds is killed (SIGKILL, $rc 137) instead of
# hanging the suite; CMD must then be a program, not a shell function.
run() {
	if [ -n "${RUN_TIMEOUT:-}" ]; then
		timeout -s KILL "$RUN_TIMEOUT" "$@" >"$tmp/out" 2>"$tmp/err"
	else
		"$@" >"$tmp/out" 2>"$tmp/err"
	fi
	rc=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# jq_ FILE EXPR: a Python expression over the JSON in FILE as `j`; prints
# it, exits 1 with the traceback on stderr when it raises.  One reader per
# script answers every call (tests/lib/jqd.py, started at the first, gone
# with the script): a python3 per call cost 70-100 ms of CPU each.  Without
# $tmp or mkfifo, a python3 per call as before.
jq_() {
	case $1 in /*) _jqf=$1 ;; *) _jqf=$PWD/$1 ;; esac
	if [ -z "${tmp:-}" ] || ! _jq_up; then
		python3 -c "import json,sys; j=json.load(open('$_jqf')); print($2)"
		return
	fi
	printf '%s' "$_jqf" >"$tmp/.jq/file"
	printf '%s' "$2" >"$tmp/.jq/expr"
	echo go >"$tmp/.jq/req"
	read -r _jqrc <"$tmp/.jq/ack"
	cat "$tmp/.jq/out"
	[ -s "$tmp/.jq/err" ] && cat "$tmp/.jq/err" >&2
	return "${_jqrc:-1}"
}

# json EXPR: jq_ over what the last run printed ($tmp/out).
json() {
	jq_ "$tmp/out" "$1"
}

# _jq_up: the script's JSON reader is running (started now if not).  Its
# FIFOs live in $tmp/.jq; it watches the script's shell ($$, the same in
# every subshell) and ends with it.  It is exec'd straight from the
# background subshell and closes what it inherits: no shell or descriptor of
# the script's (a pipe the script reads, the machine lock on 9) outlives a
# call in a pipeline or a command substitution.
_jq_up() {
	[ -p "$tmp/.jq/ack" ] && return 0
	[ -d "$tmp" ] && command -v mkfifo >/dev/null 2>&1 || return 1
	mkdir -p "$tmp/.jq" && mkfifo "$tmp/.jq/req" "$tmp/.jq/ack.new" || return 1
	(exec python3 "${top_srcdir:-.}/tests/lib/jqd.py" "$tmp/.jq" "$$") \
		</dev/null >/dev/null 2>&1 &
	mv "$tmp/.jq/ack.new" "$tmp/.jq/ack"
}

# machine_alone: wait until no other test that loads the machine or judges
# timing holds the machine (every script in tests/rigs takes it), then hold
# it until this test exits: make -j2 check-rigs would otherwise run eight fio
# servers next to the rate limiter's 2 % checks.  An flock on a file in the
# build tree: released by the kernel whatever ends the test.
machine_alone() {
	command -v flock >/dev/null 2>&1 || return 0
	exec 9>>"${top_builddir:-.}/tests/machine.lock" || return 0
	# bounded: a stray process holding the lock must not hang the suite
	flock -w 900 9 || echo "# machine_alone: still held after 900 s, going on"
}

# loop_new FILE [losetup options]: attach FILE with direct I/O (plainly when
# its filesystem refuses that); the device in $dev, added to $loops for the
# caller's cleanup.
loop_new() {
	_f=$1; shift
	dev=$(losetup --find --show --direct-io=on "$@" "$_f" 2>/dev/null)
	if [ -z "$dev" ]; then
		# A half-made direct-I/O attachment must not leak.
		for _l in $(losetup -n -O NAME -j "$_f"); do losetup -d "$_l"; done
		dev=$(losetup --find --show "$@" "$_f" 2>/dev/null) || dev=""
	fi
	[ -n "$dev" ] || return 1
	loops="$dev $loops"
}

# The write-cliff rig (tests/rigs/cliff.sh documents the recipe): a loop device
# without direct I/O (the "drive") over a second loop device over a file in
# /dev/shm (the "flash").  The drive's O_DIRECT writes land in the lower
# device's page cache at the drive's write limit; that cache holds about
# CACHE bytes (the lower bdi's strict_limit, min_bytes and max_bytes), and
# the lower device takes writeback at its write limit only (blkio v1
# throttle), so once the cache is full every write waits for the slow rate.
cliff_throttle=/sys/fs/cgroup/blkio/blkio.throttle.write_bps_device

# cliff_rig_missing: why the rig can't be made here (nothing when it can).
cliff_rig_missing() {
	if [ "$(id -u)" != 0 ]; then
		echo "root is needed for loop devices, bdi limits and blkio throttling"
	elif [ ! -w "$cliff_throttle" ]; then
		echo "no blkio v1 throttle ($cliff_throttle)"
	elif ! ls /sys/class/bdi/*/max_bytes >/dev/null 2>&1; then
		echo "no bdi max_bytes (kernel before 6.2)"
	fi
}

# cliff_devnum DEV: a block device's major:minor.
cliff_devnum() {
	cat "/sys/class/block/${1#/dev/}/dev"
}

# cliff_dev_new SIZE CACHE FAST SLOW: a drive of SIZE (bytes, or truncate's
# units) whose writes run at FAST bytes/s until about CACHE bytes are
# cached, then at SLOW (0: no cache limit, FAST throughout).  The drive in
# $dev; it is added to $cliffs for cliff_dev_free (call that from the
# caller's trap).  Returns 1 (nothing left behind) when a step fails.
cliff_dev_new() {
	_f=$(mktemp /dev/shm/dd-cliff-XXXXXX) || return 1
	truncate -s "$1" "$_f" || { rm -f "$_f"; return 1; }
	_lo=$(losetup --find --show --direct-io=on "$_f" 2>/dev/null) || _lo=""
	if [ -z "$_lo" ]; then
		for _d in $(losetup -n -O NAME -j "$_f"); do losetup -d "$_d"; done
		_lo=$(losetup --find --show "$_f" 2>/dev/null) || { rm -f "$_f"; return 1; }
	fi
	# No --direct-io flag: off is the default, and setting it can fail busy.
	_up=$(losetup --find --show "$_lo" 2>/dev/null) || _up=""
	cliffs="$_up:$_lo:$_f $cliffs"
	[ -n "$_up" ] || { cliff_dev_free; return 1; }
	_bdi=/sys/class/bdi/$(cliff_devnum "$_lo")
	if [ "$(cat "/sys/class/block/${_up#/dev/}/loop/dio")" != 0 ] ||
	   ! echo "$(cliff_devnum "$_up") $3" >"$cliff_throttle"; then
		cliff_dev_free
		return 1
	fi
	# SLOW 0: the same drive without the cache running out (a control).
	if [ "$4" != 0 ] && { ! echo 1 >"$_bdi/strict_limit" ||
	   ! echo "$2" >"$_bdi/max_bytes" ||
	   ! echo $(($2 * 7 / 8)) >"$_bdi/min_bytes" ||
	   ! echo "$(cliff_devnum "$_lo") $4" >"$cliff_throttle"; }; then
		cliff_dev_free
		return 1
	fi
	dev=$_up
} 2>/dev/null

# cliff_dev_free: undo every cliff_dev_new: throttles off first (so the
# cached writes drain at memory speed), the bdi limits back to the kernel's
# defaults, both loop devices detached, the file removed.
cliff_dev_free() {
	for _c in $cliffs; do
		_up=${_c%%:*}; _f=${_c##*:}; _lo=${_c#*:}; _lo=${_lo%%:*}
		for _d in $_up $_lo; do
			[ -e "/sys/class/block/${_d#/dev/}/dev" ] &&
				echo "$(cliff_devnum "$_d") 0" >"$cliff_throttle"
		done
		_bdi=/sys/class/bdi/$(cliff_devnum "$_lo")
		# A loop device (and its bdi) outlives its detach: leave it as found.
		echo 0 >"$_bdi/min_bytes"
		echo 100 >"$_bdi/max_ratio"
		echo 0 >"$_bdi/strict_limit"
		# Every device over the lower one, also one a failed losetup left;
		# the upper one only while it is still over the lower one (its
		# number may have gone to another test's device meanwhile).
		[ "$(losetup -n -O BACK-FILE "$_up" 2>/dev/null | sed 's/ *$//')" = "$_lo" ] &&
			losetup -d "$_up"
		for _d in $(losetup -n -O NAME -j "$_lo"); do losetup -d "$_d"; done
		for _d in $(losetup -n -O NAME -j "$_f"); do losetup -d "$_d"; done
		rm -f "$_f"
	done
	cliffs=""
} 2>/dev/null
