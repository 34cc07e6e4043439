#!/bin/sh
# `drivedash report` (issue 25): a spot run on a scratch file stored in this
# test's own store, then its report as txt, md and html: the html parses as
# HTML (xmllint --html) and every <svg> in it as XML, it fetches nothing (no
# src=/href= to a network URL, no <script>, no <link>), the txt fits 80
# columns and is ASCII under LANG=C; an imported fio run whose job is named
# `<script>alert(1)</script>` shows as text (the page has no <script>
# element) with fio's own figures; a check run shows its stored verdict; a
# fleet run (a run stored as a remote host's) shows the remote host; two runs
# side by side; a drive query makes a spec-sheet page (one capacity point's
# own and family-wide figures with their ranges and conditions, compare's
# table of its review against its spec, the review's heat map, the
# published measurements and the sources; a point without a review, a
# family, several drives); an unknown run is
# "no run #99 in STORE", exit 1; -o onto a symlink, a FIFO or a directory is
# refused as --json's is (exit 2, nothing written through it), and `run`
# ends with the summary block, which -q and --json - leave out.  The charts:
# every point's IOPS graph with MB/s on a right axis and its mean and p99
# latency graph (p99 dashed); a run of a load curve,
# checkpoints and a write cliff matched to a reviewed drive has a chart of
# each (the review's curve points a series of their own, the spec's write
# a line on the cliff graph) beside their tables.
# On the dashboard, P on History writes the page into reports/ beside the
# store and shows its path.
# Needs: python3, xmllint (libxml2-utils; skips without); root and losetup
# for the check run, tmux for the dashboard (those cases skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"
. "${top_srcdir:-.}/tests/lib/html.sh"

# longer80 FILE: its first line of more than 80 characters (not bytes: "µs"
# is one column in two bytes), or "".
longer80() {
	python3 -c 'import sys
print(next((l for l in open(sys.argv[1], encoding="utf-8").read().split("\n")
            if len(l) > 80), ""), end="")' "$1"
}

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-report-XXXXXX)
loops=""
sock="dd-report-$$"
RUN_TIMEOUT=120

cleanup() {
	tmux -L "$sock" kill-server >/dev/null 2>&1
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read the pages"
command -v xmllint >/dev/null 2>&1 || skip_all "xmllint (libxml2-utils) is needed to parse the pages"

# Never the user's store or overlay.
export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg"
store="$tmp/s.db"
rep() { run "$dd" --db "$db" report --results "$store" "$@"; }

# svgs FILE: how many <svg> charts the page has.
svgs() { grep -o '<svg[ >]' "$1" | wc -l | tr -d ' '; }

# --- a spot run on a scratch file ------------------------------------------
run "$dd" --db "$db" run --scratch "$tmp/a.dat" --size 32M --preset spot --runtime 0.02 \
	--ramp 0 --results "$store"
is "run: exit 0" 0 "$rc"
like "run: ends with the summary block" 'Summary' "$out"
like "run: the summary has the verdict line" 'Verdict: +not judged' "$out"
run "$dd" --db "$db" run --scratch "$tmp/a2.dat" --size 32M --preset spot --runtime 0.02 \
	--ramp 0 --results "$store" -q
ok "run -q: no summary block" sh -c "! grep -q '^Summary' '$tmp/out'"
run "$dd" --db "$db" run --scratch "$tmp/a3.dat" --size 32M --point 'randread,time=0.02' \
	--ramp 0 --results "$store" --json -
ok "run --json -: stdout is the JSON alone" python3 -c "import json; json.load(open('$tmp/out'))"

rep 1
is "report txt: exit 0" 0 "$rc"
like "report txt: the run's name in the title" '^drivedash report: a\.dat' "$out"
like "report txt: the header names the host" "Host: +$(hostname)" "$out"
like "report txt: the fio job file that reproduces it" 'filename=.*a\.dat' "$out"
like "report txt: every latency figure with its unit" 'mean (us|µs) +p50 (us|µs)' "$out"
is "report txt: fits 80 columns" "" \
	"$(longer80 "$tmp/out")"
LANG=C LC_ALL=C run "$dd" --db "$db" report --results "$store" 1
is "report txt under LANG=C: ASCII only" "" "$(LC_ALL=C grep -n '[^ -~]' "$tmp/out" | head -1)"
rep 1 --format md
like "report md: a pipe table with its alignment" '^\|---\|---\|---:' "$out"
ok "report md: the job file fenced" grep -qx '~~~~~~~~' "$tmp/out"
rep 1 -o "$tmp/one.html"
is "report -o x.html: exit 0, nothing on stdout" "0:" "$rc:$out"
is "report html: parses, no script, nothing fetched" ok "$(html_ok "$tmp/one.html")"
ok "report html: prefers-color-scheme and a print stylesheet" \
	sh -c "grep -q 'prefers-color-scheme:dark' '$tmp/one.html' && grep -q '@media print' '$tmp/one.html'"
is "report html: a <details> per point (5)" 5 "$(grep -o '<details>' "$tmp/one.html" | wc -l | tr -d ' ')"
ok "report html: inline SVG charts" test "$(svgs "$tmp/one.html")" -ge 5
# An unmatched scratch run's bars name no reference they do not carry.
is "report html: an unmatched run's bars say measured, no spec or review" \
	"0 2" "$(grep -c 'against spec' "$tmp/one.html") $(grep -o '<title>[^<]*measured (no spec or review matched)</title>' "$tmp/one.html" | wc -l | tr -d ' ')"
# -o - is standard output, as --json - is: no file named "-" appears.
(ddp=$(realpath "$dd") dbp=$(realpath "$db") && cd "$tmp" && "$ddp" --db "$dbp" report --results "$store" 1 -o - >"$tmp/dash.txt")
is "report -o -: the report on stdout, no file named -" "0 no-file" \
	"$? $([ -e "$tmp/-" ] && echo file || echo no-file)"
like "report -o -: ... the txt report (no extension to go by)" '^drivedash report: ' "$(head -2 "$tmp/dash.txt")"
rep 1 --format html
is "report --format html without -o: the page on stdout" "$(cat "$tmp/one.html")" "$out"

# A run that did not end as planned says so in its summary, once: a copy of
# run 1 as a Ctrl-C leaves it in the store.
cp "$store" "$tmp/cancel.db"
python3 -c "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute(
	\"update runs set state = 'cancelled', stopped_by = 'SIGINT', why = 'stopped by SIGINT' where id = 1\"
	).connection.commit()" "$tmp/cancel.db"
cp "$tmp/cancel.db" "$tmp/nothing.db"
python3 -c "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute(
	'update points set iops = 0, mbps = 0, sum_mean_us = 0 where run_id = 1').connection.commit()" \
	"$tmp/nothing.db"
run "$dd" --db "$db" report --results "$tmp/nothing.db" 1
like "a run stopped before its first I/O: its figures say none measured (not 0 IOPS)" \
	'^Figures: +none measured$' "$out"
run "$dd" --db "$db" report --results "$tmp/cancel.db" 1
like "a cancelled run: its summary says how it ended" '^Ended: +cancelled: stopped by SIGINT$' "$out"
like "... and its header, the signal named once" '^How it ended: +cancelled: stopped by SIGINT$' "$out"
# One its process never finished (killed: still marked running) reads as
# `runs` lists it, "interrupted".
cp "$store" "$tmp/killed.db"
python3 -c "import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute(
	\"update runs set state = 'running', end_unix = 0, stopped_by = '', why = '' where id = 1\"
	).connection.commit()" "$tmp/killed.db"
run "$dd" --db "$db" report --results "$tmp/killed.db" 1
like "a killed run: its summary says interrupted, as runs does" '^Ended: +interrupted$' "$out"
like "... and its header" '^How it ended: +interrupted$' "$out"
run "$dd" --db "$db" report --results "$store" 1
is "a run that ended as planned: no Ended line in its summary" "" \
	"$(sed -n '/^Summary$/,/^Workloads$/p' "$tmp/out" | grep '^Ended: ')"

# --- two runs side by side ---------------------------------------------------
rep 1 '#1'
is "a run named twice: exit 2, both names said" "2 drivedash: '#1' is run #1, named already as '1'" \
	"$rc $err"
rep 1 2 -o "$tmp/two.html"
is "report of two runs: exit 0" 0 "$rc"
is "two runs: the page parses" ok "$(html_ok "$tmp/two.html")"
rep 1 2
like "two runs: both in the legend, the second against the first" \
	'B: run #2 .*\(against A\)' "$(printf '%s' "$out" | tr '\n' ' ')"
is "two runs: txt fits 80 columns" "" "$(longer80 "$tmp/out")"
# One of them matched to the CD9P-R 7.68 TB (as a check of it stores it), the
# other matched to nothing: the table gets the drive's columns too, and the
# unmatched run is not held to the other's drive in its summary or bars.
python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(
	\"update runs set drive_id = 'kioxia-cd9p-r-7680', drive_label = 'KIOXIA CD9P-R 7.68 TB' where id = 1\"
	).connection.commit()" "$store"
rep 1 2 -o "$tmp/two-m.html"
is "matched and unmatched: the page parses" ok "$(html_ok "$tmp/two-m.html")"
rep 1 2
is "matched and unmatched: spec figures in the matched run's summary only" "1 0" \
	"$(awk '/^Run: +#1 /{r=1} /^Run: +#2 /{r=2} /^Workloads/{r=0} r && /\(spec /{n[r]=1} END{print n[1]+0, n[2]+0}' "$tmp/out")"
is "matched and unmatched: the matched run's bars carry spec and review, the other's none" \
	"2 2" "$(grep -o '<title>Run #1: [^<]*against spec and review</title>' "$tmp/two-m.html" | wc -l | tr -d ' ') $(grep -o '<title>Run #2: [^<]*measured (no spec or review matched)</title>' "$tmp/two-m.html" | wc -l | tr -d ' ')"
# Two runs and a drive are 15 columns: the page splits the table as the txt
# writer does (the point and unit repeated, each column's cells together).
python3 - "$tmp/two-m.html" >"$tmp/parts" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
sec = page.split("<h2>Workloads, side by side</h2>", 1)[1].split("<h2>", 1)[0]
tables = re.findall(r"<table>(.*?)</table>", sec, re.S)
heads = [re.findall(r"<th[^>]*>([^<]*)</th>", t) for t in tables]
print(len(tables), all(h[:2] == ["Point", "Unit"] for h in heads),
      sorted(sum((h[2:] for h in heads), [])) == sorted(
          [c + " " + x for c in "AB" for x in ("measured", "% vs", "at")] +
          ["C " + x for x in ("spec", "at", "review", "vs spec", "rev. at")]))
PY
is "matched and unmatched: the wide table split in two, keys repeated, every column once" \
	"2 True True" "$(cat "$tmp/parts")"

# --- the charts: per point, and the workload kinds' ------------------------
# Every point's interval graphs: IOPS with MB/s as a second scale at the
# right (a real axis with its unit, its ticks and the legend saying MB/s =
# IOPS x the block size; not a title), and mean with p99 latency (two named
# lines, p99 dashed), each with its time axis in s; no graph of them alone.
python3 - "$tmp/one.html" >"$tmp/graphs" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
t = [re.search(r"<title>([^<]*)</title>", x).group(1) for x in svgs]
rate = [x for x in svgs if "<title>IOPS and MB/s over time<" in x]
lat = [x for x in svgs if "<title>Mean and p99 latency over time<" in x]
axes = lambda x: re.search(r'class="dd-unit" x="[0-9.]+" y="[0-9.]+">MB/s<', x) and \
    re.search(r">MB/s \(right\) = IOPS \u00d7 [0-9]+[KM]? block", x) and ">s</text>" in x
two = lambda x: ">mean<" in x and ">p99 (dashed)<" in x and 'class="dd-line dd-dash' in x \
    and ">s</text>" in x
print(len(rate), sum(bool(axes(x)) for x in rate), len(lat), sum(bool(two(x)) for x in lat),
      sum(x in ("IOPS over time", "MB/s over time", "Mean latency over time",
                "p99 latency over time") for x in t), sum("MB/s =" in x for x in t))
PY
set -- $(cat "$tmp/graphs")
is "report html: an IOPS and MB/s graph and a latency graph a point (5), MB/s on a right axis, p99 dashed, none alone, MB/s = in no title" \
	"5 5 5 5 0 0" "$*"
# A load curve, checkpoints and a write cliff, the run matched to the CD6
# (its review published the curve's peak: VDBench '4K random read').  The
# cliff pass is paced (rate=1500 at 128K: about 0.13 s, a dozen 10 ms
# intervals) so that a loaded machine still records intervals to chart.
cat >"$tmp/wl.plan" <<'EOF2'
plan wl
curve randread bs=4k qd=4 jobs=1 time=0.05 ramp=0 profile="4K random read" steps=50-100/50
checkpoint write bs=1m qd=4 jobs=2 passes=2 profile=checkpoint size=4m
cliff write bs=128k qd=4 jobs=1 size=24m interval=0.01s rate=1500
EOF2
run "$dd" --db "$db" run --scratch "$tmp/wl.dat" --size 32M --plan "$tmp/wl.plan" --allow-write \
	--ramp 0 --results "$store" -q
is "workload run: exit 0" 0 "$rc"
wid=$(python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); i = c.execute(
	'select max(id) from runs').fetchone()[0]; c.execute(
	\"update runs set drive_id = 'kioxia-cd6-7680', drive_label = 'KIOXIA CD6 7.68 TB' where id = ?\",
	(i,)); c.commit(); print(i)" "$store")
rep "$wid"
# It measured no 4K QD1 random read: its own headlines leave that out rather
# than print a dash with a unit.
like "workload report: the headlines it has, no dash with a unit" \
	'^Figures: +best [0-9,]+ IOPS, best [0-9,.]+ MB/s$' "$out"
rep "$wid" -o "$tmp/wl.html"
is "workload report: exit 0" 0 "$rc"
is "workload report: the page and every SVG parse" ok "$(html_ok "$tmp/wl.html")"
python3 - "$tmp/wl.html" >"$tmp/wl" <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
def one(word):
    s = [x for x in svgs if re.search(r"<title>[^<]*" + word, x)]
    return s[0] if len(s) == 1 else ""
curve, ckpt, cliff = one("Load curve 4K random read"), one("Checkpoint seconds"), one("Write cliff")
print("curve" if curve else "no-curve", "ckpt" if ckpt else "no-ckpt", "cliff" if cliff else "no-cliff",
      # the review's points: a series of their own, a diamond, in the legend
      "review" if "dd-shape-3" in curve and ">review (" in curve else "no-review",
      # the spec's sustained write: the cliff graph's line, or said above its scale
      "spec" if re.search(r'class="dd-spec"|above the scale', cliff) and
      "spec seq. write" in cliff else "no-spec",
      "passes" if ">pass 2<" in ckpt else "no-passes",
      # the tables stay beside the charts
      "tables" if "target IOPS" in page and "min s" in page else "no-tables")
PY
is "workload report: a chart each of the curve, the checkpoints and the cliff" \
	"curve ckpt cliff review spec passes tables" "$(cat "$tmp/wl")"

# --- errors ------------------------------------------------------------------
rep 99
is "unknown run: exit 1" 1 "$rc"
like "unknown run: no run #99 in STORE" "no run #99 in $store" "$err"
rep 1 --format pdf
is "--format pdf: exit 2" 2 "$rc"
echo keep >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/link.html"
rep 1 -o "$tmp/link.html"
is "-o a symlink: exit 2" 2 "$rc"
like "-o a symlink: says so" 'symbolic link' "$err"
is "-o a symlink: its target unchanged" keep "$(cat "$tmp/victim")"
mkfifo "$tmp/fifo.html"
rep 1 -o "$tmp/fifo.html"
is "-o a FIFO: exit 2 at once (137: it hung)" 2 "$rc"
mkdir "$tmp/dir.html"
rep 1 -o "$tmp/dir.html"
is "-o a directory: exit 2" 2 "$rc"
echo old >"$tmp/old.md"
rep 1 -o "$tmp/old.md"
like "-o an existing FILE.md: replaced whole, as Markdown" '^# drivedash report' \
	"$(head -1 "$tmp/old.md")"

# --- the dashboard: P on History ---------------------------------------------
if ! command -v tmux >/dev/null 2>&1; then
	echo "ok $((tap_n + 1)) # SKIP the dashboard's report key: no tmux"
	tap_n=$((tap_n + 1))
else
	tmux -L "$sock" new-session -d -s dd -x 120 -y 30 \
		"env LANG=C.UTF-8 XDG_STATE_HOME='$tmp/state' '$dd' --db '$db' ui --results '$store'; exec sleep 600"
	shown=""
	for key in H P; do
		i=0
		while [ $i -lt 100 ]; do
			screen=$(tmux -L "$sock" capture-pane -p -t dd 2>/dev/null)
			case $key in
			H) printf '%s' "$screen" | grep -q 'Drives' && break ;;
			P) printf '%s' "$screen" | grep -q 'History' && break ;;
			esac
			sleep 0.1; i=$((i + 1))
		done
		tmux -L "$sock" send-keys -t dd "$key"
	done
	i=0
	while [ $i -lt 100 ]; do
		shown=$(tmux -L "$sock" capture-pane -p -t dd -J | grep -o 'report written: [^ ]*' | head -1)
		[ -n "$shown" ] && break
		sleep 0.1; i=$((i + 1))
	done
	tmux -L "$sock" send-keys -t dd q
	like "dashboard: P on History shows the path it wrote" \
		"report written: $tmp/reports/drivedash-report-[0-9]+\.html" "$shown"
	page=${shown#report written: }
	is "dashboard: the page it wrote parses" ok "$(html_ok "${page:-$tmp/none}")"
fi

# --- an imported fio run with a hostile job name -----------------------------
run "$dd" export 1 --format fio-json --results "$store"
printf '%s\n' "$out" >"$tmp/fio.json"
python3 - "$tmp/fio.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["fio version"] = "fio-3.33"
for job in j["jobs"]:
    job["jobname"] = job["hostname"] = "<script>alert(1)</script>"
json.dump(j, open(sys.argv[1], "w"))
PY
# The file's name is in the run's name and provenance: hostile too.
hostile="$tmp/<script>alert(2)<\script>.json"
mv "$tmp/fio.json" "$hostile"
run "$dd" import "$hostile" --results "$store"
is "import of the hostile fio file: exit 0" 0 "$rc"
fid=$(sqlite3 "$store" 'select max(id) from runs' 2>/dev/null ||
	python3 -c "import sqlite3; print(sqlite3.connect('$store').execute('select max(id) from runs').fetchone()[0])")
rep "$fid" -o "$tmp/hostile.html"
is "hostile names: exit 0" 0 "$rc"
is "hostile names: the page parses and has no <script> element" ok "$(html_ok "$tmp/hostile.html")"
rep "$fid"
is "an imported run: no Ended line in its summary (imported is how it came)" "" \
	"$(printf '%s\n' "$out" | sed -n '/^Summary$/,/^Workloads/p' | grep '^Ended: ')"
ok "hostile names: the job's host shows as text" grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/hostile.html"
ok "hostile names: the file's name shows as text" grep -q '&lt;script&gt;alert(2)' "$tmp/hostile.html"
rep "$fid"
iops=$(jq_ "$hostile" '"{:,.0f}".format(j["jobs"][0]["read"]["iops"])')
like "imported fio run: fio's own IOPS" "$iops" "$out"
like "imported fio run: measured by fio" 'Measured by: +fio-' "$out"
rep "$fid" --format md
ok "hostile names in md: escaped" grep -qF '\<script\>' "$tmp/out"

# --- a fleet run: stored as a remote host's ----------------------------------
python3 - "$store" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE runs SET host = 'node3.lab', target_kind = 'remote' WHERE id = 2")
c.commit()
PY
rep 2
like "fleet run: the remote host in the header" 'Host: +node3\.lab' "$out"
like "fleet run: the target is remote" 'Target: .*\(remote' "$out"

# --- a drive query: the spec sheet alone -------------------------------------
# The CD9P-R's data: its 7.68 TB point states 14,800 MB/s sequential read
# (1.92 and 3.84 TB: 14,500, 30.72 TB: 13,500); the family states its
# weight, MTTF, 0-75 C operating temperature and a 1e-17 bit error rate
# once for every capacity; the 7.68 TB point alone was reviewed (fio's 4K
# random read at QD32 x NJ16: 2,165,000 IOPS, StorageReview's review, with
# a URL), the 3.84 TB point never.
# section FILE FROM TO: the lines from the first matching FROM (grep -E) to
# the next matching TO.
section() { sed -n "/$2/,/$3/p" "$1"; }
rep 'drive:cd9p 7.68' -o "$tmp/sheet.html"
is "drive page: exit 0" 0 "$rc"
is "drive page: parses" ok "$(html_ok "$tmp/sheet.html")"
rep 'drive:cd9p 7.68'
cp "$tmp/out" "$tmp/sheet.txt"
like "drive page: the drive and its figures" 'spec sheet: KIOXIA CD9P-R 7\.68 TB' "$out"
point=$(section "$tmp/sheet.txt" '^\[ Stated for the 7\.68 TB point \]' '^\[ Family-wide')
fam=$(section "$tmp/sheet.txt" '^\[ Family-wide (stated for the family, not per capacity) \]' '^Workloads$')
like "drive page: the point's own sequential read" '14,800 MB/s' "$point"
is "drive page: no other capacity's figure (14,500, 13,500 MB/s; 3,600 MB/s, 160,000 IOPS)" 0 \
	"$(grep -Ec '(14,500|13,500|3,600) MB/s|160,000 IOPS' "$tmp/sheet.txt")"
is "drive page: a per-capacity figure once (one sequential read row)" 1 \
	"$(printf '%s\n' "$point" | grep -c '^\* sequential read$')"
is "drive page: weight and MTTF (2 rows) under the family-wide heading" "1 2" \
	"$(printf '%s\n' "$fam" | grep -cx '\* weight') $(printf '%s\n' "$fam" | grep -cx '\* mean time to failure')"
is "drive page: ... and not among the point's own" 0 "$(printf '%s\n' "$point" | grep -c 'weight')"
like "drive page: a range whole (0–75 C)" 'Value: 0–75 C$' "$fam"
like "drive page: a bit error rate with its exponent" 'Value: 1e-17 per bit$' "$fam"
is "drive page: no 'rated max' (nor a Depth) on a spec figure" 0 \
	"$(printf '%s\n%s\n' "$point" "$fam" | grep -Ec 'rated max|Depth')"
like "drive page: weight with its conditions" 'Conditions: E3\.S; max$' \
	"$(printf '%s\n' "$fam" | grep -A3 -x '\* weight')"
like "drive page: the review against the spec, its % vs spec (compare's table)" \
	'^128K seq read best +MB/s +14,800 +rated max +14,236 +-3.8% +QD64x1' "$(cat "$tmp/sheet.txt")"
meas=$(section "$tmp/sheet.txt" '^\[ StorageReview, CD9P-R review (de) \]$' '^\[ StorageReview, CM9-R')
like "drive page: a review measurement under its source" \
	'Point: QD32 x NJ16 Metric: IOPS Value: 2,165,000 IOPS' "$(printf '%s\n' "$meas" |
	grep -A3 -x '\* fio 4K randread' | sed 's/^ *//' | tr '\n' ' ')"
like "drive page: the sources with their URLs" '^URL: +https://storagereview\.com/review/' \
	"$(sed -n '/^Sources$/,$p' "$tmp/sheet.txt")"
is "drive page txt: fits 80 columns" "" "$(longer80 "$tmp/sheet.txt")"
rep 'drive:cd9p 7.68' --format md
# A URL is one word: Markdown keeps it whole (a link), wider than 80.
sed -E 's|https?://[^ ]+|URL|g' "$tmp/out" >"$tmp/sheet.md"
is "drive page md: fits 80 columns (but for a URL)" "" "$(longer80 "$tmp/sheet.md")"
for f in txt md; do
	LANG=C LC_ALL=C run "$dd" --db "$db" report 'drive:cd9p 7.68' --format $f
	is "drive page $f under LANG=C: ASCII only" "" "$(LC_ALL=C grep -n '[^ -~]' "$tmp/out" | head -1)"
	sed -E 's|https?://[^ ]+|URL|g' "$tmp/out" >"$tmp/sheet-c.$f"
	is "drive page $f under LANG=C: fits 80 columns (arrows and ellipses as ASCII)" "" \
		"$(longer80 "$tmp/sheet-c.$f")"
done
LANG=C LC_ALL=C run "$dd" --db "$db" report 'drive:cd9p 7.68'
like "drive page under LANG=C: the range in ASCII (0-75 C)" 'Value: 0-75 C$' "$out"
# The CD8P-R's notes hold ellipses ("KCD8XRUG…"), three characters in
# ASCII: its lines are measured as written.
LANG=C LC_ALL=C run "$dd" --db "$db" report 'drive:cd8p-r'
ok "drive page under LANG=C: an ellipsis's ASCII twin" grep -q 'KCD8XRUG\.\.\.' "$tmp/out"
is "drive page under LANG=C: ... still fits 80 columns" "" "$(longer80 "$tmp/out")"
# The html: the same figures, and the review's heat map (the Sheet screen's
# model) as the page's one chart.
ok "drive page html: 14,800 MB/s in the point's column" sh -c \
	"grep -q '<th class=\"num\">7\.68 TB</th>' '$tmp/sheet.html' && grep -q '<tr><td>sequential read</td><td class=\"num\">14,800 MB/s</td>' '$tmp/sheet.html'"
ok "drive page html: weight with its conditions, no depth" \
	grep -q '<tr><td>weight</td><td class="num">110 g</td><td>E3\.S; max</td>' "$tmp/sheet.html"
ok "drive page html: 0–75 C and 1e-17 per bit" sh -c \
	"grep -q '>0–75 C<' '$tmp/sheet.html' && grep -q '>1e-17 per bit<' '$tmp/sheet.html'"
is "drive page html: one chart, the review's 4K random read heat map of 7.68 TB" \
	"1 1" "$(svgs "$tmp/sheet.html") $(grep -c '<title>4K random read IOPS (K) over IODepth x NumJobs, review of 7\.68 TB</title>' "$tmp/sheet.html")"
ok "drive page html: its cells the review's QD1 x1 and QD32 x16 figures" sh -c \
	"grep -q '>32\.3<' '$tmp/sheet.html' && grep -q '>2,165<' '$tmp/sheet.html'"
# A point no review measured (its family's 7.68 TB was): its own figures,
# no review of another capacity, no heat map, no error.
rep 'drive:cd9p 3.84' -o "$tmp/sheet384.html"
is "drive page, no review: exit 0, parses" "0 ok" "$rc $(html_ok "$tmp/sheet384.html")"
is "drive page, no review: no chart" 0 "$(svgs "$tmp/sheet384.html")"
rep 'drive:cd9p 3.84'
like "drive page, no review: says so" 'None: no review in the database measured the 3\.84 TB point' "$out"
is "drive page, no review: nothing of the 7.68 TB review (14,236 MB/s, 2,165,000 IOPS)" 0 \
	"$(grep -Ec '14,236|2,165,000' "$tmp/out")"
like "drive page, no review: its own sequential read" '14,500 MB/s' "$out"
# A family named without a capacity: every capacity's figures as `show`
# lists them, the comparison and heat map of the reviewed point, said.
rep 'drive:cd9p' -o "$tmp/family.html"
is "family page: exit 0, parses, the review's heat map" "0 ok 1" \
	"$rc $(html_ok "$tmp/family.html") $(svgs "$tmp/family.html")"
ok "family page: a column per capacity (1.92 ... 30.72 TB)" sh -c \
	"grep -q '<th class=\"num\">1\.92 TB</th>' '$tmp/family.html' && grep -q '<th class=\"num\">30\.72 TB</th>' '$tmp/family.html'"
rep 'drive:cd9p'
like "family page: says which capacity the comparison took" \
	'heat map are of the 7\.68 TB point, the one the reviews tested' "$(printf '%s' "$out" | tr '\n' ' ')"
is "family page: txt fits 80 columns" "" "$(longer80 "$tmp/out")"
rep 'drive:kioxia'
is "drive page, several drives: exit 6" 6 "$rc"
like "drive page, several drives: name one" "'kioxia' matches [0-9]+ drives: name one" "$err"
rep 'drive:no such drive xyz'
is "drive page, nothing matches: exit 1" 1 "$rc"
# A lab overlay is text from outside too: a drive, notes, a source title
# and a figure's conditions with markup in them show as text on the page
# (the page parses and has no <script> or <img>) and in Markdown.
mkdir -p "$tmp/hostile-cfg/drivedash"
cat >"$tmp/hostile-cfg/drivedash/lab.sql" <<'SQL'
INSERT INTO source (id, kind, title, name, publisher, language, notes) VALUES
  ('lab-x', 'lab', '<script>alert(3)</script> criteria', 'acc', 'lab', 'en', NULL);
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('lab-x', 'qemu', 'Evil <script>alert(4)</script> drive', 'Lab', NULL, 'test', 'evilx', NULL,
   NULL, NULL, NULL, 'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-x',
   'Notes with <img src=x onerror=alert(5)> & an ampersand.');
INSERT INTO drive (id, family_id, capacity_gb, form_factor, nand, dwpd, source_id, notes) VALUES
  ('lab-x-1', 'lab-x', 1, NULL, NULL, NULL, 'lab-x', NULL);
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size,
                  iodepth, read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('lab-x', 'lab-x-1', 'rand_read', 'eq', 100000, NULL, 'IOPS', 4096, NULL, NULL,
   '<script>alert(6)</script>', 'lab-x', 'A', 1, NULL);
SQL
XDG_CONFIG_HOME="$tmp/hostile-cfg" rep 'drive:evilx' -o "$tmp/evil.html"
is "overlay drive page: exit 0" 0 "$rc"
is "overlay drive page: parses, no <script>" ok "$(html_ok "$tmp/evil.html")"
ok "overlay drive page: no <img> element" sh -c "! grep -qi '<img' '$tmp/evil.html'"
is "overlay drive page: name, notes, source title and conditions as text" "1 1 1 1" \
	"$(for x in '&lt;script&gt;alert(4)' '&lt;img src=x onerror=alert(5)&gt; &amp; an' \
		'&lt;script&gt;alert(3)' '&lt;script&gt;alert(6)'; do
		grep -qF "$x" "$tmp/evil.html" && printf 1 || printf 0; done | sed 's/./& /g; s/ $//')"
XDG_CONFIG_HOME="$tmp/hostile-cfg" rep 'drive:evilx' --format md
like "overlay drive page in md: the markup escaped" '\\<script\\>alert\(4\)\\</script\\>' "$out"

# --- a check run: the stored verdict -----------------------------------------
dev=""
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 160M "$tmp/loop.img"
	loop_new "$tmp/loop.img" || dev=""
fi
if [ -z "$dev" ]; then
	echo "ok $((tap_n + 1)) # SKIP a check run's stored verdict: no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
else
	run "$dd" --db "$db" check "$dev" --model 'cd9p 7.68' --time-scale 0.005 \
		--results "$store"
	like "check: ends with the summary block and its verdict" \
		'Verdict: +NOT_COMPARABLE against KIOXIA CD9P-R 7\.68 TB' "$out"
	rep last -o "$tmp/check.html"
	rep last
	like "check run: the stored verdict" 'Verdict: NOT_COMPARABLE against KIOXIA CD9P-R 7\.68 TB' "$out"
	like "check run: its rows with their sources" 'Source: StorageReview' "$out"
	is "check run: the page parses" ok "$(html_ok "$tmp/check.html")"
	# Its bars carry the review's markers and the spec's: the CD9P-R's spec
	# figures are rated maxima without a depth, compared (as compare does) at
	# the run's best depth, so that depth's bar carries the spec's line and
	# its % vs spec; the titles name what they carry.
	ok "check run: bars with the review's markers" grep -q 'class="dd-review"' "$tmp/check.html"
	ok "check run: ... and the spec's line at the best depth" grep -q 'class="dd-spec"' \
		"$tmp/check.html"
	ok "check run: ... its % vs spec under the bar" grep -q '% vs spec<' "$tmp/check.html"
	ok "check run: ... and their titles say so" \
		grep -q '<title>IOPS against spec and review</title>' "$tmp/check.html"
	# The review's qualifier kept in the table (the CD9P-R review's QD1
	# latency is "etwa 30 µs"), as compare prints it.
	like "check run: the review's qualifier in the table" '~30' "$out"
fi

done_testing
