#!/bin/sh
# `run --hosts` and `check --hosts` from the command line, without any fio
# server: the argument errors (a bad hosts file names its line, a fleet
# refuses a local target and the local-only options, a missing file, a
# detect= file that is not detect output or lists another device), the
# per-host --print-fio, and the scriptable failure of a host nothing answers
# for (no fio binary; a port nobody listens on) in the tables, the JSON keys
# and the exit codes.  The loopback servers are tests/rigs/fleet.sh's.
# Needs: python3; fio for the refused-host case (skips without).  No fio
# server.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-fleet-cli-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
# A fleet must never hang the suite: each command is killed after this.
RUN_TIMEOUT=120

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"

# A detect --json document of one controller with namespace nvme0n1 and a
# block device sda, as `drivedash detect --json` writes it.
cat >"$tmp/h1.json" <<'EOF'
{"controllers": [{"name": "nvme0", "model": "KCD9XPJE7T68", "serial": "SN-H1-0001",
  "firmware": "1TCRS104", "namespaces": [{"name": "nvme0n1", "nsid": 1,
  "size_bytes": 7681501126656}]}],
 "block_devices": [{"name": "nvme0n1", "path": "/dev/nvme0n1", "size_bytes": 7681501126656,
  "model": "KCD9XPJE7T68", "kind": "disk", "nvme": true},
  {"name": "sda", "path": "/dev/sda", "size_bytes": 480103981056, "model": "SATA SSD",
  "kind": "disk", "nvme": false}]}
EOF
echo '{"controllers": [' >"$tmp/broken.json"
echo '{"drives": []}' >"$tmp/other.json"

# --- the hosts file ------------------------------------------------------
run "$dd" run --hosts "$tmp/missing.txt" --point 'randread,time=0.1'
is "a missing hosts file exits 2" 2 "$rc"
like "a missing hosts file: names it" 'missing\.txt' "$err"
is "a missing hosts file: nothing on stdout" "" "$out"

printf '# rack\n127.0.0.1:8765 /dev/nvme0n1\n\n127.0.0.1:99999 /dev/nvme1n1\n' >"$tmp/bad.txt"
run "$dd" run --hosts "$tmp/bad.txt" --point 'randread,time=0.1'
is "a bad port exits 2" 2 "$rc"
like "a bad port: the sentence names file and line 4" 'bad\.txt:4' "$err"

printf '# nothing but comments\n\n' >"$tmp/empty.txt"
run "$dd" check --hosts "$tmp/empty.txt"
is "a hosts file naming no hosts exits 2" 2 "$rc"
like "a hosts file naming no hosts: says so" 'empty\.txt' "$err"

run "$dd" run --host 'only-an-address' --point 'randread,time=0.1'
is "a --host without a device exits 2" 2 "$rc"
like "a --host without a device: quotes the spec" "--host 'only-an-address'" "$err"

# --- a fleet refuses a local target and the local-only options ------------
printf '127.0.0.1:8765 /dev/nvme0n1\n' >"$tmp/hosts.txt"
run "$dd" run --hosts "$tmp/hosts.txt" --target "$tmp/x.dat" --point 'randread,time=0.1'
is "run --hosts with --target exits 2" 2 "$rc"
like "run --hosts with --target: says to drop it" 'drop --target' "$err"
ok "run --hosts with --target: no scratch file made" test ! -e "$tmp/x.dat"

run "$dd" run --hosts "$tmp/hosts.txt" --scratch "$tmp/x.dat"
is "run --hosts with --scratch exits 2" 2 "$rc"

run "$dd" run --hosts "$tmp/hosts.txt" --allow-write --force --point 'randwrite,time=0.1'
is "run --hosts with --force exits 2" 2 "$rc"
like "run --hosts with --force: confirmations are per host" 'CONFIRM' "$err"

run "$dd" check --hosts "$tmp/hosts.txt" /dev/nvme0n1
is "check --hosts with a DEVICE exits 2" 2 "$rc"
like "check --hosts with a DEVICE: says each line names its device" 'takes no DEVICE' "$err"

run "$dd" check --hosts "$tmp/hosts.txt" --model KCD9XPJE7T68
is "check --hosts with --model exits 2" 2 "$rc"

run "$dd" run --target "$tmp/x.dat" --fio /usr/bin/fio --point 'randread,time=0.1'
is "--fio without a fleet exits 2" 2 "$rc"
like "--fio without a fleet: says what it goes with" 'go with --hosts' "$err"

run "$dd" check --hosts "$tmp/hosts.txt" --connect-timeout 0
is "--connect-timeout 0 exits 2" 2 "$rc"
like "--connect-timeout 0: names the option" 'connect-timeout' "$err"

# --- detect= -------------------------------------------------------------
printf '127.0.0.1:8765 /dev/nvme1n1 - - detect=h1.json\n' >"$tmp/mismatch.txt"
run "$dd" run --hosts "$tmp/mismatch.txt" --point 'randread,time=0.1'
is "detect= naming another device exits 2" 2 "$rc"
like "detect= mismatch: file and line" 'mismatch\.txt:1: detect=' "$err"
like "detect= mismatch: what it lists" 'no namespace /dev/nvme1n1 \(it lists nvme0n1, sda\)' "$err"

printf '127.0.0.1:8765 /dev/nvme0n1 - - detect=broken.json\n' >"$tmp/broken.txt"
run "$dd" check --hosts "$tmp/broken.txt"
is "detect= that does not parse exits 2" 2 "$rc"
like "detect= that does not parse: says what it is not" \
	'broken\.txt:1: detect=.*broken\.json: not a .drivedash detect --json. document' "$err"

printf '127.0.0.1:8765 /dev/nvme0n1 - - detect=other.json\n' >"$tmp/other.txt"
run "$dd" check --hosts "$tmp/other.txt"
is "detect= of another JSON document exits 2" 2 "$rc"

printf '127.0.0.1:8765 /dev/nvme0n1 - - detect=nowhere.json\n' >"$tmp/nowhere.txt"
run "$dd" check --hosts "$tmp/nowhere.txt"
is "a missing detect= file exits 2" 2 "$rc"
like "a missing detect= file: says so" 'nowhere\.json: No such file' "$err"

# --- --print-fio: each host's job, nothing connects ------------------------
printf '127.0.0.1:8765 /dev/nvme0n1 - - detect=h1.json name=r1-01\n[::1]:8766 /dev/sdb\n' \
	>"$tmp/two.txt"
run "$dd" run --hosts "$tmp/two.txt" --point 'randread,bs=4k,qd=8,time=1' --print-fio
is "--print-fio with --hosts exits 0" 0 "$rc"
is "--print-fio: one job file per host" 2 "$(printf '%s\n' "$out" | grep -c '^# host ')"
like "--print-fio: the first host by its name= label" '^# host r1-01 \(fio --client=127\.0\.0\.1:8765\)' "$out"
like "--print-fio: each host's device" 'filename=/dev/sdb' "$out"

# --- a rack's estimate: a byte budget is not timed as nothing (issue 23) ---
run "$dd" run --host '127.0.0.1:9 /dev/nvme0n1 - nvme0n1 name=cl size=32G' --fio "$tmp/no-such-fio" \
	--preset cliff --allow-write --no-save
like "run --preset cliff on a rack: the estimate says its byte budgets' time is unknown" \
	'cliff: 1 point on 1 host, time unknown \(byte budgets' "$err"
is "run --preset cliff on a rack: no 'about 0:00'" "" "$(printf '%s\n' "$err" | grep 'about 0:0')"

# --- a host nothing answers for: its state, the JSON keys, exit codes -----
run "$dd" run --host '127.0.0.1:9 /dev/nvme0n1 - - name=nofio' --fio "$tmp/no-such-fio" \
	--point 'randread,time=0.2' --no-save --json "$tmp/run.json" -q
is "run: a host without a fio client exits 1" 1 "$rc"
ok "run: --json written" test -s "$tmp/run.json"
if [ -s "$tmp/run.json" ]; then
	is "run --json: the host's keys" \
		"['label', 'address', 'device', 'state', 'message', 'drive', 'identity', 'run_id', 'run_name', 'points']" \
		"$(jq_ "$tmp/run.json" "[k for k in j['hosts'][0] if k in ('label','address','device','state','message','drive','identity','run_id','run_name','points')]")"
	is "run --json: label, address, device" "nofio 127.0.0.1:9 /dev/nvme0n1" \
		"$(jq_ "$tmp/run.json" "' '.join((j['hosts'][0]['label'], j['hosts'][0]['address'], j['hosts'][0]['device']))")"
	is "run --json: state 'no fio'" "no fio" "$(jq_ "$tmp/run.json" "j['hosts'][0]['state']")"
	is "run --json: a message sentence" "True" \
		"$(jq_ "$tmp/run.json" "len(j['hosts'][0]['message'] or '') > 10")"
	is "run --json: not stored (--no-save)" "None" "$(jq_ "$tmp/run.json" "j['hosts'][0]['run_id']")"
fi
like "run: the header line names host, address and state" \
	'^host nofio \(127\.0\.0\.1:9\) /dev/nvme0n1.*; no fio' "$out"

if command -v fio >/dev/null 2>&1; then
	# Port 9 (discard) on loopback: nothing listens there.
	run "$dd" check --host '127.0.0.1:9 /dev/nvme0n1 KCD9XPJE7T68 - name=r1' \
		--connect-timeout 5 --time-scale 0.01 --no-save --json
	is "check: a refused host exits 8 (ERROR: not measured, not a failed drive)" 8 "$rc"
	printf '%s\n' "$out" >"$tmp/check.json"
	python3 -c "import json; json.load(open('$tmp/check.json'))" 2>/dev/null ||
		echo '{"hosts": [{"state": null, "overall": {"verdict": "", "exit_code": 0}}], "rack": {}}' \
			>"$tmp/check.json"
	is "check --json: the host's state" "refused" "$(jq_ "$tmp/check.json" "j['hosts'][0]['state']")"
	is "check --json: its verdict ERROR, exit 8" "ERROR 8" \
		"$(jq_ "$tmp/check.json" "j['hosts'][0]['overall']['verdict'] + ' ' + str(j['hosts'][0]['overall']['exit_code'])")"
	is "check --json: the rack" "ERROR 8 1" \
		"$(jq_ "$tmp/check.json" "' '.join(str(j['rack'].get(k)) for k in ('verdict','exit_code','hosts_at_verdict'))")"
	like "check: the rack verdict line" 'rack verdict: ERROR \(1 of 1 hosts\)' "$err"
	like "check: the rack line gives the failure" '^  r1 .*ERROR +refused: ' "$err"
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - check: a refused host # SKIP fio is not installed"
fi

done_testing
