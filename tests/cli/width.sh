#!/bin/sh
# tests/cli/width.sh: the command line fits the terminal it runs in (issue
# 26).  On a pseudo-terminal of 80 columns every --help text and the tables
# of list and runs have no line wider than 80 display columns, and a table
# that left columns out says which on one line ("N columns left out: ...;
# --wide shows all") naming headers the table no longer shows; at 132
# columns nothing is left out of them; --wide shows every column on a
# terminal; to a pipe a table is the whole one, the bytes --wide gives; the
# progress line of run is cut to the terminal, so every rewrite of it fits.
# The same for compare (a drive and a stored run, two drives: the "left
# out" line counts the columns the header lost), detect (a fake sysfs tree
# with a long model and backing path: the notes go under their row), check
# on a loop device (the reason under its row, the identity and VERDICT
# lines wrapped, never between a number and its unit) and check --host's
# rack summary; show's sheets and attribute tables (fitted at 80, nothing
# left out at 132, the --wide bytes to a pipe).  The runs come from one tiny
# spot run on a scratch file in this test's own store.
# Needs: python3 (the pseudo-terminal and the display widths); root and
# losetup for the check cases, fio for the rack case (each skips without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-width-XXXXXX)
RUN_TIMEOUT=120
loop=""
cleanup() {
	[ -n "$loop" ] && losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for the pseudo-terminal"

# Never the user's store or overlay.
export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg"
unset COLUMNS
store="$tmp/s.db"

# on_tty COLS CMD...: CMD's stdout and stderr as a terminal of COLS columns
# shows them, each "\r" a line break, the terminal's controls taken out.
pty_py="${top_srcdir:-.}/tests/lib/onpty.py"
on_tty() { cols=$1; shift; python3 "$pty_py" "$cols" "$@"; }

# widest FILE: the widest line of FILE in display columns.
widest() { python3 "$pty_py" --widest "$1"; }

# fits NAME COLS CMD...: no line of CMD on a COLS-column terminal is wider.
fits() {
	name=$1 cols=$2; shift 2
	on_tty "$cols" "$@" >"$tmp/tty.out" 2>&1
	got=$(widest "$tmp/tty.out")
	ok "$name: no line wider than $cols (widest $got)" test "$got" -le "$cols"
}

# left_out_named NAME: the "left out" line of $tmp/tty.out names columns
# the table's header line (its first) no longer has.
left_out_named() {
	line=$(grep 'columns\{0,1\} left out: ' "$tmp/tty.out")
	like "$1: says what it left out" '^[0-9]+ columns? left out: .+; --wide shows all$' "$line"
	names=$(printf '%s\n' "$line" | sed 's/^[^:]*: //; s/; --wide.*//' | tr ',' '\n' |
		sed 's/^ *//')
	head=$(sed -n 1p "$tmp/tty.out")
	shown=
	printf '%s\n' "$names" >"$tmp/names"
	while read -r n; do
		case "$head" in *" $n "* | "$n "* | *" $n") shown="$shown $n" ;; esac
	done <"$tmp/names"
	is "$1: what it names is not in the header" "" "$shown"
}

# --- --help of every command at 80 and off a terminal ----------------------
for c in "" list show run detect check runs export import compare report db ui; do
	# shellcheck disable=SC2086
	fits "drivedash $c --help" 80 "$dd" $c --help
	# shellcheck disable=SC2086
	"$dd" $c --help >"$tmp/help.out" 2>&1
	ok "drivedash $c --help to a pipe: within 80" test "$(widest "$tmp/help.out")" -le 80
done

# --- list ------------------------------------------------------------------
fits "list at 80" 80 "$dd" --db "$db" list
left_out_named "list at 80"
has_head() { case "$(sed -n 1p "$tmp/tty.out")" in *"$1"*) return 0 ;; esac; return 1; }
ok "list at 80: keeps VENDOR, FAMILY and the figures" \
	sh -c "sed -n 1p '$tmp/tty.out' | grep -q 'VENDOR.*FAMILY.*SEQ.*RND'"
on_tty 132 "$dd" --db "$db" list >"$tmp/tty.out" 2>&1
is "list at 132: nothing left out" "" "$(grep 'left out' "$tmp/tty.out")"
ok "list at 132: CAPACITIES shown" has_head CAPACITIES
on_tty 80 "$dd" --db "$db" --wide list >"$tmp/wide.out" 2>&1
"$dd" --db "$db" list >"$tmp/pipe.out" 2>&1
ok "list --wide on a terminal: every column (CAPACITIES)" \
	sh -c "sed -n 1p '$tmp/wide.out' | grep -q CAPACITIES"
ok "list to a pipe: the whole table, as --wide shows it" cmp -s "$tmp/pipe.out" "$tmp/wide.out"
ok "list to a pipe: wider than 80 (full width kept)" test "$(widest "$tmp/pipe.out")" -gt 80
LANG=C LC_ALL=C on_tty 80 "$dd" --db "$db" list >"$tmp/tty.out" 2>&1
ok "list at 80 under LANG=C: no line wider than 80" test "$(widest "$tmp/tty.out")" -le 80

# --- a stored run, runs, and the progress line ------------------------------
on_tty 80 "$dd" --db "$db" run --scratch "$tmp/a.dat" --size 16M --preset spot --runtime 0.02 \
	--ramp 0 --results "$store" >"$tmp/tty.out" 2>&1
ok "run at 80: stored a run" test -s "$store"
sed -n '/^\[[0-9]*\/[0-9]*\]/p' "$tmp/tty.out" >"$tmp/progress.out"
ok "run at 80: the progress line was drawn" test -s "$tmp/progress.out"
ok "run at 80: every progress line within 79 (never wraps)" \
	test "$(widest "$tmp/progress.out")" -le 79
ok "run at 80: all of its output within 80 (widest $(widest "$tmp/tty.out"))" \
	test "$(widest "$tmp/tty.out")" -le 80
like "run at 80: its point table says what it left out" \
	'^[0-9]+ columns? left out: .+; --wide shows all$' "$(grep 'left out' "$tmp/tty.out")"
# The stored run's other ways out to a terminal: export's text (to a pipe
# the bytes --wide gives), the report's txt, an import of its fio JSON.
fits "export --format text at 80" 80 "$dd" --db "$db" export last --results "$store" --format text
on_tty 80 "$dd" --db "$db" --wide export last --results "$store" --format text >"$tmp/wide.out" 2>&1
"$dd" --db "$db" export last --results "$store" --format text >"$tmp/pipe.out" 2>&1
ok "export --format text to a pipe: as --wide shows it" cmp -s "$tmp/pipe.out" "$tmp/wide.out"
fits "report --format txt at 80" 80 "$dd" --db "$db" report last --results "$store" --format txt
"$dd" export last --results "$store" --format fio-json >"$tmp/run.fio.json" 2>/dev/null
fits "import at 80" 80 "$dd" --db "$db" import --results "$tmp/imported.db" "$tmp/run.fio.json"
fits "runs at 80" 80 "$dd" runs --results "$store"
left_out_named "runs at 80"
on_tty 132 "$dd" runs --results "$store" >"$tmp/tty.out" 2>&1
is "runs at 132: nothing left out" "" "$(grep 'left out' "$tmp/tty.out")"
on_tty 80 "$dd" --wide runs --results "$store" >"$tmp/wide.out" 2>&1
"$dd" runs --results "$store" >"$tmp/pipe.out" 2>&1
# The table, up to the note after it (a note wraps on a terminal).
sed '/^$/,$d' "$tmp/pipe.out" >"$tmp/pipe.table"
sed '/^$/,$d' "$tmp/wide.out" >"$tmp/wide.table"
ok "runs to a pipe: the whole table, as --wide shows it" cmp -s "$tmp/pipe.table" "$tmp/wide.table"
ok "runs to a pipe: every header" \
	sh -c "sed -n 1p '$tmp/pipe.out' | grep -q 'ID.*DATE.*HOST.*DRIVE.*PRESET.*PTS.*STATE.*VERDICT'"

# skip N REASON: N skipped cases.
skip() {
	for _ in $(seq "$1"); do
		tap_n=$((tap_n + 1))
		echo "ok $tap_n # SKIP $2"
	done
}

# --- compare ---------------------------------------------------------------
# ncols FILE: the columns under the letters of FILE's compare header (the
# line starting "point"), "vs spec" one column.
cat >"$tmp/ncols.py" <<'PY'
import sys
for l in open(sys.argv[1], encoding="utf-8"):
    if l.startswith("point"):
        print(sum(len(g.replace("vs spec", "vs_spec").split()) for g in l.split(" | ")[1:]))
        break
else:
    print(-1)
PY
# compare_fits NAME OPERANDS...: at 80 within 80, the "left out" line names
# columns and its count is what the header lost; at 132 nothing left out;
# to a pipe the whole table, the bytes --wide gives on a terminal.
compare_fits() {
	name=$1; shift
	fits "$name" 80 "$dd" --db "$db" compare "$@" --results "$store"
	line=$(grep 'columns\{0,1\} left out: ' "$tmp/tty.out")
	like "$name at 80: says what it left out, by letter" \
		'^[0-9]+ columns? left out: [a-z% ]+ \([A-H](, [A-H])*\)(, [a-z% ]+ \([A-H](, [A-H])*\))*; --wide shows all$' "$line"
	"$dd" --db "$db" compare "$@" --results "$store" >"$tmp/pipe.out" 2>&1
	lost=$(($(python3 "$tmp/ncols.py" "$tmp/pipe.out") - $(python3 "$tmp/ncols.py" "$tmp/tty.out")))
	is "$name at 80: the count left out is what the header lost" "${line%% *}" "$lost"
	on_tty 132 "$dd" --db "$db" compare "$@" --results "$store" >"$tmp/tty.out" 2>&1
	is "$name at 132: nothing left out" "" "$(grep 'left out' "$tmp/tty.out")"
	is "$name at 132: every column" "$(python3 "$tmp/ncols.py" "$tmp/pipe.out")" \
		"$(python3 "$tmp/ncols.py" "$tmp/tty.out")"
	on_tty 80 "$dd" --db "$db" --wide compare "$@" --results "$store" >"$tmp/wide.out" 2>&1
	ok "$name to a pipe: the whole table, as --wide shows it" cmp -s "$tmp/pipe.out" "$tmp/wide.out"
	ok "$name to a pipe: wider than 80 (full width kept)" test "$(widest "$tmp/pipe.out")" -gt 80
}
compare_fits "compare a run and a drive" last PM1743
compare_fits "compare two drives" KCD9XPJE7T68 'drive:9550 max'

# unit_split FILE: lines of FILE where a number ends a line and its unit
# starts the next (a wrap that broke "1,276.2 MB/s").
unit_split() {
	awk 'p ~ /[0-9]$/ && $0 ~ /^ *(MB\/s|GB\/s|IOPS|us|µs|ms|B|KB|MB|GB|TB)([ ,;:.)]|$)/ { print }
	     { p = $0 }' "$1"
}

# --- detect on a fake tree: a long model, a long backing path -------------
fs="$tmp/sys"
put() { mkdir -p "$(dirname "$1")" && printf '%s\n' "$2" >"$1"; }
mkdir -p "$fs/class/nvme/nvme0"
put "$fs/class/nvme/nvme0/model" "KIOXIA KCD9XPJE7T68"
put "$fs/class/nvme/nvme0/serial" "FAKE0001"
put "$fs/class/nvme/nvme0/firmware_rev" "1TCRS104"
put "$fs/class/nvme/nvme0/address" "0000:01:00.0"
put "$fs/class/nvme/nvme0/device/current_link_speed" "16.0 GT/s PCIe"
put "$fs/class/nvme/nvme0/device/max_link_speed" "32.0 GT/s PCIe"
put "$fs/class/nvme/nvme0/device/current_link_width" "4"
put "$fs/class/nvme/nvme0/device/max_link_width" "4"
put "$fs/block/vdb/size" "2048"
put "$fs/block/vdb/queue/logical_block_size" "512"
put "$fs/block/vdb/queue/physical_block_size" "512"
put "$fs/block/vdb/queue/rotational" "1"
put "$fs/block/vdb/device/model" "A VERY LONG VIRTUAL DISK MODEL NAME FOR THE WIDTH TEST 0123456789"
put "$fs/block/loop250/size" "65536"
put "$fs/block/loop250/queue/logical_block_size" "512"
put "$fs/block/loop250/queue/physical_block_size" "512"
put "$fs/block/loop250/loop/backing_file" "/dev/shm/a-long-directory-name-for-width/loop.img"
fits "detect at 80" 80 "$dd" --db "$db" detect --sysfs "$fs"
is "detect at 80: nothing left out (the notes go under their row)" "" \
	"$(grep 'left out' "$tmp/tty.out")"
ok "detect at 80: the backing path on its own line under loop250" \
	sh -c "grep -A1 '^  loop250 ' '$tmp/tty.out' | grep -q '^      not NVMe  (backing /dev/shm/a-long-dir'"
is "detect at 80: no number parted from its unit" "" "$(unit_split "$tmp/tty.out")"
on_tty 132 "$dd" --db "$db" detect --sysfs "$fs" >"$tmp/tty.out" 2>&1
ok "detect at 132: vdb's row whole on one line" \
	sh -c "grep -q '^  vdb  *virtio .*rotational  not NVMe  A VERY LONG' '$tmp/tty.out'"
on_tty 80 "$dd" --db "$db" --wide detect --sysfs "$fs" >"$tmp/wide.out" 2>&1
"$dd" --db "$db" detect --sysfs "$fs" >"$tmp/pipe.out" 2>&1
ok "detect to a pipe: as --wide shows it" cmp -s "$tmp/pipe.out" "$tmp/wide.out"
ok "detect to a pipe: the loop250 row whole" \
	sh -c "grep -q '^  loop250  loop .*not NVMe  (backing /dev/shm/a-long-directory-name-for-width/loop.img)\$' '$tmp/pipe.out'"

# --- show: sheets and attribute tables ------------------------------------
# Every line within 80 (tables fitted, text wrapped, a long URL broken at a
# '/'); the attribute table keeps vendor, family, capacity and the figures,
# its "figures from" under the row, the (F) mark in the cell; at 132 no
# column left out; to a pipe the bytes --wide gives on a terminal.  One
# python process runs them all (its start-up is most of their CPU): each
# line "COLS NAME ARG..." (tab-separated, COLS 0: a pipe) writes
# $tmp/show/NAME and $tmp/show/NAME.w, its widest line.
mkdir -p "$tmp/show"
T=$(printf '\t')
{
	for q in cd9p-r 'cd9p-r 7.68' 7.68 cm9-r '3 dwpd' U.2 sn861; do
		echo "80${T}80-$(echo "$q" | tr ' ' _)${T}$dd${T}--db${T}$db${T}show${T}$q"
	done
	for q in cd9p-r 7.68; do
		echo "132${T}132-$q${T}$dd${T}--db${T}$db${T}show${T}$q"
		echo "80${T}wide-$q${T}$dd${T}--db${T}$db${T}--wide${T}show${T}$q"
		echo "0${T}pipe-$q${T}$dd${T}--db${T}$db${T}show${T}$q"
	done
} | python3 "$pty_py" --batch "$tmp/show"
for q in cd9p-r 'cd9p-r 7.68' 7.68 cm9-r '3 dwpd' U.2 sn861; do
	got=$(cat "$tmp/show/80-$(echo "$q" | tr ' ' _).w")
	ok "show $q at 80: no line wider than 80 (widest $got)" test "$got" -le 80
done
like "show 7.68 at 80: says what it left out" '^[0-9]+ columns? left out: .+; --wide shows all$' \
	"$(grep 'left out' "$tmp/show/80-7.68")"
ok "show 7.68 at 80: vendor, family, capacity and both figures in the header" \
	sh -c "sed -n 2p '$tmp/show/80-7.68' | grep -q '^  vendor .*family .*capacity .*seq.*rand'"
ok "show 7.68 at 80: a family-wide figure keeps its (F) in the cell" \
	grep -q '^  Micron .*7400 PRO .* 6,600 (F) .*1,000,000 (F)$' "$tmp/show/80-7.68"
ok "show 7.68 at 80: 'figures from' under its row" \
	sh -c "grep -A1 '^  Micron .*7400 PRO' '$tmp/show/80-7.68' | grep -q '^      family-wide\$'"
is "show cd9p-r at 80: no number parted from its unit" "" "$(unit_split "$tmp/show/80-cd9p-r")"
like "show cd9p-r at 80: the matrix says which capacity it left out" \
	'^1 column left out: 61.44 TB; --wide shows all$' "$(grep 'left out' "$tmp/show/80-cd9p-r")"
for q in cd9p-r 7.68; do
	got=$(cat "$tmp/show/132-$q.w")
	ok "show $q at 132: no line wider than 132 (widest $got)" test "$got" -le 132
	is "show $q at 132: nothing left out" "" "$(grep 'left out' "$tmp/show/132-$q")"
	ok "show $q to a pipe: as --wide shows it" cmp -s "$tmp/show/pipe-$q" "$tmp/show/wide-$q"
	ok "show $q to a pipe: wider than 80 (full width kept)" \
		test "$(cat "$tmp/show/pipe-$q.w")" -gt 80
done
ok "show 7.68 at 132: every column, 'figures from' in the row" \
	sh -c "sed -n 2p '$tmp/show/132-7.68' | grep -q 'form factor .*gen .*DWPD .*figures from\$' &&
	       grep -q '^  Micron .*7400 PRO .*(F)  family-wide\$' '$tmp/show/132-7.68'"

# --- check on a loop device --------------------------------------------------
qdb="${top_builddir:-.}/tests/qemu-test.db"
if [ "$(id -u)" -eq 0 ] && command -v losetup >/dev/null 2>&1; then
	# Written, not sparse: reads of never-written space are not judged.
	head -c 32M /dev/urandom >"$tmp/loop.img"
	loop=$(losetup --find --show --direct-io=on "$tmp/loop.img" 2>/dev/null)
fi
if [ -n "$loop" ]; then
	set -- --db "$qdb" check "$loop" --model "QEMU NVMe Ctrl" --time-scale 0.005 --no-save -q
	on_tty 80 "$dd" "$@" >"$tmp/tty.out" 2>&1
	got=$(widest "$tmp/tty.out")
	ok "check at 80: no line wider than 80 (widest $got)" test "$got" -le 80
	is "check at 80: nothing left out" "" "$(grep 'left out' "$tmp/tty.out")"
	ok "check at 80: the header keeps ratio, the reason goes under its row" \
		sh -c "grep -q '^  metric .*ratio  verdict\$' '$tmp/tty.out' &&
		       grep -A1 '^  seq_read ' '$tmp/tty.out' | grep -q '^      best point '"
	ok "check at 80: the VERDICT sentence is there" grep -q '^VERDICT ' "$tmp/tty.out"
	is "check at 80: no number parted from its unit" "" "$(unit_split "$tmp/tty.out")"
	on_tty 132 "$dd" "$@" >"$tmp/tty.out" 2>&1
	got=$(widest "$tmp/tty.out")
	ok "check at 132: no line wider than 132 (widest $got)" test "$got" -le 132
	ok "check at 132: every column, the reason in its row" \
		sh -c "grep -q '^  metric .*ratio  verdict .*reason' '$tmp/tty.out' &&
		       grep -Eq '^  seq_read .*(PASS|WARN|FAIL) +best point ' '$tmp/tty.out'"
	"$dd" "$@" >"$tmp/pipe.out" 2>&1
	ok "check to a pipe: each row whole on its line (full width)" \
		sh -c "grep -Eq '^  seq_read .*(PASS|WARN|FAIL) +best point .*, (meets|misses) its spec: .*\\(rated max, depth not stated\\)(, [a-z]+ by [0-9]+% \\(tolerance 10%\\))?\$' '$tmp/pipe.out'"
	ok "check to a pipe: the device line whole" \
		sh -c "grep -q '^  device      $loop (.*), .* B sectors, not NVMe: no identity, no SMART\$' '$tmp/pipe.out'"
else
	skip 8 "check at 80 and 132 needs a loop device (root and losetup)"
fi

# --- check --host: the rack summary ----------------------------------------
if command -v fio >/dev/null 2>&1; then
	# Port 9 (discard) on loopback: nothing listens there, refused at once.
	on_tty 80 "$dd" check --host '127.0.0.1:9 /dev/nvme0n1 KCD9XPJE7T68 - name=r1-with-a-long-host-label' \
		--connect-timeout 5 --time-scale 0.01 --no-save >"$tmp/tty.out" 2>&1
	sed -n '/^rack:$/,$p' "$tmp/tty.out" >"$tmp/rack.out"
	got=$(widest "$tmp/rack.out")
	ok "rack at 80: no line wider than 80 (widest $got)" test "$got" -le 80
	ok "rack at 80: the host's reason under its row" \
		sh -c "grep -A1 '^  r1-with-a-long-host-label .*ERROR' '$tmp/rack.out' | grep -q '^      refused: '"
	is "rack at 80: no number parted from its unit" "" "$(unit_split "$tmp/tty.out")"
else
	skip 3 "the rack summary needs fio"
fi

done_testing
