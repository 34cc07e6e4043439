#!/bin/sh
# `drivedash check` end to end on a loop device over /dev/shm that this test
# creates (direct I/O): with a model override against tests/qemu-test.db (a
# non-NVMe device: no identity, no SMART), without one (UNKNOWN, exit 5),
# the text report, --curve (a short load curve and its rows), writes with
# --allow-write, a lab overlay's acceptance targets, the write-safety refusal on an ext4-formatted loop, Ctrl-C,
# and the usage errors (exit 2).
# Needs: python3; root and losetup for the loop device (its cases skip
# without), mkfs.ext4 for the refusal case.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
qdb="${top_builddir:-.}/tests/qemu-test.db"
tmp=$(mktemp -d /dev/shm/dd-check-XXXXXX)
loop=""

cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read JSON"



# --- usage and setup errors (no device needed) -------------------------------
run "$dd" --db "$qdb" check /dev/drivedash-no-such-device
is "bad device path exits 2" 2 "$rc"
like "bad device path: one clear sentence" '^drivedash: /dev/drivedash-no-such-device does not exist; check needs a block device' "$err"
is "bad device path: nothing on stdout" "" "$out"

: >"$tmp/file.img"
run "$dd" --db "$qdb" check "$tmp/file.img"
is "a regular file exits 2" 2 "$rc"
like "a regular file: says it is not a block device" 'is not a block device' "$err"

run "$dd" --db "$qdb" check
is "no DEVICE exits 2" 2 "$rc"
like "no DEVICE: says what is needed" 'check needs a DEVICE' "$err"

run "$dd" --db "$qdb" check --help
is "--help exits 0" 0 "$rc"
like "--help documents the exit codes" '3 WARN, 4 FAIL, 5 UNKNOWN \(drive not in' "$out"
like "--help documents NOT_COMPARABLE 7 and ERROR 8" '7 NOT_COMPARABLE .* 8 ERROR' "$(printf '%s' "$out" | tr '\n' ' ')"

# --- a loop device over /dev/shm -------------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	# Written, not sparse: reads of never-written space are not judged
	# (tests/cli/plausible.sh has that case).
	head -c 160M /dev/urandom >"$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -z "$loop" ]; then
	echo "ok $((tap_n + 1)) # SKIP no loop device (needs root and losetup)"
	tap_n=$((tap_n + 1))
	done_testing
	exit
fi

for bad in "--tolerance 60" "--tolerance x" "--time-scale 0" "--model="; do
	# shellcheck disable=SC2086
	run "$dd" --db "$qdb" check "$loop" $bad
	is "check $bad exits 2" 2 "$rc"
done

# A non-NVMe device matched through --model, JSON on stdout.
run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --json
case $rc in 0 | 3 | 4) ok "--model --json: exit $rc is a verdict code (0, 3, 4)" true ;;
*) ok "--model --json: exit $rc is a verdict code (0, 3, 4)" false
   printf '%s\n' "$err" | head -5 | sed 's/^/# /' ;;
esac
is "--model --json: the exit code is the one the JSON states" "$rc" "$(json 'j["overall"]["exit_code"]')"
is "--model --json: matched family qemu-nvme" "qemu-nvme" "$(json 'j["match"]["family_id"]')"
is "--model --json: the model came from the option" "option False" \
	"$(json 'j["device"]["model_source"], j["device"]["nvme"]' | tr -d "(),'")"
is "--model --json: verdicts for seq_read, rand_read, lat_read" "lat_read rand_read seq_read" \
	"$(json '" ".join(sorted(v["metric"] for v in j["verdicts"]))')"
is "--model --json: every verdict is PASS, WARN or FAIL with numbers" "True" \
	"$(json 'all(v["verdict"] in ("PASS","WARN","FAIL") and v["measured"] > 0 and v["spec_value"] > 0 and abs(v["ratio"] - v["measured"] / v["spec_value"]) < 1e-9 and v["point"] and v["reason"] for v in j["verdicts"])')"
is "--model --json: every verdict names its source and confidence" "True" \
	"$(json 'all(v["spec"]["source"] == "test-qemu" and v["spec"]["confidence"] == "C" for v in j["verdicts"])')"
is "--model --json: every verdict names its source by name too" "True" \
	"$(json 'all(v["spec"]["source_label"] and v["spec"]["source_label"] != v["spec"]["source"] for v in j["verdicts"])')"
is "--model: the text report cites sources by name, never by id" "" \
	"$(printf '%s\n' "$err" | grep -o 'test-qemu' | head -1)"
is "--model --json: lat_read compared at 4K randread QD1 x1" "4K randread QD1 x1 True" \
	"$(json '[(v["point"], v["lower_is_better"]) for v in j["verdicts"] if v["metric"] == "lat_read"][0]' | tr -d "(),'")"
is "--model --json: rand_read has no stated depth (a rated max, labelled, rule and tolerance in JSON)" "False rated max True True" \
	"$(json '[(v["conditions_known"], v["rule"], "rated max, depth not stated" in v["reason"], v["tolerance"] == 0.1) for v in j["verdicts"] if v["metric"] == "rand_read"][0]' | tr -d "(),'")"
is "--model --json: overall is the worst verdict" "True" \
	"$(json 'j["overall"]["verdict"] == max((v["verdict"] for v in j["verdicts"]), key=["PASS","WARN","FAIL"].index)')"
is "--model --json: the spot plan ran read-only, 5 points" "spot (read-only)|5|done" \
	"$(json '"|".join((j["plan"]["name"], str(len(j["points"])), j["state"]))')"
# Percentiles are histogram bucket values (fio's layout, under 2 % wide), so
# p99.9 may sit up to a bucket above the exact maximum, as in fio's output.
is "--model --json: points keep check's flat keys" "True" \
	"$(json 'all(p["name"] and p["rw"] and p["bs"] > 0 and p["iodepth"] > 0 and p["numjobs"] > 0 and p["read_pct"] == 100 and p["runtime_s"] > 0 and p["ios"] > 0 and p["iops"] > 0 and p["mbps"] > 0 and 0 < p["p50_us"] <= p["p99_us"] <= p["p999_us"] <= p["max_us"] * 1.02 and p["mean_us"] > 0 for p in j["points"])')"
is "--model --json: points carry run's full fields and the engine's choices" "True" \
	"$(json 'all(p["point"]["name"] == p["name"] and sum(p["histogram_ns"].values()) == p["ios"] and p["lat"]["n"] == p["ios"] and isinstance(p["spin_used"], bool) and isinstance(p["io_wq"], bool) and isinstance(p["force_async"], bool) and 1 <= p["batch_used"] <= p["iodepth"] and p["target_class"] == "blk-mq block device" and "cpu" in p for p in j["points"])')"
is "--model --json: no SMART on a loop device" "None None None" \
	"$(json 'j["smart"]["before"], j["smart"]["after"], j["smart"]["delta"]' | tr -d "(),'")"
is "--model --json: tolerance 10%" "10.0" "$(json 'j["tolerance_pct"]')"
like "--model --json: the text report goes to stderr" '^VERDICT (PASS|WARN|FAIL): ' "$err"

# The text report on stdout.
run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --tolerance 25
case $rc in 0 | 3 | 4) ok "text: exit $rc is a verdict code" true ;;
*) ok "text: exit $rc is a verdict code" false ;;
esac
like "text: names the match" 'match +QEMU NVMe Ctrl 1 GB \(exact match' "$out"
like "text: the table header" '^  metric +spec +measured +ratio +verdict +reason' "$out"
like "text: a seq_read row with spec, measured and ratio" '^  seq_read +1,000 MB/s +[0-9,.]+ MB/s +[0-9.]+  (PASS|WARN|FAIL) ' "$out"
like "text: the tolerance given" 'tolerance 25%' "$out"
like "text: says SMART is not available" 'SMART +not available' "$out"
like "text: the overall verdict line" '^VERDICT (PASS|WARN|FAIL): ' "$out"

# Without --model a loop device has no identity: UNKNOWN, exit 5, and
# nothing runs unless --sweep-unknown.
run env LANG=C LC_ALL=C "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.01
is "LANG=C: the text report is ASCII" "" "$(printf '%s' "$out$err" | LC_ALL=C tr -d '\000-\177')"
like "LANG=C: ... and complete" '^VERDICT [A-Z_]+: ' "$out"

# (--sweep-unknown: measured anyway; without it nothing runs, tests/cli/verdicts.sh)
run "$dd" --db "$qdb" check "$loop" --time-scale 0.005 --sweep-unknown
is "no model: exit 5 (UNKNOWN)" 5 "$rc"
like "no model: says there is no spec to check against" '^VERDICT UNKNOWN: .*--model' "$out"
like "no model: still shows what it measured" '4K randread QD1 x1 .* IOPS' "$out"
run "$dd" --db "$qdb" check "$loop" --model "KIOXIA KCD9XPJE7T6Z" --time-scale 0.005 --json -q
is "unknown model: exit 5" 5 "$rc"
is "unknown model: UNKNOWN, no verdicts, nearest family named" "UNKNOWN 0 kioxia-cd9p-r True" \
	"$(json 'j["overall"]["verdict"], len(j["verdicts"]), j["match"]["nearest_family"], "nearest family: KIOXIA CD9P-R" in j["overall"]["summary"]' | tr -d "(),'")"

# --model is typed text, read as a hosts file's DRIVE is: a model string,
# else a database id, else a query naming one capacity point.
bdb0="${top_builddir:-.}/data/drivedash.db"
run "$dd" --db "$bdb0" check "$loop" --model "cd9p 7.68" --time-scale 0.005 --json -q --no-save
is "--model 'cd9p 7.68' (a query): the CD9P-R 7.68 TB, rule query, judged" \
	"kioxia-cd9p-r-7680 query True" \
	"$(json 'j["match"]["drive_id"], j["match"]["rule"], len(j["verdicts"]) > 0' | tr -d "(),'")"
run "$dd" --db "$bdb0" check "$loop" --model "kioxia-cd9p-r-7680" --time-scale 0.005 -q --no-save
like "--model DRIVE-ID: the text report says it was named, not a model string" \
	'^  match +KIOXIA CD9P-R 7\.68 TB \(named by --model "kioxia-cd9p-r-7680", not a model string\)' "$out"
run "$dd" --db "$bdb0" check "$loop" --model "cm7" --time-scale 0.005 --json -q --no-save
is "--model 'cm7' (two families): UNKNOWN, exit 5" "5 UNKNOWN" "$rc $(json 'j["overall"]["verdict"]')"
like "--model 'cm7': the summary names both, not 'not in the database'" \
	"^'cm7' names 2 drives, not one: KIOXIA CM7-R, KIOXIA CM7-V, so there is no spec" \
	"$(json 'j["overall"]["summary"]')"
run "$dd" --db "$bdb0" check "$loop" --model "cd9p-r" --time-scale 0.005 -q --no-save
like "--model 'cd9p-r' (no capacity): asks for the capacity" \
	"^VERDICT UNKNOWN: 'cd9p-r' names KIOXIA CD9P-R but not one capacity point \(add the capacity\)" "$out"

# --curve: a short load curve after the spot points, judged against the
# drive's published VDBench curve (the test database has none: information,
# not a FAIL) and the rate limiter's achieved/target per step reported.
run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --curve=NoSuchProfile
is "--curve=NoSuchProfile exits 2" 2 "$rc"
like "--curve=NoSuchProfile: says no preset has that curve" \
	"^drivedash: --curve: no preset has a load curve of the profile 'NoSuchProfile'" "$err"
run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --curve --json -q
if [ "$rc" -eq 2 ] && printf '%s' "$err" | grep -q 'no preset has a load curve'; then
	echo "ok $((tap_n + 1)) # SKIP no preset with a load-curve profile in this build"
	tap_n=$((tap_n + 1))
else
	case $rc in 0 | 3 | 4) ok "--curve: exit $rc is a verdict code" true ;;
	*) ok "--curve: exit $rc is a verdict code" false
	   printf '%s\n' "$err" | head -5 | sed 's/^/# /' ;;
	esac
	is "--curve: the default profile, a maximum then 4 steps after the 5 spot points" \
		"4K random read 10 25,50,75,100" \
		"$(json '"%s %d %s" % (j["curve"]["profile"], len(j["points"]), ",".join("%g" % s["target_pct"] for s in j["curve"]["steps"]))')"
	is "--curve: each step's accuracy is achieved / target" "True" \
		"$(json 'all(s["target_iops"] > 0 and abs(s["accuracy"] - s["iops"] / s["target_iops"]) < 1e-9 for s in j["curve"]["steps"])')"
	is "--curve: the peak is the most any point of the curve achieved" "True" \
		"$(json 'j["curve"]["peak_iops"] == max([s["iops"] for s in j["curve"]["steps"]] + [j["curve"]["max_iops"]])')"
	is "--curve: no published curve for this drive: NOT_COMPARABLE, not a FAIL" \
		"curve_iops NOT_COMPARABLE True|curve_lat NOT_COMPARABLE True" \
		"$(json '"|".join("%s %s %s" % (v["metric"], v["verdict"], "no published curve for this drive" in v["reason"]) for v in j["verdicts"] if v["metric"].startswith("curve_"))')"
	run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 \
		--curve "4K random read"
	like "--curve PROFILE: the text names the curve and the rate limiter's accuracy" \
		'rate +achieved/target: 25% [0-9.]+ 50% [0-9.]+ 75% [0-9.]+ 100% [0-9.]+' "$out"
	run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --curve "4K random write"
	is "--curve of a write profile without --allow-write exits 2" \
		"2 drivedash: --curve '4K random write' writes: it needs --allow-write" "$rc $err"
fi

# Writes: allowed on a blank loop, the write points run too.
run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --allow-write --json -q
case $rc in 0 | 3 | 4) ok "--allow-write: exit $rc is a verdict code" true ;;
*) ok "--allow-write: exit $rc is a verdict code" false ;;
esac
is "--allow-write: 8 points, writes included" "spot 8 True" \
	"$(json 'j["plan"]["name"], len(j["points"]), j["plan"]["writes"]' | tr -d "(),'")"

# Acceptance targets: a lab overlay (tests/lib/lab-targets.sql) with one new
# drive whose SKU is "QEMU NVMe Ctrl", on top of the bundled database (which
# does not know it), and three targets: rand_read >= 1,000 IOPS at 4K QD4x1
# (any drive passes), seq_read >= 1 TB/s at 128K QD8x1 (none does), and a
# rand_write target that needs --allow-write.  Overlay under a temporary
# XDG_CONFIG_HOME.
bdb="${top_builddir:-.}/data/drivedash.db"
mkdir -p "$tmp/xdg/drivedash"
cp "${top_srcdir:-.}/tests/lib/lab-targets.sql" "$tmp/xdg/drivedash/"
ldb=$bdb
run env XDG_CONFIG_HOME="$tmp/xdg" "$dd" --db "$ldb" show "QEMU NVMe Ctrl"
like "targets: show lists them in their own section" '^ACCEPTANCE TARGETS \(lab, 3\)' "$out"
like "targets: show gives each its point, runtime, tolerance and capacity" \
	'random read +>= 1,000 IOPS at 4K QD4x1, 1 s, tolerance 5% +every capacity +lab-accept-emu' "$out"
run env XDG_CONFIG_HOME="$tmp/xdg" "$dd" --db "$ldb" show "QEMU NVMe Ctrl" --json
printf '%s' "$out" >"$tmp/out"
is "targets: show --json has them" "rand_read 1 5.0 None|rand_write 1 0.0 None|seq_read 1 0.0 lab-emu-1" \
	"$(json '"|".join(sorted("%s %d %s %s" % (t["metric"], t["runtime_s"], t["tolerance_pct"], t["capacity_point"]) for t in j["targets"]))')"
run "$dd" --db "$bdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --json -q --no-save
is "targets: the bundled database alone does not know the drive (exit 5)" 5 "$rc"
run env XDG_CONFIG_HOME="$tmp/xdg" "$dd" --db "$ldb" check "$loop" --model "QEMU NVMe Ctrl" \
	--time-scale 0.005 --json -q --no-save
is "targets: the failed target decides (exit 4, FAIL)" "4 FAIL" "$rc $(json 'j["overall"]["verdict"]')"
is "targets: matched the lab's drive" "lab-emu lab-emu-1" \
	"$(json 'j["match"]["family_id"], j["match"]["drive_id"]' | tr -d "(),'")"
# rand_read's verdict follows its measured IOPS (any working drive passes
# 1,000, but the suite must not depend on how loaded the machine is).
is "targets: rand_read judged (PASS at >= 1,000 IOPS), seq_read FAIL, rand_write NOT_COMPARABLE, each decided by its target" \
	"rand_read True target|rand_write NOT_COMPARABLE target|seq_read FAIL target" \
	"$(json '"|".join(sorted("%s %s %s" % (v["metric"], ((v["verdict"] == "PASS") == (v["measured"] >= 1000)) if v["metric"] == "rand_read" else v["verdict"], v["decided_by"]) for v in j["verdicts"] if v["spec"]["is_target"]))')"
is "targets: rand_read judged at its stated point, runtime and tolerance (not the spec's 1G IOPS)" \
	"4K randread QD4 x1 1s target|0.05|True" \
	"$(json '"|".join(str(x) for x in [(v["point"], v["tolerance"], "lab target >= 1,000 IOPS at 4K QD4x1, 1 s, tolerance 5%" in v["reason"]) for v in j["verdicts"] if v["metric"] == "rand_read"][0])')"
like "targets: the write target says what it needs" \
	'the check ran no writes \(--allow-write adds them\)' \
	"$(json '[v["reason"] for v in j["verdicts"] if v["metric"] == "rand_write"][0]')"
is "targets: lat_read has no target: the spec judges it" "spec" \
	"$(json '[v["decided_by"] for v in j["verdicts"] if v["metric"] == "lat_read"][0]')"
is "targets: 5 spot points and 2 target points, at their stated 1 s (not time-scaled)" "7 2 [1 1]" \
	"$(json 'len(j["points"]), j["plan"]["target_points"], [int(p["runtime_s"]) for p in j["points"] if p["name"].endswith("target")]' | tr -d "(),'")"
run env XDG_CONFIG_HOME="$tmp/xdg" "$dd" --db "$ldb" check "$loop" --model "QEMU NVMe Ctrl" \
	--time-scale 0.005 --print-fio
is "targets: --print-fio exits 0" 0 "$rc"
is "targets: --print-fio has the target points' sections, runtime 1" \
	"[128K read QD8 x1 1s target] [4K randread QD4 x1 1s target] 2" \
	"$(printf '%s\n' "$out" | grep '^\[.*target\]' | tr '\n' ' ')$(printf '%s\n' "$out" | grep -c '^runtime=1$')"
run env XDG_CONFIG_HOME="$tmp/xdg" "$dd" --db "$ldb" check "$loop" --model "QEMU NVMe Ctrl" \
	--time-scale 0.005 --allow-write --json -q --no-save
is "targets: --allow-write runs the write target's point too: rand_write judged by it (PASS at >= 1,000 IOPS)" \
	"3 target True" \
	"$(json 'j["plan"]["target_points"], [(v["decided_by"], (v["verdict"] == "PASS") == (v["measured"] >= 1000)) for v in j["verdicts"] if v["metric"] == "rand_write"][0]' | tr -d "(),'")"

# Write safety: an ext4 loop is refused, and stays unchanged.
if command -v mkfs.ext4 >/dev/null 2>&1 && mkfs.ext4 -q -F "$loop" 2>/dev/null; then
	before=$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)
	run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --allow-write
	is "ext4 loop with --allow-write: refused, exit 2" 2 "$rc"
	like "ext4 loop: the safety message names the filesystem" '^drivedash: refusing to write: .*ext4' "$err"
	is "ext4 loop: backing file unchanged" "$before" "$(cksum "$tmp/loop.img" | cut -d' ' -f1,2)"
	run "$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --allow-write \
		--force --confirm wrong
	is "ext4 loop: --force with the wrong --confirm is refused" 2 "$rc"
	like "ext4 loop: says what to confirm with" "$(basename "$loop")" "$err"
else
	echo "ok $((tap_n + 1)) # SKIP mkfs.ext4 unavailable"; tap_n=$((tap_n + 1))
fi

# Ctrl-C: the sweep stops, what finished is judged, exit 130.
"$dd" --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.1 --json \
	>"$tmp/int.json" 2>"$tmp/int.err" &
pid=$!
tries=0
until grep -q 'done 128K read' "$tmp/int.err" 2>/dev/null || [ $tries -ge 300 ]; do
	tries=$((tries + 1))
	sleep 0.1	# polling for the first finished point, bounded at 30 s
done
kill -INT "$pid"
wait "$pid"
rc=$?
is "Ctrl-C: exit 130" 130 "$rc"
cp "$tmp/int.json" "$tmp/out"
is "Ctrl-C: JSON says cancelled, exit code 130, seq_read still judged" "cancelled 130 True" \
	"$(json 'j["state"], j["overall"]["exit_code"], any(v["metric"] == "seq_read" and v["verdict"] != "NOT_COMPARABLE" for v in j["verdicts"])' | tr -d "(),'")"
like "Ctrl-C: the text says the sweep was stopped" 'stopped by the user' "$(cat "$tmp/int.err")"

done_testing
