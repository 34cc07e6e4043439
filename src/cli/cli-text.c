/*
 * The CLI's text in the locale's character set: its own glyphs, and ASCII
 * fallbacks for everything it prints when the locale is not UTF-8
 * (LANG=C).
 *
 * One table pairs each glyph the CLI prints (°, →, ⚠, µ, ×, ✓, ✗, —, …, ·
 * and a few more that the database's text holds) with its ASCII twin, as
 * htop pairs every UTF-8 glyph table with an ASCII one.  Which column is
 * used is decided once, at the first use, from nl_langinfo(CODESET) of the
 * locale main() set up: cli_glyph() returns the CLI's own glyphs from it,
 * and cli_printf()/cli_fprintf() pass every text line through it, so that
 * text from the database ("µs" in a note, an accented vendor note) is
 * transliterated too.  The same pass makes foreign text inert: no control
 * character but newline and tab reaches the terminal through them.  JSON
 * output is not filtered: it stays UTF-8, its controls escaped by jansson.
 */
#include "config.h"

#include <langinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "lib/utf8.h"

/* One glyph: its code point, its UTF-8 spelling and its ASCII twin. */
struct cli_glyph_pair {
	uint32_t    cp;
	const char *utf8;
	const char *ascii;
};

/* Indexed by enum cli_glyph_id first; the rest only transliterate. */
static const struct cli_glyph_pair cli_glyphs[] = {
	[CLI_G_DEG] = { 0x00b0, "°", "deg" },
	[CLI_G_ARROW] = { 0x2192, "→", "->" },
	[CLI_G_WARN] = { 0x26a0, "⚠", "!" },
	[CLI_G_MICRO] = { 0x00b5, "µ", "u" },
	[CLI_G_TIMES] = { 0x00d7, "×", "x" },
	[CLI_G_CHECK] = { 0x2713, "✓", "ok" },
	[CLI_G_CROSS] = { 0x2717, "✗", "X" },
	[CLI_G_EMDASH] = { 0x2014, "—", "--" },
	[CLI_G_ELLIPSIS] = { 0x2026, "…", "..." },
	[CLI_G_MIDDOT] = { 0x00b7, "·", "-" },
	{ 0x03bc, "μ", "u" },		/* Greek mu, as some sheets spell it */
	{ 0x2013, "–", "-" },
	{ 0x2018, "‘", "'" },
	{ 0x2019, "’", "'" },
	{ 0x201c, "“", "\"" },
	{ 0x201d, "”", "\"" },
	{ 0x00b1, "±", "+/-" },
	{ 0x2264, "≤", "<=" },
	{ 0x2265, "≥", ">=" },
	{ 0x2248, "≈", "~" },
	{ 0x00a0, "\u00a0", " " },
	{ 0x00df, "ß", "ss" },
};

/* ASCII letters of U+00C0..U+00FF (Latin-1 letters without their marks);
 * '?' where there is no letter. */
static const char cli_latin1[] =
	"AAAAAAACEEEEIIII" "DNOOOOOxOUUUUYTs" "aaaaaaaceeeeiiii" "dnooooo/ouuuuyty";

/* Is the locale's character set other than UTF-8?  Decided once. */
bool
cli_text_ascii(void)
{
	static int ascii = -1;	/* write-once cache of the locale's answer */

	if (ascii < 0) {
		const char *cs = nl_langinfo(CODESET);

		ascii = cs == NULL || strcmp(cs, "UTF-8") != 0;
	}
	return ascii;
}

/* A glyph of the CLI's own, in the locale's character set. */
const char *
cli_glyph(enum cli_glyph_id g)
{
	return cli_text_ascii() ? cli_glyphs[g].ascii : cli_glyphs[g].utf8;
}

/* The ASCII twin of one code point ("?" when there is none). */
static const char *
cli_text_twin(uint32_t cp, char one[2])
{
	for (size_t i = 0; i < sizeof cli_glyphs / sizeof cli_glyphs[0]; i++)
		if (cli_glyphs[i].cp == cp)
			return cli_glyphs[i].ascii;
	one[0] = cp >= 0xc0 && cp <= 0xff ? cli_latin1[cp - 0xc0] : '?';
	one[1] = '\0';
	return one;
}

/* The columns code point cp takes as cli_printf writes it: its ASCII
 * twin's length under LANG=C, else its display width. */
int
cli_text_cp_width(uint32_t cp)
{
	char one[2];

	if (!cli_text_ascii() || cp < 0x80)
		return utf8_cp_width(cp);
	return (int)strlen(cli_text_twin(cp, one));
}

/* Bytes of s before its first non-ASCII byte (or its end). */
static size_t
cli_text_ascii_run(const char *s)
{
	size_t i = 0;

	while (s[i] != '\0' && (unsigned char)s[i] < 0x80)
		i++;
	return i;
}

/* Write s to f, with every non-ASCII character as its ASCII twin. */
static int
cli_text_put_ascii(FILE *f, const char *s)
{
	size_t n = strlen(s);

	while (n > 0) {
		size_t	 run = cli_text_ascii_run(s);
		uint32_t cp;
		char	 one[2];
		int	 used;

		if (run > 0 && fwrite(s, 1, run, f) != run)
			return -1;
		s += run;
		n -= run;
		if (n == 0)
			break;
		used = utf8_decode(s, n, &cp);
		if (fputs(cli_text_twin(cp, one), f) == EOF)
			return -1;
		s += used;
		n -= (size_t)used;
	}
	return 0;
}

/* vfprintf in the locale's character set, made inert: the text's own
 * lines and tabs are kept, every other control character and malformed
 * byte (what a host name, a fio version, a plan name or a path may carry)
 * prints as '?' (utf8_sanitize).  A caller's own terminal controls (the
 * progress line's "\r\033[K") go out with fputs, never through here. */
__attribute__((format(printf, 2, 0))) static int
cli_text_vfprintf(FILE *f, const char *fmt, va_list ap)
{
	char *s;
	int   n;

	n = vasprintf(&s, fmt, ap);
	if (n < 0)
		return n;
	n = (int)utf8_sanitize(s, UTF8_KEEP_LINES);
	if (cli_text_ascii() ? cli_text_put_ascii(f, s) < 0 : fputs(s, f) == EOF)
		n = -1;
	free(s);
	return n;
}

/* fprintf in the locale's character set. */
int
cli_fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int	n;

	va_start(ap, fmt);
	n = cli_text_vfprintf(f, fmt, ap);
	va_end(ap);
	return n;
}

/* printf in the locale's character set. */
int
cli_printf(const char *fmt, ...)
{
	va_list ap;
	int	n;

	va_start(ap, fmt);
	n = cli_text_vfprintf(stdout, fmt, ap);
	va_end(ap);
	return n;
}

/* Join words with spaces. */
char *
cli_join_words(int argc, char **argv, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int i = 0; i < argc && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", i > 0 ? " " : "", argv[i]);
	return buf;
}

/* s padded with spaces to width display columns (UTF-8 counts by column,
 * not byte), on the left when right-aligned; s itself when wider. */
char *
cli_text_pad(const char *s, int width, bool right, char *buf, size_t len)
{
	int pad = width - utf8_width(s);

	if (pad < 0)
		pad = 0;
	snprintf(buf, len, "%*s%s%*s", right ? pad : 0, "", s, right ? 0 : pad, "");
	return buf;
}

/* Display columns of s as cli_printf prints it. */
int
cli_text_width(const char *s)
{
	return utf8_width_by(s, cli_text_cp_width);
}

/* s cut to width display columns, tail in its last columns when cut. */
char *
cli_text_cut(const char *s, int width, const char *tail, char *buf, size_t len)
{
	int    tw = cli_text_width(tail), used = 0;
	size_t o = 0, n = strlen(s);

	if (cli_text_width(s) <= width) {
		snprintf(buf, len, "%s", s);
		return buf;
	}
	while (n > 0) {
		uint32_t cp;
		int	 b = utf8_decode(s, n, &cp), w;

		if (b <= 0)
			break;
		w = cli_text_cp_width(cp);
		if (used + w + tw > width || o + (size_t)b + strlen(tail) >= len)
			break;
		memcpy(buf + o, s, (size_t)b);
		o += (size_t)b, s += b, n -= (size_t)b, used += w;
	}
	snprintf(buf + o, len - o, "%s", used + tw <= width ? tail : "");
	return buf;
}
