#!/bin/sh
# What the attack round of issue 22 found in output files and reads, each
# reproduced, then proved closed (the victim's sha256 never changes):
#
#   outputs  `run --json FILE`, `export -o FILE` and `run --hosts --json
#            FILE` must refuse, with a sentence naming what FILE is, the
#            backing file of a mounted loop device, a filesystem image
#            mounted through a loop device at an offset, a results store
#            (also the one the run stores into) and its -wal and -shm while
#            another program holds it, an active swap file (item 1)
#   fifo     a hosts line's detect=FIFO, a FIFO as the hosts file and as an
#            imported file are refused at once, never a hang (item 2;
#            every case runs under timeout(1), so the old hang shows as
#            exit 137, not a stuck suite)
#   flip     a symlink flipped between two blank loop devices during `run`:
#            the device printed, in the JSON and in the store is the one
#            written (item 9)
#   swap     an active swap file as a write target is refused (item 10)
#   log      with HOME unset the dashboard's log is no predictable /tmp
#            name another user could have planted (item 10), and its
#            first-frame log is an output file like the others (needs tmux)
#
# Everything made here (loop devices, mounts, swap, helper processes,
# files) is undone on exit, even on failure.
# Needs: python3 and timeout(1); root, losetup and mkfs.ext4 for the loop,
# mount and swap cases, mkswap/swapon for swap, tmux for the log case (each
# part skips visibly without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON and holds the store"
command -v timeout >/dev/null 2>&1 || skip_all "timeout(1) bounds the FIFO cases"
dd="$(cd "${top_builddir:-.}" && pwd)/drivedash"
[ -x "$dd" ] || skip_all "drivedash is not built"

tmp=$(mktemp -d /dev/shm/dd-attack-out-XXXXXX) || skip_all "cannot make a directory in /dev/shm"
mnt=$(mktemp -d /tmp/dd-attack-out-mnt-XXXXXX) || skip_all "cannot make a directory in /tmp"
loops="" pids="" swaps="" planted="" tsock=""

# cleanup: undo everything this test made, newest first.
cleanup() {
	for p in $pids; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	for s in $swaps; do swapoff "$s" 2>/dev/null; done
	[ -n "$tsock" ] && tmux -L "$tsock" kill-server >/dev/null 2>&1
	for m in "$mnt"/*; do
		mountpoint -q "$m" 2>/dev/null || continue
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	[ -n "$planted" ] && rm -f "$planted"
	rm -rf "$tmp"
	rmdir "$mnt"/* "$mnt" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

RUN_TIMEOUT=30		# tap.sh's run: a hang is killed (exit 137), not waited for

# sum FILE: its sha256.
sum() {
	cksum "$1" | cut -d' ' -f1,2
}

# skip NAME REASON: a visibly skipped test.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

# A point too short to matter: a refusal must come before it anyway.
pt='randread,bs=4k,time=0.1'

# A store with one run in it, and a hosts file no fio server answers.
run "$dd" run --target "$tmp/seed.dat" --size 1M --point "$pt" --ramp 0 \
	--results "$tmp/s.db" -q
is "setup: a stored run" 0 "$rc"
# The exports read a copy, so a victim destroyed on the old code cannot
# make a later case fail for another reason.
cp "$tmp/s.db" "$tmp/src.db"
printf '127.0.0.1:9 /dev/nvme0n1\n' >"$tmp/hosts.txt"

# refused NAME VICTIM PATTERN: every output path given VICTIM exits 2 with a
# sentence matching PATTERN and leaves VICTIM byte for byte as it was.
refused() {
	_name=$1 _v=$2 _pat=$3
	_before=$(sum "$_v")
	run "$dd" run --target "$tmp/f.dat" --size 1M --point "$pt" --ramp 0 \
		--results "$tmp/other.db" --json "$_v" -q
	is "$_name: run --json exits 2" 2 "$rc"
	like "$_name: run --json says what it is" "$_pat" "$err"
	is "$_name: run --json leaves it unchanged" "$_before" "$(sum "$_v")"
	run "$dd" export last --results "$tmp/src.db" -o "$_v"
	is "$_name: export -o exits 2" 2 "$rc"
	like "$_name: export -o says what it is" "$_pat" "$err"
	is "$_name: export -o leaves it unchanged" "$_before" "$(sum "$_v")"
	run "$dd" run --hosts "$tmp/hosts.txt" --point "$pt" --results "$tmp/other.db" \
		--json "$_v" -q
	is "$_name: run --hosts --json exits 2" 2 "$rc"
	like "$_name: run --hosts --json says what it is" "$_pat" "$err"
	is "$_name: run --hosts --json leaves it unchanged" "$_before" "$(sum "$_v")"
}

# --- outputs: the results store ------------------------------------------
refused "store" "$tmp/s.db" "s\.db holds a SQLite database"
before=$(sum "$tmp/s.db")
run "$dd" run --target "$tmp/f.dat" --size 1M --point "$pt" --ramp 0 \
	--results "$tmp/s.db" --json "$tmp/s.db" -q
is "store: run --results S --json S exits 2" 2 "$rc"
like "store: run --results S --json S names the store" "s\.db holds a SQLite database" "$err"
is "store: run --results S --json S leaves the store unchanged" "$before" "$(sum "$tmp/s.db")"
run "$dd" export last --results "$tmp/s.db" -o "$tmp/s.db"
is "store: export --results S -o S exits 2" 2 "$rc"
is "store: export --results S -o S leaves it unchanged" "$before" "$(sum "$tmp/s.db")"

# The store held open in WAL mode by another program, with frames not yet
# checkpointed: its -wal and -shm are refused too.  The holder says "ready"
# through one FIFO and waits on another until cleanup.
mkfifo "$tmp/ready" "$tmp/hold"
(trap - EXIT INT TERM HUP; exec python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA wal_autocheckpoint=0")
db.execute("CREATE TABLE IF NOT EXISTS holder (x)")
db.execute("INSERT INTO holder VALUES (1)")
open(sys.argv[2], "w").write("ready\n")
open(sys.argv[3]).read()' "$tmp/held.db" "$tmp/ready" "$tmp/hold") &
pids="$! $pids"
read -r line <"$tmp/ready"
if [ "$line" = ready ] && [ -s "$tmp/held.db-wal" ] && [ -e "$tmp/held.db-shm" ]; then
	refused "store -wal" "$tmp/held.db-wal" "held\.db-wal is the write-ahead log of a SQLite database"
	refused "store -shm" "$tmp/held.db-shm" "held\.db-shm is the shared-memory index of a SQLite database"
else
	skip "store -wal and -shm" "python3's sqlite3 made no -wal/-shm"
fi

# --- fifo: every file read is a regular file, never a wait ---------------
mkfifo "$tmp/fifo"
printf '127.0.0.1:9 /dev/nvme0n1 - - detect=%s\n' "$tmp/fifo" >"$tmp/detect-fifo.txt"
run timeout -s KILL 10 "$dd" run --hosts "$tmp/detect-fifo.txt" --point "$pt" --no-save
is "fifo: detect=FIFO exits 2 at once (137: it hung)" 2 "$rc"
like "fifo: detect=FIFO says it is a FIFO" 'detect=.*fifo.*is a FIFO' "$err"
run timeout -s KILL 10 "$dd" check --hosts "$tmp/detect-fifo.txt"
is "fifo: check with detect=FIFO exits 2 at once" 2 "$rc"
run timeout -s KILL 10 "$dd" run --hosts "$tmp/fifo" --point "$pt" --no-save
is "fifo: a FIFO as the hosts file exits 2 at once" 2 "$rc"
like "fifo: a FIFO as the hosts file says so" 'FIFO' "$err"
run timeout -s KILL 10 "$dd" import "$tmp/fifo" --results "$tmp/other.db"
is "fifo: import FIFO exits 2 at once" 2 "$rc"
like "fifo: import FIFO says so" 'FIFO' "$err"

# --- root: loop devices, mounts, swap -------------------------------------
if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null 2>&1 ||
   ! command -v mkfs.ext4 >/dev/null 2>&1; then
	skip "loop, mount, flip and swap cases" "they need root, losetup and mkfs.ext4"
	done_testing
	exit
fi

# mkext4 DEV: ext4 with its inode tables and journal written now, so the
# mounted filesystem writes nothing later (lazy init would change the
# image's checksum with no help from drivedash).
mkext4() {
	mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$1" >/dev/null 2>&1
}

# The backing file of a mounted loop device.
truncate -s 32M "$tmp/ext4.img"
mkext4 "$tmp/ext4.img"
if loop_new "$tmp/ext4.img" && mkdir "$mnt/a" && mount "$dev" "$mnt/a"; then
	refused "loop backing" "$tmp/ext4.img" "ext4\.img is the backing file of ${dev}.*in use"
else
	skip "loop backing" "cannot attach and mount a loop device"
fi

# A filesystem image mounted through a loop device that starts 1 MiB in.
head -c 1048576 /dev/urandom >"$tmp/offset.img"
truncate -s 33M "$tmp/offset.img"
if loop_new "$tmp/offset.img" -o 1048576 && mkext4 "$dev" &&
   mkdir "$mnt/b" && mount "$dev" "$mnt/b"; then
	refused "offset image" "$tmp/offset.img" "offset\.img is the backing file of ${dev}.*in use"
else
	skip "offset image" "cannot attach and mount a loop device at an offset"
fi

# --- swap: an active swap file is no write target and no output ---------
# On ext4 over a loop device (tmpfs takes no swap), active only while its
# cases run.  The kernel writes nothing but pages to swap, so its header
# page, which a write point at offset 0 would overwrite, is the checksum.
truncate -s 64M "$tmp/swapfs.img"
mkext4 "$tmp/swapfs.img"
if command -v mkswap >/dev/null 2>&1 && command -v swapon >/dev/null 2>&1 &&
   loop_new "$tmp/swapfs.img" && mkdir "$mnt/s" && mount "$dev" "$mnt/s" &&
   head -c 16777216 /dev/zero >"$mnt/s/swapfile" && chmod 600 "$mnt/s/swapfile" &&
   mkswap "$mnt/s/swapfile" >/dev/null 2>&1 && swapon -p -2 "$mnt/s/swapfile" 2>/dev/null; then
	swaps="$mnt/s/swapfile"
	head_sum() { head -c 4096 "$mnt/s/swapfile" | cksum | cut -d' ' -f1,2; }
	before=$(head_sum)
	run "$dd" run --target "$mnt/s/swapfile" --allow-write --point 'write,bs=64k,time=0.1' \
		--ramp 0 --no-save -q
	is "swap: an active swap file as target exits 2" 2 "$rc"
	like "swap: says it is active swap" 'swapfile is active swap' "$err"
	is "swap: its header is unchanged" "$before" "$(head_sum)"
	run "$dd" export last --results "$tmp/src.db" -o "$mnt/s/swapfile"
	is "swap: export -o an active swap file exits 2" 2 "$rc"
	like "swap: export -o says it is active swap" 'swapfile is active swap' "$err"
	is "swap: export -o leaves its header unchanged" "$before" "$(head_sum)"
	ok "swap: the swap file is still the active one" grep -q "^$mnt/s/swapfile " /proc/swaps
	swapoff "$mnt/s/swapfile"
	swaps=""
else
	skip "swap" "mkswap/swapon on a file on ext4 over a loop device failed here"
fi

# --- flip: the device printed and stored is the one written --------------
# Two blank loop devices; a link renamed between them as fast as python can
# while ten runs write through it.  Before each run both are zeroed; after
# it the one no longer all zero is the one written, and the kernel name
# printed, in the JSON and in the store must be that one's.
truncate -s 8M "$tmp/a.img" "$tmp/b.img" "$tmp/zero.img"
if loop_new "$tmp/a.img" && adev=$dev && loop_new "$tmp/b.img" && bdev=$dev; then
	ln -s "$adev" "$tmp/link"
	(trap - EXIT INT TERM HUP; exec python3 -c 'import os, sys
link, a, b = sys.argv[1:4]
new = link + ".new"
while True:
    for d in (a, b):
        try:
            os.unlink(new)
        except FileNotFoundError:
            pass
        os.symlink(d, new)
        os.rename(new, link)' "$tmp/link" "$adev" "$bdev") &
	flipper=$!
	pids="$flipper $pids"
	i=0 bad=0 written=0
	while [ "$i" -lt 10 ]; do
		for d in "$adev" "$bdev"; do
			dd if="$tmp/zero.img" of="$d" bs=1M oflag=direct status=none
		done
		run "$dd" run -t "$tmp/link" --allow-write --point 'write,bs=64k,time=0.05' \
			--ramp 0 --results "$tmp/flip.db" --json "$tmp/flip.json" -q
		i=$((i + 1))
		[ "$rc" -eq 0 ] || { echo "# flip run $i: exit $rc: $err"; bad=$((bad + 1)); continue; }
		w=""
		cmp -s "$tmp/a.img" "$tmp/zero.img" || w="${adev#/dev/}"
		cmp -s "$tmp/b.img" "$tmp/zero.img" || w="$w${bdev#/dev/}"
		printed=$(printf '%s\n' "$out" | sed -n 's/^drivedash run: .* (block device \([a-z0-9]*\).*/\1/p')
		# The JSON's kernel name, then the stored run's device.
		named=$(python3 -c 'import json, subprocess, sys
r = subprocess.run([sys.argv[1], "export", "last", "--results", sys.argv[2]],
                   capture_output=True, text=True, check=True)
print(json.load(open(sys.argv[3]))["target"]["name"],
      json.loads(r.stdout)["run"]["target"]["device"])' "$dd" "$tmp/flip.db" "$tmp/flip.json")
		json=${named% *} stored=${named#* }
		written=$((written + 1))
		if [ "$w" != "$printed" ] || [ "$w" != "$json" ] || [ "$w" != "$stored" ]; then
			echo "# flip run $i: wrote '$w', printed '$printed', JSON '$json', stored '$stored'"
			bad=$((bad + 1))
		fi
	done
	kill -KILL "$flipper" 2>/dev/null
	wait "$flipper" 2>/dev/null
	is "flip: all 10 runs wrote one device and named it (printed, JSON, store)" 0 "$bad"
	is "flip: all 10 runs ran" 10 "$written"
else
	skip "flip" "cannot attach two loop devices"
fi

# --- log: with HOME unset, no predictable /tmp log ----------------------
# Another user plants /tmp/drivedash-UID.log (world-writable) before the
# dashboard starts; what the dashboard logs (SIGTERM's line) must not land
# in it.  Skipped when such a file exists already (not this test's).
victim="/tmp/drivedash-$(id -u).log"
if ! command -v tmux >/dev/null 2>&1; then
	skip "log" "tmux is not installed"
elif [ -e "$victim" ] || [ -L "$victim" ]; then
	skip "log" "$victim exists already"
else
	planted=$victim
	printf 'planted by another user\n' >"$victim"
	chmod 666 "$victim"
	chown nobody "$victim" 2>/dev/null
	before=$(sum "$victim")
	storesum=$(sum "$tmp/s.db")
	tsock="dd-attack-out-$$"
	tmux -L "$tsock" -f /dev/null new-session -d -s dd -x 100 -y 30 \
		"env -u HOME -u XDG_STATE_HOME TMPDIR='$tmp' DRIVEDASH_FIRST_FRAME_LOG='$tmp/s.db' \
		'$dd' ui --scratch '$tmp/ui.dat'; \
		echo \"drivedash exited \$?\"; exec sleep 600"
	i=0
	while [ "$i" -lt 100 ] && ! tmux -L "$tsock" capture-pane -p -t dd | grep -q Drives; do
		sleep 0.1; i=$((i + 1))
	done
	uipid=$(pgrep -f "$dd ui --scratch $tmp/ui.dat" | head -1)
	[ -n "$uipid" ] && kill -TERM "$uipid"
	i=0
	while [ "$i" -lt 100 ] && ! tmux -L "$tsock" capture-pane -p -t dd | grep -q 'drivedash exited'; do
		sleep 0.1; i=$((i + 1))
	done
	like "log: the dashboard ended on SIGTERM" 'drivedash exited' \
		"$(tmux -L "$tsock" capture-pane -p -t dd)"
	is "log: the planted /tmp log is unchanged" "$before" "$(sum "$victim")"
	is "log: the first-frame log named the store left it unchanged" "$storesum" "$(sum "$tmp/s.db")"
fi

done_testing
