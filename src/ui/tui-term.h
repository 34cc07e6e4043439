/*
 * The curses backend of the dashboard: the only code that includes curses.
 *
 * A struct tui_term (opaque outside tui-term.c) is the terminal side of one
 * dashboard run: the curses SCREEN, the colour mode, two cell buffers (the
 * frame being built and the last one sent) and whether the next frame must
 * repaint every row.  The loop (tui.c) starts it, asks it to draw frames
 * (tui_render() into the cell buffer, then only the changed rows go out),
 * hands it stdin when poll says there is input, and ends it on every way
 * out.  Keys arrive at the rest of the UI as struct tui_event only.
 *
 * UI thread only.
 */
#ifndef DD_TUI_TERM_H
#define DD_TUI_TERM_H

#include <stdbool.h>

#include "lib/error.h"

struct tui;
struct tui_term;

/* Start curses on stdout/stdin with stderr sent to a log file; 0 and *out,
 * or a negative errno with err set (the terminal is left as it was). */
int tui_term_start(struct tui *t, struct tui_term **out, struct dd_error *err);

/* End curses, give stderr back and free term; NULL is fine. */
void tui_term_end(struct tui_term *term);

/* Draw a frame: tui_render(), then only the rows that changed, one update. */
void tui_term_frame(struct tui *t, struct tui_term *term);

/* Must the next frame repaint everything (resize, theme, Ctrl-L)? */
bool tui_term_repaint_pending(const struct tui_term *term);

/* Read every pending key and click and hand each to tui_handle(). */
void tui_term_input(struct tui *t, struct tui_term *term);

/* The terminal changed size: follow it (SIGWINCH or KEY_RESIZE). */
void tui_term_resize(struct tui *t, struct tui_term *term);

#endif
