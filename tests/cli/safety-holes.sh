#!/bin/sh
# The write-safety holes of issue 10, each reproduced on loop devices this
# test makes over files in /dev/shm, then proved closed: the protected
# image's checksum never changes.
#
#   race     a symlink flipped between a blank loop device and one holding
#            ext4 while `drivedash run -t LINK --allow-write` runs: the
#            check and the open must judge the same node (hole 1)
#   planted  a symlink planted at the dashboard's default scratch path with
#            fs.protected_symlinks=0 (restored on exit): the victim file
#            stays as it was (hole 3)
#   backing  the file behind a mounted loop device (also one attached with
#            an offset) is refused, names the loop device, and e2fsck stays
#            clean (hole 4)
#
# Everything made here (loop devices, mounts, helper processes, files, the
# sysctl) is undone on exit, even on failure.
# Needs: root, losetup, mkfs.ext4, python3 and /dev/shm (skips whole without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

[ "$(id -u)" -eq 0 ] || skip_all "loop devices need root"
command -v losetup >/dev/null 2>&1 || skip_all "losetup is not installed"
command -v mkfs.ext4 >/dev/null 2>&1 || skip_all "mkfs.ext4 is not installed"
command -v python3 >/dev/null 2>&1 || skip_all "python3 flips the symlink"
[ -d /dev/shm ] || skip_all "/dev/shm is missing"
dd="$(cd "${top_builddir:-.}" && pwd)/drivedash"
probe="$(cd "${top_builddir:-.}/tests/cli" && pwd)/safety-probe"
[ -x "$dd" ] || skip_all "drivedash is not built"

tmp=$(mktemp -d /dev/shm/dd-holes-XXXXXX) || skip_all "cannot make a directory in /dev/shm"
mnt=$(mktemp -d /tmp/dd-holes-mnt-XXXXXX) || skip_all "cannot make a directory in /tmp"
loops="" pids="" sysctl_old=""

# cleanup: undo everything this test made, newest first.
cleanup() {
	for p in $pids; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	for m in "$mnt"/*; do
		mountpoint -q "$m" 2>/dev/null || continue
		fsfreeze -u "$m" 2>/dev/null	# a test that stopped while it held one
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	[ -n "$sysctl_old" ] && sysctl -q -w fs.protected_symlinks="$sysctl_old" >/dev/null 2>&1
	rm -rf "$tmp"
	rmdir "$mnt"/* "$mnt" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP



# sum FILE: its sha256.
sum() {
	cksum "$1" | cut -d' ' -f1,2
}

# blank FILE MB: a file of 0xff bytes (no signature).
blank() {
	head -c "$(($2 * 1048576))" /dev/zero | tr '\000' '\377' >"$1"
}

# skip NAME REASON: a visibly skipped test.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

blank "$tmp/blank.img" 32
loop_new "$tmp/blank.img" || skip_all "losetup cannot attach a loop device here"
blankdev=$dev

# --- hole 1: the check and the open judge the same node ----------------
blank "$tmp/ext4.img" 32
loop_new "$tmp/ext4.img" || exit 1
ext4dev=$dev
mkfs.ext4 -q -F "$ext4dev" >/dev/null 2>&1
ext4sum=$(sum "$tmp/ext4.img")
ln -s "$blankdev" "$tmp/link"
# The flipper renames a fresh link over LINK (atomic: LINK always exists)
# until killed, alternating the two devices as fast as it can.
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
        os.rename(new, link)' "$tmp/link" "$blankdev" "$ext4dev") &
pids="$! $pids"
runs=${DD_RACE_RUNS:-30}
i=0 wrote=0 refused=0 other=0
while [ "$i" -lt "$runs" ]; do
	run "$dd" run -t "$tmp/link" --allow-write --point 'randwrite,bs=4k,qd=1,time=0.05' \
		--ramp 0 -q
	case $rc in
	0) wrote=$((wrote + 1)) ;;
	2) refused=$((refused + 1)) ;;
	*) other=$((other + 1)); printf '# run %d: exit %d: %s\n' "$i" "$rc" "$err" ;;
	esac
	i=$((i + 1))
done
for p in $pids; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
pids=""
echo "# race: $runs runs, $wrote wrote (the blank device), $refused refused, $other other"
is "race: the ext4 image never changed over $runs flipped runs" "$ext4sum" "$(sum "$tmp/ext4.img")"
is "race: every run either wrote or was refused (exit 0 or 2)" 0 "$other"
rm -f "$tmp/link"
ln -s "$ext4dev" "$tmp/link"
run "$dd" run -t "$tmp/link" --allow-write --point 'randwrite,bs=4k,qd=1,time=0.05' --ramp 0 -q
is "race: a link to the ext4 device is refused (exit 2)" 2 "$rc"
like "race: the refusal names the signature" "ext4 signature" "$err"
is "race: ext4 image still unchanged" "$ext4sum" "$(sum "$tmp/ext4.img")"

# --- hole 3: a symlink planted at the dashboard's default scratch path ---
# A world-writable sticky directory (like /tmp) holds the default path; a
# link owned by another user points at a victim file.  With
# fs.protected_symlinks=0 the kernel follows it, so only drivedash can
# refuse.  Then: a directory that is world-writable without the sticky bit
# is refused as a place for scratch files.
if [ -x "$probe" ] && sysctl_old=$(sysctl -n fs.protected_symlinks 2>/dev/null) &&
	sysctl -q -w fs.protected_symlinks=0 >/dev/null 2>&1; then
	sticky="$tmp/sticky"
	mkdir "$sticky" && chmod 1777 "$sticky"
	head -c 1048576 /dev/urandom >"$tmp/victim"
	victimsum=$(sum "$tmp/victim")
	ln -s "$tmp/victim" "$sticky/drivedash-scratch-0.dat"
	chown -h nobody "$sticky/drivedash-scratch-0.dat" 2>/dev/null
	run "$probe" --session-owned 65536 "$sticky/drivedash-scratch-0.dat"
	like "planted link: the session refuses it" '^session=refused ' "$out"
	like "planted link: says it is a symbolic link" 'symbolic link' "$out"
	is "planted link: the victim is unchanged" "$victimsum" "$(sum "$tmp/victim")"
	rm -f "$sticky/drivedash-scratch-0.dat"
	# A hard link to the victim at the same path (protected_hardlinks aside).
	if ln "$tmp/victim" "$sticky/drivedash-scratch-0.dat" 2>/dev/null; then
		run "$probe" --session-owned 65536 "$sticky/drivedash-scratch-0.dat"
		like "planted hard link: refused" '^session=refused ' "$out"
		is "planted hard link: the victim is unchanged" "$victimsum" "$(sum "$tmp/victim")"
		rm -f "$sticky/drivedash-scratch-0.dat"
	else
		skip "planted hard link: refused" "cannot hard-link in $sticky"
	fi
	# Our own scratch file at that path is still ours.
	run "$dd" run --scratch "$sticky/own.dat" --size 1M --keep --point 'randread,bs=4k,time=0.05' \
		--ramp 0 -q
	is "own scratch file in a sticky directory: created" 0 "$rc"
	run "$probe" --session-owned 65536 "$sticky/own.dat"
	is "own scratch file: written without --allow-write" "session=done bytes=65536" "$out"
	# World-writable without the sticky bit: anyone could swap the file.
	open="$tmp/open"
	mkdir "$open" && chmod 0777 "$open"
	run "$dd" run --scratch "$open/s.dat" --size 1M --point 'randread,bs=4k,time=0.05' --ramp 0 -q
	is "scratch in a world-writable, non-sticky directory: refused (exit 2)" 2 "$rc"
	like "scratch in a world-writable directory: says why" "world-writable" "$err"
	ok "scratch in a world-writable directory: nothing created" test ! -e "$open/s.dat"
	sysctl -q -w fs.protected_symlinks="$sysctl_old" >/dev/null 2>&1 && sysctl_old=""
else
	skip "planted scratch link: refused, victim unchanged" "cannot set fs.protected_symlinks=0"
fi

# --- hole 4: the file behind a loop device in use, both ways ------------
# "Unchanged" must mean drivedash wrote nothing, so the mounted ext4 must
# not write either: no lazy inode-table or journal init after mkfs (the
# kernel zeroes them in the background once mounted), and the filesystem
# frozen (fsfreeze: no journal commit) while the image is summed, refused
# and summed again.
quiet_fs="-E lazy_itable_init=0,lazy_journal_init=0"
fs_hold() {
	sync
	fsfreeze -f "$1" 2>/dev/null || true
}
fs_release() {
	fsfreeze -u "$1" 2>/dev/null || true
}
blank "$tmp/fs.img" 32
loop_new "$tmp/fs.img" || exit 1
fsdev=$dev
mkfs.ext4 -q -F $quiet_fs "$fsdev" >/dev/null 2>&1
mkdir -p "$mnt/fs"
if mount "$fsdev" "$mnt/fs"; then
	echo data >"$mnt/fs/file" && sync
	fs_hold "$mnt/fs"
	fssum=$(sum "$tmp/fs.img")
	run "$dd" run -t "$tmp/fs.img" --allow-write --point 'randwrite,bs=4k,qd=1,time=0.05' --ramp 0 -q
	is "backing file of a mounted loop device: refused (exit 2)" 2 "$rc"
	like "backing file: the refusal names the loop device" "backs loop device $fsdev" "$err"
	like "backing file: and says it is mounted" "mounted at $mnt/fs" "$err"
	is "backing file: unchanged" "$fssum" "$(sum "$tmp/fs.img")"
	fs_release "$mnt/fs"
	"$probe" "$tmp/fs.img" >"$tmp/pout" 2>&1
	like "backing file: safety-probe says LOOP" "reason=LOOP holder=${fsdev#/dev/} " "$(cat "$tmp/pout")"
	umount "$mnt/fs"
	if command -v e2fsck >/dev/null 2>&1; then
		ok "backing file: e2fsck finds the filesystem clean" e2fsck -fn "$tmp/fs.img"
	else
		skip "backing file: e2fsck clean" "e2fsck is not installed"
	fi
	run "$dd" run -t "$tmp/fs.img" --allow-write --point 'randread,bs=4k,qd=1,time=0.05' --ramp 0 -q
	is "backing file: reading it is still allowed" 0 "$rc"
else
	skip "backing file of a mounted loop device: refused" "mount of $fsdev failed"
fi

# ext4 at an offset: a loop device with -o over a larger file, mounted; a
# second loop device over the whole file shares those bytes.
blank "$tmp/off.img" 48
offset=$((16 * 1048576))
loop_new "$tmp/off.img" -o "$offset" || exit 1
offdev=$dev
mkfs.ext4 -q -F $quiet_fs "$offdev" >/dev/null 2>&1
mkdir -p "$mnt/off"
if mount "$offdev" "$mnt/off"; then
	fs_hold "$mnt/off"
	offsum=$(sum "$tmp/off.img")
	run "$dd" run -t "$tmp/off.img" --allow-write --point 'randwrite,bs=4k,qd=1,time=0.05' --ramp 0 -q
	is "backing file, loop at an offset: refused (exit 2)" 2 "$rc"
	like "backing file, loop at an offset: names the device and the offset" "backs loop device $offdev \\(from byte $offset\\)" "$err"
	loop_new "$tmp/off.img" || exit 1
	wholedev=$dev
	run "$dd" run -t "$wholedev" --allow-write --point 'randwrite,bs=4k,qd=1,time=0.05' --ramp 0 -q
	is "loop device sharing bytes with a mounted one: refused (exit 2)" 2 "$rc"
	like "sharing loop device: names the mounted one" "shares with loop device $offdev" "$err"
	is "loop at an offset: backing file unchanged" "$offsum" "$(sum "$tmp/off.img")"
	fs_release "$mnt/off"
	umount "$mnt/off"
	if command -v e2fsck >/dev/null 2>&1; then
		ok "loop at an offset: e2fsck finds the filesystem clean" e2fsck -fn "$offdev"
	else
		skip "loop at an offset: e2fsck clean" "e2fsck is not installed"
	fi
else
	skip "backing file, loop at an offset: refused" "mount of $offdev failed"
fi

done_testing
