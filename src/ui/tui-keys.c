/*
 * Key dispatch: what a key does on the dashboard.
 *
 * tui_handle() takes one struct tui_event (from tui-term.c, or a test) and
 * hands it on in order: an armed "q again quits" first, then the help
 * overlay (which takes every key), the too-small screen (only q and x), a
 * filter being typed on the Drives screen or on History (and History's y/n
 * question), the global keys (q ? t x f 1-5 H Ctrl-L), and last the current
 * view's own key function; Esc left over goes
 * back to the Drives screen.  Keys only change state and set t->dirty; the
 * loop draws the next frame.  This file also holds what global keys do:
 * switching views, the one-line message, and the theme cycle.
 * UI thread only.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/tui-term.h"
#include "ui/tui.h"

/* The themes `t` cycles through. */
static const char *const tui_themes[] = { "default", "light", "high-contrast", "mono" };
#define TUI_NTHEMES (int)(sizeof tui_themes / sizeof tui_themes[0])

/* Set the one-line message. */
void
tui_message(struct tui *t, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	va_end(ap);
	t->msg_error = error;
	t->dirty = true;
	/* The log keeps errors: stderr is the log file while curses is up. */
	if (error)
		fprintf(stderr, "drivedash: %s\n", t->msg);
}

/* Switch screens, loading what the new one needs. */
void
tui_set_view(struct tui *t, enum tui_view_id v)
{
	if (v == TUI_VIEW_SHEET && !t->sheet.sheet.loaded) {
		struct tui_pick p = tui_drives_selected(t);

		if (p.fam == NULL) {
			tui_message(t, false, "select a drive first (Enter on a database row)");
			return;
		}
		tui_sheet_open(t, p);
	}
	if (v == TUI_VIEW_SWEEP && t->sweep.sw == NULL && t->sweep.ntargets == 0)
		tui_sweep_setup(t, tui_drives_selected(t));
	if (v == TUI_VIEW_HISTORY)
		tui_history_load(t);
	if (v == TUI_VIEW_FLEET && t->opts.nhosts == 0) {
		tui_message(t, false, "no fleet: start the dashboard with --hosts FILE or --host SPEC");
		return;
	}
	if (v == TUI_VIEW_FLEET && t->fleet.fl == NULL && t->fleet.preview == NULL)
		tui_fleet_setup(t);
	if (v != TUI_VIEW_SWEEP && t->sweep.borrowed)	/* a fleet host's sweep goes back */
		tui_sweep_return(t);
	t->view = v;
	t->dirty = true;
}

/* Load theme name_or_path into t; the cycle index follows the name; err
 * says why it could not be read. */
int
tui_theme_open(struct tui *t, const char *name_or_path, struct dd_error *err)
{
	struct theme_report rep;
	int		    rc = theme_load(&t->theme, name_or_path, &rep);

	t->theme_idx = -1;
	for (int i = 0; i < TUI_NTHEMES; i++)
		if (strcmp(name_or_path, tui_themes[i]) == 0)
			t->theme_idx = i;
	/* Read but with bad lines (rep.path is set once the text was read). */
	if (rc == -EINVAL && rep.path[0] != '\0') {
		for (int i = 0; i < rep.n_notes; i++)
			fprintf(stderr, "drivedash: theme %s: %s\n", name_or_path, rep.notes[i].text);
		return 0;
	}
	if (rc < 0)
		dd_error_set(err, rc, "%s (see drivedash-theme(5))",
			     rep.n_notes > 0 ? rep.notes[0].text : strerror(-rc));
	return rc;
}

/* Load theme name_or_path into t; the cycle index follows the name. */
int
tui_theme_load(struct tui *t, const char *name_or_path)
{
	return tui_theme_open(t, name_or_path, NULL);
}

/* Cycle to the next theme. */
static void
tui_theme_next(struct tui *t)
{
	int next = t->theme_idx < 0 ? 0 : (t->theme_idx + 1) % TUI_NTHEMES;

	if (tui_theme_load(t, tui_themes[next]) < 0) {
		theme_init_default(&t->theme);
		t->theme_idx = 0;
		tui_message(t, true, "theme %s not found; using the built-in default",
			    tui_themes[next]);
	} else {
		tui_message(t, false, "theme %s", t->theme.name);
	}
	tui_term_theme_changed(t);
	t->dirty = true;
}

/* x: stop what runs.  On the Fleet screen every host; on the Sweep screen
 * its sweep (a fleet host's: that host only); elsewhere the local sweep,
 * else the fleet. */
static void
tui_stop(struct tui *t)
{
	if (t->view == TUI_VIEW_FLEET && tui_fleet_running(t))
		tui_fleet_stop(t);
	else if (tui_sweep_running(t) || t->sweep.borrowed)
		tui_sweep_stop(t);
	else
		tui_fleet_stop(t);
}

/* Handle one event. */
void
tui_handle(struct tui *t, const struct tui_event *ev)
{
	int key = ev->key;


	t->dirty = true;
	if (t->quit_armed) {
		t->quit_armed = false;
		t->msg[0] = '\0';
		if (key == 'q') {
			t->quit = true;
			return;
		}
	} else if (key != TUI_KEY_CLICK) {
		t->msg[0] = '\0';
	}
	if (t->help.up) {
		tui_help_key(t, ev);
		return;
	}
	/* Too small: only quitting and stopping make sense. */
	if (t->w < TUI_MIN_W || t->h < TUI_MIN_H) {
		if (key == 'q')
			t->quit = true;
		else if (key == 'x')
			tui_stop(t);
		return;
	}
	/* A filter being typed takes every key first. */
	if ((t->view == TUI_VIEW_DRIVES && t->drives.editing) ||
	    (t->view == TUI_VIEW_HISTORY && (t->history.editing || t->history.confirm))) {
		tui_views[t->view]->key(t, ev);
		return;
	}
	switch (key) {
	case 'q':
		if (tui_sweep_running(t) || tui_fleet_running(t)) {
			t->quit_armed = true;
			tui_message(t, false, "a %s is running: q again stops it and quits, "
				    "any other key goes on", tui_sweep_running(t) ? "sweep" : "fleet");
		} else {
			t->quit = true;
		}
		return;
	case '?':
		t->help.up = true;
		return;
	case 't':
		tui_theme_next(t);
		return;
	case 'x':
		if (tui_sweep_running(t) || tui_fleet_running(t)) {
			tui_stop(t);
			return;
		}
		break;
	case 'f':
		tui_set_view(t, TUI_VIEW_FLEET);
		return;
	case '1': case '2': case '3': case '4': case '5':
		tui_set_view(t, (enum tui_view_id)(key - '1'));
		return;
	case 'H':
		tui_set_view(t, TUI_VIEW_HISTORY);
		return;
	case 'L' - '@':		/* Ctrl-L */
		tui_term_repaint();
		return;
	}
	if (tui_views[t->view]->key(t, ev))
		return;
	if (key == TUI_KEY_ESC && t->view != TUI_VIEW_DRIVES)
		tui_set_view(t, TUI_VIEW_DRIVES);
}
