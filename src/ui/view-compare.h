/*
 * The Compare screen's state: the drives marked for compare and the scroll.
 * What the screen shows is a core comparison table (core/cmptab.h), built
 * from the marks and the runs each frame.
 *
 * A mark is a struct tui_pick with its spec sheet loaded alongside
 * (mark_sheets[i] belongs to marks[i]), so drawing never touches the
 * database.  The runs the screen also shows are the session's finished
 * sweeps (t->runs, kept by the Sweep screen).  left is the first column
 * shown when the columns do not fit, shown how many the last frame showed
 * (Left/Right turn a page of that many).
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.
 */
#ifndef DD_VIEW_COMPARE_H
#define DD_VIEW_COMPARE_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-compare.h"
#endif

/* The marks and scroll of the Compare screen. */
struct tui_compare {
	struct tui_pick	 marks[TUI_MARKS_MAX];
	struct tui_sheet mark_sheets[TUI_MARKS_MAX];
	size_t		 nmarks;
	int		 left;		/* first compare column shown */
	int		 shown;		/* columns the last frame showed: a page */
	int		 top;		/* first table row shown */
};

extern const struct tui_view tui_view_compare;

/* ---- marks.c: the compare marks (calls no view) ---- */

/* Free the compare marks and the recorded runs. */
void tui_compare_cleanup(struct tui *t);

/* Mark or unmark a drive for compare; returns the marks after. */
size_t tui_toggle_mark(struct tui *t, struct tui_pick p);

/* Is this family marked (any capacity point)? */
bool tui_is_marked(const struct tui *t, const struct spec_family *f);

#endif
