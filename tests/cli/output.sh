#!/bin/sh
# Output files (`run --json FILE`, issue 10 hole 2): a results file is a
# regular file and nothing else.  Each case here once damaged something: a
# device given as --json (ext4 on a loop device lost its superblock), the
# target itself, a symlink, a FIFO (hung).  Every refusal must leave the
# victim's bytes unchanged and happen before the sweep; a sweep killed with
# SIGKILL must leave a valid JSON file with the finished points; a full
# filesystem must be named.  Devices and mounts are this test's own.
# Needs: python3; root for the loop/ext4 and tmpfs cases (they skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-output-XXXXXX)
loop=""
mnt=""
pid=""

cleanup() {
	[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"

RUN_TIMEOUT=60		# tap.sh's run kills a hung command after 60 s


sum() {
	cksum "$1" | cut -d' ' -f1,2
}

# A point that would run for a minute: a refusal must come before it.
long="randread,bs=4k,time=60"

# --- a block device as --json ------------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 &&
   command -v mkfs.ext4 >/dev/null 2>&1; then
	truncate -s 64M "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
	[ -n "$loop" ] && mkfs.ext4 -q -F "$loop" >/dev/null 2>&1 || { losetup -d "$loop"; loop=""; }
fi
if [ -n "$loop" ]; then
	before=$(sum "$tmp/loop.img")
	run "$dd" run --target "$tmp/s1.dat" --size 16M --point "$long" --ramp 0 --json "$loop" -q
	is "--json a block device: exits 2" 2 "$rc"
	like "--json a block device: says it is not a regular file" \
		"$loop is a block device.*regular file" "$err"
	is "--json a block device: the ext4 image is unchanged" "$before" "$(sum "$tmp/loop.img")"
	ok "--json a block device: the scratch file is gone" test ! -e "$tmp/s1.dat"

	run "$dd" run --target "$loop" --point 'randread,bs=4k,time=0.2' --ramp 0 --json "$loop" -q
	is "--json the block device being read: exits 2" 2 "$rc"
	is "--json the block device being read: unchanged" "$before" "$(sum "$tmp/loop.img")"
	ln -s "$loop" "$tmp/loop-link"
	run "$dd" run --target "$loop" --point 'randread,bs=4k,time=0.2' --ramp 0 \
		--json "$tmp/loop-link" -q
	is "--json a symlink to the device: exits 2" 2 "$rc"
	like "--json a symlink: says so" 'symbolic link' "$err"
	is "--json a symlink to the device: unchanged" "$before" "$(sum "$tmp/loop.img")"
else
	echo "ok $((tap_n + 1)) # SKIP no loop device with ext4 (needs root, losetup, mkfs.ext4)"
	tap_n=$((tap_n + 1))
fi

# --- the target itself, through its name, a hard link and a symlink ---------
head -c 16777216 /dev/urandom >"$tmp/data.dat"
before=$(sum "$tmp/data.dat")
run "$dd" run --target "$tmp/data.dat" --point "$long" --ramp 0 --json "$tmp/data.dat" -q
is "--json = the target: exits 2" 2 "$rc"
like "--json = the target: says it is the target" 'is the target' "$err"
is "--json = the target: unchanged" "$before" "$(sum "$tmp/data.dat")"
ln "$tmp/data.dat" "$tmp/hard.json"
run "$dd" run --target "$tmp/data.dat" --point "$long" --ramp 0 --json "$tmp/hard.json" -q
is "--json = a hard link to the target: exits 2" 2 "$rc"
is "--json = a hard link to the target: unchanged" "$before" "$(sum "$tmp/data.dat")"
ln -s "$tmp/data.dat" "$tmp/sym.json"
run "$dd" run --target "$tmp/data.dat" --point "$long" --ramp 0 --json "$tmp/sym.json" -q
is "--json = a symlink to the target: exits 2" 2 "$rc"
is "--json = a symlink to the target: unchanged" "$before" "$(sum "$tmp/data.dat")"
run "$dd" run --scratch "$tmp/same.dat" --size 16M --point "$long" --ramp 0 \
	--json "$tmp/same.dat" -q
is "--json = the scratch file: exits 2" 2 "$rc"
ok "--json = the scratch file: nothing left" test ! -e "$tmp/same.dat"

# A symlink to a file that does not exist yet is not followed either.
ln -s "$tmp/victim.json" "$tmp/dangling.json"
run "$dd" run --target "$tmp/s2.dat" --size 16M --point "$long" --ramp 0 \
	--json "$tmp/dangling.json" -q
is "--json a dangling symlink: exits 2" 2 "$rc"
ok "--json a dangling symlink: its victim is not created" test ! -e "$tmp/victim.json"
ok "--json a dangling symlink: still a symlink" test -L "$tmp/dangling.json"

# --- a FIFO, a directory, a character device, a missing directory --------
mkfifo "$tmp/fifo"
run "$dd" run --target "$tmp/s3.dat" --size 16M --point "$long" --ramp 0 --json "$tmp/fifo" -q
is "--json a FIFO: exits 2 without hanging" 2 "$rc"
like "--json a FIFO: names it" 'FIFO' "$err"
run "$dd" run --target "$tmp/s3.dat" --size 16M --point "$long" --ramp 0 --json "$tmp" -q
is "--json a directory: exits 2" 2 "$rc"
like "--json a directory: names it" 'directory' "$err"
run "$dd" run --target "$tmp/s3.dat" --size 16M --point "$long" --ramp 0 --json /dev/null -q
is "--json a character device: exits 2" 2 "$rc"
like "--json a character device: names it" 'character device' "$err"
run "$dd" run --target "$tmp/s3.dat" --size 16M --point "$long" --ramp 0 \
	--json "$tmp/no/such/dir/r.json" -q
is "--json in a missing directory: exits 2 before the sweep" 2 "$rc"
ok "the refused runs left no scratch file" test ! -e "$tmp/s2.dat" -a ! -e "$tmp/s3.dat"

# --- an ordinary results file: written whole, no temporary left ----------
echo old >"$tmp/r.json"
run "$dd" run --target "$tmp/s4.dat" --size 16M --point 'randread,bs=4k,time=0.1' \
	--point 'read,bs=128k,time=0.1' --ramp 0 --json "$tmp/r.json" -q
is "--json FILE: exits 0" 0 "$rc"
is "--json FILE: replaced with both points, state done" "2 done" \
	"$(jq_ "$tmp/r.json" "len(j['points']), j['state']" | tr -d "(),'")"
is "--json FILE: no temporary file left" "" "$(ls -A "$tmp" | grep '^\.r\.json')"

# --- SIGKILL mid-sweep: a valid file with the finished points --------------
"$dd" run --target "$tmp/k.dat" --size 16M --point 'read,bs=128k,time=0.1' \
	--point 'randread,bs=4k,time=60' --ramp 0 --json "$tmp/k.json" \
	>"$tmp/k.out" 2>"$tmp/k.err" &
pid=$!
tries=0
until grep -q 'done 128K read' "$tmp/k.err" 2>/dev/null || [ $tries -ge 300 ]; do
	tries=$((tries + 1))
	sleep 0.1	# polling for the condition above, bounded at 30 s
done
kill -9 "$pid"
wait "$pid" 2>/dev/null
pid=""
is "kill -9 mid-sweep: the JSON is valid and has the finished point" "1 128K read QD1 x1" \
	"$(jq_ "$tmp/k.json" "len(j['points']), j['points'][0]['name']" | tr -d "(),'")"
rm -f "$tmp/k.dat"

# --- ENOSPC on a tiny tmpfs -------------------------------------------------
if [ "$(id -u)" -eq 0 ] && mkdir "$tmp/mnt" && mount -t tmpfs -o size=64k dd-output "$tmp/mnt"; then
	mnt="$tmp/mnt"
	cat >"$tmp/e.plan" <<'PLAN'
defaults time=0.05 ramp=0
randread bs=4k
randread bs=8k
randread bs=16k
randread bs=32k
randread bs=64k
randread bs=128k
read bs=4k
read bs=8k
read bs=16k
read bs=32k
read bs=64k
read bs=128k
PLAN
	run "$dd" run --target "$tmp/e.dat" --size 16M --plan "$tmp/e.plan" --ramp 0 \
		--json "$mnt/results.json" -q
	ok "ENOSPC: exits non-zero" test "$rc" -ne 0 -a "$rc" -lt 128
	like "ENOSPC: names the filesystem and the file" \
		"no space left on $mnt while writing .*results.json" "$err"
	like "ENOSPC: says where the finished points are" 'finished points' "$err"
	is "ENOSPC: the results file is still valid JSON" "True" \
		"$(jq_ "$mnt/results.json" "isinstance(j['points'], list)")"
	ok "ENOSPC: the scratch file is gone" test ! -e "$tmp/e.dat"
else
	echo "ok $((tap_n + 1)) # SKIP cannot mount a tmpfs (needs root)"
	tap_n=$((tap_n + 1))
fi

done_testing
