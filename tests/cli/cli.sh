#!/bin/sh
# CLI behaviour of `drivedash list` and `show` on the bundled database, and
# its errors for bad input: each error must be one sentence on stderr and a
# non-zero exit, never a crash.
# Needs: python3.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /tmp/dd-cli-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"



run "$dd" --version
is "--version exits 0" 0 "$rc"
like "--version names the program" '^drivedash [0-9]' "$out"

run "$dd" --help
is "--help exits 0" 0 "$rc"
like "--help lists list" '  list ' "$out"
like "--help lists show" '  show ' "$out"

run "$dd" list
is "list exits 0" 0 "$rc"
like "list shows the CD9P-R" 'KIOXIA +CD9P-R' "$out"
like "list shows the PS1010" 'Solidigm' "$out"
like "list prints CD9P-R headline read speed" 'CD9P-R .*14,800/7,000' "$out"

run "$dd" list --json
is "list --json exits 0" 0 "$rc"
is "list --json has every family in the database" \
	"$(python3 -c "import sqlite3; print(sqlite3.connect('$DRIVEDASH_DB').execute('SELECT COUNT(*) FROM family').fetchone()[0])")" \
	"$(json 'len(j)')"
is "list --json: CD9P-R has its five E3.S capacities" "1920,3840,7680,15360,30720" \
	"$(json "','.join(str(int(c['capacity_gb'])) for f in j if f['id']=='kioxia-cd9p-r' for c in f['capacities'] if (c['form_factor'] or '').startswith('E3.S'))")"

run "$dd" show KCD9XPJE7T68
is "show by SKU exits 0" 0 "$rc"
like "show by SKU names the capacity point by name" '^KIOXIA CD9P-R 7\.68 TB .*capacity point' "$out"
like "show prints the spec sheet" 'SPEC SHEET' "$out"
like "show prints the review measurements" '2,165,000 IOPS' "$out"

run "$dd" show 9550 max --json
is "show '9550 max' exits 0" 0 "$rc"
is "show '9550 max' is the 9550 MAX family" "micron-9550-max" "$(json "j['family']['id']")"
is "show --json lists spec figures with sources" "True" \
	"$(json "all(s['source'] and s['confidence'] in 'ABC' for s in j['spec'])")"

run "$dd" show X200P
is "show x200p (any case) exits 0" 0 "$rc"
like "show x200p finds the Pascari" 'Phison Pascari X200P' "$out"

run "$dd" show cd9p-r --json
is "show cd9p-r shows the whole family" "null" "$(json "'null' if j['capacity_point'] is None else j['capacity_point']")"
is "show cd9p-r measurements are the family's" "True" \
	"$(json "len(j['measurements'])>50 and all(m['capacity_point'].startswith('kioxia-cd9p-r-') for m in j['measurements'])")"

run "$dd" show 9550
is "ambiguous query exits 6 (EXIT_AMBIGUOUS, distinct from check WARN 3)" 6 "$rc"
like "ambiguous query lists the candidates" '9550 MAX' "$out"
like "ambiguous query says so on stderr" 'matches [0-9]+ families' "$err"

run "$dd" show no-such-drive-anywhere
is "unknown query exits 1" 1 "$rc"
like "unknown query says so" 'no drive in the database matches' "$err"

run "$dd" show
is "show without a query exits 2" 2 "$rc"

run "$dd" list --bogus
is "unknown option exits 2" 2 "$rc"

run "$dd" frobnicate
is "unknown command exits 2" 2 "$rc"
like "unknown command is named" "unknown command 'frobnicate'" "$err"

run "$dd" --db "$tmp/none.db" list
is "missing database exits 2" 2 "$rc"
like "missing database names the file" 'none.db' "$err"

head -c 8192 /dev/urandom >"$tmp/corrupt.db"
run "$dd" --db "$tmp/corrupt.db" list
is "corrupt database exits 2" 2 "$rc"
like "corrupt database says so" 'not a (valid database file|drivedash specs database)' "$err"
is "corrupt database: one line on stderr" 1 "$(printf '%s\n' "$err" | wc -l)"

printf 'SQLite format 3\000' >"$tmp/trunc.db"
run "$dd" --db "$tmp/trunc.db" show cd9p
is "truncated database exits 2" 2 "$rc"

# LANG=C: every text command prints ASCII only; the database's UTF-8 (µs in
# notes, accented quotes) is transliterated.  Under UTF-8 the glyphs stay.
ascii_only() {
	printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177'
}
run env LANG=C LC_ALL=C "$dd" list
is "LANG=C: list is ASCII" "" "$(ascii_only)"
run env LANG=C LC_ALL=C "$dd" --help
is "LANG=C: --help is ASCII" "" "$(ascii_only)"
run env LANG=C LC_ALL=C "$dd" run --help
is "LANG=C: run --help is ASCII" "" "$(ascii_only)"
nonascii=
for fam in $("$dd" list --json | python3 -c 'import json,sys; print(" ".join(f["id"] for f in json.load(sys.stdin)))'); do
	run env LANG=C LC_ALL=C "$dd" show "$fam"
	[ "$rc" -eq 0 ] && [ -z "$(ascii_only)" ] || nonascii="$nonascii $fam"
done
is "LANG=C: show of every family exits 0 with ASCII only" "" "$nonascii"
run env LANG=C LC_ALL=C "$dd" show cd9p-r
like "LANG=C: the benchmark separator is ASCII" '^  [a-z]+ - StorageReview, ' "$out"
like "LANG=C: a note's µs reads us" 'avoisinait les 32 us' "$out"
run env LC_ALL=C.UTF-8 "$dd" show cd9p-r
like "C.UTF-8: the benchmark separator stays ·" '^  [a-z]+ · StorageReview, ' "$out"
like "C.UTF-8: a note's µs stays" 'avoisinait les 32 µs' "$out"
run env LANG=C LC_ALL=C "$dd" show zzz-no-such-drive
is "LANG=C: an error is ASCII" "" "$(ascii_only)"

run env DRIVEDASH_DB="$tmp/none.db" "$dd" list
is "DRIVEDASH_DB is honoured" 2 "$rc"

done_testing
