/*
 * The dashboard's loop and lifetime: tui_run() from start to teardown.
 *
 * One thread owns the terminal.  It poll()s on stdin (keys and mouse, read
 * by the curses backend, tui-term.c), a signalfd (SIGWINCH resizes; every
 * terminating signal, lib/signals.h, quits cleanly; the signals are blocked
 * before any thread starts, so every thread inherits the mask and only this
 * fd sees them) and the fds each view asks for through its pollfds hook
 * (while a sweep runs its wake fd, while it has a recorder that recorder's
 * wake fd, a busy results store; while a fleet runs the wake fds of its
 * running members), handed back to the view's poll hook.  Events only
 * change state and set t->dirty; a frame is drawn at most every
 * TUI_FRAME_MS.  The parts have their own files: discovery (tui-detect.c),
 * key dispatch (tui-keys.c), frame rendering (tui-render.c) and the curses
 * backend (tui-term.c, the only curses user).  This file holds the view
 * table (tui_views, t->views) and is the only one of the frame that names
 * the views; it starts, polls and cleans them up only through their hooks.
 * struct tui_loop below is what only the loop needs.  UI thread only.
 */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

#include "ui/tui-term.h"
#include "ui/tui.h"
#include "io/safety.h"
#include "lib/clock.h"
#include "lib/outfile.h"
#include "lib/signals.h"

const struct tui_view *const tui_views[TUI_VIEW_COUNT] = {
	[TUI_VIEW_DRIVES] = &tui_view_drives,
	[TUI_VIEW_SHEET] = &tui_view_sheet,
	[TUI_VIEW_SWEEP] = &tui_view_sweep,
	[TUI_VIEW_COMPARE] = &tui_view_compare,
	[TUI_VIEW_HISTORY] = &tui_view_history,
	[TUI_VIEW_FLEET] = &tui_view_fleet,
};

/* The loop's own state.  UI thread only. */
struct tui_loop {
	struct tui_term *term;
	int		 sigfd;
	int		 quit_signal;	/* the signal that ended the loop, 0: none */
	double		 t_start;	/* monotonic seconds at tui_run */
	double		 last_frame;	/* monotonic seconds */
	bool		 first_done;
};

/* Note the first frame's time for DRIVEDASH_FIRST_FRAME_LOG (a regular
 * file, written whole and renamed into place: src/lib/outfile.h). */
static void
tui_first_frame(struct tui_loop *l)
{
	const char     *path = getenv("DRIVEDASH_FIRST_FRAME_LOG");
	struct timespec rt, mt;
	struct outfile	o;
	char		line[160];
	int		n;

	l->first_done = true;
	if (path == NULL || path[0] == '\0')
		return;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	n = snprintf(line, sizeof line, "realtime_ns=%lld monotonic_ns=%lld since_ui_start_ms=%.3f\n",
		     (long long)rt.tv_sec * 1000000000LL + rt.tv_nsec,
		     (long long)mt.tv_sec * 1000000000LL + mt.tv_nsec,
		     (clock_now_s() - l->t_start) * 1e3);
	if (safety_outfile_open(&o, path, -1, NULL) < 0)
		return;
	outfile_replace(&o, line, (size_t)n, NULL);
	outfile_close(&o);
}

/* Draw a frame now and note when. */
static void
tui_frame(struct tui *t, struct tui_loop *l)
{
	tui_term_frame(t, l->term);
	l->last_frame = clock_now_s();
	if (!l->first_done)
		tui_first_frame(l);
}

/* Is a frame waiting to be drawn? */
static bool
tui_frame_wanted(const struct tui *t, const struct tui_loop *l)
{
	return t->dirty || tui_term_repaint_pending(l->term);
}

/* Read the signalfd: resize, or quit. */
static void
tui_signals(struct tui *t, struct tui_loop *l)
{
	struct signalfd_siginfo si;

	while (read(l->sigfd, &si, sizeof si) == (ssize_t)sizeof si) {
		if (si.ssi_signo == SIGWINCH) {
			tui_term_resize(t, l->term);
		} else {
			fprintf(stderr, "drivedash: signal %u (%s): quitting\n", si.ssi_signo,
				strsignal((int)si.ssi_signo));
			t->quit = true;
			if (l->quit_signal == 0)
				l->quit_signal = (int)si.ssi_signo;
			if (t->quit_signal == 0)	/* who stopped a running sweep */
				t->quit_signal = (int)si.ssi_signo;
		}
	}
}

/* The loop: poll, handle, draw at most every TUI_FRAME_MS.  UI thread only.
 * The fds: stdin, the signalfd, then each view's (its pollfds hook: the
 * local sweep's wake fd while it runs and its recorder's, the wake fds of
 * the fleet's running members), on the stack: no allocation per turn. */
static void
tui_loop(struct tui *t, struct tui_loop *l)
{
	while (!t->quit) {
		struct pollfd pfd[4 + HOSTS_MAX];
		size_t	      first[TUI_VIEW_COUNT], nv[TUI_VIEW_COUNT], n = 0;
		int	      timeout = -1;
		double	      since;

		pfd[n++] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
		pfd[n++] = (struct pollfd){ .fd = l->sigfd, .events = POLLIN };
		for (int i = 0; i < TUI_VIEW_COUNT; i++) {
			first[i] = n;
			nv[i] = t->views[i]->pollfds == NULL ? 0 :
				t->views[i]->pollfds(t, &pfd[n], sizeof pfd / sizeof pfd[0] - n);
			n += nv[i];
		}
		if (tui_frame_wanted(t, l)) {
			since = (clock_now_s() - l->last_frame) * 1e3;
			timeout = since >= TUI_FRAME_MS ? 0 : (int)(TUI_FRAME_MS - since) + 1;
		}
		if (poll(pfd, (nfds_t)n, timeout) < 0 && errno != EINTR) {
			t->quit = true;
			fprintf(stderr, "drivedash: poll: %s\n", strerror(errno));
			break;
		}
		if (pfd[1].revents & POLLIN)
			tui_signals(t, l);
		for (int i = 0; i < TUI_VIEW_COUNT; i++)
			if (nv[i] > 0)
				t->views[i]->poll(t, &pfd[first[i]], nv[i]);
		if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (pfd[0].revents & (POLLHUP | POLLERR) && !(pfd[0].revents & POLLIN)) {
				fprintf(stderr, "drivedash: the terminal went away: quitting\n");
				t->quit = true;
			}
			tui_term_input(t, l->term);
		}
		if (tui_frame_wanted(t, l) && !t->quit &&
		    (clock_now_s() - l->last_frame) * 1e3 >= TUI_FRAME_MS)
			tui_frame(t, l);
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

/* Set up a struct tui from the options: database, theme; no terminal. */
int
tui_create(const struct tui_opts *o, struct tui **out, struct dd_error *err)
{
	struct tui *t = calloc(1, sizeof *t);
	int	    rc;

	*out = NULL;
	if (t == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	t->opts = *o;
	t->views = tui_views;
	t->help_view = &tui_view_help;
	t->sweep.tgt.fd = -1;
	t->sweep.fin_sel = t->sweep.heat_shape = -1;
	if (t->opts.size == 0)
		t->opts.size = TUI_DEFAULT_SIZE;
	rc = tui_load_db(t, err);
	if (rc == 0) {
		rc = tui_theme_open(t, o->theme != NULL ? o->theme : "default", err);
	}
	if (rc < 0) {
		tui_free(t);
		return rc;
	}
	tui_set_charset(t, false);
	*out = t;
	return 0;
}

/* The order views are cleaned up in: the fleet gives back the sweep it
 * lent before the sweep stops; the runs (Compare's) go after the sweep that
 * may keep one. */
static const enum tui_view_id tui_cleanup_order[TUI_VIEW_COUNT] = {
	TUI_VIEW_FLEET, TUI_VIEW_SWEEP, TUI_VIEW_COMPARE, TUI_VIEW_HISTORY, TUI_VIEW_SHEET,
	TUI_VIEW_DRIVES,
};

/* Free everything tui_create and the session set up. */
void
tui_free(struct tui *t)
{
	for (int i = 0; i < TUI_VIEW_COUNT; i++)
		if (t->views[tui_cleanup_order[i]]->cleanup != NULL)
			t->views[tui_cleanup_order[i]]->cleanup(t);
	arena_free(&t->arena);
	specdb_close(t->db);
	free(t);
}

/* Does the locale (and not --ascii) allow UTF-8 glyphs? */
static bool
tui_locale_utf8(const struct tui *t)
{
	const char *cs = nl_langinfo(CODESET);

	return !t->opts.ascii && cs != NULL && strcmp(cs, "UTF-8") == 0;
}

/* Block the signals the loop reads and open their signalfd; 0 or a negative errno. */
static int
tui_signals_open(struct tui_loop *l, sigset_t *mask, struct dd_error *err)
{
	/* Blocked before the sweep thread exists, so it inherits the mask:
	 * every terminating signal (lib/signals.h; Ctrl-\, SIGUSR1 ...) quits
	 * as SIGTERM does, the terminal restored and the scratch file removed
	 * first; SIGPIPE is ignored (a fio client's closed pipe is an EPIPE). */
	signals_block(mask);
	sigaddset(mask, SIGWINCH);
	pthread_sigmask(SIG_BLOCK, mask, NULL);
	l->sigfd = signalfd(-1, mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (l->sigfd < 0)
		return dd_error_set(err, -errno, "signalfd: %s", strerror(errno));
	return 0;
}

/* Discovery's list changed: the views that show it follow. */
static void
tui_refresh(struct tui *t)
{
	for (int i = 0; i < TUI_VIEW_COUNT; i++)
		if (t->views[i]->refresh != NULL)
			t->views[i]->refresh(t);
}

/* Run the dashboard. */
int
tui_run(const struct tui_opts *o, struct dd_error *err)
{
	struct tui_loop l = { .sigfd = -1, .t_start = clock_now_s() };
	struct tui     *t;
	sigset_t	mask;
	int		rc;

	rc = tui_create(o, &t, err);
	if (rc < 0)
		return rc;
	rc = tui_signals_open(&l, &mask, err);
	if (rc < 0) {
		tui_free(t);
		return rc;
	}
	tui_set_charset(t, tui_locale_utf8(t));
	rc = tui_term_start(t, &l.term, err);
	if (rc == 0) {
		tui_refresh(t);
		tui_frame(t, &l);	/* the first frame before discovery */
		tui_detect_devices(t);
		tui_refresh(t);
		if (o->notice != NULL)	/* said once: here, in the log and at exit */
			tui_message(t, true, "%s", o->notice);
		t->view = TUI_VIEW_DRIVES;
		if (t->opts.nhosts > 0)	/* --hosts: the rack first */
			tui_nav_open(t, TUI_VIEW_FLEET, NULL);
		t->dirty = true;
		tui_loop(t, &l);
	}
	tui_term_end(l.term);
	if (t->msg_error && t->msg[0] != '\0' && rc == 0)
		fprintf(stderr, "drivedash: %s\n", t->msg);
	close(l.sigfd);
	tui_free(t);
	pthread_sigmask(SIG_UNBLOCK, &mask, NULL);
	return rc < 0 ? rc : l.quit_signal;
}
