#!/bin/sh
# The rack's verdicts and exit codes (`check --host`, drivedash(1) EXIT
# STATUS, issue 23 items 1-3) over fio servers on loopback
# (tests/lib/fleet-rig.sh), judged against the lab overlay of
# tests/lib/verdicts-lab.sh (tests/cli/verdicts.sh has the single drive): a
# refused host is ERROR 8, not FAIL, prints no "done ... 0 IOPS" line and no
# measured row, and is stored as an attempt (no points, its state and
# sentence); a rack with a failed drive, a passing one and a refused host is
# FAIL 4, each host keeping its verdict (stored with its run); an unknown
# drive is UNKNOWN 5, not run (no sweep, not stored) unless --sweep-unknown;
# nothing comparable is NOT_COMPARABLE 7 for its host; a host killed mid-run
# is ERROR 8 and keeps the verdict rows of the points that finished.  The
# exit code is the one the JSON states.  A rig (make check-rigs): real fio
# servers load the machine, and a killed server's timing is the kernel's.
# Needs: root, python3, fio, ss and setsid (skips whole without).  Holds the
# machine alone.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
bdb="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-rack-verdicts-XXXXXX)
RUN_TIMEOUT=180		# no check may hang the suite

cleanup() {
	[ -n "${rig_dir:-}" ] && rig_cleanup
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
[ "$(id -u)" -eq 0 ] || skip_all "root is needed for the rig's targets"
if ! command -v fio >/dev/null 2>&1 || ! command -v ss >/dev/null 2>&1 ||
	! command -v setsid >/dev/null 2>&1; then
	skip_all "fio, ss and setsid are needed for the rack"
fi

# Real fio servers load the machine: not beside the rigs that judge timing.
machine_alone
. "${top_srcdir:-.}/tests/lib/verdicts-lab.sh"
. "${top_srcdir:-.}/tests/lib/fleet-rig.sh"
# The refused host's device: a path on a host nobody answers for.
loop=/dev/loop-nobody-answers
rig_dir=$(mktemp -d /dev/shm/dd-verdicts-rig-XXXXXX)
rig_hosts=$rig_dir/hosts
rig_target_file 32M shm && f1=$rig_dev
rig_target_file 32M shm && f2=$rig_dev
rig_server_start good && gport=$rig_port
rig_server_start doomed && kport=$rig_port
rig_dead_port
rport=$rig_port
ok "rack: two fio servers listen" test -n "$gport" -a -n "$kport" -a -n "$f1" -a -n "$f2"

# rack SPEC... [--OPTION]: check --host SPEC for each, with --json on stdout.
rack() {
	_n=$#
	for _h in "$@"; do
		case $_h in
		--*) set -- "$@" "$_h" ;;
		*) set -- "$@" --host "$_h" ;;
		esac
	done
	shift "$_n"
	run "$vd" check "$@" --time-scale 0.005 --connect-timeout 30 --json --results "$tmp/rack.db"
	printf '%s\n' "$out" >"$tmp/rack.json"
}
# host LABEL: the verdict and exit code of that host in $tmp/rack.json.
host() {
	jq_ "$tmp/rack.json" "' '.join(str(x) for h in j['hosts'] if h['label'] == '$1' for x in (h['state'], h['overall']['verdict'], h['overall']['exit_code']))" 2>/dev/null
}
rackv() {
	jq_ "$tmp/rack.json" "' '.join(str(j['rack'][k]) for k in ('verdict', 'exit_code'))" 2>/dev/null
}

rack "127.0.0.1:$rport $loop VERDICTS-PASS - name=refused size=32M"
is "rack, a refused host: exit 8 (ERROR), not FAIL" 8 "$rc"
is "rack, a refused host: the host is refused, ERROR, 8" "refused ERROR 8" "$(host refused)"
is "rack, a refused host: the rack ERROR, 8" "ERROR 8" "$(rackv)"
is "rack, a refused host: no 'done ... 0 IOPS' line" "" "$(printf '%s\n' "$err" | grep 'refused: done')"
is "rack, a refused host: no measured row of zeroes" "" "$(printf '%s\n' "$err" | grep 'FAILED')"
like "rack, a refused host: the rack line says refused" '^  refused .*ERROR +refused: ' "$err"
is "rack, a refused host: stored as an attempt: failed, no points, its state and sentence" \
	"failed 0 refused True" "$(python3 -c "
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
r = c.execute('select id, state, stopped_by, why from runs').fetchall()[-1]
n = c.execute('select count(*) from points where run_id = ?', (r[0],)).fetchone()[0]
print(r[1], n, r[2], 'cannot connect' in (r[3] or ''))" "$tmp/rack.db" 2>&1)"

# One rack of three (a failed drive, a passing one, a refused host): the rack
# is FAIL, each host keeps its own verdict.  (The order of every pair of
# verdicts is test-fleet's test_verdict_worst; here the CLI end to end.)
rack "127.0.0.1:$gport $f1 VERDICTS-FAIL - name=bad size=32M" \
	"127.0.0.1:$kport $f2 VERDICTS-PASS - name=good size=32M" \
	"127.0.0.1:$rport $loop VERDICTS-PASS - name=refused size=32M"
is "rack, a failed drive, a passing one and a refused host: exit 4 (a drive failed)" "4 FAIL 4" "$rc $(rackv)"
is "rack: the failed drive FAIL 4" "done FAIL 4" "$(host bad)"
is "rack: the passing drive PASS 0" "done PASS 0" "$(host good)"
[ "$(host good)" = "done PASS 0" ] || printf '%s\n' "$err" | sed 's/^/#   /'
is "rack: the refused host ERROR 8" "refused ERROR 8" "$(host refused)"
is "rack: each host's judgement is stored with its run (ERROR; FAIL and PASS with their rows)" \
	"ERROR 0|FAIL 1|PASS 1" "$(python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1])
q='SELECT r.verdict, (SELECT count(*) FROM verdicts v WHERE v.run_id = r.run_id) > 0 FROM run_refs r WHERE r.run_id > (SELECT max(id) FROM runs) - 3 ORDER BY r.verdict'
print('|'.join('%s %d' % t for t in c.execute(q)))" "$tmp/rack.db" 2>&1)"

runs0=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from runs').fetchone()[0])" "$tmp/rack.db" 2>&1)
rack "127.0.0.1:$gport $f1 NO-SUCH-DRIVE-4711 - name=unknown size=32M"
is "rack, an unknown drive: exit 5, UNKNOWN" "5 UNKNOWN 5" "$rc $(rackv)"
is "rack, an unknown drive: not run (no sweep), UNKNOWN 5, no points" "not run UNKNOWN 5 0" \
	"$(host unknown) $(jq_ "$tmp/rack.json" "len(j['hosts'][0]['points'])" 2>/dev/null)"
is "rack, an unknown drive: no 'done' line" "" "$(printf '%s\n' "$err" | grep 'unknown: done')"
like "rack, an unknown drive: says how to name it or measure it anyway" 'DRIVE.*--sweep-unknown' "$err"
is "rack, an unknown drive: nothing stored" "$runs0" "$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from runs').fetchone()[0])" "$tmp/rack.db" 2>&1)"
# Nothing comparable on one host, an unknown drive measured anyway on the
# other: each keeps its verdict, the rack is UNKNOWN (above NOT_COMPARABLE).
rack "127.0.0.1:$gport $f1 VERDICTS-NC - name=nc size=32M" \
	"127.0.0.1:$kport $f2 NO-SUCH-DRIVE-4711 - name=unknown size=32M" --sweep-unknown
is "rack, nothing comparable: the host NOT_COMPARABLE 7" "done NOT_COMPARABLE 7" "$(host nc)"
is "rack, an unknown drive, --sweep-unknown: measured, still UNKNOWN 5" "done UNKNOWN 5 True" \
	"$(host unknown) $(jq_ "$tmp/rack.json" "[len(h['points']) > 0 for h in j['hosts'] if h['label'] == 'unknown'][0]" 2>/dev/null)"
is "rack, NOT_COMPARABLE and UNKNOWN: exit 5, the rack UNKNOWN" "5 UNKNOWN 5" "$rc $(rackv)"

# A host killed after its first point (128K read: seq_read) finished.
(
	timeout -s KILL "$RUN_TIMEOUT" env XDG_CONFIG_HOME="$tmp/xdg" "$dd" --db "$bdb" check \
		--host "127.0.0.1:$kport $f2 VERDICTS-PASS - name=doomed size=32M" \
		--time-scale 0.1 --json --no-save >"$tmp/kill.json" 2>"$tmp/kill.err"
	echo $? >"$tmp/kill.rc"
) &
kpid=$!
ok "rack, killed: the first point finishes" rig_wait 1200 grep -q 'doomed: done 128K read' "$tmp/kill.err"
ok "rack, killed: the server is killed mid-run" rig_server_kill doomed
wait "$kpid"
is "rack, killed: exit 8 (ERROR)" 8 "$(cat "$tmp/kill.rc")"
# Lost in its second point, refused when that point connects, or (a loaded
# machine) another failure state: never done.
is "rack, killed: a failure state (lost, refused ...), ERROR, 8" "True ERROR 8" "$(jq_ "$tmp/kill.json" "' '.join(str(x) for x in (j['hosts'][0]['state'] not in ('done', 'cancelled'), j['hosts'][0]['overall']['verdict'], j['hosts'][0]['overall']['exit_code']))" 2>/dev/null)"
echo "# rack, killed: $(jq_ "$tmp/kill.json" "j['hosts'][0]['state'] + ': ' + str(j['hosts'][0]['message'])" 2>/dev/null)"
is "rack, killed: the finished point keeps its verdict row (seq_read PASS)" "PASS" \
	"$(jq_ "$tmp/kill.json" "[v['verdict'] for v in j['hosts'][0]['verdicts'] if v['metric'] == 'seq_read'][0]" 2>/dev/null)"
is "rack, killed: no 'done ... FAILED' line" "" "$(grep 'FAILED' "$tmp/kill.err")"

done_testing
