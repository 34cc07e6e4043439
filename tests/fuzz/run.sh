#!/bin/sh
# Run libFuzzer targets for a bounded time each; any crash, leak, UB report or
# timeout fails.  Usage: run.sh CORPUS_ROOT TARGET...
#   FUZZ_TIME  seconds per target (default 30)
#   FUZZ_JOBS  targets run at once (default 2)
#   FUZZ_KEEP  a directory to keep each target's log and new corpus in
# Each target starts from CORPUS_ROOT/NAME (its seeds and the crashers found
# so far, which must all pass) and writes what it finds to a scratch corpus,
# so the source tree is not changed.  A crash leaves its input in the scratch
# directory and is named in the output: add it to CORPUS_ROOT/NAME once fixed.
# One input may take 60 s before it counts as a hang: on a loaded CI machine a
# specdb iteration (a database copy and every query list/show make) has taken
# 12 s of wall time with nothing wrong.
# Needs: targets built by a clang build configured with --enable-fuzzing
# (make fuzz-run builds them first).
set -eu
root=$1
shift
time=${FUZZ_TIME:-30}
jobs=${FUZZ_JOBS:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/dd-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# One target: NAME's run, its log and a one-line summary in $work/NAME.
fuzz_one() {
	bin=$1
	name=$(basename "$bin" | sed 's/^fuzz-//')
	dir=$work/$name
	mkdir -p "$dir/corpus"
	rc=0
	TMPDIR=$dir "$bin" -max_total_time="$time" -timeout=60 -rss_limit_mb=2048 \
		-close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$dir/" \
		"$dir/corpus" "$root/$name" >"$dir/log" 2>&1 || rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -n 1)
	last=$(grep -E '^#[0-9]+.*cov: ' "$dir/log" | tail -n 1 | sed 's/^#[0-9]* *//')
	if [ "$rc" -ne 0 ]; then
		echo "fuzz: $name FAILED (exit $rc) after ${runs:-?} runs"
		grep -E 'ERROR|SUMMARY|runtime error|check failed|Test unit written' "$dir/log" | head -n 20
		ls "$dir" | grep -E '^(crash|leak|timeout|oom)-' | sed "s|^|fuzz: $name input: |"
		echo "$name" >>"$work/failed"
	else
		echo "fuzz: $name ok: ${runs:-?} runs in ${time} s, ${last:-no stats}"
	fi
	if [ -n "${FUZZ_KEEP:-}" ]; then
		mkdir -p "$FUZZ_KEEP/$name"
		cp "$dir/log" "$FUZZ_KEEP/$name/log"
		cp -r "$dir/corpus" "$FUZZ_KEEP/$name/" 2>/dev/null || true
		cp "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-* "$FUZZ_KEEP/$name/" \
			2>/dev/null || true
	fi
}

running=0
for bin in "$@"; do
	fuzz_one "$bin" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
if [ -s "$work/failed" ]; then
	echo "fuzz: failed: $(tr '\n' ' ' <"$work/failed")" >&2
	exit 1
fi
echo "fuzz: all $# targets ran ${time} s without a crash"
