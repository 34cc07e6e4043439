#!/bin/sh
# How the specs database's facts are shown (issue 14, "Rows and display"):
# sources and drives by name wherever a user reads them (show, compare), a
# visible mark on figures whose only source is grade C, approximate ranges
# ("~11–12 GB/s", ASCII "~11-12 GB/s" under LANG=C), a measurement's depth
# without a made-up NumJobs, and the list headline taking every figure of a
# family from one capacity point.  Each check fails on the output before the
# issue: "seed-000" in show, no (C) mark, "11-12 GB/s" without its "~",
# "QD1 x NJ-1", PM1743's 6,600 MB/s family-wide write beside its 7.68 TB
# read, SN861's "-" for a stored 7,500 MB/s write.
# Needs: python3.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${DRIVEDASH_DB:-${top_builddir:-.}/data/drivedash.db}"
tmp=$(mktemp -d /tmp/dd-display-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON and the database"

# sql QUERY [DB]: one value per line from the database (python's sqlite3).
sql() {
	python3 -c "import sqlite3,sys; [print('|'.join('' if v is None else str(v) for v in r)) for r in sqlite3.connect(sys.argv[2], isolation_level=None).execute(sys.argv[1])]" "$1" "${2:-$db}"
}

families=$("$dd" list --json | python3 -c 'import json,sys; print(" ".join(f["id"] for f in json.load(sys.stdin)))')

# ---- sources and drives by name ------------------------------------------
ids=
nj=
for fam in $families; do
	run "$dd" show "$fam"
	printf '%s\n' "$out" | grep -Eq '(^|[^a-z0-9-])seed-[0-9]{3}' && ids="$ids $fam"
	printf '%s\n' "$out" | grep -q 'NJ-1' && nj="$nj $fam"
done
is "show: no family's text names a source by its id (seed-NNN)" "" "$ids"
is "show: no measurement reads 'NJ-1' (NumJobs not stated)" "" "$nj"

run "$dd" show KCD9XPJE7T68
like "show: the header names the drive, not its id" '^KIOXIA CD9P-R 7\.68 TB ' "$out"
is "show: the header has no database id" "" "$(printf '%s\n' "$out" | head -1 | grep -o 'kioxia-cd9p-r-7680')"
like "show: the family's source by name" '^  source +StorageReview, .*\((de|en|fr|ja)\)$' "$out"
like "show: QD1 with NumJobs unknown reads QD1" ' 4K +QD1  +[a-z ]*latency' "$out"
like "show: a SKU cites its source by name" 'part-number SIE, published \[StorageReview, ' "$out"

run "$dd" show KCD9XPJE7T68 --json
is "show --json: every figure and measurement keeps its source id and adds its label" "True" \
	"$(python3 -c "import json,sys; j=json.load(open('$tmp/out')); print(all(x['source'] and x['source_label'] and x['source_label'] != x['source'] for x in j['spec'] + j['measurements']))")"
is "show --json: sources carry their label" "True" \
	"$(python3 -c "import json,sys; j=json.load(open('$tmp/out')); print(all(s['label'] for s in j['sources']))")"

run "$dd" compare KCD9XPJE7T68 'drive:9550 max'
is "compare exits 0" 0 "$rc"
is "compare: no source id and no capacity-point id in the text" "" \
	"$(printf '%s\n' "$out" | grep -Eo 'seed-[0-9]{3}|kioxia-cd9p-r-7680|micron-9550-max-12800' | head -1)"
like "compare: the legend names each column's review by name" '^   review: StorageReview, ' "$out"
like "compare: the legend names capacity points" 'spec of 7\.68 TB, review of 7\.68 TB' "$out"
run "$dd" compare KCD9XPJE7T68 --json
is "compare --json: spec and review cells carry source and source_label" "True" \
	"$(python3 -c "import json; j=json.load(open('$tmp/out')); c=[r['cells']['A'][k] for r in j['rows'] for k in ('spec','review') if r['cells']['A'][k]]; print(len(c) > 0 and all(x['source'] and x['source_label'] for x in c))")"

# ---- grade C --------------------------------------------------------------
# A family with a figure graded C that no A or B row states: its show marks it.
gc=$(sql "SELECT s.family_id FROM spec s WHERE s.confidence = 'C' AND NOT EXISTS (SELECT 1 FROM spec o WHERE o.family_id = s.family_id AND o.metric_id = s.metric_id AND o.drive_id IS s.drive_id AND o.confidence <> 'C' AND abs(o.value - s.value) < 0.001) ORDER BY s.family_id LIMIT 1")
if [ -n "$gc" ]; then
	run "$dd" show "$gc"
	like "show $gc: a grade-C-only figure carries the (C) mark" '[0-9] \(C\)' "$out"
	like "show $gc: ... and the legend explains it" '^  \(C\) grade C only: a secondary source' "$out"
	run "$dd" show "$gc" --json
	is "show $gc --json: grade_c_only only on grade C figures, and on at least one" "True" \
		"$(python3 -c "import json; j=json.load(open('$tmp/out')); print(any(f['grade_c_only'] for f in j['spec']) and all(f['confidence'] == 'C' for f in j['spec'] if f['grade_c_only']))")"
else
	ok "no grade-C-only figure in the database (nothing to mark)" true
fi
run "$dd" show KCD9XPJE7T68
is "show: a sheet of grade A figures has no (C) mark" "" "$(printf '%s\n' "$out" | grep -o '(C)' | head -1)"

# ---- approximate ranges ---------------------------------------------------
# The 64K random read "etwa 11.0-12.0 GB/s" of the CD9P-R review is stored as
# an approximate range (qual approx with value_hi, schema v2).
is "database: the 64K random read is an approximate range" "1" "$(sql "SELECT COUNT(*) FROM measurement WHERE drive_id = 'kioxia-cd9p-r-7680' AND source_id = 'seed-000' AND block_size = 65536 AND workload = 'randread' AND qual = 'approx' AND value = 11 AND value_hi = 12" "$db")"
run env LC_ALL=C.UTF-8 "$dd" show KCD9XPJE7T68
like "show: an approximate range keeps its mark: ~11–12 GB/s" '~11–12 GB/s' "$out"
run env LANG=C LC_ALL=C "$dd" show KCD9XPJE7T68
like "LANG=C: ... in ASCII: ~11-12 GB/s" '~11-12 GB/s' "$out"

# ---- the list headline ----------------------------------------------------
run "$dd" list --json
# Every headline figure is a preferred figure of the named capacity point (or
# family-wide), never another capacity's.
cat >"$tmp/headline.py" <<'EOF'
import json, sqlite3, sys
j = json.load(open(sys.argv[1]))
db = sqlite3.connect(sys.argv[2])
bad = []
keys = {"seq_read_mbps": "seq_read", "seq_write_mbps": "seq_write",
        "rand_read_iops": "rand_read", "rand_write_iops": "rand_write"}
for f in j:
    b = f["best"]
    point = b["capacity_point"]
    for k, metric in keys.items():
        if b[k] is None:
            continue
        rows = db.execute(
            "SELECT s.value * u.to_base FROM spec s JOIN unit u ON u.id = s.unit_id "
            "WHERE s.family_id = ? AND s.metric_id = ? AND s.preferred = 1 AND "
            "(s.drive_id IS NULL OR s.drive_id = ?)", (f["id"], metric, point)).fetchall()
        if not any(abs(r[0] - b[k]) < 1e-6 for r in rows):
            bad.append("%s %s" % (f["id"], k))
    if point is not None and not any(c["id"] == point for c in f["capacities"]):
        bad.append("%s point" % f["id"])
print(" ".join(bad))
EOF
is "list --json: every headline figure comes from the family's one capacity point" "" \
	"$(python3 "$tmp/headline.py" "$tmp/out" "$db")"
is "list --json: families with drive figures name the point" "True" \
	"$(python3 -c "import json; j=json.load(open('$tmp/out')); print(all(f['best']['capacity_point'] for f in j if f['id'] in ('samsung-pm1743','samsung-pm9a3','kioxia-cm7-r','sandisk-sn861')))")"
run "$dd" list
like "list: an AT column says which capacity point" '^VENDOR +FAMILY +INTERFACE +CAPACITIES +AT +SEQ R/W MB/s' "$out"
like "list: SN861's stored 7,500 MB/s (256K) write is in its headline" 'SN861 .* 7\.68 TB +13,700/7,500 ' "$out"
like "list: PM1743's figures are all its 7.68 TB point's" 'PM1743 .* 7\.68 TB +14,000/6,000 +2\.5M/300K' "$out"
like "list: the footer states the rule" 'the capacity point every headline figure is from' "$out"

done_testing
