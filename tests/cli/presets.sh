#!/bin/sh
# The presets that are data (data/plans/*.plan): every VDBench workload the
# specs database holds has its preset profile; --print-fio shows a load
# curve and the checkpoints plan_resolve expands for the target; a VDBench
# preset and dlio run end to end on a scratch file and on a zram device of
# this test's own (hot-added; never zram0).
# Needs: python3, sqlite3; root for its zram device (that part skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
plans="${top_srcdir:-.}/data/plans"
tmp=$(mktemp -d /dev/shm/dd-presets-XXXXXX)
zid=""

cleanup() {
	[ -n "$zid" ] && echo "$zid" >/sys/class/zram-control/hot_remove 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# --- the database's VDBench profiles all have a preset -----------------------
if command -v sqlite3 >/dev/null 2>&1 && [ -r "$db" ]; then
	sqlite3 "$db" "select distinct workload from measurement where benchmark='vdbench'
		and block_size is not null order by 1" >"$tmp/db-profiles"
	ok "the database lists VDBench profiles" test -s "$tmp/db-profiles"
	missing=""
	while IFS= read -r w; do
		grep -q "profile=\"$w\"" "$plans/vdbench.plan" || missing="$missing '$w'"
	done <"$tmp/db-profiles"
	is "every VDBench profile of the database is in vdbench.plan" "" "$missing"
	is "vdbench.plan holds no profile the database lacks" \
		"$(wc -l <"$tmp/db-profiles" | tr -d ' ')" "$(grep -c '^curve ' "$plans/vdbench.plan")"
else
	echo "ok $((tap_n + 1)) # SKIP sqlite3 or the database missing"; tap_n=$((tap_n + 1))
fi

# --- --print-fio shows the curve and the expanded checkpoints -----------------
run "$dd" run --scratch "$tmp/s.dat" --size 256M --preset vdbench-4k-randread --print-fio
is "print-fio vdbench-4k-randread exits 0" 0 "$rc"
is "print-fio: the maximum and 12 steps" 13 "$(printf '%s\n' "$out" | grep -c '^\[4K randread QD32 x4 ')"
like "print-fio: the maximum" '\[4K randread QD32 x4 max\]' "$out"
like "print-fio: the 120 % step" '\[4K randread QD32 x4 @120%\]' "$out"
run "$dd" run --scratch "$tmp/s.dat" --size 256M --preset dlio --allow-write --print-fio
is "print-fio dlio exits 0" 0 "$rc"
is "print-fio dlio: 3 passes of 4 checkpoints on a scratch file" 12 \
	"$(printf '%s\n' "$out" | grep -c '^\[checkpoint x8 p[123] _[1-4]\]')"
run "$dd" run --preset dlio --allow-write --print-fio
is "print-fio dlio without a target: refused" 2 "$rc"
like "... saying the size is unknown" 'unknown here' "$err"
run "$dd" run --scratch "$tmp/s.dat" --preset nope
like "an unknown preset lists the data presets" 'vdbench-4k-randread.*dlio, cliff' "$err"

# --- end to end -----------------------------------------------------------
runs_on() {
	name=$1; target=$2; shift 2
	run "$dd" run --target "$target" --preset vdbench-4k-randread --time-scale 0.005 \
		--allow-write -q --json "$tmp/v.json" "$@"
	is "$name: vdbench-4k-randread exits 0" 0 "$rc"
	[ "$rc" -eq 0 ] || printf '%s\n' "$err" | head -3 | sed 's/^/# /'
	is "$name: the maximum and 12 steps ran" 13 "$(jq_ "$tmp/v.json" "len(j['points'])")"
	run "$dd" run --target "$target" --preset dlio --allow-write -q --json "$tmp/d.json" "$@"
	is "$name: dlio exits 0" 0 "$rc"
	[ "$rc" -eq 0 ] || printf '%s\n' "$err" | head -3 | sed 's/^/# /'
	is "$name: dlio wrote 12 checkpoints" 12 "$(jq_ "$tmp/d.json" "len(j['points'])")"
	# A checkpoint's time is its bytes over its elapsed time, flush included,
	# and a pass's mean is the mean of its checkpoints' times.  (ok sets
	# name: keep the target's.)
	where=$name
	ok "$where: each checkpoint wrote its size, its MB/s is bytes / elapsed (flush in)" \
		python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
for p in j['points']:
    b, e, f = p['write_bytes'], p['elapsed_s'], p['flush_s']
    assert b == p['point']['bytes'] > 0 and p['point']['end_fsync'], p['name']
    assert 0 < f <= e, (p['name'], f, e)
    assert abs(p['mbps'] - b / e / 1e6) <= 1e-3 * p['mbps'], p['name']
" "$tmp/d.json"
	ok "$where: a pass's mean is its checkpoints' mean, its GB/s the size over it" \
		python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))
c = j['checkpoints'][0]
for ps in c['passes']:
    t = [p['elapsed_s'] for p in j['points'] if p['pass'] == ps['pass']]
    assert ps['checkpoints'] == len(t) == 4
    assert abs(ps['mean_s'] - sum(t) / len(t)) <= 1e-9 * ps['mean_s']
    assert abs(ps['gbps'] - c['bytes'] / ps['mean_s'] / 1e9) <= 1e-6 * ps['gbps']
" "$tmp/d.json"
}
if command -v python3 >/dev/null 2>&1; then
	runs_on "scratch file" "$tmp/run.dat" --size 64M
	if [ -w /sys/class/zram-control/hot_add ]; then
		zid=$(cat /sys/class/zram-control/hot_add 2>/dev/null)
	fi
	if [ -n "$zid" ] && echo 128M >"/sys/block/zram$zid/disksize" 2>/dev/null; then
		runs_on "zram" "/dev/zram$zid"
	else
		echo "ok $((tap_n + 1)) # SKIP no zram device of our own (needs root)"; tap_n=$((tap_n + 1))
	fi
fi
done_testing
