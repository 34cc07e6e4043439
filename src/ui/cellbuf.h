/*
 * The cell buffer: a w x h grid of cells, each one Unicode code point with a
 * colour role (enum ui_role) and attributes (UI_BOLD ...).  Views and charts
 * draw into a cell buffer; only the curses layer turns cells into terminal
 * output, so everything above it is testable as text (cellbuf_to_text).
 *
 * Cells are row-major: cell (x, y) is cells[y * w + x]; (0, 0) is top left.
 * Every write clips to the buffer, so callers may draw partly off-screen.
 * A write that changes a cell sets its row's bit in dirty_rows; the curses
 * layer redraws dirty rows (or the rows cellbuf_diff() reports against the
 * previous frame) and then clears the bits.
 *
 * One cell is one terminal column.  Wide characters (CJK, most emoji) are
 * counted as one column too: drivedash's text is Latin, numbers and the
 * single-width glyphs of glyphs.h, and a wide character would push the rest
 * of its row one column right on screen.  Control characters are stored as '?'.
 *
 * Text that does not fit is fitted, never cut (cellbuf_fit, the one rule
 * every string written through cellbuf_put_str obeys): a word is a figure
 * when it starts with a digit (after a sign or '@', '~', '<', '>', '(':
 * "977.2K", "99.9%", "3.2x", "-74.0%") and takes the unit word after it
 * with it ("1,234 MB/s", "85 µs"); a figure is written whole or dropped
 * whole, and a word of letters (a label) is shortened with the glyph set's
 * ellipsis ('…', ASCII '~'), never right after a digit ("nvme0n1" -> "nvme…").
 * Where something was dropped an ellipsis says so, after a space, so it
 * never reads as the end of a number.  Text that is one label then one
 * figure keeps the figure and shortens the label ("KIOXIA CD9P-R S…
 * 61.44 TB").  Symbols (bars, rules, arrows: no letter, no digit) are
 * clipped as they are.
 */
#ifndef DD_CELLBUF_H
#define DD_CELLBUF_H

#include <stddef.h>
#include <stdint.h>

#include "glyphs.h"

struct cell {
	uint32_t ch;		/* Unicode code point */
	uint8_t	 role;		/* enum ui_role */
	uint8_t	 attr;		/* UI_BOLD | UI_REVERSE | UI_UNDERLINE | UI_DIM */
};

struct cellbuf {
	int		     w, h;
	struct cell	    *cells;
	uint32_t	    *dirty_rows;	/* bitmap: bit y % 32 of word y / 32 */
	const struct glyphs *g;		/* the ellipsis text is fitted with (NULL: UTF-8's) */
};

/* Words in a row bitmap for h rows. */
#define CELLBUF_ROW_WORDS(h) (((size_t)(h) + 31) / 32)

/* A new w x h buffer of blanks (role 0), all rows dirty; NULL on bad size or no memory. */
struct cellbuf *cellbuf_create(int w, int h);

/* Resize, keeping the overlapping cells; new cells blank, all rows dirty; 0 or -errno. */
int cellbuf_resize(struct cellbuf *cb, int w, int h);

/* Free a buffer (NULL is fine). */
void cellbuf_free(struct cellbuf *cb);

/* Make dst an exact copy of src (size, cells, dirty bits); 0 or -errno. */
int cellbuf_copy(struct cellbuf *dst, const struct cellbuf *src);

/* Set every cell to a blank of the given role. */
void cellbuf_clear(struct cellbuf *cb, uint8_t role);

/* The cell at (x, y), or NULL outside the buffer. */
const struct cell *cellbuf_get(const struct cellbuf *cb, int x, int y);

/* Write one code point at (x, y); 1 if inside the buffer, else 0. */
int cellbuf_put(struct cellbuf *cb, int x, int y, uint32_t ch, uint8_t role, uint8_t attr);

/* Write a UTF-8 string from (x, y), at most maxw columns (maxw < 0: to the
 * right edge); invalid bytes become U+FFFD.  Text wider than that is fitted
 * by cellbuf_fit's rule (a figure whole or not at all, a label shortened
 * with an ellipsis); spaces at its end are clipped.  Returns the columns
 * written. */
int cellbuf_put_str(struct cellbuf *cb, int x, int y, int maxw, const char *s,
		    uint8_t role, uint8_t attr);

/* The text s as it fits in maxw cells (maxw >= 0) by the rule above, as
 * UTF-8 into out (len bytes, always NUL-terminated), ellipsis the code point
 * marking what was shortened or dropped ('…' or the ASCII '~'); s itself
 * when it fits (spaces at its end clipped).  Returns the cells of out. */
int cellbuf_fit(const char *s, int maxw, uint32_t ellipsis, char *out, size_t len);

/* The ellipsis cellbuf_put_str fits text with: cb->g's, or '…'. */
uint32_t cellbuf_ellipsis(const struct cellbuf *cb);

/* Fill a w x h rectangle at (x, y) with one code point. */
void cellbuf_fill(struct cellbuf *cb, int x, int y, int w, int h, uint32_t ch,
		  uint8_t role, uint8_t attr);

/* A horizontal rule of w cells. */
void cellbuf_hline(struct cellbuf *cb, int x, int y, int w, const struct glyphs *g,
		   uint8_t role);

/* A w x h frame (w, h >= 2) with an optional title in its top edge
 * ("┌ title ───┐"); the inside is left alone. */
void cellbuf_box(struct cellbuf *cb, int x, int y, int w, int h, const struct glyphs *g,
		 uint8_t role, const char *title, uint8_t title_role);

/* Row y as UTF-8 without trailing spaces into buf; returns the length it
 * needs (like snprintf), or -1 for a row outside the buffer. */
int cellbuf_row_text(const struct cellbuf *cb, int y, char *buf, size_t len);

/* The whole buffer as UTF-8 lines ("\n" after each, trailing spaces trimmed);
 * malloc'd, the caller frees; NULL on no memory. */
char *cellbuf_to_text(const struct cellbuf *cb);

/* Mark row y dirty (rows outside the buffer are ignored). */
void cellbuf_mark_dirty(struct cellbuf *cb, int y);

/* Mark every row dirty. */
void cellbuf_mark_all_dirty(struct cellbuf *cb);

/* Clear every dirty bit. */
void cellbuf_clear_dirty(struct cellbuf *cb);

/* 1 if row y is dirty, else 0. */
int cellbuf_is_dirty(const struct cellbuf *cb, int y);

/* Rows of cur that differ from prev (all rows if the sizes differ) as a
 * bitmap of CELLBUF_ROW_WORDS(cur->h) words; returns how many differ. */
int cellbuf_diff(const struct cellbuf *prev, const struct cellbuf *cur, uint32_t *rows);

/* Decode one UTF-8 character from s (at most n bytes): its code point in *cp
 * (U+FFFD for an invalid or truncated sequence); returns the bytes used (>= 1),
 * 0 at a NUL or n == 0. */
int cellbuf_decode_utf8(const char *s, size_t n, uint32_t *cp);

/* Encode a code point as UTF-8 into out (4 bytes room); returns the length. */
int cellbuf_encode_utf8(uint32_t cp, char out[4]);

#endif
