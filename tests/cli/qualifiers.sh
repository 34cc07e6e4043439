#!/bin/sh
# Qualifiers survive into the store, `export` and `report` (issue 27): a
# check stores each verdict row's reference with its marks (approximate,
# range, <=, inferred, conditions not stated), and export (csv, json, text)
# and report (md, txt, html) print them through the one qualifier formatter.
# The checks run on a loop device over a scratch file in /dev/shm: the
# CD9P-R 7.68 TB with a lab overlay giving it the review's "etwa 30 us"
# (4K random read, QD1) as its latency spec (the bundled sheet has none),
# the SN861 7.68 TB (latencies with no stated conditions) and the CD6
# 1.92 TB (inferred cells).  A store of the previous schema (version 4,
# made from that store with sqlite) still exports, as no qualifier.
# And the sources: every drive for which rivals.md gives its vendor's
# datasheet cites that datasheet for its spec figures (`show --json`).
# Needs: python3; root and losetup for the loop device (the store cases
# skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-quals-XXXXXX)
loops=""

cleanup() {
	for l in $loops; do losetup -d "$l" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON and the store"

# sql FILE QUERY: rows of a read-only query, fields joined by |.
sql() {
	python3 - "$1" "$2" <<'PY'
import sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
for row in c.execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))
PY
}

# The lab overlay: the review's approximate QD1 latency as a spec figure.
mkdir -p "$tmp/cfg/drivedash"
cat >"$tmp/cfg/drivedash/lab.sql" <<'EOF'
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size, iodepth,
                  numjobs, source_id, confidence, preferred, notes) VALUES
  ('kioxia-cd9p-r', 'kioxia-cd9p-r-7680', 'lat_read', 'approx', 30, 'us', 4096, 1, 1,
   'seed-000', 'A', 1, 'About 30 us at QD1, as the review prints it.');
EOF

# --- the store and its exports ----------------------------------------------
dev=""
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 64M "$tmp/scratch.img"
	loop_new "$tmp/scratch.img" || dev=""
fi
if [ -z "$dev" ]; then
	echo "ok $((tap_n + 1)) # SKIP stored qualifiers: no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
else
	store="$tmp/store.db"
	for m in "cd9p 7.68" "sn861 7.68" "cd6 1.92"; do
		XDG_CONFIG_HOME="$tmp/cfg" run "$dd" --db "$db" check "$dev" --model "$m" \
			--time-scale 0.002 -q --json --results "$store"
		case $rc in 0 | 3 | 4 | 7) ok "check --model '$m': a verdict (exit $rc)" true ;;
		*) ok "check --model '$m': a verdict (exit $rc: $err)" false ;;
		esac
	done
	is "store: the CD9P-R's latency reference is stored approximate" "lat_read|30.0|approx" \
		"$(sql "$store" "SELECT metric, reference, spec_qual FROM verdicts
			WHERE run_id = 1 AND metric = 'lat_read'")"
	is "store: the SN861's latencies are stored as conditions not stated" "lat_read|1
lat_write|1" \
		"$(sql "$store" "SELECT metric, spec_unstated FROM verdicts
			WHERE run_id = 2 AND metric LIKE 'lat_%' ORDER BY seq")"
	is "store: the CD6 1.92 TB's inferred cells are stored inferred" "seq_read|1" \
		"$(sql "$store" "SELECT metric, spec_inferred FROM verdicts
			WHERE run_id = 3 AND metric = 'seq_read'")"

	run "$dd" export 1 --format csv --results "$store"
	like "export csv: the verdict header names the reference's marks" \
		'^# verdict rows: .*,ratio,reference_qual,reference_low,reference_high,reference_text$' \
		"$out"
	like "export csv: the latency row keeps its approximate mark" \
		'^# verdict,lat_read,.*,approx,,,~30 us$' "$out"
	run "$dd" export 1 --format json --results "$store"
	cp "$tmp/out" "$tmp/e1.json"
	is "export json: the latency reference is approximate, shown as ~30 us" \
		"30.0 approx ~30 us approx" \
		"$(jq_ "$tmp/e1.json" '" ".join(str(r[k]) for r in j["verdict"]["rows"] if r["metric"] == "lat_read" for k in ("reference", "reference_qual", "reference_text", "spec_qual"))')"
	is "export json: an exact reference says eq" "eq 14,800 MB/s" \
		"$(jq_ "$tmp/e1.json" '" ".join(str(r[k]) for r in j["verdict"]["rows"] if r["metric"] == "seq_read" for k in ("reference_qual", "reference_text"))')"
	run "$dd" export 1 --format text --results "$store"
	like "export text: the row says what it was held against" \
		'^  lat_read +[A-Z_]+ +against ~30 us: ' "$out"
	run "$dd" export 2 --format json --results "$store"
	is "export json: the SN861's latencies say conditions not stated" \
		"False 65 us, conditions not stated|False 8 us, conditions not stated" \
		"$(jq_ "$tmp/out" '"|".join("%s %s" % (r["spec_conditions_stated"], r["reference_text"]) for r in j["verdict"]["rows"] if r["metric"].startswith("lat_"))')"
	run "$dd" export 3 --format json --results "$store"
	is "export json: the CD6's inferred cell is marked (i)" "True 5,800 MB/s (i)" \
		"$(jq_ "$tmp/out" '" ".join(str(r[k]) for r in j["verdict"]["rows"] if r["metric"] == "seq_read" for k in ("spec_inferred", "reference_text"))')"

	run "$dd" report 1 --format md --results "$store"
	like "report md: the verdict row's reference keeps the mark" \
		'\*\*Reference\*\*: \\?~30 us' "$out"
	run "$dd" report 1 --format txt --results "$store"
	like "report txt: the verdict row's reference keeps the mark" 'Reference: ~30 us' "$out"
	run "$dd" report 1 --format html --results "$store" -o "$tmp/r.html"
	is "report html: exits 0" 0 "$rc"
	like "report html: the verdict row's reference cell keeps the mark" \
		'<td class="num">~30 us</td>' "$(cat "$tmp/r.html")"
	run "$dd" report 3 --format txt --results "$store"
	like "report txt: an inferred reference is marked and explained" \
		'Reference: 5,800 MB/s \(i\)' "$out"
	like "report txt: the (i) legend under the verdicts" '^\(i\) inferred: worked out' "$out"

	# The previous schema (version 4): the same rows without the marks.
	python3 - "$store" "$tmp/v4.db" <<'PY'
import sqlite3, sys
src = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
dst = sqlite3.connect(sys.argv[2])
src.backup(dst)
dst.execute("PRAGMA journal_mode = DELETE")
for col in ("spec_qual", "spec_lo", "spec_hi", "spec_inferred", "spec_unstated", "review_qual"):
    dst.execute("ALTER TABLE verdicts DROP COLUMN %s" % col)
dst.execute("PRAGMA user_version = 4")
dst.commit()
dst.close()
PY
	run "$dd" export 1 --format json --results "$tmp/v4.db"
	is "old store: export exits 0" 0 "$rc"
	is "old store: the reference reads as no qualifier" "30.0 eq 30 us" \
		"$(jq_ "$tmp/out" '" ".join(str(r[k]) for r in j["verdict"]["rows"] if r["metric"] == "lat_read" for k in ("reference", "reference_qual", "reference_text"))')"
	run "$dd" export 1 --format csv --results "$tmp/v4.db"
	like "old store: export csv exits 0 with the rows" '^# verdict,lat_read,.*,eq,,,30 us$' "$out"
	run "$dd" report 1 --format txt --results "$tmp/v4.db"
	like "old store: the report shows the plain reference" 'Reference: 30 us' "$out"
	is "old store: reading it did not upgrade it" "4" "$(sql "$tmp/v4.db" "PRAGMA user_version")"
fi

# --- sources: the vendor's datasheet where rivals.md gives one ---------------
# FAMILY|SOURCE NAME|URL (as rivals.md gives the review that prints the
# table; empty: none given)|METRIC whose preferred figure cites it|the
# review's own source, which none of the family's spec figures may cite
# any more ("-": the source is the review, named as the datasheet, or the
# review's own words are still cited for other figures)
while IFS='|' read -r fam name url metric review; do
	run "$dd" --db "$db" show "$fam" --json
	is "sources: $fam cites \"$name\"" "0 True True True" \
		"$rc $(python3 - "$tmp/out" "$name" "$url" "$metric" "$review" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
name, url, metric, review = sys.argv[2:6]
src = [s for s in j["sources"] if s["name"] == name and (s["url"] or "") == url]
ids = {s["id"] for s in src}
cites = any(f["metric"] == metric and f["preferred"] and f["source"] in ids for f in j["spec"])
bare = review == "-" or not any(f["source"] == review for f in j["spec"])
print(len(src) == 1, cites, bare)
PY
)"
done <<'ROWS'
micron-9550-max|9550 MAX review: Micron datasheet|https://www.storagereview.com/review/micron-9550-max-review-balanced-performance-for-ai-db-and-analytics|seq_read|sr-9550max
micron-9550-pro|9550 MAX review: Micron datasheet|https://www.storagereview.com/review/micron-9550-max-review-balanced-performance-for-ai-db-and-analytics|mttf|sr-9550max
micron-9550-pro|Micron 9550 TPS, as quoted in code||power_max|llmsim
micron-7600-max|7600 MAX review: Micron datasheet|https://www.storagereview.com/review/micron-7600-max-review|seq_read|sr-7600max
solidigm-ps1030|D7-PS1030 review: Solidigm datasheet||seq_read|sr-ps1030
solidigm-ps1010|D7-PS1030 review: Solidigm datasheet||mttf|-
sandisk-sn861|SN861 review: WD datasheet (projected)||seq_read|-
phison-x200p|Pascari X200P review: Phison datasheet||seq_read|sr-x200p
kioxia-cd8p-r|CD9P-R review: KIOXIA CD8P-R datasheet|https://storagereview.com/review/kioxia-cd9p-r-review-read-intensive-gen5-up-to-61-44tb|seq_read|sr-cd9pr
kioxia-cm7-r|CM7-R review: KIOXIA datasheet figures||seq_read|-
samsung-pm9a3|Samsung PM9A3 launch datasheet, as quoted|https://heise.de/-4720224|seq_read|-
ROWS

done_testing
