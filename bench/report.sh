#!/bin/sh
# bench/report.sh: what `drivedash report` costs for the largest run the
# presets make, a 242-point review run (issue 25: under 2 MB and written in
# under 1 s as HTML).
#
# Makes the run cheaply (`run --preset review --allow-write --runtime 0.002
# --ramp 0` on a scratch file in a store of its own), then writes its report
# in each format REPEAT times (default 5), printing the page's size, the
# best and the median wall time, and the number of SVG charts and <details>
# in the HTML.  Exits 1 when the HTML is 2 MB or more, or its best time is
# 1 s or more.
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
echo "run: the review preset on a 256 MB scratch file, $pts points"

# timed FORMAT OUT: REPEAT wall times of one report, in seconds, one a line.
timed() {
	i=0
	while [ "$i" -lt "$repeat" ]; do
		t0=$(date +%s.%N)
		"$dd" --db "$db" report last --results "$tmp/s.db" --format "$1" -o "$2" ||
			exit 1
		t1=$(date +%s.%N)
		echo "$t0 $t1"
		i=$((i + 1))
	done
}

status=0
printf '%-6s %12s %9s %9s %6s %8s\n' format bytes "best s" "median s" svgs details
for f in html md txt; do
	out="$tmp/report.$f"
	timed "$f" "$out" >"$tmp/times" || { echo "bench/report.sh: report failed" >&2; exit 1; }
	line=$(python3 - "$tmp/times" "$out" "$f" <<'PY'
import re, statistics, sys
ts = sorted(float(b) - float(a) for a, b in (l.split() for l in open(sys.argv[1])))
page = open(sys.argv[2], encoding="utf-8").read()
size = len(page.encode())
svgs = len(re.findall(r"<svg[ >]", page))
details = page.count("<details>")
print("%-6s %12d %9.3f %9.3f %6d %8d" % (sys.argv[3], size, ts[0], statistics.median(ts),
                                         svgs, details))
PY
)
	echo "$line"
	if [ "$f" = html ]; then
		set -- $line
		python3 -c "import sys; sys.exit(0 if int(sys.argv[1]) < 2000000 else 1)" "$2" ||
			{ echo "bench/report.sh: the HTML is 2 MB or more" >&2; status=1; }
		python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) < 1.0 else 1)" "$3" ||
			{ echo "bench/report.sh: the HTML took 1 s or more" >&2; status=1; }
	fi
done
exit $status
