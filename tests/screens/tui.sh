#!/bin/sh
# The dashboard end to end: drivedash runs in a detached tmux at fixed sizes
# (80x24, 132x43, a too-small 40x10), keys go in with send-keys and the screen
# comes back with capture-pane (-e for colours).  Every wait polls the pane
# for what it expects, with a bounded loop: no fixed sleep synchronises.  The
# 132x43 captures of the live sweep and of the compare view are written to
# tests/screens/tui-captures/ in the build directory.
# Needs: tmux (skips whole without); fio, python3 and tests/lib/fake-fio-server
# for the Fleet screen, ncurses-term for the truecolor case (each skips
# without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

builddir=$(cd "${top_builddir:-.}" && pwd)
dd="$builddir/drivedash"
db=${DRIVEDASH_DB:-$builddir/data/drivedash.db}
caps="$builddir/tests/screens/tui-captures"
tmp=$(mktemp -d /tmp/dd-tui-XXXXXX)
sock="dd-tui-$$"
shm=/dev/shm
[ -d "$shm" ] && [ -w "$shm" ] || shm=$tmp
scratch="$shm/dd-tui-$$.dat"

command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -x "$dd" ] || skip_all "drivedash is not built"

# A 256-colour terminal inside tmux, no status line (the pane is the window).
. "${top_srcdir:-.}/tests/lib/tmux.sh"
tmux_setup

fio_pids=
cleanup() {
	T kill-server >/dev/null 2>&1
	for p in $fio_pids; do kill "$p" 2>/dev/null; done
	rm -rf "$tmp"
	rm -f "$scratch" "$shm/dd-tui-$$-fleet"*.dat
}
trap cleanup EXIT INT TERM

# A session that outlives the others, so the server never exits between
# two of them (a new-session racing a server on its way out fails).
T new-session -d -s keep "exec sleep 3600" || skip_all "tmux cannot start a server"

# start W H ENV ARGS: a fresh session "dd" running the dashboard; the pane
# says "drivedash exited N" when it ends and stays open.  TMPDIR is the
# test's own: the default scratch file must not be one a dashboard the user
# runs meanwhile holds; so is XDG_CONFIG_HOME (no preferences file).  $pin,
# when set, runs it under that prefix (taskset).
start() {
	w=$1; h=$2; envs=$3; shift 3
	T kill-session -t dd >/dev/null 2>&1
	rm -rf "$tmp/config"	# the t key saves the theme there: each start begins anew
	T new-session -d -s dd -x "$w" -y "$h" \
		"env -u COLORTERM LANG=C.UTF-8 DRIVEDASH_DB='$db' XDG_STATE_HOME='$tmp/state' \
		XDG_DATA_HOME='$tmp/data' XDG_CONFIG_HOME='$tmp/config' TMPDIR='$tmp' $envs \
		${pin:-} '$dd' ui $*; echo \"drivedash exited \$?\"; exec sleep 600"
}

# Layering: nothing outside src/ui/tui-term.c includes curses.
srcdir_abs=$(cd "${top_srcdir:-.}" && pwd)
is "only src/ui/tui-term.c includes curses" "src/ui/tui-term.c" \
	"$(cd "$srcdir_abs" && grep -rlE '#[[:space:]]*include[[:space:]]*<(n?curses|ncursesw/|term)' src | sort | tr '\n' ' ' | sed 's/ $//')"

# Without a terminal: usage and exit 2, and `ui` says why.
"$dd" </dev/null >"$tmp/out" 2>"$tmp/err"
is "no command without a terminal exits 2" 2 "$?"
like "no command without a terminal prints the usage" 'usage: drivedash' "$(cat "$tmp/err")"
"$dd" ui </dev/null >"$tmp/out" 2>"$tmp/err"
is "ui without a terminal exits 2" 2 "$?"
like "ui without a terminal says it needs one" 'needs a terminal' "$(cat "$tmp/err")"

# The Drives screen, the filter and the spec sheet at both sizes.
for size in 80x24 132x43; do
	w=${size%x*}; h=${size#*x}
	start "$w" "$h" ""
	check "$size: Drives screen is up" 'drivedash . Drives'
	check "$size: lists KIOXIA" '^  KIOXIA'
	check "$size: lists the CD9P-R" '^ .  CD9P-R '
	T send-keys -t dd / 9 5 5 0
	check "$size: filter 9550 shows the Micron 9550 MAX" '9550 MAX'
	check "$size: ... and the 9550 PRO" '9550 PRO'
	check_gone "$size: ... and no KIOXIA row" 'CD9P-R|^  KIOXIA'
	like "$size: ... under the Micron vendor line" '^  Micron' "$screen"
	T send-keys -t dd Escape / c d 9 p - r Enter Enter
	check "$size: Enter opens the CD9P-R spec sheet" 'Spec sheet . KIOXIA CD9P-R'
	check "$size: the sheet shows 14,800 MB/s" '14,800'
	check "$size: the sheet says there is more below" 'more below . line [0-9]+ of [0-9]+$'
	# Every figure keeps its source and confidence at either width: on its
	# own line below the figure when the screen is narrow.
	if [ "$w" -lt 120 ]; then
		T send-keys -t dd PageDown
		check "$size: a figure's conditions, confidence and source (by name) on a line below it" \
			'^     128K +conf A +StorageReview, '
		like "$size: ... under the figure itself" '^   sequential read +1\.92 TB +14,500 MB/s$' \
			"$screen"
	else
		check "$size: a figure's conditions, confidence and source (by name) on its row" \
			'^   sequential read +1\.92 TB +14,500 MB/s +128K +A +StorageReview, '
	fi
	check_gone "$size: the sheet names no source by its id" 'seed-[0-9]{3}'
	T send-keys -t dd q
	check "$size: q quits with status 0" 'drivedash exited 0'
done

# Too small.
start 40 10 ""
check "40x10: terminal too small" 'terminal too small'
check "40x10: says what it needs" 'need 80x24, have 40x10'
T send-keys -t dd q
check "40x10: q quits" 'drivedash exited 0'

# Colours: none at all with NO_COLOR; 256 or 24-bit ones by default.
sgr_colour='\[([0-9;]*;)?(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;[25]|48;[25])[;m]'
start 80 24 "NO_COLOR=1"
check "NO_COLOR: Drives screen is up" 'DATABASE'
colours=$(T capture-pane -p -e -t dd | grep -Ec "$sgr_colour")
is "NO_COLOR: no colour SGR codes on screen" 0 "$colours"
T send-keys -t dd q
check "NO_COLOR: q quits" 'drivedash exited 0'

# A lab overlay (tests/lib/lab-targets.sql) with a 1 GB capacity point: the
# Drives list reads "[1 GB]", not "[0] TB".
mkdir -p "$tmp/xdg/drivedash"
cp "${top_srcdir:-.}/tests/lib/lab-targets.sql" "$tmp/xdg/drivedash/"
start 80 24 "XDG_CONFIG_HOME=$tmp/xdg"
check "overlay: Drives screen is up" 'DATABASE'
T send-keys -t dd / && T send-keys -t dd -l "lab emu" && T send-keys -t dd Enter
check "overlay: the lab's 1 GB point reads 1 GB, not 0 TB" 'Lab emulated.*\[1 GB\]'
T send-keys -t dd q
check "overlay: q quits" 'drivedash exited 0'
start 80 24 ""
check "default theme: Drives screen is up" 'DATABASE'
like "default theme: 256-colour or 24-bit SGR codes" '\[(38|48);[25];' \
	"$(T capture-pane -p -e -t dd)"
T send-keys -t dd t
check "t cycles to the light theme" 'theme light'
T send-keys -t dd q
check "default theme: q quits" 'drivedash exited 0'

# Mouse: a click (X10 mouse report, as tmux-256color's kmous) selects the
# row under it.
start 132 43 ""
check "mouse: Drives screen is up" '9550 MAX'
# The first frame comes before discovery; the rows move when it lands.
# Discovery (libnvme, sysfs, blkid) runs before the loop takes keys, and
# under a sanitizer with other tests making and removing loop and zram
# devices it took longer than the 15 s default: wait up to 90 s.
check_gone "mouse: discovery has landed" 'looking for drives' 900
oct() { printf '\\0%03o' "$1"; }
# click: press and release on the row that shows 9550 MAX.  The bytes go in
# one write through a tmux paste buffer: send-keys writes them key by key,
# and on a loaded machine the ESC alone outlasted the dashboard's ESCDELAY
# and was read as the Esc key (a real terminal writes a mouse report whole).
click_9550() {
	row=$(cap | grep -n '9550 MAX' | head -1 | cut -d: -f1)
	[ -n "$row" ] || return 1
	printf "\033[M%b%b%b\033[M%b%b%b" \
		"$(oct 32)" "$(oct $((32 + 10)))" "$(oct $((32 + row)))" \
		"$(oct 35)" "$(oct $((32 + 10)))" "$(oct $((32 + row)))" | T load-buffer -b click -
	T paste-buffer -d -b click -t dd
	wait_for '▸ +9550 MAX' 50
}
click_9550
check "mouse: a click selects the row under it" '▸ +9550 MAX'
T send-keys -t dd q
check "mouse: q quits" 'drivedash exited 0'

# A direct-colour terminal gets the theme's exact RGB (38;2;R;G;B): the
# default theme's title is #ffffff.
if infocmp tmux-direct >/dev/null 2>&1; then
	start 80 24 "TERM=tmux-direct COLORTERM=truecolor"
	check "truecolor: Drives screen is up" 'DATABASE'
	like "truecolor: 24-bit SGR codes with the theme's RGB" '38;2;255;255;255m drivedash' \
		"$(T capture-pane -p -e -t dd)"
	T send-keys -t dd q
	check "truecolor: q quits" 'drivedash exited 0'
else
	tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP no tmux-direct terminfo (package ncurses-term)"
fi

# A missing /dev target is never created: the setup says why it cannot be
# measured, and starting refuses with the same sentence.  What a wrong
# create would leave is a regular file or a directory in /dev (the devices
# other tests add and remove meanwhile under make -j2 are neither).
devs_before=$(find /dev -maxdepth 1 \( -type f -o -type d \) | sort)
start 132 43 "" --target /dev/nvme97n9 --preset spot
check "missing /dev target: Drives screen is up" 'DATABASE'
T send-keys -t dd 3
check "missing /dev target: the setup says it cannot be measured" \
	'cannot measure: /dev/nvme97n9 does not exist'
T send-keys -t dd s
check "missing /dev target: starting refuses with the sentence" 'no such device'
T send-keys -t dd q
check "missing /dev target: q quits with status 0" 'drivedash exited 0'
tap_n=$((tap_n + 1))
if [ -e /dev/nvme97n9 ] || [ "$devs_before" != "$(find /dev -maxdepth 1 \( -type f -o -type d \) | sort)" ]; then
	echo "not ok $tap_n - missing /dev target: nothing created in devtmpfs"
	tap_fail=$((tap_fail + 1))
else
	echo "ok $tap_n - missing /dev target: nothing created in devtmpfs"
fi

# The default target: the setup says which disk and filesystem hold it.
start 132 43 "" --preset spot
check "default target: Drives screen is up" 'DATABASE'
T send-keys -t dd 3
check "default target: the setup says where the scratch file lives" \
	'measures a scratch file on [^ ]+, [^ ]+ mounted at /'
T send-keys -t dd q
check "default target: q quits with status 0" 'drivedash exited 0'

# A live sweep on a scratch file, at 132x43.
mkdir -p "$caps"
rm -f "$scratch"
# It runs at full speed (a paced point is no spec target), on one CPU: what
# the screens show is the same, and the rest of make check keeps the other.
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"
start 132 43 "" --target "$scratch" --size 64M --preset spot --runtime 3 --ramp 0.2
pin=""
check "sweep: Drives screen is up" 'DATABASE'
T send-keys -t dd / c d 9 p - r Enter s
check "sweep: s opens the setup with the CD9P-R as reference" 'Reference +KIOXIA CD9P-R'
check "sweep: the scratch file is the target" "scratch file $scratch"
check "sweep: the setup names its filesystem and mount point" \
	'measures a scratch file on [^ ]+, [^ ]+ mounted at /'

T send-keys -t dd s
check "sweep: the sweep runs" 'point [0-9]+/8'
check "sweep: IOPS bar" '^ IOPS +.*[0-9]'
check "sweep: the legend names spec and review" 'spec target.*review: KIOXIA CD9P-R'
check "sweep: 128K read shows the spec marker and its % (comparable)" \
	'spec 14,800 MB/s \([+-][0-9.]+%\)' 200
check "sweep: and the review measurement at QD64x1" 'review 14,235.9'
wait_for '^ IOPS +.*[0-9]'
first=$(printf '%s\n' "$screen" | grep -E '^ IOPS ')
tap_n=$((tap_n + 1))
i=0
while [ "$i" -lt 100 ]; do
	screen=$(cap)
	now=$(printf '%s\n' "$screen" | grep -E '^ IOPS ')
	[ -n "$now" ] && [ "$now" != "$first" ] && break
	sleep 0.1
	i=$((i + 1))
done
if [ "$i" -lt 100 ]; then
	echo "ok $tap_n - sweep: the numbers update between captures"
else
	echo "not ok $tap_n - sweep: the numbers update between captures"
	tap_fail=$((tap_fail + 1))
fi
check "sweep: 4K random read shows its spec as a rated-max target" \
	'spec 2\.60?M IOPS \([+-][0-9.]+%\) rated max, depth not stated' 300
check "sweep: the heat map fills in" 'QD1 +▸?[0-9]'
# layout_is W H: the title bar spans W columns and the key hints sit on row H.
layout_is() {
	title=$(printf '%s\n' "$screen" | head -1 | tr -d '\n' | LC_ALL=C.UTF-8 wc -m | tr -d ' ')
	row=$(printf '%s\n' "$screen" | grep -n '^ x stop' | cut -d: -f1)
	[ "$title" = "$1" ] && [ "$row" = "$2" ]
}

# check_layout NAME W H: poll until the screen has been redrawn at W x H.
check_layout() {
	tap_n=$((tap_n + 1))
	i=0
	while [ "$i" -lt 150 ]; do
		screen=$(cap)
		layout_is "$2" "$3" && break
		sleep 0.1
		i=$((i + 1))
	done
	if [ "$i" -lt 150 ]; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1 (title $title columns, hints on row $row)"
		tap_fail=$((tap_fail + 1))
	fi
}
T resize-window -t dd -x 100 -y 30
check_layout "sweep: resized to 100x30, the layout follows" 100 30
check "sweep: ... and the sweep still runs" 'point [0-9]+/8.*elapsed'
T resize-window -t dd -x 132 -y 43
check_layout "sweep: back at 132x43" 132 43
check "sweep: the finished list has a review verdict (✓ within 10%, else the signed %)" \
	'◆ [0-9.,]+[KM]? (✓|[+-][0-9.]+%)'
# The capture: 4K random read QD32 x16, a second into it, the heat map and
# the finished list filled by the points before.
check "sweep: reaches 4K random read QD32 x16" 'point [4-8]/8' 400
wait_for ' [1-9](\.[0-9])? s of [0-9.]+ s ' 100
cap >"$caps/live-sweep-132x43.txt"
echo "# capture: $caps/live-sweep-132x43.txt"
# Three cells measured: the heat map names its knee (or that there is none yet).
check "sweep: the heat map names its knee" '│ (no knee yet: best is deepest, QD[0-9]+×NJ[0-9]+|knee QD[0-9]+×NJ[0-9]+: [^│]*[a-zA-Z]) +│'
# r moves the reference on to the next drive with reviews while the sweep
# runs; the title and the legend follow, R comes back.
T send-keys -t dd r
check "sweep: r picks the next reference drive" 'reference: [^(]+ \([0-9]+ review figures; r next, R previous\)'
check_gone "sweep: ... and the title no longer says CD9P-R" '^ drivedash .* = CD9P-R 7\.68 TB'
T send-keys -t dd R
check "sweep: R goes back to the CD9P-R" '^ drivedash .* = CD9P-R 7\.68 TB'
T send-keys -t dd x
check "sweep: x stops it" 'sweep stopped after [0-9]+ of 8 points'

# Compare: two marked drives and the run.
T send-keys -t dd 1 / c d 9 p - r Enter c Escape / 9 5 5 0 Space m a x Enter c C
check "compare: shows the CD9P-R" 'KIOXIA CD9P-R 7.68 TB'
check "compare: and the run, named by what it measured (results_run_name)" \
	"dd-tui-$$\\.dat on "
check "compare: the spec's depth, the review's % against it and its depth" \
	'14,800 rated max +14,236 -3\.8% +QD64×1'
check "compare: % deltas of the run against the review, at its depth" \
	'[0-9.,]+[KM]? +[+-][0-9.]+% +review +QD[0-9]+×[0-9]+'
cap >"$caps/compare-132x43.txt"
echo "# capture: $caps/compare-132x43.txt"
# The run leads; the second marked drive is one column to the right.
T send-keys -t dd l
check "compare: and the 9550 MAX (l scrolls the columns)" 'Micron 9550 MAX'
T send-keys -t dd q
check "compare: q quits with status 0" 'drivedash exited 0'
check_gone "compare: the alternate screen is gone" 'drivedash . Compare'
tap_n=$((tap_n + 1))
if [ -e "$scratch" ]; then
	echo "not ok $tap_n - the scratch file is removed on exit"
	tap_fail=$((tap_fail + 1))
else
	echo "ok $tap_n - the scratch file is removed on exit"
fi

# The results store at both sizes: a sweep is stored, its points open in a
# drill-down (interval graph, percentiles, histogram); after a restart
# History lists it, opens it beside the CD9P-R's spec and review, deletes a
# run after y/n and marks two for Compare.  The store is a file of the
# test's own (--results); a second run is stored by `drivedash run`.
for size in 80x24 132x43; do
	w=${size%x*}; h=${size#*x}
	store="$tmp/results-$size.db"
	rm -f "$scratch"
	args="--results $store --target $scratch --size 64M --preset spot --runtime 0.3 --ramp 0 --rate-iops 2k"
	start "$w" "$h" "" $args
	check "$size store: Drives screen is up" 'DATABASE'
	T send-keys -t dd / c d 9 p - r Enter s
	check "$size store: the setup says where sweeps are stored" \
		"Results +every sweep is stored in $tmp/results-"
	T send-keys -t dd s
	check "$size store: the sweep ends and is stored as run #1" \
		'sweep done: [0-9]+ points, stored as run #1' 900
	check "$size store: the finished list shows latency (mean/p99)" \
		'[0-9.,]+/[0-9.,]+ *(│|◆)'
	# The row ends in its latest value: "-" when the last interval had no
	# completion (a sanitizer build stalled 200 ms under make -j2 once).
	check "$size store: the time graph stays after the sweep (the cursor's point)" \
		'^ p99 µs .*([0-9]|-)$|per interval . [0-9]+ s of [0-9]+K '
	T send-keys -t dd Enter
	check "$size store: Enter opens a point's drill-down with percentiles" \
		'p99\.99 +[0-9.,]+'
	check "$size store: ... its histogram" '< [0-9.,]+ .*[0-9.]+%'
	check "$size store: ... and its interval graph" 'per interval . [0-9.]+ s, [0-9]+ intervals'
	T send-keys -t dd Escape
	check_gone "$size store: Esc goes back to the run" 'p99\.99 +[0-9.,]+'
	T send-keys -t dd q
	check "$size store: q quits with status 0" 'drivedash exited 0'
	"$dd" run --target "$shm/dd-tui-$$-b.dat" --size 16M --point 'randread,qd=1,time=0.3s' \
		--ramp 0 --results "$store" >/dev/null 2>"$tmp/run.err"
	is "$size store: drivedash run stores a second run" 0 "$?"
	rm -f "$shm/dd-tui-$$-b.dat"

	start "$w" "$h" "" $args
	check "$size restart: Drives screen is up" 'DATABASE'
	T send-keys -t dd / c d 9 p - r Enter H
	check "$size restart: History lists both runs" 'History . 2 runs'
	check "$size restart: ... the dashboard's run by its name" \
		"#1 +dd-tui-$$.* . spot . 20[0-9-]+ [0-9:]+"
	check "$size restart: ... and its state" '#1 .* done *$'
	T send-keys -t dd / c u s t o m
	check "$size restart: the filter narrows the list" 'History . 1 run'
	T send-keys -t dd Escape
	check "$size restart: Esc clears the filter" 'History . 2 runs'
	T send-keys -t dd End Enter
	check "$size restart: Enter opens the run in the Sweep screen" '^ drivedash . Run #1 '
	check "$size restart: ... beside the CD9P-R's spec" 'spec 14,800 MB/s'
	check "$size restart: ... and its review" 'review 14,235\.9'
	T send-keys -t dd j j Enter
	check "$size restart: the drill-down of a stored point: percentiles" 'p99\.99 +[0-9.,]+'
	check "$size restart: ... and histogram" '< [0-9.,]+ .*[0-9.]+%'
	T send-keys -t dd Escape 5 Home d
	check "$size restart: d asks before deleting" 'delete run #2 and its [0-9]+ points\? y deletes'
	T send-keys -t dd n
	check "$size restart: any other key keeps it" 'History . 2 runs'
	T send-keys -t dd Space Space
	check "$size restart: Space marks two runs" '2 marked \(C compares\)'
	T send-keys -t dd C
	check "$size restart: C compares the marked runs" '^ drivedash . Compare'
	check "$size restart: ... with the two marked runs" 'Compare . [0-9]+ drives?, 2 runs'
	[ "$w" -ge 120 ] && check "$size restart: ... both of them" '#2 .*#1 |#1 .*#2 '
	T send-keys -t dd 5 Home d y
	check "$size restart: y deletes the run" 'run #2 deleted'
	check "$size restart: ... and the list follows" 'History . 1 run'
	T send-keys -t dd q
	check "$size restart: q quits with status 0" 'drivedash exited 0'
done

# A stored load curve opens into the curve view (History -> Enter): a run
# of three points that the store then calls a curve (its maximum and two
# steps at 50 and 100 %, the store's kind columns, as a `curve` plan
# stores them), shown beside the PM1743's published VDBench point.
if command -v sqlite3 >/dev/null 2>&1; then
	store="$tmp/results-curve.db"
	"$dd" run --target "$shm/dd-tui-$$-c.dat" --size 16M --point 'randread,qd=4,time=0.3s' \
		--point 'randread,qd=4,time=0.3s' --point 'randread,qd=4,time=0.3s' \
		--ramp 0 --results "$store" >/dev/null 2>"$tmp/run.err"
	is "curve: drivedash run stores the run" 0 "$?"
	rm -f "$shm/dd-tui-$$-c.dat"
	sqlite3 "$store" "UPDATE points SET kind = CASE idx WHEN 0 THEN 1 ELSE 2 END, grp = 1,
		profile = '4K random read', seq = idx, rate_pct = 50 * idx,
		sum_rate_iops = (SELECT p0.sum_iops FROM points p0 WHERE p0.run_id = points.run_id
				 AND p0.idx = 0) * 0.5 * idx;"
	is "curve: the run's points become a load curve" 0 "$?"
	start 132 43 "" --results "$store" --target "$scratch" --size 64M
	check "curve: Drives screen is up" 'DATABASE'
	T send-keys -t dd / p m 1 7 4 3 Enter H
	check "curve: History lists the run" 'History . 1 run'
	T send-keys -t dd Enter
	check "curve: Enter opens the stored run into the curve view" \
		'4K random read . mean lat vs IOPS . curve 1'
	check "curve: ... its steps by target and achieved share" '@50% . [0-9.,]+K? .*[0-9.]+%'
	check "curve: ... the peak" 'peak [0-9.,]+K? at [0-9.,]+ µs'
	check "curve: ... and the PM1743's review point" \
		'◆ 719.1K IOPS at 123 µs . PM1743 7.68 TB review'
	mkdir -p "$caps"
	cap >"$caps/curve-132x43.txt"
	T send-keys -t dd p
	check "curve: p plots p99" 'p99 lat vs IOPS'
	T send-keys -t dd q
	check "curve: q quits with status 0" 'drivedash exited 0'
fi

# A store that cannot be used (a file that is not a drivedash store): the
# setup says so, the sweep runs unsaved, and the file is never written.
printf 'not a results database\n' >"$tmp/garbage.db"
rm -f "$scratch"
start 80 24 "" --results "$tmp/garbage.db" --target "$scratch" --size 64M --preset spot \
	--runtime 0.3 --ramp 0 --rate-iops 2k
check "bad store: Drives screen is up" 'DATABASE'
T send-keys -t dd 3
check "bad store: the setup says sweeps are not saved" 'Results +not saved: '
T send-keys -t dd s
check "bad store: the sweep runs, unsaved, and the message says so" 'runs unsaved'
check "bad store: ... to its end" 'sweep done: [0-9]+ points \(not saved\)' 900
T send-keys -t dd q
check "bad store: q quits with status 0" 'drivedash exited 0'
is "bad store: the file is left as it was" "not a results database" "$(cat "$tmp/garbage.db")"

# q while a sweep runs asks first; q again stops it and quits.
start 80 24 "" --target "$scratch" --size 64M --preset spot --runtime 5 --ramp 0 --rate-iops 2k
check "quit while running: Drives screen is up" 'DATABASE'
T send-keys -t dd s s
check "quit while running: the sweep runs" 'point [0-9]+/8'
T send-keys -t dd q
check "quit while running: q asks first" 'q again stops it'
T send-keys -t dd q
check "quit while running: q again quits with status 0" 'drivedash exited 0'

# Every way out restores the terminal: SIGQUIT (Ctrl-\), SIGTERM and SIGHUP
# while a sweep runs on a scratch file.  Afterwards the pane is out of the
# alternate screen with the cursor shown and mouse reporting off (tmux's own
# view of the terminal state), the scratch file is gone and the exit status
# is 128 + the signal.
for sig in QUIT:131 TERM:143 HUP:129; do
	name=${sig%%:*}; code=${sig#*:}
	rm -f "$scratch"
	start 80 24 "" --target "$scratch" --size 64M --preset spot --runtime 5 --ramp 0 --rate-iops 2k
	check "SIG$name: Drives screen is up" 'DATABASE'
	T send-keys -t dd s s
	check "SIG$name: the sweep runs" 'point [0-9]+/8'
	is "SIG$name: before: alternate screen, cursor hidden, mouse on" "1 0 1" \
		"$(T display-message -p -t dd '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')"
	pid=$(pgrep -P "$(T display-message -p -t dd '#{pane_pid}')" | head -1)
	kill -"$name" "$pid"
	check "SIG$name: exits with $code" "drivedash exited $code"
	is "SIG$name: after: no alternate screen, cursor shown, mouse off" "0 1 0" \
		"$(T display-message -p -t dd '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')"
	is "SIG$name: the stored run is cancelled, stopped by SIG$name" "cancelled SIG$name" \
		"$(XDG_DATA_HOME="$tmp/data" "$dd" runs --json | python3 -c \
		'import json, sys; r = json.load(sys.stdin)[0]; print(r["state"], r["stopped_by"])')"
	tap_n=$((tap_n + 1))
	if [ -e "$scratch" ]; then
		echo "not ok $tap_n - SIG$name: the scratch file is removed"
		tap_fail=$((tap_fail + 1))
	else
		echo "ok $tap_n - SIG$name: the scratch file is removed"
	fi
done

# The Fleet screen (issue 13): two hosts on loopback that answer every
# point as an honest fio server would (tests/lib/fake-fio-server honest: a
# probe reply, then one point's figures; real fio servers, which load the
# machine, are tests/rigs/fleet.sh's), and a third host at a port nothing
# listens on.  s runs the spot preset on all three at once (fio's client
# talks to each); the refused host says so and the others finish; Enter
# opens a host's sweep, Esc comes back.  The 132x43 capture is
# tests/screens/tui-captures/fleet-132x43.txt.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
fake="${top_builddir:-.}/tests/lib/fake-fio-server"
if command -v fio >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 && [ -x "$fake" ]; then
	: >"$tmp/hosts.txt"
	for i in 1 2; do
		"$fake" honest --port-file "$tmp/fake-$i.port" >/dev/null 2>&1 </dev/null &
		fio_pids="$fio_pids $!"
		j=0
		while [ "$j" -lt 200 ] && [ ! -s "$tmp/fake-$i.port" ]; do
			sleep 0.05
			j=$((j + 1))
		done
		echo "127.0.0.1:$(cat "$tmp/fake-$i.port") /dev/nvme0n1 - - size=64m name=loop-$i" \
			>>"$tmp/hosts.txt"
	done
	echo "127.0.0.1:$(free_port) /dev/null - - name=nobody" >>"$tmp/hosts.txt"
	start 132 43 "" --hosts "$tmp/hosts.txt" --preset spot --runtime 0.2 --ramp 0 --no-save
	check "fleet: opens on the Fleet setup" 'Fleet setup . 3 hosts'
	check "fleet: the hosts wait" 'rack: 3 waiting'
	T send-keys -t dd s
	# A build whose fio backend is still the placeholder (src/io/fio-pending.c)
	# says so on the message line: nothing below can run then.
	wait_for 'nobody .* refused|not built yet' 300
	if printf '%s\n' "$screen" | grep -q 'not built yet'; then
		tap_n=$((tap_n + 1))
		echo "ok $tap_n - fleet: a run over fio servers # SKIP the fio backend is not built"
	else
		check "fleet: the host nobody listens for is refused" 'nobody .* refused' 10
		check "fleet: the others finish, the rack has a verdict" 'rack: .*2 done.* verdict ' 900
		mkdir -p "$caps"
		cap >"$caps/fleet-132x43.txt"
		check "fleet: the refused host's sentence is under its row" '127.0.0.1:[0-9]+.*(refused|listens)' 10
		T send-keys -t dd Enter
		check "fleet: Enter opens loop-1's sweep" 'Sweep loop-1'
		T send-keys -t dd Escape
		check "fleet: Esc comes back" 'drivedash . Fleet'
	fi
	T send-keys -t dd q q
	check "fleet: q quits with status 0" 'drivedash exited 0'
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - fleet: the Fleet screen over fio servers # SKIP fio, python3 or tests/lib/fake-fio-server is missing"
fi

done_testing
