/*
 * The UI loop and the curses layer: the only file that includes curses.
 *
 * One thread owns the terminal.  It poll()s on three fds: stdin (keys and
 * mouse), a signalfd (SIGWINCH resizes, SIGINT and SIGTERM quit cleanly; the
 * signals are blocked before any thread starts, so every thread inherits the
 * mask and only this fd sees them) and, while a sweep runs, the sweep's wake
 * fd.  Events only change state and set t->dirty; a frame is drawn at most
 * every TUI_FRAME_MS: tui_render() builds the whole screen into a cell buffer
 * (no curses), cellbuf_diff() against the previous frame picks the rows that
 * changed, only those are written to stdscr, and one doupdate() sends them.
 *
 * Colours are theme roles.  Each role is one colour pair (role + 1), set from
 * the theme at the terminal's depth: direct RGB on a direct-colour terminal,
 * redefined palette entries for truecolor where can_change_color(), else the
 * nearest xterm-256 or ANSI-8 colour; with NO_COLOR or no colours, no colour
 * is started at all and roles become attributes (theme_role_mono_attr).
 *
 * While curses is up stderr goes to a log file, and every way out (return,
 * exit(), a fatal signal) ends curses first so the terminal is left sane.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "core/format.h"
#include "ui/tui.h"
#include "lib/clock.h"
#include "lib/utf8.h"

const struct tui_view *const tui_views[TUI_VIEW_COUNT] = {
	[TUI_VIEW_DRIVES] = &tui_view_drives,
	[TUI_VIEW_SHEET] = &tui_view_sheet,
	[TUI_VIEW_SWEEP] = &tui_view_sweep,
	[TUI_VIEW_COMPARE] = &tui_view_compare,
};

/* The themes `t` cycles through. */
static const char *const tui_themes[] = { "default", "light", "high-contrast", "mono" };
#define TUI_NTHEMES (int)(sizeof tui_themes / sizeof tui_themes[0])

static const struct tui_syms tui_syms_utf8 = {
	.times = "×", .micro = "µ", .deg = "°", .dot = "·", .arrow = "→", .dash = "—",
	.ellipsis = "…", .ok = "✓", .bad = "✗", .review = "◆", .spec = "│",
	.measured = "█", .cursor = "▸", .warn = "⚠", .hline = "─",
};

static const struct tui_syms tui_syms_ascii = {
	.times = "x", .micro = "u", .deg = "", .dot = "-", .arrow = "->", .dash = "-",
	.ellipsis = "~", .ok = "+", .bad = "x", .review = "*", .spec = "|",
	.measured = "#", .cursor = ">", .warn = "!", .hline = "-",
};

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
	int		     sigfd;
	struct cellbuf	    *cur, *prev;
	bool		     full;		/* blit every row next frame */
	double		     last_frame;	/* monotonic seconds */
	bool		     first_done;
	double		     t_start;
};

/* For the atexit and fatal-signal paths; set while curses is up. */
static struct tui_term *tui_term_live;

/* ---- Small helpers shared with the views ---- */

/* Columns of a UTF-8 string (the views' name for utf8_width). */
int
tui_cols(const char *s)
{
	return utf8_width(s);
}

/* printf into the cell buffer. */
int
tui_print(struct cellbuf *cb, int x, int y, int maxw, uint8_t role, uint8_t attr,
	  const char *fmt, ...)
{
	char	buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return cellbuf_put_str(cb, x, y, maxw, buf, role, attr);
}

/* Right-aligned text ending before column x1. */
int
tui_print_right(struct cellbuf *cb, int x1, int y, uint8_t role, uint8_t attr, const char *s)
{
	int x = x1 - tui_cols(s);

	cellbuf_put_str(cb, x, y, x1 - x, s, role, attr);
	return x;
}

/* Set the one-line message. */
void
tui_message(struct tui *t, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof t->msg, fmt, ap);
	va_end(ap);
	t->msg_error = error;
	t->dirty = true;
	/* The log keeps errors: stderr is the log file while curses is up. */
	if (error)
		fprintf(stderr, "drivedash: %s\n", t->msg);
}

/* Switch screens, loading what the new one needs. */
void
tui_set_view(struct tui *t, enum tui_view_id v)
{
	if (v == TUI_VIEW_SHEET && !t->sheet.sheet.loaded) {
		struct tui_pick p = tui_drives_selected(t);

		if (p.fam == NULL) {
			tui_message(t, false, "select a drive first (Enter on a database row)");
			return;
		}
		tui_sheet_open(t, p);
	}
	if (v == TUI_VIEW_SWEEP && t->sweep.sw == NULL && t->sweep.ntargets == 0)
		tui_sweep_setup(t, tui_drives_selected(t));
	t->view = v;
	t->dirty = true;
}

/* ---- Discovery ---- */

/*
 * The DETECTED section's source: NVMe controllers and the other block
 * devices, through src/io/nvme.h.  Each controller is matched to the
 * database.  This is the one hook to change if discovery changes.
 */
void
tui_detect_devices(struct tui *t)
{
	struct dd_error err = { 0 };
	size_t		n = 0;

	t->detected = true;
	if (nvmeinfo_scan(NULL, &t->arena, &t->info, &err) < 0) {
		snprintf(t->detect_note, sizeof t->detect_note, "discovery failed: %.120s", err.msg);
		fprintf(stderr, "drivedash: %s\n", t->detect_note);
		return;
	}
	t->devs = arena_alloc(&t->arena, (t->info.nctrls * 4 + t->info.nblockdevs + 1) *
					     sizeof *t->devs);
	/* Controllers first, one row per namespace (or one for the controller). */
	for (size_t i = 0; i < t->info.nctrls; i++) {
		const struct nvmeinfo_ctrl *c = &t->info.ctrls[i];
		size_t			    nns = c->nnamespaces < 4 ? c->nnamespaces : 4;

		for (size_t k = 0; k < (nns ? nns : 1); k++) {
			struct tui_device *d = &t->devs[n++];

			d->ctrl = c;
			d->name = nns ? c->namespaces[k].name : c->name;
			for (size_t b = 0; b < t->info.nblockdevs; b++)
				if (d->name != NULL && strcmp(t->info.blockdevs[b].name, d->name) == 0)
					d->bdev = &t->info.blockdevs[b];
			d->path = d->bdev != NULL ? d->bdev->path : NULL;
			if (d->name == NULL)
				d->name = c->name;
			d->matched = match_model(t->fams, t->nfams, c->model,
						 nvmeinfo_match_capacity(c), &d->match) == 1;
		}
	}
	for (size_t b = 0; b < t->info.nblockdevs; b++) {
		const struct nvmeinfo_blockdev *bd = &t->info.blockdevs[b];
		bool				seen = false;

		for (size_t k = 0; k < n; k++)
			seen |= t->devs[k].bdev == bd;
		if (seen || bd->size_bytes == 0)
			continue;
		t->devs[n].bdev = bd;
		t->devs[n].name = bd->name;
		t->devs[n].path = bd->path;
		n++;
	}
	t->ndevs = n;
}

/* ---- Rendering (curses-free) ---- */

/* The title bar: " drivedash ─ <view title> ──── theme NAME ─ ? help ─". */
static void
tui_draw_title(struct tui *t, struct cellbuf *cb)
{
	const struct tui_view *v = tui_views[t->view];
	char		       title[512], right[96];
	int		       x, rx;

	cellbuf_fill(cb, 0, 0, cb->w, 1, t->g->h, UI_BORDER, 0);
	title[0] = '\0';
	v->title(t, title, sizeof title);
	snprintf(right, sizeof right, " theme %s %s ? help ", t->theme.name, t->sym->hline);
	rx = cb->w - tui_cols(right) - 1;
	x = tui_print(cb, 0, 0, -1, UI_TITLE, UI_BOLD, " drivedash ");
	x += tui_print(cb, x, 0, -1, UI_BORDER, 0, "%s", t->sym->hline);
	/* A long title wins over the theme name on a narrow screen. */
	if (x + tui_cols(title) + 4 > rx)
		rx = cb->w;
	x += tui_print(cb, x, 0, rx - x - 1, UI_TITLE, 0, " %s ", title);
	if (rx > x + 1 && rx < cb->w)
		tui_print(cb, rx, 0, -1, UI_DIM_TEXT, 0, "%s", right);
}

/* The rule (with the message) and the status line of key hints. */
static void
tui_draw_status(struct tui *t, struct cellbuf *cb)
{
	const struct tui_view *v = tui_views[t->view];
	const char	      *hints, *p;
	int		       y = cb->h - 1, x = 1;

	cellbuf_hline(cb, 0, cb->h - 2, cb->w, t->g, UI_BORDER);
	if (t->msg[0] != '\0')
		tui_print(cb, 1, cb->h - 2, cb->w - 2, t->msg_error ? UI_WARN : UI_TEXT,
			  t->msg_error ? UI_BOLD : 0, " %s ", t->msg);
	cellbuf_fill(cb, 0, y, cb->w, 1, ' ', UI_STATUS, 0);
	hints = t->help ? "?\tclose help\tq\tclose help" :
		t->drives.editing && t->view == TUI_VIEW_DRIVES ?
		"type\tto filter\tEnter\tkeep\tEsc\tclear\tBackspace\tdelete" : v->hints(t);
	/* "key\tlabel\tkey\tlabel": keys bold, three spaces between pairs. */
	for (p = hints; *p != '\0' && x < cb->w;) {
		const char *tab = strchr(p, '\t');
		const char *end = tab != NULL ? strchr(tab + 1, '\t') : NULL;
		char	    key[32], label[96];

		if (tab == NULL)
			break;
		snprintf(key, sizeof key, "%.*s", (int)(tab - p), p);
		snprintf(label, sizeof label, "%.*s",
			 (int)(end != NULL ? end - tab - 1 : (long)strlen(tab + 1)), tab + 1);
		x += tui_print(cb, x, y, cb->w - x, UI_STATUS, UI_BOLD, "%s", key);
		x += tui_print(cb, x, y, cb->w - x, UI_STATUS, 0, " %s   ", label);
		p = end != NULL ? end + 1 : tab + 1 + strlen(tab + 1);
	}
	if (tui_sweep_running(t) && x < cb->w - 12)
		tui_print_right(cb, cb->w - 1, y, UI_STATUS, UI_BOLD, "sweep running");
}

/* The too-small state: what is needed, what there is. */
static void
tui_draw_small(struct tui *t, struct cellbuf *cb)
{
	char	    line[96], need[64];
	const char *lines[4];
	int	    n = 0, y;

	snprintf(line, sizeof line, "terminal too small (need %dx%d, have %dx%d)", TUI_MIN_W,
		 TUI_MIN_H, cb->w, cb->h);
	snprintf(need, sizeof need, "(need %dx%d, have %dx%d)", TUI_MIN_W, TUI_MIN_H, cb->w, cb->h);
	/* One line if it fits, else two. */
	if (tui_cols(line) <= cb->w) {
		lines[n++] = line;
	} else {
		lines[n++] = "terminal too small";
		lines[n++] = need;
	}
	lines[n++] = "enlarge the window";
	lines[n++] = "q quits";
	cellbuf_clear(cb, UI_DEFAULT);
	y = (cb->h - n) / 2;
	for (int i = 0; i < n; i++) {
		int x = (cb->w - tui_cols(lines[i])) / 2;
		bool head = i == 0 || (i == 1 && lines[0] != line);

		cellbuf_put_str(cb, x < 0 ? 0 : x, y + i, -1, lines[i], head ? UI_WARN : UI_DIM_TEXT,
				head ? UI_BOLD : 0);
	}
	(void)t;
}

/* Render the whole screen. */
void
tui_render(struct tui *t, struct cellbuf *cb)
{
	t->w = cb->w;
	t->h = cb->h;
	cellbuf_clear(cb, UI_DEFAULT);
	if (cb->w < TUI_MIN_W || cb->h < TUI_MIN_H) {
		tui_draw_small(t, cb);
		return;
	}
	tui_draw_title(t, cb);
	tui_views[t->view]->draw(t, cb, 1, cb->h - 3);
	tui_draw_status(t, cb);
	if (t->help)
		tui_help_draw(t, cb);
}

/* ---- Themes ---- */

/* Load theme name_or_path into t; the cycle index follows the name. */
static int
tui_theme_load(struct tui *t, const char *name_or_path)
{
	struct theme_report rep;
	int		    rc = theme_load(&t->theme, name_or_path, &rep);

	t->theme_idx = -1;
	for (int i = 0; i < TUI_NTHEMES; i++)
		if (strcmp(name_or_path, tui_themes[i]) == 0)
			t->theme_idx = i;
	if (rc == -EINVAL) {
		for (int i = 0; i < rep.n_notes; i++)
			fprintf(stderr, "drivedash: theme %s: %s\n", name_or_path, rep.notes[i].text);
		return 0;
	}
	return rc;
}

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

/* Cycle to the next theme. */
static void
tui_theme_next(struct tui *t)
{
	int next = t->theme_idx < 0 ? 0 : (t->theme_idx + 1) % TUI_NTHEMES;

	if (tui_theme_load(t, tui_themes[next]) < 0) {
		theme_init_default(&t->theme);
		t->theme_idx = 0;
		tui_message(t, true, "theme %s not found; using the built-in default",
			    tui_themes[next]);
	} else {
		tui_message(t, false, "theme %s", t->theme.name);
	}
	if (tui_term_live != NULL)
		tui_term_apply_theme(t, tui_term_live);
	t->dirty = true;
}

/* ---- Events ---- */

/* Handle one event. */
void
tui_handle(struct tui *t, const struct tui_event *ev)
{
	int key = ev->key;


	t->dirty = true;
	if (t->quit_armed) {
		t->quit_armed = false;
		t->msg[0] = '\0';
		if (key == 'q') {
			t->quit = true;
			return;
		}
	} else if (key != TUI_KEY_CLICK) {
		t->msg[0] = '\0';
	}
	if (t->help) {
		tui_help_key(t, ev);
		return;
	}
	/* Too small: only quitting and stopping make sense. */
	if (t->w < TUI_MIN_W || t->h < TUI_MIN_H) {
		if (key == 'q')
			t->quit = true;
		else if (key == 'x')
			tui_sweep_stop(t);
		return;
	}
	/* A filter being typed takes every key first. */
	if (t->view == TUI_VIEW_DRIVES && t->drives.editing) {
		tui_views[t->view]->key(t, ev);
		return;
	}
	switch (key) {
	case 'q':
		if (tui_sweep_running(t)) {
			t->quit_armed = true;
			tui_message(t, false, "a sweep is running: q again stops it and quits, "
				    "any other key goes on");
		} else {
			t->quit = true;
		}
		return;
	case '?':
		t->help = true;
		return;
	case 't':
		tui_theme_next(t);
		return;
	case 'x':
		if (tui_sweep_running(t)) {
			tui_sweep_stop(t);
			return;
		}
		break;
	case '1': case '2': case '3': case '4':
		tui_set_view(t, (enum tui_view_id)(key - '1'));
		return;
	case 'L' - '@':		/* Ctrl-L */
		if (tui_term_live != NULL)
			tui_term_live->full = true;
		return;
	}
	if (tui_views[t->view]->key(t, ev))
		return;
	if (key == TUI_KEY_ESC && t->view != TUI_VIEW_DRIVES)
		tui_set_view(t, TUI_VIEW_DRIVES);
}

/* ---- The curses layer ---- */

/* Put stderr into the log file while curses is up. */
static void
tui_term_redirect_stderr(struct tui_term *term)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char	    dir[PATH_MAX];
	int	    fd = -1;

	term->saved_stderr = -1;
	dir[0] = '\0';
	if (state != NULL && state[0] == '/')
		snprintf(dir, sizeof dir, "%s/drivedash", state);
	else if (home != NULL && home[0] == '/')
		snprintf(dir, sizeof dir, "%s/.local/state/drivedash", home);
	if (dir[0] != '\0') {
		/* mkdir -p: every component, ignoring those that exist. */
		for (char *p = dir + 1; *p != '\0'; p++)
			if (*p == '/') {
				*p = '\0';
				mkdir(dir, 0700);
				*p = '/';
			}
		mkdir(dir, 0700);
		snprintf(term->log_path, sizeof term->log_path, "%s/log", dir);
		fd = open(term->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	}
	if (fd < 0) {
		snprintf(term->log_path, sizeof term->log_path, "/tmp/drivedash-%u.log",
			 (unsigned)getuid());
		fd = open(term->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW,
			  0600);
	}
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

/* Give stderr back. */
static void
tui_term_restore_stderr(struct tui_term *term)
{
	if (term->saved_stderr < 0)
		return;
	fflush(stderr);
	dup2(term->saved_stderr, STDERR_FILENO);
	close(term->saved_stderr);
	term->saved_stderr = -1;
}

/* End curses and give stderr back; safe to call twice. */
static void
tui_term_end(struct tui_term *term)
{
	if (term->active) {
		endwin();
		term->active = false;
	}
	tui_term_restore_stderr(term);
	tui_term_live = NULL;
}

/* atexit: whatever exits the process leaves the terminal sane. */
static void
tui_term_atexit(void)
{
	if (tui_term_live != NULL)
		tui_term_end(tui_term_live);
}

/* A fatal signal: restore the terminal, then die of the signal. */
static void
tui_term_fatal(int sig)
{
	if (tui_term_live != NULL && tui_term_live->active)
		endwin();
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

/* Start curses; 0 or a negative errno. */
static int
tui_term_start(struct tui *t, struct tui_term *term, struct dd_error *err)
{
	static bool registered;
	const char *cs = nl_langinfo(CODESET);

	t->utf8 = !t->opts.ascii && cs != NULL && strcmp(cs, "UTF-8") == 0;
	t->g = glyphs_get(t->utf8);
	t->sym = t->utf8 ? &tui_syms_utf8 : &tui_syms_ascii;
	tui_term_redirect_stderr(term);
	term->screen = newterm(NULL, stdout, stdin);
	if (term->screen == NULL) {
		tui_term_restore_stderr(term);
		return dd_error_set(err, -ENOTTY, "cannot start curses on this terminal (TERM=%s)",
				    getenv("TERM") ? getenv("TERM") : "unset");
	}
	term->active = true;
	tui_term_live = term;
	if (!registered) {
		atexit(tui_term_atexit);
		registered = true;
	}
	signal(SIGSEGV, tui_term_fatal);
	signal(SIGBUS, tui_term_fatal);
	signal(SIGFPE, tui_term_fatal);
	signal(SIGABRT, tui_term_fatal);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
	tui_term_colours(t, term);
	tui_term_apply_theme(t, term);
	term->cur = cellbuf_create(COLS, LINES);
	term->prev = cellbuf_create(COLS, LINES);
	if (term->cur == NULL || term->prev == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	term->full = true;
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

/* Note the first frame's time for DRIVEDASH_FIRST_FRAME_LOG. */
static void
tui_term_first_frame(struct tui_term *term)
{
	const char     *path = getenv("DRIVEDASH_FIRST_FRAME_LOG");
	struct timespec rt, mt;
	FILE	       *f;

	term->first_done = true;
	if (path == NULL || path[0] == '\0')
		return;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	f = fopen(path, "w");
	if (f == NULL)
		return;
	fprintf(f, "realtime_ns=%lld monotonic_ns=%lld since_ui_start_ms=%.3f\n",
		(long long)rt.tv_sec * 1000000000LL + rt.tv_nsec,
		(long long)mt.tv_sec * 1000000000LL + mt.tv_nsec,
		(clock_now_s() - term->t_start) * 1e3);
	fclose(f);
}

/* Draw a frame: render, diff, blit the changed rows, one doupdate().  UI thread only. */
static void
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
	term->last_frame = clock_now_s();
	if (!term->first_done)
		tui_term_first_frame(term);
}

/* The terminal changed size: follow it. */
static void
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

/* Read every pending key and click. */
static void
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
		if (ev.key != TUI_KEY_NONE)
			tui_handle(t, &ev);
	}
}

/* Read the signalfd: resize, or quit. */
static void
tui_term_signals(struct tui *t, struct tui_term *term)
{
	struct signalfd_siginfo si;

	while (read(term->sigfd, &si, sizeof si) == (ssize_t)sizeof si) {
		if (si.ssi_signo == SIGWINCH) {
			tui_term_resize(t, term);
		} else {
			fprintf(stderr, "drivedash: signal %u (%s): quitting\n", si.ssi_signo,
				strsignal((int)si.ssi_signo));
			t->quit = true;
		}
	}
}

/* The loop: poll, handle, draw at most every TUI_FRAME_MS.  UI thread only. */
static void
tui_loop(struct tui *t, struct tui_term *term)
{
	while (!t->quit) {
		struct pollfd pfd[3];
		int	      n = 0, timeout = -1;
		double	      since;

		pfd[n++] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
		pfd[n++] = (struct pollfd){ .fd = term->sigfd, .events = POLLIN };
		if (t->sweep.sw != NULL && t->sweep.running)
			pfd[n++] = (struct pollfd){ .fd = sweep_wake_fd(t->sweep.sw),
						    .events = POLLIN };
		if (t->dirty || term->full) {
			since = (clock_now_s() - term->last_frame) * 1e3;
			timeout = since >= TUI_FRAME_MS ? 0 : (int)(TUI_FRAME_MS - since) + 1;
		}
		if (poll(pfd, (nfds_t)n, timeout) < 0 && errno != EINTR) {
			t->quit = true;
			fprintf(stderr, "drivedash: poll: %s\n", strerror(errno));
			break;
		}
		if (pfd[1].revents & POLLIN)
			tui_term_signals(t, term);
		if (n > 2 && (pfd[2].revents & POLLIN))
			tui_sweep_poll(t);
		if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (pfd[0].revents & (POLLHUP | POLLERR) && !(pfd[0].revents & POLLIN)) {
				fprintf(stderr, "drivedash: the terminal went away: quitting\n");
				t->quit = true;
			}
			tui_term_input(t, term);
		}
		if ((t->dirty || term->full) && !t->quit &&
		    (clock_now_s() - term->last_frame) * 1e3 >= TUI_FRAME_MS)
			tui_term_frame(t, term);
	}
}

/* Open the database and read every family. */
static int
tui_load_db(struct tui *t, struct dd_error *err)
{
	char *path = specdb_locate(t->opts.db_path, err);
	int   rc;

	if (path == NULL)
		return err->code ? err->code : -ENOENT;
	rc = specdb_open(path, &t->db, err);
	free(path);
	if (rc < 0)
		return rc;
	rc = specdb_families(t->db, &t->arena, &t->fams, &t->nfams, err);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < t->nfams; i++)
		t->ndrives += t->fams[i].ndrives;
	return 0;
}

/* Free everything tui_run set up. */
static void
tui_free(struct tui *t)
{
	tui_sweep_cleanup(t);
	tui_compare_cleanup(t);
	tui_sheet_free(&t->sheet.sheet);
	free(t->drives.rows);
	free(t->drives.cap_sel);
	arena_free(&t->arena);
	specdb_close(t->db);
	free(t);
}

/* Run the dashboard. */
int
tui_run(const struct tui_opts *o, struct dd_error *err)
{
	struct tui_term term = { .saved_stderr = -1, .sigfd = -1 };
	struct tui     *t = calloc(1, sizeof *t);
	sigset_t	mask;
	int		rc;

	if (t == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	term.t_start = clock_now_s();
	t->opts = *o;
	t->sweep.tgt.fd = -1;
	if (t->opts.size == 0)
		t->opts.size = TUI_DEFAULT_SIZE;
	rc = tui_load_db(t, err);
	if (rc == 0) {
		rc = tui_theme_load(t, o->theme != NULL ? o->theme : "default");
		if (rc < 0)
			rc = dd_error_set(err, rc, "cannot load theme '%s': %s (see themes/README.md)",
					  o->theme != NULL ? o->theme : "default", strerror(-rc));
	}
	if (rc < 0) {
		tui_free(t);
		return rc;
	}
	/* Signals go to the signalfd; blocked before the sweep thread exists. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGWINCH);
	sigaddset(&mask, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &mask, NULL);
	term.sigfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (term.sigfd < 0) {
		rc = dd_error_set(err, -errno, "signalfd: %s", strerror(errno));
		tui_free(t);
		return rc;
	}
	rc = tui_term_start(t, &term, err);
	if (rc == 0) {
		tui_drives_rebuild(t);
		tui_term_frame(t, &term);	/* the first frame before discovery */
		tui_detect_devices(t);
		tui_drives_rebuild(t);
		t->view = TUI_VIEW_DRIVES;
		t->dirty = true;
		tui_loop(t, &term);
	}
	tui_term_end(&term);
	if (t->msg_error && t->msg[0] != '\0' && rc == 0)
		fprintf(stderr, "drivedash: %s\n", t->msg);
	cellbuf_free(term.cur);
	cellbuf_free(term.prev);
	if (term.screen != NULL)
		delscreen(term.screen);
	close(term.sigfd);
	tui_free(t);
	pthread_sigmask(SIG_UNBLOCK, &mask, NULL);
	return rc;
}
