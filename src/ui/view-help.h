/*
 * The help overlay's state and functions.
 *
 * Help is not a screen of its own but an overlay drawn over whichever
 * screen is up (tui_render draws t->help_view last); while it is up it
 * takes every key (tui_handle sends them to its key hook): j/k and
 * PgDn/PgUp scroll, any other key closes it.
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.
 */
#ifndef DD_VIEW_HELP_H
#define DD_VIEW_HELP_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-help.h"
#endif

/* Whether the help overlay is up, and its scroll. */
struct tui_help {
	bool up;
	int  top;	/* first line shown */
};

/* The overlay's ops (struct tui_view; t->help_view): draw covers the
 * whole screen, key is tui_help_key, hints the status line's. */
extern const struct tui_view tui_view_help;

/* Draw the help overlay over the screen. */
void tui_help_draw(struct tui *t, struct cellbuf *cb);

/* A key while the help overlay is up (every key closes it). */
int tui_help_key(struct tui *t, const struct tui_event *ev);

#endif
