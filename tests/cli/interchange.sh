#!/bin/sh
# fio interchange (issue 11): `import` of real fio 3.x output made here (a
# scratch file and a zram device of this test's own; json and json+; several
# jobs; numjobs clones; a client/server run with two servers on loopback),
# checked figure by figure against fio's own numbers; `export` to json, csv
# and fio-json, and fio-json back through `import` with figures,
# percentiles and bins equal; malformed files refused with one sentence
# naming the file and the key, importing nothing; `runs` on an empty store.
# Every store is in this test's temporary directory, never the real one.
# Needs: fio and python3 (skips without); root for its zram device (that part
# skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-inter-XXXXXX)
zid=""
servers=""

cleanup() {
	for p in $servers; do kill "$p" 2>/dev/null; done
	for p in $servers; do wait "$p" 2>/dev/null; done
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v fio >/dev/null 2>&1 || skip_all "fio is not installed"
command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"

# Never the user's store: the default location is inside $tmp too.
XDG_DATA_HOME="$tmp/xdg"; export XDG_DATA_HOME
db="$tmp/results.db"

RUN_TIMEOUT=120		# tap.sh's run kills a hung command after 120 s

# nruns: how many runs the test store holds.
nruns() {
	"$dd" runs --json --results "$db" 2>/dev/null |
		python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' 2>/dev/null || echo 0
}

# fio_run OUT ARGS...: run fio, its whole output (warnings and JSON) in OUT.
fio_run() {
	_o=$1; shift
	timeout -s KILL 120 fio "$@" >"$_o" 2>&1
}

# check_import FIO_OUTPUT RUN: the run's points against fio's own figures,
# job by job: IOPS, mean and p99 (fio's lat when it has percentiles, else
# clat), the bins (json+) or no bins (json), the point's options; prints
# "ok" or what differs.
check_import() {
	"$dd" export "$2" --format json --results "$db" >"$tmp/exp.json" || { echo "export failed"; return; }
	python3 - "$1" "$tmp/exp.json" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
fio = json.loads(text[text.index('{'):])
dd = json.load(open(sys.argv[2]))
jobs = [j for j in fio.get('jobs', fio.get('client_stats', [])) if j['jobname'] != 'All clients']
pts = dd['points']
bad = []
def close(a, b, what):
    if a is None or b is None or abs(a - b) > 1e-9 * max(1.0, abs(b)):
        bad.append('%s: %r != %r' % (what, a, b))
if len(jobs) != len(pts):
    bad.append('%d jobs, %d points' % (len(jobs), len(pts)))
for i, (j, p) in enumerate(zip(jobs, pts)):
    dirs = [j[d] for d in ('read', 'write') if j[d]['total_ios'] > 0]
    close(p['iops'], sum(d['iops'] for d in dirs), 'job %d iops' % i)
    close(p['ios'], sum(d['total_ios'] for d in dirs), 'job %d ios' % i)
    if len(dirs) == 1:
        d = dirs[0]
        lat = d['lat_ns'] if 'percentile' in d['lat_ns'] else d['clat_ns']
        close(p['lat']['mean_us'], lat['mean'] / 1e3, 'job %d mean' % i)
        close(p['p99_us'], lat['percentile']['99.000000'] / 1e3, 'job %d p99' % i)
        for k, v in lat['percentile'].items():
            close(p['lat']['percentiles_us'].get(k), v / 1e3, 'job %d p%s' % (i, k))
        if 'bins' in lat:
            if not p['has_bins']:
                bad.append('job %d: json+ bins but has_bins false' % i)
            elif sum(p['histogram_ns'].values()) != sum(lat['bins'].values()):
                bad.append('job %d: bin counts differ' % i)
        elif p['has_bins'] or p['histogram_ns'] is not None:
            bad.append('job %d: json without bins but has_bins' % i)
    o = dict(fio.get('global options', {}), **j.get('job options', {}))
    if p['rw'] != o.get('rw', 'read').split(':')[0]:
        bad.append('job %d rw %s != %s' % (i, p['rw'], o.get('rw')))
    if 'hostname' in j and p['host'] != j['hostname']:
        bad.append('job %d host %r != %r' % (i, p['host'], j['hostname']))
print('ok' if not bad else '; '.join(bad[:4]))
EOF
}

# newest: the id of the run the last import stored (its last line "as run N").
newest() {
	printf '%s\n' "$out" | sed -n 's/.* as run \([0-9]*\):.*/\1/p' | tail -1
}

# --- runs on an empty store ------------------------------------------------
run "$dd" runs
is "runs, no store yet: exit 0" 0 "$rc"
like "runs, no store yet: says where the store is and how to fill it" \
	"No runs stored yet in $tmp/xdg/drivedash/results.db.*import" "$out"
run "$dd" runs --json
is "runs --json, no store yet: an empty array" "[]" "$(printf '%s' "$out" | tr -d ' \n')"

# --- fio on a scratch file: json+ with two jobs, json with group_reporting --
f="$tmp/scratch.dat"
truncate -s 16M "$f"
fio_run "$tmp/two.json" --output-format=json+ --filename="$f" --size=16M --runtime=500ms \
	--time_based --ioengine=psync \
	--name=rr --rw=randread --bs=4k \
	--name=sw --rw=write --bs=64k
ok "fio json+ on a file ran" grep -q '"fio version"' "$tmp/two.json"
fio_run "$tmp/grp.json" --output-format=json --filename="$f" --size=16M --runtime=500ms \
	--time_based --ioengine=psync --name=mix --rw=randrw --rwmixread=70 --bs=4k \
	--numjobs=2 --group_reporting
fio_run "$tmp/clones.json" --output-format=json --filename="$f" --size=16M --runtime=500ms \
	--time_based --ioengine=psync --name=cl --rw=randread --bs=8k --numjobs=2

run "$dd" import "$tmp/two.json" --results "$db"
is "import json+ (two jobs): exit 0" 0 "$rc"
like "import: says what it stored" "imported .*two.json as run [0-9]+: 2 points \(fio-3" "$out"
id_two=$(newest)
is "import json+: IOPS, mean, p99 and bins are fio's own" ok "$(check_import "$tmp/two.json" "$id_two")"
is "import json+: run provenance" "import fio-3 imported file $f two" \
	"$("$dd" export "$id_two" --results "$db" | python3 -c 'import json,sys; r=json.load(sys.stdin)["run"]
print(r["source"], r["version"][:5], r["state"], r["target"]["kind"], r["target"]["path"], r["plan"]["name"])')"

run "$dd" import "$tmp/grp.json" "$tmp/clones.json" --results "$db" --name "two files"
is "import two json files at once: exit 0" 0 "$rc"
id_grp=$(printf '%s\n' "$out" | sed -n 's/.*grp.json as run \([0-9]*\):.*/\1/p')
id_clones=$(newest)
is "import json (group_reporting): IOPS and mean are fio's own" ok \
	"$(check_import "$tmp/grp.json" "$id_grp")"
is "import json (group_reporting): one point of 2 jobs, 70 % reads" "1 2 70 False" \
	"$("$dd" export "$id_grp" --results "$db" | python3 -c 'import json,sys; p=json.load(sys.stdin)["points"]
print(len(p), p[0]["numjobs"], p[0]["read_pct"], p[0]["has_bins"])')"
is "import json (numjobs clones): a point per clone, each one job" "2 1 1 8192" \
	"$("$dd" export "$id_clones" --results "$db" | python3 -c 'import json,sys; p=json.load(sys.stdin)["points"]
print(len(p), p[0]["numjobs"], p[1]["numjobs"], p[0]["bs"])')"
is "import --name names the run" "two files" \
	"$("$dd" export "$id_clones" --results "$db" | python3 -c 'import json,sys; print(json.load(sys.stdin)["run"]["name"])')"

# --- fio on a zram device of our own (direct I/O, lat percentiles) --------
if [ -w /sys/class/zram-control/hot_add ]; then
	zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
fi
if [ -n "$zid" ] && echo 64M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
	z=/dev/zram$zid
	fio_run "$tmp/zram.json" --output-format=json+ --filename="$z" --direct=1 \
		--ioengine=io_uring --lat_percentiles=1 --runtime=500ms --time_based \
		--name=zr --rw=randread --bs=4k --iodepth=8
	run "$dd" import "$tmp/zram.json" --results "$db"
	is "import json+ from zram: exit 0" 0 "$rc"
	id_z=$(newest)
	is "import zram: IOPS, mean, p99 (fio's lat) and bins are fio's own" ok \
		"$(check_import "$tmp/zram.json" "$id_z")"
	is "import zram: the target, its device and fio's lat" "$z block zram$zid QD8 lat" \
		"$("$dd" export "$id_z" --results "$db" | python3 -c 'import json,sys; d=json.load(sys.stdin); t=d["run"]["target"]
print(t["path"], t["kind"], t["device"], d["points"][0]["name"].split()[2], "lat" if "fio'"'"'s lat " in d["points"][0]["message"] else "clat")')"
else
	echo "# no zram device of our own (zram module not loaded?): zram import not checked"
fi

# --- client/server: two fio servers on loopback ---------------------------
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
port2=$((port + 1))
fio --server=ip:127.0.0.1,$port >/dev/null 2>&1 &
servers="$!"
fio --server=ip:127.0.0.1,$port2 >/dev/null 2>&1 &
servers="$servers $!"
# Wait (at most 10 s) until both listen.
i=0
while [ $i -lt 100 ]; do
	ss -ltn 2>/dev/null | grep -q "127.0.0.1:$port " &&
		ss -ltn 2>/dev/null | grep -q "127.0.0.1:$port2 " && break
	i=$((i + 1))
	sleep 0.1
done
cat >"$tmp/cs.fio" <<EOF
[cs]
filename=$f
size=16M
rw=randread
bs=4k
ioengine=psync
runtime=500ms
time_based
EOF
fio_run "$tmp/cs.json" --client=127.0.0.1,$port --client=localhost,$port2 \
	--output-format=json+ "$tmp/cs.fio"
ok "fio client/server run produced client_stats" grep -q '"client_stats"' "$tmp/cs.json"
run "$dd" import "$tmp/cs.json" --results "$db"
is "import client/server: exit 0" 0 "$rc"
id_cs=$(newest)
is "import client/server: a point per host (not fio's 'All clients' sum), figures fio's own" ok \
	"$(check_import "$tmp/cs.json" "$id_cs")"
is "import client/server: the run's hosts" "127.0.0.1, localhost" \
	"$("$dd" export "$id_cs" --results "$db" | python3 -c 'import json,sys; print(", ".join(sorted(json.load(sys.stdin)["run"]["host"]["name"].split(", "))))')"

# --- export: csv, fio-json, and fio-json back through import --------------
run "$dd" export "$id_two" --format csv --results "$db"
is "export csv: exit 0" 0 "$rc"
is "export csv: the header" \
	"point,name,pattern,bs,iodepth,numjobs,read_pct,host,runtime_s,ios,iops,mbps,mean_us,p50_us,p99_us,p99.9_us,max_us,read_iops,read_mbps,read_mean_us,read_p99_us,write_iops,write_mbps,write_mean_us,write_p99_us,status,kind,group,seq,pass,rate_iops,rate_pct,profile,read_share,rate_spread,flush_s" \
	"$(printf '%s\n' "$out" | head -1)"
is "export csv: a row per point" 3 "$(printf '%s\n' "$out" | wc -l)"
is "export csv: the rows' patterns and block sizes" "randread,4096 write,65536" \
	"$(printf '%s\n' "$out" | tail -n +2 | cut -d, -f3,4 | tr '\n' ' ' | sed 's/ $//')"

run "$dd" export "$id_two" --format fio-json -o "$tmp/rt.json" --results "$db"
is "export fio-json -o FILE: exit 0" 0 "$rc"
is "export fio-json: fio's keys" \
	"fio version,timestamp,time,global options,jobs|jobname,job options,read,write|rw,bs,iodepth,numjobs|io_bytes,bw,bw_bytes,iops,runtime,total_ios,clat_ns,lat_ns|min,max,mean,stddev,N,percentile,bins" \
	"$(python3 -c 'import json; d=json.load(open("'"$tmp/rt.json"'")); j=d["jobs"][0]; r=j["read"]
print(",".join(k for k in ("fio version","timestamp","time","global options","jobs") if k in d)+"|"+
 ",".join(k for k in ("jobname","job options","read","write") if k in j)+"|"+
 ",".join(k for k in ("rw","bs","iodepth","numjobs") if k in j["job options"])+"|"+
 ",".join(k for k in ("io_bytes","bw","bw_bytes","iops","runtime","total_ios","clat_ns","lat_ns") if k in r)+"|"+
 ",".join(k for k in ("min","max","mean","stddev","N","percentile","bins") if k in r["lat_ns"]))')"
run "$dd" import "$tmp/rt.json" --results "$db"
is "export fio-json -> import: exit 0" 0 "$rc"
id_rt=$(newest)
"$dd" export "$id_two" --results "$db" >"$tmp/a.json"
"$dd" export "$id_rt" --results "$db" >"$tmp/b.json"
is "round trip: figures, percentiles and bins equal" ok "$(python3 - "$tmp/a.json" "$tmp/b.json" <<'EOF'
import json, sys
a, b = (json.load(open(f))['points'] for f in sys.argv[1:3])
bad = []
def eq(x, y, what):
    if x is None and y is None:
        return
    if x is None or y is None or abs(x - y) > 1e-6 * max(1.0, abs(x)):
        bad.append('%s: %r != %r' % (what, x, y))
if len(a) != len(b):
    bad.append('%d != %d points' % (len(a), len(b)))
for i, (p, q) in enumerate(zip(a, b)):
    for k in ('iops', 'mbps', 'ios', 'bytes', 'bs', 'iodepth', 'numjobs', 'read_pct'):
        eq(p[k], q[k], 'point %d %s' % (i, k))
    for k in ('n', 'min_us', 'max_us', 'mean_us', 'stdev_us'):
        eq(p['lat'][k], q['lat'][k], 'point %d lat.%s' % (i, k))
    for k, v in p['lat']['percentiles_us'].items():
        eq(v, q['lat']['percentiles_us'].get(k), 'point %d p%s' % (i, k))
    if p['rw'] != q['rw'] or p['has_bins'] != q['has_bins'] or p['histogram_ns'] != q['histogram_ns']:
        bad.append('point %d: pattern or bins differ' % i)
print('ok' if not bad else '; '.join(bad[:4]))
EOF
)"

# A drivedash run of its own, when `run` stores runs (--results).
if "$dd" run --help 2>&1 | grep -q -- '--results'; then
	run "$dd" run --target "$tmp/own.dat" --size 16M --point 'randread,bs=4k,qd=4,time=0.3s' \
		--ramp 0 --results "$db" -q
	is "a drivedash run is stored: exit 0" 0 "$rc"
	id_own=$("$dd" runs --json --results "$db" | python3 -c 'import json,sys; print(max(r["id"] for r in json.load(sys.stdin)))')
	"$dd" export "$id_own" --format fio-json -o "$tmp/own-fio.json" --results "$db"
	run "$dd" import "$tmp/own-fio.json" --results "$db"
	id_own2=$(newest)
	"$dd" export "$id_own" --results "$db" >"$tmp/a.json"
	"$dd" export "$id_own2" --results "$db" >"$tmp/b.json"
	is "round trip of a drivedash run: figures and percentiles equal, bins equal" ok \
		"$(python3 - "$tmp/a.json" "$tmp/b.json" <<'EOF'
import json, sys
a, b = (json.load(open(f))['points'][0] for f in sys.argv[1:3])
bad = [k for k in ('iops', 'ios', 'mean_us', 'p50_us', 'p99_us', 'p999_us', 'max_us')
       if a[k] is None or abs(a[k] - b[k]) > 1e-3 * max(1.0, abs(a[k]))]
if a['histogram_ns'] != b['histogram_ns']:
    bad.append('bins')
print('ok' if not bad else 'differ: ' + ', '.join(bad))
EOF
)"
else
	echo "# run has no --results yet: a drivedash run's own round trip not checked"
fi

# --- runs: the list and its filters ---------------------------------------
run "$dd" runs --results "$db"
is "runs: exit 0" 0 "$rc"
like "runs: the header" "ID +DATE +HOST +DRIVE +PRESET +PTS +BEST IOPS +BEST MB/s" "$out"
like "runs: an imported run with its preset and state" "two +2 .* imported" "$out"
run "$dd" runs --results "$db" "host:no-such-host-here"
is "runs with a query matching nothing: exit 1" 1 "$rc"
like "runs with a query matching nothing: says so" "no stored run matches 'host:no-such-host-here'" "$err"
run "$dd" runs --json --results "$db" "host:localhost"
is "runs host:localhost: the client/server run" "$id_cs" \
	"$(printf '%s' "$out" | python3 -c 'import json,sys; print(" ".join(str(r["id"]) for r in json.load(sys.stdin)))')"

# --- malformed input: exit 2, one sentence naming file and key, nothing stored
before=$(nruns)
head -c 3000 "$tmp/two.json" >"$tmp/trunc.json"
python3 - "$tmp/two.json" "$tmp" <<'EOF'
import json, sys
text = open(sys.argv[1]).read()
d = json.loads(text[text.index('{'):])
d['jobs'][1]['read']['iops'] = 'fast'
json.dump(d, open(sys.argv[2] + '/type.json', 'w'))
d = json.loads(text[text.index('{'):])
del d['jobs']
json.dump(d, open(sys.argv[2] + '/nojobs.json', 'w'))
d = json.loads(text[text.index('{'):])
d['jobs'] = []
json.dump(d, open(sys.argv[2] + '/empty-jobs.json', 'w'))
d = json.loads(text[text.index('{'):])
d['jobs'][0]['job options']['bs'] = 'huge'
json.dump(d, open(sys.argv[2] + '/bs.json', 'w'))
d = json.loads(text[text.index('{'):])
del d['jobs'][0]['write']['lat_ns']
json.dump(d, open(sys.argv[2] + '/nolat.json', 'w'))
EOF
: >"$tmp/empty.json"
printf 'fio: this is not JSON at all\n' >"$tmp/text.json"
mkdir "$tmp/adir"

# bad NAME FILE PATTERN: import FILE (after a good file) exits 2 with PATTERN.
bad() {
	run "$dd" import "$tmp/grp.json" "$2" --results "$db"
	is "import $1: exit 2" 2 "$rc"
	like "import $1: one sentence naming the file and the key" "$3" "$err"
	is "import $1: one line" 1 "$(printf '%s\n' "$err" | wc -l)"
}
bad "truncated JSON" "$tmp/trunc.json" "trunc.json: not valid JSON at line [0-9]+: .*nothing imported"
bad "a string for a number" "$tmp/type.json" \
	"type.json: jobs\[1\]\.read\.iops is a string, expected a number; nothing imported"
bad "no jobs" "$tmp/nojobs.json" "nojobs.json: jobs is missing"
bad "an empty jobs array" "$tmp/empty-jobs.json" "empty-jobs.json: jobs is empty"
bad "a bad block size" "$tmp/bs.json" \
	"bs.json: jobs\[0\]\.\"job options\"\.bs is \"huge\", expected a size"
bad "a missing latency" "$tmp/nolat.json" "nolat.json: jobs\[0\]\.write\.lat_ns is missing"
bad "an empty file" "$tmp/empty.json" "empty.json: the file is empty"
bad "text without JSON" "$tmp/text.json" "text.json: no JSON object in it"
bad "a directory" "$tmp/adir" "adir.*directory"
bad "/dev/zero" /dev/zero "/dev/zero.*(character device|not a regular file)"
bad "a missing file" "$tmp/nonexistent.json" "nonexistent.json"
is "malformed inputs: runs shows nothing new" "$before" "$(nruns)"

# --- exit codes of the table ----------------------------------------------
run "$dd" import --results "$db"
is "import without a file: exit 2" 2 "$rc"
run "$dd" export 99999 --results "$db"
is "export of no such run: exit 1" 1 "$rc"
run "$dd" export "$id_two" --format xml --results "$db"
is "export --format xml: exit 2" 2 "$rc"
like "export --format xml: names the formats" "json, csv, fio-json or text" "$err"
# -o - is standard output, as --json - is: no file named "-" appears.
(ddp=$(realpath "$dd") && cd "$tmp" && "$ddp" export "$id_two" --format csv -o - --results "$db" >"$tmp/dash.csv")
is "export -o -: the CSV on stdout, no file named -" "0 no-file" \
	"$? $([ -e "$tmp/-" ] && echo file || echo no-file)"
like "export -o -: ... its header line" '^point,name,pattern,' "$(head -1 "$tmp/dash.csv")"
run "$dd" export "$id_two" --format csv -o "$tmp/adir" --results "$db"
is "export -o a directory: exit 2" 2 "$rc"
run "$dd" export last --results "$tmp/none.db"
is "export from a store that does not exist: exit 2" 2 "$rc"
ok "export from a missing store creates nothing" test ! -e "$tmp/none.db"

# --- issue 12: a load curve through import, the reports and back ------------
# fio runs the curve's maximum and a step paced with rate_iops; the
# drivedash_* options our export writes are added as it would write them.
fio_run "$tmp/curve.json" --output-format=json+ --filename="$f" --size=16M --runtime=500ms \
	--time_based --ioengine=psync \
	--name=max --rw=randread --bs=4k --stonewall \
	--name=step --rw=randread --bs=4k --rate_iops=200 --stonewall
python3 - "$tmp/curve.json" "$tmp/curve-dd.json" <<'EOF2'
import json, sys
t = open(sys.argv[1]).read()
d = json.loads(t[t.index('{'):])
for j, kind in zip(d["jobs"], ["curve-max", "curve-step"]):
    o = j["job options"]
    o.update({"drivedash_kind": kind, "drivedash_profile": "4K random read",
              "drivedash_group": "1", "drivedash_seq": "0" if kind == "curve-max" else "1"})
    if kind == "curve-step":
        o["drivedash_rate_pct"] = "10"
json.dump(d, open(sys.argv[2], "w"))
EOF2
run "$dd" import "$tmp/curve-dd.json" --results "$db"
is "import a curve: exit 0" 0 "$rc"
id_curve=$(printf '%s' "$out" | sed -n 's/.* as run \([0-9]*\).*/\1/p')
run "$dd" export "$id_curve" --format text --results "$db"
is "export --format text: exit 0" 0 "$rc"
like "export --format text: the curve's table" "Load curve 1: 4K random read" "$out"
like "export --format text: the peak" "peak [0-9,]+ IOPS at" "$out"
like "export --format text: the paced step's note" "paced at 200 IOPS" "$out"
is "export json: one curve of a maximum and one step at 200 IOPS" "1 True 1 200.0 curve-step" \
	"$("$dd" export "$id_curve" --results "$db" | python3 -c 'import json,sys; d=json.load(sys.stdin)
c=d["curves"]; print(len(c), c[0]["max"] is not None, len(c[0]["steps"]), c[0]["steps"][0]["target_iops"], d["points"][1]["kind"])')"
"$dd" export "$id_curve" --format fio-json --results "$db" >"$tmp/curve-out.json"
ok "export fio-json: the step's rate_iops per job" \
	python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["jobs"][1]["job options"]; sys.exit(j["rate_iops"] != "200" or j["drivedash_kind"] != "curve-step")' "$tmp/curve-out.json"
run "$dd" import "$tmp/curve-out.json" --results "$db"
id_curve2=$(printf '%s' "$out" | sed -n 's/.* as run \([0-9]*\).*/\1/p')
is "export fio-json -> import: still a curve, same kinds, group and rate" \
	"curve-max 1 None curve-step 1 200.0 4K random read" \
	"$("$dd" export "$id_curve2" --results "$db" | python3 -c 'import json,sys; p=json.load(sys.stdin)["points"]
print(p[0]["kind"], p[0]["group"], p[0]["rate_iops"], p[1]["kind"], p[1]["group"], p[1]["rate_iops"], p[1]["profile"])')"
run "$dd" export "$id_curve2" --format csv --results "$db"
like "export csv: kind, group and rate columns" ",curve-step,1,1,0,200," "$out"

# A results file that is not a store: refused with a sentence, never changed.
head -c 5000 /dev/urandom >"$tmp/garbage.db"
gsum=$(cksum "$tmp/garbage.db" | cut -d' ' -f1,2)
run "$dd" runs --results "$tmp/garbage.db"
is "runs on a garbage store: exit 2" 2 "$rc"
like "runs on a garbage store: names it" "garbage.db" "$err"
run "$dd" import "$tmp/grp.json" --results "$tmp/garbage.db"
is "import into a garbage store: exit 2" 2 "$rc"
is "import into a garbage store: the file is unchanged" "$gsum" \
	"$(cksum "$tmp/garbage.db" | cut -d' ' -f1,2)"

done_testing
