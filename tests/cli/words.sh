#!/bin/sh
# Words that match the numbers (issue 23, item 6), on the command line: a
# byte-budget preset's time estimate is timed from the drive or said to be
# unknown (never "about 0:00"), and a finished cliff run shorter than its
# interval says "no cliff found" with the rate it measured, not 0 MB/s.
# A loop device over a file in /dev/shm of this test's own; its bytes are
# checksummed around a run that does not write.
# Needs: root (loop devices; skipped without), python3.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-words-XXXXXX)
loops=""

cleanup() {
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
[ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 ||
	skip_all "loop devices need root and losetup"

truncate -s 16M "$tmp/loop.img"
loop_new "$tmp/loop.img" || skip_all "no loop device could be attached"
RUN_TIMEOUT=120

# --- the estimate of a byte-budget preset ---------------------------------
# A loop device matches no drive: no spec write speed, so the time of a
# whole-target write is unknown and the line says so.
run "$dd" run --target "$dev" --preset cliff --allow-write --no-save --json "$tmp/cliff.json"
is "cliff: run exits 0" 0 "$rc"
est=$(printf '%s\n' "$err" | grep '^drivedash: cliff: 1 point on ')
like "cliff: the estimate says the time is unknown" \
	'time unknown \(byte budgets, and no spec sequential speed of the drive to time them\)' "$est"
ok "cliff: never 'about 0:00' for a byte budget" \
	sh -c '! printf "%s\n" "$1" | grep -q "about 0:00"' - "$est"

# --- the cliff wording of a finished run ------------------------------------
# 16 MB at a loop device's speed is over within the 1 s interval: no
# interval at all, so no cliff to find; the run is over, so "found", and the
# rate is what was measured.
like "cliff: a finished run says no cliff found, with the rate" \
	'^Write cliff \(cliff 128K write QD32 x1\): no cliff found over [0-9.]+ MB written \([1-9][0-9,]* MB/s throughout\)' "$out"
ok "cliff: never 'so far' once finished" sh -c '! printf "%s\n" "$1" | grep -q "so far"' - "$out"
is "cliff: JSON's sustained rate is the measured one" "True" \
	"$(jq_ "$tmp/cliff.json" "j['cliffs'][0]['found'] is False and j['cliffs'][0]['sustained_mbps'] > 0")"

# --- a time-based plan keeps its plain estimate ------------------------------
sum=$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)
run "$dd" run --target "$dev" --point 'read,bs=128k,qd=4,time=0.2' --ramp 0 --no-save
is "time-based: run exits 0" 0 "$rc"
like "time-based: 'about 0:00' and no byte-budget words" \
	'^drivedash: .*: 1 point on .*, about 0:00$' "$err"
is "time-based: the device is unchanged" "$sum" "$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)"

done_testing
