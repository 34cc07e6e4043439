#!/bin/sh
# tests/cli/width.sh: the command line fits the terminal it runs in (issue
# 26).  On a pseudo-terminal of 80 columns every --help text and the tables
# of list and runs have no line wider than 80 display columns, and a table
# that left columns out says which on one line ("N columns left out: ...;
# --wide shows all") naming headers the table no longer shows; at 132
# columns nothing is left out of them; --wide shows every column on a
# terminal; to a pipe a table is the whole one, the bytes --wide gives; the
# progress line of run is cut to the terminal, so every rewrite of it fits.
# The runs come from one tiny spot run on a scratch file in this test's
# own store.
# Needs: python3 (the pseudo-terminal and the display widths).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-width-XXXXXX)
RUN_TIMEOUT=120
trap 'rm -rf "$tmp"' EXIT INT TERM

command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed for the pseudo-terminal"

# Never the user's store or overlay.
export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg"
unset COLUMNS
store="$tmp/s.db"

# on_tty COLS CMD...: CMD's stdout and stderr as a terminal of COLS columns
# shows them, each "\r" a line break, the terminal's controls taken out.
cat >"$tmp/onpty.py" <<'PY'
import fcntl, os, pty, re, struct, sys, termios
cols, argv = int(sys.argv[1]), sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, cols, 0, 0))
    os.execvp(argv[0], argv)
out = b""
while True:
    try:
        d = os.read(fd, 65536)
    except OSError:
        break
    if not d:
        break
    out += d
os.waitpid(pid, 0)
text = out.decode("utf-8", "replace").replace("\r\n", "\n")
text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text).replace("\r", "\n")
sys.stdout.write(text)
PY
on_tty() { cols=$1; shift; python3 "$tmp/onpty.py" "$cols" "$@"; }

# widest FILE: the widest line of FILE in display columns.
cat >"$tmp/widest.py" <<'PY'
import sys, unicodedata
def w(s):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
print(max([w(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")] or [0]))
PY
widest() { python3 "$tmp/widest.py" "$1"; }

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

done_testing
