/*
 * Driving a sweep from the command line, shared by `run` and `check`: the
 * main thread blocks every terminating signal (cli_signals_block,
 * lib/signals.h: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 ..., before the
 * scratch file is created, so no signal kills the process between creating
 * and removing it) and reads them from a signalfd; it
 * then only waits on the sweep's wake fd and that signalfd, drawing a
 * progress line on a terminal or logging finished points otherwise (and on
 * the recorder's wake fd, to say once that the results store is busy), and
 * calls the caller's hook after each finished point (run --json rewrites
 * its file there).  The first signal, whichever, cancels the sweep (what
 * finished is kept, stored and written; SIGQUIT too); a second one abandons
 * it: the call returns -EINTR at once, and the caller removes its scratch
 * file and exits without joining (cli_exit_now).
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli-table.h"
#include "core/format.h"
#include "core/record.h"
#include "core/session.h"
#include "lib/signals.h"

/* A signal with no exit code of its own that stopped the command: main
 * dies of it at the end (cli_exit_finish).  Main thread only. */
static int cli_exit_die_signo;

/* The exit code of a run a signal stopped (the table in cli.h). */
int
cli_exit_signal(int signo)
{
	switch (signo) {
	case 0:
	case SIGINT:
		return EXIT_SIGINT;
	case SIGTERM:
		return EXIT_SIGTERM;
	case SIGHUP:
		return EXIT_SIGHUP;
	case SIGQUIT:
		return EXIT_SIGQUIT;
	default:
		cli_exit_die_signo = signo;
		return 128 + signo;
	}
}

/* Die of a signal that has no exit code, else return rc. */
int
cli_exit_finish(int rc)
{
	if (cli_exit_die_signo != 0) {
		fflush(stdout);
		signals_die(cli_exit_die_signo);
	}
	return rc;
}

/* Leave at once with the signal's code, or die of it. */
void
cli_exit_now(int signo)
{
	int rc = cli_exit_signal(signo);

	if (cli_exit_die_signo != 0)
		signals_die(signo);
	_exit(rc);
}

/* Block the signals a sweep reads into mask (and the process); SIGPIPE is
 * ignored, so a closed stdout is a write error the caller reports. */
void
cli_signals_block(sigset_t *mask)
{
	signals_block(mask);
}

/* A blocked signal of mask that is already pending, taken; 0 for none. */
int
cli_signal_take(const sigset_t *mask)
{
	struct timespec zero = { 0, 0 };
	int		signo = sigtimedwait(mask, NULL, &zero);

	return signo > 0 ? signo : 0;
}

/* Draw the progress line on stderr (a terminal), cut to one column less
 * than the terminal has, so it never wraps and "\r" rewrites it whole:
 * what is least worth having (run, round, ETA, elapsed) is last. */
static void
cli_sweep_progress(const struct sweep_snapshot *sn)
{
	char iops[32], mbps[32], el[32], eta[32], lat[32], line[512], cut[512];
	int  cols = cli_term_width(stderr);
	size_t o;

	if (sn->state != SWEEP_RUNNING)
		return;
	fmt_number(sn->running.iops, 0, iops, sizeof iops);
	fmt_number(sn->running.mbps, 1, mbps, sizeof mbps);
	if (isnan(sn->running.mean_us))
		snprintf(lat, sizeof lat, "-");
	else
		fmt_number(sn->running.mean_us, 1, lat, sizeof lat);
	o = (size_t)snprintf(line, sizeof line, "[%zu/%zu] %-24.24s %3.0f%%  %s IOPS  %s MB/s  "
			     "mean %s \u00b5s  %s elapsed  ETA %s",
			     sn->preconditioning ? 0 : sn->index + 1, sn->npoints,
			     sn->current.name, sn->point_progress * 100, iops, mbps, lat,
			     fmt_duration(sn->elapsed_s, el, sizeof el),
			     fmt_duration(sn->eta_s, eta, sizeof eta));
	if (sn->nruns > 1 && o < sizeof line)
		o += (size_t)snprintf(line + o, sizeof line - o, "  run %u/%u", sn->run, sn->nruns);
	if (sn->round > 0 && o < sizeof line)
		snprintf(line + o, sizeof line - o, "  round %u", sn->round);
	fputs("\r\033[K", stderr);	/* the terminal's controls, not text */
	cli_fprintf(stderr, "%s", cols > 1 ? cli_text_cut(line, cols - 1, "", cut, sizeof cut)
				       : line);
	fflush(stderr);
}

/* Log the finished points not yet logged (no terminal); who, when not
 * NULL, names the fleet host they ran on. */
void
cli_sweep_log(const struct sweep_snapshot *sn, size_t *logged, const char *who)
{
	for (; *logged < sn->nfinished; (*logged)++) {
		size_t			    k = sn->nfinished - *logged;
		const struct sweep_summary *s;
		char			    iops[32], mbps[32];

		if (k > SWEEP_FINISHED_MAX)
			continue;	/* scrolled out of the snapshot */
		s = &sn->finished[SWEEP_FINISHED_MAX < sn->nfinished ? SWEEP_FINISHED_MAX - k
								     : *logged];
		if (s->status && !(s->iops > 0))
			continue;	/* failed, measured nothing: not "done" (the
					 * sweep's end, a host's state, says why) */
		cli_fprintf(stderr, "drivedash: %s%sdone %-26s %12s IOPS %10s MB/s%s\n",
			who ? who : "", who ? ": " : "", s->name,
			fmt_number(s->iops, 0, iops, sizeof iops),
			fmt_number(s->mbps, 1, mbps, sizeof mbps),
			s->status ? "  FAILED" : s->cancelled ? "  (stopped)" : "");
	}
}

/* Run a sweep of plan on t to its end in the foreground. */
int
cli_sweep_run(const struct dd_target *t, const struct dd_plan *plan, bool quiet,
	      struct sweep **out, enum sweep_state *state, char *message, size_t len,
	      int *signo)
{
	return cli_sweep_run_hook(t, plan, quiet, NULL, out, state, message, len, signo);
}

/* Read one signal: cancel on the first, true to abandon the sweep. */
static bool
cli_sweep_signal(int sigfd, struct sweep *sw, bool tty, int *signals, int *signo)
{
	struct signalfd_siginfo si;

	if (read(sigfd, &si, sizeof si) != sizeof si)
		return false;
	*signo = (int)si.ssi_signo;
	if (++*signals > 1)
		return true;
	if (tty)
		fputs("\r\033[K", stderr);
	fputs("drivedash: stopping after the current interval (again to quit at once)\n",
	      stderr);
	sweep_cancel(sw);
	return false;
}

/* Call the hook when the snapshot has new full results; false to stop. */
static bool
cli_sweep_call_hook(const struct cli_sweep_hook *hook, struct sweep *sw,
		    const struct sweep_snapshot *sn, size_t *seen)
{
	if (hook == NULL || hook->point_done == NULL || sn->nresults == *seen)
		return true;
	*seen = sn->nresults;
	if (hook->point_done(hook->arg, sw, sn->nresults) == 0)
		return true;
	sweep_cancel(sw);
	return false;
}

/* Run a sweep of plan on t in the foreground, calling hook after each point. */
int
cli_sweep_run_hook(const struct dd_target *t, const struct dd_plan *plan, bool quiet,
		   const struct cli_sweep_hook *hook, struct sweep **out,
		   enum sweep_state *state, char *message, size_t len, int *signo)
{
	struct sweep_snapshot *sn = malloc(sizeof *sn);
	struct dd_error	       err = { 0 };
	struct sweep	      *sw = NULL;
	sigset_t	       mask;
	uint64_t	       gen = 0;
	size_t		       logged = 0, seen = 0;
	bool		       tty = !quiet && isatty(STDERR_FILENO);
	struct record	      *rec = hook != NULL ? hook->rec : NULL;
	int		       sigfd, signals = 0;

	*out = NULL;
	*signo = 0;
	message[0] = '\0';
	if (sn == NULL) {
		cli_error("out of memory");
		return -ENOMEM;
	}
	/* Signals go to the signalfd; block them before any thread starts. */
	cli_signals_block(&mask);
	sigfd = signalfd(-1, &mask, SFD_CLOEXEC);
	if (sigfd < 0 ||
	    record_start(rec, t, plan, &sw, &err) < 0) {
		cli_error("%s", err.msg[0] ? err.msg : strerror(errno));
		sweep_destroy(sw);
		if (sigfd >= 0)
			close(sigfd);
		free(sn);
		return -EIO;
	}
	for (;;) {
		struct pollfd pfd[3] = {
			{ .fd = sweep_wake_fd(sw), .events = POLLIN },
			{ .fd = sigfd, .events = POLLIN },
			{ .fd = record_wake_fd(rec), .events = POLLIN },
		};

		if (poll(pfd, rec != NULL ? 3 : 2, -1) < 0 && errno != EINTR)
			break;
		if (rec != NULL && (pfd[2].revents & POLLIN))
			record_poll(rec);	/* says once that the store is busy */
		if ((pfd[1].revents & POLLIN) &&
		    cli_sweep_signal(sigfd, sw, tty, &signals, signo)) {
			/* Abandoned: the sweep thread is left running, the
			 * caller cleans up and exits without joining it. */
			if (tty)
				fputs("\r\033[K", stderr);
			close(sigfd);
			free(sn);
			return -EINTR;
		}
		if (!(pfd[0].revents & POLLIN))
			continue;
		sweep_ack(sw);
		if (!sweep_snapshot(sw, sn, gen))
			continue;
		gen = sn->generation;
		if (!cli_sweep_call_hook(hook, sw, sn, &seen))
			hook = NULL;	/* it failed and said why; the sweep stops */
		if (tty)
			cli_sweep_progress(sn);
		else if (!quiet)
			cli_sweep_log(sn, &logged, NULL);
		if (sn->state != SWEEP_RUNNING && sn->state != SWEEP_IDLE)
			break;
	}
	if (tty)
		fputs("\r\033[K", stderr);
	*state = sweep_join(sw);
	if (*state == SWEEP_FAILED && sweep_snapshot(sw, sn, UINT64_MAX))
		dd_strlcpy(message, sn->message, len);
	close(sigfd);
	free(sn);
	*out = sw;
	return 0;
}
