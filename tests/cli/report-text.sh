#!/bin/sh
# The report as text and Markdown (issue 25), and the ways to a report that
# are not its HTML: every line of txt and md fits 80 display columns
# (counted in characters, a wide character as two, not in bytes) for a spot
# run, a review-shaped run (the review preset's 121 points, imported from a
# fio file built from `run --preset review --print-fio`, with figures of
# many digits: no I/O, and every figure must come through whole), a check
# run with its verdict rows and a three-run comparison, whose table is split
# into parts that repeat the point and unit columns instead of one record
# per row; `run --no-save` and `check --no-save` end with the summary block,
# which says the run was not stored (and nothing is stored); an imported fio
# run keeps its jobs' names (in each point's note), a hostile one shown as
# text in txt, md and html; on the dashboard, P on a finished run's Sweep screen and on Compare
# writes the page and shows the path (History's P: tests/cli/report.sh).
# report.sh has the imported run's fio figures ("imported fio run: fio's
# own IOPS"), a check run's stored verdict ("check run: the stored
# verdict") and a fleet run's remote host ("fleet run: the remote host in
# the header").
# Needs: python3; root and losetup for the check cases, tmux for the
# dashboard cases (those skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-report-text-XXXXXX)
loops=""
sock="dd-report-text-$$"
RUN_TIMEOUT=120

cleanup() {
	tmux -L "$sock" kill-server >/dev/null 2>&1
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to measure the lines"

# Never the user's store or overlay.
export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg"
store="$tmp/s.db"
rep() { run "$dd" --db "$db" report --results "$store" "$@"; }
spot() {
	_f=$1; shift
	run "$dd" --db "$db" run --scratch "$tmp/$_f.dat" --size 16M --preset spot --runtime 0.02 \
		--ramp 0 "$@"
}
runs() {
	python3 -c "import sqlite3; print(sqlite3.connect('$store').execute('select count(*) from runs').fetchone()[0])"
}

# wide FILE: the first line wider than 80 columns ("LINE: COLUMNS"), or "".
wide() {
	python3 - "$1" <<'PY'
import sys, unicodedata
def cols(s):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
for n, l in enumerate(open(sys.argv[1], encoding="utf-8").read().split("\n"), 1):
    if cols(l) > 80:
        print("%d: %d" % (n, cols(l))); break
PY
}

# fits NAME RUN...: txt and md of the runs fit 80 columns.
fits() {
	_name=$1; shift
	rep "$@" --format txt
	is "$_name: txt exit 0" 0 "$rc"
	cp "$tmp/out" "$tmp/$_name.txt"
	is "$_name: every txt line within 80 columns" "" "$(wide "$tmp/$_name.txt")"
	rep "$@" --format md
	cp "$tmp/out" "$tmp/$_name.md"
	is "$_name: every md line within 80 columns" "" "$(wide "$tmp/$_name.md")"
}

# --- a spot run, and a review-shaped run imported from fio's JSON ------------
spot a --results "$store"
is "spot run: exit 0" 0 "$rc"
run "$dd" export 1 --format fio-json --results "$store"
printf '%s\n' "$out" >"$tmp/spot.json"
run "$dd" run --preset review --print-fio --scratch "$tmp/r.dat"
printf '%s\n' "$out" >"$tmp/review.fio"
# One fio job per point of the review preset, each the spot run's 4K random
# read job with the point's options and a name of its own; figures of many
# digits, all different.
python3 - "$tmp/spot.json" "$tmp/review.fio" "$tmp/review.json" <<'PY'
import copy, json, re, sys
j = json.load(open(sys.argv[1]))
tpl = next(x for x in j["jobs"] if x["job options"].get("rw") == "randread")
jobs, cur = [], None
for line in open(sys.argv[2]):
    line = line.strip()
    m = re.match(r"^\[(.*)\]$", line)
    if m:
        cur = None if m.group(1) in ("global", "precondition") else {"name": m.group(1)}
        if cur: jobs.append(cur)
    elif cur is not None and "=" in line and not line.startswith(";"):
        k, v = line.split("=", 1)
        cur[k] = v
out = []
for i, o in enumerate(jobs):
    x = copy.deepcopy(tpl)
    x["jobname"] = o["name"]
    x["job options"] = {k: o[k] for k in ("rw", "bs", "iodepth", "numjobs") if k in o}
    x["job options"]["name"] = o["name"]
    d, bs = x["read"], int(o.get("bs", 4096))
    d["total_ios"] = 123456 + 7919 * i
    d["iops"] = d["total_ios"] / (d["runtime"] / 1000.0)
    d["io_bytes"] = d["total_ios"] * bs
    d["io_kbytes"] = d["io_bytes"] // 1024
    d["bw_bytes"] = int(d["iops"] * bs)
    d["bw"] = d["bw_bytes"] // 1024
    out.append(x)
j["jobs"] = out
json.dump(j, open(sys.argv[3], "w"))
print(len(out))
PY
run "$dd" import "$tmp/review.json" --name "review preset, imported" --results "$store"
is "review-shaped run: imported" 0 "$rc"
rid=$(runs)
fits spot 1
fits review "$rid"
# No figure cut: every job's IOPS, as the point's line prints it, whole.
ok "review: every point's IOPS whole in txt and md" python3 - "$tmp/review.json" \
	"$tmp/review.txt" "$tmp/review.md" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
texts = [open(f, encoding="utf-8").read() for f in sys.argv[2:]]
for x in j["jobs"]:
    v = "{:,.0f}".format(x["read"]["iops"])
    for t in texts:
        assert re.search(r"(?<![\d,])" + re.escape(v) + r" IOPS", t), v
PY

# --- run --no-save: the summary block, not stored -----------------------------
n0=$(runs)
spot n --results "$store" --no-save
is "run --no-save: exit 0" 0 "$rc"
like "run --no-save: ends with the summary block" '^Summary' "$out"
like "run --no-save: the summary says the run was not stored" \
	'Stored: +no \(--no-save\)' "$out"
like "run --no-save: the summary has the run's figures" 'Figures: +best [0-9,]+ IOPS' "$out"
is "run --no-save: nothing stored" "$n0" "$(runs)"

# --- an imported fio run keeps its jobs' names -------------------------------
python3 - "$tmp/spot.json" "$tmp/names.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["jobs"][0]["jobname"] = "<script>alert(1)</script>"
j["jobs"][1]["jobname"] = "nightly-qd1"
json.dump(j, open(sys.argv[2], "w"))
PY
run "$dd" import "$tmp/names.json" --results "$store"
is "import with job names: exit 0" 0 "$rc"
nid=$(runs)
rep "$nid"
like "imported run, txt: the job's name" 'fio job "nightly-qd1"' "$out"
like "imported run, txt: a hostile job name as it is" 'fio job "<script>alert\(1\)</script>"' "$out"
rep "$nid" --format md
like "imported run, md: the hostile name escaped" '\\<script\\>alert\(1\)\\</script\\>' "$out"
rep "$nid" -o "$tmp/names.html"
ok "imported run, html: the hostile name as text" \
	grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/names.html"
is "imported run, html: no <script> element" 0 "$(grep -c '<script' "$tmp/names.html")"

# --- three runs side by side: the spot run, the review and the import -------
fits compare3 1 "$rid" "$nid"
ok "three runs, txt: the table split, each part with point and unit" \
	sh -c "grep -Eq '^Point +Unit +A measured' '$tmp/compare3.txt' &&
	       grep -Eq '^Point +Unit +C measured' '$tmp/compare3.txt'"
ok "three runs, md: the table split, each part with point and unit" \
	sh -c "grep -q '^|Point|Unit|A measured' '$tmp/compare3.md' &&
	       grep -q '^|Point|Unit|C measured' '$tmp/compare3.md'"

# --- a check run: its verdict rows; check --no-save -------------------------
dev=""
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 64M "$tmp/loop.img"
	loop_new "$tmp/loop.img" || dev=""
fi
if [ -z "$dev" ]; then
	for c in "check run: txt and md fit 80 columns" "check --no-save: the summary block"; do
		echo "ok $((tap_n + 1)) # SKIP $c: no loop device (needs root and losetup)"
		tap_n=$((tap_n + 1))
	done
else
	run "$dd" --db "$db" check "$dev" --model 'cd9p 7.68' --time-scale 0.005 \
		--results "$store" -q
	cid=$(runs)
	fits check "$cid"
	like "check run: its verdict rows" 'Reason: ' "$(cat "$tmp/check.txt")"
	n0=$(runs)
	run "$dd" --db "$db" check "$dev" --model 'cd9p 7.68' --time-scale 0.005 \
		--results "$store" --no-save
	like "check --no-save: the summary says the run was not stored" \
		'Stored: +no \(--no-save\)' "$out"
	like "check --no-save: the summary has the verdict" \
		'Verdict: +NOT_COMPARABLE against KIOXIA CD9P-R 7\.68 TB' "$out"
	is "check --no-save: nothing stored" "$n0" "$(runs)"
fi

# --- the dashboard: P on a finished run's Sweep screen and on Compare -------
# wait_for TEXT: poll the screen until it shows TEXT (up to 10 s).
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		tmux -L "$sock" capture-pane -p -t dd -J 2>/dev/null | grep -q -- "$1" && return 0
		sleep 0.1; i=$((i + 1))
	done
	return 1
}
# written: the path the message line shows.
written() {
	wait_for 'report written: ' &&
		tmux -L "$sock" capture-pane -p -t dd -J | grep -o 'report written: [^ ]*' |
		tail -1 | sed 's/^report written: //'
}
if ! command -v tmux >/dev/null 2>&1; then
	for c in "P on Sweep" "P on Compare"; do
		echo "ok $((tap_n + 1)) # SKIP the dashboard's $c: no tmux"
		tap_n=$((tap_n + 1))
	done
else
	tmux -L "$sock" new-session -d -s dd -x 120 -y 30 \
		"env LANG=C.UTF-8 XDG_STATE_HOME='$tmp/state' '$dd' --db '$db' ui --results '$store'; exec sleep 600"
	wait_for 'Drives'
	tmux -L "$sock" send-keys -t dd H
	wait_for 'History'
	# Enter opens the cursor's run (the newest) on the Sweep screen.
	tmux -L "$sock" send-keys -t dd Enter
	wait_for 'Run #'
	tmux -L "$sock" send-keys -t dd P
	page=$(written)
	like "dashboard: P on a finished run's Sweep screen shows the path it wrote" \
		"^$tmp/reports/drivedash-report-[0-9]+\.html$" "$page"
	ok "dashboard: the Sweep screen's page is there" grep -q '<svg' "${page:-$tmp/none}"
	# Two runs marked on History, C compares them, P reports both.
	tmux -L "$sock" send-keys -t dd H
	wait_for 'History'
	tmux -L "$sock" send-keys -t dd ' ' j ' ' C
	wait_for '2 runs'
	tmux -L "$sock" send-keys -t dd P
	i=0
	while [ $i -lt 100 ]; do
		page=$(tmux -L "$sock" capture-pane -p -t dd -J | grep -o 'report written: [^ ]*-[0-9]*-[0-9]*\.html' |
			sed 's/^report written: //')
		[ -n "$page" ] && break
		sleep 0.1; i=$((i + 1))
	done
	like "dashboard: P on Compare shows the path of the runs' page" \
		"^$tmp/reports/drivedash-report-[0-9]+-[0-9]+\.html$" "$page"
	ok "dashboard: the Compare page shows both runs" \
		test "$(grep -o 'Run #[0-9]*' "${page:-$tmp/none}" | sort -u | wc -l)" -ge 2
	tmux -L "$sock" send-keys -t dd q
fi

done_testing
