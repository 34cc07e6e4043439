/*
 * The process's ways out by signal.  A signal whose default action ends the
 * process must never leave a terminal in curses' modes, a scratch file on
 * disk or a run "running" in the store, so each is either read or ignored:
 *
 *   read      the terminating signals that come from outside (kill, the
 *             terminal, timers: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1,
 *             SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU,
 *             SIGXFSZ, SIGSTKFLT and the real-time signals) are blocked in
 *             every thread (signals_block, before any thread starts) and
 *             read from a signalfd by the one loop that owns the way out
 *             (run and check: cli-sweep.c; the dashboard: tui.c), which
 *             stops the sweep, cleans up and then exits with the signal's
 *             code or dies of it (signals_die);
 *   ignored   SIGPIPE: a write to a closed pipe or socket is an EPIPE that
 *             the writer says in a sentence;
 *   faults    SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS
 *             cannot wait for a loop: their handler (the dashboard's, in
 *             tui-term.c) restores the terminal, removes the one file
 *             registered with signals_unlink_on_fault and dies of the signal.
 */
#ifndef DD_SIGNALS_H
#define DD_SIGNALS_H

#include <pthread.h>
#include <signal.h>

/* Fill set with the terminating signals that are read, not ignored. */
void signals_terminating(sigset_t *set);

/* Block the terminating signals in the calling thread (threads it starts
 * inherit the mask), mask set to them, and ignore SIGPIPE. */
void signals_block(sigset_t *set);

/* pthread_create with every signal blocked in the new thread (the caller's
 * mask is kept): a worker never takes a signal meant for the loop that
 * reads them.  A thread started before that loop blocked its signals would
 * otherwise be the one the kernel hands a process-directed signal, and a
 * signal ignored by inheritance (SIGINT of a background job) is then lost.
 * Returns pthread_create's error number. */
int signals_thread_create(pthread_t *thread, const pthread_attr_t *attr,
			  void *(*fn)(void *), void *arg);

/* Die of signo: its default action, unblocked and raised; _exit(128 +
 * signo) should it return.  Call with everything cleaned up. */
_Noreturn void signals_die(int signo);

/* Remove path (when not NULL; NULL forgets it) if a fault signal ends the
 * process (signals_fault_cleanup).  One path at a time. */
void signals_unlink_on_fault(const char *path);

/* From a fault signal's handler: remove the registered path (async-signal
 * safe). */
void signals_fault_cleanup(void);

#endif
