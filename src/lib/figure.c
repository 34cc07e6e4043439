/*
 * Range checks for figures from outside (figure.h): each builds one sentence
 * "SOURCE: FIELD is VALUE UNIT, expected ..." or returns 0.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "lib/figure.h"

/* "SOURCE: " or "" for the sentence's start. */
static const char *
figure_sep(const char *source)
{
	return source != NULL && source[0] != '\0' ? ": " : "";
}

/* " UNIT" or "". */
static const char *
figure_unit_sep(const char *unit)
{
	return unit != NULL && unit[0] != '\0' ? " " : "";
}

/* Is v finite and in [lo, hi]? */
int
figure_check(const char *source, const char *field, double v, double lo, double hi,
	     const char *unit, struct dd_error *err)
{
	const char *u = unit != NULL ? unit : "";

	if (isfinite(v) && v >= lo && v <= hi)
		return 0;
	return dd_error_set(err, -ERANGE, "%s%s%s is %.6g%s%s, expected a finite number from %g "
			    "to %g%s%s", source != NULL ? source : "", figure_sep(source), field,
			    v, figure_unit_sep(u), u, lo, hi, figure_unit_sep(u), u);
}

/* As figure_check, NAN passing. */
int
figure_check_opt(const char *source, const char *field, double v, double lo, double hi,
		 const char *unit, struct dd_error *err)
{
	return isnan(v) ? 0 : figure_check(source, field, v, lo, hi, unit, err);
}

/* Is a at most b (with the order slack)? */
int
figure_check_order(const char *source, const char *fa, double a, const char *fb, double b,
		   const char *unit, struct dd_error *err)
{
	const char *u = unit != NULL ? unit : "";

	if (isnan(a) || isnan(b) || a <= b * (1 + FIGURE_ORDER_REL) + FIGURE_ORDER_ABS)
		return 0;
	return dd_error_set(err, -ERANGE, "%s%s%s is %.6g%s%s, above the %s of %.6g%s%s",
			    source != NULL ? source : "", figure_sep(source), fa, a,
			    figure_unit_sep(u), u, fb, b, figure_unit_sep(u), u);
}

/* Do a and b agree? */
int
figure_check_agree(const char *source, const char *fa, double a, const char *fb, double b,
		   double rel, double abs, struct dd_error *err)
{
	if (fabs(a - b) <= rel * fmax(fabs(a), fabs(b)) + abs)
		return 0;
	return dd_error_set(err, -ERANGE, "%s%s%s is %.6g, but %s give %.6g",
			    source != NULL ? source : "", figure_sep(source), fa, a, fb, b);
}
