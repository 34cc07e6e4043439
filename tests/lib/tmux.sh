# The dashboard in a detached tmux, for the screen tests (tests/screens/):
# a private server (socket $sock) with a 256-colour terminal and no status
# line, keys in with send-keys, the pane back with capture-pane.  Every wait
# polls the pane with a bounded loop: no fixed sleep synchronises.
# Source it after tests/lib/tap.sh with $tmp (the test's directory) and
# $sock (a socket name) set; call tmux_setup once.

# tmux_setup: the configuration file in $tmp.
tmux_setup() {
	term=tmux-256color
	infocmp "$term" >/dev/null 2>&1 || term=screen-256color
	cat >"$tmp/tmux.conf" <<EOF
set -g default-terminal "$term"
set -g status off
set -g escape-time 0
set -g exit-empty off
EOF
}

# T ARGS: tmux on the test's own server.
T() {
	tmux -u -L "$sock" -f "$tmp/tmux.conf" "$@"
}

cap() {
	T capture-pane -p -t dd
}

# wait_for PATTERN [TENTHS]: poll the pane until it matches (grep -E), at
# most TENTHS tenths of a second (default 150); the last capture is in $screen.
wait_for() {
	i=0
	while [ "$i" -lt "${2:-150}" ]; do
		screen=$(cap)
		if printf '%s\n' "$screen" | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_gone PATTERN [TENTHS]: poll until the pane no longer matches.
wait_gone() {
	i=0
	while [ "$i" -lt "${2:-150}" ]; do
		screen=$(cap)
		if ! printf '%s\n' "$screen" | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# check NAME PATTERN [TENTHS]: a TAP line for wait_for, with the screen on failure.
check() {
	tap_n=$((tap_n + 1))
	if wait_for "$2" "${3:-150}"; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		echo "#   never saw /$2/ on:"
		printf '%s\n' "$screen" | sed 's/^/#     /'
		tap_fail=$((tap_fail + 1))
	fi
}

# check_gone NAME PATTERN [TENTHS]: a TAP line for wait_gone.
check_gone() {
	tap_n=$((tap_n + 1))
	if wait_gone "$2" "${3:-150}"; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		printf '%s\n' "$screen" | sed 's/^/#     /'
		tap_fail=$((tap_fail + 1))
	fi
}
