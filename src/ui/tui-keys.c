/*
 * Key dispatch: what a key does on the dashboard.
 *
 * tui_handle() takes one struct tui_event (from tui-term.c, or a test) and
 * hands it on in order: an armed "q again quits" first, then the help
 * overlay (which takes every key), the too-small screen (only q and x), a
 * filter or question being typed (the view's modal hook: Drives' filter,
 * History's filter and y/n), the global keys (q ? t x f 1-5 H Ctrl-L), and
 * last the current view's own key function; Esc left over goes back to the
 * Drives screen.  Views are reached through the view table (t->views) and
 * screens change through tui_nav_open only.  Keys only change state and set
 * t->dirty (t->repaint and t->theme_changed for the terminal side, which
 * tui-term.c follows); the loop draws the next frame.  This file also holds
 * the theme cycle.  UI thread only.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/prefs.h"
#include "ui/tui.h"

/* The themes `t` cycles through. */
static const char *const tui_themes[] = { "default", "light", "high-contrast", "mono" };
#define TUI_NTHEMES (int)(sizeof tui_themes / sizeof tui_themes[0])

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

/* Save the theme the user switched to in the preferences file (when the
 * dashboard was asked to: opts.save_theme) and say so. */
static void
tui_theme_save(struct tui *t)
{
	struct dd_error err = { 0 };

	if (!t->opts.save_theme) {
		tui_message(t, false, "theme %s", t->theme.name);
		return;
	}
	if (prefs_set("theme", t->theme.name, &err) < 0)
		tui_message(t, true, "theme %s, not saved: %s", t->theme.name, err.msg);
	else
		tui_message(t, false, "theme %s (saved)", t->theme.name);
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
		tui_theme_save(t);
	}
	t->theme_changed = true;	/* the terminal side follows (tui-term.c) */
	t->dirty = true;
}

/* The first screen that runs something (a sweep, a fleet); NULL: none. */
static const struct tui_view *
tui_running(const struct tui *t)
{
	for (int i = 0; i < TUI_VIEW_COUNT; i++)
		if (t->views[i]->running != NULL && t->views[i]->running(t))
			return t->views[i];
	return NULL;
}

/* x: stop what runs: the current screen's if it runs something (on the
 * Fleet screen every host), else the first screen with something of its
 * own to stop (the Sweep screen's sweep, a lent one too; then the fleet). */
static void
tui_stop(struct tui *t)
{
	const struct tui_view *v = t->views[t->view];

	if (v->running != NULL && v->running(t) && v->stop != NULL) {
		v->stop(t);
		return;
	}
	for (int i = 0; i < TUI_VIEW_COUNT; i++)
		if (t->views[i]->stop != NULL && t->views[i]->stop(t))
			return;
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
		t->help_view->key(t, ev);
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
	if (t->views[t->view]->modal != NULL && t->views[t->view]->modal(t)) {
		t->views[t->view]->key(t, ev);
		return;
	}
	switch (key) {
	case 'q':
		if (tui_running(t) != NULL) {
			t->quit_armed = true;
			tui_message(t, false, "a %s is running: q again stops it and quits, "
				    "any other key goes on", tui_running(t)->name);
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
		if (tui_running(t) != NULL) {
			tui_stop(t);
			return;
		}
		break;
	case 'f':
		tui_nav_open(t, TUI_VIEW_FLEET, NULL);
		return;
	case '1': case '2': case '3': case '4': case '5':
		tui_nav_open(t, (enum tui_view_id)(key - '1'), NULL);
		return;
	case 'H':
		tui_nav_open(t, TUI_VIEW_HISTORY, NULL);
		return;
	case 'L' - '@':		/* Ctrl-L */
		t->repaint = true;	/* the terminal side follows (tui-term.c) */
		return;
	}
	if (t->views[t->view]->key(t, ev))
		return;
	if (key == TUI_KEY_ESC && t->view != TUI_VIEW_DRIVES)
		tui_nav_open(t, TUI_VIEW_DRIVES, NULL);
}
