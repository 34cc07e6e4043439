/*
 * The compare marks: the drives marked for compare (c on Drives and on a
 * spec sheet), each with its spec sheet loaded alongside, and the runs kept
 * for the Compare screen freed with them.
 *
 * The data model is struct tui_compare (view-compare.h): marks[i] and
 * mark_sheets[i] belong together, at most TUI_MARKS_MAX.  The Drives and
 * Sheet screens change the marks here and the Compare screen reads them, so
 * no screen calls another's functions.  It calls no view.  UI thread only.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ui/tui.h"

/* Is any capacity point of this family marked? */
bool
tui_is_marked(const struct tui *t, const struct spec_family *f)
{
	for (size_t i = 0; i < t->compare.nmarks; i++)
		if (t->compare.marks[i].fam == f)
			return true;
	return false;
}

/* Mark or unmark a drive. */
size_t
tui_toggle_mark(struct tui *t, struct tui_pick p)
{
	struct dd_error err = { 0 };
	char		label[128];

	for (size_t i = 0; i < t->compare.nmarks; i++)
		if (t->compare.marks[i].fam == p.fam) {
			tui_sheet_free(&t->compare.mark_sheets[i]);
			memmove(&t->compare.marks[i], &t->compare.marks[i + 1], (t->compare.nmarks - i - 1) * sizeof t->compare.marks[0]);
			memmove(&t->compare.mark_sheets[i], &t->compare.mark_sheets[i + 1],
				(t->compare.nmarks - i - 1) * sizeof t->compare.mark_sheets[0]);
			t->compare.nmarks--;
			memset(&t->compare.mark_sheets[t->compare.nmarks], 0, sizeof t->compare.mark_sheets[0]);
			tui_message(t, false, "%s unmarked (%zu marked)",
				    tui_pick_label(p, true, label, sizeof label), t->compare.nmarks);
			return t->compare.nmarks;
		}
	if (t->compare.nmarks == TUI_MARKS_MAX) {
		tui_message(t, true, "already %d drives marked: c on one of them unmarks it",
			    TUI_MARKS_MAX);
		return t->compare.nmarks;
	}
	if (tui_sheet_load(&t->compare.mark_sheets[t->compare.nmarks], t->db, p, &err) < 0) {
		tui_message(t, true, "%s", err.msg);
		return t->compare.nmarks;
	}
	t->compare.marks[t->compare.nmarks++] = p;
	tui_message(t, false, "%s marked for compare (%zu marked%s)",
		    tui_pick_label(p, true, label, sizeof label), t->compare.nmarks,
		    t->compare.nmarks >= 2 ? "; C compares" : "");
	return t->compare.nmarks;
}

/* Free marks and runs. */
void
tui_compare_cleanup(struct tui *t)
{
	for (size_t i = 0; i < TUI_MARKS_MAX; i++)
		tui_sheet_free(&t->compare.mark_sheets[i]);
	t->compare.nmarks = 0;
	for (size_t i = 0; i < t->nruns; i++)
		free(t->runs[i].pts);
	t->nruns = 0;
}
