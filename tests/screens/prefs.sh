#!/bin/sh
# The preferences file ($XDG_CONFIG_HOME/drivedash/config, core/prefs.h):
# the theme chosen in the dashboard is saved and back after a restart, the
# user's other lines kept; a bad line is one notice naming the file and the
# line, and the dashboard still starts; the dashboard's options work without
# the `ui` word; the command line overrides the file (run --print-fio, no
# I/O).  The dashboard runs in a detached tmux at 80x24 (tests/lib/tmux.sh).
# Needs: tmux for the dashboard cases (skips whole without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

builddir=$(cd "${top_builddir:-.}" && pwd)
dd="$builddir/drivedash"
db=${DRIVEDASH_DB:-$builddir/data/drivedash.db}
tmp=$(mktemp -d /tmp/dd-pf-XXXXXX)
sock="dd-prefs-$$"
cfg="$tmp/c/drivedash/config"

command -v tmux >/dev/null 2>&1 || skip_all "tmux is not installed"
[ -x "$dd" ] || skip_all "drivedash is not built"

. "${top_srcdir:-.}/tests/lib/tmux.sh"
tmux_setup
cleanup() {
	T kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
T new-session -d -s keep "exec sleep 3600" || skip_all "tmux cannot start a server"

# start ARGS: a fresh session "dd" at 80x24 running drivedash ARGS with the
# test's preferences ($tmp/c); the pane says "drivedash exited N" at the end.
start() {
	T kill-session -t dd >/dev/null 2>&1
	T new-session -d -s dd -x 80 -y 24 \
		"env -u COLORTERM LANG=C.UTF-8 DRIVEDASH_DB='$db' XDG_STATE_HOME='$tmp/state' \
		XDG_DATA_HOME='$tmp/data' XDG_CONFIG_HOME='$tmp/c' TMPDIR='$tmp' \
		'$dd' $*; echo \"drivedash exited \$?\"; exec sleep 600"
}

# The light theme's background (#FAFAFA) as a 256-colour SGR.
light_bg='48;5;231m'

# 1. The theme set with t is saved; the file's other lines stay as written.
mkdir -p "$tmp/c/drivedash"
printf '# lab defaults\npreset = spot\n\n' >"$cfg"
start ui
check "t: Drives screen is up" 'DATABASE'
T send-keys -t dd t
check "t: the theme is light and saved" 'theme light \(saved\)'
T send-keys -t dd q
check "t: q quits" 'drivedash exited 0'
is "the file holds the theme, the user's lines kept" \
	"$(printf '# lab defaults\npreset = spot\n\ntheme = light')" "$(cat "$cfg")"

# 2. Restarted: the saved theme is back (its background painted), and t
# goes on from it; the theme line is replaced, not added.
start ui
check "restart: Drives screen is up" 'DATABASE'
like "restart: the light theme paints its background" "$light_bg" \
	"$(T capture-pane -e -p -t dd)"
T send-keys -t dd t
check "restart: t goes on from light to high-contrast" 'theme high-contrast \(saved\)'
T send-keys -t dd q
check "restart: q quits" 'drivedash exited 0'
is "the theme line replaced in place" \
	"$(printf '# lab defaults\npreset = spot\n\ntheme = high-contrast')" "$(cat "$cfg")"

# 3. A new file: its directory is made 0700.
rm -rf "$tmp/c"
start ui
check "new file: Drives screen is up" 'DATABASE'
T send-keys -t dd t
check "new file: saved" 'theme light \(saved\)'
T send-keys -t dd q
check "new file: q quits" 'drivedash exited 0'
is "new file: the directory is 0700" "700" "$(stat -c %a "$tmp/c/drivedash")"
like "new file: theme = light" '^theme = light$' "$(cat "$cfg")"

# 3b. A symbolic link is not written through: the message says so, the
# file it points to is unchanged, the theme changes all the same.
printf 'theme = mono\n' >"$tmp/real"
rm -f "$cfg"
ln -s "$tmp/real" "$cfg"
start ui
check "symlink: Drives screen is up" 'DATABASE'
T send-keys -t dd t
check "symlink: t says the theme was not saved" 'theme default, not saved'
T send-keys -t dd q
check "symlink: q quits" 'drivedash exited 0'
is "symlink: the file it points to is unchanged" "theme = mono" "$(cat "$tmp/real")"
rm -f "$cfg"

# 4. A bad line: one notice naming the file and the line; the dashboard
# starts, and the good lines apply (the light theme).
mkdir -p "$tmp/c/drivedash"
printf 'theme = light\ncolour = red\n' >"$cfg"
start ui
check "bad line: the dashboard starts" 'DATABASE'
check "bad line: the notice names the file and the line" \
	'drivedash/config:2: unknown key .colour.'
like "bad line: the other lines apply" "$light_bg" "$(T capture-pane -e -p -t dd)"
T send-keys -t dd q
check "bad line: q quits" 'drivedash exited 0'

# 5. A dashboard option without `ui` starts the dashboard.
rm -f "$cfg"
start --time-scale 0.1
check "--time-scale 0.1 without ui: the dashboard starts" 'DATABASE'
T send-keys -t dd q
check "--time-scale 0.1 without ui: q quits" 'drivedash exited 0'

# 6. The command line over the file (run plans without I/O: --print-fio).
mkdir -p "$tmp/c/drivedash"
printf 'preset = cdm\ntime-scale = 0.5\n' >"$cfg"
export XDG_CONFIG_HOME="$tmp/c"
run "$dd" run --print-fio
like "run: the file's preset" "plan 'cdm" "$out"
run "$dd" run --print-fio --preset spot
like "run: --preset over the file's" "plan 'spot" "$out"
printf 'preset = cdm\ncolour = red\n' >"$cfg"
run "$dd" run --print-fio
is "run: a bad line is a warning, not a failure" 0 "$rc"
is "run: the warning is one line naming the file and the line" \
	"drivedash: warning: $cfg:2: unknown key 'colour' (theme, preset, time-scale, size, scratch); that line is ignored" \
	"$err"
like "run: the good lines still apply" "plan 'cdm" "$out"

done_testing
