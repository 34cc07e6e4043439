/*
 * The curses backend: the only file that includes curses (tui-term.h has
 * the model).
 *
 * tui_term_frame() has tui_render() build the whole screen into a cell
 * buffer (no curses), cellbuf_diff() against the previous frame picks the
 * rows that changed, only those are written to stdscr, and one doupdate()
 * sends them.  Keys and mouse clicks are read with get_wch()/getmouse() and
 * become struct tui_event for tui_handle(); what a key asks of the terminal
 * (a new theme's colours, Ctrl-L's full repaint) is a flag in struct tui
 * that this file follows, so the frame's files never call up into it.
 *
 * Colours are theme roles.  Each role is one colour pair (role + 1), set from
 * the theme at the terminal's depth: direct RGB on a direct-colour terminal,
 * redefined palette entries for truecolor where can_change_color(), else the
 * nearest xterm-256 or ANSI-8 colour; with NO_COLOR or no colours, no colour
 * is started at all and roles become attributes (theme_role_mono_attr).
 *
 * While curses is up stderr goes to a log file, and every way out (return,
 * exit(), a fatal signal) ends curses first so the terminal is left sane.
 * UI thread only.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "io/safety.h"
#include "lib/file.h"
#include "lib/signals.h"
#include "ui/tui-term.h"
#include "ui/tui.h"

/* How colours reach the terminal. */
enum tui_colour_mode {
	TUI_COLOUR_NONE,	/* mono: attributes only */
	TUI_COLOUR_8,
	TUI_COLOUR_256,
	TUI_COLOUR_PALETTE,	/* truecolor by redefining palette entries */
	TUI_COLOUR_DIRECT,	/* direct-colour terminfo: colour numbers are RGB */
};

/* The terminal side: what only the curses layer knows.  UI thread only. */
struct tui_term {
	SCREEN		    *screen;
	bool		     active;		/* curses is up */
	enum tui_colour_mode mode;
	bool		     role_mono[UI_ROLE_COUNT];	/* a role with no colour at all */
	int		     saved_stderr;	/* -1: stderr not redirected */
	char		     log_path[PATH_MAX];
	bool		     log_fresh;		/* log_path is a new file of this session */
	struct cellbuf	    *cur, *prev;
	bool		     full;		/* blit every row next frame */
};

/* For the atexit and fatal-signal paths; set while curses is up. */
static struct tui_term *tui_term_live;

/* The colour number of an RGB colour in the current mode. */
static int
tui_term_colour(struct tui_term *term, struct rgb c, int *next_slot)
{
	switch (term->mode) {
	case TUI_COLOUR_DIRECT:
		return (c.r << 16) | (c.g << 8) | c.b;
	case TUI_COLOUR_PALETTE:
		/* A fresh palette entry per colour (16 and up; the ANSI 16 stay). */
		if (*next_slot < COLORS &&
		    init_extended_color(*next_slot, c.r * 1000 / 255, c.g * 1000 / 255,
					c.b * 1000 / 255) == OK)
			return (*next_slot)++;
		return theme_rgb_to_256(c);
	case TUI_COLOUR_256:
		return theme_rgb_to_256(c);
	case TUI_COLOUR_8:
		return theme_rgb_to_8(c);
	case TUI_COLOUR_NONE:
		break;
	}
	return -1;
}

/* Turn the theme into colour pairs, one per role (pair role + 1). */
static void
tui_term_apply_theme(struct tui *t, struct tui_term *term)
{
	int slot = 16;

	for (int r = 0; r < UI_ROLE_COUNT; r++) {
		int fg, bg;

		term->role_mono[r] = term->mode == TUI_COLOUR_NONE ||
				     (!t->theme.has_fg[r] && !t->theme.has_bg[r]);
		if (term->mode == TUI_COLOUR_NONE)
			continue;
		fg = t->theme.has_fg[r] ? tui_term_colour(term, t->theme.fg[r], &slot) : -1;
		bg = t->theme.has_bg[r] ? tui_term_colour(term, t->theme.bg[r], &slot) : -1;
		init_extended_pair(r + 1, fg, bg);
	}
	term->full = true;
}

/* May the log open on fd be appended to?  A regular file of this user
 * that the output rules allow (io/safety.h: no loop's backing file, swap
 * or store). */
static bool
tui_term_log_ok(int fd, const char *path)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
	       safety_check_output(fd, path, false, NULL) == 0;
}

/* The state-directory log ($XDG_STATE_HOME/drivedash/log), opened to
 * append; fd or -1. */
static int
tui_term_state_log(struct tui_term *term)
{
	int fd;

	if (file_xdg_path("XDG_STATE_HOME", ".local/state", "drivedash/log", term->log_path,
			  sizeof term->log_path) != 0)
		return -1;
	/* a directory that cannot be made fails the open below */
	(void)file_mkdir_parents(term->log_path, 0700, NULL, 0);
	fd = open(term->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW |
		  O_NONBLOCK, 0600);
	if (fd >= 0 && !tui_term_log_ok(fd, term->log_path)) {
		close(fd);	/* a FIFO, device or someone else's file planted as the log */
		fd = -1;
	}
	return fd;
}

/* Without a state directory (HOME unset): a new file of this session under
 * an unpredictable name in $TMPDIR or /tmp, created O_EXCL, so no file
 * another user planted at a name we would use is ever written; fd or -1. */
static int
tui_term_fresh_log(struct tui_term *term)
{
	const char *dir = getenv("TMPDIR");
	int	    fd;

	if (dir == NULL || dir[0] != '/')
		dir = "/tmp";
	if ((size_t)snprintf(term->log_path, sizeof term->log_path, "%s/drivedash-log-XXXXXX",
			     dir) >= sizeof term->log_path)
		return -1;
	fd = mkostemp(term->log_path, O_APPEND | O_CLOEXEC);
	term->log_fresh = fd >= 0;
	return fd;
}

/* Put stderr into the log file while curses is up. */
static void
tui_term_redirect_stderr(struct tui_term *term)
{
	int fd = tui_term_state_log(term);

	term->saved_stderr = -1;
	term->log_fresh = false;
	if (fd < 0)
		fd = tui_term_fresh_log(term);
	if (fd < 0) {
		/* Nowhere to log: /dev/null rather than the screen. */
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		term->log_path[0] = '\0';
	}
	if (fd < 0)
		return;
	fflush(stderr);
	term->saved_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	dup2(fd, STDERR_FILENO);
	close(fd);
}

/* Give stderr back; a fresh log of this session is removed when nothing
 * was logged, else named. */
static void
tui_term_restore_stderr(struct tui_term *term)
{
	struct stat st;
	bool	    logged;

	if (term->saved_stderr < 0)
		return;
	fflush(stderr);
	logged = fstat(STDERR_FILENO, &st) == 0 && st.st_size > 0;
	dup2(term->saved_stderr, STDERR_FILENO);
	close(term->saved_stderr);
	term->saved_stderr = -1;
	if (term->log_fresh && !logged)
		unlink(term->log_path);
	else if (term->log_fresh)
		fprintf(stderr, "drivedash: the dashboard's messages are in %s\n", term->log_path);
	term->log_fresh = false;
}

/* End curses and give stderr back; safe to call twice. */
static void
tui_term_stop(struct tui_term *term)
{
	if (term->active) {
		endwin();
		term->active = false;
	}
	tui_term_restore_stderr(term);
	tui_term_live = NULL;
}

/* End curses, give stderr back and free the terminal side. */
void
tui_term_end(struct tui_term *term)
{
	if (term == NULL)
		return;
	tui_term_stop(term);
	cellbuf_free(term->cur);
	cellbuf_free(term->prev);
	if (term->screen != NULL)
		delscreen(term->screen);
	free(term);
}

/* atexit: whatever exits the process leaves the terminal sane. */
static void
tui_term_atexit(void)
{
	if (tui_term_live != NULL)
		tui_term_stop(tui_term_live);
}

/* A fault signal: restore the terminal (endwin also turns the mouse off
 * and leaves the alternate screen), remove the scratch file, then die of
 * the signal.  The terminating signals from outside never come here: the
 * loop reads them (tui.c). */
static void
tui_term_fatal(int sig)
{
	if (tui_term_live != NULL && tui_term_live->active)
		endwin();
	signals_fault_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Pick the colour mode from the terminal and the environment. */
static void
tui_term_colours(struct tui *t, struct tui_term *term)
{
	int ncolors = tigetnum("colors");

	t->depth = theme_depth_from_env(ncolors < 0 ? 0 : ncolors);
	term->mode = TUI_COLOUR_NONE;
	if (t->depth == UI_DEPTH_MONO || !has_colors() || start_color() != OK)
		return;
	use_default_colors();
	if (COLORS >= 0x1000000)
		term->mode = TUI_COLOUR_DIRECT;
	else if (t->depth == UI_DEPTH_TRUE && can_change_color() && COLORS >= 256)
		term->mode = TUI_COLOUR_PALETTE;
	else if (COLORS >= 256)
		term->mode = TUI_COLOUR_256;
	else
		term->mode = TUI_COLOUR_8;
}

/* Set up the curses modes the dashboard uses (keys, mouse, no echo). */
static void
tui_term_modes(void)
{
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
}

/* Can the terminal curses started on address the cursor and clear the
 * screen (TERM=dumb cannot)? */
static bool
tui_term_addressable(void)
{
	const char *cup = tigetstr("cup"), *clear = tigetstr("clear");

	return cup != NULL && cup != (char *)-1 && clear != NULL && clear != (char *)-1;
}

/* Start curses; 0 or a negative errno. */
int
tui_term_start(struct tui *t, struct tui_term **out, struct dd_error *err)
{
	static bool	 registered;
	struct tui_term *term = calloc(1, sizeof *term);

	*out = NULL;
	if (term == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	tui_term_redirect_stderr(term);
	term->screen = newterm(NULL, stdout, stdin);
	if (term->screen == NULL) {
		tui_term_end(term);
		return dd_error_set(err, -ENOTTY, "cannot start curses on this terminal (TERM=%s)",
				    getenv("TERM") ? getenv("TERM") : "unset");
	}
	if (!tui_term_addressable()) {
		tui_term_end(term);
		return dd_error_set(err, -ENOTTY, "the dashboard needs a terminal that can move "
				    "the cursor, and TERM=%s cannot; for scripts use list, show, "
				    "detect or run", getenv("TERM") ? getenv("TERM") : "unset");
	}
	term->active = true;
	tui_term_live = term;
	if (!registered) {
		atexit(tui_term_atexit);
		registered = true;
	}
	{
		static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL, SIGTRAP,
					      SIGSYS };

		for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
			signal(faults[i], tui_term_fatal);
	}
	tui_term_modes();
	tui_term_colours(t, term);
	tui_term_apply_theme(t, term);
	term->cur = cellbuf_create(COLS, LINES);
	term->prev = cellbuf_create(COLS, LINES);
	if (term->cur == NULL || term->prev == NULL) {
		tui_term_end(term);
		return dd_error_set(err, -ENOMEM, "out of memory");
	}
	term->full = true;
	*out = term;
	return 0;
}

/* The curses attributes of a cell. */
static attr_t
tui_term_attr(const struct tui_term *term, const struct cell *c)
{
	uint8_t a = c->attr;
	attr_t	out = A_NORMAL;

	if (c->role < UI_ROLE_COUNT && term->role_mono[c->role])
		a |= theme_role_mono_attr((enum ui_role)c->role);
	if (a & UI_BOLD)
		out |= A_BOLD;
	if (a & UI_REVERSE)
		out |= A_REVERSE;
	if (a & UI_UNDERLINE)
		out |= A_UNDERLINE;
	if (a & UI_DIM)
		out |= A_DIM;
	return out;
}

/* Copy one row of the cell buffer to stdscr. */
static void
tui_term_blit_row(struct tui *t, struct tui_term *term, int y)
{
	const struct cellbuf *cb = term->cur;
	cchar_t		      line[cb->w > 0 ? cb->w : 1];

	for (int x = 0; x < cb->w; x++) {
		const struct cell *c = cellbuf_get(cb, x, y);
		wchar_t		   wc[2] = { (wchar_t)c->ch, 0 };
		int		   pair = term->mode == TUI_COLOUR_NONE ? 0 : c->role + 1;

		/* One column per cell: anything else would shift the row. */
		if (c->ch > 0x7e && (!t->utf8 || wcwidth(wc[0]) != 1))
			wc[0] = '?';
		setcchar(&line[x], wc, tui_term_attr(term, c), 0, &pair);
	}
	mvadd_wchnstr(y, 0, line, cb->w);
}

/* Draw a frame: render, diff, blit the changed rows, one doupdate().  UI thread only. */
void
tui_term_frame(struct tui *t, struct tui_term *term)
{
	uint32_t rows[CELLBUF_ROW_WORDS(term->cur->h) + 1];
	int	 n;

	tui_render(t, term->cur);
	n = cellbuf_diff(term->prev, term->cur, rows);
	if (term->full) {
		clearok(curscr, TRUE);
		for (int y = 0; y < term->cur->h; y++)
			tui_term_blit_row(t, term, y);
	} else if (n > 0) {
		for (int y = 0; y < term->cur->h; y++)
			if (rows[y / 32] >> (y % 32) & 1)
				tui_term_blit_row(t, term, y);
	}
	wnoutrefresh(stdscr);
	doupdate();
	cellbuf_copy(term->prev, term->cur);
	cellbuf_clear_dirty(term->cur);
	term->full = false;
	t->dirty = false;
}

/* Must the next frame repaint every row? */
bool
tui_term_repaint_pending(const struct tui_term *term)
{
	return term->full;
}

/* The terminal changed size: follow it. */
void
tui_term_resize(struct tui *t, struct tui_term *term)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resize_term(ws.ws_row, ws.ws_col);
	if (cellbuf_resize(term->cur, COLS, LINES) < 0 ||
	    cellbuf_resize(term->prev, COLS, LINES) < 0)
		fprintf(stderr, "drivedash: out of memory resizing the screen\n");
	term->full = true;
	t->dirty = true;
}

/* A curses key as a tui key; TUI_KEY_NONE to ignore it. */
static int
tui_term_key(int rc, wint_t wc)
{
	if (rc == OK) {
		switch (wc) {
		case '\r': case '\n':
			return TUI_KEY_ENTER;
		case 127: case 8:
			return TUI_KEY_BACKSPACE;
		default:
			return (int)wc;
		}
	}
	switch (wc) {
	case KEY_UP: return TUI_KEY_UP;
	case KEY_DOWN: return TUI_KEY_DOWN;
	case KEY_LEFT: return TUI_KEY_LEFT;
	case KEY_RIGHT: return TUI_KEY_RIGHT;
	case KEY_PPAGE: return TUI_KEY_PGUP;
	case KEY_NPAGE: return TUI_KEY_PGDN;
	case KEY_HOME: return TUI_KEY_HOME;
	case KEY_END: return TUI_KEY_END;
	case KEY_BTAB: return TUI_KEY_BTAB;
	case KEY_BACKSPACE: return TUI_KEY_BACKSPACE;
	case KEY_DC: return TUI_KEY_DELETE;
	case KEY_ENTER: return TUI_KEY_ENTER;
	default: return TUI_KEY_NONE;
	}
}

/* What a key asked of the terminal side (t->theme_changed: new colour
 * pairs; t->repaint, Ctrl-L: every row at the next frame). */
static void
tui_term_follow(struct tui *t, struct tui_term *term)
{
	if (t->theme_changed)
		tui_term_apply_theme(t, term);
	if (t->repaint)
		term->full = true;
	t->theme_changed = t->repaint = false;
}

/* Read every pending key and click. */
void
tui_term_input(struct tui *t, struct tui_term *term)
{
	wint_t wc;
	int    rc;

	while (!t->quit && (rc = get_wch(&wc)) != ERR) {
		struct tui_event ev = { 0 };

		if (rc == KEY_CODE_YES && wc == KEY_RESIZE) {
			tui_term_resize(t, term);
			continue;
		}
		if (rc == KEY_CODE_YES && wc == KEY_MOUSE) {
			MEVENT me;

			if (getmouse(&me) != OK)
				continue;
			ev.x = me.x;
			ev.y = me.y;
			if (me.bstate & BUTTON4_PRESSED)
				ev.key = TUI_KEY_WHEEL_UP;
			else if (me.bstate & BUTTON5_PRESSED)
				ev.key = TUI_KEY_WHEEL_DOWN;
			else if (me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))
				ev.key = TUI_KEY_CLICK;
			else
				continue;
		} else {
			ev.key = tui_term_key(rc, wc);
		}
		if (ev.key != TUI_KEY_NONE) {
			tui_handle(t, &ev);
			tui_term_follow(t, term);
		}
	}
}
