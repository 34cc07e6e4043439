/*
 * Host information for the engine (hostinfo.h): idle CPUs from two reads of
 * /proc/stat, this process's capabilities from /proc/self/status, its
 * threads' names from /proc/self/task.  Stateless; every call reads again.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hostinfo.h"
#include "lib/file.h"

/* Sum of all and of idle jiffies on /proc/stat's "cpu" line. */
static int
cpu_times_read(uint64_t *total, uint64_t *idle)
{
	unsigned long long v[10] = { 0 };
	FILE		  *f = fopen("/proc/stat", "re");
	int		   n;

	if (f == NULL)
		return -errno;
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
		   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]);
	fclose(f);
	if (n < 5)
		return -EINVAL;
	*total = 0;
	for (int i = 0; i < 8; i++)	/* guest times are inside user already */
		*total += v[i];
	*idle = v[3] + v[4];		/* idle + iowait */
	return 0;
}

/* CPUs idle over a short window. */
double
hostinfo_cpus_idle(unsigned window_ms)
{
	uint64_t	t0, i0, t1, i1;
	long		ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct timespec ts = { window_ms / 1000, (long)(window_ms % 1000) * 1000000 };

	if (ncpu <= 0 || cpu_times_read(&t0, &i0) < 0)
		return -1;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	if (cpu_times_read(&t1, &i1) < 0 || t1 <= t0)
		return -1;
	return (double)ncpu * (double)(i1 - i0) / (double)(t1 - t0);
}

/* The number after "key" in a small /proc file, in base (10, 16); false
 * when the file or the key is not there. */
static bool
hostinfo_proc_field(const char *path, const char *key, int base, unsigned long long *out)
{
	char  v[64], *end = NULL;

	if (file_read_field(path, key, v, sizeof v) < 0)
		return false;
	*out = strtoull(v, &end, base);
	return end != v;
}

/* Does this process have CAP_IPC_LOCK (/proc/self/status CapEff, bit 14)? */
bool
hostinfo_has_ipc_lock(void)
{
	unsigned long long caps = 0;

	return hostinfo_proc_field("/proc/self/status", "CapEff:", 16, &caps) &&
	       ((caps >> 14) & 1);
}


/* Has this process a thread of that name? */
bool
hostinfo_thread_named(const char *comm_want)
{
	char	       path[300], comm[32];
	DIR	      *d = opendir("/proc/self/task");
	struct dirent *e;
	bool	       found = false;

	if (d == NULL)
		return false;
	while (!found && (e = readdir(d)) != NULL) {
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "re");
		if (f == NULL)
			continue;
		if (fgets(comm, sizeof comm, f) != NULL) {
			comm[strcspn(comm, "\n")] = '\0';
			found = strcmp(comm, comm_want) == 0;
		}
		fclose(f);
	}
	closedir(d);
	return found;
}
