/*
 * The Drives screen's state and the functions other screens call.
 *
 * The list is rebuilt (tui_drives_rebuild) from the devices discovery found
 * and the database's families through the filter: struct tui_row entries
 * that point into t->devs or t->fams by index, so rebuilding never copies a
 * drive.  struct tui_drives keeps the cursor, the scroll, the filter text
 * and, per family, the capacity point picked with Left/Right.
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.
 */
#ifndef DD_VIEW_DRIVES_H
#define DD_VIEW_DRIVES_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-drives.h"
#endif

/* One row of the Drives list. */
enum tui_row_kind {
	TUI_ROW_HEADING,	/* "DETECTED", "DATABASE": not selectable */
	TUI_ROW_NOTE,		/* a dim line: not selectable */
	TUI_ROW_DEVICE,		/* t->devs[idx] */
	TUI_ROW_VENDOR,		/* vendor of t->fams[idx]: not selectable */
	TUI_ROW_FAMILY,		/* t->fams[idx] */
};

struct tui_row {
	enum tui_row_kind kind;
	size_t		  idx;
};

/* Cursor, scroll and filter of the Drives screen. */
struct tui_drives {
	struct tui_row *rows;
	size_t		nrows;
	size_t		sel, top;	/* selected row, first row shown */
	size_t	       *cap_sel;	/* per family: the capacity point picked */
	char		filter[64];
	bool		editing;	/* typing a filter */
	size_t		nshown;		/* families the filter lets through */
	int		list_y, list_h;	/* where the list was drawn (mouse) */
	size_t		dev_top;	/* first DETECTED device row shown */
	int		dev_h;		/* lines the DETECTED section took, heading included */
};

extern const struct tui_view tui_view_drives;

/* Rebuild the Drives list after the filter or discovery changed. */
void tui_drives_rebuild(struct tui *t);

/* The picked capacity point of a family on the Drives screen. */
const struct spec_drive *tui_family_drive(const struct tui *t, const struct spec_family *f);

#endif
