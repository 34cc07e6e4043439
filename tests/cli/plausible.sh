#!/bin/sh
# Plausibility before judgement (issue 23): `check` on a loop device over a
# sparse /dev/shm file that was never written does not PASS a read metric
# and says why (reads of never-written space do not touch flash), pointing
# to --precondition; --precondition needs --allow-write; `check
# --precondition --allow-write` fills the device first and then judges the
# read rows, and so does a read-only check of the filled device.  The read
# cases prove by checksum that nothing was written.
# A rack host's detect= file names its PCIe link: a row whose point moved
# more than that link carries is IMPLAUSIBLE with the link's figure.
# Needs: python3; root and losetup for the loop device (its cases skip
# without); fio, ss and zram-control for the rack case (tests/lib/fleet-rig.sh;
# skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
tmp=$(mktemp -d /dev/shm/dd-plausible-XXXXXX)
loop=""

cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"


# reads ROWS: metric:verdict of the read rows, sorted.
reads='" ".join(sorted(v["metric"] + ":" + v["verdict"] for v in j["verdicts"] if v["metric"] in ("seq_read", "rand_read", "lat_read")))'

# --precondition without --allow-write is refused before anything is opened.
run "$dd" check /dev/null --precondition
is "--precondition without --allow-write exits 2" 2 "$rc"
like "--precondition without --allow-write: says what it needs" \
	'--precondition writes the whole device: it needs --allow-write' "$err"

if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	truncate -s 64M "$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -z "$loop" ]; then
	echo "ok $((tap_n + 1)) # SKIP no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
	done_testing
	exit
fi

# --- never written: nothing read is judged ------------------------------------
sum0=$(cksum <"$tmp/loop.img")
run "$dd" check "$loop" --model 'cd9p 7.68' --time-scale 0.005 --no-save --json
printf '%s\n' "$out" >"$tmp/out"
is "never written: the read rows (cd9p has seq_read, rand_read) are IMPLAUSIBLE, none PASS" \
	"rand_read:IMPLAUSIBLE seq_read:IMPLAUSIBLE" "$(json "$reads")"
is "never written: each read row says why and points to --precondition" "True" \
	"$(json 'all("not judged: the target was never written (reads do not touch flash)" in v["reason"] and "--precondition" in v["reason"] for v in j["verdicts"] if v["metric"].endswith("_read"))')"
is "never written: the evidence is named (backing file holes, zero read buffers)" "True True" \
	"$(json 'all("SEEK_DATA" in v["reason"] for v in j["verdicts"] if v["metric"].endswith("_read")), all("sampled read buffers were all zeroes" in v["reason"] for v in j["verdicts"] if v["metric"].endswith("_read"))' | tr -d "(),'")"
isnt_pass=$(json 'j["overall"]["verdict"]')
ok "never written: the overall verdict is not PASS ($isnt_pass)" [ "$isnt_pass" != PASS ]
like "never written: the text report says it" \
	'seq_read .*IMPLAUSIBLE +not judged: the target was never written \(reads do not touch flash\)' "$err"
is "never written: the read-only check changed nothing (checksum)" "$sum0" "$(cksum <"$tmp/loop.img")"

# --- --precondition --allow-write: filled, then judged ------------------------
run "$dd" check "$loop" --model 'cd9p 7.68' --time-scale 0.005 --no-save --json \
	--precondition --allow-write
printf '%s\n' "$out" >"$tmp/out"
is "--precondition: the plan says one preconditioning pass" "1.0" \
	"$(json 'float(j["plan"]["precondition_passes"])')"
is "--precondition: every read row is judged (PASS, WARN or FAIL)" "True" \
	"$(json 'all(v["verdict"] in ("PASS", "WARN", "FAIL") for v in j["verdicts"] if v["metric"] in ("seq_read", "rand_read", "lat_read")) and sum(v["metric"] in ("seq_read", "rand_read", "lat_read") for v in j["verdicts"]) == 2')"
is "--precondition: no read row says never written" "True" \
	"$(json 'all("never written" not in v["reason"] for v in j["verdicts"])')"
like "--precondition: the start line says the fill comes first" \
	'first a sequential fill of 67.1 MB \(--precondition; its progress and ETA below\)' "$err"
sum1=$(cksum <"$tmp/loop.img")
ok "--precondition: the device was written" [ "$sum1" != "$sum0" ]

# --- a read-only check of the filled device judges its reads ------------------
run "$dd" check "$loop" --model 'cd9p 7.68' --time-scale 0.005 --no-save --json
printf '%s\n' "$out" >"$tmp/out"
is "filled: a read-only check judges the read rows" "rand_read seq_read" \
	"$(json '" ".join(sorted(v["metric"] for v in j["verdicts"] if v["metric"] in ("seq_read", "rand_read", "lat_read") and v["verdict"] in ("PASS", "WARN", "FAIL")))')"
is "filled: the read-only check changed nothing (checksum)" "$sum1" "$(cksum <"$tmp/loop.img")"
losetup -d "$loop"
loop=""

# --- a rack host's link from detect= -----------------------------------------
. "${top_srcdir:-.}/tests/lib/fleet-rig.sh"
why=$(rig_missing)
if [ -n "$why" ]; then
	echo "ok $((tap_n + 1)) # SKIP the rack case: $why"
	tap_n=$((tap_n + 1))
	done_testing
	exit
fi
rig_init
trap 'rig_cleanup; cleanup' EXIT
rig_target_loop 64M
ldev=$rig_dev
rig_server_start loop
# A PCIe 1.0 x1 link carries about 250 MB/s.
cat >"$rig_dir/detect.json" <<EOT
{"controllers": [{"name": "nvme9", "model": "KCD9XPJE7T68", "serial": "SN-PL-1",
  "firmware": "1TCRS104", "pcie": {"address": "0000:09:00.0", "speed_gts": 2.5,
  "width": 1, "max_speed_gts": 32.0, "max_width": 4},
  "namespaces": [{"name": "$(basename "$ldev")", "nsid": 1, "size_bytes": 67108864}]}],
 "block_devices": []}
EOT
rig_host_add "127.0.0.1:$rig_port" "$ldev" KCD9XPJE7T68 name=slowlink detect="$rig_dir/detect.json"
run "$dd" check --hosts "$rig_hosts" --time-scale 0.005 --connect-timeout 6 --no-save --json
printf '%s\n' "$out" >"$tmp/out"
rows='[(v["metric"], v["verdict"], j["hosts"][0]["points"][v["point_index"]]["mbps"], v["reason"]) for v in j["hosts"][0]["verdicts"] if v["point_index"] is not None and v["unit"] in ("MB/s", "IOPS")]'
json "$rows" | sed 's/^/# /'
is "rack: rows above the detect= link's 250 MB/s are IMPLAUSIBLE with its figure, the rest judged" \
	"True" "$(json 'all((v == "IMPLAUSIBLE") == (mb > 250) and ((v == "IMPLAUSIBLE") == ("above what PCIe 1.0 x1 carries (about 250 MB/s): not judged" in r)) for m, v, mb, r in '"$rows"')')"
is "rack: seq_read (the loop moves more than 250 MB/s) is one of them" "True" \
	"$(json 'any(m == "seq_read" and v == "IMPLAUSIBLE" for m, v, mb, r in '"$rows"')')"

done_testing
