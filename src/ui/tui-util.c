/*
 * What every view and the frame share, below all of them: the symbol
 * strings with their ASCII twins (struct tui_syms; tui_set_charset picks
 * them with the glyphs), the one-line message (t->msg, tui_message) and the
 * drawing helpers (tui_print & co., over the cell buffer).  It reads and
 * writes struct tui and the cell buffer only and calls no view and no part
 * of the frame, so every other file of src/ui may call it and the calls run
 * one way.  UI thread only.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/tui.h"
#include "lib/utf8.h"

static const struct tui_syms tui_syms_utf8 = {
	.times = "×", .micro = "µ", .deg = "°", .dot = "·", .arrow = "→", .dash = "—",
	.ellipsis = "…", .ok = "✓", .bad = "✗", .review = "◆", .spec = "│",
	.measured = "█", .cursor = "▸", .warn = "⚠", .hline = "─",
};

static const struct tui_syms tui_syms_ascii = {
	.times = "x", .micro = "u", .deg = "", .dot = "-", .arrow = "->", .dash = "-",
	.ellipsis = "~", .ok = "+", .bad = "x", .review = "*", .spec = "|",
	.measured = "#", .cursor = ">", .warn = "!", .hline = "-",
};

/* Pick the glyphs and symbols: UTF-8 ones, or their ASCII twins. */
void
tui_set_charset(struct tui *t, bool utf8)
{
	t->utf8 = utf8;
	t->g = glyphs_get(utf8);
	t->sym = utf8 ? &tui_syms_utf8 : &tui_syms_ascii;
}

/* Columns of a UTF-8 string. */
int
tui_cols(const char *s)
{
	return utf8_width(s);
}

/* printf into the cell buffer. */
int
tui_print(struct cellbuf *cb, int x, int y, int maxw, uint8_t role, uint8_t attr,
	  const char *fmt, ...)
{
	char	buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return cellbuf_put_str(cb, x, y, maxw, buf, role, attr);
}

/* Text that fits whole before the screen's last column, or nothing. */
int
tui_print_whole(struct cellbuf *cb, int x, int y, uint8_t role, uint8_t attr, const char *s)
{
	if (x + tui_cols(s) >= cb->w)
		return 0;
	return cellbuf_put_str(cb, x, y, -1, s, role, attr);
}

/* Right-aligned text ending before column x1; wider than the x1 columns
 * left of it: fitted to them (cellbuf_fit), still right-aligned. */
int
tui_print_right(struct cellbuf *cb, int x1, int y, uint8_t role, uint8_t attr, const char *s)
{
	char fit[1024];
	int  x = x1 - tui_cols(s), n;

	if (x >= 0) {
		cellbuf_put_str(cb, x, y, x1 - x, s, role, attr);
		return x;
	}
	n = cellbuf_fit(s, x1 > 0 ? x1 : 0, cellbuf_ellipsis(cb), fit, sizeof fit);
	cellbuf_put_str(cb, x1 - n, y, n, fit, role, attr);
	return x1 - n;
}

/* Right-aligned text fitted to a cell of w columns from x. */
int
tui_print_cell(struct cellbuf *cb, int x, int w, int y, uint8_t role, uint8_t attr,
	       const char *s)
{
	char fit[1024];
	int  n = cellbuf_fit(s, w, cellbuf_ellipsis(cb), fit, sizeof fit);

	return cellbuf_put_str(cb, x + w - n, y, n, fit, role, attr);
}

/* Set the one-line message. */
void
tui_message(struct tui *t, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	va_end(ap);
	t->msg_error = error;
	t->msg_path = 0;
	t->dirty = true;
	/* The log keeps errors: stderr is the log file while curses is up. */
	if (error)
		fprintf(stderr, "drivedash: %s\n", t->msg);
}

/* A message naming a file (tui.h). */
void
tui_message_path(struct tui *t, bool error, const char *what, const char *path)
{
	size_t n = strlen(what) + 2;	/* "WHAT: " */

	tui_message(t, error, "%s: %s", what, path);
	if (n < strlen(t->msg))
		t->msg_path = n;
}

