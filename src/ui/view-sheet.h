/*
 * The Spec sheet screen's state: the sheet it shows and its scroll.
 *
 * The sheet (struct tui_sheet, loaded by tui-ref.c into its own arena) is
 * laid out into lines at draw time; top is the first line shown and nlines
 * the count of the last layout, so scrolling stops at the end.
 *
 * struct tui holds this state by value, so ui/tui.h includes this header
 * after the types it needs: include ui/tui.h, not this file.
 */
#ifndef DD_VIEW_SHEET_H
#define DD_VIEW_SHEET_H

#ifndef DD_TUI_H
#error "include ui/tui.h, which includes ui/view-sheet.h"
#endif

/* Scroll of the spec sheet screen. */
struct tui_sheetview {
	struct tui_sheet sheet;
	int		 top, nlines;
};

extern const struct tui_view tui_view_sheet;

/* Load p's spec sheet and show it. */
void tui_sheet_open(struct tui *t, struct tui_pick p);

#endif
