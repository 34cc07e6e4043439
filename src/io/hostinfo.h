/*
 * What the engine asks of the machine it runs on, without I/O: how many
 * CPUs the rest of the machine leaves idle (/proc/stat), whether this
 * process may lock memory without limit (CAP_IPC_LOCK in /proc/self/status),
 * and whether a thread of this process has a given name (/proc/self/task:
 * io_uring's io-wq workers).  Each answer is read fresh; nothing is kept.
 */
#ifndef DD_HOSTINFO_H
#define DD_HOSTINFO_H

#include <stdbool.h>

/*
 * CPUs idle over a window of window_ms, from /proc/stat (idle + iowait
 * time over all time, times the CPU count); -1 when it cannot be read.
 */
double hostinfo_cpus_idle(unsigned window_ms);

/* Does this process have CAP_IPC_LOCK (locked memory without limit)? */
bool hostinfo_has_ipc_lock(void);

/* Has this process a thread whose name (comm) is comm? */
bool hostinfo_thread_named(const char *comm);

#endif
