#!/bin/sh
# The report in a real browser (issue 25): a spot run's report and a two-run
# comparison, rendered by headless Chromium to PNG.  Each PNG must not be
# blank (many distinct colours and a good share of non-background pixels)
# and each page must have the charts expected of it: per point its interval
# graphs and latency histogram, per run its bars; the two-run page the
# charts of both.  The PNGs and a line describing each are kept in
# $REPORT_PNG_DIR when it is set (the closing note's pictures).
# Needs: chromium (Debian's; .ci/run installs it for this tier; this test
# installs nothing and skips without it), python3.
. "${top_srcdir:-.}/tests/lib/tap.sh"

dd="${top_builddir:-.}/drivedash"
db="${top_builddir:-.}/data/drivedash.db"
tmp=$(mktemp -d /dev/shm/dd-browser-XXXXXX)
trap 'rm -rf "$tmp"' EXIT INT TERM
RUN_TIMEOUT=180

browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || skip_all "chromium is not installed (.ci/run installs it for this tier: apt-get install chromium)"
command -v python3 >/dev/null 2>&1 || skip_all "python3 is needed to read the PNGs"
# A browser loads both CPUs: not beside the rigs that judge timing.
machine_alone

export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg" HOME="$tmp"
store="$tmp/s.db"

# shot HTML PNG: render the page at 1200 px wide, headless, offline.
shot() {
	run "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update \
		--user-data-dir="$tmp/profile" --window-size=1200,3000 \
		--screenshot="$2" "file://$1"
}

# png_stats PNG: "WIDTH HEIGHT COLOURS INKPCT" of a PNG (zlib and struct
# only: 8-bit RGB or RGBA, as Chromium writes them).
png_stats() {
	python3 - "$1" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[ctype]
raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line)); prev = line
colours, ink, bg = set(), 0, rows[0][:3]
for r in rows[::4]:
    for x in range(0, stride, bpp * 4):
        px = r[x:x + 3]; colours.add(px)
        ink += px != bg
print(w, h, len(colours), 100 * ink // max(1, (h // 4) * (w // 4)))
PY
}

# --- two spot runs on scratch files -----------------------------------------
for f in a b; do
	run "$dd" --db "$db" run --scratch "$tmp/$f.dat" --size 32M --preset spot --runtime 0.05 \
		--ramp 0 --results "$store" -q
	is "run $f: exit 0" 0 "$rc"
done
run "$dd" --db "$db" report 1 --results "$store" -o "$tmp/one.html"
is "report of the spot run: exit 0" 0 "$rc"
run "$dd" --db "$db" report 1 2 --results "$store" -o "$tmp/two.html"
is "report of two runs: exit 0" 0 "$rc"

# Charts expected: per run its bars (IOPS and MB/s), per point its interval
# graphs (IOPS with MB/s on a right axis, mean with p99; no temperature on
# a file) and histogram,
# per workload swept at two depths or more its QD x jobs heat map.
one=$(grep -o '<svg[ >]' "$tmp/one.html" | wc -l | tr -d ' ')
two=$(grep -o '<svg[ >]' "$tmp/two.html" | wc -l | tr -d ' ')
is "spot run: 2 bar charts + 1 heat map (4K random read at 3 depths) + 5 points x (2 graphs + 1 histogram)" 18 "$one"
is "two runs: twice the charts" 36 "$two"

for page in one two; do
	shot "$tmp/$page.html" "$tmp/$page.png"
	is "$page: chromium rendered it (exit 0)" 0 "$rc"
	ok "$page: a PNG was written" test -s "$tmp/$page.png"
	if [ -s "$tmp/$page.png" ]; then
		set -- $(png_stats "$tmp/$page.png")
		echo "# $page.html: ${1}x${2} px, $3 colours sampled, $4 % of pixels not background"
		ok "$page: not blank (more than 16 colours)" test "$3" -gt 16
		ok "$page: not blank (over 3 % ink)" test "$4" -gt 3
		if [ -n "${REPORT_PNG_DIR:-}" ]; then
			mkdir -p "$REPORT_PNG_DIR" && cp "$tmp/$page.png" "$tmp/$page.html" "$REPORT_PNG_DIR/"
		fi
	fi
done

done_testing
