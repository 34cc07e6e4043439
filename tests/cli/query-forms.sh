#!/bin/sh
# Queries in the sources' own forms (issue 27): part numbers match only as
# listed (no such part number: the nearest listed ones, exit 1), decimal
# commas, "To"/"Go", full-width punctuation, typos answered with "did you
# mean" (exit 1, the corrected query not run), a family and an attribute
# together as AND, and a query that matches nothing exits 1 in show,
# compare, report and db dump.  Each example of the issue is a case here.
# Needs: python3 (reads JSON and the database).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-qforms-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"


# --- part numbers: as listed, else "no such part number" ---------------------
run "$dd" show KCD9XPJE7T68
is "KCD9XPJE7T68 (listed): exit 0" 0 "$rc"
like "KCD9XPJE7T68: the CD9P-R 7.68 TB" '^KIOXIA CD9P-R 7\.68 TB .*capacity point' "$out"
run "$dd" show kioxia kcd9xpje7t68
like "kioxia kcd9xpje7t68 (case, vendor word): the same point" '^KIOXIA CD9P-R 7\.68 TB ' "$out"
run "$dd" show KCD9FPJE7T68
is "KCD9FPJE7T68 (not in the sources): exit 1" 1 "$rc"
is "KCD9FPJE7T68: no sheet printed" "" "$out"
like "KCD9FPJE7T68: says no such part number" "no such part number 'KCD9FPJE7T68'" "$err"
like "KCD9FPJE7T68: the nearest listed ones (SIE and SED)" \
	'nearest known: .*KCD9DPJE7T68 .*KCD9XPJE7T68|nearest known: .*KCD9XPJE7T68 .*KCD9DPJE7T68' "$err"
run "$dd" show KCD9XPJE7T6
is "KCD9XPJE7T6 (truncated): exit 1" 1 "$rc"
is "KCD9XPJE7T6: no sheet printed" "" "$out"
like "KCD9XPJE7T6: no such part number, nearest KCD9XPJE7T68" \
	"no such part number 'KCD9XPJE7T6'.*nearest known: KCD9XPJE7T68 \(KIOXIA CD9P-R 7\.68 TB\)" "$err"
run "$dd" show KCD9FPJE7T68 --json
is "KCD9FPJE7T68 --json: exit 1, nothing on stdout" "1 " "$rc $out"
run "$dd" compare KCD9FPJE7T68 cd9p --results "$tmp/none.db"
is "compare KCD9FPJE7T68: exit 1" 1 "$rc"
like "compare KCD9FPJE7T68: no such part number" "no such part number 'KCD9FPJE7T68'" "$err"
# A family's part-number stem (an alias) still names the family.
run "$dd" show MZQL2
like "MZQL2 (a stem the data lists): the PM9A3 family" '^Samsung PM9A3 ' "$out"

# --- decimal commas, To/Go, full-width punctuation ---------------------------
run "$dd" show 'CD9P-R 7,68 TB'
is "'CD9P-R 7,68 TB': exit 0" 0 "$rc"
like "'CD9P-R 7,68 TB': the 7.68 TB point" '^KIOXIA CD9P-R 7\.68 TB .*capacity point' "$out"
run "$dd" show 'cd9p-r 7,680 GB'
like "'cd9p-r 7,680 GB' (a thousands comma): the 7.68 TB point" '^KIOXIA CD9P-R 7\.68 TB ' "$out"
run "$dd" show 'CM9-R 15.36 To'
is "'CM9-R 15.36 To': exit 0" 0 "$rc"
like "'CM9-R 15.36 To': the CM9-R 15.36 TB point" '^KIOXIA CM9-R 15\.36 TB .*capacity point' "$out"
run "$dd" show 'CM9-R 15360 Go'
like "'CM9-R 15360 Go': the same point" '^KIOXIA CM9-R 15\.36 TB .*capacity point' "$out"
run "$dd" show '15.36 TB E3.S' --json
plain=$(json "sorted(r['label'] for r in j['drives'])")
run "$dd" show '15.36TB（E3.S）' --json
is "'15.36TB（E3.S）': exit 0" 0 "$rc"
is "'15.36TB（E3.S）' is '15.36 TB E3.S'" "$plain" "$(json "sorted(r['label'] for r in j['drives'])")"
is "'15.36TB（E3.S）': rows, every one 15.36 TB and E3.S" "True" \
	"$(json "len(j['drives']) > 0 and all(r['capacity_gb'] == 15360 and 'E3.S' in r['form_factor'] for r in j['drives'])")"
run "$dd" show 'ＣＤ９Ｐ－Ｒ　７．６８ＴＢ'
like "full-width letters and space: the CD9P-R 7.68 TB" '^KIOXIA CD9P-R 7\.68 TB ' "$out"

# --- typos: "did you mean", exit 1 -------------------------------------------
run "$dd" show kioxa cd9p
is "'kioxa cd9p': exit 1 (the corrected query is not run)" 1 "$rc"
is "'kioxa cd9p': no sheet printed" "" "$out"
like "'kioxa cd9p': did you mean KIOXIA CD9P-R?" 'did you mean KIOXIA CD9P-R\?' "$err"
like "'kioxa cd9p': the corrected query to type" 'drivedash show kioxia cd9p' "$err"
run "$dd" show micorn 9550 max
like "'micorn 9550 max': did you mean Micron 9550 MAX?" 'did you mean Micron 9550 MAX\?' "$err"
run "$dd" show zzzzqqq
is "'zzzzqqq' (nothing near): exit 1" 1 "$rc"
ok "'zzzzqqq': no suggestion" sh -c "! printf '%s' \"\$1\" | grep -q 'did you mean'" _ "$err"

# --- a family and an attribute: AND ------------------------------------------
run "$dd" show 'cd9p-r 2.5"'
is "'cd9p-r 2.5\"': exit 0" 0 "$rc"
like "'cd9p-r 2.5\"': the 2.5\" point (61.44 TB), not the family" \
	'^KIOXIA CD9P-R 61\.44 TB .*capacity point, 2\.5"' "$out"
# cm9-r u.2: the points whose form factor has U.2 (the family whole only if
# all of them do), as the database has them.
want=$(python3 -c "
import sqlite3
c = sqlite3.connect('$DRIVEDASH_DB')
ff = c.execute(\"SELECT form_factors FROM family WHERE id = 'kioxia-cm9-r'\").fetchone()[0]
pts = c.execute(\"SELECT id, form_factor FROM drive WHERE family_id = 'kioxia-cm9-r'\").fetchall()
have = [i for i, f in pts if 'U.2' in (f or ff)]
print('family' if len(have) == len(pts) else ' '.join(sorted(have)))")
run "$dd" show cm9-r u.2 --json
got=$(json "'family' if 'candidates' not in j and j['capacity_point'] is None else ' '.join(sorted([j['capacity_point']] if 'candidates' not in j else [c['capacity_point'] for c in j['candidates']]))")
is "'cm9-r u.2': its U.2 points, not the whole family unless all are ($want)" "$want" "$got"

# --- zero matches exit 1 everywhere ------------------------------------------
run "$dd" show E1.L
is "show E1.L (no drive has it): exit 1" 1 "$rc"
like "show E1.L: says no drive has form factor E1.L" 'no drive in the database has form factor E1\.L' "$err"
run "$dd" show E1.L --json
is "show E1.L --json: exit 1" 1 "$rc"
run "$dd" compare E1.L cd9p --results "$tmp/none.db"
is "compare E1.L: exit 1" 1 "$rc"
run "$dd" report drive:E1.L --results "$tmp/none.db" -o "$tmp/r.txt"
is "report drive:E1.L: exit 1" 1 "$rc"
ok "report drive:E1.L: no file written" test ! -e "$tmp/r.txt"
run "$dd" db dump --sql E1.L
is "db dump --sql E1.L: exit 1" 1 "$rc"
run "$dd" show 'kioxia 99.99TB'
is "show kioxia 99.99TB (no such point): exit 1" 1 "$rc"

done_testing
