/*
 * The number parser (parse.h).  Everything goes through parse_number: a
 * plain decimal (digits, an optional fraction) checked by hand, strtod over
 * exactly those characters, then a suffix table per kind that scales it,
 * then one range check on the finite scaled value before any integer
 * conversion, so "--size 1e30", "--runtime 0x1p4" or "--runtime inf" are
 * errors, not a wrapped-around integer or a surprise.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdbool.h>

#include "lib/parse.h"

/* The longest number parse_number reads (a longer one is out of range). */
#define PARSE_DIGITS_MAX 64

/* One unit suffix and its factor. */
struct parse_unit {
	const char *name;
	double	    factor;
};

/* Binary size suffixes; the longest spelling of each first. */
static const struct parse_unit parse_size_units[] = {
	{ "", 1 },
	{ "B", 1 },
	{ "k", 0x1p10 }, { "K", 0x1p10 }, { "kB", 0x1p10 }, { "KB", 0x1p10 },
	{ "KiB", 0x1p10 }, { "kiB", 0x1p10 }, { "Ki", 0x1p10 }, { "ki", 0x1p10 },
	{ "m", 0x1p20 }, { "M", 0x1p20 }, { "MB", 0x1p20 }, { "mB", 0x1p20 },
	{ "MiB", 0x1p20 }, { "Mi", 0x1p20 }, { "mi", 0x1p20 },
	{ "g", 0x1p30 }, { "G", 0x1p30 }, { "GB", 0x1p30 }, { "gB", 0x1p30 },
	{ "GiB", 0x1p30 }, { "Gi", 0x1p30 }, { "gi", 0x1p30 },
	{ "t", 0x1p40 }, { "T", 0x1p40 }, { "TB", 0x1p40 }, { "TiB", 0x1p40 },
	{ "Ti", 0x1p40 }, { "ti", 0x1p40 },
	{ "p", 0x1p50 }, { "P", 0x1p50 }, { "PB", 0x1p50 }, { "PiB", 0x1p50 },
	{ NULL, 0 },
};

/* Duration units, in seconds. */
static const struct parse_unit parse_time_units[] = {
	{ "", 1 }, { "s", 1 }, { "sec", 1 },
	{ "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 },
	{ "m", 60 }, { "min", 60 }, { "h", 3600 },
	{ NULL, 0 },
};

/* No units at all. */
static const struct parse_unit parse_no_units[] = { { "", 1 }, { NULL, 0 } };

/* The length of the plain decimal s starts with: an optional '-', digits,
 * and an optional '.' followed by digits; 0 when it starts with none.  No
 * sign '+', no exponent, no hex, no inf or nan, no leading or trailing
 * point: what a person writes, in one spelling in every locale. */
static size_t
parse_decimal_len(const char *s)
{
	size_t i = s[0] == '-', d = strspn(s + i, "0123456789");

	if (d == 0)
		return 0;
	i += d;
	if (s[i] == '.') {
		d = strspn(s + i + 1, "0123456789");
		if (d == 0)
			return 0;
		i += 1 + d;
	}
	return i;
}

/* Parse a number and a suffix from units (ignoring case when nocase: sizes
 * are "4k", "4KiB" or "4kb" alike); the scaled finite value, checked against
 * [min, max] after the unit's factor, so "0.5ms" is measured against a
 * minimum in seconds. */
static int
parse_number(const char *s, const struct parse_unit *units, bool nocase, double min,
	     double max, double *out)
{
	char	 num[PARSE_DIGITS_MAX + 1], *end;
	size_t	 len;
	double	 v;
	locale_t c;
	int	 saved;

	if (s == NULL || (len = parse_decimal_len(s)) == 0)
		return -EINVAL;
	if (len > PARSE_DIGITS_MAX)
		return -ERANGE;
	/* strtod over the checked copy alone, in the C locale whatever the
	 * caller's (main.c keeps LC_NUMERIC "C" anyway; a test or a thread
	 * with its own locale must not turn "0.5" into 0). */
	memcpy(num, s, len);
	num[len] = '\0';
	if ((c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0)) == (locale_t)0)
		return -errno;
	errno = 0;
	v = strtod_l(num, &end, c);
	saved = errno;
	freelocale(c);
	errno = saved;
	if ((size_t)(end - num) != len || !isfinite(v))
		return -EINVAL;
	if (errno == ERANGE)
		return -ERANGE;
	for (; units->name != NULL; units++)
		if ((nocase ? strcasecmp(s + len, units->name) : strcmp(s + len, units->name)) == 0)
			break;
	if (units->name == NULL)
		return -EINVAL;
	v *= units->factor;
	if (!isfinite(v) || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/* A finite number in [min, max]. */
int
parse_double(const char *s, double min, double max, double *out)
{
	return parse_number(s, parse_no_units, false, min, max, out);
}

/* A whole number in [min, max]. */
int
parse_long(const char *s, long min, long max, long *out)
{
	double v;
	int    rc = parse_number(s, parse_no_units, false, (double)min, (double)max, &v);

	if (rc < 0)
		return rc;
	if (v != floor(v))
		return -EINVAL;
	/* (double)LONG_MAX rounds up: convert only what surely fits. */
	if (v >= 0x1p63 || v < -0x1p63)
		return -ERANGE;
	*out = (long)v;
	return 0;
}

/* A size in bytes with an optional binary suffix. */
int
parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	double v;
	int    rc = parse_number(s, parse_size_units, true, (double)min, (double)max, &v);

	if (rc < 0)
		return rc;
	if (v >= 0x1p64)
		return -ERANGE;
	*out = (uint64_t)v;
	if (*out < min || *out > max)
		return -ERANGE;
	return 0;
}

/* A duration in seconds with an optional unit. */
int
parse_duration(const char *s, double min, double max, double *out)
{
	return parse_number(s, parse_time_units, false, min, max, out);
}
