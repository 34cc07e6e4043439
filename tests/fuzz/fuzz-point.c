/*
 * libFuzzer target: point specs, as --point and plan files spell them
 * ("randread,bs=4k,qd=32,jobs=4", plan_parse_point in src/core/plan.h), and
 * the --spin value.  An accepted point must be one the engine could be handed:
 * a known mode, a block size and depth of at least 1, and a name that
 * dd_point_autoname() can write.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "core/plan.h"
#include "fuzz.h"

/* Parse the input as a point spec and as a spin value. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		*s = fuzz_strndup(data, size);
	struct dd_point	 defaults, pt, spin;
	struct dd_error	 err = { 0 };

	plan_point_defaults(&defaults);
	if (plan_parse_point(s, &defaults, &pt, &err) == 0) {
		FUZZ_CHECK(pt.bs > 0 && pt.iodepth > 0 && pt.numjobs > 0);
		FUZZ_CHECK(pt.read_pct <= 100);
		FUZZ_CHECK(isfinite(pt.runtime_s) && pt.runtime_s >= 0 && isfinite(pt.ramp_s) && pt.ramp_s >= 0);
		FUZZ_CHECK(memchr(pt.name, '\0', sizeof pt.name) != NULL);
		dd_point_autoname(&pt);
		FUZZ_CHECK(memchr(pt.name, '\0', sizeof pt.name) != NULL);
	} else {
		FUZZ_CHECK(err.code < 0 && err.msg[0] != '\0');
	}
	plan_point_defaults(&spin);
	(void)plan_parse_spin(s, &spin, &err);
	free(s);
	return 0;
}
