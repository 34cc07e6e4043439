#!/bin/sh
# Every verdict of `check` and its own exit code (drivedash(1) EXIT STATUS),
# for a single drive and for a rack (issue 23, items 1-3):
#   single drive, a loop device over /dev/shm judged against a lab overlay
#   written here (one drive per verdict, so no verdict depends on how fast
#   the machine is): PASS 0, WARN 3, FAIL 4, UNKNOWN 5 (stopped before any
#   I/O: the device's read count does not move, nothing stored; the sentence
#   says --model; --sweep-unknown measures anyway), NOT_COMPARABLE 7 (the
#   spec states a depth the check does not run), ERROR 8 (a loop device
#   whose backing file was truncated: every read fails, the sweep ends
#   failed);
#   a rack (fio servers on loopback, tests/lib/fleet-rig.sh): a refused host
#   is ERROR 8, not FAIL, prints no "done ... 0 IOPS" line and no measured
#   row, and is stored as an attempt (no points, its state and sentence); a
#   host killed mid-run is ERROR 8 and keeps the verdict rows of the points
#   that finished; an unknown drive UNKNOWN 5, not run (no sweep, not
#   stored) unless --sweep-unknown; nothing comparable 7; a rack
#   with a failed drive and a refused host FAIL 4, with a passing drive and
#   a refused host ERROR 8.  The exit code is the one the JSON states.
# Needs: python3; root and losetup for the loop device (skips whole
# without); fio, ss and setsid for the rack
# cases (they skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
bdb="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-verdicts-XXXXXX)
loop=""
RUN_TIMEOUT=180		# no check may hang the suite

cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	[ -n "${rig_dir:-}" ] && rig_cleanup
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"
[ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1 ||
	skip_all "root and losetup are needed for the loop device"

# json EXPR: a Python expression over the JSON on stdout ($tmp/out) as `j`.
json() {
	python3 -c "import json,sys; j=json.load(open('$tmp/out')); print($1)" 2>/dev/null
}

# The lab overlay: one drive per verdict, matched by its model string.
#   VERDICTS-PASS  lat_read <= 1 s at QD1 (every drive passes) and seq_read
#                  >= 1 MB/s, a rated max (every drive passes)
#   VERDICTS-FAIL  a seq_read target of 1 TB/s (no drive passes)
#   VERDICTS-NC    rand_read at QD999 x1, a depth the check never runs
#   VERDICTS-WARN  a rand_read target of 8x what this loop measured, 49 %
#                  tolerance: WARN anywhere from 0.16x to 4x that speed
# warn_iops is filled in once the loop's figure is known.
overlay() {
	mkdir -p "$tmp/xdg/drivedash"
	cat >"$tmp/xdg/drivedash/verdicts.sql" <<EOF
INSERT INTO source (id, kind, title, name, publisher, language, notes) VALUES
  ('lab-verdicts', 'lab', 'Verdicts fixture (tests/cli/verdicts.sh)', 'verdicts fixture',
   'drivedash lab', 'en', 'Test fixture.');
INSERT INTO family (id, vendor_id, name, series, variant, segment, aliases, form_factors,
                    pcie_gen, pcie_lanes, nvme_version, ports, nand, dwpd, warranty_years,
                    mttf_hours, security, plp, has_spec_sheet, test_only, source_id, notes) VALUES
  ('vd-pass', 'qemu', 'Verdicts Pass', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL),
  ('vd-fail', 'qemu', 'Verdicts Fail', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL),
  ('vd-nc', 'qemu', 'Verdicts NC', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL),
  ('vd-warn', 'qemu', 'Verdicts Warn', 'Verdicts', NULL, 'test', NULL, NULL, NULL, NULL, NULL,
   'single', NULL, NULL, NULL, NULL, NULL, NULL, 1, 0, 'lab-verdicts', NULL);
INSERT INTO drive (id, family_id, capacity_gb, form_factor, nand, dwpd, source_id, notes) VALUES
  ('vd-pass-1', 'vd-pass', 1, NULL, NULL, NULL, 'lab-verdicts', NULL),
  ('vd-fail-1', 'vd-fail', 1, NULL, NULL, NULL, 'lab-verdicts', NULL),
  ('vd-nc-1', 'vd-nc', 1, NULL, NULL, NULL, 'lab-verdicts', NULL),
  ('vd-warn-1', 'vd-warn', 1, NULL, NULL, NULL, 'lab-verdicts', NULL);
INSERT INTO sku (model, drive_id, kind, option, status, source_id, notes) VALUES
  ('VERDICTS-PASS', 'vd-pass-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL),
  ('VERDICTS-FAIL', 'vd-fail-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL),
  ('VERDICTS-NC', 'vd-nc-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL),
  ('VERDICTS-WARN', 'vd-warn-1', 'model-string', NULL, 'observed', 'lab-verdicts', NULL);
INSERT INTO spec (family_id, drive_id, metric_id, qual, value, value_hi, unit_id, block_size,
                  iodepth, read_pct, conditions, source_id, confidence, preferred, notes) VALUES
  ('vd-pass', NULL, 'lat_read', 'eq', 1000000, NULL, 'us', 4096, 1, NULL, 'typical',
   'lab-verdicts', 'C', 1, NULL),
  ('vd-pass', NULL, 'seq_read', 'eq', 1, NULL, 'MB/s', 131072, NULL, NULL, NULL,
   'lab-verdicts', 'C', 1, NULL),
  ('vd-nc', NULL, 'rand_read', 'eq', 1000000, NULL, 'IOPS', 4096, 999, NULL, NULL,
   'lab-verdicts', 'C', 1, NULL);
INSERT INTO target (family_id, drive_id, metric_id, qual, value, unit_id, tolerance_pct,
                    block_size, iodepth, numjobs, read_pct, runtime_s, conditions, source_id,
                    notes) VALUES
  ('vd-fail', NULL, 'seq_read', 'ge', 1000000, 'MB/s', 0, 131072, 8, 1, NULL, 1, NULL,
   'lab-verdicts', 'Fails on any drive (1 TB/s).')${warn_iops:+,
  ('vd-warn', NULL, 'rand_read', 'ge', $warn_iops, 'IOPS', 49, 4096, 4, 1, NULL, 1, NULL,
   'lab-verdicts', 'Eight times this loop device.')};
EOF
}
warn_iops=""
overlay
# $vd CMD...: drivedash with the overlay (a program: run's timeout needs one).
vd=$tmp/vd
printf '#!/bin/sh\nXDG_CONFIG_HOME="%s" exec "%s" --db "%s" "$@"\n' "$tmp/xdg" "$dd" "$bdb" >"$vd"
chmod +x "$vd"

# reads DEV: the device's completed reads (/sys/block/NAME/stat).
reads() {
	awk '{ print $1 }' "/sys/block/$(basename "$1")/stat"
}

# Written whole: reads of never-written space are not judged (plausible.sh).
head -c 160M /dev/urandom >"$tmp/loop.img"
loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
[ -n "$loop" ] || skip_all "no loop device"
sum0=$(sha256sum "$tmp/loop.img" | cut -d' ' -f1)

# --- single drive ----------------------------------------------------------------
run "$vd" check "$loop" --model VERDICTS-PASS --time-scale 0.005 --json -q --no-save
is "PASS: exit 0, the JSON says PASS and 0" "0 PASS 0" "$rc $(json 'j["overall"]["verdict"], j["overall"]["exit_code"]' | tr -d "(),'")"

run "$vd" check "$loop" --model VERDICTS-FAIL --time-scale 0.005 --json -q --no-save
is "FAIL: exit 4, the JSON says FAIL and 4" "4 FAIL 4" "$rc $(json 'j["overall"]["verdict"], j["overall"]["exit_code"]' | tr -d "(),'")"

run "$vd" check "$loop" --model VERDICTS-NC --time-scale 0.005 --json -q --no-save
is "NOT_COMPARABLE: exit 7, the JSON says NOT_COMPARABLE and 7" "7 NOT_COMPARABLE 7" \
	"$rc $(json 'j["overall"]["verdict"], j["overall"]["exit_code"]' | tr -d "(),'")"
run "$vd" check "$loop" --model VERDICTS-NC --time-scale 0.005 --no-save
is "NOT_COMPARABLE (text): exit 7, not 0" 7 "$rc"
like "NOT_COMPARABLE (text): the verdict line" '^VERDICT NOT_COMPARABLE: ' "$out"

# WARN: a target 8x this loop's 4K QD4 random read, tolerance 49 %: WARN
# while the check runs between 0.16x and 4x the calibration's speed.  A
# machine whose load changes more than that in between (make check's other
# tests) gets another calibration, at most three in all.
for try in 1 2 3; do
	run "$dd" run --target "$loop" --point 'randread,bs=4k,qd=4,time=1,ramp=0' --json - -q --no-save
	iops=$(json 'int(j["points"][0]["iops"])')
	warn_iops=$(( ${iops:-1000} * 8 ))
	overlay
	run "$vd" check "$loop" --model VERDICTS-WARN --time-scale 0.005 --json -q --no-save
	warn="$rc $(json 'j["overall"]["verdict"], j["overall"]["exit_code"]' | tr -d "(),'")"
	echo "# WARN, calibration $try: $iops IOPS, check: $warn"
	[ "$warn" = "3 WARN 3" ] && break
done
is "WARN: exit 3, the JSON says WARN and 3" "3 WARN 3" "$warn"

# UNKNOWN: stopped before any I/O, the way to name the drive, nothing stored.
# (udev's probes of the new loop device are done first: they read it too.)
command -v udevadm >/dev/null 2>&1 && udevadm settle --timeout=30 2>/dev/null
r0=$(reads "$loop")
run "$vd" check "$loop" --model NO-SUCH-DRIVE-4711 --time-scale 0.005 --json --results "$tmp/u.db"
is "UNKNOWN: exit 5, the JSON says UNKNOWN and 5" "5 UNKNOWN 5" \
	"$rc $(json 'j["overall"]["verdict"], j["overall"]["exit_code"]' | tr -d "(),'")"
is "UNKNOWN: no point ran (the JSON has none)" 0 "$(json 'len(j["points"])')"
is "UNKNOWN: the device was not read" "$r0" "$(reads "$loop")"
like "UNKNOWN: the sentence says how to name the drive" '--model' "$(json 'j["overall"]["summary"]') $err"
like "UNKNOWN: ... and how to measure it anyway" '--sweep-unknown' "$err"
is "UNKNOWN: no sweep line on stderr" "" "$(printf '%s\n' "$err" | grep 'done ')"
is "UNKNOWN: nothing stored" "0" "$(python3 -c "
import sqlite3, os, sys
p = sys.argv[1]
print(sqlite3.connect(p).execute('select count(*) from runs').fetchone()[0] if os.path.exists(p) else 0)" "$tmp/u.db" 2>&1)"
run "$vd" check "$loop" --time-scale 0.005 --no-save
is "UNKNOWN without --model: exit 5" 5 "$rc"
like "UNKNOWN without --model: the verdict names --model" '^VERDICT UNKNOWN: .*--model' "$out"
run "$vd" check "$loop" --model NO-SUCH-DRIVE-4711 --sweep-unknown --time-scale 0.005 --json -q --no-save
is "--sweep-unknown: measured anyway, still UNKNOWN, exit 5" "5 UNKNOWN 5" \
	"$rc $(json 'j["overall"]["verdict"], len(j["points"])' | tr -d "(),'")"
is "the loop's backing file is unchanged" "$sum0" "$(sha256sum "$tmp/loop.img" | cut -d' ' -f1)"

# ERROR: a device whose every read fails (a loop device whose backing file
# was truncated to nothing after it was attached: reads are I/O errors).
truncate -s 64M "$tmp/gone.img"
eloop=$(losetup --find --show --direct-io=on "$tmp/gone.img" 2>/dev/null)
if [ -n "$eloop" ] && truncate -s 0 "$tmp/gone.img" &&
	! dd if="$eloop" of=/dev/null bs=4k count=1 iflag=direct status=none 2>/dev/null; then
	run "$vd" check "$eloop" --model VERDICTS-PASS --time-scale 0.005 --json -q --no-save
	is "ERROR (every read fails): exit 8, the JSON says ERROR and 8" "8 ERROR 8 failed" \
		"$rc $(json 'j["overall"]["verdict"], j["overall"]["exit_code"], j["state"]' | tr -d "(),'")"
else
	tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP ERROR: no loop device that fails its reads"
fi
[ -n "$eloop" ] && losetup -d "$eloop"

# --- a rack --------------------------------------------------------------------
. "${top_srcdir:-.}/tests/lib/fleet-rig.sh"
if ! command -v fio >/dev/null 2>&1 || ! command -v ss >/dev/null 2>&1 ||
	! command -v setsid >/dev/null 2>&1; then
	tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP the rack: fio, ss and setsid are needed"
	done_testing
	exit
fi
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

rack "127.0.0.1:$gport $f1 VERDICTS-FAIL - name=bad size=32M" \
	"127.0.0.1:$rport $loop VERDICTS-PASS - name=refused size=32M"
is "rack, a failed drive and a refused host: exit 4 (a drive failed)" "4 FAIL 4" "$rc $(rackv)"
is "rack, a failed drive and a refused host: the drive FAIL 4" "done FAIL 4" "$(host bad)"
is "rack: each host's judgement is stored with its run (ERROR, FAIL with its rows)" \
	"ERROR 0|FAIL 1" "$(python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1])
q='SELECT r.verdict, (SELECT count(*) FROM verdicts v WHERE v.run_id = r.run_id) > 0 FROM run_refs r WHERE r.run_id > (SELECT max(id) FROM runs) - 2 ORDER BY r.verdict'
print('|'.join('%s %d' % t for t in c.execute(q)))" "$tmp/rack.db" 2>&1)"

rack "127.0.0.1:$gport $f1 VERDICTS-PASS - name=good size=32M" \
	"127.0.0.1:$rport $loop VERDICTS-PASS - name=refused size=32M"
is "rack, a passing drive and a refused host: exit 8 (a host not measured)" "8 ERROR 8" "$rc $(rackv)"
is "rack, a passing drive: PASS 0" "done PASS 0" "$(host good)"
[ "$(host good)" = "done PASS 0" ] || printf '%s\n' "$err" | sed 's/^/#   /'

runs0=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from runs').fetchone()[0])" "$tmp/rack.db" 2>&1)
rack "127.0.0.1:$gport $f1 NO-SUCH-DRIVE-4711 - name=unknown size=32M"
is "rack, an unknown drive: exit 5, UNKNOWN" "5 UNKNOWN 5" "$rc $(rackv)"
is "rack, an unknown drive: not run (no sweep), UNKNOWN 5, no points" "not run UNKNOWN 5 0" \
	"$(host unknown) $(jq_ "$tmp/rack.json" "len(j['hosts'][0]['points'])" 2>/dev/null)"
is "rack, an unknown drive: no 'done' line" "" "$(printf '%s\n' "$err" | grep 'unknown: done')"
like "rack, an unknown drive: says how to name it or measure it anyway" 'DRIVE.*--sweep-unknown' "$err"
is "rack, an unknown drive: nothing stored" "$runs0" "$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from runs').fetchone()[0])" "$tmp/rack.db" 2>&1)"
rack "127.0.0.1:$gport $f1 NO-SUCH-DRIVE-4711 - name=unknown size=32M" --sweep-unknown
is "rack, an unknown drive, --sweep-unknown: measured, still UNKNOWN 5" "5 done UNKNOWN 5 True" \
	"$rc $(host unknown) $(jq_ "$tmp/rack.json" "len(j['hosts'][0]['points']) > 0" 2>/dev/null)"

rack "127.0.0.1:$gport $f1 VERDICTS-NC - name=nc size=32M"
is "rack, nothing comparable: exit 7, NOT_COMPARABLE" "7 NOT_COMPARABLE 7" "$rc $(rackv)"

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
