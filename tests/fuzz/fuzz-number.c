/*
 * libFuzzer target: the one number parser (src/lib/parse.h) every option and
 * point key goes through.  The input is one string; it is parsed as each kind
 * (double, long, size, duration) against the ranges the CLI uses, and every
 * accepted value must be finite and inside the range asked for, and spelt as
 * a plain decimal and a unit.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "lib/parse.h"

/* Does s read as a plain decimal and a unit: digits, '-' and '.', then
 * letters only (no hex, no exponent)? */
static int
fuzz_plain(const char *s)
{
	size_t n = strspn(s, "-0123456789.");

	if (n == 0)
		return 0;
	for (s += n; *s != '\0'; s++)
		if (!isalpha((unsigned char)*s))
			return 0;
	return 1;
}

/* Parse s as every kind and check what is accepted. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	*s = fuzz_strndup(data, size);
	double	 d;
	long	 l;
	uint64_t u;

	if (parse_double(s, -1e300, 1e300, &d) == 0 || parse_size(s, 0, UINT64_MAX, &u) == 0 ||
	    parse_duration(s, 0, 1e9, &d) == 0)
		FUZZ_CHECK(fuzz_plain(s));
	if (parse_double(s, 1e-6, 1000, &d) == 0)
		FUZZ_CHECK(isfinite(d) && d >= 1e-6 && d <= 1000);
	if (parse_double(s, -1e300, 1e300, &d) == 0)
		FUZZ_CHECK(isfinite(d) && d >= -1e300 && d <= 1e300);
	if (parse_long(s, 1, 1000, &l) == 0)
		FUZZ_CHECK(l >= 1 && l <= 1000);
	if (parse_long(s, -1000000, 1000000, &l) == 0)
		FUZZ_CHECK(l >= -1000000 && l <= 1000000);
	if (parse_size(s, 4096, UINT64_C(1) << 50, &u) == 0)
		FUZZ_CHECK(u >= 4096 && u <= UINT64_C(1) << 50);
	if (parse_size(s, 0, UINT64_MAX, &u) == 0)
		(void)u;
	if (parse_duration(s, 1e-3, 86400.0 * 365, &d) == 0)
		FUZZ_CHECK(isfinite(d) && d >= 1e-3 && d <= 86400.0 * 365);
	if (parse_duration(s, 0, 1e9, &d) == 0)
		FUZZ_CHECK(isfinite(d) && d >= 0 && d <= 1e9);
	free(s);
	return 0;
}
