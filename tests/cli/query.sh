#!/bin/sh
# Typed queries from the command line (issue 14): `show` answers ONE (the
# sheet, with what else matched), CHOICE (the candidates and what sets each
# apart, exit 6), ATTRIBUTE (a table of every drive having it, exit 0, also
# as JSON) and NONE (exit 1, the nearest); `compare` takes the same queries;
# a model string known only by inference says so in show, detect and check.
# Counts are checked against the database itself, not written in.
# Needs: python3; root and losetup for check on a loop device (skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
qdb="${top_builddir:-.}/tests/qemu-test.db"
tmp=$(mktemp -d /dev/shm/dd-query-XXXXXX)
loop=""

cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"


# sql QUERY: one value from the bundled database.
sql() {
	python3 -c "import sqlite3; print(sqlite3.connect('$DRIVEDASH_DB').execute(\"$1\").fetchone()[0])"
}

# --- ONE: the best, with the others listed ----------------------------------
run "$dd" show cd9p
is "show cd9p exits 0" 0 "$rc"
like "show cd9p: the CD9P-R sheet" '^KIOXIA CD9P-R ' "$out"
like "show cd9p: the placeholder is listed, and why it lost" \
	'also matches +KIOXIA CD9P-V \(placeholder: no capacity points' "$out"
run "$dd" show cd9p --json
is "show cd9p --json: the family" "kioxia-cd9p-r" "$(json "j['family']['id']")"
is "show cd9p --json: the other candidate" "kioxia-cd9p-v" \
	"$(json "','.join(c['family'] for c in j['also_matches'])")"

# --- CHOICE: one line each, exit 6 ------------------------------------------
run "$dd" show cm7
is "show cm7 exits 6 (both CM7s have data)" 6 "$rc"
like "show cm7: CM7-R, read-intensive 1 DWPD" 'KIOXIA CM7-R +read-intensive, 1 DWPD' "$out"
like "show cm7: CM7-V, mixed-use 3 DWPD" 'KIOXIA CM7-V +mixed-use, 3 DWPD' "$out"
like "show cm7: stderr says what to add" "'cm7' matches 2 families; name one" "$err"
run "$dd" show cm7-r
is "show cm7-r exits 0" 0 "$rc"
like "show cm7-r: the R" '^KIOXIA CM7-R ' "$out"
run "$dd" show micron 9550
is "show micron 9550 exits 6 (PRO and MAX both have data)" 6 "$rc"
like "show micron 9550: the PRO, read-intensive" '9550 PRO +read-intensive, 1 DWPD' "$out"
like "show micron 9550: the MAX, mixed-use" '9550 MAX +mixed-use, 3 DWPD' "$out"
run "$dd" show micron 9550 --json
is "show micron 9550 --json: a choice of two" "choice 2" "$(json "j['kind'], len(j['candidates'])" | tr -d "(),'")"

# --- capacities any common way ----------------------------------------------
for q in "cd9p 7.68" "cd9p-r 7680" "cd9p-r 7.68TB" "cd9p-r 7.68 TB" "cd9p-r 7T68" \
	"kioxia-cd9p-r-7680" "KCD9XPJE7T68"; do
	# shellcheck disable=SC2086
	run "$dd" show $q
	is "show $q: exit 0" 0 "$rc"
	like "show $q: the 7.68 TB point" '^KIOXIA CD9P-R 7\.68 TB .*capacity point' "$out"
done
run "$dd" show 1.92TB cd9p-r
like "show 1.92TB cd9p-r: the 1.92 TB point" '^KIOXIA CD9P-R 1\.92 TB .*capacity point' "$out"
run "$dd" show kingston 7.68
is "show kingston 7.68: exit 0" 0 "$rc"
like "show kingston 7.68: the DC3000ME 7.68 TB" '^Kingston DC3000ME 7\.68 TB .*capacity point' "$out"
run "$dd" show cd9p-r 2.5
is "show cd9p-r 2.5: no such point, exit 1" 1 "$rc"
like "show cd9p-r 2.5: names the family as nearest" 'nearest: KIOXIA CD9P-R' "$err"

# --- attributes: a table of every drive having it ----------------------------
run "$dd" show 7.68TB --json
is "show 7.68TB exits 0" 0 "$rc"
is "show 7.68TB: one row per 7.68 TB capacity point" \
	"$(sql "SELECT COUNT(*) FROM drive WHERE capacity_gb = 7680")" "$(json "len(j['drives'])")"
is "show 7.68TB: every row is 7.68 TB" "True" "$(json "all(r['capacity_gb'] == 7680 for r in j['drives'])")"
run "$dd" show 7.68TB
like "show 7.68TB: a table with its heading" 'capacity 7.68 TB: [0-9]+ drives' "$out"
like "show 7.68TB: the CD9P-R row" 'KIOXIA +CD9P-R +7.68 TB +E3.S' "$out"
# A capacity written short is headed by the capacity its points have.
for q in 15T3 15.3; do
	run "$dd" show "$q"
	like "show $q: headed 'capacity 15.36 TB', as the points are" '^capacity 15\.36 TB: [0-9]+ drives' "$out"
done
run "$dd" show gen5 --json
is "show gen5 exits 0" 0 "$rc"
is "show gen5: one row per Gen5 family" \
	"$(sql "SELECT COUNT(*) FROM family WHERE pcie_gen = 5")" "$(json "len(j['drives'])")"
run "$dd" show pcie 5 --json
is "show pcie 5 is gen5" "$(sql "SELECT COUNT(*) FROM family WHERE pcie_gen = 5")" "$(json "len(j['drives'])")"
run "$dd" show 3 dwpd --json
is "show 3 dwpd exits 0" 0 "$rc"
is "show 3 dwpd: every row rated 3 DWPD" "True" "$(json "len(j['drives']) >= 3 and all(r['dwpd'] == 3 for r in j['drives'])")"
like "show 3 dwpd: SanDisk's 3 DWPD point is there by itself" 'sandisk-sn861-3200' "$(json "[r['capacity_point'] for r in j['drives']]")"
for q in E3.S U.2 E1.S gen4 "1 dwpd" 61.44TB; do
	# shellcheck disable=SC2086
	run "$dd" show $q
	is "show $q: exit 0" 0 "$rc"
	like "show $q: a table" ': [0-9]+ drives?' "$out"
done

# 2.5-inch is a form factor too: every 2.5" drive, U.2 and U.3 alike (the
# SFF-8639 drives), whichever way it is written; none that is E3.S only.
run "$dd" show 2.5-inch --json
is "show 2.5-inch: exit 0" 0 "$rc"
is "show 2.5-inch: every row is 2.5\", U.2 or U.3" "True" \
	"$(json "len(j['drives']) > 10 and all(any(k in r['form_factor'] for k in ('2.5\"', 'U.2', 'U.3')) for r in j['drives'])")"
sff=$(json "sorted(r['label'] for r in j['drives'])")
is "show 2.5-inch: the drive rated 2.5\" only in its family text is there (CD6-R)" "True" \
	"$(json "any(r['family'] == 'kioxia-cd6' for r in j['drives'])")"
is "show 2.5-inch: an E3.S capacity point is not (CD9P-R 7.68 TB; its 61.44 TB is)" "False True" \
	"$(json "' '.join(str(any(r.get('capacity_point') == p for r in j['drives'])) for p in ('kioxia-cd9p-r-7680', 'kioxia-cd9p-r-61440'))")"
for q in '2.5 inch' '2.5"' 2.5in sff; do
	run "$dd" show "$q" --json
	is "show '$q' is show 2.5-inch" "$sff" "$(json "sorted(r['label'] for r in j['drives'])")"
done
run "$dd" show 2.5-inch
like "show 2.5-inch: the heading" '^form factor 2\.5-inch: [0-9]+ drives' "$out"

# --- an inferred model string says so ---------------------------------------
run "$dd" show KINGSTON SEDC3000ME7T6
is "show an inferred model string: exit 0" 0 "$rc"
like "show an inferred model string: the header says so" \
	'model string +KINGSTON SEDC3000ME7T6: model string inferred, not in a published list' "$out"
run "$dd" show KCD9XPJE7T68
ok "show a published part number: no such line" sh -c "! printf '%s' \"\$1\" | grep -q inferred," _ "$out"

# --- compare takes the same queries -----------------------------------------
run "$dd" compare 'cd9p 7.68' 'micron 9550 7.68' --results "$tmp/none.db"
is "compare two capacity-point queries: exit 0" 0 "$rc"
like "compare: the CD9P-R 7.68 TB column" 'A +KIOXIA CD9P-R 7.68 TB' "$out"
like "compare: the 9550 PRO 7.68 TB column" 'B +Micron 9550 PRO 7.68 TB' "$out"
run "$dd" compare gen5 --results "$tmp/none.db"
is "compare an attribute: exit 6" 6 "$rc"
like "compare an attribute: says it is one" "'gen5' is an attribute" "$err"

# --- detect and check on an inferred model string ----------------------------
fs="$tmp/sys"
mkdir -p "$fs/class/nvme/nvme0/nvme0n1"
printf 'KINGSTON SEDC3000ME7T6\n' >"$fs/class/nvme/nvme0/model"
printf 'FAKE0001\n' >"$fs/class/nvme/nvme0/serial"
printf '1\n' >"$fs/class/nvme/nvme0/nvme0n1/nsid"
run "$dd" detect --sysfs "$fs"
is "detect an inferred model string: exit 0" 0 "$rc"
like "detect: the note" 'note +model string inferred, not in a published list' "$out"
run "$dd" detect --sysfs "$fs" --json
is "detect --json: inferred_only" "True" "$(json "j['controllers'][0]['match']['inferred_only']")"

if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 64M "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -n "$loop" ]; then
	run "$dd" check "$loop" --model "KINGSTON SEDC3000ME7T6" --time-scale 0.01 --no-save
	like "check an inferred model string: the header says so" \
		'model string inferred, not in a published list' "$out"
else
	echo "ok $((tap_n + 1)) # SKIP no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
fi

done_testing
