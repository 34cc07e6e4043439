#!/bin/sh
# tests/nvme-rig/run.sh: drivedash against real NVMe controllers.  Boots a
# QEMU guest whose emulated NVMe controllers the Linux nvme driver drives,
# runs tests/nvme-rig/guest-tests.sh in it and checks what it printed
# (detect, run, check; a never-written namespace's reads not judged, then
# check --precondition; check against a lab overlay's acceptance targets on
# the bundled database, tests/lib/lab-targets.sql; the report of the stored
# check run):
#
#   controller 1  serial TESTSERIAL01, nsid 1: 1 GiB, 512 B LBA
#   controller 2  serial TESTSERIAL02, critical warning 2 (temperature),
#                 nsid 1: 512 MiB, 512 B LBA; nsid 2: 512 MiB, 4096 B LBA
#
# The disks are blank image files in a temporary directory; the guest sees
# nothing else of the host.  Installs qemu-system-x86, busybox-static and
# cpio when missing (as root); skips only when they or the kernel cannot be
# had.  `make check-nvme` runs it.  NVME_RIG_ACCEL=tcg forces TCG even when
# /dev/kvm is usable; NVME_RIG_KEEP=1 keeps the temporary directory (images,
# console.log, results.txt, sections/).
# Needs: root, qemu-system-x86 and a Debian cloud kernel (installed with
# apt-get when missing: the mirror must be reachable), busybox-static, cpio;
# KVM is used when present, TCG otherwise (skips whole without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
rigdir=$builddir/tests/nvme-rig
start=$(date +%s)

# python3 reads the guest's JSON (the interpreter itself: skips any shim).
py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) || py=""
[ -n "$py" ] || {
	echo "not ok 1 - python3 (a declared test dependency) reads the guest's JSON"
	echo "1..1"
	exit 1
}

# --- host packages -----------------------------------------------------------

# missing_packages: the packages whose programs are absent.
missing_packages() {
	m=""
	command -v qemu-system-x86_64 >/dev/null 2>&1 || m="$m qemu-system-x86"
	command -v busybox >/dev/null 2>&1 || m="$m busybox-static"
	command -v cpio >/dev/null 2>&1 || m="$m cpio"
	echo "$m"
}
missing=$(missing_packages)
if [ -n "$missing" ]; then
	[ "$(id -u)" -eq 0 ] || skip_all "not installed:$missing (needs root to install)"
	command -v apt-get >/dev/null 2>&1 || skip_all "not installed:$missing (no apt-get)"
	export DEBIAN_FRONTEND=noninteractive
	echo "# installing$missing"
	# shellcheck disable=SC2086
	if ! apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1; then
		apt-get update -qq >/dev/null 2>&1 || skip_all "cannot install$missing: apt-get update failed (no network to the mirror?)"
		# shellcheck disable=SC2086
		apt-get install -y -qq --no-install-recommends $missing >/dev/null 2>&1 ||
			skip_all "cannot install$missing with apt-get"
	fi
	missing=$(missing_packages)
	[ -z "$missing" ] || skip_all "still missing after apt-get install:$missing"
fi

# --- kernel and initramfs ----------------------------------------------------

mkdir -p "$rigdir"
t0=$(date +%s)
top_srcdir=$srcdir top_builddir=$builddir \
	sh "$srcdir/tests/nvme-rig/build-initramfs.sh" "$rigdir" 2>"$rigdir/build.log"
brc=$?
sed 's/^/# /' "$rigdir/build.log"
[ "$brc" -eq 77 ] && skip_all "no linux-image-*-cloud-amd64 kernel could be downloaded"
ok "kernel and initramfs built" test "$brc" -eq 0
[ "$brc" -eq 0 ] || { done_testing; exit 1; }
build_s=$(($(date +%s) - t0))

# --- the guest ---------------------------------------------------------------

tmp=""
for d in /dev/shm "$rigdir"; do
	[ -d "$d" ] && [ -w "$d" ] && tmp=$(mktemp -d "$d/dd-nvme-rig-XXXXXX" 2>/dev/null) && break
done
[ -n "$tmp" ] || { ok "temporary directory for the images" false; done_testing; exit 1; }
qpid=""
cleanup() {
	if [ -n "$qpid" ]; then
		kill "$qpid" 2>/dev/null
		wait "$qpid" 2>/dev/null
	fi
	[ -n "${NVME_RIG_KEEP:-}" ] && echo "# kept $tmp" && return
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# Blank (sparse) images; O_DIRECT where the directory supports it.
truncate -s 1G "$tmp/c1n1.img"
truncate -s 512M "$tmp/c2n1.img"
truncate -s 512M "$tmp/c2n2.img"
cache=writeback
dd if=/dev/zero of="$tmp/c1n1.img" bs=4096 count=1 conv=notrunc oflag=direct 2>/dev/null && cache=none

drive() { echo "file=$tmp/$1.img,if=none,id=$1,format=raw,cache=$cache,aio=threads"; }

# boot ACCEL: run the guest to its end (at most 120 s); QEMU's status in
# $qrc.  Under KVM, give up after 15 s without a sign of life from /init
# (a /dev/kvm that opens but cannot run guests, as in nested VMs).
boot() {
	rm -f "$tmp/console.log" "$tmp/results.log"
	timeout 120 qemu-system-x86_64 -M "q35,accel=$1" -cpu max -smp 2 -m 1G \
		-nodefaults -no-reboot -display none \
		-kernel "$rigdir/vmlinuz" -initrd "$rigdir/initramfs.cpio" \
		-append "console=ttyS0 loglevel=4 panic=-1 nvme.poll_queues=1" \
		-serial "file:$tmp/console.log" -serial "file:$tmp/results.log" \
		-drive "$(drive c1n1)" -device nvme,id=c1,serial=TESTSERIAL01,drive=c1n1 \
		-drive "$(drive c2n1)" -drive "$(drive c2n2)" \
		-device nvme,id=c2,serial=TESTSERIAL02,smart_critical_warning=2 \
		-device nvme-ns,bus=c2,nsid=1,drive=c2n1 \
		-device nvme-ns,bus=c2,nsid=2,drive=c2n2,logical_block_size=4096,physical_block_size=4096 \
		>"$tmp/qemu.out" 2>&1 &
	qpid=$!
	if [ "$1" = kvm ]; then
		n=0
		while kill -0 "$qpid" 2>/dev/null && ! grep -q '^@@ nvme-rig: guest up' "$tmp/results.log" 2>/dev/null; do
			n=$((n + 1))
			[ "$n" -lt 75 ] || { kill "$qpid"; break; }
			sleep 0.2
		done
	fi
	wait "$qpid" 2>/dev/null
	qrc=$?
	qpid=""
}

t0=$(date +%s)
accel=tcg
if [ -w /dev/kvm ] && [ "${NVME_RIG_ACCEL:-}" != tcg ]; then
	accel=kvm
	boot kvm
	if ! grep -q '^@@ nvme-rig: guest up' "$tmp/results.log" 2>/dev/null; then
		echo "# KVM did not run the guest ($(head -n 1 "$tmp/qemu.out")); using TCG"
		accel=tcg
	fi
fi
[ "$accel" = tcg ] && boot tcg
guest_s=$(($(date +%s) - t0))

is "QEMU exits 0 by itself (guest powered off, no timeout)" 0 "$qrc"
[ "$qrc" -eq 0 ] || sed 's/^/# qemu: /' "$tmp/qemu.out" | head -10

# The results, one file per section.
res=$tmp/sections
mkdir -p "$res"
tr -d '\r' <"$tmp/results.log" >"$tmp/results.txt"
"$py" - "$tmp/results.txt" "$res" <<'EOF'
import os, re, sys
name, buf = None, []
for line in open(sys.argv[1], errors="replace"):
    line = line.rstrip("\n")
    m = re.match(r"@@ (BEGIN|END) (\S+)(?: rc=(-?\d+))?$", line)
    if m and m.group(1) == "BEGIN":
        name, buf = m.group(2), []
    elif m and name == m.group(2):
        with open(os.path.join(sys.argv[2], name), "w") as f:
            f.write("".join(l + "\n" for l in buf))
        with open(os.path.join(sys.argv[2], name + ".rc"), "w") as f:
            f.write(m.group(3) or "")
        name = None
    elif name is not None:
        buf.append(line)
EOF
results=$(cat "$tmp/results.txt")

like "guest booted and ran /init" '^@@ nvme-rig: guest up' "$results"
ok "guest saw its NVMe namespaces within 20 s" \
	sh -c "grep -q '^@@ BEGIN sysfs' '$tmp/results.txt' && ! grep -q 'namespaces missing' '$tmp/results.txt'"
like "guest test script ran to the end" '^@@ nvme-rig: guest tests done, rc=0' "$results"

# rc NAME: the exit status the guest recorded for section NAME.
rc() { cat "$res/$1.rc" 2>/dev/null || echo "(no section $1)"; }

# errs NAME: when NAME failed, show the start of its stderr.
errs() {
	[ "$(rc "$1")" = 0 ] || head -n 3 "$res/$1.err" 2>/dev/null | sed 's/^/#   stderr: /'
}

# pyj NAME EXPR: a Python expression over the JSON of section NAME as `j`,
# with c1/c2 the controllers whose serials are TESTSERIAL01/02 and ns(c, n)
# namespace n of controller c.
pyj() {
	"$py" - "$res/$1" "$2" <<'EOF' 2>&1 | tail -n 1
import json, sys
name = sys.argv[1].rsplit("/", 1)[-1]
try:
    text = open(sys.argv[1]).read()
    j = json.loads(text)
except OSError:
    sys.exit(print("<the guest printed no section %s>" % name))
except ValueError as e:
    sys.exit(print("<section %s is %s>" % (name, "empty" if not text.strip() else "not JSON: %s" % e)))
def ctrl(serial):
    return next((c for c in j["controllers"] if str(c["serial"]).strip() == serial), {})
def ns(c, nsid):
    return next((n for n in c["namespaces"] if n["nsid"] == nsid), {})
def num(v):
    return int(v, 0) if isinstance(v, str) else v
try:
    if isinstance(j, dict) and "controllers" in j:
        c1, c2 = ctrl("TESTSERIAL01"), ctrl("TESTSERIAL02")
    print(eval(sys.argv[2]))
except Exception as e:
    print("<%s: %s>" % (type(e).__name__, e))
EOF
}

# --- the rig itself, as the guest kernel sees it ----------------------------

sysfs=$(cat "$res/sysfs" 2>/dev/null)
like "rig: nvme0 is TESTSERIAL01, QEMU NVMe Ctrl" '^ctrl nvme0 serial=TESTSERIAL01 firmware=[^ ]+ model=QEMU NVMe Ctrl' "$sysfs"
like "rig: nvme1 is TESTSERIAL02, QEMU NVMe Ctrl" '^ctrl nvme1 serial=TESTSERIAL02 firmware=[^ ]+ model=QEMU NVMe Ctrl' "$sysfs"
like "rig: nvme0n1 is 1 GiB with 512 B blocks" '^ns nvme0n1 size_bytes=1073741824 lba=512$' "$sysfs"
like "rig: nvme1n1 is 512 MiB with 512 B blocks" '^ns nvme1n1 size_bytes=536870912 lba=512$' "$sysfs"
like "rig: nvme1n2 is 512 MiB with 4096 B blocks" '^ns nvme1n2 size_bytes=536870912 lba=4096$' "$sysfs"
like "rig: the nvme driver has a poll queue" '^poll_queues=1$' "$sysfs"
is "guest: drivedash runs (--version)" 0 "$(rc version)"
errs version

# --- drivedash detect --json -------------------------------------------------

is "detect: --json exits 0" 0 "$(rc detect)"
errs detect
is "detect: finds two controllers" 2 "$(pyj detect 'len(j["controllers"])')"
is "detect: serials TESTSERIAL01 and TESTSERIAL02" "TESTSERIAL01 TESTSERIAL02" \
	"$(pyj detect '" ".join(sorted(str(c["serial"]).strip() for c in j["controllers"]))')"
is "detect: both models are 'QEMU NVMe Ctrl'" "True" \
	"$(pyj detect 'all(str(c["model"]).strip() == "QEMU NVMe Ctrl" for c in j["controllers"])')"
is "detect: both report a firmware revision" "True" \
	"$(pyj detect 'len(j["controllers"]) == 2 and all(str(c["firmware"]).strip() for c in j["controllers"])')"
is "detect: both have vendor_id 0x1b36 (6966)" "True" \
	"$(pyj detect 'len(j["controllers"]) == 2 and all(num(c["vendor_id"]) == 0x1b36 for c in j["controllers"])')"
is "detect: TESTSERIAL01 has one namespace" 1 "$(pyj detect 'len(c1["namespaces"])')"
is "detect: TESTSERIAL01 nsid 1 is 1 GiB" 1073741824 "$(pyj detect 'ns(c1, 1)["size_bytes"]')"
is "detect: TESTSERIAL01 nsid 1 has 512 B LBAs" 512 "$(pyj detect 'ns(c1, 1)["lba_data_size"]')"
is "detect: TESTSERIAL02 has two namespaces" 2 "$(pyj detect 'len(c2["namespaces"])')"
is "detect: TESTSERIAL02 nsid 1 is 512 MiB" 536870912 "$(pyj detect 'ns(c2, 1)["size_bytes"]')"
is "detect: TESTSERIAL02 nsid 1 has 512 B LBAs" 512 "$(pyj detect 'ns(c2, 1)["lba_data_size"]')"
is "detect: TESTSERIAL02 nsid 2 is 512 MiB" 536870912 "$(pyj detect 'ns(c2, 2)["size_bytes"]')"
is "detect: TESTSERIAL02 nsid 2 has 4096 B LBAs" 4096 "$(pyj detect 'ns(c2, 2)["lba_data_size"]')"
is "detect: every namespace lists its LBA formats" "True" \
	"$(pyj detect 'all(len(n["lba_formats"]) > 0 for c in j["controllers"] for n in c["namespaces"])')"
is "detect: TESTSERIAL02 SMART critical_warning is 2 (temperature)" 2 \
	"$(pyj detect 'c2["smart"]["critical_warning"]')"
is "detect: TESTSERIAL01 SMART critical_warning is 0" 0 \
	"$(pyj detect 'c1["smart"]["critical_warning"]')"
is "detect: TESTSERIAL02 has an explainer about temperature" "True" \
	"$(pyj detect 'any("temperature" in str(e["message"]).lower() for e in c2["explainers"])')"
is "detect: TESTSERIAL01 has no explainer about temperature" "False" \
	"$(pyj detect 'any("temperature" in str(e["message"]).lower() for e in c1["explainers"])')"
is "detect: both match the test database (status matched)" "matched matched" \
	"$(pyj detect '" ".join(str(c["match"]["status"]) for c in (c1, c2))')"
is "detect: both match family qemu-nvme" "qemu-nvme qemu-nvme" \
	"$(pyj detect '" ".join(str(c["match"]["family_id"]) for c in (c1, c2))')"
is "detect: block_devices lists nvme0n1, nvme1n1, nvme1n2" "nvme0n1 nvme1n1 nvme1n2" \
	"$(pyj detect '" ".join(sorted(b["name"] for b in j["block_devices"] if b["name"].startswith("nvme")))')"

# --- drivedash run on the namespaces -----------------------------------------

# run_checks NAME LABEL: the common checks of one `run` section.
run_checks() {
	is "$2: exits 0" 0 "$(rc "$1")"
	errs "$1"
	is "$2: point status 0" 0 "$(pyj "$1.json" 'j["points"][0]["status"]')"
	is "$2: did I/O (ios > 0, iops > 0, mean latency > 0)" "True" \
		"$(pyj "$1.json" '(lambda p: p["ios"] > 0 and p["iops"] > 0 and p["lat"]["mean_us"] > 0)(j["points"][0])')"
}
run_checks randread "run randread 4k QD4 on nvme0n1"
is "run randread: the target is a 512 B block device" "block 512" \
	"$(pyj randread.json 'j["target"]["kind"] + " " + str(j["target"]["logical_block_size"])')"
# blk-mq NVMe takes io_uring's non-blocking submissions: no io-wq, so the
# engine submits plainly (zram, in tests/unit/test-engine, is the other case).
is "run randread: the NVMe namespace needs no io-wq" "False" \
	"$(pyj randread.json 'j["points"][0]["io_wq"]')"
run_checks randwrite "run randwrite 4k QD4 --allow-write on nvme1n2"
is "run randwrite: the target is a 4096 B block device" "block 4096" \
	"$(pyj randwrite.json 'j["target"]["kind"] + " " + str(j["target"]["logical_block_size"])')"
is "run randwrite: every I/O was a write" "True" \
	"$(pyj randwrite.json '(lambda p: p["write_ios"] == p["ios"] > 0)(j["points"][0])')"
run_checks iopoll "run --iopoll on nvme0n1"
is "run --iopoll: polled completions used" "True" "$(pyj iopoll.json 'j["points"][0]["iopoll_used"]')"
is "run --iopoll: no fallback to interrupts" "False" "$(pyj iopoll.json 'j["points"][0]["iopoll_fallback"]')"

# --- drivedash check on nvme0n1 ---------------------------------------------

crc=$(rc check.json)
case $crc in
0 | 3 | 4 | 7) ok "check: exit $crc is a verdict code (0 PASS, 3 WARN, 4 FAIL, 7 NOT_COMPARABLE)" true ;;
*)
	ok "check: exit $crc is a verdict code (0 PASS, 3 WARN, 4 FAIL, 7 NOT_COMPARABLE)" false
	tail -n 5 "$res/check.err" 2>/dev/null | sed 's/^/#   stderr: /'
	;;
esac
is "check: the JSON states the same exit code" "$crc" "$(pyj check.json 'j["overall"]["exit_code"]')"
is "check: nvme0n1 is TESTSERIAL01, an NVMe identity" "TESTSERIAL01 True nvme" \
	"$(pyj check.json '" ".join((str(j["device"]["controller"]["serial"]).strip(), str(j["device"]["nvme"]), j["device"]["model_source"]))')"
is "check: matched family qemu-nvme" "matched qemu-nvme" \
	"$(pyj check.json 'j["match"]["status"] + " " + str(j["match"]["family_id"])')"
is "check: verdicts for seq_read, rand_read, lat_read" "lat_read rand_read seq_read" \
	"$(pyj check.json '" ".join(sorted(v["metric"] for v in j["verdicts"] if v["metric"] != "health"))')"
is "check: each is PASS, WARN or FAIL with spec, measured and ratio numbers" "True" \
	"$(pyj check.json 'all(v["verdict"] in ("PASS", "WARN", "FAIL") and v["spec_value"] > 0 and v["measured"] > 0 and v["ratio"] > 0 and v["point"] for v in j["verdicts"] if v["metric"] != "health")')"
is "check: rand_read (no stated depth) is a rated max judged at the best 4K random read point" "True" \
	"$(pyj check.json 'all(v["rule"] == "rated max" and "QD" in v["point"] and "rated max" in v["reason"] for v in j["verdicts"] if v["metric"] == "rand_read")')"
is "check: overall verdict present" "True" \
	"$(pyj check.json 'j["overall"]["verdict"] in ("PASS", "WARN", "FAIL") and len(j["overall"]["summary"]) > 0')"
is "check: SMART read before and after, with a delta" "True True True" \
	"$(pyj check.json '" ".join(str(j["smart"][k] is not None) for k in ("before", "after", "delta"))')"
is "check: the SMART delta counts the sweep's reads" "True" \
	"$(pyj check.json 'j["smart"]["delta"]["data_units_read"] > 0')"
is "check: a health row from the SMART delta" "True" \
	"$(pyj check.json 'any(v["metric"] == "health" for v in j["verdicts"])')"
is "stored: check's run is in the default store with the drive's identity" \
	"check|TESTSERIAL01|nvme0n1|True|done|5" \
	"$(pyj stored '"|".join((j["run"]["source"], str(j["run"]["target"]["serial"]).strip(), j["run"]["target"]["device"], str(bool(j["run"]["target"]["drive_id"])), j["run"]["state"], str(len(j["points"]))))')"
is "stored: every point has SMART before and after, the reads counted between them" "True" \
	"$(pyj stored 'all(p["smart_before"] and p["smart_after"] and p["smart_after"]["data_units_read"] >= p["smart_before"]["data_units_read"] for p in j["points"]) and sum(p["smart_after"]["data_units_read"] - p["smart_before"]["data_units_read"] for p in j["points"]) > 0')"
is "stored: the run's provenance names the firmware, capacity and PCIe link fields" "True" \
	"$(pyj stored 'all(k in j["run"]["target"] for k in ("firmware", "capacity", "lba_format", "pcie_link")) and bool(j["run"]["target"]["firmware"])')"
is "check: the spot plan ran read-only to the end" "spot (read-only)|5|done" \
	"$(pyj check.json '"|".join((j["plan"]["name"], str(len(j["points"])), j["state"]))')"
like "check: the text report ends with the overall verdict" '^VERDICT (PASS|WARN|FAIL): ' \
	"$(cat "$res/check.err" 2>/dev/null)"
# The sweep reads the drive's temperature into every interval: from hwmon
# when the kernel registered the sensor, else from the SMART log (this guest
# kernel has no NVMe hwmon, so the SMART path is what runs here).
if grep -q '^hwmon_temp1_mc=' "$res/sysfs" 2>/dev/null; then src=hwmon; else src="SMART log"; fi
is "run randread: the intervals' temperature comes from nvme0's $src" "$src of nvme0" \
	"$(pyj randread.json 'j["target"]["temperature_source"]')"
t_detect=$(pyj detect 'next(c for c in j["controllers"] if c["name"] == "nvme0")["smart"]["temperature_c"]')
is "run randread: every interval holds the temperature detect read ($t_detect C)" "True" \
	"$(pyj randread.json "(lambda iv: len(iv) >= 5 and all(abs(x['temp_c'] - $t_detect) < 1.5 for x in iv))(j['points'][0]['intervals'])")"
is "detect: the text report names both controllers" "2" \
	"$(grep -c 'QEMU NVMe Ctrl' "$res/detect_text" 2>/dev/null)"
echo "# drivedash detect (text, in the guest):"
sed 's/^/#   /' "$res/detect_text" 2>/dev/null
echo "# drivedash check /dev/nvme0n1 --time-scale 0.05 (text report, exit $crc):"
grep -v '^drivedash: ' "$res/check.err" 2>/dev/null | sed 's/^/#   /'

# --- the report of the stored check run (issue 25) ---------------------------

rtxt=$(cat "$res/report_txt" 2>/dev/null)
is "report: of the stored check run, exits 0" 0 "$(rc report_txt)"
errs report_txt
like "report: the header names the model" '^Model: +QEMU NVMe Ctrl' "$rtxt"
like "report: the header names the serial" '^Serial: +TESTSERIAL01' "$rtxt"
like "report: the header names the firmware" '^Firmware: +[^ ]' "$rtxt"
like "report: the header names the database match" '^Database match: +QEMU' "$rtxt"
# q35's integrated endpoints have no link registers (detect: "not reported").
like "report: the header says the PCIe link was not reported" '^PCIe link: +not reported' "$rtxt"
like "report: the stored verdict, as check gave it" \
	"^Verdict: +$(pyj check.json 'j["overall"]["verdict"]') against " "$rtxt"
like "report: SMART before and after, the reads counted" \
	'^ *data units read \(512,000 B\) +[0-9,]+ +[0-9,]+' "$rtxt"
is "report html: written (-o), exit 0" 0 "$(rc report.html)"
. "${top_srcdir:-.}/tests/lib/html.sh"
is "report html: parses, no script, nothing fetched (xmllint)" ok "$(html_ok "$res/report.html")"
like "report html: the serial and the verdict's class" \
	'TESTSERIAL01.*class="verdict verdict-(PASS|WARN|FAIL)"' "$(tr -d '\n' <"$res/report.html")"
# Each interval of the check holds the drive's temperature (from its SMART
# log in this guest): each point's details graph it.
is "report html: a temperature graph a point (5)" 5 \
	"$(grep -o '<title>Temperature over time</title>' "$res/report.html" 2>/dev/null | wc -l | tr -d ' ')"
echo "# drivedash report last --format txt (in the guest), to its per-point details:"
sed -n '1,/^Points/p' "$res/report_txt" 2>/dev/null | sed 's/^/#   /'

# --- plausibility: never-written reads, then --precondition ----------------

reads='[v for v in j["verdicts"] if v["metric"] in ("seq_read", "rand_read", "lat_read")]'
is "check_blank: a never-written namespace's read rows are IMPLAUSIBLE, none PASS" \
	"lat_read:IMPLAUSIBLE rand_read:IMPLAUSIBLE seq_read:IMPLAUSIBLE" \
	"$(pyj check_blank.json '" ".join(sorted(v["metric"] + ":" + v["verdict"] for v in '"$reads"'))')"
is "check_blank: each says never written and points to --precondition" "True" \
	"$(pyj check_blank.json 'all("not judged: the target was never written (reads do not touch flash)" in v["reason"] and "--precondition" in v["reason"] for v in '"$reads"')')"
# QEMU's controller reports NUSE = NSZE (no thin provisioning): NUSE says the
# namespace is full, and the zero read buffers are what catch it.
nuse=$(pyj check_blank.json '"%s|%s" % (j["device"]["written"]["share"], "NUSE" in str(j["device"]["written"]["source"]))')
is "check_blank: the namespace's NUSE is read (QEMU reports NUSE = NSZE)" "1.0|True" "$nuse"
is "check_blank: the zero read buffers caught it" "True" \
	"$(pyj check_blank.json 'all("sampled read buffers were all zeroes" in v["reason"] for v in '"$reads"')')"
is "check_fill: --precondition --allow-write filled it (one pass) and judged every read row" \
	"1.0|lat_read rand_read seq_read" \
	"$(pyj check_fill.json '"%s|%s" % (float(j["plan"]["precondition_passes"]), " ".join(sorted(v["metric"] for v in '"$reads"' if v["verdict"] in ("PASS", "WARN", "FAIL"))))')"
like "check_fill: says the fill comes first" 'first a sequential fill of 1.07 GB \(--precondition' \
	"$(cat "$res/check_fill.err" 2>/dev/null)"

# --- acceptance targets: a lab overlay on the bundled database ---------------

is "targets: the bundled database alone does not match QEMU's controller" "False" \
	"$(pyj detect_bundled 'c1["match"]["status"] == "matched"')"
is "targets: check exits 4, the FAIL of the failed target" "4" "$(rc targets.json)"
[ "$(rc targets.json)" = 4 ] || tail -n 5 "$res/targets.err" 2>/dev/null | sed 's/^/#   stderr: /'
is "targets: the overlay's drive matched by the controller's model string" \
	"lab-emu lab-emu-1 nvme TESTSERIAL01" \
	"$(pyj targets.json '" ".join((str(j["match"]["family_id"]), str(j["match"]["drive_id"]), j["device"]["model_source"], str(j["device"]["controller"]["serial"]).strip()))')"
is "targets: the target points ran at their stated runtime (1 s)" "2 [1, 1]" \
	"$(pyj targets.json '"%d %s" % (j["plan"]["target_points"], [int(p["runtime_s"]) for p in j["points"] if p["name"].endswith("target")])')"
is "targets: the verdict rows say target, with the right PASS/FAIL" \
	"rand_read PASS target|rand_write NOT_COMPARABLE target|seq_read FAIL target" \
	"$(pyj targets.json '"|".join(sorted("%s %s %s" % (v["metric"], v["verdict"], v["decided_by"]) for v in j["verdicts"] if v["spec"] and v["spec"]["is_target"]))')"
is "targets: rand_read judged by the lab target, not the spec's 1G IOPS" "True" \
	"$(pyj targets.json 'all("lab target >= 1,000 IOPS at 4K QD4x1, 1 s, tolerance 5%" in v["reason"] and v["point"] == "4K randread QD4 x1 1s target" for v in j["verdicts"] if v["metric"] == "rand_read")')"
is "targets: lat_read (no target) judged by its spec" "spec" \
	"$(pyj targets.json '[v["decided_by"] for v in j["verdicts"] if v["metric"] == "lat_read"][0]')"
echo "# drivedash check /dev/nvme0n1 with the lab's targets (text report, exit $(rc targets.json)):"
grep -v '^drivedash: ' "$res/targets.err" 2>/dev/null | sed 's/^/#   /'

# --- summary -----------------------------------------------------------------

echo "# rig: accel=$accel, image cache=$cache; initramfs ${build_s} s, guest ${guest_s} s, total $(($(date +%s) - start)) s"
if [ "$tap_fail" -ne 0 ]; then
	echo "# last 40 lines of the guest kernel console:"
	tr -d '\r' <"$tmp/console.log" | tail -n 40 | sed 's/^/#   /'
fi
done_testing
