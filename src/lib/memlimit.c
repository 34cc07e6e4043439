/*
 * The memory this process may take (memlimit.h).  The cgroup comes from
 * /proc/self/cgroup ("0::/path" for v2, "N:...memory...:/path" for v1), its
 * directory from the cgroup filesystem's mount in /proc/self/mounts; each
 * directory from there up to the mount is read, and the one with the least
 * room left decides (a parent's limit binds its children).
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/file.h"
#include "lib/memlimit.h"

#define MEMLIMIT_TEXT_MAX (4u << 20)	/* /proc/self/mounts of a busy host */

/* The files of one cgroup version. */
struct memlimit_files {
	const char *limit, *usage;	/* memory.max, memory.current */
	const char *cache, *shmem;	/* memory.stat keys: page cache, its tmpfs part */
};

static const struct memlimit_files memlimit_v2 = { "memory.max", "memory.current", "file",
						   "shmem" };
static const struct memlimit_files memlimit_v1 = { "memory.limit_in_bytes",
						   "memory.usage_in_bytes", "total_cache",
						   "total_shmem" };

/* The value of "key N" at the start of a line of the text in path; 0 none. */
static uint64_t
memlimit_stat(const char *path, const char *key)
{
	char	*text = NULL, *line;
	size_t	 klen = strlen(key);
	uint64_t v = 0;

	if (file_read_all("cgroup", path, MEMLIMIT_TEXT_MAX, &text, NULL, NULL) < 0)
		return 0;
	for (line = text; line != NULL && *line != '\0'; line = strchr(line, '\n'), line += !!line)
		if (strncmp(line, key, klen) == 0 && line[klen] == ' ') {
			v = strtoull(line + klen + 1, NULL, 10);
			break;
		}
	free(text);
	return v;
}

/* A number file of a cgroup ("max" and v1's huge "no limit" as UINT64_MAX). */
static uint64_t
memlimit_number(const char *dir, const char *name)
{
	char		   path[8192], buf[64], *end;
	unsigned long long v;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (file_read_line(path, buf, sizeof buf) < 0 || strcmp(buf, "max") == 0)
		return UINT64_MAX;
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (errno != 0 || end == buf || v >= (1ULL << 62))
		return UINT64_MAX;
	return v;
}

/* The room one cgroup directory leaves: its limit less its usage other than
 * reclaimable page cache; *limit its limit (UINT64_MAX none). */
static uint64_t
memlimit_dir_room(const char *dir, const struct memlimit_files *f, uint64_t *limit)
{
	char	 path[8192];
	uint64_t usage, cache, shmem;

	*limit = memlimit_number(dir, f->limit);
	if (*limit == UINT64_MAX)
		return UINT64_MAX;
	usage = memlimit_number(dir, f->usage);
	if (usage == UINT64_MAX)
		usage = 0;
	snprintf(path, sizeof path, "%s/memory.stat", dir);
	cache = memlimit_stat(path, f->cache);
	shmem = memlimit_stat(path, f->shmem);
	if (cache > shmem && cache - shmem <= usage)
		usage -= cache - shmem;
	return usage < *limit ? *limit - usage : 0;
}

/* The mount point of the cgroup filesystem: cgroup2, or v1's with the
 * memory controller; false when none is mounted. */
static bool
memlimit_mount(int version, char *out, size_t len)
{
	char *text = NULL, *line, *save = NULL;
	bool  found = false;

	if (file_read_all("mounts", "/proc/self/mounts", MEMLIMIT_TEXT_MAX, &text, NULL, NULL) < 0)
		return false;
	for (line = strtok_r(text, "\n", &save); line != NULL && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char dev[64], mnt[4096], type[32], opts[1024];

		if (sscanf(line, "%63s %4095s %31s %1023s", dev, mnt, type, opts) != 4)
			continue;
		if (version == 2 ? strcmp(type, "cgroup2") == 0
				 : strcmp(type, "cgroup") == 0 &&
				   (strstr(opts, ",memory") != NULL ||
				    strncmp(opts, "memory", 6) == 0)) {
			snprintf(out, len, "%s", mnt);
			found = true;
		}
	}
	free(text);
	return found;
}

/* This process's cgroup path of the given version ("/a/b"); false none. */
static bool
memlimit_self(int version, char *out, size_t len)
{
	char *text = NULL, *line, *save = NULL;
	bool  found = false;

	if (file_read_all("cgroup", "/proc/self/cgroup", MEMLIMIT_TEXT_MAX, &text, NULL, NULL) < 0)
		return false;
	for (line = strtok_r(text, "\n", &save); line != NULL && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

		if (c2 == NULL)
			continue;
		*c2 = '\0';
		if (version == 2 ? strcmp(line, "0") == 0 && c1[1] == '\0'
				 : strstr(c1 + 1, "memory") != NULL) {
			snprintf(out, len, "%s", c2 + 1);
			found = true;
		}
	}
	free(text);
	return found;
}

/* Walk from this process's cgroup up to the mount: the least room left. */
static void
memlimit_cgroup(struct memlimit *m, int version)
{
	const struct memlimit_files *f = version == 2 ? &memlimit_v2 : &memlimit_v1;
	char			     mnt[4096], self[2048], dir[8000];
	size_t			     base;

	if (!memlimit_mount(version, mnt, sizeof mnt) || !memlimit_self(version, self, sizeof self))
		return;
	base = strlen(mnt);
	snprintf(dir, sizeof dir, "%s%s", mnt, strcmp(self, "/") == 0 ? "" : self);
	for (;;) {
		uint64_t limit, room = memlimit_dir_room(dir, f, &limit);
		char	*slash;

		if (room < m->cg_room) {
			m->cg_room = room;
			m->cg_limit = limit;
			m->cg_version = version;
			snprintf(m->cg_path, sizeof m->cg_path, "%s", dir[base] ? dir + base : "/");
		}
		if (strlen(dir) <= base || (slash = strrchr(dir, '/')) == NULL ||
		    (size_t)(slash - dir) < base)
			break;
		*slash = '\0';
	}
}

/* Read the figures now. */
void
memlimit_read(struct memlimit *m)
{
	char		   v[64];
	unsigned long long kb;
	uint64_t	   least;

	memset(m, 0, sizeof *m);
	m->cg_limit = m->cg_room = UINT64_MAX;
	if (file_read_field("/proc/meminfo", "MemAvailable:", v, sizeof v) == 0 &&
	    sscanf(v, "%llu", &kb) == 1)
		m->mem_available = (uint64_t)kb * 1024;
	memlimit_cgroup(m, 2);
	memlimit_cgroup(m, 1);
	least = m->mem_available == 0 ? m->cg_room
		: m->cg_room < m->mem_available ? m->cg_room : m->mem_available;
	if (least != UINT64_MAX)	/* at least 1: 0 says unknown */
		m->usable = (uint64_t)((double)least * MEMLIMIT_SHARE) + 1;
}
