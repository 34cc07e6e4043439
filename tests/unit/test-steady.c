/*
 * Unit tests for src/core/steady.c, the SNIA PTS steady-state rule, on
 * synthetic round series: flat, noisy, ramping, settling after a transient,
 * and windows built to sit exactly on, just inside and just outside the
 * 20% range and 10% slope-excursion limits.
 *
 * Each series is checked the way a test loop uses it: steady_check on the
 * prefix y[0..n) after every round n.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/steady.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* Check y[0..n) with the default rule; assert the call succeeds. */
static struct steady_result
check_default(const double *y, size_t n)
{
	struct steady_rule   rule;
	struct steady_result r;

	steady_rule_default(&rule);
	assert_int_equal(steady_check(y, n, &rule, &r), 0);
	return r;
}

/* First prefix length at which the series is attained, 0 if never. */
static size_t
first_attained(const double *y, size_t n)
{
	for (size_t k = 0; k <= n; k++) {
		if (check_default(y, k).attained)
			return k;
	}
	return 0;
}

/* Assert |got - want| <= 1e-9 * max(1, |want|). */
static void
assert_near(double got, double want)
{
	if (!(fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want))))
		fail_msg("got %.17g, want %.17g", got, want);
}

/* The PTS numbers. */
static void
test_default_rule(void **state)
{
	struct steady_rule rule;

	(void)state;
	steady_rule_default(&rule);
	assert_int_equal(rule.window, 5);
	assert_true(rule.max_range_pct == 20.0);
	assert_true(rule.max_slope_pct == 10.0);
	assert_int_equal(rule.max_rounds, 25);
}

/* A flat series is steady at round 5 exactly, not at 4. */
static void
test_flat(void **state)
{
	const double	     y[8] = { 500, 500, 500, 500, 500, 500, 500, 500 };
	struct steady_result r;

	(void)state;
	r = check_default(y, 4);
	assert_false(r.attained);
	assert_false(r.gave_up);
	assert_int_equal(r.rounds, 4);

	r = check_default(y, 5);
	assert_true(r.attained);
	assert_false(r.gave_up);
	assert_int_equal(r.rounds, 5);
	assert_int_equal(r.first, 0);
	assert_int_equal(r.last, 4);
	assert_true(r.average == 500.0);
	assert_true(r.range == 0.0 && r.range_pct == 0.0);
	assert_true(r.slope == 0.0 && r.slope_excursion == 0.0 && r.slope_pct == 0.0);

	r = check_default(y, 8);
	assert_true(r.attained);
	assert_int_equal(r.first, 3);
	assert_int_equal(r.last, 7);
	assert_int_equal(first_attained(y, NELEM(y)), 5);
}

/* +-5% noise around a constant is steady from the first full window. */
static void
test_noisy_stable(void **state)
{
	/* Percent deviations from 1000; windows reach 10.06% range, 6% slope. */
	static const int noise[] = {
		0, 4, -3, 2, -5, 5, -1, -4, 3, 1, -2, 5, -5, 0, 2, -3, 4, -1, 1, -4,
	};
	double		 y[NELEM(noise)];

	(void)state;
	for (size_t i = 0; i < NELEM(noise); i++)
		y[i] = 1000.0 * (1.0 + noise[i] / 100.0);
	for (size_t n = 5; n <= NELEM(y); n++) {
		struct steady_result r = check_default(y, n);

		assert_true(r.attained);
		assert_false(r.gave_up);
		assert_true(r.range_pct > 0 && r.range_pct <= 10.1);
		assert_true(r.slope_pct <= 10.0);
	}
}

/*
 * Growing 5% per round: the window's range is 1.05^4 - 1 = 21.55% of its
 * first value, only 19.5% of its average, so the range test alone would
 * pass; the slope excursion is also 19.5% and fails.  Never steady; gives
 * up at round 25 and stays given up.
 */
static void
test_ramp(void **state)
{
	double y[30];

	(void)state;
	y[0] = 10000;
	for (size_t i = 1; i < NELEM(y); i++)
		y[i] = y[i - 1] * 1.05;
	for (size_t n = 0; n <= NELEM(y); n++) {
		struct steady_result r = check_default(y, n);

		assert_false(r.attained);
		assert_int_equal(r.gave_up, n >= 25);
		if (n >= 5) {
			assert_true(r.range_pct > 19.4 && r.range_pct < 20.0);
			assert_true(r.slope_pct > 19.4 && r.slope_pct < 20.0);
			assert_true(r.slope > 0);
		}
	}
}

/*
 * Six rounds of decay, then +-1% around 1000.  The window ending at round
 * 9 (rounds 5..9) still holds 1250: range 260 of an average of 1051, 24.7%.
 * The window ending at round 10 (rounds 6..10) is all settled values:
 * range 20 of 1000 (2%), slope 1.5 per round, excursion 6 (0.6%).
 */
static void
test_transient(void **state)
{
	static const double  y[] = {
		3000, 2400, 1900, 1600, 1400, 1250,
		1000, 1010, 990, 1005, 995, 1000, 1008, 992, 1003, 997,
	};
	struct steady_result r;

	(void)state;
	assert_int_equal(first_attained(y, NELEM(y)), 11);
	r = check_default(y, 10);
	assert_false(r.attained);
	assert_true(r.range_pct > 20.0);
	r = check_default(y, 11);
	assert_true(r.attained);
	assert_int_equal(r.first, 6);
	assert_int_equal(r.last, 10);
	assert_near(r.average, 1000.0);
	assert_near(r.range, 20.0);
	assert_near(r.range_pct, 2.0);
	assert_near(r.slope, -1.5);
	assert_near(r.slope_excursion, 6.0);
	assert_near(r.slope_pct, 0.6);
	for (size_t n = 11; n <= NELEM(y); n++)
		assert_true(check_default(y, n).attained);
}

/*
 * {c, c+h, c-h, c-h, c+h} has average c and slope exactly 0 (the sum of
 * (x-2) * y is -2c - (c+h) + 0 + (c-h) + 2(c+h) = 0), so only the range,
 * 2h / c, decides.  With c = 100, h = 10 is exactly 20%.
 */
static void
test_range_boundary(void **state)
{
	const double	     h[] = { 9.99, 10.0, 10.01 };
	const bool	     want[] = { true, true, false };
	struct steady_result r;

	(void)state;
	for (size_t i = 0; i < NELEM(h); i++) {
		double y[5] = { 100, 100 + h[i], 100 - h[i], 100 - h[i], 100 + h[i] };

		r = check_default(y, 5);
		assert_near(r.average, 100.0);
		assert_true(fabs(r.slope) < 1e-12);
		assert_near(r.range_pct, 2.0 * h[i]);
		assert_int_equal(r.attained, want[i]);
		assert_false(r.gave_up);
	}
	/* The exact boundary is exact in binary: 20 / 100 * 100. */
	{
		const double y[5] = { 100, 110, 90, 90, 110 };

		r = check_default(y, 5);
		assert_true(r.range_pct == 20.0);
		assert_true(r.attained);
	}
}

/*
 * A straight line c + s * (x - 2) over the window: range and excursion are
 * both 4s, average c.  With c = 100 the slope limit, 10%, is met by s = 2.5
 * exactly (range 10%, well inside its 20%); the slope alone decides.
 */
static void
test_slope_boundary(void **state)
{
	const double	     s[] = { 2.49, 2.5, 2.51, -2.49, -2.51 };
	const bool	     want[] = { true, true, false, true, false };
	struct steady_result r;

	(void)state;
	for (size_t i = 0; i < NELEM(s); i++) {
		double y[5];

		for (int x = 0; x < 5; x++)
			y[x] = 100 + s[i] * (x - 2);
		r = check_default(y, 5);
		assert_near(r.average, 100.0);
		assert_near(r.slope, s[i]);
		assert_near(r.slope_excursion, 4.0 * fabs(s[i]));
		assert_near(r.slope_pct, 4.0 * fabs(s[i]));
		assert_true(r.range_pct <= 10.1);
		assert_int_equal(r.attained, want[i]);
	}
	{
		const double y[5] = { 95, 97.5, 100, 102.5, 105 };

		r = check_default(y, 5);
		assert_true(r.slope == 2.5);
		assert_true(r.slope_pct == 10.0);
		assert_true(r.attained);
	}
}

/* A zero average is never steady and leaks no NaN; negatives use |avg|. */
static void
test_zero_average(void **state)
{
	const double	     zeros[5] = { 0, 0, 0, 0, 0 };
	const double	     pm[5] = { -10, 10, -10, 10, 0 };
	const double	     neg[5] = { -100, -101, -99, -100, -100 };
	struct steady_result r;

	(void)state;
	r = check_default(zeros, 5);
	assert_false(r.attained);
	assert_false(r.gave_up);
	assert_true(r.average == 0.0);
	assert_false(isnan(r.range_pct));
	assert_false(isnan(r.slope_pct));
	assert_false(isnan(r.slope));

	r = check_default(pm, 5);
	assert_false(r.attained);
	assert_true(r.average == 0.0);
	assert_true(r.range == 20.0);
	assert_false(isnan(r.range_pct));
	assert_false(isnan(r.slope_pct));

	r = check_default(neg, 5);
	assert_true(r.attained);
	assert_near(r.range_pct, 2.0);
}

/* Bad rules and arguments are -EINVAL. */
static void
test_bad_rule(void **state)
{
	const double	     y[5] = { 1, 1, 1, 1, 1 };
	struct steady_rule   good, bad;
	struct steady_result r;

	(void)state;
	steady_rule_default(&good);

	for (int i = 0; i < 8; i++) {
		bad = good;
		switch (i) {
		case 0: bad.window = 1; break;
		case 1: bad.window = 0; break;
		case 2: bad.max_range_pct = 0; break;
		case 3: bad.max_range_pct = -20; break;
		case 4: bad.max_range_pct = NAN; break;
		case 5: bad.max_slope_pct = 0; break;
		case 6: bad.max_slope_pct = NAN; break;
		case 7: bad.max_rounds = 4; break;
		}
		if (steady_check(y, 5, &bad, &r) != -EINVAL)
			fail_msg("bad rule %d accepted", i);
	}
	assert_int_equal(steady_check(y, 5, NULL, &r), -EINVAL);
	assert_int_equal(steady_check(y, 5, &good, NULL), -EINVAL);
	assert_int_equal(steady_check(NULL, 5, &good, &r), -EINVAL);

	/* The smallest legal rule: window 2 = max_rounds. */
	bad = good;
	bad.window = 2;
	bad.max_rounds = 2;
	assert_int_equal(steady_check(y, 2, &bad, &r), 0);
	assert_true(r.attained);
}

/* Fewer rounds than the window: nothing measured, no verdict. */
static void
test_short_series(void **state)
{
	const double	     y[7] = { 1, 1, 1, 1, 1, 1, 1 };
	struct steady_rule   rule;
	struct steady_result r;

	(void)state;
	steady_rule_default(&rule);
	rule.window = 10;
	rule.max_rounds = 10;
	assert_int_equal(steady_check(y, 7, &rule, &r), 0);
	assert_false(r.attained);
	assert_false(r.gave_up);
	assert_int_equal(r.rounds, 7);

	assert_int_equal(steady_check(NULL, 0, &rule, &r), 0);
	assert_false(r.attained);
	assert_false(r.gave_up);
	assert_int_equal(r.rounds, 0);
}

/* Only the last window counts; gave_up follows a custom max_rounds. */
static void
test_last_window(void **state)
{
	const double	     y[9] = { 1, 900, 3, 77, 100, 100, 100, 100, 100 };
	const double	     z[9] = { 100, 100, 100, 100, 100, 1, 900, 3, 77 };
	struct steady_rule   rule;
	struct steady_result r;

	(void)state;
	steady_rule_default(&rule);
	rule.max_rounds = 8;
	assert_int_equal(steady_check(y, 9, &rule, &r), 0);
	assert_true(r.attained);
	assert_false(r.gave_up);
	assert_int_equal(r.first, 4);

	assert_int_equal(steady_check(z, 7, &rule, &r), 0);
	assert_false(r.attained);
	assert_false(r.gave_up);
	assert_int_equal(steady_check(z, 8, &rule, &r), 0);
	assert_false(r.attained);
	assert_true(r.gave_up);
	assert_int_equal(steady_check(z, 5, &rule, &r), 0);
	assert_true(r.attained);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_rule),
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_noisy_stable),
		cmocka_unit_test(test_ramp),
		cmocka_unit_test(test_transient),
		cmocka_unit_test(test_range_boundary),
		cmocka_unit_test(test_slope_boundary),
		cmocka_unit_test(test_zero_average),
		cmocka_unit_test(test_bad_rule),
		cmocka_unit_test(test_short_series),
		cmocka_unit_test(test_last_window),
	};

	return cmocka_run_group_tests_name("steady", tests, NULL, NULL);
}
