/*
 * The help overlay: every key, in a framed box over the current screen.
 * The table is data (struct help_line); a line with no key is a section
 * heading.  Down/Up and PgDn/PgUp scroll it on a short terminal; any other
 * key closes it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "ui/tui.h"

/* One line of the help: a key and what it does, or a heading (key NULL). */
struct help_line {
	const char *key, *text;
};

static const struct help_line help_lines[] = {
	{ NULL, "Everywhere" },
	{ "1 2 3 4 5", "Drives, Spec sheet, Sweep, Compare, History screens" },
	{ "H", "History: the stored runs" },
	{ "f", "Fleet: every host of --hosts / --host, live" },
	{ "Esc", "back to Drives (clears a filter there)" },
	{ "t", "next theme: default, light, high-contrast, mono" },
	{ "x", "stop the running sweep or fleet (what finished is kept)" },
	{ "?", "this help" },
	{ "q", "quit (a sweep runs: q again stops it and quits)" },
	{ "Ctrl-L", "redraw the screen" },
	{ NULL, "Drives" },
	{ "Up Down j k", "move (PgUp PgDn Home End jump; click selects)" },
	{ "Left Right h l", "pick the capacity point of a family" },
	{ "Enter", "spec sheet (of a detected drive: of its match)" },
	{ "/", "filter by family, SKU or vendor; Esc clears" },
	{ "c", "mark or unmark the drive for compare (up to 4)" },
	{ "C", "compare the marked drives and finished runs" },
	{ "s", "sweep setup: this drive is the reference" },
	{ "", "(on a detected device: that device is the target)" },
	{ "[7.68 TB]", "the capacity point whose figures the row shows" },
	{ "54 rv", "figures the reviews measured for the family" },
	{ NULL, "Spec sheet" },
	{ "Up Down PgUp PgDn", "scroll; h l pick the capacity point" },
	{ "c  s", "mark for compare, sweep against it" },
	{ NULL, "Sweep" },
	{ "Tab", "setup: move between target and preset" },
	{ "Up Down Left Right", "setup: choose the target or the preset (the list scrolls)" },
	{ "s  Enter", "start the sweep (s again after it ends: a new run)" },
	{ "x", "stop the sweep" },
	{ "e", "back to the setup once a sweep has ended" },
	{ "r  R", "next / previous reference drive (any with reviews)" },
	{ "j k PgUp PgDn", "the cursor of the finished points" },
	{ "Enter", "the cursor's point: intervals, percentiles, histogram" },
	{ "w  W", "heat map: next / previous workload of the run" },
	{ "p", "load curve: plot p99 latency instead of the mean (again: back)" },
	{ "P", "HTML report of the ended run (into reports/)" },
	{ NULL, "History" },
	{ "Enter", "open the run in the Sweep screen (spec, review, points)" },
	{ "/", "filter: words, serial:X host:X since:YYYY-MM-DD" },
	{ "Space  C", "mark runs (up to 4), compare the marked ones" },
	{ "d  then y", "delete the run (any other key keeps it)" },
	{ "P", "HTML report of the marked runs (none: the cursor's)" },
	{ NULL, "Compare" },
	{ "Left Right  h l", "page the columns when they do not all fit (\"2 of 4 \u25b8\")" },
	{ "Up Down PgUp PgDn", "scroll the rows" },
	{ "d  Backspace", "drop the last marked drive" },
	{ "P", "HTML report of the runs compared" },
	{ NULL, "Fleet" },
	{ "s  Enter", "setup: start the preset on every host at once" },
	{ "Up Down j k", "the preset (setup), else the host" },
	{ "Enter", "the host's sweep in the Sweep screen (Esc or f: back)" },
	{ "x", "stop every host (on the Sweep screen: that host only)" },
	{ "e  Tab", "the preset list again once the fleet has ended" },
};

#define HELP_NLINES (int)(sizeof help_lines / sizeof help_lines[0])

/* Draw the help box centred over the screen. */
void
tui_help_draw(struct tui *t, struct cellbuf *cb)
{
	int w = cb->w > 84 ? 80 : cb->w - 4, h = HELP_NLINES + 4;
	int x, y, row, fit;

	if (h > cb->h - 2)
		h = cb->h - 2;
	fit = h - 4;
	if (t->help.top > HELP_NLINES - fit)
		t->help.top = HELP_NLINES - fit;
	if (t->help.top < 0)
		t->help.top = 0;
	x = (cb->w - w) / 2;
	y = (cb->h - h) / 2;
	cellbuf_fill(cb, x, y, w, h, ' ', UI_DEFAULT, 0);
	cellbuf_box(cb, x, y, w, h, t->g, UI_BORDER, "keys", UI_TITLE);
	row = y + 1;
	for (int i = t->help.top; i < HELP_NLINES && row < y + h - 2; i++, row++) {
		const struct help_line *l = &help_lines[i];

		if (l->key == NULL)
			tui_print(cb, x + 2, row, w - 4, UI_TITLE, UI_BOLD, "%s", l->text);
		else {
			tui_print(cb, x + 4, row, 18, UI_KEY, UI_BOLD, "%s", l->key);
			tui_print(cb, x + 23, row, w - 25, UI_TEXT, 0, "%s", l->text);
		}
	}
	if (fit < HELP_NLINES)
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0,
			  "j/k PgDn/PgUp scroll (%d-%d of %d) %s any other key closes", t->help.top + 1,
			  t->help.top + fit, HELP_NLINES, t->sym->dot);
	else
		tui_print(cb, x + 2, y + h - 2, w - 4, UI_DIM_TEXT, 0,
			  "any key closes this %s drivedash(1) DASHBOARD has the details", t->sym->dot);
}

/* Scroll keys scroll the help, any other key closes it. */
int
tui_help_key(struct tui *t, const struct tui_event *ev)
{
	t->dirty = true;
	switch (ev->key) {
	case TUI_KEY_DOWN: case 'j': case TUI_KEY_WHEEL_DOWN:
		t->help.top++;
		return 1;
	case TUI_KEY_UP: case 'k': case TUI_KEY_WHEEL_UP:
		t->help.top--;
		return 1;
	case TUI_KEY_PGDN: case ' ':
		t->help.top += 10;
		return 1;
	case TUI_KEY_PGUP:
		t->help.top -= 10;
		return 1;
	}
	t->help.up = false;
	t->help.top = 0;
	t->dirty = true;
	return 1;
}

/* The overlay as a view (its title and hints are the frame's while it is
 * up; it draws over the whole screen, whatever rows it is given). */
static void
help_title(struct tui *t, char *buf, size_t len)
{
	(void)t;
	snprintf(buf, len, "Help");
}

static void
help_draw(struct tui *t, struct cellbuf *cb, int y, int h)
{
	(void)y;
	(void)h;
	tui_help_draw(t, cb);
}

static const char *
help_hints(struct tui *t)
{
	(void)t;
	return "?\tclose help\tq\tclose help";
}

const struct tui_view tui_view_help = {
	.name = "help",
	.title = help_title,
	.draw = help_draw,
	.key = tui_help_key,
	.hints = help_hints,
};
