#!/bin/sh
# Judged once, stored with the run (issue 23, item 4): `check` on a loop
# device over /dev/shm with --model 'cd9p 7.68' stores its verdict rows and
# reference; `export --format json|csv|text` carry them; `runs` shows the
# matched drive's name with the typed text kept as the query, `compare` the
# stored verdict and reference; and a
# dashboard run reopened from History after a restart, with another drive
# under the Drives cursor, shows the same figures and deltas as when it ran.
# Needs: python3; root and losetup for the loop device (its cases skip
# without); tmux for the dashboard case (skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-stored-XXXXXX)
sock="dd-stored-$$"
loops=""

cleanup() {
	tmux -L "$sock" kill-server >/dev/null 2>&1
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

# --- check stores its verdict rows ------------------------------------------
dev=""
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 160M "$tmp/loop.img"
	loop_new "$tmp/loop.img" || dev=""
fi
if [ -z "$dev" ]; then
	echo "ok $((tap_n + 1)) # SKIP check's stored verdicts: no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
else
	store="$tmp/check.db"
	before=$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)
	run "$dd" --db "$db" check "$dev" --model 'cd9p 7.68' --time-scale 0.005 --json -q \
		--results "$store"
	cp "$tmp/out" "$tmp/check.json"
	is "check: a read-only check wrote nothing to the device" "$before" \
		"$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)"
	is "check: matched the CD9P-R 7.68 TB" "kioxia-cd9p-r-7680" \
		"$(jq_ "$tmp/check.json" 'j["match"]["drive_id"]')"
	is "check: every verdict row is stored, in order (metric, verdict, measured, decided_by, reason)" \
		"$(jq_ "$tmp/check.json" '"\n".join("%s|%s|%.6g|%s|%s" % (v["metric"], v["verdict"], v["measured"] or 0, v["decided_by"] or "", v["reason"]) for v in j["verdicts"])')" \
		"$(sql "$store" "SELECT metric, status, printf('%.6g', coalesce(measured, 0)), decided_by,
			reason FROM verdicts WHERE run_id = 1 ORDER BY seq")"
	is "check: the stored reference figure is the one that decided, with its source" "True" \
		"$(python3 - "$store" "$tmp/check.json" <<'PY'
import json, sqlite3, sys
c = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
rows = list(c.execute("SELECT reference, ratio, ref_source, spec_value FROM verdicts "
                      "WHERE run_id = 1 ORDER BY seq"))
j = json.load(open(sys.argv[2]))
good = len(rows) == len(j["verdicts"]) > 0
for (ref, ratio, src, spec), v in zip(rows, j["verdicts"]):
    want = v["review_value"] if v["decided_by"] == "review" else v["spec_value"]
    if want is None:
        good &= ref is None
    else:
        good &= ref is not None and abs(ref - want) < 1e-6 * max(1, want) and bool(src)
    if v["spec_value"] is not None:
        good &= abs(spec - v["spec_value"]) < 1e-6 * max(1, v["spec_value"])
print(good)
PY
)"
	is "check: the overall verdict, tolerance and rules' version are stored with the query" \
		"$(jq_ "$tmp/check.json" 'j["overall"]["verdict"]')|0.1|1|cd9p 7.68" \
		"$(sql "$store" "SELECT verdict, tolerance, rules, query FROM run_refs WHERE run_id = 1")"
	is "check: the run's drive is the matched one, and the typed text is not its model" \
		"kioxia-cd9p-r-7680|KIOXIA CD9P-R 7.68 TB|" \
		"$(sql "$store" "SELECT drive_id, drive_label, model FROM runs WHERE id = 1")"

	run "$dd" export last --format json --results "$store"
	cp "$tmp/out" "$tmp/export.json"
	is "export json: exits 0" 0 "$rc"
	is "export json: the verdict rows as check judged them" \
		"$(jq_ "$tmp/check.json" '[(v["metric"], v["verdict"]) for v in j["verdicts"]]')" \
		"$(jq_ "$tmp/export.json" '[(v["metric"], v["verdict"]) for v in j["verdict"]["rows"]]')"
	is "export json: the overall verdict and its reference" \
		"$(jq_ "$tmp/check.json" 'j["overall"]["verdict"]') kioxia-cd9p-r-7680 cd9p 7.68 0.1 1" \
		"$(jq_ "$tmp/export.json" '" ".join(str(x) for x in (j["verdict"]["overall"], j["verdict"]["drive_id"], j["verdict"]["query"], j["verdict"]["tolerance"], j["verdict"]["rules"]))')"
	run "$dd" export last --format csv --results "$store"
	is "export csv: exits 0" 0 "$rc"
	nrows=$(jq_ "$tmp/check.json" 'len(j["verdicts"])')
	is "export csv: a verdict line per row" "$nrows" \
		"$(printf '%s\n' "$out" | grep -c '^# verdict,')"
	like "export csv: the overall verdict and reference" \
		"^# overall,$(jq_ "$tmp/check.json" 'j["overall"]["verdict"]'),KIOXIA CD9P-R 7\.68 TB" "$out"
	run "$dd" export last --format text --results "$store"
	like "export text: the overall verdict and the drive it was judged against" \
		"VERDICT $(jq_ "$tmp/check.json" 'j["overall"]["verdict"]') against KIOXIA CD9P-R 7\.68 TB" "$out"

	run "$dd" runs --results "$store"
	like "runs: the drive column names the matched drive" \
		'^ +1  .*KIOXIA CD9P-R 7\.68 TB' "$out"
	like "runs: the typed text is kept as the query" '^ +1  .*query "cd9p 7\.68"' "$out"
	like "runs: the stored verdict" "^ +1  .*  $(jq_ "$tmp/check.json" 'j["overall"]["verdict"]')" \
		"$out"
	run "$dd" runs --json --results "$store"
	is "runs --json: drive, query and verdict" \
		"KIOXIA CD9P-R 7.68 TB|cd9p 7.68|$(jq_ "$tmp/check.json" 'j["overall"]["verdict"]')" \
		"$(jq_ "$tmp/out" '"|".join((j[0]["target"]["drive_label"], j[0]["query"], j[0]["verdict"]["overall"]))')"
	run "$dd" --db "$db" compare '#1' --results "$store"
	like "compare: the run's stored verdict and reference" \
		"stored verdict $(jq_ "$tmp/check.json" 'j["overall"]["verdict"]') against KIOXIA CD9P-R 7\.68 TB, query \"cd9p 7\.68\"" \
		"$out"
	run "$dd" --db "$db" compare '#1' --json --results "$store"
	is "compare --json: the run column's stored verdict, reference and query" \
		"$(jq_ "$tmp/check.json" 'j["overall"]["verdict"]')|KIOXIA CD9P-R 7.68 TB|cd9p 7.68" \
		"$(jq_ "$tmp/out" '[("|".join((c["verdict"], c["reference_label"], c["query"]))) for c in j["columns"] if c["kind"] == "run"][0]')"
fi

# --- a dashboard run reopened after a restart --------------------------------
if ! command -v tmux >/dev/null 2>&1; then
	echo "ok $((tap_n + 1)) # SKIP dashboard: no tmux"
	tap_n=$((tap_n + 1))
	done_testing
	exit
fi
cat >"$tmp/tmux.conf" <<EOF
set -g status off
set -g escape-time 0
set -g exit-empty off
EOF
T() { tmux -u -L "$sock" -f "$tmp/tmux.conf" "$@"; }
cap() { T capture-pane -p -J -t dd; }
# check NAME PATTERN [TENTHS]: poll the pane until it matches.
check() {
	tap_n=$((tap_n + 1))
	_i=0
	while [ "$_i" -lt "${3:-150}" ]; do
		screen=$(cap)
		printf '%s\n' "$screen" | grep -Eq -- "$2" && break
		sleep 0.1
		_i=$((_i + 1))
	done
	if [ "$_i" -lt "${3:-150}" ]; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		printf '%s\n' "$screen" | sed 's/^/#     /'
		tap_fail=$((tap_fail + 1))
	fi
}
# rows: the finished list's rows (point, figures, latency, review delta).
rows() {
	grep -Eo '(128K|64K|4K) (rand)?(read|write) QD[0-9]+ x[0-9]+ +[0-9][^│]*' | sed 's/ *$//'
}
start() {
	T kill-session -t dd >/dev/null 2>&1
	T new-session -d -s dd -x 132 -y 43 \
		"env LANG=C.UTF-8 DRIVEDASH_DB='$db' XDG_STATE_HOME='$tmp/state' TMPDIR='$tmp' \
		'$dd' ui --results '$tmp/ui.db' --target '$tmp/ui.dat' --size 64M --preset spot \
		--runtime 0.3 --ramp 0; echo \"drivedash exited \$?\"; exec sleep 600"
}
start
check "dashboard: Drives screen is up" 'DATABASE'
T send-keys -t dd / c d 9 p - r Enter s
check "dashboard: the setup is up" 'Results +'
T send-keys -t dd s
check "dashboard: the sweep ends and is stored as run #1" \
	'sweep done: [0-9]+ points, stored as run #1' 900
check "dashboard: held against the CD9P-R's review" '◆ 14,23[0-9]'
live=$(cap | rows)
live_title=$(cap | head -1)
T send-keys -t dd q
check "dashboard: q quits with status 0" 'drivedash exited 0'
is "dashboard: the run stored the drive it was swept against" \
	"kioxia-cd9p-r-7680|KIOXIA CD9P-R 7.68 TB" \
	"$(sql "$tmp/ui.db" "SELECT drive_id, drive_label FROM runs WHERE id = 1")"

start
check "restart: Drives screen is up" 'DATABASE'
# Another drive under the Drives cursor: the CM7-R.
T send-keys -t dd / c m 7 - r Enter H
check "restart: History lists the run" 'History . 1 run'
T send-keys -t dd Enter
check "restart: Enter opens the run in the Sweep screen" '^ drivedash . Run #1 '
check "restart: ... against its own drive, not the cursor's" \
	'^ drivedash . Run #1 .* CD9P-R 7\.68 TB'
reopened=$(cap | rows)
is "restart: the same figures and deltas as when it ran" "$live" "$reopened"
ok "restart: the live sweep had rows to compare" test -n "$live"
# Holding it against another drive is an explicit action, labelled.
T send-keys -t dd r
check "restart: r holds it against another drive, labelled as not its reference" \
	"against .* \(not this run's reference\)"
T send-keys -t dd q
check "restart: q quits with status 0" 'drivedash exited 0'
printf '# live title: %s\n' "$live_title"
done_testing
