# tests/lib/presets-run.sh: presets_on, every preset run on a target, scaled
# short (sourced after tests/lib/tap.sh; the caller's $dd and $tmp).
# tests/cli/run.sh runs most presets at 2 ms a point on a file and spot on
# its devices, tests/rigs/run-matrix.sh every preset at 50 ms on every kind
# of target.

# The sweep presets (the load-curve, checkpoint and cliff presets are
# tests/cli/presets.sh's).
all_presets="spot cdm cdm-nvme threads review"

# Point counts the design asks for, with writes allowed.
expect_points() {
	case $1 in
	review) echo 242 ;;
	spot) echo 8 ;;
	cdm | cdm-nvme) echo 8 ;;
	threads) echo 48 ;;
	esac
}

# presets_on NAME TARGET RUNTIME PRESETS [extra args]: each of PRESETS (a
# list that starts with spot) at RUNTIME seconds a point.
presets_on() {
	name=$1; target=$2; runtime=$3; presets=$4; shift 4
	for preset in $presets; do
		run "$dd" run --target "$target" --preset "$preset" --allow-write \
			--runtime "$runtime" --ramp 0 --json "$tmp/$preset.json" -q "$@"
		is "$name: preset $preset exits 0" 0 "$rc"
		[ "$rc" -eq 0 ] || printf '%s\n' "$err" | head -3 | sed 's/^/# /'
		is "$name: preset $preset ran every point" "$(expect_points "$preset")" \
			"$(jq_ "$tmp/$preset.json" "len(j['points'])")"
		is "$name: preset $preset: every point did I/O without error" "True" \
			"$(jq_ "$tmp/$preset.json" "all(p['status']==0 and p['ios']>0 and p['iops']>0 for p in j['points'])")"
	done
	is "$name: histogram counts every I/O" "True" \
		"$(jq_ "$tmp/spot.json" "all(sum(p['histogram_ns'].values())==p['ios'] for p in j['points'])")"
	case " $presets " in *" cdm "*)
		is "$name: cdm repeats each point 5 times, keeps the best" "True" \
			"$(jq_ "$tmp/cdm.json" "all(p['runs']==5 for p in j['points']) and j['aggregate']=='best'")"
	esac
}

