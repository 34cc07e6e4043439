#!/bin/sh
# The option groups run, check and ui share (src/cli/cli-options.c): the
# same bad value of a shared option gives the same sentence and the same
# exit status from every command that takes it, and an option of a group a
# command does not take is refused by it as unrecognized (while the command
# it belongs to takes it).  Nothing here measures: run is given --print-fio
# (no target: a job file for /dev/TARGET), check a DEVICE that does not
# exist, and ui has no terminal.
# Needs: timeout(1).  No root, no devices.
. "${top_srcdir:-.}/tests/lib/tap.sh"

builddir=$(cd "${top_builddir:-.}" && pwd)
dd="$builddir/drivedash"
[ -x "$dd" ] || skip_all "drivedash is not built"
command -v timeout >/dev/null 2>&1 || skip_all "timeout(1) is missing"
export DRIVEDASH_DB="${DRIVEDASH_DB:-$builddir/data/drivedash.db}"
tmp=$(mktemp -d /tmp/dd-options-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
RUN_TIMEOUT=20
cd "$tmp" || exit 1
nodev="$tmp/no-such-device"

# cmdline CMD: the words that keep CMD from measuring anything.
cmdline() {
	case $1 in
	run) echo "run --print-fio" ;;
	check) echo "check" ;;
	ui) echo "ui" ;;
	esac
}

# same "OPTIONS" CMD...: the option words (eval'd, so quotes group) given to
# each CMD exit 2 with one "drivedash: " sentence, the same from every CMD.
same() {
	opts=$1; shift
	first="" firstcmd=""
	for c in "$@"; do
		dev=""
		# check's DEVICE (a rack takes none: its hosts name theirs)
		case $c:$opts in check:--host*) ;; check:*) dev=$nodev ;; esac
		eval "set -- $(cmdline "$c") $opts $dev"
		run "$dd" "$@" </dev/null
		is "$c $opts: exits 2" 2 "$rc"
		like "$c $opts: one sentence" '^drivedash: ' "$err"
		line=$(printf '%s\n' "$err" | head -1)
		if [ -z "$firstcmd" ]; then
			first=$line firstcmd=$c
		else
			is "$c $opts: the sentence of $firstcmd" "$first" "$line"
		fi
	done
}

# --- one sentence per bad value, whichever command takes the option ------
same "--size 1k" run ui
same "--size lots" run ui
same "--time-scale 0" run check ui
same "--time-scale abc" run check ui
same "--runtime 0" run ui
same "--ramp -1" run ui
same "--rate-iops 0" run ui
same "--rate-iops fast" run ui
same "--connect-timeout 0" run check ui
same "--fio ''" run check ui
same "--host h1" run check ui
same "--preset nosuch" run ui
same "--target $tmp/a --scratch $tmp/b" run ui

# The bad --preset sentence names every preset, the data presets too.
run "$dd" ui --preset nosuch </dev/null
like "ui --preset nosuch: lists the data presets" 'vdbench-4k-randread.*dlio, cliff' "$err"

# --- an option of a group a command does not take -------------------------
# refused CMD OPTION [ARG]: CMD says OPTION is unrecognized and exits 2.
refused() {
	c=$1; shift
	dev=""
	[ "$c" = check ] && dev=$nodev
	run "$dd" $(cmdline "$c") "$@" $dev </dev/null
	is "$c $1: exits 2" 2 "$rc"
	like "$c $1: unrecognized" "unrecognized option '$1'" "$err"
	like "$c $1: points to its help" "Try 'drivedash $c --help'" "$err"
}

# taken CMD OPTION [ARG]: CMD does not call OPTION unrecognized.
taken() {
	c=$1; shift
	dev=""
	[ "$c" = check ] && dev=$nodev
	run "$dd" $(cmdline "$c") "$@" $dev </dev/null
	case $err in
	*unrecognized*) is "$c $1: taken" "taken" "unrecognized: $err" ;;
	*) is "$c $1: taken" "taken" "taken" ;;
	esac
}

# The target group (run, ui), not check's: check takes a DEVICE.
for o in "--target x" "--scratch x" "--size 1G" "--keep"; do
	refused check $o
	taken run $o
	taken ui $o
done
# The point times (run, ui), not check's.
for o in "--runtime 5" "--ramp 1" "--preset spot"; do
	refused check $o
	taken run $o
	taken ui $o
done
# Output options of run and check, not the dashboard's.
for o in "--quiet" "--print-fio"; do
	refused ui $o
	taken run $o
	taken check $o
done
# check's own, and the json flag (run's --json takes a FILE).
for o in "--json" "--model x" "--tolerance 5" "--sweep-unknown"; do
	refused ui $o
	taken check $o
done
for o in "--model x" "--tolerance 5" "--sweep-unknown"; do
	refused run $o
done
# run's own.
for o in "--iopoll" "--spin on" "--point randread" "--repeat 2"; do
	refused check $o
	refused ui $o
	taken run $o
done
# The dashboard's own.
for o in "--theme mono" "--ascii"; do
	refused run $o
	refused check $o
	taken ui $o
done

# The store and --json groups of the other commands: runs, compare, export
# and import read a store (--results), but none of them saves (--no-save);
# list, show and detect read no store.  Each says its own usage after
# getopt's sentence.
# refused_other CMD OPTION...: exit 2, OPTION unrecognized.
refused_other() {
	c=$1; shift
	run "$dd" "$c" "$@" </dev/null
	is "$c $1: exits 2" 2 "$rc"
	like "$c $1: unrecognized" "unrecognized option '$1'" "$err"
}
for c in runs compare export import; do
	refused_other "$c" --no-save
	refused_other "$c" --target x
done
for c in list show detect; do
	refused_other "$c" --results x
done
refused_other export --json
refused_other import --json
# ... and the store they are given is the one they read.
run "$dd" runs --results "$tmp/none.db" </dev/null
like "runs --results: reads that store" 'none\.db' "$err$out"
run "$dd" compare -r "$tmp/none.db" last </dev/null
like "compare -r: reads that store" 'none\.db' "$err$out"
run "$dd" export --results "$tmp/none.db" last </dev/null
like "export --results: reads that store" 'none\.db' "$err$out"

done_testing
