/*
 * The Fleet screen's state: the hosts of `ui --hosts FILE` / `--host SPEC`,
 * the preset they run, and once started the struct fleet (core/fleet.h) whose
 * members the screen draws, one row per host and target.
 *
 * Before the first start there is no fleet yet (creating one opens targets
 * and begins stored runs): the screen draws a preview, one struct
 * fleet_member per host holding only the host and its drive's match
 * (fleet_match), in state waiting.  After a start the members are the
 * fleet's own (fleet_member).  Each member is held against its own matched
 * drive: refs[i] is that drive's sheet (struct tui_sheet, loaded once at the
 * start; ref_of[i] names the member whose sheet member i shares), read
 * through tui-ref.c exactly as the Sweep screen's bars are.  Enter lends a
 * member's sweep to the Sweep screen (tui_sweep_borrow); a member whose run
 * ended is kept for Compare once (kept[i]).
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.  UI thread only.
 */
#ifndef DD_VIEW_FLEET_H
#define DD_VIEW_FLEET_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-fleet.h"
#endif

#include <poll.h>

/* The Fleet screen and the fleet it drives. */
struct tui_fleet {
	struct fleet	    *fl;		/* NULL: not started yet */
	struct fleet_member *preview;		/* before the first start: the
						 * hosts and their matches */
	size_t		     npreview;
	struct arena	     a;			/* what the preview's matches hold */
	struct tui_sheet     refs[HOSTS_MAX];	/* member i's drive's sheet */
	unsigned char	     ref_of[HOSTS_MAX];	/* whose refs[] member i uses */
	bool		     kept[HOSTS_MAX];	/* member i's run went to Compare */
	bool		     ended[HOSTS_MAX];	/* member i's end was announced */
	int		     row_y[HOSTS_MAX];	/* where member i's row was drawn;
						 * -1 off screen (clicks) */
	bool		     setup;		/* the preset list is up */
	bool		     running;		/* started, not every member ended */
	size_t		     preset_sel, preset_top;
	size_t		     sel, top;		/* cursor row, first row shown */
	int64_t		     started;		/* unix seconds of the start */
	char		     plan_name[PLAN_NAME_MAX];
	size_t		     npoints;
};

extern const struct tui_view tui_view_fleet;

/* Prepare the screen for t->opts.hosts: the preview rows, the preset
 * (--preset, else spot), the setup up.  UI thread only. */
void tui_fleet_setup(struct tui *t);

/* Start the fleet with the chosen preset on every host; 0 or a negative
 * errno (message shown).  Signals must be blocked already (tui_run). */
int tui_fleet_start(struct tui *t);

/* Is the fleet running? */
bool tui_fleet_running(const struct tui *t);

/* Ask every member to stop (fleet_cancel); returns at once. */
void tui_fleet_stop(struct tui *t);

/* Fill pfd (at most max) with the running members' wake fds; how many. */
size_t tui_fleet_pollfds(const struct tui *t, struct pollfd *pfd, size_t max);

/* After poll said a member's fd is readable: fleet_update, then keep the
 * runs that ended for Compare, say what ended, keep a lent sweep current. */
void tui_fleet_poll(struct tui *t);

/* Stop, join and free the fleet and the screen's state (after curses
 * ended: joining may wait for a member's current interval). */
void tui_fleet_cleanup(struct tui *t);

#endif
