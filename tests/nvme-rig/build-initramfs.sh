#!/bin/sh
# tests/nvme-rig/build-initramfs.sh: the kernel and initramfs of the NVMe
# test guest (see tests/nvme-rig/run.sh).
#
#   build-initramfs.sh [RIGDIR]
#
# RIGDIR (default $top_builddir/tests/nvme-rig) receives:
#   vmlinuz          Debian's cloud kernel (NVMe driver built in)
#   initramfs.cpio   busybox-static, drivedash from the build tree with the
#                    libraries ldd lists, /lib/terminfo, /etc/nvme/hostnqn,
#                    the test database as /qemu-test.db, the bundled one as
#                    /drivedash.db with the lab overlay tests/lib/lab-targets.sql
#                    in /lab/drivedash/, /guest-tests.sh, /init
#   cache/           downloaded kernels, one vmlinuz per package version
#
# The kernel package is the one linux-image-cloud-amd64 depends on, as
# apt-cache offers it now; it is fetched with apt-get download (no install,
# no root needed) and only its /boot files are unpacked.  The initramfs is
# rebuilt only when one of its inputs changed.
#
# Exit status: 0 ok, 77 no kernel could be obtained (offline and nothing
# cached), 1 any other error.  Progress goes to stderr.
set -eu

me=build-initramfs
say() { echo "$me: $*" >&2; }
die() { say "$*"; exit 1; }

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${top_builddir:-.}
rigdir=${1:-$builddir/tests/nvme-rig}
cache=$rigdir/cache
mkdir -p "$cache"
rigdir=$(cd "$rigdir" && pwd)
cache=$rigdir/cache

for tool in busybox cpio ldd sha256sum; do
	command -v "$tool" >/dev/null 2>&1 || die "$tool is not installed (apt-get install busybox-static cpio)"
done

# One build at a time per rig directory.
if command -v flock >/dev/null 2>&1; then
	exec 9>"$rigdir/.lock"
	flock 9
fi

# --- the kernel --------------------------------------------------------------

# kernel_package: the concrete linux-image-*-cloud-amd64 package apt offers.
kernel_package() {
	p=$(apt-cache depends linux-image-cloud-amd64 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-.*-cloud-amd64$/ { print $2; exit }')
	if [ -z "$p" ]; then
		p=$(apt-cache search --names-only '^linux-image-[0-9].*-cloud-amd64$' 2>/dev/null |
			awk '{ print $1 }' | grep -v -- '-dbg$' | sort -V | tail -n 1)
	fi
	echo "$p"
}

# candidate_version PKG
candidate_version() {
	apt-cache policy "$1" 2>/dev/null | awk '$1 == "Candidate:" { print $2; exit }'
}

# fetch_kernel PKG VERSION DEST: download PKG and unpack its vmlinuz to DEST.
fetch_kernel() {
	dl=$(mktemp -d "$cache/dl.XXXXXX")
	if ! (cd "$dl" && apt-get download -q=2 "$1=$2" >&2 2>"$dl/err"); then
		sed 's/^/  /' "$dl/err" >&2
		rm -rf "$dl"
		return 1
	fi
	deb=$(ls "$dl"/*.deb 2>/dev/null | head -n 1)
	if [ -z "$deb" ] || ! dpkg-deb --fsys-tarfile "$deb" >"$dl/data.tar" ||
		! (cd "$dl" && tar -xf data.tar --wildcards './boot/vmlinuz-*' './boot/config-*'); then
		say "cannot unpack the kernel from ${deb:-$1}"
		rm -rf "$dl"
		return 1
	fi
	grep -q '^CONFIG_BLK_DEV_NVME=y' "$dl"/boot/config-* ||
		say "warning: $1 does not have the NVMe driver built in"
	mv "$dl"/boot/vmlinuz-* "$3.tmp" && mv "$3.tmp" "$3"
	rc=$?
	rm -rf "$dl"
	return $rc
}

kpkg=$(kernel_package)
kver=""
[ -n "$kpkg" ] && kver=$(candidate_version "$kpkg")
kfile=""
if [ -n "$kpkg" ] && [ -n "$kver" ] && [ "$kver" != "(none)" ]; then
	kfile=$cache/${kpkg}_$(echo "$kver" | tr ':' '%').vmlinuz
	if [ ! -s "$kfile" ]; then
		say "downloading $kpkg $kver"
		if ! fetch_kernel "$kpkg" "$kver" "$kfile"; then
			# The package lists may name a version the mirror no longer has.
			if [ "$(id -u)" -eq 0 ] && apt-get update -qq >/dev/null 2>&1; then
				kpkg=$(kernel_package)
				kver=$(candidate_version "$kpkg")
				kfile=$cache/${kpkg}_$(echo "$kver" | tr ':' '%').vmlinuz
				[ -s "$kfile" ] || fetch_kernel "$kpkg" "$kver" "$kfile" || kfile=""
			else
				kfile=""
			fi
		fi
	fi
fi
if [ -z "$kfile" ] || [ ! -s "$kfile" ]; then
	# Offline: any kernel fetched before will do.
	kfile=$(ls "$cache"/*.vmlinuz 2>/dev/null | sort -V | tail -n 1 || true)
	[ -n "$kfile" ] || { say "no linux-image-*-cloud-amd64 kernel could be downloaded"; exit 77; }
	say "cannot download the current kernel; using the cached $(basename "$kfile")"
fi
ln -sf "cache/$(basename "$kfile")" "$rigdir/vmlinuz"
say "kernel: $(basename "$kfile" .vmlinuz)"

# --- the initramfs -----------------------------------------------------------

drivedash=$builddir/drivedash
[ -x "$drivedash" ] || die "$drivedash is not built (run make first)"
busybox=$(command -v busybox)
guest=$srcdir/tests/nvme-rig/guest-tests.sh
[ -f "$guest" ] || die "$guest is missing"

# The test database; until the Makefile builds tests/qemu-test.db the
# bundled one stands in (it has no qemu-nvme family, so `detect` finds no match).
db=$builddir/tests/qemu-test.db
if [ ! -f "$db" ]; then
	db=$builddir/data/drivedash.db
	say "note: $builddir/tests/qemu-test.db does not exist; using $db instead"
fi
[ -f "$db" ] || die "$db is not built (run make first)"
# The acceptance-target test: the bundled database (which does not know
# QEMU's controller) and a lab overlay naming it (/lab/drivedash/, the
# guest's XDG_CONFIG_HOME for that test).
bundled=$builddir/data/drivedash.db
overlay=$srcdir/tests/lib/lab-targets.sql
[ -f "$bundled" ] || die "$bundled is not built (run make first)"
[ -f "$overlay" ] || die "$overlay is missing"

# libs_of BIN: the libraries (and the program interpreter) BIN loads.
libs_of() {
	ldd "$1" 2>/dev/null | awk '
		$2 == "=>" && $3 ~ /^\// { print $3 }
		$1 ~ /^\// { print $1 }' || true
}
libs=$( { libs_of "$drivedash"; libs_of "$busybox"; } | sort -u)

# Rebuild only when an input changed: the binaries, the libraries, the
# database, the guest script and this script (which holds /init).
# (Contents only: the same build reached by another path is up to date.)
stamp=$( {
	for f in "$drivedash" "$busybox" "$db" "$guest" "$0" "$bundled" "$overlay" $libs; do
		sha256sum <"$f"
	done
	ls -lR /lib/terminfo 2>/dev/null
} | sha256sum | cut -d' ' -f1)
out=$rigdir/initramfs.cpio
if [ -s "$out" ] && [ "$(cat "$rigdir/initramfs.stamp" 2>/dev/null)" = "$stamp" ]; then
	say "initramfs up to date"
	exit 0
fi

root=$rigdir/root
rm -rf "$root"
mkdir -p "$root"
trap 'rm -rf "$root"' EXIT INT TERM
for d in bin sbin usr/bin usr/sbin proc sys dev tmp run etc/nvme lib lib64; do
	mkdir -p "$root/$d"
done

# busybox and one symlink per applet (none for busybox itself: /bin/busybox
# -> busybox would loop).
cp "$busybox" "$root/bin/busybox"
"$busybox" --list-full | while read -r applet; do
	case $applet in
	bin/busybox | "") continue ;;
	esac
	[ -e "$root/$applet" ] || [ -L "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done

# drivedash (without its debug sections) and its libraries at their paths.
if command -v objcopy >/dev/null 2>&1; then
	objcopy --strip-debug "$drivedash" "$root/bin/drivedash"
else
	cp "$drivedash" "$root/bin/drivedash"
fi
for l in $libs; do
	mkdir -p "$root/$(dirname "$l")"
	cp -L "$l" "$root/$l"
done
[ -d /lib/terminfo ] && cp -R /lib/terminfo "$root/lib/terminfo"

# A fixed host NQN: libnvme reads it, and the guest has no other.
echo "nqn.2014-08.org.nvmexpress:uuid:d71e5a5e-7e57-4a11-9000-0000000000d1" \
	>"$root/etc/nvme/hostnqn"
echo "d71e5a5e-7e57-4a11-9000-0000000000d1" >"$root/etc/nvme/hostid"

cp "$db" "$root/qemu-test.db"
cp "$bundled" "$root/drivedash.db"
mkdir -p "$root/lab/drivedash"
cp "$overlay" "$root/lab/drivedash/"
cp "$guest" "$root/guest-tests.sh"

cat >"$root/init" <<'EOF'
#!/bin/sh
# PID 1 of the drivedash NVMe test guest: mount the kernel filesystems, wait
# for the NVMe namespaces, run /guest-tests.sh with its output on ttyS1
# (ttyS0 is the kernel console), copy the kernel log to ttyS0, power off.
PATH=/bin:/sbin:/usr/bin:/usr/sbin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
out=/dev/ttyS1
stty -F "$out" raw -echo 2>/dev/null
echo "@@ nvme-rig: guest up, kernel $(uname -r)" >"$out"
i=0
while [ "$i" -lt 200 ]; do
	[ -b /dev/nvme0n1 ] && [ -b /dev/nvme1n2 ] && break
	sleep 0.1
	i=$((i + 1))
done
[ -b /dev/nvme0n1 ] && [ -b /dev/nvme1n2 ] ||
	echo "@@ nvme-rig: NVMe namespaces missing after 20 s" >"$out"
sh /guest-tests.sh >"$out" 2>&1
echo "@@ nvme-rig: guest tests done, rc=$?" >"$out"
# The kernel log in full on the console (loglevel=4 kept it quiet so far).
{ echo "--- guest dmesg ---"; dmesg; } >/dev/ttyS0
sync
poweroff -f
EOF
chmod 755 "$root/init" "$root/guest-tests.sh"

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
echo "$stamp" >"$rigdir/initramfs.stamp"
say "initramfs: $(du -k "$out" | cut -f1) KiB"
