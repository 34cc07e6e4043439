/*
 * libFuzzer target: the lines fio's client prints, as the fio backend reads
 * them (src/io/fio.h): each line of the input through the ETA parser
 * (dd_fio_parse_eta) and the terse v3 parser (dd_fio_parse_terse, for a 4 KiB
 * point of 2 jobs), then the result through the range check every
 * server's figures get (io/figures.h).  An ETA line parses to finite rates of
 * 0 or more and a progress in [0, 1] (or -1, unknown); a terse line that
 * does not parse says why in a sentence and one that does gives counts that
 * add up; a result the range check passes holds no figure that is infinite,
 * negative or out of order.  Nothing may crash or read past a line.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "io/figures.h"
#include "io/fio.h"
#include "fuzz.h"

/* One line through the ETA parser. */
static void
fuzz_eta(const char *line)
{
	struct dd_interval iv;
	double		   progress = 0;
	int		   rc = dd_fio_parse_eta(line, &iv, &progress);

	FUZZ_CHECK(rc == 1 || rc == 0 || rc == -EBADMSG);
	if (rc != 1)
		return;
	FUZZ_CHECK(isfinite(iv.iops) && iv.iops >= 0 && isfinite(iv.mbps) && iv.mbps >= 0);
	FUZZ_CHECK(iv.read_iops >= 0 && iv.write_iops >= 0);
	FUZZ_CHECK(progress == -1 || (progress >= 0 && progress <= 1));
}

/* One line through the terse parser and the range check (r: scratch, its
 * figures reset here; the interval series is not used). */
static void
fuzz_terse(const char *line, struct dd_result *r)
{
	struct dd_error err = { 0 };
	int		rc;

	memset(r, 0, offsetof(struct dd_result, hist));
	r->point.bs = 4096;
	r->point.numjobs = 2;
	r->point.pattern = DD_RANDRW;
	r->point.read_pct = 70;
	rc = dd_fio_parse_terse(line, r, &err);
	if (rc != 0) {
		FUZZ_CHECK(rc == -EBADMSG && err.msg[0] != '\0');
	} else {
		FUZZ_CHECK(r->ios == r->read_ios + r->write_ios);
		if (figures_check_result(r, "fuzz:1", &err) == 0) {
			FUZZ_CHECK(isfinite(r->iops) && r->iops >= 0);
			FUZZ_CHECK(!(r->lat.n > 0) || isnan(r->lat.max_us) ||
				   isnan(r->lat.pct_us[12]) ||
				   r->lat.pct_us[12] <= r->lat.max_us * 1.02 + 1);
		} else {
			FUZZ_CHECK(strncmp(err.msg, "fuzz:1: ", 8) == 0);
		}
	}
}

/* Every line of the input ('\r' and '\n' end one, as fio's client writes). */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dd_result r;	/* 140 KiB: once, not per line */
	char		       *text = fuzz_strndup(data, size), *line = text;

	for (;;) {
		size_t n = strcspn(line, "\r\n");
		char   end = line[n];

		line[n] = '\0';
		fuzz_eta(line);
		fuzz_terse(line, &r);
		if (end == '\0')
			break;
		line += n + 1;
	}
	free(text);
	return 0;
}
