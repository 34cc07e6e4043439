#!/bin/sh
# bench/report.sh: what `drivedash report` costs for the largest run the
# presets make, a 242-point review run (issue 25: under 2 MB and written in
# under 1 s as HTML).
#
# Makes the run cheaply (`run --preset review --allow-write --runtime 0.002
# --ramp 0` on a scratch file in a store of its own), then gives it what a
# real review run stores and a 2 ms point does not (see "Synthesis" below),
# then writes its report in each format REPEAT times (default 5), printing
# the page's size, the best and the median wall and CPU time (the report
# process's user + system seconds: a busy machine stretches the wall time,
# not the CPU time), and the number of SVG charts and <details> in the
# HTML, after the load average it ran under.  Exits 1 when the HTML is 2 MB
# or more, or its best wall time is 1 s or more.
#
# Synthesis: a real review point runs 10 s (plan-builtin.c, with
# --allow-write) at the default 200 ms interval, so it stores about 50
# intervals, each with a temperature when the drive has a sensor; a 2 ms
# point stores one or two, and an interval graph of two samples is a few
# bytes where a real one is a line of 50.  So the script rewrites, in the
# store's own tables (results.c's schema), each point's intervals as 50 rows
# 200 ms apart whose IOPS wander around the point's measured IOPS (a slow
# wave, a dip and a deterministic jitter of a few per cent), MB/s = IOPS x
# the point's block size, the read and write IOPS split by its read share,
# mean and p99 latency moving against the IOPS, and a temperature in whole
# degrees (as a SMART log gives it) warming from 38 to 50 degrees C over the
# run; each point's runtime and elapsed become 10 s and the run gets a
# temperature source.  The values are a function of the point and the
# interval only, so every run of the bench writes the same page.
#
# Environment: DRIVEDASH (the binary, default ./drivedash), DB (the specs
# database, default data/drivedash.db), REPEAT.  Needs python3.
set -u
cd "$(dirname "$0")/.."

dd=${DRIVEDASH:-$PWD/drivedash}
db=${DB:-$PWD/data/drivedash.db}
repeat=${REPEAT:-5}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dd-bench-report-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg"

command -v python3 >/dev/null 2>&1 || { echo "bench/report.sh: python3 is needed" >&2; exit 1; }

"$dd" --db "$db" run --scratch "$tmp/r.dat" --size 256M --preset review --allow-write \
	--runtime 0.002 --ramp 0 --results "$tmp/s.db" -q >/dev/null 2>"$tmp/err" ||
	{ cat "$tmp/err" >&2; exit 1; }
pts=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(
	'select count(*) from points').fetchone()[0])" "$tmp/s.db")
python3 - "$tmp/s.db" <<'PY' || { echo "bench/report.sh: the synthesis failed" >&2; exit 1; }
import math, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
N, DT = 50, 0.2		# intervals a point, seconds each
pts = db.execute("SELECT p.id, p.idx, p.bs, p.read_pct, p.iops, l.mean_us, p.sum_p99_us"
                 " FROM points p LEFT JOIN latency l ON l.point_id = p.id AND l.kind = 'all'"
                 " ORDER BY p.id").fetchall()
rows = []
for pid, idx, bs, rpct, iops, mean, p99 in pts:
    iops = iops if iops and iops > 0 else 1000.0
    mean = mean if mean and mean > 0 else 100.0
    p99 = p99 if p99 and p99 > mean else 3 * mean
    rs = (rpct if rpct is not None else 100) / 100.0
    for k in range(N):
        jit = ((pid * 7919 + k * 104729) % 1000) / 1000.0 - 0.5	# -0.5..0.5
        f = (1 + 0.06 * math.sin(2 * math.pi * k / 17 + idx) + 0.04 * jit
             - (0.25 if k in (31, 32) else 0))
        v = iops * f
        rows.append((pid, k, (k + 1) * DT, v, v * bs / 1e6, mean / f,
                     p99 / f * (1 + 0.3 * max(jit, 0)), v * rs, v * (1 - rs),
                     round(38 + 12 * (1 - math.exp(-(idx * N + k) / 4000.0)) + 0.8 * jit)))
db.execute("DELETE FROM intervals")
db.executemany("INSERT INTO intervals (point_id, seq, t_s, iops, mbps, mean_us, p99_us,"
               " read_iops, write_iops, temp_c) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
db.execute("UPDATE points SET runtime_s = ?, elapsed_s = ?", (N * DT, N * DT))
db.execute("UPDATE runs SET temp_source = 'SMART log of nvme0'")
db.commit()
PY
ivs=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(
	'select count(*) from intervals').fetchone()[0])" "$tmp/s.db")
echo "run: the review preset on a 256 MB scratch file, $pts points, $ivs intervals (synthesised)"

# Each format REPEAT times: wall and CPU (user + system, of the report
# process alone) seconds, best and median; the CPU figure is what the page
# costs on a machine others are loading, where the wall time is not.
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
python3 - "$dd" "$db" "$tmp" "$repeat" <<'PY'
import os, re, statistics, subprocess, sys, time
dd, db, tmp, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
status = 0
print("%-6s %12s %9s %9s %9s %9s %6s %8s" % ("format", "bytes", "best s", "median s",
                                            "best cpu", "med cpu", "svgs", "details"))
for f in ("html", "md", "txt"):
    out = os.path.join(tmp, "report." + f)
    wall, cpu = [], []
    for _ in range(repeat):
        c0, t0 = os.times(), time.perf_counter()
        if subprocess.run([dd, "--db", db, "report", "last", "--results",
                           os.path.join(tmp, "s.db"), "--format", f, "-o", out]).returncode:
            sys.exit("bench/report.sh: report failed")
        t1, c1 = time.perf_counter(), os.times()
        wall.append(t1 - t0)
        cpu.append(c1.children_user - c0.children_user + c1.children_system - c0.children_system)
    page = open(out, encoding="utf-8").read()
    size = len(page.encode())
    print("%-6s %12d %9.3f %9.3f %9.3f %9.3f %6d %8d" % (
        f, size, min(wall), statistics.median(wall), min(cpu), statistics.median(cpu),
        len(re.findall(r"<svg[ >]", page)), page.count("<details>")), flush=True)
    if f == "html" and size >= 2000000:
        print("bench/report.sh: the HTML is 2 MB or more", file=sys.stderr)
        status = 1
    if f == "html" and min(wall) >= 1.0:
        print("bench/report.sh: the HTML took 1 s or more", file=sys.stderr)
        status = 1
sys.exit(status)
PY
