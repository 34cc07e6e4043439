/*
 * Navigation: how the dashboard goes from one screen to another.
 *
 * The data model is the screen table of struct tui (t->views, indexed by
 * enum tui_view_id, set by tui_create) and t->view, the screen shown.  A
 * view that wants another screen asks here (tui_nav_open, with the drive it
 * should open with) instead of calling that view's functions: the target's
 * enter hook loads what it needs or refuses, then every other screen's
 * leave hook runs (the Sweep screen gives a borrowed sweep back).  This file
 * names no view, so views, key dispatch and the loop all call down to it.
 * UI thread only.
 */
#include "config.h"

#include "ui/tui.h"

/* Show screen v, if its enter hook agrees. */
int
tui_nav_open(struct tui *t, enum tui_view_id v, const struct tui_pick *pick)
{
	const struct tui_view *to = t->views[v];
	int		       rc;

	if (to->enter != NULL && (rc = to->enter(t, pick)) < 0)
		return rc;
	for (int i = 0; i < TUI_VIEW_COUNT; i++)
		if (i != (int)v && t->views[i]->leave != NULL)
			t->views[i]->leave(t);
	t->view = v;
	t->dirty = true;
	return 0;
}

/* The Drives screen's selection. */
struct tui_pick
tui_nav_selected(struct tui *t)
{
	const struct tui_view *d = t->views[TUI_VIEW_DRIVES];

	return d->selected != NULL ? d->selected(t) : (struct tui_pick){ 0 };
}
