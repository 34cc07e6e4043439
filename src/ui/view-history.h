/*
 * The History screen's state: the runs of the results store
 * (src/core/results.h) as results_list returned them, newest first, with
 * the cursor, the scroll, the filter (a results_query text: free words,
 * "serial:X", "host:X", "since:YYYY-MM-DD" ...), the runs marked for
 * Compare (by run id) and a delete waiting for its y/n.  The list is read
 * again whenever the screen opens or the filter, or the store, changes
 * (tui_history_load); drawing never touches the store.
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.
 */
#ifndef DD_VIEW_HISTORY_H
#define DD_VIEW_HISTORY_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-history.h"
#endif

struct results_prov;

/* The History screen. */
struct tui_history {
	struct results_prov *runs;		/* malloc'd (results_list) */
	size_t		     n, sel, top;	/* rows, cursor, first row shown */
	bool		     loaded;		/* runs holds the store's list */
	char		     filter[128];	/* results_query text; "" all */
	bool		     editing;		/* typing the filter */
	bool		     confirm;		/* "delete run #N? y/n" is up */
	int64_t		     marks[TUI_RUNS_MAX];	/* run ids marked for Compare */
	size_t		     nmarks;
	char		     note[512];		/* why the store cannot be read; "" */
	char		     path[PATH_MAX];	/* the store's path */
	int		     list_y;		/* where the list was drawn (mouse) */
};

extern const struct tui_view tui_view_history;

/* Read the runs (through the filter) from the store again.  UI thread. */
void tui_history_load(struct tui *t);

/* Open stored run id in the Sweep screen, as a finished sweep beside its
 * drive's spec and review; 0 or a negative errno (message shown). */
int tui_history_open_run(struct tui *t, int64_t id);

/* Free what the History screen holds. */
void tui_history_free(struct tui *t);

#endif
