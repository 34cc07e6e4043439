/*
 * Plans: the parser.  Point specs (--point, a plan file's point lines) and
 * plan files (--plan: directives, comments, the kinds beyond the FIO
 * matrix: curve, matrix, checkpoint, cliff) parsed into struct dd_plan
 * through the model's functions (plan.c); the syntax is plan.h's and
 * drivedash-plan(5)'s.
 *
 * Parsers work on a copy and touch the caller's structs only on success, so
 * a failed parse leaves nothing half-built.  Messages quote the spec (or
 * name file:line) and say what is wrong with which item.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "plan-private.h"
#include "lib/file.h"
#include "lib/parse.h"

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
#define MATRIX_AXIS_MAX	 16
#define CKPT_RANKS_DEFAULT 8u		/* DLIO: the reviews' eight GPUs */
#define CKPT_BS_DEFAULT	 MIB
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

/* A rate in I/Os per second (plan.h). */
int
plan_parse_rate(const char *v, double *out)
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
	int rc = plan_parse_rate(v, &pt->rate_iops);

	if (rc == -EINVAL)
		return spec_fail(spec, err, "%s '%s' is not a rate (I/Os per second, with an "
				 "optional k or m: 20k)", k, v);
	if (rc != 0)
		return spec_fail(spec, err, "%s must be between 0 and 1000m IOPS", k);
	return 0;
}

/* Parse a share in percent within lo..hi, "25%" (the % optional): read=
 * and region= (a share of the target). */
static int
spec_pct(const char *spec, const char *k, const char *v, unsigned lo, unsigned hi,
	 unsigned *out, struct dd_error *err)
{
	char pct[16];

	snprintf(pct, sizeof pct, "%s", v);
	if (pct[0] != '\0' && pct[strlen(pct) - 1] == '%')
		pct[strlen(pct) - 1] = '\0';
	return spec_uint(spec, k, pct, lo, hi, out, err);
}

/* Parse a bs= item: bytes, 512..BS_MAX, a multiple of 512. */
static int
spec_bs(const char *spec, const char *v, unsigned *out, struct dd_error *err)
{
	uint64_t n;
	int	 rc = parse_bytes(v, &n);

	if (rc == -EINVAL)
		return spec_fail(spec, err,
				 "bs '%s' is not a byte count (digits with an optional k or m)", v);
	if (rc != 0 || n < 512 || n > BS_MAX)
		return spec_fail(spec, err, "bs must be between 512 and 64M");
	if (n % 512 != 0)
		return spec_fail(spec, err, "bs must be a multiple of 512");
	*out = (unsigned)n;
	return 0;
}

/* Parse an interval= item: milliseconds (or with ms or s), rounded. */
static int
spec_interval(const char *spec, const char *v, unsigned *out, struct dd_error *err)
{
	double t;

	if (parse_time(v, 0.001, &t) != 0)
		return spec_fail(spec, err,
				 "interval '%s' is not a time (milliseconds, or with ms or s)", v);
	t = round(t * 1000.0);
	if (t < INTERVAL_MIN_MS || t > INTERVAL_MAX_MS)
		return spec_fail(spec, err, "interval must be between %u and %u ms",
				 INTERVAL_MIN_MS, INTERVAL_MAX_MS);
	*out = (unsigned)t;
	return 0;
}

/* Apply a spin= item (plan_parse_spin), its message quoting the spec. */
static int
spec_spin(const char *spec, const char *v, struct dd_point *pt, struct dd_error *err)
{
	struct dd_error e;

	if (plan_parse_spin(v, pt, &e) != 0)
		return spec_fail(spec, err, "%s", e.msg);
	return 0;
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
		rc = spec_bs(spec, v, &pt->bs, err);
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
	case KEY_READ:
		rc = spec_pct(spec, k, v, 0, 100, &pt->read_pct, err);
		break;
	case KEY_IOPOLL:
		if (parse_bool(v, &pt->iopoll) != 0)
			return spec_fail(spec, err, "iopoll must be 0 or 1, not '%s'", v);
		break;
	case KEY_INTERVAL:
		rc = spec_interval(spec, v, &pt->interval_ms, err);
		break;
	case KEY_BATCH:
		rc = spec_uint(spec, k, v, 1, 4096, &pt->batch, err);
		break;
	case KEY_SPIN:
		rc = spec_spin(spec, v, pt, err);
		break;
	case KEY_PROFILE:
		rc = spec_profile(spec, v, pt->profile, err);
		break;
	case KEY_RATE:
		rc = spec_rate(spec, k, v, pt, err);
		break;
	case KEY_REGION:
		rc = spec_pct(spec, k, v, 1, 100, &pt->region_pct, err);
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
