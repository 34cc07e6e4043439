/*
 * How much memory this process may take: the smaller of what the kernel says
 * can be had without swapping (/proc/meminfo MemAvailable) and what the
 * memory cgroup it runs in leaves (the tightest limit on the way up from its
 * own cgroup, cgroup v2 memory.max or v1 memory.limit_in_bytes, less what
 * the cgroup already uses other than reclaimable page cache).  A container or
 * a systemd unit with MemoryMax= sees the host's MemAvailable, and a point
 * sized to that is killed by the OOM killer instead of refused.
 *
 * Of the smaller figure drivedash plans to use MEMLIMIT_SHARE: the rest is
 * headroom for what is not counted ahead (sqlite's cache, the results'
 * histograms, libc's arenas, the kernel's pinned rings and the page cache a
 * buffered target needs), so a point that passes neither reaches the OOM
 * killer nor pushes its cgroup into the reclaim that would distort the
 * figures it measures.
 */
#ifndef DD_MEMLIMIT_H
#define DD_MEMLIMIT_H

#include <stdint.h>

#define MEMLIMIT_SHARE 0.75	/* of the smaller figure; MEMLIMIT_SHARE_TEXT in words */
#define MEMLIMIT_SHARE_TEXT "three quarters"

struct memlimit {
	uint64_t mem_available;	/* MemAvailable in bytes; 0 unknown */
	uint64_t cg_limit;	/* the tightest cgroup limit; UINT64_MAX none */
	uint64_t cg_room;	/* that limit less the cgroup's usage (not counting
				 * reclaimable page cache); UINT64_MAX none */
	char	 cg_path[256];	/* that cgroup ("/system.slice/x.scope"); "" none */
	int	 cg_version;	/* 1 or 2; 0 none */
	uint64_t usable;	/* MEMLIMIT_SHARE of the smaller of
				 * mem_available and cg_room; 0 unknown */
};

/* Read the figures now (procfs and cgroupfs; nothing is cached: a process
 * may be moved between cgroups).  Never fails: what cannot be read is
 * unknown (0 / UINT64_MAX / ""). */
void memlimit_read(struct memlimit *m);

#endif
