/*
 * The one monotonic clock.  Every elapsed time in drivedash (I/O latency in
 * the engine, sweep progress, UI frame pacing) is a difference of two
 * readings of CLOCK_MONOTONIC, which never jumps with the wall clock.  The
 * readings are inline because the engine takes two per I/O.
 */
#ifndef DD_CLOCK_H
#define DD_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Monotonic time in nanoseconds since an arbitrary start. */
static inline uint64_t
clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Monotonic time in seconds since the same start as clock_now_ns(). */
static inline double
clock_now_s(void)
{
	return (double)clock_now_ns() / 1e9;
}

/* Seconds as nanoseconds for a deadline: negative and NaN give 0, and a
 * time past UINT64_MAX ns (585 years) saturates instead of overflowing the
 * float-to-integer conversion. */
static inline uint64_t
clock_s_to_ns(double s)
{
	if (!(s > 0))
		return 0;
	if (s >= 0x1p64 / 1e9)
		return UINT64_MAX;
	return (uint64_t)(s * 1e9);
}

#endif
