# tests/lib/html.sh: a generated page as a user's browser and a real parser
# read it (issue 25's reports).  Source after tests/lib/tap.sh; needs
# xmllint (libxml2-utils) and python3, and $tmp, a scratch directory.

# html_ok FILE: "ok", or what is wrong with the page: HTML parse errors
# (libxml2's HTML 4 parser does not know the HTML 5 and SVG tags: those are
# the only complaints allowed), an SVG that is not well-formed XML, a
# script, a stylesheet link or a network URL.
html_ok() {
	xmllint --html --noout "$1" 2>"$tmp/html-lint" || { echo "xmllint failed"; return; }
	python3 - "$1" "$tmp/html-lint" <<'PY'
import re, subprocess, sys
page = open(sys.argv[1], encoding="utf-8").read()
# xmllint quotes the page cut at a byte count: a character may be split.
bad = [l for l in open(sys.argv[2], errors="replace") if "parser error" in l and not re.search(
    r"Tag (main|figure|figcaption|svg|g|text|title|desc|line|rect|path|polyline|polygon|circle|"
    r"pattern|defs|use|details|summary|footer|tspan) invalid", l)]
if bad:
    print("html: " + bad[0].strip()); sys.exit()
# Every SVG as XML, in one run of the parser: each is a child of one root,
# so one that is not well-formed fails the whole.
svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
p = subprocess.run(["xmllint", "--noout", "-"], capture_output=True,
                   input=("<svgs>" + "".join(svgs) + "</svgs>").encode())
if p.returncode != 0:
    print("svg: " + p.stderr.decode().splitlines()[0]); sys.exit()
if re.search(r"<script", page, re.I): print("a <script> element"); sys.exit()
if re.search(r"<link\b", page, re.I): print("a <link> element"); sys.exit()
if re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I): print("a network URL"); sys.exit()
if "@import" in page or "url(" in page: print("a stylesheet fetch"); sys.exit()
print("ok")
PY
}

