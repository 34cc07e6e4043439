#!/usr/bin/env bash
# spin-decision.sh: the measurement behind the engine's default completion
# wait (spin=off) and its automatic rule (spin=auto).  Runs
# bench/engine-vs-fio.sh on zram and loop at 4K random read QD1 and QD32 for
# each --spin mode, on an idle machine and with two busy loops, and prints
# the summaries one after another.  Run as root, alone, on a quiet machine:
#   bench/spin-decision.sh [--runtime S] [--rounds N]
# A mode may be the default only where it does not lose to fio's default
# (sleeping in io_uring_enter) in either condition: see bench/README.md.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
runtime=4 rounds=3
while [ $# -gt 0 ]; do
	case $1 in
	--runtime) runtime=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	-h|--help) sed -n '2,9p' "$0"; exit 0 ;;
	*) echo "spin-decision.sh: unknown option $1" >&2; exit 2 ;;
	esac
done
out=$(mktemp -d /tmp/spin-decision-XXXXXX)
for load in 0 2; do
	for mode in off auto on; do
		"$HERE/engine-vs-fio.sh" --runtime "$runtime" --ramp 1 --rounds "$rounds" \
			--fio-modes process --workloads "4K randread QD1,4K randread QD32" \
			--dd-extra "--spin $mode" --load "$load" \
			--out "$out/spin-$mode-load$load.csv" >"$out/spin-$mode-load$load.log" 2>&1 ||
			echo "spin-decision.sh: the run for spin=$mode load=$load failed (see $out)" >&2
		echo "=== spin=$mode, $load busy loop(s)"
		cat "$out/spin-$mode-load$load.summary.txt"
	done
done
echo "raw: $out"
