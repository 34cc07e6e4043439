#!/bin/sh
# The layers, enforced.  drivedash is built as one convenience library per
# layer (src/cli -> src/ui -> src/core -> src/io -> src/lib) and dependencies
# point down only.  Linking the archives in order does not catch an upward
# call on its own: if the callee's object was already pulled in for another
# reason the link succeeds.  So this test links each layer's archive *whole*
# (every object, --whole-archive) into a tiny main against only the layers
# below it and only the external libraries those layers may use: any
# undefined symbol is an upward (or sideways) reference and fails the link.
# It also checks the #include lines: a layer includes nothing from the layers
# above it, and each external library is included only by the file that owns
# it (curses by the UI, libxml2 by ui/svg.c and ui/report*.c, liburing by io/engine.c and its private header, libnvme by io/nvme.c, blkid
# by io/safety.c, sqlite by the database code, jansson by the CLI).
# The build passes the compiler and each layer's external libraries in
# DD_CC, DD_LDFLAGS and DD_LIBS_<LAYER> (Makefile.am's AM_TESTS_ENVIRONMENT).
# Needs: the build tree (the compiler and flags make check passes in DD_CC and
# DD_LIBS_*, the layer archives); skips when run outside make check.
. "${top_srcdir:-.}/tests/lib/tap.sh"

src="${top_srcdir:-.}/src"
build="${top_builddir:-.}"
[ -n "$DD_CC" ] || skip_all "run through make check (DD_CC is not set)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dd-layers-XXXXXX") || skip_all "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM

# includes_of DIR PATTERN: the #include lines under DIR matching PATTERN (grep -E).
includes_of() {
	grep -EHn "^[[:space:]]*#[[:space:]]*include[[:space:]]*$2" "$1"/*.c "$1"/*.h 2>/dev/null
}

# files_including PATTERN: the files under src/ whose #include lines match PATTERN.
files_including() {
	grep -ElR "^[[:space:]]*#[[:space:]]*include[[:space:]]*$1" "$src" \
		--include='*.c' --include='*.h' | sed "s|^$src/||" | sort | tr '\n' ' '
}

# only_in NAME PATTERN ALLOWED-REGEX: every file including PATTERN matches ALLOWED.
only_in() {
	found=$(files_including "$2")
	bad=$(printf '%s\n' $found | grep -Ev "^($3)\$")
	is "$1 (found in: ${found:-none})" "" "$bad"
}

# ---- #include rules ----
is "src/lib includes nothing from io, core, ui or cli" "" \
	"$(includes_of "$src/lib" '"(\.\./)?(io|core|ui|cli)/')"
is "src/io includes nothing from core, ui or cli" "" \
	"$(includes_of "$src/io" '"(\.\./)?(core|ui|cli)/')"
is "src/core includes nothing from ui or cli" "" \
	"$(includes_of "$src/core" '"(\.\./)?(ui|cli)/')"
is "src/ui includes nothing from cli" "" \
	"$(includes_of "$src/ui" '"(\.\./)?cli/')"
only_in "curses only in the UI" '<(n?curses(w)?/)?n?curses\.h>' 'ui/[^/]*'
only_in "liburing only in the engine (io/engine.c, its private engine-int.h)" '<liburing' 'io/engine\.c|io/engine-int\.h'
only_in "libnvme only in io/nvme.c" '<(libnvme\.h|nvme/)' 'io/nvme\.c'
only_in "blkid only in io/safety.c" '<(blkid/)?blkid\.h>' 'io/safety\.c'
only_in "sqlite only in the database code" '<sqlite3\.h>' 'core/specdb(-[a-z]+)?\.[ch]|core/results(-[a-z]+)?\.[ch]|tools/mkdb\.c'
only_in "jansson only in the CLI" '<jansson\.h>' 'cli/[^/]*|main\.c'
only_in "libxml2 only in the SVG and report writers" '<libxml/' 'ui/svg\.c|ui/report[^/]*\.c'

# ---- link rules ----
printf 'int main(void) { return 0; }\n' >"$tmp/main.c"
# shellcheck disable=SC2086
$DD_CC -c -o "$tmp/main.o" "$tmp/main.c" || skip_all "cannot compile a main"

# layer_links NAME LAYER BELOW-ARCHIVES EXTERNAL-LIBS: link LAYER's archive
# whole; on failure show the first undefined references.
layer_links() {
	# shellcheck disable=SC2086
	if $DD_CC $DD_LDFLAGS -o "$tmp/link-$2" "$tmp/main.o" \
		-Wl,--whole-archive "$build/libdd$2.a" -Wl,--no-whole-archive \
		$3 $4 >"$tmp/link-$2.log" 2>&1; then
		is "$1" "" ""
	else
		is "$1" "links" "$(grep -E 'undefined reference|error' "$tmp/link-$2.log" | head -5)"
	fi
}

l_lib="$DD_LIBS_LIB"
l_io="$DD_LIBS_IO $l_lib"
l_core="$DD_LIBS_CORE $l_io"
l_ui="$DD_LIBS_UI $l_core"
b_io="$build/libddlib.a"
b_core="$build/libddio.a $b_io"
b_ui="$build/libddcore.a $b_core"
b_cli="$build/libddui.a $b_ui"

for l in lib io core ui cli; do
	[ -f "$build/libdd$l.a" ] || skip_all "libdd$l.a is not built"
done
layer_links "lib links whole with libc, libm and pthreads only" lib "" "$l_lib"
layer_links "io links whole against lib (+ liburing, libnvme, blkid)" io "$b_io" "$l_io"
layer_links "core links whole against io and lib (+ sqlite)" core "$b_core" "$l_core"
layer_links "ui links whole against core, io and lib (+ curses)" ui "$b_ui" "$l_ui"
layer_links "cli links whole against ui, core, io and lib (+ jansson)" cli "$b_cli" "$DD_LIBS_CLI $l_ui"

# ---- no circle inside a layer ----
# file_edges LAYER: "caller callee" lines, one per pair of the layer's
# objects where the first calls (or reads) a name the second defines.
file_edges() {
	nm -A "$build/libdd$1.a" 2>/dev/null | awk '
		{ split($1, a, ":"); o = a[2]; sub(/^libdd[a-z]+_a-/, "", o) }
		NF == 3 && $2 ~ /^[TDBRVW]$/ { def[$3] = o }
		NF == 3 && $2 == "U" { n++; uo[n] = o; us[n] = $3 }
		END { for (i = 1; i <= n; i++) if ((us[i] in def) && def[us[i]] != uo[i])
			print uo[i], def[us[i]] }' | sort -u
}

# no_circle LAYER: tsort finds no loop in the layer's call graph between
# files; on a loop, the files in it (and what the first calls of the next).
no_circle() {
	file_edges "$1" >"$tmp/edges-$1"
	loop=$(tsort "$tmp/edges-$1" 2>&1 >/dev/null | grep -v 'input contains a loop' |
		sed 's/^tsort: //' | tr '\n' ' ')
	is "no circle of calls between the files of src/$1${loop:+ (loop: $loop)}" "" "$loop"
}

for l in lib io core ui cli; do
	no_circle "$l"
done

done_testing
