/*
 * The point vocabulary's tables and parsers (point.h).
 *
 * Data model: dd_patterns[] and dd_kinds[], one const row per enum value
 * (designated initializers, so a row sits at its value whatever the enum's
 * order), and the parser's aliases of pattern names.  The names are the
 * ones the results store keeps: change none of them.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

#include "point.h"

#define NITEMS(a) (sizeof (a) / sizeof (a)[0])

const struct dd_pattern_info dd_patterns[DD_PATTERN_COUNT] = {
	[DD_READ] = { .name = "read", .label = "seq read", .access = "seq", .reads = true },
	[DD_WRITE] = { .name = "write", .label = "seq write", .access = "seq", .writes = true },
	[DD_RANDREAD] = { .name = "randread", .label = "rand read", .access = "rand",
			  .reads = true, .random = true },
	[DD_RANDWRITE] = { .name = "randwrite", .label = "rand write", .access = "rand",
			   .writes = true, .random = true },
	[DD_RANDRW] = { .name = "randrw", .label = "rand mix", .access = "rand", .reads = true,
			.writes = true, .random = true, .mixed = true },
	[DD_SEQRW] = { .name = "rw", .label = "seq mix", .access = "seq", .reads = true,
		       .writes = true, .mixed = true },
};

const struct dd_kind_info dd_kinds[DD_KIND_COUNT] = {
	[DD_KIND_POINT] = { .name = "point", .label = "FIO point", .plain = true,
			    .matrix = true },
	[DD_KIND_CURVE_MAX] = { .name = "curve-max", .label = "curve max", .curve = true,
				.plain = true },
	[DD_KIND_CURVE_STEP] = { .name = "curve-step", .label = "curve step", .curve = true,
				 .paced = true },
	[DD_KIND_CHECKPOINT] = { .name = "checkpoint", .label = "DLIO checkpoint" },
	[DD_KIND_THREADS] = { .name = "threads", .label = "GDSIO threads", .plain = true,
			      .matrix = true },
	[DD_KIND_CLIFF] = { .name = "cliff", .label = "write cliff", .plain = true },
};

/* The names a plan may give a pattern beyond fio's rw= ones. */
static const struct {
	const char	*name;
	enum dd_pattern	 pattern;
} pattern_aliases[] = {
	{ "readwrite", DD_SEQRW },
	{ "seqread", DD_READ },
	{ "seqwrite", DD_WRITE },
};

/* Name of a kind. */
const char *
dd_kind_name(enum dd_kind k)
{
	return (unsigned)k < DD_KIND_COUNT ? dd_kinds[k].name : NULL;
}

/* Parse a kind name. */
int
dd_kind_parse(const char *s, enum dd_kind *out)
{
	for (unsigned k = 0; s != NULL && k < DD_KIND_COUNT; k++)
		if (strcmp(s, dd_kinds[k].name) == 0) {
			*out = (enum dd_kind)k;
			return 0;
		}
	return -EINVAL;
}

/* Name of a pattern as fio spells it. */
const char *
dd_pattern_name(enum dd_pattern p)
{
	return (unsigned)p < DD_PATTERN_COUNT ? dd_patterns[p].name : NULL;
}

/* Parse a pattern name or alias, case-insensitively. */
int
dd_pattern_parse(const char *s, enum dd_pattern *out)
{
	if (s == NULL)
		return -EINVAL;
	for (unsigned p = 0; p < DD_PATTERN_COUNT; p++)
		if (strcasecmp(s, dd_patterns[p].name) == 0) {
			*out = (enum dd_pattern)p;
			return 0;
		}
	for (size_t i = 0; i < NITEMS(pattern_aliases); i++)
		if (strcasecmp(s, pattern_aliases[i].name) == 0) {
			*out = pattern_aliases[i].pattern;
			return 0;
		}
	return -EINVAL;
}
