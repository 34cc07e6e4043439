/*
 * Plans: point specs and plan files parsed into struct dd_plan, the presets
 * (kept here as data and small builders), time estimates and fio job files.
 *
 * A plan owns one growable array of struct dd_point; everything else in it
 * is plain values.  Parsers work on a copy and touch the caller's structs
 * only on success, so a failed parse leaves nothing half-built.  Messages
 * quote the spec (or name file:line) and say what is wrong with which item.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "format.h"
#include "plan.h"
#include "plan-presets.h"
#include "workload.h"
#include "io/fiojob.h"
#include "lib/file.h"
#include "lib/parse.h"
#include "lib/utf8.h"

#define KIB		 1024u
#define MIB		 (1024u * 1024u)
#define BS_MAX		 (64u * MIB)
#define QD_MAX		 4096u
#define JOBS_MAX	 1024u
#define TIME_MAX_S	 86400.0	/* one day per point is plenty */
#define TIME_MIN_S	 0.001		/* fio's and the job file's resolution */
#define INTERVAL_MIN_MS	 10u
#define INTERVAL_MAX_MS	 60000u
#define SPIN_MAX_US	 100000u	/* 100 ms: beyond that, sleeping costs nothing */
#define PRECONDITION_MAX 100.0
#define PLAN_FILE_MAX	 (1024 * 1024)
#define ITEM_MAX	 256
#define SPEC_QUOTE_MAX	 80
#define CURVE_STEPS_MAX	 WORKLOAD_STEPS_MAX
#define CURVE_PCT_MAX	 200
#define MATRIX_AXIS_MAX	 16
#define CKPT_RANKS_DEFAULT 8u		/* DLIO: the reviews' eight GPUs */
#define CKPT_BS_DEFAULT	 MIB
#define CKPT_PASSES_DEFAULT 3u
#define CKPT_REVIEW_GB	 1636.0		/* the reviews' checkpoint (LLAMA 3.1 405B) ... */
#define CKPT_REVIEW_TARGET_GB 7680.0	/* ... on a 7.68 TB drive */
#define CLIFF_BS_DEFAULT (128u * KIB)
#define CLIFF_QD_DEFAULT 32u
#define CLIFF_INTERVAL_MS 1000u
#define RATE_MAX_IOPS	 1e9

enum spec_key {
	KEY_RW, KEY_BS, KEY_QD, KEY_JOBS, KEY_TIME, KEY_RAMP, KEY_SIZE,
	KEY_OFFSET, KEY_RANGE, KEY_READ, KEY_IOPOLL, KEY_INTERVAL, KEY_NAME,
	KEY_BATCH, KEY_SPIN, KEY_PROFILE, KEY_RATE, KEY_REGION, KEY_FSYNC,
};

/* Point spec keys and their aliases. */
static const struct {
	const char    *name;
	enum spec_key  key;
} spec_keys[] = {
	{ "rw", KEY_RW }, { "pattern", KEY_RW },
	{ "bs", KEY_BS },
	{ "qd", KEY_QD }, { "iodepth", KEY_QD },
	{ "jobs", KEY_JOBS }, { "numjobs", KEY_JOBS }, { "threads", KEY_JOBS },
	{ "time", KEY_TIME }, { "runtime", KEY_TIME },
	{ "ramp", KEY_RAMP },
	{ "size", KEY_SIZE }, { "bytes", KEY_SIZE },
	{ "offset", KEY_OFFSET },
	{ "range", KEY_RANGE },
	{ "read", KEY_READ }, { "rwmixread", KEY_READ },
	{ "iopoll", KEY_IOPOLL },
	{ "interval", KEY_INTERVAL },
	{ "name", KEY_NAME },
	{ "batch", KEY_BATCH },
	{ "spin", KEY_SPIN },
	{ "profile", KEY_PROFILE },
	{ "rate", KEY_RATE }, { "rate_iops", KEY_RATE },
	{ "region", KEY_REGION },
	{ "fsync", KEY_FSYNC }, { "end_fsync", KEY_FSYNC },
};

#define KEY_LIST \
	"rw, pattern, bs, qd, iodepth, jobs, numjobs, threads, time, runtime, " \
	"ramp, size, bytes, offset, range, read, rwmixread, iopoll, interval, batch, spin, " \
	"rate, rate_iops, region, fsync, end_fsync, name, profile"

#define NITEMS(a) (sizeof (a) / sizeof (a)[0])

/* Name an aggregation. */
const char *
plan_aggregate_name(enum dd_aggregate a)
{
	switch (a) {
	case DD_AGG_NONE:
		return "none";
	case DD_AGG_BEST:
		return "best";
	case DD_AGG_MEAN:
		return "mean";
	}
	return "none";
}

/* Initialise an empty plan. */
void
plan_init(struct dd_plan *p, const char *name)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name != NULL ? name : "");
	p->repeat = 1;
	p->aggregate = DD_AGG_NONE;
}

/* Copy a plan with its own points array. */
int
plan_copy(struct dd_plan *dst, const struct dd_plan *src, struct dd_error *err)
{
	int rc = 0;

	*dst = *src;
	dst->points = NULL;
	dst->npoints = dst->cap = 0;
	for (size_t i = 0; rc == 0 && i < src->npoints; i++)
		rc = plan_append(dst, &src->points[i], err);
	if (rc < 0)
		plan_free(dst);
	return rc;
}

/* Free a plan's points. */
void
plan_free(struct dd_plan *p)
{
	if (p == NULL)
		return;
	free(p->points);
	p->points = NULL;
	p->npoints = 0;
	p->cap = 0;
}

/* Append a copy of a point, growing the array. */
int
plan_append(struct dd_plan *p, const struct dd_point *pt, struct dd_error *err)
{
	struct dd_point *np;
	size_t		 ncap;

	if (p->npoints >= PLAN_POINTS_MAX)
		return dd_error_set(err, -E2BIG, "plan '%s' has more than %d points",
				    p->name, PLAN_POINTS_MAX);
	if (p->npoints == p->cap) {
		ncap = p->cap != 0 ? p->cap * 2 : 16;
		np = realloc(p->points, ncap * sizeof *np);
		if (np == NULL)
			return dd_error_set(err, -ENOMEM, "out of memory building plan '%s'",
					    p->name);
		p->points = np;
		p->cap = ncap;
	}
	p->points[p->npoints++] = *pt;
	return 0;
}

/* Fill the default point. */
void
plan_point_defaults(struct dd_point *pt)
{
	memset(pt, 0, sizeof *pt);
	pt->pattern = DD_RANDREAD;
	pt->read_pct = 50;
	pt->bs = 4096;
	pt->iodepth = 1;
	pt->numjobs = 1;
	pt->ramp_s = 2;
	pt->runtime_s = 10;
	pt->interval_ms = 200;
	dd_point_autoname(pt);
}

/* A rate in short form, three significant digits: "20k", "1.5k", "2.5M", "500". */
static char *
plan_fmt_rate(double iops, char *buf, size_t len)
{
	if (iops >= 1e6)
		snprintf(buf, len, "%.3gM", iops / 1e6);
	else if (iops >= 1e3)
		snprintf(buf, len, "%.3gk", iops / 1e3);
	else
		snprintf(buf, len, "%.3g", iops);
	return buf;
}

/* Name a point from its shape. */
void
dd_point_autoname(struct dd_point *pt)
{
	char	    bs[16], pat[24];
	const char *pn = dd_pattern_name(pt->pattern);

	fmt_block_size((int)pt->bs, bs, sizeof bs);
	if (pn == NULL)
		pn = "?";
	if (dd_pattern_mixed(pt->pattern))
		snprintf(pat, sizeof pat, "%s%u", pn, pt->read_pct);
	else
		snprintf(pat, sizeof pat, "%s", pn);
	if (snprintf(pt->name, sizeof pt->name, "%s %s QD%u x%u", bs, pat,
		     pt->iodepth, pt->numjobs) < 0)
		pt->name[0] = '\0';
	if (pt->rate_iops > 0) {
		char   rate[24];
		size_t n = strlen(pt->name);

		snprintf(pt->name + n, sizeof pt->name - n, " @%s IOPS",
			 plan_fmt_rate(pt->rate_iops, rate, sizeof rate));
	}
}

/* Fail a point spec: "point 'SPEC': MESSAGE", the spec shortened if long. */
static int __attribute__((format(printf, 3, 4)))
spec_fail(const char *spec, struct dd_error *err, const char *fmt, ...)
{
	char	msg[384];
	va_list ap;
	int	len = (int)strlen(spec);

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return dd_error_set(err, -EINVAL, "point '%.*s%s': %s",
			    len > SPEC_QUOTE_MAX ? SPEC_QUOTE_MAX : len, spec,
			    len > SPEC_QUOTE_MAX ? "..." : "", msg);
}

/* Is c a separator between spec items? */
static int
spec_is_sep(int c)
{
	return c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * Copy the next item of a spec into buf (quotes removed) and advance *pos.
 * Returns 1 for an item, 0 at the end, -E2BIG for an overlong item, -EINVAL
 * for an unterminated quote.
 */
static int
spec_next_item(const char **pos, char *buf, size_t len)
{
	const char *s = *pos;
	size_t	    o = 0;
	int	    quoted = 0;

	while (*s != '\0' && spec_is_sep((unsigned char)*s))
		s++;
	if (*s == '\0') {
		*pos = s;
		return 0;
	}
	for (; *s != '\0' && (quoted || !spec_is_sep((unsigned char)*s)); s++) {
		if (*s == '"') {
			quoted = !quoted;
			continue;
		}
		if (o + 1 >= len)
			return -E2BIG;
		buf[o++] = *s;
	}
	buf[o] = '\0';
	*pos = s;
	return quoted ? -EINVAL : 1;
}

/* An unsigned whole number (lib/parse.h's rules). */
static int
parse_u64(const char *v, uint64_t *out)
{
	long n;
	int  rc;

	if (!isdigit((unsigned char)*v))
		return -EINVAL;	/* "-1" is not a count at all */
	rc = parse_long(v, 0, LONG_MAX, &n);
	if (rc == 0)
		*out = (uint64_t)n;
	return rc;
}

/* A byte count: whole digits (plan keys name blocks, not fractions of
 * them), then lib/parse.h's binary suffixes. */
static int
parse_bytes(const char *v, uint64_t *out)
{
	size_t n = strspn(v, "0123456789");

	if (n == 0 || (v[n] != '\0' && !isalpha((unsigned char)v[n])))
		return -EINVAL;
	return parse_size(v, 0, UINT64_MAX, out);
}

/* A time: a bare number is in unit_s seconds, else a number with us, ms, s,
 * m or min (through lib/parse.h's duration parser). */
static int
parse_time(const char *v, double unit_s, double *out)
{
	static const char *const units[] = { "us", "ms", "s", "m", "min" };
	const char		*u = v + strspn(v, "0123456789.-");
	double			 t;

	if (parse_double(v, -HUGE_VAL, HUGE_VAL, &t) == 0) {
		*out = t * unit_s;
		return 0;
	}
	/* The units plan keys document; lib/parse knows more (h, ns). */
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(u, units[i]) == 0)
			return parse_duration(v, -HUGE_VAL, HUGE_VAL, out) == 0 ? 0 : -EINVAL;
	return -EINVAL;
}

/* Parse a boolean: 0/1, off/on, no/yes, false/true. */
static int
parse_bool(const char *v, bool *out)
{
	if (strcmp(v, "1") == 0 || strcasecmp(v, "on") == 0 ||
	    strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0)
		*out = true;
	else if (strcmp(v, "0") == 0 || strcasecmp(v, "off") == 0 ||
		 strcasecmp(v, "no") == 0 || strcasecmp(v, "false") == 0)
		*out = false;
	else
		return -EINVAL;
	return 0;
}

int
plan_parse_spin(const char *v, struct dd_point *pt, struct dd_error *err)
{
	bool   on;
	double t;

	if (strcasecmp(v, "auto") == 0) {
		pt->spin = DD_SPIN_AUTO;
		pt->spin_us = 0;
	} else if (parse_bool(v, &on) == 0) {
		pt->spin = on ? DD_SPIN_ON : DD_SPIN_OFF;
		pt->spin_us = 0;
	} else {
		if (parse_time(v, 1e-6, &t) != 0)
			return dd_error_set(err, -EINVAL,
					    "spin wants auto, on, off or a time (microseconds, "
					    "or with us or ms), not '%s'", v);
		t = round(t * 1e6);
		if (t < 1 || t > SPIN_MAX_US)
			return dd_error_set(err, -EINVAL, "spin must be between 1 us and %u ms",
					    SPIN_MAX_US / 1000);
		pt->spin = DD_SPIN_ON;
		pt->spin_us = (unsigned)t;
	}
	return 0;
}

/* Parse a pattern, or a mix with its read share ("randrw70"). */
static int
parse_pattern(const char *v, enum dd_pattern *pat, unsigned *read_pct)
{
	char	 base[16];
	size_t	 n = strlen(v), d = n;
	uint64_t pct;

	if (dd_pattern_parse(v, pat) == 0)
		return 0;
	while (d > 0 && isdigit((unsigned char)v[d - 1]))
		d--;
	if (d == n || d == 0 || d >= sizeof base)
		return -EINVAL;
	memcpy(base, v, d);
	base[d] = '\0';
	if (dd_pattern_parse(base, pat) != 0 ||
	    !dd_pattern_mixed(*pat))
		return -EINVAL;
	if (parse_u64(v + d, &pct) != 0 || pct > 100)
		return -EINVAL;
	*read_pct = (unsigned)pct;
	return 0;
}

/* Parse an integer item within lo..hi. */
static int
spec_uint(const char *spec, const char *key, const char *v, unsigned lo,
	  unsigned hi, unsigned *out, struct dd_error *err)
{
	uint64_t n;
	int	 rc = parse_u64(v, &n);

	if (rc == -EINVAL)
		return spec_fail(spec, err, "%s '%s' is not a whole number", key, v);
	if (rc != 0 || n < lo || n > hi)
		return spec_fail(spec, err, "%s must be between %u and %u", key, lo, hi);
	*out = (unsigned)n;
	return 0;
}

/* Parse a byte-count item that must be a multiple of 512. */
static int
spec_bytes(const char *spec, const char *key, const char *v, uint64_t *out,
	   struct dd_error *err)
{
	int rc = parse_bytes(v, out);

	if (rc == -EINVAL)
		return spec_fail(spec, err,
				 "%s '%s' is not a byte count (digits with an optional k, m, g or t)",
				 key, v);
	if (rc != 0)
		return spec_fail(spec, err, "%s '%s' is too large", key, v);
	if (*out % 512 != 0)
		return spec_fail(spec, err, "%s must be a multiple of 512", key);
	return 0;
}

/* Parse a time item in seconds: 0, or TIME_MIN_S..TIME_MAX_S. */
static int
spec_time(const char *spec, const char *key, const char *v, double *out,
	  struct dd_error *err)
{
	if (parse_time(v, 1.0, out) != 0)
		return spec_fail(spec, err,
				 "%s '%s' is not a time (seconds, or a number with ms, s or m)",
				 key, v);
	if (*out < 0)
		return spec_fail(spec, err, "%s must not be negative", key);
	/* After the unit: "500us" is under the minimum as much as "0.0005". */
	if (*out > 0 && *out < TIME_MIN_S)
		return spec_fail(spec, err, "%s must be 0 or at least 1 ms", key);
	if (*out > TIME_MAX_S)
		return spec_fail(spec, err, "%s must be at most one day", key);
	return 0;
}

/* Check a name: length and characters a plan file or a job file could not carry. */
static int
spec_name(const char *spec, const char *v, char *out, struct dd_error *err)
{
	if (strlen(v) >= DD_POINT_NAME_MAX)
		return spec_fail(spec, err, "name is longer than %d characters",
				 DD_POINT_NAME_MAX - 1);
	for (const char *c = v; *c != '\0'; c++)
		if (iscntrl((unsigned char)*c) || strchr("#[]\"", *c) != NULL)
			return spec_fail(spec, err,
					 "name may not contain '#', '[', ']', quotes or control characters");
	snprintf(out, DD_POINT_NAME_MAX, "%s", v);
	return 0;
}

/* Check a profile name: as a name, within DD_PROFILE_MAX. */
static int
spec_profile(const char *spec, const char *v, char *out, struct dd_error *err)
{
	if (strlen(v) >= DD_PROFILE_MAX)
		return spec_fail(spec, err, "profile is longer than %d characters",
				 DD_PROFILE_MAX - 1);
	for (const char *c = v; *c != '\0'; c++)
		if (iscntrl((unsigned char)*c) || strchr("#[]\"", *c) != NULL)
			return spec_fail(spec, err,
					 "profile may not contain '#', '[', ']', quotes or control characters");
	snprintf(out, DD_PROFILE_MAX, "%s", v);
	return 0;
}

/* A rate in I/Os per second: a number with an optional decimal k or m
 * ("20k", "1.5m"), 0..RATE_MAX_IOPS. */
static int
parse_rate(const char *v, double *out)
{
	char	num[32];
	size_t	n = strlen(v);
	double	mult = 1, r;

	if (n == 0 || n >= sizeof num)
		return -EINVAL;
	memcpy(num, v, n + 1);
	if (num[n - 1] == 'k' || num[n - 1] == 'K')
		mult = 1e3;
	else if (num[n - 1] == 'm' || num[n - 1] == 'M')
		mult = 1e6;
	if (mult != 1)
		num[n - 1] = '\0';
	if (!isdigit((unsigned char)num[0]) || parse_double(num, 0, HUGE_VAL, &r) != 0)
		return -EINVAL;
	r *= mult;
	if (!isfinite(r) || r > RATE_MAX_IOPS)
		return -ERANGE;
	*out = r;
	return 0;
}

/* Apply a rate= item. */
static int
spec_rate(const char *spec, const char *k, const char *v, struct dd_point *pt,
	  struct dd_error *err)
{
	int rc = parse_rate(v, &pt->rate_iops);

	if (rc == -EINVAL)
		return spec_fail(spec, err, "%s '%s' is not a rate (I/Os per second, with an "
				 "optional k or m: 20k)", k, v);
	if (rc != 0)
		return spec_fail(spec, err, "%s must be between 0 and 1000m IOPS", k);
	return 0;
}

/* Apply a region= item: a share of the target, "25%" (the % optional). */
static int
spec_region(const char *spec, const char *k, const char *v, struct dd_point *pt,
	    struct dd_error *err)
{
	char pct[16];

	snprintf(pct, sizeof pct, "%s", v);
	if (pct[0] != '\0' && pct[strlen(pct) - 1] == '%')
		pct[strlen(pct) - 1] = '\0';
	return spec_uint(spec, k, pct, 1, 100, &pt->region_pct, err);
}

/* Find a key by name; -1 if unknown. */
static int
spec_key_find(const char *k)
{
	for (size_t i = 0; i < NITEMS(spec_keys); i++)
		if (strcasecmp(k, spec_keys[i].name) == 0)
			return (int)spec_keys[i].key;
	return -1;
}

/* Apply one key=value item to a point. */
static int
spec_apply(const char *spec, const char *k, const char *v, struct dd_point *pt,
	   bool *have_time, bool *have_size, bool *have_name, bool allow_name,
	   struct dd_error *err)
{
	uint64_t n;
	double	 t;
	int	 key = spec_key_find(k), rc = 0;

	if (key < 0)
		return spec_fail(spec, err, "unknown key '%s' (valid: " KEY_LIST ")", k);
	if (*v == '\0')
		return spec_fail(spec, err, "%s needs a value", k);
	switch ((enum spec_key)key) {
	case KEY_RW:
		if (parse_pattern(v, &pt->pattern, &pt->read_pct) != 0)
			return spec_fail(spec, err, "unknown pattern '%s' (valid: "
					 DD_PATTERN_LIST ")", v);
		break;
	case KEY_BS:
		rc = parse_bytes(v, &n);
		if (rc == -EINVAL)
			return spec_fail(spec, err,
					 "bs '%s' is not a byte count (digits with an optional k or m)", v);
		if (rc != 0 || n < 512 || n > BS_MAX)
			return spec_fail(spec, err, "bs must be between 512 and 64M");
		if (n % 512 != 0)
			return spec_fail(spec, err, "bs must be a multiple of 512");
		pt->bs = (unsigned)n;
		break;
	case KEY_QD:
		rc = spec_uint(spec, k, v, 1, QD_MAX, &pt->iodepth, err);
		break;
	case KEY_JOBS:
		rc = spec_uint(spec, k, v, 1, JOBS_MAX, &pt->numjobs, err);
		break;
	case KEY_TIME:
		if ((rc = spec_time(spec, k, v, &t, err)) != 0)
			return rc;
		pt->runtime_s = t;
		*have_time = true;
		break;
	case KEY_RAMP:
		rc = spec_time(spec, k, v, &pt->ramp_s, err);
		break;
	case KEY_SIZE:
		if ((rc = spec_bytes(spec, k, v, &n, err)) != 0)
			return rc;
		if (n == 0)
			return spec_fail(spec, err, "%s must be greater than 0", k);
		pt->bytes = n;
		*have_size = true;
		break;
	case KEY_OFFSET:
		rc = spec_bytes(spec, k, v, &pt->offset, err);
		break;
	case KEY_RANGE:
		rc = spec_bytes(spec, k, v, &pt->size, err);
		break;
	case KEY_READ: {
		char pct[16];

		snprintf(pct, sizeof pct, "%s", v);
		if (pct[0] != '\0' && pct[strlen(pct) - 1] == '%')
			pct[strlen(pct) - 1] = '\0';
		rc = spec_uint(spec, k, pct, 0, 100, &pt->read_pct, err);
		break;
	}
	case KEY_IOPOLL:
		if (parse_bool(v, &pt->iopoll) != 0)
			return spec_fail(spec, err, "iopoll must be 0 or 1, not '%s'", v);
		break;
	case KEY_INTERVAL:
		if (parse_time(v, 0.001, &t) != 0)
			return spec_fail(spec, err,
					 "interval '%s' is not a time (milliseconds, or with ms or s)", v);
		t = round(t * 1000.0);
		if (t < INTERVAL_MIN_MS || t > INTERVAL_MAX_MS)
			return spec_fail(spec, err, "interval must be between %u and %u ms",
					 INTERVAL_MIN_MS, INTERVAL_MAX_MS);
		pt->interval_ms = (unsigned)t;
		break;
	case KEY_BATCH:
		rc = spec_uint(spec, k, v, 1, 4096, &pt->batch, err);
		break;
	case KEY_SPIN: {
		struct dd_error e;

		if (plan_parse_spin(v, pt, &e) != 0)
			return spec_fail(spec, err, "%s", e.msg);
		break;
	}
	case KEY_PROFILE:
		rc = spec_profile(spec, v, pt->profile, err);
		break;
	case KEY_RATE:
		rc = spec_rate(spec, k, v, pt, err);
		break;
	case KEY_REGION:
		rc = spec_region(spec, k, v, pt, err);
		break;
	case KEY_FSYNC:
		if (parse_bool(v, &pt->end_fsync) != 0)
			return spec_fail(spec, err, "%s must be 0 or 1, not '%s'", k, v);
		break;
	case KEY_NAME:
		if (!allow_name)
			return spec_fail(spec, err, "name cannot be a default");
		if ((rc = spec_name(spec, v, pt->name, err)) != 0)
			return rc;
		*have_name = true;
		break;
	}
	return rc;
}

/* Check the items together: time or size, blocks fit the budget and region. */
static int
spec_check(const char *spec, struct dd_point *pt, bool have_time,
	   bool have_size, struct dd_error *err)
{
	char bs[16];

	fmt_block_size((int)pt->bs, bs, sizeof bs);
	if (have_time && have_size)
		return spec_fail(spec, err,
				 "give time or size, not both (size makes the point size based)");
	if (have_size)
		pt->runtime_s = 0;
	if (have_time)
		pt->bytes = 0;
	if (pt->bytes == 0 && !(pt->runtime_s > 0))
		return spec_fail(spec, err, "time must be greater than 0 unless size is given");
	if (pt->bytes != 0 && pt->bytes / pt->numjobs < pt->bs)
		return spec_fail(spec, err,
				 "size gives less than one bs=%s block to each of %u jobs",
				 bs, pt->numjobs);
	if (pt->size != 0 && pt->size < pt->bs)
		return spec_fail(spec, err, "range is smaller than one bs=%s block", bs);
	if (pt->size != 0 && !dd_pattern_random(pt->pattern) &&
	    pt->size / pt->numjobs < pt->bs)
		return spec_fail(spec, err,
				 "range is too small to give each of %u sequential jobs a bs=%s block",
				 pt->numjobs, bs);
	if (pt->size > UINT64_MAX - pt->offset)
		return spec_fail(spec, err, "offset plus range is too large");
	if (pt->size != 0 && pt->region_pct != 0)
		return spec_fail(spec, err, "give region or range, not both");
	return 0;
}

/* Parse a spec; allow_name is false for plan-file defaults. */
static int
point_parse(const char *spec, const struct dd_point *defaults,
	    struct dd_point *out, bool allow_name, struct dd_error *err)
{
	struct dd_point pt;
	char		item[ITEM_MAX], *eq;
	const char     *pos = spec;
	bool		have_time = false, have_size = false, have_name = false;
	int		rc, n = 0;

	if (spec == NULL)
		return dd_error_set(err, -EINVAL, "no point spec given");
	if (defaults != NULL)
		pt = *defaults;
	else
		plan_point_defaults(&pt);
	while ((rc = spec_next_item(&pos, item, sizeof item)) != 0) {
		if (rc == -E2BIG)
			return spec_fail(spec, err, "an item is longer than %d characters",
					 ITEM_MAX - 1);
		if (rc < 0)
			return spec_fail(spec, err, "a quote is not closed");
		eq = strchr(item, '=');
		if (eq == NULL) {
			if (n != 0)
				return spec_fail(spec, err,
						 "'%s' is not a key=value item (only the first item may be a bare pattern)",
						 item);
			if (parse_pattern(item, &pt.pattern, &pt.read_pct) != 0)
				return spec_fail(spec, err,
						 "unknown pattern '%s' (valid: " DD_PATTERN_LIST ")",
						 item);
		} else {
			*eq = '\0';
			if (item[0] == '\0')
				return spec_fail(spec, err, "item '=%s' has no key", eq + 1);
			rc = spec_apply(spec, item, eq + 1, &pt, &have_time, &have_size,
					&have_name, allow_name, err);
			if (rc != 0)
				return rc;
		}
		n++;
	}
	if (n == 0)
		return spec_fail(spec, err, "the spec is empty");
	if ((rc = spec_check(spec, &pt, have_time, have_size, err)) != 0)
		return rc;
	if (!have_name)
		dd_point_autoname(&pt);
	*out = pt;
	return 0;
}

/* Parse a point spec. */
int
plan_parse_point(const char *spec, const struct dd_point *defaults,
		 struct dd_point *out, struct dd_error *err)
{
	return point_parse(spec, defaults, out, true, err);
}

/* Is s (len bytes) valid UTF-8? */
static bool
utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0, need;

	while (i < len) {
		unsigned c = s[i];

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3;
		else
			return false;
		if (need >= len - i)
			return false;
		for (size_t k = 1; k <= need; k++)
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
		i += need + 1;
	}
	return true;
}

/* Cut leading and trailing blanks off s, in place. */
static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Name a plan after a file: base name less its extension. */
static void
plan_name_from_origin(struct dd_plan *p, const char *origin)
{
	const char *base = origin != NULL ? strrchr(origin, '/') : NULL;
	char	   *dot;

	base = base != NULL ? base + 1 : origin;
	if (base == NULL || *base == '\0')
		base = "plan";
	snprintf(p->name, sizeof p->name, "%s", base);
	dot = strrchr(p->name, '.');
	if (dot != NULL && dot != p->name)
		*dot = '\0';
}

/* ---- Directives of the kinds beyond the FIO matrix ---- */

/* A directive's line split: its own key=value items apart, the point spec
 * that is left (raw items, quotes kept), and which point keys it gave. */
struct kind_args {
	char	   *spec;		/* malloc'd; "" when only directive keys */
	char	    vals[4][ITEM_MAX];	/* the directive keys' values, in order */
	bool	    have[4];
	bool	    has_rw, has_budget, has_bs, has_jobs, has_qd, has_ramp,
		    has_interval, has_name;
};

/* Note which point key an item of a directive's spec gives. */
static void
kind_args_note(struct kind_args *a, const char *key)
{
	switch (spec_key_find(key)) {
	case KEY_RW:
		a->has_rw = true;
		break;
	case KEY_TIME:
	case KEY_SIZE:
		a->has_budget = true;
		break;
	case KEY_BS:
		a->has_bs = true;
		break;
	case KEY_JOBS:
		a->has_jobs = true;
		break;
	case KEY_QD:
		a->has_qd = true;
		break;
	case KEY_RAMP:
		a->has_ramp = true;
		break;
	case KEY_INTERVAL:
		a->has_interval = true;
		break;
	case KEY_NAME:
		a->has_name = true;
		break;
	default:
		break;
	}
}

/*
 * Split a directive's argument: items whose key is one of keys[] (NULL
 * ended, at most 4) go to a->vals, the rest stay the point spec.  0, or
 * -EINVAL/-ENOMEM with err set.
 */
static int
kind_args_split(const char *word, const char *arg, const char *const *keys,
		struct kind_args *a, struct dd_error *err)
{
	char	    item[ITEM_MAX];
	const char *pos = arg, *start;
	size_t	    o = 0;
	int	    rc, n = 0, last = -1;

	memset(a, 0, sizeof *a);
	if ((a->spec = malloc(strlen(arg) + 1)) == NULL)
		return dd_error_set(err, -ENOMEM, "out of memory");
	for (;;) {
		while (*pos != '\0' && spec_is_sep((unsigned char)*pos))
			pos++;
		start = pos;
		if ((rc = spec_next_item(&pos, item, sizeof item)) == 0)
			break;
		if (rc < 0) {
			free(a->spec);
			a->spec = NULL;
			return dd_error_set(err, -EINVAL, "%s: %s", word, rc == -E2BIG ?
					    "an item is too long" : "a quote is not closed");
		}
		char  *eq = strchr(item, '=');
		size_t k = 0;

		if (eq != NULL) {
			*eq = '\0';
			for (k = 0; keys[k] != NULL && strcasecmp(item, keys[k]) != 0; k++)
				;
			if (keys[k] != NULL) {
				snprintf(a->vals[k], sizeof a->vals[k], "%s", eq + 1);
				a->have[k] = true;
				last = (int)k;
				continue;
			}
			kind_args_note(a, item);
		} else if (last >= 0 && item[strspn(item, "0123456789")] == '\0') {
			/* "steps=10,20,50": the commas split the list into items */
			size_t l = strlen(a->vals[last]);

			snprintf(a->vals[last] + l, sizeof a->vals[last] - l, ",%s", item);
			continue;
		} else if (n == 0) {
			a->has_rw = true;
		}
		last = -1;
		memcpy(a->spec + o, start, (size_t)(pos - start));
		o += (size_t)(pos - start);
		a->spec[o++] = ' ';
		n++;
	}
	a->spec[o > 0 ? o - 1 : 0] = '\0';
	return 0;
}

/* The next group number of a plan: one past the highest in use. */
static unsigned
plan_next_group(const struct dd_plan *p)
{
	unsigned g = 0;

	for (size_t i = 0; i < p->npoints; i++)
		if (p->points[i].group > g)
			g = p->points[i].group;
	return g + 1;
}

/* Name a point "BASE SUFFIX", cutting BASE so the whole fits. */
static void
kind_name(struct dd_point *pt, const char *base, const char *suffix)
{
	int room = DD_POINT_NAME_MAX - 1 - (int)strlen(suffix);

	snprintf(pt->name, sizeof pt->name, "%.*s%s", room > 0 ? room : 0, base, suffix);
}

/* Append a load curve (see plan.h). */
int
plan_append_curve(struct dd_plan *p, const struct dd_point *shape,
		  const unsigned *pcts, size_t npcts, struct dd_error *err)
{
	struct dd_point pt = *shape;
	size_t		n0 = p->npoints;
	char		sfx[16];
	int		rc = 0;

	if (npcts == 0 || npcts > CURVE_STEPS_MAX)
		return dd_error_set(err, -EINVAL, "a curve needs 1 to %d steps",
				    CURVE_STEPS_MAX);
	for (size_t i = 0; i < npcts; i++)
		if (pcts[i] < 1 || pcts[i] > CURVE_PCT_MAX || (i > 0 && pcts[i] <= pcts[i - 1]))
			return dd_error_set(err, -EINVAL, "curve steps must be ascending "
					    "percentages from 1 to %d", CURVE_PCT_MAX);
	if (shape->bytes != 0 || !(shape->runtime_s > 0))
		return dd_error_set(err, -EINVAL, "a curve's points run for a time, not a size");
	pt.kind = DD_KIND_CURVE_MAX;
	pt.group = plan_next_group(p);
	pt.rate_iops = pt.rate_pct = 0;
	pt.pass = pt.seq = 0;
	kind_name(&pt, shape->name, " max");
	rc = plan_append(p, &pt, err);
	for (size_t i = 0; rc == 0 && i < npcts; i++) {
		pt.kind = DD_KIND_CURVE_STEP;
		pt.rate_pct = pcts[i];
		pt.seq = (unsigned)i + 1;
		snprintf(sfx, sizeof sfx, " @%u%%", pcts[i]);
		kind_name(&pt, shape->name, sfx);
		rc = plan_append(p, &pt, err);
	}
	if (rc != 0)
		p->npoints = n0;
	return rc;
}

/*
 * Parse a comma list of whole numbers lo..hi into out[max] (*n of them);
 * ascending: each above the one before.  0; -E2BIG for an empty item, one
 * too long or too many; -EINVAL for an item out of range or order (copied
 * into bad).
 */
static int
uint_list_parse(const char *v, unsigned lo, unsigned hi, bool ascending, unsigned *out,
		size_t max, size_t *n, char *bad, size_t badlen)
{
	*n = 0;
	for (const char *s = v; *s != '\0'; s += *s == ',') {
		uint64_t x;
		char	 num[16];
		size_t	 l = strcspn(s, ",");

		if (l == 0 || l >= sizeof num || *n >= max)
			return -E2BIG;
		memcpy(num, s, l);
		num[l] = '\0';
		if (parse_u64(num, &x) != 0 || x < lo || x > hi ||
		    (ascending && *n > 0 && x <= out[*n - 1])) {
			snprintf(bad, badlen, "%s", num);
			return -EINVAL;
		}
		out[(*n)++] = (unsigned)x;
		s += l;
	}
	return 0;
}

/* Parse a curve's steps: "10,20,50" or "10-120/10" (see plan.h). */
static int
curve_steps_parse(const char *v, unsigned *pcts, size_t *n, struct dd_error *err)
{
	unsigned lo, hi, step;
	char	 tail, bad[16];

	*n = 0;
	if (sscanf(v, "%u-%u/%u%c", &lo, &hi, &step, &tail) == 3) {
		if (lo < 1 || hi > CURVE_PCT_MAX || lo > hi || step < 1)
			return dd_error_set(err, -EINVAL, "steps '%s': a range is LOW-HIGH/STEP "
					    "within 1-%d", v, CURVE_PCT_MAX);
		for (unsigned x = lo; x <= hi && *n < CURVE_STEPS_MAX; x += step)
			pcts[(*n)++] = x;
		if (hi - lo >= step * CURVE_STEPS_MAX)
			return dd_error_set(err, -EINVAL, "steps '%s': more than %d steps", v,
					    CURVE_STEPS_MAX);
		return 0;
	}
	switch (uint_list_parse(v, 1, CURVE_PCT_MAX, false, pcts, CURVE_STEPS_MAX, n, bad,
				sizeof bad)) {
	case -E2BIG:
		return dd_error_set(err, -EINVAL, "steps '%s' is not a list of up to %d "
				    "percentages (10,20,50) or a range (10-120/10)", v,
				    CURVE_STEPS_MAX);
	case -EINVAL:
		return dd_error_set(err, -EINVAL, "steps: '%s' is not a percentage "
				    "from 1 to %d", bad, CURVE_PCT_MAX);
	}
	return 0;
}

/* `curve SPEC [steps=LIST]`. */
static int
plan_directive_curve(struct dd_plan *p, const struct dd_point *defaults, const char *arg,
		     struct dd_error *err)
{
	static const char *const keys[] = { "steps", NULL };
	static const unsigned	 def[] = { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 };
	struct kind_args	 a;
	struct dd_point		 shape;
	unsigned		 pcts[CURVE_STEPS_MAX];
	size_t			 n = NITEMS(def);
	int			 rc;

	if ((rc = kind_args_split("curve", arg, keys, &a, err)) != 0)
		return rc;
	memcpy(pcts, def, sizeof def);
	if (a.spec[0] == '\0')
		rc = dd_error_set(err, -EINVAL, "curve needs a point spec (curve randread "
				  "bs=4k qd=32 jobs=4 [steps=10-120/10])");
	else if (a.have[0])
		rc = curve_steps_parse(a.vals[0], pcts, &n, err);
	if (rc == 0)
		rc = point_parse(a.spec, defaults, &shape, true, err);
	if (rc == 0)
		rc = plan_append_curve(p, &shape, pcts, n, err);
	free(a.spec);
	return rc;
}

/*
 * Parse a matrix axis: "1,2,8" (ascending) or "1-32", the powers of two
 * from the first to the last (both powers of two), into out[*n].
 */
static int
matrix_axis_parse(const char *what, const char *v, unsigned hi, unsigned *out, size_t *n,
		  struct dd_error *err)
{
	unsigned lo, top;
	char	 tail, bad[16];

	*n = 0;
	if (sscanf(v, "%u-%u%c", &lo, &top, &tail) == 2) {
		if (lo < 1 || top > hi || lo > top || (lo & (lo - 1)) || (top & (top - 1)))
			return dd_error_set(err, -EINVAL, "matrix %s '%s': a range is two powers "
					    "of two, LOW-HIGH, within 1-%u", what, v, hi);
		for (unsigned x = lo; x <= top; x *= 2)
			out[(*n)++] = x;
		return 0;
	}
	switch (uint_list_parse(v, 1, hi, true, out, MATRIX_AXIS_MAX, n, bad, sizeof bad)) {
	case -E2BIG:
		return dd_error_set(err, -EINVAL, "matrix %s '%s' is not a list of up to "
				    "%d values (1,4,16) or a range (1-32)", what, v, MATRIX_AXIS_MAX);
	case -EINVAL:
		return dd_error_set(err, -EINVAL, "matrix %s: '%s' is not an ascending "
				    "value from 1 to %u", what, bad, hi);
	}
	return 0;
}

/*
 * `matrix SPEC [qd=LIST] [jobs=LIST]`: SPEC at every IODepth x NumJobs, as
 * the reviews' FIO sweeps run (NumJobs outer, IODepth inner; default the
 * reviews' 1-32 x 1-16), so any workload, a mix included, gets the matrix.
 */
static int
plan_directive_matrix(struct dd_plan *p, const struct dd_point *defaults, const char *arg,
		      struct dd_error *err)
{
	static const char *const keys[] = { "qd", "jobs", NULL };
	struct kind_args	 a;
	struct dd_point		 pt;
	unsigned		 qds[MATRIX_AXIS_MAX] = { 1, 2, 4, 8, 16, 32 };
	unsigned		 jobs[MATRIX_AXIS_MAX] = { 1, 2, 4, 8, 16 };
	size_t			 nq = 6, nj = 5, n0 = p->npoints;
	int			 rc;

	if ((rc = kind_args_split("matrix", arg, keys, &a, err)) != 0)
		return rc;
	if (a.spec[0] == '\0')
		rc = dd_error_set(err, -EINVAL, "matrix needs a point spec (matrix randrw "
				  "read=70 bs=4k [qd=1-32] [jobs=1-16])");
	else if (a.has_name)
		rc = dd_error_set(err, -EINVAL, "matrix: its points are named by their shape, "
				  "not name=");
	if (rc == 0 && a.have[0])
		rc = matrix_axis_parse("qd", a.vals[0], 4096, qds, &nq, err);
	if (rc == 0 && a.have[1])
		rc = matrix_axis_parse("jobs", a.vals[1], 1024, jobs, &nj, err);
	if (rc == 0)
		rc = point_parse(a.spec, defaults, &pt, true, err);
	for (size_t j = 0; rc == 0 && j < nj; j++)
		for (size_t q = 0; rc == 0 && q < nq; q++) {
			pt.iodepth = qds[q];
			pt.numjobs = jobs[j];
			dd_point_autoname(&pt);
			rc = plan_append(p, &pt, err);
		}
	if (rc != 0)
		p->npoints = n0;
	free(a.spec);
	return rc;
}

/* Parse a count directive key within lo..hi. */
static int
kind_count(const char *word, const char *key, const char *v, unsigned lo, unsigned hi,
	   unsigned *out, struct dd_error *err)
{
	uint64_t n;

	if (parse_u64(v, &n) != 0 || n < lo || n > hi)
		return dd_error_set(err, -EINVAL, "%s: %s must be a whole number from %u to %u, "
				    "not '%s'", word, key, lo, hi, v);
	*out = (unsigned)n;
	return 0;
}

/* A checkpoint's ckpt=BYTES|P% into the template. */
static int
ckpt_size_parse(const char *v, struct dd_point *pt, struct dd_error *err)
{
	size_t l = strlen(v);
	char   num[32];

	if (l > 1 && l < sizeof num && v[l - 1] == '%') {
		memcpy(num, v, l - 1);
		num[l - 1] = '\0';
		if (parse_double(num, 0, 100, &pt->ckpt.size_pct) != 0 || !(pt->ckpt.size_pct > 0))
			return dd_error_set(err, -EINVAL, "checkpoint: ckpt '%s' is not a share "
					    "of the target above 0%% and at most 100%%", v);
		pt->bytes = 0;
		return 0;
	}
	if (parse_bytes(v, &pt->bytes) != 0 || pt->bytes == 0)
		return dd_error_set(err, -EINVAL, "checkpoint: ckpt '%s' is neither a byte "
				    "count (1636g) nor a share of the target (21%%)", v);
	pt->ckpt.size_pct = 0;
	return 0;
}

/* `checkpoint SPEC [passes=N] [count=N] [ckpt=BYTES|P%]`. */
static int
plan_directive_checkpoint(struct dd_plan *p, const struct dd_point *defaults,
			  const char *arg, struct dd_error *err)
{
	static const char *const keys[] = { "passes", "count", "ckpt", NULL };
	struct kind_args	 a;
	struct dd_point		 d = *defaults, pt;
	int			 rc;

	if ((rc = kind_args_split("checkpoint", arg, keys, &a, err)) != 0)
		return rc;
	if (!a.has_bs)
		d.bs = CKPT_BS_DEFAULT;
	if (!a.has_jobs)
		d.numjobs = CKPT_RANKS_DEFAULT;
	d.pattern = DD_WRITE;
	rc = point_parse(a.spec[0] != '\0' ? a.spec : "write", &d, &pt, true, err);
	if (rc == 0 && a.has_budget && pt.bytes == 0)
		rc = dd_error_set(err, -EINVAL, "checkpoint: a checkpoint is sized, not timed "
				  "(ckpt=BYTES or ckpt=P%%)");
	if (rc == 0 && !dd_pattern_writes(pt.pattern))
		rc = dd_error_set(err, -EINVAL, "checkpoint: a checkpoint writes; '%s' reads",
				  dd_pattern_name(pt.pattern));
	pt.ckpt = (struct dd_ckpt){ .passes = CKPT_PASSES_DEFAULT };
	if (rc == 0 && a.have[0])
		rc = kind_count("checkpoint", "passes", a.vals[0], 1, WORKLOAD_PASSES_MAX,
				&pt.ckpt.passes, err);
	if (rc == 0 && a.have[1])
		rc = kind_count("checkpoint", "count", a.vals[1], 1, WORKLOAD_CKPTS_MAX,
				&pt.ckpt.count, err);
	if (rc == 0 && a.have[2])
		rc = ckpt_size_parse(a.vals[2], &pt, err);
	if (rc == 0 && pt.ckpt.count * pt.ckpt.passes > WORKLOAD_CKPTS_MAX)
		rc = dd_error_set(err, -EINVAL, "checkpoint: passes x count is more than %d",
				  WORKLOAD_CKPTS_MAX);
	if (rc == 0) {
		pt.pattern = DD_WRITE;
		pt.kind = DD_KIND_CHECKPOINT;
		pt.end_fsync = true;
		pt.runtime_s = pt.ramp_s = 0;
		pt.pass = pt.seq = 0;
		pt.group = plan_next_group(p);
		if (pt.profile[0] == '\0')
			snprintf(pt.profile, sizeof pt.profile, "checkpoint");
		if (!a.has_name)
			snprintf(pt.name, sizeof pt.name, "checkpoint x%u", pt.numjobs);
		rc = plan_append(p, &pt, err);
	}
	free(a.spec);
	return rc;
}

/* `cliff SPEC`: a sustained write; no time or size = one pass over the target. */
static int
plan_directive_cliff(struct dd_plan *p, const struct dd_point *defaults, const char *arg,
		     struct dd_error *err)
{
	static const char *const keys[] = { NULL };
	struct kind_args	 a;
	struct dd_point		 d = *defaults, pt;
	int			 rc;

	if ((rc = kind_args_split("cliff", arg, keys, &a, err)) != 0)
		return rc;
	d.pattern = DD_WRITE;
	if (!a.has_bs)
		d.bs = CLIFF_BS_DEFAULT;
	if (!a.has_qd)
		d.iodepth = CLIFF_QD_DEFAULT;
	if (!a.has_interval)
		d.interval_ms = CLIFF_INTERVAL_MS;
	if (!a.has_ramp)
		d.ramp_s = 0;
	rc = point_parse(a.spec[0] != '\0' ? a.spec : "write", &d, &pt, true, err);
	if (rc == 0 && !dd_pattern_writes(pt.pattern))
		rc = dd_error_set(err, -EINVAL, "cliff: a cliff point writes; '%s' reads",
				  dd_pattern_name(pt.pattern));
	if (rc == 0) {
		pt.kind = DD_KIND_CLIFF;
		pt.group = plan_next_group(p);
		if (!a.has_name) {
			char base[DD_POINT_NAME_MAX];

			memcpy(base, pt.name, sizeof base);
			snprintf(pt.name, sizeof pt.name, "cliff %.*s",
				 DD_POINT_NAME_MAX - 7, base);
		}
		if (!a.has_budget) {
			pt.runtime_s = 0;	/* plan_resolve: one pass over the target */
			pt.bytes = 0;
		}
		rc = plan_append(p, &pt, err);
	}
	free(a.spec);
	return rc;
}

/* ---- Resolving a plan against its target ---- */

/* The region a point covers on a target of size bytes (0: none left). */
static uint64_t
resolve_region(const struct dd_point *pt, uint64_t size)
{
	uint64_t left = size > pt->offset ? size - pt->offset : 0, want = left;

	if (pt->size != 0)
		want = pt->size;
	else if (pt->region_pct != 0)
		want = (uint64_t)((double)size * pt->region_pct / 100.0);
	return want < left ? want : left;
}

/* One checkpoint's bytes on a target of size bytes, before rounding down
 * to whole ranks x bs (the count per pass is taken from this size, so the
 * rounding never adds a checkpoint the reviews' ratio does not). */
static uint64_t
resolve_ckpt_bytes(const struct dd_point *t, uint64_t size)
{
	uint64_t b;

	if (t->bytes != 0) {
		b = t->bytes;
	} else if (t->ckpt.size_pct > 0) {
		b = (uint64_t)((double)size * t->ckpt.size_pct / 100.0);
	} else {
		/* The reviews' 1,636 GB per 7.68 TB, and never more than their
		 * 1,636 GB: a larger drive holds more checkpoints, as theirs. */
		b = (uint64_t)((double)size * CKPT_REVIEW_GB / CKPT_REVIEW_TARGET_GB);
		if (b > (uint64_t)(CKPT_REVIEW_GB * 1e9))
			b = (uint64_t)(CKPT_REVIEW_GB * 1e9);
	}
	return b;
}

/* Expand one checkpoint template into q. */
static int
resolve_checkpoint(struct dd_plan *q, const struct dd_point *t, uint64_t size,
		   struct dd_error *err)
{
	uint64_t	region = resolve_region(t, size), raw = resolve_ckpt_bytes(t, size);
	uint64_t	unit = (uint64_t)t->numjobs * t->bs, ckpt = raw / unit * unit;
	uint64_t	fit = ckpt != 0 ? region / raw : 0;
	unsigned	passes = t->ckpt.passes != 0 ? t->ckpt.passes : CKPT_PASSES_DEFAULT;
	uint64_t	count = t->ckpt.count != 0 ? t->ckpt.count : fit;
	struct dd_point pt = *t;
	char		sfx[32];
	int		rc = 0;

	if (fit == 0)
		return dd_error_set(err, -EINVAL, "%s: a checkpoint of %llu bytes (%u ranks x "
				    "bs %u at least) does not fit the target's %llu bytes",
				    t->name, (unsigned long long)ckpt, t->numjobs, t->bs,
				    (unsigned long long)region);
	if (count * passes > WORKLOAD_CKPTS_MAX)
		count = WORKLOAD_CKPTS_MAX / passes;
	pt.bytes = pt.size = ckpt;
	pt.runtime_s = pt.ramp_s = 0;
	pt.region_pct = 0;
	for (unsigned ps = 1; rc == 0 && ps <= passes; ps++)
		for (unsigned sq = 1; rc == 0 && sq <= count; sq++) {
			uint64_t idx = (uint64_t)(ps - 1) * count + (sq - 1);

			pt.pass = ps;
			pt.seq = sq;
			pt.offset = t->offset + idx % fit * ckpt;
			snprintf(sfx, sizeof sfx, " p%u #%u", ps, sq);
			kind_name(&pt, t->name, sfx);
			rc = plan_append(q, &pt, err);
		}
	return rc;
}

/* A cliff point without a budget: one pass over its region. */
static int
resolve_cliff(struct dd_point *pt, uint64_t size, struct dd_error *err)
{
	uint64_t unit = (uint64_t)pt->numjobs * pt->bs;
	uint64_t b = resolve_region(pt, size) / unit * unit;

	if (b == 0)
		return dd_error_set(err, -EINVAL, "%s: the target is smaller than %u jobs x bs %u",
				    pt->name, pt->numjobs, pt->bs);
	pt->bytes = b;
	return 0;
}

/* Does a point need the target to be resolved? */
static bool
resolve_pending(const struct dd_point *pt)
{
	return (pt->kind == DD_KIND_CHECKPOINT && pt->pass == 0) ||
	       (pt->kind == DD_KIND_CLIFF && pt->bytes == 0 && !(pt->runtime_s > 0));
}

/* Resolve a plan against its target (see plan.h). */
int
plan_resolve(struct dd_plan *p, uint64_t target_size, bool scratch, struct dd_error *err)
{
	struct dd_plan q;
	int	       rc = 0;

	plan_init(&q, p->name);
	for (size_t i = 0; rc == 0 && i < p->npoints; i++) {
		struct dd_point pt = p->points[i];

		if (scratch)
			pt.region_pct = 0;
		if (resolve_pending(&pt) && target_size == 0)
			rc = dd_error_set(err, -EINVAL, "%s: its size follows the target's, which "
					  "is unknown here (name the target)", pt.name);
		else if (pt.kind == DD_KIND_CHECKPOINT && pt.pass == 0)
			rc = resolve_checkpoint(&q, &pt, target_size, err);
		else if (!resolve_pending(&pt) || (rc = resolve_cliff(&pt, target_size, err)) == 0)
			rc = plan_append(&q, &pt, err);
	}
	if (rc != 0) {
		plan_free(&q);
		return rc;
	}
	free(p->points);
	p->points = q.points;
	p->npoints = q.npoints;
	p->cap = q.cap;
	return 0;
}

static uint64_t fio_target_size(const char *path);

/* Resolve a plan for a path without opening it (see plan.h). */
int
plan_resolve_path(struct dd_plan *p, const char *target_path, uint64_t scratch_size,
		  struct dd_error *err)
{
	if (scratch_size != 0)
		return plan_resolve(p, scratch_size, true, err);
	return plan_resolve(p, target_path != NULL ? fio_target_size(target_path) : 0, false,
			    err);
}

/* Apply one plan-file directive (word, then its argument); 1 if word is none. */
static int
plan_directive(struct dd_plan *p, struct dd_point *defaults, const char *word,
	       char *arg, struct dd_error *err)
{
	uint64_t n;
	double	 d;
	bool	 b;

	if (strcmp(word, "plan") == 0) {
		if (*arg == '\0')
			return dd_error_set(err, -EINVAL, "plan needs a name");
		if (strlen(arg) >= sizeof p->name)
			return dd_error_set(err, -EINVAL,
					    "the plan name is longer than %zu characters",
					    sizeof p->name - 1);
		snprintf(p->name, sizeof p->name, "%s", arg);
	} else if (strcmp(word, "defaults") == 0) {
		if (*arg == '\0')
			return dd_error_set(err, -EINVAL, "defaults needs a point spec");
		return point_parse(arg, defaults, defaults, false, err);
	} else if (strcmp(word, "repeat") == 0) {
		if (parse_u64(arg, &n) != 0 || n < 1 || n > PLAN_REPEAT_MAX)
			return dd_error_set(err, -EINVAL,
					    "repeat must be a whole number from 1 to %d, not '%s'",
					    PLAN_REPEAT_MAX, arg);
		p->repeat = (unsigned)n;
	} else if (strcmp(word, "aggregate") == 0) {
		if (strcasecmp(arg, "best") == 0)
			p->aggregate = DD_AGG_BEST;
		else if (strcasecmp(arg, "mean") == 0)
			p->aggregate = DD_AGG_MEAN;
		else if (strcasecmp(arg, "none") == 0)
			p->aggregate = DD_AGG_NONE;
		else
			return dd_error_set(err, -EINVAL,
					    "aggregate must be none, best or mean, not '%s'", arg);
	} else if (strcmp(word, "steady-state") == 0) {
		if (parse_bool(arg, &b) != 0)
			return dd_error_set(err, -EINVAL,
					    "steady-state must be on or off, not '%s'", arg);
		p->steady_state = b;
	} else if (strcmp(word, "precondition") == 0) {
		if (parse_double(arg, 0, PRECONDITION_MAX, &d) != 0)
			return dd_error_set(err, -EINVAL,
					    "precondition must be a number of passes from 0 to %g, not '%s'",
					    PRECONDITION_MAX, arg);
		p->precondition_passes = d;
	} else if (strcmp(word, "curve") == 0) {
		return plan_directive_curve(p, defaults, arg, err);
	} else if (strcmp(word, "matrix") == 0) {
		return plan_directive_matrix(p, defaults, arg, err);
	} else if (strcmp(word, "checkpoint") == 0) {
		return plan_directive_checkpoint(p, defaults, arg, err);
	} else if (strcmp(word, "cliff") == 0) {
		return plan_directive_cliff(p, defaults, arg, err);
	} else {
		return 1;
	}
	return 0;
}

/* Parse one line of a plan file (comment already cut, trimmed, not empty). */
static int
plan_parse_line(struct dd_plan *p, struct dd_point *defaults, char *line,
		struct dd_error *err)
{
	struct dd_point pt;
	char		word[16], *arg;
	size_t		wl = strcspn(line, " \t");
	int		rc;

	if (wl < sizeof word) {
		memcpy(word, line, wl);
		word[wl] = '\0';
		arg = trim(line + wl);
		rc = plan_directive(p, defaults, word, arg, err);
		if (rc <= 0)
			return rc;
	}
	if ((rc = point_parse(line, defaults, &pt, true, err)) != 0)
		return rc;
	return plan_append(p, &pt, err);
}

/* Parse plan file text. */
int
plan_parse_text(const char *text, const char *origin, struct dd_plan *plan,
		struct dd_error *err)
{
	struct dd_plan	p;
	struct dd_point defaults;
	struct dd_error e = { 0 };
	char	       *buf, *line, *next, *hash;
	unsigned	lineno = 0;
	int		rc = 0;

	if (origin == NULL)
		origin = "plan";
	plan_init(plan, "");
	plan_init(&p, "");
	plan_point_defaults(&defaults);
	if (text == NULL)
		return dd_error_set(err, -EINVAL, "%s: no plan text", origin);
	if ((buf = strdup(text)) == NULL)
		return dd_error_set(err, -ENOMEM, "%s: out of memory", origin);
	line = buf;
	if (strncmp(line, "\xef\xbb\xbf", 3) == 0)
		line += 3;
	for (; line != NULL; line = next) {
		lineno++;
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (!utf8_valid((const unsigned char *)line, strlen(line))) {
			rc = dd_error_set(err, -EINVAL, "%s:%u: the line is not valid UTF-8",
					  origin, lineno);
			goto fail;
		}
		if ((hash = strchr(line, '#')) != NULL)
			*hash = '\0';
		line = trim(line);
		if (*line == '\0')
			continue;
		if ((rc = plan_parse_line(&p, &defaults, line, &e)) != 0) {
			dd_error_set(err, rc, "%s:%u: %s", origin, lineno, e.msg);
			goto fail;
		}
	}
	if (p.npoints == 0) {
		rc = dd_error_set(err, -EINVAL, "%s: the plan has no points", origin);
		goto fail;
	}
	if (p.name[0] == '\0')
		plan_name_from_origin(&p, origin);
	free(buf);
	*plan = p;
	return 0;
fail:
	free(buf);
	plan_free(&p);
	return rc;
}

/* Read and parse a plan file. */
int
plan_load_file(const char *path, struct dd_plan *plan, struct dd_error *err)
{
	char  *buf;
	size_t n;
	int    rc;

	plan_init(plan, "");
	if ((rc = file_read_all("plan file", path, PLAN_FILE_MAX, &buf, &n, err)) < 0)
		return rc;
	if (memchr(buf, '\0', n) != NULL)
		rc = dd_error_set(err, -EINVAL, "plan file %s is not a text file", path);
	else
		rc = plan_parse_text(buf, path, plan, err);
	free(buf);
	return rc;
}

/* ---- Presets ---- */

/* What the preset builders share. */
struct preset_ctx {
	struct dd_plan	*plan;
	bool		 allow_write;
	double		 time_scale;
	size_t		 skipped;	/* write points left out */
	struct dd_error *err;
};

/* Add one preset point (or count it as skipped when it writes and must not). */
static int
preset_add(struct preset_ctx *c, enum dd_pattern pat, unsigned bs, unsigned qd,
	   unsigned jobs, double runtime_s, double ramp_s, const char *name)
{
	struct dd_point pt;

	if (dd_pattern_writes(pat) && !c->allow_write) {
		c->skipped++;
		return 0;
	}
	plan_point_defaults(&pt);
	pt.pattern = pat;
	pt.bs = bs;
	pt.iodepth = qd;
	pt.numjobs = jobs;
	pt.runtime_s = runtime_s * c->time_scale;
	pt.ramp_s = ramp_s * c->time_scale;
	if (name != NULL)
		snprintf(pt.name, sizeof pt.name, "%s", name);
	else
		dd_point_autoname(&pt);
	return plan_append(c->plan, &pt, c->err);
}

/*
 * review: the StorageReview FIO method.  Two sequential points first (128K
 * write at IODepth 16, 128K read at IODepth 64, one job each), then for each
 * workload the IODepth x NumJobs matrix, NumJobs outer and IODepth inner, so
 * the points fill the review's table row by row (one row per NumJobs).
 */
static int
preset_review(struct preset_ctx *c)
{
	static const struct {
		enum dd_pattern pat;
		unsigned	bs;
	} work[] = {
		{ DD_RANDREAD, 64 * KIB }, { DD_RANDWRITE, 64 * KIB },
		{ DD_RANDREAD, 16 * KIB }, { DD_RANDWRITE, 16 * KIB },
		{ DD_READ, 16 * KIB }, { DD_WRITE, 16 * KIB },
		{ DD_RANDREAD, 4 * KIB }, { DD_RANDWRITE, 4 * KIB },
	};
	static const unsigned qds[] = { 1, 2, 4, 8, 16, 32 };
	static const unsigned jobs[] = { 1, 2, 4, 8, 16 };
	int rc;

	if ((rc = preset_add(c, DD_WRITE, 128 * KIB, 16, 1, 10, 2, NULL)) != 0 ||
	    (rc = preset_add(c, DD_READ, 128 * KIB, 64, 1, 10, 2, NULL)) != 0)
		return rc;
	for (size_t w = 0; w < NITEMS(work); w++)
		for (size_t j = 0; j < NITEMS(jobs); j++)
			for (size_t q = 0; q < NITEMS(qds); q++)
				if ((rc = preset_add(c, work[w].pat, work[w].bs, qds[q],
						     jobs[j], 10, 2, NULL)) != 0)
					return rc;
	return 0;
}

/*
 * spot: a quick look in at most 90 s.  Every point is also a point of the
 * review matrix, so a spot check compares directly with published figures:
 * 128K sequential read at QD64 (the bandwidth ceiling), 4K random read at
 * QD1 (the latency floor), at QD32 x4 (a loaded server) and at QD32 x16 (the
 * reviews' headline IOPS), and 64K random read at QD32 (large random reads).
 * Read-only: 5 x (2 + 14 s) = 80 s.  With writes, the reads come first so
 * they are measured as in a read-only run, not behind the writes' garbage
 * collection, then 128K sequential write at QD16 and 4K random write at QD1
 * and QD32 x4: 8 x (1 + 10 s) = 88 s.
 */
static int
preset_spot(struct preset_ctx *c)
{
	static const struct {
		enum dd_pattern pat;
		unsigned	bs, qd, jobs;
	} pts[] = {
		{ DD_READ, 128 * KIB, 64, 1 },
		{ DD_RANDREAD, 4 * KIB, 1, 1 },
		{ DD_RANDREAD, 4 * KIB, 32, 4 },
		{ DD_RANDREAD, 4 * KIB, 32, 16 },
		{ DD_RANDREAD, 64 * KIB, 32, 1 },
		{ DD_WRITE, 128 * KIB, 16, 1 },
		{ DD_RANDWRITE, 4 * KIB, 1, 1 },
		{ DD_RANDWRITE, 4 * KIB, 32, 4 },
	};
	double runtime = c->allow_write ? 10 : 14;
	double ramp = c->allow_write ? 1 : 2;
	int    rc;

	for (size_t i = 0; i < NITEMS(pts); i++)
		if ((rc = preset_add(c, pts[i].pat, pts[i].bs, pts[i].qd, pts[i].jobs,
				     runtime, ramp, NULL)) != 0)
			return rc;
	return 0;
}

/* One CrystalDiskMark test: its label, then sequential or random, bs, Q, T. */
struct cdm_test {
	const char *label;
	bool	    random;
	unsigned    bs, qd, threads;
};

/*
 * CrystalDiskMark: every test reads, then (when allowed) every test writes,
 * as CrystalDiskMark's "All" does; 5 s measured after 1 s of warm-up.
 */
static int
preset_cdm_tests(struct preset_ctx *c, const struct cdm_test *t, size_t n)
{
	char name[DD_POINT_NAME_MAX];
	int  rc;

	for (int w = 0; w < 2; w++) {
		for (size_t i = 0; i < n; i++) {
			enum dd_pattern pat = t[i].random ?
				(w ? DD_RANDWRITE : DD_RANDREAD) : (w ? DD_WRITE : DD_READ);

			snprintf(name, sizeof name, "%s %s", t[i].label, w ? "write" : "read");
			if ((rc = preset_add(c, pat, t[i].bs, t[i].qd, t[i].threads, 5, 1,
					     name)) != 0)
				return rc;
		}
	}
	return 0;
}

/* cdm: CrystalDiskMark's Default profile. */
static int
preset_cdm(struct preset_ctx *c)
{
	static const struct cdm_test t[] = {
		{ "SEQ1M Q8T1", false, MIB, 8, 1 },
		{ "SEQ1M Q1T1", false, MIB, 1, 1 },
		{ "RND4K Q32T1", true, 4 * KIB, 32, 1 },
		{ "RND4K Q1T1", true, 4 * KIB, 1, 1 },
	};

	return preset_cdm_tests(c, t, NITEMS(t));
}

/* cdm-nvme: CrystalDiskMark's NVMe SSD profile. */
static int
preset_cdm_nvme(struct preset_ctx *c)
{
	static const struct cdm_test t[] = {
		{ "SEQ1M Q8T1", false, MIB, 8, 1 },
		{ "SEQ128K Q32T1", false, 128 * KIB, 32, 1 },
		{ "RND4K Q32T16", true, 4 * KIB, 32, 16 },
		{ "RND4K Q1T1", true, 4 * KIB, 1, 1 },
	};

	return preset_cdm_tests(c, t, NITEMS(t));
}

/* A thread-scaling point: DD_KIND_THREADS, profile as the specs database's
 * GDSIO rows spell it ("read", "write"). */
static void
preset_mark_threads(struct dd_point *pt)
{
	pt->kind = DD_KIND_THREADS;
	snprintf(pt->profile, sizeof pt->profile, "%s",
		 dd_pattern_writes(pt->pattern) ? "write" : "read");
}

/*
 * threads: thread scaling as the reviews' GDSIO charts, sequential at QD1
 * with 1..128 threads for 16K, 128K and 1M; all reads (block size outer,
 * threads inner), then the same writes when allowed.  5 s after 1 s ramp.
 */
static int
preset_threads(struct preset_ctx *c)
{
	static const unsigned bss[] = { 16 * KIB, 128 * KIB, MIB };
	static const unsigned threads[] = { 1, 2, 4, 8, 16, 32, 64, 128 };
	int rc;

	for (int w = 0; w < 2; w++)
		for (size_t b = 0; b < NITEMS(bss); b++)
			for (size_t t = 0; t < NITEMS(threads); t++) {
				size_t n = c->plan->npoints;

				if ((rc = preset_add(c, w ? DD_WRITE : DD_READ, bss[b], 1,
						     threads[t], 5, 1, NULL)) != 0)
					return rc;
				if (c->plan->npoints > n)
					preset_mark_threads(&c->plan->points[n]);
			}
	return 0;
}

static const struct dd_preset_info preset_infos[] = {
	{ "review", "the reviews' FIO sweep: 128K sequential write and read, then "
	  "IODepth 1-32 x NumJobs 1-16 for 64K, 16K, 4K random and 16K sequential "
	  "(242 points, 48 min; read-only 121 points, 24 min)" },
	{ "spot", "a spot check under 90 s: 128K sequential read, 4K random read "
	  "at QD1, QD32 x4, QD32 x16, 64K random read QD32; with writes also 128K "
	  "sequential write and 4K random write QD1, QD32 x4" },
	{ "cdm", "CrystalDiskMark Default: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, "
	  "RND4K Q1T1, 5 runs of 5 s each, best run" },
	{ "cdm-nvme", "CrystalDiskMark NVMe SSD: SEQ1M Q8T1, SEQ128K Q32T1, "
	  "RND4K Q32T16, RND4K Q1T1, 5 runs of 5 s each, best run" },
	{ "threads", "thread scaling as the reviews' GDSIO charts: 16K, 128K and "
	  "1M sequential at QD1 with 1 to 128 threads" },
	{ "gdsio", "the threads preset under the reviews' name (GDSIO thread scaling, "
	  "seeds 000 and 001; reported in GiB/s and us)" },
};

/* Builders, in the order of preset_infos. */
static int (*const preset_builders[])(struct preset_ctx *) = {
	preset_review, preset_spot, preset_cdm, preset_cdm_nvme, preset_threads,
	preset_threads,
};

#define PRESETS_MAX 64	/* code-built and data presets together */

static struct dd_preset_info preset_all[PRESETS_MAX];
static size_t		     preset_nall;
static pthread_once_t	     preset_once = PTHREAD_ONCE_INIT;

/* Fill the list of every preset: the code-built ones, then the data ones. */
static void
preset_list_fill(void)
{
	for (size_t i = 0; i < NITEMS(preset_infos) && preset_nall < PRESETS_MAX; i++)
		preset_all[preset_nall++] = preset_infos[i];
	for (size_t i = 0; i < plan_data_npresets && preset_nall < PRESETS_MAX; i++)
		preset_all[preset_nall++] = (struct dd_preset_info){
			plan_data_presets[i].name, plan_data_presets[i].summary };
}

/* The presets. */
const struct dd_preset_info *
plan_presets(size_t *n)
{
	pthread_once(&preset_once, preset_list_fill);
	*n = preset_nall;
	return preset_all;
}

/* Fail an unknown preset name, listing every valid one. */
static int
preset_unknown(const char *name, struct dd_error *err)
{
	const struct dd_preset_info *all;
	char			     list[1024];
	size_t			     n, o = 0;

	all = plan_presets(&n);
	list[0] = '\0';
	for (size_t i = 0; i < n && o < sizeof list; i++)
		o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "",
				      all[i].name);
	return dd_error_set(err, -EINVAL, "unknown preset '%s' (valid: %s)",
			    name != NULL ? name : "", list);
}

/* Drop the write points and the preconditioning of a data preset's plan
 * (a write curve goes whole: its points all write); the count dropped. */
static size_t
preset_drop_writes(struct dd_plan *p)
{
	size_t o = 0, dropped = 0;

	for (size_t i = 0; i < p->npoints; i++) {
		if (dd_pattern_writes(p->points[i].pattern))
			dropped++;
		else
			p->points[o++] = p->points[i];
	}
	p->npoints = o;
	if (p->precondition_passes > 0) {
		p->precondition_passes = 0;
		dropped++;
	}
	return dropped;
}

/* Build a data preset (data/plans/NAME.plan) into c->plan. */
static int
preset_data(const struct plan_data_preset *d, struct preset_ctx *c)
{
	struct dd_plan q;
	char	       origin[PLAN_NAME_MAX + 8];
	int	       rc;

	snprintf(origin, sizeof origin, "%s.plan", d->name);
	if ((rc = plan_parse_text(d->text, origin, &q, c->err)) != 0)
		return rc;
	for (size_t i = 0; i < q.npoints; i++) {
		q.points[i].runtime_s *= c->time_scale;
		q.points[i].ramp_s *= c->time_scale;
	}
	if (!c->allow_write)
		c->skipped += preset_drop_writes(&q);
	if (q.npoints == 0) {
		plan_free(&q);
		return dd_error_set(c->err, -EPERM, "preset '%s' only writes: pass "
				    "--allow-write", d->name);
	}
	plan_free(c->plan);
	q.repeat = c->plan->repeat;
	q.aggregate = c->plan->aggregate;
	*c->plan = q;
	return 0;
}

/* Build a preset plan. */
int
plan_preset(const char *name, const struct dd_preset_opts *o,
	    struct dd_plan *plan, struct dd_error *err)
{
	struct dd_preset_opts def = { 0 };
	struct preset_ctx     c;
	struct dd_plan	      p;
	size_t		      i, d = 0;
	int		      rc;

	plan_init(plan, "");
	if (o == NULL)
		o = &def;
	for (i = 0; i < NITEMS(preset_infos); i++)
		if (name != NULL && strcmp(name, preset_infos[i].name) == 0)
			break;
	for (d = 0; i == NITEMS(preset_infos) && d < plan_data_npresets; d++)
		if (name != NULL && strcmp(name, plan_data_presets[d].name) == 0)
			break;
	if (i == NITEMS(preset_infos) && d == plan_data_npresets)
		return preset_unknown(name, err);
	if (o->time_scale != 0 && !(isfinite(o->time_scale) && o->time_scale > 0 &&
				    o->time_scale <= 1000))
		return dd_error_set(err, -EINVAL,
				    "the time scale must be greater than 0 and at most 1000");
	if (o->repeat > PLAN_REPEAT_MAX)
		return dd_error_set(err, -EINVAL, "repeat must be at most %d",
				    PLAN_REPEAT_MAX);
	plan_init(&p, name);
	c.plan = &p;
	c.allow_write = o->allow_write;
	c.time_scale = o->time_scale != 0 ? o->time_scale : 1;
	c.skipped = 0;
	c.err = err;
	if (strcmp(name, "cdm") == 0 || strcmp(name, "cdm-nvme") == 0) {
		p.repeat = 5;
		p.aggregate = DD_AGG_BEST;
	}
	if (o->repeat != 0)
		p.repeat = o->repeat;
	if (o->aggregate != DD_AGG_NONE)
		p.aggregate = o->aggregate;
	if ((rc = i < NITEMS(preset_infos) ? preset_builders[i](&c)
					   : preset_data(&plan_data_presets[d], &c)) != 0) {
		plan_free(&p);
		return rc;
	}
	if (c.skipped != 0)
		snprintf(p.name, sizeof p.name, "%s (read-only)", name);
	*plan = p;
	return 0;
}

/* Does the plan write? */
bool
plan_writes(const struct dd_plan *p)
{
	if (p->precondition_passes > 0)
		return true;
	for (size_t i = 0; i < p->npoints; i++)
		if (dd_pattern_writes(p->points[i].pattern))
			return true;
	return false;
}

/* Does the plan have byte-budget points? */
bool
plan_has_byte_budget(const struct dd_plan *p)
{
	for (size_t i = 0; i < p->npoints; i++)
		if (p->points[i].bytes != 0 || resolve_pending(&p->points[i]))
			return true;
	return false;
}

/* Seconds the time-based points take. */
double
plan_estimate_seconds(const struct dd_plan *p)
{
	double s = 0;

	for (size_t i = 0; i < p->npoints; i++)
		if (p->points[i].bytes == 0)
			s += p->points[i].ramp_s + p->points[i].runtime_s;
	return s * (p->repeat != 0 ? p->repeat : 1);
}

/* Seconds of the byte budgets of a plan with none left to resolve: NAN when
 * one cannot be timed (see plan_estimate_on). */
static double
estimate_budgets(const struct dd_plan *p, double write_mbps, double read_mbps)
{
	double s = 0;

	for (size_t i = 0; i < p->npoints; i++) {
		const struct dd_point *pt = &p->points[i];
		double		       mbps;

		if (pt->bytes == 0)
			continue;
		mbps = pt->pattern == DD_WRITE ? write_mbps : pt->pattern == DD_READ ? read_mbps
										      : NAN;
		if (!(mbps > 0) || !isfinite(mbps))
			return NAN;
		s += (double)pt->bytes / (mbps * 1e6);
	}
	return s * (p->repeat != 0 ? p->repeat : 1);
}

/* Seconds the whole sweep takes on a target (see plan.h). */
double
plan_estimate_on(const struct dd_plan *p, uint64_t target_size, double write_mbps,
		 double read_mbps)
{
	struct dd_plan	q;
	struct dd_error err = { 0 };
	double		s;
	bool		pending = false;

	for (size_t i = 0; i < p->npoints && !pending; i++)
		pending = resolve_pending(&p->points[i]);
	if (!pending)
		return plan_estimate_seconds(p) + estimate_budgets(p, write_mbps, read_mbps);
	if (target_size == 0 || plan_copy(&q, p, &err) < 0)
		return NAN;
	s = plan_resolve(&q, target_size, false, &err) < 0 ? NAN :
	    plan_estimate_seconds(&q) + estimate_budgets(&q, write_mbps, read_mbps);
	plan_free(&q);
	return s;
}

/* The sweep's time in words (see plan.h). */
char *
plan_estimate_say(const struct dd_plan *p, uint64_t target_size, double write_mbps,
		  double read_mbps, char *buf, size_t len)
{
	char	    eta[32];
	double	    s = plan_estimate_seconds(p), all;
	bool	    pending = false;
	const char *why;

	if (!plan_has_byte_budget(p)) {
		snprintf(buf, len, "about %s", fmt_duration(s, eta, sizeof eta));
		return buf;
	}
	all = plan_estimate_on(p, target_size, write_mbps, read_mbps);
	if (!isnan(all)) {
		snprintf(buf, len, "about %s (byte budgets at the spec's sequential speed)",
			 fmt_duration(all, eta, sizeof eta));
		return buf;
	}
	for (size_t i = 0; i < p->npoints && !pending; i++)
		pending = resolve_pending(&p->points[i]);
	why = pending && target_size == 0
		? "byte budgets that follow the target's size, which is not known here"
		: "byte budgets, and no spec sequential speed of the drive to time them";
	if (s > 0)
		snprintf(buf, len, "about %s plus byte budgets of unknown time (%s)",
			 fmt_duration(s, eta, sizeof eta), why);
	else
		snprintf(buf, len, "time unknown (%s)", why);
	return buf;
}

/* ---- fio job files ---- */

/* Bytes of the preconditioning pass (see plan.h). */
uint64_t
plan_precondition_bytes(const struct dd_plan *p, uint64_t target_size)
{
	double b = p->precondition_passes * (double)target_size;

	if (!(b > 0))
		return 0;
	if (b >= 0x1p64)
		return UINT64_MAX / (128 * KIB) * (128 * KIB);
	return (uint64_t)b / (128 * KIB) * (128 * KIB);
}

/* Write the preconditioning section. */
static void
fio_precondition(FILE *f, const struct dd_plan *p, uint64_t target_size)
{
	double	 passes = p->precondition_passes;
	unsigned loops = (unsigned)ceil(passes);

	fprintf(f, "; preconditioning: %g x the capacity in 128K sequential writes\n"
		"; writes destroy data on the target\n"
		"[precondition]\nstonewall\nrw=write\nbs=128k\niodepth=32\nnumjobs=1\n",
		passes);
	if (target_size != 0) {
		fprintf(f, "io_size=%llu\n", (unsigned long long)
			plan_precondition_bytes(p, target_size));
	} else {
		if ((double)loops != passes)
			fprintf(f, "; rounded up to %u whole passes (the target size is "
				"unknown here)\n", loops);
		fprintf(f, "loops=%u\n", loops);
	}
	fprintf(f, "\n");
}

/* Write an fio job file for a target of known (or 0 = unknown) size and class. */
static char *
fio_jobfile(const struct dd_plan *p, const char *target_path, uint64_t target_size,
	    enum dd_target_class tc, bool iopoll)
{
	struct fiojob_target jt = {
		.path = target_path, .size = target_size, .tclass = tc, .iopoll = iopoll,
		.ncpus = sysconf(_SC_NPROCESSORS_ONLN),
	};
	FILE   *f;
	char   *text = NULL, name[sizeof p->name];
	size_t	len = 0;
	unsigned runs = p->repeat != 0 ? p->repeat : 1;

	if (target_path == NULL || (f = open_memstream(&text, &len)) == NULL)
		return NULL;
	/* The plan's name may come from a file's: a comment line, made inert. */
	snprintf(name, sizeof name, "%s", p->name);
	utf8_sanitize(name, 0);
	fprintf(f, "; drivedash %s: plan '%s', %zu points\n", PACKAGE_VERSION, name,
		p->npoints);
	if (runs > 1)
		fprintf(f, "; each point runs %u times (sections \"NAME runN\"); "
			"drivedash folds the runs: %s\n", runs,
			plan_aggregate_name(p->aggregate));
	if (p->steady_state)
		fprintf(f, "; steady-state rounds are drivedash's; fio runs each "
			"point once\n");
	if (plan_writes(p))
		fprintf(f, "; this job file WRITES to %s\n", target_path);
	fprintf(f, "\n");
	if (fiojob_global(f, &jt) < 0) {	/* a newline in the path */
		fclose(f);
		free(text);
		return NULL;
	}
	if (p->precondition_passes > 0)
		fio_precondition(f, p, target_size);
	for (size_t i = 0; i < p->npoints; i++)
		for (unsigned r = 1; r <= runs; r++)
			fiojob_point(f, &p->points[i], i, r, runs, &jt);
	if (fclose(f) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* Write an fio job file for a target of known (or 0 = unknown) size. */
char *
plan_fio_jobfile_sized(const struct dd_plan *p, const char *target_path,
		       uint64_t target_size, bool iopoll)
{
	return fio_jobfile(p, target_path, target_size,
			   engine_target_classify(target_path), iopoll);
}

/* Write an fio job file for a target of unknown size. */
char *
plan_fio_jobfile(const struct dd_plan *p, const char *target_path, bool iopoll)
{
	return plan_fio_jobfile_sized(p, target_path, 0, iopoll);
}

/* The size of a target path without opening it: st_size, or sysfs. */
static uint64_t
fio_target_size(const char *path)
{
	struct stat	   st;
	char		   sys[96];
	unsigned long long sectors = 0;
	FILE		  *f;

	if (stat(path, &st) < 0)
		return 0;
	if (S_ISREG(st.st_mode))
		return (uint64_t)st.st_size;
	if (!S_ISBLK(st.st_mode))
		return 0;
	snprintf(sys, sizeof sys, "/sys/dev/block/%u:%u/size", major(st.st_rdev),
		 minor(st.st_rdev));
	if ((f = fopen(sys, "re")) == NULL)
		return 0;
	if (fscanf(f, "%llu", &sectors) != 1)
		sectors = 0;
	fclose(f);
	return (uint64_t)sectors * 512;
}

/* Write the fio twin of a run on target_path, resolved without I/O. */
char *
plan_fio_jobfile_target(const struct dd_plan *p, const char *target_path, bool iopoll)
{
	return plan_fio_jobfile_sized(p, target_path, fio_target_size(target_path), iopoll);
}
