#!/bin/sh
# bench/import.sh: what `drivedash import` costs in time and memory as a fio
# JSON file grows.
#
# Writes fio --output-format=json documents of N jobs (each a numjobs=2
# clone pair: the case that was quadratic, one scan of all jobs per job) with
# python3 and imports each into a scratch store, printing wall seconds, peak
# RSS and seconds per 1,000 jobs.  Linear import keeps the last column flat
# as N doubles; memory grows by about 30 KiB a job (a point's result).  The
# largest N is import's limit (CLI_FIO_JOBS_MAX, 4096); one past it must be
# refused at once with the limit, whatever the machine.
#
# Environment: SIZES (job counts, default "512 1024 2048 4096"), DRIVEDASH
# (the binary, default ./drivedash).  Needs python3 and GNU time
# (/usr/bin/time) for the RSS column (without it the column is "?").
set -u
cd "$(dirname "$0")/.."

dd=${DRIVEDASH:-$PWD/drivedash}
sizes=${SIZES:-512 1024 2048 4096}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dd-bench-import-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || { echo "bench/import.sh: python3 is needed" >&2; exit 1; }

# gen OUT JOBS: JOBS entries, clone pairs of one name and group each.
gen() {
	python3 - "$1" "$2" <<'PY'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
lat = {"N": 10000, "min": 50000, "max": 900000, "mean": 100000.0, "stddev": 20000.0,
       "percentile": {"50.000000": 85000, "99.000000": 200000}}
none = {"N": 0, "min": 0, "max": 0, "mean": 0.0, "stddev": 0.0}
jobs = [{"jobname": "j%d" % (i // 2), "groupid": i // 2, "error": 0,
         "job options": {"rw": "randread", "bs": "4k", "numjobs": "2"},
         "read": {"total_ios": 10000, "io_bytes": 40960000, "iops": 10000.0,
                  "bw_bytes": 40960000, "runtime": 1000, "lat_ns": lat},
         "write": {"total_ios": 0, "io_bytes": 0, "iops": 0.0, "bw_bytes": 0,
                   "runtime": 0, "lat_ns": none, "clat_ns": none}}
        for i in range(n)]
json.dump({"fio version": "fio-3.33", "timestamp": 1700000000, "jobs": jobs},
          open(out, "w"), separators=(",", ":"))
PY
}

printf '%8s %10s %9s %10s %14s\n' jobs "file MB" seconds "peak MB" "s/1000 jobs"
for n in $sizes; do
	gen "$tmp/f.json" "$n"
	mb=$(du -m "$tmp/f.json" | cut -f1)
	rm -f "$tmp/s.db"
	t0=$(date +%s.%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' -o "$tmp/rss" "$dd" import "$tmp/f.json" --results "$tmp/s.db" \
			>/dev/null 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
		rss=$(($(tail -n 1 "$tmp/rss") / 1024))
	else
		"$dd" import "$tmp/f.json" --results "$tmp/s.db" >/dev/null 2>"$tmp/err" ||
			{ cat "$tmp/err"; exit 1; }
		rss="?"
	fi
	t1=$(date +%s.%N)
	python3 -c "import sys; n, a, b = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
print('%8d %10s %9.2f %10s %14.3f' % (n, sys.argv[4], b - a, sys.argv[5], (b - a) * 1000 / n))" \
		"$n" "$t0" "$t1" "$mb" "$rss"
done
gen "$tmp/f.json" 4097
if "$dd" import "$tmp/f.json" --results "$tmp/s.db" >/dev/null 2>"$tmp/err"; then
	echo "bench/import.sh: 4097 jobs were imported; the limit did not hold" >&2
	exit 1
fi
echo "4097 jobs: $(cat "$tmp/err")"
