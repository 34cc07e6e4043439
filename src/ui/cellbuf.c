/*
 * The cell buffer.  A flat array of struct cell, row-major, plus one dirty
 * bit per row.  Writes compare before storing so that the dirty bits mean
 * "this row changed", and every entry point clips, so drawing code does not.
 * The UTF-8 decoder is a small strict one: it rejects overlong forms,
 * surrogates and values past U+10FFFF, consuming one byte per bad sequence.
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

/* Write a UTF-8 string, clipped to maxw columns and the right edge. */
int
cellbuf_put_str(struct cellbuf *cb, int x, int y, int maxw, const char *s,
		uint8_t role, uint8_t attr)
{
	size_t	 n = strlen(s);
	uint32_t cp;
	int	 used, cols = 0;

	if (maxw < 0 || maxw > cb->w - x)
		maxw = cb->w - x;
	while (cols < maxw && (used = cellbuf_decode_utf8(s, n, &cp)) > 0) {
		cellbuf_put(cb, x + cols, y, cp, role, attr);
		s += used;
		n -= (size_t)used;
		cols++;
	}
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

		cellbuf_put(cb, x + 1, y, ' ', role, 0);
		n = cellbuf_put_str(cb, x + 2, y, w - 5, title, title_role, 0);
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
