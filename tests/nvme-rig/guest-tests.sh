#!/bin/sh
# tests/nvme-rig/guest-tests.sh: runs INSIDE the NVMe test guest (busybox sh,
# started by the initramfs /init; see run.sh) and prints machine-readable
# results for the host to check.  Each result is a section:
#
#   @@ BEGIN NAME
#   ...output...
#   @@ END NAME rc=N
#
# A command's stdout is section NAME and its stderr NAME.err; a JSON file a
# command wrote is NAME.json.  Nothing is checked here: the host asserts.
#
# The guest's disks are blank image files the host created for this run:
#   nvme0n1  TESTSERIAL01 nsid 1, 1 GiB, 512 B LBA
#   nvme1n1  TESTSERIAL02 nsid 1, 512 MiB, 512 B LBA
#   nvme1n2  TESTSERIAL02 nsid 2, 512 MiB, 4096 B LBA
PATH=/bin:/sbin:/usr/bin:/usr/sbin
DRIVEDASH_DB=/qemu-test.db
HOME=/tmp
TERM=linux
export PATH DRIVEDASH_DB HOME TERM
db=/qemu-test.db
t=/tmp/guest-tests
mkdir -p "$t"

# emit NAME FILE RC: FILE as section NAME.
emit() {
	echo "@@ BEGIN $1"
	if [ -s "$2" ]; then
		cat "$2"
		[ -n "$(tail -c 1 "$2")" ] && echo
	fi
	echo "@@ END $1 rc=$3"
}

# section NAME CMD...: run CMD; its stdout is section NAME, stderr NAME.err.
section() {
	name=$1
	shift
	"$@" >"$t/$name.out" 2>"$t/$name.err"
	rc=$?
	emit "$name" "$t/$name.out" "$rc"
	emit "$name.err" "$t/$name.err" "$rc"
	return "$rc"
}

# run_point NAME ARGS...: `drivedash run` with its JSON in NAME.json.
run_point() {
	name=$1
	shift
	section "$name" drivedash --db "$db" run --ramp 0 -q --json "$t/$name.json" "$@"
	rc=$?
	emit "$name.json" "$t/$name.json" "$rc"
}

# attr FILE: a sysfs attribute without the padding NVMe strings carry.
attr() { sed 's/ *$//' "$1"; }

# What the kernel itself sees, for the host to check the rig.
kernel_view() {
	for c in /sys/class/nvme/nvme*; do
		[ -e "$c" ] || continue
		echo "ctrl $(basename "$c") serial=$(attr "$c/serial")" \
			"firmware=$(attr "$c/firmware_rev")" "model=$(attr "$c/model")"
	done
	for b in /sys/block/nvme*; do
		[ -e "$b" ] || continue
		echo "ns $(basename "$b") size_bytes=$(($(cat "$b/size") * 512))" \
			"lba=$(cat "$b/queue/logical_block_size")"
	done
	echo "poll_queues=$(cat /sys/module/nvme/parameters/poll_queues 2>/dev/null)"
	# The sensor a sweep prefers for its temperature samples.
	for h in /sys/block/nvme0n1/device/hwmon*/temp1_input; do
		[ -e "$h" ] && echo "hwmon_temp1_mc=$(cat "$h")"
	done
	echo "cmdline=$(cat /proc/cmdline)"
}

section sysfs kernel_view
section version drivedash --version
section detect drivedash --db "$db" detect --json
section detect_text drivedash --db "$db" detect
section show drivedash --db "$db" show qemu --json

# Short sweeps end to end: plain reads, writes on the 4K-LBA namespace, and
# polled reads (nvme.poll_queues=1 gives the driver a polled queue).
run_point randread --target /dev/nvme0n1 --point 'randread,bs=4k,qd=4,time=2s'
run_point randwrite --target /dev/nvme1n2 --point 'randwrite,bs=4k,qd=4,time=1s' --allow-write
run_point iopoll --target /dev/nvme0n1 --point 'randread,bs=4k,qd=4,time=1s' --iopoll

# Plausibility (issue 23): nvme0n1 was never written, so a read-only check
# judges none of its reads (check_blank); --precondition --allow-write fills it
# first and judges them (check_fill).  Neither is stored.  The check below
# then reads written data.
drivedash --db "$db" check /dev/nvme0n1 --time-scale 0.05 --json --no-save \
	>"$t/check_blank.json" 2>"$t/check_blank.err"
emit check_blank.json "$t/check_blank.json" "$?"
drivedash --db "$db" check /dev/nvme0n1 --time-scale 0.05 --json --no-save \
	--precondition --allow-write >"$t/check_fill.json" 2>"$t/check_fill.err"
rc=$?
emit check_fill.json "$t/check_fill.json" "$rc"
emit check_fill.err "$t/check_fill.err" "$rc"

# The spot check of nvme0n1, read-only and scaled to about 4 s: its JSON goes
# to a file (section check.json), the text report it prints on stderr with
# --json (after the per-point log lines) is section check.err.
drivedash --db "$db" check /dev/nvme0n1 --time-scale 0.05 --json \
	>"$t/check.json" 2>"$t/check.err"
rc=$?
emit check.json "$t/check.json" "$rc"
emit check.err "$t/check.err" "$rc"

# Acceptance targets: the bundled database, which does not know QEMU's
# controller, with the lab's overlay (tests/lib/lab-targets.sql: one drive whose
# model string is "QEMU NVMe Ctrl", targets it passes, fails and cannot run
# read-only) under XDG_CONFIG_HOME=/lab.  targets.json is the check,
# detect_bundled the bundled database alone.
section detect_bundled drivedash --db /drivedash.db detect --json
XDG_CONFIG_HOME=/lab drivedash --db /drivedash.db check /dev/nvme0n1 --time-scale 0.05 --json \
	--no-save >"$t/targets.json" 2>"$t/targets.err"
rc=$?
emit targets.json "$t/targets.json" "$rc"
emit targets.err "$t/targets.err" "$rc"

# The run check stored (HOME=/tmp: the default store under /tmp/.local/share),
# exported whole: provenance and every point with SMART before and after.
section stored drivedash --db "$db" export last --format json

# The report of that stored check run (issue 25): the text the host reads for
# the drive's identity, the stored verdict and SMART, and the HTML page whole
# (the host parses it).
section report_txt drivedash --db "$db" report last --format txt
drivedash --db "$db" report last -o "$t/report.html" 2>"$t/report_html.err"
rc=$?
emit report.html "$t/report.html" "$rc"
emit report.html.err "$t/report_html.err" "$rc"
exit 0
