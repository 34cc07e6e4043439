/*
 * Parsing numbers the user typed: the one parser behind every option that
 * takes a size, a count, a number or a duration.  Every function takes the
 * whole string (trailing junk is an error), an explicit inclusive range and
 * returns 0 or -EINVAL (malformed, inf, nan) / -ERANGE (out of range or
 * overflow), never converting a float that does not fit into an integer.
 * A number is a plain decimal: an optional '-', digits and an optional
 * fraction with a point ("0.5", never "0,5", whatever the locale), then the
 * unit; no '+', exponent ("1e3"), hex ("0x1000", "0x1p4"), inf or nan.  The
 * range applies to the value after its unit ("500us" is 0.0005 s).
 * Sizes are binary ("4G" = 4 GiB; "k", "m", "g", "t", "p" with an optional
 * "i" and "B"); durations are seconds with an optional unit ("500ms",
 * "2m").  No domain knowledge: the callers name the ranges and the words of
 * the error message.
 */
#ifndef DD_PARSE_H
#define DD_PARSE_H

#include <stdint.h>

/* A finite number in [min, max]. */
int parse_double(const char *s, double min, double max, double *out);

/* A whole number in [min, max] (no fraction, no exponent trickery). */
int parse_long(const char *s, long min, long max, long *out);

/* A size in bytes with an optional binary suffix, in [min, max]; fractions
 * are allowed ("1.5G") and rounded down to a byte. */
int parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out);

/* A duration in seconds with an optional unit (ns, us, ms, s, m, h), in
 * [min, max] seconds. */
int parse_duration(const char *s, double min, double max, double *out);

#endif
