#!/bin/sh
# Hostile overlay files (issue 22, item 8): what one overlay statement may
# compute is bounded.  A function call (randomblob, zeroblob, fts3_tokenizer,
# load_extension, lower) is refused at FILE:LINE before it runs, and memory
# stays modest; reading a table, a recursive WITH, ATTACH, PRAGMA, DELETE,
# UPDATE, DDL, VACUUM and transactions are refused; so is a SELECT (a
# statement that would loop over VALUES lists); a NUL byte is named with its file and line
# (by the load and by `db check`, never "no problems"); an overlay
# directory with no *.sql files is fine; figures must be finite and not
# negative; and every legitimate overlay of the other tests still loads.
# Needs: python3; /usr/bin/time (GNU time) for the memory case, which
# skips without it.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dd-attack-overlay-XXXXXX") ||
	skip_all "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM
command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
# Generous: a refused statement is refused before it runs, so only the old
# code (which ran it) comes near this.
RUN_TIMEOUT=60

# cfg NAME: a fresh configuration home $tmp/NAME with an empty overlay
# directory, exported as XDG_CONFIG_HOME; the directory in $od.
cfg() {
	XDG_CONFIG_HOME=$tmp/$1
	export XDG_CONFIG_HOME
	od=$XDG_CONFIG_HOME/drivedash
	mkdir -p "$od"
}

# refused NAME PATTERN: `list` with the overlay exits 2, naming
# $od/lab.sql:PATTERN on stderr and writing nothing on stdout; `db check`
# of the same file reports the same line and exits 1.
refused() {
	run "$dd" list
	is "$1: list exits 2" 2 "$rc"
	like "$1: FILE:LINE and why" "^drivedash: $od/lab\.sql:$2" "$err"
	is "$1: nothing on stdout" "" "$out"
	run env DRIVEDASH_NO_OVERLAY=1 "$dd" db check "$od/lab.sql"
	is "$1: db check exits 1" 1 "$rc"
	like "$1: db check reports it" "^$od/lab\.sql:$2" "$out"
}

vendor="INSERT INTO vendor (id, name) VALUES"

# A function call in a value: refused when the statement is prepared, so
# randomblob's gigabyte is never allocated.
cfg randomblob
printf -- "-- a lab file\n$vendor\n  ('acme', 'ACME'),\n  ('evil', randomblob(999000000));\n" \
	>"$od/lab.sql"
if /usr/bin/time -f '%M' true >/dev/null 2>&1; then
	/usr/bin/time -o "$tmp/rss" -f '%M' "$dd" list >"$tmp/out" 2>"$tmp/err"
	rc=$?
	is "randomblob: list exits 2" 2 "$rc"
	like "randomblob: refused at FILE:LINE, naming the function" \
		"^drivedash: $od/lab\.sql:4: .*randomblob" "$(cat "$tmp/err")"
	rss=$(tail -n 1 "$tmp/rss")
	ok "randomblob: maximum resident set under 200 MB (got ${rss} KiB)" \
		test "$rss" -lt 204800
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP GNU time (/usr/bin/time) is not installed"
fi
refused "randomblob" '4: .*call randomblob\(\)'

cfg zeroblob
printf "$vendor ('evil', zeroblob(999000000));\n" >"$od/lab.sql"
refused "zeroblob" '1: .*call zeroblob\(\)'
cfg loadext
printf "$vendor ('evil', load_extension('/tmp/x.so'));\n" >"$od/lab.sql"
refused "load_extension" '1: .*call load_extension\(\)'
cfg lower
printf "$vendor ('evil', lower('X'));\n" >"$od/lab.sql"
refused "any function (lower)" '1: .*call lower\(\)'

# fts3_tokenizer('simple') is a pointer into the sqlite library: refused,
# and nothing that looks like a pointer reaches list or db check (the
# outer call, hex(), is the first one refused).
cfg fts3
cat >"$od/lab.sql" <<'EOF'
INSERT INTO vendor (id, name) VALUES ('acme', 'A');
INSERT INTO family (id, vendor_id, name) VALUES
  ('acme-x', 'acme', hex(fts3_tokenizer('simple')));
EOF
refused "fts3_tokenizer" '3: .*call hex\(\)'
run "$dd" list
is "fts3_tokenizer: no pointer-looking hex in list" "" \
	"$(printf '%s\n%s\n' "$out" "$err" | grep -E '[0-9A-F]{12,}')"

# Reading tables, recursion and everything that is not an INSERT.
cfg read
printf "INSERT INTO vendor (id, name)\n  SELECT id || '-copy', name || ' copy' FROM vendor;\n" \
	>"$od/lab.sql"
refused "INSERT ... SELECT from a table" '2: .*has a SELECT'
cfg recursive
cat >"$od/lab.sql" <<'EOF'
INSERT INTO vendor (id, name) SELECT 'v', 'V' FROM
  (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c)
  WHERE x < 0;
EOF
refused "a recursive WITH" '[12]: .*(recursive|SELECT)'
cfg attach
printf "ATTACH DATABASE '%s' AS x;\n" "$tmp/x.db" >"$od/lab.sql"
refused "ATTACH" '1: .*ATTACH'
[ -e "$tmp/x.db" ]
is "ATTACH created no file" 1 "$?"
cfg pragma
printf "PRAGMA writable_schema = ON;\n" >"$od/lab.sql"
refused "PRAGMA" '1: .*PRAGMA'
cfg delete
printf "DELETE FROM family;\n" >"$od/lab.sql"
refused "DELETE" '1: .*DELETE'
cfg update
printf "UPDATE spec SET value = 1;\n" >"$od/lab.sql"
refused "UPDATE" '1: .*UPDATE'
cfg trigger
printf "CREATE TEMP TRIGGER t AFTER INSERT ON vendor BEGIN DELETE FROM family; END;\n" \
	>"$od/lab.sql"
refused "CREATE TRIGGER" '1: '
cfg vacuum
printf "VACUUM INTO '%s';\n" "$tmp/v.db" >"$od/lab.sql"
refused "VACUUM INTO" '1: '
[ -e "$tmp/v.db" ]
is "VACUUM INTO wrote no file" 1 "$?"
cfg begin
printf "BEGIN;\n$vendor ('acme', 'A');\n" >"$od/lab.sql"
refused "BEGIN" '1: '

# A statement that only loops (a cross join of VALUES lists, 10^12 rows,
# reading no table and calling nothing) is refused before it runs (the
# work budget behind it: tests/unit/test-overlay.c).
cfg loop
{
	v="(VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10))"
	printf "INSERT INTO vendor (id, name) SELECT 'v', 'V'\n  FROM %s a, %s b, %s c, %s d," \
		"$v" "$v" "$v" "$v"
	printf "\n  %s e, %s f, %s g, %s h, %s i, %s j, %s k, %s l\n  LIMIT 1 OFFSET 999999999999;\n" \
		"$v" "$v" "$v" "$v" "$v" "$v" "$v" "$v"
} >"$od/lab.sql"
refused "a loop over VALUES lists" '1: .*has a SELECT'

# Figures from an overlay are range-checked: finite, not negative.
spec="INSERT INTO spec (family_id, metric_id, value, unit_id, source_id, confidence) VALUES"
cfg inf
printf "$spec\n  ('kioxia-cd9p-r', 'seq_read', 1000, 'MB/s', 'seed-000', 'C'),\n  ('kioxia-cd9p-r', 'seq_write', 1e999, 'MB/s', 'seed-000', 'C');\n" \
	>"$od/lab.sql"
refused "an infinite figure" '3: .*spec\.value'
cfg negative
printf "$spec\n  ('kioxia-cd9p-r', 'seq_read', -1e308, 'MB/s', 'seed-000', 'C');\n" >"$od/lab.sql"
refused "a negative figure" '2: .*spec\.value'
cfg texty
printf "INSERT INTO drive (id, family_id, capacity_gb) VALUES\n  ('lab-x-1', 'kioxia-cd9p-r', 'many');\n" \
	>"$od/lab.sql"
refused "a figure that is text" '2: .*capacity_gb'

# A NUL byte: named with its file and line, not a silent end of the file.
cfg nul
printf "$vendor ('acme', 'A');\n\n$vendor ('acme2', 'B')\0;\n$vendor ('acme3', 'C');\n" \
	>"$od/lab.sql"
refused "a NUL byte" '3: .*NUL byte'
run env DRIVEDASH_NO_OVERLAY=1 "$dd" db check "$od/lab.sql"
like "a NUL byte: db check does not say no problems" '1 problem in the overlay' "$err"

# An overlay directory with no *.sql files is an empty overlay.
cfg empty
echo 'not an overlay' >"$od/README.txt"
run "$dd" list
is "an overlay directory without *.sql: list exits 0" 0 "$rc"
like "... and lists the bundled families" 'families\.' "$out"
is "... with nothing on stderr" "" "$err"
cfg emptier
run "$dd" list --json
is "an empty overlay directory: list exits 0" 0 "$rc"

# Every legitimate overlay still loads: the lab targets fixture, a dump of
# each bundled family (ids renamed) and a large file of many rows.
cfg legit
run "$dd" db check "${top_srcdir:-.}/tests/lib/lab-targets.sql"
is "tests/lib/lab-targets.sql passes db check" 0 "$rc"
fams=$(DRIVEDASH_NO_OVERLAY=1 "$dd" list --json |
	python3 -c "import json,sys; print(' '.join(f['id'] for f in json.load(sys.stdin)))")
bad=""
for f in $fams; do
	DRIVEDASH_NO_OVERLAY=1 "$dd" db dump --sql "$f" >"$tmp/dump.sql" 2>/dev/null || continue
	sed "s/'$f/'lab-$f/g" "$tmp/dump.sql" >"$od/$f.sql"
	DRIVEDASH_NO_OVERLAY=1 "$dd" db check "$od/$f.sql" >/dev/null 2>&1 || bad="$bad $f"
	rm -f "$od/$f.sql"
done
is "the dump of every bundled family, renamed, passes db check" "" "$bad"
python3 - "$od/lab.sql" <<'EOF'
import sys
with open(sys.argv[1], "w") as f:
    f.write("INSERT INTO drive (id, family_id, capacity_gb, notes) VALUES\n")
    f.write(",\n".join("  ('lab-big-%d', 'kioxia-cd9p-r', %d, 'row %d: it''s fine')"
                       % (i, i + 1, i) for i in range(20000)))
    f.write(";\n")
EOF
run "$dd" list
is "a 20,000-row INSERT loads" 0 "$rc"

done_testing
