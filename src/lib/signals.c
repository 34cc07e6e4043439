/*
 * The process's ways out by signal (signals.h has the model): the set of
 * terminating signals that are read from a signalfd, dying of one once
 * everything is cleaned up, and the one file a fault signal removes.
 */
#include "config.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/signals.h"

/* The file a fault removes: set by the main thread, read by a handler. */
static char		    signals_fault_path[PATH_MAX];
static volatile sig_atomic_t signals_fault_armed;

/* Fill set with the terminating signals that are read. */
void
signals_terminating(sigset_t *set)
{
	static const int sigs[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
		SIGPROF, SIGIO, SIGPWR, SIGXCPU, SIGXFSZ,
#ifdef SIGSTKFLT
		SIGSTKFLT,
#endif
	};

	sigemptyset(set);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaddset(set, sigs[i]);
	for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
		sigaddset(set, s);
}

/* Block the terminating signals and ignore SIGPIPE. */
void
signals_block(sigset_t *set)
{
	signals_terminating(set);
	pthread_sigmask(SIG_BLOCK, set, NULL);
	signal(SIGPIPE, SIG_IGN);
}

/* Start a thread with every signal blocked. */
int
signals_thread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
		      void *arg)
{
	sigset_t all, old;
	int	 rc;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(thread, attr, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return rc;
}

/* Die of signo with its default action. */
void
signals_die(int signo)
{
	sigset_t one;

	signal(signo, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, signo);
	pthread_sigmask(SIG_UNBLOCK, &one, NULL);
	raise(signo);
	_exit(128 + signo);	/* a signal whose default is to go on */
}

/* Remember the file a fault removes. */
void
signals_unlink_on_fault(const char *path)
{
	signals_fault_armed = 0;
	if (path == NULL || strlen(path) >= sizeof signals_fault_path)
		return;
	memcpy(signals_fault_path, path, strlen(path) + 1);
	signals_fault_armed = 1;
}

/* Remove the registered file (a fault signal's handler). */
void
signals_fault_cleanup(void)
{
	if (signals_fault_armed)
		unlink(signals_fault_path);
	signals_fault_armed = 0;
}
