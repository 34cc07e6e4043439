#!/bin/sh
# tests/cli/complete.sh: the hidden `complete` command the shells'
# completion functions call (src/cli/cli-complete.c): commands, each
# command's options read from its own parser's table, presets, themes,
# --format words, drive families from the database, stored runs (read-only:
# the store is left byte for byte; no store is no error), and that it is
# hidden from --help.  Then the bash function in completion/drivedash, fed
# COMP_WORDS as bash would.
# Needs: nothing (the bash function's cases skip without bash).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /tmp/dd-complete-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM

# has NAME WORD TEXT: TEXT has WORD as a whole line.
has() {
	like "$1" "^$2\$" "$3"
}

run "$dd" complete ""
is "complete '': exits 0" 0 "$rc"
has "complete '': lists run" run "$out"
has "complete '': lists export" export "$out"
is "complete '': not itself (hidden)" "" "$(printf '%s\n' "$out" | grep -x complete)"

run "$dd" --help
is "--help does not list complete" "" "$(printf '%s\n' "$out" | grep -w complete)"

run "$dd" complete r
is "complete r: run, runs and report only" "run
runs
report" "$out"

run "$dd" complete show cd9
is "complete show cd9: exits 0" 0 "$rc"
has "complete show cd9: CD9P-R (case folded)" CD9P-R "$out"
is "complete show cd9: every candidate starts with cd9" "" \
	"$(printf '%s\n' "$out" | grep -vi '^cd9')"

run "$dd" --db "$top_builddir/data/drivedash.db" complete --db "$top_builddir/data/drivedash.db" show cd9
has "complete --db FILE show cd9: CD9P-R" CD9P-R "$out"

run "$dd" complete run --preset v
is "complete run --preset v: exits 0" 0 "$rc"
has "complete run --preset v: vdbench" vdbench "$out"
is "complete run --preset v: only presets starting with v" "" \
	"$(printf '%s\n' "$out" | grep -v '^v')"
run "$dd" complete run -p v
has "complete run -p v: the short letter too" vdbench "$out"
run "$dd" complete run --preset = v
has "complete run --preset=v (split at = as bash does)" vdbench "$out"

run "$dd" complete run --t
has "complete run --t: --target" --target "$out"
has "complete run --t: --time-scale" --time-scale "$out"
run "$dd" complete run --
has "complete run --: --no-save (a shared group)" --no-save "$out"
has "complete run --: --point (run's own)" --point "$out"
run "$dd" complete list --
is "complete list --: its options only" "--json
--help" "$out"
run "$dd" complete check --
has "complete check --: --tolerance (check's own)" --tolerance "$out"
is "complete check --: not run's --point" "" "$(printf '%s\n' "$out" | grep -x -- --point)"

run "$dd" complete export --format ""
is "complete export --format: the formats" "json
csv
fio-json
text" "$out"
run "$dd" complete report --format ""
is "complete report --format: the report's formats" "html
md
txt" "$out"

run "$dd" complete ui --theme ""
has "complete ui --theme: light" light "$out"
has "complete ui --theme: default" default "$out"

run "$dd" complete run --target /dev/
is "complete run --target /dev/: exits 0" 0 "$rc"
is "complete run --target /dev/: only /dev paths" "" \
	"$(printf '%s\n' "$out" | grep -v '^/dev/')"

# Stored runs: none, then one.
export XDG_DATA_HOME="$tmp/xdg"
run "$dd" complete export ""
is "no store: exits 0" 0 "$rc"
is "no store: only 'last'" "last" "$out"
is "no store: nothing on stderr" "" "$err"
ok "no store: none created" test ! -e "$tmp/xdg/drivedash"

run "$dd" run --scratch "$tmp/a.dat" --size 16M --point randread,bs=4k,qd=1,time=0.1 --ramp 0 -q
is "a run is stored" 0 "$rc"
id=$("$dd" runs --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])' 2>/dev/null)
# store_state: the store's files and the bytes and times of the database
# and its log (the -shm is sqlite's WAL index in shared memory, which
# every reader, `runs` too, updates to read at all).
store_state() {
	ls "$tmp/xdg/drivedash"
	for f in "$tmp/xdg/drivedash/results.db" "$tmp/xdg/drivedash/results.db-wal"; do
		[ -e "$f" ] && cksum "$f" && stat -c '%y' "$f"
	done
}
before=$(store_state)
run "$dd" complete export ""
has "complete export: last" last "$out"
has "complete export: the stored run's id" "$id" "$out"
run "$dd" complete export "#"
has "complete export '#': #id" "#$id" "$out"
run "$dd" complete compare ""
has "complete compare: drive families" CD9P-R "$out"
has "complete compare: and stored runs" "$id" "$out"
is "complete left the store as it was" "$before" \
	"$(store_state)"

run "$dd" complete bogus ""
is "an unknown command: nothing, exit 0" "0:" "$rc:$out"

# The bash function, as bash calls it.
if command -v bash >/dev/null 2>&1; then
	comp="${top_srcdir:-.}/completion/drivedash"
	# reply WORDS...: COMPREPLY for the command line WORDS (the last one
	# under the cursor), the program being our build.
	reply() {
		bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
			 _drivedash; printf "%s\n" "${COMPREPLY[@]}"' sh "$comp" "$dd" "$@"
	}
	has "bash: drivedash show cd9" CD9P-R "$(reply show cd9)"
	has "bash: drivedash run --preset v" vdbench "$(reply run --preset v)"
	has "bash: drivedash ex" export "$(reply ex)"
else
	for c in "show cd9" "run --preset v" "ex"; do
		tap_n=$((tap_n + 1))
		echo "ok $tap_n - bash: drivedash $c # SKIP bash is not installed"
	done
fi

done_testing
