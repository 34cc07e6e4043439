#!/usr/bin/env bash
# engine-vs-fio.sh: drivedash's io_uring engine against fio (and, when it is
# available, fio's t/io_uring peak tool) on RAM-backed block devices, so the
# numbers measure the I/O path's software cost, not a drive.
#
# Run as root from the build tree:
#   bench/engine-vs-fio.sh [--runtime S] [--ramp S] [--rounds N]
#                          [--targets zram,loop] [--quick] [--out FILE.csv]
# See bench/README.md for what it measures and how to read the table.
#
# Devices: it adds a zram device of its own (/sys/class/zram-control/hot_add;
# --zram zram0 uses zram0 instead) and a loop device (direct I/O) over a file
# in /dev/shm, 2 GiB each, fills both with incompressible data, and writes to
# nothing else.  Both are torn down on exit, always.

set -u
export LC_ALL=C

PROG=${0##*/}
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/.." && pwd)

# ---------------------------------------------------------------- options --

usage() {
	cat <<EOF
usage: $PROG [options]

Compare drivedash's io_uring engine with fio (ioengine=io_uring) on zram and
on a loop device over /dev/shm.  Needs root, fio, python3, /usr/bin/time.

  --runtime S       measured seconds per run (default 10; --quick: 3)
  --ramp S          ramp seconds per run, not measured (default 2; --quick: 1)
  --rounds N        rounds; every round runs every tool once per workload,
                    tools in rotating order (default 3; --quick: 1)
  --targets LIST    comma list of zram, loop (default zram,loop)
  --zram DEV        'new' (default): hot_add a zram device for this run and
                    remove it at the end; or an existing idle device such as
                    zram0 (reset, used, reset again; zram0 takes the lock
                    tests/unit/test-engine uses, so the two never share it)
  --quick           smoke test: --runtime 3 --ramp 1 --rounds 1
  --out FILE        raw per-run CSV (default bench/results-<date>.csv); the
                    summary table goes to FILE with .summary.txt
  --fio-modes LIST  fio job modes to try: thread, process (default both;
                    the better median IOPS per workload is "fio")
  --fio-extra OPTS  extra options appended to every fio measuring run
  --dd-extra OPTS   extra options appended to every drivedash run (e.g.
                    '--spin auto': bench/spin-decision.sh runs each mode)
  --workloads LIST  comma list of workload names to run (default all:
                    "4K randread QD1", "4K randread QD32", ...)
  --load N          keep N busy loops running during the runs (a loaded
                    machine: what spinning must not lose to); 0 default
  --drivedash PATH  binary to test (default: drivedash of this build tree)
  --keep-raw DIR    keep every tool's raw JSON/log output in DIR
  -h, --help        this text

Environment: FIO_T_IO_URING=/path/to/fio/t/io_uring to add fio's peak tool
as the host ceiling for the 4K random read cases.
EOF
}

opt_runtime="" opt_ramp="" opt_rounds="" quick=0
targets="zram,loop"
out=""
fio_modes="thread,process"
fio_extra=""
dd_extra=""
only_workloads=""
load=0
dd_bin="$TOP/drivedash"
keep_raw=""
zram_opt="new"

die() { echo "$PROG: $*" >&2; exit 2; }
need_arg() { [ $# -ge 2 ] || die "$1 needs a value"; }

while [ $# -gt 0 ]; do
	case $1 in
	--runtime) need_arg "$@"; opt_runtime=$2; shift 2 ;;
	--ramp) need_arg "$@"; opt_ramp=$2; shift 2 ;;
	--rounds) need_arg "$@"; opt_rounds=$2; shift 2 ;;
	--targets) need_arg "$@"; targets=$2; shift 2 ;;
	--quick) quick=1; shift ;;
	--out) need_arg "$@"; out=$2; shift 2 ;;
	--fio-modes) need_arg "$@"; fio_modes=$2; shift 2 ;;
	--fio-extra) need_arg "$@"; fio_extra=$2; shift 2 ;;
	--dd-extra) need_arg "$@"; dd_extra=$2; shift 2 ;;
	--workloads) need_arg "$@"; only_workloads=$2; shift 2 ;;
	--load) need_arg "$@"; load=$2; shift 2 ;;
	--drivedash) need_arg "$@"; dd_bin=$2; shift 2 ;;
	--keep-raw) need_arg "$@"; keep_raw=$2; shift 2 ;;
	--zram) need_arg "$@"; zram_opt=${2#/dev/}; shift 2 ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; die "unknown option: $1" ;;
	esac
done

if [ "$quick" = 1 ]; then
	runtime=${opt_runtime:-3} ramp=${opt_ramp:-1} rounds=${opt_rounds:-1}
else
	runtime=${opt_runtime:-10} ramp=${opt_ramp:-2} rounds=${opt_rounds:-3}
fi
case $runtime in ''|*[!0-9]*|0) die "--runtime wants whole seconds > 0" ;; esac
case $ramp in ''|*[!0-9]*) die "--ramp wants whole seconds >= 0" ;; esac
case $rounds in ''|*[!0-9]*|0) die "--rounds wants a count > 0" ;; esac
case $load in ''|*[!0-9]*) die "--load wants a count of busy loops >= 0" ;; esac
case $zram_opt in new|zram[0-9]|zram[0-9][0-9]) ;; *) die "--zram wants 'new' or zramN" ;; esac

do_zram=0 do_loop=0
for t in ${targets//,/ }; do
	case $t in
	zram) do_zram=1 ;;
	loop) do_loop=1 ;;
	*) die "unknown target '$t' (zram, loop)" ;;
	esac
done
fio_thread=0 fio_process=0
for m in ${fio_modes//,/ }; do
	case $m in
	thread) fio_thread=1 ;;
	process) fio_process=1 ;;
	*) die "unknown fio mode '$m' (thread, process)" ;;
	esac
done
[ $((fio_thread + fio_process)) -gt 0 ] || die "--fio-modes is empty"

stamp=$(date +%Y%m%d-%H%M%S)
[ -n "$out" ] || out="$HERE/results-$stamp.csv"
case $out in /*) ;; *) out="$PWD/$out" ;; esac
summary="${out%.csv}.summary.txt"

# ------------------------------------------------------------ environment --

SIZE_MIB=2048
ZRAM=""		# the zram device in use, e.g. zram1
ZRAM_LOCK=drivedash-test-zram0.lock	# tests/unit/test-engine.c takes the same lock

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }

[ "$(id -u)" -eq 0 ] || die "needs root (zram, loop devices)"
[ -x "$dd_bin" ] || die "$dd_bin is not built (cd $TOP && make -j2)"

missing=""
command -v fio >/dev/null 2>&1 || missing="$missing fio"
[ -x /usr/bin/time ] || missing="$missing time"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
command -v losetup >/dev/null 2>&1 || missing="$missing mount"
if [ -n "$missing" ]; then
	log "installing:$missing"
	# shellcheck disable=SC2086
	apt-get install -y $missing >/dev/null || die "cannot install:$missing"
fi
PY=$(command -v python3)

tio=${FIO_T_IO_URING:-}
if [ -n "$tio" ] && [ ! -x "$tio" ]; then
	log "FIO_T_IO_URING=$tio is not an executable; ignoring it"
	tio=""
fi

# ---------------------------------------------------------------- cleanup --

tmp=""
child=""
zram_ours=0	# we sized $ZRAM: reset it at the end
zram_added=""	# device number we hot_added: remove it at the end
loopdev=""
shmfile=""

# Stop the running tool (its whole process group), wait until it is gone.
stop_child() {
	[ -n "$child" ] || return 0
	kill -TERM -- "-$child" 2>/dev/null
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		kill -0 -- "-$child" 2>/dev/null || break
		sleep 0.25
	done
	kill -KILL -- "-$child" 2>/dev/null
	wait "$child" 2>/dev/null
	child=""
}

cleanup() {
	rc=$?
	trap - EXIT INT TERM HUP
	# A signal can land while a tool's output is redirected: talk to the
	# script's own stdout and stderr again.
	exec 1>&6 2>&7
	stop_child
	[ -z "${load_pids:-}" ] || kill $load_pids 2>/dev/null
	if [ -n "$loopdev" ]; then
		losetup -d "$loopdev" 2>/dev/null || log "warning: cannot detach $loopdev"
		loopdev=""
	fi
	if [ -n "$shmfile" ]; then
		rm -f "$shmfile"
		shmfile=""
	fi
	if [ "$zram_ours" = 1 ]; then
		exec 9<&-	# the fd that kept $ZRAM ours
		ok=0
		for _ in 1 2 3 4 5; do
			if { echo 1 >"/sys/block/$ZRAM/reset"; } 2>/dev/null; then
				ok=1
				break
			fi
			sleep 1
		done
		[ "$ok" = 1 ] || log "warning: cannot reset $ZRAM"
		zram_ours=0
	fi
	if [ -n "$zram_added" ]; then
		{ echo "$zram_added" >/sys/class/zram-control/hot_remove; } 2>/dev/null ||
			log "warning: cannot remove zram$zram_added"
		zram_added=""
	fi
	if [ -n "$tmp" ]; then
		if [ -n "$keep_raw" ]; then
			mkdir -p "$keep_raw" && cp -a "$tmp/." "$keep_raw/" &&
				log "raw output kept in $keep_raw"
		fi
		rm -rf "$tmp"
	fi
	exit "$rc"
}
exec 6>&1 7>&2
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Job control: every tool runs in its own process group, so a signal stops
# it (and whatever it forked) before the devices are torn down.
set -m

# Run a command in the background in its own process group and wait for it.
run_child() {
	"$@" &
	child=$!
	wait "$child"
	local rc=$?
	child=""
	return $rc
}

tmp=$(mktemp -d /tmp/ddbench-XXXXXX) || die "cannot make a temporary directory"

# Test a snapshot of the binary: the tree may be rebuilt during the run.
cp "$dd_bin" "$tmp/drivedash" || die "cannot copy $dd_bin"
dd_run="$tmp/drivedash"
dd_sum=$(sha256sum "$dd_run" | cut -c1-12)
dd_built=$(date -r "$dd_bin" '+%F %T')

# ------------------------------------------------------------ the parser --

cat >"$tmp/ddbench.py" <<'PYEOF'
"""Parsing and summary for engine-vs-fio.sh (writes CSV rows, prints tables)."""
import csv, json, math, os, re, statistics, sys

COLS = ["round", "seq", "target", "device", "workload", "tool", "rw", "bs",
        "qd", "jobs", "runtime_s", "ramp_s", "status", "iops", "ios",
        "lat_mean_us", "clat_mean_us", "slat_mean_us", "lat_p50_us",
        "lat_p99_us", "lat_p999_us", "lat_max_us", "eng_user_s", "eng_sys_s",
        "eng_us_per_io", "dd_proc_us_per_io", "time_user_s", "time_sys_s",
        "time_elapsed_s", "time_us_per_io", "tio_max_iops", "loadavg1", "note"]


def num(x):
    try:
        v = float(x)
    except (TypeError, ValueError):
        return math.nan
    return v


def read_time(path):
    """/usr/bin/time -f '%U %S %e': the last line (a failing command adds one)."""
    try:
        lines = [l.split() for l in open(path) if l.strip()]
    except OSError:
        return math.nan, math.nan, math.nan
    for f in reversed(lines):
        if len(f) == 3:
            try:
                return float(f[0]), float(f[1]), float(f[2])
            except ValueError:
                continue
    return math.nan, math.nan, math.nan


def pct(d, key, scale):
    if not d:
        return math.nan
    for k, v in d.items():
        if abs(float(k) - key) < 1e-6:
            return num(v) / scale
    return math.nan


def parse_dd(path):
    r = {}
    d = json.load(open(path))
    p = d["points"][0]
    r["status"] = p["status"]
    r["note"] = p.get("message", "")
    r["iops"] = p["iops"]
    r["ios"] = p["ios"]
    lat = p["lat"]
    r["lat_mean_us"] = lat["mean_us"]
    r["lat_p50_us"] = pct(lat.get("percentiles_us"), 50, 1)
    r["lat_p99_us"] = pct(lat.get("percentiles_us"), 99, 1)
    r["lat_p999_us"] = pct(lat.get("percentiles_us"), 99.9, 1)
    r["lat_max_us"] = lat["max_us"]
    c = p["cpu"]
    r["eng_user_s"] = c["user_s"]
    r["eng_sys_s"] = c["sys_s"]
    r["eng_us_per_io"] = c["us_per_io"]
    r["dd_proc_us_per_io"] = c["process_us_per_io"]
    return r


def parse_fio(path):
    r = {}
    txt = open(path).read()
    # fio may print notes before the JSON object.
    d = json.loads(txt[txt.index("{"):])
    j = d["jobs"][0]
    r["status"] = j.get("error", 0)
    ios = iops = 0.0
    lat = clat = slat = 0.0
    pcts = {}
    lmax = 0.0
    for ddir in ("read", "write"):
        s = j[ddir]
        n = s["total_ios"]
        if n <= 0:
            continue
        ios += n
        iops += s["iops"]
        lat += s["lat_ns"]["mean"] * n
        clat += s["clat_ns"]["mean"] * n
        slat += s["slat_ns"]["mean"] * n
        lmax = max(lmax, s["lat_ns"]["max"])
        pcts = s["clat_ns"].get("percentile", {})
    r["iops"] = iops
    r["ios"] = int(ios)
    if ios:
        r["lat_mean_us"] = lat / ios / 1e3
        r["clat_mean_us"] = clat / ios / 1e3
        r["slat_mean_us"] = slat / ios / 1e3
    r["lat_p50_us"] = pct(pcts, 50, 1e3)
    r["lat_p99_us"] = pct(pcts, 99, 1e3)
    r["lat_p999_us"] = pct(pcts, 99.9, 1e3)
    r["lat_max_us"] = lmax / 1e3
    # usr_cpu/sys_cpu are percent of the job's runtime; job_runtime (ms) is
    # summed over the jobs of a group, so this is CPU seconds of all jobs.
    cpu_s = (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * j["job_runtime"] / 1e3
    r["eng_user_s"] = j["usr_cpu"] / 100.0 * j["job_runtime"] / 1e3
    r["eng_sys_s"] = j["sys_cpu"] / 100.0 * j["job_runtime"] / 1e3
    r["eng_us_per_io"] = cpu_s * 1e6 / ios if ios else math.nan
    r["note"] = "clat pcts"
    return r


def parse_tio(path, ramp):
    vals = []
    for line in open(path):
        m = re.match(r"IOPS=([0-9.]+)([KM]?),", line)
        if not m:
            continue
        v = float(m.group(1)) * {"": 1, "K": 1e3, "M": 1e6}[m.group(2)]
        vals.append(v)
    meas = vals[int(ramp):] or vals
    r = {"status": 0 if meas else 1,
         "iops": statistics.median(meas) if meas else math.nan,
         "tio_max_iops": max(meas) if meas else math.nan,
         "note": "per-second samples after ramp: %d" % len(meas)}
    return r


def add_row(args):
    """add CSV TOOL RAWFILE TIMEFILE key=value..."""
    csvpath, tool, raw, timef = args[:4]
    meta = dict(a.split("=", 1) for a in args[4:])
    exit_code = meta.pop("exit", "0")
    row = {k: "" for k in COLS}
    row.update(meta)
    row["tool"] = tool
    try:
        if tool == "drivedash":
            row.update(parse_dd(raw))
        elif tool.startswith("fio"):
            row.update(parse_fio(raw))
        elif tool == "t/io_uring":
            row.update(parse_tio(raw, num(meta.get("ramp_s", 0))))
    except Exception as e:  # a failed run still gets a row
        row["status"] = "parse-error"
        row["note"] = "%s: %s" % (type(e).__name__, e)
    if exit_code != "0" and str(row["status"]) in ("0", ""):
        row["status"] = "exit-" + exit_code
    u, s, el = read_time(timef) if timef != "-" else (math.nan,) * 3
    row["time_user_s"], row["time_sys_s"], row["time_elapsed_s"] = u, s, el
    ios = num(row.get("ios"))
    if ios and ios > 0 and not math.isnan(u):
        row["time_us_per_io"] = (u + s) * 1e6 / ios
    try:
        row["loadavg1"] = open("/proc/loadavg").read().split()[0]
    except OSError:
        pass
    for k, v in list(row.items()):
        if isinstance(v, float):
            row[k] = "" if math.isnan(v) else ("%.6g" % v if abs(v) < 1e6 else "%.1f" % v)
    new = not os.path.exists(csvpath) or os.path.getsize(csvpath) == 0
    with open(csvpath, "a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLS)
        if new:
            w.writeheader()
        w.writerow(row)
    st = row["status"]
    ok = str(st) in ("0", "")
    print("    %-12s %s IOPS=%s lat=%sus cpu/io eng=%s time=%s%s" % (
        tool, "ok " if ok else "ERR", fmt_k(num(row["iops"])),
        fmt(num(row.get("lat_mean_us")), 1), fmt(num(row.get("eng_us_per_io")), 2),
        fmt(num(row.get("time_us_per_io")), 2),
        "" if ok else "  (%s: %s)" % (st, row.get("note", ""))))


def fmt(v, d):
    return "-" if v is None or math.isnan(v) else "%.*f" % (d, v)


def fmt_k(v):
    if v is None or math.isnan(v):
        return "-"
    return "%.1fk" % (v / 1e3)


def med(rows, key):
    vals = [num(r.get(key)) for r in rows]
    vals = [v for v in vals if not math.isnan(v)]
    return statistics.median(vals) if vals else math.nan


def summary(args):
    csvpath = args[0]
    rows = [r for r in csv.DictReader(open(csvpath))]
    good = [r for r in rows if r["status"] in ("0", "")]
    order = []
    for r in rows:
        k = (r["target"], r["workload"])
        if k not in order:
            order.append(k)
    out = []
    P = out.append
    hdr = ("%-5s %-19s %10s %10s %-7s %6s | %8s %8s %8s | %7s %7s | %7s %7s | %10s"
           % ("tgt", "workload", "dd IOPS", "fio IOPS", "fio", "ratio",
              "dd lat", "fio clat", "fio lat", "dd eng", "fio eng",
              "dd proc", "fio prc", "t/io_uring"))
    P("IOPS: median of rounds.  Latency: mean us (dd: submit->reap; fio clat, and")
    P("fio lat = slat+clat).  CPU: us per I/O, 'eng' = the tool's own report")
    P("(worker threads), 'proc' = /usr/bin/time user+sys of the whole process.")
    P("")
    P(hdr)
    P("-" * len(hdr))
    verdicts = []
    for tgt, wl in order:
        sel = [r for r in good if r["target"] == tgt and r["workload"] == wl]
        dd = [r for r in sel if r["tool"] == "drivedash"]
        modes = sorted({r["tool"] for r in sel if r["tool"].startswith("fio")})
        best, best_iops = None, -1.0
        for m in modes:
            v = med([r for r in sel if r["tool"] == m], "iops")
            if not math.isnan(v) and v > best_iops:
                best, best_iops = m, v
        fio = [r for r in sel if r["tool"] == best] if best else []
        tio = [r for r in sel if r["tool"] == "t/io_uring"]
        d = {k: med(dd, k) for k in ("iops", "lat_mean_us", "eng_us_per_io", "time_us_per_io")}
        f = {k: med(fio, k) for k in ("iops", "lat_mean_us", "clat_mean_us",
                                      "eng_us_per_io", "time_us_per_io")}
        ratio = d["iops"] / f["iops"] if f["iops"] and not math.isnan(f["iops"]) else math.nan
        t = med(tio, "iops")
        is_rr4k = wl.startswith("4K randread")
        tio_s = fmt_k(t) if tio else ("n/a" if is_rr4k else "")
        P("%-5s %-19s %10s %10s %-7s %6s | %8s %8s %8s | %7s %7s | %7s %7s | %10s" % (
            tgt, wl, fmt_k(d["iops"]), fmt_k(f["iops"]),
            (best or "-").replace("fio-", ""), fmt(ratio, 2),
            fmt(d["lat_mean_us"], 1), fmt(f["clat_mean_us"], 1), fmt(f["lat_mean_us"], 1),
            fmt(d["eng_us_per_io"], 2), fmt(f["eng_us_per_io"], 2),
            fmt(d["time_us_per_io"], 2), fmt(f["time_us_per_io"], 2), tio_s))
        n_dd, n_f = len(dd), len(fio)
        def pf(ok):
            return "?" if ok is None else ("PASS" if ok else "MISS")
        def le(a, b):
            return None if math.isnan(a) or math.isnan(b) else a <= b
        def ge(a, b):
            return None if math.isnan(a) or math.isnan(b) else a >= b
        v = []
        if wl.startswith("4K randread QD32"):
            v.append("IOPS >= 1.3x fio: %s (%sx)" % (pf(ge(ratio, 1.3)), fmt(ratio, 2)))
            if tio:
                tr = d["iops"] / t if t and not math.isnan(t) else math.nan
                v.append("IOPS >= 0.9x t/io_uring: %s (%sx)" % (pf(ge(tr, 0.9)), fmt(tr, 2)))
        if wl.startswith("4K randread QD1"):
            v.append("IOPS >= 1.0x fio: %s (%sx)" % (pf(ge(ratio, 1.0)), fmt(ratio, 2)))
            v.append("mean lat <= fio lat (slat+clat): %s (%s vs %s us)" % (
                pf(le(d["lat_mean_us"], f["lat_mean_us"])),
                fmt(d["lat_mean_us"], 2), fmt(f["lat_mean_us"], 2)))
            v.append("mean lat <= fio clat: %s (%s vs %s us)" % (
                pf(le(d["lat_mean_us"], f["clat_mean_us"])),
                fmt(d["lat_mean_us"], 2), fmt(f["clat_mean_us"], 2)))
        v.append("CPU/IO <= fio, whole process: %s (%s vs %s)" % (
            pf(le(d["time_us_per_io"], f["time_us_per_io"])),
            fmt(d["time_us_per_io"], 2), fmt(f["time_us_per_io"], 2)))
        v.append("CPU/IO <= fio, tool-reported: %s (%s vs %s)" % (
            pf(le(d["eng_us_per_io"], f["eng_us_per_io"])),
            fmt(d["eng_us_per_io"], 2), fmt(f["eng_us_per_io"], 2)))
        pr = med(dd, "dd_proc_us_per_io")
        if not math.isnan(pr) and not math.isnan(d["eng_us_per_io"]) and \
                pr > 1.3 * d["eng_us_per_io"]:
            v.append("note: drivedash's own process rusage says %s us/IO, its worker "
                     "threads %s: the kernel ran I/O in io-wq threads, which no "
                     "tool-reported figure counts" % (fmt(pr, 2), fmt(d["eng_us_per_io"], 2)))
        if n_dd == 0 or n_f == 0:
            v.append("(no successful %s run)" % ("drivedash" if n_dd == 0 else "fio"))
        verdicts.append((tgt, wl, v))
    P("")
    P("Design targets (medians):")
    for tgt, wl, v in verdicts:
        P("  %s %s" % (tgt, wl))
        for s in v:
            P("      %s" % s)
    # Every round's IOPS per tool (fio's modes side by side, so "fio's
    # best" can be checked) and the 1-minute load average seen meanwhile.
    tools = ["drivedash"] + sorted({r["tool"] for r in good if r["tool"] != "drivedash"})
    P("")
    P("IOPS (k) of every round, round 1/2/..., and the load average (1 min) over the runs:")
    for tgt, wl in order:
        sel = [r for r in rows if r["target"] == tgt and r["workload"] == wl]
        parts = []
        for t in tools:
            v = [r for r in sel if r["tool"] == t]
            if v:
                parts.append("%s %s" % (t.replace("drivedash", "dd"), "/".join(
                    ("%.0f" % (num(r["iops"]) / 1e3)) if r in good else "ERR" for r in v)))
        loads = [num(r["loadavg1"]) for r in sel if not math.isnan(num(r["loadavg1"]))]
        P("  %-5s %-19s %s  load %s" % (tgt, wl, "  ".join(parts),
          ("%.1f-%.1f" % (min(loads), max(loads))) if loads else "-"))
    bad = [r for r in rows if r["status"] not in ("0", "")]
    if bad:
        P("")
        P("Failed runs (left out of the medians):")
        for r in bad:
            P("  round %s %s %s %s: %s %s" % (r["round"], r["target"], r["workload"],
                                          r["tool"], r["status"], r["note"]))
    print("\n".join(out))


if __name__ == "__main__":
    cmd, rest = sys.argv[1], sys.argv[2:]
    {"add": add_row, "summary": summary}[cmd](rest)
PYEOF

# -------------------------------------------------------------- devices --

# Is a block device node open by any process, mounted, swap or held?
dev_busy() {
	local dev=$1 name=${1##*/} p
	grep -q "^$dev " /proc/mounts && return 0
	grep -q "^$dev " /proc/swaps && return 0
	[ -n "$(ls -A "/sys/block/$name/holders" 2>/dev/null)" ] && return 0
	for p in /proc/[0-9]*/fd/*; do
		[ "$(readlink "$p" 2>/dev/null)" = "$dev" ] && return 0
	done
	return 1
}

# Fill a target with incompressible data, 1 MiB writes.
fill() {
	local path=$1 direct=$2
	run_child fio --name=fill --filename="$path" --size="${SIZE_MIB}M" \
		--rw=write --bs=1M --direct="$direct" --ioengine=psync \
		--buffer_compress_percentage=0 --refill_buffers --end_fsync=0 \
		--output="$tmp/fill.log" --output-format=terse >/dev/null 2>&1 ||
		run_child dd if=/dev/urandom of="$path" bs=1M count="$SIZE_MIB" \
			oflag=direct status=none
}

setup_zram() {
	local z st id
	if [ "$zram_opt" = new ]; then
		if [ ! -e /sys/class/zram-control/hot_add ]; then
			command -v modprobe >/dev/null 2>&1 && modprobe zram num_devices=1 2>/dev/null
		fi
		if ! id=$(cat /sys/class/zram-control/hot_add 2>/dev/null) || [ -z "$id" ]; then
			log "zram: cannot add a zram device (no zram module?); skipping zram (or use --zram zram0)"
			return 1
		fi
		zram_added=$id
		ZRAM=zram$id
		z=/sys/block/$ZRAM
		[ -d "$z" ] || { log "zram: hot_add gave $ZRAM, which does not exist"; return 1; }
		if [ "$(cat "$z/disksize")" != 0 ]; then
			log "zram: the new $ZRAM is already sized; not touching it"
			zram_added=""
			return 1
		fi
	else
		ZRAM=$zram_opt
		z=/sys/block/$ZRAM
		[ -d "$z" ] || { log "zram: /dev/$ZRAM does not exist; skipping zram"; return 1; }
		if [ "$ZRAM" = zram0 ]; then
			# Cooperate with tests/unit/test-engine, which locks zram0.
			local lockdir=/run/lock
			[ -w "$lockdir" ] || lockdir=/dev/shm
			exec 8>"$lockdir/$ZRAM_LOCK" || return 1
			log "zram: taking $lockdir/$ZRAM_LOCK (tests/unit/test-engine holds it while it uses zram0)"
			if ! flock -w 600 8; then
				log "zram: $ZRAM stayed locked for 10 minutes; skipping zram"
				return 1
			fi
		fi
		if dev_busy "/dev/$ZRAM"; then
			log "zram: /dev/$ZRAM is in use (open, mounted, swap or held); skipping zram"
			return 1
		fi
		if ! { echo 1 >"$z/reset"; } 2>/dev/null; then
			log "zram: cannot reset /dev/$ZRAM (busy); skipping zram"
			return 1
		fi
	fi
	zram_ours=1
	echo "${SIZE_MIB}M" >"$z/disksize" || { log "zram: cannot set disksize"; return 1; }
	# Hold it open until the end, so nobody can reset it under us.
	exec 9<"/dev/$ZRAM" || { log "zram: cannot open /dev/$ZRAM"; return 1; }
	log "zram: /dev/$ZRAM ${zram_added:+(added for this run) }${SIZE_MIB} MiB, $(sed 's/.*\[\(.*\)\].*/\1/' "$z/comp_algorithm"); filling with random data"
	fill "/dev/$ZRAM" 1 || { log "zram: fill failed"; return 1; }
	# mm_stat: orig compr mem_used mem_limit mem_max same_pages compacted huge
	st=$(cat "$z/mm_stat")
	# shellcheck disable=SC2086
	set -- $st
	log "zram: filled: orig=$(($1 >> 20)) MiB compr=$(($2 >> 20)) MiB same_pages=$6 huge_pages=${8:-?}"
	if [ "$1" -lt $(((SIZE_MIB << 20) * 99 / 100)) ]; then
		log "zram: only $(($1 >> 20)) MiB were written; skipping zram"
		return 1
	fi
	if [ "$2" -lt $(($1 * 9 / 10)) ]; then
		log "zram: warning: the data compressed to $(($2 * 100 / $1))%; reads will be flattered"
	fi
	return 0
}

setup_loop() {
	local back dio
	shmfile=$(mktemp /dev/shm/ddbench-loop-XXXXXX.img) || { log "loop: cannot make a file in /dev/shm"; return 1; }
	log "loop: filling $shmfile (${SIZE_MIB} MiB, random data)"
	fill "$shmfile" 0 || { log "loop: fill failed"; return 1; }
	[ "$(stat -c %s "$shmfile")" -ge $((SIZE_MIB << 20)) ] || { log "loop: short fill"; return 1; }
	loopdev=$(losetup --find --show --direct-io=on "$shmfile") || { loopdev=""; log "loop: losetup failed"; return 1; }
	back=$(losetup -n -O BACK-FILE "$loopdev" 2>/dev/null | sed 's/[[:space:]]*$//')
	if [ "$back" != "$shmfile" ]; then
		log "loop: $loopdev is not backed by $shmfile ('$back'); refusing to use it"
		return 1
	fi
	dio=$(cat "/sys/block/${loopdev##*/}/loop/dio" 2>/dev/null || echo "?")
	log "loop: $loopdev over $shmfile, direct I/O=$dio, logical block $(cat "/sys/block/${loopdev##*/}/queue/logical_block_size")"
	[ "$dio" = 1 ] || log "loop: warning: direct I/O is off; the loop device goes through the page cache"
	return 0
}

# ------------------------------------------------------------ workloads --

# name | drivedash/fio rw | bs | qd | jobs
WORKLOADS='4K randread QD1|randread|4k|1|1
4K randread QD32|randread|4k|32|1
4K randread QD32 x2|randread|4k|32|2
128K read QD16|read|128k|16|1
4K randwrite QD32|randwrite|4k|32|1'

# --workloads: keep the named ones only.
if [ -n "$only_workloads" ]; then
	keep=""
	while IFS='|' read -r name rest; do
		case ",$only_workloads," in *",$name,"*) keep="$keep$name|$rest
" ;; esac
	done <<EOF
$WORKLOADS
EOF
	[ -n "$keep" ] || die "--workloads matched none of the workload names"
	WORKLOADS=$(printf '%s' "$keep")
fi

seq=0

# run_tool ROUND TARGET DEV TOOL NAME RW BS QD JOBS
run_tool() {
	local round=$1 tgt=$2 dev=$3 tool=$4 name=$5 rw=$6 bs=$7 qd=$8 jobs=$9
	local raw tf rc=0 bsb
	seq=$((seq + 1))
	raw="$tmp/$(printf %04d $seq)-$tgt-${tool//\//_}-${rw}-${bs}-qd$qd-j$jobs"
	tf="$raw.time"
	case $tool in
	drivedash)
		local wflag=""
		[ "$rw" = randwrite ] || [ "$rw" = write ] && wflag="--allow-write"
		run_child /usr/bin/time -f '%U %S %e' -o "$tf" \
			"$dd_run" run --target "$dev" \
			--point "$rw,bs=$bs,qd=$qd,jobs=$jobs,time=${runtime}s,ramp=${ramp}s" \
			--json "$raw.json" -q $wflag $dd_extra >"$raw.log" 2>&1 || rc=$?
		[ $rc -eq 0 ] || sed 's/^/      drivedash: /' "$raw.log" | tail -3
		;;
	fio-thread|fio-process)
		local thr=""
		[ "$tool" = fio-thread ] && thr="--thread=1"
		# shellcheck disable=SC2086
		run_child /usr/bin/time -f '%U %S %e' -o "$tf" \
			fio --name="$name" --filename="$dev" --ioengine=io_uring \
			--direct=1 --fixedbufs=1 --registerfiles=1 --hipri=0 \
			--sqthread_poll=0 $thr --norandommap=1 --randrepeat=0 \
			--time_based=1 --runtime="$runtime" --ramp_time="$ramp" \
			--group_reporting=1 --rw="$rw" --bs="$bs" --iodepth="$qd" \
			--numjobs="$jobs" $fio_extra \
			--output-format=json --output="$raw.json" >"$raw.log" 2>&1 || rc=$?
		[ $rc -eq 0 ] || sed 's/^/      fio: /' "$raw.log" | tail -3
		;;
	t/io_uring)
		bsb=$(( ${bs%k} * 1024 ))
		local b=$(( qd < 32 ? qd : 32 ))
		run_child /usr/bin/time -f '%U %S %e' -o "$tf" \
			"$tio" -d "$qd" -s "$b" -c "$b" -b "$bsb" -p 0 -B 1 -F 1 \
			-n "$jobs" -O 1 -R 1 -r $((runtime + ramp)) "$dev" \
			>"$raw.json" 2>&1 || rc=$?
		tf="-"	# its whole-process CPU would divide by an unknown I/O count
		;;
	esac
	"$PY" "$tmp/ddbench.py" add "$out" "$tool" "$raw.json" "$tf" \
		round="$round" seq="$seq" target="$tgt" device="$dev" \
		workload="$name" rw="$rw" bs="$bs" qd="$qd" jobs="$jobs" \
		runtime_s="$runtime" ramp_s="$ramp" exit="$rc"
}

# ------------------------------------------------------------------- main --

log "drivedash $("$dd_run" --version 2>/dev/null | head -1) ($dd_bin, sha256 $dd_sum) vs $(fio --version); kernel $(uname -r), $(nproc) CPUs"
log "runtime ${runtime}s + ramp ${ramp}s, $rounds round(s), targets $targets, fio modes $fio_modes"
if [ -n "$tio" ]; then
	log "t/io_uring: $tio (4K random read cases)"
else
	log "t/io_uring: not available (set FIO_T_IO_URING)"
fi

# --load: busy loops for the whole run, ended with the script.
load_pids=""
for _ in $(seq 1 "$load"); do
	( trap 'exit 0' TERM; while :; do :; done ) &
	load_pids="$load_pids $!"
done
[ -z "$load_pids" ] || log "load: $load busy loop(s):$load_pids"

tlist=""
if [ "$do_zram" = 1 ] && setup_zram; then tlist="$tlist zram:/dev/$ZRAM"; fi
if [ "$do_loop" = 1 ] && setup_loop; then tlist="$tlist loop:$loopdev"; fi
[ -n "$tlist" ] || die "no target could be set up"

tools="drivedash"
[ "$fio_thread" = 1 ] && tools="$tools fio-thread"
[ "$fio_process" = 1 ] && tools="$tools fio-process"
# shellcheck disable=SC2086
ntools=$(set -- $tools; echo $#)
nwl=$(printf '%s\n' "$WORKLOADS" | wc -l)
# shellcheck disable=SC2086
ntg=$(set -- $tlist; echo $#)
nruns=$((rounds * ntg * nwl * ntools))
log "$nruns runs, about $(( nruns * (runtime + ramp + 1) / 60 + 1 )) minutes; raw CSV: $out"
: >"$out" || die "cannot write $out"

for round in $(seq 1 "$rounds"); do
	# Rotate the tool order every round so drift hits every tool.
	# shellcheck disable=SC2086
	set -- $tools
	shift_by=$(( (round - 1) % ntools ))
	order=""
	i=0
	for t in "$@"; do
		[ $i -ge "$shift_by" ] && order="$order $t"
		i=$((i + 1))
	done
	i=0
	for t in "$@"; do
		[ $i -lt "$shift_by" ] && order="$order $t"
		i=$((i + 1))
	done
	for td in $tlist; do
		tgt=${td%%:*} dev=${td#*:}
		while IFS='|' read -r name rw bs qd jobs; do
			log "round $round/$rounds  $tgt  $name  (order:$order)"
			for tool in $order; do
				run_tool "$round" "$tgt" "$dev" "$tool" "$name" "$rw" "$bs" "$qd" "$jobs"
			done
			if [ -n "$tio" ] && [ "$rw" = randread ] && [ "$bs" = 4k ]; then
				run_tool "$round" "$tgt" "$dev" "t/io_uring" "$name" "$rw" "$bs" "$qd" "$jobs"
			fi
		done <<EOF
$WORKLOADS
EOF
	done
done

echo
{
	echo "engine-vs-fio: $(date '+%Y-%m-%d %H:%M'), $(uname -r), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
	# shellcheck disable=SC2016
	echo "command: $0 --runtime $runtime --ramp $ramp --rounds $rounds --targets $targets --fio-modes $fio_modes${fio_extra:+ --fio-extra '$fio_extra'}${dd_extra:+ --dd-extra '$dd_extra'}${only_workloads:+ --workloads '$only_workloads'} --load $load"
	echo "drivedash: $dd_bin (sha256 $dd_sum, built $dd_built); $(fio --version); t/io_uring: ${tio:-not available (set FIO_T_IO_URING)}"
	echo
	"$PY" "$tmp/ddbench.py" summary "$out"
} | tee "$summary"
echo
log "raw CSV: $out"
log "summary: $summary"
