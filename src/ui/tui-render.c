/*
 * Frame rendering: the whole screen of the dashboard built into a cell
 * buffer, with no curses (tui-term.c sends the buffer to the terminal; a
 * test reads it as text).
 *
 * A frame is the title bar (row 0: the view's title, the theme, "? help"),
 * the view's body (rows 1 .. h - 3, drawn by the view's ops table), the rule
 * with the one-line message (row h - 2) and the status line of key hints
 * (row h - 1); the help overlay goes over all of it.  Below TUI_MIN_W x
 * TUI_MIN_H the frame is only the "too small" note.  Views are reached
 * through the view table (t->views) only; the drawing helpers they share are
 * tui-util.c's.  Everything reads struct tui and writes the cell buffer
 * only.  UI thread only.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/tui.h"

/* The title bar: " drivedash ─ <view title> ──── theme NAME ─ ? help ─". */
static void
tui_draw_title(struct tui *t, struct cellbuf *cb)
{
	const struct tui_view *v = t->views[t->view];
	char		       title[512], right[96];
	int		       x, rx;

	cellbuf_fill(cb, 0, 0, cb->w, 1, t->g->h, UI_BORDER, 0);
	title[0] = '\0';
	v->title(t, title, sizeof title);
	snprintf(right, sizeof right, " theme %s %s ? help ", t->theme.name, t->sym->hline);
	rx = cb->w - tui_cols(right) - 1;
	x = tui_print(cb, 0, 0, -1, UI_TITLE, UI_BOLD, " drivedash ");
	x += tui_print(cb, x, 0, -1, UI_BORDER, 0, "%s", t->sym->hline);
	/* A long title wins over the theme name on a narrow screen. */
	if (x + tui_cols(title) + 4 > rx)
		rx = cb->w;
	/* A space before the rule always: a title fitted to the room never
	 * runs into the rule ("nvme0n1──" would read as cut). */
	x += tui_print(cb, x, 0, rx - x - 2, UI_TITLE, 0, " %s", title);
	x += cellbuf_put(cb, x, 0, ' ', UI_TITLE, 0);
	if (rx > x + 1 && rx < cb->w)
		tui_print(cb, rx, 0, -1, UI_DIM_TEXT, 0, "%s", right);
}

/* The message as it fits in room columns: whole, or a path's message with
 * the middle of its path dropped at a '/' (tui_message_path), its file name
 * kept; another message is cut at the edge as any text is. */
static const char *
tui_msg_fit(const struct tui *t, int room, char *buf, size_t len)
{
	const char *path = t->msg + t->msg_path, *tail, *head;
	int	    avail;

	if (t->msg_path == 0 || tui_cols(t->msg) <= room)
		return t->msg;
	avail = room - tui_cols(t->sym->ellipsis);
	snprintf(buf, len, "%.*s", (int)t->msg_path, t->msg);
	avail -= tui_cols(buf);
	/* The longest end of the path that fits and starts at a '/'. */
	tail = NULL;
	for (const char *s = path + 1; *s != '\0'; s++)
		if (*s == '/' && tui_cols(s) <= avail) {
			tail = s;
			break;
		}
	if (tail == NULL)	/* not even "/name": the name's end, whole characters */
		for (tail = path; *tail != '\0' && tui_cols(tail) > avail;)
			while ((*++tail & 0xC0) == 0x80)
				;
	/* Then as many of the path's first directories as the rest leaves. */
	avail -= tui_cols(tail);
	head = path;
	for (const char *s = path + 1; s < tail; s++)
		if (*s == '/') {
			char part[sizeof t->msg];

			snprintf(part, sizeof part, "%.*s", (int)(s - path), path);
			if (tui_cols(part) > avail)
				break;
			head = s;
		}
	snprintf(buf + t->msg_path, len - t->msg_path, "%.*s%s%s", (int)(head - path), path,
		 t->sym->ellipsis, tail);
	return buf;
}

/* The rule (with the message) and the status line of key hints. */
static void
tui_draw_status(struct tui *t, struct cellbuf *cb)
{
	const struct tui_view *v = t->views[t->view];
	const char	      *hints, *p;
	int		       y = cb->h - 1, x = 1;
	char		       line[sizeof t->msg + 8];

	cellbuf_hline(cb, 0, cb->h - 2, cb->w, t->g, UI_BORDER);
	if (t->msg[0] != '\0')
		tui_print(cb, 1, cb->h - 2, cb->w - 2, t->msg_error ? UI_WARN : UI_TEXT,
			  t->msg_error ? UI_BOLD : 0, " %s ", tui_msg_fit(t, cb->w - 4, line,
								      sizeof line));
	cellbuf_fill(cb, 0, y, cb->w, 1, ' ', UI_STATUS, 0);
	hints = t->help.up ? t->help_view->hints(t) : v->hints(t);
	/* "key\tlabel\tkey\tlabel": keys bold, three spaces between pairs. */
	for (p = hints; *p != '\0' && x < cb->w;) {
		const char *tab = strchr(p, '\t');
		const char *end = tab != NULL ? strchr(tab + 1, '\t') : NULL;
		char	    key[32], label[96];

		if (tab == NULL)
			break;
		snprintf(key, sizeof key, "%.*s", (int)(tab - p), p);
		snprintf(label, sizeof label, "%.*s",
			 (int)(end != NULL ? end - tab - 1 : (long)strlen(tab + 1)), tab + 1);
		/* A key and its label whole, or an ellipsis and no more. */
		if (x + tui_cols(key) + 1 + tui_cols(label) >= cb->w) {
			cellbuf_put_str(cb, x, y, cb->w - 1 - x, t->sym->ellipsis, UI_STATUS, 0);
			break;
		}
		x += tui_print(cb, x, y, cb->w - x, UI_STATUS, UI_BOLD, "%s", key);
		x += tui_print(cb, x, y, cb->w - x, UI_STATUS, 0, " %s   ", label);
		p = end != NULL ? end + 1 : tab + 1 + strlen(tab + 1);
	}
	if (t->views[TUI_VIEW_SWEEP]->running(t) && x < cb->w - 12)
		tui_print_right(cb, cb->w - 1, y, UI_STATUS, UI_BOLD, "sweep running");
}

/* The too-small state: what is needed, what there is. */
static void
tui_draw_small(struct tui *t, struct cellbuf *cb)
{
	char	    line[96], need[64];
	const char *lines[4];
	int	    n = 0, y;

	snprintf(line, sizeof line, "terminal too small (need %dx%d, have %dx%d)", TUI_MIN_W,
		 TUI_MIN_H, cb->w, cb->h);
	snprintf(need, sizeof need, "(need %dx%d, have %dx%d)", TUI_MIN_W, TUI_MIN_H, cb->w, cb->h);
	/* One line if it fits, else two. */
	if (tui_cols(line) <= cb->w) {
		lines[n++] = line;
	} else {
		lines[n++] = "terminal too small";
		lines[n++] = need;
	}
	lines[n++] = "enlarge the window";
	lines[n++] = "q quits";
	cellbuf_clear(cb, UI_DEFAULT);
	y = (cb->h - n) / 2;
	for (int i = 0; i < n; i++) {
		int x = (cb->w - tui_cols(lines[i])) / 2;
		bool head = i == 0 || (i == 1 && lines[0] != line);

		cellbuf_put_str(cb, x < 0 ? 0 : x, y + i, -1, lines[i], head ? UI_WARN : UI_DIM_TEXT,
				head ? UI_BOLD : 0);
	}
	(void)t;
}

/* Render the whole screen. */
void
tui_render(struct tui *t, struct cellbuf *cb)
{
	t->w = cb->w;
	t->h = cb->h;
	cb->g = t->g;	/* text is fitted with this glyph set's ellipsis */
	cellbuf_clear(cb, UI_DEFAULT);
	if (cb->w < TUI_MIN_W || cb->h < TUI_MIN_H) {
		tui_draw_small(t, cb);
		return;
	}
	tui_draw_title(t, cb);
	t->views[t->view]->draw(t, cb, 1, cb->h - 3);
	tui_draw_status(t, cb);
	if (t->help.up)
		t->help_view->draw(t, cb, 0, cb->h);
}
