#!/bin/sh
# `drivedash compare` end to end: two runs stored by `drivedash run` on a
# scratch file (results in a temp dir through --results), compared with each
# other (the later drifts against the earlier: its % is computed here from
# the runs' own --json) and with a database drive (the spec's "rated max",
# the review's depth, the run's % against the review), a stored load curve
# against the PM1743's VDBench figures (its peak by profile); run and drive
# operands and their errors, each one sentence with the exit code of cli.h.
# Needs: python3.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-compare-XXXXXX)
store="$tmp/results.db"
trap 'rm -rf "$tmp"' EXIT INT TERM
# Nothing may reach the user's own store.
XDG_DATA_HOME="$tmp/xdg"
export XDG_DATA_HOME

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"


# Two runs of the same two points on the same scratch file.
for i in 1 2; do
	run "$dd" run --target "$tmp/scratch.dat" --size 64M --ramp 0 -q \
		--point 'randread,bs=4k,qd=4,time=0.2' --point 'read,bs=128k,qd=8,time=0.2' \
		--results "$store" --json "$tmp/run$i.json"
	is "run $i on a scratch file is stored" 0 "$rc"
done
[ -s "$store" ] || { echo "not ok - no results store"; echo "1..$((tap_n + 1))"; exit 1; }

# -- run against run: the drift --------------------------------------------
run "$dd" compare '#1' 'run:2' --results "$store"
is "compare #1 run:2 exits 0" 0 "$rc"
like "the legend says B drifts against A" '^B  run #2 .*\(drift: against A\)' "$out"
like "the 4K random read row shows the run's depth and a drift %" \
	'^4K rand read QD4x1 +IOPS .*\| +[0-9.,]+[KM]? +[+-][0-9.]+% +drift +QD4x1' "$out"

run "$dd" compare '#1' '#2' --results "$store" --json
is "compare --json exits 0" 0 "$rc"
printf '%s\n' "$out" >"$tmp/cmp.json"
is "columns: two runs, no drive (a scratch file matches none)" "run run" \
	"$(jq_ "$tmp/cmp.json" "' '.join(c['kind'] for c in j['columns'])")"
is "B's drift is against A" "A None" \
	"$(jq_ "$tmp/cmp.json" "str(j['columns'][1]['drift_of']) + ' ' + str(j['columns'][0]['drift_of'])")"
is "one row per point shape, no headline rows without a drive" \
	"128K seq read QD8x1|4K rand read QD4x1" \
	"$(jq_ "$tmp/cmp.json" "'|'.join(r['point'] for r in j['rows'])")"
# The drift of each point, from the two runs' own figures (to 4 decimals:
# the JSON's and the store's doubles round apart in the 6th).
for shape in "randread 4096 iops IOPS" "read 131072 mbps MB/s"; do
	set -- $shape
	want=$(python3 -c "
import json
a = json.load(open('$tmp/run1.json'))['points']; b = json.load(open('$tmp/run2.json'))['points']
f = lambda ps: [p['$3'] for p in ps if p['rw'] == '$1' and p['bs'] == $2][0]
print('%.4f' % ((f(b) / f(a) - 1) * 100))")
	got=$(jq_ "$tmp/cmp.json" "'%.4f' % [r for r in j['rows'] if r['pattern'] == '$1'][0]['cells']['B']['measured']['drift_pct']")
	is "$1 $2: drift % = run 2 / run 1 - 1 in $4" "$want" "$got"
done
is "the first run has no drift" "None" \
	"$(jq_ "$tmp/cmp.json" "j['rows'][0]['cells']['A']['measured']['against']")"

# -- run against a database drive -----------------------------------------
run "$dd" compare last KCD9XPJE7T68 --results "$store" --json
is "compare last KCD9XPJE7T68 exits 0" 0 "$rc"
printf '%s\n' "$out" >"$tmp/drive.json"
is "the drive's spec on the best 4K random read row is its rated max" "2600000.0 rated max" \
	"$(jq_ "$tmp/drive.json" "' '.join(str(x) for x in [r['cells']['B']['spec']['value'] for r in j['rows'] if r['point'] == '4K rand read best'] + [r['cells']['B']['spec']['depth']['label'] for r in j['rows'] if r['point'] == '4K rand read best'])")"
is "the review there says its depth" "QD32x16" \
	"$(jq_ "$tmp/drive.json" "[r for r in j['rows'] if r['point'] == '4K rand read best'][0]['cells']['B']['review']['depth']['label']")"
is "the run's best 4K random read is against that review" "True" \
	"$(jq_ "$tmp/drive.json" "(lambda c: c['against'] == 'review' and abs(c['vs_review_pct'] - (c['value'] / [r for r in j['rows'] if r['point'] == '4K rand read best'][0]['cells']['B']['review']['value'] - 1) * 100) < 1e-6)([r for r in j['rows'] if r['point'] == '4K rand read best'][0]['cells']['A']['measured'])")"
is "a point the drive has no figure for: empty drive cells, no %" "None None None" \
	"$(jq_ "$tmp/drive.json" "(lambda r: '%s %s %s' % (r['cells']['B']['spec'], r['cells']['B']['review'], r['cells']['A']['measured']['against']))([r for r in j['rows'] if r['point'] == '4K rand read QD4x1'][0])")"
run "$dd" compare last KCD9XPJE7T68 --results "$store"
like "text: the spec's rated max and the review's % against it" \
	'^4K rand read best +IOPS .*2\.6M rated max +2\.17M -16\.7% +QD32x16' "$out"

# -- a load curve against the PM1743's VDBench figures ------------------------
# A run of three points made a load curve of the "4K random read" profile in
# the store (kind, group, profile, rate as a curve's points are stored), so
# the case does not depend on how a plan builds one.
run "$dd" run --target "$tmp/scratch.dat" --size 64M --ramp 0 -q \
	--point 'randread,bs=4k,qd=1,time=0.2' --point 'randread,bs=4k,qd=2,time=0.2' \
	--point 'randread,bs=4k,qd=4,time=0.2' --results "$store"
is "run 3 on a scratch file is stored" 0 "$rc"
curve_peak=$(python3 - "$store" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
rid = c.execute("SELECT max(run_id) FROM points").fetchone()[0]
c.execute("UPDATE points SET grp = 1, profile = '4K random read', kind = 1 "
          "WHERE run_id = ? AND idx = 0", (rid,))
for idx, pct in ((1, 50), (2, 100)):
    c.execute("UPDATE points SET grp = 1, profile = '4K random read', kind = 2, rate_pct = ?, "
              "seq = ? WHERE run_id = ? AND idx = ?", (pct, idx, rid, idx))
c.commit()
print('%.4f' % max(r[0] for r in c.execute("SELECT sum_iops FROM points WHERE run_id = ?", (rid,))))
PY
)
run "$dd" compare PM1743 'run:3' --results "$store" --json
is "compare PM1743 run:3 exits 0" 0 "$rc"
printf '%s\n' "$out" >"$tmp/curve.json"
is "the curve's row: the profile, its kind, the review's IOPS at its threads" \
	"curve 4K random read 719094.0 x128" \
	"$(jq_ "$tmp/curve.json" "(lambda r: '%s %s %s %s' % (r['kind'], r['profile'], r['cells']['A']['review']['value'], r['cells']['A']['review']['depth']['label']))([r for r in j['rows'] if r['point'] == 'VDBench 4K random read peak' and r['unit'] == 'IOPS'][0])")"
is "the run's cell is the curve's peak, against the review" "$curve_peak review True" \
	"$(jq_ "$tmp/curve.json" "(lambda c: '%.4f %s %s' % (c['value'], c['against'], abs(c['vs_review_pct'] - (c['value'] / 719094.0 - 1) * 100) < 1e-6))([r for r in j['rows'] if r['point'] == 'VDBench 4K random read peak' and r['unit'] == 'IOPS'][0]['cells']['B']['measured'])")"
is "the latency at the peak is a row of its own, lower is better" "123.0 True" \
	"$(jq_ "$tmp/curve.json" "(lambda r: '%s %s' % (r['cells']['A']['review']['value'], r['lower_is_better']))([r for r in j['rows'] if r['point'] == 'VDBench 4K random read peak' and r['unit'] == 'us'][0])")"
is "a curve's points make no FIO rows" "" \
	"$(jq_ "$tmp/curve.json" "' '.join(r['point'] for r in j['rows'] if 'QD4x1' in r['point'] or 'QD2x1' in r['point'])")"
run "$dd" compare PM1743 'run:3' --results "$store"
like "text: the curve's row with the review's figure and depth" \
	'^VDBench 4K random read peak +IOPS .* 719\.1K +x128 *\| .*review +QD' "$out"

# -- drives alone, no store needed ------------------------------------------
run "$dd" compare KCD9XPJE7T68 'drive:9550 max' --results "$tmp/none.db"
is "two drives compare without a results store" 0 "$rc"
like "the 9550 MAX's latency is QD1 x1, how latency is quoted" \
	'^4K rand read QD1x1 +µs .*\| +60 QD1x1 ' "$out"

# -- a family no review measured: its headline point's spec ----------------
# (The D7-P5510 lists 3.84 and 7.68 TB, its headline figures from the 3.84
# TB point; before, the column was the family's and every cell a dash.)
run "$dd" compare 'd7-p5510'
like "an unreviewed family compares its headline point" '^A +Intel D7-P5510 3\.84 TB +spec of 3\.84 TB' "$out"
like "... whose spec figures fill the table" '^128K seq read best +MB/s \| +6,500' "$out"

# -- errors: one sentence each, the exit codes of cli.h ----------------------
run "$dd" compare '#99' --results "$store"
is "an unknown run exits 1" 1 "$rc"
is "... with one sentence naming it" "drivedash: there is no run 99 in $store" "$err"
run "$dd" compare 'last:NOSUCHSERIAL' --results "$store"
is "no run of a serial exits 1" "1 drivedash: no stored run of serial NOSUCHSERIAL" "$rc $err"
run "$dd" compare nosuchdrive --results "$store"
is "an unknown drive exits 1" 1 "$rc"
like "... naming the query" "^drivedash: no drive in the database matches 'nosuchdrive'" "$err"
run "$dd" compare 9550 --results "$store"
is "a bare number is a drive query: 9550 names two families, exits 6" 6 "$rc"
run "$dd" compare --results "$store"
is "no operand exits 2" 2 "$rc"
run "$dd" compare '#1' '#1' '#1' '#1' '#1' --results "$store"
is "five operands exit 2" 2 "$rc"
# One run named twice, or under two names ("last" is a run number too).
run "$dd" compare '#1' '#1' --results "$store"
is "a run named twice exits 2, saying so" "2 drivedash: run #1 is named twice" "$rc $err"
run "$dd" compare last "#$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(
	'select id from runs order by start_unix desc, id desc limit 1').fetchone()[0])" "$store")" \
	--results "$store"
like "last and its number are one run: exit 2, both names said" "^drivedash: '#[0-9]+' is run #[0-9]+, named already as 'last'$" "$err"
run "$dd" compare '#1' --results "$tmp/absent.db"
is "a run without a store exits 1" 1 "$rc"
like "... saying there is none" "no results store at $tmp/absent.db" "$err"
printf 'not a database, not at all\n' >"$tmp/garbage.db"
cp "$tmp/garbage.db" "$tmp/garbage.orig"
run "$dd" compare last --results "$tmp/garbage.db"
is "a garbage store exits 2" 2 "$rc"
is "... and is left as it was" "" "$(cmp "$tmp/garbage.db" "$tmp/garbage.orig" 2>&1)"
is "... with one line on stderr" 1 "$(printf '%s\n' "$err" | wc -l)"

done_testing
