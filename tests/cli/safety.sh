#!/bin/sh
# Write safety on real block devices.  Every device here is a loop device
# over a file this test made in /dev/shm; tests/cli/safety-probe runs
# safety_check_write() on a path and, with --write, the override flow and an
# O_DIRECT write of zeros at offset 0.  Refusals must leave the backing file's
# checksum unchanged; allowed writes must change it.  Every loop device,
# mount, swap area, dm mapping and helper process made here is undone on
# exit, even on failure.
# Needs: root, losetup, mkfs.ext4 and /dev/shm (skips whole without); udev
# links and device-mapper for one case each.
. "${top_srcdir:-.}/tests/lib/tap.sh"

[ "$(id -u)" -eq 0 ] || skip_all "loop devices need root"
command -v losetup >/dev/null 2>&1 || skip_all "losetup is not installed"
command -v mkfs.ext4 >/dev/null 2>&1 || skip_all "mkfs.ext4 is not installed"
[ -d /dev/shm ] || skip_all "/dev/shm is missing"
probe="$(cd "${top_builddir:-.}/tests/cli" && pwd)/safety-probe"
[ -x "$probe" ] || skip_all "tests/cli/safety-probe is not built"

tmp=$(mktemp -d /dev/shm/dd-safety-XXXXXX) || skip_all "cannot make a directory in /dev/shm"
mnt=$(mktemp -d /tmp/dd-safety-mnt-XXXXXX) || skip_all "cannot make a directory in /tmp"
loops="" swaps="" dms="" pids=""

# cleanup: undo everything this test made, newest first.
cleanup() {
	# SIGKILL: a TERM sent before the helper has execed can be lost.
	for p in $pids; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	for m in "$mnt"/*; do
		mountpoint -q "$m" 2>/dev/null || continue
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	for s in $swaps; do swapoff "$s" 2>/dev/null; done
	for d in $dms; do timeout 30 dmsetup remove "$d" >/dev/null 2>&1; done
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$tmp"
	rmdir "$mnt"/* "$mnt" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP


# mount_new DEV DIR: mount DEV at DIR, a directory under $mnt (cleanup
# unmounts whatever is still mounted there).
mount_new() {
	mkdir -p "$2" && mount "$1" "$2"
}

# mount_drop DIR: unmount DIR now.
mount_drop() {
	umount "$1"
}

# probe ARGS...: run safety-probe; fields in $verdict $reason $holder
# $canonical $name $message $write.
probe() {
	"$probe" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	verdict=$(sed -n '1s/^verdict=\([^ ]*\) .*/\1/p' "$tmp/out")
	reason=$(sed -n '1s/.* reason=\([^ ]*\) .*/\1/p' "$tmp/out")
	holder=$(sed -n '1s/.* holder=\(.*\) canonical=.*/\1/p' "$tmp/out")
	canonical=$(sed -n '1s/.* canonical=//p' "$tmp/out")
	name=$(sed -n 's/^name=\([^ ]*\) .*/\1/p' "$tmp/out")
	message=$(sed -n 's/^message=//p' "$tmp/out")
	write=$(sed -n 's/^write=//p' "$tmp/out")
}

# sum FILE: its sha256.
sum() {
	cksum "$1" | cut -d' ' -f1,2
}

# skip NAME REASON: a visibly skipped test.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

# blank FILE MB: a file of 0xff bytes (no signature, and zeros show up).
blank() {
	head -c "$(($2 * 1048576))" /dev/zero | tr '\000' '\377' >"$1"
}

# Can we make loop devices at all?  Decide before printing any result.
blank "$tmp/ext4.img" 64
loop_new "$tmp/ext4.img" || skip_all "losetup cannot attach a loop device here"
ext4=$dev

# --- a regular file is not a block device, and writing it is allowed
blank "$tmp/plain" 1
before=$(sum "$tmp/plain")
probe --write 4096 "$tmp/plain"
is "regular file: allowed" 0 "$verdict"
is "regular file: reason NOT_BLOCK" NOT_BLOCK "$reason"
is "regular file: written" "done bytes=4096" "$write"
ok "regular file: checksum changed" test "$before" != "$(sum "$tmp/plain")"

# --- a blank loop device is allowed and really written
blank "$tmp/blank.img" 32
loop_new "$tmp/blank.img" || exit 1
before=$(sum "$tmp/blank.img")
probe "$dev"
is "blank device: allowed" 0 "$verdict"
is "blank device: reason OK" OK "$reason"
is "blank device: kernel name" "${dev#/dev/}" "$name"
probe --write 1048576 "$dev"
is "blank device: written" "done bytes=1048576" "$write"
ok "blank device: checksum changed" test "$before" != "$(sum "$tmp/blank.img")"
ok "blank device: the first MiB is zeros" cmp -n 1048576 "$tmp/blank.img" /dev/zero

# --- ext4 signature: refused, and the attempted write changes nothing
mkfs.ext4 -q -F "$ext4" >/dev/null 2>&1
before=$(sum "$tmp/ext4.img")
probe --write 1048576 "$ext4"
is "ext4: refused with -EBUSY" -16 "$verdict"
is "ext4: reason SIGNATURE" SIGNATURE "$reason"
is "ext4: holder names ext4" ext4 "$holder"
like "ext4: message names the signature" "$ext4 contains an ext4 signature" "$message"
like "ext4: the write was refused" '^refused ' "$write"
is "ext4: the probe still exits 0" 0 "$rc"
like "ext4: the refusal says what to type" "type --force --confirm ${ext4#/dev/} " "$write"
is "ext4: backing file unchanged" "$before" "$(sum "$tmp/ext4.img")"

# --- symlinks and relative paths are judged by the node they resolve to
ln -s "$ext4" "$tmp/link"
probe --write 4096 "$tmp/link"
is "symlink: refused" -16 "$verdict"
is "symlink: canonical is the loop device" "$ext4" "$canonical"
like "symlink: the write was refused" '^refused ' "$write"
got=$(cd /dev && "$probe" "${ext4#/dev/}" | sed -n '1s/.* canonical=//p')
is "relative path from /dev: canonical is the loop device" "$ext4" "$got"
bylink=""
for l in /dev/disk/by-*/*; do
	[ -L "$l" ] && [ "$(readlink -f "$l")" = "$ext4" ] && { bylink=$l; break; }
done
if [ -n "$bylink" ]; then
	probe "$bylink"
	is "udev link $bylink: canonical is the loop device" "$ext4" "$canonical"
else
	skip "udev /dev/disk/by-* link resolves to the loop device" "udev made no link for $ext4"
fi
is "ext4: backing file still unchanged" "$before" "$(sum "$tmp/ext4.img")"

# --- mounted (at a path with a space, which mountinfo escapes)
if mount_new "$ext4" "$mnt/with space"; then
	probe --force --confirm "${ext4#/dev/}" "$ext4"
	is "mounted: refused" -16 "$verdict"
	is "mounted: reason MOUNTED" MOUNTED "$reason"
	is "mounted: holder is the mount point" "$mnt/with space" "$holder"
	like "mounted: message names the mount point" "is mounted at $mnt/with space" "$message"
	mount_drop "$mnt/with space"
	probe "$ext4"
	is "unmounted: back to SIGNATURE" SIGNATURE "$reason"
else
	skip "mounted: refused naming the mount point" "mount of $ext4 failed"
fi

# --- override: wrong confirmation, then the right one
before=$(sum "$tmp/ext4.img")
probe --write 1048576 --force --confirm nope "$ext4"
like "override, wrong confirm: refused" '^refused ' "$write"
like "override, wrong confirm: says it does not match" "'nope' does not match the kernel name" "$write"
like "override, wrong confirm: says what to type" "type --force --confirm ${ext4#/dev/} " "$write"
probe --write 1048576 --confirm "${ext4#/dev/}" "$ext4"
like "override, no --force: refused" '^refused ' "$write"
is "override refused: backing file unchanged" "$before" "$(sum "$tmp/ext4.img")"
probe --write 1048576 --force --confirm "${ext4#/dev/}" "$ext4"
is "override, right name: written" "done bytes=1048576" "$write"
ok "override: checksum changed" test "$before" != "$(sum "$tmp/ext4.img")"
probe "$ext4"
is "override: the ext4 signature is gone" OK "$reason"

# --- partition table, then a mounted partition (fio bug #1007)
if command -v sfdisk >/dev/null 2>&1; then
	blank "$tmp/dos.img" 64
	loop_new "$tmp/dos.img" -P || exit 1
	dos=$dev
	printf 'label: dos\n,\n' | sfdisk -q "$dos" >/dev/null 2>&1
	before=$(sum "$tmp/dos.img")
	probe --write 4096 "$dos"
	is "dos table: refused" -16 "$verdict"
	is "dos table: reason PARTITIONS" PARTITIONS "$reason"
	is "dos table: holder names dos" dos "$holder"
	is "dos table: backing file unchanged" "$before" "$(sum "$tmp/dos.img")"

	# Kernels without the msdos parser leave the table to userspace.
	[ -b "${dos}p1" ] || partx -a "$dos" >/dev/null 2>&1
	# No lazy inode-table or journal init (the kernel would write them in
	# the background once mounted), and frozen while summed (no journal
	# commit): "unchanged" then means drivedash wrote nothing.
	if [ -b "${dos}p1" ] &&
	   mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "${dos}p1" >/dev/null 2>&1; then
		probe "${dos}p1"
		is "partition: its own signature is ext4" "SIGNATURE ext4" "$reason $holder"
		is "partition: kernel name" "${dos#/dev/}p1" "$name"
		if mount_new "${dos}p1" "$mnt/part"; then
			fsfreeze -f "$mnt/part" 2>/dev/null
			before=$(sum "$tmp/dos.img")
			probe --write 4096 "$dos"
			is "whole disk with a mounted partition: refused MOUNTED" MOUNTED "$reason"
			is "whole disk with a mounted partition: holder is the mount point" "$mnt/part" "$holder"
			like "whole disk with a mounted partition: names the partition" "partition ${dos#/dev/}p1 of $dos is mounted" "$message"
			is "whole disk with a mounted partition: backing file unchanged" "$before" "$(sum "$tmp/dos.img")"
			fsfreeze -u "$mnt/part" 2>/dev/null
			probe "${dos}p1"
			is "mounted partition itself: refused MOUNTED" MOUNTED "$reason"
			mount_drop "$mnt/part"
		else
			skip "whole disk with a mounted partition is refused" "mount of ${dos}p1 failed"
		fi
	else
		skip "whole disk with a mounted partition is refused" "no partition device for $dos"
	fi

	blank "$tmp/gpt.img" 16
	loop_new "$tmp/gpt.img" || exit 1
	printf 'label: gpt\n,\n' | sfdisk -q "$dev" >/dev/null 2>&1
	probe "$dev"
	is "gpt table: refused PARTITIONS naming gpt" "-16 PARTITIONS gpt" "$verdict $reason $holder"
else
	skip "partition tables are refused" "sfdisk is not installed"
fi

# --- holders: a device-mapper linear map over a loop device
blank "$tmp/held.img" 16
loop_new "$tmp/held.img" || exit 1
held=$dev
dmname="dd-safety-$$"
if ! command -v dmsetup >/dev/null 2>&1; then
	skip "holders: dm map refused naming dm-N" "dmsetup is not installed"
elif ! grep -q device-mapper /proc/devices; then
	skip "holders: dm map refused naming dm-N" "device-mapper is not in this kernel"
elif timeout 30 dmsetup create "$dmname" --table "0 $(blockdev --getsz "$held") linear $held 0" >/dev/null 2>&1; then
	dms="$dmname $dms"
	dm=$(ls "/sys/class/block/${held#/dev/}/holders")
	probe "$held"
	is "holders: refused HOLDERS" "-16 HOLDERS" "$verdict $reason"
	is "holders: holder is the dm device" "$dm" "$holder"
	like "holders: message names the map" "held by $dm \\($dmname\\)" "$message"
else
	skip "holders: dm map refused naming dm-N" "dmsetup create failed"
fi

# --- swap: the swap signature, then active swap
blank "$tmp/swap.img" 16
loop_new "$tmp/swap.img" || exit 1
if command -v mkswap >/dev/null 2>&1 && mkswap "$dev" >/dev/null 2>&1; then
	probe "$dev"
	is "swap signature: refused naming swap" "SIGNATURE swap" "$reason $holder"
	if swapon "$dev" 2>/dev/null; then
		swaps="$dev $swaps"
		probe "$dev"
		is "active swap: refused SWAP" "-16 SWAP" "$verdict $reason"
		swapoff "$dev"
	else
		skip "active swap: refused SWAP" "swapon failed"
	fi
else
	skip "swap: signature and active swap" "mkswap is not available"
fi

# --- busy: another process holds a blank device open exclusively
blank "$tmp/busy.img" 16
loop_new "$tmp/busy.img" || exit 1
if command -v python3 >/dev/null 2>&1; then
	(trap - EXIT INT TERM HUP; exec python3 -c 'import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)
print("held", flush=True)
time.sleep(60)' "$dev") >"$tmp/held" 2>/dev/null &
	pid=$!
	pids="$pid $pids"
	i=0
	while [ "$i" -lt 50 ] && ! grep -q held "$tmp/held"; do sleep 0.1; i=$((i + 1)); done
	probe "$dev"
	is "exclusive open elsewhere: refused BUSY" "-16 BUSY" "$verdict $reason"
	like "exclusive open elsewhere: message says the kernel refused" "kernel refused an exclusive open" "$message"
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	probe "$dev"
	is "exclusive holder gone: allowed" OK "$reason"
else
	skip "exclusive open elsewhere: refused BUSY" "python3 is not installed"
fi

done_testing
