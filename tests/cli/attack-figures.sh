#!/bin/sh
# Figures from outside are range-checked, and memory is judged against the
# limit that applies (issue 22, items 5 and 6, and part of 10):
#   - a fio server that lies (tests/lib/fake-fio-server: an infinite IOPS,
#     p99 "inf", a mean of -1e308, a p99 above the max) fails its host with
#     a sentence naming the host, the field and the value, and nothing of
#     it is stored; an honest one's point is done and stored;
#   - `import` of fio JSON with impossible figures (p99 above max, IOPS that
#     do not match the I/Os over the runtime, a runtime of years) is refused
#     naming the file, the key and the value, and nothing is stored;
#   - import is bounded: a file of more jobs than fio can run is refused
#     with the limit; many numjobs clones import (linear, not quadratic:
#     bench/import.sh times it); no wall time is asserted here;
#   - a point whose buffers do not fit the memory cgroup's limit is refused
#     with the figures (exit 2), not killed by the OOM killer (137);
#   - a hosts file that starts with a UTF-8 BOM reads.
# Every store the refused cases name is checksummed before and after.
# Needs: python3; fio for the fake-server cases; root and a memory cgroup
# (v2 or v1) for the cgroup case (each skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
fake="${top_builddir:-.}/tests/lib/fake-fio-server"
tmp=$(mktemp -d /dev/shm/dd-attack-figures-XXXXXX)
fakes=""
cg=""
cleanup() {
	for p in $fakes; do
		kill "$p" 2>/dev/null && wait "$p" 2>/dev/null
	done
	[ -z "$cg" ] || rmdir "$cg" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
RUN_TIMEOUT=120		# nothing here may hang the suite

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to write and read JSON"

# gen OUT JOBS NUMJOBS [key=value ...]: a fio --output-format=json document
# of JOBS entries (NUMJOBS clones of each name) with plausible figures: 10,000
# 4 KiB reads in 1 s, lat 50..900 us; key=value overrides one figure of the
# first job's read side (iops, runtime in ms, mean, p99, max in ns, total_ios).
gen() {
	python3 - "$@" <<'EOF'
import json, sys
out, n, nj = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
over = dict(a.split('=', 1) for a in sys.argv[4:])
pcts = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99]
def lat(n, mx, mean, p99):
    v = [55e3, 60e3, 65e3, 70e3, 75e3, 80e3, 85e3, 90e3, 95e3, 100e3, 110e3, 120e3, p99,
         300e3, 500e3, 700e3, 850e3]
    return {"N": n, "min": 50000, "max": mx, "mean": mean, "stddev": 20000.0,
            "percentile": {"%f" % p: x for p, x in zip(pcts, v)}}
none = {"N": 0, "min": 0, "max": 0, "mean": 0.0, "stddev": 0.0}
jobs = []
for i in range(n):
    o = over if i == 0 else {}
    ios = int(float(o.get("total_ios", 10000)))
    rt = float(o.get("runtime", 1000))
    rd = {"total_ios": ios, "io_bytes": ios * 4096, "iops": float(o.get("iops", ios * 1000 / rt)),
          "bw_bytes": ios * 4096 * 1000 / rt, "runtime": rt,
          "lat_ns": lat(ios, float(o.get("max", 900e3)), float(o.get("mean", 100e3)),
                        float(o.get("p99", 200e3)))}
    wr = {"total_ios": 0, "io_bytes": 0, "iops": 0.0, "bw_bytes": 0, "runtime": 0,
          "lat_ns": none, "clat_ns": none}
    jobs.append({"jobname": "j%d" % (i // nj), "groupid": i // nj, "error": 0,
                 "job options": {"name": "j%d" % (i // nj), "rw": "randread", "bs": "4k",
                                 "numjobs": str(nj)},
                 "read": rd, "write": wr, "job_runtime": rt, "usr_cpu": 5.0, "sys_cpu": 10.0})
json.dump({"fio version": "fio-3.33", "timestamp": 1700000000, "global options": {},
           "jobs": jobs}, open(out, "w"), separators=(",", ":"))
EOF
}

# sum FILE: its sha256, or "none" when it does not exist.
sum() {
	[ -e "$1" ] && cksum <"$1" | cut -d' ' -f1,2 || echo none
}

# --- import: impossible figures are refused ---------------------------------
db=$tmp/import.db
gen "$tmp/ok.json" 1 1
run "$dd" import "$tmp/ok.json" --results "$db"
is "import of plausible figures: exit 0" 0 "$rc"
before=$(sum "$db")
for case in "p99=5e9:p99:5e\+06" "max=10:max:0\.01" "iops=1e12:IOPS:1e\+12" \
	"runtime=1e13:runtime:1e\+10" "mean=2e9:mean:2e\+06"; do
	kv=${case%%:*}; rest=${case#*:}; key=${rest%%:*}; val=${rest#*:}
	gen "$tmp/forged.json" 1 1 "$kv"
	run "$dd" import "$tmp/forged.json" --results "$db"
	is "import $kv: exit 2" 2 "$rc"
	like "import $kv: names the file, the job and the figure" "forged\.json: jobs\[0\]: .*$key" "$err"
	like "import $kv: gives the value" "$val" "$err"
	like "import $kv: nothing imported" "nothing imported" "$err"
done
is "import: the store is unchanged by the refused files" "$before" "$(sum "$db")"

# --- import is bounded -------------------------------------------------------
gen "$tmp/many.json" 4097 1
run "$dd" import "$tmp/many.json" --results "$tmp/many.db"
is "import of 4097 jobs: exit 2 (not killed)" 2 "$rc"
like "import of 4097 jobs: says the limit" "4097 jobs.*at most 4096" "$err"
is "import of 4097 jobs: no store made" none "$(sum "$tmp/many.db")"
gen "$tmp/clones.json" 4096 2
run "$dd" import "$tmp/clones.json" --results "$tmp/clones.db"
is "import of 4096 numjobs clones: exit 0" 0 "$rc"
like "import of 4096 numjobs clones: a point each" "4096 points" "$out"
printf '{"fio version": "fio-3.33", "jobs": [' >"$tmp/huge.json"
head -c 70000000 /dev/zero | tr '\0' ' ' >>"$tmp/huge.json"
printf ']}' >>"$tmp/huge.json"
run "$dd" import "$tmp/huge.json" --results "$tmp/huge.db"
is "import of a 70 MB file: exit 2" 2 "$rc"
like "import of a 70 MB file: says the limit" "larger than.*64 MiB" "$err"
rm -f "$tmp/huge.json" "$tmp/many.json" "$tmp/clones.json"

# --- a BOM at the start of a hosts file -----------------------------------------
printf '\357\273\277# rack\n127.0.0.1:1 /dev/nvme0n1 - - name=bom\n' >"$tmp/bom.txt"
run "$dd" run --hosts "$tmp/bom.txt" --point 'randread,time=1' --print-fio
is "a hosts file with a UTF-8 BOM: exit 0" 0 "$rc"
like "a hosts file with a UTF-8 BOM: its host is read" "nvme0n1" "$out"

# --- a fio server that forges its figures ---------------------------------------
# fake_start MODE: a fake-fio-server in MODE; its port in $port.
fake_start() {
	"$fake" "$1" --port-file "$tmp/$1.port" >/dev/null 2>&1 </dev/null &
	fakes="$! $fakes"
	for _i in $(seq 200); do
		[ -s "$tmp/$1.port" ] && break
		sleep 0.05
	done
	port=$(cat "$tmp/$1.port" 2>/dev/null)
}

if ! command -v fio >/dev/null 2>&1; then
	echo "ok $((tap_n += 1)) # SKIP fio is not installed: no forged-server cases"
elif [ ! -x "$fake" ]; then
	echo "ok $((tap_n += 1)) # SKIP tests/lib/fake-fio-server is not built"
else
	store=$tmp/fleet.db
	fake_start honest
	run "$dd" run --host "127.0.0.1:$port /dev/nvme0n1 size=64M" \
		--point 'randread,bs=4k,time=1' --results "$store" --json "$tmp/honest.json"
	is "an honest server: exit 0" 0 "$rc"
	is "an honest server: its host is done" done "$(jq_ "$tmp/honest.json" "j['hosts'][0]['state']")"
	is "an honest server: its figures" "10000 200.0" \
		"$(jq_ "$tmp/honest.json" "'%d %s' % (round(j['hosts'][0]['points'][0]['iops']), j['hosts'][0]['points'][0]['p99_us'])")"
	# With detect= (the host's `drivedash detect --json`), the run keeps the
	# drive's identity and its PCIe link, and its report says them; a detect
	# file without a link says that it had none.
	cat >"$tmp/det.json" <<'EOF2'
{"controllers": [{"name": "nvme0", "model": "KCD9XPJE7T68", "serial": "SN-LINK-1",
  "firmware": "1TCRS104", "pcie": {"speed_gts": 32.0, "width": 4},
  "namespaces": [{"name": "nvme0n1", "nsid": 1, "size_bytes": 67108864}]}],
 "block_devices": [{"name": "nvme0n1", "path": "/dev/nvme0n1", "size_bytes": 67108864,
  "model": "KCD9XPJE7T68", "kind": "disk", "nvme": true}]}
EOF2
	sed 's/, "pcie": {"speed_gts": 32.0, "width": 4}//; s/SN-LINK-1/SN-LINK-0/' \
		"$tmp/det.json" >"$tmp/det-nolink.json"
	for d in det det-nolink; do
		run "$dd" run --host "127.0.0.1:$port /dev/nvme0n1 size=64M detect=$tmp/$d.json" \
			--point 'randread,bs=4k,time=1' --results "$tmp/link.db" -q
		is "$d: a fleet run with detect=: exit 0" 0 "$rc"
	done
	run "$dd" report 'last:SN-LINK-1' --results "$tmp/link.db"
	like "a fleet run's report: the link the host's detect= gave" '^PCIe link: +Gen5 x4$' "$out"
	run "$dd" report 'last:SN-LINK-0' --results "$tmp/link.db"
	like "... and none when it gave none" "^PCIe link: +not in the host's detect= file$" "$out"
	# fio runs in the C locale whatever the user's (its output is parsed): a
	# shim first in PATH records the locale fio is started with.
	mkdir -p "$tmp/shim"
	printf '#!/bin/sh\necho "LC_ALL=${LC_ALL-unset}" >>"%s"\nexec "%s" "$@"\n' \
		"$tmp/shim/env" "$(command -v fio)" >"$tmp/shim/fio"
	chmod +x "$tmp/shim/fio"
	PATH="$tmp/shim:$PATH" LC_ALL=de_DE.UTF-8 run "$dd" run \
		--host "127.0.0.1:$port /dev/nvme0n1 size=64M" --point 'randread,bs=4k,time=1' \
		--no-save --json "$tmp/honest-de.json"
	is "a German locale: fio is started with LC_ALL=C, the figures as in C" \
		"0 LC_ALL=C 10000 200.0" "$rc $(sort -u "$tmp/shim/env" | tr '\n' ' ')$(jq_ \
		"$tmp/honest-de.json" "'%d %s' % (round(j['hosts'][0]['points'][0]['iops']), j['hosts'][0]['points'][0]['p99_us'])")"
	before=$(sum "$store")
	for case in "forge-iops:IOPS:inf" "forge-p99:p99:inf" "forge-mean:mean:-1e\+308" \
		"forge-order:p99:5000.*above"; do
		mode=${case%%:*}; rest=${case#*:}; field=${rest%%:*}; val=${rest#*:}
		fake_start "$mode"
		run "$dd" run --host "127.0.0.1:$port /dev/nvme0n1 size=64M" \
			--point 'randread,bs=4k,time=1' --results "$store" --json "$tmp/$mode.json"
		is "$mode: exit 1 (the host failed)" 1 "$rc"
		is "$mode: the host is not done" failed \
			"$(jq_ "$tmp/$mode.json" "j['hosts'][0]['state']")"
		like "$mode: the sentence names the host" "127\.0\.0\.1:$port" "$err"
		like "$mode: ... the field and the value" "$field.*$val" "$err"
		like "$mode: the JSON says why" "$field.*$val" \
			"$(jq_ "$tmp/$mode.json" "j['hosts'][0]['message']")"
	done
	is "forged figures: none stored (a host's failed point is not), none of their figures kept" "1 0" \
		"$(python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1])
print(c.execute('select count(*) from points where status = 0').fetchone()[0],
      c.execute('select count(*) from points where not (iops <= 1e10) or sum_mean_us < 0 or sum_p99_us > 1e6').fetchone()[0])" "$store")"
fi

# --- memory: the cgroup's limit, not only MemAvailable -----------------------------
# cg_make: a memory cgroup of 512 MiB below this process's own (v2, else v1)
# in $cg; false when none can be made.
cg_make() {
	[ "$(id -u)" = 0 ] || return 1
	_v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	_p2=$(sed -n 's/^0:://p' /proc/self/cgroup)
	if [ -n "$_v2" ] && grep -qw memory "$_v2$_p2/cgroup.controllers" 2>/dev/null; then
		cg=$_v2$_p2/dd-attack-$$
		mkdir "$cg" 2>/dev/null && echo 512M >"$cg/memory.max" 2>/dev/null &&
			echo 0 >"$cg/memory.swap.max" 2>/dev/null && return 0
		rmdir "$cg" 2>/dev/null
		cg=""
	fi
	_v1=$(awk '$3 == "cgroup" && $4 ~ /(^|,)memory(,|$)/ { print $2; exit }' /proc/mounts)
	_p1=$(sed -n 's/^[0-9]*:\([^:]*,\)\{0,1\}memory\(,[^:]*\)\{0,1\}://p' /proc/self/cgroup)
	[ -n "$_v1" ] || return 1
	cg=$_v1$_p1/dd-attack-$$
	mkdir "$cg" 2>/dev/null || { cg=""; return 1; }
	echo 512M >"$cg/memory.limit_in_bytes" 2>/dev/null && return 0
	rmdir "$cg"
	cg=""
	return 1
}

if cg_make; then
	run sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
		"$dd" run --scratch "$tmp/mem.dat" --size 64M --point 'randread,bs=1m,qd=256,jobs=4,time=1' \
		--ramp 0 --no-save
	is "a 1 GiB point in a 512 MiB cgroup: exit 2, not 137" 2 "$rc"
	like "a 1 GiB point in a 512 MiB cgroup: the sentence gives the limit" \
		"1 GiB of I/O buffers.*cgroup" "$err"
	ok "a 1 GiB point in a 512 MiB cgroup: no scratch file left" test ! -e "$tmp/mem.dat"
else
	echo "ok $((tap_n += 1)) # SKIP no memory cgroup could be made (root and cgroup v2 or v1 memory)"
fi

done_testing
