# tests/lib/fleet-rig.sh: a rack of loopback "hosts" for the fleet tests and
# bench (sourced after tests/lib/tap.sh).  Each host is a `fio --server` of its
# own on 127.0.0.1 and a free port, with a target of its own (a zram
# device this rig adds, never zram0; a loop device with direct I/O over a
# /dev/shm file; a scratch file), or a tests/lib/fake-fio-server that fails in
# one way (garbage, silent, old, close).  Everything it makes is listed in
# the rig_* variables and undone by rig_cleanup, which rig_init traps on
# every exit.
#
# Usage:
#   . tests/lib/tap.sh; . tests/lib/fleet-rig.sh
#   rig_require            # TAP skip_all without fio, ss, root or zram
#   rig_init               # $rig_dir (in /dev/shm), $rig_hosts (empty file)
#   rig_target_zram 64M    # -> $rig_dev
#   rig_server_start zram  # -> $rig_port, $rig_pid (the server's group)
#   rig_host_add "127.0.0.1:$rig_port" "$rig_dev" name=zram size=64M
#   rig_fake_start garbage # -> $rig_port
#   rig_server_wait_job zram; rig_server_kill zram   # kill it mid-run
#
# Servers run in a session of their own (setsid), so one signal to the
# process group reaches the listener, the per-connection process it forks
# and the job process under that: killing only the listener leaves a
# running job untouched (fio's client then finishes normally).
#
# Ports are found without a race: a candidate port from the kernel (bind to
# port 0 and release it), then the server must be seen listening on it as
# its own pid (ss -ltnp); when something else took the port first the
# server fails its bind (fio says "bind: Address already in use" and exits
# 0), and the next candidate is tried.  Waits are bounded polls on those
# conditions, never sleeps standing in for them.

rig_dir=""
rig_hosts=""
rig_servers=""		# "name:pid ..." (pid = the server's process group)
rig_fakes=""		# fake-fio-server pids
rig_zrams=""		# zram ids this rig added
loops=""		# loop devices (tap.sh's loop_new adds here)
rig_files=""		# scratch files outside $rig_dir
rig_fake="${top_builddir:-.}/tests/lib/fake-fio-server"

# rig_missing: why the rig can't be built here (nothing when it can).
rig_missing() {
	if ! command -v fio >/dev/null 2>&1; then
		echo "fio is not installed"
	elif ! command -v ss >/dev/null 2>&1 || ! command -v setsid >/dev/null 2>&1; then
		echo "ss (iproute2) and setsid are needed"
	elif ! command -v python3 >/dev/null 2>&1; then
		echo "python3 is needed"
	elif [ "$(id -u)" != 0 ]; then
		echo "root is needed for zram and loop devices"
	elif [ ! -w /sys/class/zram-control/hot_add ]; then
		echo "no zram-control (modprobe zram)"
	elif [ ! -x "$rig_fake" ]; then
		echo "tests/lib/fake-fio-server is not built"
	fi
}

# rig_require: skip the whole test when the rig can't be built.
rig_require() {
	_why=$(rig_missing)
	[ -z "$_why" ] || skip_all "$_why"
}

# rig_init: the scratch directory and an empty hosts file; cleanup trapped.
rig_init() {
	rig_dir=$(mktemp -d /dev/shm/dd-rig-XXXXXX) || return 1
	rig_hosts=$rig_dir/hosts
	: >"$rig_hosts"
	trap rig_cleanup EXIT
	trap 'exit 1' INT TERM HUP
}

# rig_wait COUNT CMD...: poll CMD every 50 ms, at most COUNT times, until it
# succeeds.
rig_wait() {
	_n=$1; shift
	while [ "$_n" -gt 0 ]; do
		"$@" && return 0
		_n=$((_n - 1))
		sleep 0.05
	done
	return 1
}

# rig_free_port: a port the kernel has just found free on 127.0.0.1.
rig_free_port() {
	python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"
}

# rig_listens PORT PID: PID listens on 127.0.0.1:PORT.
rig_listens() {
	ss -ltnpH "sport = :$1" 2>/dev/null | grep -q "pid=$2,"
}

# rig_gone PID: the process has exited.
rig_gone() {
	! kill -0 "$1" 2>/dev/null
}

# rig_listens_or_gone PORT PID: either of the two, to end the wait early.
rig_listens_or_gone() {
	rig_listens "$1" "$2" || rig_gone "$2"
}

# rig_server_start NAME: a fio server on a free port, listening, as its own
# process group; $rig_port and $rig_pid.  Its log: $rig_dir/NAME.log.
rig_server_start() {
	for _try in 1 2 3 4 5 6 7 8; do
		rig_port=$(rig_free_port) || return 1
		setsid fio --server="ip:127.0.0.1,$rig_port" >"$rig_dir/$1.log" 2>&1 </dev/null 9>&- &
		rig_pid=$!
		rig_servers="$1:$rig_pid $rig_servers"
		# 10 s: fio starts in a few ms, but the machine may be loaded.
		rig_wait 200 rig_listens_or_gone "$rig_port" "$rig_pid"
		rig_listens "$rig_port" "$rig_pid" && return 0
		kill -9 "-$rig_pid" 2>/dev/null && wait "$rig_pid" 2>/dev/null
	done
	echo "# rig: no fio server would listen: $(cat "$rig_dir/$1.log")" >&2
	return 1
}

# rig_fake_start MODE: a fake-fio-server in MODE on a port the kernel picks;
# $rig_port and $rig_pid.
rig_fake_start() {
	_pf=$rig_dir/fake-$1.port
	"$rig_fake" "$1" --port-file "$_pf" >/dev/null 2>"$rig_dir/fake-$1.log" </dev/null 9>&- &
	rig_pid=$!
	rig_fakes="$rig_pid $rig_fakes"
	rig_wait 200 test -s "$_pf" || return 1
	rig_port=$(cat "$_pf")
	rig_listens "$rig_port" "$rig_pid"
}

# rig_dead_port: a port nothing listens on (connection refused), kept free
# by nobody: only for a test that expects the refusal right away.
rig_dead_port() {
	rig_port=$(rig_free_port)
}

# rig_server_pid NAME: the process group of the server started as NAME.
rig_server_pid() {
	for _s in $rig_servers; do
		[ "${_s%%:*}" = "$1" ] && { echo "${_s#*:}"; return 0; }
	done
	return 1
}

# rig_server_busy PGID: the server has forked a job process (listener ->
# connection -> job: three processes or more in its group).
rig_server_busy() {
	[ "$(pgrep -g "$1" | wc -l)" -ge 3 ]
}

# rig_server_wait_job NAME [COUNT]: wait (bounded, COUNT polls of 50 ms,
# default 30 s) until the server runs a job.
rig_server_wait_job() {
	_p=$(rig_server_pid "$1") || return 1
	rig_wait "${2:-600}" rig_server_busy "$_p"
}

# rig_group_gone PGID: no process is left in the group.
rig_group_gone() {
	! pgrep -g "$1" >/dev/null
}

# rig_server_kill NAME: SIGKILL the whole server (listener, connection,
# job), as a host that dies; waits until its group is gone.
rig_server_kill() {
	_p=$(rig_server_pid "$1") || return 1
	# dash's kill takes no "--": a numeric signal keeps "-PGID" a pid.
	kill -9 "-$_p" 2>/dev/null && wait "$_p" 2>/dev/null
	rig_wait 200 rig_group_gone "$_p"
}

# rig_fill DEV|FILE SIZE: write SIZE of random data (reading never-written
# zram or tmpfs pages costs nothing and would flatter every figure).
rig_fill() {
	head -c "$2" /dev/urandom | dd of="$1" bs=1M iflag=fullblock conv=notrunc status=none 2>/dev/null
}

# rig_target_zram SIZE: a zram device of the rig's own, filled; $rig_dev.
rig_target_zram() {
	_z=$(cat /sys/class/zram-control/hot_add 2>/dev/null) || return 1
	rig_zrams="$_z $rig_zrams"
	echo "$1" >"/sys/block/zram$_z/disksize" || return 1
	rig_dev=/dev/zram$_z
	rig_wait 200 test -b "$rig_dev" || return 1
	rig_fill "$rig_dev" "$1"
}

# rig_target_loop SIZE: a loop device (direct I/O) over a filled /dev/shm
# file; $rig_dev.
rig_target_loop() {
	_f=$(mktemp "$rig_dir/loop-XXXXXX") || return 1
	rig_fill "$_f" "$1" || return 1
	loop_new "$_f" || return 1
	rig_dev=$dev
}

# rig_target_file SIZE [DIR]: a filled scratch file, in DIR (default the
# build directory's tests/, a real filesystem: O_DIRECT as on a drive's
# filesystem) or $rig_dir when DIR is "shm"; $rig_dev.
rig_target_file() {
	_d=${2:-${top_builddir:-.}/tests}
	[ "$_d" = shm ] && _d=$rig_dir
	_f=$(mktemp "$_d/dd-rig-file-XXXXXX") || return 1
	case $_f in "$rig_dir"/*) ;; *) rig_files="$_f $rig_files" ;; esac
	rig_fill "$_f" "$1" || return 1
	rig_dev=$(cd "$(dirname "$_f")" && pwd)/$(basename "$_f")
}

# rig_host_add ADDRESS DEVICE [DRIVE] [CONFIRM] [key=value ...]: one line of
# the hosts file (DRIVE and CONFIRM "-" when not given).
rig_host_add() {
	_a=$1; _dv=$2; shift 2
	_dr=-; _c=-
	case ${1:-} in ''|*=*) ;; *) _dr=$1; shift ;; esac
	case ${1:-} in ''|*=*) ;; *) _c=$1; shift ;; esac
	echo "$_a $_dv $_dr $_c $*" >>"$rig_hosts"
}

# rig_cleanup: servers first (they hold the targets open), then devices,
# files and the scratch directory.
rig_cleanup() {
	for _s in $rig_servers; do
		kill -9 "-${_s#*:}" 2>/dev/null && wait "${_s#*:}" 2>/dev/null
	done
	for _p in $rig_fakes; do
		kill -9 "$_p" 2>/dev/null && wait "$_p" 2>/dev/null
	done
	# The servers' job processes (reparented) may hold a target a moment.
	for _s in $rig_servers; do
		rig_wait 200 rig_group_gone "${_s#*:}"
	done
	for _l in $loops; do
		losetup -d "$_l" 2>/dev/null
	done
	for _z in $rig_zrams; do
		# The job processes may take a moment to release the device.
		rig_wait 100 sh -c "echo 1 >/sys/block/zram$_z/reset" 2>/dev/null
		echo "$_z" >/sys/class/zram-control/hot_remove 2>/dev/null
	done
	[ -n "$rig_files" ] && rm -f $rig_files
	[ -n "$rig_dir" ] && rm -rf "$rig_dir"
	rig_servers=""; rig_fakes=""; loops=""; rig_zrams=""; rig_files=""; rig_dir=""
}
