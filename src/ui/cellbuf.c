/*
 * The cell buffer.  A flat array of struct cell, row-major, plus one dirty
 * bit per row.  Writes compare before storing so that the dirty bits mean
 * "this row changed", and every entry point clips, so drawing code does not.
 * The UTF-8 decoder is a small strict one: it rejects overlong forms,
 * surrogates and values past U+10FFFF, consuming one byte per bad sequence.
 * Text is fitted, not cut (cellbuf.h has the rule): a string is split into
 * groups (spaces, then a word; a figure's unit word joins it), each word a
 * label, a figure or a symbol, and the groups are laid out left to right
 * while they fit whole.
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cellbuf.h"
#include "lib/utf8.h"

/* A blank cell of a role. */
static struct cell
cell_blank(uint8_t role)
{
	struct cell c = { ' ', role, 0 };

	return c;
}

/* A new w x h buffer of blanks. */
struct cellbuf *
cellbuf_create(int w, int h)
{
	struct cellbuf *cb;

	if (w < 0 || h < 0)
		return NULL;
	cb = calloc(1, sizeof *cb);
	if (cb == NULL)
		return NULL;
	if (cellbuf_resize(cb, w, h) < 0) {
		free(cb);
		return NULL;
	}
	return cb;
}

/* Resize, keeping the overlap. */
int
cellbuf_resize(struct cellbuf *cb, int w, int h)
{
	struct cell *cells;
	uint32_t    *dirty;
	size_t	     n = (size_t)w * (size_t)h;

	if (w < 0 || h < 0 || (w > 0 && (size_t)h > SIZE_MAX / sizeof *cells / (size_t)w))
		return -EINVAL;
	cells = malloc(n > 0 ? n * sizeof *cells : 1);
	dirty = calloc(CELLBUF_ROW_WORDS(h) > 0 ? CELLBUF_ROW_WORDS(h) : 1, sizeof *dirty);
	if (cells == NULL || dirty == NULL) {
		free(cells);
		free(dirty);
		return -ENOMEM;
	}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			cells[(size_t)y * w + x] = x < cb->w && y < cb->h ?
				cb->cells[(size_t)y * cb->w + x] : cell_blank(0);
	free(cb->cells);
	free(cb->dirty_rows);
	cb->cells = cells;
	cb->dirty_rows = dirty;
	cb->w = w;
	cb->h = h;
	cellbuf_mark_all_dirty(cb);
	return 0;
}

/* Free a buffer. */
void
cellbuf_free(struct cellbuf *cb)
{
	if (cb == NULL)
		return;
	free(cb->cells);
	free(cb->dirty_rows);
	free(cb);
}

/* Make dst a copy of src. */
int
cellbuf_copy(struct cellbuf *dst, const struct cellbuf *src)
{
	int rc;

	if (dst->w != src->w || dst->h != src->h) {
		rc = cellbuf_resize(dst, src->w, src->h);
		if (rc < 0)
			return rc;
	}
	memcpy(dst->cells, src->cells, (size_t)src->w * src->h * sizeof *src->cells);
	memcpy(dst->dirty_rows, src->dirty_rows,
	       CELLBUF_ROW_WORDS(src->h) * sizeof *src->dirty_rows);
	return 0;
}

/* Store c at (x, y), already clipped, marking the row if it changes. */
static void
cellbuf_store(struct cellbuf *cb, int x, int y, struct cell c)
{
	struct cell *old = &cb->cells[(size_t)y * cb->w + x];

	if (old->ch == c.ch && old->role == c.role && old->attr == c.attr)
		return;
	*old = c;
	cb->dirty_rows[y / 32] |= UINT32_C(1) << (y % 32);
}

/* Blank every cell. */
void
cellbuf_clear(struct cellbuf *cb, uint8_t role)
{
	cellbuf_fill(cb, 0, 0, cb->w, cb->h, ' ', role, 0);
}

/* The cell at (x, y). */
const struct cell *
cellbuf_get(const struct cellbuf *cb, int x, int y)
{
	if (x < 0 || y < 0 || x >= cb->w || y >= cb->h)
		return NULL;
	return &cb->cells[(size_t)y * cb->w + x];
}

/* Write one code point, clipped. */
int
cellbuf_put(struct cellbuf *cb, int x, int y, uint32_t ch, uint8_t role, uint8_t attr)
{
	struct cell c = { ch, role, attr };

	if (x < 0 || y < 0 || x >= cb->w || y >= cb->h)
		return 0;
	/* Foreign text (a host, a plan name, a path, a model) is drawn
	 * inert: a control is one '?' cell, as utf8_sanitize prints it. */
	if (utf8_cp_is_control(ch))
		c.ch = '?';
	cellbuf_store(cb, x, y, c);
	return 1;
}

/* Decode one UTF-8 character (lib/utf8.h's decoder, under the cell buffer's name). */
int
cellbuf_decode_utf8(const char *s, size_t n, uint32_t *cp)
{
	return utf8_decode(s, n, cp);
}

/* Encode a code point as UTF-8. */
int
cellbuf_encode_utf8(uint32_t cp, char out[4])
{
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* ---- Fitting text: a figure whole or not at all ---- */

/* Most code points a string is fitted over (tui_print's buffer is 1 KiB). */
#define FIT_MAX 1024

/* What a word is to the fitting rule. */
enum fit_kind {
	FIT_LABEL,	/* has a letter: shortened with an ellipsis */
	FIT_FIGURE,	/* a number (with its unit word): whole or dropped */
	FIT_SYMBOL,	/* no letter, no digit (bars, rules, arrows): clipped */
};

/* A word of the text with the spaces before it: cps[start, word) spaces,
 * cps[word, end) the word (a figure's unit word and the spaces before it
 * included). */
struct fit_group {
	int	      start, word, end;
	enum fit_kind kind;
};

/* The text being built: at most max cells. */
struct fit_out {
	uint32_t *cps;
	int	  n, max;
};

/* An ASCII or full-width digit. */
static bool
fit_digit(uint32_t c)
{
	return (c >= '0' && c <= '9') || (c >= 0xff10 && c <= 0xff19);
}

/* A letter: ASCII, µ, or any code point past Latin-1's symbols that is not
 * punctuation, an arrow, a mathematical or technical symbol, box drawing,
 * a block, a geometric shape or braille. */
static bool
fit_letter(uint32_t c)
{
	if (c < 0x80)
		return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
	if (c == 0xb5)
		return true;
	if (c < 0xc0 || c == 0xd7 || c == 0xf7 || c == 0xfffd)
		return false;
	if ((c >= 0x2000 && c <= 0x2bff) || (c >= 0x3000 && c <= 0x303f))
		return false;
	return !fit_digit(c);
}

/* A character a figure may start with before its first digit. */
static bool
fit_figure_prefix(uint32_t c)
{
	static const uint32_t pre[] = { '+', '-', '@', '~', '<', '>', '(', '[', '#', '$', '=',
					0xb1 /* ± */, 0xd7 /* × */, 0x2212 /* − */,
					0x2248 /* ≈ */, 0x2264 /* ≤ */, 0x2265 /* ≥ */ };

	for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++)
		if (c == pre[i])
			return true;
	return false;
}

/* Whether the n code points at w are one of the unit words a figure takes
 * along ("1,234 MB/s", "85 µs"), a closing ",;:)]" allowed after it. */
static bool
fit_unit(const uint32_t *w, int n)
{
	static const char *const units[] = {
		"B", "KB", "MB", "GB", "TB", "PB", "kB", "KiB", "MiB", "GiB", "TiB", "B/s", "KB/s",
		"MB/s", "GB/s", "TB/s", "KiB/s", "MiB/s", "GiB/s", "IOPS", "IO/s", "K", "M", "G",
		"ns", "\u00b5s", "us", "ms", "s", "min", "h", "%", "x", "\u00d7", "\u00b0C", "C",
		"W", "GT/s", "rv",
	};
	char buf[32];
	int  o = 0;

	while (n > 0 && (w[n - 1] == ',' || w[n - 1] == ';' || w[n - 1] == ':' ||
			 w[n - 1] == ')' || w[n - 1] == ']'))
		n--;
	for (int i = 0; i < n; i++) {
		char enc[4];
		int  k = cellbuf_encode_utf8(w[i], enc);

		if (o + k >= (int)sizeof buf)
			return false;
		memcpy(buf + o, enc, (size_t)k);
		o += k;
	}
	buf[o] = '\0';
	for (size_t i = 0; o > 0 && i < sizeof units / sizeof units[0]; i++)
		if (strcmp(buf, units[i]) == 0)
			return true;
	return false;
}

/* A word's kind: a figure starts with a digit after its prefix (or has a
 * digit and no letter), a label has a letter, a symbol neither. */
static enum fit_kind
fit_classify(const uint32_t *w, int n)
{
	bool letter = false, digit = false;
	int  i = 0;

	while (i < n && fit_figure_prefix(w[i]))
		i++;
	if (i < n && fit_digit(w[i]))
		return FIT_FIGURE;
	for (i = 0; i < n; i++) {
		letter = letter || fit_letter(w[i]);
		digit = digit || fit_digit(w[i]);
	}
	if (letter)
		return FIT_LABEL;
	return digit ? FIT_FIGURE : FIT_SYMBOL;
}

/* Split cps[0, n) into groups (at most max); returns how many. */
static int
fit_split(const uint32_t *cps, int n, struct fit_group *g, int max)
{
	int k = 0, i = 0;

	while (i < n && k < max) {
		int j, e;

		g[k].start = i;
		while (i < n && cps[i] == ' ')
			i++;
		g[k].word = i;
		while (i < n && cps[i] != ' ')
			i++;
		g[k].end = i;
		g[k].kind = fit_classify(cps + g[k].word, i - g[k].word);
		/* A figure takes its unit word along. */
		for (j = i; j < n && cps[j] == ' '; j++)
			;
		for (e = j; e < n && cps[e] != ' '; e++)
			;
		if (g[k].kind == FIT_FIGURE && j > i && e > j && fit_unit(cps + j, e - j))
			g[k].end = i = e;
		k++;
	}
	return k;
}

/* Append n code points to o, as far as they fit. */
static void
fit_emit(struct fit_out *o, const uint32_t *c, int n)
{
	for (int i = 0; i < n && o->n < o->max; i++)
		o->cps[o->n++] = c[i];
}

/* Say that something was dropped: an ellipsis, after a space unless it is
 * the first thing (never glued to a figure, where it would read as part
 * of it); without the room for both, in place of the last letter of a
 * label written last (after_label; never of a unit: "7.68 T…"); else
 * nothing. */
static void
fit_mark(struct fit_out *o, uint32_t ell, bool after_label)
{
	static const uint32_t sp = ' ';

	if (o->n > 0 && o->max - o->n < 2) {
		uint32_t *last = &o->cps[o->n - 1];

		if (after_label && fit_letter(*last) && (o->n < 2 || !fit_digit(last[-1])))
			*last = ell;
		return;
	}
	if (o->n > 0)
		fit_emit(o, &sp, 1);
	fit_emit(o, &ell, 1);
}

/* Whether the n code points at w hold a digit. */
static bool
fit_has_digit(const uint32_t *w, int n)
{
	for (int i = 0; i < n; i++)
		if (fit_digit(w[i]))
			return true;
	return false;
}

/* Whether a label cut after its first c code points would end on a digit
 * (or on a point or comma after one): "nvme0n1" is never "nvme0…". */
static bool
fit_cut_bad(const uint32_t *w, int c)
{
	uint32_t last = w[c - 1];

	if (fit_digit(last))
		return true;
	return c >= 2 && (last == '.' || last == ',') && fit_digit(w[c - 2]);
}

/* Groups g[0, ng) left to right into o: each whole while it fits; the
 * first that does not is a label shortened with an ellipsis, a symbol
 * clipped, or a figure dropped with the mark (and a key with a digit
 * naming it, unless that is the first: "p50 171  p99 418" is "p50 171 …");
 * nothing after it. */
static void
fit_greedy(const uint32_t *cps, const struct fit_group *g, int ng, uint32_t ell,
	   struct fit_out *o)
{
	int  prev = -1;		/* o->n before the last group written */
	bool label = false;	/* the last group written is a label */

	for (int k = 0; k < ng; k++) {
		int room = o->max - o->n, lead = g[k].word - g[k].start;

		if (g[k].end - g[k].start <= room) {
			prev = o->n;
			label = g[k].kind == FIT_LABEL;
			fit_emit(o, cps + g[k].start, g[k].end - g[k].start);
			continue;
		}
		if (g[k].kind == FIT_FIGURE && k >= 2 && prev > 0 && label &&
		    fit_has_digit(cps + g[k - 1].word, g[k - 1].end - g[k - 1].word)) {
			o->n = prev;
			label = k >= 2 && g[k - 2].kind == FIT_LABEL;
		}
		if (g[k].kind == FIT_SYMBOL && room > lead) {
			fit_emit(o, cps + g[k].start, g[k].end - g[k].start);
			return;
		}
		if (g[k].kind == FIT_LABEL && room - lead >= 2) {
			int c = room - lead - 1;

			while (c > 0 && fit_cut_bad(cps + g[k].word, c))
				c--;
			/* A remnant of one letter says nothing after other words, nor
			 * of a name with a number in it ("p99.9" is never "p…"). */
			if (c > 1 || (c == 1 && o->n == 0 && !fit_has_digit(cps + g[k].word,
									  g[k].end - g[k].word))) {
				fit_emit(o, cps + g[k].start, lead + c);
				fit_emit(o, &ell, 1);
				return;
			}
		}
		fit_mark(o, ell, label);
		return;
	}
}

/* Whether groups g[0, ng) end in one figure after labels only, the last
 * of them without a digit: the figure is kept and the labels before it
 * shortened ("KIOXIA CD9P… 61.44 TB"); a key like "p99.9" next to its
 * figure is never shortened away from it. */
static bool
fit_label_then_figure(const uint32_t *cps, const struct fit_group *g, int ng)
{
	if (ng < 2 || g[ng - 1].kind != FIT_FIGURE ||
	    fit_has_digit(cps + g[ng - 2].word, g[ng - 2].end - g[ng - 2].word))
		return false;
	for (int k = 0; k < ng - 1; k++)
		if (g[k].kind == FIT_FIGURE)
			return false;
	return true;
}

/* cps[0, n) fitted into maxw cells as out (room for maxw); returns the
 * cells of out. */
static int
fit_cps(const uint32_t *cps, int n, int maxw, uint32_t ell, uint32_t *out)
{
	static const int  gmax = FIT_MAX / 2 + 1;
	struct fit_group  g[FIT_MAX / 2 + 1];
	struct fit_out	  o = { out, 0, maxw };
	int		  ng, m = n;

	while (m > 0 && cps[m - 1] == ' ')
		m--;
	if (m <= maxw) {
		fit_emit(&o, cps, n);
		return o.n;
	}
	ng = fit_split(cps, m, g, gmax);
	if (fit_label_then_figure(cps, g, ng)) {
		const struct fit_group *tail = &g[ng - 1];
		int			tw = tail->end - tail->start;

		/* The label keeps at least two cells and its ellipsis. */
		if (maxw - tw >= 3) {
			o.max = maxw - tw;
			fit_greedy(cps, g, ng - 1, ell, &o);
			o.max = maxw;
			/* A figure without any of its label would pass for another's. */
			if (o.n > 1 || (o.n == 1 && o.cps[0] != ell)) {
				fit_emit(&o, cps + tail->start, tw);
				return o.n;
			}
			o.n = 0;
		}
	}
	fit_greedy(cps, g, ng, ell, &o);
	return o.n;
}

/* Decode s into at most FIT_MAX code points; returns how many. */
static int
fit_decode(const char *s, uint32_t *cps)
{
	size_t	 n = strlen(s);
	uint32_t cp;
	int	 used, k = 0;

	while (k < FIT_MAX && (used = cellbuf_decode_utf8(s, n, &cp)) > 0) {
		cps[k++] = cp;
		s += used;
		n -= (size_t)used;
	}
	return k;
}

/* Text fitted into maxw cells, as UTF-8. */
int
cellbuf_fit(const char *s, int maxw, uint32_t ellipsis, char *out, size_t len)
{
	uint32_t cps[FIT_MAX], fitted[FIT_MAX];
	int	 n = fit_decode(s, cps), cells;
	size_t	 o = 0;

	if (maxw < 0)
		maxw = 0;
	if (maxw > FIT_MAX)
		maxw = FIT_MAX;
	cells = fit_cps(cps, n, maxw, ellipsis, fitted);
	for (int i = 0; i < cells; i++) {
		char enc[4];
		int  k = cellbuf_encode_utf8(fitted[i], enc);

		if (o + (size_t)k >= len)
			break;
		memcpy(out + o, enc, (size_t)k);
		o += (size_t)k;
	}
	if (len > 0)
		out[o] = '\0';
	return cells;
}

/* The ellipsis text is fitted with. */
uint32_t
cellbuf_ellipsis(const struct cellbuf *cb)
{
	return cb->g != NULL ? cb->g->ellipsis : 0x2026;
}

/* Write a UTF-8 string fitted to maxw columns and the right edge. */
int
cellbuf_put_str(struct cellbuf *cb, int x, int y, int maxw, const char *s,
		uint8_t role, uint8_t attr)
{
	uint32_t cps[FIT_MAX], fitted[FIT_MAX];
	int	 n, cols;

	if (maxw < 0 || maxw > cb->w - x)
		maxw = cb->w - x;
	/* Text starting left of the buffer is fitted to what shows of it. */
	if (x < 0) {
		maxw += x;
		x = 0;
	}
	if (maxw <= 0)
		return 0;
	if (maxw > FIT_MAX)
		maxw = FIT_MAX;
	n = fit_decode(s, cps);
	/* The unit vocabulary's µs is us on an ASCII screen. */
	for (int i = 0; cb->g != NULL && !cb->g->utf8 && i < n; i++)
		if (cps[i] == 0xb5)
			cps[i] = 'u';
	cols = fit_cps(cps, n, maxw, cellbuf_ellipsis(cb), fitted);
	for (int i = 0; i < cols; i++)
		cellbuf_put(cb, x + i, y, fitted[i], role, attr);
	return cols;
}

/* Fill a rectangle, clipped. */
void
cellbuf_fill(struct cellbuf *cb, int x, int y, int w, int h, uint32_t ch,
	     uint8_t role, uint8_t attr)
{
	int x1 = x + w, y1 = y + h;

	if (x < 0)
		x = 0;
	if (y < 0)
		y = 0;
	if (x1 > cb->w)
		x1 = cb->w;
	if (y1 > cb->h)
		y1 = cb->h;
	for (int r = y; r < y1; r++)
		for (int c = x; c < x1; c++)
			cellbuf_put(cb, c, r, ch, role, attr);
}

/* A horizontal rule. */
void
cellbuf_hline(struct cellbuf *cb, int x, int y, int w, const struct glyphs *g, uint8_t role)
{
	cellbuf_fill(cb, x, y, w, 1, g->h, role, 0);
}

/* A frame with an optional title. */
void
cellbuf_box(struct cellbuf *cb, int x, int y, int w, int h, const struct glyphs *g,
	    uint8_t role, const char *title, uint8_t title_role)
{
	if (w < 2 || h < 2)
		return;
	cellbuf_fill(cb, x + 1, y, w - 2, 1, g->h, role, 0);
	cellbuf_fill(cb, x + 1, y + h - 1, w - 2, 1, g->h, role, 0);
	cellbuf_fill(cb, x, y + 1, 1, h - 2, g->v, role, 0);
	cellbuf_fill(cb, x + w - 1, y + 1, 1, h - 2, g->v, role, 0);
	cellbuf_put(cb, x, y, g->tl, role, 0);
	cellbuf_put(cb, x + w - 1, y, g->tr, role, 0);
	cellbuf_put(cb, x, y + h - 1, g->bl, role, 0);
	cellbuf_put(cb, x + w - 1, y + h - 1, g->br, role, 0);
	/* "┌ title ─┐": a space either side, at least one rule cell before the corner. */
	if (title != NULL && title[0] != '\0' && w >= 5) {
		int n;

		char fit[256];

		cellbuf_fit(title, w - 5, g->ellipsis, fit, sizeof fit);
		cellbuf_put(cb, x + 1, y, ' ', role, 0);
		n = cellbuf_put_str(cb, x + 2, y, w - 5, fit, title_role, 0);
		cellbuf_put(cb, x + 2 + n, y, ' ', role, 0);
	}
}

/* One row as trimmed UTF-8. */
int
cellbuf_row_text(const struct cellbuf *cb, int y, char *buf, size_t len)
{
	const struct cell *row;
	size_t		   o = 0;
	int		   last;
	char		   enc[4];

	if (y < 0 || y >= cb->h)
		return -1;
	row = &cb->cells[(size_t)y * cb->w];
	for (last = cb->w; last > 0 && row[last - 1].ch == ' '; last--)
		;
	for (int x = 0; x < last; x++) {
		int n = cellbuf_encode_utf8(row[x].ch, enc);

		for (int i = 0; i < n; i++, o++)
			if (o + 1 < len)
				buf[o] = enc[i];
	}
	if (len > 0)
		buf[o < len ? o : len - 1] = '\0';
	return (int)o;
}

/* The whole buffer as text. */
char *
cellbuf_to_text(const struct cellbuf *cb)
{
	size_t size = (size_t)cb->w * cb->h * 4 + (size_t)cb->h + 1, o = 0;
	char  *text = malloc(size);

	if (text == NULL)
		return NULL;
	for (int y = 0; y < cb->h; y++) {
		o += (size_t)cellbuf_row_text(cb, y, text + o, size - o);
		text[o++] = '\n';
	}
	text[o] = '\0';
	return text;
}

/* Mark one row dirty. */
void
cellbuf_mark_dirty(struct cellbuf *cb, int y)
{
	if (y >= 0 && y < cb->h)
		cb->dirty_rows[y / 32] |= UINT32_C(1) << (y % 32);
}

/* Mark all rows dirty. */
void
cellbuf_mark_all_dirty(struct cellbuf *cb)
{
	for (int y = 0; y < cb->h; y++)
		cellbuf_mark_dirty(cb, y);
}

/* Clear all dirty bits. */
void
cellbuf_clear_dirty(struct cellbuf *cb)
{
	memset(cb->dirty_rows, 0, CELLBUF_ROW_WORDS(cb->h) * sizeof *cb->dirty_rows);
}

/* Whether row y is dirty. */
int
cellbuf_is_dirty(const struct cellbuf *cb, int y)
{
	if (y < 0 || y >= cb->h)
		return 0;
	return (cb->dirty_rows[y / 32] >> (y % 32)) & 1;
}

/* Rows that differ between two frames. */
int
cellbuf_diff(const struct cellbuf *prev, const struct cellbuf *cur, uint32_t *rows)
{
	bool same_size = prev->w == cur->w && prev->h == cur->h;
	int  n = 0;

	memset(rows, 0, CELLBUF_ROW_WORDS(cur->h) * sizeof *rows);
	for (int y = 0; y < cur->h; y++) {
		bool differ = !same_size;

		for (int x = 0; x < cur->w && !differ; x++) {
			const struct cell *a = &prev->cells[(size_t)y * prev->w + x];
			const struct cell *b = &cur->cells[(size_t)y * cur->w + x];

			differ = a->ch != b->ch || a->role != b->role || a->attr != b->attr;
		}
		if (differ) {
			rows[y / 32] |= UINT32_C(1) << (y % 32);
			n++;
		}
	}
	return n;
}
