#!/bin/sh
# One unit vocabulary (issue 26, item 5), on the command line:
#   - a size is shown in the unit it was typed in: "--size 256M" is
#     "256 MiB" (binary, as fio reads it), never "268 MB";
#   - a latency is in "µs" in a UTF-8 locale and "us" under LANG=C (the CLI's
#     text layer writes the ASCII twin), and nothing else of µ leaks;
#   - a small loop device is "32 MiB", never "0 GB" (root only);
#   - an imported fio run whose p99.9 is a little above its max (fio's
#     percentiles are bucket values; the import allows 2 %) is shown
#     clamped: the report's p99.9 cell is never above its max cell.
# A scratch file and a loop device over a file in /dev/shm of this test's
# own; short read points, nothing stored but in the test's own store.
# Needs: python3 (writes fio JSON); root for the loop device case.
. "${top_srcdir:-.}/tests/lib/tap.sh"

# skip WHY: one case this machine cannot run, as a TAP skip.
skip() {
	echo "ok $((tap_n += 1)) # SKIP $1"
}

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-units-XXXXXX)
loops=""

cleanup() {
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
RUN_TIMEOUT=120
export XDG_DATA_HOME="$tmp/data"

# --- sizes in the unit typed, latencies in one unit -------------------------
pt='randread,bs=4k,qd=1,jobs=1,time=0.05'
run env LANG=C.UTF-8 LC_ALL=C.UTF-8 "$dd" run --scratch "$tmp/s.img" --size 256M --point "$pt" \
	--ramp 0 --no-save
is "run --size 256M: exit 0" 0 "$rc"
like "run --size 256M: the header says 256 MiB" '^drivedash: .* \(256 MiB, scratch file on ' "$err"
ok "run --size 256M: never 268 MB" sh -c '! printf "%s\n" "$1" | grep -q "268 MB"' - "$out$err"
like "UTF-8: the table's latency columns are in µs" 'mean µs +p50 µs +p99 µs +p99\.9 µs +max µs' \
	"$out"
ok "UTF-8: no latency in 'us'" sh -c '! printf "%s\n" "$1" | grep -Eq "[0-9a-z] us( |$)"' - "$out"

run env LANG=C LC_ALL=C "$dd" run --scratch "$tmp/s.img" --size 0.0625G --point "$pt" \
	--ramp 0 --no-save
is "LANG=C run --size 0.0625G: exit 0" 0 "$rc"
like "LANG=C run --size 0.0625G: the header says 64 MiB" '\(64 MiB, scratch file on ' "$err"
like "LANG=C: the table's latency columns are in us" 'mean us +p50 us +p99 us +p99\.9 us +max us' \
	"$out"
is "LANG=C: no byte outside ASCII" "" "$(printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177')"

run env LANG=C.UTF-8 LC_ALL=C.UTF-8 "$dd" run --scratch "$tmp/s.img" --size 50000000 \
	--point "$pt" --ramp 0 --no-save
like "run --size 50000000: a size typed in bytes stays decimal" '\(50 MB, scratch file on ' \
	"$err"

# A point's byte budget, typed "size=16M", is "16 MiB" in the report.
run "$dd" run --scratch "$tmp/s.img" --size 32M --point 'randread,bs=4k,qd=1,jobs=1,size=16M' \
	--ramp 0 --results "$tmp/run.db" -q
is "run size=16M: exit 0" 0 "$rc"
run "$dd" report --results "$tmp/run.db" last --format txt
like "report: the point's budget in the unit typed" '^Budget: +16 MiB$' "$out"

# --- a small loop device -----------------------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 32M "$tmp/loop.img"
	if loop_new "$tmp/loop.img"; then
		run "$dd" detect
		line=$(printf '%s\n' "$out" | grep -F "backing $tmp/loop.img")
		like "detect: a 32 MiB loop device is 32 MiB" "^ +${dev#/dev/} +loop +32 MiB " "$line"
		ok "detect: never 0 GB" sh -c '! printf "%s\n" "$1" | grep -q " 0 GB"' - "$line"
	else
		skip "no loop device could be attached"
		skip "no loop device could be attached"
	fi
else
	skip "loop devices need root and losetup"
	skip "loop devices need root and losetup"
fi

# --- a percentile above its max is shown clamped -----------------------------
command -v python3 >/dev/null 2>&1 || { skip "python3 is needed to write fio JSON"; done_testing; }
python3 - "$tmp/fio.json" <<'PY'
import json, sys
pcts = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99]
v = [55e3, 60e3, 65e3, 70e3, 75e3, 80e3, 85e3, 90e3, 95e3, 100e3, 110e3, 120e3, 200e3,
     300e3, 905e3, 910e3, 915e3]			# p99.9 and up above the max of 900 us
lat = {"N": 10000, "min": 50000, "max": 900e3, "mean": 100e3, "stddev": 20000.0,
       "percentile": {"%f" % p: x for p, x in zip(pcts, v)}}
none = {"N": 0, "min": 0, "max": 0, "mean": 0.0, "stddev": 0.0}
rd = {"total_ios": 10000, "io_bytes": 40960000, "iops": 10000.0, "bw_bytes": 40960000,
      "runtime": 1000, "lat_ns": lat}
wr = {"total_ios": 0, "io_bytes": 0, "iops": 0.0, "bw_bytes": 0, "runtime": 0,
      "lat_ns": none, "clat_ns": none}
job = {"jobname": "j0", "groupid": 0, "error": 0,
       "job options": {"name": "j0", "rw": "randread", "bs": "4k", "numjobs": "1"},
       "read": rd, "write": wr, "job_runtime": 1000, "usr_cpu": 5.0, "sys_cpu": 10.0}
json.dump({"fio version": "fio-3.33", "timestamp": 1700000000, "global options": {},
           "jobs": [job]}, open(sys.argv[1], "w"))
PY
run "$dd" import "$tmp/fio.json" --results "$tmp/imp.db"
is "import: a p99.9 within 2 % of the max is taken" 0 "$rc"
run env LANG=C.UTF-8 LC_ALL=C.UTF-8 "$dd" report --results "$tmp/imp.db" last --format txt
is "report: exit 0" 0 "$rc"
# The percentile table: Point, mean, p50, p90, p99, p99.9, max.
row=$(printf '%s\n' "$out" | sed -En '/^Point .*p99\.9 (us|µs)/,/^$/p' | sed -n 3p)
is "report: the p99.9 cell is clamped to the max (900)" "900 900" \
	"$(printf '%s\n' "$row" | awk '{ print $(NF - 1), $NF }')"

done_testing
