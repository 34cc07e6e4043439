#!/bin/sh
# The bad-input matrix: every way a careless or hostile user can feed
# drivedash something wrong, each run under `timeout 20`.  Every case must
# end with a non-zero exit status that is neither a timeout (124) nor a
# signal (>= 128), print one sentence starting "drivedash: " that says what
# is wrong, and echo no raw control character (escapes are written \xNN).
# Each case's command and the first line it printed are TAP comments, so the
# matrix can be quoted.  Cases that need root (loop devices, tmpfs mounts,
# running as nobody) skip without it; the tmux case skips without tmux.
# Needs: timeout(1); root for the loop, tmpfs and as-nobody (setpriv) cases,
# tmux for the tiny terminal, script(1) and sqlite3 for a few; each case that
# lacks its tool skips.
. "${top_srcdir:-.}/tests/lib/tap.sh"

builddir=$(cd "${top_builddir:-.}" && pwd)
dd="$builddir/drivedash"
db=${DRIVEDASH_DB:-$builddir/data/drivedash.db}
[ -x "$dd" ] || skip_all "drivedash is not built"
[ -r "$db" ] || skip_all "no specs database at $db"
command -v timeout >/dev/null 2>&1 || skip_all "timeout(1) is missing"

tmp=$(mktemp -d /tmp/dd-bad-XXXXXX)
chmod 755 "$tmp"	# nobody must reach the files of the unprivileged cases
loops=""
mounts=""
sock="dd-bad-$$"
root=false
[ "$(id -u)" -eq 0 ] && root=true

cleanup() {
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	for m in $mounts; do umount "$m" 2>/dev/null; done
	command -v tmux >/dev/null 2>&1 && tmux -L "$sock" kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

export dd tmp DRIVEDASH_DB="$db"
ctl=$(printf '[\001-\011\013-\037\177]')

# skip NAME REASON: a TAP skip.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1: $2"
}

# bad NAME PATTERN COMMAND: run COMMAND with sh -c under timeout 20 and
# check the exit status, that a "drivedash: " line matches PATTERN (grep -E),
# and that nothing echoed a control character.
bad() {
	name=$1 pat=$2 cmd=$3
	timeout 20 sh -c "$cmd" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	# Under script(1) the pty adds CRs and echoes the EOF of stdin as ^D.
	case $cmd in
	*"script -q"*) cat "$tmp/err" "$tmp/out" | tr -d '\r\004' >"$tmp/all" ;;
	*) cat "$tmp/err" "$tmp/out" >"$tmp/all" ;;
	esac
	first=$(grep -m1 . "$tmp/all")
	said=$(grep -m1 -E -- "^drivedash: .*$pat" "$tmp/all")
	# printf, not echo: the commands hold backslashes echo would interpret.
	printf '# $ %s\n' "$(printf '%s' "$cmd" | sed 's/"\$dd"/drivedash/g')"
	printf '#   exit %s: %s\n' "$rc" "$first"
	[ -n "$said" ] && [ "$said" != "$first" ] && printf '#   ...: %s\n' "$said"
	tap_n=$((tap_n + 1))
	why=""
	if [ "$rc" -eq 0 ]; then why="exit 0"
	elif [ "$rc" -eq 124 ]; then why="hung (timeout)"
	elif [ "$rc" -ge 128 ]; then why="killed by signal $((rc - 128))"
	elif [ -z "$said" ]; then why="no 'drivedash: ' sentence matching /$pat/"
	elif LC_ALL=C grep -q "$ctl" "$tmp/all"; then why="a raw control character echoed"
	fi
	if [ -z "$why" ]; then
		echo "ok $tap_n - $name"
	else
		echo "not ok $tap_n - $name ($why)"
		sed 's/^/#     /' "$tmp/all" | head -5
		tap_fail=$((tap_fail + 1))
	fi
}

# A plain 4 MiB target file and a FIFO nobody ever writes to.
truncate -s 4M "$tmp/f.dat"
mkfifo "$tmp/fifo"

# ---- 6: numbers that aren't ----
bad "--runtime inf" "runtime 'inf' is not a time" \
	'"$dd" run --target "$tmp/f.dat" --preset spot --runtime inf'
bad "--ramp 1e308" "ramp '1e308' is not a time" \
	'"$dd" run --target "$tmp/f.dat" --preset spot --ramp 1e308'
bad "--size 1e30" "size '1e30' is not a size" \
	'"$dd" run --scratch "$tmp/s.dat" --preset spot --size 1e30'
bad "--size 4095" "size '4095' is not a size from 1M" \
	'"$dd" run --scratch "$tmp/s.dat" --preset spot --size 4095'
bad "--time-scale nan" "time-scale 'nan' is not a number" \
	'"$dd" run --target "$tmp/f.dat" --preset spot --time-scale nan'
bad "--repeat 1e30" "repeat '1e30' is not a whole number" \
	'"$dd" run --target "$tmp/f.dat" --preset spot --repeat 1e30'
bad "check --tolerance inf" "tolerance 'inf' is not a number" \
	'"$dd" check /dev/null --tolerance inf'
bad "point time=inf" "time 'inf' is not a time" \
	'"$dd" run --target "$tmp/f.dat" --point "randread,time=inf"'
bad "point ramp=1e308" "ramp '1e308' is not a time" \
	'"$dd" run --target "$tmp/f.dat" --point "randread,time=1,ramp=1e308"'
bad "point qd=1e30" "qd" \
	'"$dd" run --target "$tmp/f.dat" --point "randread,qd=1e30,time=1"'
bad "point size=1e30" "size" \
	'"$dd" run --target "$tmp/f.dat" --point "write,size=1e30" --allow-write'
printf 'precondition 1e400\nrandread,time=1\n' >"$tmp/big.plan"
bad "plan file precondition 1e400" "precondition must be a number of passes" \
	'"$dd" run --target "$tmp/f.dat" --plan "$tmp/big.plan"'

# ---- 8: hangs ----
bad "--plan FIFO" "is a FIFO, not a regular file" \
	'"$dd" run --target "$tmp/f.dat" --plan "$tmp/fifo"'
bad "--db FIFO" "is a FIFO, not a regular file" '"$dd" --db "$tmp/fifo" list'
bad "DRIVEDASH_DB=FIFO" "is a FIFO, not a regular file" 'DRIVEDASH_DB="$tmp/fifo" "$dd" list'
if command -v script >/dev/null 2>&1; then
	bad "ui --theme FIFO (on a terminal)" "is a FIFO, not a regular file" \
		'TERM=xterm script -qec "\"$dd\" ui --theme \"$tmp/fifo\"" /dev/null'
else
	skip "ui --theme FIFO" "script(1) is missing"
fi

# ---- 9: messages ----
mkdir "$tmp/theme.d"
if command -v script >/dev/null 2>&1; then
	bad "ui --theme DIRECTORY" "theme file .* is a directory, not a regular file" \
		'TERM=xterm script -qec "\"$dd\" ui --theme \"$tmp/theme.d\"" /dev/null'
	like "... not reported as an I/O error" "^$" "$(grep -i 'input/output' "$tmp/all")"
	bad "TERM=dumb" "needs a terminal that can move the cursor" \
		'TERM=dumb script -qec "\"$dd\" ui" /dev/null'
	bad "TERM=nonexistent-term (no terminfo)" "TERM=nonexistent-term" \
		'TERM=nonexistent-term script -qec "\"$dd\" ui" /dev/null'
else
	skip "theme directory, TERM=dumb, no terminfo" "script(1) is missing"
fi
bad "--scratch with a 4095-byte --size" "not a size" \
	'"$dd" run --scratch "$tmp/s.dat" --size 4095 --preset spot'
head -c 3000 "$db" >"$tmp/truncated.db"
bad "truncated specs database" "not a valid database" '"$dd" --db "$tmp/truncated.db" list'
awk 'BEGIN { for (i = 0; i < 400; i++) printf "garbage\033[2J\007%c", 200 }' \
	>"$tmp/garbage.db"
bad "garbage specs database" "not a valid database" '"$dd" --db "$tmp/garbage.db" list'
cp "$tmp/garbage.db" "$tmp/$(printf 'bad\033[2Jname\007.db')"
bad "garbage database named with control characters" "x1b\\[2Jname" \
	'"$dd" --db "$tmp/$(printf "bad\033[2Jname\007.db")" list'
if command -v sqlite3 >/dev/null 2>&1; then
	sqlite3 "$tmp/wrong.db" "CREATE TABLE x(a); INSERT INTO x VALUES ('$(printf '\033[31m')');"
	bad "specs database of another schema" "not a drivedash specs database" \
		'"$dd" --db "$tmp/wrong.db" show x'
	sqlite3 "$tmp/version.db" "CREATE TABLE meta(key, value); INSERT INTO meta VALUES ('schema_version', 999);"
	bad "specs database of another schema version" "schema version 999" \
		'"$dd" --db "$tmp/version.db" list'
else
	skip "wrong-schema database" "sqlite3 is missing"
fi
bad "control characters in a query" "x1b\\[2J" '"$dd" show "$(printf "x\033[2J\007")"'
bad "control characters and bad UTF-8 in a target" "xff" \
	'"$dd" run --target "$tmp/nodir/$(printf "a\033[31m\377")" --preset spot'
bad "list with stdout closed" "standard output is closed" '"$dd" list >&-'
bad "run with stdout closed (refused before any I/O)" "standard output is closed" \
	'"$dd" run --target "$tmp/f.dat" --preset spot >&-'
if [ -w /dev/full ]; then
	bad "list > /dev/full" "cannot write the output to standard output: No space left" \
		'"$dd" list >/dev/full'
	bad "show --json > /dev/full" "(cannot write|No space left)" \
		'"$dd" show cd9p-r --json >/dev/full'
else
	skip "list > /dev/full" "no /dev/full"
fi

# ---- targets ----
bad "nonexistent /dev target" "does not exist" \
	'"$dd" run --target /dev/dd-no-such-device --preset spot'
bad "target in a missing directory" "does not exist" \
	'"$dd" run --target "$tmp/nodir/x.dat" --preset spot'
truncate -s 64K "$tmp/small.dat"
bad "target smaller than the plan" "too small" \
	'"$dd" run --target "$tmp/small.dat" --point "read,bs=128k,time=1"'
bad "misaligned block size" "multiple of 512" \
	'"$dd" run --target "$tmp/f.dat" --point "randread,bs=1000,time=1"'
: >"$tmp/zero.dat"
bad "zero-length file" "is empty" '"$dd" run --target "$tmp/zero.dat" --preset spot'
printf 'abc' >"$tmp/tiny.dat"
bad "file smaller than one block" "smaller than one block" \
	'"$dd" run --target "$tmp/tiny.dat" --preset spot'
bad "a directory as the target" "not a block device or a regular file" '"$dd" run --target "$tmp" --preset spot'

if $root && command -v setpriv >/dev/null 2>&1; then
	# nobody runs a copy of the program and the database in $tmp, with
	# homes of its own there: the build tree may sit in a directory only
	# root can enter (a clone in /root), and what is tested is what
	# drivedash says, not whether nobody can reach the clone.
	cp "$dd" "$db" "$tmp/" && mkdir "$tmp/nobody" && chown 65534:65534 "$tmp/nobody"
	lsan_nobody=""
	case ${LSAN_OPTIONS:-} in
	*suppressions=*)
		cp "$(printf '%s\n' "$LSAN_OPTIONS" | sed 's/.*suppressions=\([^:]*\).*/\1/')" "$tmp/lsan.supp"
		lsan_nobody="LSAN_OPTIONS=suppressions=$tmp/lsan.supp:print_suppressions=0" ;;
	esac
	asnobody="setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=$tmp/nobody \
		XDG_CONFIG_HOME=$tmp/nobody/config XDG_DATA_HOME=$tmp/nobody/data \
		DRIVEDASH_DB=$tmp/$(basename "$db") $lsan_nobody"
	ddn="$tmp/$(basename "$dd")"
	export asnobody ddn
	cp "$tmp/f.dat" "$tmp/ro.dat"
	chown 65534 "$tmp/ro.dat"
	chmod 444 "$tmp/ro.dat"
	bad "read-only file with a write plan (as nobody)" "Permission denied" \
		'$asnobody "$ddn" run --target "$tmp/ro.dat" --point "randwrite,time=1" --allow-write'
	# io_uring charges registered buffers to RLIMIT_MEMLOCK (no CAP_IPC_LOCK
	# here): 32 x 64 KiB = 2 MiB over a 1 MiB limit is refused before any I/O.
	if command -v prlimit >/dev/null 2>&1; then
		bad "buffers over RLIMIT_MEMLOCK (as nobody)" "RLIMIT_MEMLOCK" \
			'prlimit --memlock=1048576 $asnobody "$ddn" run --target "$tmp/ro.dat" --point "randread,bs=64k,qd=32,time=1"'
	else
		skip "buffers over RLIMIT_MEMLOCK" "needs prlimit"
	fi
else
	skip "read-only file with a write plan" "needs root and setpriv"
	skip "buffers over RLIMIT_MEMLOCK" "needs root and setpriv"
fi

# ---- root only: loop devices, tmpfs, another user ----
if $root && command -v losetup >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1 &&
	mkdir "$tmp/m1" "$tmp/m2" && mount -t tmpfs -o size=8m dd-bad "$tmp/m1" &&
	mounts="$tmp/m1" && mount -t tmpfs -o size=8m dd-bad "$tmp/m2" &&
	mounts="$mounts $tmp/m2"; then
	truncate -s 64M "$tmp/m2/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/m2/loop.img")
	loops="$loop"
	export loop
	bad "unprivileged user on a block device" "root or membership of its group" \
		'$asnobody "$ddn" run --target "$loop" --preset spot'
	bad "unprivileged user, check" "root or membership of its group" \
		'$asnobody "$ddn" check "$loop"'
	# A sparse 64 MiB file on an 8 MiB tmpfs: writes past 8 MiB fail.
	truncate -s 64M "$tmp/m1/sparse.dat"
	bad "ENOSPC mid-run (file on a full tmpfs)" "No space left on device" \
		'"$dd" run --target "$tmp/m1/sparse.dat" --point "write,bs=1m,qd=4,time=5" --allow-write'
	# A loop device over a sparse file on the other tmpfs: its writes start
	# failing at the loop level once the tmpfs is full.
	bad "a target that starts failing I/O mid-run (loop over a full tmpfs)" \
		"(Input/output error|No space left on device)" \
		'"$dd" run --target "$loop" --point "write,bs=1m,qd=4,time=5" --allow-write'
else
	skip "unprivileged user, ENOSPC, failing I/O" "needs root, losetup, setpriv and tmpfs"
fi

# ---- a 20x5 terminal: the dashboard says so, no crash ----
if command -v tmux >/dev/null 2>&1 &&
	tmux -L "$sock" -f /dev/null new-session -d -s dd -x 20 -y 5 \
		"env LANG=C.UTF-8 DRIVEDASH_DB='$db' XDG_STATE_HOME='$tmp/state' '$dd' ui; echo exited \$?; exec sleep 600"; then
	seen=false
	i=0
	while [ $i -lt 200 ]; do
		screen=$(tmux -L "$sock" capture-pane -p -t dd 2>/dev/null)
		if printf '%s\n' "$screen" | grep -q 'too small'; then
			seen=true
			break
		fi
		i=$((i + 1))
		sleep 0.1	# polling the pane, bounded; not synchronisation
	done
	echo "# \$ drivedash ui   (in a 20x5 tmux pane)"
	echo "#   $(printf '%s\n' "$screen" | grep -m1 'too small' | sed 's/^ *//')"
	ok "terminal 20x5: the dashboard says it is too small" $seen
	tmux -L "$sock" send-keys -t dd q
	i=0
	while [ $i -lt 200 ]; do
		screen=$(tmux -L "$sock" capture-pane -p -t dd 2>/dev/null)
		printf '%s\n' "$screen" | grep -q '^exited' && break
		i=$((i + 1))
		sleep 0.1
	done
	like "terminal 20x5: q quits with exit 0, no signal" "^exited 0$" \
		"$(printf '%s\n' "$screen" | grep '^exited')"
else
	skip "terminal 20x5" "tmux is missing or cannot start"
fi

done_testing
