#!/bin/sh
# The results store end to end (src/core/results.c, src/core/record.c and
# their wiring into `run` and `check`): where runs are stored (XDG_DATA_HOME,
# HOME, --results, --no-save), what a stored run holds, files that are not a
# store (left byte for byte as they were, nothing measured), symbolic links,
# kill -9 in the middle of a sweep on a zram device of our own, two runs
# writing at once, and a store on a full filesystem.  The store is read back
# with python3's sqlite3 module.
# Needs: python3 with its sqlite3 module; root for the loop, zram and tmpfs
# cases (they skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-store-XXXXXX)
zid=""
loop=""
mnt=""

cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read the store"
python3 -c 'import sqlite3' 2>/dev/null || skip_all "python3 has no sqlite3 module"

# Every run here stores under $tmp unless a case says otherwise.
XDG_DATA_HOME="$tmp/xdg"
export XDG_DATA_HOME
store="$tmp/xdg/drivedash/results.db"

# sql DB QUERY: the rows of a query, one per line, fields joined by '|'.
sql() {
	python3 - "$1" "$2" <<'PY'
import sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
for row in c.execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
PY
}


# sum FILE: a checksum of a file's bytes, for "left as it was".
sum_() {
	cksum <"$1"
}

pts="--point randread,bs=4k,qd=1,time=0.1 --point randread,bs=4k,qd=4,time=0.1 --ramp 0"

# --- a run is stored --------------------------------------------------------
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/a.dat" --size 16M $pts --json "$tmp/a.json"
is "run: exits 0" 0 "$rc"
like "run: names the stored run on stderr" \
	"^drivedash: stored as run 1: a\.dat on tmpfs $(printf '\302\267') custom $(printf '\302\267') [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$" \
	"$(printf '%s\n' "$err" | grep 'stored as')"
is "run: the store is at \$XDG_DATA_HOME/drivedash/results.db, 0600 in a 0700 directory" \
	"600 700" "$(stat -c %a "$store") $(stat -c %a "$tmp/xdg/drivedash")"
is "run: --json has run_id and run_name" "1 True" \
	"$(jq_ "$tmp/a.json" "j['run_id'], j['run_name'].startswith('a.dat on tmpfs')" | tr -d "(),'")"
is "run: every point is stored" "$(jq_ "$tmp/a.json" "len(j['points'])")" \
	"$(sql "$store" "SELECT count(*) FROM points WHERE run_id = 1")"
is "run: stored figures equal the JSON's" "True" \
	"$(python3 -c "
import json, sqlite3
j = json.load(open('$tmp/a.json'))
c = sqlite3.connect('$store')
rows = c.execute('SELECT iops, ios, name FROM points WHERE run_id = 1 ORDER BY idx').fetchall()
print(all(abs(r[0] - p['iops']) <= 1e-9 * p['iops'] and r[1] == p['ios'] and r[2] == p['name'] for r, p in zip(rows, j['points'])))")"
is "run: provenance: source, state, plan, kind, host, kernel, CPU, version, times" \
	"run|done|custom|scratch|1|1|1|1|1|1" \
	"$(sql "$store" "SELECT source, state, plan_name, target_kind, host <> '', kernel <> '',
		ncpus > 0, version LIKE 'drivedash %', start_utc LIKE '____-__-__T__:__:__Z',
		end_unix >= start_unix FROM runs WHERE id = 1")"
is "run: engine options and preconditioning recorded" \
	"spin=off iopoll=off batch=auto|1 pass of 128K sequential writes over the target" \
	"$(sql "$store" "SELECT engine, precondition FROM runs WHERE id = 1")"
is "run: bins are stored and sum to the I/O count" "True" \
	"$(python3 -c "
import json, sqlite3
j = json.load(open('$tmp/a.json'))
c = sqlite3.connect('$store')
n = c.execute('SELECT sum(b.count) FROM bins b JOIN points p ON p.id = b.point_id WHERE p.run_id = 1 AND p.idx = 0').fetchone()[0]
print(n == j['points'][0]['ios'])")"
is "run: the interval series is stored" "True" \
	"$(python3 -c "
import json, sqlite3
j = json.load(open('$tmp/a.json'))
c = sqlite3.connect('$store')
n = c.execute('SELECT count(*) FROM intervals i JOIN points p ON p.id = i.point_id WHERE p.run_id = 1 AND p.idx = 1').fetchone()[0]
print(n == len(j['points'][1]['intervals']) and n > 0)")"

# -q: no stored line; --json -: the line stays on stderr, stdout is JSON.
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/b.dat" --size 16M $pts -q
is "run -q: nothing on stderr" "" "$err"
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/c.dat" --size 16M $pts --json - -q
is "run --json -: stdout is the JSON, with run_id 3" "3" \
	"$(printf '%s\n' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["run_id"])')"

# LANG=C: the line is ASCII, the stored name stays UTF-8.
# shellcheck disable=SC2086
run env LANG=C LC_ALL=C "$dd" run --scratch "$tmp/c.dat" --size 16M $pts
like "LANG=C: the stored line uses ASCII dashes" "stored as run 4: c\.dat on tmpfs - custom - " "$err"
is "LANG=C: the stored name is UTF-8" "1" \
	"$(sql "$store" "SELECT name LIKE '% $(printf '\302\267') custom $(printf '\302\267') %' FROM runs WHERE id = 4")"

# SIGINT: the run is stored as cancelled by SIGINT with the stopped point.
"$dd" run --scratch "$tmp/i.dat" --size 16M --point 'randread,bs=4k,time=0.1' \
	--point 'randread,bs=4k,time=60' --ramp 0 >/dev/null 2>"$tmp/int.err" &
pid=$!
tries=0
until grep -q 'done 4K' "$tmp/int.err" 2>/dev/null || [ $tries -ge 600 ]; do
	tries=$((tries + 1))
	sleep 0.05	# polling for the first finished point, bounded at 30 s
done
kill -INT "$pid"
wait "$pid"
is "SIGINT: exit 130, stored as cancelled by SIGINT, both points (one stopped)" \
	"130|cancelled|SIGINT|stopped by SIGINT|2|1" \
	"$?|$(sql "$store" "SELECT state, stopped_by, why, (SELECT count(*) FROM points WHERE run_id = 5),
		(SELECT sum(cancelled) FROM points WHERE run_id = 5) FROM runs WHERE id = 5")"

# --- where: --no-save, --results, HOME -------------------------------------
# shellcheck disable=SC2086
XDG_DATA_HOME="$tmp/xdg-none" run "$dd" run --scratch "$tmp/d.dat" --size 16M $pts \
	--no-save --json "$tmp/d.json"
is "--no-save: exits 0" 0 "$rc"
ok "--no-save: no store is created" test ! -e "$tmp/xdg-none"
is "--no-save: run_id is null, no stored line" "None" "$(jq_ "$tmp/d.json" "j['run_id']")"
like "--no-save: ... and no stored line" '^$' "$(printf '%s\n' "$err" | grep 'stored as')"

# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/e.dat" --size 16M $pts --results "$tmp/other/r.db"
is "--results PATH: exits 0" 0 "$rc"
is "--results PATH: the run is stored there, not in the default store" "1 5" \
	"$(sql "$tmp/other/r.db" "SELECT count(*) FROM runs") $(sql "$store" "SELECT count(*) FROM runs")"

# shellcheck disable=SC2086
env -u XDG_DATA_HOME HOME="$tmp/home" "$dd" run --scratch "$tmp/f.dat" --size 16M $pts -q \
	>/dev/null
ok "no XDG_DATA_HOME: \$HOME/.local/share/drivedash/results.db" \
	test -f "$tmp/home/.local/share/drivedash/results.db"
# shellcheck disable=SC2086
run env XDG_DATA_HOME=relative/dir HOME="$tmp/home" "$dd" run --scratch "$tmp/f.dat" \
	--size 16M $pts -q
is "a relative XDG_DATA_HOME is ignored (XDG spec): \$HOME's store" "2" \
	"$(sql "$tmp/home/.local/share/drivedash/results.db" "SELECT count(*) FROM runs")"
ok "... and nothing is made under the relative path" test ! -e relative

# --- files that are not a store: exit 2, nothing measured, bytes unchanged ---
head -c 20000 /dev/urandom >"$tmp/garbage.db"
python3 -c "
import sqlite3; c = sqlite3.connect('$tmp/foreign.db')
c.execute('CREATE TABLE t (x)'); c.execute('INSERT INTO t VALUES (1)'); c.commit()"
head -c "$(($(stat -c %s "$store") / 2))" "$store" >"$tmp/half.db"
cp "$tmp/other/r.db" "$tmp/newer.db"
python3 -c "
import sqlite3; c = sqlite3.connect('$tmp/newer.db'); c.execute('PRAGMA user_version = 99'); c.close()"
for case in "garbage:not an SQLite file" "foreign:another program" "half:truncated" \
	"newer:newer drivedash"; do
	f="$tmp/${case%%:*}.db"
	want=${case#*:}
	before=$(sum_ "$f")
	# shellcheck disable=SC2086
	run "$dd" run --scratch "$tmp/g.dat" --size 16M $pts --results "$f"
	is "${case%%:*} store: exit 2" 2 "$rc"
	like "${case%%:*} store: one sentence naming the file and what is wrong" \
		"^drivedash: $f .*$want.*nothing was measured" "$err"
	is "${case%%:*} store: one line, nothing measured" "1" "$(printf '%s\n' "$err" | wc -l)"
	is "${case%%:*} store: its bytes are unchanged" "$before" "$(sum_ "$f")"
	ok "${case%%:*} store: no -wal or -journal beside it" \
		test ! -e "$f-wal" -a ! -e "$f-journal"
done
ok "the refused runs left no scratch file" test ! -e "$tmp/g.dat"
mkfifo "$tmp/fifo.db"
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/g.dat" --size 16M $pts --results "$tmp/fifo.db"
is "a FIFO as the store: exit 2, without blocking" "2" "$rc"
like "a FIFO as the store: says so" "fifo.db is a FIFO" "$err"

# --- symbolic links -------------------------------------------------------
ln -s "$tmp/other/r.db" "$tmp/mine-link.db"
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/h.dat" --size 16M $pts --results "$tmp/mine-link.db" -q
is "a link to my own store: followed" "0 2" "$rc $(sql "$tmp/other/r.db" "SELECT count(*) FROM runs")"
ok "... and stays a link" test -L "$tmp/mine-link.db"
ln -s "$tmp/nowhere.db" "$tmp/dangling.db"
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/h.dat" --size 16M $pts --results "$tmp/dangling.db"
is "a dangling link: refused, nothing created through it" "2 no" \
	"$rc $(test -e "$tmp/nowhere.db" && echo yes || echo no)"
if [ "$(id -u)" -eq 0 ]; then
	cp "$tmp/other/r.db" "$tmp/nobody.db"
	chown 65534:65534 "$tmp/nobody.db"
	theirs="$tmp/nobody.db"
else
	theirs=/etc/passwd
fi
ln -s "$theirs" "$tmp/theirs-link.db"
before=$(sum_ "$theirs")
# shellcheck disable=SC2086
run "$dd" run --scratch "$tmp/h.dat" --size 16M $pts --results "$tmp/theirs-link.db"
is "a link to another user's file: refused (exit 2)" 2 "$rc"
like "... naming the link and the owner problem" "theirs-link.db is a symbolic link to .*another user" "$err"
is "... and that file is unchanged" "$before" "$(sum_ "$theirs")"

# --- check stores its sweep -------------------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 64M "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -n "$loop" ]; then
	run "$dd" check "$loop" --time-scale 0.01 --sweep-unknown --results "$tmp/check.db" --json -q
	is "check: stores a run with source check and every point" "check|1" \
		"$(sql "$tmp/check.db" "SELECT source, (SELECT count(*) FROM points) = $(printf '%s\n' "$out" |
			python3 -c 'import json,sys; print(len(json.load(sys.stdin)["points"]))') FROM runs")"
	is "check --json: run_id" "1" \
		"$(printf '%s\n' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["run_id"])')"
	is "check: the device is recorded" "$(basename "$loop")|block" \
		"$(sql "$tmp/check.db" "SELECT device, target_kind FROM runs")"
	losetup -d "$loop"
	loop=""
else
	echo "ok $((tap_n + 1)) # SKIP check: no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
fi

# --- kill -9 mid-sweep on our own zram ----------------------------------------
if [ -w /sys/class/zram-control/hot_add ]; then
	zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
fi
if [ -n "$zid" ] && echo 64M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	z=/dev/zram$zid
	"$dd" run --target "$z" --results "$tmp/kill.db" --ramp 0 \
		--point 'randread,bs=4k,qd=1,time=0.2' --point 'randread,bs=4k,qd=2,time=0.2' \
		--point 'randread,bs=4k,qd=4,time=0.2' --point 'randread,bs=4k,qd=1,time=60' \
		>/dev/null 2>"$tmp/kill.err" &
	pid=$!
	tries=0
	until [ "$(grep -c 'done 4K' "$tmp/kill.err" 2>/dev/null)" -ge 3 ] || [ $tries -ge 600 ]; do
		tries=$((tries + 1))
		sleep 0.05	# polling for the third finished point, bounded at 30 s
	done
	finished=$(grep -c 'done 4K' "$tmp/kill.err")
	kill -9 "$pid"
	{ wait "$pid"; } 2>/dev/null
	is "kill -9: PRAGMA integrity_check" "ok" "$(sql "$tmp/kill.db" "PRAGMA integrity_check")"
	stored=$(sql "$tmp/kill.db" "SELECT count(*) FROM points")
	echo "# kill -9 after $finished finished points: $stored stored"
	is "kill -9: the stored points are the finished ones" "$finished" "$stored"
	is "kill -9: the run still reads running, not ended" "running|0" \
		"$(sql "$tmp/kill.db" "SELECT state, end_unix FROM runs")"
	echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	zid=""
else
	zid=""
	echo "ok $((tap_n + 1)) # SKIP kill -9: no zram (needs root and the zram module)"
	tap_n=$((tap_n + 1))
fi

# --- two runs writing at once ------------------------------------------------
many="--ramp 0"
for qd in 1 2 4 8 16 1 2 4 8 16; do
	many="$many --point randread,bs=4k,qd=$qd,time=0.05"
done
# shellcheck disable=SC2086
"$dd" run --scratch "$tmp/p1.dat" --size 16M $many --results "$tmp/two.db" >/dev/null \
	2>"$tmp/p1.err" &
p1=$!
# shellcheck disable=SC2086
"$dd" run --scratch "$tmp/p2.dat" --size 16M $many --results "$tmp/two.db" >/dev/null \
	2>"$tmp/p2.err" &
p2=$!
wait $p1
rc1=$?
wait $p2
rc2=$?
is "two writers: both exit 0" "0 0" "$rc1 $rc2"
is "two writers: both name their stored run" "1 1" \
	"$(grep -c 'stored as run' "$tmp/p1.err") $(grep -c 'stored as run' "$tmp/p2.err")"
is "two writers: no 'locked' anywhere" "" "$(cat "$tmp/p1.err" "$tmp/p2.err" | grep -i locked)"
is "two writers: 2 runs, 20 points, both done" "2|20|2" \
	"$(sql "$tmp/two.db" "SELECT count(*), (SELECT count(*) FROM points),
		sum(state = 'done') FROM runs")"

# --- a store on a full filesystem ----------------------------------------------
if [ "$(id -u)" -eq 0 ] && mkdir "$tmp/full" && mount -t tmpfs -o size=512k dd-store "$tmp/full"; then
	mnt="$tmp/full"
	"$dd" run --scratch "$tmp/q.dat" --size 16M --point 'randread,time=0.05' --ramp 0 \
		--results "$mnt/r.db" -q >/dev/null
	# Fill it, then free 64 KiB: room to open the store and begin a run,
	# not for its points.
	dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
	truncate -s -64K "$mnt/fill"
	four=""
	for qd in 1 2 4 8; do
		four="$four --point randread,bs=4k,qd=$qd,time=0.3,interval=10"
	done
	# shellcheck disable=SC2086
	run "$dd" run --scratch "$tmp/q.dat" --size 16M $four --ramp 0 --results "$mnt/r.db"
	is "full store: the sweep finishes (exit 0)" 0 "$rc"
	is "full store: the table shows every point" 4 \
		"$(printf '%s\n' "$out" | grep -c '4K randread QD')"
	is "full store: one warning sentence" 1 "$(printf '%s\n' "$err" | grep -c warning)"
	like "full store: it says no space and what is stored" \
		"warning: no space left for the results store $mnt/r.db.*of 4 finished points are stored as run 2" \
		"$err"
	rm -f "$mnt/fill"
	is "full store: the database is intact, with fewer than 4 points of run 2" "ok|1" \
		"$(sql "$mnt/r.db" "PRAGMA integrity_check")|$(sql "$mnt/r.db" \
			"SELECT count(*) < 4 FROM points WHERE run_id = 2")"
	umount "$mnt"
	mnt=""
else
	echo "ok $((tap_n + 1)) # SKIP full store: no tmpfs mount (needs root)"
	tap_n=$((tap_n + 1))
fi

done_testing
