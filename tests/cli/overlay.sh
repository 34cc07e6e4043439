#!/bin/sh
# The lab's overlay (issue 14): SQL files under $XDG_CONFIG_HOME/drivedash/
# loaded on top of the bundled database.  A new drive with a SKU, spec
# figures and acceptance targets is listed, shown and marked with its file
# and line; every kind of broken overlay (syntax, foreign key, CHECK,
# UPDATE/DELETE/ATTACH/PRAGMA/REPLACE, a duplicate of a bundled id, a FIFO,
# a directory) stops a command with exit 2 and FILE:LINE, never a hang;
# empty, hidden and non-.sql files are fine; --no-overlay and
# DRIVEDASH_NO_OVERLAY=1 get the bundled data back; `db check` exits 0/1/2;
# `db dump` of a family, its ids renamed, loads back as an overlay with the
# same figures.
# Needs: python3.  The unreadable-file case runs only as a user other than
# root (root reads any file).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dd-overlay-XXXXXX") || skip_all "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM
command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
RUN_TIMEOUT=30


# cfg NAME: a fresh configuration home $tmp/NAME with an empty overlay
# directory, exported as XDG_CONFIG_HOME; the directory in $od.
cfg() {
	XDG_CONFIG_HOME=$tmp/$1
	export XDG_CONFIG_HOME
	od=$XDG_CONFIG_HOME/drivedash
	mkdir -p "$od"
}

# The worked example of drivedash-overlay(5): one drive, one SKU, two
# figures, a lab source and two acceptance targets.
cfg good
cat >"$od/10-acme.sql" <<'EOF'
-- ACME X1, qualified by the lab (line 1)
INSERT INTO vendor (id, name) VALUES ('acme', 'ACME');
INSERT INTO source (id, kind, title, name) VALUES
  ('lab-x1-accept', 'lab', 'ACME X1 acceptance criteria, rev 3', 'X1 acceptance');
INSERT INTO family (id, vendor_id, name, series, segment, pcie_gen, pcie_lanes,
                    dwpd, source_id) VALUES
  ('acme-x1', 'acme', 'X1', 'X1', 'read-intensive', 5, 4, 1, 'lab-x1-accept');
INSERT INTO drive (id, family_id, capacity_gb, source_id) VALUES
  ('acme-x1-3840', 'acme-x1', 3840, 'lab-x1-accept');
INSERT INTO sku (model, drive_id, kind, status, source_id) VALUES
  ('ACME X1-3T84', 'acme-x1-3840', 'model-string', 'observed', 'lab-x1-accept');
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, unit_id, block_size,
                  iodepth, numjobs, source_id, confidence) VALUES
  ('acme-x1', 'acme-x1-3840', 'seq_read', 'eq', 12000, 'MB/s', 131072, 32, 1,
   'lab-x1-accept', 'A'),
  ('acme-x1', 'acme-x1-3840', 'rand_read', 'eq', 2200000, 'IOPS', 4096, 32, 16,
   'lab-x1-accept', 'A');
INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id,
                    tolerance_pct, block_size, iodepth, numjobs, runtime_s,
                    source_id) VALUES
  ('acme-x1', 'acme-x1-3840', 'rand_read', 'ge', 2200000, 'IOPS', 5, 4096, 32, 16, 60,
   'lab-x1-accept'),
  ('acme-x1', NULL, 'seq_read', 'ge', 11000, 'MB/s', 5, 131072, 32, 1, 60,
   'lab-x1-accept');
EOF
# Files that are not overlays: ignored.
echo 'this is not SQL' >"$od/README.txt"
echo 'DELETE FROM family;' >"$od/.10-acme.sql.swp.sql"
: >"$od/20-empty.sql"
printf -- '-- comments only\n/* nothing */\n' >"$od/30-comments.sql"

run "$dd" list
is "list with the overlay exits 0" 0 "$rc"
like "list shows the overlay's family, marked (lab)" '^ACME +X1 \(lab\) ' "$out"
like "list says where (lab) rows come from" '^\(lab\): 1 family from the lab' "$out"
# A long lab family name is cut to keep "(lab)" inside its column: every
# row's INTERFACE column starts where the header's does.
mkdir -p "$tmp/long/drivedash"
cp "${top_srcdir:-.}/tests/lib/lab-targets.sql" "$tmp/long/drivedash/"
out=$(XDG_CONFIG_HOME="$tmp/long" "$dd" list 2>&1)
like "list: the long lab name is cut before (lab)" '^QEMU +Lab emulated +\(lab\) ' "$out"
is "list: every row's INTERFACE column starts at the header's" "" \
	"$(printf '%s\n' "$out" | awk 'NR == 1 { c = index($0, "INTERFACE"); next }
		/^$/ { exit } substr($0, c - 1, 1) != " " || substr($0, c, 1) == " " { print }')"
run "$dd" list --json
is "list --json: the family's origin is FILE:LINE" "$od/10-acme.sql:7" \
	"$(json "[f['origin'] for f in j if f['id'] == 'acme-x1'][0]")"
is "list --json: a bundled family's origin is null" "None" \
	"$(json "[f['origin'] for f in j if f['id'] == 'kioxia-cd9p-r'][0]")"

run "$dd" show acme x1
is "show the overlay's family exits 0" 0 "$rc"
like "show marks the family header with the file and line" \
	"^ACME X1 .*\[lab overlay $od/10-acme.sql:7\]" "$out"
like "show marks the capacity point's line" '3\.84 TB .*\[10-acme\.sql:9\]' "$out"
like "show marks the SKU's line" 'ACME X1-3T84 .*\[10-acme\.sql:11\]' "$out"
like "show marks each figure row with its VALUES row's line" \
	'random read 4K.*2,200,000 .*\[10-acme\.sql:16\]' "$out"
like "show marks the lab source" "(lab|acceptance).*\[lab overlay $od/10-acme.sql:4\]" "$out"

run "$dd" show 'ACME X1-3T84' --json
is "show by the overlay's model string exits 0" 0 "$rc"
is "show by model string narrows to its capacity point" "acme-x1-3840" "$(json "j['capacity_point']")"
is "JSON: the SKU's origin" "$od/10-acme.sql:11" \
	"$(json "j['family']['capacities'][0]['skus'][0]['origin']")"
is "JSON: each figure's origin" "$od/10-acme.sql:14 $od/10-acme.sql:16" \
	"$(json "' '.join(f['origin'] for f in j['spec'])")"

run "$dd" db dump --sql acme x1
is "db dump of the overlay family exits 0" 0 "$rc"
like "the dump holds both acceptance targets" "'rand_read', 'ge', 2200000.*
.*'seq_read', 'ge', 11000" "$(printf '%s\n' "$out" | grep -A2 '^INSERT INTO target')"
like "the dump holds the overlay's own vendor" "^  \('acme', 'ACME'\)" "$out"

run "$dd" show cd9p-r --json
is "a bundled family shows as before beside the overlay" 0 "$rc"
is "its figures have no origin" "set()" \
	"$(json "set(f['origin'] for f in j['spec']) - {None}")"

# The worked example of drivedash-overlay(5) (EXAMPLES) loads as it says.
cfg man
sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "${top_srcdir:-.}/man/drivedash-overlay.5" |
	sed -n '/^\.ft CW/,/^\.ft$/p' | sed '1d;$d' |
	sed "s/\\\\(aq/'/g; s/\\\\-/-/g" >"$od/10-acme.sql"
run "$dd" db check "$od/10-acme.sql"
is "the man page's example passes db check" 0 "$rc"
run "$dd" show acme x1
like "... and shows as the man page says" "\[lab overlay $od/10-acme.sql:8\]" "$out"
like "... with its SKU" "ACME X1-3T84" "$out"

# broken NAME PATTERN: with an overlay file of that case, list exits 2 and
# says why, naming $od/PATTERN (FILE:LINE: message, or for a file that
# cannot be read "overlay file FILE is ...").
broken() {
	run "$dd" list
	is "$1: exit 2" 2 "$rc"
	like "$1: FILE:LINE and why" "^drivedash: (overlay file )?$od/$2" "$err"
	is "$1: nothing on stdout" "" "$out"
}

cfg syntax
printf 'INSERT INTO vendor (id, name) VALUES (%s);\n\nINSERT INTO vendor (id name)\n  VALUES (%s);\n' \
	"'a', 'A'" "'b', 'B'" >"$od/lab.sql"
broken "syntax error" 'lab\.sql:3: near "name": syntax error'

cfg fk
cat >"$od/lab.sql" <<'EOF'
INSERT INTO drive (id, family_id, capacity_gb) VALUES
  ('lab-a-1', 'kioxia-cd9p-r', 1),
  ('lab-a-2', 'no-such-family', 2),
  ('lab-a-3', 'kioxia-cd9p-r', 3);
EOF
broken "foreign key: the row's line" "lab\.sql:3: drive\.family_id 'no-such-family' names no family"

cfg check
cat >"$od/lab.sql" <<'EOF'
-- two good rows, then one with a negative capacity
INSERT INTO drive (id, family_id, capacity_gb) VALUES
  ('lab-a-1', 'kioxia-cd9p-r', 1),
  ('lab-a-2', 'kioxia-cd9p-r', 2),
  ('lab-a-3', 'kioxia-cd9p-r', -3);
EOF
broken "CHECK: the row's line" 'lab\.sql:5: CHECK constraint failed: capacity_gb > 0'

cfg target
printf "INSERT INTO target (family_id, metric_id, qual, value, unit_id, block_size,\n iodepth, runtime_s, source_id) VALUES\n ('kioxia-cd9p-r', 'rand_read', 'about', 1, 'IOPS', 4096, 32, 60, 'seed-000');\n" \
	>"$od/lab.sql"
broken "a target's CHECK" "lab\.sql:3: CHECK constraint failed"

cfg update
printf '\nUPDATE family SET name = %s;\n' "'x'" >"$od/lab.sql"
broken "UPDATE refused" 'lab\.sql:2: an overlay holds INSERT statements only; this statement would UPDATE family'
cfg delete
printf 'DELETE FROM sku;\n' >"$od/lab.sql"
broken "DELETE refused" 'lab\.sql:1: .*would DELETE from sku'
cfg attach
printf "ATTACH DATABASE '%s' AS x;\n" "$tmp/x.db" >"$od/lab.sql"
broken "ATTACH refused" 'lab\.sql:1: .*would ATTACH a database'
[ -e "$tmp/x.db" ]
is "ATTACH created no file" 1 "$?"
cfg pragma
printf 'PRAGMA foreign_keys = OFF;\n' >"$od/lab.sql"
broken "PRAGMA refused" 'lab\.sql:1: .*would set PRAGMA foreign_keys'
cfg create
printf 'CREATE TABLE x (a);\n' >"$od/lab.sql"
broken "CREATE refused" 'lab\.sql:1: .*would change the schema'
cfg replace
printf "INSERT OR REPLACE INTO vendor (id, name) VALUES ('kioxia', 'K');\n" >"$od/lab.sql"
broken "INSERT OR REPLACE refused" 'lab\.sql:1: an overlay holds plain INSERT INTO statements only'
cfg upsert
printf "INSERT INTO vendor (id, name) VALUES ('kioxia', 'K')\n  ON CONFLICT DO NOTHING;\n" >"$od/lab.sql"
broken "an upsert refused" 'lab\.sql:2: an overlay cannot use ON CONFLICT'
cfg meta
printf "INSERT INTO meta (key, value) VALUES ('x', 'y');\n" >"$od/lab.sql"
broken "INSERT into meta refused" 'lab\.sql:1: an overlay adds rows to vendor, .* not to meta'

cfg dup
printf "INSERT INTO family (id, vendor_id, name) VALUES\n  ('kioxia-cd9p-r', 'kioxia', 'CD9P-R again');\n" \
	>"$od/lab.sql"
broken "a bundled id again" 'lab\.sql:2: UNIQUE constraint failed: family\.id: that row exists already'

# Load order is by name: the second file may use the first's rows, and a
# row of a later file clashing with an earlier file's names both.
cfg order
printf "INSERT INTO vendor (id, name) VALUES ('acme', 'ACME');\n" >"$od/a.sql"
printf "INSERT INTO family (id, vendor_id, name) VALUES ('acme-z', 'acme', 'Z');\n" >"$od/b.sql"
run "$dd" show acme z
is "a later file uses an earlier one's rows" 0 "$rc"
printf "INSERT INTO vendor (id, name) VALUES ('acme', 'ACME');\n" >"$od/c.sql"
broken "a second file adding the first's row" 'c\.sql:1: UNIQUE constraint failed: vendor\.'

cfg fifo
mkfifo "$od/lab.sql" 2>/dev/null || skip_all "cannot make a FIFO"
broken "a FIFO: refused, no hang" 'lab\.sql is a FIFO, not a regular file'
cfg dir
mkdir "$od/lab.sql"
broken "a directory named .sql" 'lab\.sql is a directory'
cfg link
printf "INSERT INTO vendor (id, name) VALUES ('acme', 'ACME');\n" >"$tmp/elsewhere.sql"
ln -s "$tmp/elsewhere.sql" "$od/lab.sql"
run "$dd" list
is "a symlink to a regular file loads" 0 "$rc"
cfg notdir
rmdir "$od" && echo x >"$od"
run "$dd" list
is "an overlay path that is a file: exit 2" 2 "$rc"
like "... saying so" 'cannot read the overlay directory .*Not a directory' "$err"
if [ "$(id -u)" != 0 ]; then
	cfg unreadable
	echo "SELECT 1;" >"$od/lab.sql"
	chmod 000 "$od/lab.sql"
	broken "an unreadable file" 'lab\.sql: Permission denied'
fi

# Every command that opens the database stops; --no-overlay and the
# environment get the bundled data back.
cfg fk2
cp "$tmp/fk/drivedash/lab.sql" "$od/lab.sql"
run "$dd" show cd9p-r
is "show stops on a broken overlay" 2 "$rc"
run "$dd" compare KCD9XPJE7T68 'drive:9550 max'
is "compare stops on a broken overlay" 2 "$rc"
like "... naming FILE:LINE" "lab\.sql:3:" "$err"
run "$dd" --no-overlay show cd9p-r
is "--no-overlay: show runs on the bundled data" 0 "$rc"
run env DRIVEDASH_NO_OVERLAY=1 "$dd" list
is "DRIVEDASH_NO_OVERLAY=1: list runs on the bundled data" 0 "$rc"
run env DRIVEDASH_NO_OVERLAY=0 "$dd" list
is "DRIVEDASH_NO_OVERLAY=0 reads the overlay" 2 "$rc"
# The dashboard too, before curses starts (no escape sequence written).
if command -v script >/dev/null 2>&1; then
	run script -qec "$dd ui" /dev/null
	is "the dashboard stops on a broken overlay: exit 2" 2 "$rc"
	like "... naming FILE:LINE" "lab\.sql:3:" "$out"
	is "... before curses starts" 0 "$(printf '%s' "$out" | grep -c "$(printf '\033')")"
fi

# db check: clean 0, problems 1 (every one, every file), usage 2.
cfg none
rmdir "$od"
run "$dd" db check "$tmp/good/drivedash/10-acme.sql"
is "db check of a good file: exit 0" 0 "$rc"
is "db check of a good file: nothing on stdout" "" "$out"
like "db check says no problems" 'no problems \(1 overlay file checked\)' "$err"
run "$dd" db check "$tmp/check/drivedash/lab.sql" "$tmp/update/drivedash/lab.sql" \
	"$tmp/syntax/drivedash/lab.sql" "$tmp/good/drivedash/10-acme.sql"
is "db check of broken files: exit 1" 1 "$rc"
is "db check reports every problem, one line each, in file order" \
	"$tmp/check/drivedash/lab.sql:5 $tmp/update/drivedash/lab.sql:2 $tmp/syntax/drivedash/lab.sql:3" \
	"$(printf '%s\n' "$out" | sed 's/^\([^:]*:[0-9]*\):.*/\1/' | tr '\n' ' ' | sed 's/ $//')"
like "db check counts them" '3 problems in the overlay \(4 files checked\)' "$err"
printf "INSERT INTO spec (family_id, metric_id, value, unit_id, source_id, confidence)\n  VALUES ('kioxia-cd9p-r', 'seq_read', 1, 'IOPS', 'seed-000', 'C');\n" \
	>"$tmp/unit.sql"
run "$dd" db check "$tmp/unit.sql"
is "db check runs the consistency rules: exit 1" 1 "$rc"
like "... a figure whose unit does not fit its metric, at its line" \
	"^$tmp/unit.sql:2: unit does not fit metric" "$out"
# A lab target may be a few hundred IOPS (a QD1 sync write): the "dropped K"
# rule is for transcribed figures, not for the lab's own targets.
cat >"$tmp/low.sql" <<'EOF'
INSERT INTO source (id, kind, title, name) VALUES ('lab-low', 'lab', 'QD1 sync writes', 'sync writes');
INSERT INTO target (family_id, metric_id, qual, value, unit_id, block_size, iodepth, numjobs,
                    runtime_s, source_id) VALUES
  ('kioxia-cd9p-r', 'rand_write', 'ge', 500, 'IOPS', 4096, 1, 1, 10, 'lab-low');
EOF
run "$dd" db check "$tmp/low.sql"
is "db check: a 500 IOPS lab target is no dropped K (exit 0)" 0 "$rc"
run "$dd" db check
is "db check without FILE: exit 2" 2 "$rc"
run "$dd" db check "$tmp/no-such.sql"
is "db check of a missing file: exit 2" 2 "$rc"
mkfifo "$tmp/fifo.sql"
run "$dd" db check "$tmp/fifo.sql"
is "db check of a FIFO: exit 2, no hang" 2 "$rc"
like "... saying so" 'is a FIFO' "$err"
run "$dd" db frobnicate
is "db with an unknown subcommand: exit 2" 2 "$rc"
cfg installed
cp "$tmp/good/drivedash/10-acme.sql" "$od/"
run "$dd" db check "$od/10-acme.sql"
is "db check of an installed file loads it once: exit 0" 0 "$rc"
run "$dd" db check "$tmp/check/drivedash/lab.sql"
is "db check with a good installed overlay and a bad FILE: exit 1" 1 "$rc"

# db dump: a bundled family's rows, ids renamed, load back as an overlay
# into a database without that family and show the same figures.
cfg none2
rmdir "$od"
run "$dd" db dump --sql micron 9550 max
is "db dump of a bundled family: exit 0" 0 "$rc"
like "the dump has the family row" "^  \('micron-9550-max', 'micron', '9550 MAX'" "$out"
like "the dump has a commented target example" '^-- INSERT INTO target' "$out"
printf '%s\n' "$out" | sed "s/micron-9550-max/lab-9550-max/g; s/'9550 MAX'/'9550 MAX lab'/" \
	>"$tmp/renamed.sql"
run "$dd" db check "$tmp/renamed.sql"
is "the renamed dump passes db check" 0 "$rc"
run "$dd" show micron 9550 max --json
orig=$(json "(len(j['spec']), len(j['family']['capacities']), sorted((f['metric'], f['value']) for f in j['spec']))")
cfg dumped
cp "$tmp/renamed.sql" "$od/lab.sql"
run "$dd" show 9550 max lab --json
is "show finds the renamed family" 0 "$rc"
is "... with the same capacities and figures" "$orig" \
	"$(json "(len(j['spec']), len(j['family']['capacities']), sorted((f['metric'], f['value']) for f in j['spec']))")"
is "... every figure from the overlay" "0" "$(json "sum(1 for f in j['spec'] if not f['origin'])")"
cfg none3
rmdir "$od"
run "$dd" db dump --sql KCD9XPJE7T68
is "db dump of a part number: exit 0" 0 "$rc"
is "... one capacity point" "1" \
	"$(printf '%s\n' "$out" | sed -n '/^INSERT INTO drive/,/;$/p' | grep -c "^  ('kioxia-")"
run "$dd" db dump --sql no-such-drive-anywhere
is "db dump of nothing: exit 1" 1 "$rc"
run "$dd" db dump
is "db dump without QUERY: exit 2" 2 "$rc"

done_testing
