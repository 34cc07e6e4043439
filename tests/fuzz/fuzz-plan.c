/*
 * libFuzzer target: plan files (plan_parse_text in src/core/plan.h) and the
 * plan -> fio job path.  The input is plan text; a plan that parses is turned
 * into the fio job file `run --print-fio` prints (for a target of unknown and
 * of known size, with and without --iopoll), and the job text must be
 * well-formed: NUL-free, newline-terminated lines, each blank, a ";" or "#"
 * comment, a "[section]", or "key=value"/"key" with a plain key, the first
 * section [global] and at least one job section after it.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>

#include "core/plan.h"
#include "fuzz.h"

/* Is one job file line well-formed?  Counts sections into *sections. */
static int
fuzz_job_line_ok(const char *line, size_t len, unsigned *sections, int *first_global)
{
	size_t i;

	if (len == 0 || line[0] == ';' || line[0] == '#')
		return 1;
	if (line[0] == '[') {
		if (line[len - 1] != ']' || len < 3)
			return 0;
		if (*sections == 0)
			*first_global = len == 8 && memcmp(line, "[global]", 8) == 0;
		(*sections)++;
		return memchr(line + 1, '[', len - 2) == NULL &&
		       memchr(line + 1, ']', len - 2) == NULL;
	}
	if (*sections == 0)
		return 0;
	for (i = 0; i < len && line[i] != '='; i++)
		if (!(isalnum((unsigned char)line[i]) || line[i] == '_'))
			return 0;
	return i > 0;
}

/* Check the job text as a whole. */
static void
fuzz_check_job(const char *job)
{
	unsigned    sections = 0;
	int	    first_global = 0;
	const char *p = job, *eol;

	FUZZ_CHECK(job != NULL && *job != '\0');
	FUZZ_CHECK(job[strlen(job) - 1] == '\n');
	for (; *p != '\0'; p = eol + 1) {
		eol = strchr(p, '\n');
		FUZZ_CHECK(eol != NULL);
		if (!fuzz_job_line_ok(p, (size_t)(eol - p), &sections, &first_global)) {
			fprintf(stderr, "bad job line: %.*s\n", (int)(eol - p), p);
			FUZZ_CHECK(!"job file line is well-formed");
		}
	}
	FUZZ_CHECK(first_global && sections >= 2);
}

/* Parse the input as a plan; build and check its fio job files. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	       *s = fuzz_strndup(data, size), *job;
	struct dd_plan	plan;
	struct dd_error err = { 0 };

	if (plan_parse_text(s, "fuzz.plan", &plan, &err) == 0) {
		FUZZ_CHECK(plan.npoints > 0 && plan.npoints <= PLAN_POINTS_MAX);
		FUZZ_CHECK(plan.repeat >= 1);
		FUZZ_CHECK(isfinite(plan_estimate_seconds(&plan)));
		(void)plan_writes(&plan);
		/* Keep an iteration cheap: job files of huge plans are slow, not wrong. */
		if (plan.npoints <= 64) {
			job = plan_fio_jobfile(&plan, "/dev/TARGET", false);
			fuzz_check_job(job);
			free(job);
			job = plan_fio_jobfile_sized(&plan, "/dev/nvme0n1", UINT64_C(1) << 30, true);
			fuzz_check_job(job);
			free(job);
		}
		plan_free(&plan);
	} else {
		FUZZ_CHECK(err.code < 0 && err.msg[0] != '\0');
		FUZZ_CHECK(plan.npoints == 0);
	}
	free(s);
	return 0;
}
