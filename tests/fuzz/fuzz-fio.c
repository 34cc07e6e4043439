/*
 * libFuzzer target: fio JSON output as `import` reads it (cli_fio_parse in
 * src/cli/cli-fio.h).  The input is a file's bytes.  A file that does not
 * parse must say why in one sentence naming the file, and leave no run; one
 * that parses must give points drivedash can hold (a pattern it names, a
 * block size, depth and jobs of at least 1, a name), and its fio-json export
 * must parse back into as many points with the same patterns and counts.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "cli/cli-fio.h"
#include "fuzz.h"

/* Check the points of a parsed run. */
static void
fuzz_check_run(const struct results_run *run)
{
	FUZZ_CHECK(run->n >= 1 && run->pts != NULL);
	for (size_t i = 0; i < run->n; i++) {
		const struct dd_result *r = run->pts[i].r;

		FUZZ_CHECK(r != NULL && dd_pattern_name(r->point.pattern) != NULL);
		FUZZ_CHECK(r->point.bs >= 1 && r->point.iodepth >= 1 && r->point.numjobs >= 1);
		FUZZ_CHECK(r->point.name[0] != '\0' && r->point.read_pct <= 100);
		FUZZ_CHECK(r->ios == r->read_ios + r->write_ios);
		FUZZ_CHECK(!run->pts[i].has_bins || hist_count(&r->hist) > 0);
	}
}

/* Export a run as fio-json and parse it back: the same points. */
static void
fuzz_check_roundtrip(const struct results_run *run)
{
	struct results_run back;
	struct dd_error	   err = { 0 };
	json_t		  *doc = cli_fio_export(run);
	char		  *text = doc ? json_dumps(doc, JSON_REAL_PRECISION(17)) : NULL;

	json_decref(doc);
	FUZZ_CHECK(text != NULL);
	if (cli_fio_parse("export.json", text, strlen(text), &back, &err) != 0) {
		fprintf(stderr, "export does not parse back: %s\n", err.msg);
		FUZZ_CHECK(!"fio-json export parses back");
	}
	FUZZ_CHECK(back.n == run->n);
	for (size_t i = 0; i < run->n; i++) {
		FUZZ_CHECK(back.pts[i].r->point.pattern == run->pts[i].r->point.pattern);
		FUZZ_CHECK(back.pts[i].r->ios == run->pts[i].r->ios);
	}
	results_run_free(&back);
	free(text);
}

/* Parse one input. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results_run run;
	struct dd_error	   err = { 0 };

	if (cli_fio_parse("fuzz.json", (const char *)data, size, &run, &err) != 0) {
		FUZZ_CHECK(strncmp(err.msg, "fuzz.json: ", 11) == 0);
		FUZZ_CHECK(run.n == 0 && run.pts == NULL);
		return 0;
	}
	fuzz_check_run(&run);
	fuzz_check_roundtrip(&run);
	results_run_free(&run);
	return 0;
}
