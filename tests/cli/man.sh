#!/bin/sh
# tests/cli/man.sh: the man pages, drivedash(1) and the file formats of
# section 5 (drivedash-plan, drivedash-hosts, drivedash-overlay,
# drivedash-theme), hold nothing a formatter would print as garbage (control
# characters, such as a form feed written where "\f" was meant) and nothing
# groff warns about; each section-5 page has a NAME and a SEE ALSO naming
# drivedash(1) and its siblings, and drivedash(1) names every one of them in
# its text and its SEE ALSO; drivedash(1) documents every option the
# program's --help screens list.
# Needs: nothing (groff checks skip without groff).
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
mandir="${top_srcdir:-.}/man"
man="$mandir/drivedash.1"
formats="drivedash-plan drivedash-hosts drivedash-overlay drivedash-theme drivedash-config"

# esc NAME: NAME as the pages write it, every - as \-, as a grep pattern.
esc() {
	printf '%s' "$1" | sed 's/-/\\\\-/g'
}

# see_also FILE: the page's SEE ALSO section.
see_also() {
	sed -n '/^\.SH SEE ALSO/,/^\.SH /p' "$1"
}

for page in drivedash.1 $(for f in $formats; do printf '%s.5 ' "$f"; done); do
	file="$mandir/$page"
	ok "$page is there" test -r "$file"
	# A tab is a control character too; count lines with any other.
	bad=$(LC_ALL=C tr -d '\t' <"$file" | LC_ALL=C grep -c '[[:cntrl:]]')
	is "$page: no control characters but tabs and newlines" 0 "$bad"
	[ "$bad" = 0 ] || LC_ALL=C tr -d '\t' <"$file" | LC_ALL=C grep -n '[[:cntrl:]]' |
		cat -A | head -3 | sed 's/^/#   /'
	if command -v groff >/dev/null 2>&1; then
		warn=$(groff -man -ww -z "$file" 2>&1 | grep -v "special character" | head -5)
		is "$page: groff -ww: no warnings (bar glyphs the null device lacks)" "" "$warn"
	else
		tap_n=$((tap_n + 1))
		echo "ok $tap_n - $page: groff -ww: no warnings # SKIP groff is not installed"
	fi
done

# The section-5 pages: a title in section 5, a NAME line naming the page,
# a SEE ALSO with drivedash(1) and the other three.
for f in $formats; do
	file="$mandir/$f.5"
	title=$(printf '%s' "$f" | tr '[:lower:]' '[:upper:]')
	like "$f.5: .TH $title 5" "^\.TH $(esc "$title") 5 " "$(sed -n 1p "$file")"
	like "$f.5: NAME says what $f is" "^$(esc "$f") \\\\- ." \
		"$(sed -n '/^\.SH NAME$/{n;p;q;}' "$file")"
	like "$f.5: SEE ALSO names drivedash(1)" '^\.BR drivedash \(1\)' "$(see_also "$file")"
	missing=
	for g in $formats; do
		[ "$g" = "$f" ] && continue
		see_also "$file" | grep -q "^\.BR $(esc "$g") (5)" || missing="$missing $g"
	done
	is "$f.5: SEE ALSO names the other section-5 pages" "" "$missing"
done

# drivedash(1) sends readers to each: in SEE ALSO, and where the text
# speaks of the file (outside SEE ALSO).
text=$(sed '/^\.SH SEE ALSO/,$d' "$man")
for f in $formats; do
	like "drivedash.1: SEE ALSO names $f(5)" "^\.BR $(esc "$f") \(5\)" "$(see_also "$man")"
	like "drivedash.1: the text refers to $f(5)" "$(esc "$f") ?\(5\)" "$text"
done

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
is "every option of the --help screens is in drivedash.1" "" "$missing"

# Every page in man/ is installed (dist_man_MANS), so `man drivedash-plan`
# works after make install.
uninstalled=
for p in "${top_srcdir:-.}"/man/*.[1-8]; do
	grep -q "man/$(basename "$p")" "${top_srcdir:-.}/Makefile.am" ||
		uninstalled="$uninstalled $(basename "$p")"
done
is "every page in man/ is in dist_man_MANS" "" "$uninstalled"
done_testing
