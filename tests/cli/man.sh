#!/bin/sh
# tests/cli/man.sh: the man page documents every option the program's --help
# screens list, and holds nothing a formatter would print as garbage
# (control characters, such as a form feed written where "\f" was meant).
# Needs: nothing; groff for the formatter checks (they skip without).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
man="${top_srcdir:-.}/man/drivedash.1"

ok "the man page is there" test -r "$man"
# A tab is a control character too; count lines with any other.
bad=$(LC_ALL=C tr -d '\t' <"$man" | LC_ALL=C grep -c '[[:cntrl:]]')
is "no control characters but tabs and newlines" 0 "$bad"
[ "$bad" = 0 ] || LC_ALL=C tr -d '\t' <"$man" | LC_ALL=C grep -n '[[:cntrl:]]' | cat -A |
	head -3 | sed 's/^/#   /'

# Every --option of the top-level and every command's --help.
opts=$(
	{
		"$dd" --help
		for c in list show run detect check runs export import compare ui; do
			"$dd" "$c" --help
		done
	} 2>&1 | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u
)
n=0
missing=
for o in $opts; do
	n=$((n + 1))
	pat=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	grep -q -- "$pat" "$man" || missing="$missing $o"
done
ok "the --help screens list options ($n)" test "$n" -gt 30
is "every option of the --help screens is in the man page" "" "$missing"

if command -v groff >/dev/null 2>&1; then
	warn=$(groff -man -ww -z "$man" 2>&1 | grep -v "special character" | head -5)
	is "groff -ww: no warnings (bar glyphs the null device lacks)" "" "$warn"
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - groff -ww: no warnings # SKIP groff is not installed"
fi
done_testing
