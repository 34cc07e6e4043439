# tests/tap.sh: a few TAP helpers for the shell tests (sourced).
# Usage: . tap.sh; ok "name" cmd...; is "name" expected actual; done_testing
tap_n=0
tap_fail=0

# ok NAME CMD...: pass when CMD exits 0.
ok() {
	name=$1; shift
	tap_n=$((tap_n + 1))
	if "$@" >/dev/null 2>&1; then
		echo "ok $tap_n - $name"
	else
		echo "not ok $tap_n - $name"
		tap_fail=$((tap_fail + 1))
	fi
}

# is NAME EXPECTED ACTUAL: pass when the two strings are equal.
is() {
	tap_n=$((tap_n + 1))
	if [ "$2" = "$3" ]; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		echo "#   expected: '$2'"
		echo "#        got: '$3'"
		tap_fail=$((tap_fail + 1))
	fi
}

# like NAME PATTERN TEXT: pass when TEXT contains PATTERN (grep -E).
like() {
	tap_n=$((tap_n + 1))
	if printf '%s\n' "$3" | grep -Eq -- "$2"; then
		echo "ok $tap_n - $1"
	else
		echo "not ok $tap_n - $1"
		echo "#   no match for /$2/ in:"
		printf '%s\n' "$3" | head -5 | sed 's/^/#     /'
		tap_fail=$((tap_fail + 1))
	fi
}

# skip_all REASON: skip the whole file.
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# done_testing: print the plan.
done_testing() {
	echo "1..$tap_n"
	[ "$tap_fail" -eq 0 ]
}

# run CMD...: its stdout in $out, stderr in $err, exit status in $rc (the
# caller's $tmp holds the two files).  With RUN_TIMEOUT set, a command still
# running after that many seconds is killed (SIGKILL, $rc 137) instead of
# hanging the suite; CMD must then be a program, not a shell function.
run() {
	if [ -n "${RUN_TIMEOUT:-}" ]; then
		timeout -s KILL "$RUN_TIMEOUT" "$@" >"$tmp/out" 2>"$tmp/err"
	else
		"$@" >"$tmp/out" 2>"$tmp/err"
	fi
	rc=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

# jq_ FILE EXPR: a Python expression over the JSON in FILE as `j`.
jq_() {
	python3 -c "import json,sys; j=json.load(open('$1')); print($2)"
}

# loop_new FILE [losetup options]: attach FILE with direct I/O (plainly when
# its filesystem refuses that); the device in $dev, added to $loops for the
# caller's cleanup.
loop_new() {
	_f=$1; shift
	dev=$(losetup --find --show --direct-io=on "$@" "$_f" 2>/dev/null)
	if [ -z "$dev" ]; then
		# A half-made direct-I/O attachment must not leak.
		for _l in $(losetup -n -O NAME -j "$_f"); do losetup -d "$_l"; done
		dev=$(losetup --find --show "$@" "$_f" 2>/dev/null) || dev=""
	fi
	[ -n "$dev" ] || return 1
	loops="$dev $loops"
}
