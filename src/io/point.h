/*
 * The point vocabulary: a point's pattern (what it reads and writes, and
 * where) and its kind (what it is part of), each one enum with one table.
 *
 * Data model: two const tables indexed by the enums, dd_patterns[] and
 * dd_kinds[], one row per value: the name (fio's rw= name for a pattern;
 * the results store keeps both by these names, never by number, so
 * reordering the enums changes no stored label), a label for screens, and
 * the properties every other file asks (reads? writes? random? mixed? a
 * load curve's? paced?).  A question about a pattern or a kind is a lookup
 * here, not a chain of comparisons at the caller; a new kind is a new enum
 * value and a new row.  The parsers take the names and, for patterns, the
 * aliases plan files accept (readwrite, seqread, seqwrite).
 */
#ifndef DD_POINT_H
#define DD_POINT_H

#include <stdbool.h>

enum dd_pattern {
	DD_READ,	/* sequential read */
	DD_WRITE,	/* sequential write */
	DD_RANDREAD,
	DD_RANDWRITE,
	DD_RANDRW,	/* random, read_pct% reads */
	DD_SEQRW,	/* sequential, read_pct% reads */
};

#define DD_PATTERN_COUNT 6	/* patterns in enum dd_pattern (no enum value: the
				 * switches over patterns stay exhaustive) */

/*
 * What a point is part of.  The engine runs every kind the same way (it
 * only honours rate_iops, region_pct and end_fsync); the kinds tell the
 * sweep how to resolve a point from the ones before it and tell the
 * analysis (core/workload.h), the store, Compare and the views how to read
 * its result.
 */
enum dd_kind {
	DD_KIND_POINT = 0,	/* a plain point: the FIO IODepth x NumJobs matrix */
	DD_KIND_CURVE_MAX,	/* load curve (VDBench): unthrottled, finds the
				 * maximum rate of the group's profile */
	DD_KIND_CURVE_STEP,	/* load curve: a fixed-rate step at rate_pct of
				 * the group's DD_KIND_CURVE_MAX IOPS */
	DD_KIND_CHECKPOINT,	/* checkpoint burst (DLIO): numjobs ranks each
				 * write their shard of `bytes` sequentially,
				 * then the target is flushed; elapsed_s is the
				 * checkpoint's time.  pass == 0: a template
				 * that plan_resolve expands */
	DD_KIND_THREADS,	/* thread scaling (GDSIO): QD1 x numjobs threads,
				 * reported in GiB/s and us */
	DD_KIND_CLIFF,		/* sustained write watched for a write-cache cliff */
	DD_KIND_COUNT,
};

/* One pattern's row. */
struct dd_pattern_info {
	const char *name;	/* fio's rw= name, the stored one ("randread") */
	const char *label;	/* for screens ("rand read"; a mix: "rand mix") */
	const char *access;	/* "rand" or "seq" */
	bool	    reads;	/* issues reads (a mix: with read_pct > 0) */
	bool	    writes;	/* issues writes (a mix: with read_pct < 100) */
	bool	    random;	/* random offsets; false: sequential */
	bool	    mixed;	/* reads and writes, read_pct% reads */
};

/* One kind's row. */
struct dd_kind_info {
	const char *name;	/* the stored name ("curve-max") */
	const char *label;	/* for screens ("curve max") */
	bool	    curve;	/* part of a load curve (its maximum or a step) */
	bool	    paced;	/* runs at rate_pct of its group's maximum */
	bool	    plain;	/* measures its shape as such (not paced, not a
				 * checkpoint): comparable with a spec figure */
	bool	    matrix;	/* a QD x jobs matrix point: FIO's or GDSIO's */
};

extern const struct dd_pattern_info dd_patterns[DD_PATTERN_COUNT];
extern const struct dd_kind_info    dd_kinds[DD_KIND_COUNT];

/* The row of pattern p; NULL for an invalid one. */
static inline const struct dd_pattern_info *
dd_pattern_info(enum dd_pattern p)
{
	return (unsigned)p < DD_PATTERN_COUNT ? &dd_patterns[p] : NULL;
}

/* The row of kind k; NULL for an invalid one. */
static inline const struct dd_kind_info *
dd_kind_info(enum dd_kind k)
{
	return (unsigned)k < DD_KIND_COUNT ? &dd_kinds[k] : NULL;
}

/* Is this pattern writing at all? */
static inline bool
dd_pattern_writes(enum dd_pattern p)
{
	return (unsigned)p < DD_PATTERN_COUNT && dd_patterns[p].writes;
}

/* Is this pattern reading at all? */
static inline bool
dd_pattern_reads(enum dd_pattern p)
{
	return (unsigned)p < DD_PATTERN_COUNT && dd_patterns[p].reads;
}

/* Is this pattern random? */
static inline bool
dd_pattern_random(enum dd_pattern p)
{
	return (unsigned)p < DD_PATTERN_COUNT && dd_patterns[p].random;
}

/* Is this pattern a mix of reads and writes (read_pct applies)? */
static inline bool
dd_pattern_mixed(enum dd_pattern p)
{
	return (unsigned)p < DD_PATTERN_COUNT && dd_patterns[p].mixed;
}

/* Is this kind part of a load curve (its maximum or a step)? */
static inline bool
dd_kind_curve(enum dd_kind k)
{
	return (unsigned)k < DD_KIND_COUNT && dd_kinds[k].curve;
}

/* Does this kind run at a rate taken from its group's maximum? */
static inline bool
dd_kind_paced(enum dd_kind k)
{
	return (unsigned)k < DD_KIND_COUNT && dd_kinds[k].paced;
}

/* Does this kind measure its shape as such (comparable with a spec)? */
static inline bool
dd_kind_plain(enum dd_kind k)
{
	return (unsigned)k < DD_KIND_COUNT && dd_kinds[k].plain;
}

/* Is this kind a point of a QD x jobs matrix (FIO's or GDSIO's)? */
static inline bool
dd_kind_matrix(enum dd_kind k)
{
	return (unsigned)k < DD_KIND_COUNT && dd_kinds[k].matrix;
}

/* Every pattern name the parser takes, in the order messages list them. */
#define DD_PATTERN_LIST \
	"read, write, randread, randwrite, randrw, rw, readwrite, seqread, seqwrite"

/* Name of a kind ("point", "curve-max", "curve-step", "checkpoint",
 * "threads", "cliff"); NULL for an invalid one. */
const char *dd_kind_name(enum dd_kind k);

/* Parse a kind name (as dd_kind_name); 0 or -EINVAL. */
int dd_kind_parse(const char *s, enum dd_kind *out);

/* Name of a pattern as fio spells it ("randread"); NULL for an invalid one. */
const char *dd_pattern_name(enum dd_pattern p);

/* Parse a pattern name (fio's rw= names, plus "readwrite", "seqread" and
 * "seqwrite"), case-insensitively; 0 or -EINVAL. */
int dd_pattern_parse(const char *s, enum dd_pattern *out);

#endif
