#!/bin/sh
# The locale matrix and hostile text (issue 22, items 4, 7 and part of 10).
#
# Machine formats are the same bytes in every locale: list, show, compare,
# runs, the exports (json, csv, fio-json, text), the reports (txt, md,
# html, a drive's page), the fio job file of a plan,
# run's --json and import, under de_DE.UTF-8 and fr_FR.UTF-8 (a decimal
# comma) against C.UTF-8; numbers the user types keep their decimal point
# there (time=0.5s, --runtime 0.5); a run's own table has no decimal comma;
# the dashboard's History screen is the same screen.  Before the fix, CSV
# columns shifted ("0,301"), fio-json said "0,3s", time=0.5s was refused and
# `show cd9p 7.68` found nothing.
#
# Numbers are plain decimals: hex (0x1p4, 0x1000) and exponents (1e-9) are
# refused, and a time under a millisecond is refused after its unit.
#
# Foreign text never drives the terminal: an imported fio file whose version
# and host carry OSC 52 and CSI, a plan named with ESC[2J, a target path
# with an escape, print no ESC, BEL or C1 byte in import, runs, export,
# run and compare output, and the dashboard's History shows them inert (no
# tmux paste buffer from OSC 52, the screen not cleared).
#
# Needs: python3 (skips whole without); the de_DE.UTF-8 and fr_FR.UTF-8
# locales (./bootstrap generates them as root; each locale's cases skip
# without); tmux for the dashboard cases (skipped without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

builddir=$(cd "${top_builddir:-.}" && pwd)
dd="$builddir/drivedash"
db=${DRIVEDASH_DB:-$builddir/data/drivedash.db}
shm=/dev/shm
[ -d "$shm" ] && [ -w "$shm" ] || shm=/tmp
tmp=$(mktemp -d "$shm/dd-locale-XXXXXX")
sock="dd-locale-$$"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON and CSV"
[ -x "$dd" ] || skip_all "drivedash is not built"

cleanup() {
	command -v tmux >/dev/null 2>&1 && tmux -L "$sock" kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# Never the user's store, overlays or log.
XDG_DATA_HOME="$tmp/xdg-data"; XDG_CONFIG_HOME="$tmp/xdg-config"
XDG_STATE_HOME="$tmp/xdg-state"; DRIVEDASH_DB=$db
export XDG_DATA_HOME XDG_CONFIG_HOME XDG_STATE_HOME DRIVEDASH_DB
RUN_TIMEOUT=120
ref=C.UTF-8

# skip WHY: one skipped case.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1"
}

# Each command's locale is LC_ALL alone.
unset LANG LANGUAGE LC_ALL LC_CTYPE LC_NUMERIC LC_TIME LC_COLLATE LC_MONETARY LC_MESSAGES

# under LOC CMD...: CMD with LOC as its whole locale.
under() {
	_ul=$1; shift
	env LC_ALL="$_ul" "$@"
}

# have_locale LOC: is LOC installed (locale -a spells UTF-8 as utf8)?
have_locale() {
	locale -a 2>/dev/null | grep -qix "$(echo "$1" | sed 's/UTF-8/utf8/')"
}

# same NAME LOC CMD...: CMD's stdout and exit status under LOC equal them
# under C.UTF-8, byte for byte.
same() {
	_n=$1; _l=$2; shift 2
	under "$ref" "$@" >"$tmp/same.ref" 2>"$tmp/same.err"; _rr=$?
	under "$_l" "$@" >"$tmp/same.out" 2>"$tmp/same.err"; _rl=$?
	tap_n=$((tap_n + 1))
	if [ "$_rr" = "$_rl" ] && cmp -s "$tmp/same.ref" "$tmp/same.out"; then
		echo "ok $tap_n - $_n"
	else
		echo "not ok $tap_n - $_n (exit $_rr in $ref, $_rl in $_l)"
		diff "$tmp/same.ref" "$tmp/same.out" | head -6 | sed 's/^/#   /'
		sed 's/^/#   stderr: /' "$tmp/same.err" | head -3
		tap_fail=$((tap_fail + 1))
	fi
}

# no_decimal_comma FILE: the lines of FILE where a comma between digits is
# not a thousands separator (exactly three digits after it).
no_decimal_comma() {
	python3 - "$1" <<'EOF'
import re, sys
for line in open(sys.argv[1], encoding='utf-8', errors='replace'):
    if re.search(r'\d,(\d{1,2}|\d{4,})(?!\d)', line):
        print(line.rstrip())
EOF
}

# json_shape A B: "same" when the two JSON files have the same keys at
# every level and the same type at every leaf (numbers are numbers).
json_shape() {
	python3 - "$1" "$2" <<'EOF'
import json, sys
def shape(v):
    if isinstance(v, dict) and v and all(k.isdigit() for k in v):
        return 'histogram'	# its buckets are measured, not structure
    if isinstance(v, dict):
        return {k: shape(x) for k, x in v.items()}
    if isinstance(v, list):
        return [shape(x) for x in v[:1]]
    if isinstance(v, bool) or v is None:
        return type(v).__name__
    return 'number' if isinstance(v, (int, float)) else type(v).__name__
a, b = (json.load(open(f)) for f in sys.argv[1:3])
def first_diff(x, y, at):
    if isinstance(x, dict) and isinstance(y, dict):
        for k in sorted(set(x) | set(y)):
            if k not in x or k not in y:
                return '%s.%s only in one' % (at, k)
            d = first_diff(x[k], y[k], at + '.' + k)
            if d:
                return d
        return None
    if isinstance(x, list) and isinstance(y, list):
        for i, (p, q) in enumerate(zip(x, y)):
            d = first_diff(p, q, '%s[%d]' % (at, i))
            if d:
                return d
        return None if len(x) == len(y) else '%s: lengths differ' % at
    return None if x == y else '%s: %r vs %r' % (at, x, y)
d = first_diff(shape(a), shape(b), '')
print('same' if d is None else 'differs at ' + d)
EOF
}

# csv_check REF FILE: "ok" when FILE has REF's header, every row as many
# fields as the header and every field REF has as a number is one.
csv_check() {
	python3 - "$1" "$2" <<'EOF'
import csv, sys
ref, got = (list(csv.reader(open(f))) for f in sys.argv[1:3])
def num(s):
    try:
        float(s); return True
    except ValueError:
        return False
bad = []
if not got or not ref:
    print('no CSV header in %s' % sys.argv[2 if not got else 1])
    sys.exit(0)
if ref[0] != got[0]:
    bad.append('header differs')
for i, row in enumerate(got[1:]):
    if len(row) != len(got[0]):
        bad.append('row %d: %d fields, header %d' % (i, len(row), len(got[0])))
    for k, v in enumerate(ref[1][:len(row)] if len(ref) > 1 else []):
        if num(v) and not num(row[k]):
            bad.append('row %d %s: %r' % (i, got[0][k], row[k]))
print('ok' if not bad else '; '.join(bad[:4]))
EOF
}

# ---- the reference: a run, a plan and an import in C.UTF-8 ----------------
cat >"$tmp/p.plan" <<'EOF'
plan lab-mix
defaults ramp=0.25,rate=1500.5
randread,bs=4k,qd=1,time=0.5s
read,bs=128k,qd=2,time=1.5,ramp=0.1
EOF
refdb="$tmp/ref.db"
under "$ref" "$dd" run --scratch "$tmp/ref.dat" --size 16M --results "$refdb" -q \
	--point 'randread,bs=4k,qd=1,time=0.3s,ramp=0' --point 'read,bs=128k,qd=2,time=0.3,ramp=0' \
	--json "$tmp/ref-run.json" >"$tmp/ref-run.txt" 2>"$tmp/err"
is "C.UTF-8: the reference run is stored" 0 "$?"
under "$ref" "$dd" export 1 --results "$refdb" --format fio-json >"$tmp/ref-fio.json"
under "$ref" "$dd" export 1 --results "$refdb" --format csv >"$tmp/ref.csv"
under "$ref" "$dd" import --results "$tmp/ref-imp.db" "$tmp/ref-fio.json" >/dev/null 2>&1
is "C.UTF-8: its fio-json imports" 0 "$?"

# ---- the matrix, per locale ---------------------------------------------
for loc in de_DE.UTF-8 fr_FR.UTF-8; do
	if ! have_locale "$loc"; then
		skip "$loc is not installed (./bootstrap as root generates it)"
		continue
	fi
	same "$loc: list" "$loc" "$dd" list
	same "$loc: list --json" "$loc" "$dd" list --json
	same "$loc: show cd9p 7.68" "$loc" "$dd" show cd9p 7.68
	same "$loc: show cd9p 7.68 --json" "$loc" "$dd" show cd9p 7.68 --json
	same "$loc: compare two drives" "$loc" "$dd" compare KCD9XPJE7T68 'drive:9550 max'
	same "$loc: compare --json" "$loc" "$dd" compare KCD9XPJE7T68 'drive:9550 max' --json
	same "$loc: compare a stored run with a drive" "$loc" \
		"$dd" compare run:1 KCD9XPJE7T68 --results "$refdb"
	same "$loc: runs" "$loc" "$dd" runs --results "$refdb"
	same "$loc: runs --json" "$loc" "$dd" runs --json --results "$refdb"
	for f in json csv fio-json text; do
		same "$loc: export --format $f" "$loc" \
			"$dd" export 1 --results "$refdb" --format "$f"
	done
	for f in txt md html; do
		same "$loc: report --format $f" "$loc" \
			"$dd" report 1 --results "$refdb" --format "$f"
	done
	same "$loc: a drive's spec-sheet report" "$loc" "$dd" report 'drive:cd9p 7.68' --format md
	same "$loc: a plan file's fio job file" "$loc" \
		"$dd" run --target "$tmp/ref.dat" --plan "$tmp/p.plan" --print-fio
	same "$loc: --runtime 1.5 --ramp 0.25 --time-scale 0.5" "$loc" \
		"$dd" run --target "$tmp/ref.dat" --preset spot --runtime 1.5 --ramp 0.25 \
		--time-scale 0.5 --print-fio
	same "$loc: a point with time=0.5s and rate=1500.5" "$loc" \
		"$dd" run --target "$tmp/ref.dat" --point 'randread,bs=4k,time=0.5s,rate=1500.5' \
		--print-fio

	# A run of its own: time=0.5s is a time, --json has the reference's
	# shape, its table and its CSV export no decimal comma.
	ldb="$tmp/$loc.db"
	run env LC_ALL="$loc" "$dd" run --scratch "$tmp/$loc.dat" --size 16M --results "$ldb" -q \
		--point 'randread,bs=4k,qd=1,time=0.5s,ramp=0' \
		--point 'read,bs=128k,qd=2,time=0.3,ramp=0' --json "$tmp/$loc-run.json"
	is "$loc: run with time=0.5s exits 0" 0 "$rc"
	[ "$rc" = 0 ] || printf '%s\n' "$err" | head -3 | sed 's/^/#   /'
	is "$loc: run --json has the reference's shape" "same" \
		"$(json_shape "$tmp/ref-run.json" "$tmp/$loc-run.json" 2>&1)"
	is "$loc: the run's table has no decimal comma" "" "$(no_decimal_comma "$tmp/out")"
	under "$loc" "$dd" export last --results "$ldb" --format csv >"$tmp/$loc.csv" 2>/dev/null
	is "$loc: export csv: the reference's columns, numbers with a point" "ok" \
		"$(csv_check "$tmp/ref.csv" "$tmp/$loc.csv" 2>&1)"
	under "$loc" "$dd" export last --results "$ldb" --format text >"$tmp/$loc.txt" 2>/dev/null
	is "$loc: export text has no decimal comma" "" "$(no_decimal_comma "$tmp/$loc.txt")"

	# import under the locale stores what it stores in C.UTF-8.
	run env LC_ALL="$loc" "$dd" import --results "$tmp/$loc-imp.db" "$tmp/ref-fio.json"
	is "$loc: import of the fio-json exits 0" 0 "$rc"
	under "$ref" "$dd" export 1 --results "$tmp/ref-imp.db" --format csv >"$tmp/imp-ref.csv" 2>&1
	under "$ref" "$dd" export 1 --results "$tmp/$loc-imp.db" --format csv >"$tmp/imp-loc.csv" 2>&1
	ok "$loc: ... its figures are the C.UTF-8 import's" cmp -s "$tmp/imp-ref.csv" "$tmp/imp-loc.csv"
done

# ---- plain decimals only ------------------------------------------------
for bad in "--runtime 0x1p4" "--runtime 1e1" "--ramp 0x10" "--size 0x1000000" \
	   "--repeat 1e1" "--time-scale 1e-1"; do
	run "$dd" run --target "$tmp/ref.dat" --preset spot $bad --print-fio
	is "run $bad is refused (exit 2)" 2 "$rc"
	like "run $bad: names the option" "${bad%% *}" "$err"
done
for p in "bs=0x1000" "time=1e-9" "time=1e1" "time=0x1p-2" "ramp=1e-3" "qd=1e1" \
	 "time=0.0001" "time=500us" "ramp=0.5ms"; do
	run "$dd" run --target "$tmp/ref.dat" --point "randread,$p" --print-fio
	is "point $p is refused (exit 2)" 2 "$rc"
	like "point $p: says which key" "'randread,$p': (${p%%=*}|[a-z]+ must)" "$err"
done
run "$dd" run --target "$tmp/ref.dat" --point 'randread,time=1ms,ramp=0' --print-fio
like "point time=1ms (the minimum) is a time" '^runtime=1ms' "$out"
run "$dd" run --target "$tmp/ref.dat" --point 'randread,time=0.001' --print-fio
like "point time=0.001 (the minimum) is a time" '^runtime=1ms' "$out"

# ---- hostile text -------------------------------------------------------
# has_ctl FILE...: the files' bytes hold ESC, BEL, CSI (0x9b as a byte or
# U+009B) or another control but newline and tab.
has_ctl() {
	python3 - "$@" <<'EOF'
import re, sys
bad = []
for f in sys.argv[1:]:
    b = open(f, 'rb').read()
    if re.search(rb'[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]', b):
        bad.append(f.rsplit('/', 1)[-1])
print(' '.join(bad))
EOF
}
esc=$(printf '\033')
bel=$(printf '\007')
python3 - "$tmp/ref-fio.json" "$tmp/evil.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
j['fio version'] = 'fio-3.33\u001b]52;c;SGVsbG8=\u0007'
j['global options']['filename'] = '/dev/\u001b[2Jnvme0n1\u009b31m'
for job in j['jobs']:
    job['hostname'] = 'lab\u001b]0;owned\u0007host'
json.dump(j, open(sys.argv[2], 'w'), indent=1)
EOF
edb="$tmp/evil.db"
run "$dd" import --results "$edb" "$tmp/evil.json"
is "hostile import: stored (exit 0)" 0 "$rc"
printf '%s' "$out" >"$tmp/c-import.out"; printf '%s' "$err" >"$tmp/c-import.err"
printf 'plan x%s[2Jy\nrandread,bs=4k,qd=1,time=0.3s,ramp=0\n' "$esc" >"$tmp/evil.plan"
evil_target="$tmp/t$esc]52;c;SGVsbG8=${bel}x.dat"
"$dd" run --scratch "$evil_target" --size 16M --plan "$tmp/evil.plan" --results "$edb" \
	>"$tmp/c-run.out" 2>"$tmp/c-run.err"
is "hostile plan name and target path: the run is stored (exit 0)" 0 "$?"
"$dd" run --target "$tmp/ref.dat" --plan "$tmp/evil.plan" --print-fio >"$tmp/c-printfio.out" 2>&1
like "hostile plan name: --print-fio's comment names it inert" "plan 'x\\?\\[2Jy'" \
	"$(cat "$tmp/c-printfio.out")"
run "$dd" run --target "$evil_target" --point randread --print-fio
is "hostile target path: no fio job file names it (exit 2)" 2 "$rc"
like "... and says why" 'control character in the target path' "$err"
printf '%s' "$out$err" >"$tmp/c-printfio-path.out"
"$dd" runs --results "$edb" >"$tmp/c-runs.out" 2>&1
for r in 1 2; do
	for f in text csv; do
		"$dd" export "$r" --results "$edb" --format "$f" >"$tmp/c-export-$r-$f.out" 2>&1
	done
done
"$dd" compare run:1 run:2 --results "$edb" >"$tmp/c-compare.out" 2>&1
# An overlay (another lab's file) whose family name, form factor and note
# carry OSC 52 and CSI.
evil_cfg="$tmp/evil-config"
mkdir -p "$evil_cfg/drivedash"
cat >"$evil_cfg/drivedash/evil.sql" <<EOF
INSERT INTO family (id, vendor_id, name, series, segment, form_factors, pcie_gen, pcie_lanes,
  nvme_version, ports, dwpd, warranty_years, plp, has_spec_sheet, test_only, source_id, notes)
  VALUES ('evil-fam', 'kioxia', 'EV$esc]52;c;SGVsbG8=${bel}IL', 'EVIL', 'read-intensive',
  'E3.S$esc[2J', 5, 4, '2.0', 'single', 1, 5, 1, 1, 0, 'seed-000', 'note $esc[31mred');
EOF
XDG_CONFIG_HOME=$evil_cfg "$dd" list >"$tmp/c-ov-list.out" 2>&1
XDG_CONFIG_HOME=$evil_cfg "$dd" show evil-fam >"$tmp/c-ov-show.out" 2>&1
is "hostile overlay: show names the family, made inert" "KIOXIA EV?]52;c;SGVsbG8=?IL" \
	"$(grep -ao 'KIOXIA EV[^ ]*' "$tmp/c-ov-show.out")"
XDG_CONFIG_HOME=$evil_cfg "$dd" show evil-fam --json >"$tmp/ov-show.json" 2>&1
is "hostile overlay: show --json keeps the name, escaped" "EV\\x1b]52;c;SGVsbG8=\\x07IL" \
	"$(python3 -c "import json,sys; print(ascii(json.load(open(sys.argv[1]))['family']['family'])[1:-1])" "$tmp/ov-show.json" 2>&1)"
is "hostile text: no control byte in import, run, --print-fio, runs, export text/csv, compare, list, show" "" \
	"$(has_ctl "$tmp"/c-*.out "$tmp"/c-*.err)"
like "hostile text: runs still names the host, made inert" 'lab\?\]0;owned\?host|lab\\x1b' \
	"$(cat "$tmp/c-runs.out")"
"$dd" export 1 --results "$edb" --format json >"$tmp/evil-export.json"
is "export json: the version is kept, escaped by JSON" "fio-3.33\\x1b]52;c;SGVsbG8=\\x07" \
	"$(python3 -c "import json,sys; print(ascii(json.load(open(sys.argv[1]))['run']['version'])[1:-1])" "$tmp/evil-export.json")"
is "export json, show --json: no raw control byte" "" \
	"$(has_ctl "$tmp/evil-export.json" "$tmp/ov-show.json")"

# ---- the dashboard -------------------------------------------------------
if ! command -v tmux >/dev/null 2>&1; then
	skip "tmux is not installed: no dashboard cases"
	done_testing
	exit
fi
cat >"$tmp/tmux.conf" <<'EOF'
set -g default-terminal "screen-256color"
set -g status off
set -g escape-time 0
set -g exit-empty off
set -g set-clipboard on
EOF
T() {
	tmux -u -L "$sock" -f "$tmp/tmux.conf" "$@"
}
T new-session -d -s keep "exec sleep 3600" || skip_all "tmux cannot start a server"

# ui LOC ARGS...: a fresh session "dd" with the dashboard under LOC.
ui() {
	_l=$1; shift
	T kill-session -t dd >/dev/null 2>&1
	T new-session -d -s dd -x 132 -y 43 \
		"env -u LANG -u COLORTERM LC_ALL=$_l TMPDIR='$tmp' ${UI_ENV:-} '$dd' ui $*; \
		echo \"drivedash exited \$?\"; exec sleep 600"
}

# wait_for PATTERN: poll the pane (at most 15 s); the last capture in $screen.
wait_for() {
	_i=0
	while [ "$_i" -lt 150 ]; do
		screen=$(T capture-pane -p -t dd)
		printf '%s\n' "$screen" | grep -Eq -- "$1" && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

# check NAME PATTERN: a TAP line for wait_for, the screen on failure.
check() {
	tap_n=$((tap_n + 1))
	if wait_for "$2"; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		printf '%s\n' "$screen" | head -12 | sed 's/^/#     /'
		tap_fail=$((tap_fail + 1))
	fi
}

# history LOC: the History screen of the reference store under LOC, in $tmp/hist-LOC.
history() {
	ui "$1" --results "$refdb" --target "$tmp/ui.dat" --size 16M --runtime 0.5 --ramp 0.25
	check "dashboard $1: --runtime 0.5 --ramp 0.25 are times, the Drives screen is up" \
		'DATABASE'
	T send-keys -t dd H
	check "dashboard $1: History lists the stored run" 'History .* 1 run'
	printf '%s\n' "$screen" >"$tmp/hist-$1"
	T send-keys -t dd q
	check "dashboard $1: q quits with status 0" 'drivedash exited 0'
}
history "$ref"
for loc in de_DE.UTF-8 fr_FR.UTF-8; do
	if ! have_locale "$loc"; then
		skip "$loc is not installed: no dashboard case"
		continue
	fi
	history "$loc"
	ok "dashboard $loc: History is the C.UTF-8 screen" cmp -s "$tmp/hist-$ref" "$tmp/hist-$loc"
	[ "$tap_fail" -gt 0 ] && diff "$tmp/hist-$ref" "$tmp/hist-$loc" | head -6 | sed 's/^/#   /'
done

# Hostile text on the Drives screen (an overlay) and History: drawn inert, no paste buffer from OSC 52, the
# screen not cleared by CSI 2J.
T delete-buffer >/dev/null 2>&1
UI_ENV="XDG_CONFIG_HOME='$evil_cfg'"
ui "$ref" --results "$edb" --target "$tmp/ui.dat" --size 16M
check "dashboard, hostile store: the Drives screen is up" 'DATABASE'
T send-keys -t dd / E V I L Enter
# (whole, or shortened with the ellipsis where its column ends)
check "dashboard, hostile overlay: the family's name is drawn inert" 'EV\?\]52;c;SGVsbG8=(\?|…|~)'
T send-keys -t dd Escape
T send-keys -t dd H
check "dashboard, hostile store: History lists the runs" 'History .* 2 runs'
check "dashboard, hostile store: the plan name is drawn inert" 'x\?\[2Jy'
check "dashboard, hostile store: the header stays (no CSI 2J)" '^ drivedash .* History'
is "dashboard, hostile store: no tmux paste buffer (no OSC 52)" "" \
	"$(T list-buffers 2>/dev/null)"
T send-keys -t dd q
check "dashboard, hostile store: q quits with status 0" 'drivedash exited 0'

done_testing
